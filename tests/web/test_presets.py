"""Each preset chosen in Settings, played to the end: the hand size, who
opens, and the result panel showing that preset's settlement, the same as
the engine's when the saved hand is replayed in CPython."""

from __future__ import annotations

from typing import Any

import pytest
from table_features import (
    HAND_SIZE,
    PRESETS,
    compact15_deal_held_by,
    deal_with_preset,
    engine_settlement,
    read_save,
    result_rows,
    short,
    signed,
)
from web_table import (
    counts,
    hand,
    is_over,
    open_page,
    play_until,
    take_turn,
    wait_moves_beyond,
    wait_my_turn_or_over,
)

#: The club's timer must not run out while the test thinks (that is test_club_timer's job).
SLOW_TIMER = "?turn-seconds=300"


@pytest.mark.parametrize("preset", PRESETS)
def test_a_hand_to_the_end_shows_the_presets_settlement(table: Any, preset: str) -> None:
    page = table.page
    open_page(page, table.site.url + SLOW_TIMER)
    deal_with_preset(page, preset)
    assert len(hand(page)) == HAND_SIZE[preset]
    assert counts(page)[0] == HAND_SIZE[preset]
    assert max(counts(page)) <= HAND_SIZE[preset]
    play_until(page, max_turns=120)
    assert is_over(page)

    saved = read_save(page)
    assert saved["game"]["rules"] == preset
    settlement = engine_settlement(saved)
    rows = result_rows(page)
    totals = [
        int(page.text_content(f'[data-result] [data-total="{seat}"]') or "x") for seat in range(3)
    ]
    assert sum(totals) == 0
    assert totals == settlement["total"]
    for seat, row in enumerate(rows):
        assert row["cards_left"] == str(settlement["cards_left"][seat])
        assert row["bombs"] == signed(settlement["bombs"][seat])
        assert row["total"] == signed(settlement["total"][seat])
        assert (row["shut_out"] != "—") == settlement["shut_out"][seat], row
    # Under the table, a reminder of how this preset scores.
    footer = page.text_content("[data-result-footer]") or ""
    reminder = {
        "standard": "winning bomb",
        "classic16": "+4",
        "compact15": "+4",
        "club": "one card left pays nothing",
    }[preset]
    assert reminder in footer, footer


@pytest.mark.parametrize("holder", [0, 2])
def test_compact15_shows_the_face_up_card_and_its_holder_opens(table: Any, holder: int) -> None:
    page = table.page
    # (the engine's replies held back 1.5 s: the card is read before a computer holder opens)
    open_page(page, f"{table.site.url}?reply-delay=1500#deal={compact15_deal_held_by(holder)}")
    face_up = read_save(page)["view"]["face_up"]
    assert face_up["seat"] == holder
    assert len(hand(page)) == HAND_SIZE["compact15"]
    note = page.locator("[data-face-up]")
    assert note.is_visible()
    text = note.text_content() or ""
    name = (page.text_content(f'[data-seat="{holder}"] [data-seat-name]') or "").strip()
    assert short(face_up["card"]) in text
    assert name in text
    assert (face_up["card"] in hand(page)) == (holder == 0)
    # The holder makes the hand's first play; then the felt gives the card's room to the plays
    # (on a small phone it pushed its holder's play onto yours), and your hand keeps its mark.
    if holder == 0:
        wait_my_turn_or_over(page)
        assert read_save(page)["view"]["history"] == []
        take_turn(page)
    else:
        wait_moves_beyond(page, 0)
    assert read_save(page)["view"]["history"][0]["seat"] == holder
    note.wait_for(state="hidden")
    marked = page.eval_on_selector_all(
        "[data-hand] [data-card].face-up-card", "els => els.map(e => e.dataset.card)"
    )
    assert marked == ([face_up["card"]] if face_up["card"] in hand(page) else [])


def test_compact15s_face_up_card_leaves_the_felt_after_the_first_trick(table: Any) -> None:
    """Drawn above its holder's play, the card pushed that play down onto yours on a small
    phone all hand long: it is on the felt at the deal, and gone once the first trick is over
    (from its holder's opening on), while your hand keeps its mark."""
    page = table.page
    # (the engine's replies held back 1.5 s: the card is read before West opens)
    open_page(page, f"{table.site.url}?reply-delay=1500#deal={compact15_deal_held_by(1)}")
    card = read_save(page)["view"]["face_up"]["card"]
    assert page.eval_on_selector_all(
        "[data-face-up] [data-card]", "els => els.map(e => e.dataset.card)"
    ) == [card]

    def first_trick_over(p: Any) -> bool:
        return int(read_save(p)["view"].get("trick_start") or 0) > 0

    play_until(page, stop=first_trick_over)
    assert first_trick_over(page)
    assert not page.is_visible("[data-face-up]")
    assert page.locator("[data-face-up] [data-card]").count() == 0


#: Times (performance.now) at which the face-up card's place on the felt was shown and hidden.
FACE_UP_TIMES = """
window.__faceUp = [];
new MutationObserver((changes) => {
  for (const change of changes) {
    if (change.target.matches?.('[data-face-up]')) {
      window.__faceUp.push([change.target.hidden ? 'hidden' : 'shown', performance.now()]);
    }
  }
}).observe(document, {subtree: true, attributes: true, attributeFilter: ['hidden']});
"""


def test_compact15s_face_up_card_held_by_a_computer_stays_in_sight_to_be_read(
    open_table: Any,
) -> None:
    """A computer seat holding the face-up card opens with it: the card lies on the felt by
    that seat long enough to be read before the lead, over a second at the fast speed the
    tests use (two at normal speed). After the usual pause of a computer's move it was gone
    in 0.3 s at fast speed, 0.6 s at normal."""
    browsing = open_table()
    browsing.context.add_init_script(FACE_UP_TIMES)
    page = browsing.page
    open_page(page, f"{browsing.site.url}#deal={compact15_deal_held_by(1)}")
    wait_moves_beyond(page, 0)
    page.locator("[data-face-up]").wait_for(state="hidden")
    times = page.evaluate("window.__faceUp")
    shown = next(t for what, t in times if what == "shown")
    hidden = next(t for what, t in times if what == "hidden" and t > shown)
    assert hidden - shown >= 1000, times
    assert read_save(page)["view"]["history"][0]["seat"] == 1


def test_a_computer_seat_holding_compact15s_face_up_card_is_flagged_until_it_plays_it(
    table: Any,
) -> None:
    """Once the card has left the felt, the seat that holds it says which card it is under
    its fan (a player counting cards must know where it is) while it holds it."""
    page = table.page
    open_page(page, f"{table.site.url}#deal={compact15_deal_held_by(1)}")
    card = read_save(page)["view"]["face_up"]["card"]
    flag = '[data-seat="1"] [data-flag]'

    def opened(p: Any) -> bool:
        return len(read_save(p)["view"]["history"]) > 0

    play_until(page, stop=opened)
    view = read_save(page)["view"]
    assert view["face_up_held"] and not view["last_card"][1], view
    assert (page.text_content(flag) or "").strip() == f"Face-up {short(card)}"

    def card_played(p: Any) -> bool:
        return not read_save(p)["view"]["face_up_held"]

    # Played, or kept to the end of the hand, where that seat's cards lie face up.
    play_until(page, stop=card_played)
    assert card_played(page) or is_over(page)
    assert short(card) not in (page.text_content(flag) or "")
