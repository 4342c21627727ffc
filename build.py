#!/usr/bin/env python3
"""Build, serve and test the Pao De Kuai web site.

    python build.py           build dist/ (the static site)
    python build.py serve     build, then serve dist/ on http://localhost:8000
    python build.py test      install the test tools, build, run every check

Only the standard library is used here, so the three commands work on a fresh
machine with Python 3.11+, Node and npm. The site needs no server logic: dist/
is plain files with relative URLs, so any static host (GitHub Pages project
sites included) can serve it under any sub-path.
"""

from __future__ import annotations

import argparse
import base64
import contextlib
import functools
import hashlib
import http.server
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import venv
import zipfile
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import ClassVar

ROOT = Path(__file__).resolve().parent
WEB = ROOT / "web"
DIST = ROOT / "dist"
NODE_MODULES = WEB / "node_modules"
PYODIDE_PKG = NODE_MODULES / "pyodide"
TEST_VENV = ROOT / ".venv-test"
TEST_REQUIREMENTS = ROOT / "tests" / "requirements.txt"

#: The Pyodide core runtime: exactly what loadPyodide fetches in a module worker.
#: (pyodide.js is the classic-script build and the .map files are for devtools: not shipped.)
PYODIDE_RUNTIME = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
#: Files the worker fetches while Pyodide boots; their sizes drive the progress bar.
BOOT_DOWNLOADS = ("pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
#: Files of web/ that are build inputs, not site content.
WEB_EXCLUDES = {"package.json", "package-lock.json", "node_modules"}
#: Placeholders in web/ that the build replaces.
SW_VERSION_MARK = '"__PDK_VERSION__"'
SW_PRECACHE_MARK = "[/*__PDK_PRECACHE__*/]"
GENERATED_BUILD_INFO = "js/engine/build_info.js"
#: The page's entry module (index.html): its whole import graph is preloaded.
ENTRY_MODULE = "js/app/main.js"

CHROMIUM_FLAGS = (
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
)

#: MIME types the site needs; the wrong one for .wasm makes Pyodide hang silently.
MIME_TYPES: Mapping[str, str] = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".svg": "image/svg+xml",
    ".wasm": "application/wasm",
    ".zip": "application/zip",
    ".whl": "application/zip",
    ".txt": "text/plain; charset=utf-8",
    ".map": "application/json",
    "": "application/octet-stream",
}


def log(message: str) -> None:
    print(f"[build] {message}", flush=True)


def run(cmd: list[str], cwd: Path = ROOT, env: Mapping[str, str] | None = None) -> None:
    log(" ".join(str(part) for part in cmd))
    subprocess.run(cmd, cwd=cwd, env=None if env is None else dict(env), check=True)


# --------------------------------------------------------------------------- npm


def pinned_pyodide_version() -> str:
    package = json.loads((WEB / "package.json").read_text(encoding="utf-8"))
    version: str = package["dependencies"]["pyodide"]
    return version


def ensure_node_modules() -> None:
    """Run `npm ci` when web/node_modules is missing or older than the lockfile."""
    installed_marker = NODE_MODULES / ".package-lock.json"
    installed = PYODIDE_PKG / "package.json"
    fresh = (
        installed.is_file()
        and installed_marker.is_file()
        and installed_marker.stat().st_mtime >= (WEB / "package-lock.json").stat().st_mtime
        and json.loads(installed.read_text(encoding="utf-8"))["version"] == pinned_pyodide_version()
    )
    if fresh:
        return
    npm = shutil.which("npm")
    if npm is None:
        sys.exit("npm is needed to fetch the pinned Pyodide runtime: install Node.js and npm")
    run([npm, "ci", "--no-audit", "--no-fund", "--loglevel=error"], cwd=WEB)


# ------------------------------------------------------------------------- wheel


def build_wheel(project: Path, out_dir: Path) -> Path:
    """Build the engine as a pure wheel through the standard PEP 517 path."""
    out_dir.mkdir(parents=True, exist_ok=True)
    env = dict(os.environ, PIP_DISABLE_PIP_VERSION_CHECK="1")
    run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--no-deps",
            "--quiet",
            "-w",
            str(out_dir),
            str(project),
        ],
        env=env,
    )
    wheels = sorted(out_dir.glob("paodekuai-*.whl"))
    if len(wheels) != 1 or not wheels[0].name.endswith("-py3-none-any.whl"):
        sys.exit(f"expected one pure paodekuai wheel, found {[w.name for w in wheels]}")
    return wheels[0]


def wheel_version(wheel: Path) -> str:
    return wheel.name.split("-")[1]


def sha256_hex(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as stream:
        for block in iter(lambda: stream.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


#: Run by Node: boots the same Pyodide the site ships and compiles the wheel's modules to
#: its CPython's bytecode. Unchecked-hash pycs are never compared with their source's mtime,
#: which a wheel install does not keep. Measured: the engine's import in the worker drops
#: from ~0.4 s to ~0.1 s, the largest part of the page's boot beyond Pyodide's own.
PRECOMPILE_SCRIPT = """
import { loadPyodide } from %(pyodide_mjs)s;
import fs from "node:fs";
const [wheelPath, outPath] = process.argv.slice(2);
const pyodide = await loadPyodide({ indexURL: %(index_url)s, stdout: () => {} });
pyodide.FS.writeFile("/tmp/in.whl", fs.readFileSync(wheelPath));
pyodide.runPython(`
import compileall, os, py_compile, zipfile
zipfile.ZipFile("/tmp/in.whl").extractall("/tmp/pkg")
mode = py_compile.PycInvalidationMode.UNCHECKED_HASH
if not compileall.compile_dir("/tmp/pkg", quiet=1, invalidation_mode=mode):
    raise SystemExit("compileall failed")
with zipfile.ZipFile("/tmp/out.zip", "w") as out:
    for root, dirs, files in sorted(os.walk("/tmp/pkg")):
        for name in sorted(files):
            if name.endswith(".pyc"):
                full = os.path.join(root, name)
                out.writestr(os.path.relpath(full, "/tmp/pkg"), open(full, "rb").read())
`);
fs.writeFileSync(outPath, pyodide.FS.readFile("/tmp/out.zip"));
"""
ZIP_EPOCH = (1980, 1, 1, 0, 0, 0)


def record_hash(data: bytes) -> str:
    """A hash as a wheel's RECORD writes it (PEP 376/427)."""
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"sha256={digest}"


def compile_bytecode(wheel: Path) -> None:
    """Add the worker's CPython bytecode (__pycache__/*.cpython-3XX.pyc) to the pure wheel.

    Other interpreters ignore those files (the cache tag is in their names); RECORD
    lists them, so the wheel stays valid.
    """
    node = shutil.which("node")
    if node is None:
        sys.exit("node is needed to precompile the engine for Pyodide: install Node.js")
    with tempfile.TemporaryDirectory(prefix="pdk-pyc-") as tmp:
        script = Path(tmp) / "precompile.mjs"
        script.write_text(
            PRECOMPILE_SCRIPT
            % {
                "pyodide_mjs": json.dumps((PYODIDE_PKG / "pyodide.mjs").as_uri()),
                "index_url": json.dumps(str(PYODIDE_PKG) + os.sep),
            },
            encoding="utf-8",
        )
        bytecode = Path(tmp) / "bytecode.zip"
        run([node, str(script), str(wheel), str(bytecode)])
        with zipfile.ZipFile(bytecode) as extra:
            added = [(name, extra.read(name)) for name in sorted(extra.namelist())]
    with zipfile.ZipFile(wheel) as source:
        entries = [(info, source.read(info)) for info in source.infolist()]
    record = next(info for info, _ in entries if info.filename.endswith(".dist-info/RECORD"))
    lines = [f"{name},{record_hash(data)},{len(data)}" for name, data in added]
    record_text = dict(entries)[record].decode().rstrip("\n") + "\n" + "\n".join(lines) + "\n"
    rebuilt = wheel.with_suffix(".tmp")
    with zipfile.ZipFile(rebuilt, "w", zipfile.ZIP_DEFLATED) as out:
        for info, data in entries:
            if info is not record:
                out.writestr(info, data)
        for name, data in added:
            out.writestr(zipfile.ZipInfo(name, ZIP_EPOCH), data, zipfile.ZIP_DEFLATED)
        out.writestr(record, record_text)
    rebuilt.replace(wheel)


def small_lockfile(original: Path, wheel: Path) -> dict[str, object]:
    """A pyodide-lock.json that knows only our wheel.

    Pyodide fetches a lockfile at every boot: this one is a few hundred bytes
    instead of the original's 357 packages. The worker unpacks the wheel itself
    (faster than loadPyodide's `packages`, see worker.js); the entry keeps
    `pyodide.loadPackage("paodekuai")` working, e.g. from a console.
    """
    info = json.loads(original.read_text(encoding="utf-8"))["info"]
    return {
        "info": info,
        "packages": {
            "paodekuai": {
                "name": "paodekuai",
                "version": wheel_version(wheel),
                "file_name": wheel.name,
                "install_dir": "site",
                "sha256": sha256_hex(wheel),
                "package_type": "package",
                "imports": ["paodekuai"],
                "depends": [],
                "unvendored_tests": False,
                "tool": {},
            }
        },
    }


# -------------------------------------------------------------------------- site


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


#: A static import (or re-export) of a relative module: "./x.js" or "../folder/x.js".
IMPORT_PATTERN = re.compile(
    r"""^\s*(?:import|export)\b[^"']*?\bfrom\s+["'](\.\.?/[^"']+)["']""", re.M
)
MODULEPRELOAD_MARK = "<!--modulepreload-->"


def module_graph(entry: Path) -> list[Path]:
    """The ES modules `entry` imports, directly or not (static relative imports only)."""
    seen: list[Path] = []
    todo = [entry]
    while todo:
        module = todo.pop()
        for spec in IMPORT_PATTERN.findall(module.read_text(encoding="utf-8")):
            target = (module.parent / spec).resolve()
            if target not in seen and target.is_file():
                seen.append(target)
                todo.append(target)
    return seen


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


def content_version(dist: Path, skip: set[str]) -> str:
    """A short hash of every shipped file's path and bytes: changes with any deploy."""
    digest = hashlib.sha256()
    for path in iter_files(dist):
        rel = path.relative_to(dist).as_posix()
        if rel in skip:
            continue
        digest.update(rel.encode() + b"\0" + sha256_hex(path).encode() + b"\n")
    return digest.hexdigest()[:16]


def write_build_info(dist: Path, version: str, wheel: Path, engine_version: str) -> None:
    sizes = {name: (dist / "pyodide" / name).stat().st_size for name in BOOT_DOWNLOADS}
    sizes[wheel.name] = wheel.stat().st_size
    info = {
        "version": version,
        "engineWheel": wheel.name,
        "engineWheelSha256": sha256_hex(wheel),
        "engineVersion": engine_version,
        "pyodideVersion": pinned_pyodide_version(),
        "bootDownloads": sizes,
    }
    text = (
        "// Generated by build.py: the deploy's version and the sizes of the files\n"
        "// the worker downloads while Pyodide boots (for the progress bar).\n"
        f"export const BUILD_INFO = Object.freeze({json.dumps(info, indent=2)});\n"
    )
    (dist / GENERATED_BUILD_INFO).write_text(text, encoding="utf-8")


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
    if bytecode:
        compile_bytecode(wheel)
    copy_web(staging)
    write_modulepreload(staging)
    for name in PYODIDE_RUNTIME:
        shutil.copy2(PYODIDE_PKG / name, pyodide_dir / name)
    lock = small_lockfile(PYODIDE_PKG / "pyodide-lock.json", wheel)
    (pyodide_dir / "pyodide-lock.json").write_text(json.dumps(lock, indent=1), encoding="utf-8")
    generated = {GENERATED_BUILD_INFO, "sw.js"}
    version = content_version(staging, skip=generated)
    write_build_info(staging, version, wheel, wheel_version(wheel))
    write_service_worker(staging, version)
    if dist.exists():
        shutil.rmtree(dist)
    staging.rename(dist)
    total = sum(path.stat().st_size for path in iter_files(dist))
    log(f"built {dist} (version {version}, {total / 1e6:.1f} MB, engine {wheel.name})")
    return dist


# ------------------------------------------------------------------------- serve


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Static files with the MIME types Pyodide needs, plus optional in-memory extras."""

    protocol_version = "HTTP/1.1"  # keep-alive: the boot fetches several files at once
    extensions_map = dict(MIME_TYPES)  # noqa: RUF012 (the stdlib's own class attribute)
    extra_files: ClassVar[Mapping[str, tuple[bytes, str]]] = {}
    quiet = False

    def end_headers(self) -> None:
        # Revalidate on every load: the service worker, not the HTTP cache, makes
        # the site work offline, and a rebuilt dist/ must show up on reload.
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def do_GET(self) -> None:
        path = self.path.split("?", 1)[0].split("#", 1)[0]
        extra = self.extra_files.get(path)
        if extra is None:
            super().do_GET()
            return
        body, mime = extra
        self.send_response(200)
        self.send_header("Content-Type", mime)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format: str, *args: object) -> None:
        if not self.quiet:
            super().log_message(format, *args)

    def handle(self) -> None:
        # A browser that closes a connection early is not an error worth a traceback.
        with contextlib.suppress(BrokenPipeError, ConnectionResetError):
            super().handle()


class SiteServer(http.server.ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True


def make_server(
    directory: Path = DIST,
    port: int = 8000,
    host: str = "127.0.0.1",
    extra_files: Mapping[str, tuple[bytes, str]] | None = None,
    quiet: bool = False,
) -> SiteServer:
    """A stdlib HTTP server for dist/ (port 0 picks a free port: see .server_address)."""
    handler_class = type(
        "ConfiguredSiteHandler",
        (SiteHandler,),
        {"extra_files": dict(extra_files or {}), "quiet": quiet},
    )
    handler = functools.partial(handler_class, directory=str(directory))
    return SiteServer((host, port), handler)


def serve_in_thread(server: SiteServer) -> threading.Thread:
    thread = threading.Thread(target=server.serve_forever, name="site-server", daemon=True)
    thread.start()
    return thread


def serve(port: int, host: str) -> None:
    build()
    server = make_server(DIST, port=port, host=host)
    url_host = "localhost" if host in ("127.0.0.1", "0.0.0.0", "") else host
    log(f"serving {DIST} on http://{url_host}:{server.server_address[1]}/ (Ctrl+C stops)")
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        log("stopped")
    finally:
        server.server_close()


# -------------------------------------------------------------------------- test


def venv_python(env_dir: Path) -> Path:
    scripts = "Scripts" if os.name == "nt" else "bin"
    exe = "python.exe" if os.name == "nt" else "python"
    return env_dir / scripts / exe


def ensure_test_venv() -> Path:
    """A virtualenv with the pinned test packages; reinstalled when the pins change."""
    python = venv_python(TEST_VENV)
    pins = TEST_REQUIREMENTS.read_bytes()
    stamp = TEST_VENV / ".requirements.sha256"
    wanted = hashlib.sha256(pins + sys.version.encode()).hexdigest()
    if python.exists() and stamp.is_file() and stamp.read_text() == wanted:
        return python
    if TEST_VENV.exists():
        shutil.rmtree(TEST_VENV)
    log(f"creating {TEST_VENV.name}")
    venv.EnvBuilder(with_pip=True).create(TEST_VENV)
    quiet_pip = [str(python), "-m", "pip", "--disable-pip-version-check", "install", "--quiet"]
    run([*quiet_pip, "-r", str(TEST_REQUIREMENTS)])
    stamp.write_text(wanted)
    return python


def find_chromium() -> str | None:
    configured = os.environ.get("PDK_CHROMIUM")
    if configured:
        return configured if Path(configured).exists() else None
    for name in ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable"):
        found = shutil.which(name)
        if found:
            return found
    return None


def ensure_chromium() -> str:
    found = find_chromium()
    if found:
        return found
    is_root = hasattr(os, "geteuid") and os.geteuid() == 0
    if is_root and shutil.which("apt-get"):
        env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
        run(["apt-get", "update", "-q"], env=env)
        run(["apt-get", "install", "-y", "-q", "chromium"], env=env)
        found = find_chromium()
        if found:
            return found
    sys.exit(
        "The browser tests need Chromium and none was found.\n"
        "Install Debian's package as root (apt-get install -y chromium),\n"
        "or point PDK_CHROMIUM at a Chromium or Chrome executable."
    )


def test(pytest_args: list[str]) -> int:
    python = ensure_test_venv()
    chromium = ensure_chromium()
    build()
    env = dict(os.environ, PDK_CHROMIUM=chromium, PDK_DIST=str(DIST), PDK_REQUIRE_BROWSER="1")
    failures: list[str] = []

    def check(name: str, cmd: list[str]) -> None:
        log(f"--- {name}")
        result = subprocess.run(cmd, cwd=ROOT, env=env, check=False)
        if result.returncode != 0:
            failures.append(f"{name} (exit {result.returncode})")

    ours = [p for p in ("build.py", "bench", "tests/web", "tools") if (ROOT / p).exists()]
    mypy = [str(python), "-m", "mypy", "--strict"]
    check("ruff", [str(python), "-m", "ruff", "check", "engine", "tests/engine", *ours])
    check("mypy --strict (engine, per pyproject)", mypy)
    check("mypy --strict (build.py, bench, tests/web)", [*mypy, *ours])
    node = shutil.which("node") or "node"
    check("node --test (front-end modules)", [node, "--test", "tests/js/"])
    # `build.py test tests/web/test_x.py` runs that file alone: naming `tests` as well
    # would collect the two conftest.py files under one module name and fail.
    named = any(
        not arg.startswith("-") and (ROOT / arg.split("::")[0]).exists() for arg in pytest_args
    )
    check("pytest", [str(python), "-m", "pytest", *([] if named else ["tests"]), *pytest_args])
    if failures:
        log("FAILED: " + ", ".join(failures))
        return 1
    log("all checks passed")
    return 0


# --------------------------------------------------------------------------- cli


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawTextHelpFormatter
    )
    parser.add_argument(
        "--engine-project",
        type=Path,
        help="project whose pyproject.toml builds the paodekuai wheel (default: this repository;"
        " also read from PDK_ENGINE_PROJECT)",
    )
    parser.add_argument(
        "--no-bytecode",
        action="store_true",
        help="ship the wheel without Pyodide bytecode (slower first import; also PDK_BYTECODE=0)",
    )
    sub = parser.add_subparsers(dest="command")
    serve_parser = sub.add_parser("serve", help="build, then serve dist/")
    serve_parser.add_argument("--port", type=int, default=8000)
    serve_parser.add_argument("--host", default="127.0.0.1")
    sub.add_parser("test", help="install test tools, build, run all checks (extra args: pytest's)")
    # Whatever follows `test` goes to pytest untouched, options included (-m, -k, -x ...).
    args, extra = parser.parse_known_args(argv)
    if extra and args.command != "test":
        parser.error(f"unrecognized arguments: {' '.join(extra)}")

    if args.no_bytecode:
        os.environ["PDK_BYTECODE"] = "0"
    if args.engine_project:
        # An environment variable, so the test run's own builds use it too.
        os.environ["PDK_ENGINE_PROJECT"] = str(args.engine_project.resolve())
    if args.command == "serve":
        serve(args.port, args.host)
        return 0
    if args.command == "test":
        return test(extra)
    build()
    return 0


if __name__ == "__main__":
    sys.exit(main())
