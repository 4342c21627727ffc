"""The built site as a static host serves it: under a sub-path, as GitHub Pages
serves a project site (https://USER.github.io/REPO/)."""

from __future__ import annotations

import threading
from pathlib import Path
from types import ModuleType
from typing import Any

from conftest import Site
from web_table import hand, open_page, take_turn, wait_my_turn_or_over


def test_the_site_works_under_a_sub_path(
    open_table: Any, build_module: ModuleType, dist_dir: Path, tmp_path: Path
) -> None:
    root = tmp_path / "pages"
    root.mkdir()
    (root / "paodekuai").symlink_to(dist_dir.resolve(), target_is_directory=True)
    server = build_module.make_server(root, port=0, quiet=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        host, port = server.server_address[:2]
        site = Site(url=f"http://{host}:{port}/paodekuai/", stop=server.shutdown)
        browsing = open_table(on_site=site)
        page = browsing.page
        open_page(page, site.url)
        assert len(hand(page)) == 16
        page.wait_for_selector("html[data-offline=ready]", state="attached", timeout=60_000)
        scope = page.evaluate("navigator.serviceWorker.ready.then(r => r.scope)")
        assert scope == site.url
        wait_my_turn_or_over(page)
        take_turn(page)
        # Nothing was asked of the host's root: every URL stayed relative.
        loaded = page.evaluate("performance.getEntriesByType('resource').map(e => e.name)")
        assert [url for url in loaded if not url.startswith(site.url)] == []
    finally:
        server.shutdown()
        server.server_close()
