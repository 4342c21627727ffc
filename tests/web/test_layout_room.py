"""Room on the table: your long plays and the seats' plays and passes lie apart, and the
reason Pass is locked, and a refused selection's, are read whole on a phone."""

from __future__ import annotations

import time
from typing import Any

import pytest
from web_table import (
    SCREENS,
    is_over,
    moves,
    new_hand,
    open_screen,
    play_until,
    screen_id,
    status,
    wait_my_turn_or_over,
)

#: Long plays of yours: (deal, what the computer seats play first, your play). In the
#: standard deals you open with a straight West cannot beat (it passes); in the Compact 15
#: deal West holds the face-up card and opens with a straight (East passes), which you beat
#: with yours, and West answers: the face-up card drawn above West's play pushed it down onto
#: yours on a small phone.
LONG_PLAYS = {
    "6 cards": ("A0000000", 0, ["8C", "9H", "10S", "JH", "QD", "KH"]),
    "12 cards": (
        "A0028114",
        0,
        ["3S", "4H", "5S", "6D", "7S", "8S", "9H", "10S", "JD", "QD", "KH", "AD"],
    ),
    "compact15": ("C0000173", 2, ["10S", "JD", "QC", "KH", "AS"]),
}

#: Each seat's play on the table, a pass mark too: [seat, [left, top, right, bottom]] of its
#: `[data-played]` box, for the seats that show one.
PLAY_BOXES = """() => [0, 1, 2].flatMap(seat => {
  const played = document.querySelector(`[data-seat="${seat}"] [data-played]`);
  if (!played || !played.querySelector('[data-card], .pass-mark')) return [];
  const r = played.getBoundingClientRect();
  return r.width > 0 ? [[seat, [r.left, r.top, r.right, r.bottom]]] : [];
})"""

#: Your play and West's answer to it (a play or its pass mark) on the table, East to move.
WEST_ANSWERED = """() => Boolean(
  document.querySelector('[data-seat="1"] [data-played] :is([data-card], .pass-mark)')
  && document.querySelector('[data-seat="0"] [data-played] [data-card]')
  && document.querySelector('[data-seat="2"][data-turn]'))"""


def apart(a: list[float], b: list[float]) -> bool:
    return a[2] <= b[0] + 0.5 or b[2] <= a[0] + 0.5 or a[3] <= b[1] + 0.5 or b[3] <= a[1] + 0.5


def poll(page: Any, condition: str, timeout_s: float = 30.0) -> None:
    """Wait until `condition` (a function of no arguments) holds in the page, asked once
    every 50 ms (the page's CSP allows no function Playwright would build from a string)."""
    end = time.monotonic() + timeout_s
    while not page.evaluate(condition):
        assert time.monotonic() < end, condition
        time.sleep(0.05)


@pytest.mark.parametrize("play", list(LONG_PLAYS))
@pytest.mark.parametrize("viewport", SCREENS, ids=screen_id)
def test_your_long_play_and_wests_answer_lie_apart(
    open_table: Any, viewport: tuple[int, int], play: str
) -> None:
    """You play a long play and West answers it: while East thinks (its replies held back
    1.5 s), your play, West's play or pass mark and every other seat's play lie apart."""
    deal, moves_before, cards = LONG_PLAYS[play]
    page = open_screen(open_table, viewport, f"?reply-delay=1500#deal={deal}").page
    wait_my_turn_or_over(page)
    assert moves(page) == moves_before
    for code in cards:
        page.click(f'[data-hand] [data-card="{code}"]')
    poll(page, "() => !document.querySelector('[data-action=play]').disabled")
    page.click("[data-action=play]")
    poll(page, WEST_ANSWERED)
    page.wait_for_timeout(300)  # the play has landed
    boxes = page.evaluate(PLAY_BOXES)
    assert [seat for seat, _ in boxes] == [0, 1], boxes
    for index, (seat, box) in enumerate(boxes):
        for other, other_box in boxes[index + 1 :]:
            assert apart(box, other_box), (seat, other, boxes)


#: Where words of your seat's status box lie: each line's box of the elements named (`words`),
#: whether the last of them shows whole and on how many lines, and the boxes of what the
#: words must stay clear of (`clear`), with the felt's.
WORDS_ROOM = """([words, clear]) => {
  const box = (r) => [r.left, r.top, r.right, r.bottom];
  const linesOf = (el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    return [...range.getClientRects()];
  };
  const nodes = words.map((selector) => document.querySelector(selector));
  const last = nodes[nodes.length - 1];
  return {
    whole: last.scrollHeight <= last.clientHeight + 1,
    lastLines: new Set(linesOf(last).map((r) => Math.round(r.top))).size,
    lines: nodes.flatMap((el) => linesOf(el).map(box)),
    others: [...document.querySelectorAll(clear.join(', '))]
      .map((el) => [el.className, box(el.getBoundingClientRect())]),
    felt: box(document.querySelector('[data-felt]').getBoundingClientRect()),
  };
}"""
#: Around your seat: the buttons and your hand's faces.
CLEAR_OF_YOURS = [".actions button", "[data-hand] [data-card] .face"]


def words_room(page: Any, words: list[str], clear: list[str]) -> dict[str, Any]:
    room: dict[str, Any] = page.evaluate(WORDS_ROOM, [words, clear])
    return room


def assert_read_whole_and_clear(room: dict[str, Any]) -> None:
    """The words show whole, inside the felt's height, and touch nothing named."""
    assert room["whole"], room
    for line in room["lines"]:
        assert line[1] >= room["felt"][1], (line, room["felt"])
        for name, other in room["others"]:
            assert apart(line, other), (line, name, other)


#: The reason Pass is locked under the status, and what it must stay clear of: your play too.
REASON = ["[data-status]", "[data-pass-reason]"]
REASON_CLEAR = ['[data-seat="0"] [data-played] [data-card] .face', *CLEAR_OF_YOURS]


@pytest.mark.parametrize("viewport", [(390, 844), (360, 640)], ids=screen_id)
def test_on_a_phone_the_reason_pass_is_locked_is_read_whole(
    open_table: Any, viewport: tuple[int, int]
) -> None:
    """When you must beat, the reason ("You can't pass: you can beat it (your run of pairs 6
    to 8, for one).") takes the lines it needs over the empty foot of the felt, clear of the
    seats, your play, the buttons and the hand."""
    page = open_screen(open_table, viewport, "#deal=A0000000").page

    def long_reason(p: Any) -> bool:
        # (a reason of two lines or more: the room it needs is what is checked)
        locked = bool(p.is_disabled("[data-action=pass]"))
        return locked and words_room(p, REASON, REASON_CLEAR)["lastLines"] >= 2

    for _ in range(3):
        play_until(page, stop=long_reason)
        if not is_over(page):
            break
        new_hand(page)
    assert long_reason(page), status(page)
    room = words_room(page, REASON, REASON_CLEAR)
    assert room["lastLines"] >= 2, room
    assert_read_whole_and_clear(room)


#: Computer seats' long opening plays (Easy opponents, as the tests play): West opens with the
#: straight 3 to 8 and East answers with 8 to K; East opens with the straight 3 to 9.
OPPONENT_LONG_PLAYS = {"six and six": ("A0000084", [6, 6]), "seven": ("A0000174", [0, 7])}

#: The tops of each computer seat's played cards, West's and East's.
OPPONENT_CARD_TOPS = """() => [1, 2].map(seat => [...document.querySelectorAll(
  `[data-seat="${seat}"] [data-played] [data-card]`)].map(card =>
  Math.round(card.getBoundingClientRect().top)))"""


@pytest.mark.parametrize("play", list(OPPONENT_LONG_PLAYS))
@pytest.mark.parametrize("viewport", [(390, 844), (360, 640)], ids=screen_id)
def test_on_a_phone_a_computers_play_of_six_or_seven_cards_lies_in_one_row(
    open_table: Any, viewport: tuple[int, int], play: str
) -> None:
    """In half a phone's felt a computer seat's six or seven cards lie in one row, their
    strips narrowed to fit (it was five and one, a card hanging under the row)."""
    deal, lengths = OPPONENT_LONG_PLAYS[play]
    page = open_screen(open_table, viewport, f"#deal={deal}").page
    wait_my_turn_or_over(page)
    page.wait_for_timeout(600)  # the plays have landed
    tops = page.evaluate(OPPONENT_CARD_TOPS)
    assert [len(seat) for seat in tops] == lengths, tops
    for seat in tops:
        assert len(set(seat)) <= 1, tops


@pytest.mark.parametrize("viewport", [(390, 844), (360, 640), (844, 390)], ids=screen_id)
def test_on_a_phone_a_refused_selection_is_read_whole(
    open_table: Any, viewport: tuple[int, int]
) -> None:
    """Deal A0738433 opens with East's plane, which you cannot beat: your 2 tapped is refused
    with what would do and that you may pass ("Single 2 cannot follow the plane Q to K with
    wings: play a higher plane of 2 trios with wings, or a bomb. You may also pass."). The
    status shows all of it, over the empty foot of the felt, clear of the plays, the buttons
    and the hand (a landscape phone showed one line of it, a portrait one three)."""
    page = open_screen(open_table, viewport, "#deal=A0738433").page
    wait_my_turn_or_over(page)
    page.click('[data-hand] [data-card="2S"]')
    poll(page, "() => document.querySelector('[data-status]').dataset.tone === 'bad'")
    assert status(page).endswith("You may also pass."), status(page)
    clear = ["[data-seat] [data-played] [data-card] .face", *CLEAR_OF_YOURS]
    assert_read_whole_and_clear(words_room(page, ["[data-status]"], clear))
