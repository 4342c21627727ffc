#!/usr/bin/env python3
"""Where Hard loses points: each of its decisions against a search of the true deal,
and against a longer search of its own worlds.

    PYTHONPATH=engine nice -n 19 python bench/hard_regret.py [--deals 30]
        [--first-deal 5000000] [--long 0] [--jobs 2]

Hard plays every deal three times against two Medium seats, once from each seat (the
ladder's duplicate, the standard preset, no clock). At each of Hard's decisions with a
choice, every candidate it searched is also played out in the true deal (exactly at
most 12 cards, else with the Medium policy for every seat, as Hard's own play-outs):

- *truth regret*: the best candidate's points in the true deal less those of Hard's
  choice. What knowing the cards would be worth at that decision, for Hard's way of
  playing on (it counts each decision as if the rest of the hand were played by the
  play-outs, so its sum is not the hand's points);
- *noise regret* (``--long N``): the same, valued by a search of N worlds on another seed
  (Hard's reading, every candidate, nothing pruned) instead of the true deal. What a
  search without noise could win on Hard's worlds: more worlds could win at most this.

Printed per kind of decision (a lead or a follow) and cards in Hard's hand: decisions,
regret per hand (mean over hands, with a 95% interval over deals), and how many
decisions lost anything.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
from collections import defaultdict
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))

from paodekuai import Game
from paodekuai.ai import Bot
from paodekuai.ai.endgame import ENDGAME_CARDS, Budget, Solver
from paodekuai.ai.hard import MAX_CANDIDATES, HardSearch, chosen
from paodekuai.ai.medium import keep_bombs_whole
from paodekuai.ai.rollout import apply, rollout
from paodekuai.combos import Move

#: (lead or follow, cards in hand from-to) -> one row of the table.
Bucket = tuple[str, str]
#: A decision: its bucket, its truth regret, its noise regret (None without --long).
Decision = tuple[Bucket, float, float | None]

_SIZES = ((13, 16), (9, 12), (5, 8), (1, 4))


def bucket(lead: bool, cards: int) -> Bucket:
    low, high = next(s for s in _SIZES if s[0] <= cards <= s[1])
    return ("lead" if lead else "follow", f"{low:2d}-{high:2d}")


def true_value(game: Game, seat: int, move: Move | None) -> float:
    """Points for ``seat`` when ``move`` is played in the true deal and the hand played out."""
    pos = game.position.copy()
    apply(pos, move)
    if sum(pos.sizes) <= ENDGAME_CARDS:
        try:
            return float(Solver().value(pos)[seat])
        except Budget:
            pass
    return float(rollout(pos)[seat])


def play(task: tuple[int, int, int]) -> list[Decision]:
    """One hand with Hard in ``hard_seat``; its decisions with a choice."""
    deal, hard_seat, long = task
    game = Game.deal(deal, "standard")
    bots = [Bot("medium", seed=deal * 7919 + s) for s in range(3)]
    rng = random.Random(deal * 7919 + hard_seat * 104729)
    long_rng = random.Random(deal * 31337 + hard_seat)
    out: list[Decision] = []
    while not game.over:
        seat = game.to_move
        obs = game.observation(seat)
        if seat != hard_seat:
            cards = bots[seat].choose(obs)
        else:
            moves = obs.legal_moves()
            if obs.rules.bombs_splittable:
                moves = keep_bombs_whole(obs.hand, moves)
            evaluations = HardSearch(obs, rng).evaluate(moves, limit=MAX_CANDIDATES)
            pick = chosen(evaluations)
            if len(evaluations) > 1:
                truth = [true_value(game, seat, e.move) for e in evaluations]
                mine = truth[evaluations.index(pick)]
                noise = None
                if long:
                    search = HardSearch(obs, long_rng, worlds=long)
                    longer = search.evaluate(moves, [e.move for e in evaluations], MAX_CANDIDATES)
                    value = {e.move: e.expected for e in longer}
                    noise = max(value.values()) - value[pick.move]
                out.append((bucket(obs.standing is None, sum(obs.hand)), max(truth) - mine, noise))
            cards = Bot._cards(obs, pick.move)
        if cards is None:
            game.pass_turn()
        else:
            game.play(cards)
    return out


def interval(per_deal: list[float]) -> str:
    mean = statistics.fmean(per_deal)
    n = len(per_deal)
    half = 1.96 * statistics.stdev(per_deal) / math.sqrt(n) if n > 1 else 0.0
    return f"{mean:5.2f} ± {half:4.2f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=30)
    parser.add_argument("--first-deal", type=int, default=5_000_000)
    parser.add_argument("--long", type=int, default=0, help="worlds of the longer search (0: none)")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    deals = range(args.first_deal, args.first_deal + args.deals)
    tasks = [(d, s, args.long) for d in deals for s in range(3)]
    with ProcessPoolExecutor(args.jobs) as pool:
        hands = list(pool.map(play, tasks, chunksize=1))
    # Per bucket and deal: the regret summed over the deal's three hands, then per hand.
    truth: dict[Bucket, dict[int, float]] = defaultdict(lambda: dict.fromkeys(deals, 0.0))
    noise: dict[Bucket, dict[int, float]] = defaultdict(lambda: dict.fromkeys(deals, 0.0))
    counts: dict[Bucket, list[int]] = defaultdict(lambda: [0, 0, 0])
    for (deal, _, _), decisions in zip(tasks, hands, strict=True):
        for where, lost, missed in decisions:
            for key in (where, ("all", "")):
                truth[key][deal] += lost / 3
                noise[key][deal] += (missed or 0.0) / 3
                counts[key][0] += 1
                counts[key][1] += lost > 0
                counts[key][2] += (missed or 0.0) > 0.5
    print(f"Hard vs 2 x Medium, {args.deals} deals x 3 seats from {args.first_deal}, standard")
    header = "decision      n  truth regret/hand  lost"
    print(header + ("  noise regret/hand  over 0.5" if args.long else ""))
    for key in sorted(truth, key=lambda k: (k[0] == "all", k[0], -int(k[1].split("-")[0] or 0))):
        n, lost, over = counts[key]
        line = f"{key[0]:6} {key[1]:5} {n:4d}  {interval(list(truth[key].values()))}  {lost:4d}"
        if args.long:
            line += f"  {interval(list(noise[key].values()))}  {over:4d}"
        print(line)


if __name__ == "__main__":
    main()
