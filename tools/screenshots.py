#!/usr/bin/env python3
"""Screenshots of the table at the four reference screens, in both languages.

    python tools/screenshots.py [--out DIR] [--sizes 390x844,844x390,...] [--langs en,zh]
            [--states deal,mid,beat,barred,over,menu,settings,help,confirm,replay,stats,
                      daily-over,daily-again]

Builds nothing: it serves the existing dist/ (run `python build.py` first) and
drives it through the stable test hooks, writing one PNG per screen, language
and state: `deal` (the first table), `mid` (a trick under way, the person to
move), `beat` (the person to move with nothing that beats, when the deal gets
there), `barred` (the person to move with cards the last card rule keeps from
going as a single, marked, when the deal gets there), `over` (the end of the
hand), the bar's menu opened (on screens where it is a menu), the dialogs and
`confirm` (New hand's question mid-hand, asked on a fresh deal), `daily-over` (the end of
the day's daily deal, played from the menu, with Hard's result next to yours) and
`daily-again` (the same daily deal played again: practice, the day's result kept). Look
at them with an image viewer: tests check the hooks, only eyes check the table.
"""

from __future__ import annotations

import argparse
import datetime
import json
import sys
import threading
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "web"))
sys.path.insert(0, str(ROOT / "engine"))

# (mypy finds web_table when it checks tests/web in the same run, not when it checks this alone)
import web_table  # type: ignore[import-not-found, unused-ignore]  # noqa: E402

from paodekuai.daily import daily_deal  # noqa: E402
from site_build.browser import CHROMIUM_FLAGS, find_chromium  # noqa: E402
from site_build.paths import DIST  # noqa: E402
from site_build.server import make_server  # noqa: E402

SIZES = ("390x844", "844x390", "360x640", "1366x768")
STATES = (
    "deal",
    "mid",
    "beat",
    "barred",
    "over",
    "menu",
    "settings",
    "help",
    "confirm",
    "replay",
    "stats",
    "daily-over",
    "daily-again",
)


def settings_script(lang: str, preset: str) -> str:
    settings = {"speed": "fast", "level": "easy", "language": lang, "preset": preset}
    return f"localStorage.setItem('paodekuai.settings', {json.dumps(json.dumps(settings))});"


def shoot(page: Any, out: Path, name: str) -> None:
    page.wait_for_timeout(450)  # let motion settle
    page.screenshot(path=str(out / f"{name}.png"))
    print(out / f"{name}.png")


def nothing_beats(page: Any) -> bool:
    return bool(
        page.evaluate(
            """() => document.querySelector('[data-seat="0"][data-turn]') !== null
                 && document.querySelector('[data-action=hint]').disabled
                 && !document.querySelector('[data-action=pass]').disabled"""
        )
    )


def play_daily(page: Any) -> None:
    """The day's daily deal from the menu, played to its end, Hard's result shown."""
    web_table.menu_click(page, "daily")
    page.wait_for_function(
        "() => document.querySelector('[data-confirm=new-hand][open]')"
        " || document.querySelector('[data-result]').hidden"
    )
    if page.is_visible("[data-confirm=new-hand]"):
        page.click("[data-confirm=new-hand] [data-action=confirm]")
    # The day's deal on the table, dealt afresh (no turn taken in the hand it replaces).
    code = daily_deal(datetime.datetime.now(datetime.UTC).date().isoformat())["deal_code"]
    page.wait_for_function(
        """code => document.querySelector('[data-result]').hidden
            && document.querySelector('[data-deal-code]').textContent.trim() === code
            && document.querySelectorAll('[data-hand] [data-card]').length === 16""",
        arg=code,
        timeout=web_table.READY_TIMEOUT_MS,
    )
    web_table.play_until(page)
    page.wait_for_selector("[data-daily] [data-hard-total]", timeout=web_table.READY_TIMEOUT_MS)


def run(args: argparse.Namespace) -> None:
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    server = make_server(DIST, port=0, quiet=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = server.url
    if args.deal:
        url += f"#deal={args.deal}"
    states = args.states.split(",")
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=find_chromium(), args=list(CHROMIUM_FLAGS))
        for size in args.sizes.split(","):
            width, height = (int(n) for n in size.split("x"))
            for lang in args.langs.split(","):
                context = browser.new_context(
                    viewport={"width": width, "height": height},
                    has_touch=width < 1000,
                    locale="zh-CN" if lang == "zh" else "en-US",
                )
                context.add_init_script(
                    "if (!sessionStorage.getItem('shots')) {"
                    + settings_script(lang, args.preset)
                    + "sessionStorage.setItem('shots', '1'); }"
                )
                page = context.new_page()
                page.goto(url)
                web_table.wait_ready(page)
                tag = f"{size}-{lang}"
                if "deal" in states:
                    shoot(page, out, f"{tag}-deal")
                if "mid" in states:
                    web_table.wait_my_turn_or_over(page)
                    # take turns until someone else has played in this trick
                    for _ in range(6):
                        if web_table.is_over(page):
                            break
                        others = ",".join(
                            f"[data-seat='{seat}'] {hook}"
                            for seat in (1, 2)
                            for hook in ("[data-played] [data-card]", "[data-played-card]")
                        )
                        if page.eval_on_selector_all(others, "els => els.length"):
                            break
                        web_table.take_turn(page)
                        web_table.wait_my_turn_or_over(page)
                    if "hint" in args.extra and page.is_enabled("[data-action=hint]"):
                        page.click("[data-action=hint]")
                    shoot(page, out, f"{tag}-mid")
                if "beat" in states:
                    for _ in range(60):
                        web_table.wait_my_turn_or_over(page)
                        if web_table.is_over(page) or nothing_beats(page):
                            break
                        web_table.take_turn(page)
                    if not web_table.is_over(page):
                        shoot(page, out, f"{tag}-beat")
                if "barred" in states:
                    for _ in range(60):
                        web_table.wait_my_turn_or_over(page)
                        if (
                            web_table.is_over(page)
                            or page.locator("[data-hand] [data-single-barred]").count()
                        ):
                            break
                        web_table.take_turn(page)
                    if not web_table.is_over(page):
                        shoot(page, out, f"{tag}-barred")
                if "over" in states:
                    web_table.play_until(page)
                    page.wait_for_timeout(900)
                    shoot(page, out, f"{tag}-over")
                if "menu" in states and page.is_visible("[data-action=menu]"):
                    page.click("[data-action=menu]")
                    shoot(page, out, f"{tag}-menu")
                    page.keyboard.press("Escape")
                for dialog in ("settings", "help"):
                    if dialog in states:
                        web_table.menu_click(page, dialog)
                        shoot(page, out, f"{tag}-{dialog}")
                        page.keyboard.press("Escape")
                        page.wait_for_timeout(200)
                if "replay" in states and web_table.is_over(page):
                    page.click("[data-action=replay]")
                    page.wait_for_selector("[data-replay]:not([hidden])")
                    page.click("[data-action=replay-next]")
                    page.click("[data-action=replay-next]")
                    shoot(page, out, f"{tag}-replay")
                    if "coach" in args.extra:
                        # Once every decision is rated, the last one with a choice tapped:
                        # its detail in sight, then its options scrolled into sight.
                        chip = "[data-review-steps] [data-review-step]"
                        page.wait_for_selector("[data-review-steps]", timeout=120_000)
                        pending = f"{chip}[data-verdict=pending]"
                        for _ in range(1200):  # (polled: the page's CSP allows no eval)
                            if page.query_selector(pending) is None:
                                break
                            page.wait_for_timeout(100)
                        chosen = f"{chip}:not([data-verdict=forced]):not([data-verdict=timedOut])"
                        if page.query_selector(chosen) is None:
                            chosen = chip
                        chips = page.locator(chosen)
                        (chips.first if "coach-first" in args.extra else chips.last).click()
                        shoot(page, out, f"{tag}-coach")
                        options = page.query_selector("[data-replay] .coach-options")
                        if options is not None:
                            options.scroll_into_view_if_needed()
                            shoot(page, out, f"{tag}-options")
                    page.click("[data-action=replay-close]")
                if "stats" in states:
                    web_table.menu_click(page, "stats")
                    shoot(page, out, f"{tag}-stats")
                if "confirm" in states:
                    if page.is_visible("[data-stats]"):
                        page.click("[data-action=stats-close]")
                    if web_table.is_over(page):
                        page.click(".bar [data-action=new]")
                        page.wait_for_selector("[data-result]", state="hidden")
                    web_table.wait_my_turn_or_over(page)
                    page.click(".bar [data-action=new]")
                    page.wait_for_selector("[data-confirm=new-hand][open]")
                    shoot(page, out, f"{tag}-confirm")
                    page.click("[data-confirm=new-hand] [data-action=cancel]")
                for daily in ("daily-over", "daily-again"):
                    if daily in states:
                        if page.is_visible("[data-stats]"):
                            page.click("[data-action=stats-close]")
                        play_daily(page)
                        shoot(page, out, f"{tag}-{daily}")
                context.close()
        browser.close()
    server.shutdown()


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--out", default=str(ROOT / "screenshots"))
    parser.add_argument("--sizes", default=",".join(SIZES))
    parser.add_argument("--langs", default="en,zh")
    parser.add_argument("--states", default=",".join(STATES))
    parser.add_argument("--preset", default="standard")
    parser.add_argument("--deal", default="", help="a deal code to open (#deal=)")
    parser.add_argument(
        "--extra",
        default="",
        help="comma list: hint (select a hint in 'mid'), coach (tap the last decision with a"
        " choice in 'replay'; with coach-first, the first)",
    )
    run(parser.parse_args())


if __name__ == "__main__":
    main()
