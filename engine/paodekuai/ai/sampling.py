"""Sampling the hidden cards: worlds consistent with everything public.

A world gives each opponent a hand (rank counts) of the right size from the
cards this seat has not seen. It must agree with what the table proved:

- cards whose holder is public (compact15's face-up card, the ♠3 of the
  opener) are where they were dealt, unless played since;
- under must-beat, a pass proves the passer could not beat the standing play
  with the hand it held then (its hand now plus what it played since).

Passes on a single or a pair become per-rank caps that guide the deal
(nothing above the single; at most one of each rank above the pair; never
four of a kind, since a bomb would have beaten). Every other pass is checked
on the finished world, which is rejected when it contradicts one.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Final

from ..cards import RANK_COUNT
from ..combos import Move, highest_single, legal_moves, pack, unpack
from ..rules import Kind
from .observation import Observation

#: Tries before giving up on rejection and keeping the least contradicted world.
MAX_TRIES: Final = 200


@dataclass(frozen=True, slots=True)
class PassFact:
    """Seat ``seat`` passed facing ``facing`` when it held its hand now plus ``since``."""

    seat: int
    facing: Move
    since: int
    #: Whether the last card rule bound the passer (its next seat held one card).
    forced_next_one: bool


class WorldSampler:
    """Draws opponents' hands for one observation; reusable across many draws."""

    def __init__(self, obs: Observation, rng: random.Random) -> None:
        self.obs = obs
        self.rng = rng
        me = obs.seat
        self.opponents = ((me + 1) % 3, (me + 2) % 3)
        self.facts = _pass_facts(obs) if obs.rules.must_beat else []
        self.caps = {s: self._caps(s) for s in self.opponents}
        self.fixed = self._fixed()
        self.tries = 0
        self.rejected = 0

    def _caps(self, seat: int) -> list[int]:
        caps = [4] * RANK_COUNT
        for fact in self.facts:
            if fact.seat != seat:
                continue
            since = unpack(fact.since)
            limit = [3] * RANK_COUNT  # a bomb beats anything: it held none
            if fact.facing.kind is Kind.SINGLE:
                for r in range(fact.facing.key + 1, RANK_COUNT):
                    limit[r] = 0
            elif fact.facing.kind is Kind.PAIR:
                for r in range(fact.facing.key + 1, RANK_COUNT):
                    limit[r] = 1
            elif fact.facing.kind is Kind.BOMB:
                for r in range(fact.facing.key + 1, RANK_COUNT):
                    limit[r] = 3
            for r in range(RANK_COUNT):
                caps[r] = min(caps[r], max(0, limit[r] - since[r]))
        return caps

    def _fixed(self) -> dict[int, list[int]]:
        """Cards that must be in a given opponent's hand (public holders)."""
        fixed = {s: [0] * RANK_COUNT for s in self.opponents}
        obs = self.obs
        for card, seat in obs.known:
            if seat in fixed and not (obs.hand_mask | obs.played_mask) >> card & 1:
                fixed[seat][card // 4] += 1
        return fixed

    def sample(self) -> list[int]:
        """Packed hands for all three seats (this seat's own hand included)."""
        best: list[int] | None = None
        best_bad = 1 << 30
        for _ in range(MAX_TRIES):
            self.tries += 1
            hands = self._deal()
            if hands is None:
                continue
            bad = self._contradictions(hands)
            if bad == 0:
                return hands
            self.rejected += 1
            if bad < best_bad:
                best, best_bad = hands, bad
        if best is not None:
            return best
        return self._deal(ignore_caps=True) or self._plain()

    def _deal(self, ignore_caps: bool = False) -> list[int] | None:
        obs = self.obs
        a, b = self.opponents
        room = {a: obs.counts[a], b: obs.counts[b]}
        hands = {a: [0] * RANK_COUNT, b: [0] * RANK_COUNT}
        pool: list[int] = []
        for r in range(RANK_COUNT):
            left = obs.unseen[r]
            for seat in (a, b):
                take = min(self.fixed[seat][r], left)
                hands[seat][r] += take
                room[seat] -= take
                left -= take
            pool.extend([r] * left)
        if room[a] < 0 or room[b] < 0:
            return None
        # In a position set up by hand some unseen cards are out of play: the
        # opponents hold only as many as their counts say.
        surplus = len(pool) - room[a] - room[b]
        if surplus < 0:
            return None
        self.rng.shuffle(pool)
        caps = self.caps
        for r in pool:
            if room[a] == 0 and room[b] == 0:
                break
            ok_a = room[a] > 0 and (ignore_caps or hands[a][r] < caps[a][r])
            ok_b = room[b] > 0 and (ignore_caps or hands[b][r] < caps[b][r])
            if ok_a and ok_b:
                seat = a if self.rng.random() * (room[a] + room[b]) < room[a] else b
            elif ok_a:
                seat = a
            elif ok_b:
                seat = b
            elif surplus > 0:
                surplus -= 1
                continue
            else:
                return None
            hands[seat][r] += 1
            room[seat] -= 1
        packed = [0, 0, 0]
        packed[obs.seat] = pack(obs.hand)
        packed[a] = pack(hands[a])
        packed[b] = pack(hands[b])
        return packed

    def _plain(self) -> list[int]:
        """A world with no constraint at all (when the facts cannot all hold)."""
        obs = self.obs
        a, b = self.opponents
        pool = [r for r in range(RANK_COUNT) for _ in range(obs.unseen[r])]
        self.rng.shuffle(pool)
        ha = [0] * RANK_COUNT
        hb = [0] * RANK_COUNT
        for i, r in enumerate(pool[: obs.counts[a] + obs.counts[b]]):
            (ha if i < obs.counts[a] else hb)[r] += 1
        packed = [0, 0, 0]
        packed[obs.seat] = pack(obs.hand)
        packed[a] = pack(ha)
        packed[b] = pack(hb)
        return packed

    def consistent(self, hands: list[int]) -> bool:
        """Whether a world (packed hands of all seats) agrees with every pass."""
        return self._contradictions(hands) == 0

    def _contradictions(self, hands: list[int]) -> int:
        rules = self.obs.rules
        bad = 0
        for fact in self.facts:
            then = unpack(hands[fact.seat] + fact.since)
            forced = highest_single(then, rules) if fact.forced_next_one else None
            if legal_moves(then, rules, fact.facing, forced):
                bad += 1
        return bad


def _pass_facts(obs: Observation) -> list[PassFact]:
    """Every pass of an opponent that faced a play, with what it played since."""
    facts: list[PassFact] = []
    played_since = {s: 0 for s in range(3)}
    for action in reversed(obs.history):
        if action.packed is not None:
            played_since[action.seat] += action.packed
            continue
        if action.seat == obs.seat or action.facing is None:
            continue
        nxt = (action.seat + 1) % 3
        facts.append(
            PassFact(
                seat=action.seat,
                facing=action.facing,
                since=played_since[action.seat],
                forced_next_one=obs.rules.last_card_rule and action.sizes[nxt] == 1,
            )
        )
    return facts
