#!/usr/bin/env python3
"""Does the coach agree with Hint? Hint's first suggestion for seat 0's decisions, rated
by the coach after the hand, for today's Hint and the new one in the same run.

    PYTHONPATH=engine nice -n 19 python bench/hint_agreement.py [--hands 24]
        [--first-deal 70001] [--caps 120,240,480,720] [--long 0]

Hands are dealt from ``--first-deal`` on, the four presets in turn, and played out with
seat 0 in the hands of Easy, the first of the engine's hints and Medium in turn against
two Medium seats (as bench/coach_agreement.py plays them). At every decision of seat 0
with a choice:

- *old*: Hint before this change, Hard's choice with the page's 0.8 s clock (at most 60
  worlds), seeded by the position as it was;
- *new*: Hint now (:class:`paodekuai.hint.HintSearch`), the coach's own search on the
  coach's seed, rating the leader until it is settled; searched once up to the largest
  cap, each cap's answer read off the same search (the leader when that cap, or the
  settling, came first: a search of n worlds sees exactly a longer one's first n);

and each answer is rated by the coach as the replay would rate that play
(``PositionReview`` with the coach's seed for the step). It prints, per variant, how
often Hint's first suggestion is called best, good, an inaccuracy or a mistake, and
Hint's CPU time per decision (median, p95, max; CPU time of this process, so other work
on the machine does not count, except that the old Hint's clock is wall time). With
``--long N`` each answer is also rated by a search of N worlds without early stop on
another seed (as bench/coach_agreement.py's long search): how good the answer is, not
only whether the coach agrees.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))

from paodekuai import Game
from paodekuai.ai import Bot
from paodekuai.coach import PositionReview, review_seed
from paodekuai.hint import HintSearch
from paodekuai.rules import RULES
from paodekuai.service import HARD_BUDGET

SEAT0 = ("easy", "hint", "medium")


def cpu_time() -> float:
    """CPU seconds of this process: under Node's Pyodide (bench/hint_pyodide.mjs), Node's
    own count (Emscripten's clock is the wall clock, which other work on the machine slows)."""
    if sys.platform == "emscripten":
        import js  # type: ignore[import-not-found]  # noqa: PLC0415 - only in Pyodide

        used = js.process.cpuUsage()
        return float(used.user + used.system) / 1e6
    return time.process_time()


VERDICTS = ("best", "good", "inaccuracy", "mistake")


def old_hint(game: Game) -> list[str] | None:
    """Hint before: Hard's choice with the page's clock, seeded by the position."""
    seed = ((game.seed or 0) * 1009 + len(game.history)) * 31 + 7
    return Bot("hard", seed=seed, budget=HARD_BUDGET).choose(game.observation(0))


def new_hints(game: Game, caps: list[int]) -> dict[int, tuple[list[str] | None, float, int]]:
    """Per cap: the new Hint's answer, its CPU time and worlds, from one search."""
    search = HintSearch(game, max(caps))
    out: dict[int, tuple[list[str] | None, float, int]] = {}
    start = cpu_time()
    while True:
        finished = search.run(until=0.0)  # one batch
        spent = cpu_time() - start
        for cap in caps:
            if cap not in out and (finished or search.worlds >= cap):
                out[cap] = (search.cards, spent, search.worlds)
        if finished:
            return out


def rate(game: Game, cards: list[str] | None, long: int) -> tuple[str, str | None]:
    """The coach's verdict on seat 0 doing ``cards`` now and its loss; with ``long``, that
    of a search of ``long`` worlds without early stop on another seed too."""
    step = len(game.history) + 1
    review = PositionReview(game, step, cards, review_seed(game)).run()
    assert review is not None
    coach = f"{review['verdict']} {review['loss']:.2f}"
    if not long:
        return coach, None
    review = PositionReview(
        game, step, cards, review_seed(game, 1), long, long, early_stop=False
    ).run()
    assert review is not None
    return coach, f"{review['verdict']} {review['loss']:.2f}"


def percentile(values: list[float], q: int) -> float:
    if len(values) == 1:
        return values[0]
    return statistics.quantiles(values, n=100, method="inclusive")[q - 1]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=24)
    parser.add_argument("--first-deal", type=int, default=70001)
    parser.add_argument("--caps", default="120,240,480,720", help="the new Hint's world caps")
    parser.add_argument(
        "--times-only",
        action="store_true",
        help="no ratings: only Hint's times (bench/hint_pyodide.mjs runs it so in Pyodide)",
    )
    parser.add_argument(
        "--long",
        type=int,
        default=0,
        help="also rate each answer by a search of this many worlds, another seed (0: no)",
    )
    args = parser.parse_args()
    caps = sorted(int(c) for c in args.caps.split(","))
    variants = ["old", *(f"new {c}" for c in caps)]
    verdicts: dict[str, Counter[str]] = {v: Counter() for v in variants}
    long_verdicts: dict[str, Counter[str]] = {v: Counter() for v in variants}
    times: dict[str, list[float]] = {v: [] for v in variants}
    worlds: dict[str, list[int]] = {v: [] for v in variants}
    presets = list(RULES)
    decisions = forced = 0
    started = time.perf_counter()
    for i in range(args.hands):
        deal = args.first_deal + i
        preset = presets[i % len(presets)]
        player = SEAT0[i % len(SEAT0)]
        game = Game.deal(deal, preset, "medium")
        bots = {1: Bot("medium"), 2: Bot("medium"), 0: Bot(player if player != "hint" else "easy")}
        while not game.over:
            seat = game.to_move
            if seat == 0 and len(game.legal_moves()) + game.can_pass() > 1:
                decisions += 1
                answers: dict[str, list[str] | None] = {}
                t = cpu_time()
                answers["old"] = old_hint(game)
                times["old"].append(cpu_time() - t)
                worlds["old"].append(0)
                for cap, (cards, spent, n) in new_hints(game, caps).items():
                    answers[f"new {cap}"] = cards
                    times[f"new {cap}"].append(spent)
                    worlds[f"new {cap}"].append(n)
                if args.times_only:
                    print(
                        f"{preset:>9} deal {deal} step {len(game.history) + 1:2d}: "
                        + "; ".join(f"{v} {times[v][-1]:.2f} s" for v in variants),
                        flush=True,
                    )
                else:
                    rated: dict[str, tuple[str, str | None]] = {}
                    said: list[str] = []
                    for variant, cards in answers.items():
                        key = repr(None if cards is None else sorted(cards))
                        if key not in rated:
                            rated[key] = rate(game, cards, args.long)
                        coach, long = rated[key]
                        verdicts[variant][coach.split()[0]] += 1
                        if long is not None:
                            long_verdicts[variant][long.split()[0]] += 1
                        said.append(
                            f"{variant} {cards} {coach}" + (f" long {long}" if long else "")
                        )
                    print(
                        f"{preset:>9} deal {deal} step {len(game.history) + 1:2d}: "
                        + "; ".join(said),
                        flush=True,
                    )
            elif seat == 0:
                forced += 1
            if seat == 0 and player == "hint":
                moves = game.suggested_moves()
                cards = game.cards_for(moves[0]) if moves else None
            else:
                cards = bots[seat].choose(game.observation(seat))
            if cards is None:
                game.pass_turn()
            else:
                game.play(cards)
    print()
    print(
        f"{args.hands} hands ({', '.join(presets)} in turn), {decisions} decisions of seat 0"
        f" with a choice ({forced} forced left out); Hint's first suggestion"
        + ("" if args.times_only else " rated by the coach")
        + f", {sys.implementation.name} on {sys.platform}"
    )
    ratings = not args.times_only
    print(
        f"{'variant':>9} "
        + ("".join(f"{v:>11}" for v in VERDICTS) + "   best/good     " if ratings else "")
        + "   CPU s: median    p95    max   worlds median"
    )
    for v in variants:
        c = verdicts[v]
        ok = c["best"] + c["good"]
        taken = times[v]
        med, p95, most = statistics.median(taken), percentile(taken, 95), max(taken)
        w = statistics.median(worlds[v]) if v != "old" else "-"
        print(
            f"{v:>9} "
            + (
                "".join(f"{c[k]:>11}" for k in VERDICTS)
                + f"   {ok:>3}/{decisions} {ok / max(1, decisions):6.1%}"
                if ratings
                else ""
            )
            + f"   {med:12.2f} {p95:6.2f} {most:6.2f}   {w}"
        )
    if args.long:
        print(
            f"the same answers rated by a search of {args.long} worlds (no early stop,"
            " another seed):"
        )
        for v in variants:
            c = long_verdicts[v]
            ok = c["best"] + c["good"]
            print(
                f"{v:>9} "
                + "".join(f"{c[k]:>11}" for k in VERDICTS)
                + f"   {ok:>3}/{decisions} {ok / max(1, decisions):6.1%}"
            )
    print(f"({time.perf_counter() - started:.0f} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
