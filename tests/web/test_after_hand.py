"""After the hand: the replay (every step with all hands face up, checked
against the engine's own replay), the coach's ratings arriving while the page
stays usable, leaving the replay stopping them, the replay surviving a reload,
the deal link and "Play this deal again", and the statistics across reloads."""

from __future__ import annotations

import importlib
import json
import re
from collections.abc import Callable
from typing import Any

from table_features import choose
from web_table import (
    hand,
    is_over,
    menu_click,
    open_page,
    play_until,
    wait_my_turn_or_over,
    wait_ready,
    wait_still,
)

#: Deals where playing the first hint every turn against Easy ends the hand soon
#: (found with the engine; the tests do not depend on how the hand goes).
SHORT_DEAL = "A0000207"  # about 4 actions: the stats test
REPLAY_DEAL = "A0000343"  # about 19 actions, 7 of them yours: the replay tests
LAST_HAND_KEY = "paodekuai.lastHand"
SAVE_KEY = "paodekuai.save"
STATS_KEY = "paodekuai.stats"
#: A rating plays every candidate out on common worlds until its verdict is settled:
#: from under a second to several seconds in the worker, more on a busy machine.
RATING_TIMEOUT_MS = 360_000

PENDING = "[data-replay] [data-review-steps] [data-verdict=pending]"
RATED = (
    "[data-replay] [data-review-steps] [data-verdict]"
    ":not([data-verdict=pending]):not([data-verdict=failed])"
)


def engine_replay(game: dict[str, Any]) -> Any:
    """The engine's replay of a finished game, computed here in Python (not in the page)."""
    return importlib.import_module("paodekuai.review").replay(game)


def stored(page: Any, key: str) -> Any:
    return json.loads(page.evaluate("key => localStorage.getItem(key)", key) or "null")


def finish_hand(page: Any, url: str, code: str) -> dict[str, Any]:
    """Deal `code`, play it out by hints, return the finished game from the save."""
    open_page(page, f"{url}#deal={code}")
    play_until(page, max_turns=80)
    assert is_over(page)
    save = stored(page, SAVE_KEY)
    assert save["view"]["over"]
    game: dict[str, Any] = save["game"]
    return game


def open_replay(page: Any) -> None:
    page.click("[data-result] [data-action=replay]")
    page.wait_for_selector("[data-replay]:not([hidden])[data-step]")


def open_replay_as_first_drawn(page: Any, probe: str) -> Any:
    """Open the replay and return `probe` (the text of a JS function of no arguments) run in
    the task that first draws the coach's row of decisions. Ratings come back in a tenth of
    a second each here: by the time Playwright looks again, all may be in."""
    return page.evaluate(
        f"""() => new Promise(resolve => {{
            const panel = document.querySelector('[data-replay]');
            const probe = {probe};
            const observer = new MutationObserver(() => {{
                if (!panel.querySelector('[data-review-steps] [data-verdict]')) return;
                observer.disconnect();
                resolve(probe());
            }});
            observer.observe(panel, {{subtree: true, childList: true, attributes: true}});
            document.querySelector('[data-result] [data-action=replay]').click();
        }})"""
    )


def replay_of_deal_at(open_table: Callable[..., Any], size: tuple[int, int]) -> Any:
    """A fresh page at `size` with REPLAY_DEAL played out and its replay open: the page."""
    table = open_table({"width": size[0], "height": size[1]})
    finish_hand(table.page, table.site.url, REPLAY_DEAL)
    open_replay(table.page)
    return table.page


def replay_step(page: Any) -> int:
    return int(page.get_attribute("[data-replay]", "data-step") or "-1")


def replay_hands(page: Any) -> list[list[str]]:
    hands: list[list[str]] = page.evaluate(
        """() => [0, 1, 2].map(s => [...document.querySelectorAll(
             `[data-replay-hand="${s}"] [data-card]`)].map(e => e.dataset.card))"""
    )
    return hands


def review_requests(page: Any) -> int:
    """Review replies the page has had, each a slice of a rating (the engine client
    measures each round trip)."""
    n: int = page.evaluate("performance.getEntriesByName('pdk:rtt:review').length")
    return n


def reviewed_steps(page: Any) -> set[int]:
    """The decisions the page has asked the engine to rate."""
    steps: list[int] = page.evaluate(
        "performance.getEntriesByName('pdk:rtt:review').map(e => e.detail.step)"
    )
    return set(steps)


def signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


def test_replay_shows_every_step_and_the_coach_rates_while_the_page_stays_usable(
    table: Any,
) -> None:
    page = table.page
    table.context.grant_permissions(["clipboard-read", "clipboard-write"])
    game = finish_hand(page, table.site.url, REPLAY_DEAL)
    expected = engine_replay(game)
    steps = expected["steps"]
    decisions = expected["decisions"]
    assert len(decisions) >= 2

    # Ratings are under way and the replay answers at once: stepping needs no engine.
    now = open_replay_as_first_drawn(
        page,
        """() => {
            const panel = document.querySelector('[data-replay]');
            const pending = document.querySelectorAll(
                '[data-review-steps] [data-verdict=pending]').length;
            const progress = document.querySelector('[data-review-progress]').textContent;
            const before = Number(panel.dataset.step);
            document.querySelector('[data-action=replay-next]').click();
            return {pending, progress, before, after: Number(panel.dataset.step)};
        }""",
    )
    assert now["pending"] > 0, now
    assert re.search(r"Rating \d+ of \d+", now["progress"]), now
    assert now["after"] == now["before"] + 1 == 1, now

    # Every step shows the three hands the engine's replay has, and the play's name.
    page.keyboard.press("Home")
    assert replay_step(page) == 0
    for index, step in enumerate(steps):
        if index:
            page.keyboard.press("ArrowRight")
        assert replay_step(page) == index
        assert replay_hands(page) == step["hands"], f"step {index}"
        caption = page.text_content("[data-replay-caption]") or ""
        if step["cards"]:
            assert step["combo"]["text"]["en"] in caption, (index, caption)
            assert sorted(
                page.eval_on_selector_all(
                    f'[data-replay-play="{step["seat"]}"] [data-card]',
                    "els => els.map(e => e.dataset.card)",
                )
            ) == sorted(step["cards"])
    page.keyboard.press("ArrowRight")  # nothing after the last step
    assert replay_step(page) == len(steps) - 1
    # The settlement at the end is the engine's.
    assert page.is_visible("[data-replay-settlement]")
    totals = [page.text_content(f'[data-replay-total="{seat}"]') for seat in range(3)]
    assert totals == [signed(n) for n in expected["settlement"]["total"]]
    page.keyboard.press("ArrowLeft")
    assert replay_step(page) == len(steps) - 2

    # Every decision gets its rating; each shows your play against the best found.
    page.wait_for_selector(RATED, timeout=RATING_TIMEOUT_MS)
    page.wait_for_selector(PENDING, state="detached", timeout=RATING_TIMEOUT_MS)
    chips = page.eval_on_selector_all(
        "[data-review-steps] [data-review-step]",
        "els => els.map(e => [Number(e.dataset.reviewStep), e.dataset.verdict])",
    )
    assert [step for step, _ in chips] == decisions
    verdicts = [verdict for _, verdict in chips]
    assert set(verdicts) <= {"best", "good", "inaccuracy", "mistake", "forced"}, verdicts
    summary = page.text_content("[data-review-summary]") or ""
    assert f"mistakes: {verdicts.count('mistake')}" in summary, summary
    assert f"inaccuracies: {verdicts.count('inaccuracy')}" in summary, summary
    compared = [step for step, verdict in chips if verdict != "forced"]
    assert compared, "every decision of the hand was forced"
    page.click(f'[data-replay] [data-review-step="{compared[0]}"]')
    assert replay_step(page) == compared[0]
    detail = page.locator("[data-review-detail]")
    assert detail.get_attribute("data-verdict") in {"best", "good", "inaccuracy", "mistake"}
    numbers = [
        float(text)
        for text in page.eval_on_selector_all(
            "[data-review-detail] .coach-compare .expected", "els => els.map(e => e.textContent)"
        )
    ]
    assert len(numbers) == 2, numbers
    loss_text = page.text_content("[data-review-detail] .coach-loss") or ""
    loss = float(re.findall(r"\d+(?:\.\d)?", loss_text)[0])  # (a loss of nothing is "0")
    assert abs((numbers[1] - numbers[0]) - loss) <= 0.11, (numbers, loss)
    # The ratings are kept with the hand (a forced decision needs none: the replay says so).
    kept = stored(page, LAST_HAND_KEY)
    searched = [step for step in decisions if step not in expected["forced"]]
    assert sorted(int(step) for step in kept["reviews"]) == searched

    # The deal link is relative to this page (any sub-path), and copies.
    page.click("[data-action=replay-copy-link]")
    link = f"{table.site.url}#deal={REPLAY_DEAL}"
    page.wait_for_function(
        """link => document.querySelector('[data-replay-link]').textContent.trim() !== ''""",
        arg=link,
    )
    shown = page.text_content("[data-replay-link]") or ""
    copied = page.evaluate("navigator.clipboard.readText().catch(() => '')")
    assert copied == link or link in shown, (copied, shown)

    # Escape leaves the replay: the finished table is back.
    page.keyboard.press("Escape")
    page.wait_for_selector("[data-replay]", state="hidden")
    assert page.is_visible("[data-result]")


def test_leaving_the_replay_stops_the_ratings_and_the_replay_survives_a_reload(
    table: Any,
) -> None:
    page = table.page
    game = finish_hand(page, table.site.url, REPLAY_DEAL)
    decisions = engine_replay(game)["decisions"]

    # Open and leave at once: at most the slice already in the worker comes back.
    open_replay(page)
    page.click("[data-action=replay-close]")
    page.wait_for_selector("[data-replay]", state="hidden")
    at_close = review_requests(page)
    page.wait_for_timeout(4000)  # several ratings' worth of time
    after = review_requests(page)
    assert after <= at_close + 1, (at_close, after)
    assert len(stored(page, LAST_HAND_KEY)["reviews"]) < len(decisions)

    # Back in, the ratings carry on from where they stopped.
    open_replay(page)
    page.wait_for_function(
        "n => performance.getEntriesByName('pdk:rtt:review').length > n",
        arg=after,
        timeout=RATING_TIMEOUT_MS,
    )
    page.keyboard.press("End")
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    step = replay_step(page)
    hands = replay_hands(page)
    rated_before = {k: v["verdict"] for k, v in stored(page, LAST_HAND_KEY)["reviews"].items()}

    # A reload shows the same replay at the same step at once, before the engine is up.
    page.reload(wait_until="domcontentloaded")
    page.wait_for_selector("[data-replay]:not([hidden])[data-step]")
    assert replay_step(page) == step
    assert replay_hands(page) == hands
    for decision, verdict in rated_before.items():
        chip = page.get_attribute(f'[data-review-step="{decision}"]', "data-verdict")
        assert chip == verdict, (decision, chip, verdict)
    wait_ready(page)

    # "Play this deal again": the same deal at the table, and no more ratings go out.
    page.wait_for_selector("[data-action=replay-again]:not([disabled])")
    page.click("[data-action=replay-again]")
    at_again = review_requests(page)
    page.wait_for_selector("[data-replay]", state="hidden")
    page.wait_for_selector("[data-result]", state="hidden")
    page.wait_for_function(
        "() => document.querySelectorAll('[data-hand] [data-card]').length === 16"
    )
    assert (page.text_content("[data-deal-code]") or "").strip() == REPLAY_DEAL
    assert hand(page) == engine_replay(game)["steps"][0]["hands"][0]
    page.wait_for_timeout(3000)
    assert review_requests(page) <= at_again + 1
    wait_my_turn_or_over(page)  # and the new hand plays


def stat(page: Any, row: str, name: str) -> str:
    return (page.text_content(f'[data-stats-row="{row}"] [data-stat="{name}"]') or "").strip()


def test_statistics_count_each_hand_once_and_survive_a_reload(table: Any) -> None:
    page = table.page
    open_page(page, f"{table.site.url}#deal={SHORT_DEAL}")
    # The difficulty counted is the one the hand was dealt at (Easy), not a later change.
    choose(page, "level", "medium")  # in the Settings dialog
    play_until(page, max_turns=80)
    settlement = stored(page, SAVE_KEY)["view"]["settlement"]
    winner = stored(page, SAVE_KEY)["view"]["winner"]
    mine = settlement["total"][0]
    given = sum(1 for seat in (1, 2) if settlement["shut_out"][seat]) if winner == 0 else 0
    taken = 1 if settlement["shut_out"][0] else 0

    def check_counted_once() -> None:
        menu_click(page, "stats")
        page.wait_for_selector("[data-stats]:not([hidden])")
        assert stat(page, "all:all", "hands") == "1"
        assert stat(page, "all:all", "wins") == ("1" if winner == 0 else "0")
        assert stat(page, "all:all", "points") == signed(mine)
        assert stat(page, "all:all", "shutOutsGiven") == str(given)
        assert stat(page, "all:all", "shutOutsTaken") == str(taken)
        assert stat(page, "level:easy", "hands") == "1"
        assert stat(page, "level:medium", "hands") == "0"
        assert stat(page, "preset:standard", "hands") == "1"

    check_counted_once()
    page.keyboard.press("Escape")
    page.wait_for_selector("[data-stats]", state="hidden")
    # A reload draws the same finished hand and its result again: still one hand.
    page.reload()
    wait_ready(page)
    page.wait_for_selector("[data-result]:not([hidden])")
    check_counted_once()

    # Reset asks first; Escape (or Cancel) keeps everything.
    page.click("[data-action=stats-reset]")
    page.wait_for_selector("[data-stats-confirm]:not([hidden])")
    page.keyboard.press("Escape")
    page.wait_for_selector("[data-stats-confirm]", state="hidden")
    assert page.is_visible("[data-stats]")
    assert stat(page, "all:all", "hands") == "1"
    page.click("[data-action=stats-reset]")
    page.click("[data-action=stats-reset-confirm]")
    assert stat(page, "all:all", "hands") == "0"
    assert stat(page, "all:all", "points") == "0"
    page.click("[data-action=stats-close]")
    # After a reload the finished hand on screen is not counted again.
    page.reload()
    wait_ready(page)
    menu_click(page, "stats")
    assert stat(page, "all:all", "hands") == "0"


def test_damaged_statistics_are_reset_with_a_message(table: Any) -> None:
    page = table.page
    damaged = {"app": "paodekuai-stats", "format": 1, "buckets": {"easy|standard": {"hands": -3}}}
    # Stored before the page's first load (once: the page then writes a good record).
    table.context.add_init_script(
        f"""if (!sessionStorage.getItem("damaged")) {{
              sessionStorage.setItem("damaged", "1");
              localStorage.setItem({json.dumps(STATS_KEY)}, {json.dumps(json.dumps(damaged))});
            }}"""
    )
    open_page(page, table.site.url)
    notice = page.locator("[data-notice]")
    assert notice.is_visible()
    assert "statistics" in (notice.text_content() or "").lower()
    assert stored(page, STATS_KEY)["buckets"] == {}
    menu_click(page, "stats")
    assert stat(page, "all:all", "hands") == "0"
    page.click("[data-action=stats-close]")
    assert len(hand(page)) == 16  # and the table plays on


def test_replay_fits_phones_and_laptops_in_both_languages(table: Any) -> None:
    page = table.page
    finish_hand(page, table.site.url, SHORT_DEAL)
    menu_click(page, "language")
    open_replay(page)
    # Every word in Chinese too: the UI's own, and the engine's names of the plays.
    assert page.get_attribute("[data-action=replay-next]", "aria-label") == "下一步"
    assert (page.text_content("[data-coach] h3") or "").strip() == "教练点评"
    page.keyboard.press("ArrowRight")
    assert re.search(r"[\u4e00-\u9fff]", page.text_content("[data-replay-caption]") or "")
    page.wait_for_selector(RATED, timeout=RATING_TIMEOUT_MS)
    detail_chip = page.get_attribute(RATED, "data-review-step")
    page.click(f'[data-replay] [data-review-step="{detail_chip}"]')
    assert re.search(r"[\u4e00-\u9fff]", page.text_content("[data-review-detail]") or "")
    for width, height in ((390, 844), (844, 390), (1366, 768)):
        page.set_viewport_size({"width": width, "height": height})
        page.keyboard.press("Home")
        wait_still(page)  # the step's cards fly home: measured where they land
        layout = page.evaluate(
            """() => {
                const panel = document.querySelector('[data-replay]');
                // (what sticks out, to say so when something does)
                const wide = [...panel.querySelectorAll('*')]
                    .filter(e => e.getBoundingClientRect().right > innerWidth + 0.5)
                    .slice(0, 3).map(e => e.tagName + '.' + e.className);
                const boxes = [...panel.querySelectorAll('[data-replay-hand] [data-card]')]
                    .map(e => e.getBoundingClientRect());
                const nav = ['first', 'prev', 'next', 'last'].map(n =>
                    document.querySelector(`[data-action=replay-${n}]`).getBoundingClientRect());
                return {
                    overflow: panel.scrollWidth - panel.clientWidth,
                    cards: boxes.length,
                    outside: boxes.filter(b => b.left < 0 || b.right > innerWidth).length,
                    nav: nav.map(b => b.top >= 0 && b.bottom <= innerHeight && b.width >= 32),
                    wide,
                };
            }"""
        )
        assert layout["overflow"] <= 0, (width, layout)
        assert layout["cards"] == 48, (width, layout)
        assert layout["outside"] == 0, (width, layout)
        assert all(layout["nav"]), (width, layout)
