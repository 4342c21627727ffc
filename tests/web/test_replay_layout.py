"""The replay's layout while it is used: its buttons stay put while stepping, each hand lies
in one row, what a tap in the coach shows comes into sight, and each of the coach's options
lies in one row."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from test_after_hand import (
    LAST_HAND_KEY,
    PENDING,
    RATING_TIMEOUT_MS,
    REPLAY_DEAL,
    finish_hand,
    open_replay,
    replay_of_deal_at,
    replay_step,
    stored,
)
from test_coach_replay import tap_the_last_option_not_played

#: The Next button's box, and what the parts above it measure (to say why it moved).
NEXT_BOX = """() => {
  const r = document.querySelector('[data-action=replay-next]').getBoundingClientRect();
  const h = sel => [...document.querySelectorAll(sel)]
    .map(e => Math.round(e.getBoundingClientRect().height));
  return {box: [r.left, r.top, r.width, r.height].map(Math.round),
          seats: h('[data-replay-seat]'), caption: h('[data-replay-caption]')};
}"""


@pytest.mark.parametrize("size", [(390, 844), (844, 390)], ids=["portrait", "landscape"])
def test_the_replays_buttons_stay_put_while_stepping_through_a_whole_hand(
    open_table: Callable[..., Any], size: tuple[int, int]
) -> None:
    page = replay_of_deal_at(open_table, size)
    page.keyboard.press("Home")
    last = int(page.get_attribute("[data-replay]", "data-last") or "0")
    assert last > 10
    first = page.evaluate(NEXT_BOX)
    seen = []
    for step in range(1, last):
        page.click("[data-action=replay-next]")
        page.wait_for_selector(f'[data-replay][data-step="{step}"]')
        here = page.evaluate(NEXT_BOX)
        seen.append((step, here))
        assert here["box"] == first["box"], (size, first, seen)
    assert replay_step(page) == last - 1


#: Each hand's cards: their tops, whether they stay inside the hand's box, and their height.
HAND_ROWS = """() => [0, 1, 2].map(s => {
  const hand = document.querySelector(`[data-replay-hand="${s}"]`).getBoundingClientRect();
  const cards = [...document.querySelectorAll(`[data-replay-hand="${s}"] [data-card]`)]
    .map(e => e.getBoundingClientRect());
  return {cards: cards.length, tops: [...new Set(cards.map(r => Math.round(r.top)))],
          inside: cards.every(r => r.left >= hand.left - 0.5 && r.right <= hand.right + 0.5),
          visible: cards.slice(0, -1).map((r, i) => Math.round(cards[i + 1].left - r.left)),
          height: Math.min(...cards.map(r => r.height))};
})"""


@pytest.mark.parametrize(
    "size", [(1366, 768), (844, 390), (390, 844)], ids=["laptop", "landscape", "portrait"]
)
def test_each_replayed_hand_of_the_deal_lies_in_one_row(
    open_table: Callable[..., Any], size: tuple[int, int]
) -> None:
    page = replay_of_deal_at(open_table, size)
    page.keyboard.press("Home")
    page.wait_for_selector('[data-replay][data-step="0"]')
    hands = page.evaluate(HAND_ROWS)
    for hand in hands:
        assert hand["cards"] == 16, (size, hands)
        assert len(hand["tops"]) == 1, (size, hands)
        assert hand["inside"], (size, hands)
        # overlapped, each card still shows its rank and suit
        assert min(hand["visible"]) >= 14, (size, hands)
        if size[0] >= 1100:  # read from a desk's distance: not phone-sized tiles
            assert hand["height"] >= 32, (size, hands)


#: The replay's cards (each seat's hand and play) whose rank or suit is cut: drawn past the
#: card's own right edge, or under the card laid over it (the next one in its row).
CUT_CARDS = """() => [...document.querySelectorAll('[data-replay-seats] .mini-hand')]
  .flatMap(row => {
  const cards = [...row.querySelectorAll(':scope > [data-card]')];
  return cards.flatMap((card, i) => {
    const box = card.getBoundingClientRect();
    const edge = Math.min(box.right, i + 1 < cards.length
      ? cards[i + 1].getBoundingClientRect().left : Infinity);
    const marks = [card.querySelector('.mini-rank'), card.querySelector('.suit-shape')];
    const cut = marks.some(mark => !mark || mark.getBoundingClientRect().right > edge + 0.5
      || mark.getBoundingClientRect().left < box.left - 0.5);
    const rights = marks.map(m => m && Math.round(m.getBoundingClientRect().right));
    return cut ? [[card.dataset.card, Math.round(box.left), Math.round(box.right),
                   Math.round(edge), rights]] : [];
  });
})"""


@pytest.mark.parametrize(
    "size",
    [(844, 390), (390, 844), (360, 640), (1366, 768)],
    ids=["landscape", "portrait", "small", "laptop"],
)
def test_every_replayed_card_shows_its_rank_and_suit_whole(
    open_table: Callable[..., Any], size: tuple[int, int]
) -> None:
    """A 10 told from another 10 by its suit: no card of a hand or a play covers another's."""
    page = replay_of_deal_at(open_table, size)
    page.keyboard.press("Home")
    page.wait_for_selector('[data-replay][data-step="0"]')
    last = int(page.get_attribute("[data-replay]", "data-last") or "0")
    assert page.evaluate(CUT_CARDS) == [], (size, "step 0")
    for step in range(1, min(last, 16)):
        page.click("[data-action=replay-next]")
        page.wait_for_selector(f'[data-replay][data-step="{step}"]')
        assert page.evaluate(CUT_CARDS) == [], (size, step)


#: Whether the element lies in the viewport and in the visible box of each box that scrolls it
#: (its top at least, when it is taller than what shows it).
IN_SIGHT = """sel => {
  const el = document.querySelector(sel);
  const r = el.getBoundingClientRect();
  const fits = (top, bottom) => r.top >= top - 1 && r.top < bottom
    && (r.bottom <= bottom + 1 || r.height > bottom - top);
  if (!fits(0, innerHeight)) return false;
  for (let box = el.parentElement; box; box = box.parentElement) {
    const style = getComputedStyle(box);
    if (!/(auto|scroll)/.test(style.overflowY)) continue;
    const b = box.getBoundingClientRect();
    if (!fits(b.top, b.bottom)) return false;
  }
  return true;
}"""


def wait_in_sight(page: Any, selector: str) -> bool:
    for _ in range(40):  # (a smooth scroll takes a moment)
        if page.evaluate(IN_SIGHT, selector):
            return True
        page.wait_for_timeout(50)
    return False


@pytest.mark.parametrize("size", [(360, 640), (390, 844)], ids=["small", "phone"])
def test_what_a_tap_in_the_coach_shows_comes_into_sight(
    open_table: Callable[..., Any], size: tuple[int, int]
) -> None:
    table = open_table({"width": size[0], "height": size[1]})
    page = table.page
    _, play = tap_the_last_option_not_played(page, table.site.url)
    # The option tapped far down the coach's list: drawn on the replay table, in sight.
    assert wait_in_sight(page, "[data-replay-seats]"), page.evaluate(
        "() => document.querySelector('[data-replay-seats]').getBoundingClientRect().toJSON()"
    )
    assert wait_in_sight(page, play)
    # Back at the table, the player taps another decision below: its detail comes into sight.
    chips = page.eval_on_selector_all(
        "[data-replay] [data-review-step]", "els => els.map(e => e.dataset.reviewStep)"
    )
    current = page.get_attribute(
        "[data-replay] [data-review-step][aria-current]", "data-review-step"
    )
    other = next(chip for chip in reversed(chips) if chip != current)
    page.evaluate("() => document.querySelector('[data-replay]').scrollTo(0, 0)")
    page.wait_for_timeout(300)
    page.click(f'[data-replay] [data-review-step="{other}"]')
    page.wait_for_selector(f'[data-replay] [data-review-step="{other}"][aria-current]')
    # Its verdict comes into sight under the coach's summary and chips, which stay in sight.
    assert wait_in_sight(page, "[data-review-detail] .coach-verdict"), page.evaluate(
        "() => document.querySelector('[data-review-detail]').getBoundingClientRect().toJSON()"
    )
    assert wait_in_sight(page, "[data-review-summary]")
    assert wait_in_sight(page, f'[data-replay] [data-review-step="{other}"]')


#: Each of the coach's options shown: its cards', its words' and its points' boxes.
OPTION_BOXES = """() => [...document.querySelectorAll('[data-replay] [data-review-option]')]
  .map(o => {
    const box = el => {
      const r = el.getBoundingClientRect();
      return [r.left, r.top, r.right, r.bottom];
    };
    return {option: box(o), cards: box(o.querySelector('.coach-option-cards')),
            words: box(o.querySelector('.coach-option-words')),
            points: box(o.querySelector('.expected'))};
  })"""


@pytest.mark.parametrize("size", [(390, 844), (844, 390)], ids=["portrait", "landscape"])
def test_each_of_the_coachs_options_lies_in_one_row(
    open_table: Callable[..., Any], size: tuple[int, int]
) -> None:
    """An option's cards, its name and its points side by side, as on a portrait phone: in
    landscape a line of cards above each option's name left two options to a screen."""
    table = open_table({"width": size[0], "height": size[1]})
    page = table.page
    finish_hand(page, table.site.url, REPLAY_DEAL)
    open_replay(page)
    page.wait_for_selector(PENDING, state="detached", timeout=RATING_TIMEOUT_MS)
    reviews = stored(page, LAST_HAND_KEY)["reviews"]
    step = max(reviews, key=lambda s: len(reviews[s].get("options", [])))
    page.click(f'[data-replay] [data-review-step="{step}"]')
    page.wait_for_selector("[data-replay] [data-review-option]")
    options = page.evaluate(OPTION_BOXES)
    assert len(options) >= 3, options
    for option in options:
        cards, words, points = option["cards"], option["words"], option["points"]
        assert cards[2] <= words[0] + 0.5 and words[2] <= points[0] + 0.5, option
        # one row: the words lie level with the cards, not under them
        assert words[1] < cards[3] and cards[1] < words[3], option
