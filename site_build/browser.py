"""Finding Chromium for the tests, the benchmarks and the tools."""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

from .shell import run

CHROMIUM_FLAGS = (
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
)


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
