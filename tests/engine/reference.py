"""An independent, deliberately simple and slow reading of /work/shared/RULES.md.

This module is a test oracle, written from RULES.md (and the seed texts it
names) without looking at the engine. It favours obviousness over speed:
legal plays are found by trying every subset of the hand.

Cards are codes, rank then suit: ``3S 10H JD QC KS AH 2S`` (``T`` and lower
case are accepted on input). Ranks are returned as strings ``"3" .. "2"``.

Public functions
----------------
``deck(rules)``                      the preset's cards
``readings(cards, rules, whole_hand)`` every reading ``(kind, k, key)``
``check(hand, selection, standing, next_count, rules, spade3_first)``
                                     ``None`` or a reason code
``legal_readings(...)``              the readings that are legal now
``chosen_readings(...)``             the legal readings with the highest key
``legal_plays(...)``                 set of rank multisets (brute force)
``can_pass(...)``                    may the seat to move pass
``bombs_from_history(history)``      ``[(seat, won), ...]``
``settle(rules, winner, cards_left, played, bombs)``
``settle_game(rules, start_hands, history)``
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from itertools import combinations

RANKS: tuple[str, ...] = ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2")
SUITS: tuple[str, ...] = ("S", "H", "D", "C")
RANK_INDEX = {r: i for i, r in enumerate(RANKS)}
ACE = RANK_INDEX["A"]
TWO = RANK_INDEX["2"]
SPADE3 = "3S"

# The reason codes of RULES.md, in their order ("the first that applies").
ORDER: tuple[str, ...] = (
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

SEVEN_KINDS = ("single", "pair", "pair_run", "straight", "trio_two", "plane_wings", "bomb")
ELEVEN_KINDS = (
    "single",
    "pair",
    "trio",
    "trio_one",
    "trio_pair",
    "straight",
    "pair_run",
    "plane",
    "plane_singles",
    "plane_pairs",
    "bomb",
)


@dataclass(frozen=True)
class Rules:
    name: str
    removed: tuple[str, ...]  # cards taken out of the 52-card deck (jokers aside)
    hand_size: int
    kinds: tuple[str, ...]
    short_last_play: bool
    bombs_can_split: bool
    must_beat: bool
    spade3_first: bool  # the first play must contain the spade 3 (when the leader holds it)
    scoring: str  # "standard", "classic" or "club"


_STD_REMOVED = ("2H", "2D", "2C", "AS")

PRESETS: dict[str, Rules] = {
    "standard": Rules(
        "standard", _STD_REMOVED, 16, SEVEN_KINDS, True, False, True, False, "standard"
    ),
    "classic16": Rules(
        "classic16", _STD_REMOVED, 16, ELEVEN_KINDS, False, True, False, True, "classic"
    ),
    # RULES.md: "also loses ♥A ♦A ♣A and ♠K (45 cards: one ace, ♠A, and three kings; ♠2 stays)".
    # 45 cards only works if ♠A is back in, so the removed set is ♥2 ♦2 ♣2 ♥A ♦A ♣A ♠K.
    "compact15": Rules(
        "compact15",
        ("2H", "2D", "2C", "AH", "AD", "AC", "KS"),
        15,
        ELEVEN_KINDS,
        False,
        True,
        False,
        False,
        "classic",
    ),
    "club": Rules("club", _STD_REMOVED, 16, SEVEN_KINDS, True, False, True, True, "club"),
}


def get_rules(rules: str | Rules) -> Rules:
    return rules if isinstance(rules, Rules) else PRESETS[rules]


# ---------------------------------------------------------------- cards


def norm(code: str) -> str:
    """Canonical card code ('t' -> '10', upper case). Raises ValueError if malformed."""
    c = code.strip().upper()
    if len(c) < 2:
        raise ValueError(code)
    rank, suit = c[:-1], c[-1]
    if rank == "T":
        rank = "10"
    if rank not in RANK_INDEX or suit not in SUITS:
        raise ValueError(code)
    return rank + suit


def rank_of(code: str) -> str:
    return norm(code)[:-1]


def rank_value(code: str) -> int:
    return RANK_INDEX[rank_of(code)]


def key_value(key: str | int) -> int:
    if isinstance(key, int):
        return key
    k = key.strip().upper()
    if k == "T":
        k = "10"
    return RANK_INDEX[k]


def deck(rules: str | Rules) -> list[str]:
    r = get_rules(rules)
    full = [rank + suit for rank in RANKS for suit in SUITS]
    return [c for c in full if c not in r.removed]


def multiset(cards) -> tuple[str, ...]:
    """The ranks of some cards, low to high (suits forgotten)."""
    return tuple(sorted((rank_of(c) for c in cards), key=RANK_INDEX.__getitem__))


def sort_cards(cards) -> list[str]:
    return sorted((norm(c) for c in cards), key=lambda c: (rank_value(c), SUITS.index(c[-1])))


# ---------------------------------------------------------------- readings


def _consecutive(values: list[int]) -> bool:
    """Distinct ranks forming one unbroken run inside 3..A (so never the 2)."""
    vs = sorted(values)
    if not vs or vs[-1] > ACE:
        return False
    return vs == list(range(vs[0], vs[0] + len(vs)))


def readings(cards, rules: str | Rules, whole_hand: bool) -> list[tuple[str, int, str]]:
    """Every reading (kind, k, key) of these cards under the preset.

    ``whole_hand``: the cards are every card the player has left (the short
    last play of the standard and club presets needs it).
    """
    r = get_rules(rules)
    cs = [norm(c) for c in cards]
    n = len(cs)
    if n == 0:
        return []
    counts = Counter(rank_value(c) for c in cs)
    found: set[tuple[str, int, int]] = set()

    # Four cards of one rank in one play are only ever a bomb.
    if any(c >= 4 for c in counts.values()):
        if n == 4 and len(counts) == 1:
            found.add(("bomb", 1, next(iter(counts))))
        return _finish(found, r)

    if n == 1:
        found.add(("single", 1, next(iter(counts))))
    if n == 2 and len(counts) == 1:
        found.add(("pair", 1, next(iter(counts))))
    ranks_present = sorted(counts)
    if n >= 5 and all(c == 1 for c in counts.values()) and _consecutive(ranks_present):
        found.add(("straight", n, max(ranks_present)))
    if (
        len(ranks_present) >= 2
        and all(c == 2 for c in counts.values())
        and _consecutive(ranks_present)
    ):
        found.add(("pair_run", len(ranks_present), max(ranks_present)))

    # Trio-based kinds: choose a run of m >= 1 consecutive ranks, each present
    # three times, as the trio part; everything else is extra cards.
    trio_ranks = sorted(v for v, c in counts.items() if c == 3)
    for start in trio_ranks:
        m = 0
        while start + m in counts and counts[start + m] == 3:
            m += 1
            block = list(range(start, start + m))
            if m >= 2 and not _consecutive(block):
                break  # a plane stays within 3..A
            top = block[-1]
            extra_counts = Counter(counts)
            for v in block:
                extra_counts[v] -= 3
            extra_counts = +extra_counts
            extras = n - 3 * m
            if r.kinds == SEVEN_KINDS:
                kind = "trio_two" if m == 1 else "plane_wings"
                if extras == 2 * m or (extras < 2 * m and r.short_last_play and whole_hand):
                    found.add((kind, m, top))
            else:
                all_pairs = all(c == 2 for c in extra_counts.values())
                if m == 1:
                    if extras == 0:
                        found.add(("trio", 1, top))
                    elif extras == 1:
                        found.add(("trio_one", 1, top))
                    elif extras == 2 and all_pairs:
                        found.add(("trio_pair", 1, top))
                elif extras == 0:
                    found.add(("plane", m, top))
                elif extras == m:
                    found.add(("plane_singles", m, top))
                elif extras == 2 * m and all_pairs:
                    found.add(("plane_pairs", m, top))
    return _finish(found, r)


def _finish(found, r: Rules) -> list[tuple[str, int, str]]:
    out = [(kind, k, RANKS[key]) for kind, k, key in found if kind in r.kinds]
    return sorted(out, key=lambda t: (t[0], t[1], RANK_INDEX[t[2]]))


# ---------------------------------------------------------------- legality


def _norm_standing(standing):
    """Accepts None, (kind, k, key) or an engine dict {kind, k, key} (optionally
    wrapped as {seat, cards, combo})."""
    if standing is None:
        return None
    if isinstance(standing, dict):
        if "combo" in standing:
            standing = standing["combo"]
        return (standing["kind"], int(standing["k"]), key_value(standing["key"]))
    kind, k, key = standing
    return (kind, int(k), key_value(key))


def highest_single_value(hand, rules: str | Rules) -> int | None:
    """The rank value a single must have under the last card rule (None: no single exists)."""
    r = get_rules(rules)
    counts = Counter(rank_value(c) for c in hand)
    # Bombs that cannot be split hold no single: only ranks held 1-3 times count.
    candidates = list(counts) if r.bombs_can_split else [v for v, c in counts.items() if c < 4]
    return max(candidates) if candidates else None


def _reading_code(reading, sel, hand, standing, next_count, r: Rules, spade3_first) -> str | None:
    kind, k, key = reading[0], reading[1], RANK_INDEX[reading[2]]
    if standing is not None:
        skind, sk, skey = standing
        if kind == "bomb":
            if skind == "bomb" and key <= skey:
                return "too_low"
        else:
            if kind != skind or k != sk:
                return "wrong_type"
            if key <= skey:
                return "too_low"
    if kind == "single" and next_count == 1 and key != highest_single_value(hand, r):
        return "highest_single"
    if spade3_first and SPADE3 not in sel:
        return "must_include_spade3"
    return None


def _prepare(hand, selection):
    h = [norm(c) for c in hand]
    s = [norm(c) for c in selection]
    return h, s


def _selection_code(h, s, r: Rules) -> str | None:
    """Codes that belong to the selection as a whole, before any reading."""
    if len(set(s)) != len(s) or any(c not in h for c in s):
        return "not_your_cards"
    if not r.bombs_can_split:
        held = Counter(rank_value(c) for c in h)
        taken = Counter(rank_value(c) for c in s)
        for v, t in taken.items():
            if held[v] == 4 and 1 <= t <= 3:
                return "bomb_split"
    return None


def _codes(hand, selection, standing, next_count, rules, spade3_first):
    r = get_rules(rules)
    h, s = _prepare(hand, selection)
    code = _selection_code(h, s, r)
    if code is not None:
        return code, []
    whole = set(s) == set(h)
    rs = readings(s, r, whole)
    if not rs:
        return "not_a_combination", []
    st = _norm_standing(standing)
    return None, [(rd, _reading_code(rd, s, h, st, next_count, r, spade3_first)) for rd in rs]


def check(hand, selection, standing, next_count, rules, spade3_first=False) -> str | None:
    """None if the player holding ``hand`` may play ``selection`` now, else the reason code.

    ``standing``: the combo (kind, k, key) to beat, or None when leading.
    ``next_count``: cards held by the next seat ((i+1) mod 3).
    """
    code, coded = _codes(hand, selection, standing, next_count, rules, spade3_first)
    if code is not None:
        return code
    per_reading = [c for _, c in coded]
    if any(c is None for c in per_reading):
        return None
    # None legal: the reading that got furthest down the list decides.
    return max(per_reading, key=ORDER.index)


def legal_readings(hand, selection, standing, next_count, rules, spade3_first=False):
    code, coded = _codes(hand, selection, standing, next_count, rules, spade3_first)
    if code is not None:
        return []
    return [rd for rd, c in coded if c is None]


def chosen_readings(hand, selection, standing, next_count, rules, spade3_first=False):
    """The legal readings with the highest key (RULES.md: the game takes one of these).

    More than one can remain when several kinds or sizes share the top key;
    RULES.md does not say which the game takes then.
    """
    legal = legal_readings(hand, selection, standing, next_count, rules, spade3_first)
    if not legal:
        return []
    top = max(RANK_INDEX[rd[2]] for rd in legal)
    return [rd for rd in legal if RANK_INDEX[rd[2]] == top]


def all_subsets(hand):
    h = [norm(c) for c in hand]
    for size in range(1, len(h) + 1):
        yield from combinations(h, size)


def legal_plays(hand, standing, next_count, rules, spade3_first=False) -> set[tuple[str, ...]]:
    """Every legal play, as rank multisets, by trying every subset of the hand."""
    # Given the hand, a selection's code depends only on its ranks and on
    # whether it holds the spade 3, so each such class is checked once.
    out: set[tuple[str, ...]] = set()
    seen: set[tuple[tuple[str, ...], bool]] = set()
    for sub in all_subsets(hand):
        ms = multiset(sub)
        cls = (ms, SPADE3 in sub)
        if ms in out or cls in seen:
            continue
        seen.add(cls)
        if check(hand, sub, standing, next_count, rules, spade3_first) is None:
            out.add(ms)
    return out


def legal_card_plays(hand, standing, next_count, rules, spade3_first=False) -> list[list[str]]:
    """Every legal play as a list of codes (every subset, suits kept)."""
    return [
        list(sub)
        for sub in all_subsets(hand)
        if check(hand, sub, standing, next_count, rules, spade3_first) is None
    ]


def follow_sizes(standing) -> set[int]:
    """Card counts a play beating ``standing`` can have: a bomb (4) or the
    standing kind with the same k (short last plays included)."""
    kind, k, _ = _norm_standing(standing)
    sizes = {4}
    if kind in ("single", "pair", "trio", "trio_one", "trio_pair"):
        sizes.add({"single": 1, "pair": 2, "trio": 3, "trio_one": 4, "trio_pair": 5}[kind])
    elif kind == "pair_run":
        sizes.add(2 * k)
    elif kind == "straight":
        sizes.add(k)
    elif kind == "trio_two":
        sizes |= {3, 4, 5}
    elif kind == "plane_wings":
        sizes |= set(range(3 * k, 5 * k + 1))
    elif kind == "plane":
        sizes.add(3 * k)
    elif kind == "plane_singles":
        sizes.add(4 * k)
    elif kind == "plane_pairs":
        sizes.add(5 * k)
    return sizes


def can_pass(hand, standing, next_count, rules, spade3_first=False) -> bool:
    """May the seat pass? Tries every subset whose size a beating play can have
    (see ``can_pass_every_subset`` for the unpruned version)."""
    r = get_rules(rules)
    if standing is None:
        return False  # the leader can never pass
    if not r.must_beat:
        return True
    h = [norm(c) for c in hand]
    for size in sorted(follow_sizes(standing)):
        for sub in combinations(h, size):
            if check(h, sub, standing, next_count, r, spade3_first) is None:
                return False
    return True


def can_pass_every_subset(hand, standing, next_count, rules, spade3_first=False) -> bool:
    r = get_rules(rules)
    if standing is None:
        return False
    if not r.must_beat:
        return True
    return not any(
        check(hand, sub, standing, next_count, r, spade3_first) is None for sub in all_subsets(hand)
    )


def pass_code(hand, standing, next_count, rules, spade3_first=False) -> str | None:
    if standing is None:
        return "leader_cannot_pass"
    return None if can_pass(hand, standing, next_count, rules, spade3_first) else "must_beat"


# ---------------------------------------------------------------- scoring


def is_bomb(cards) -> bool:
    return len(cards) == 4 and len({rank_of(c) for c in cards}) == 1


def bombs_from_history(history) -> list[tuple[int, bool]]:
    """[(seat, won)] for each bomb played, in order.

    ``history``: [(seat, cards or None for a pass), ...] of a finished hand.
    Standard: a bomb wins when its trick ends with it (the next two actions
    are passes) or when it empties its player's hand (it is the last action).
    """
    out = []
    hist = [(int(seat), cards) for seat, cards in history]
    for i, (seat, cards) in enumerate(hist):
        if not cards or not is_bomb(cards):
            continue
        rest = hist[i + 1 :]
        if not rest or (len(rest) >= 2 and rest[0][1] is None and rest[1][1] is None):
            won = True
        else:
            won = False
        out.append((seat, won))
    return out


def card_payment(rules, cards_left: int, shut_out: bool) -> int:
    r = get_rules(rules)
    base = cards_left
    if r.scoring == "club" and cards_left == 1:
        base = 0
    return base * (2 if shut_out else 1)


def settle(rules, winner: int, cards_left, played, bombs) -> dict:
    """Settlement of a finished hand.

    ``cards_left``: cards each seat still holds; ``played``: whether each seat
    played a card this hand; ``bombs``: [(seat, won), ...].
    """
    r = get_rules(rules)
    cards_left = [int(x) for x in cards_left]
    shut_out = [seat != winner and not played[seat] for seat in range(3)]
    card_pts = [0, 0, 0]
    for seat in range(3):
        if seat == winner:
            continue
        pay = card_payment(r, cards_left[seat], shut_out[seat])
        card_pts[seat] -= pay
        card_pts[winner] += pay
    bomb_pts = [0, 0, 0]
    for seat, won in bombs:
        if r.scoring == "standard":
            if not won:
                continue
            gain, each = 20, 10
        elif r.scoring == "classic":
            gain, each = 4, 2
        else:  # club
            gain, each = 10, 5
        for s in range(3):
            bomb_pts[s] += gain if s == seat else -each
    total = [card_pts[s] + bomb_pts[s] for s in range(3)]
    return {"cards_left": cards_left, "shut_out": shut_out, "bombs": bomb_pts, "total": total}


def settle_game(rules, start_hands, history) -> dict:
    """Settle a hand from its starting hands and its actions [(seat, cards|None)]."""
    left = [len(h) for h in start_hands]
    played = [False, False, False]
    for seat, cards in history:
        if cards:
            left[seat] -= len(cards)
            played[seat] = True
    winners = [s for s in range(3) if left[s] == 0]
    if len(winners) != 1:
        raise ValueError(f"not a finished hand: cards left {left}")
    return settle(rules, winners[0], left, played, bombs_from_history(history))
