#!/usr/bin/env python3
"""How long can a game request wait behind the coach, or behind Hard's daily hand? The
page asks for each review and each daily hand of Hard in slices (`slice_ms`); a request
sent meanwhile waits for at most the slice in flight. Each decision is reviewed twice
through the worker's service, whole (one request: what a game request used to wait
behind) and in slices, and so is Hard's hand on a few daily deals; the time of every
request is printed: medians, p95 and maximum, and the ratio of the longest slice to the
longest whole request.

    PYTHONPATH=engine python bench/review_slices.py [--hands 8] [--first-deal 70001]
        [--slice-ms 200]

The hands are those of bench/coach_agreement.py (seat 0 played by Easy, the first
Hint and Medium in turn, against two Medium seats). Times are wall-clock in CPython;
Pyodide in the page runs 1.5-2.6x slower, the slices' share of that the same.
"""

from __future__ import annotations

import argparse
import datetime
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from coach_agreement import SEAT0, play_hand
from paodekuai.service import Service


def ask(service: Service, **request: Any) -> dict[str, Any]:
    reply: dict[str, Any] = json.loads(service.handle(json.dumps({"id": 1, **request})))
    assert reply["ok"], reply
    result: dict[str, Any] = reply["result"]
    return result


def spread(name: str, values: list[float]) -> str:
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
    return (
        f"{name}: n={len(values)}, median {statistics.median(values):.3f} s, "
        f"p95 {p95:.3f} s, max {ordered[-1]:.3f} s"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=8)
    parser.add_argument("--first-deal", type=int, default=70001)
    parser.add_argument("--slice-ms", type=int, default=200)
    parser.add_argument("--dates", type=int, default=3, help="daily deals from 2026-12-01")
    args = parser.parse_args()
    wholes: list[float] = []
    slices: list[float] = []
    for n in range(args.hands):
        deal = args.first_deal + n
        data = play_hand(deal, SEAT0[n % len(SEAT0)]).to_dict()
        service = Service()
        for step in ask(service, type="replay", game=data)["decisions"]:
            started = time.perf_counter()
            whole = ask(service, type="review", game=data, step=step)
            wholes.append(time.perf_counter() - started)
            while True:
                started = time.perf_counter()
                part = ask(service, type="review", game=data, step=step, slice_ms=args.slice_ms)
                slices.append(time.perf_counter() - started)
                if not part.get("pending"):
                    break
            assert part == whole, step  # the same review, however it is asked for
    print(f"{args.hands} hands from deal {args.first_deal}, slices of {args.slice_ms} ms")
    print(spread("whole review (one request)", wholes))
    print(spread("one slice (one request)", slices))
    print(f"longest wait behind the coach: x{max(slices) / max(wholes):.2f} of before")
    days: list[float] = []
    day_slices: list[float] = []
    for n in range(args.dates):
        date = (datetime.date(2026, 12, 1) + datetime.timedelta(days=n)).isoformat()
        started = time.perf_counter()
        whole = ask(Service(), type="daily_baseline", date=date)
        days.append(time.perf_counter() - started)
        service = Service()
        while True:
            started = time.perf_counter()
            part = ask(service, type="daily_baseline", date=date, slice_ms=args.slice_ms)
            day_slices.append(time.perf_counter() - started)
            if not part.get("pending"):
                break
        assert part == whole, date
    if days:
        print(f"{args.dates} daily deals from 2026-12-01")
        print(spread("Hard's whole daily hand (one request)", days))
        print(spread("one slice (one request)", day_slices))
        print(f"longest wait behind the daily hand: x{max(day_slices) / max(days):.2f} of before")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
