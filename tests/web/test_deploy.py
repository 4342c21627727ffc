"""The built site as a static host serves it: under a sub-path, as GitHub Pages
serves a project site (https://USER.github.io/REPO/): installable, playable,
offline after the first visit, and a new deploy offered without losing the hand."""

from __future__ import annotations

import os
import shutil
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
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

from site_build.server import make_server
from site_build.site import GENERATED_BUILD_INFO, read_build_info

SUB_PATH = "paodekuai"


@contextmanager
def pages_host(root: Path, site_dir: Path) -> Iterator[Site]:
    """Serves `root` like a Pages host, with `site_dir` published at root/SUB_PATH."""
    root.mkdir()
    publish(root, site_dir)
    server = make_server(root, port=0, quiet=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield Site(url=f"{server.url}{SUB_PATH}/", stop=server.shutdown)
    finally:
        server.shutdown()
        server.server_close()


def publish(root: Path, site_dir: Path) -> None:
    """Point root/SUB_PATH at `site_dir` in one step (a deploy)."""
    fresh = root / f"{SUB_PATH}.next"
    fresh.symlink_to(site_dir.resolve(), target_is_directory=True)
    os.replace(fresh, root / SUB_PATH)


def test_the_site_works_under_a_sub_path_installable_and_offline(
    open_table: Any, dist_dir: Path, tmp_path: Path
) -> None:
    root = tmp_path / "pages"
    with pages_host(root, dist_dir) as site:
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


def next_deploy(dist_dir: Path, tmp_path: Path) -> tuple[Path, str, str]:
    """The next deploy: the same files under another build version; (its folder, old, new).

    The version is in sw.js (a changed service worker is how browsers notice a
    deploy) and in build_info.js (the worker keys its heap snapshot by it).
    """
    next_site = tmp_path / "next"
    shutil.copytree(dist_dir.resolve(), next_site, copy_function=os.symlink)
    old = str(read_build_info(dist_dir)["version"])
    new = old + "-next"
    for name in ("sw.js", GENERATED_BUILD_INFO):
        source = (dist_dir / name).read_text(encoding="utf-8")
        assert old in source, f"{name} lost its version"
        (next_site / name).unlink()
        (next_site / name).write_text(source.replace(old, new), encoding="utf-8")
    return next_site, old, new


def apply_update(page: Any) -> None:
    """What a long-lived tab does now and then (and every load does by itself), then Reload."""
    page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.update())")
    page.wait_for_selector("[data-update]:not([hidden])", timeout=90_000)
    assert (page.text_content("[data-update]") or "").strip().startswith("A new version is ready")
    with page.expect_navigation(timeout=30_000):
        page.click("[data-action=update-reload]")
    wait_ready(page)


def test_a_new_deploy_is_offered_and_reloading_keeps_the_hand(
    open_table: Any, dist_dir: Path, tmp_path: Path
) -> None:
    next_site, old, new = next_deploy(dist_dir, tmp_path)
    root = tmp_path / "pages"
    with pages_host(root, dist_dir) as site:
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
        page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.update())")
        page.wait_for_selector("[data-update]:not([hidden])", timeout=90_000)
        # Nothing changed under the player: the new version waits to be asked.
        assert page.evaluate("window.__sameDocument === true")
        assert position(page) == before

        apply_update(page)
        wait_my_turn_or_over(page)
        assert page.evaluate("window.__sameDocument === undefined")  # a new page ...
        assert position(page) == before  # ... with the same hand at the same point
        assert page.is_hidden("[data-update]")
        caches = page.evaluate("caches.keys()")
        assert f"paodekuai-{new}" in caches and f"paodekuai-{old}" not in caches, caches
        if not is_over(page):
            take_turn(page)
            assert moves(page) > before["moves"]
