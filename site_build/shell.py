"""Logging and running commands, the build's way."""

from __future__ import annotations

import subprocess
from collections.abc import Mapping
from pathlib import Path

from .paths import ROOT


def log(message: str) -> None:
    print(f"[build] {message}", flush=True)


def run(cmd: list[str], cwd: Path = ROOT, env: Mapping[str, str] | None = None) -> None:
    log(" ".join(str(part) for part in cmd))
    subprocess.run(cmd, cwd=cwd, env=None if env is None else dict(env), check=True)
