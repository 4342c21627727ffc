#!/usr/bin/env python3
"""How long a player who uses Hint waits for its first suggestion of a turn.

    .venv-test/bin/python bench/hint_wait.py --baseline OTHER_DIST [--dist DIR]
        [--deals A0000343,A0738433,A874417980] [--think 1500] [--throttle 1]

Two built sites, each played in turn in headless Chromium at 390x844 (normal
speed, Medium opponents) on the same deals: at each of your turns with a
choice, the player looks at the table for `--think` ms after the turn begins
(its prompt is shown), presses Hint and waits for its cards to rise (or for
Hint to say passing is best), then plays them (or passes). The wait from the
press to the suggestion is timed in the page (`performance.now()` at the click,
and at the first drawing that shows the answer). The first press of each visit
is reported apart: before it, no page knows the player wants hints. Medians and
spread per build, and the ratio of the medians of `--dist` to `--baseline`.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "web"))

import web_table  # type: ignore[import-not-found, unused-ignore]  # noqa: E402

from bench_table import DRIVER, fmt, wait_for  # noqa: E402
from site_build.browser import CHROMIUM_FLAGS, find_chromium  # noqa: E402
from site_build.paths import DIST  # noqa: E402
from site_build.server import make_server, serve_in_thread  # noqa: E402
from tail_summary import tail_summary  # noqa: E402

TIMEOUT_MS = 120_000
SETTINGS = """localStorage.setItem("paodekuai.settings",
  JSON.stringify({speed: "normal", level: "medium"}));"""
#: Hint pressed now; resolves with the milliseconds until its answer is drawn: cards risen,
#: or the button saying passing is best.
PRESS_HINT = """() => new Promise((resolve) => {
  const button = document.querySelector('[data-action=hint]');
  const hand = document.querySelector('[data-hand]');
  const answered = () => hand.querySelector('[aria-pressed=true]') !== null
    || button.dataset.hintBest === 'pass';
  const start = performance.now();
  const observer = new MutationObserver(() => {
    if (!answered()) return;
    observer.disconnect();
    requestAnimationFrame(() => resolve(performance.now() - start));
  });
  observer.observe(document.body, {subtree: true, attributes: true,
    attributeFilter: ['aria-pressed', 'data-hint-best']});
  button.click();
})"""
#: Your turn has a choice: Hint is on, and more than one play or a pass is open to you.
CHOICE = """() => !document.querySelector('[data-action=hint]').disabled"""


def play_deal(browser: Any, url: str, think_ms: int, throttle: float) -> list[float]:
    """One visit playing the deal at `url` to its end; each first press's wait, in turn order."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    context.add_init_script(SETTINGS)
    context.add_init_script(DRIVER)
    waits: list[float] = []
    try:
        page = context.new_page()
        cdp = context.new_cdp_session(page)
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": throttle})
        page.goto(url)
        while True:
            wait_for(cdp, "turn", timeout=TIMEOUT_MS)
            if web_table.is_over(page):
                return waits
            before = web_table.moves(page)
            if page.evaluate(CHOICE):
                page.wait_for_timeout(think_ms)
                waits.append(float(page.evaluate(PRESS_HINT)))
                if page.is_disabled("[data-action=play]"):
                    page.click("[data-action=hint]")  # passing was best: the plays come next
                wait_for(cdp, "play enabled", timeout=TIMEOUT_MS)
                page.click("[data-action=play]")
            else:
                page.click("[data-action=pass]")
            wait_for(cdp, "moved", before, TIMEOUT_MS)
    finally:
        context.close()


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--dist", type=Path, default=DIST, help="the build measured")
    parser.add_argument("--baseline", type=Path, required=True, help="the build compared with")
    parser.add_argument("--deals", default="A0000343,A0738433,A874417980")
    parser.add_argument("--think", type=int, default=1500, help="ms before Hint is pressed")
    parser.add_argument("--throttle", type=float, default=1.0, help="CPU slow-down")
    args = parser.parse_args()
    started = time.perf_counter()
    builds = {"baseline": args.baseline, "measured": args.dist}
    later: dict[str, list[float]] = {name: [] for name in builds}
    first: dict[str, list[float]] = {name: [] for name in builds}
    with sync_playwright() as pw:
        browser = pw.chromium.launch(
            executable_path=find_chromium() or "/usr/bin/chromium", args=list(CHROMIUM_FLAGS)
        )
        try:
            for deal in args.deals.split(","):
                for name, dist in builds.items():
                    server = make_server(dist, port=0, quiet=True)
                    serve_in_thread(server)
                    try:
                        url = f"http://127.0.0.1:{server.server_address[1]}/#deal={deal}"
                        waits = play_deal(browser, url, args.think, args.throttle)
                    finally:
                        server.shutdown()
                    first[name] += waits[:1]
                    later[name] += waits[1:]
                    print(f"{deal} {name:>9}: " + json.dumps([round(w) for w in waits]))
        finally:
            browser.close()
    print(
        f"Chromium 390x844, Medium opponents, normal speed, Hint pressed {args.think} ms into"
        f" each turn with a choice, CPU x{args.throttle:g}"
    )
    summaries = {name: tail_summary(values) for name, values in later.items()}
    for name in builds:
        print(f"{name:>9}  first press of a visit  {fmt(tail_summary(first[name]))}")
        print(f"{name:>9}  later first presses     {fmt(summaries[name])}")
    base, measured = summaries["baseline"], summaries["measured"]
    if base.get("n") and measured.get("n") and base["median"] > 0:
        print(f"measured / baseline median wait: {measured['median'] / base['median']:.2f}x")
    print(f"({time.perf_counter() - started:.0f} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
