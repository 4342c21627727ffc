"""`build.py test`: the pinned test tools, the build, and every check in turn."""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import venv
from pathlib import Path

from .browser import ensure_chromium
from .paths import DIST, ROOT, TEST_REQUIREMENTS, TEST_VENV
from .shell import log, run
from .site import build

#: Our Python outside the engine, linted and type-checked like it.
OURS = ("build.py", "site_build", "bench", "tests/build", "tests/web", "tools")


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

    ours = [p for p in OURS if (ROOT / p).exists()]
    mypy = [str(python), "-m", "mypy", "--strict"]
    check("ruff", [str(python), "-m", "ruff", "check", "engine", "tests/engine", *ours])
    check("mypy --strict (engine, per pyproject)", mypy)
    check(f"mypy --strict ({', '.join(ours)})", [*mypy, *ours])
    node = shutil.which("node") or "node"
    check("node --test (front-end modules)", [node, "--test", "tests/js/"])
    # `build.py test tests/web/test_x.py` runs that file alone: naming `tests` as well
    # would collect the conftest.py files under one module name and fail.
    named = any(
        not arg.startswith("-") and (ROOT / arg.split("::")[0]).exists() for arg in pytest_args
    )
    check("pytest", [str(python), "-m", "pytest", *([] if named else ["tests"]), *pytest_args])
    if failures:
        log("FAILED: " + ", ".join(failures))
        return 1
    log("all checks passed")
    return 0
