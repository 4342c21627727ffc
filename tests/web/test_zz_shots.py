from typing import Any
from web_table import is_over, menu_click, open_page, play_until
def test_shots(table: Any) -> None:
    page = table.page
    table.context.grant_permissions(["clipboard-read", "clipboard-write"])
    open_page(page, f"{table.site.url}#daily=2026-11-20")
    page.wait_for_function("() => document.querySelector('[data-deal-code]').textContent.trim() !== ''")
    page.wait_for_timeout(1500)
    play_until(page, max_turns=80)
    assert is_over(page)
    page.wait_for_selector("[data-daily] [data-hard-total]", timeout=240000)
    for w, h in ((390, 844), (1366, 768), (844, 390)):
        page.set_viewport_size({"width": w, "height": h})
        page.wait_for_timeout(400)
        page.screenshot(path=f"/tmp/cd/daily-{w}.png")
    page.click("[data-daily] [data-action=copy-share]")
    page.wait_for_timeout(400)
    page.set_viewport_size({"width": 390, "height": 844})
    page.screenshot(path="/tmp/cd/daily-copied-390.png")
    page.click("[data-result] [data-action=new]")
    page.wait_for_timeout(3000)
    menu_click(page, "stats")
    page.wait_for_selector("[data-stats]:not([hidden])")
    page.wait_for_timeout(400)
    page.screenshot(path="/tmp/cd/stats-390.png")
    page.set_viewport_size({"width": 1366, "height": 768})
    page.wait_for_timeout(400)
    page.screenshot(path="/tmp/cd/stats-1366.png")
    page.click("[data-action=stats-close]")
    page.click("[data-action=menu]") if page.is_visible("[data-action=menu]") else None
    page.wait_for_timeout(400)
    page.screenshot(path="/tmp/cd/bar-1366.png")
