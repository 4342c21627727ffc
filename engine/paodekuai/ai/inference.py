"""Reading the opponents' plays: how likely each sampled world made them.

Passes prove what a seat could not hold (:mod:`.sampling`); plays say more,
but only under a model of how the seat chooses. The model here is the
Medium policy with a margin for anything else: a seat plays what Medium
would have played with that hand, in that position, with probability
``1 - SURPRISE``; any other of its options shares the rest. A world's
weight is the product of these probabilities over every decision the two
opponents made, and each opponent's factor depends only on its own hand
(its view of the table is public otherwise), so the two are computed apart.

A decision with a single option (a forced pass, a lone legal play) says
nothing and is skipped.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Final

from ..cards import RANK_COUNT, card_id
from ..combos import Move, highest_single, legal_moves, unpack
from .medium import choose, keep_bombs_whole
from .observation import Observation
from .sampling import WorldSampler

#: Probability mass a seat's action leaves to anything Medium would not have played.
SURPRISE: Final = 0.05


@dataclass(frozen=True, slots=True)
class Decision:
    """One past decision of an opponent, with everything public about it."""

    seat: int
    #: Packed cards this seat played from this decision on (its hand then: its hand now plus these).
    since: int
    #: Packed cards every seat had played before this decision.
    played_before: int
    facing: Move | None
    facing_seat: int
    sizes: tuple[int, int, int]
    need_three: bool
    #: What it did: packed cards, or None for a pass.
    action: int | None


class OpponentModel:
    """Log-likelihood of each opponent's past decisions given a hand for it."""

    def __init__(self, obs: Observation) -> None:
        self.obs = obs
        me = obs.seat
        rules = obs.rules
        spade3_holder = next((s for c, s in obs.known if c == _SPADE3), None)
        decisions: list[Decision] = []
        since = [0, 0, 0]
        played = 0
        before: list[int] = []
        for action in obs.history:
            before.append(played)
            if action.packed is not None:
                played += action.packed
        for i in range(len(obs.history) - 1, -1, -1):
            action = obs.history[i]
            if action.packed is not None:
                since[action.seat] += action.packed
            if action.seat == me:
                continue
            decisions.append(
                Decision(
                    seat=action.seat,
                    since=since[action.seat],
                    played_before=before[i],
                    facing=action.facing,
                    facing_seat=action.facing_seat,
                    sizes=action.sizes,
                    need_three=i == 0 and rules.spade3_first and spade3_holder == action.seat,
                    action=action.packed,
                )
            )
        decisions.reverse()
        self.decisions = {s: [d for d in decisions if d.seat == s] for s in range(3) if s != me}
        self.opponents = ((me + 1) % 3, (me + 2) % 3)
        self._memo: dict[tuple[int, int], float] = {}
        self._deck = rules.deck_ranks
        self._log_hit = math.log(1.0 - SURPRISE)

    def log_likelihood(self, seat: int, hand: int) -> float:
        """log P(every decision ``seat`` made | it holds ``hand`` now (packed))."""
        key = (seat, hand)
        hit = self._memo.get(key)
        if hit is not None:
            return hit
        total = 0.0
        for d in self.decisions[seat]:
            total += self._log_p(d, hand)
        self._memo[key] = total
        return total

    def log_likelihood_above(self, seat: int, hand: int, floor: float) -> float | None:
        """:meth:`log_likelihood`, or None as soon as it is certain to fall below ``floor``
        (every decision's term is negative, so the running sum only falls)."""
        key = (seat, hand)
        hit = self._memo.get(key)
        if hit is not None:
            return hit if hit >= floor else None
        total = 0.0
        for d in self.decisions[seat]:
            total += self._log_p(d, hand)
            if total < floor:
                return None
        self._memo[key] = total
        return total

    def world_log_likelihood(self, world: list[int]) -> float:
        """log P(both opponents' decisions | a world of packed hands)."""
        a, b = self.opponents
        return self.log_likelihood(a, world[a]) + self.log_likelihood(b, world[b])

    def _log_p(self, d: Decision, hand_now: int) -> float:
        rules = self.obs.rules
        hand_packed = hand_now + d.since
        hand = unpack(hand_packed)
        forced = None
        if rules.last_card_rule and d.sizes[(d.seat + 1) % 3] == 1:
            forced = highest_single(hand, rules)
        moves = legal_moves(hand, rules, d.facing, forced, d.need_three)
        may_pass = d.facing is not None and (not rules.must_beat or not moves)
        if rules.bombs_splittable:
            moves = keep_bombs_whole(hand, moves)
        options = len(moves) + (1 if may_pass else 0)
        if options <= 1:
            return 0.0
        played = unpack(d.played_before)
        unseen = [self._deck[r] - hand[r] - played[r] for r in range(RANK_COUNT)]
        medium = choose(
            rules, hand, d.seat, d.sizes, unseen, d.facing, d.facing_seat, moves, may_pass
        )
        if medium is None and not may_pass:
            medium = moves[0]
        same = d.action is None if medium is None else d.action == medium.packed
        if same:
            return self._log_hit
        return math.log(SURPRISE / (options - 1))


def likely_worlds(
    obs: Observation, sampler: WorldSampler, batch: int, pool: int, steps: int = 0
) -> Iterator[list[int]]:
    """Worlds, endlessly, in batches: of every ``pool * batch`` worlds drawn, the
    ``batch`` that best explain the opponents' decisions (ties: first drawn),
    each then moved ``steps`` times towards the likely ones (:func:`refine`)."""
    model = OpponentModel(obs)
    if (pool <= 1 and steps <= 0) or not any(model.decisions.values()):
        while True:
            yield sampler.sample()
    rng = sampler.rng
    while True:
        drawn = [sampler.sample() for _ in range(max(1, pool) * batch)]
        weights = [model.world_log_likelihood(w) for w in drawn]
        order = sorted(range(len(drawn)), key=lambda i: -weights[i])
        for i in order[:batch]:
            if steps > 0:
                yield refine(drawn[i], weights[i], model, sampler, rng, steps)
            else:
                yield drawn[i]


def refine(
    world: list[int],
    log_l: float,
    model: OpponentModel,
    sampler: WorldSampler,
    rng: random.Random,
    steps: int,
) -> list[int]:
    """Metropolis steps from ``world``: swap a card between the two opponents and
    keep the swap with probability min(1, likelihood ratio).

    Picking each card uniformly from its holder's hand makes the proposal and
    the uniform prior over deals cancel exactly, so the chain samples worlds in
    proportion to how well they explain the opponents' decisions. A swap that
    breaks what a pass proved (caps, rejected worlds) or moves a card whose
    holder is public is never made.
    """
    a, b = model.opponents
    ha, hb = unpack(world[a]), unpack(world[b])
    na, nb = sum(ha), sum(hb)
    if not na or not nb:
        return world
    caps, fixed = sampler.caps, sampler.fixed
    la = model.log_likelihood(a, world[a])
    lb = log_l - la
    pa, pb = world[a], world[b]
    for _ in range(steps):
        ra = _pick(ha, rng.randrange(na))
        rb = _pick(hb, rng.randrange(nb))
        if ra == rb or ha[rb] >= caps[a][rb] or hb[ra] >= caps[b][ra]:
            continue
        if ha[ra] <= fixed[a][ra] or hb[rb] <= fixed[b][rb]:
            continue
        delta = (1 << (8 * rb)) - (1 << (8 * ra))
        floor = la + lb + math.log(1.0 - rng.random())
        new_a = model.log_likelihood_above(a, pa + delta, floor - lb)
        if new_a is None:
            continue
        new_b = model.log_likelihood_above(b, pb - delta, floor - new_a)
        if new_b is None:
            continue
        candidate = list(world)
        candidate[a], candidate[b] = pa + delta, pb - delta
        if sampler.facts and not sampler.consistent(candidate):
            continue
        world, pa, pb, la, lb = candidate, pa + delta, pb - delta, new_a, new_b
        ha[ra] -= 1
        ha[rb] += 1
        hb[rb] -= 1
        hb[ra] += 1
    return world


def _pick(hand: list[int], index: int) -> int:
    """The rank of the ``index``-th card of a hand of rank counts."""
    for r, n in enumerate(hand):
        if index < n:
            return r
        index -= n
    raise IndexError(index)


_SPADE3: Final = card_id("3S")

__all__ = ["SURPRISE", "OpponentModel", "likely_worlds"]
