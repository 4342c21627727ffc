#!/usr/bin/env python3
"""Does the coach's verdict hold up? Each decision rated twice: the coach, and a
search ten times longer with another seed.

    PYTHONPATH=engine python bench/coach_agreement.py [--hands 30] [--first-deal 70001]

Hands are played out with seat 0 in the hands of a mix of players (Easy, the
first Hint, Medium, in turn) against two Medium seats, so there are mistakes
to find. Every non-forced decision of seat 0 is reviewed by the coach as the
page asks for it (``review_decision``) and again with ten times the worlds the
coach used, no early stop and a different seed. It prints how often the two
classes (best/good, inaccuracy, mistake) agree, the confusion table, the
decisions where best/good met mistake, and the coach's time per decision (CPU
time of this process, so other work on the machine does not count).

Goal: agreement on at least 97% of non-forced decisions, and never best/good
against mistake.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))

from paodekuai import Game
from paodekuai.ai import Bot
from paodekuai.ai.rating import MAX_WORLDS, TRAILING_WORLDS
from paodekuai.coach import PositionReview
from paodekuai.review import replay, review_decision

CLASSES = ("best/good", "inaccuracy", "mistake")
SEAT0 = ("easy", "hint", "medium")


def klass(verdict: str) -> str:
    return "best/good" if verdict in ("best", "good") else verdict


def play_hand(deal: int, player: str) -> Game:
    game = Game.deal(deal)
    bots = {1: Bot("medium"), 2: Bot("medium")}
    me = Bot(player if player != "hint" else "easy", seed=deal)
    while not game.over:
        seat = game.to_move
        if seat != 0:
            cards = bots[seat].choose(game.view(seat))
        elif player == "hint":
            cards = game.cards_for(game.suggested_moves()[0]) if game.legal_moves() else None
        else:
            cards = me.choose(game.view(0))
        if cards is None:
            game.pass_turn()
        else:
            game.play(cards)
    return game


def at_step(data: dict[str, object], step: int) -> Game:
    trimmed = {k: v for k, v in data.items() if k not in ("to_move", "counts")}
    trimmed["actions"] = list(data["actions"])[: step - 1]  # type: ignore[call-overload]
    return Game.from_dict(trimmed)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=30)
    parser.add_argument("--first-deal", type=int, default=70001)
    parser.add_argument(
        "--factor", type=int, default=10, help="the long search's worlds per coach world"
    )
    args = parser.parse_args()
    rng = random.Random(1)
    pairs: Counter[tuple[str, str]] = Counter()
    severe: list[str] = []
    coach_times: list[float] = []
    long_times: list[float] = []
    forced = 0
    started = time.perf_counter()
    for i in range(args.hands):
        deal = args.first_deal + i
        game = play_hand(deal, SEAT0[i % len(SEAT0)])
        data: dict[str, Any] = dict(game.to_dict())
        rep = replay(data)
        forced += len(rep["forced"])
        for step in rep["decisions"]:
            if step in rep["forced"]:
                continue
            t = time.process_time()
            coach = review_decision(data, step)
            coach_times.append(time.process_time() - t)
            worlds = args.factor * max(coach["worlds"], 1)
            t = time.process_time()
            long = PositionReview(
                at_step(data, step),
                step,
                coach["played"],
                seed=rng.randrange(1 << 30),
                min_worlds=worlds,
                max_worlds=worlds,
                early_stop=False,
            ).run()
            assert long is not None  # without a deadline it runs to the end
            long_times.append(time.process_time() - t)
            a, b = klass(coach["verdict"]), klass(long["verdict"])
            pairs[(a, b)] += 1
            if {a, b} == {"best/good", "mistake"}:
                severe.append(
                    f"deal {deal} step {step}: coach {coach['verdict']} {coach['loss']:+.2f}"
                    f" ± {coach['se']:.2f} ({coach['worlds']} worlds), long {long['verdict']}"
                    f" {long['loss']:+.2f} ± {long['se']:.2f} ({long['worlds']} worlds)"
                )
            mark = "" if a == b else "   <- differs"
            print(
                f"deal {deal} step {step:2d}: coach {coach['verdict']:>10} {coach['loss']:5.2f}"
                f" ± {coach['se']:.2f} ({coach['worlds']:3d} worlds, {coach_times[-1]:5.1f} s)"
                f"  long {long['verdict']:>10} {long['loss']:5.2f} ± {long['se']:.2f}"
                f" ({long['worlds']} worlds){mark}",
                flush=True,
            )
    total = sum(pairs.values())
    agree = sum(n for (a, b), n in pairs.items() if a == b)
    print()
    print(f"{args.hands} hands, {total} non-forced decisions rated ({forced} forced left out)")
    print(
        f"coach (up to {MAX_WORLDS} worlds, {TRAILING_WORLDS} for a play that trails with its"
        f" call open) vs {args.factor}x longer search, another seed"
    )
    print("coach \\ long   " + "".join(f"{c:>12}" for c in CLASSES))
    for a in CLASSES:
        print(f"{a:>14} " + "".join(f"{pairs[(a, b)]:>12}" for b in CLASSES))
    if total:
        print(f"agreement: {agree}/{total} = {agree / total:.1%} (goal >= 97%)")
    print(f"best/good against mistake: {len(severe)} (goal 0)")
    for line in severe:
        print("  " + line)
    if coach_times:
        q = (
            statistics.quantiles(coach_times, n=20, method="inclusive")
            if len(coach_times) > 1
            else [coach_times[0]] * 19
        )
        print(
            f"coach CPU time per decision (CPython): median {statistics.median(coach_times):.2f} s,"
            f" p95 {q[18]:.2f} s, max {max(coach_times):.2f} s;"
            f" long search median {statistics.median(long_times):.1f} s"
        )
    print(f"({time.perf_counter() - started:.0f} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
