#!/usr/bin/env python3
"""Paired screen of Hard's settings: each setting plays the same deals against two
Medium seats, and the per-deal differences to the first setting are reported.

    PYTHONPATH=engine python bench/hard_screen.py --deals 100 --first-deal 5000000 \\
        base "steps10 INFER_STEPS=10 FIXED_WORLDS=48" "plain INFER_STEPS=0 INFER_POOL=1"

A setting is a name followed by assignments to constants of ``paodekuai.ai.hard``
(``NAME=VALUE``) or of another AI module (``inference.SURPRISE=0.001``); a value is
an integer or a decimal number.
Every deal is played three times per setting (Hard in each seat), exactly as the
ladder plays it; the opponents are seeded Mediums, so two settings differ only by
Hard's own choices and a paired difference cancels most of the cards' luck.
Printed per setting: points per hand with its 95% interval, the CPU seconds spent,
and against the first setting the mean paired difference with its 95% interval
and the ratio of CPU time (the baseline is measured in the same run).

With ``--cache FILE`` (JSON lines) every hand's result is stored under its deal and
its setting's assignments (not its name), and a later screen reads it back instead
of playing the same deal with the same constants again: a baseline is played once.
Results depend on the code too, so use a new file after changing the AI.

``bench.ORACLE=1`` is a cheat for measuring, never a setting to keep: Hard searches
the true deal instead of sampled worlds (one world is then enough:
``"oracle bench.ORACLE=1 FIXED_WORLDS=1"``), which bounds what any better reading
of the opponents' cards could be worth.
"""

from __future__ import annotations

import argparse
import importlib
import json
import math
import statistics
import sys
import time
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from types import ModuleType
from typing import TextIO

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))

from paodekuai import game as game_module
from paodekuai.ai import hard, planner
from paodekuai.ai.observation import Observation
from paodekuai.ladder import play_hand

Setting = tuple[str, dict[str, float]]
#: The AI modules whose upper-case constants a setting may change.
_MODULES = {
    name: importlib.import_module(f"paodekuai.ai.{name}")
    for name in ("hard", "inference", "rollout", "sampling", "endgame")
}
#: Every such constant's default, by "module.NAME" ("hard." may be left off).
_DEFAULTS = {
    f"{mod}.{name}": getattr(module, name)
    for mod, module in _MODULES.items()
    for name in dir(module)
    if name.isupper() and isinstance(getattr(module, name), (int, float))
}
#: ``bench.ORACLE=1``: Hard searches the true deal instead of sampled worlds (a
#: cheat, to measure what a perfect reading of the cards could be worth; with it
#: one world is enough, ``FIXED_WORLDS=1``).
_DEFAULTS["bench.ORACLE"] = 0
_LIKELY_WORLDS = hard.likely_worlds  # type: ignore[attr-defined]
_OBSERVATION = game_module.Game.observation
_TABLE: list[game_module.Game] = []


def _observed(self: game_module.Game, seat: int) -> Observation:
    _TABLE[:] = [self]  # the game being played, for the oracle
    return _OBSERVATION(self, seat)


def _true_worlds(*_: object) -> Iterator[list[int]]:
    while True:
        yield list(_TABLE[0]._pos.hands)


def _number(text: str) -> float | None:
    try:
        value = float(text)
    except ValueError:
        return None
    return int(value) if value.is_integer() and "." not in text and "e" not in text else value


def parse(text: str) -> Setting:
    name, *assignments = text.split()
    values: dict[str, float] = {}
    for item in assignments:
        key, _, value = item.partition("=")
        key = key if "." in key else f"hard.{key}"
        number = _number(value)
        if key not in _DEFAULTS or number is None:
            raise SystemExit(f"{item!r}: expected NAME=NUMBER, NAME one of {sorted(_DEFAULTS)}")
        values[key] = number
    return name, values


def _module(key: str) -> tuple[ModuleType, str]:
    mod, _, name = key.partition(".")
    return _MODULES[mod], name


def run(task: tuple[Setting, int]) -> tuple[str, int, float, float]:
    (name, values), deal = task
    for key, default in _DEFAULTS.items():  # a worker process serves every setting in turn
        if key == "bench.ORACLE":
            oracle = values.get(key, default)
            hard.likely_worlds = _true_worlds if oracle else _LIKELY_WORLDS  # type: ignore[attr-defined,assignment]
            game_module.Game.observation = _observed if oracle else _OBSERVATION  # type: ignore[method-assign]
            continue
        module, attr = _module(key)
        setattr(module, attr, values.get(key, default))
    # Plans are cached by hand, and every setting plays the same hands: start each
    # task cold, or a setting would be timed on the plans of the one before it.
    planner._cache.clear()
    start = time.process_time()
    points = [play_hand("standard", deal, seat, "hard", "medium", None).points for seat in range(3)]
    return name, deal, statistics.fmean(points), time.process_time() - start


def interval(values: list[float]) -> tuple[float, float]:
    if len(values) < 2:
        return statistics.fmean(values), math.nan  # one deal has no interval
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
    parser.add_argument(
        "--progress", type=int, default=0, help="print the table so far every N deals (stderr)"
    )
    parser.add_argument(
        "--cache", type=Path, help="JSON lines of hands already played, read and appended to"
    )
    args = parser.parse_args()
    settings = [parse(s) for s in args.settings]
    deals = range(args.first_deal, args.first_deal + args.deals)
    cached: dict[tuple[str, int], tuple[float, float]] = {}
    if args.cache is not None and args.cache.exists():
        for line in args.cache.read_text().splitlines():
            row = json.loads(line)
            cached[row["key"], row["deal"]] = row["points"], row["cpu"]
    tasks = [(s, d) for d in deals for s in settings]
    points: dict[str, dict[int, float]] = {name: {} for name, _ in settings}
    cpu = dict.fromkeys(points, 0.0)
    todo = [t for t in tasks if (_key(t[0]), t[1]) not in cached]
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        results = pool.map(run, todo)
        for done, (setting, deal) in enumerate(tasks, 1):
            name, key = setting[0], _key(setting)
            if (key, deal) in cached:
                mean, seconds = cached[key, deal]
            else:
                _, _, mean, seconds = next(results)
                if args.cache is not None:
                    with args.cache.open("a") as out:
                        row = {"key": key, "deal": deal, "points": mean, "cpu": seconds}
                        out.write(json.dumps(row) + "\n")
            points[name][deal] = mean
            cpu[name] += seconds
            finished, partial = divmod(done, len(settings))
            if args.progress and not partial and finished > 1 and not finished % args.progress:
                report(settings, deals[:finished], points, cpu, file=sys.stderr)
    report(settings, deals, points, cpu)
    return 0


def _key(setting: Setting) -> str:
    """A setting's identity for the cache: its assignments, whatever its name."""
    return " ".join(f"{k}={v}" for k, v in sorted(setting[1].items()))


def report(
    settings: list[Setting],
    deals: range,
    points: dict[str, dict[int, float]],
    cpu: dict[str, float],
    file: TextIO = sys.stdout,
) -> None:
    base = settings[0][0]
    print(f"Hard against 2 x Medium, {len(deals)} deals x 3 seats from {deals[0]}", file=file)
    for name, values in settings:
        mean, half = interval([points[name][d] for d in deals])
        line = f"{name:>14}: {mean:+.2f} ± {half:.2f} points/hand, cpu {cpu[name]:.0f} s"
        if name != base:
            diff, diff_half = interval([points[name][d] - points[base][d] for d in deals])
            line += f"; vs {base}: {diff:+.2f} ± {diff_half:.2f}, time x{cpu[name] / cpu[base]:.2f}"
        print(
            line + ("  " + " ".join(f"{k}={v}" for k, v in values.items()) if values else ""),
            file=file,
            flush=True,
        )


if __name__ == "__main__":
    raise SystemExit(main())
