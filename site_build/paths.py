"""Where the build's inputs and outputs are."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
WEB = ROOT / "web"
DIST = ROOT / "dist"
NODE_MODULES = WEB / "node_modules"
PYODIDE_PKG = NODE_MODULES / "pyodide"
TEST_VENV = ROOT / ".venv-test"
TEST_REQUIREMENTS = ROOT / "tests" / "requirements.txt"
