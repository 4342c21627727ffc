"""The engine's wheel: built through PEP 517, extended with bytecode, named in a small lockfile."""

from __future__ import annotations

import base64
import hashlib
import json
import os
import sys
import zipfile
from collections.abc import Iterable
from pathlib import Path

from .shell import run

#: A fixed date for added zip entries, so the same inputs give the same bytes.
ZIP_EPOCH = (1980, 1, 1, 0, 0, 0)


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


def record_hash(data: bytes) -> str:
    """A hash as a wheel's RECORD writes it (PEP 376/427)."""
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"sha256={digest}"


def add_to_wheel(wheel: Path, added: Iterable[tuple[str, bytes]]) -> None:
    """Add files to a wheel, with their RECORD lines, so the wheel stays valid."""
    extra = sorted(added)
    with zipfile.ZipFile(wheel) as source:
        entries = [(info, source.read(info)) for info in source.infolist()]
    record = next(info for info, _ in entries if info.filename.endswith(".dist-info/RECORD"))
    lines = [f"{name},{record_hash(data)},{len(data)}" for name, data in extra]
    record_text = dict(entries)[record].decode().rstrip("\n") + "\n" + "\n".join(lines) + "\n"
    rebuilt = wheel.with_suffix(".tmp")
    with zipfile.ZipFile(rebuilt, "w", zipfile.ZIP_DEFLATED) as out:
        for info, data in entries:
            if info is not record:
                out.writestr(info, data)
        for name, data in extra:
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
