"""The modulepreload links' import graph: ES module imports found by tokenizing."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from site_build.js_imports import JsSyntaxError, module_graph, static_imports, tokenize
from site_build.paths import WEB

WEB_MODULES = sorted((WEB / "js").rglob("*.js"))
#: Classic scripts (not modules): V8 would not parse them as modules.
CLASSIC_SCRIPTS = {"early_worker.js"}


def test_the_forms_of_static_import_and_reexport() -> None:
    source = """
        import "./side_effect.js";
        import def from "./a.js";
        import * as ns from './b.js';
        import def2, { x as y, z } from "./c.js";
        import {
          one,
          two,
        } from "./d.js"
        export { e } from "./e.js";
        export * from "./f.js";
        export * as g from "./g.js";
        export { local };
        export const value = 1;
        export default function f() {}
    """
    names = ("side_effect", "a", "b", "c", "d", "e", "f", "g")
    assert static_imports(source) == [f"./{name}.js" for name in names]


def test_words_inside_strings_comments_templates_and_regexes_are_not_imports() -> None:
    source = r"""
        // import a from "./comment.js";
        /* import b from "./block.js"; */
        /*
import b2 from "./block_line_start.js";
        */
        const help = `
import t2 from "./template_line_start.js";
`;
        const s = 'import c from "./string.js"';
        const t = `import d from "./template.js" ${ `nested ${"import x from './y.js'"}` }`;
        const r = /import e from "\.\/regex.js"['"]/g;
        const c = /[/'"]import/.test(s) ? 1 : 2;
        const q = a / b / c; // division, not a regex: "import f from './division.js'"
        import real from "./real.js";
    """
    assert static_imports(source) == ["./real.js"]


def test_dynamic_import_and_import_meta_are_not_static_imports() -> None:
    source = """
        const url = new URL("x", import.meta.url);
        const later = await import("./later.js");
        obj.import("./method.js");
        import kept from "./kept.js";
    """
    assert static_imports(source) == ["./kept.js"]


def test_an_export_list_without_from_does_not_borrow_the_next_statements() -> None:
    source = 'export { a, b }\nimport c from "./c.js"\n'
    assert static_imports(source) == ["./c.js"]


def test_unclosed_strings_and_comments_are_errors_not_guesses() -> None:
    for broken in ('import a from "./a.js', "/* never closed", "`${", "const r = /abc"):
        with pytest.raises(JsSyntaxError):
            tokenize(broken)


@pytest.mark.skipif(shutil.which("node") is None, reason="node runs the build, so CI has it")
def test_every_web_module_agrees_with_v8s_own_parser() -> None:
    """V8 (node's vm.SourceTextModule) lists each module's requests: ours must match."""
    modules = [path for path in WEB_MODULES if path.name not in CLASSIC_SCRIPTS]
    script = """
        const vm = require("node:vm");
        const fs = require("node:fs");
        const out = {};
        for (const file of process.argv.slice(1)) {
          out[file] = new vm.SourceTextModule(fs.readFileSync(file, "utf8")).dependencySpecifiers;
        }
        console.log(JSON.stringify(out));
    """
    result = subprocess.run(
        ["node", "--experimental-vm-modules", "--no-warnings", "-e", script, *map(str, modules)],
        check=True,
        capture_output=True,
        text=True,
    )
    v8: dict[str, list[str]] = json.loads(result.stdout)
    assert len(v8) == len(modules) > 10
    for path in modules:
        ours = list(dict.fromkeys(static_imports(path.read_text(encoding="utf-8"))))
        assert ours == v8[str(path)], path.name


def test_the_graph_of_main_reaches_every_module_it_imports_indirectly(tmp_path: Path) -> None:
    (tmp_path / "lib").mkdir()
    (tmp_path / "main.js").write_text('import "./lib/a.js";\n// import "./never.js"\n')
    (tmp_path / "lib" / "a.js").write_text('export * from "./b.js";\nimport "https://x/y.js";\n')
    (tmp_path / "lib" / "b.js").write_text('import { a } from "./a.js";\n')
    (tmp_path / "never.js").write_text("")
    graph = module_graph(tmp_path / "main.js")
    assert sorted(path.relative_to(tmp_path.resolve()).as_posix() for path in graph) == [
        "lib/a.js",
        "lib/b.js",
    ]


#: Modules the page runs as it plays that V8 may compile on first use: the worker's own
#: (compiled in the worker, off the page's main thread) and How to play's long texts
#: (run once, when it opens).
COMPILED_ON_USE = {"worker.js", "early_worker.js", "heap_snapshot.js", "how_to_play.js"}
COMPILE_HINT = "//# allFunctionsCalledOnLoad"


def test_every_module_the_table_plays_with_is_compiled_as_it_loads() -> None:
    """V8 compiles a function when it is first called unless its file starts with the explicit
    compile hint: on a phone slowed 4x, compiling on first use cost 2-5 ms of each of the
    first hand's first long frames (its first drawings, the first tap)."""
    hinted = {
        path: path.read_text(encoding="utf-8").startswith(COMPILE_HINT + "\n")
        for path in WEB_MODULES
    }
    wrong = [
        str(path.relative_to(WEB))
        for path, hint in hinted.items()
        if hint == (path.name in COMPILED_ON_USE)
    ]
    assert wrong == []
