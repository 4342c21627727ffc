"""The daily deal in the page: the menu's Daily deal starts today's UTC deal with Medium
opponents (offline too), the result shows Hard's total on the same deal and your result
against it, Copy puts the share line on the clipboard, Statistics keeps the streak and
the record against Hard (drawn as charts), and #daily=DATE opens a past day. The day's
deal played again is practice: the first result stays the day's, shown and shared. A
finished daily hand's result fits the screen, New hand in sight, on phones and a laptop."""

from __future__ import annotations

import datetime
import json
from typing import Any

from table_features import CODE_LETTER, choose, read_save, record_todays_daily
from web_table import (
    READY_TIMEOUT_MS,
    is_over,
    menu_click,
    moves,
    new_hand,
    open_page,
    open_screen,
    play_until,
    take_turn,
    wait_moves_beyond,
    wait_my_turn_or_over,
    wait_offline_ready,
    wait_still,
)

from paodekuai.daily import daily_baseline, daily_deal
from paodekuai.protocol import DailyDeal
from paodekuai.rules import get_rules

DAILY_KEY = "paodekuai.daily"


def deal_code(page: Any) -> str:
    return (page.text_content("[data-deal-code]") or "").strip()


def wait_deal(page: Any, code: str) -> None:
    page.wait_for_function(
        "code => document.querySelector('[data-deal-code]').textContent.trim() === code"
        " && document.querySelectorAll('[data-hand] [data-card]').length === 16",
        arg=code,
        timeout=READY_TIMEOUT_MS,
    )


def signed(n: int) -> str:
    """Points as the table writes them: "+7", "0", "-3"."""
    return f"+{n}" if n > 0 else str(n)


def share_line(date: str, you: int, hard: int) -> str:
    """The day's line the result shows, in English."""
    return f"Run Fast Daily {date}: {signed(you)} · Hard {signed(hard)}"


def copied(page: Any, line: str, date: str) -> str:
    """What Copy puts on the clipboard: the day's line, and under it the day's link."""
    return f"{line}\n{page.url.split('#')[0]}#daily={date}"


#: Screens the result of a daily hand must fit: phones portrait (a common one and a small
#: one), a phone on its side, a laptop.
SCREENS = ((390, 844), (360, 640), (844, 390), (1366, 768))

#: Where New hand, Copy and the day's words are, against the screen and the result panel.
RESULT_BOXES = """() => {
  const panel = document.querySelector('[data-result]');
  const box = (node) => {
    const r = node.getBoundingClientRect();
    return {top: r.top, bottom: r.bottom, left: r.left, right: r.right, height: r.height};
  };
  return {
    new: box(panel.querySelector('[data-action=new]')),
    copy: box(panel.querySelector('[data-daily] [data-action=copy-share]')),
    words: box(panel.querySelector('[data-daily] .daily-line')),
    panel: box(panel),
    screen: {width: innerWidth, height: innerHeight},
    scroll: {top: panel.scrollTop, more: panel.scrollHeight - panel.clientHeight},
  };
}"""


def assert_result_in_sight(page: Any) -> None:
    """At each screen size, the finished daily hand's New hand (and Copy, and the day's words)
    lie whole on the screen, inside the part of the result panel shown without scrolling it:
    the panel does not scroll at all."""
    before = page.viewport_size
    for width, height in SCREENS:
        page.set_viewport_size({"width": width, "height": height})
        wait_still(page)
        seen = page.evaluate(RESULT_BOXES)
        panel, screen = seen["panel"], seen["screen"]
        where = f"{width}x{height}: {seen}"
        assert seen["scroll"] == {"top": 0, "more": 0}, where
        # The panel shows from its top to the screen's bottom at most: each part is in that.
        shown_bottom = min(panel["bottom"], screen["height"])
        for name in ("new", "copy", "words"):
            part = seen[name]
            assert part["left"] >= 0 and part["right"] <= screen["width"], (name, where)
            assert max(0, panel["top"]) <= part["top"], (name, where)
            assert part["bottom"] <= shown_bottom, (name, where)
        assert seen["new"]["height"] >= 44 and seen["copy"]["height"] >= 44, where
        # Compact: where the buttons lie under the day's block, no empty band between them.
        above = max(seen["words"]["bottom"], seen["copy"]["bottom"])
        if above <= seen["new"]["top"]:
            assert seen["new"]["top"] - above <= 24, where
    page.set_viewport_size(before)


def play_passing(page: Any, max_turns: int = 80) -> None:
    """Play the hand out another way: pass whenever passing is allowed, else the hint."""
    for _ in range(max_turns):
        wait_my_turn_or_over(page)
        if is_over(page):
            return
        if page.is_enabled("[data-action=pass]"):
            before = moves(page)
            page.click("[data-action=pass]")
            wait_moves_beyond(page, before)
        else:
            take_turn(page)
    raise AssertionError(f"the hand did not finish within {max_turns} turns")


def stats_daily(page: Any) -> tuple[str, str, Any]:
    """What Statistics says of the daily deals: the streak, the record line, the chart's values."""
    menu_click(page, "stats")
    page.wait_for_selector("[data-stats]:not([hidden]) [data-stats-daily]")
    streak = page.get_attribute("[data-stats-daily]", "data-streak") or ""
    record = page.text_content("[data-stats-daily]") or ""
    values = json.loads(page.get_attribute('[data-chart="daily"]', "data-values") or "null")
    page.click("[data-action=stats-close]")
    page.wait_for_selector("[data-stats]", state="hidden")
    return streak, record, values


def open_with_today(table: Any) -> tuple[Any, str, DailyDeal]:
    """The table open, its clipboard allowed: the page, today's date (UTC) and its deal."""
    page = table.page
    table.context.grant_permissions(["clipboard-read", "clipboard-write"])
    open_page(page, table.site.url)
    today = datetime.datetime.now(datetime.UTC).date().isoformat()
    return page, today, daily_deal(today)


def test_the_daily_deal_against_hard_copied_and_counted(table: Any) -> None:
    page, today, day = open_with_today(table)
    # Offline: the day's deal is the engine's own mapping, no request leaves the page (once
    # the service worker holds the site: its copying would fail offline, and say so).
    wait_offline_ready(page)
    table.context.set_offline(True)
    menu_click(page, "daily")
    # (the hand dealt at boot is in progress: the new-hand question comes first)
    page.click('[data-confirm="new-hand"] [data-action=confirm]')
    wait_deal(page, day["deal_code"])
    # The opponents are the daily's level, whatever the settings say (the tests' is easy).
    assert read_save(page)["game"]["level"] == day["level"] == "medium"
    table.context.set_offline(False)

    play_until(page, max_turns=80)
    assert is_over(page)
    you = int(page.text_content('[data-result] [data-total="0"]') or "x")
    baseline = daily_baseline(today)  # Hard in your seat on the same deal, computed in CPython
    block = page.locator("[data-result] [data-daily]")
    block.wait_for(state="visible")
    page.wait_for_selector("[data-daily] [data-hard-total]", timeout=READY_TIMEOUT_MS)
    assert page.text_content("[data-daily] [data-hard-total]") == signed(baseline["total"])
    assert page.text_content("[data-daily] [data-you-total]") == signed(you)
    diff = you - baseline["total"]
    if diff == 0:
        words = "tied"
    else:
        words = f"beat Hard by {diff}" if diff > 0 else f"Hard did {-diff} better"
    assert words in (block.text_content() or ""), block.text_content()

    page.click("[data-daily] [data-action=copy-share]")
    line = share_line(today, you, baseline["total"])
    assert page.get_attribute("[data-daily] [data-action=copy-share]", "data-share-line") == line
    page.wait_for_function("() => document.querySelector('.daily-copied') !== null")
    assert page.evaluate("navigator.clipboard.readText()") == copied(page, line, today)

    stored = json.loads(page.evaluate("k => localStorage.getItem(k)", DAILY_KEY))
    kept = stored["results"][today]
    assert (kept["you"], kept["hard"]) == (you, baseline["total"])

    menu_click(page, "stats")
    page.wait_for_selector("[data-stats]:not([hidden]) [data-stats-daily]")
    assert page.get_attribute("[data-stats-daily]", "data-streak") == "1"
    record = page.text_content("[data-stats-daily]") or ""
    better, equal, worse = int(diff > 0), int(diff == 0), int(diff < 0)
    assert f"{better} better, {equal} equal, {worse} worse" in record, record
    values = json.loads(page.get_attribute('[data-chart="daily"]', "data-values") or "null")
    assert values == [diff]
    assert page.locator('[data-chart="daily"] svg rect').count() == 1
    points = json.loads(page.get_attribute('[data-chart="points"]', "data-values") or "null")
    assert points == [you]
    # Each chart has its words for those who do not see it.
    label = page.get_attribute('[data-chart="daily"] svg', "aria-label") or ""
    assert f"{today}: {signed(diff)}" in label, label


def test_a_daily_link_opens_that_days_deal(table: Any) -> None:
    page = table.page
    past = "2026-11-02"
    open_page(page, f"{table.site.url}#daily={past}")
    wait_deal(page, daily_deal(past)["deal_code"])
    assert "#" not in page.url  # read once: a reload resumes the hand
    assert read_save(page)["game"]["level"] == "medium"


def test_the_daily_deal_played_again_is_practice(table: Any) -> None:
    page, today, day = open_with_today(table)
    hard = daily_baseline(today)["total"]
    wait_my_turn_or_over(page)
    menu_click(page, "daily")
    page.click('[data-confirm="new-hand"] [data-action=confirm]')
    wait_deal(page, day["deal_code"])
    play_until(page, max_turns=80)
    first = int(page.text_content('[data-result] [data-total="0"]') or "x")
    page.wait_for_selector("[data-daily] [data-hard-total]", timeout=READY_TIMEOUT_MS)
    assert page.get_attribute("[data-daily]", "data-practice") is None
    assert_result_in_sight(page)
    counted = stats_daily(page)
    streak, _, values = counted
    assert (streak, values) == ("1", [first - hard])

    # Again from the replay: the same deal with the daily's opponents, played another way.
    page.click("[data-result] [data-action=replay]")
    page.wait_for_selector("[data-action=replay-again]:not([disabled])")
    page.click("[data-action=replay-again]")
    page.wait_for_selector("[data-result]", state="hidden")
    wait_deal(page, day["deal_code"])
    assert read_save(page)["game"]["level"] == "medium"
    play_passing(page)
    block = page.locator("[data-result] [data-daily]")
    block.wait_for(state="visible")
    # It says it is practice, shows the day's result (the first) and shares that one only.
    assert page.get_attribute("[data-daily]", "data-practice") is not None
    assert "practice" in (block.text_content() or "").lower(), block.text_content()
    page.wait_for_selector("[data-daily] [data-hard-total]", timeout=READY_TIMEOUT_MS)
    assert page.text_content("[data-daily] [data-you-total]") == signed(first)
    assert page.text_content("[data-daily] [data-hard-total]") == signed(hard)
    line = share_line(today, first, hard)
    assert page.get_attribute("[data-daily] [data-action=copy-share]", "data-share-line") == line
    page.click("[data-daily] [data-action=copy-share]")
    page.wait_for_function("() => document.querySelector('.daily-copied') !== null")
    assert page.evaluate("navigator.clipboard.readText()") == copied(page, line, today)
    assert_result_in_sight(page)
    # Statistics' daily deals are as they were: one day, the first result against Hard.
    assert stats_daily(page) == counted
    stored = json.loads(page.evaluate("k => localStorage.getItem(k)", DAILY_KEY))
    kept = stored["results"][today]
    assert (kept["you"], kept["hard"]) == (first, hard)

    # Again from the menu: practice too, in Chinese the same.
    menu_click(page, "language")
    menu_click(page, "daily")
    page.wait_for_selector("[data-result]", state="hidden")
    wait_deal(page, day["deal_code"])
    play_until(page, max_turns=80)
    block.wait_for(state="visible")
    page.wait_for_selector("[data-daily] [data-hard-total]", timeout=READY_TIMEOUT_MS)
    assert page.get_attribute("[data-daily]", "data-practice") is not None
    assert "练习" in (block.text_content() or ""), block.text_content()
    zh_line = f"跑得快 每日一局 {today}：{signed(first)} · 困难 {signed(hard)}"
    assert page.get_attribute("[data-daily] [data-action=copy-share]", "data-share-line") == zh_line
    assert_result_in_sight(page)


def utc_today() -> str:
    """The daily deal's today: the UTC date."""
    return datetime.datetime.now(datetime.UTC).date().isoformat()


def test_the_daily_deal_says_when_the_next_comes_on_the_players_clock(open_table: Any) -> None:
    """The day is the UTC date everywhere: in Beijing the daily deal changes at 08:00, so a
    morning there still has the day before's (by the local calendar). The question names the
    date that comes and the deal's notice when the next comes, on the player's clock."""
    browsing = open_table(timezone_id="Asia/Shanghai")
    page = browsing.page
    open_page(page, browsing.site.url)
    wait_my_turn_or_over(page)
    today = utc_today()
    title, _, _ = ask_for_the_daily(page)
    assert title == f"Play today's daily deal, {today}?", title
    page.click("[data-confirm=new-hand] [data-action=confirm]")
    wait_deal(page, daily_deal(today)["deal_code"])
    notice = (page.text_content("[data-notice]") or "").strip()
    assert notice == (
        f"Daily deal {today}: the same deal for everyone today; the next one comes at 08:00 AM."
    ), notice


#: The new-hand question's title and text as shown.
QUESTION = """() => ['#confirm-new-title', '#confirm-new-text',
                     '[data-confirm=new-hand] [data-action=confirm]']
  .map(s => document.querySelector(s).textContent.trim())"""


def ask_for_the_daily(page: Any) -> list[str]:
    """Daily deal from the menu mid-hand: the question it asks first (left open)."""
    menu_click(page, "daily")
    page.wait_for_selector("[data-confirm=new-hand][open]")
    asked: list[str] = page.evaluate(QUESTION)
    return asked


def test_the_question_before_the_daily_deal_says_what_comes(open_table: Any) -> None:
    """Mid-hand, the daily deal asks first as New hand does, in its own words: today's daily
    deal comes, your hand counts as abandoned, and a day played already is practice."""
    browsing = open_table()
    page = browsing.page
    open_page(page, browsing.site.url)
    wait_my_turn_or_over(page)
    title, text, yes = ask_for_the_daily(page)
    assert title == f"Play today's daily deal, {utc_today()}?", title
    assert "counted as abandoned" in text and "your result of the day" in text, text
    assert "practice" not in text, text
    assert yes == "Abandon and play the daily", yes
    page.click("[data-confirm=new-hand] [data-action=cancel]")
    page.wait_for_selector("[data-confirm=new-hand]", state="hidden")
    # New hand still asks its own question.
    page.click(".bar [data-action=new]")
    page.wait_for_selector("[data-confirm=new-hand][open]")
    assert page.evaluate(QUESTION)[0] == "Deal a new hand?"
    page.click("[data-confirm=new-hand] [data-action=cancel]")

    # The day played already (its result kept): the deal again is practice, said in Chinese.
    today = record_todays_daily(page)
    menu_click(page, "language")
    open_page(page, browsing.site.url)
    wait_my_turn_or_over(page)
    title, text, yes = ask_for_the_daily(page)
    assert title == f"开始今天（{today}）的每日一局？", title
    assert "弃局" in text and "再打一次算练习" in text, text
    assert yes == "放弃并打每日一局", yes
    page.click("[data-confirm=new-hand] [data-action=confirm]")
    page.wait_for_selector("[data-confirm=new-hand]", state="hidden")
    wait_deal(page, daily_deal(today)["deal_code"])


def plate(page: Any) -> dict[str, Any]:
    """What the felt says of the hand (its rules and level, the daily's date), and the menu."""
    said: dict[str, Any] = page.evaluate(
        """() => {
            const shown = e => e.checkVisibility();
            const text = sel => document.querySelector(sel).textContent;
            return {felt: shown(document.querySelector('[data-table-plate]')),
                    daily: shown(document.querySelector('[data-plate-daily]'))
                        ? text('[data-plate-daily]') : null,
                    rules: text('[data-plate-rules]'),
                    menu: text('[data-menu-plate]')};
        }"""
    )
    return said


def test_the_table_says_whose_rules_and_level_and_that_it_is_the_daily_deal(
    open_table: Any,
) -> None:
    """Once the daily's notice has faded the felt still says the hand is the daily deal, and
    every hand says its rules and its opponents' level; a screen with no room on the felt
    says them in the menu."""
    past = "2026-11-02"
    day = daily_deal(past)
    rules = f"{get_rules(day['preset']).label_en} · Medium level"
    tall = open_screen(open_table, (390, 844), f"#daily={past}").page
    wait_deal(tall, day["deal_code"])
    assert plate(tall) == {
        "felt": True,
        "daily": f"Daily deal {past}",
        "rules": rules,
        "menu": f"Daily deal {past}\n{rules}",
    }
    # Settings changed mid-hand apply to the next hand: until then the plate keeps this one's.
    choose(tall, "level", "hard")
    choose(tall, "preset", "classic16")
    assert plate(tall)["rules"] == rules
    # The next hand is not the daily's; its rules and level are the settings'.
    new_hand(tall)
    tall.wait_for_function(
        "letter => document.querySelector('[data-deal-code]').textContent.startsWith(letter)",
        arg=CODE_LETTER["classic16"],
    )
    classic = f"{get_rules('classic16').label_en} · Hard level"
    assert plate(tall) == {"felt": True, "daily": None, "rules": classic, "menu": classic}

    short = open_screen(open_table, (360, 640), f"#daily={past}").page
    wait_deal(short, day["deal_code"])
    said = plate(short)
    assert not said["felt"], said  # the felt is the plays'
    short.click("[data-action=menu]")
    assert short.is_visible("[data-menu-plate]")
    assert said["menu"] == f"Daily deal {past}\n{rules}"
