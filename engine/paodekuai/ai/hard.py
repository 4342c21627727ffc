"""Hard: searches sampled worlds and chooses by expected points.

For each decision Hard draws worlds, deals of the unseen cards consistent
with everything public (:mod:`.sampling`), and in every world plays each
candidate action out: exactly when few cards are left (:mod:`.endgame`),
otherwise with the Medium policy for all three seats (:mod:`.rollout`).
A candidate's value is its average final total for this seat, so card
points, shut-outs and bomb points all count, not only the chance to win.

All candidates meet the same worlds, which makes their comparison fair. With
a time budget Hard stops drawing worlds when time is up (after a minimum);
without one it draws a fixed number, so a seeded Hard repeats its choices.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from ..combos import Move, pack, unpack
from ..rules import Kind
from .endgame import ENDGAME_CARDS, Budget, Solver
from .inference import likely_worlds
from .medium import choose
from .observation import Observation
from .planner import plan_packed
from .rollout import apply, rollout
from .sampling import WorldSampler

#: Worlds per decision without a clock.
FIXED_WORLDS: Final = 60
#: With a clock: at least this many worlds, at most MAX_WORLDS.
MIN_WORLDS: Final = 3
MAX_WORLDS: Final = 60
#: Candidates Hard searches for its own play (the rest are clearly worse by the
#: plan). 16 instead of 10 scored +0.18 ± 0.14 points per hand against 2 x Medium
#: over 300 paired deals at x1.06 the CPU: its play prunes the clearly worse ones
#: after a few worlds, so the extra candidates cost little (docs/AI.md, Hard).
MAX_CANDIDATES: Final = 16
#: Candidates the coach (:mod:`.rating`) and the hand review (:meth:`HardSearch.evaluate`
#: with the played action) rate: 10 as before. Their agreement figures (README,
#: docs/AI.md) were measured with 10, and the review prunes nothing, so 16 would
#: cost it up to 1.6x the CPU.
RATED_CANDIDATES: Final = 10


@dataclass(frozen=True, slots=True)
class Evaluation:
    """A candidate action (None: pass) and its average final total over the worlds."""

    move: Move | None
    expected: float
    worlds: int


def chosen(evaluations: Sequence[Evaluation]) -> Evaluation:
    """Hard's pick among a search's evaluations: the best of those that met every world
    (a pruned candidate was clearly behind on the worlds it met)."""
    most = max(e.worlds for e in evaluations)
    return max((e for e in evaluations if e.worlds == most), key=lambda e: e.expected)


class HardSearch:
    def __init__(
        self,
        obs: Observation,
        rng: random.Random,
        budget: float | None = None,
        worlds: int | None = None,
    ) -> None:
        self.obs = obs
        self.rng = rng
        self.budget = budget
        self.worlds = worlds if worlds is not None else (MAX_WORLDS if budget else FIXED_WORLDS)
        self.worlds_done = 0
        #: Whether the clock ended the search before its worlds were done.
        self.clock_stopped = False

    def best(self, moves: list[Move]) -> Move | None:
        """Hard's own choice: the best of MAX_CANDIDATES candidates."""
        return chosen(self.evaluate(moves, limit=MAX_CANDIDATES)).move

    def candidates(
        self, moves: list[Move], extra: Sequence[Move | None] = (), limit: int | None = None
    ) -> list[Move | None]:
        """The actions worth searching: Medium's choice first, then least plan damage,
        ``limit`` of them (None: RATED_CANDIDATES, the coach's and the review's count).

        ``extra`` actions (moves, or None for a pass) are searched too, whatever their rank.
        """
        limit = RATED_CANDIDATES if limit is None else limit
        obs = self.obs
        may_pass = obs.can_pass()
        medium = choose(
            obs.rules,
            obs.hand,
            obs.seat,
            obs.counts,
            obs.unseen,
            obs.standing,
            obs.standing_seat,
            moves,
            may_pass,
        )
        out: list[Move | None] = [medium]
        if may_pass and medium is not None:
            out.append(None)
        hand = pack(obs.hand)
        rules = obs.rules
        base = plan_packed(hand, rules).cost

        def damage(m: Move) -> float:
            if m.n == sum(obs.hand):
                return -100.0
            return (
                plan_packed(hand - m.packed, rules).cost
                - (base - 1)
                + (0.5 if m.kind is Kind.BOMB else 0.0)
            )

        pool = _fewer_extras(moves, {g.packed for g in plan_packed(hand, rules).moves})
        ranked = sorted((m for m in pool if m != medium), key=lambda m: (damage(m), m.key))
        out.extend(ranked[: max(0, limit - len(out))])
        out.extend(e for e in extra if e not in out)
        return out

    def evaluate(
        self, moves: list[Move], extra: Sequence[Move | None] = (), limit: int | None = None
    ) -> list[Evaluation]:
        """Average final total of each candidate over sampled worlds (best search effort).

        ``limit`` candidates are searched (None: RATED_CANDIDATES, as the review
        rates; Hard's own play, :meth:`best`, asks for MAX_CANDIDATES).

        Candidates meet the same worlds, so they are compared world by world:
        every few worlds, one whose paired difference to the leader is clearly
        negative (beyond 2.5 standard errors) stops being searched. With
        ``extra`` actions (a decision under review) nothing is pruned.
        """
        obs = self.obs
        cands = self.candidates(moves, extra, limit)
        prune = not extra
        if len(cands) == 1:
            return [Evaluation(cands[0], 0.0, 0)]
        start = time.perf_counter()
        sampler = WorldSampler(obs, self.rng)
        worlds = likely_worlds(obs, sampler, PRUNE_EVERY, INFER_POOL, INFER_STEPS)
        values: list[list[float]] = [[] for _ in cands]
        alive = list(range(len(cands)))
        seat = obs.seat
        done = 0
        while done < self.worlds:
            world = next(worlds)
            base = obs.position_with(world)
            solver = Solver() if sum(base.sizes) <= ENDGAME_CARDS else None
            for i in alive:
                pos = base.copy()
                apply(pos, cands[i])
                if solver is not None:
                    try:
                        values[i].append(solver.value(pos)[seat])
                        continue
                    except Budget:
                        solver = None
                values[i].append(rollout(pos)[seat])
            done += 1
            if prune and done % PRUNE_EVERY == 0 and len(alive) > 1:
                alive = _prune(alive, values, done)
                if len(alive) == 1:
                    break  # every other candidate is clearly worse
            if (
                self.budget is not None
                and done >= MIN_WORLDS
                and time.perf_counter() - start >= self.budget
            ):
                self.clock_stopped = done < self.worlds
                break
        self.worlds_done = done
        return [
            Evaluation(c, sum(values[i]) / len(values[i]), len(values[i]))
            for i, c in enumerate(cands)
        ]


_WITH_EXTRAS: Final = frozenset(
    {
        Kind.TRIO_ONE,
        Kind.TRIO_PAIR,
        Kind.TRIO_TWO,
        Kind.PLANE_SINGLES,
        Kind.PLANE_PAIRS,
        Kind.PLANE_WINGS,
    }
)
#: Variants of one trio or plane (same kind, size and key) kept for pricing.
_VARIANTS: Final = 2


def _fewer_extras(moves: list[Move], plan_groups: set[int]) -> list[Move]:
    """Moves worth pricing: of a trio or plane with many possible extra cards, only
    the variants carrying the lowest extras (and the plan's own) are kept.

    A 16-card lead can have a hundred ways to attach two extra cards to a trio;
    pricing each would cost more than the search it feeds.
    """
    kept: list[Move] = []
    seen: dict[tuple[Kind, int, int], int] = {}
    for m in sorted(moves, key=_rank_sum):
        if m.kind in _WITH_EXTRAS and m.packed not in plan_groups:
            shape = (m.kind, m.k, m.key)
            if seen.get(shape, 0) >= _VARIANTS:
                continue
            seen[shape] = seen.get(shape, 0) + 1
        kept.append(m)
    return kept


def _rank_sum(m: Move) -> int:
    return sum(r * c for r, c in enumerate(unpack(m.packed)))


#: Worlds drawn per world searched, to keep those that best explain the opponents' plays.
INFER_POOL: Final = 4
#: Metropolis steps that move each world towards those the opponents' decisions make likely.
INFER_STEPS: Final = 10


#: Worlds between two prunings of clearly worse candidates.
PRUNE_EVERY: Final = 6


def _prune(alive: list[int], values: list[list[float]], done: int) -> list[int]:
    """Drop candidates clearly behind the leader over the worlds they all met."""
    leader = max(alive, key=lambda i: sum(values[i][-done:]))
    kept = []
    for i in alive:
        if i == leader:
            kept.append(i)
            continue
        diffs = [a - b for a, b in zip(values[i][-done:], values[leader][-done:], strict=True)]
        mean = sum(diffs) / done
        var = sum((d - mean) ** 2 for d in diffs) / max(1, done - 1)
        if mean + 2.5 * (var / done) ** 0.5 + 0.05 >= 0:
            kept.append(i)
    return kept
