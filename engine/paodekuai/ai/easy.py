"""Easy: a beginner who plays sensibly but plainly, with no plan.

Following, it plays the smallest play that beats (never a bomb while a plain
play beats, and a bomb only when the rules force it or an opponent is about
to go out). Leading, it gets rid of its lowest card, in the biggest group
that card naturally belongs to (a straight or pair before a lone single).
"""

from __future__ import annotations

from ..combos import Move, lowest_rank
from ..rules import Kind
from .observation import Observation


def easy_choice(obs: Observation, moves: list[Move]) -> Move | None:
    """Easy's play among ``moves`` (all legal), or None to pass."""
    if obs.standing is not None:
        return _follow(obs, moves)
    return _lead(moves)


def _follow(obs: Observation, moves: list[Move]) -> Move | None:
    plain = [m for m in moves if m.kind is not Kind.BOMB]
    if plain:
        return min(plain, key=lambda m: (m.key, m.n))
    if not moves:
        return None
    forced = obs.rules.must_beat
    danger = min(obs.counts[s] for s in range(3) if s != obs.seat) <= 2
    if forced or danger:
        return min(moves, key=lambda m: m.key)
    return None


def _lead(moves: list[Move]) -> Move:
    plain = [m for m in moves if m.kind is not Kind.BOMB] or moves

    low = min(lowest_rank(m.packed) for m in plain)
    holding_low = [m for m in plain if lowest_rank(m.packed) == low]
    # Biggest natural group first; among equals, the lower key (less strength spent).
    return max(holding_low, key=lambda m: (m.n, -m.key))
