"""The other presets of RULES.md (classic16, compact15, club) and hand-set positions."""

from __future__ import annotations

import pytest
from conftest import legal_ranks, position, split

from paodekuai import RULES, Game, IllegalPlay, Kind

# --- rules live in one object per preset --------------------------------------------------


def test_presets_are_data() -> None:
    assert set(RULES) == {"standard", "classic16", "compact15", "club"}
    assert RULES["standard"].must_beat and RULES["club"].must_beat
    assert not RULES["classic16"].must_beat and not RULES["compact15"].must_beat
    assert RULES["classic16"].bombs_splittable and not RULES["club"].bombs_splittable


# --- classic16 ----------------------------------------------------------------------------


def test_classic16_first_play_must_contain_spade_three() -> None:
    g = position(["3S 9H 9D", "4S 4H", "5S 5H"], rules="classic16")
    assert g.check(split("9H 9D")) == "must_include_spade3"
    assert "♠3" in g.judge(split("9H 9D")).message.en
    assert g.check(["3S"]) is None
    assert all("3S" in p for p in g.legal_plays())


def test_classic16_dealt_game_leader_must_play_spade_three() -> None:
    g = Game.deal(4, "classic16")
    assert "3S" in g.hand(g.to_move)
    assert all("3S" in p for p in g.legal_plays())
    g.play(g.legal_plays()[0])
    assert g.view(0)["spade3_first"] is False


@pytest.mark.parametrize(
    ("cards", "kind", "k"),
    [
        ("9S 9H 9D", Kind.TRIO, 1),
        ("9S 9H 9D 4C", Kind.TRIO_ONE, 1),
        ("9S 9H 9D 4C 4D", Kind.TRIO_PAIR, 1),
        ("5S 5H 5D 6S 6H 6D", Kind.PLANE, 2),
        ("5S 5H 5D 6S 6H 6D 4C JC", Kind.PLANE_SINGLES, 2),
        ("5S 5H 5D 6S 6H 6D 4C 4D", Kind.PLANE_SINGLES, 2),
        ("5S 5H 5D 6S 6H 6D 4C 4D JC JD", Kind.PLANE_PAIRS, 2),
        ("3S 4S 5S 6S 7S", Kind.STRAIGHT, 5),
        ("3S 3H 4S 4H", Kind.PAIR_RUN, 2),
    ],
)
def test_classic16_eleven_kinds(cards: str, kind: Kind, k: int) -> None:
    g = Game.from_hands([[*split(cards), "2S"], ["KD", "KH"], ["KC", "QH"]], rules="classic16")
    verdict = g.judge(split(cards))
    assert verdict.combo is not None, verdict.message.en
    assert (verdict.combo.kind, verdict.combo.k) == (kind, k)


@pytest.mark.parametrize(
    "cards",
    [
        "9S 9H 9D 4C 5C",  # trio + pair needs a real pair
        "5S 5H 5D 6S 6H 6D 4C",  # plane + 1 card: neither k singles nor bare
        "5S 5H 5D 6S 6H 6D 4C 4D JC",  # plane + 3 cards
    ],
)
def test_classic16_not_combinations(cards: str) -> None:
    g = Game.from_hands([[*split(cards), "2S"], ["KD", "KH"], ["KC", "QH"]], rules="classic16")
    assert g.check(split(cards)) == "not_a_combination"


def test_classic16_no_short_last_play() -> None:
    g = Game.from_hands([split("3S 3H 3D 4S 4H 4D 5C"), ["KD", "KH"], ["KC"]], rules="classic16")
    assert g.check(split("3S 3H 3D 4S 4H 4D 5C")) == "not_a_combination"


def test_classic16_no_must_beat() -> None:
    g = position(["3S 9C", "KS 2S", "QD QH"], rules="classic16", actions=["3S"])
    assert g.legal_plays()
    assert g.can_pass()
    g.pass_turn()
    assert g.to_move == 2


def test_classic16_bombs_may_be_split() -> None:
    g = position(["7S 7H 7D 7C 3C", "KD KH", "QD QH"], rules="classic16")
    assert g.check(split("7S 7H")) is None
    assert g.check(split("7S 7H 7D 3C")) is None


def test_classic16_highest_single_is_the_highest_card() -> None:
    g = position(["3S 4S", "KS KH KD KC 9S 5S", "JS"], leader=1, rules="classic16")
    assert g.forced_single() == "KS"
    assert g.check(["9S"]) == "highest_single"


def test_classic16_every_bomb_pays_four() -> None:
    g = position(
        ["5S 5H 5D 5C 3C", "9S 9H 9D 9C 4S", "7S 8S"],
        rules="classic16",
        actions=["5S 5H 5D 5C", "9S 9H 9D 9C", None, None],
    )
    g.play(["4S"])
    result = g.settlement()
    assert result["bombs"] == [2, 2, -4]
    # Seat 1 wins: seat 0 holds 1 card (pays 1), seat 2 never played (2 cards, doubled: 4).
    assert result["total"] == [2 - 1, 2 + 5, -4 - 4]


def test_classic16_reading_that_is_legal_now() -> None:
    # 777888999 10 10 10 reads as a bare plane of four, or a plane of three with
    # three singles; against a plane of three with singles the second is taken.
    hand = "7S 7H 7D 8S 8H 8D 9S 9H 9D 10S 10H 10D"
    g = position(
        ["4C 4D 4H 5C 5D 5H 6C 6D 6H JC QC KC 3C", hand + " 2S", "QS QH"],
        rules="classic16",
        actions=["4C 4D 4H 5C 5D 5H 6C 6D 6H JC QC KC"],
    )
    combo = g.judge(split(hand)).combo
    assert combo is not None and (combo.kind, combo.k) == (Kind.PLANE_SINGLES, 3)
    lead = position([hand + " 2S", "QS QH", "3C 4C"], rules="classic16")
    combo = lead.judge(split(hand)).combo
    assert combo is not None and (combo.kind, combo.k) == (Kind.PLANE, 4)


# --- compact15 ----------------------------------------------------------------------------


def test_compact15_deck() -> None:
    deck = RULES["compact15"].deck
    assert len(deck) == 45
    assert [c for c in deck if c.startswith("A")] == ["AS"]
    assert sorted(c for c in deck if c.startswith("K")) == ["KC", "KD", "KH"]
    assert [c for c in deck if c.startswith("2")] == ["2S"]


def test_compact15_deal_and_face_up_opener() -> None:
    leaders = set()
    for seed in range(30):
        g = Game.deal(seed, "compact15")
        assert [len(g.hand(s)) for s in range(3)] == [15, 15, 15]
        face = g.view(0)["face_up"]
        assert face is not None
        assert face["card"] in g.hand(face["seat"])
        assert g.to_move == face["seat"]
        assert all(g.view(s)["face_up"] == face for s in range(3))
        leaders.add(face["seat"])
        # The opener leads with no restriction: singles other than ♠3 are open.
        assert len({p[0] for p in g.legal_plays() if len(p) == 1}) > 1
    assert leaders == {0, 1, 2}


def test_compact15_a_refused_selection_says_that_you_may_pass() -> None:
    # No must-beat rule: following, a refused selection names the way on, passing.
    g = position(["8S 8H 3D 9C", "9S 9H 3C JD", "JS 4C 5C"], rules="compact15", actions=["8S 8H"])
    low = g.judge(["3C"])
    assert low.code == "wrong_type"
    assert low.message.en.endswith("You may also pass.")
    assert low.message.zh.endswith("也可以不出。")
    assert g.judge(["3C", "JD"]).message.en.endswith("You may also pass.")  # not a combination
    # Leading there is no pass to offer.
    lead = position(["8S 8H 3D 9C", "9S 9H 3C JD", "JS 4C 5C"], rules="compact15")
    refused = lead.judge(["8S", "3D"])
    assert not refused.legal
    assert "pass" not in refused.message.en and "不出" not in refused.message.zh


def test_must_beat_refusal_offers_no_pass_while_a_play_beats() -> None:
    g = position(["8S 8H 3D 9C", "9S 9H 3C JD", "JS 4C 5C"], actions=["8S 8H"])
    refused = g.judge(["3C"])
    assert not refused.legal
    assert "pass" not in refused.message.en and "不出" not in refused.message.zh


# --- club ---------------------------------------------------------------------------------


def test_club_first_play_contains_spade_three() -> None:
    g = Game.deal(9, "club")
    assert all("3S" in p for p in g.legal_plays())


def test_club_keeps_must_beat_short_last_play_and_unsplittable_bombs() -> None:
    g = position(["KS 3C", "AH 2S", "JS JH"], rules="club", actions=["KS"])
    assert not g.can_pass()
    g = position(["8S 8H 8D 5C", "9S", "9H"], rules="club")
    assert g.check(split("8S 8H 8D 5C")) is None
    g = position(["7S 7H 7D 7C 3C 4C", "9S", "9H"], rules="club")
    assert g.check(split("7S 7H")) == "bomb_split"


def test_club_timer_is_data() -> None:
    timer = RULES["club"].timer
    assert timer is not None and (timer.lead, timer.follow) == (20, 15)


def test_club_worked_example_49() -> None:
    # You bomb once and go out; one opponent holds 7 cards, the other never played:
    # you collect 7 + 32 + 10 = 49.
    g = position(
        [
            "9S 9H 9D 9C 5H",
            "JS JH JD QS QH QD KS KH KD 10S 10H 10D 8S 8H 8D AH",
            "3S 4S 4H 5S 6S 6H 7S 7H",
        ],
        leader=2,
        rules="club",
        actions=["3S", "9S 9H 9D 9C", None, None],
    )
    g.play(["5H"])
    result = g.settlement()
    assert result["cards_left"] == [0, 16, 7]
    assert result["shut_out"] == [False, True, False]
    assert result["bombs"] == [10, -5, -5]
    assert result["total"] == [49, -37, -12]


@pytest.mark.parametrize(("rules", "totals"), [("club", [2, 0, -2]), ("standard", [3, -1, -2])])
def test_one_card_left_pays_nothing_only_in_club(rules: str, totals: list[int]) -> None:
    g = position(
        ["KS KH", "3S 4S", "5C 6C 7C"],
        leader=1,
        rules=rules,
        actions=["3S", "5C", "KS", None, None],
    )
    g.play(["KH"])
    assert g.settlement()["cards_left"] == [0, 1, 2]
    assert g.settlement()["total"] == totals


# --- positions set up by hand ---------------------------------------------------------------


def test_from_hands_shut_out_counts_from_its_start() -> None:
    g = position(["3S", "4S 5S", "6S 7S"])
    g.play(["3S"])
    assert g.settlement()["shut_out"] == [False, True, True]


def test_from_hands_spade3_rule_applies_when_the_leader_holds_it() -> None:
    g = position(["3S 9H", "4S 4H", "5S"], rules="club")
    assert g.check(["9H"]) == "must_include_spade3"
    g = position(["3H 9H", "4S", "3S"], rules="club")
    assert g.check(["9H"]) is None


def test_from_hands_rejects_bad_hands() -> None:
    with pytest.raises(ValueError, match="2H"):
        Game.from_hands([["2H"], ["3S"], ["4S"]])
    with pytest.raises(ValueError, match="3S"):
        Game.from_hands([["3S"], ["3S"], ["4S"]])
    with pytest.raises(ValueError, match="1H"):
        Game.from_hands([["1H"], ["3S"], ["4S"]])
    with pytest.raises(ValueError, match="AH"):
        Game.from_hands([["AH"], ["3S"], ["4S"]], rules="compact15")
    with pytest.raises(ValueError, match="three hands"):
        Game.from_hands([["3S"], ["4S"]])
    with pytest.raises(ValueError, match="seat"):
        Game.from_hands([["3S"], ["4S"], ["5S"]], leader=3)
    with pytest.raises(ValueError, match="unknown rules"):
        Game.from_hands([["3S"], ["4S"], ["5S"]], rules="poker")


def test_illegal_play_in_another_preset_raises() -> None:
    g = position(["3S 9H", "4S 4H", "5S 5H"], rules="classic16")
    with pytest.raises(IllegalPlay) as err:
        g.play(["9H"])
    assert err.value.code == "must_include_spade3"
    assert legal_ranks(g) == {"3"}


def test_spade3_rule_yields_when_no_play_could_contain_it() -> None:
    # Set up by hand: the next seat holds one card, so a lone ♠3 is not the highest
    # single; the leader may not be left without a play.
    g = position(["3S 9H", "4S", "5S 5H"], rules="classic16")
    assert legal_ranks(g) == {"9"}
    assert g.check(["9H"]) is None
    assert g.view(0)["spade3_first"] is False
