"""The engine and the page's own files failing: a worker that stops without an
error (noticed within seconds, also during a computer's turn) but a busy one
left alone, a boot watchdog given nonsense, files of the page or of Pyodide
missing or damaged (said at once), and the mark that says the game is ready
offline."""

from __future__ import annotations

import time
from typing import Any

from web_table import (
    READY_TIMEOUT_MS,
    moves,
    open_mid_hand,
    open_page,
    position,
    take_turn,
    wait_my_turn_or_over,
    wait_offline_ready,
    wait_ready,
)

#: The heartbeat notices a silent worker 3 s after a request could start; the
#: rest is slack for this busy machine (the old per-request timeouts were 15-45 s).
NOTICED_WITHIN_S = 8.0


def engine_worker(page: Any) -> Any:
    return next(w for w in page.workers if "worker.js" in w.url)


def seconds_until_restart(page: Any, act: Any) -> float:
    """Do `act`, then time how long until the page starts a new worker."""
    started = time.monotonic()
    act()
    page.wait_for_selector("html[data-engine=loading]", state="attached", timeout=60_000)
    return time.monotonic() - started


def test_a_worker_that_stops_silently_is_noticed_within_seconds_and_the_hand_resumes(
    table: Any,
) -> None:
    page = table.page
    open_mid_hand(page, table.site.url)
    before = position(page)
    # Closed from inside: no error event, no message, ever again.
    engine_worker(page).evaluate("setTimeout(() => self.close(), 0)")
    page.wait_for_timeout(300)
    first = page.locator("[data-hand] [data-card]").first
    # The selection's judgement goes unanswered.
    waited = seconds_until_restart(page, first.click)
    assert waited < NOTICED_WITHIN_S, waited
    wait_ready(page)
    wait_my_turn_or_over(page)
    assert position(page) == before
    assert "restarted" in (page.text_content("[data-notice]") or "")


def test_a_worker_that_goes_silent_during_a_computer_turn_is_noticed_within_seconds(
    table: Any,
) -> None:
    page = table.page
    open_mid_hand(page, table.site.url)
    # The computer's turn is swallowed and the worker closes: it never answers again.
    engine_worker(page).evaluate(
        """() => self.addEventListener("message", (event) => {
             if (event.data?.request?.type !== "bot_turn") return;
             event.stopImmediatePropagation();
             self.close();
           }, {capture: true})"""
    )
    played = moves(page)

    def play_then_wait_for_the_computer() -> None:
        take_turn(page)  # the play is answered; the computer's turn after it is not

    waited = seconds_until_restart(page, play_then_wait_for_the_computer)
    assert waited < NOTICED_WITHIN_S, waited
    wait_ready(page)
    page.wait_for_function(
        "n => Number(document.querySelector('[data-app]').dataset.moves) > n", arg=played
    )


def test_a_busy_worker_is_never_taken_for_a_silent_one(table: Any) -> None:
    page = table.page
    open_mid_hand(page, table.site.url)
    # Every answer now takes 4 s after the request was taken up, like a long
    # search in Python (longer than the 3 s a request may wait to start).
    engine_worker(page).evaluate(
        """() => {
             const post = self.postMessage.bind(self);
             self.postMessage = (message) => {
               if (message?.kind === "reply") setTimeout(() => post(message), 4000);
               else post(message);
             };
           }"""
    )
    page.evaluate(
        """() => {
             window.__engineStates = [];
             const html = document.documentElement;
             new MutationObserver(() => window.__engineStates.push(html.dataset.engine))
               .observe(html, {attributes: true, attributeFilter: ["data-engine"]});
           }"""
    )
    before = moves(page)
    take_turn(page)  # waits for the play's slow reply
    page.wait_for_function(
        "n => Number(document.querySelector('[data-app]').dataset.moves) > n + 1",
        arg=before,
        timeout=60_000,
    )
    assert page.evaluate("window.__engineStates") == []  # never restarted
    assert page.get_attribute("html", "data-engine") == "ready"


def test_boot_timeout_out_of_range_is_clamped(table: Any) -> None:
    page = table.page
    for value in ("1e308", "1", "-5", "Infinity"):
        page.goto(f"{table.site.url}?boot-timeout={value}")
        wait_ready(page)  # neither "did not start in time" at once, nor never
        assert page.get_attribute("html", "data-engine") == "ready", value


def test_a_missing_app_module_is_said_at_once(table: Any) -> None:
    page = table.page
    table.watch.allow_error("Failed to load resource")
    for missing in ("**/js/app/main.js", "**/js/view/render.js"):
        page.route(missing, lambda route: route.fulfill(status=404, body="gone"))
        page.goto(table.site.url)
        page.wait_for_selector("html[data-engine=error]", state="attached", timeout=15_000)
        text = page.text_content("[data-notice]") or ""
        assert "could not load" in text, missing
        assert page.is_visible("[data-notice]")
        assert page.is_visible("[data-action=retry]")
        page.unroute(missing)
    page.click("[data-action=retry]")  # a reload, with every file there
    wait_ready(page)


def test_a_missing_or_damaged_runtime_download_is_said_at_once(table: Any) -> None:
    page = table.page
    watch = table.watch
    watch.allow_error("Failed to load resource")
    watch.allow_error("Failed to fetch")
    watch.allow_error("WebAssembly")
    cases = {
        "missing": lambda route: route.fulfill(status=404, body="gone"),
        "damaged": lambda route: route.fulfill(
            status=200, body=b"<html>not the runtime</html>" * 100,
            headers={"content-type": "application/wasm"},
        ),
    }
    for name, answer in cases.items():
        page.route("**/pyodide.asm.wasm", answer)
        started = time.monotonic()
        page.goto(table.site.url)  # the default watchdog: 30 s
        page.wait_for_selector("html[data-engine=error]", state="attached", timeout=25_000)
        assert time.monotonic() - started < 20, name
        assert "could not be downloaded" in (page.text_content("[data-boot-text]") or ""), name
        assert "pyodide.asm.wasm" in (page.text_content("[data-boot-detail]") or ""), name
        page.unroute("**/pyodide.asm.wasm")
    page.click("[data-action=retry]")
    wait_ready(page)


def test_a_download_that_stalls_meets_the_watchdog(table: Any) -> None:
    page = table.page
    table.watch.allow_error("Failed to load resource")
    table.watch.allow_error("Failed to fetch")
    page.route("**/pyodide.asm.wasm", lambda route: None)  # never answered
    page.goto(f"{table.site.url}?boot-timeout=10000")
    page.wait_for_selector("html[data-engine=error]", state="attached", timeout=60_000)
    assert "did not start in time" in (page.text_content("[data-boot-text]") or "")
    page.unroute("**/pyodide.asm.wasm")
    page.click("[data-action=retry]")
    wait_ready(page, READY_TIMEOUT_MS)


def test_the_game_says_when_it_is_ready_offline(open_table: Any, start_site: Any) -> None:
    own_site = start_site()  # this test stops its server
    browsing = open_table(on_site=own_site)
    page = browsing.page
    open_page(page, own_site.url)
    mark = page.locator("[data-offline-mark]")
    wait_offline_ready(page)
    mark.wait_for(state="visible")
    assert (mark.get_attribute("aria-label") or mark.text_content() or "").strip()
    wait_my_turn_or_over(page)
    before = position(page)
    own_site.stop()
    browsing.context.set_offline(True)
    page.reload()
    wait_ready(page)
    wait_my_turn_or_over(page)
    assert position(page) == before
    assert mark.is_visible()
