"""Combinations: reading a selection, comparing plays, generating every legal play.

Everything here works on *rank counts*, never on card identities: a hand or a
play is a list of 13 counts or the same packed into one integer, a byte per
rank (rank 0, the 3, in the lowest byte). Packing is then ``int.from_bytes``
and a play leaves a hand by a plain subtraction (no rank ever borrows). Suits
only matter at the edges (which ♠3 a play contains), and
:mod:`paodekuai.game` handles them.

A :class:`Move` is a play as the engine sees it: which ranks, how many cards,
and its reading (kind, ``k`` and ``key``). ``k`` is the number of pairs of a
pair run, of cards of a straight, of trios of a plane, else 1; ``key`` is the
rank index that compares.

>>> [str(c) for c in readings(counts_of("3334445556"), 10, RULES["standard"], False)]
['plane_wings k=2 key=5', 'plane_wings k=2 key=4']
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Final, NamedTuple, Protocol

from .cards import RANK_COUNT, RANKS, TOP_RUN_RANK, rank_of_code
from .rules import PLANE_KINDS, RULES, RUNS, SHORT_LAST_PLAY_KINDS, TRIO_KINDS, Kind, Rules

#: Reason codes of RULES.md in their order of precedence.
REASONS: Final = (
    "game_over",
    "not_your_turn",
    "not_your_cards",
    "bomb_split",
    "not_a_combination",
    "wrong_type",
    "too_low",
    "highest_single",
    "must_include_spade3",
)
PASS_REASONS: Final = ("leader_cannot_pass", "must_beat")

#: Tie-break between readings with the same key and k (see docs/DECISIONS.md).
_KIND_ORDER: Final = {kind: i for i, kind in enumerate(Kind)}
#: Bit offset of each rank's count in a packed integer.
SHIFTS: Final = tuple(8 * r for r in range(RANK_COUNT))
_STRAIGHT_MIN: Final = RUNS[Kind.STRAIGHT][1]
_PAIR_RUN_MIN: Final = RUNS[Kind.PAIR_RUN][1]
_PLANE_MIN: Final = RUNS[Kind.PLANE][1]


class Reading(Protocol):
    """Anything with a kind, a size parameter and a key: a Combo or a Move."""

    @property
    def kind(self) -> Kind: ...
    @property
    def k(self) -> int: ...
    @property
    def key(self) -> int: ...


def beats(play: Reading, standing: Reading) -> bool:
    """Whether ``play`` beats ``standing`` as a follow.

    >>> beats(Combo(Kind.BOMB, 1, 0), Combo(Kind.SINGLE, 1, 12))
    True
    >>> beats(Combo(Kind.STRAIGHT, 6, 9), Combo(Kind.STRAIGHT, 5, 4))
    False
    """
    if play.kind is Kind.BOMB:
        return standing.kind is not Kind.BOMB or play.key > standing.key
    return play.kind is standing.kind and play.k == standing.k and play.key > standing.key


class Combo(NamedTuple):
    """One reading of some cards: its kind, its size parameter ``k`` and its key rank."""

    kind: Kind
    k: int
    key: int

    def __str__(self) -> str:
        return f"{self.kind.value} k={self.k} key={RANKS[self.key]}"

    def rank_order(self) -> tuple[int, int, int]:
        """Sort key for choosing among readings: highest key, then larger k."""
        return (self.key, self.k, _KIND_ORDER[self.kind])



class Move(NamedTuple):
    """A play by ranks: ``packed`` rank counts, ``n`` cards, and its reading."""

    packed: int
    n: int
    kind: Kind
    k: int
    key: int

    @property
    def combo(self) -> Combo:
        return Combo(self.kind, self.k, self.key)

    def counts(self) -> list[int]:
        return unpack(self.packed)


#: Builds a Move without the named tuple's Python-level __new__ (the hot path of generation).
_new_move: Final = tuple.__new__


def pack(counts: Sequence[int]) -> int:
    """Rank counts as one integer, a byte per rank."""
    return int.from_bytes(bytes(counts), "little")


def unpack(packed: int) -> list[int]:
    """The 13 rank counts of a packed integer."""
    return list(packed.to_bytes(RANK_COUNT, "little"))


def lowest_rank(packed: int) -> int:
    """The lowest rank present in a non-empty packed integer."""
    return ((packed & -packed).bit_length() - 1) >> 3


def core_of(move: Move) -> int:
    """Packed rank counts of a play's core: its trios when it carries other cards, else all of it.

    A trio with two or a plane with wings reads by its trios, so they are shown first.

    >>> hex(core_of(Move(pack(counts_of("KKK35")), 5, Kind.TRIO_TWO, 1, 10)))
    '0x300000000000000000000'
    """
    if move.kind in TRIO_KINDS or move.kind in PLANE_KINDS:
        trios = 1 if move.kind in TRIO_KINDS else move.k
        return sum(3 << SHIFTS[r] for r in range(move.key - trios + 1, move.key + 1))
    return move.packed


def count_of(packed: int, rank: int) -> int:
    """How many cards of ``rank`` a packed integer holds."""
    return (packed >> (8 * rank)) & 0xFF


def counts_of(ranks: str | Iterable[str]) -> list[int]:
    """Rank counts from rank names, for tests and docs: ``counts_of("33 4 10 10")``.

    A plain string is read character by character with ``T``/``0`` for 10;
    spaces are ignored. An iterable gives one rank name per item.
    """
    items: Iterable[str]
    if isinstance(ranks, str):
        items = ["10" if ch in "T0t" else ch for ch in ranks.replace("10", "T") if ch != " "]
    else:
        items = ranks
    counts = [0] * RANK_COUNT
    for name in items:
        counts[rank_of_code(name)] += 1
    return counts


def playable(counts: Sequence[int], rules: Rules) -> list[int]:
    """How many cards of each rank may go into a non-bomb combination.

    A rank held four times is locked when bombs cannot be split; otherwise at
    most three cards of a rank go into anything but a bomb.
    """
    if 4 not in counts:
        return list(counts)
    if rules.bombs_splittable:
        return [3 if c == 4 else c for c in counts]
    return [0 if c == 4 else c for c in counts]


def highest_single(counts: Sequence[int], rules: Rules) -> int:
    """The rank the last card rule forces as a single, or -1 when no single exists."""
    avail = playable(counts, rules)
    for r in range(RANK_COUNT - 1, -1, -1):
        if avail[r]:
            return r
    return -1


def forced_single(hand: int, rules: Rules, next_count: int) -> int | None:
    """The rank a single from ``hand`` (packed) must be under the last card rule.

    The rule binds while the next seat holds exactly one card; otherwise None.
    -1 means it binds and the hand has no single at all.
    """
    if next_count == 1 and rules.last_card_rule:
        return highest_single(unpack(hand), rules)
    return None


# --- reading a selection -------------------------------------------------------------


def is_run(ranks: Sequence[int]) -> bool:
    """Whether ``ranks`` (distinct, ascending) are one unbroken run within 3..A: the ranks
    a straight, a pair run or a plane may span (a 2 ends every run)."""
    return bool(ranks) and ranks[-1] - ranks[0] == len(ranks) - 1 and ranks[-1] <= TOP_RUN_RANK


def readings(counts: Sequence[int], n: int, rules: Rules, whole_hand: bool) -> list[Combo]:
    """Every reading of a selection with these rank counts, best first.

    ``whole_hand`` says whether the selection is every card left in the hand,
    which admits the short last play where the rules allow it. Four cards of
    one rank are only ever a bomb.
    """
    if n <= 0:
        return []
    kinds = rules.kinds
    present = [r for r in range(RANK_COUNT) if counts[r]]
    top = max(counts)
    if top == 4:
        if n == 4 and Kind.BOMB in kinds:
            return [Combo(Kind.BOMB, 1, present[0])]
        return []
    found: list[Combo] = []
    lo, hi = present[0], present[-1]
    consecutive = is_run(present)
    if n == 1 and Kind.SINGLE in kinds:
        found.append(Combo(Kind.SINGLE, 1, lo))
    elif n == 2 and top == 2 and Kind.PAIR in kinds:
        found.append(Combo(Kind.PAIR, 1, lo))
    pair_run = consecutive and len(present) >= _PAIR_RUN_MIN and top == 2 and n == 2 * len(present)
    if pair_run and Kind.PAIR_RUN in kinds:
        found.append(Combo(Kind.PAIR_RUN, len(present), hi))
    if consecutive and top == 1 and n >= _STRAIGHT_MIN and Kind.STRAIGHT in kinds:
        found.append(Combo(Kind.STRAIGHT, n, hi))
    if top == 3:
        _trio_readings(counts, n, rules, whole_hand, found)
    found.sort(key=Combo.rank_order, reverse=True)
    return found


def _trio_readings(
    counts: Sequence[int], n: int, rules: Rules, whole_hand: bool, found: list[Combo]
) -> None:
    kinds = rules.kinds
    short = rules.short_last_play and whole_hand
    trios = [r for r in range(RANK_COUNT) if counts[r] == 3]
    extras = n - 3
    for t in trios:
        if extras == 0 and Kind.TRIO in kinds:
            found.append(Combo(Kind.TRIO, 1, t))
        if extras == 1 and Kind.TRIO_ONE in kinds:
            found.append(Combo(Kind.TRIO_ONE, 1, t))
        if extras == 2 and Kind.TRIO_PAIR in kinds and 2 in counts:
            found.append(Combo(Kind.TRIO_PAIR, 1, t))
        if Kind.TRIO_TWO in kinds and (extras == 2 or (short and extras < 2)):
            found.append(Combo(Kind.TRIO_TWO, 1, t))
    # Planes: every window of consecutive trio ranks within 3..A, long enough.
    for i, start in enumerate(trios):
        end = start
        for j in range(i + 1, len(trios)):
            if trios[j] != end + 1 or trios[j] > TOP_RUN_RANK:
                break
            end = trios[j]
            k = end - start + 1
            if k < _PLANE_MIN:
                continue
            extras = n - 3 * k
            if extras == 0 and Kind.PLANE in kinds:
                found.append(Combo(Kind.PLANE, k, end))
            if extras == k and Kind.PLANE_SINGLES in kinds:
                found.append(Combo(Kind.PLANE_SINGLES, k, end))
            if extras == 2 * k and Kind.PLANE_PAIRS in kinds:
                outside = [c for r, c in enumerate(counts) if c and not start <= r <= end]
                if all(c == 2 for c in outside):
                    found.append(Combo(Kind.PLANE_PAIRS, k, end))
            if Kind.PLANE_WINGS in kinds and (extras == 2 * k or (short and extras < 2 * k)):
                found.append(Combo(Kind.PLANE_WINGS, k, end))


class Verdict(NamedTuple):
    """The outcome of judging a selection: a reason code or None, and the reading."""

    code: str | None
    combo: Combo | None
    #: Every reading of the selection, best first (for messages).
    readings: tuple[Combo, ...]


def judge(
    hand: Sequence[int],
    selection: Sequence[int],
    rules: Rules,
    standing: Reading | None,
    forced_single: int | None,
    has_spade3: bool,
    spade3_first: bool,
) -> Verdict:
    """Judge a selection of cards that are all in ``hand`` (rank counts of both).

    Applies the reason codes from ``bomb_split`` on, in RULES.md's order; the
    caller checks ``game_over``, ``not_your_turn`` and ``not_your_cards``.
    ``forced_single`` is the rank the last card rule forces (None when it does
    not bind). Among legal readings the best (highest key) wins; when none is
    legal the code is that of the reading that got furthest down the list.
    """
    n = sum(selection)
    if not rules.bombs_splittable:
        for r in range(RANK_COUNT):
            if hand[r] == 4 and 0 < selection[r] < 4:
                return Verdict("bomb_split", None, ())
    whole = n == sum(hand)
    found = readings(selection, n, rules, whole)
    if not found:
        return Verdict("not_a_combination", None, ())
    best_code = "not_a_combination"
    best_stage = -1
    for combo in found:
        code = _reading_fault(combo, standing, forced_single, has_spade3, spade3_first)
        if code is None:
            return Verdict(None, combo, tuple(found))
        stage = REASONS.index(code)
        if stage > best_stage:
            best_stage, best_code = stage, code
    return Verdict(best_code, None, tuple(found))


def _reading_fault(
    combo: Combo,
    standing: Reading | None,
    forced_single: int | None,
    has_spade3: bool,
    spade3_first: bool,
) -> str | None:
    if standing is not None and not beats(combo, standing):
        if combo.kind is Kind.BOMB or (combo.kind is standing.kind and combo.k == standing.k):
            return "too_low"
        return "wrong_type"
    if forced_single is not None and combo.kind is Kind.SINGLE and combo.key != forced_single:
        return "highest_single"
    if spade3_first and not has_spade3:
        return "must_include_spade3"
    return None


# --- generating every legal play ------------------------------------------------------


def legal_moves(
    hand: Sequence[int],
    rules: Rules,
    standing: Reading | None,
    forced_single: int | None = None,
    need_three: bool = False,
) -> list[Move]:
    """Every legal play from a hand of rank counts, one per rank multiset.

    ``standing`` is the play to beat (None when leading); ``forced_single`` the
    rank the last card rule forces for singles; ``need_three``: the play must
    contain a 3 (the first play must contain ♠3 and this hand holds it).
    Moves come grouped by kind, low keys first.
    """
    avail = playable(hand, rules)
    out: list[Move] = []
    planes: dict[int, Move] = {}
    if standing is not None and standing.kind is Kind.SINGLE:
        # The commonest follow, straight to the point.
        _gen_singles(avail, 1, standing.key + 1, forced_single, out)
        if 4 in hand and Kind.BOMB in rules.kinds:
            out.extend([_BOMBS[r] for r in range(RANK_COUNT) if hand[r] == 4])
        return out
    if standing is None:
        for kind in rules.kind_order:
            if kind is Kind.BOMB:
                continue
            if kind in PLANE_KINDS:
                _gen_planes(kind, avail, 0, 0, planes)
            else:
                _GENERATORS[kind](avail, 0, 0, forced_single, out)
        bomb_floor = 0
    else:
        kind = standing.kind
        if kind is Kind.BOMB:
            bomb_floor = standing.key + 1
        else:
            bomb_floor = 0
            if kind not in rules.kinds:
                pass  # a standing play of another table's kind: only bombs answer it
            elif kind in PLANE_KINDS:
                _gen_planes(kind, avail, standing.k, standing.key + 1, planes)
            else:
                _GENERATORS[kind](avail, standing.k, standing.key + 1, forced_single, out)
    if planes:
        out.extend(sorted(planes.values(), key=_plane_order))
    if 4 in hand and Kind.BOMB in rules.kinds:
        out.extend([_BOMBS[r] for r in range(bomb_floor, RANK_COUNT) if hand[r] == 4])
    # The short last play needs k trios and fewer than 2k extra cards: n < 5 * trios.
    if rules.short_last_play and 3 in hand:
        n_hand = sum(hand)
        if n_hand < 5 * hand.count(3):
            _add_short_last_play(hand, n_hand, rules, standing, out)
    if need_three:
        out = [m for m in out if m.packed & 0xFF]
    return out


def _plane_order(m: Move) -> tuple[int, int, int, int]:
    return (_KIND_ORDER[m.kind], m.k, m.key, m.packed)


def _add_short_last_play(
    hand: Sequence[int], n_hand: int, rules: Rules, standing: Reading | None, out: list[Move]
) -> None:
    packed = pack(hand)
    whole = [
        c
        for c in readings(hand, n_hand, rules, True)
        if c.kind in SHORT_LAST_PLAY_KINDS and (standing is None or beats(c, standing))
    ]
    if not whole:
        return
    best = whole[0]
    for i, m in enumerate(out):
        if m.packed == packed:
            if best.rank_order() > m.combo.rank_order():
                out[i] = Move(packed, n_hand, best.kind, best.k, best.key)
            return
    out.append(Move(packed, n_hand, best.kind, best.k, best.key))


#: A generator of one kind: (playable counts, required k, lowest key, forced single, out).
_Generator = Callable[[list[int], int, int, int | None, list[Move]], None]


# Moves are immutable, so the fixed ones are made once and shared.
_SINGLES: Final = tuple(Move(1 << (8 * r), 1, Kind.SINGLE, 1, r) for r in range(RANK_COUNT))
_PAIRS: Final = tuple(Move(2 << (8 * r), 2, Kind.PAIR, 1, r) for r in range(RANK_COUNT))
_BOMBS: Final = tuple(Move(4 << (8 * r), 4, Kind.BOMB, 1, r) for r in range(RANK_COUNT))


def _gen_singles(
    avail: list[int], need_k: int, min_key: int, forced: int | None, out: list[Move]
) -> None:
    if forced is not None:
        if forced >= min_key and forced >= 0 and avail[forced]:
            out.append(_SINGLES[forced])
        return
    singles = _SINGLES
    out.extend([singles[r] for r in range(min_key, RANK_COUNT) if avail[r]])


def _gen_pairs(
    avail: list[int], need_k: int, min_key: int, forced: int | None, out: list[Move]
) -> None:
    pairs = _PAIRS
    out.extend([pairs[r] for r in range(min_key, RANK_COUNT) if avail[r] >= 2])


def _gen_runs(
    avail: list[int],
    per_rank: int,
    min_len: int,
    kind: Kind,
    need_k: int,
    min_key: int,
    out: list[Move],
) -> None:
    """Windows of consecutive ranks within 3..A holding ``per_rank`` cards each."""
    if need_k:
        _gen_windows(avail, per_rank, kind, need_k, min_key, out)
        return
    table = _WINDOWS[(kind, per_rank)]
    r = 0
    while r <= TOP_RUN_RANK:
        if avail[r] < per_rank:
            r += 1
            continue
        end = r
        while end < TOP_RUN_RANK and avail[end + 1] >= per_rank:
            end += 1
        if end - r + 1 >= min_len:
            for lo in range(r, end - min_len + 2):
                row = table[lo]
                first = max(lo + min_len - 1, min_key)
                out.extend([row[hi - lo] for hi in range(first, end + 1)])
        r = end + 1


def _window_table(kind: Kind, per_rank: int) -> tuple[tuple[Move, ...], ...]:
    """``table[lo][hi - lo]``: the run of ``per_rank`` cards from rank lo to rank hi."""
    rows = []
    for lo in range(TOP_RUN_RANK + 1):
        row = []
        packed = 0
        for hi in range(lo, TOP_RUN_RANK + 1):
            packed |= per_rank << SHIFTS[hi]
            k = hi - lo + 1
            row.append(Move(packed, k * per_rank, kind, k, hi))
        rows.append(tuple(row))
    return tuple(rows)


_WINDOWS: Final = {
    (Kind.STRAIGHT, 1): _window_table(Kind.STRAIGHT, 1),
    (Kind.PAIR_RUN, 2): _window_table(Kind.PAIR_RUN, 2),
    (Kind.PLANE, 3): _window_table(Kind.PLANE, 3),
}


def _gen_windows(
    avail: list[int], per_rank: int, kind: Kind, k: int, min_key: int, out: list[Move]
) -> None:
    """Windows of exactly ``k`` consecutive ranks with top at least ``min_key``."""
    run = 0
    unit = 0
    for r in range(k):
        unit |= per_rank << SHIFTS[r]
    for hi in range(TOP_RUN_RANK + 1):
        run = run + 1 if avail[hi] >= per_rank else 0
        if run >= k and hi >= min_key:
            lo = hi - k + 1
            out.append(Move(unit << SHIFTS[lo], k * per_rank, kind, k, hi))


def _gen_straights(
    avail: list[int], need_k: int, min_key: int, forced: int | None, out: list[Move]
) -> None:
    _gen_runs(avail, 1, _STRAIGHT_MIN, Kind.STRAIGHT, need_k, min_key, out)


def _gen_pair_runs(
    avail: list[int], need_k: int, min_key: int, forced: int | None, out: list[Move]
) -> None:
    _gen_runs(avail, 2, _PAIR_RUN_MIN, Kind.PAIR_RUN, need_k, min_key, out)


def _gen_trio_kind(kind: Kind) -> _Generator:
    def gen(
        avail: list[int], need_k: int, min_key: int, forced: int | None, out: list[Move]
    ) -> None:
        trios = [t for t in range(min_key, RANK_COUNT) if avail[t] >= 3]
        if not trios:
            return
        if kind is Kind.TRIO:
            out.extend([_new_move(Move, (3 << SHIFTS[t], 3, kind, 1, t)) for t in trios])
            return
        # Extra cards are drawn from every rank but the trio's own: list them once,
        # with the ranks they use, and keep those that avoid the trio's rank.
        present = [r for r in range(RANK_COUNT) if avail[r]]
        if kind is Kind.TRIO_ONE:
            extras = [(1 << r, 1 << SHIFTS[r]) for r in present]
            size = 4
        elif kind is Kind.TRIO_PAIR:
            extras = [(1 << r, 2 << SHIFTS[r]) for r in present if avail[r] >= 2]
            size = 5
        else:  # TRIO_TWO: any two other cards
            extras = _two_cards(present, avail)
            size = 5
        for t in trios:
            base = 3 << SHIFTS[t]
            bit = 1 << t
            out.extend(
                [
                    _new_move(Move, (base + extra, size, kind, 1, t))
                    for ranks, extra in extras
                    if not ranks & bit
                ]
            )

    return gen


def _two_cards(present: list[int], avail: list[int]) -> list[tuple[int, int]]:
    """Every two cards from the ranks present: (rank bits used, packed)."""
    out = []
    for i, r in enumerate(present):
        unit = 1 << SHIFTS[r]
        if avail[r] >= 2:
            out.append((1 << r, unit << 1))
        for q in present[i + 1 :]:
            out.append(((1 << r) | (1 << q), unit + (1 << SHIFTS[q])))
    return out


def _gen_planes(
    kind: Kind, avail: list[int], need_k: int, min_key: int, planes: dict[int, Move]
) -> None:
    """Planes of ``kind``, deduplicated across windows by rank multiset (best reading)."""
    windows: list[Move] = []
    _gen_runs(avail, 3, _PLANE_MIN, Kind.PLANE, need_k, min_key, windows)
    for w in windows:
        lo = w.key - w.k + 1
        k = w.k
        others = [(r, avail[r]) for r in range(RANK_COUNT) if avail[r] and not lo <= r <= w.key]
        if kind is Kind.PLANE:
            extras = [0]
            size = 3 * k
        elif kind is Kind.PLANE_SINGLES:
            extras = _multisets(others, k)
            size = 4 * k
        elif kind is Kind.PLANE_WINGS:
            extras = _multisets(others, 2 * k)
            size = 5 * k
        else:  # PLANE_PAIRS: k pairs of distinct ranks
            extras = _multisets([(r, 1) for r, cap in others if cap >= 2], k)
            extras = [e * 2 for e in extras]
            size = 5 * k
        for extra in extras:
            packed = w.packed + extra
            old = planes.get(packed)
            if old is None or (w.key, k) > (old.key, old.k):
                planes[packed] = Move(packed, size, kind, k, w.key)


def _multisets(ranks: Sequence[tuple[int, int]], m: int) -> list[int]:
    """Every multiset of ``m`` cards from ``(rank, available)`` pairs, packed."""
    units = [1 << SHIFTS[r] for r, _ in ranks]
    if m == 1:
        return units
    caps = [c for _, c in ranks]
    if m == 2:  # the common case (trio + two): unrolled
        out = []
        for i, unit in enumerate(units):
            if caps[i] >= 2:
                out.append(unit << 1)
            for other in units[i + 1 :]:
                out.append(unit + other)
        return out
    room = [0] * (len(units) + 1)
    for i in range(len(units) - 1, -1, -1):
        room[i] = room[i + 1] + caps[i]
    if room[0] < m:
        return []
    # Breadth-first over ranks, keeping (packed, cards so far); prune what cannot finish.
    partial = [(0, 0)]
    for i, unit in enumerate(units):
        cap = caps[i]
        after = room[i + 1]
        grown = []
        for acc, used in partial:
            need = m - used
            for take in range(min(cap, need) + 1):
                if need - take <= after:
                    grown.append((acc + take * unit, used + take))
        partial = grown
    return [acc for acc, used in partial if used == m]


_GENERATORS: Final[dict[Kind, _Generator]] = {
    Kind.SINGLE: _gen_singles,
    Kind.PAIR: _gen_pairs,
    Kind.PAIR_RUN: _gen_pair_runs,
    Kind.STRAIGHT: _gen_straights,
    Kind.TRIO: _gen_trio_kind(Kind.TRIO),
    Kind.TRIO_ONE: _gen_trio_kind(Kind.TRIO_ONE),
    Kind.TRIO_PAIR: _gen_trio_kind(Kind.TRIO_PAIR),
    Kind.TRIO_TWO: _gen_trio_kind(Kind.TRIO_TWO),
}

__all__ = [
    "PASS_REASONS",
    "REASONS",
    "RULES",
    "Combo",
    "Move",
    "Reading",
    "Verdict",
    "beats",
    "core_of",
    "counts_of",
    "forced_single",
    "highest_single",
    "judge",
    "legal_moves",
    "pack",
    "playable",
    "readings",
    "unpack",
]
