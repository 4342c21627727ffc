"""Deal codes and links that cannot be used: a #deal= that holds no code, a
code the engine refuses, a code whose seed JavaScript cannot carry exactly, and
a tampered code in the kept last hand. Each is said in words of the player's
language, and the player gets a hand to play."""

from __future__ import annotations

import json
import re
from typing import Any

from web_table import (
    hand,
    is_over,
    menu_click,
    moves,
    notice,
    open_mid_hand,
    open_page,
    play_until,
    position,
    status,
    take_turn,
    wait_my_turn_or_over,
    wait_ready,
)

READY_MS = 120_000
LAST_HAND_KEY = "paodekuai.lastHand"
#: A deal that ends soon when the first hint is played every turn (see test_after_hand).
SHORT_DEAL = "A0000207"


def deal_code(page: Any) -> str:
    return (page.text_content("[data-deal-code]") or "").strip()


def hash_of(page: Any) -> str:
    value: str = page.evaluate("location.hash")
    return value


BAD_LINKS = {
    "empty": "#deal=",
    "punctuation": "#deal=!!!",
    "very long": "#deal=" + "7" * 5000,
    "markup": "#deal=<img src=x onerror=alert(1)>",
    "percent-encoded markup": "#deal=%3Cb%3Ebold%3C%2Fb%3E",
    "broken percent-encoding": "#deal=%E0%A4%A",
}


def test_a_deal_link_without_a_code_is_said_and_cleared(table: Any) -> None:
    page = table.page
    open_page(page, table.site.url)
    wait_my_turn_or_over(page)
    before = position(page)
    # At load: said, the hash cleared, and the saved hand resumes.
    for number, (name, link) in enumerate(BAD_LINKS.items()):
        # Another query each time: a load, not a jump within the page.
        page.goto(f"{table.site.url}?case={number}{link}")
        wait_ready(page, READY_MS)
        wait_my_turn_or_over(page)
        assert "not a deal link" in notice(page), name
        assert hash_of(page) == "", name
        assert position(page) == before, name
    # While the page is open: the same.
    page.evaluate("location.hash = '#deal=%%%'")
    page.wait_for_function("() => location.hash === ''")
    assert "not a deal link" in notice(page)
    assert position(page) == before
    # A percent-encoded good code is a deal link like any other (the saved hand under way:
    # asked first, the deal named as the engine spells it).
    page.goto(f"{table.site.url}?case=encoded#deal=%41%30%30%30%30%32%30%37")
    wait_ready(page, READY_MS)
    page.wait_for_selector("[data-confirm=new-hand]", state="visible")
    assert SHORT_DEAL in (page.text_content("[data-confirm=new-hand]") or "")
    page.click("[data-confirm=new-hand] [data-action=confirm]")
    page.wait_for_function(
        "code => document.querySelector('[data-deal-code]').textContent === code", arg=SHORT_DEAL
    )
    assert hash_of(page) == ""


def test_a_seed_past_what_javascript_carries_is_refused_with_its_reason(table: Any) -> None:
    page = table.page
    # 2**53 + 1: a JavaScript number holds it only rounded (to 2**53).
    page.goto(table.site.url + "#deal=A90071992547409930")
    wait_ready(page, READY_MS)
    assert "could not be used" in notice(page)
    assert len(hand(page)) == 16
    dealt = deal_code(page)
    assert dealt and dealt != "A90071992547409930"
    wait_my_turn_or_over(page)
    # The hand dealt instead is kept exactly: a reload brings it back.
    before = position(page)
    page.reload()
    wait_ready(page, READY_MS)
    wait_my_turn_or_over(page)
    assert position(page) == before
    # Sent while the page is open, the same code is refused over the table, and the hand goes on.
    prompt = status(page)
    said = follow_refused_link_mid_hand(page, "#deal=A90071992547409930", "goes on")
    assert "could not be used" in said
    assert status(page) == prompt
    assert deal_code(page) == dealt


def follow_refused_link_mid_hand(page: Any, link: str, words: str) -> str:
    """Open `link`, whose code the engine refuses, while a hand is under way: the refusal
    (`words`) is said at once, and the person is never asked to leave the hand for it."""
    page.evaluate("link => { location.hash = link; }", link)
    page.wait_for_function("() => location.hash === ''")
    said = wait_notice(page, words)
    assert not page.is_visible("[data-confirm=new-hand]")
    return said


def wait_notice(page: Any, words: str) -> str:
    page.wait_for_function(
        "words => document.querySelector('[data-notice]').textContent.includes(words)",
        arg=words,
    )
    return notice(page)


#: English words in a text (a code such as A12 aside).
ENGLISH = re.compile(r"[A-Za-z]{3,}")


def test_a_deal_code_refused_on_an_open_page_is_said_in_words_and_the_hand_goes_on(
    table: Any,
) -> None:
    page = table.page
    open_mid_hand(page, f"{table.site.url}#deal={SHORT_DEAL}")
    assert "Deal " in notice(page) and "from the link" in notice(page)
    before = position(page)
    prompt = status(page)
    said = follow_refused_link_mid_hand(page, "#deal=A12", "could not be used")
    # The notice of the earlier link is gone, the engine's own text never shows, the turn's
    # prompt stays in the status line, and the hand on the table goes on.
    assert "from the link" not in said and "too short" not in said, said
    assert "goes on" in said, said
    assert status(page) == prompt
    assert position(page) == before
    wait_my_turn_or_over(page)
    take_turn(page)
    assert moves(page) > before["moves"]

    # In Chinese: the notice says it in Chinese only, and the prompt stays.
    menu_click(page, "language")
    wait_my_turn_or_over(page)
    before = position(page)
    prompt = status(page)
    said = follow_refused_link_mid_hand(page, "#deal=ZZZ", "无法使用该牌局代码")
    assert not ENGLISH.search(said), said
    assert status(page) == prompt
    assert position(page) == before

    # On a fresh page load the same: said in Chinese only, and the saved hand goes on.
    page.goto(f"{table.site.url}?case=load#deal=ZZZ")
    wait_ready(page, READY_MS)
    said = wait_notice(page, "无法使用该牌局代码")
    assert not ENGLISH.search(said), said
    assert not page.is_visible("[data-confirm=new-hand]")
    wait_my_turn_or_over(page)
    assert position(page) == before


def test_a_tampered_deal_code_in_the_last_hand_never_reaches_the_engine(table: Any) -> None:
    page = table.page
    open_page(page, f"{table.site.url}#deal={SHORT_DEAL}")
    play_until(page, max_turns=80)
    assert is_over(page)
    record = json.loads(page.evaluate("k => localStorage.getItem(k)", LAST_HAND_KEY))
    # Arabic-Indic digits: "A" then ٠٠٠٠٢٠٧.
    record["dealCode"] = "A\u0660\u0660\u0660\u0660\u0662\u0660\u0667"
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [LAST_HAND_KEY, json.dumps(record)])
    page.reload()
    wait_ready(page, READY_MS)
    page.click("[data-result] [data-action=replay]")
    page.wait_for_selector("[data-replay]:not([hidden])[data-step]")
    page.wait_for_selector("[data-action=replay-again]:not([disabled])")
    page.click("[data-action=replay-again]")
    page.wait_for_selector("[data-replay]", state="hidden")
    page.wait_for_selector("[data-result]", state="hidden")
    wait_my_turn_or_over(page)
    # The deal played again is the hand's own (from the engine), and no engine error is shown.
    assert deal_code(page) == SHORT_DEAL
    shown = (page.text_content("[data-status]") or "") + notice(page)
    assert "Engine error" not in shown and "Error" not in shown
