"""The coach's one line of why, as a player reads it: the consequence first, then how
often it happened among the tries where the play scored less, in English and Chinese.

The ratings are made by hand (the search is not run) so each branch of the line is met
with known counts."""

from __future__ import annotations

import pytest

from paodekuai.ai.planner import plan_packed
from paodekuai.ai.rating import Candidate, Outcome, Rating
from paodekuai.coach import _broken_group, _shape_reason, _verdict_text, _why
from paodekuai.combos import Move, pack
from paodekuai.game import Game
from paodekuai.protocol import ComboJson, Message, ReviewOption
from paodekuai.text import combo_text

#: Seat 0 holds a straight 3-7, the pair of 9s and the single K; the others hold the rest.
HANDS = [
    ["3S", "4H", "5D", "6C", "7S", "9S", "9H", "KS"],
    ["8S", "8H", "10S", "JS", "QS", "AH", "AD", "2S"],
    ["10H", "JH", "QH", "KH", "AC", "8D", "4S", "5S"],
]


def _game() -> Game:
    return Game.from_hands(HANDS, leader=0)


def _move(game: Game, cards: str) -> Move:
    wanted = sorted(cards.split())
    return next(m for m in game.legal_moves() if sorted(game.cards_for(m)) == wanted)


def _opponent_move(cards: str) -> Move:
    """A play of seat 1 or 2, found among the moves it could lead."""
    game = Game.from_hands([HANDS[1], HANDS[0], HANDS[2]], leader=0)
    return _move(game, cards)


def _outcomes(*runs: tuple[int, Outcome]) -> list[Outcome]:
    """Tries in runs: (how many, the outcome)."""
    return [outcome for times, outcome in runs for _ in range(times)]


def _lost(winner: int, last: Move | None = None) -> Outcome:
    """A try the played action scores less in (-5 against the best play's 10)."""
    return Outcome(winner, last, 0 if winner == 0 else 5, 4 if winner == 0 else -5)


#: A try where it does as well as the best play.
EVEN = Outcome(0, None, 0, 10)

# (your play, the best play, the tries, the line in English, in Chinese): your play and
# the best are cards of seat 0's hand (None: a pass); the best play scores 10 in every try.
CASES = [
    pytest.param(
        # The pair of 9s against the K: no group broken, as many plays left; in the 4
        # tries where it scores less you still go out, for 4 points, not 10.
        "9S 9H",
        "KS",
        _outcomes((3, _lost(0)), (2, EVEN), (1, _lost(0))),
        "After it, you still go out first, but for fewer points"
        " (in all 4 tries where this play did worse).",
        "这样打，你仍先出完，但得分更少（此打法较差的4次试算全是如此）。",
        id="you-go-out-for-fewer-points",
    ),
    pytest.param(
        # The next player goes out in 4 of the 8 (under two thirds: "often"), each time
        # with another single: no play stands out.
        "9S 9H",
        "KS",
        [_lost(1, _opponent_move(c)) for c in ("8S", "10S", "JS", "QS")]
        + _outcomes((3, _lost(2)), (1, _lost(0))),
        "After it, the next player often goes out first"
        " (in 4 of the 8 tries where this play did worse).",
        "这样打，下家常常先出完（此打法较差的8次试算中有4次）。",
        id="a-player-goes-out",
    ),
    pytest.param(
        # More than half but under two thirds (5 of 9) is no "usually": a coin toss
        # reads as "often".
        "9S 9H",
        "KS",
        _outcomes((5, _lost(1)), (4, _lost(2))),
        "After it, the next player often goes out first"
        " (in 5 of the 9 tries where this play did worse).",
        "这样打，下家常常先出完（此打法较差的9次试算中有5次）。",
        id="over-half-is-not-usually",
    ),
    pytest.param(
        "9S 9H",
        "KS",
        _outcomes(
            (13, _lost(2, _opponent_move("AH AD"))),
            (9, _lost(1)),
            (5, _lost(2, _opponent_move("2S"))),
            (3, EVEN),
        ),
        "After it, the player before you usually goes out first"
        " (in 18 of the 27 tries where this play did worse), most often with the pair of aces.",
        "这样打，上家多半先出完（此打法较差的27次试算中有18次），多以对A出完。",
        id="a-player-goes-out-with-a-play",
    ),
    pytest.param(
        "3S",
        "3S 4H 5D 6C 7S",
        _outcomes((20, _lost(1)), (4, _lost(2))),
        "It breaks your straight 3 to 7; after it, the next player usually goes out first"
        " (in 20 of the 24 tries where this play did worse).",
        "拆了你的顺子3-7；这样打，下家多半先出完（此打法较差的24次试算中有20次）。",
        id="breaks-a-group",
    ),
    pytest.param(
        # Every try where it does worse: "all", no "usually" ("6 of the 6 tries").
        "9S 9H",
        "KS",
        _outcomes((6, _lost(1)), (2, EVEN)),
        "After it, the next player goes out first (in all 6 tries where this play did worse).",
        "这样打，下家先出完（此打法较差的6次试算全是如此）。",
        id="every-try",
    ),
    pytest.param(
        # Passing (as if it could) keeps all four plays; leading the K leaves three.
        None,
        "KS",
        _outcomes((6, EVEN)),
        "It leaves you 3 plays to go out, not 2.",
        "之后要3手才能出完，本可2手。",
        id="more-plays-left",
    ),
    pytest.param(
        # No try where it scores less one by one (the loss is on average only) and no
        # group broken: the fallback line.
        "9S 9H",
        "KS",
        _outcomes((6, EVEN)),
        "On average over the tries, it scores less than the best play.",
        "在所有试算中，它的平均得分低于最佳出法。",
        id="fallback",
    ),
]


@pytest.mark.parametrize(("mine", "best", "outcomes", "en", "zh"), CASES)
def test_the_why_line_says_the_consequence_then_how_often(
    mine: str | None, best: str, outcomes: list[Outcome], en: str, zh: str
) -> None:
    game = _game()
    played = Candidate(None if mine is None else _move(game, mine), outcomes)
    top = Candidate(_move(game, best), [EVEN] * len(outcomes))
    rating = Rating([played, top], 0, 1, len(outcomes), 5.0, 0.5, "mistake")
    text = _why(game.observation(0), rating)
    assert (text.en, text.zh) == (en, zh)
    assert "deals tried" not in text.en


def test_going_out_now_and_a_single_try_read_as_words() -> None:
    game = Game.from_hands([["3S", "4H", "5D", "6C", "7S"], HANDS[1], HANDS[2]], leader=0)
    straight = _move(game, "3S 4H 5D 6C 7S")
    played = Candidate(None, [Outcome(2, None, 5, -5), Outcome(0, None, 0, 10)])
    top = Candidate(straight, [Outcome(0, None, 0, 10)] * 2)
    rating = Rating([played, top], 0, 1, 2, 5.0, 0.5, "mistake")
    text = _why(game.observation(0), rating)
    assert text.en == (
        "It leaves you 1 play to go out instead of going out now; after it, the player"
        " before you goes out first (in the one try where this play did worse)."
    )
    assert (
        text.zh
        == "之后要1手才能出完，本可这手出完；这样打，上家先出完（此打法较差的唯一一次试算）。"
    )


def test_a_good_play_that_loses_less_than_a_tenth_reads_as_good_as_the_best() -> None:
    # The review shows losses to one decimal: "Good: within 0.0 points of the single 7" read
    # as a riddle next to "lost 0.0".
    text: Message = {"en": "single 7", "zh": "单张7"}
    best: ReviewOption = {
        "cards": ["7S"],
        "combo": {"kind": "single", "k": 1, "key": "7", "text": text},
        "expected": 0.0,
        "worlds": 60,
        "played": False,
        "best": True,
    }
    mine: ReviewOption = {
        **best,
        "cards": ["5S"],
        "combo": {"kind": "single", "k": 1, "key": "5", "text": {"en": "single 5", "zh": "单张5"}},
        "played": True,
        "best": False,
    }
    near = _verdict_text("good", 0.04, best, mine)
    assert (near.en, near.zh) == ("As good as the best play found.", "和最佳出法一样好。")
    off = _verdict_text("good", 0.3, best, mine)
    assert off.en == "Good: within 0.3 points of the single 7."
    mistake = _verdict_text("mistake", 7.8, best, mine)
    assert mistake.en == "Mistake: the single 7 was worth 7.8 points more."
    pass_best: ReviewOption = {**best, "cards": None, "combo": None}
    passing = _verdict_text("inaccuracy", 1.2, pass_best, mine)
    assert passing.en == "Inaccuracy: passing was worth 1.2 points more."


def test_a_best_play_of_the_same_name_as_yours_is_told_apart_by_its_cards() -> None:
    # "Mistake: the trio of aces with two was worth 15.1 points more." beside your own trio
    # of aces with two read as nonsense: only the extras differed.
    text: Message = {"en": "trio of aces with two", "zh": "三个A带二"}
    combo: ComboJson = {"kind": "trio_two", "k": 1, "key": "A", "text": text}
    best: ReviewOption = {
        "cards": ["AS", "AH", "AD", "5C", "6C"],
        "combo": combo,
        "expected": 20.5,
        "worlds": 60,
        "played": False,
        "best": True,
    }
    mine: ReviewOption = {
        **best,
        "cards": ["AS", "AH", "AD", "KC", "2S"],
        "played": True,
        "best": False,
    }
    mistake = _verdict_text("mistake", 15.1, best, mine)
    assert (
        mistake.en == "Mistake: the trio of aces with two (A A A 5 6) was worth 15.1 points more."
    )
    assert mistake.zh == "失误：三个A带二（A A A 5 6）多得15.1分。"
    good = _verdict_text("good", 0.6, best, mine)
    assert good.en == "Good: within 0.6 points of the trio of aces with two (A A A 5 6)."


#: Three 7s in a hand with the straight 3 to 8: the planner makes it the straight and a
#: pair of 7s.
SEVENS = [
    "3H",
    "4C",
    "5C",
    "6S",
    "7S",
    "7D",
    "7C",
    "8D",
    "10S",
    "10H",
    "JD",
    "QS",
    "KS",
    "KH",
    "AH",
    "2S",
]


def test_a_play_breaks_the_group_it_leaves_short_not_one_its_rank_is_part_of() -> None:
    # A 7 played from three 7s was said to "break your straight 3 to 8": the straight is
    # still whole (two 7s are left); the pair of 7s is what it splits up.
    deck = [code for seat in range(3) for code in Game.deal(1).view(seat)["hand"]]
    rest = [code for code in deck if code not in SEVENS]
    game = Game.from_hands([SEVENS, rest[:16], rest[16:]], leader=0)
    obs = game.observation(0)
    plan = plan_packed(pack(obs.hand), obs.rules).moves
    names = [combo_text(group.combo).en for group in plan]
    assert "pair of 7s" in names and "straight 3 to 8" in names
    seven = _move(game, "7S")
    for groups in (plan, plan[::-1]):  # whichever the plan lists first
        broken = _broken_group(pack(obs.hand) - seven.packed, seven.packed, groups)
        assert broken is not None and combo_text(broken.combo).en == "pair of 7s"
    reason = _shape_reason(obs, seven, _move(game, "10S 10H"))
    assert reason is not None and reason.en == "it breaks your pair of 7s"
    # All three 7s (as a trio with two) leave the straight a 7 short.
    trio = _shape_reason(obs, _move(game, "7S 7D 7C 10S 10H"), _move(game, "10S 10H"))
    assert trio is not None and trio.en == "it breaks your straight 3 to 8"
    # A pair of the three 7s leaves one for the straight: nothing is broken.
    assert _shape_reason(obs, _move(game, "7S 7D"), _move(game, "10S 10H")) is None
