"""Hypothesis strategies for the cross-checks against the oracle: small random positions.

Cards are drawn a rank at a time, so pairs, trios, planes and bombs are common;
``standing_positions`` puts a run, trio or plane on the table to follow.
"""

from __future__ import annotations

import reference as ref
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

HYP = settings(
    deadline=None,
    derandomize=True,
    database=None,
    print_blob=False,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


@st.composite
def positions(draw, rules: str, max_cards: int = 10, max_moves: int = 5, structured: bool = False):
    """Three disjoint hands (1..max_cards), a leader and a few move choices.

    Cards are drawn a rank at a time, 1-4 of it, so pairs, trios, planes and
    bombs are common."""
    pool = {r: [c for c in ref.deck(rules) if ref.rank_of(c) == r] for r in ref.RANKS}
    for r, cards in pool.items():
        pool[r] = list(draw(st.permutations(cards)))
    hands: list[list[str]] = []
    for _seat in range(3):
        h: list[str] = []
        if structured:
            # plant 0-2 straights / pair runs / planes of random length
            for _ in range(draw(st.integers(0, 2))):
                width = draw(st.integers(1, 3))
                length = draw(st.integers(*{1: (5, 7), 2: (2, 4), 3: (2, 3)}[width]))
                start = draw(st.integers(0, ref.ACE - length + 1))
                for v in range(start, start + length):
                    r = ref.RANKS[v]
                    if len(h) < max_cards and len(pool[r]) >= width:
                        h += pool[r][:width]
                        del pool[r][:width]
        size = max(len(h), draw(st.integers(1, max_cards)))
        while len(h) < size:
            avail = [r for r in ref.RANKS if pool[r]]
            r = draw(st.sampled_from(avail))
            take = draw(st.integers(1, min(len(pool[r]), size - len(h))))
            h += pool[r][:take]
            del pool[r][:take]
        hands.append(h[: max_cards + 2])
    leader = draw(st.integers(0, 2))
    moves = draw(st.lists(st.integers(0, 99_999), min_size=min(1, max_moves), max_size=max_moves))
    return hands, leader, moves


def _block_kinds(rules: str) -> list[tuple[int, int, int]]:
    """(width, min length, max length) of the runs a standing play is built on."""
    return [(1, 5, 8), (2, 2, 4), (3, 1, 1), (3, 2, 3)]


@st.composite
def standing_positions(draw, rules: str, max_follow: int = 10):
    """The leader holds a straight, pair run, trio or plane (with random extras)
    and plays it; the two others hold similar shapes at random ranks, often as
    their whole hand, so that beating, too_low, wrong_type and short last
    plays all come up against every kind."""
    pool = {r: [c for c in ref.deck(rules) if ref.rank_of(c) == r] for r in ref.RANKS}
    for r, cards in pool.items():
        pool[r] = list(draw(st.permutations(cards)))

    def take(rank: str, n: int, into: list[str]) -> bool:
        if len(pool[rank]) < n:
            return False
        into += pool[rank][:n]
        del pool[rank][:n]
        return True

    def any_cards(n: int, into: list[str]) -> None:
        for _ in range(n):
            avail = [r for r in ref.RANKS if pool[r]]
            take(draw(st.sampled_from(avail)), 1, into)

    width, lo, hi = draw(st.sampled_from(_block_kinds(rules)))
    length = draw(st.integers(lo, hi))
    hands: list[list[str]] = [[], [], []]
    for seat in range(3):
        h = hands[seat]
        start = draw(st.integers(0, ref.ACE - length + 1))
        for v in range(start, start + length):
            take(ref.RANKS[v], width, h)
        if width == 3:
            any_cards(draw(st.integers(0, 2 * length)), h)  # wings, perhaps short
        if seat != 0:
            any_cards(draw(st.integers(0 if h else 1, 3)), h)
            del h[max_follow:]
    any_cards(draw(st.integers(1, 3)), hands[0])
    leader_play = draw(st.integers(0, 99_999))
    moves = draw(st.lists(st.integers(0, 99_999), max_size=3))
    return hands, leader_play, moves
