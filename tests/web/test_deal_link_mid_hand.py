"""A deal link opened while a hand is under way asks before it throws the hand
away, as New hand and a daily link do: yes deals the linked hand, no keeps the
hand on the table (and the address no longer names the other deal). At the end
of a hand a link deals at once."""

from __future__ import annotations

from typing import Any

from web_table import (
    is_over,
    menu_click,
    open_mid_hand,
    play_until,
    position,
    wait_my_turn_or_over,
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
