#!/usr/bin/env python3
"""Write web/icons/icon-64.png, the page's favicon, from web/icons/icon.svg.

    .venv-test/bin/python tools/render_icon.py

The favicon is a PNG, not the SVG itself: a browser draws an SVG favicon on the
page's main thread, as a small document of its own (some 45 ms on a phone slowed
4x), and requests it again after the page has loaded, in the middle of the first
moves; a PNG is only decoded. The build writes it into the page as a data URL.
The SVG stays the manifest's icon (drawn when the site is installed). Run again
after changing icon.svg; the PNG is committed.
"""

from __future__ import annotations

import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from site_build.browser import CHROMIUM_FLAGS, find_chromium  # noqa: E402

SIZE = 64  # sharp at 32 CSS px on a screen of two device pixels per CSS pixel


def main() -> int:
    svg = (ROOT / "web" / "icons" / "icon.svg").read_text(encoding="utf-8")
    out = ROOT / "web" / "icons" / f"icon-{SIZE}.png"
    with sync_playwright() as pw:
        browser = pw.chromium.launch(
            executable_path=find_chromium() or "/usr/bin/chromium", args=list(CHROMIUM_FLAGS)
        )
        page = browser.new_page(viewport={"width": SIZE, "height": SIZE})
        page.set_content(
            "<style>html,body{margin:0;background:transparent}svg{display:block;"
            f"width:{SIZE}px;height:{SIZE}px}}</style>{svg}"
        )
        page.screenshot(path=str(out), omit_background=True)
        browser.close()
    print(f"wrote {out.relative_to(ROOT)} ({out.stat().st_size} bytes)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
