"""The coach a player can trust: forced decisions shown as forced and left out of every
count, every option the search rated listed with its cards (drawn as the table draws
cards) and its marks, an option drawn on the replay table when chosen, and the verdict's
reason."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from test_after_hand import (
    LAST_HAND_KEY,
    PENDING,
    RATING_TIMEOUT_MS,
    REPLAY_DEAL,
    engine_replay,
    finish_hand,
    open_replay,
    open_replay_as_first_drawn,
    replay_step,
    reviewed_steps,
    stored,
)

CHIPS = """() => [...document.querySelectorAll('[data-replay] [data-review-step]')]
                .map(e => [Number(e.dataset.reviewStep), e.dataset.verdict])"""


def cards_of(page: Any, selector: str, attribute: str = "card") -> list[str]:
    codes: list[str] = page.eval_on_selector_all(
        selector, f"els => els.map(e => e.dataset.{attribute})"
    )
    return codes


def test_forced_decisions_count_for_nothing_and_every_option_shows_its_cards(table: Any) -> None:
    page = table.page
    game = finish_hand(page, table.site.url, REPLAY_DEAL)
    expected = engine_replay(game)
    decisions, forced = expected["decisions"], expected["forced"]
    choices = [step for step in decisions if step not in forced]
    assert forced and choices, expected  # the deal has both kinds, however the hand went

    open_replay(page)
    # The forced ones are marked at once: the replay says so, no search is needed.
    chips = dict(page.evaluate(CHIPS))
    assert [step for step, verdict in chips.items() if verdict == "forced"] == forced, chips

    # (each rating is seconds of search in the worker, more on a busy machine)
    # Ratings come one by one (seconds of search each): take the first two that come.
    page.wait_for_function(
        """n => document.querySelectorAll('[data-replay] [data-review-step]:not('
             + '[data-verdict=pending]):not([data-verdict=forced]):not([data-verdict=failed])')
             .length >= n""",
        arg=min(2, len(choices)),
        timeout=4 * RATING_TIMEOUT_MS,
    )
    seen = page.evaluate(
        """() => ({chips: [...document.querySelectorAll('[data-replay] [data-review-step]')]
                     .map(e => [Number(e.dataset.reviewStep), e.dataset.verdict]),
                   summary: document.querySelector('[data-review-summary]').textContent})"""
    )
    chips = dict(seen["chips"])
    assert all(chips[step] == "forced" for step in forced), chips
    rated = [step for step in choices if chips[step] not in ("pending", "failed")]
    assert all(chips[step] != "forced" for step in rated), chips
    # Only the decisions with a choice are searched, and only they count.
    assert reviewed_steps(page) <= set(choices)
    good = sum(1 for step in rated if chips[step] in ("best", "good"))
    assert f"best or good: {good} of {len(rated)}" in seen["summary"], seen

    # A forced decision says so and lists nothing to compare.
    page.click(f'[data-replay] [data-review-step="{forced[0]}"]')
    assert page.get_attribute("[data-review-detail]", "data-verdict") == "forced"
    assert page.locator("[data-review-option]").count() == 0

    reviews = stored(page, LAST_HAND_KEY)["reviews"]
    for step in rated:
        review = reviews[str(step)]
        page.click(f'[data-replay] [data-review-step="{step}"]')
        assert replay_step(page) == step
        detail = page.locator("[data-review-detail]")
        assert detail.get_attribute("data-verdict") == review["verdict"]
        assert review["text"]["en"] in (detail.text_content() or "")
        why = page.locator("[data-review-why]")
        if review["why"]:
            assert why.text_content() == review["why"]["en"]
        else:
            assert why.count() == 0
        # Every option, in the engine's order, with its own cards and its marks.
        options = page.locator("[data-review-option]")
        assert options.count() == len(review["options"])
        for index, option in enumerate(review["options"]):
            button = f'[data-review-option="{index}"]'
            shown = cards_of(page, f"{button} [data-option-card]", "optionCard")
            assert shown == (option["cards"] or []), (step, index, shown)
            assert page.locator(f"{button}[data-played]").count() == int(option["played"])
            assert page.locator(f"{button}[data-best]").count() == int(option["best"])
            # drawn as the table draws a card
            assert page.locator(f"{button} .card .face").count() == len(option["cards"] or [])

    # Choosing another option draws it in front of you, your hand without its cards.
    step, index, option = next(
        (step, index, option)
        for step in rated
        for index, option in enumerate(reviews[str(step)]["options"])
        if not option["played"] and option["cards"]
    )
    page.click(f'[data-replay] [data-review-step="{step}"]')
    assert replay_step(page) == step
    before = expected["steps"][step - 1]["hands"][0]
    page.click(f'[data-review-option="{index}"]')
    page.wait_for_selector('[data-replay-play="0"][data-replay-option]')
    assert sorted(cards_of(page, '[data-replay-play="0"] [data-card]')) == sorted(option["cards"])
    assert cards_of(page, '[data-replay-hand="0"] [data-card]') == [
        code for code in before if code not in option["cards"]
    ]
    assert page.get_attribute(f'[data-review-option="{index}"]', "aria-pressed") == "true"
    # Again: back to what was played.
    page.click(f'[data-review-option="{index}"]')
    page.wait_for_selector('[data-replay-play="0"][data-replay-option]', state="detached")
    after = expected["steps"][step]["hands"][0]
    assert cards_of(page, '[data-replay-hand="0"] [data-card]') == after


# Where each of the coach's decisions and its verdict's detail sit on screen.
PLACES = """() => [...document.querySelectorAll(
                 '[data-replay] [data-review-step], [data-replay] [data-review-detail]')]
             .map(e => { const r = e.getBoundingClientRect();
                         return [Math.round(r.left), Math.round(r.top), Math.round(r.width)]; })"""


@pytest.mark.parametrize("size", [(390, 844), (1366, 768)], ids=["phone", "laptop"])
def test_ratings_arriving_never_move_the_decisions_under_a_finger(
    open_table: Callable[..., Any], size: tuple[int, int]
) -> None:
    table = open_table({"width": size[0], "height": size[1]})
    page = table.page
    finish_hand(page, table.site.url, REPLAY_DEAL)
    pending = f"document.querySelectorAll('{PENDING}').length"
    probe = f"() => ({{pending: {pending}, places: ({PLACES})()}})"
    first = open_replay_as_first_drawn(page, probe)
    assert first["pending"] > 0  # ratings are still to come
    before = first["places"]
    page.wait_for_selector(PENDING, state="detached", timeout=RATING_TIMEOUT_MS)
    # every rating is in, the progress is gone, the summary written: the chips stay put
    assert (page.text_content("[data-review-summary]") or "").strip()
    assert page.evaluate(PLACES) == before


def tap_the_last_option_not_played(page: Any, url: str) -> tuple[int, str]:
    """Play REPLAY_DEAL out, open its replay once every rating is in, and tap the last option
    of a decision that is not your play: its index, and the replay table's play drawn for it."""
    finish_hand(page, url, REPLAY_DEAL)
    open_replay(page)
    page.wait_for_selector(PENDING, state="detached", timeout=RATING_TIMEOUT_MS)
    reviews = stored(page, LAST_HAND_KEY)["reviews"]
    step, index = next(
        (int(step), index)
        for step, review in reviews.items()
        for index, option in reversed(list(enumerate(review.get("options", []))))
        if not option["played"] and option["cards"]
    )
    page.click(f'[data-replay] [data-review-step="{step}"]')
    option = page.locator(f'[data-review-option="{index}"]')
    option.scroll_into_view_if_needed()
    option.click()
    play = '[data-replay-play="0"][data-replay-option]'
    page.wait_for_selector(play)
    return index, play


def test_an_option_tapped_far_down_the_list_is_drawn_in_sight_on_a_phone(
    open_table: Callable[..., Any],
) -> None:
    table = open_table({"width": 390, "height": 844})
    page = table.page
    _, play = tap_the_last_option_not_played(page, table.site.url)
    # The panel scrolls (smoothly) until your play on the replay table is in sight.
    in_sight = """sel => { const r = document.querySelector(sel).getBoundingClientRect();
                           return r.top >= -1 && r.bottom <= innerHeight + 1; }"""
    for _ in range(40):
        if page.evaluate(in_sight, play):
            break
        page.wait_for_timeout(50)
    assert page.evaluate(in_sight, play), page.evaluate(
        """sel => [document.querySelector(sel).getBoundingClientRect().toJSON(), innerHeight,
                  document.querySelector('[data-replay]').scrollTop,
                  document.scrollingElement.scrollTop]""",
        play,
    )
    # The caption says what the option is: on two lines if need be, its box grows and the
    # replay's buttons move down (a caption held to one line ran over them).
    caption = page.evaluate(
        """() => { const c = document.querySelector('[data-replay-caption]');
                   const nav = document.querySelector('.replay-controls');
                   return {text: c.textContent, height: c.clientHeight, needs: c.scrollHeight,
                           bottom: c.getBoundingClientRect().bottom,
                           buttons: nav.getBoundingClientRect().top}; }"""
    )
    assert caption["needs"] <= caption["height"] + 1, caption
    assert caption["bottom"] <= caption["buttons"] + 1, caption


#: Whether the whole of each element the selector names lies on the screen, its middle not
#: hidden (by a scrolled box that clips it, or anything over it).
ALL_IN_SIGHT = """sel => [...document.querySelectorAll(sel)].map(el => {
  const r = el.getBoundingClientRect();
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return r.top >= -1 && r.left >= -1 && r.bottom <= innerHeight + 1 && r.right <= innerWidth + 1
    && (hit === el || el.contains(hit) || hit?.closest('button') === el);
})"""


BOXES = "sel => [...document.querySelectorAll(sel)].map(e => e.getBoundingClientRect().toJSON())"


def test_on_a_phone_on_its_side_the_coachs_options_leave_the_replayed_table_in_sight(
    open_table: Callable[..., Any],
) -> None:
    table = open_table({"width": 844, "height": 390})
    page = table.page
    index, play = tap_the_last_option_not_played(page, table.site.url)
    page.wait_for_timeout(800)  # any smooth scroll has ended
    # The option tapped, the table it is drawn on (every seat, its cards and its play),
    # the caption and the replay's buttons: all on the screen at once.
    for selector in (
        f'[data-review-option="{index}"]',
        "[data-replay-seats] .replay-seat",
        play,
        "[data-replay-caption]",
        ".replay-controls button",
    ):
        boxes = page.evaluate(BOXES, selector)
        assert all(page.evaluate(ALL_IN_SIGHT, selector)), (selector, boxes)
