#!/usr/bin/env python3
"""Screenshots of the table at the four reference screens, in both languages.

    python tools/screenshots.py [--out DIR] [--sizes 390x844,844x390,...] [--langs en,zh]
                                [--states deal,mid,beat,over,settings,help,replay,stats]

Builds nothing: it serves the existing dist/ (run `python build.py` first) and
drives it through the stable test hooks, writing one PNG per screen, language
and state: `deal` (the first table), `mid` (a trick under way, the person to
move), `beat` (the person to move with nothing that beats, when the deal gets
there), `over` (the end of the hand), and the dialogs. Look at them with an
image viewer: tests check the hooks, only eyes check the table.
"""

from __future__ import annotations

import argparse
import json
import sys
import threading
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "web"))

import build  # noqa: E402
import web_table  # noqa: E402

SIZES = ("390x844", "844x390", "360x640", "1366x768")
STATES = ("deal", "mid", "beat", "over", "settings", "help", "replay", "stats")


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


def run(args: argparse.Namespace) -> None:
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    server = build.make_server(build.DIST, port=0, quiet=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    if args.deal:
        url += f"#deal={args.deal}"
    states = args.states.split(",")
    with sync_playwright() as pw:
        browser = pw.chromium.launch(
            executable_path=build.find_chromium(), args=list(build.CHROMIUM_FLAGS)
        )
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
                if "over" in states:
                    web_table.play_until(page)
                    page.wait_for_timeout(900)
                    shoot(page, out, f"{tag}-over")
                for dialog in ("settings", "help"):
                    if dialog in states:
                        page.click(f"[data-action={dialog}]", force=True)
                        shoot(page, out, f"{tag}-{dialog}")
                        page.keyboard.press("Escape")
                        page.wait_for_timeout(200)
                if "replay" in states and web_table.is_over(page):
                    page.click("[data-action=replay]")
                    page.wait_for_selector("[data-replay]:not([hidden])")
                    page.click("[data-action=replay-next]")
                    page.click("[data-action=replay-next]")
                    shoot(page, out, f"{tag}-replay")
                    page.click("[data-action=replay-close]")
                if "stats" in states:
                    page.evaluate("document.querySelector('[data-action=stats]').click()")
                    shoot(page, out, f"{tag}-stats")
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
    parser.add_argument("--extra", default="", help="comma list: hint (select a hint in 'mid')")
    run(parser.parse_args())


if __name__ == "__main__":
    main()
