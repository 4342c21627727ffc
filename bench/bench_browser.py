#!/usr/bin/env python3
"""Boot and round-trip timings of the built site in headless Chromium, in one run.

    .venv-test/bin/python bench/bench_browser.py [--repeats 5] [--plays 30] [--json FILE]

(`python build.py test` creates .venv-test with Playwright; dist/ is built when
missing.) It measures, each from navigation start, in fresh browser contexts:

- bare:  a page that only boots Pyodide in a module worker (no wheel, no engine);
- cold:  this site's time to the first dealt hand on a first visit (no caches);
  the ratio cold / bare is the cost of everything that is ours (goal <= 1.10);
- warm:  a reload served by the service worker's cache, to the first dealt hand
  (and the first paint of the saved table);
- play:  the worker round trip of a `play` request (and of `judge` and
  `bot_turn`), as the page's engine client records them, over several hands.

Bare and cold runs alternate so drift in machine load hits both alike.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # run as a script: the repository's own packages (site_build)

from site_build.browser import CHROMIUM_FLAGS, find_chromium  # noqa: E402
from site_build.paths import DIST  # noqa: E402
from site_build.server import make_server, serve_in_thread  # noqa: E402
from site_build.site import build  # noqa: E402

BARE_HTML = b"""<!doctype html><html><head><meta charset="utf-8"><title>bare pyodide</title></head>
<body><script type="module" src="bare_page.js"></script></body></html>"""
BARE_PAGE_JS = b"""const worker = new Worker("bare_worker.js", { type: "module" });
worker.onmessage = (event) => {
  performance.mark("bare:ready", { detail: event.data });
  document.documentElement.dataset.bare = "ready";
};"""
BARE_WORKER_JS = b"""import { loadPyodide } from "../pyodide/pyodide.mjs";
const base = new URL("../pyodide/", import.meta.url).href;
const started = performance.now();
await loadPyodide({ indexURL: base, packageBaseUrl: base });
postMessage({
  workerOrigin: performance.timeOrigin + started,
  pyodide: performance.now() - started,
});"""
BARE_FILES = {
    "/__bench/bare.html": (BARE_HTML, "text/html; charset=utf-8"),
    "/__bench/bare_page.js": (BARE_PAGE_JS, "text/javascript"),
    "/__bench/bare_worker.js": (BARE_WORKER_JS, "text/javascript"),
}
SETTINGS_TEMPLATE = """try {
  if (!localStorage.getItem("paodekuai.settings")) {
    localStorage.setItem("paodekuai.settings", JSON.stringify({speed: "fast", level: "%s"}));
  }
} catch (e) {}"""
FAST_SETTINGS = SETTINGS_TEMPLATE % "medium"
TIMEOUT_MS = 180_000
#: Pause after each boot's context closes: tearing down a page with Pyodide's
#: heap takes a moment of CPU, which would otherwise land on the next run.
SETTLE_S = 1.0


def mark_time(page: Any, name: str) -> float:
    value: float = page.evaluate(
        "name => performance.getEntriesByName(name)[0]?.startTime ?? -1", name
    )
    return value


def summary(values: list[float]) -> dict[str, float]:
    ordered = sorted(values)
    n = len(ordered)
    return {
        "n": n,
        "median": statistics.median(ordered),
        "min": ordered[0],
        "max": ordered[-1],
        "p10": ordered[max(0, int(0.1 * (n - 1)))],
        "p90": ordered[min(n - 1, round(0.9 * (n - 1)))],
        "stdev": statistics.stdev(ordered) if n > 1 else 0.0,
    }


def fmt(stats: dict[str, float], unit: str = "ms") -> str:
    return (
        f"median {stats['median']:8.1f} {unit}   "
        f"[min {stats['min']:.1f}, p10 {stats['p10']:.1f}, p90 {stats['p90']:.1f}, "
        f"max {stats['max']:.1f}; n={int(stats['n'])}]"
    )


def worker_phases(page: Any, mark: str) -> dict[str, float]:
    """When the worker began booting (ms after navigation) and how long loadPyodide took."""
    phases: dict[str, float] = page.evaluate(
        """name => {
            const detail = performance.getEntriesByName(name)[0].detail;
            return {worker_start: detail.workerOrigin - performance.timeOrigin,
                    pyodide: detail.pyodide, import: detail.import ?? 0};
        }""",
        mark,
    )
    return phases


def bare_boot(browser: Any, url: str) -> dict[str, float]:
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(url + "__bench/bare.html")
        page.wait_for_selector("html[data-bare=ready]", state="attached", timeout=TIMEOUT_MS)
        return {"ready": mark_time(page, "bare:ready"), **worker_phases(page, "bare:ready")}
    finally:
        context.close()
        time.sleep(SETTLE_S)


def cold_first_hand(browser: Any, url: str) -> dict[str, float]:
    context = browser.new_context()
    context.add_init_script(FAST_SETTINGS)
    try:
        page = context.new_page()
        page.goto(url)
        page.wait_for_selector("html[data-engine=ready]", state="attached", timeout=TIMEOUT_MS)
        return {
            "first_paint": mark_time(page, "pdk:first-paint"),
            "engine_ready": mark_time(page, "pdk:engine-ready"),
            "first_hand": mark_time(page, "pdk:first-hand"),
            **worker_phases(page, "pdk:engine-ready"),
        }
    finally:
        context.close()
        time.sleep(SETTLE_S)


def warm_starts(browser: Any, url: str, repeats: int) -> list[dict[str, float]]:
    context = browser.new_context()
    context.add_init_script(FAST_SETTINGS)
    try:
        page = context.new_page()
        page.goto(url)
        page.wait_for_selector("html[data-engine=ready]", state="attached", timeout=TIMEOUT_MS)
        page.wait_for_selector("html[data-offline=ready]", state="attached", timeout=TIMEOUT_MS)
        page.wait_for_function("navigator.serviceWorker.controller !== null")
        results = []
        for _ in range(repeats):
            page.reload()
            page.wait_for_selector("html[data-engine=ready]", state="attached", timeout=TIMEOUT_MS)
            from_cache = page.evaluate(
                """() => performance.getEntriesByType('resource')
                     .filter(e => e.name.endsWith('.wasm'))
                     .every(e => e.workerStart > 0 || e.transferSize === 0)"""
            )
            results.append(
                {
                    "first_paint": mark_time(page, "pdk:first-paint"),
                    "first_hand": mark_time(page, "pdk:first-hand"),
                    "served_by_service_worker": bool(from_cache),
                }
            )
        return results
    finally:
        context.close()


MY_TURN_OR_OVER = """() => {
  const over = document.querySelector('[data-result]:not([hidden])');
  const mine = document.querySelector('[data-seat="0"][data-turn]');
  const hint = document.querySelector('[data-action=hint]');
  const pass = document.querySelector('[data-action=pass]');
  return Boolean(over) || (mine && (!hint.disabled || !pass.disabled));
}"""


def take_turn(page: Any, timeout_ms: int) -> bool:
    """Hint + Play, or Pass when there is no hint; waits for the move. True when it played."""
    before = int(page.get_attribute("[data-app]", "data-moves") or "0")
    played = bool(page.is_enabled("[data-action=hint]"))
    if played:
        page.click("[data-action=hint]")
        page.wait_for_selector("[data-action=play]:not([disabled])")
        page.click("[data-action=play]")
    else:
        page.click("[data-action=pass]")
    page.wait_for_function(
        "n => Number(document.querySelector('[data-app]').dataset.moves) !== n",
        arg=before,
        timeout=timeout_ms,
    )
    return played


def round_trips(browser: Any, url: str, plays: int) -> dict[str, list[float]]:
    """Play hands by Hint + Play (or Pass) until `plays` plays were made; collect round trips."""
    context = browser.new_context()
    context.add_init_script(FAST_SETTINGS)
    collected: dict[str, list[float]] = {"play": [], "judge": [], "bot_turn": []}
    try:
        page = context.new_page()
        page.goto(url)
        page.wait_for_selector("html[data-engine=ready]", state="attached", timeout=TIMEOUT_MS)
        made = 0
        for _ in range(2000):
            if made >= plays:
                break
            page.wait_for_function(MY_TURN_OR_OVER, timeout=TIMEOUT_MS)
            if page.is_visible("[data-result]"):
                harvest(page, collected)
                page.click("[data-action=new]")
                page.wait_for_selector("[data-result]", state="hidden")
                continue
            if take_turn(page, TIMEOUT_MS):
                made += 1
        harvest(page, collected)
        return collected
    finally:
        context.close()


def harvest(page: Any, collected: dict[str, list[float]]) -> None:
    for kind, values in collected.items():
        durations: list[float] = page.evaluate(
            "name => performance.getEntriesByName(name).map(e => e.duration)", f"pdk:rtt:{kind}"
        )
        values.extend(durations)
    page.evaluate("() => performance.clearMeasures()")


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawTextHelpFormatter
    )
    parser.add_argument("--repeats", type=int, default=5, help="runs of each kind (default 5)")
    parser.add_argument("--plays", type=int, default=30, help="plays to time (default 30)")
    parser.add_argument("--json", type=Path, help="also write the numbers to this file")
    parser.add_argument("--build", action="store_true", help="rebuild dist/ first")
    parser.add_argument(
        "--level", choices=["easy", "medium", "hard"], default="medium", help="computer seats"
    )
    args = parser.parse_args()
    global FAST_SETTINGS  # noqa: PLW0603 (one run, one level: read by every context)
    FAST_SETTINGS = SETTINGS_TEMPLATE % args.level

    from playwright.sync_api import sync_playwright  # noqa: PLC0415 (a venv-only dependency)

    if args.build or not (DIST / "index.html").is_file():
        build()
    server = make_server(DIST, port=0, quiet=True, extra_files=BARE_FILES)
    serve_in_thread(server)
    url = server.url
    executable = find_chromium() or "/usr/bin/chromium"

    started = time.time()
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=executable, args=list(CHROMIUM_FLAGS)
        )
        bare_first = bare_boot(browser, url)  # warms the OS file cache and the server once
        cold_first_hand(browser, url)
        del bare_first
        bare: list[dict[str, float]] = []
        cold: list[dict[str, float]] = []
        for i in range(args.repeats):
            if i % 2 == 0:
                bare.append(bare_boot(browser, url))
                cold.append(cold_first_hand(browser, url))
            else:
                cold.append(cold_first_hand(browser, url))
                bare.append(bare_boot(browser, url))
        warm = warm_starts(browser, url, args.repeats)
        trips = round_trips(browser, url, args.plays)
        version = browser.version
        browser.close()
    server.shutdown()

    bare_stats = summary([run["ready"] for run in bare])
    cold_stats = summary([run["first_hand"] for run in cold])
    ratios = [c["first_hand"] / b["ready"] for c, b in zip(cold, bare, strict=True)]
    warm_stats = summary([run["first_hand"] for run in warm])
    warm_paint = summary([run["first_paint"] for run in warm])
    cold_paint = summary([run["first_paint"] for run in cold])

    elapsed = time.time() - started
    print(
        f"Chromium {version}, {os.cpu_count()} CPUs, {args.repeats} repeats,"
        f" level {args.level}, {elapsed:.0f} s"
    )
    print(f"bare Pyodide boot            {fmt(bare_stats)}")
    print(f"cold: first dealt hand       {fmt(cold_stats)}")
    print(f"cold: first paint            {fmt(cold_paint)}")
    ratio = cold_stats["median"] / bare_stats["median"]
    print(
        f"ratio cold/bare              {ratio:.3f} (of the medians)"
        f"   per pair: median {summary(ratios)['median']:.3f},"
        f" min {min(ratios):.3f}, max {max(ratios):.3f}   (goal <= 1.10)"
    )
    median = statistics.median
    print(
        "  where the time goes (medians, ms):  worker starts    loadPyodide   import+deal"
        f"\n    bare                              {median(r['worker_start'] for r in bare):8.0f}"
        f"      {median(r['pyodide'] for r in bare):8.0f}"
        f"\n    cold (this page)                  {median(r['worker_start'] for r in cold):8.0f}"
        f"      {median(r['pyodide'] for r in cold):8.0f}"
        f"      {median(r['first_hand'] - r['worker_start'] - r['pyodide'] for r in cold):8.0f}"
    )
    print(f"warm (service worker): hand  {fmt(warm_stats)}")
    print(f"warm: first paint (saved)    {fmt(warm_paint)}")
    if not all(run["served_by_service_worker"] for run in warm):
        print("  note: some warm runs were not served by the service worker")
    for kind in ("play", "judge", "bot_turn"):
        if trips[kind]:
            print(f"round trip {kind:<10}        {fmt(summary(trips[kind]))}")
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(
            json.dumps(
                {
                    "chromium": version,
                    "bare": bare,
                    "cold": cold,
                    "warm": warm,
                    "round_trips": trips,
                },
                indent=1,
            )
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
