#!/usr/bin/env python3
"""The coach, the first Hint and the daily baseline in the page's worker: how long each takes.

    .venv-test/bin/python bench/bench_coach_browser.py [--hands 3] [--json FILE]

(`python build.py test` creates .venv-test with Playwright; dist/ is built when
missing.) In headless Chromium, on the built site, it starts the site's engine
worker (js/engine/worker.js, as the page does) and times, inside the page, each
request's round trip:

- `review` of every decision of seat 0 in a few finished hands (played out in
  CPython by Medium for all seats);
- `hint` for seat 0's first turn of a few deals;
- `daily_baseline` for a few dates (Hard plays the whole daily hand);
- `bot_turn` at Hard, as the baseline measured in the same run.

It prints medians, p95 and maxima, and the coach's time per decision relative
to a Hard decision.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright

import bench_browser  # noqa: F401  the same folder: run as a script (it puts ROOT on sys.path)
from site_build.browser import CHROMIUM_FLAGS, find_chromium
from site_build.paths import DIST
from site_build.server import make_server, serve_in_thread
from site_build.site import build
from tail_summary import tail_summary

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))

from paodekuai import Game
from paodekuai.ai import Bot
from paodekuai.review import replay

#: Runs requests through a fresh engine worker one at a time; resolves with
#: [reply, milliseconds] per request (timed in the page, from post to reply).
TIMED_REQUESTS = """async (requests) => {
  const worker = new Worker(new URL("js/engine/worker.js", document.baseURI),
                            {type: "module", name: "bench-engine"});
  const next = () => new Promise((resolve, reject) => {
    worker.onerror = (event) => reject(new Error(event.message || "worker error"));
    worker.onmessage = (event) => {
      const message = event.data;
      if (message.kind === "boot-error") reject(new Error(message.message));
      if (message.kind === "reply") resolve(message.reply);
    };
  });
  try {
    const out = [];
    for (const request of requests) {
      const reply = next();
      const started = performance.now();
      worker.postMessage({kind: "request", request});
      out.push([await reply, performance.now() - started]);
    }
    return out;
  } finally {
    worker.terminate();
  }
}"""


def finished_hand(deal: int) -> dict[str, Any]:
    game = Game.deal(deal)
    bots = [Bot("medium", seed=deal + s) for s in range(3)]
    while not game.over:
        cards = bots[game.to_move].choose(game.view(game.to_move))
        game.pass_turn() if cards is None else game.play(cards)
    return dict(game.to_dict())


def requests(hands: int) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = [{"type": "hello"}]
    for i in range(hands):
        data = finished_hand(91001 + i)
        for step in replay(data)["decisions"]:
            out.append({"type": "review", "game": data, "step": step})
    seat0_leads = [s for s in range(200) if Game.deal(s).to_move == 0][:hands]
    for seed in seat0_leads:
        out.append({"type": "new_game", "preset": "standard", "seed": seed, "level": "hard"})
        out.append({"type": "hint"})
    # A computer seat's first decision of deals it opens (seat 0 does not lead).
    for seed in [s for s in range(500, 700) if Game.deal(s).to_move != 0][: hands * 4]:
        out.append({"type": "new_game", "preset": "standard", "seed": seed, "level": "hard"})
        out.append({"type": "bot_turn", "level": "hard"})
    for day in range(1, hands + 1):
        out.append({"type": "daily_baseline", "date": f"2026-12-{day:02d}"})
    for i, request in enumerate(out):
        request["id"] = i + 1
    return out


def summary(values: list[float]) -> str:
    stats = tail_summary(values)
    if not stats["n"]:
        return "none"
    return (
        f"median {stats['median']:7.0f} ms  p95 {stats['p95']:7.0f} ms"
        f"  max {stats['max']:7.0f} ms  (n={stats['n']:.0f})"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=3, help="hands reviewed (and hints, dates)")
    parser.add_argument("--json", type=Path, help="also write the timings here")
    args = parser.parse_args()
    if not (DIST / "index.html").exists():
        build()
    server = make_server(DIST, port=0, quiet=True)
    serve_in_thread(server)
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    started = time.perf_counter()
    batch = requests(args.hands)
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(
                executable_path=find_chromium() or "/usr/bin/chromium",
                args=list(CHROMIUM_FLAGS),
            )
            try:
                page = browser.new_page()
                page.goto(url)
                page.wait_for_selector("html[data-engine=ready]", state="attached", timeout=120_000)
                page.set_default_timeout(0)
                results = page.evaluate(TIMED_REQUESTS, batch)
            finally:
                browser.close()
    finally:
        server.shutdown()
    timings: dict[str, list[float]] = {}
    forced = 0
    for request, (reply, ms) in zip(batch, results, strict=True):
        if not reply["ok"]:
            print(f"request {request['type']} failed: {reply['error']}")
            return 1
        kind = request["type"]
        if kind == "review" and reply["result"]["forced"]:
            forced += 1
            kind = "review (forced)"
        timings.setdefault(kind, []).append(ms)
    print(f"Chromium, the site's Pyodide worker; {args.hands} hands reviewed")
    for kind in ("review", "review (forced)", "hint", "daily_baseline", "bot_turn"):
        print(f"{kind:>16}  {summary(timings.get(kind, []))}")
    review, hard = timings.get("review", []), timings.get("bot_turn", [])
    if review and hard:
        ratio = statistics.median(review) / statistics.median(hard)
        print(f"review / Hard decision, medians: {ratio:.1f}x")
    print(f"({time.perf_counter() - started:.0f} s)")
    if args.json:
        args.json.write_text(json.dumps(timings, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
