"""English and Simplified Chinese: the browser's language picks one, Settings
switches at once and the choice sticks; a Chinese page keeps no English, in
the table, the engine's reasons, the dialogs or the result."""

from __future__ import annotations

import re
from typing import Any

from table_features import choose, english_left, open_settings, read_settings
from web_table import hand, is_over, open_page, play_until, status, wait_my_turn_or_over

HAN = re.compile(r"[\u4e00-\u9fff]")


def test_a_chinese_browser_gets_a_chinese_page_with_no_english_left(open_table: Any) -> None:
    browsing = open_table(locale="zh-CN")
    page = browsing.page
    open_page(page, browsing.site.url)
    assert page.get_attribute("html", "lang") == "zh-Hans"
    wait_my_turn_or_over(page)
    assert english_left(page) == []

    # A refused selection: the engine's reason, in Chinese.
    if not is_over(page):
        cards = hand(page)
        page.click(f'[data-hand] [data-card="{cards[0]}"]')
        page.wait_for_timeout(400)  # not a double-tap
        page.click(f'[data-hand] [data-card="{cards[-1]}"]')
        page.wait_for_selector("[data-status][data-tone=bad]")
        assert HAN.search(status(page)), status(page)
        assert english_left(page) == []

    # Both dialogs.
    open_settings(page)
    assert english_left(page) == []
    page.click("[data-panel=settings] [data-action=help]")
    page.wait_for_selector("[data-panel=help][open] [data-help-section]")
    assert english_left(page) == []
    page.keyboard.press("Escape")  # back to Settings, whence it came
    page.wait_for_selector("[data-panel=settings][open]")
    page.keyboard.press("Escape")
    page.wait_for_selector("dialog[open]", state="detached")

    # The result panel at the end of the hand.
    play_until(page, max_turns=80)
    assert is_over(page)
    assert english_left(page) == []


def test_the_language_follows_the_browser_and_a_choice_in_settings_sticks(open_table: Any) -> None:
    browsing = open_table(locale="en-US")
    page = browsing.page
    open_page(page, browsing.site.url)
    assert page.get_attribute("html", "lang") == "en"
    assert page.text_content("[data-action=play]") == "Play"
    choose(page, "language", "zh")
    assert page.get_attribute("html", "lang") == "zh-Hans"
    assert page.text_content("[data-action=play]") == "出牌"
    assert page.text_content("[data-menu] [data-action=settings]") == "设置"
    assert read_settings(page)["language"] == "zh"
    page.reload()
    open_page(page, browsing.site.url)
    assert page.get_attribute("html", "lang") == "zh-Hans"
    assert page.text_content("[data-menu] [data-action=help]") == "玩法"
