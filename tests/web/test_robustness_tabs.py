"""Two tabs of the site share one save and one session score. The tab that
falls behind (another one opened or moved the hand on) stops and says so,
so neither overwrites the other's moves; its Play here (a reload) takes the hand over;
a tab still starting restores the newer save; the session score follows."""

from __future__ import annotations

import json
from typing import Any

from web_table import (
    is_over,
    moves,
    open_mid_hand,
    open_page,
    play_until,
    position,
    status,
    take_turn,
    wait_my_turn_or_over,
    wait_ready,
)

SAVE_KEY = "paodekuai.save"
#: A deal that ends soon when the first hint is played every turn (see test_after_hand).
SHORT_DEAL = "A0000207"


def stored_save(page: Any) -> str:
    text: str = page.evaluate("k => localStorage.getItem(k)", SAVE_KEY)
    return text


def wait_told_elsewhere(page: Any) -> None:
    page.wait_for_function(
        "() => /another tab/.test(document.querySelector('[data-notice]').textContent)"
    )
    assert page.is_visible("[data-notice]")


def session_total(page: Any) -> str:
    return (page.text_content("[data-session-total]") or "").strip()


def test_the_tab_behind_stops_and_never_overwrites_the_other_tabs_moves(table: Any) -> None:
    first = table.page
    open_mid_hand(first, table.site.url)
    take_turn(first)
    wait_my_turn_or_over(first)

    # A second tab opens the same hand; the first one is behind from now on.
    second = table.new_page()
    open_page(second, table.site.url)
    wait_my_turn_or_over(second)
    assert position(second) == position(first)
    wait_told_elsewhere(first)

    if not is_over(second):
        take_turn(second)
        wait_my_turn_or_over(second)
    ahead = position(second)
    saved = stored_save(second)

    # The first tab cannot move its stale copy of the hand on, or save; it says it stopped (its
    # status line prompts no turn), and its New hand offers to take the hand back instead.
    behind = moves(first)
    for key in ("h", "p", "x"):
        first.keyboard.press(key)
    first.wait_for_timeout(1500)
    assert moves(first) == behind
    assert first.is_disabled("[data-action=play]")
    assert stored_save(first) == saved
    assert first.get_attribute("[data-app]", "data-stopped") == ""
    assert "another tab" in status(first), status(first)
    assert (first.text_content(".bar [data-action=new]") or "").strip() == "Play here"
    # The notice stays: it is the tab's state, not news that fades.
    first.wait_for_timeout(10_000)
    wait_told_elsewhere(first)

    # The second tab's moves survive its reload...
    second.reload()
    wait_ready(second)
    wait_my_turn_or_over(second)
    assert position(second) == ahead
    # ...and the first's Play here takes the hand over, at the second's position, as a
    # reload does.
    with first.expect_navigation():
        first.click(".bar [data-action=new]")
    wait_ready(first)
    wait_my_turn_or_over(first)
    assert position(first) == ahead
    wait_told_elsewhere(second)


#: Holds the engine's "ready" back from the page until `window.__releaseReady()`
#: (the boot watchdog allows 30 s; the heartbeat only watches requests). The
#: held message is dispatched again on release, to whoever listens then (the
#: early script or the engine client that took the worker over from it).
HOLD_READY_SCRIPT = """
(() => {
  const add = Worker.prototype.addEventListener;
  const remove = Worker.prototype.removeEventListener;
  const wrappers = new WeakMap();
  const held = [];
  let holding = true;
  Worker.prototype.addEventListener = function (type, listener, options) {
    if (type !== "message" || typeof listener !== "function") {
      return add.call(this, type, listener, options);
    }
    const wrapper = function (event) {
      if (!(holding && event.data?.kind === "ready")) return listener.call(this, event);
      if (!held.some(([, seen]) => seen === event)) held.push([this, event]);
    };
    wrappers.set(listener, wrapper);
    return add.call(this, type, wrapper, options);
  };
  Worker.prototype.removeEventListener = function (type, listener, options) {
    return remove.call(this, type, wrappers.get(listener) ?? listener, options);
  };
  window.__readyHeld = () => held.length > 0;
  window.__releaseReady = () => {
    holding = false;
    for (const [worker, event] of held.splice(0)) {
      worker.dispatchEvent(new MessageEvent("message", { data: event.data }));
    }
  };
})();
"""


def test_a_tab_still_starting_restores_the_hand_as_the_other_tab_moved_it(table: Any) -> None:
    first = table.page
    open_mid_hand(first, table.site.url)
    # The second tab has read the save; the first plays on before the second's engine restores it.
    second = table.new_page()
    second.add_init_script(HOLD_READY_SCRIPT)
    second.goto(table.site.url)
    second.wait_for_function("() => window.__readyHeld()", timeout=120_000)
    take_turn(first)
    wait_my_turn_or_over(first)
    moved_on = position(first)
    second.evaluate("window.__releaseReady()")
    wait_ready(second)
    wait_my_turn_or_over(second)
    assert position(second) == moved_on
    wait_told_elsewhere(first)
    second.reload()  # (the script holds "ready" again)
    second.wait_for_function("() => window.__readyHeld()", timeout=120_000)
    second.evaluate("window.__releaseReady()")
    wait_ready(second)
    wait_my_turn_or_over(second)
    assert position(second) == moved_on


def test_the_session_score_counts_a_hand_finished_in_each_tab(table: Any) -> None:
    first = table.page
    open_page(first, f"{table.site.url}#deal={SHORT_DEAL}")
    play_until(first)
    assert is_over(first)

    second = table.new_page()
    open_page(second, f"{table.site.url}#deal={SHORT_DEAL}")
    play_until(second)
    assert is_over(second)
    record = json.loads(second.evaluate("localStorage.getItem('paodekuai.session')"))
    assert record["hands"] == 2  # both tabs' hands, not the last writer's alone
    assert int(session_total(second)) == record["totals"][0]  # shown signed: "+128"
    # The first tab's bar follows the record the other tab wrote.
    first.wait_for_function(
        "t => Number(document.querySelector('[data-session-total]').textContent) === t",
        arg=record["totals"][0],
    )
