"""Assembling the static site in dist/: the web files, the Pyodide runtime, the engine."""

from __future__ import annotations

import base64
import gzip
import hashlib
import json
import os
import shutil
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

from .js_imports import module_graph
from .npm import ensure_node_modules, pinned_pyodide_version
from .paths import DIST, PYODIDE_PKG, ROOT, WEB
from .pyodide_node import compile_in_pyodide
from .shell import log
from .wheel import add_to_wheel, build_wheel, sha256_hex, small_lockfile, wheel_version

#: Pyodide's core runtime files the site ships (pyodide.js is the classic-script
#: build and the .map files are for devtools). The standard library comes apart:
#: trimmed and compiled (TRIMMED_STDLIB), or Pyodide's own zip with --no-bytecode.
PYODIDE_RUNTIME = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm")
FULL_STDLIB = "python_stdlib.zip"
#: The standard-library modules the site loads, as bytecode, in a gzipped zip
#: (the worker inflates it with DecompressionStream before Pyodide mounts it).
TRIMMED_STDLIB = "python_stdlib.pyc.zip.gz"
#: Files the worker fetches while Pyodide boots, besides the stdlib and the wheel;
#: their sizes drive the progress bar.
BOOT_RUNTIME = ("pyodide.asm.mjs", "pyodide.asm.wasm")
#: Files of web/ that are build inputs, not site content.
WEB_EXCLUDES = {"package.json", "package-lock.json", "node_modules"}
#: Placeholders in web/ that the build replaces.
SW_VERSION_MARK = '"__PDK_VERSION__"'
SW_PRECACHE_MARK = "[/*__PDK_PRECACHE__*/]"
MODULEPRELOAD_MARK = "<!--modulepreload-->"
#: The page's favicon (tools/render_icon.py), written into index.html as a data URL.
FAVICON = "icons/icon-64.png"
GENERATED_BUILD_INFO = "js/engine/build_info.js"
#: The page's entry module, whose import graph gets modulepreload links.
ENTRY_MODULE = "js/app/main.js"


def iter_files(base: Path) -> Iterator[Path]:
    for path in sorted(base.rglob("*")):
        if path.is_file():
            yield path


def copy_web(dist: Path) -> None:
    for path in iter_files(WEB):
        rel = path.relative_to(WEB)
        if rel.parts[0] in WEB_EXCLUDES:
            continue
        target = dist / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(path, target)


def write_modulepreload(dist: Path) -> None:
    """Let the page fetch the entry module's whole import graph at once, not level by level."""
    index = dist / "index.html"
    html = index.read_text(encoding="utf-8")
    if MODULEPRELOAD_MARK not in html:
        return
    modules = module_graph(dist / ENTRY_MODULE)
    # Low priority: on a first visit the engine's worker (started by early_worker.js)
    # and its Pyodide downloads are the long pole; the page's modules must not
    # take the browser's connections ahead of them.
    links = "\n    ".join(
        '<link rel="modulepreload" fetchpriority="low"'
        f' href="{path.relative_to(dist.resolve()).as_posix()}">'
        for path in sorted(modules)
    )
    index.write_text(html.replace(MODULEPRELOAD_MARK, links), encoding="utf-8")


def inline_favicon(dist: Path) -> None:
    """Write the favicon into index.html as a data URL, and ship no file of it.

    The browser asks the page for its favicon once the page has loaded, at about the
    first computer move of a hand; served by the service worker, that fetch and its
    reply were two tasks of the table's main thread (on a phone slowed 4x, 18 ms of wall
    time, in the frames of the first play's flight). A data URL is decoded where it lies:
    one task of 2 ms."""
    index = dist / "index.html"
    html = index.read_text(encoding="utf-8")
    link = f'href="{FAVICON}"'
    if link not in html:
        sys.exit(f"web/index.html lost its favicon link ({link})")
    icon = dist / FAVICON
    data = base64.b64encode(icon.read_bytes()).decode("ascii")
    index.write_text(html.replace(link, f'href="data:image/png;base64,{data}"'), encoding="utf-8")
    icon.unlink()


def content_version(dist: Path, skip: set[str]) -> str:
    """A short hash of every shipped file's path and bytes: changes with any deploy."""
    digest = hashlib.sha256()
    for path in iter_files(dist):
        rel = path.relative_to(dist).as_posix()
        if rel in skip:
            continue
        digest.update(rel.encode() + b"\0" + sha256_hex(path).encode() + b"\n")
    return digest.hexdigest()[:16]


def write_build_info(dist: Path, version: str, wheel: Path, stdlib: str) -> None:
    names = (*BOOT_RUNTIME, stdlib)
    sizes = {name: (dist / "pyodide" / name).stat().st_size for name in names}
    sizes[wheel.name] = wheel.stat().st_size
    info = {
        "version": version,
        "engineWheel": wheel.name,
        "engineWheelSha256": sha256_hex(wheel),
        "engineVersion": wheel_version(wheel),
        "pyodideVersion": pinned_pyodide_version(),
        "stdlib": stdlib,
        "bootDownloads": sizes,
    }
    text = (
        "// Generated by build.py: the deploy's version, the engine and standard library\n"
        "// the worker loads, and the sizes of its boot downloads (for the progress bar).\n"
        f"export const BUILD_INFO = Object.freeze({json.dumps(info, indent=2)});\n"
    )
    (dist / GENERATED_BUILD_INFO).write_text(text, encoding="utf-8")


def read_build_info(dist: Path) -> dict[str, object]:
    """What write_build_info wrote into `dist` (tests and benchmarks read it)."""
    text = (dist / GENERATED_BUILD_INFO).read_text(encoding="utf-8")
    start = text.index("Object.freeze(") + len("Object.freeze(")
    info: dict[str, object] = json.loads(text[start : text.rindex(")")])
    return info


def write_service_worker(dist: Path, version: str) -> None:
    """Fill the service worker's version and precache list (every shipped file)."""
    sw_path = dist / "sw.js"
    files = ["./"] + [
        "./" + path.relative_to(dist).as_posix()
        for path in iter_files(dist)
        if path.name != "sw.js"
    ]
    source = sw_path.read_text(encoding="utf-8")
    if SW_VERSION_MARK not in source or SW_PRECACHE_MARK not in source:
        sys.exit("web/sw.js lost its build placeholders")
    source = source.replace(SW_VERSION_MARK, json.dumps(version))
    source = source.replace(SW_PRECACHE_MARK, json.dumps(files, indent=2))
    sw_path.write_text(source, encoding="utf-8")


def engine_project() -> Path:
    """The project whose pyproject.toml builds the wheel: this one, or PDK_ENGINE_PROJECT."""
    return Path(os.environ.get("PDK_ENGINE_PROJECT") or ROOT).resolve()


def add_pyodide_files(pyodide_dir: Path, wheel: Path, bytecode: bool) -> str:
    """The runtime, and the standard library: trimmed and compiled, or Pyodide's own.

    Returns the standard library's file name. With bytecode, one boot of Pyodide
    (pyodide_node.py) compiles the engine into its wheel and measures and
    compiles the standard library the site loads.
    """
    for name in PYODIDE_RUNTIME:
        shutil.copy2(PYODIDE_PKG / name, pyodide_dir / name)
    if not bytecode:
        shutil.copy2(PYODIDE_PKG / FULL_STDLIB, pyodide_dir / FULL_STDLIB)
        return FULL_STDLIB
    compiled = compile_in_pyodide(wheel)
    add_to_wheel(wheel, compiled.bytecode)
    # mtime 0: the same inputs give the same bytes (and the same deploy version).
    packed = gzip.compress(compiled.stdlib_zip, compresslevel=9, mtime=0)
    (pyodide_dir / TRIMMED_STDLIB).write_bytes(packed)
    full = (PYODIDE_PKG / FULL_STDLIB).stat().st_size
    log(
        f"standard library: {len(compiled.stdlib_files)} files the site loads"
        f" ({compiled.requests} engine requests measured), {len(packed) / 1e6:.2f} MB"
        f" gzipped bytecode instead of {full / 1e6:.2f} MB"
    )
    return TRIMMED_STDLIB


def built_site() -> Path:
    """The site the tests use: PDK_DIST (set by `build.py test`), else dist/; built when missing."""
    configured = os.environ.get("PDK_DIST")
    dist = Path(configured) if configured else DIST
    if not (dist / "index.html").is_file():
        build(dist=dist)
    return dist


def build(project: Path | None = None, dist: Path = DIST, bytecode: bool | None = None) -> Path:
    """Build the whole static site into dist/ and return it."""
    project = project or engine_project()
    if bytecode is None:
        bytecode = os.environ.get("PDK_BYTECODE", "1") != "0"
    ensure_node_modules()
    # Assemble next to dist/ and swap at the end: a failed build leaves the last good site.
    staging = dist.with_name(dist.name + ".staging")
    if staging.exists():
        shutil.rmtree(staging)
    pyodide_dir = staging / "pyodide"
    pyodide_dir.mkdir(parents=True)
    with tempfile.TemporaryDirectory(prefix="pdk-wheel-") as tmp:
        built = build_wheel(project, Path(tmp))
        wheel = pyodide_dir / built.name
        shutil.copy2(built, wheel)
    stdlib = add_pyodide_files(pyodide_dir, wheel, bytecode)
    copy_web(staging)
    write_modulepreload(staging)
    inline_favicon(staging)
    lock = small_lockfile(PYODIDE_PKG / "pyodide-lock.json", wheel)
    (pyodide_dir / "pyodide-lock.json").write_text(json.dumps(lock, indent=1), encoding="utf-8")
    generated = {GENERATED_BUILD_INFO, "sw.js"}
    version = content_version(staging, skip=generated)
    write_build_info(staging, version, wheel, stdlib)
    write_service_worker(staging, version)
    if dist.exists():
        shutil.rmtree(dist)
    staging.rename(dist)
    total = sum(path.stat().st_size for path in iter_files(dist))
    log(f"built {dist} (version {version}, {total / 1e6:.1f} MB, engine {wheel.name})")
    return dist
