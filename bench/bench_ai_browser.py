#!/usr/bin/env python3
"""The computer opponents in the page: decision times and main-thread smoothness.

    .venv-test/bin/python bench/bench_ai_browser.py [--decisions 80] [--json FILE]

(`python build.py test` creates .venv-test with Playwright; dist/ is built when
missing.) In headless Chromium, on the built site, it plays hands as seat 0
(Hint + Play, or Pass) against two computer seats and reads the page's own
timeline:

- each computer decision's worker round trip (`pdk:rtt:bot_turn`: the Pyodide
  search plus the message round trip) for Hard, and for Medium as the
  baseline measured in the same run;
- the main thread while the computer thinks: every long task the browser
  reports (PerformanceObserver "longtask", over 50 ms) and the longest gap
  between two animation frames.

Goal: Hard decides in at most 1.0 s at p95, and no main-thread
frame takes over 100 ms while it thinks.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright

from bench_browser import take_turn  # the same folder: run as a script (it puts ROOT on sys.path)
from site_build.browser import CHROMIUM_FLAGS, find_chromium
from site_build.paths import DIST
from site_build.server import make_server, serve_in_thread
from site_build.site import build
from tail_summary import tail_summary

TIMEOUT_MS = 120_000
#: Settings for the page, and probes of the main thread: long tasks and frame gaps.
PROBES = """
localStorage.setItem("paodekuai.settings", JSON.stringify({speed: "fast", level: "%s"}));
window.__longTasks = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) window.__longTasks.push(e.duration);
}).observe({type: "longtask", buffered: true});
window.__frameGaps = [];
let last = performance.now();
const tick = (now) => {
  window.__frameGaps.push(now - last);
  last = now;
  requestAnimationFrame(tick);
};
requestAnimationFrame(tick);
// Hard's searches the clock cut short: read from the worker's bot_turn replies.
window.__searches = [];
const PageWorker = window.Worker;
window.Worker = class extends PageWorker {
  constructor(...args) {
    super(...args);
    this.addEventListener("message", (event) => {
      const search = event.data?.reply?.result?.search;
      if (search?.searched) window.__searches.push(search.clock_stopped ? 1 : 0);
    });
  }
};
"""
MY_TURN_OR_OVER = """() => {
  const me = document.querySelector('[data-seat="0"]');
  return document.querySelector('[data-result]:not([hidden])') !== null
      || (me !== null && me.hasAttribute('data-turn'));
}"""


def play(browser: Any, url: str, level: str, decisions: int) -> dict[str, list[float]]:
    """Play hands until the computer seats made ``decisions`` decisions."""
    context = browser.new_context(viewport={"width": 1366, "height": 768})
    context.add_init_script(PROBES % level)
    thinking: list[float] = []
    long_tasks: list[float] = []
    gaps: list[float] = []
    stops: list[float] = []
    try:
        page = context.new_page()
        page.goto(url)
        page.wait_for_selector("html[data-engine=ready]", state="attached", timeout=TIMEOUT_MS)
        page.evaluate("() => { window.__longTasks = []; window.__frameGaps = []; }")
        while len(thinking) < decisions:
            page.wait_for_function(MY_TURN_OR_OVER, timeout=TIMEOUT_MS)
            _harvest(page, thinking, long_tasks, gaps, stops)
            if page.is_visible("[data-result]"):
                page.click("[data-action=new]")
                page.wait_for_selector("[data-result]", state="hidden")
                continue
            take_turn(page, TIMEOUT_MS)
        _harvest(page, thinking, long_tasks, gaps, stops)
    finally:
        context.close()
    return {"decision": thinking, "long_task": long_tasks, "frame_gap": gaps, "clock_stop": stops}


def _harvest(
    page: Any, thinking: list[float], long_tasks: list[float], gaps: list[float], stops: list[float]
) -> None:
    data = page.evaluate(
        """() => {
          const out = {
            rtt: performance.getEntriesByName('pdk:rtt:bot_turn').map(e => e.duration),
            tasks: window.__longTasks.splice(0),
            gaps: window.__frameGaps.splice(0),
            stops: window.__searches.splice(0),
          };
          performance.clearMeasures('pdk:rtt:bot_turn');
          return out;
        }"""
    )
    thinking.extend(data["rtt"])
    stops.extend(data["stops"])
    long_tasks.extend(data["tasks"])
    # The first gap after a harvest spans Playwright's own pause: drop it.
    gaps.extend(data["gaps"][1:])


def fmt(stats: dict[str, float]) -> str:
    if not stats.get("n"):
        return "none"
    return (
        f"median {stats['median']:7.1f} ms  p95 {stats['p95']:7.1f} ms"
        f"  max {stats['max']:7.1f} ms  (n={stats['n']:.0f})"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--decisions", type=int, default=80, help="computer decisions per level")
    parser.add_argument("--json", type=Path, help="also write the figures here")
    args = parser.parse_args()
    if not (DIST / "index.html").exists():
        build()
    server = make_server(DIST, port=0, quiet=True)
    serve_in_thread(server)
    url = server.url
    started = time.perf_counter()
    results: dict[str, dict[str, dict[str, float]]] = {}
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(
                executable_path=find_chromium() or "/usr/bin/chromium",
                args=list(CHROMIUM_FLAGS),
            )
            try:
                for level in ("medium", "hard"):
                    raw = play(browser, url, level, args.decisions)
                    results[level] = {name: tail_summary(values) for name, values in raw.items()}
                    results[level]["clock_stop"] = {
                        "n": len(raw["clock_stop"]),
                        "stopped": sum(raw["clock_stop"]),
                    }
            finally:
                browser.close()
    finally:
        server.shutdown()
    print(f"Chromium, Pyodide worker; {args.decisions} computer decisions per level")
    for level, figures in results.items():
        print(f"{level:>6} decision round trip   {fmt(figures['decision'])}")
        print(f"{level:>6} main-thread long tasks {fmt(figures['long_task'])}")
        print(f"{level:>6} frame gaps             {fmt(figures['frame_gap'])}")
    searches = results["hard"]["clock_stop"]
    if searches["n"]:
        print(
            f"  hard searches the clock stopped before all their worlds:"
            f" {searches['stopped']:.0f} of {searches['n']:.0f}"
        )
    hard, medium = results["hard"]["decision"], results["medium"]["decision"]
    if hard.get("n") and medium.get("n"):
        print(f"hard / medium median decision time: {hard['median'] / medium['median']:.1f}x")
    verdict_p95 = hard.get("p95", 0.0) <= 1000.0
    worst_frame = max(
        results["hard"]["frame_gap"].get("max", 0.0), results["hard"]["long_task"].get("max", 0.0)
    )
    print(
        f"goal: Hard p95 <= 1000 ms: {'met' if verdict_p95 else 'NOT met'};"
        f" longest main-thread frame while Hard plays {worst_frame:.0f} ms"
        f" ({'met' if worst_frame <= 100 else 'NOT met'}, goal <= 100 ms)"
    )
    print(f"({time.perf_counter() - started:.0f} s)")
    if args.json:
        args.json.write_text(json.dumps(results, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
