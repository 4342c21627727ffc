"""Engine speed: random games per second and legal-play generation times.

    python bench/bench_engine.py [--games 2000] [--repeats 7]

Prints, in one run on one core:
- full random games per second, through the rank-count core (what the AI
  uses) and through the public ``Game`` API (card codes, checks);
- ``legal_plays()`` for a full 16-card lead and for a follow: median and
  spread (interquartile range) over many dealt positions;
- the same generation against a brute-force baseline measured in this run
  (every subset of a 10-card hand through ``check``), as a ratio.

Machines are shared and noisy: each figure is the median of several
repeats, and the spread is printed next to it.
"""

from __future__ import annotations

import argparse
import itertools
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))

from paodekuai import RULES, Game


def _random_games_core(count: int, rules: str, seed: int) -> float:
    rng = random.Random(seed)
    start = time.perf_counter()
    for deal in range(count):
        pos = Game.deal(deal, rules).position
        must_beat = pos.rules.must_beat
        while pos.winner is None:
            moves = pos.legal_moves()
            # The same random policy as the public loop, without asking twice.
            if pos.standing is not None and (not moves or (not must_beat and rng.random() < 0.25)):
                pos.pass_turn()
            else:
                pos.play(rng.choice(moves))
        pos.settlement()
    return count / (time.perf_counter() - start)


def _random_games_public(count: int, rules: str, seed: int) -> float:
    rng = random.Random(seed)
    start = time.perf_counter()
    for deal in range(count):
        g = Game.deal(deal, rules)
        must_beat = g.rules.must_beat
        while not g.over:
            plays = g.legal_plays()
            if g.standing is not None and (not plays or (not must_beat and rng.random() < 0.25)):
                g.pass_turn()
            else:
                g.play(rng.choice(plays))
        g.settlement()
    return count / (time.perf_counter() - start)


def _timings(positions: list[Game], call: Callable[[Game], object], inner: int) -> list[float]:
    """Per-position median time of ``call`` in microseconds."""
    out = []
    for g in positions:
        samples = []
        for _ in range(5):
            start = time.perf_counter()
            for _ in range(inner):
                call(g)
            samples.append((time.perf_counter() - start) / inner * 1e6)
        out.append(statistics.median(samples))
    return out


def _leads(count: int) -> list[Game]:
    return [Game.deal(seed) for seed in range(count)]


def _follows(count: int) -> list[Game]:
    """Dealt hands facing a standing play (the leader's first plain play)."""
    out = []
    for seed in range(count):
        g = Game.deal(seed)
        plays = sorted(g.legal_plays(), key=len)
        g.play(plays[len(plays) // 2])
        if not g.over:
            out.append(g)
    return out


def _brute(g: Game) -> int:
    hand = g.hand(g.to_move)
    found = 0
    for size in range(1, len(hand) + 1):
        for subset in itertools.combinations(hand, size):
            if g.check(list(subset)) is None:
                found += 1
    return found


def _small_leads(count: int) -> list[Game]:
    out = []
    rng = random.Random(3)
    deck = list(RULES["standard"].deck)
    for _ in range(count):
        rng.shuffle(deck)
        out.append(Game.from_hands([deck[:10], deck[10:20], deck[20:30]]))
    return out


def _describe(label: str, values: list[float], unit: str) -> str:
    q = statistics.quantiles(values, n=4, method="inclusive")
    return (
        f"{label:<44} median {statistics.median(values):9.1f} {unit}"
        f"   IQR {q[0]:.1f}-{q[2]:.1f}   (n={len(values)})"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=2000, help="random games per repeat")
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()

    print(f"Python {sys.version.split()[0]}, one core")
    for rules in ("standard", "classic16"):
        core = [_random_games_core(args.games, rules, r) for r in range(args.repeats)]
        print(
            f"random games/s, core ({rules:<9}) median {statistics.median(core):8.0f}"
            f"   range {min(core):.0f}-{max(core):.0f}   ({args.repeats} x {args.games} games)"
        )
    public = [_random_games_public(args.games // 4, "standard", r) for r in range(args.repeats)]
    print(
        f"random games/s, public Game API (standard) median {statistics.median(public):8.0f}"
        f"   range {min(public):.0f}-{max(public):.0f}"
    )

    leads = _leads(300)
    follows = _follows(300)
    print(
        _describe(
            "legal_plays() 16-card lead (public)", _timings(leads, Game.legal_plays, 20), "us"
        )
    )
    print(
        _describe("legal_moves() 16-card lead (core)", _timings(leads, Game.legal_moves, 20), "us")
    )
    print(_describe("legal_plays() follow (public)", _timings(follows, Game.legal_plays, 50), "us"))
    counts = [len(g.legal_plays()) for g in leads]
    print(
        f"{'plays per 16-card lead':<44} median {statistics.median(counts):9.0f}"
        f"      max {max(counts)}"
    )

    small = _small_leads(12)
    fast = _timings(small, Game.legal_plays, 20)
    slow = _timings(small, _brute, 1)
    print(_describe("baseline: brute force, 10-card lead", slow, "us"))
    print(_describe("legal_plays(), same 10-card leads", fast, "us"))
    ratio = statistics.median(slow) / statistics.median(fast)
    print(f"{'speed-up over the brute-force baseline':<44} {ratio:9.0f}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
