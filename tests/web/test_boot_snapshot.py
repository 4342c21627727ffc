"""Return visits boot from the Python heap snapshot a first visit stored.

The first visit boots fresh and, once a hand is dealt and the table still,
stores a snapshot of its clean heap (engine imported, no game) in Cache Storage
(`paodekuai.snapshot`, one entry per build). Later visits restore it: the page
says which way it booted on `<html data-boot="snapshot|fresh">`. A damaged,
foreign or refused snapshot only means a fresh boot, never a broken table.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from conftest import Site
from test_deploy import apply_update, next_deploy, pages_host, publish
from web_table import (
    hand,
    is_over,
    moves,
    open_page,
    play_a_turn,
    position,
    take_turn,
    wait_my_turn_or_over,
    wait_offline_ready,
    wait_ready,
)

SNAPSHOT_CACHE = "paodekuai.snapshot"
SAVE_KEY = "paodekuai.save"
STORE_TIMEOUT_MS = 90_000


def boot_path(page: Any) -> str | None:
    path: str | None = page.get_attribute("html", "data-boot")
    return path


def wait_snapshot_stored(page: Any) -> dict[str, Any]:
    """The worker stored this visit's clean heap (the engine client's performance mark)."""
    page.wait_for_function(
        "() => performance.getEntriesByName('pdk:snapshot-stored').length > 0",
        timeout=STORE_TIMEOUT_MS,
    )
    detail: dict[str, Any] = page.evaluate(
        "() => performance.getEntriesByName('pdk:snapshot-stored')[0].detail"
    )
    return detail


def stored_keys(page: Any) -> list[str]:
    keys: list[str] = page.evaluate(
        """name => caches.open(name).then(c => c.keys()).then(rs => rs.map(r => r.url))""",
        SNAPSHOT_CACHE,
    )
    return keys


def test_a_return_visit_boots_from_the_snapshot_and_resumes_the_hand(table: Any) -> None:
    page = table.page
    open_page(page, table.site.url)
    assert boot_path(page) == "fresh"
    before = play_a_turn(page)
    stored = wait_snapshot_stored(page)
    assert stored["bytes"] > 10_000_000  # Python's whole heap, not a stub
    assert len(stored_keys(page)) == 1

    page.reload()
    wait_ready(page)
    assert boot_path(page) == "snapshot"
    wait_my_turn_or_over(page)
    assert position(page) == before
    ready = page.evaluate("() => performance.getEntriesByName('pdk:engine-ready')[0].detail")
    assert ready["boot"] == "snapshot"
    # The restored engine plays on.
    if not is_over(page):
        take_turn(page)
        assert moves(page) > before["moves"]


def test_the_snapshot_is_stored_only_once_the_table_is_still(table: Any) -> None:
    """Its digest and write (some 30 MB) compete with the table for the CPU: they wait until
    the table has not been drawn for 1.5 s (a deal, a computer's move, a flight all draw),
    never in the frames of the deal or of the first moves."""
    page = table.page
    open_page(page, table.site.url)
    wait_my_turn_or_over(page)
    stored = wait_snapshot_stored(page)
    timing: dict[str, float] = page.evaluate(
        """() => {
          const mark = performance.getEntriesByName('pdk:snapshot-stored')[0];
          const began = mark.startTime - mark.detail.ms;
          const draws = performance.getEntriesByName('pdk:draw')
            .map((e) => e.startTime + e.duration).filter((end) => end <= began);
          return {began, lastDraw: Math.max(...draws), draws: draws.length};
        }"""
    )
    assert stored["stored"] is True
    assert timing["draws"] > 0, "the deal was drawn before the snapshot was stored"
    assert timing["began"] - timing["lastDraw"] >= 1400, timing


def test_a_damaged_snapshot_means_a_fresh_boot_with_the_hand_intact(table: Any) -> None:
    page = table.page
    open_page(page, table.site.url)
    before = play_a_turn(page)
    wait_snapshot_stored(page)
    # Flip bytes in the middle of the stored heap, keeping its headers (digest included).
    page.evaluate(
        """async name => {
            const cache = await caches.open(name);
            const [key] = await cache.keys();
            const response = await cache.match(key);
            const bytes = new Uint8Array(await response.arrayBuffer());
            for (let i = bytes.length >> 1; i < (bytes.length >> 1) + 64; i++) bytes[i] ^= 0xff;
            await cache.put(key, new Response(bytes, {headers: response.headers}));
        }""",
        SNAPSHOT_CACHE,
    )
    page.reload()
    wait_ready(page)
    assert boot_path(page) == "fresh"
    wait_my_turn_or_over(page)
    assert position(page) == before
    assert page.is_hidden("div[data-boot]")  # no boot error panel
    assert page.evaluate("document.documentElement.dataset.engine") == "ready"
    # The fresh boot stored a good snapshot again: the next visit uses it.
    wait_snapshot_stored(page)
    page.reload()
    wait_ready(page)
    assert boot_path(page) == "snapshot"
    wait_my_turn_or_over(page)
    assert position(page) == before


def test_two_visits_restored_from_one_snapshot_deal_different_hands(table: Any) -> None:
    page = table.page
    open_page(page, table.site.url)
    wait_snapshot_stored(page)
    deals = []
    for _ in range(2):
        # No hand to resume: the save goes while the table waits for you, so no computer
        # move in flight writes it again before the reload.
        wait_my_turn_or_over(page)
        page.evaluate("key => localStorage.removeItem(key)", SAVE_KEY)
        page.reload()
        wait_ready(page)
        assert boot_path(page) == "snapshot"
        deals.append((page.text_content("[data-deal-code]"), hand(page)))
    assert deals[0][0] != deals[1][0], deals
    assert deals[0][1] != deals[1][1], deals


def first_visit_kept(page: Any, url: str) -> dict[str, Any]:
    """A first visit, offline-ready, a move made, its snapshot stored; the position then."""
    open_page(page, url)
    wait_offline_ready(page)
    before = play_a_turn(page)
    wait_snapshot_stored(page)
    return before


def test_an_offline_return_visit_boots_from_the_snapshot(
    open_table: Any, start_site: Callable[[], Site]
) -> None:
    site = start_site()  # its own server: this test stops it
    browsing = open_table(on_site=site)
    page = browsing.page
    before = first_visit_kept(page, site.url)
    site.stop()
    browsing.context.set_offline(True)
    page.reload()
    wait_ready(page)
    assert boot_path(page) == "snapshot"
    wait_my_turn_or_over(page)
    assert position(page) == before


def test_a_new_deploy_ignores_the_old_snapshot(
    open_table: Any, dist_dir: Path, tmp_path: Path
) -> None:
    next_site, _, new = next_deploy(dist_dir, tmp_path)
    root = tmp_path / "pages"
    with pages_host(root, dist_dir) as site:
        browsing = open_table(on_site=site)
        page = browsing.page
        before = first_visit_kept(page, site.url)
        [old_key] = stored_keys(page)

        publish(root, next_site)
        apply_update(page)
        assert boot_path(page) == "fresh"  # the old build's heap is not this build's
        wait_my_turn_or_over(page)
        assert position(page) == before
        wait_snapshot_stored(page)
        keys = stored_keys(page)
        assert len(keys) == 1 and keys[0] != old_key, (old_key, keys)
        assert new in keys[0]


def test_storage_that_refuses_the_snapshot_still_plays(table: Any) -> None:
    page = table.page
    # A quota far below the heap's 30 MB: the write is refused, as in a full or private profile.
    origin = table.site.url.rstrip("/")
    cdp = table.context.new_cdp_session(page)
    cdp.send("Storage.overrideQuotaForOrigin", {"origin": origin, "quotaSize": 2_000_000})
    open_page(page, table.site.url)
    before = play_a_turn(page)
    page.wait_for_function(
        "() => performance.getEntriesByName('pdk:snapshot-refused').length > 0",
        timeout=STORE_TIMEOUT_MS,
    )
    assert stored_keys(page) == []
    page.reload()
    wait_ready(page)
    assert boot_path(page) == "fresh"
    wait_my_turn_or_over(page)
    assert position(page) == before
    if not is_over(page):
        take_turn(page)
        assert moves(page) > before["moves"]
