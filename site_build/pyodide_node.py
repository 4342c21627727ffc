"""Build steps run inside the shipped Pyodide, booted under Node.

Why boot Pyodide rather than run `pyodide py-compile` (pyodide-build): that tool
compiles with the host interpreter, which must be the same CPython minor
version as Pyodide's (3.14), and it is one more PyPI dependency to pin. The
build runs on any CPython 3.11+ with Node; booting the very runtime the site
ships compiles with the exact interpreter that will load the bytecode, and the
same boot measures which standard-library modules the site loads.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import tempfile
import zipfile
from dataclasses import dataclass
from pathlib import Path

from .paths import PYODIDE_PKG
from .shell import log

HERE = Path(__file__).resolve().parent
TASKS_SCRIPT = HERE / "pyodide_tasks.mjs"
HELPERS = HERE / "in_pyodide.py"


@dataclass(frozen=True)
class Compiled:
    """What one boot of Pyodide gave the build."""

    #: (path in the wheel, bytes) of each module's __pycache__/*.cpython-3XX.pyc
    bytecode: list[tuple[str, bytes]]
    #: the trimmed standard library: a zip of stored .pyc entries
    stdlib_zip: bytes
    #: the standard library's files the site loads (paths inside Pyodide's zip)
    stdlib_files: list[str]
    #: requests the measuring run sent the engine's service
    requests: int


def node() -> str:
    found = shutil.which("node")
    if found is None:
        sys.exit("node is needed to run the build steps inside Pyodide: install Node.js")
    return found


def run_task(task: dict[str, object], work: Path) -> dict[str, object]:
    """Run pyodide_tasks.mjs on `task`; its one line of JSON findings."""
    spec = {
        **task,
        "pyodideDir": str(PYODIDE_PKG),
        "helpers": str(HELPERS),
        "workDir": str(work),
    }
    spec_file = work / "task.json"
    spec_file.write_text(json.dumps(spec), encoding="utf-8")
    log(f"node {TASKS_SCRIPT.name} ({task['task']})")
    result = subprocess.run(
        [node(), str(TASKS_SCRIPT), str(spec_file)],
        check=True,
        stdout=subprocess.PIPE,
        text=True,
    )
    findings: dict[str, object] = json.loads(result.stdout.strip().splitlines()[-1])
    return findings


def compile_in_pyodide(wheel: Path) -> Compiled:
    """Measure and compile: the engine's bytecode and the standard library the site loads.

    Pyodide boots with its full standard library, unpacks the wheel as the worker
    does, then drives the service through everything the page asks of it
    (in_pyodide.exercise_service); the modules loaded by then, Pyodide's own
    start included, are the trimmed standard library.
    """
    with tempfile.TemporaryDirectory(prefix="pdk-pyodide-") as tmp:
        work = Path(tmp)
        findings = run_task(
            {
                "task": "build",
                "wheel": str(wheel),
                "bytecodeOut": str(work / "bytecode.zip"),
                "stdlibOut": str(work / "stdlib.zip"),
            },
            work,
        )
        with zipfile.ZipFile(work / "bytecode.zip") as extra:
            bytecode = [(name, extra.read(name)) for name in sorted(extra.namelist())]
        stdlib_zip = (work / "stdlib.zip").read_bytes()
    files = findings["stdlibFiles"]
    requests = findings["requests"]
    assert isinstance(files, list) and isinstance(requests, int)
    return Compiled(
        bytecode=bytecode,
        stdlib_zip=stdlib_zip,
        stdlib_files=[str(name) for name in files],
        requests=requests,
    )


def check_in_pyodide(wheel: Path, stdlib_gz: Path, imports: list[str]) -> dict[str, object]:
    """Boot with the trimmed standard library; import `imports` and exercise the service.

    Returns {"failures": [...], "requests": n}: an empty failure list means
    every module could be imported and every request was answered.
    """
    with tempfile.TemporaryDirectory(prefix="pdk-pyodide-") as tmp:
        return run_task(
            {
                "task": "check",
                "wheel": str(wheel),
                "stdlibZip": str(stdlib_gz),
                "imports": imports,
            },
            Path(tmp),
        )
