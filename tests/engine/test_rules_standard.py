"""Every rule of RULES.md's standard preset, and every example of the seeds, by name."""

from __future__ import annotations

import random

import pytest
from conftest import legal_ranks, position, ranks_of, split

from paodekuai import RULES, Game, IllegalPlay, Kind
from paodekuai.cards import RANKS

# --- deck, deal, first lead -------------------------------------------------------------


def test_deck_has_48_cards_one_two_three_aces() -> None:
    deck = RULES["standard"].deck
    assert len(deck) == 48
    assert [c for c in deck if c.startswith("2")] == ["2S"]
    assert sorted(c for c in deck if c.startswith("A")) == ["AC", "AD", "AH"]
    for rank in ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"):
        assert sum(1 for c in deck if c[:-1] == rank) == 4


def test_whole_deck_is_dealt_sixteen_each() -> None:
    for seed in range(20):
        g = Game.deal(seed)
        hands = [g.hand(s) for s in range(3)]
        assert [len(h) for h in hands] == [16, 16, 16]
        assert sorted(c for h in hands for c in h) == sorted(RULES["standard"].deck)


def test_spade_three_holder_leads() -> None:
    for seed in range(20):
        g = Game.deal(seed)
        assert "3S" in g.hand(g.to_move)


def test_first_play_need_not_contain_spade_three() -> None:
    g = position(["3S 9H 9D", "4S", "5S"])
    assert g.check(split("9H 9D")) is None


def test_suits_never_compare() -> None:
    g = position(["9H 3C", "9S 4C", "5S 6S"], actions=["9H"])
    assert g.check(["9S"]) == "too_low"


# --- combinations ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cards", "kind", "k", "key"),
    [
        ("8H", Kind.SINGLE, 1, "8"),
        ("8H 8D", Kind.PAIR, 1, "8"),
        ("3S 3H 4S 4H", Kind.PAIR_RUN, 2, "4"),
        ("5S 5H 6S 6H 7S 7H", Kind.PAIR_RUN, 3, "7"),
        ("3S 4S 5S 6S 7S", Kind.STRAIGHT, 5, "7"),
        ("3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AH", Kind.STRAIGHT, 12, "A"),
        ("9S 9H 9D 3C 7C", Kind.TRIO_TWO, 1, "9"),
        ("9S 9H 9D 3C 3D", Kind.TRIO_TWO, 1, "9"),
        ("3S 3H 3D 4S 4H 4D 7C 9C JC KC", Kind.PLANE_WINGS, 2, "4"),
    ],
)
def test_combination_kinds(cards: str, kind: Kind, k: int, key: str) -> None:
    g = Game.from_hands([[*split(cards), "2S"], ["6D", "5D"], ["6C", "5C"]])
    verdict = g.judge(split(cards))
    assert verdict.legal, verdict.message.en
    assert verdict.combo is not None
    assert (verdict.combo.kind, verdict.combo.k, RANKS[verdict.combo.key]) == (kind, k, key)


def test_bomb_is_four_of_a_rank() -> None:
    g = position(["7S 7H 7D 7C 3S", "4S", "5S"])
    combo = g.judge(split("7S 7H 7D 7C")).combo
    assert combo is not None and combo.kind is Kind.BOMB


@pytest.mark.parametrize(
    "cards",
    [
        "JS QS KS AH 2S",  # a 2 is never in a straight
        "QS KS AH 2S 3S",  # no wrap-around
        "KS KH AH AD 2S",  # nor in a pair run (and that is five cards)
        "3S 4S 5S 6S",  # straights need five
        "3S 3H 5S 5H",  # pair runs need consecutive ranks
        "9S 9H 9D",  # bare trio (not the last play)
        "9S 9H 9D 4C",  # trio plus one
        "3S 3H 3D 4S 4H 4D 7C 9C",  # plane with short wings
        "AH AD AC",  # three aces are a trio, not a bomb
    ],
)
def test_not_combinations(cards: str) -> None:
    g = Game.from_hands([[*split(cards), "6D"], ["6C", "5D"], ["6H", "5C"]])
    assert g.check(split(cards)) == "not_a_combination"


def test_three_aces_with_two_are_a_trio_not_a_bomb() -> None:
    g = position(["AH AD AC 3S 4S 9S", "5S", "6S"])
    combo = g.judge(split("AH AD AC 3S 4S")).combo
    assert combo is not None and combo.kind is Kind.TRIO_TWO


def test_no_four_with_two() -> None:
    g = position(["5S 5H 5D 5C 6S 7S 9S", "8S", "8H"])
    assert g.check(split("5S 5H 5D 5C 6S 7S")) == "not_a_combination"
    assert "four" in g.judge(split("5S 5H 5D 5C 6S 7S")).message.en.lower()


# --- bombs cannot be split ------------------------------------------------------------------


@pytest.mark.parametrize(
    "cards", ["7S", "7S 7H", "7S 7H 7D 3C 4C", "3C 3D 3H 7S 4C", "3C 4C 5C 6C 7S"]
)
def test_bomb_cannot_be_split(cards: str) -> None:
    g = position(["7S 7H 7D 7C 3C 3D 3H 4C 5C 6C", "8S", "8H"])
    assert g.check(split(cards)) == "bomb_split"


def test_bomb_with_extras_is_not_a_combination() -> None:
    g = position(["7S 7H 7D 7C 3C 4C 9S", "8S", "8H"])
    assert g.check(split("7S 7H 7D 7C 3C 4C")) == "not_a_combination"


def test_bomb_ranks_never_appear_in_legal_plays_but_the_bomb() -> None:
    g = position(["7S 7H 7D 7C 6C 8C 9C 10C", "8S", "8H"])
    for play in g.legal_plays():
        sevens = sum(1 for c in play if c.startswith("7"))
        assert sevens in (0, 4)


# --- the short last play --------------------------------------------------------------------


def test_short_last_play_beats_full_trio_with_two() -> None:
    # Seed: 888+5 as someone's last four cards beats 777+J+Q.
    g = position(["7S 7H 7D JS QS 3C", "8S 8H 8D 5C", "9S 9H"], actions=["7S 7H 7D JS QS"])
    combo = g.play(split("8S 8H 8D 5C"))
    assert combo.kind is Kind.TRIO_TWO
    assert g.over and g.winner == 1


def test_bare_trio_as_last_play() -> None:
    g = position(["8S 8H 8D", "9S", "9H"])
    assert g.check(split("8S 8H 8D")) is None


def test_four_singles_in_a_row_are_said_to_be_a_card_short_of_a_straight() -> None:
    g = position(["JS QH KD AC 2S 5S", "9S", "9H"])
    assert g.check(split("JS QH KD AC")) == "not_a_combination"
    assert "straight needs at least 5" in g.judge(split("JS QH KD AC")).message.en
    assert "顺子至少要5张" in g.judge(split("JS QH KD AC")).message.zh
    # A 2 is in no straight, and cards not in a row are not a straight short of a card.
    for cards in ("QH KD AC 2S", "JS KD AC"):
        assert "straight" not in g.judge(split(cards)).message.en, cards


def test_short_trio_only_when_it_is_the_whole_hand() -> None:
    g = position(["8S 8H 8D 5C 6C", "9S", "9H"])
    assert g.check(split("8S 8H 8D 5C")) == "not_a_combination"
    assert "last play" in g.judge(split("8S 8H 8D 5C")).message.en


def test_short_plane_as_last_play() -> None:
    g = position(["3S 3H 3D 4S 4H 4D 5C", "9S", "9H"])
    combo = g.judge(split("3S 3H 3D 4S 4H 4D 5C")).combo
    assert combo is not None and (combo.kind, combo.k) == (Kind.PLANE_WINGS, 2)


def test_short_last_play_is_listed_by_legal_plays() -> None:
    g = position(["7S 7H 7D JS QS 3C", "8S 8H 8D 5C", "9S 9H"], actions=["7S 7H 7D JS QS"])
    assert "5 8 8 8" in legal_ranks(g)


def test_short_last_play_must_still_beat() -> None:
    g = position(["9S 9H 9D JS QS 3C", "8S 8H 8D 5C", "KS KH"], actions=["9S 9H 9D JS QS"])
    assert g.check(split("8S 8H 8D 5C")) == "too_low"


# --- reading a selection -------------------------------------------------------------------


def test_reading_takes_the_highest_key() -> None:
    # Seed: 3334445556 is 444555 with wings 3,3,3,6 (key 5), not 333444 (key 4).
    hand = "3S 3H 3D 4S 4H 4D 5S 5H 5D 6S"
    g = position([hand + " 2S", "9S", "9H"])
    combo = g.judge(split(hand)).combo
    assert combo is not None and (combo.kind, combo.k, combo.key) == (Kind.PLANE_WINGS, 2, 2)


def test_plane_below_the_standing_plane_is_too_low() -> None:
    g = position(
        ["10S 10H 10D JS JH JD 7C 8C 9C KC QC", "3S 3H 3D 4S 4H 4D 5S 5H 5D 6S 2S", "6H"],
        actions=["10S 10H 10D JS JH JD 7C 8C 9C KC"],
    )
    assert g.check(split("3S 3H 3D 4S 4H 4D 5S 5H 5D 6S")) == "too_low"


def test_plane_follows_a_plane_of_the_same_size() -> None:
    g = position(
        ["3C 3D 3H 4C 4D 4H 7C 8C 9C KC QS", "5S 5H 5D 6S 6H 6D 3S 4S 7S 8S 2S", "JS"],
        actions=["3C 3D 3H 4C 4D 4H 7C 8C 9C KC"],
    )
    combo = g.play(split("5S 5H 5D 6S 6H 6D 3S 4S 7S 8S"))
    assert (combo.kind, combo.k, combo.key) == (Kind.PLANE_WINGS, 2, 3)


# --- following ------------------------------------------------------------------------------


def test_follow_same_kind_same_size_higher() -> None:
    g = position(["3S 4S 5S 6S 7S KC", "4H 5H 6H 7H 8H 9H 2S", "JS"], actions=["3S 4S 5S 6S 7S"])
    assert g.check(split("4H 5H 6H 7H 8H")) is None
    assert g.check(split("4H 5H 6H 7H 8H 9H")) == "wrong_type"
    assert g.check(split("9H")) == "wrong_type"


def test_bomb_beats_anything_not_a_bomb() -> None:
    g = position(["2S 3C", "5S 5H 5D 5C 6C", "JS"], actions=["2S"])
    assert g.check(split("5S 5H 5D 5C")) is None


def test_higher_bomb_beats_lower_bomb() -> None:
    g = position(["6S 6H 6D 6C 3C", "5S 5H 5D 5C 8S 8H 8D 8C 4C", "JS"], actions=["6S 6H 6D 6C"])
    assert g.check(split("5S 5H 5D 5C")) == "too_low"
    assert g.check(split("8S 8H 8D 8C")) is None


# --- must beat, passing, tricks -----------------------------------------------------------------


def test_must_beat_seed_example_one() -> None:
    # Seed 004: previous plays K; you hold A, the 2 and four 5s: A, 2 or bomb, no pass.
    g = position(["KS 3C", "AH 2S 5S 5H 5D 5C", "JS JH"], actions=["KS"])
    assert not g.can_pass()
    with pytest.raises(IllegalPlay) as err:
        g.pass_turn()
    assert err.value.code == "must_beat"
    assert legal_ranks(g) == {"A", "2", "5 5 5 5"}


def test_pass_allowed_when_nothing_beats() -> None:
    g = position(["6S 7S 8S 9S 10S 3C", "3S 4H 9H QH", "JS JH"], actions=["6S 7S 8S 9S 10S"])
    assert g.legal_plays() == []
    assert g.can_pass()
    g.pass_turn()
    assert g.to_move == 2


def test_must_beat_counts_bombs() -> None:
    g = position(["2S 3C", "9S 9H 9D 9C 4C", "JS JH"], actions=["2S"])
    assert not g.can_pass()


def test_leader_cannot_pass() -> None:
    g = position(["3S 4S", "5S", "6S"])
    with pytest.raises(IllegalPlay) as err:
        g.pass_turn()
    assert err.value.code == "leader_cannot_pass"


def test_trick_ends_after_two_passes_and_last_player_leads() -> None:
    g = position(["2S 3C 4C", "5S 6S", "7S 8S"], actions=["2S", None, None])
    assert g.to_move == 0
    assert g.standing is None
    assert g.check(["3C"]) is None


def test_view_marks_where_the_trick_began() -> None:
    g = position(["2S 3C 4C", "5S 6S", "7S 8S"], actions=["2S", None, None])
    assert g.view(0)["trick_start"] == 3
    g.play(["3C"])
    g.play(["5S"])
    assert g.view(1)["trick_start"] == 3


def test_play_passes_clockwise() -> None:
    g = position(["3S 4C", "5S 6C", "7S 8C"], leader=2, actions=["7S"])
    assert g.to_move == 0


# --- the last card rule ---------------------------------------------------------------------------


def test_last_card_rule_seed_example() -> None:
    # Previous plays 9; you hold 10, K and the 2; the next player has one card.
    g = position(["9S 3H", "10S KS 2S", "8H"], actions=["9S"])
    assert legal_ranks(g) == {"2"}
    assert g.check(["10S"]) == "highest_single"
    assert g.check(["KS"]) == "highest_single"
    assert not g.can_pass()
    assert "♠2" in g.judge(["KS"]).message.en


def test_last_card_rule_allows_a_bomb() -> None:
    g = position(["9S 3H", "10S KS 2S 6S 6H 6D 6C", "8H"], actions=["9S"])
    assert legal_ranks(g) == {"2", "6 6 6 6"}


def test_last_card_rule_when_leading() -> None:
    # Seed 004 example 2: leading with 4, 9, Q and a pair of 8s, next on one card.
    g = position(["3S", "4S 9S QS 8H 8D", "JS"], leader=1)
    assert g.check(["4S"]) == "highest_single"
    assert g.check(["QS"]) is None
    assert g.check(split("8H 8D")) is None
    singles = {p[0] for p in g.legal_plays() if len(p) == 1}
    assert singles == {"QS"}


def test_highest_single_is_outside_a_bomb() -> None:
    g = position(["3S", "KS KH KD KC 9S 5S", "JS"], leader=1)
    assert g.forced_single() == "9S"
    assert g.check(["9S"]) is None


def test_last_card_rule_only_binds_for_the_seat_before() -> None:
    # Seat 0 holds one card; seat 2 (before it) is bound, seat 1 is not.
    g = position(["3S", "4S 9S QS", "5S 10S KS"], leader=1)
    assert g.check(["4S"]) is None


def test_highest_single_greyed_cards() -> None:
    g = position(["9S 3H", "10S KS 2S", "8H"], actions=["9S"])
    assert g.barred_singles() == ["10S", "KS"]


# --- end and score -----------------------------------------------------------------------------


def test_hand_ends_the_moment_a_hand_is_empty() -> None:
    g = position(["3S", "4S 5S", "6S 7S"])
    g.play(["3S"])
    assert g.over and g.winner == 0
    with pytest.raises(IllegalPlay) as err:
        g.play(["4S"])
    assert err.value.code == "game_over"


def test_losers_pay_a_point_per_card_and_one_card_pays_one() -> None:
    # Seat 2 is bound by the last card rule twice (seat 0 holds one card).
    g = position(
        ["3S 4S", "5S 6H", "7S 8S 9S"], actions=["3S", "5S", "9S", None, None, "8S", None, None]
    )
    g.play(["7S"])
    assert g.winner == 2
    assert g.settlement() == {
        "winner": 2,
        "cards_left": [1, 1, 0],
        "shut_out": [False, False, False],
        "bombs": [0, 0, 0],
        "total": [-1, -1, 2],
    }


def test_scoring_cards_left_and_shut_out() -> None:
    g = position(
        ["5S 6S", "2S 9H 10H", "3C 4C 4D"], actions=["5S", "2S", None, None, "9H", None, None]
    )
    g.play(["10H"])
    assert g.winner == 1
    result = g.settlement()
    assert result["cards_left"] == [1, 0, 3]
    assert result["shut_out"] == [False, False, True]
    assert result["total"] == [-1, 7, -6]


def test_shut_out_sixteen_pays_thirty_two() -> None:
    hands = [
        "3S 3H 3D 4S 4H 4D 5S 5H 5D 6S 6H 6D 7S 7H 7D 8S",
        "9S 9H 9D 10S 10H 10D JS JH JD QS QH QD KS KH KD 2S",
        "3C 4C 5C 6C 7C 8C 8H 8D 9C 10C JC QC KC AH AD AC",
    ]
    g = position(hands, leader=0)
    g.play(split("3S 3H 3D 4S 4H 4D 5S 5H 5D 6S 6H 6D 7S 7H 7D 8S"))
    assert g.settlement()["total"] == [64, -32, -32]
    assert g.settlement()["shut_out"] == [False, True, True]


def test_winning_bomb_when_its_trick_ends() -> None:
    g = position(
        ["9S 9H 9D 9C 2S 3S", "4S 5S", "6S 7S"],
        actions=["9S 9H 9D 9C", None, None, "2S", None, None],
    )
    g.play(["3S"])
    assert g.winner == 0
    assert g.settlement()["bombs"] == [20, -10, -10]
    assert g.settlement()["total"] == [28, -14, -14]


def test_winning_bomb_when_it_empties_the_hand() -> None:
    g = position(["9S 9H 9D 9C", "5S 6S", "7S 8S"])
    g.play(split("9S 9H 9D 9C"))
    assert g.settlement()["bombs"] == [20, -10, -10]
    assert g.settlement()["total"] == [28, -14, -14]


def test_beaten_bomb_scores_nothing() -> None:
    g = position(
        ["5S 5H 5D 5C 3S", "9S 9H 9D 9C 4S", "7S 8S"], actions=["5S 5H 5D 5C", "9S 9H 9D 9C"]
    )
    g.pass_turn()
    g.pass_turn()
    assert g.to_move == 1
    g.play(["4S"])
    assert g.settlement()["bombs"] == [-10, 20, -10]


def test_totals_sum_to_zero_over_many_deals() -> None:
    rng = random.Random(5)
    for seed in range(40):
        g = Game.deal(seed)
        while not g.over:
            plays = g.legal_plays()
            if g.can_pass() and (not plays or rng.random() < 0.2):
                g.pass_turn()
            else:
                g.play(rng.choice(plays))
        assert sum(g.settlement()["total"]) == 0


# --- reason codes and their order ----------------------------------------------------------------


def test_reason_not_your_turn() -> None:
    g = position(["3S", "4S", "5S"])
    assert g.check(["4S"], seat=1) == "not_your_turn"


def test_reason_not_your_cards_names_the_card() -> None:
    g = position(["3S 4S", "5H", "6S"])
    verdict = g.judge(["5H"])
    assert verdict.code == "not_your_cards"
    assert "♥5" in verdict.message.en and "红桃5" in verdict.message.zh


def test_reason_game_over_comes_first() -> None:
    g = position(["3S", "4S", "5S"], actions=["3S"])
    assert g.check(["4S"], seat=2) == "game_over"


def test_reason_bomb_split_before_not_a_combination() -> None:
    g = position(["7S 7H 7D 7C 4C 9C", "8S", "8H"])
    assert g.check(split("7S 4C 9C")) == "bomb_split"


def test_reason_wrong_type_before_too_low() -> None:
    g = position(["9S 9H 3C", "4S 4H 5S", "8S"], actions=["9S 9H"])
    assert g.check(["5S"]) == "wrong_type"
    assert g.check(split("4S 4H")) == "too_low"


def test_reason_too_low_before_highest_single() -> None:
    g = position(["9S 3H", "8S KS 2S", "8H"], actions=["9S"])
    assert g.check(["8S"]) == "too_low"
    assert g.check(["KS"]) == "highest_single"


def test_reason_of_the_furthest_reading() -> None:
    # classic16: 333444555666 reads as a bare plane of four (wrong_type against a
    # plane with singles) or as planes of three with singles (too_low): too_low wins.
    g = position(
        ["7S 7H 7D 8S 8H 8D 9S 9H 9D JC QC KC 2S", "3S 3H 3D 4S 4H 4D 5S 5H 5D 6S 6H 6D", "JS"],
        rules="classic16",
        actions=["7S 7H 7D 8S 8H 8D 9S 9H 9D JC QC KC"],
    )
    assert g.check(split("3S 3H 3D 4S 4H 4D 5S 5H 5D 6S 6H 6D")) == "too_low"


def test_wrong_type_message_says_what_would_follow() -> None:
    g = position(["3S 4S 5S 6S 7S KC", "8H 8D 2S", "JS"], actions=["3S 4S 5S 6S 7S"])
    msg = g.judge(split("8H 8D")).message
    assert "5-card straight" in msg.en and "顺子" in msg.zh


def test_must_beat_message_names_a_play_that_beats() -> None:
    g = position(["9S 9H 3C", "10S 10H 4S", "JS"], actions=["9S 9H"])
    refusal = g.pass_refusal()
    assert refusal is not None and refusal.code == "must_beat"
    assert "pair of 10s" in refusal.message.en
    assert "对10" in refusal.message.zh


def test_illegal_play_is_a_value_error_with_code() -> None:
    g = position(["9S 9H 3C", "10S 10H 4S", "JS"], actions=["9S 9H"])
    with pytest.raises(ValueError) as err:
        g.play(["4S"])
    assert isinstance(err.value, IllegalPlay) and err.value.code == "wrong_type"


def test_ranks_of_helper() -> None:
    assert ranks_of(["10S", "3H", "3S"]) == "3 3 10"
