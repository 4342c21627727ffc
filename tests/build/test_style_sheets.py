"""The style sheets' selectors that cost every drawing of the table."""

from __future__ import annotations

import re

from site_build.paths import WEB

STYLE_SHEETS = sorted((WEB / "css").glob("*.css"))
COMMENT = re.compile(r"/\*.*?\*/", re.DOTALL)


def test_there_are_style_sheets_to_read() -> None:
    assert len(STYLE_SHEETS) >= 4, STYLE_SHEETS


def test_no_selector_uses_has() -> None:
    """Chromium keeps one invalidation set for all of a page's :has() rules: with one on the
    page's root, a text drawn anywhere in the table restyled every button the rules name
    (the hand's sixteen cards among them), in every drawing. In a DevTools trace of a hand
    at 4x, style took 1318 ms with three :has() rules and 1027 ms with the renderer's marks
    in their place (`data-notice-up`, `data-auto-up`, `.row-end`)."""
    found = [
        (sheet.name, line.strip())
        for sheet in STYLE_SHEETS
        for line in COMMENT.sub("", sheet.read_text(encoding="utf-8")).splitlines()
        if ":has(" in line
    ]
    assert found == []
