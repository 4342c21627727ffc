"""The built site as a static host serves it: under a sub-path, as GitHub Pages
serves a project site (https://USER.github.io/REPO/): installable, playable,
offline after the first visit, and a new deploy offered without losing the hand."""

from __future__ import annotations

import os
import re
import shutil
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import ModuleType
from typing import Any

from conftest import Site
from web_table import (
    hand,
    is_over,
    moves,
    open_page,
    position,
    take_turn,
    wait_my_turn_or_over,
    wait_offline_ready,
    wait_ready,
)

SUB_PATH = "paodekuai"


@contextmanager
def pages_host(build_module: ModuleType, root: Path) -> Iterator[Site]:
    """Serves `root` (holding the site at root/SUB_PATH) like a Pages host."""
    server = build_module.make_server(root, port=0, quiet=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    host, port = server.server_address[:2]
    try:
        yield Site(url=f"http://{host}:{port}/{SUB_PATH}/", stop=server.shutdown)
    finally:
        server.shutdown()
        server.server_close()


def publish(root: Path, site_dir: Path) -> None:
    """Point root/SUB_PATH at `site_dir` in one step (a deploy)."""
    fresh = root / f"{SUB_PATH}.next"
    fresh.symlink_to(site_dir.resolve(), target_is_directory=True)
    os.replace(fresh, root / SUB_PATH)


def test_the_site_works_under_a_sub_path_installable_and_offline(
    open_table: Any, build_module: ModuleType, dist_dir: Path, tmp_path: Path
) -> None:
    root = tmp_path / "pages"
    root.mkdir()
    publish(root, dist_dir)
    with pages_host(build_module, root) as site:
        browsing = open_table(on_site=site)
        page = browsing.page
        open_page(page, site.url)
        assert len(hand(page)) == 16
        # Installable as an app: Chromium's own check (SVG icons, no bitmaps, pass it;
        # a fresh test context is incognito, the one thing that may not install).
        cdp = browsing.context.new_cdp_session(page)
        errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
        assert [e["errorId"] for e in errors if e["errorId"] != "in-incognito"] == []
        manifest = cdp.send("Page.getAppManifest")
        assert manifest["errors"] == []
        assert manifest["manifest"]["startUrl"] == site.url
        assert manifest["manifest"]["scope"] == site.url

        wait_offline_ready(page)
        scope = page.evaluate("navigator.serviceWorker.ready.then(r => r.scope)")
        assert scope == site.url
        wait_my_turn_or_over(page)
        take_turn(page)
        wait_my_turn_or_over(page)
        # Nothing was asked of the host's root: every URL stayed relative.
        loaded = page.evaluate("performance.getEntriesByType('resource').map(e => e.name)")
        assert [url for url in loaded if not url.startswith(site.url)] == []
        before = position(page)

        # Offline under the sub-path: the service worker answers the navigation too.
        site.stop()
        browsing.context.set_offline(True)
        page.reload()
        wait_ready(page)
        wait_my_turn_or_over(page)
        assert position(page) == before


def test_a_new_deploy_is_offered_and_reloading_keeps_the_hand(
    open_table: Any, build_module: ModuleType, dist_dir: Path, tmp_path: Path
) -> None:
    # The next deploy: the same files, but a service worker with another content
    # version (build.py writes it; any change to the site changes it).
    next_site = tmp_path / "next"
    shutil.copytree(dist_dir.resolve(), next_site, copy_function=os.symlink)
    source = (dist_dir / "sw.js").read_text(encoding="utf-8")
    match = re.search(r'const VERSION = "([^"]+)";', source)
    assert match, "sw.js lost its version"
    old, new = match.group(1), match.group(1) + "-next"
    (next_site / "sw.js").unlink()
    (next_site / "sw.js").write_text(source.replace(match.group(0), f'const VERSION = "{new}";'))

    root = tmp_path / "pages"
    root.mkdir()
    publish(root, dist_dir)
    with pages_host(build_module, root) as site:
        browsing = open_table(on_site=site)
        page = browsing.page
        open_page(page, site.url)
        wait_offline_ready(page)
        wait_my_turn_or_over(page)
        if not is_over(page):
            take_turn(page)
        wait_my_turn_or_over(page)
        before = position(page)
        page.evaluate("window.__sameDocument = true")

        publish(root, next_site)
        # What a long-lived tab does now and then (and every load does by itself).
        page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.update())")
        page.wait_for_selector("[data-update]:not([hidden])", timeout=90_000)
        assert (
            (page.text_content("[data-update]") or "").strip().startswith("A new version is ready")
        )
        # Nothing changed under the player: the new version waits to be asked.
        assert page.evaluate("window.__sameDocument === true")
        assert position(page) == before

        with page.expect_navigation(timeout=30_000):
            page.click("[data-action=update-reload]")
        wait_ready(page)
        wait_my_turn_or_over(page)
        assert page.evaluate("window.__sameDocument === undefined")  # a new page ...
        assert position(page) == before  # ... with the same hand at the same point
        assert page.is_hidden("[data-update]")
        caches = page.evaluate("caches.keys()")
        assert f"paodekuai-{new}" in caches and f"paodekuai-{old}" not in caches, caches
        if not is_over(page):
            take_turn(page)
            assert moves(page) > before["moves"]
