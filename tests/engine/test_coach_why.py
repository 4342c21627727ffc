"""The coach's one line of why, as a player reads it: the consequence first, then how
often it happened among the tries where the play scored less, in English and Chinese.

The ratings are made by hand (the search is not run) so each branch of the line is met
with known counts."""

from __future__ import annotations

from paodekuai.ai.rating import Candidate, Outcome, Rating
from paodekuai.coach import _why
from paodekuai.combos import Move
from paodekuai.game import Game

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


def _why_of(
    mine: Move | None, best: Move | None, outcomes: list[Outcome], best_total: int = 10
) -> tuple[str, str]:
    game = _game()
    played = Candidate(mine, outcomes)
    top = Candidate(best, [Outcome(0, None, 0, best_total) for _ in outcomes])
    rating = Rating([played, top], 0, 1, len(outcomes), 5.0, 0.5, "mistake")
    text = _why(game.observation(0), rating)
    return text.en, text.zh


def test_you_go_out_first_but_for_fewer_points() -> None:
    game = _game()
    # Leading the pair of 9s (a group of the plan) against the straight: no group broken,
    # as many plays left; in the 4 tries where it scores less you still go out, for 4 not 10.
    outcomes = (
        [Outcome(0, None, 0, 4)] * 3 + [Outcome(1, None, 3, 10)] * 2 + [Outcome(0, None, 0, 4)]
    )
    en, zh = _why_of(_move(game, "9S 9H"), _move(game, "KS"), outcomes)
    assert en == (
        "After it, you usually still go out first, but for fewer points"
        " (4 of the 4 tries where it scores less)."
    )
    assert zh == "这样打，你多半仍先出完，但得分更少（4次较差的试算中4次）。"


def test_a_player_goes_out_first_with_no_play_standing_out() -> None:
    game = _game()
    # The next player goes out in 4 of the 8 (no more than half: "often"), each time
    # with another single.
    plays = ["8S", "10S", "JS", "QS"]
    outcomes = (
        [Outcome(1, _opponent_move(c), 5, -5) for c in plays]
        + [Outcome(2, None, 5, -5)] * 3
        + [Outcome(0, None, 0, 4)]
    )
    en, zh = _why_of(_move(game, "9S 9H"), _move(game, "KS"), outcomes)
    assert (
        en
        == "After it, the next player often goes out first (4 of the 8 tries where it scores less)."
    )
    assert zh == "这样打，下家常常先出完（8次较差的试算中4次）。"
    assert "deals tried" not in en


def test_a_player_goes_out_first_most_often_with_one_play() -> None:
    game = _game()
    aces = _opponent_move("AH AD")
    outcomes = (
        [Outcome(2, aces, 5, -5)] * 12
        + [Outcome(1, None, 5, -5)] * 10
        + [Outcome(2, _opponent_move("2S"), 5, -5)] * 5
        + [Outcome(0, None, 0, 10)] * 3
    )
    en, zh = _why_of(_move(game, "9S 9H"), _move(game, "KS"), outcomes)
    assert en == (
        "After it, the player before you usually goes out first"
        " (17 of the 27 tries where it scores less), most often with the pair of aces."
    )
    assert zh == "这样打，上家多半先出完（27次较差的试算中17次），多以对A出完。"


def test_breaking_a_group_leads_the_line() -> None:
    game = _game()
    outcomes = [Outcome(1, None, 5, -5)] * 20 + [Outcome(2, None, 5, -5)] * 4
    en, zh = _why_of(_move(game, "3S"), _move(game, "3S 4H 5D 6C 7S"), outcomes)
    assert en == (
        "It breaks your straight 3 to 7; after it, the next player usually goes out first"
        " (20 of the 24 tries where it scores less)."
    )
    assert zh == "拆了你的顺子3-7；这样打，下家多半先出完（24次较差的试算中20次）。"


def test_more_plays_left_to_go_out() -> None:
    game = _game()
    # Passing (as if it could) keeps all four plays; leading the K leaves three.
    outcomes = [Outcome(0, None, 0, 10)] * 6
    en, zh = _why_of(None, _move(game, "KS"), outcomes)
    assert en == "It leaves you 3 plays to go out, not 2."
    assert zh == "之后要3手才能出完，本可2手。"


def test_the_fallback_when_nothing_stands_out() -> None:
    game = _game()
    # No tries where it scores less one by one (the loss is on average only) and no
    # group broken: the fallback line.
    outcomes = [Outcome(0, None, 0, 10)] * 6
    en, zh = _why_of(_move(game, "9S 9H"), _move(game, "KS"), outcomes)
    assert en == "On average over the tries, it scores less than the best play."
    assert zh == "在所有试算中，它的平均得分低于最佳出法。"


def test_going_out_now_and_a_single_try_read_as_words() -> None:
    game = Game.from_hands([["3S", "4H", "5D", "6C", "7S"], HANDS[1], HANDS[2]], leader=0)
    straight = _move(game, "3S 4H 5D 6C 7S")
    played = Candidate(None, [Outcome(2, None, 5, -5), Outcome(0, None, 0, 10)])
    top = Candidate(straight, [Outcome(0, None, 0, 10)] * 2)
    rating = Rating([played, top], 0, 1, 2, 5.0, 0.5, "mistake")
    text = _why(game.observation(0), rating)
    assert text.en == (
        "It leaves you 1 play to go out instead of going out now; after it, the player"
        " before you usually goes out first (the one try where it scores less)."
    )
    assert (
        text.zh == "之后要1手才能出完，本可这手出完；这样打，上家多半先出完（唯一一次较差的试算）。"
    )
