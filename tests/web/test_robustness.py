"""Saving, restoring and recovering: reload mid-hand, damaged saves, a worker
that dies, a boot that hangs or fails, and offline play."""

from __future__ import annotations

import json
from typing import Any

from web_table import (
    READY_TIMEOUT_MS,
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

SAVE_KEY = "paodekuai.save"


def read_save(page: Any) -> Any:
    return json.loads(page.evaluate("key => localStorage.getItem(key)", SAVE_KEY) or "null")


def test_reload_mid_hand_restores_the_position(table: Any) -> None:
    page = table.page
    open_page(page, table.site.url)
    for _ in range(2):
        wait_my_turn_or_over(page)
        if not is_over(page):
            take_turn(page)
    wait_my_turn_or_over(page)
    before = position(page)
    page.reload(wait_until="domcontentloaded")
    # First paint does not wait for Python: the saved table is drawn while the engine loads.
    page.wait_for_function("() => document.querySelectorAll('[data-hand] [data-card]').length > 0")
    assert page.get_attribute("html", "data-engine") == "loading"
    assert hand(page) == before["hand"]
    assert page.is_disabled("[data-action=play]")
    wait_ready(page)
    wait_my_turn_or_over(page)
    assert position(page) == before


def test_corrupted_save_is_refused_with_a_message_and_a_new_deal(open_table: Any) -> None:
    damages = {
        "not json": "{this is not json",
        "old version": json.dumps({"app": "paodekuai", "format": 0}),
    }
    browsing = open_table()
    page = browsing.page
    open_page(page, browsing.site.url)
    good = read_save(page)
    assert good and good["game"]
    # Tampered inside: the envelope is fine, the game is not (the engine says bad_save).
    tampered = dict(good, game={"format": 999, "garbage": True})
    damages["tampered game"] = json.dumps(tampered)
    for name, text in damages.items():
        # The computer seats stop writing once it is the person's turn: nothing overwrites
        # the damage before the reload reads it.
        wait_my_turn_or_over(page)
        page.evaluate("([k, v]) => localStorage.setItem(k, v)", [SAVE_KEY, text])
        page.reload()
        wait_ready(page)
        notice = page.locator("[data-notice]")
        # Said once the page has judged the save, which may be a frame after the engine is ready.
        notice.wait_for(state="visible", timeout=10_000)
        assert notice.is_visible(), name
        assert (notice.text_content() or "").strip(), name
        assert len(hand(page)) == 16, name
        fresh = read_save(page)
        assert fresh["format"] == good["format"] and fresh["game"] != tampered["game"], name


def test_a_dead_worker_is_restarted_and_the_hand_resumes(table: Any) -> None:
    page = table.page
    table.watch.allow_error("simulated engine crash")
    open_page(page, table.site.url)
    wait_my_turn_or_over(page)
    before = position(page)
    assert len(page.workers) >= 1
    engine = next(w for w in page.workers if "worker.js" in w.url)
    engine.evaluate("setTimeout(() => { throw new Error('simulated engine crash'); }, 0)")
    page.wait_for_selector("html[data-engine=loading]", state="attached")
    wait_ready(page)
    assert page.is_visible("[data-notice]")
    wait_my_turn_or_over(page)
    assert position(page) == before
    if not is_over(page):
        take_turn(page)  # and the restarted engine plays on


def test_boot_watchdog_and_failures_show_retry(table: Any) -> None:
    page = table.page
    watch = table.watch
    watch.allow_error("Failed to load resource")
    # Pyodide leaves the aborted wasm fetch's rejection unhandled.
    watch.allow_error("Failed to fetch")
    watch.allow_error("paodekuai")  # Pyodide logs the missing wheel before the import fails

    # 1. The wasm fails to arrive: Pyodide only logs a warning and would wait
    #    forever; the worker sees the failed download and says so at once.
    #    (A download that stalls meets the watchdog: test_engine_faults.)
    page.route("**/pyodide.asm.wasm", lambda route: route.abort())
    page.goto(table.site.url)
    page.wait_for_selector("html[data-engine=error]", state="attached", timeout=20_000)
    assert page.is_visible("[data-action=retry]")
    assert (page.text_content("[data-boot-text]") or "").strip()
    page.unroute("**/pyodide.asm.wasm")

    # 2. The wheel is missing: Pyodide boots, the import fails, the page says so at once.
    page.route("**/paodekuai-*.whl", lambda route: route.fulfill(status=404, body="gone"))
    page.goto(table.site.url)
    page.wait_for_selector("html[data-engine=error]", state="attached", timeout=READY_TIMEOUT_MS)
    assert page.is_visible("[data-action=retry]")
    assert "paodekuai" in (page.text_content("[data-boot-detail]") or "")
    page.unroute("**/paodekuai-*.whl")

    # 2b. A damaged wheel (served, but not the bytes the build made) is refused too.
    page.route(
        "**/paodekuai-*.whl",
        lambda route: route.fulfill(status=200, body=b"PK\x03\x04 not the engine"),
    )
    page.goto(table.site.url)
    page.wait_for_selector("html[data-engine=error]", state="attached", timeout=READY_TIMEOUT_MS)
    assert "damaged" in (page.text_content("[data-boot-detail]") or "")
    page.unroute("**/paodekuai-*.whl")

    # 3. Retry with everything in place plays.
    page.click("[data-action=retry]")
    wait_ready(page)
    assert len(hand(page)) == 16


def test_offline_reload_with_the_server_gone_still_plays(open_table: Any, start_site: Any) -> None:
    own_site = start_site()  # this test stops its server
    browsing = open_table(on_site=own_site)
    page = browsing.page
    open_page(page, own_site.url)
    wait_offline_ready(page)
    wait_my_turn_or_over(page)
    if not is_over(page):
        take_turn(page)
    wait_my_turn_or_over(page)
    before = position(page)

    own_site.stop()
    browsing.context.set_offline(True)
    page.reload()
    wait_ready(page)
    wait_my_turn_or_over(page)
    assert position(page) == before
    if not is_over(page):
        take_turn(page)
        assert moves(page) > before["moves"]


def test_plays_on_when_storage_is_unavailable(open_table: Any) -> None:
    browsing = open_table()
    # Private modes and blocked site data make any localStorage access throw.
    browsing.context.add_init_script(
        """Object.defineProperty(window, "localStorage", {
             get() { throw new DOMException("blocked", "SecurityError"); },
           });"""
    )
    page = browsing.page
    open_page(page, browsing.site.url)
    assert len(hand(page)) == 16
    # Nothing will survive a reload, and the player is told so.
    assert "can't be saved in this browser" in (page.text_content("[data-notice]") or "")
    wait_my_turn_or_over(page)
    before = moves(page)
    take_turn(page)
    assert moves(page) > before
