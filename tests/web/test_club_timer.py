"""The club's turn timer: a visible countdown of 20 s to lead and 15 s to
follow that a dialog holds; at zero the engine plays for the person; two
timeouts in a row switch on auto-play until Stop auto; seats lit at two cards."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import TimeoutError as PlaywrightTimeout
from table_features import (
    close_panel,
    deal_with_preset,
    expected_timeout_play,
    open_settings,
    read_save,
)
from web_table import (
    counts,
    is_over,
    menu_click,
    moves,
    open_page,
    play_until,
    wait_moves_beyond,
    wait_my_turn_or_over,
)

from paodekuai import Game

SET_VISIBILITY = """state => {
  Object.defineProperty(document, 'visibilityState', {configurable: true, get: () => state});
  document.dispatchEvent(new Event('visibilitychange'));
}"""


def seconds_shown(page: Any) -> int:
    return int(page.get_attribute("[data-timer]", "data-seconds") or "-1")


def my_actions(page: Any) -> int:
    return sum(1 for entry in read_save(page)["view"]["history"] if entry["seat"] == 0)


def test_countdown_holds_for_a_dialog_then_the_engine_plays_at_zero(table: Any) -> None:
    page = table.page
    open_page(page, table.site.url)  # the real times: one turn is waited out
    deal_with_preset(page, "club")
    wait_my_turn_or_over(page)
    saved = read_save(page)
    assert saved["view"]["to_move"] == 0
    limit = 20 if saved["view"]["standing"] is None else 15
    timer = page.locator("[data-timer]")
    assert timer.is_visible()
    first = seconds_shown(page)
    assert limit - 10 <= first <= limit, (first, limit)  # (slack for a busy machine)
    label = timer.get_attribute("aria-label") or ""
    assert str(first) in label or str(first - 1) in label

    # Reading the settings holds the clock; closing them lets it run on.
    open_settings(page)
    held = seconds_shown(page)
    page.wait_for_timeout(2500)
    assert seconds_shown(page) == held
    close_panel(page)
    page.wait_for_function(
        "n => Number(document.querySelector('[data-timer]').dataset.seconds) < n", arg=held
    )
    # So does Statistics, which covers the table as much.
    menu_click(page, "stats")
    page.wait_for_selector("[data-stats]:not([hidden])")
    page.wait_for_timeout(300)  # (the hold comes with the frame that shows the panel)
    held = seconds_shown(page)
    page.wait_for_timeout(2500)
    assert seconds_shown(page) == held
    page.click("[data-action=stats-close]")
    page.wait_for_function(
        "n => Number(document.querySelector('[data-timer]').dataset.seconds) < n", arg=held
    )
    # So does a hidden page (switching apps): the browser says so with visibilitychange.
    page.evaluate(SET_VISIBILITY, "hidden")
    held = seconds_shown(page)
    page.wait_for_timeout(2500)
    assert seconds_shown(page) == held
    page.evaluate(SET_VISIBILITY, "visible")

    # At zero the engine makes the timeout play: the smallest that beats, or the lowest single.
    before = moves(page)
    wait_moves_beyond(page, before, timeout=(limit + 30) * 1000)
    action = read_save(page)["view"]["history"][before]
    assert action["seat"] == 0
    expected = expected_timeout_play(saved)
    # (the same cards: the view lists a play's in the order it reads, a trio before its two)
    assert (action["cards"] and sorted(action["cards"])) == (expected and sorted(expected))
    # The notice names the move (the trick may be swept away before the player looks).
    said = page.text_content("[data-notice]") or ""
    assert "Time is up" in said
    if action["cards"] is None:
        assert "passed for you" in said, said
    else:
        assert f"your {action['combo']['text']['en']} was played for you." in said, said
    assert page.is_hidden("[data-auto]")  # one timeout is not auto-play


def wait_auto_play(page: Any) -> None:
    """Let the turn timer run out until auto-play comes on: two timeouts of turns with a
    choice (one where nothing beats counts for nothing). A hand may end first, and the run
    goes on into the next one."""
    for _ in range(4):
        page.wait_for_selector(
            "[data-auto]:not([hidden]), [data-result]:not([hidden])", timeout=90_000
        )
        if page.is_visible("[data-auto]"):
            return
        page.click("[data-result] [data-action=new]")
        page.wait_for_selector("[data-result]", state="hidden")
    raise AssertionError("auto-play did not come on in four hands")


def test_two_timeouts_in_a_row_switch_on_auto_play_until_stop_auto(table: Any) -> None:
    page = table.page
    # Test hook (README): every turn of the person gets 3 seconds instead of 20/15.
    open_page(page, table.site.url + "?turn-seconds=3")
    deal_with_preset(page, "club")
    wait_auto_play(page)
    assert my_actions(page) >= 1
    assert "auto-play" in (page.text_content("[data-notice]") or "")
    stop = page.locator("[data-action=stop-auto]")
    assert stop.is_visible() and stop.is_enabled()
    assert page.is_hidden("[data-timer]")
    assert "locked" in (page.get_attribute("[data-hand]", "class") or "")

    # While it is on, the person's turns play themselves.
    done = my_actions(page)
    page.wait_for_function(
        """n => document.querySelector('[data-result]:not([hidden])') ||
               JSON.parse(localStorage.getItem('paodekuai.save')).view.history
                 .filter(e => e.seat === 0).length > n""",
        arg=done,
        timeout=60_000,
    )

    # Auto-play ends with its hand: if the hand is over by now (or ends before the click
    # lands), Stop auto is gone with it, and the next hand starts without auto-play.
    if not is_over(page):
        try:
            stop.click(timeout=5000)
        except PlaywrightTimeout:
            assert is_over(page), "Stop auto could not be pressed during the hand"
    page.wait_for_selector("[data-auto]", state="hidden")
    # (the hand may end meanwhile, by a computer's move: then the next one is dealt, and
    # the table waits for it to be drawn, not reading the finished one's end)
    wait_my_turn_or_over(page)
    if is_over(page):
        page.click("[data-result] [data-action=new]")
        page.wait_for_selector("[data-result]", state="hidden")
        wait_my_turn_or_over(page)
    # The next timeout is the first in a row again: it plays once, and auto-play stays off.
    assert page.is_visible("[data-timer]")
    assert 0 < seconds_shown(page) <= 3
    done = my_actions(page)
    page.wait_for_function(
        """n => JSON.parse(localStorage.getItem('paodekuai.save')).view.history
                 .filter(e => e.seat === 0).length > n""",
        arg=done,
        timeout=30_000,
    )
    assert page.is_hidden("[data-auto]")
    assert "Time is up" in (page.text_content("[data-notice]") or "")


def test_club_lights_a_seat_at_two_cards_and_at_one(table: Any) -> None:
    page = table.page
    open_page(page, table.site.url + "?turn-seconds=300")
    deal_with_preset(page, "club")

    def someone_low(p: Any) -> bool:
        return bool(
            p.evaluate(
                """() => [...document.querySelectorAll('[data-seat]')].some(s =>
                     ['1', '2'].includes(s.querySelector('[data-count]').textContent))"""
            )
        )

    for _ in range(4):
        play_until(page, stop=someone_low)
        if someone_low(page):
            break
        page.click("[data-action=new]")
        page.wait_for_selector("[data-result]", state="hidden")
    seen = counts(page)
    assert 1 in seen or 2 in seen, seen
    for seat, n in enumerate(seen):
        node = f'[data-seat="{seat}"]'
        alert = page.get_attribute(node, "data-alert")
        assert alert == (str(n) if n in (1, 2) else None), (seat, n, alert)
        assert (page.get_attribute(node, "data-warning") is not None) == (n == 1)
        label = page.get_attribute(node, "aria-label") or ""
        if n == 2:
            assert "two cards left" in label
            assert (page.text_content(f"{node} [data-flag]") or "").strip() == "Two cards!"


BOX = """sel => { const r = document.querySelector(sel).getBoundingClientRect();
  return [r.left, r.top, r.right, r.bottom]; }"""

#: Your play's cards lying on the felt (one still flying there from your hand is on its way).
PLAYED_BOXES = """() => [...document.querySelectorAll('[data-seat="0"] [data-played] [data-card]')]
  .filter(el => !document.getAnimations().some(a => a.effect?.target?.contains?.(el)))
  .map(el => { const r = el.getBoundingClientRect();
    return [r.left, r.top, r.right, r.bottom]; })"""


def overlap(a: list[float], b: list[float]) -> bool:
    return a[0] < b[2] - 0.5 and b[0] < a[2] - 0.5 and a[1] < b[3] - 0.5 and b[1] < a[3] - 0.5


def test_auto_play_says_it_once_and_moves_nothing_at_phone_sizes(open_table: Any) -> None:
    for width, height in ((390, 844), (844, 390)):
        browsing = open_table(viewport={"width": width, "height": height}, has_touch=True)
        page = browsing.page
        open_page(page, browsing.site.url + "?turn-seconds=3")
        deal_with_preset(page, "club")
        wait_my_turn_or_over(page)
        felt = page.evaluate(BOX, "[data-felt]")
        wait_auto_play(page)
        # On each of your turns while it is on: the bar says it, the status line not again.
        for _ in range(3):
            page.wait_for_function(
                """() => document.querySelector('[data-result]:not([hidden])')
                     || document.querySelector('[data-seat="0"][data-turn]')""",
                timeout=60_000,
            )
            if is_over(page):
                break
            bar = (page.text_content("[data-auto-text]") or "").strip()
            said = (page.text_content("[data-status]") or "").strip()
            assert bar and bar not in said and said not in bar, (width, bar, said)
            # The bar takes no room of its own: the felt keeps its size, and the bar lies
            # over neither the status nor your play on the felt.
            assert page.evaluate(BOX, "[data-felt]") == felt, (width, height)
            auto = page.evaluate(BOX, "[data-auto]")
            assert not overlap(auto, page.evaluate(BOX, ".status-box")), (width, height)
            for card in page.evaluate(PLAYED_BOXES):
                assert not overlap(card, page.evaluate(BOX, ".status-box")), (width, height)
                assert not overlap(card, auto), (width, height)
            page.wait_for_function(
                "() => !document.querySelector('[data-seat=\"0\"][data-turn]')"
                " || document.querySelector('[data-result]:not([hidden])')",
                timeout=60_000,
            )


def test_the_coach_rates_none_of_what_the_timer_played_for_you(table: Any) -> None:
    """A hand played out by the timer and auto-play: the replay's coach marks each of those
    decisions "Played for you" and counts none of them (they were not your choices)."""
    page = table.page
    open_page(page, table.site.url + "?turn-seconds=2")
    deal_with_preset(page, "club")
    page.wait_for_selector("[data-result]:not([hidden])", timeout=150_000)
    record = page.evaluate("JSON.parse(localStorage.getItem('paodekuai.lastHand'))")
    game = record["game"]
    mine = sorted(record_steps(game, 0))
    assert game.get("timed_out"), game  # every one of your actions was the timer's
    timed = [i + 1 for i in game["timed_out"]]
    assert set(timed) == set(mine), (timed, mine)
    page.click("[data-result] [data-action=replay]")
    page.wait_for_selector("[data-replay]:not([hidden])[data-step]")
    chips = page.evaluate(
        """() => [...document.querySelectorAll('[data-replay] [data-review-step]')]
                .map(e => [Number(e.dataset.reviewStep), e.dataset.verdict])"""
    )
    assert chips and all(verdict == "timedOut" for _, verdict in chips), chips
    assert [step for step, _ in chips] == timed
    summary = page.text_content("[data-review-summary]") or ""
    assert summary.startswith("Each of your turns was played for you"), summary


def record_steps(game: dict[str, Any], seat: int) -> set[int]:
    """The replay steps (1-based actions) that were `seat`'s: the game replayed by the engine."""
    dealt = Game.from_dict(
        {k: v for k, v in game.items() if k not in ("timed_out", "to_move", "counts")}
        | {"actions": []}
    )
    steps = set()
    for i, action in enumerate(game["actions"], start=1):
        if dealt.to_move == seat:
            steps.add(i)
        dealt.pass_turn() if action is None else dealt.play(action)
    return steps
