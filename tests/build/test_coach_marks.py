"""The coach's row of decisions marks each one with a short sign (★ best, ✗ mistake, ...).
Each sign must be drawn on every device: a sign only an emoji font has (⏱) showed as an
empty box on Linux desktops, which ship no emoji font by default. DejaVu Sans, their usual
fallback font, must hold a glyph for every character of every sign."""

from __future__ import annotations

import re
import shutil
import subprocess

import pytest

from site_build.paths import WEB

MARKS = re.compile(r"const VERDICT_MARKS = Object\.freeze\(\{(.*?)\}\);", re.S)
ENTRY = re.compile(r'^\s*(\w+): "([^"]+)",', re.M)


def _marks() -> dict[str, str]:
    source = (WEB / "js" / "model" / "panels_model.js").read_text(encoding="utf-8")
    block = MARKS.search(source)
    assert block, "VERDICT_MARKS not found in panels_model.js"
    return dict(ENTRY.findall(block.group(1)))


def test_every_verdict_has_a_mark() -> None:
    assert set(_marks()) >= {"best", "good", "inaccuracy", "mistake", "forced", "timedOut"}


@pytest.mark.skipif(shutil.which("fc-list") is None, reason="fontconfig's fc-list is not here")
def test_every_mark_is_in_dejavu_sans() -> None:
    families = subprocess.run(
        ["fc-list", ":family=DejaVu Sans", "family"], capture_output=True, text=True, check=True
    )
    if not families.stdout.strip():
        pytest.skip("DejaVu Sans is not installed")
    missing = {}
    for verdict, mark in _marks().items():
        for char in set(mark) - set("?!"):
            found = subprocess.run(
                ["fc-list", f":family=DejaVu Sans:charset={ord(char):x}", "family"],
                capture_output=True,
                text=True,
                check=True,
            )
            if not found.stdout.strip():
                missing[verdict] = f"{char} U+{ord(char):04X}"
    assert not missing, missing
