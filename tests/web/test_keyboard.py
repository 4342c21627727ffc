"""Playing without a pointer, and what a screen reader hears: arrow keys move
among the cards (one tab stop), Space/↑/↓ select, H/P/X hint, play and pass, N asks
for a new hand as its button does;
labels for cards and seats; focus rings; reduced motion stops the animations."""

from __future__ import annotations

import re
from typing import Any

from web_table import (
    hand,
    is_over,
    menu_click,
    moves,
    open_page,
    select_by_hint,
    selected,
    wait_moves_beyond,
    wait_my_turn_or_over,
    wait_selected,
)

FOCUSED_CARD = (
    "() => document.activeElement?.closest('[data-hand] [data-card]')?.dataset.card ?? null"
)
CARD_LABELS = "els => els.map(e => e.getAttribute('aria-label'))"
CARD_LABEL_EN = re.compile(r"^(\d+|Jack|Queen|King|Ace) of (spades|hearts|diamonds|clubs)$")
CARD_LABEL_ZH = re.compile(r"^(黑桃|红桃|方块|梅花)(\d+|J|Q|K|A)$")


def focused(page: Any) -> str | None:
    code: str | None = page.evaluate(FOCUSED_CARD)
    return code


def your_cards_left(page: Any) -> int:
    """How many of your cards are turned face up at the end (you lost with them)."""
    count: int = page.locator('[data-seat="0"] [data-reveal] [data-card]').count()
    return count


def key_turn(page: Any, prefer_pass: bool) -> None:
    """One turn by keys: X when passing is allowed and preferred, or when nothing beats;
    else H (until Hint selects a play) then P."""
    before = moves(page)
    can_play = page.is_enabled("[data-action=hint]")
    if not can_play or (prefer_pass and page.is_enabled("[data-action=pass]")):
        page.keyboard.press("x")
    else:
        select_by_hint(page, press_hint=lambda: page.keyboard.press("h"))
        assert selected(page)
        page.keyboard.press("p")
    wait_moves_beyond(page, before)


def test_a_hands_first_moves_with_the_keyboard_only(table: Any) -> None:
    page = table.page
    open_page(page, table.site.url)
    wait_my_turn_or_over(page)
    assert not is_over(page)
    cards = hand(page)

    # The first arrow press steps into the hand; the hand is one tab stop.
    page.keyboard.press("ArrowRight")
    assert focused(page) == cards[0]
    page.keyboard.press("ArrowRight")
    assert focused(page) == cards[1]
    stops = page.eval_on_selector_all("[data-hand] [data-card][tabindex='0']", "els => els.length")
    assert stops == 1
    assert page.get_attribute(f'[data-card="{cards[1]}"]', "tabindex") == "0"
    page.keyboard.press("End")
    assert focused(page) == cards[-1]
    page.keyboard.press("Home")
    assert focused(page) == cards[0]
    page.keyboard.press("ArrowRight")

    # Space selects and puts back; ↑ and ↓ do the same; Esc clears.
    page.keyboard.press("Space")
    wait_selected(page, [cards[1]])
    page.keyboard.press("Space")
    wait_selected(page, [])
    page.keyboard.press("ArrowUp")
    wait_selected(page, [cards[1]])
    page.keyboard.press("ArrowDown")
    wait_selected(page, [])
    page.keyboard.press("ArrowUp")
    page.keyboard.press("Escape")
    wait_selected(page, [])

    # Three turns by keys: H then P, or X when there is nothing to play.
    turns = 0
    for _ in range(3):
        wait_my_turn_or_over(page)
        if is_over(page):
            break
        key_turn(page, prefer_pass=False)
        turns += 1
        if turns == 1 and len(hand(page)) < len(cards):
            # Played cards leave; keyboard focus stays in the hand, on a card still there.
            assert focused(page) in hand(page)
    assert turns >= 2 or is_over(page)


def test_n_mid_hand_asks_first_as_the_new_hand_button_does(table: Any) -> None:
    page = table.page
    open_page(page, table.site.url)
    wait_my_turn_or_over(page)
    assert not is_over(page)
    code = page.text_content("[data-deal-code]")
    cards = hand(page)
    page.keyboard.press("n")
    page.wait_for_selector('[data-confirm="new-hand"][open]', timeout=5_000)
    # No keeps the hand: nothing was thrown away by one stray key.
    page.click('[data-confirm="new-hand"] [data-action=cancel]')
    page.wait_for_selector('[data-confirm="new-hand"]', state="hidden")
    assert page.text_content("[data-deal-code]") == code and hand(page) == cards
    # Yes deals, as the button's question does.
    page.keyboard.press("n")
    page.wait_for_selector('[data-confirm="new-hand"][open]', timeout=5_000)
    page.click('[data-confirm="new-hand"] [data-action=confirm]')
    page.wait_for_function(
        "code => document.querySelector('[data-deal-code]').textContent !== code",
        arg=code,
        timeout=30_000,
    )


def test_what_a_screen_reader_hears_and_a_visible_focus_ring(table: Any) -> None:
    page = table.page
    open_page(page, table.site.url)
    wait_my_turn_or_over(page)
    labels = page.eval_on_selector_all("[data-hand] [data-card]", CARD_LABELS)
    assert labels and all(CARD_LABEL_EN.match(label) for label in labels), labels
    queen = next((c for c in hand(page) if c.startswith("Q")), None)
    if queen:
        suit = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}[queen[-1]]
        assert page.get_attribute(f'[data-card="{queen}"]', "aria-label") == f"Queen of {suit}"
    for seat in range(3):
        node = f'[data-seat="{seat}"]'
        label = page.get_attribute(node, "aria-label") or ""
        name = (page.text_content(f"{node} [data-seat-name]") or "").strip()
        count = (page.text_content(f"{node} [data-count]") or "").strip()
        assert label.startswith(name) and count in label, label
        assert ("to play" in label) == (page.get_attribute(node, "data-turn") is not None)
        assert page.get_attribute(node, "role") == "group"
    assert page.get_attribute("[data-status]", "aria-live") == "polite"
    assert page.get_attribute("[data-hand]", "aria-label") == "Your hand"

    # The card in focus wears a ring that can be seen.
    page.keyboard.press("ArrowRight")
    ring = page.evaluate(
        """() => { const s = getComputedStyle(document.activeElement.querySelector('.face'));
                   return [s.outlineStyle, parseFloat(s.outlineWidth)]; }"""
    )
    assert ring[0] == "solid" and ring[1] >= 2, ring

    # Chinese labels read the suit then the rank.
    menu_click(page, "language")
    labels = page.eval_on_selector_all("[data-hand] [data-card]", CARD_LABELS)
    assert all(CARD_LABEL_ZH.match(label) for label in labels), labels


def test_reduced_motion_stops_the_animations(open_table: Any) -> None:
    browsing = open_table(reduced_motion="reduce")
    page = browsing.page
    open_page(page, browsing.site.url)
    durations = page.eval_on_selector_all(
        "[data-hand] [data-card], [data-action=new]",
        "els => els.map(e => getComputedStyle(e))"
        ".map(s => [s.transitionDuration, s.animationName])",
    )
    assert durations and all(d == "0s" and a == "none" for d, a in durations), durations


def test_a_hand_played_by_keys_ends_with_focus_on_new_hand_not_under_the_sheet(
    table: Any,
) -> None:
    page = table.page
    # Deal after deal until you lose one with cards left, passing at every chance (the
    # computer seats play by chance: you lose most such hands, this one in a shut-out when
    # they were seen, yet win some).
    open_page(page, f"{table.site.url}#deal=A0365962")
    for _ in range(10):
        page.wait_for_function("() => document.querySelectorAll('[data-hand] [data-card]').length")
        page.focus("[data-hand] [data-card]")
        for _ in range(80):
            wait_my_turn_or_over(page)
            if is_over(page):
                break
            key_turn(page, prefer_pass=True)
        assert is_over(page)
        if your_cards_left(page):
            break
        page.keyboard.press("n")
        page.wait_for_selector("[data-result]", state="hidden")
    assert your_cards_left(page)
    # The finished hand's cards went from the hand (and its focus) to the felt's foot: focus
    # is on the sheet's New hand (from the frame after the sheet's), and the arrows do not
    # take it back down to a card.
    page.wait_for_function("() => document.activeElement?.dataset.action === 'new'", timeout=2000)
    assert page.evaluate("() => document.activeElement.closest('[data-result]') !== null")
    for key in ("ArrowRight", "End", "ArrowLeft"):
        page.keyboard.press(key)
        assert focused(page) is None, key


def test_a_mouse_click_on_new_hand_leaves_the_keys_to_the_hand(table: Any) -> None:
    """A button clicked with the mouse takes no focus: the arrows then still reach the hand,
    and Space does not press New hand again."""
    page = table.page
    open_page(page, table.site.url)
    wait_my_turn_or_over(page)
    page.click(".bar [data-action=new]")
    page.click("[data-confirm=new-hand] [data-action=confirm]")
    page.wait_for_selector("[data-confirm=new-hand]", state="hidden")
    wait_my_turn_or_over(page)
    assert not page.evaluate("() => document.activeElement?.matches('[data-action]') ?? false")
    page.keyboard.press("ArrowRight")
    assert focused(page) in hand(page)
    page.keyboard.press("Space")
    assert not page.is_visible("[data-confirm=new-hand]")
