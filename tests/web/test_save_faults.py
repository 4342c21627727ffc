"""Saves that are damaged, tampered or out of reach: the hand is never stuck and
never silently lost. A save whose preview is malformed, a seedless save with
swapped cards, a deal code past what JavaScript carries exactly, a tampered
last-hand record, and storage that is full, throws or is blocked."""

from __future__ import annotations

import json
from typing import Any

from web_table import (
    hand,
    is_over,
    moves,
    notice,
    open_page,
    play_a_turn,
    position,
    take_turn,
    wait_my_turn_or_over,
    wait_ready,
)

SAVE_KEY = "paodekuai.save"
#: How long a page may take to boot on this busy machine before it counts as stuck.
READY_MS = 120_000


def read_save(page: Any) -> Any:
    return json.loads(page.evaluate("key => localStorage.getItem(key)", SAVE_KEY) or "null")


def write_save(page: Any, save: Any) -> None:
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [SAVE_KEY, json.dumps(save)])


def playing_position(page: Any) -> dict[str, Any]:
    """A hand in progress at the person's turn, as the player sees it."""
    open_page(page, page.url)
    return play_a_turn(page)


def test_a_malformed_saved_view_never_sticks_the_boot_and_the_hand_is_kept(table: Any) -> None:
    page = table.page
    open_page(page, table.site.url)
    before = playing_position(page)
    good = read_save(page)
    damages: dict[str, Any] = {
        "unseen numbers": {"unseen": [1, 2, 3]},
        "unseen nulls": {"unseen": [None]},
        "negative trick start": {"trick_start": -5},
        "history of strings": {"history": ["x"]},
        "last_card of objects": {"last_card": [{}, {}, {}]},
        "view not an object": None,
    }
    for name, damage in damages.items():
        view = None if damage is None else {**good["view"], **damage}
        write_save(page, {**good, "view": view})
        page.reload()
        # Never stuck: the engine comes up and the table is playable.
        wait_ready(page, READY_MS)
        wait_my_turn_or_over(page)
        # Only the preview was damaged: the engine restored the game itself, nothing is lost.
        assert position(page) == before, name
        assert page.is_enabled("[data-action=new]"), name
        assert read_save(page)["view"] == good["view"], name


def test_a_damaged_save_the_engine_refuses_says_so_and_deals_anew(table: Any) -> None:
    page = table.page
    open_page(page, table.site.url)
    # At the person's turn nothing else writes the save: a computer's move landing between
    # the damage and the reload would store a good save over it.
    playing_position(page)
    good = read_save(page)
    # Both the preview and the game damaged: the hand cannot come back.
    write_save(page, {**good, "view": {**good["view"], "unseen": [None]}, "game": {"x": 1}})
    page.reload()
    wait_ready(page, READY_MS)
    # The refusal is said once the engine has answered the load, which may be after it is ready.
    page.wait_for_selector("[data-notice]:has-text('could not be restored')")
    assert "could not be restored" in notice(page)
    assert len(hand(page)) == 16
    assert read_save(page)["game"] != {"x": 1}
    assert moves(page) >= 0


#: localStorage that reads but refuses every write, as when the quota is full.
STORAGE_FULL = """
Storage.prototype.setItem = function () {
  throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
};
"""
CANNOT_SAVE = "can't be saved in this browser"


def test_with_storage_full_the_saved_hand_still_resumes_and_the_player_is_told(
    table: Any,
) -> None:
    page = table.page
    page.goto(table.site.url)
    before = playing_position(page)
    table.context.add_init_script(STORAGE_FULL)
    page.reload()
    wait_ready(page, READY_MS)
    wait_my_turn_or_over(page)
    assert position(page) == before  # what is stored still reads back
    page.wait_for_function(
        "text => document.querySelector('[data-notice]').textContent.includes(text)",
        arg=CANNOT_SAVE,
    )


def test_writes_failing_mid_hand_are_told_and_a_reload_never_goes_back(table: Any) -> None:
    page = table.page
    page.goto(table.site.url)
    playing_position(page)
    assert not notice(page).count(CANNOT_SAVE)
    page.evaluate(f"() => {{ {STORAGE_FULL} }}")
    take_turn(page)
    wait_my_turn_or_over(page)
    assert CANNOT_SAVE in notice(page)
    if not is_over(page):
        take_turn(page)
        wait_my_turn_or_over(page)
    latest = position(page)
    page.reload()  # storage works again after the reload
    wait_ready(page, READY_MS)
    wait_my_turn_or_over(page)
    now = position(page)
    # Never an earlier position of the same hand (nor a finished hand unfinished).
    assert now == latest or now["deal"] != latest["deal"]


def test_a_seedless_save_with_cards_moved_between_hands_is_refused(table: Any) -> None:
    page = table.page
    page.goto(table.site.url)
    playing_position(page)
    good = read_save(page)
    game = good["game"]
    played = {card for action in game["actions"] if action for card in action}
    hands = [list(cards) for cards in game["hands"]]
    # Swap a card the computer seats still hold: a position no deal of the page made.
    one = next(card for card in hands[1] if card not in played)
    two = next(card for card in hands[2] if card not in played)
    hands[1][hands[1].index(one)], hands[2][hands[2].index(two)] = two, one
    write_save(page, {**good, "game": {**game, "seed": None, "hands": hands}})
    page.reload()
    wait_ready(page, READY_MS)
    # The refusal is said once the engine has answered the load, which may be after it is ready.
    page.wait_for_selector("[data-notice]:has-text('could not be restored')")
    assert "could not be restored" in notice(page)
    # A new hand is dealt, with its deal code, and nothing of the tampered one is kept.
    assert len(hand(page)) == 16
    assert (page.text_content("[data-deal-code]") or "").strip()
    assert read_save(page)["game"]["seed"] is not None
