#!/usr/bin/env python3
"""Boot timings, bytes and memory of the built site in headless Chromium, in one run.

    .venv-test/bin/python bench/bench_browser.py [--repeats 5] [--plays 30] [--json FILE]
                                                  [--no-throttle] [--no-shipped]

(`python build.py test` creates .venv-test with Playwright; dist/ is built when
missing.) The site is served as GitHub Pages serves it (text and WebAssembly
gzipped). Each time is from navigation start, in fresh browser contexts:

- bare:  a page that only boots the npm package's Pyodide in a module worker
  (its whole standard library and lockfile; no wheel, no engine);
- cold:  this site's first visit to the first dealt hand (no caches);
- warm:  a return visit (the service worker's cache) to the first dealt hand,
  booting from the stored heap snapshot (`snapshot`) and, for comparison,
  with the snapshot deleted first (`warm fresh`);
- throttled: bare and cold again on a phone's 4G (DevTools network emulation:
  10 Mbit/s down, 40 ms latency; the worker's downloads are checked to be
  slowed too);
- shipped: a first visit restoring a gzipped snapshot made beforehand instead
  of starting Python, against the same minimal boot without it, throttled;
- play:  the worker round trip of `play`, `judge` and `bot_turn`, as the
  page's engine client records them, over several hands;
- bytes: what a first visit downloads, against bare Pyodide (site_build.transfer);
- memory: the WebAssembly memory Python runs in after boot, fresh and restored.

Runs of the kinds compared alternate so drift in machine load hits both alike;
ratios are per pair (median, min, max) and of the medians.
"""

from __future__ import annotations

import argparse
import base64
import json
import os
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # run as a script: the repository's own packages (site_build)

from site_build.browser import CHROMIUM_FLAGS, find_chromium  # noqa: E402
from site_build.paths import DIST, PYODIDE_PKG  # noqa: E402
from site_build.server import SiteServer, make_server, serve_in_thread  # noqa: E402
from site_build.site import build  # noqa: E402
from site_build.transfer import BARE_PYODIDE_FILES, bare_pyodide_bytes, site_bytes  # noqa: E402

PAGES = Path(__file__).resolve().parent / "pages"
SETTINGS_TEMPLATE = """try {
  if (!localStorage.getItem("paodekuai.settings")) {
    localStorage.setItem("paodekuai.settings", JSON.stringify({speed: "fast", level: "%s"}));
  }
} catch (e) {}"""
FAST_SETTINGS = SETTINGS_TEMPLATE % "medium"
TIMEOUT_MS = 300_000
#: Pause after each boot's context closes: tearing down a page with Pyodide's
#: heap takes a moment of CPU, which would otherwise land on the next run.
SETTLE_S = 1.0
#: A phone's 4G, as DevTools emulates it.
DOWN_MBIT = 10.0
LATENCY_MS = 40.0
SNAPSHOT_CACHE = "paodekuai.snapshot"


def bench_files(heap_gz: bytes | None = None) -> dict[str, tuple[bytes, str]]:
    """The bench's own pages (/__bench/), bare Pyodide (/__bare/pyodide/), a shipped heap."""
    mime = {".html": "text/html; charset=utf-8", ".js": "text/javascript; charset=utf-8"}
    files = {
        f"/__bench/{path.name}": (path.read_bytes(), mime[path.suffix])
        for path in PAGES.iterdir()
        if path.suffix in mime
    }
    bare_types = {".mjs": mime[".js"], ".wasm": "application/wasm", ".zip": "application/zip"}
    for name in BARE_PYODIDE_FILES:
        kind = bare_types.get(Path(name).suffix, "application/json")
        files[f"/__bare/pyodide/{name}"] = ((PYODIDE_PKG / name).read_bytes(), kind)
    if heap_gz is not None:
        files["/__bench/heap.gz"] = (heap_gz, "application/gzip")
    return files


def start_server(heap_gz: bytes | None = None) -> SiteServer:
    server = make_server(DIST, port=0, quiet=True, extra_files=bench_files(heap_gz), compress=True)
    serve_in_thread(server)
    return server


def throttle(context: Any, page: Any) -> None:
    """Emulate the 4G network for this page (and its workers: checked by downloads' speed)."""
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send(
        "Network.emulateNetworkConditions",
        {
            "offline": False,
            "latency": LATENCY_MS,
            "downloadThroughput": DOWN_MBIT * 1e6 / 8,
            "uploadThroughput": DOWN_MBIT * 1e6 / 8,
        },
    )


def mark_time(page: Any, name: str) -> float:
    value: float = page.evaluate(
        "name => performance.getEntriesByName(name)[0]?.startTime ?? -1", name
    )
    return value


def mark_detail(page: Any, name: str) -> dict[str, Any]:
    detail: dict[str, Any] = page.evaluate(
        "name => performance.getEntriesByName(name)[0].detail", name
    )
    return detail


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
                    pyodide: detail.pyodide, import: detail.import ?? 0,
                    snapshot: detail.snapshot ?? 0, heap_bytes: detail.heapBytes ?? 0};
        }""",
        mark,
    )
    return phases


def bench_page(browser: Any, url: str, worker: str, throttled: bool, **query: str) -> Any:
    """Open a bench page running `worker`; its result once the worker reports."""
    context = browser.new_context()
    try:
        page = context.new_page()
        if throttled:
            throttle(context, page)
        params = "&".join(f"{key}={value}" for key, value in {"worker": worker, **query}.items())
        page.goto(f"{url}__bench/bare.html?{params}")
        page.wait_for_selector("html[data-bench]", state="attached", timeout=TIMEOUT_MS)
        detail = mark_detail(page, "bench:ready")
        if detail.get("error"):
            raise RuntimeError(f"{worker} {query}: {detail['error']}")
        detail["ready"] = mark_time(page, "bench:ready")
        detail["worker_start"] = detail["workerOrigin"] - page.evaluate("performance.timeOrigin")
        if query.get("mode") == "make":
            detail["heap_gz"] = base64.b64decode(page.evaluate("heapBase64()"))
        return detail
    finally:
        context.close()
        time.sleep(SETTLE_S)


def bare_boot(browser: Any, url: str, throttled: bool = False) -> dict[str, Any]:
    run: dict[str, Any] = bench_page(browser, url, "bare_worker.js", throttled)
    return run


def cold_first_hand(browser: Any, url: str, throttled: bool = False) -> dict[str, Any]:
    context = browser.new_context()
    context.add_init_script(FAST_SETTINGS)
    try:
        page = context.new_page()
        if throttled:
            throttle(context, page)
        page.goto(url)
        page.wait_for_selector("html[data-engine=ready]", state="attached", timeout=TIMEOUT_MS)
        return {
            "first_paint": mark_time(page, "pdk:first-paint"),
            "engine_ready": mark_time(page, "pdk:engine-ready"),
            "first_hand": mark_time(page, "pdk:first-hand"),
            "boot": page.get_attribute("html", "data-boot"),
            **worker_phases(page, "pdk:engine-ready"),
        }
    finally:
        context.close()
        time.sleep(SETTLE_S)


def wait_snapshot_settled(page: Any) -> None:
    """This visit's snapshot was stored (or refused): nothing is written during the next load."""
    page.wait_for_function(
        """() => performance.getEntriesByName('pdk:snapshot-stored').length
                 + performance.getEntriesByName('pdk:snapshot-refused').length > 0""",
        timeout=TIMEOUT_MS,
    )


def warm_starts(browser: Any, url: str, repeats: int) -> dict[str, list[dict[str, Any]]]:
    """Return visits from the service worker's cache: restored from the snapshot, or not."""
    context = browser.new_context()
    context.add_init_script(FAST_SETTINGS)
    results: dict[str, list[dict[str, Any]]] = {"snapshot": [], "fresh": []}
    try:
        page = context.new_page()
        page.goto(url)
        page.wait_for_selector("html[data-engine=ready]", state="attached", timeout=TIMEOUT_MS)
        page.wait_for_selector("html[data-offline=ready]", state="attached", timeout=TIMEOUT_MS)
        page.wait_for_function("() => navigator.serviceWorker.controller !== null")
        wait_snapshot_settled(page)
        for i in range(2 * repeats):
            kind = "snapshot" if i % 2 == 0 else "fresh"
            if kind == "fresh":
                page.evaluate("name => caches.delete(name)", SNAPSHOT_CACHE)
            page.reload()
            page.wait_for_selector("html[data-engine=ready]", state="attached", timeout=TIMEOUT_MS)
            from_cache = page.evaluate(
                """() => performance.getEntriesByType('resource')
                     .filter(e => e.name.endsWith('.wasm'))
                     .every(e => e.workerStart > 0 || e.transferSize === 0)"""
            )
            results[kind].append(
                {
                    "first_paint": mark_time(page, "pdk:first-paint"),
                    "first_hand": mark_time(page, "pdk:first-hand"),
                    "boot": page.get_attribute("html", "data-boot"),
                    "served_by_service_worker": bool(from_cache),
                    **worker_phases(page, "pdk:engine-ready"),
                }
            )
            if kind == "fresh":
                wait_snapshot_settled(page)
            time.sleep(SETTLE_S)
        stored = page.evaluate(
            "() => performance.getEntriesByName('pdk:snapshot-stored')[0]?.detail ?? null"
        )
        results["stored"] = [stored] if stored else []
        return results
    finally:
        context.close()


def alternate(
    repeats: int, first: Callable[[], dict[str, Any]], second: Callable[[], dict[str, Any]]
) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """`repeats` runs of each, in the order first/second, second/first, ... (drift hits both)."""
    ones: list[dict[str, Any]] = []
    twos: list[dict[str, Any]] = []
    for i in range(repeats):
        if i % 2 == 0:
            ones.append(first())
            twos.append(second())
        else:
            twos.append(second())
            ones.append(first())
    return ones, twos


def ratio_line(name: str, numer: list[float], denom: list[float], goal: str) -> str:
    ratios = [a / b for a, b in zip(numer, denom, strict=True)]
    of_medians = statistics.median(numer) / statistics.median(denom)
    return (
        f"{name:<34} {of_medians:.3f} (of the medians)   per pair: median"
        f" {statistics.median(ratios):.3f}, min {min(ratios):.3f}, max {max(ratios):.3f}"
        f"   (goal {goal})"
    )


def download_speed(run: dict[str, Any], suffix: str) -> str:
    """How fast the worker received its largest download: the throttle must show here."""
    entries = [d for d in run.get("downloads", []) if d["name"].endswith(suffix)]
    if not entries:
        return "n/a"
    entry = max(entries, key=lambda d: d["encodedBodySize"])
    mbit = entry["encodedBodySize"] * 8 / 1e6 / (entry["duration"] / 1000)
    size_mb = entry["encodedBodySize"] / 1e6
    return f"{size_mb:.2f} MB in {entry['duration']:.0f} ms = {mbit:.1f} Mbit/s"


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
    parser.add_argument("--no-throttle", action="store_true", help="skip the 4G runs")
    parser.add_argument(
        "--no-shipped", action="store_true", help="skip the build-time snapshot comparison"
    )
    parser.add_argument(
        "--level", choices=["easy", "medium", "hard"], default="medium", help="computer seats"
    )
    args = parser.parse_args()
    global FAST_SETTINGS  # noqa: PLW0603 (one run, one level: read by every context)
    FAST_SETTINGS = SETTINGS_TEMPLATE % args.level

    from playwright.sync_api import sync_playwright  # noqa: PLC0415 (a venv-only dependency)

    if args.build or not (DIST / "index.html").is_file():
        build()
    server = start_server()
    url = server.url
    executable = find_chromium() or "/usr/bin/chromium"
    n = args.repeats
    results: dict[str, Any] = {}

    started = time.time()
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=executable, args=list(CHROMIUM_FLAGS))
        bare_boot(browser, url)  # warms the OS file cache and the server once
        cold_first_hand(browser, url)
        results["bare"], results["cold"] = alternate(
            n, lambda: bare_boot(browser, url), lambda: cold_first_hand(browser, url)
        )
        warm = warm_starts(browser, url, n)
        results["warm"] = warm["snapshot"]
        results["warm_fresh"] = warm["fresh"]
        results["stored"] = warm["stored"]
        if not args.no_throttle:
            results["bare_4g"], results["cold_4g"] = alternate(
                n,
                lambda: bare_boot(browser, url, throttled=True),
                lambda: cold_first_hand(browser, url, throttled=True),
            )
        if not args.no_shipped:
            made = bench_page(browser, url, "shipped_snapshot_worker.js", False, mode="make")
            heap_gz: bytes = made.pop("heap_gz")
            results["shipped_heap_gz_bytes"] = len(heap_gz)
            ship_server = start_server(heap_gz)
            ship_url = ship_server.url
            worker = "shipped_snapshot_worker.js"
            results["boot_4g"], results["shipped_4g"] = alternate(
                n,
                lambda: bench_page(browser, ship_url, worker, True, mode="fresh"),
                lambda: bench_page(browser, ship_url, worker, True, mode="shipped"),
            )
            ship_server.shutdown()
        results["round_trips"] = round_trips(browser, url, args.plays)
        version = browser.version
        browser.close()
    server.shutdown()
    report(results, version, args, time.time() - started)
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps({"chromium": version, **results}, indent=1))
    return 0


def report(results: dict[str, Any], version: str, args: argparse.Namespace, elapsed: float) -> None:
    median = statistics.median
    bare, cold, warm = results["bare"], results["cold"], results["warm"]
    bare_ready = [run["ready"] for run in bare]
    print(
        f"Chromium {version}, {os.cpu_count()} CPUs, {args.repeats} repeats,"
        f" level {args.level}, {elapsed:.0f} s"
    )
    print(f"bare Pyodide boot                  {fmt(summary(bare_ready))}")
    print(f"cold: first dealt hand             {fmt(summary([r['first_hand'] for r in cold]))}")
    print(f"cold: first paint                  {fmt(summary([r['first_paint'] for r in cold]))}")
    print(ratio_line("ratio cold / bare", [r["first_hand"] for r in cold], bare_ready, "<= 1.00"))
    print(
        "  where the time goes (medians, ms):  worker starts    loadPyodide   import+deal"
        f"\n    bare                              {median(r['worker_start'] for r in bare):8.0f}"
        f"      {median(r['pyodide'] for r in bare):8.0f}"
        f"\n    cold (this page)                  {median(r['worker_start'] for r in cold):8.0f}"
        f"      {median(r['pyodide'] for r in cold):8.0f}"
        f"      {median(r['first_hand'] - r['worker_start'] - r['pyodide'] for r in cold):8.0f}"
    )
    print(f"warm, snapshot: first hand         {fmt(summary([r['first_hand'] for r in warm]))}")
    warm_fresh = results["warm_fresh"]
    print(
        f"warm, no snapshot: first hand      {fmt(summary([r['first_hand'] for r in warm_fresh]))}"
    )
    print(f"warm: first paint (saved table)    {fmt(summary([r['first_paint'] for r in warm]))}")
    # The warm runs are not paired with bare ones: their ratio is of the medians only.
    warm_hand = median(r["first_hand"] for r in warm)
    print(
        f"ratio warm (snapshot) / bare       {warm_hand / median(bare_ready):.3f}"
        f" (of the medians; goal <= 0.40)   warm fresh / bare"
        f" {median(r['first_hand'] for r in warm_fresh) / median(bare_ready):.3f}"
    )
    paths = {r["boot"] for r in warm} | {f"no-snapshot:{r['boot']}" for r in warm_fresh}
    print(f"  boot paths seen: {sorted(paths)}")
    if not all(r["served_by_service_worker"] for r in warm + warm_fresh):
        print("  note: some warm runs were not served by the service worker")
    heap_fresh = median(r["heap_bytes"] for r in cold)
    heap_restored = median(r["heap_bytes"] for r in warm)
    heap_bare = median(r["heapBytes"] for r in bare)
    print(
        f"worker memory (WebAssembly heap) after boot: fresh {heap_fresh / 1e6:.1f} MB,"
        f" restored {heap_restored / 1e6:.1f} MB, bare {heap_bare / 1e6:.1f} MB"
    )
    for stored in results.get("stored", []):
        print(
            f"  snapshot stored: {stored['bytes'] / 1e6:.1f} MB in {stored['ms']:.0f} ms"
            " (held in the worker from boot until then)"
        )
    print(
        f"  cold, medians: wheel unpack + import {median(r['import'] for r in cold):.0f} ms,"
        f" taking the snapshot {median(r['snapshot'] for r in cold):.0f} ms;"
        f" warm restored: unpack + import {median(r['import'] for r in warm):.0f} ms"
    )
    ours, theirs = site_bytes(DIST), bare_pyodide_bytes()
    print(
        f"first-visit bytes (gzip, as GitHub Pages sends them): site {sum(ours.values()) / 1e6:.2f}"
        f" MB, bare Pyodide {sum(theirs.values()) / 1e6:.2f} MB,"
        f" ratio {sum(ours.values()) / sum(theirs.values()):.3f} (goal <= 0.80)"
    )
    if "cold_4g" in results:
        bare4, cold4 = results["bare_4g"], results["cold_4g"]
        bare4_ready = [r["ready"] for r in bare4]
        print(f"4G ({DOWN_MBIT:g} Mbit/s, {LATENCY_MS:g} ms): bare    {fmt(summary(bare4_ready))}")
        hand4 = [r["first_hand"] for r in cold4]
        print(f"4G: cold first dealt hand          {fmt(summary(hand4))}")
        print(ratio_line("ratio cold / bare on 4G", hand4, bare4_ready, "<= 0.90"))
        print(f"  throttle reached the worker: bare wasm {download_speed(bare4[0], '.wasm')}")
    if "shipped_4g" in results:
        boot4, ship4 = results["boot_4g"], results["shipped_4g"]
        print(
            f"shipped snapshot (gzip {results['shipped_heap_gz_bytes'] / 1e6:.2f} MB) vs booting,"
            " minimal page, 4G, to a dealt hand:"
        )
        boot_dealt = [r["dealtAt"] - r["workerOrigin"] + r["worker_start"] for r in boot4]
        ship_dealt = [r["dealtAt"] - r["workerOrigin"] + r["worker_start"] for r in ship4]
        print(f"  booting                          {fmt(summary(boot_dealt))}")
        print(f"  from the shipped snapshot        {fmt(summary(ship_dealt))}")
        print(ratio_line("  ratio shipped / booting", ship_dealt, boot_dealt, "< 1 to ship it"))
    trips = results["round_trips"]
    for kind in ("play", "judge", "bot_turn"):
        if trips[kind]:
            print(f"round trip {kind:<10}              {fmt(summary(trips[kind]))}")


if __name__ == "__main__":
    sys.exit(main())
