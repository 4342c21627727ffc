"""Unit tests of the reference oracle (tests/engine/reference.py) itself.

Every example of /work/shared/RULES.md and of the seed texts it names is here,
plus the corner cases of the precedence of reason codes. No engine needed.
"""

from __future__ import annotations

import random

import pytest

try:
    from . import reference as ref
except ImportError:  # tests/engine is not a package: pytest puts it on sys.path
    import reference as ref

STD, CLASSIC, COMPACT, CLUB = "standard", "classic16", "compact15", "club"
ALL = (STD, CLASSIC, COMPACT, CLUB)


def cards(text: str) -> list[str]:
    return text.split()


def rd(text: str, rules: str = STD, whole: bool = False) -> set:
    return set(ref.readings(cards(text), rules, whole))


def chk(hand, sel, standing=None, next_count=5, rules=STD, spade3=False):
    return ref.check(cards(hand), cards(sel), standing, next_count, rules, spade3)


def plays(hand, standing=None, next_count=5, rules=STD, spade3=False):
    return {" ".join(p) for p in ref.legal_plays(cards(hand), standing, next_count, rules, spade3)}


# ------------------------------------------------------------------ deck


def test_standard_deck_is_48_cards():
    d = ref.deck(STD)
    assert len(d) == 48 == len(set(d))
    assert "2S" in d and not {"2H", "2D", "2C", "AS"} & set(d)
    assert sorted(c for c in d if c[:-1] == "A") == ["AC", "AD", "AH"]
    for rank in ("3", "4", "10", "K"):
        assert sum(c[:-1] == rank for c in d) == 4
    for preset in (CLASSIC, CLUB):
        assert ref.deck(preset) == d


def test_compact15_deck_is_45_cards_with_spade_ace():
    d = set(ref.deck(COMPACT))
    assert len(d) == 45
    assert {c for c in d if c[:-1] == "A"} == {"AS"}
    assert {c for c in d if c[:-1] == "K"} == {"KH", "KD", "KC"}
    assert {c for c in d if c[:-1] == "2"} == {"2S"}
    assert ref.PRESETS[COMPACT].hand_size == 45 // 3


def test_card_codes_accept_t_and_lower_case():
    assert ref.norm("th") == "10H"
    assert ref.norm("10h") == "10H"
    assert ref.norm("as") == "AS"
    with pytest.raises(ValueError):
        ref.norm("1S")
    with pytest.raises(ValueError):
        ref.norm("3X")


# ------------------------------------------------------------------ the seven kinds


def test_single_pair_bomb():
    assert rd("9H") == {("single", 1, "9")}
    assert rd("2S") == {("single", 1, "2")}
    assert rd("8S 8H") == {("pair", 1, "8")}
    assert rd("AH AD") == {("pair", 1, "A")}
    assert rd("8S 9H") == set()
    assert rd("7S 7H 7D 7C") == {("bomb", 1, "7")}
    assert rd("KS KH KD KC") == {("bomb", 1, "K")}


def test_pair_runs_from_rules():
    assert rd("3S 3H 4S 4H") == {("pair_run", 2, "4")}
    assert rd("5S 5H 6S 6H 7S 7H") == {("pair_run", 3, "7")}
    assert rd("QS QH KS KH AH AD") == {("pair_run", 3, "A")}
    assert rd("3S 3H 5S 5H") == set()  # not consecutive
    assert rd("3S 3H") == {("pair", 1, "3")}  # one pair is a pair, not a run


def test_pair_run_k_must_match():
    assert chk("5S 5H 6S 6H 7S 7H", "5S 5H 6S 6H 7S 7H", ("pair_run", 2, "4")) == "wrong_type"
    assert chk("5S 5H 6S 6H", "5S 5H 6S 6H", ("pair_run", 2, "4")) is None
    assert chk("3S 3H 4S 4H", "3S 3H 4S 4H", ("pair_run", 2, "4")) == "too_low"


def test_straights():
    assert rd("3S 4H 5D 6C 7S") == {("straight", 5, "7")}
    assert rd("10S JH QD KC AH") == {("straight", 5, "A")}
    full = "3S 4H 5D 6C 7S 8H 9D 10C JS QH KD AC"
    assert rd(full) == {("straight", 12, "A")}  # the longest
    assert rd("3S 4H 5D 6C") == set()  # four is too short
    assert rd("3S 4H 5D 6C 8S") == set()


def test_no_two_and_no_wrap_around_in_straights():
    assert rd("JS QH KD AC 2S") == set()
    assert rd("KS AH 2S 3S 4H") == set()  # K-A-2-3-4 (seed 004)
    assert rd("QS KH AD 2S 3S") == set()
    assert rd("AH 2S 3S 4H 5D") == set()
    assert rd("10S JH QD KC AH 2S") == set()


def test_no_two_in_pair_runs_or_planes():
    # Only one 2 exists, so a pair of 2s cannot even be held; the trio-part of a
    # plane stays within 3..A: KKK AAA is a plane.
    assert rd("KS KH KD AH AD AC 3S 4S 5S 6S") == {("plane_wings", 2, "A")}
    assert rd("KS KH KD AH AD AC 2S 3S 4S 5S") == {("plane_wings", 2, "A")}  # 2 as a wing is fine


def test_trio_two_extras_need_not_be_a_pair():
    assert rd("9S 9H 9D 3S JH") == {("trio_two", 1, "9")}  # seed 004: 9-9-9 with a 3 and a J
    assert rd("9S 9H 9D 3S 3H") == {("trio_two", 1, "9")}
    assert rd("9S 9H 9D 2S AH") == {("trio_two", 1, "9")}
    assert rd("9S 9H 9D 3S JH 4S") == set()  # exactly two


def test_plane_with_wings_example():
    # "for example 3-3-3-4-4-4 + 7 + 9 + J + K"
    assert rd("3S 3H 3D 4S 4H 4D 7S 9H JD KC") == {("plane_wings", 2, "4")}
    assert rd("3S 3H 3D 4S 4H 4D 7S 9H JD") == set()  # wings short, not the whole hand
    assert rd("3S 3H 3D 5S 5H 5D 7S 9H JD KC") == set()  # trios not consecutive


def test_reading_3334445556_has_two_readings():
    sel = "3S 3H 3D 4S 4H 4D 5S 5H 5D 6S"
    assert rd(sel) == {("plane_wings", 2, "4"), ("plane_wings", 2, "5")}
    # As the whole hand it is also a short plane of three trios (+1 card).
    assert rd(sel, whole=True) == {
        ("plane_wings", 2, "4"),
        ("plane_wings", 2, "5"),
        ("plane_wings", 3, "5"),
    }


def test_reading_takes_a_legal_reading_with_the_highest_key():
    hand = cards("3S 3H 3D 4S 4H 4D 5S 5H 5D 6S 9C")
    sel = cards("3S 3H 3D 4S 4H 4D 5S 5H 5D 6S")
    assert ref.chosen_readings(hand, sel, None, 5, STD) == [("plane_wings", 2, "5")]
    # Following a plane with key 4, only 444555 beats it.
    assert ref.chosen_readings(hand, sel, ("plane_wings", 2, "4"), 5, STD) == [
        ("plane_wings", 2, "5")
    ]
    assert ref.check(hand, sel, ("plane_wings", 2, "4"), 5, STD) is None
    assert ref.check(hand, sel, ("plane_wings", 2, "5"), 5, STD) == "too_low"


def test_three_aces_are_a_trio_not_a_bomb():
    assert rd("AH AD AC") == set()  # no bare trio in the standard
    assert rd("AH AD AC", whole=True) == {("trio_two", 1, "A")}
    assert rd("AH AD AC", CLASSIC) == {("trio", 1, "A")}
    assert rd("AH AD AC 3S 4S") == {("trio_two", 1, "A")}
    assert chk("AH AD AC 3S 4S", "AH AD AC 3S 4S", ("pair", 1, "K")) == "wrong_type"


def test_no_four_with_two_or_three_and_no_bare_trio_or_trio_plus_one():
    assert rd("5S 5H 5D 5C 6S 7S") == set()
    assert rd("5S 5H 5D 5C 6S 7S 8S") == set()
    assert rd("5S 5H 5D 5C 6S") == set()
    assert rd("5S 5H 5D") == set()
    assert rd("5S 5H 5D 6S") == set()


@pytest.mark.parametrize("rules", ALL)
def test_four_of_a_rank_is_only_ever_a_bomb(rules):
    assert rd("8S 8H 8D 8C", rules) == {("bomb", 1, "8")}
    assert rd("8S 8H 8D 8C 5S", rules) == set()  # never a trio plus one of its own rank
    assert rd("8S 8H 8D 8C 5S", rules, whole=True) == set()
    assert rd("8S 8H 8D 8C 5S 6S", rules) == set()  # four-with-two
    assert rd("3S 3H 3D 3C 4S 4H 4D 4C", rules) == set()  # not two pairs of pairs / a run
    assert rd("3S 3H 3D 4S 4H 4D 5S 5H 5D 5C", rules) == set()
    assert rd("3S 3H 3D 4S 4H 4D 5S 5H 5D 5C", rules, whole=True) == set()
    # Two pairs out of four of a rank are not plane_pairs wings either.
    assert rd("3S 3H 3D 4S 4H 4D 9S 9H 9D 9C", rules) == set()


# ------------------------------------------------------------------ bombs cannot be split


def test_bomb_split_standard():
    hand = "5S 5H 5D 5C 6S 7H 8D"
    assert chk(hand, "5S") == "bomb_split"
    assert chk(hand, "5S 5H") == "bomb_split"
    assert chk(hand, "5S 5H 5D 6S 7H") == "bomb_split"
    assert chk(hand, "5S 6S 7H") == "bomb_split"  # before not_a_combination
    assert chk(hand, "5S 5H 5D 5C") is None
    assert chk(hand, "5S 5H 5D 5C 6S 7H") == "not_a_combination"  # four-with-two
    assert chk(hand, "5S 5H 5D 5C 6S 7H 8D") == "not_a_combination"  # even as the whole hand
    assert chk(hand, "6S") is None
    # In a straight too: 4 5 6 7 8 with one 5 from a held bomb.
    assert chk("4S 5S 5H 5D 5C 6S 7H 8D", "4S 5S 6S 7H 8D") == "bomb_split"
    # As a wing too.
    assert chk("9S 9H 9D 5S 5H 5D 5C 6S", "9S 9H 9D 5S 6S") == "bomb_split"


def test_bomb_split_club_is_the_standard_rule():
    assert chk("5S 5H 5D 5C 6S", "5S", rules=CLUB) == "bomb_split"


@pytest.mark.parametrize("rules", (CLASSIC, COMPACT))
def test_bombs_may_be_split_in_classic_and_compact(rules):
    hand = "5S 5H 5D 5C 6S 7H"
    assert chk(hand, "5S", rules=rules) is None
    assert chk(hand, "5S 5H", rules=rules) is None
    assert chk(hand, "5S 5H 5D", rules=rules) is None
    assert chk(hand, "5S 5H 5D 6S", rules=rules) is None
    assert chk(hand, "5S 5H 5D 5C", rules=rules) is None
    assert chk(hand, "5S 5H 5D 5C 6S", rules=rules) == "not_a_combination"


# ------------------------------------------------------------------ the short last play


def test_short_last_play_beats_full_trio_two():
    # "888+5 as someone's last four cards beats 777+J+Q"
    assert chk("8S 8H 8D 5C", "8S 8H 8D 5C", ("trio_two", 1, "7")) is None
    assert rd("8S 8H 8D 5C", whole=True) == {("trio_two", 1, "8")}
    # Not the whole hand: not a combination.
    assert chk("8S 8H 8D 5C 9S", "8S 8H 8D 5C", ("trio_two", 1, "7")) == "not_a_combination"
    assert chk("8S 8H 8D 5C 9S", "8S 8H 8D 5C") == "not_a_combination"
    # Lower key still too low whatever the count.
    assert chk("6S 6H 6D 5C", "6S 6H 6D 5C", ("trio_two", 1, "7")) == "too_low"
    # And a full trio_two beats a short one with a lower key.
    assert chk("9S 9H 9D 3C 4C", "9S 9H 9D 3C 4C", ("trio_two", 1, "8")) is None


def test_short_last_play_seed_examples():
    assert chk("7S 7H 7D 4C", "7S 7H 7D 4C") is None  # seed 004: 7-7-7-4 left
    assert chk("8S 8H 8D", "8S 8H 8D") is None  # a bare trio as the last play
    assert chk("8S 8H 8D", "8S 8H 8D", ("trio_two", 1, "7")) is None
    assert chk("8S 8H 8D", "8S 8H 8D", ("pair", 1, "7")) == "wrong_type"
    # Short planes: fewer than 2k wings.
    assert rd("3S 3H 3D 4S 4H 4D", whole=True) == {("plane_wings", 2, "4")}
    assert rd("3S 3H 3D 4S 4H 4D 9C", whole=True) == {("plane_wings", 2, "4")}
    assert rd("3S 3H 3D 4S 4H 4D 9C 10C 2S", whole=True) == {("plane_wings", 2, "4")}
    assert rd("3S 3H 3D 4S 4H 4D 9C 10C JC QC KC", whole=True) == set()  # too many wings
    # A short plane must still match k.
    assert chk("3S 3H 3D 4S 4H 4D", "3S 3H 3D 4S 4H 4D", ("plane_wings", 3, "3")) == "wrong_type"
    assert chk("3S 3H 3D 4S 4H 4D", "3S 3H 3D 4S 4H 4D", ("trio_two", 1, "3")) == "wrong_type"


def test_whole_hand_short_plane_of_three_beats_a_three_trio_plane():
    hand = "3S 3H 3D 4S 4H 4D 5S 5H 5D 6S"
    assert chk(hand, hand, ("plane_wings", 3, "4")) is None
    assert chk(hand, hand, ("plane_wings", 3, "5")) == "too_low"
    assert chk(hand, hand, ("plane_wings", 2, "5")) == "too_low"
    assert chk(hand, hand, ("plane_wings", 4, "3")) == "wrong_type"


@pytest.mark.parametrize("rules", (CLASSIC, COMPACT))
def test_no_short_last_play_in_classic(rules):
    assert rd("3S 3H 3D 4S 4H 4D 5C", rules, whole=True) == set()  # 333444+5 never
    assert chk("3S 3H 3D 4S 4H 4D 5C", "3S 3H 3D 4S 4H 4D 5C", rules=rules) == "not_a_combination"
    # but a bare trio is always legal, and a trio plus one too
    assert chk("8S 8H 8D 9S", "8S 8H 8D", rules=rules) is None
    assert rd("8S 8H 8D 5C", rules, whole=True) == {("trio_one", 1, "8")}
    # and a trio_one does not beat a trio_pair (different kind)
    assert chk("8S 8H 8D 5C", "8S 8H 8D 5C", ("trio_pair", 1, "7"), rules=rules) == "wrong_type"


# ------------------------------------------------------------------ the eleven kinds


@pytest.mark.parametrize("rules", (CLASSIC, COMPACT))
def test_eleven_kinds(rules):
    assert rd("8S", rules) == {("single", 1, "8")}
    assert rd("8S 8H", rules) == {("pair", 1, "8")}
    assert rd("8S 8H 8D", rules) == {("trio", 1, "8")}
    assert rd("8S 8H 8D 3S", rules) == {("trio_one", 1, "8")}
    assert rd("8S 8H 8D 3S 3H", rules) == {("trio_pair", 1, "8")}
    assert rd("3S 4H 5D 6C 7S", rules) == {("straight", 5, "7")}
    assert rd("3S 3H 4S 4H", rules) == {("pair_run", 2, "4")}
    assert rd("3S 3H 3D 4S 4H 4D", rules) == {("plane", 2, "4")}
    assert rd("3S 3H 3D 4S 4H 4D 9S JS", rules) == {("plane_singles", 2, "4")}
    assert rd("3S 3H 3D 4S 4H 4D 9S 9H", rules) == {("plane_singles", 2, "4")}  # any k cards
    assert rd("3S 3H 3D 4S 4H 4D 9S 9H JS JH", rules) == {("plane_pairs", 2, "4")}
    assert rd("8S 8H 8D 8C", rules) == {("bomb", 1, "8")}


@pytest.mark.parametrize("rules", (CLASSIC, COMPACT))
def test_classic_trio_pair_needs_a_real_pair(rules):
    assert rd("8S 8H 8D 3S 4H", rules) == set()
    assert chk("8S 8H 8D 3S 4H", "8S 8H 8D 3S 4H", rules=rules) == "not_a_combination"
    assert rd("8S 8H 8D 3S 4H", STD) == {("trio_two", 1, "8")}


@pytest.mark.parametrize("rules", (CLASSIC, COMPACT))
def test_classic_plane_wing_counts(rules):
    base = "3S 3H 3D 4S 4H 4D "
    assert rd(base + "5C", rules) == set()  # 333444+5: neither k singles nor k pairs
    assert rd(base + "5C 6C 7C", rules) == set()
    assert rd(base + "5C 5H 6C 7C", rules) == set()  # 4 wings that are not 2 pairs
    assert rd(base + "5C 5H 6C 6H 7C 7H", rules) == set()  # 3 pairs for k=2
    assert rd(base + "5C 6C 7C 8C", rules) == set()  # standard-style wings
    # three trios
    three = "5S 5H 5D 6S 6H 6D 7S 7H 7D "
    assert rd(three + "9S 10S JS", rules) == {("plane_singles", 3, "7")}
    assert rd(three + "9S 9H 10S 10H JS JH", rules) == {("plane_pairs", 3, "7")}


def test_classic_four_consecutive_trios_readings():
    sel = "3S 3H 3D 4S 4H 4D 5S 5H 5D 6S 6H 6D"
    assert rd(sel, CLASSIC) == {
        ("plane", 4, "6"),
        ("plane_singles", 3, "5"),
        ("plane_singles", 3, "6"),
    }
    assert chk(sel, sel, ("plane_singles", 3, "5"), rules=CLASSIC) is None
    assert chk(sel, sel, ("plane", 4, "5"), rules=CLASSIC) is None
    assert chk(sel, sel, ("plane", 3, "5"), rules=CLASSIC) == "wrong_type"
    # Leading: two legal readings share the top key 6 (RULES.md does not rank kinds).
    hand = sel + " 9C"
    assert set(ref.chosen_readings(cards(hand), cards(sel), None, 5, CLASSIC)) == {
        ("plane", 4, "6"),
        ("plane_singles", 3, "6"),
    }


def test_standard_kinds_not_in_classic_and_back():
    # trio_two with two different singles is standard-only
    assert rd("9S 9H 9D 3S JH", CLASSIC) == set()
    # plane + 2k singles (standard wings) is not a classic kind
    assert rd("3S 3H 3D 4S 4H 4D 7S 9H JD KC", CLASSIC) == set()
    # classic kinds the standard does not have
    assert rd("8S 8H 8D 3S", STD) == set()
    assert rd("3S 3H 3D 4S 4H 4D 9S JS", STD) == set()


def test_compact15_caps():
    # K has three cards: no K bomb, but a K trio and KK pairs; the A is single.
    assert rd("KH KD KC", COMPACT) == {("trio", 1, "K")}
    assert rd("QS QH QD KH KD KC", COMPACT) == {("plane", 2, "K")}
    assert rd("10S JS QS KH AS", COMPACT) == {("straight", 5, "A")}


# ------------------------------------------------------------------ following


def test_following_same_kind_and_size_higher_key():
    assert chk("8S 8H", "8S 8H", ("pair", 1, "7")) is None
    assert chk("6S 6H", "6S 6H", ("pair", 1, "7")) == "too_low"
    assert chk("7S 7H", "7S 7H", ("pair", 1, "7")) == "too_low"  # equal is not higher
    assert chk("9S", "9S", ("pair", 1, "7")) == "wrong_type"
    assert chk("3S 4H 5D 6C 7S 8S", "3S 4H 5D 6C 7S 8S", ("straight", 5, "7")) == "wrong_type"
    assert chk("4H 5D 6C 7S 8S", "4H 5D 6C 7S 8S", ("straight", 5, "7")) is None
    assert chk("9S 9H 9D 3S 4S", "9S 9H 9D 3S 4S", ("trio_two", 1, "10")) == "too_low"
    # wings never matter
    assert chk("9S 9H 9D 3S 4S", "9S 9H 9D 3S 4S", ("trio_two", 1, "8")) is None


def test_bombs_beat_everything_else_and_compare_by_rank():
    b5 = "5S 5H 5D 5C"
    assert chk(b5, b5, ("single", 1, "2")) is None
    assert chk(b5, b5, ("straight", 12, "A")) is None
    assert chk(b5, b5, ("plane_wings", 3, "A")) is None
    assert chk(b5, b5, ("bomb", 1, "4")) is None
    assert chk(b5, b5, ("bomb", 1, "6")) == "too_low"
    assert chk(b5, b5, ("bomb", 1, "5")) == "too_low"
    assert chk("2S", "2S", ("bomb", 1, "3")) == "wrong_type"
    assert chk("AH AD", "AH AD", ("bomb", 1, "3")) == "wrong_type"


# ------------------------------------------------------------------ must beat


def test_must_beat_seed_example_1():
    # "The previous player plays a single K. You hold an A, the 2, and four 5s."
    hand = "AH 2S 5S 5H 5D 5C"
    standing = ("single", 1, "K")
    assert plays(hand, standing) == {"A", "2", "5 5 5 5"}
    assert not ref.can_pass(cards(hand), standing, 5, CLUB)
    assert ref.pass_code(cards(hand), standing, 5, STD) == "must_beat"
    # "the previous player plays 6-7-8-9-10, you have no higher five-card
    # straight and no bomb at all. Only then may you pass."
    hand2 = "AH 2S 5S 5H 5D 3C 4C"
    assert plays(hand2, ("straight", 5, "10")) == set()
    assert ref.can_pass(cards(hand2), ("straight", 5, "10"), 5, CLUB)


def test_leader_cannot_pass():
    for rules in ALL:
        assert not ref.can_pass(cards("3S"), None, 5, rules)
        assert ref.pass_code(cards("3S"), None, 5, rules) == "leader_cannot_pass"


@pytest.mark.parametrize("rules", (CLASSIC, COMPACT))
def test_no_must_beat_in_classic(rules):
    assert ref.can_pass(cards("AH 2S 5S 5H 5D 5C"), ("single", 1, "K"), 5, rules)


# ------------------------------------------------------------------ last card rule


def test_last_card_rule_seed_example():
    # previous player plays 9; you hold 10, K, 2S; next player has one card.
    hand = "10H KD 2S"
    standing = ("single", 1, "9")
    assert plays(hand, standing, next_count=1) == {"2"}
    assert chk(hand, "10H", standing, next_count=1) == "highest_single"
    assert chk(hand, "KD", standing, next_count=1) == "highest_single"
    assert chk(hand, "2S", standing, next_count=1) is None
    assert not ref.can_pass(cards(hand), standing, 1, STD)
    # "your only legal plays are ♠2 or a bomb"
    assert plays(hand + " 6S 6H 6D 6C", standing, next_count=1) == {"2", "6 6 6 6"}
    # without the warning every higher single is fine
    assert plays(hand, standing, next_count=2) == {"10", "K", "2"}


def test_last_card_rule_leading_seed_example():
    # leading with a 4, a 9, a Q and a pair of 8s; next player on one card.
    hand = "4S 9H QD 8S 8H"
    assert chk(hand, "4S", next_count=1) == "highest_single"
    assert chk(hand, "9H", next_count=1) == "highest_single"
    assert chk(hand, "QD", next_count=1) is None
    assert chk(hand, "8S 8H", next_count=1) is None
    assert chk(hand, "8S", next_count=1) == "highest_single"
    assert plays(hand, next_count=1) == {"Q", "8 8"}


def test_last_card_rule_too_low_comes_before_highest_single():
    hand = "5S 8H 2S"
    assert chk(hand, "5S", ("single", 1, "7"), next_count=1) == "too_low"
    assert chk(hand, "8H", ("single", 1, "7"), next_count=1) == "highest_single"


def test_last_card_rule_ignores_bombs_in_standard():
    hand = "KS KH KD KC 5S 7H"
    assert chk(hand, "7H", next_count=1) is None  # highest rank held outside a bomb
    assert chk(hand, "5S", next_count=1) == "highest_single"
    assert chk(hand, "KS", next_count=1) == "bomb_split"
    assert plays(hand, next_count=1) == {"7", "K K K K"}
    # equal ranks are all the highest single
    assert chk("7S 7H 5S", "7H", next_count=1) is None
    assert chk("7S 7H 5S", "7S", next_count=1) is None


@pytest.mark.parametrize("rules", (CLASSIC, COMPACT))
def test_last_card_rule_classic_highest_card(rules):
    hand = "QS QH QD QC 5S 7H"
    assert chk(hand, "QS", next_count=1, rules=rules) is None
    assert chk(hand, "7H", next_count=1, rules=rules) == "highest_single"
    assert chk(hand, "QS QH", next_count=1, rules=rules) is None  # pairs unrestricted


def test_last_card_rule_binds_only_on_the_next_seat_holding_one():
    assert chk("4S 9H", "4S", next_count=2) is None
    assert chk("4S 9H", "4S", next_count=1) == "highest_single"


# ------------------------------------------------------------------ spade 3 first


@pytest.mark.parametrize("rules", (CLASSIC, CLUB))
def test_first_play_must_contain_spade3(rules):
    hand = "3S 3H 4D 5C 6S 7S 9H 9D"
    assert chk(hand, "3H", rules=rules, spade3=True) == "must_include_spade3"
    assert chk(hand, "9H 9D", rules=rules, spade3=True) == "must_include_spade3"
    assert chk(hand, "3S", rules=rules, spade3=True) is None
    assert chk(hand, "3S 3H", rules=rules, spade3=True) is None
    assert chk(hand, "3S 4D 5C 6S 7S", rules=rules, spade3=True) is None
    assert chk(hand, "3H 4D 5C 6S 7S", rules=rules, spade3=True) == "must_include_spade3"
    # not_a_combination comes first
    assert chk(hand, "3H 9H", rules=rules, spade3=True) == "not_a_combination"
    # highest_single comes first
    assert chk(hand, "3H", next_count=1, rules=rules, spade3=True) == "highest_single"
    got = plays(hand, rules=rules, spade3=True)
    assert "3" in got and "3 3" in got and "9 9" not in got and "4" not in got


def test_spade3_multiset_legal_through_the_spade():
    # {3} is legal because 3S may be played, even though 3H may not.
    assert plays("3S 3H", rules=CLUB, spade3=True) == {"3", "3 3"}


# ------------------------------------------------------------------ precedence of codes


def test_not_your_cards_comes_first():
    assert chk("3S 4S", "5S") == "not_your_cards"
    assert chk("5S 5H 5D 5C", "5S 6S") == "not_your_cards"


def test_reading_that_got_furthest_decides():
    hand = "3S 3H 3D 4S 4H 4D 5S 5H 5D 6S"
    # readings: (pw,2,4) (pw,2,5) wrong_type against k=3; (pw,3,5) too_low.
    assert chk(hand, hand, ("plane_wings", 3, "6")) == "too_low"
    # against k=2 key 5: both k=2 readings too low, k=3 wrong type -> too_low.
    assert chk(hand, hand, ("plane_wings", 2, "5")) == "too_low"
    # a pair standing: every reading is wrong_type
    assert chk(hand, hand, ("pair", 1, "5")) == "wrong_type"
    # classic 12-card: plane k4 / plane_singles k3 (keys 5, 6)
    sel = "3S 3H 3D 4S 4H 4D 5S 5H 5D 6S 6H 6D"
    assert chk(sel, sel, ("plane_singles", 3, "6"), rules=CLASSIC) == "too_low"
    assert chk(sel, sel, ("plane", 4, "7"), rules=CLASSIC) == "too_low"
    assert chk(sel, sel, ("plane_pairs", 3, "3"), rules=CLASSIC) == "wrong_type"


def test_bomb_split_before_not_a_combination_and_wrong_type():
    assert chk("6S 6H 6D 6C 9S", "6S 9S", ("pair", 1, "3")) == "bomb_split"


# ------------------------------------------------------------------ legal plays by brute force


def test_legal_plays_leading_small_hand():
    assert plays("3S 3H 4D") == {"3", "4", "3 3"}
    assert plays("3S 3H 3D 4D") == {"3", "4", "3 3", "3 3 3 4"}  # short last play
    assert plays("3S 3H 3D 4D", rules=CLASSIC) == {"3", "4", "3 3", "3 3 3", "3 3 3 4"}


def test_legal_plays_following_with_bombs_standard():
    hand = "6S 6H 6D 6C 7S 8H"
    assert plays(hand, ("single", 1, "6")) == {"7", "8", "6 6 6 6"}
    assert plays(hand, ("bomb", 1, "6")) == set()
    assert plays(hand, ("bomb", 1, "5")) == {"6 6 6 6"}


# ------------------------------------------------------------------ settlement


def test_standard_settlement_cards_and_shut_out():
    s = ref.settle(STD, 0, [0, 1, 16], [True, True, False], [])
    assert s == {
        "cards_left": [0, 1, 16],
        "shut_out": [False, False, True],
        "bombs": [0, 0, 0],
        "total": [33, -1, -32],  # one card still pays 1; 16 never played pays 32
    }


def test_standard_winning_bomb_rule():
    # a bomb whose trick ends with it: +20 -10 -10
    hist = [(0, ["5S", "5H", "5D", "5C"]), (1, None), (2, None), (0, ["3S"])]
    assert ref.bombs_from_history(hist) == [(0, True)]
    s = ref.settle_game(STD, [["5S", "5H", "5D", "5C", "3S"], ["4S", "4H"], ["9S"]], hist)
    assert s["bombs"] == [20, -10, -10]
    # seats 1 and 2 only passed: shut out, they pay double
    assert s["shut_out"] == [False, True, True]
    assert s["total"] == [20 + 4 + 2, -10 - 4, -10 - 2]
    # a bomb beaten by a higher bomb scores nothing; the higher one wins
    hist2 = [
        (0, ["5S", "5H", "5D", "5C"]),
        (1, ["9S", "9H", "9D", "9C"]),
        (2, None),
        (0, None),
        (1, ["3H"]),
    ]
    assert ref.bombs_from_history(hist2) == [(0, False), (1, True)]
    # a bomb that empties its player's hand wins
    hist3 = [(0, ["3S"]), (1, ["5S", "5H", "5D", "5C"])]
    assert ref.bombs_from_history(hist3) == [(1, True)]
    # a bomb followed by a pass and then a higher bomb scores nothing
    hist4 = [
        (0, ["5S", "5H", "5D", "5C"]),
        (1, None),
        (2, ["9S", "9H", "9D", "9C"]),
    ]
    assert ref.bombs_from_history(hist4) == [(0, False), (2, True)]
    s4 = ref.settle_game(
        STD, [["5S", "5H", "5D", "5C", "3S"], ["4S"], ["9S", "9H", "9D", "9C"]], hist4
    )
    assert s4["bombs"] == [-10, -10, 20]
    assert s4["total"] == [-10 - 1, -10 - 2, 20 + 3]
    assert s4["shut_out"] == [False, True, False]
    assert sum(s4["total"]) == 0


def test_club_worked_example_49():
    # you bomb once and go out, one opponent holds 7 cards, the other never played
    s = ref.settle(CLUB, 0, [0, 7, 16], [True, True, False], [(0, True)])
    assert s["total"][0] == 7 + 32 + 10 == 49
    assert s["total"] == [49, -12, -37]
    assert s["bombs"] == [10, -5, -5]
    # "If that first opponent had only 1 card left, they would pay just the 5 bomb units"
    s1 = ref.settle(CLUB, 0, [0, 1, 16], [True, True, False], [(0, True)])
    assert s1["total"] == [42, -5, -37]


def test_club_bombs_pay_even_when_beaten():
    s = ref.settle(CLUB, 2, [3, 2, 0], [True, True, True], [(0, False), (1, True)])
    assert s["bombs"] == [5, 5, -10]
    assert s["total"] == [5 - 3, 5 - 2, -10 + 5]


@pytest.mark.parametrize("rules", (CLASSIC, COMPACT))
def test_classic_settlement(rules):
    s = ref.settle(rules, 1, [1, 0, 16], [True, True, False], [(0, False), (2, True)])
    assert s["bombs"] == [4 - 2, -2 - 2, -2 + 4]
    assert s["total"] == [-1 + 2, 1 + 32 - 4, -32 + 2]
    assert sum(s["total"]) == 0


def test_settlements_sum_to_zero():
    for rules in ALL:
        for bombs in ([], [(0, True)], [(1, False), (2, True), (2, False)]):
            s = ref.settle(rules, 2, [5, 1, 0], [False, True, True], bombs)
            assert sum(s["total"]) == 0
            assert sum(s["bombs"]) == 0


def test_pruned_can_pass_equals_every_subset():
    rng = random.Random(5)
    d = ref.deck(STD)
    standings = [
        ("single", 1, "9"),
        ("pair", 1, "6"),
        ("pair_run", 2, "6"),
        ("straight", 5, "8"),
        ("trio_two", 1, "7"),
        ("plane_wings", 2, "6"),
        ("bomb", 1, "6"),
    ]
    for _ in range(60):
        hand = rng.sample(d, rng.randint(1, 8))
        for st in standings:
            for nc in (1, 3):
                a = ref.can_pass(hand, st, nc, STD)
                b = ref.can_pass_every_subset(hand, st, nc, STD)
                assert a == b, (hand, st, nc)
