#!/usr/bin/env python3
"""Paired screen of Hard's settings: each setting plays the same deals against two
Medium seats, and the per-deal differences to the first setting are reported.

    PYTHONPATH=engine python bench/hard_screen.py --deals 100 --first-deal 5000000 \\
        base "steps10 INFER_STEPS=10 FIXED_WORLDS=48" "plain INFER_STEPS=0 INFER_POOL=1"

A setting is a name followed by assignments to constants of ``paodekuai.ai.hard``.
Every deal is played three times per setting (Hard in each seat), exactly as the
ladder plays it; the opponents are seeded Mediums, so two settings differ only by
Hard's own choices and a paired difference cancels most of the cards' luck.
Printed per setting: points per hand with its 95% interval, the CPU seconds spent,
and against the first setting the mean paired difference with its 95% interval
and the ratio of CPU time (the baseline is measured in the same run).
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))

from paodekuai.ai import hard
from paodekuai.ladder import play_hand

Setting = tuple[str, dict[str, int]]
_DEFAULTS = {name: getattr(hard, name) for name in dir(hard) if name.isupper()}


def parse(text: str) -> Setting:
    name, *assignments = text.split()
    values: dict[str, int] = {}
    for item in assignments:
        key, _, value = item.partition("=")
        if key not in _DEFAULTS or not value.lstrip("-").isdigit():
            raise SystemExit(f"{item!r}: expected NAME=INTEGER, NAME one of {sorted(_DEFAULTS)}")
        values[key] = int(value)
    return name, values


def run(task: tuple[Setting, int]) -> tuple[str, int, float, float]:
    (name, values), deal = task
    for key, default in _DEFAULTS.items():  # a worker process serves every setting in turn
        setattr(hard, key, values.get(key, default))
    start = time.process_time()
    points = [play_hand("standard", deal, seat, "hard", "medium", None).points for seat in range(3)]
    return name, deal, statistics.fmean(points), time.process_time() - start


def interval(values: list[float]) -> tuple[float, float]:
    return statistics.fmean(values), 1.96 * statistics.stdev(values) / math.sqrt(len(values))


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawTextHelpFormatter
    )
    parser.add_argument(
        "settings", nargs="+", help='"name NAME=VALUE ...", the first is the baseline'
    )
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--first-deal", type=int, default=5_000_000)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    settings = [parse(s) for s in args.settings]
    deals = range(args.first_deal, args.first_deal + args.deals)
    tasks = [(s, d) for d in deals for s in settings]
    points: dict[str, dict[int, float]] = {name: {} for name, _ in settings}
    cpu = dict.fromkeys(points, 0.0)
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        for name, deal, mean, seconds in pool.map(run, tasks):
            points[name][deal] = mean
            cpu[name] += seconds
    base = settings[0][0]
    print(f"Hard against 2 x Medium, {args.deals} deals x 3 seats from {args.first_deal}")
    for name, values in settings:
        mean, half = interval([points[name][d] for d in deals])
        line = f"{name:>14}: {mean:+.2f} ± {half:.2f} points/hand, cpu {cpu[name]:.0f} s"
        if name != base:
            diff, diff_half = interval([points[name][d] - points[base][d] for d in deals])
            line += f"; vs {base}: {diff:+.2f} ± {diff_half:.2f}, time x{cpu[name] / cpu[base]:.2f}"
        print(line + ("  " + " ".join(f"{k}={v}" for k, v in values.items()) if values else ""))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
