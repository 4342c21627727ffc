"""What the table shows on the person's turn, all from the engine: the cards in
no legal play (greyed), the cards the last card rule keeps from going as a
single (marked apart), and the status line's prompt worded from the same facts
as the buttons (whether anything beats, whether a pass is allowed, the ♠3 of a
first play, the last card rule)."""

from __future__ import annotations

import random

from conftest import position

from paodekuai import Game
from paodekuai.cards import RANKS
from paodekuai.combos import Combo
from paodekuai.rules import Kind
from paodekuai.service import snapshot
from paodekuai.text import combo_text


def test_a_legal_pair_is_never_greyed_when_the_next_seat_holds_one_card() -> None:
    # Seat 1 (next after you) holds one card; you follow a pair of 8s with queens in hand.
    g = position(["9S QS QH KS", "3H", "8H 8D 4H"], leader=2, actions=["8H 8D"])
    assert g.unplayable() == ["9S", "KS"]
    assert g.single_barred() == []  # a pair is to beat: singles do not matter now
    assert g.barred_singles() == ["9S", "QS", "QH"]  # what the table used to grey


def test_leading_under_the_last_card_rule_marks_the_barred_singles_apart() -> None:
    g = position(["9S QS QH KS", "3H", "8H 8D 4H"], leader=0)
    assert g.unplayable() == ["9S"]  # QQ is a pair, K the single you may lead
    assert g.single_barred() == ["9S", "QS", "QH"]
    prompt = g.prompt()
    assert prompt.en == "Your lead. Next player on one card: a single must be ♠K."
    assert prompt.zh == "轮到你先出。下家报单：单张只能出最大的黑桃K。"


def test_following_a_single_under_the_last_card_rule() -> None:
    g = position(["9S 10S KS 2S", "3H", "8H 4H"], leader=2, actions=["8H"])
    assert g.unplayable() == ["9S", "10S", "KS"]
    assert g.single_barred() == ["9S", "10S", "KS"]
    assert g.prompt().en == (
        "Your turn: beat the single 8. "
        "Next player on one card: a single must be ♠2."
    )


def test_with_two_of_the_forced_rank_the_last_card_rule_names_the_rank_not_a_suit() -> None:
    # Suits never matter: either ace will do, so the table must not name one of them.
    g = position(["9S AD AC", "3H", "8H 4H"], leader=2, actions=["8H"])
    assert g.prompt().en == (
        "Your turn: beat the single 8. Next player on one card: a single must be one of your aces."
    )
    assert g.prompt().zh == "请选能压过单张8的牌。下家报单：单张只能出最大的A（任意一张）。"
    assert g.check(["AC"]) is None and g.check(["AD"]) is None
    refused = g.judge(["9S"], seat=0)
    assert not refused.legal and "one of your aces" in refused.message.en


def test_nothing_beats_the_prompt_says_pass() -> None:
    g = position(["3S 4S", "9H", "KH 5D"], leader=2, actions=["KH"])
    assert g.legal_plays() == [] and g.can_pass()
    assert g.unplayable() == ["3S", "4S"]
    assert g.prompt().en == "You can't beat the single K: pass."
    assert g.prompt().zh == "压不过单张K：只能不出。"


def test_the_refused_pass_names_the_lowest_play_that_beats_as_a_fact_not_advice() -> None:
    # Hint's first suggestion is the search's choice and may be another play: the refusal
    # states a fact (the lowest that beats), the first of the order Hint then cycles through.
    g = position(["6S 9H 9D KC 7H", "4H 4D 8C", "QH 5D 3C"], leader=2, actions=["5D"])
    refusal = g.pass_refusal()
    assert refusal is not None
    assert refusal.message.en == "You can't pass: you can beat it (your single 6, for one)."
    assert refusal.message.zh == "有牌必压，不能不出（比如单张6就压得过）。"
    assert g.cards_for(g.suggested_moves()[0]) == ["6S"]
    assert g.timeout_action() == ["6S"]


def test_must_beat_the_prompt_offers_no_pass_and_may_pass_presets_do() -> None:
    g = position(["3S 10S", "9H 6C", "KH 5D"], leader=2, actions=["5D"])
    assert not g.can_pass()
    assert g.prompt().en == "Your turn: beat the single 5."
    assert "or pass" not in g.prompt().en
    assert g.prompt().zh == "请选能压过单张5的牌。"
    # The rule is said once, as the reason the pass is refused.
    refusal = g.pass_refusal()
    assert refusal is not None and "You can't pass" in refusal.message.en
    free = position(["3S 10S", "9H 6C", "KH 5D"], leader=2, rules="classic16", actions=["5D"])
    assert free.can_pass()
    assert free.prompt().en == "Select cards that beat the single 5, or pass."


def test_a_first_play_with_spade3_says_so_and_the_pass_reason_does_not_contradict_it() -> None:
    g = next(g for s in range(100) if (g := Game.deal(s, "club")).to_move == 0)
    you = snapshot(g)["you"]
    assert you is not None
    assert you["prompt"]["en"] == "Your lead: the first play must include ♠3."
    assert you["prompt"]["zh"] == "轮到你先出：第一手牌必须包含黑桃3。"
    refusal = you["pass_refusal"]["message"]["en"]
    assert "any combination" not in refusal and "cannot pass" in refusal
    # Only plays with ♠3 are legal: another 3 is usable only where a play takes two 3s.
    threes = [c for c in g.hand(0) if c.startswith("3")]
    in_plays = {c for play in g.legal_plays() for c in play}
    assert all(c in in_plays for c in g.hand(0) if c not in you["greyed"])
    if len(threes) == 1:
        assert not any(len([c for c in p if c.startswith("3")]) > 1 for p in g.legal_plays())


def test_the_judgement_of_an_empty_selection_is_the_prompt() -> None:
    g = position(["3S 10S", "9H 6C", "KH 5D"], leader=2, actions=["5D"])
    judged = g.judge([])
    assert not judged.legal and judged.code is None
    assert judged.message == g.prompt()


def test_greyed_cards_are_exactly_those_in_no_legal_play_over_random_games() -> None:
    rng = random.Random(7)
    checked = 0
    for seed in range(40):
        for rules in ("standard", "classic16", "compact15", "club"):
            g = Game.deal(seed, rules)
            while not g.over:
                plays = g.legal_plays()
                hand = g.hand(g.to_move)
                # Brute force over suits: a card is usable when it can stand in a listed play for
                # a card of its rank (the engine lists one play per rank multiset).
                usable = {card for card in hand if any(_fits(g, play, card) for play in plays)}
                assert g.unplayable() == [c for c in hand if c not in usable]
                checked += 1
                if plays and (not g.can_pass() or rng.random() < 0.7):
                    g.play(rng.choice(plays))
                else:
                    g.pass_turn()
    assert checked > 1000


def _fits(g: Game, play: list[str], card: str) -> bool:
    """Whether `card` can be in `play` in place of a card of its rank, the play still legal."""
    if card in play:
        return True
    same = [c for c in play if c[:-1] == card[:-1]]
    return any(g.check([card if c == other else c for c in play]) is None for other in same)


def test_a_trio_with_cards_is_named_in_chinese_with_its_rank_as_the_other_plays_are() -> None:
    # "三个K带二" as "对8" and "单张6" name their rank, not a bare rank in brackets.
    g = position(
        ["KS KH KD 4S 6S 9H", "3H 8C", "5H 5D 5C 7C 9C QH"], leader=2, actions=["5H 5D 5C 7C 9C"]
    )
    assert g.prompt().en == "Your turn: beat the trio of 5s with two."
    assert g.prompt().zh == "请选能压过三个5带二的牌。"
    refusal = g.pass_refusal()
    assert refusal is not None
    assert refusal.message.en == (
        "You can't pass: you can beat it (your trio of kings with two, for one)."
    )
    assert refusal.message.zh == "有牌必压，不能不出（比如三个K带二就压得过）。"
    # The trio's other kinds read the same way.
    assert combo_text(Combo(Kind.TRIO_ONE, 1, RANKS.index("K"))).zh == "三个K带一"
    assert combo_text(Combo(Kind.TRIO_PAIR, 1, RANKS.index("8"))).zh == "三个8带一对"


def test_a_run_of_pairs_is_named_by_its_span_alone() -> None:
    # "run of 2 pairs 3 to 4" said the count twice, and read as a run of two.
    run = Combo(Kind.PAIR_RUN, 2, RANKS.index("4"))
    assert combo_text(run).en == "run of pairs 3 to 4"
    assert combo_text(run).zh == "连对3-4"
    longer = Combo(Kind.PAIR_RUN, 3, RANKS.index("8"))
    assert combo_text(longer).en == "run of pairs 6 to 8"
    assert combo_text(longer).zh == "连对6-8"
