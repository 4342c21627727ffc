"""The page's favicon rides in index.html as a data URL: the browser's request for it,
made once the page has loaded (at about the first computer move), is answered without a
fetch through the service worker."""

from __future__ import annotations

import base64
import re
from pathlib import Path

import pytest

from site_build.paths import WEB
from site_build.site import FAVICON, built_site

ICON_LINK = re.compile(r'<link rel="icon" href="data:image/png;base64,([A-Za-z0-9+/=]+)"')


@pytest.fixture(scope="module")
def dist() -> Path:
    return built_site()


def test_the_favicon_is_in_the_page_as_the_committed_png(dist: Path) -> None:
    links = ICON_LINK.findall((dist / "index.html").read_text(encoding="utf-8"))
    assert len(links) == 1
    assert base64.b64decode(links[0]) == (WEB / FAVICON).read_bytes()


def test_no_file_of_the_favicon_is_shipped_or_precached(dist: Path) -> None:
    assert not (dist / FAVICON).exists()
    assert FAVICON not in (dist / "sw.js").read_text(encoding="utf-8")
