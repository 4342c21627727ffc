"""Medium: plans its hand and plays the plan with the table in mind.

- Plans: the hand is split into the fewest plays (:mod:`.planner`); a move is
  judged by what it does to the plan of the cards left.
- Values control cards: the ♠2, aces and bombs are spent when they win the
  hand, save the plan, or stop an opponent who is about to go out.
- Leads what it least fears being beaten: sure winners first when they clear
  the way out; otherwise its weakest group while nobody is close to going
  out (low singles go early, in straights and with trios when they can).
- The last card rule both ways: it never leads a beatable single into a
  one-card seat, and when the seat after next holds one card it leads a low
  single, so the seat in between must spend its highest single.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from ..cards import RANK_COUNT, TOP_RUN_RANK
from ..combos import Move, count_of, pack
from ..rules import PLANE_KINDS, RUNS, SHORT_LAST_PLAY_KINDS, TRIO_KINDS, Kind, Rules
from .observation import Observation
from .planner import plan_packed

#: Rank index of the ace; singles from here up are control cards.
_ACE: Final = 11


def medium_choice(obs: Observation, moves: list[Move]) -> Move | None:
    """Medium's play among ``moves`` (all legal), or None to pass."""
    return choose(
        obs.rules,
        obs.hand,
        obs.seat,
        obs.counts,
        obs.unseen,
        obs.standing,
        obs.standing_seat,
        moves,
        obs.can_pass(),
    )


def choose(
    rules: Rules,
    hand: Sequence[int],
    seat: int,
    counts: Sequence[int],
    unseen: Sequence[int],
    standing: Move | None,
    standing_seat: int,
    moves: list[Move],
    may_pass: bool,
) -> Move | None:
    """The policy on plain values, so search can call it without building views."""
    size = sum(hand)
    for m in moves:
        if m.n == size:
            return m  # going out ends the hand: nothing is better
    if standing is None:
        return _lead(rules, hand, seat, counts, unseen, moves)
    return _follow(rules, hand, seat, counts, unseen, standing, standing_seat, moves, may_pass)


def keep_bombs_whole(hand: Sequence[int], moves: list[Move]) -> list[Move]:
    """The moves that do not split a bomb held (where the rules allow splitting).

    Every level keeps its bombs whole: four of a kind is worth more as a bomb
    than as any part of another play. Falls back to all moves if none is left.
    """
    bomb_ranks = [r for r, c in enumerate(hand) if c == 4]
    if not bomb_ranks:
        return moves
    kept = [m for m in moves if all(count_of(m.packed, r) in (0, 4) for r in bomb_ranks)]
    return kept or moves


def can_be_beaten(move: Move, unseen: Sequence[int], biggest_hand: int, rules: Rules) -> bool:
    """Whether cards this seat has not seen could beat ``move`` (a possible, not a likely, beat)."""
    bombs_possible = Kind.BOMB in rules.kinds and biggest_hand >= 4
    if move.kind is Kind.BOMB:
        return bombs_possible and any(unseen[r] == 4 for r in range(move.key + 1, RANK_COUNT))
    if bombs_possible and 4 in unseen:
        return True
    if biggest_hand < move.n and move.kind not in SHORT_LAST_PLAY_KINDS:
        return False
    kind, k, key = move.kind, move.k, move.key
    if kind is Kind.SINGLE:
        return any(unseen[r] for r in range(key + 1, RANK_COUNT))
    if kind is Kind.PAIR:
        return any(unseen[r] >= 2 for r in range(key + 1, RANK_COUNT))
    if kind in TRIO_KINDS:
        return any(unseen[r] >= 3 for r in range(key + 1, RANK_COUNT))
    per = RUNS[Kind.PLANE if kind in PLANE_KINDS else kind][0]
    run = 0
    for r in range(TOP_RUN_RANK + 1):
        run = run + 1 if unseen[r] >= per else 0
        if run >= k and r > key:
            return True
    return False



def _lead(
    rules: Rules,
    hand: Sequence[int],
    seat: int,
    counts: Sequence[int],
    unseen: Sequence[int],
    moves: list[Move],
) -> Move:
    nxt, prev = (seat + 1) % 3, (seat + 2) % 3
    biggest = max(counts[nxt], counts[prev])
    smallest = min(counts[nxt], counts[prev])
    legal = {m.packed: m for m in moves}
    the_plan = plan_packed(pack(hand), rules)
    groups = [legal[g.packed] for g in the_plan.moves if g.packed in legal]
    if not groups:
        # The plan's groups are not legal now (♠3 first, last card rule): least damage.
        return min(moves, key=lambda m: (_damage(rules, hand, m), m.key))
    sure = [g for g in groups if not can_be_beaten(g, unseen, biggest, rules)]
    unsure = [g for g in groups if g not in sure]
    # Two ways out: every group but one is a sure winner. Play the winners first.
    if sure and len(unsure) <= 1 and len(groups) == the_plan.plays:
        return max(sure, key=lambda g: (g.kind is not Kind.BOMB, g.n))
    if counts[nxt] == 1:
        # A single would meet the one-card seat: lead anything else if possible.
        multi = [g for g in groups if g.kind is not Kind.SINGLE]
        if multi:
            return min(multi, key=lambda g: (g in sure, g.kind is Kind.BOMB, -g.n, g.key))
        return max(groups, key=lambda g: g.key)
    if counts[prev] == 1:
        multi = [g for g in groups if g.kind is not Kind.SINGLE and g.kind is not Kind.BOMB]
        if multi:
            return min(multi, key=lambda g: (g in sure, -g.n, g.key))
        # Force the seat in between to spend its highest single on our lowest.
        singles = [g for g in groups if g.kind is Kind.SINGLE]
        if singles:
            return min(singles, key=lambda g: g.key)
    if smallest <= 2:
        # Someone is close: lead what they can least answer (long shapes, sure winners).
        shaped = [g for g in unsure if g.n > smallest and g.kind is not Kind.BOMB]
        if shaped:
            return min(shaped, key=lambda g: (-g.n, g.key))
        if sure:
            return max(sure, key=lambda g: (g.kind is not Kind.BOMB, g.n))
    weak = [g for g in unsure if g.kind is not Kind.BOMB]
    if weak:
        # Shed the weakest group; long shapes of low cards count as weak too.
        return min(weak, key=lambda g: (g.key - (3 if g.n >= 5 else 0), -g.n))
    return min(groups, key=lambda g: (g.kind is Kind.BOMB, g.key))


def _follow(
    rules: Rules,
    hand: Sequence[int],
    seat: int,
    counts: Sequence[int],
    unseen: Sequence[int],
    standing: Move,
    standing_seat: int,
    moves: list[Move],
    may_pass: bool,
) -> Move | None:
    if not moves:
        return None
    nxt, prev = (seat + 1) % 3, (seat + 2) % 3
    smallest = min(counts[nxt], counts[prev])
    # The seat about to go out is the one that played; let it go only if the
    # other opponent still answers after us.
    danger = smallest <= 2 or counts[standing_seat] <= 3
    size = sum(hand)
    packed = pack(hand)
    the_plan = plan_packed(packed, rules)
    groups = {g.packed for g in the_plan.moves}

    def spend(m: Move) -> float:
        if m.kind is Kind.BOMB:
            return 0.0 if danger or size - 4 <= 2 else 2.5
        if m.kind is Kind.SINGLE and m.key >= _ACE and not danger and size > 3:
            return 0.8
        return 0.0

    best: Move | None = None
    best_score = 0.0
    # A group of the plan costs the plan nothing: try those first, and price the
    # other moves (which break the plan) only when no group is a cheap answer.
    for m in moves:
        if m.packed in groups:
            score = spend(m) + m.key * 0.01
            if best is None or score < best_score:
                best, best_score = m, score
    if best is None or best_score >= 0.5:
        before = the_plan.cost - 1
        for m in moves:
            if m.packed in groups:
                continue
            damage = plan_packed(packed - m.packed, rules).cost - before
            score = damage + spend(m) + m.key * 0.01
            if best is None or score < best_score:
                best, best_score = m, score
    if may_pass and not danger and best_score >= 1.0:
        return None  # beating costs the plan more than a play's worth: let it go
    return best


def _damage(rules: Rules, hand: Sequence[int], move: Move) -> float:
    """How much a move hurts the plan: 0 for playing one of the plan's own groups."""
    packed = pack(hand)
    before = plan_packed(packed, rules).cost
    after = plan_packed(packed - move.packed, rules).cost
    return after - (before - 1)


__all__ = ["can_be_beaten", "choose", "medium_choice"]
