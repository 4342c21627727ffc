"""Each preset chosen in Settings, played to the end: the hand size, who
opens, and the result panel showing that preset's settlement, the same as
the engine's when the saved hand is replayed in CPython."""

from __future__ import annotations

from typing import Any

import pytest
from table_features import (
    HAND_SIZE,
    PRESETS,
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

from paodekuai import Game

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


def compact15_deal_held_by(seat: int) -> str:
    """The code of a compact15 deal whose face-up card seat `seat` holds."""
    for seed in range(100_000, 100_200):
        game = Game.deal(seed, "compact15")
        face_up = game.view(0)["face_up"]
        assert face_up is not None
        if face_up["seat"] == seat:
            assert game.deal_code is not None
            return game.deal_code
    raise AssertionError(f"no deal with the face-up card at seat {seat}")


@pytest.mark.parametrize("holder", [0, 2])
def test_compact15_shows_the_face_up_card_and_its_holder_opens(table: Any, holder: int) -> None:
    page = table.page
    open_page(page, f"{table.site.url}#deal={compact15_deal_held_by(holder)}")
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
    # The holder makes the hand's first play; the card stays shown for everyone.
    if holder == 0:
        wait_my_turn_or_over(page)
        assert read_save(page)["view"]["history"] == []
        take_turn(page)
    else:
        wait_moves_beyond(page, 0)
    assert read_save(page)["view"]["history"][0]["seat"] == holder
    assert note.is_visible()
