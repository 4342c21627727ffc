"""The trimmed standard library the site ships, and the bytecode it is made of.

The site's Pyodide mounts only the standard-library modules measured at build
time (site_build.pyodide_node). A module missing from it would be a player's
crash, so this boots the shipped Pyodide under Node with the shipped zip and
imports everything the engine's service can reach, then drives the service
through every kind of request.
"""

from __future__ import annotations

import ast
import gzip
import importlib.util
import io
import shutil
import sys
import traceback
import zipfile
from pathlib import Path
from types import CodeType
from typing import Any

import pytest

from site_build.in_pyodide import line_table, without_columns, without_docstrings
from site_build.paths import ROOT
from site_build.pyodide_node import check_in_pyodide
from site_build.site import TRIMMED_STDLIB, built_site, read_build_info

ENGINE = ROOT / "engine"
needs_node = pytest.mark.skipif(shutil.which("node") is None, reason="the build needs node")


def engine_module_file(name: str) -> Path | None:
    parts = name.split(".")
    package = ENGINE.joinpath(*parts) / "__init__.py"
    module = ENGINE.joinpath(*parts[:-1]) / f"{parts[-1]}.py"
    return package if package.is_file() else module if module.is_file() else None


def is_type_checking_block(node: ast.AST) -> bool:
    return isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)


def imports_of(path: Path, module: str) -> set[str]:
    """Every module `path` imports at run time (function-level imports included)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skipped = {
        id(inner)
        for node in ast.walk(tree)
        if is_type_checking_block(node)
        for inner in ast.walk(node)
    }
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = importlib.util.resolve_name("." * node.level + (node.module or ""), package)
            if base == "__future__":
                continue
            found.add(base)
            # `from package import name` may name a submodule.
            found.update(f"{base}.{alias.name}" for alias in node.names if alias.name != "*")
    return found


def service_imports() -> list[str]:
    """The engine modules paodekuai.service reaches, and every other module they import."""
    engine: set[str] = set()
    others: set[str] = set()
    todo = ["paodekuai.service", "paodekuai"]
    while todo:
        name = todo.pop()
        path = engine_module_file(name)
        if path is None or name in engine:
            continue
        engine.add(name)
        for imported in imports_of(path, name):
            if imported.split(".")[0] == "paodekuai":
                todo.append(imported)
            elif importlib.util.find_spec(imported.rpartition(".")[0] or imported) is not None:
                others.add(imported)
    # `from x import name` where name is not a submodule: import x alone.
    real = {name for name in others if _is_module(name)}
    return sorted(engine) + sorted(real)


def _is_module(name: str) -> bool:
    try:
        return importlib.util.find_spec(name) is not None
    except ModuleNotFoundError:
        return False


@pytest.fixture(scope="module")
def dist() -> Path:
    site = built_site()
    if read_build_info(site)["stdlib"] != TRIMMED_STDLIB:
        pytest.skip("this dist/ was built with --no-bytecode: Pyodide's whole standard library")
    return site


def shipped(dist: Path) -> tuple[Path, Path]:
    info = read_build_info(dist)
    return dist / "pyodide" / str(info["engineWheel"]), dist / "pyodide" / str(info["stdlib"])


def test_the_import_list_covers_the_engine_and_the_standard_library_it_uses() -> None:
    names = service_imports()
    assert {"paodekuai.service", "paodekuai.ai.hard", "paodekuai.review"} <= set(names)
    assert {"json", "secrets", "random", "traceback", "dataclasses"} <= set(names)
    assert "paodekuai.ladder" not in names  # a command-line tool, never loaded by the page


@needs_node
def test_everything_the_service_can_import_loads_from_the_trimmed_stdlib(dist: Path) -> None:
    wheel, stdlib = shipped(dist)
    outcome = check_in_pyodide(wheel, stdlib, service_imports())
    assert outcome["failures"] == []
    requests = outcome["requests"]
    assert isinstance(requests, int) and requests > 100


@needs_node
def test_the_check_fails_when_a_module_is_missing(dist: Path, tmp_path: Path) -> None:
    """The check above can fail: the same zip without `secrets` (the deal's entropy)."""
    wheel, stdlib = shipped(dist)
    source = zipfile.ZipFile(io.BytesIO(gzip.decompress(stdlib.read_bytes())))
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as out:
        for info in source.infolist():
            if info.filename != "secrets.pyc":
                out.writestr(info, source.read(info))
    damaged = tmp_path / "stdlib.zip.gz"
    damaged.write_bytes(gzip.compress(buffer.getvalue()))
    outcome = check_in_pyodide(wheel, damaged, service_imports())
    failures = outcome["failures"]
    assert isinstance(failures, list) and any("secrets" in str(f) for f in failures), failures


def test_the_trimmed_zip_holds_bytecode_only(dist: Path) -> None:
    _, stdlib = shipped(dist)
    names = zipfile.ZipFile(io.BytesIO(gzip.decompress(stdlib.read_bytes()))).namelist()
    assert len(names) > 50
    assert all(name.endswith(".pyc") for name in names), names
    assert {"json/__init__.pyc", "secrets.pyc", "random.pyc"} <= set(names)


def every_code(code: CodeType) -> list[CodeType]:
    found = [code]
    for const in code.co_consts:
        if isinstance(const, CodeType):
            found += every_code(const)
    return found


def line_of_each_offset(code: CodeType) -> dict[int, int | None]:
    return {offset: line for start, end, line in code.co_lines() for offset in range(start, end, 2)}


@pytest.mark.parametrize("module", ["json.decoder", "dataclasses", "paodekuai.game"])
def test_line_only_tables_keep_every_line_number(module: str) -> None:
    spec = importlib.util.find_spec(module)
    assert spec and spec.origin
    source = Path(spec.origin).read_bytes()
    code = compile(source, spec.origin, "exec", dont_inherit=True)
    stripped = without_columns(code)
    for before, after in zip(every_code(code), every_code(stripped), strict=True):
        assert [p[0] for p in before.co_positions()] == [p[0] for p in after.co_positions()]
        assert line_of_each_offset(before) == line_of_each_offset(after)
        assert all(p[2] is None for p in after.co_positions())  # no columns left
        assert len(line_table(before)) < len(before.co_linetable)


def test_a_traceback_through_stripped_code_names_the_right_line() -> None:
    source = "def f(x):\n    y = x + 1\n\n    return 1 / (y - y)\n"
    code = without_columns(compile(source, "<check>", "exec"))
    namespace: dict[str, object] = {}
    exec(code, namespace)
    try:
        namespace["f"](1)  # type: ignore[operator]
    except ZeroDivisionError:
        frames = traceback.extract_tb(sys.exc_info()[2])
    assert frames[-1].lineno == 4


def test_the_standard_librarys_bytecode_drops_docstrings_and_keeps_the_rest() -> None:
    source = (
        b'"""Module."""\n'
        b"class Only:\n    'Just a docstring.'\n"
        b"class Kept:\n    'Doc.'\n    value = 'not a docstring'\n"
        b"async def waits():\n    'Doc.'\n    return 'a string'\n"
        b"def checks(x):\n    'Doc.'\n    assert x, 'no x'\n    return __debug__\n"
    )
    namespace: dict[str, Any] = {}
    exec(compile(without_docstrings(source, "<check>"), "<check>", "exec"), namespace)
    only, kept, checks = namespace["Only"], namespace["Kept"], namespace["checks"]
    assert namespace.get("__doc__") is None
    assert only.__doc__ is None and kept.__doc__ is None and checks.__doc__ is None
    assert kept.value == "not a docstring"
    assert checks(1) is True
    with pytest.raises(AssertionError, match="no x"):
        checks(0)


def test_dropping_docstrings_keeps_every_line_number() -> None:
    spec = importlib.util.find_spec("json.decoder")
    assert spec and spec.origin
    source = Path(spec.origin).read_bytes()
    code = compile(source, spec.origin, "exec", dont_inherit=True)
    stripped = compile(without_docstrings(source, spec.origin), spec.origin, "exec")
    functions = {c.co_qualname: c.co_firstlineno for c in every_code(code)}
    assert {c.co_qualname: c.co_firstlineno for c in every_code(stripped)} == functions
    assert "JSONDecoder" in "".join(functions)
