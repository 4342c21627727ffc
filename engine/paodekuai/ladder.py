"""The ladder: levels against each other on fixed seeded deals, in duplicate.

``python -m paodekuai.ladder --deals 300 --pairings hard:medium,medium:easy``

For a pairing ``A:B`` one A sits with two copies of B. Every deal is played
three times with A in seat 0, 1 and 2, so A holds each of the deal's hands
once and card luck cancels out. Reported per pairing: A's average points per
hand with a 95% confidence interval (over deals, each deal the mean of its
three rotations), win rate, shut-out rates, bomb points, and decision time
per level (median, p95). ``random`` is a baseline that plays a uniformly
random legal action.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field

from .ai import Bot
from .game import Game
from .rules import RULES

LEVELS = ("random", "easy", "medium", "hard")


class RandomAgent:
    """A uniformly random legal action (a pass counts as one action when allowed)."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def act(self, game: Game) -> list[str] | None:
        plays = game.legal_plays()
        options: list[list[str] | None] = list(plays)
        if game.can_pass():
            options.append(None)
        return self.rng.choice(options)


@dataclass
class HandRecord:
    """One hand from the point of view of the seat under test."""

    deal: int
    seat: int
    points: int
    won: bool
    shut_out_given: int
    shut_out_taken: bool
    bomb_points: int
    times: dict[str, list[float]] = field(default_factory=dict)
    #: Hard's searches in this hand (every Hard seat), and how many the clock cut short.
    searches: int = 0
    clock_stops: int = 0


def play_hand(
    rules: str, deal: int, test_seat: int, test_level: str, other_level: str, budget: float | None
) -> HandRecord:
    """Play one deal to the end with ``test_level`` in ``test_seat``."""
    game = Game.deal(deal, rules)
    agents: list[Bot | RandomAgent] = []
    levels = []
    for seat in range(3):
        level = test_level if seat == test_seat else other_level
        levels.append(level)
        bot_seed = deal * 7919 + seat * 104729 + test_seat
        if level == "random":
            agents.append(RandomAgent(bot_seed))
        else:
            agents.append(Bot(level, seed=bot_seed, budget=budget if level == "hard" else None))
    times: dict[str, list[float]] = {}
    while not game.over:
        seat = game.to_move
        agent = agents[seat]
        start = time.perf_counter()
        cards = (
            agent.act(game)
            if isinstance(agent, RandomAgent)
            else agent.choose(game.observation(seat))
        )
        times.setdefault(levels[seat], []).append(time.perf_counter() - start)
        if cards is None:
            game.pass_turn()
        else:
            game.play(cards)
    result = game.settlement()
    return HandRecord(
        deal=deal,
        seat=test_seat,
        points=result["total"][test_seat],
        won=result["winner"] == test_seat,
        shut_out_given=sum(1 for s in range(3) if s != test_seat and result["shut_out"][s])
        if result["winner"] == test_seat
        else 0,
        shut_out_taken=result["shut_out"][test_seat],
        bomb_points=result["bombs"][test_seat],
        times=times,
        searches=sum(a.searches for a in agents if isinstance(a, Bot)),
        clock_stops=sum(a.clock_stops for a in agents if isinstance(a, Bot)),
    )


def _play_chunk(
    args: tuple[str, Sequence[int], str, str, float | None],
) -> list[HandRecord]:
    rules, deals, a, b, budget = args
    return [play_hand(rules, d, s, a, b, budget) for d in deals for s in range(3)]


@dataclass
class PairingResult:
    a: str
    b: str
    rules: str
    records: list[HandRecord]

    def per_deal_means(self) -> list[float]:
        by_deal: dict[int, list[int]] = {}
        for r in self.records:
            by_deal.setdefault(r.deal, []).append(r.points)
        return [statistics.fmean(v) for v in by_deal.values()]

    def summary(self) -> dict[str, float]:
        means = self.per_deal_means()
        avg = statistics.fmean(means)
        half = 1.96 * statistics.stdev(means) / math.sqrt(len(means)) if len(means) > 1 else 0.0
        n = len(self.records)
        return {
            "deals": len(means),
            "hands": n,
            "points": avg,
            "ci_low": avg - half,
            "ci_high": avg + half,
            "win_rate": sum(r.won for r in self.records) / n,
            "shut_out_given": sum(r.shut_out_given for r in self.records) / n,
            "shut_out_taken": sum(r.shut_out_taken for r in self.records) / n,
            "bomb_points": sum(r.bomb_points for r in self.records) / n,
        }

    def times(self) -> dict[str, list[float]]:
        merged: dict[str, list[float]] = {}
        for r in self.records:
            for level, values in r.times.items():
                merged.setdefault(level, []).extend(values)
        return merged


def run_pairing(
    a: str,
    b: str,
    rules: str = "standard",
    deals: int = 300,
    first_deal: int = 1,
    jobs: int = 1,
    budget: float | None = None,
) -> PairingResult:
    """Play ``deals`` deals x 3 rotations of ``a`` against two ``b``."""
    seeds = list(range(first_deal, first_deal + deals))
    chunk = max(1, math.ceil(len(seeds) / (jobs * 4)))
    tasks = [(rules, seeds[i : i + chunk], a, b, budget) for i in range(0, len(seeds), chunk)]
    records: list[HandRecord] = []
    if jobs <= 1:
        for task in tasks:
            records.extend(_play_chunk(task))
    else:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            for part in pool.map(_play_chunk, tasks):
                records.extend(part)
    return PairingResult(a, b, rules, records)


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def report(result: PairingResult) -> str:
    s = result.summary()
    lines = [
        f"{result.a} vs 2x {result.b} ({result.rules}, {s['deals']:.0f} deals, "
        f"{s['hands']:.0f} hands):",
        f"  points/hand {s['points']:+.2f}  95% CI [{s['ci_low']:+.2f}, {s['ci_high']:+.2f}]"
        f"  win {s['win_rate']:.1%}  shut-outs given {s['shut_out_given']:.3f}/hand"
        f"  taken {s['shut_out_taken']:.1%}  bomb points {s['bomb_points']:+.2f}/hand",
    ]
    searches = sum(r.searches for r in result.records)
    if searches:
        stops = sum(r.clock_stops for r in result.records)
        lines.append(
            f"  clock stopped Hard before its worlds in {stops} of {searches} searches"
            f" ({stops / searches:.1%})"
        )
    for level, values in sorted(result.times().items()):
        lines.append(
            f"  decision time {level:>6}: median {statistics.median(values) * 1e3:7.2f} ms"
            f"  p95 {_percentile(values, 0.95) * 1e3:7.2f} ms  max {max(values) * 1e3:7.1f} ms"
            f"  ({len(values)} decisions)"
        )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m paodekuai.ladder", description=__doc__)
    parser.add_argument("--deals", type=int, default=300, help="deals per pairing (x3 hands)")
    parser.add_argument("--first-deal", type=int, default=1, help="seed of the first deal")
    parser.add_argument(
        "--pairings",
        default="easy:random,medium:easy,hard:medium",
        help="comma-separated A:B pairings, A against two copies of B",
    )
    parser.add_argument("--rules", default="standard", choices=sorted(RULES))
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument(
        "--budget", type=float, default=None, help="Hard's seconds per decision (default: none)"
    )
    args = parser.parse_args(argv)
    for pairing in args.pairings.split(","):
        a, _, b = pairing.partition(":")
        if a not in LEVELS or b not in LEVELS:
            parser.error(f"unknown level in {pairing!r}: levels are {', '.join(LEVELS)}")
        start = time.perf_counter()
        result = run_pairing(a, b, args.rules, args.deals, args.first_deal, args.jobs, args.budget)
        print(report(result))
        print(f"  ({time.perf_counter() - start:.0f} s)")
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
