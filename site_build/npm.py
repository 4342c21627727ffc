"""The pinned Pyodide runtime, installed from npm into web/node_modules."""

from __future__ import annotations

import json
import shutil
import sys

from .paths import NODE_MODULES, PYODIDE_PKG, WEB
from .shell import run


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
