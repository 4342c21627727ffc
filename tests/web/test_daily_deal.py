"""The daily deal in the page: the menu's Daily deal starts today's UTC deal with Medium
opponents (offline too), the result shows Hard's total on the same deal and your result
against it, Copy puts the engine's share line on the clipboard, Statistics keeps the
streak and the record against Hard (drawn as charts), and #daily=DATE opens a past day."""

from __future__ import annotations

import datetime
import json
from typing import Any

from table_features import read_save
from web_table import (
    READY_TIMEOUT_MS,
    is_over,
    menu_click,
    open_page,
    play_until,
    wait_offline_ready,
)

from paodekuai.daily import daily_baseline, daily_deal, share_line

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


def test_the_daily_deal_against_hard_copied_and_counted(table: Any) -> None:
    page = table.page
    table.context.grant_permissions(["clipboard-read", "clipboard-write"])
    open_page(page, table.site.url)
    today = datetime.datetime.now(datetime.UTC).date().isoformat()
    day = daily_deal(today)
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
    line = share_line(today, you, baseline["total"]).en
    page.wait_for_function("() => document.querySelector('.daily-copied') !== null")
    assert page.evaluate("navigator.clipboard.readText()") == line

    stored = json.loads(page.evaluate("k => localStorage.getItem(k)", DAILY_KEY))
    assert stored["results"][today] == {"you": you, "hard": baseline["total"]}

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
    assert f"{today} {signed(diff)}" in label, label


def test_a_daily_link_opens_that_days_deal(table: Any) -> None:
    page = table.page
    past = "2026-11-02"
    open_page(page, f"{table.site.url}#daily={past}")
    wait_deal(page, daily_deal(past)["deal_code"])
    assert "#" not in page.url  # read once: a reload resumes the hand
    assert read_save(page)["game"]["level"] == "medium"
