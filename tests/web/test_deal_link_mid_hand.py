"""A deal link opened while a hand is under way asks before it throws the hand
away, as New hand and a daily link do: yes deals the linked hand, no keeps the
hand on the table (and the address no longer names the other deal). At the end
of a hand a link deals at once. The same when the link opens the page and the
save holds a hand under way: that hand comes back, and the question names the
linked deal."""

from __future__ import annotations

from typing import Any

from web_table import (
    is_over,
    menu_click,
    open_mid_hand,
    play_until,
    position,
    take_turn,
    wait_my_turn_or_over,
    wait_ready,
)

DIALOG = "[data-confirm=new-hand]"
#: A deal that ends soon when the first hint is played every turn (see test_after_hand).
SHORT_DEAL = "A0000207"
OTHER_DEAL = "A9891335"


def deal_code(page: Any) -> str:
    return (page.text_content("[data-deal-code]") or "").strip()


def follow_link(page: Any, code: str) -> None:
    page.evaluate("code => { location.hash = '#deal=' + code; }", code)
    page.wait_for_function("() => location.hash === ''")


def wait_deal(page: Any, code: str) -> None:
    page.wait_for_function(
        "code => document.querySelector('[data-deal-code]').textContent === code", arg=code
    )


def abandoned(page: Any) -> str:
    menu_click(page, "stats")
    page.wait_for_selector("[data-stats]:not([hidden])")
    cell = page.text_content('[data-stats-row="all:all"] [data-stat="abandoned"]') or ""
    page.click("[data-action=stats-close]")
    page.wait_for_selector("[data-stats]", state="hidden")
    return cell


def test_a_deal_link_mid_hand_asks_before_the_hand_is_thrown_away(table: Any) -> None:
    page = table.page
    open_mid_hand(page, table.site.url)
    before = position(page)

    # No: the hand on the table stays, and the address no longer names the other deal.
    follow_link(page, OTHER_DEAL)
    page.wait_for_selector(DIALOG, state="visible")
    assert "abandon" in (page.text_content(DIALOG) or "").lower()
    assert position(page) == before
    page.click(f"{DIALOG} [data-action=cancel]")
    page.wait_for_selector(DIALOG, state="hidden")
    page.wait_for_timeout(300)
    assert position(page) == before
    assert "#" not in page.url
    assert abandoned(page) == "0"
    wait_my_turn_or_over(page)

    # Yes: the linked deal, and the hand left behind counts as abandoned.
    follow_link(page, SHORT_DEAL)
    page.wait_for_selector(DIALOG, state="visible")
    page.click(f"{DIALOG} [data-action=confirm]")
    wait_deal(page, SHORT_DEAL)
    assert "#" not in page.url
    assert abandoned(page) == "1"

    # At the end of a hand there is nothing to lose: the link deals at once.
    play_until(page, max_turns=80)
    assert is_over(page)
    follow_link(page, OTHER_DEAL)
    wait_deal(page, OTHER_DEAL)
    assert not page.is_visible(DIALOG)
    assert abandoned(page) == "1"


def test_a_link_that_opens_the_page_asks_before_the_saved_hand_is_thrown_away(
    table: Any,
) -> None:
    page = table.page
    open_mid_hand(page, table.site.url)
    take_turn(page)  # a hand being played, kept in the save
    wait_my_turn_or_over(page)
    if is_over(page):
        page.click("[data-result] [data-action=new]")
        wait_my_turn_or_over(page)
    before = position(page)

    # A deal link in a new load: the saved hand comes back under the question, which names
    # the linked deal; No keeps playing it, and nothing is counted abandoned.
    page.goto(f"{table.site.url}?case=no#deal={OTHER_DEAL}")
    wait_ready(page)
    page.wait_for_selector(DIALOG, state="visible")
    assert OTHER_DEAL in (page.text_content(DIALOG) or "")
    assert position(page) == before
    page.click(f"{DIALOG} [data-action=cancel]")
    page.wait_for_selector(DIALOG, state="hidden")
    wait_my_turn_or_over(page)
    assert position(page) == before
    assert "#" not in page.url
    assert abandoned(page) == "0"

    # A daily link the same: asked, and No keeps the hand.
    page.goto(f"{table.site.url}?case=daily#daily=2026-11-02")
    wait_ready(page)
    page.wait_for_selector(DIALOG, state="visible")
    assert "2026-11-02" in (page.text_content(DIALOG) or "")
    page.click(f"{DIALOG} [data-action=cancel]")
    page.wait_for_selector(DIALOG, state="hidden")
    wait_my_turn_or_over(page)
    assert position(page) == before

    # Yes: the linked deal, and the saved hand counts as abandoned.
    page.goto(f"{table.site.url}?case=yes#deal={SHORT_DEAL}")
    wait_ready(page)
    page.wait_for_selector(DIALOG, state="visible")
    page.click(f"{DIALOG} [data-action=confirm]")
    wait_deal(page, SHORT_DEAL)
    assert abandoned(page) == "1"
