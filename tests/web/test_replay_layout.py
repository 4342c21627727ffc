"""The replay's layout while it is used: its buttons stay put while stepping, each hand lies
in one row."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from test_after_hand import (
    REPLAY_DEAL,
    finish_hand,
    open_replay,
    replay_step,
)

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
    table = open_table({"width": size[0], "height": size[1]})
    page = table.page
    finish_hand(page, table.site.url, REPLAY_DEAL)
    open_replay(page)
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


#: Each hand's cards: their tops, and whether they stay inside the hand's box.
HAND_ROWS = """() => [0, 1, 2].map(s => {
  const hand = document.querySelector(`[data-replay-hand="${s}"]`).getBoundingClientRect();
  const cards = [...document.querySelectorAll(`[data-replay-hand="${s}"] [data-card]`)]
    .map(e => e.getBoundingClientRect());
  return {cards: cards.length, tops: [...new Set(cards.map(r => Math.round(r.top)))],
          inside: cards.every(r => r.left >= hand.left - 0.5 && r.right <= hand.right + 0.5),
          visible: cards.slice(0, -1).map((r, i) => Math.round(cards[i + 1].left - r.left))};
})"""


@pytest.mark.parametrize(
    "size", [(1366, 768), (844, 390), (390, 844)], ids=["laptop", "landscape", "portrait"]
)
def test_each_replayed_hand_of_the_deal_lies_in_one_row(
    open_table: Callable[..., Any], size: tuple[int, int]
) -> None:
    table = open_table({"width": size[0], "height": size[1]})
    page = table.page
    finish_hand(page, table.site.url, REPLAY_DEAL)
    open_replay(page)
    page.keyboard.press("Home")
    page.wait_for_selector('[data-replay][data-step="0"]')
    hands = page.evaluate(HAND_ROWS)
    for hand in hands:
        assert hand["cards"] == 16, (size, hands)
        assert len(hand["tops"]) == 1, (size, hands)
        assert hand["inside"], (size, hands)
        # overlapped, each card still shows its rank and suit
        assert min(hand["visible"]) >= 14, (size, hands)
