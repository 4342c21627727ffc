"""Splitting a hand into the fewest plays: the minimum-plays decomposition.

A hand is worth as much as the number of plays it needs to go out. The
planner searches every *skeleton* (bombs kept whole; straights, pair runs and
planes starting at each lowest rank; the rest as singles, pairs and trios),
then attaches extra cards the way the rules allow (the standard's trio + two
takes any two cards, classic16's trio takes one single or one pair) using the
lowest singles first, and keeps the plan with the lowest cost.

Plans are cached by hand, so a hand seen again (in another sampled world, or
after playing a group of its own plan) costs a dictionary look-up.

>>> from paodekuai.combos import counts_of
>>> from paodekuai.rules import RULES
>>> p = plan(counts_of("34567 99 JJJ Q"), RULES["standard"])
>>> p.plays, [str(m.combo) for m in p.moves]
(3, ['straight k=5 key=7', 'trio_two k=1 key=J', 'single k=1 key=Q'])
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, NamedTuple

from ..cards import RANK_COUNT, TOP_RUN_RANK
from ..combos import SHIFTS, Move, pack, unpack
from ..rules import Kind, Rules

#: Singles from the ace up are kept as singles (they win tricks), never used as extras.
_KEEP_SINGLE_FROM: Final = 11
#: A 10 or lower single is "low": the hardest card to get rid of.
_LOW_SINGLE_BELOW: Final = 8
_CACHE_LIMIT: Final = 200_000


class Plan(NamedTuple):
    """A way to play out a hand: its plays (legal leads) and its cost (lower is better)."""

    moves: tuple[Move, ...]
    plays: int
    cost: float


_cache: dict[tuple[str, int], Plan] = {}


def plan(counts: Sequence[int], rules: Rules) -> Plan:
    """The cheapest plan of a hand of rank counts (cached)."""
    packed = pack(counts)
    key = (rules.name, packed)
    hit = _cache.get(key)
    if hit is not None:
        return hit
    if len(_cache) >= _CACHE_LIMIT:
        _cache.clear()
    result = _search(list(counts), rules)
    _cache[key] = result
    return result


def plan_packed(packed: int, rules: Rules) -> Plan:
    key = (rules.name, packed)
    hit = _cache.get(key)
    if hit is not None:
        return hit
    return plan(unpack(packed), rules)


# A skeleton group: (kind, low rank, high rank, cards per rank).
_Group = tuple[Kind, int, int, int]


def _search(counts: list[int], rules: Rules) -> Plan:
    groups: list[_Group] = []
    c = counts[:]
    kinds = rules.kinds
    # What a leaf's price depends on, kept up to date as groups come and go (so a
    # leaf is priced without sorting or rebuilding anything): singles and pairs
    # (ascending, as the search adds ranks in order), trios and planes, and the
    # plays and key sum of the groups that take no extra cards.
    singles: list[int] = []
    pairs: list[int] = []
    carriers: list[tuple[int, int]] = []
    fixed = [0, 0]  # plays, key sum
    for r in range(RANK_COUNT):
        if c[r] == 4 and Kind.BOMB in kinds:
            groups.append((Kind.BOMB, r, r, 4))
            fixed[0] += 1
            fixed[1] += r
            c[r] = 0
    best_cost = [float("inf")]
    best_groups: list[list[_Group]] = [list(groups)]
    best_pairs_first = [False]
    any_two = Kind.TRIO_TWO in kinds
    runs = rules.runs

    def dfs(r: int) -> None:
        while r < RANK_COUNT and c[r] == 0:
            r += 1
        if r == RANK_COUNT:
            # Price the leaf without building its plays; only the winner is built.
            cost, pairs_first = _price(singles, pairs, carriers, fixed[0], fixed[1], any_two)
            if cost < best_cost[0]:
                best_cost[0] = cost
                best_groups[0] = list(groups)
                best_pairs_first[0] = pairs_first
            return
        n = c[r]
        # The whole rank as one group.
        c[r] = 0
        groups.append((_BY_COUNT[n], r, r, n))
        if n == 1:
            singles.append(r)
            dfs(r + 1)
            singles.pop()
        elif n == 2:
            pairs.append(r)
            dfs(r + 1)
            pairs.pop()
        elif n == 3:
            carriers.append((r, r))
            dfs(r + 1)
            carriers.pop()
        else:  # four of a kind, where the rules have no bombs to make of it
            fixed[0] += 1
            fixed[1] += r
            dfs(r + 1)
            fixed[0] -= 1
            fixed[1] -= r
        groups.pop()
        c[r] = n
        if r > TOP_RUN_RANK:
            return
        for kind, per, min_len in runs:
            if n < per:
                continue
            end = r
            while end + 1 <= TOP_RUN_RANK and c[end + 1] >= per:
                end += 1
            if end - r + 1 < min_len:
                continue
            for hi in range(r + min_len - 1, end + 1):
                for x in range(r, hi + 1):
                    c[x] -= per
                groups.append((kind, r, hi, per))
                if kind is Kind.PLANE:
                    carriers.append((r, hi))
                    dfs(r)
                    carriers.pop()
                else:
                    fixed[0] += 1
                    fixed[1] += hi
                    dfs(r)
                    fixed[0] -= 1
                    fixed[1] -= hi
                groups.pop()
                for x in range(r, hi + 1):
                    c[x] += per

    dfs(0)
    return _attach(best_groups[0], rules, best_pairs_first[0])


def _price(
    singles: list[int],
    pairs: list[int],
    carriers: list[tuple[int, int]],
    plays: int,
    key_sum: int,
    any_two: bool,
) -> tuple[float, bool]:
    """A skeleton's cost, and whether extra cards come from pairs first (else singles first).

    Extra cards come from the lowest singles first, or from the lowest pairs
    first; both are priced when it matters and the cheaper wins. The same
    arithmetic as :func:`_attach` (so the same float, and the same plan wins),
    without building anything: the leaves of the search are many.
    """
    if not carriers:
        low = 0
        for s in singles:
            if s < _LOW_SINGLE_BELOW:
                low += 1
        plays += len(singles) + len(pairs)
        key_sum += sum(singles) + sum(pairs)
        return plays + 0.15 * low - 0.05 * (key_sum / (RANK_COUNT * max(plays, 1))), False
    if len(carriers) > 1:
        carriers = sorted(carriers, key=lambda g: g[0] - g[1])  # planes first, stable
    first = _price_carried(singles, pairs, carriers, plays, key_sum, any_two, False)
    if not pairs:
        return first, False
    second = _price_carried(singles, pairs, carriers, plays, key_sum, any_two, True)
    return (second, True) if second < first else (first, False)


def _price_carried(
    singles: list[int],
    pairs_in: list[int],
    carriers: list[tuple[int, int]],
    plays: int,
    key_sum: int,
    any_two: bool,
    prefer_pairs: bool,
) -> float:
    loose = [s for s in singles if s < _KEEP_SINGLE_FROM]
    kept = len(singles) - len(loose)
    kept_sum = sum(singles) - sum(loose)
    pairs = pairs_in
    li = pi = 0  # how many loose singles and pairs went along as extra cards
    awkward = 0
    for lo, hi in carriers:
        k = hi - lo + 1
        plays += 1
        key_sum += hi
        if any_two:
            need = 2 * k
            if prefer_pairs:
                take = min(need // 2, len(pairs) - pi)
                pi += take
                need -= 2 * take
            take = min(need, len(loose) - li)
            li += take
            need -= take
            if need >= 2:
                take = min(need // 2, len(pairs) - pi)
                pi += take
                need -= 2 * take
            if need == 1 and pi < len(pairs):
                # Break the lowest pair: one card goes along, the other stays single.
                r = pairs[pi]
                pi += 1
                loose = loose[:li] + sorted([*loose[li:], r])
                need = 0
            if need:
                awkward += 1
            continue
        if len(loose) - li >= k and not (prefer_pairs and len(pairs) - pi >= k):
            li += k
        elif len(pairs) - pi >= k:
            pi += k
    left = loose[li:]
    low = 0
    for s in left:
        if s < _LOW_SINGLE_BELOW:
            low += 1
    plays += len(pairs) - pi + len(left) + kept
    key_sum += sum(pairs[pi:]) + sum(left) + kept_sum
    strength = key_sum / (RANK_COUNT * max(plays, 1))
    return plays + 0.6 * awkward + 0.15 * low - 0.05 * strength


_BY_COUNT: Final = {1: Kind.SINGLE, 2: Kind.PAIR, 3: Kind.TRIO, 4: Kind.BOMB}


def _span(lo: int, hi: int, per: int) -> int:
    packed = 0
    for r in range(lo, hi + 1):
        packed |= per << SHIFTS[r]
    return packed


def _attach(groups: Sequence[_Group], rules: Rules, prefer_pairs: bool) -> Plan:
    """Attach extras to the winning skeleton, build its plays and price the plan.

    The price counts plays, trios left without extras (legal only as the last
    play), low singles left, and the sum of the plays' keys.
    """
    singles = sorted(g[1] for g in groups if g[0] is Kind.SINGLE)
    pairs = sorted(g[1] for g in groups if g[0] is Kind.PAIR)
    carriers = sorted(
        (g for g in groups if g[0] is Kind.TRIO or g[0] is Kind.PLANE),
        key=lambda g: -(g[2] - g[1]),  # planes (more extra cards) first
    )
    moves: list[Move] = []
    awkward = 0
    plays = 0
    key_sum = 0
    loose = [s for s in singles if s < _KEEP_SINGLE_FROM]
    kept = [s for s in singles if s >= _KEEP_SINGLE_FROM]
    any_two = Kind.TRIO_TWO in rules.kinds
    for _, lo, hi, _ in carriers:
        k = hi - lo + 1
        plays += 1
        key_sum += hi
        extra = 0
        if any_two:
            need = 2 * k
            while prefer_pairs and need >= 2 and pairs:
                extra += 2 << SHIFTS[pairs.pop(0)]
                need -= 2
            while need and loose:
                extra += 1 << SHIFTS[loose.pop(0)]
                need -= 1
            while need >= 2 and pairs:
                extra += 2 << SHIFTS[pairs.pop(0)]
                need -= 2
            if need == 1 and pairs:
                # Break the lowest pair: one card goes along, the other stays single.
                r = pairs.pop(0)
                extra += 1 << SHIFTS[r]
                loose.insert(0, r)
                loose.sort()
                need = 0
            if need:
                awkward += 1  # legal only as the last play
            out_kind = Kind.TRIO_TWO if k == 1 else Kind.PLANE_WINGS
            moves.append(Move(_span(lo, hi, 3) + extra, 5 * k - need, out_kind, k, hi))
            continue
        if len(loose) >= k and not (prefer_pairs and len(pairs) >= k):
            for _ in range(k):
                extra += 1 << SHIFTS[loose.pop(0)]
            kind_out, size = (Kind.TRIO_ONE if k == 1 else Kind.PLANE_SINGLES), 4 * k
        elif len(pairs) >= k:
            for _ in range(k):
                extra += 2 << SHIFTS[pairs.pop(0)]
            kind_out, size = (Kind.TRIO_PAIR if k == 1 else Kind.PLANE_PAIRS), 5 * k
        else:
            kind_out, size = (Kind.TRIO if k == 1 else Kind.PLANE), 3 * k
        moves.append(Move(_span(lo, hi, 3) + extra, size, kind_out, k, hi))
    for kind, lo, hi, per in groups:
        if kind is Kind.STRAIGHT or kind is Kind.PAIR_RUN or kind is Kind.BOMB:
            plays += 1
            key_sum += hi
            k = 1 if kind is Kind.BOMB else hi - lo + 1
            moves.append(Move(_span(lo, hi, per), (hi - lo + 1) * per, kind, k, hi))
    singles_left = sorted(loose + kept)
    plays += len(pairs) + len(singles_left)
    key_sum += sum(pairs) + sum(singles_left)
    low_singles = sum(1 for r in singles_left if r < _LOW_SINGLE_BELOW)
    # Fewest plays first; then fewer low singles; then the higher plan (stronger groups).
    strength = key_sum / (RANK_COUNT * max(plays, 1))
    cost = plays + 0.6 * awkward + 0.15 * low_singles - 0.05 * strength
    for r in pairs:
        moves.append(Move(2 << SHIFTS[r], 2, Kind.PAIR, 1, r))
    for r in singles_left:
        moves.append(Move(1 << SHIFTS[r], 1, Kind.SINGLE, 1, r))
    moves.sort(key=lambda m: (m.key, -m.n))
    return Plan(tuple(moves), plays, cost)
