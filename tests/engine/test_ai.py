"""Computer opponents: legal always, view-only, and each level's signature."""

from __future__ import annotations

import itertools
import json
import random

import pytest
from conftest import position, ranks_of, split

from paodekuai import RULES, Game
from paodekuai.ai import Bot, InvalidView, hard
from paodekuai.ai.endgame import Solver
from paodekuai.ai.hard import HardSearch
from paodekuai.ai.observation import Observation
from paodekuai.ai.rating import RatingSearch
from paodekuai.ai.sampling import WorldSampler
from paodekuai.combos import pack

PRESETS = sorted(RULES)


def _play_out(g: Game, bots: list[Bot]) -> None:
    while not g.over:
        seat = g.to_move
        cards = bots[seat].choose(g.view(seat))
        if cards is None:
            assert g.can_pass(), "a bot passed where the rules forbid it"
            g.pass_turn()
        else:
            assert g.check(cards) is None, (cards, g.check(cards))
            g.play(cards)


@pytest.mark.parametrize("rules", PRESETS)
@pytest.mark.parametrize("level", ["easy", "medium"])
def test_every_choice_is_legal(rules: str, level: str) -> None:
    for seed in range(60):
        g = Game.deal(seed, rules)
        _play_out(g, [Bot(level, seed=seed + s) for s in range(3)])
        assert sum(g.settlement()["total"]) == 0


@pytest.mark.parametrize("rules", PRESETS)
def test_hard_choices_are_legal(rules: str) -> None:
    for seed in range(3):
        g = Game.deal(seed, rules)
        _play_out(g, [Bot("hard", seed=seed, worlds=4), Bot("medium", seed=1), Bot("easy", seed=2)])


def test_mixed_levels_on_hand_set_positions() -> None:
    rng = random.Random(4)
    for trial in range(40):
        rules = PRESETS[trial % 4]
        deck = list(RULES[rules].deck)
        rng.shuffle(deck)
        sizes = [rng.randint(1, 7) for _ in range(3)]
        hands = [
            deck[: sizes[0]],
            deck[sizes[0] : sizes[0] + sizes[1]],
            deck[sum(sizes[:2]) : sum(sizes)],
        ]
        g = Game.from_hands(hands, leader=trial % 3, rules=rules)
        _play_out(g, [Bot("hard", seed=trial, worlds=3), Bot("medium"), Bot("easy")])


# --- a bot sees only its view -----------------------------------------------------------


def test_a_bot_gets_plain_json_and_nothing_else() -> None:
    g = Game.deal(21)
    view = g.view(g.to_move)
    clone = json.loads(json.dumps(view))
    assert clone == view
    for level in ("easy", "medium", "hard"):
        assert Bot(level, seed=3, worlds=3).choose(view) == Bot(level, seed=3, worlds=3).choose(
            clone
        )


def test_hidden_cards_do_not_change_a_bots_choice() -> None:
    # Two games that look the same from seat 0 but differ in the others' hands:
    # a bot that could peek would be able to tell them apart.
    mine = "3S 4S 5S 6S 7S 9H 9D JS JH KD"
    first = position([mine, "8S 8H 10S QS QH AH", "8D 10H QD KS KH 2S"])
    second = position([mine, "8D 10H QD KS KH 2S", "8S 8H 10S QS QH AH"])
    assert first.view(0) == second.view(0)
    for level in ("easy", "medium", "hard"):
        a = Bot(level, seed=9, worlds=6).choose(first.view(0))
        b = Bot(level, seed=9, worlds=6).choose(second.view(0))
        assert a == b


def test_a_view_of_another_seat_or_a_finished_hand_is_refused() -> None:
    g = position(["3S 4S", "5S 6S", "7S 8S"])
    with pytest.raises(InvalidView):
        Bot("easy").choose(g.view(1))
    with pytest.raises(InvalidView):
        Bot("easy").choose({"format": 1, "rules": "standard"})


def test_unknown_level_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown level"):
        Bot("grandmaster")


# --- signature behaviours -------------------------------------------------------------------


def test_easy_beats_with_the_smallest_play() -> None:
    g = position(["5S 3C", "6S 9S KS 2S", "JS JH"], actions=["5S"])
    assert Bot("easy").choose(g.view(1)) == ["6S"]


def test_easy_does_not_bomb_a_three_when_it_need_not() -> None:
    # classic16: a plain answer exists, so the bomb stays home.
    g = position(
        ["3S 4C 4D", "9S 9H 9D 9C 5S 6S 7S", "JS JH QS QH"], rules="classic16", actions=["3S"]
    )
    assert Bot("easy").choose(g.view(1)) == ["5S"]
    # Only the bomb beats, nobody is close to going out, and passing is allowed.
    g = position(
        ["3S 4C 5C 6C 7C KD KH QD QH", "9S 9H 9D 9C JS", "JH JD QS 10S"],
        rules="classic16",
        actions=["3S 4C 5C 6C 7C"],
    )
    assert Bot("easy").choose(g.view(1)) is None


def test_medium_leads_a_straight_that_clears_low_singles() -> None:
    mine = "3S 4H 5D 6C 7S 9S 9H QS QH KS KH KD 2S"
    g = position([mine, "3H 4S 5S 8S 8H 10S JS", "3D 4D 6S 7H 10H JH AH"])
    play = Bot("medium").choose(g.view(0))
    assert play is not None and ranks_of(play) == "3 4 5 6 7"
    assert ranks_of(Bot("easy").choose(g.view(0)) or []) != "3"


def test_medium_does_not_lead_a_beatable_single_into_a_one_card_seat() -> None:
    g = position(["3S 3H 9S 10S", "KH", "4S 5S 6S 7S"])
    play = Bot("medium").choose(g.view(0))
    assert play is not None and ranks_of(play) == "3 3"


def test_medium_forces_the_seat_before_a_one_card_player() -> None:
    # Seat 2 holds one card; seat 1 sits before it and must answer a single with
    # its highest. Medium (seat 0) leads its lowest single to make it spend.
    g = position(["4S 8H JD", "5S 9S KS 2S QH", "10C"])
    play = Bot("medium").choose(g.view(0))
    assert play == ["4S"]


def test_nobody_splits_a_bomb() -> None:
    for seed in range(40):
        for level in ("easy", "medium"):
            g = Game.deal(seed, "classic16")
            bots = [Bot(level, seed=s) for s in range(3)]
            while not g.over:
                seat = g.to_move
                hand = g.hand(seat)
                cards = bots[seat].choose(g.view(seat))
                if cards is None:
                    g.pass_turn()
                    continue
                for rank in {c[:-1] for c in cards}:
                    held = sum(1 for c in hand if c[:-1] == rank)
                    used = sum(1 for c in cards if c[:-1] == rank)
                    assert held < 4 or used == 4, (level, seed, cards, hand)
                g.play(cards)


def test_seeded_levels_repeat_their_choices_without_a_budget() -> None:
    g = Game.deal(31)
    view = g.view(g.to_move)
    for level in ("easy", "medium", "hard"):
        runs = {json.dumps(Bot(level, seed=4).choose(view)) for _ in range(2)}
        assert len(runs) == 1


def test_hard_evaluates_its_candidates_and_a_played_action() -> None:
    g = position(["9S 9H 3C", "10S 10H 4S 5S", "JS QS KS"], actions=["9S 9H"])
    evaluations = Bot("hard", seed=1, worlds=8).evaluate(g.view(1), played=[["10S", "10H"]])
    plays = [play for play, _ in evaluations]
    assert ["10S", "10H"] in plays
    values = [value for _, value in evaluations]
    assert values == sorted(values, reverse=True)


def test_hard_plays_from_16_candidates_while_the_coach_and_review_rate_10() -> None:
    # The coach's agreement figures were measured with 10 candidates, and the
    # review prunes nothing: only Hard's own play (and so Hint) searches 16.
    g = Game.deal(31)
    obs = g.observation(g.to_move)
    moves = obs.legal_moves()
    assert len(moves) > 16
    search = HardSearch(obs, random.Random(0))
    rated = search.candidates(moves)
    own = search.candidates(moves, limit=hard.MAX_CANDIDATES)
    assert (hard.RATED_CANDIDATES, hard.MAX_CANDIDATES) == (10, 16)
    assert len(rated) == 10 and len(own) == 16
    assert own[:10] == rated  # the same ranking, six more of it
    coach = RatingSearch(obs, rated[3], random.Random(0)).result()
    assert [c.move for c in coach.candidates] == rated
    played = Bot._cards(obs, rated[3])
    review = Bot("hard", seed=1, worlds=1).evaluate(g.view(g.to_move), played=[played])
    assert sorted(map(str, (cards for cards, _ in review))) == sorted(
        str(Bot._cards(obs, m)) for m in rated
    )


# An endgame reached by three Medium bots on a dealt hand (frozen as actions):
# seat 0 leads with 6 6 J K; seat 1 holds two cards, seat 2 five. In every deal
# of the unseen cards that agrees with the passes so far, exactly one lead wins
# for sure (the J), and Medium leads another.
ENDGAME_DEAL = 2132
ENDGAME_ACTIONS = [
    "3S 3H", "9S 9H", "KD KC", None, None, "3D 3C", "4S 4H", "5S 5C", "AH AD", None, None,
    "4D", "7H", "10S", "QS", "KH", "AC", "2S", None, None, "4C 5H 6C 7S 8S",
    "5D 6S 7D 8H 9C", "8D 9D 10C JD QD", None, None, "QC", None, None,
]  # fmt: skip


def _consistent_world_values(g: Game) -> dict[str, list[int]]:
    """Exact final total of seat 0 for each legal lead, in every deal of the unseen
    cards that agrees with what the passes proved."""
    obs = Observation.from_view(g.view(0))
    checker = WorldSampler(obs, random.Random(0))
    pool = [r for r in range(13) for _ in range(obs.unseen[r])]
    worlds = set()
    for chosen in itertools.combinations(range(len(pool)), obs.counts[1]):
        first, second = [0] * 13, [0] * 13
        for i, r in enumerate(pool):
            (first if i in chosen else second)[r] += 1
        hands = [pack(obs.hand), pack(first), pack(second)]
        if checker.consistent(hands):
            worlds.add(tuple(hands))
    assert len(worlds) > 1
    values = {}
    for move in obs.legal_moves():
        totals = []
        for hands in worlds:
            pos = obs.position_with(list(hands))
            pos.play(move)
            totals.append(Solver(100_000).value(pos)[0])
        values[ranks_of(g.cards_for(move))] = totals
    return values


def test_hard_finds_the_forced_win_in_a_small_endgame() -> None:
    g = Game.deal(ENDGAME_DEAL)
    for action in ENDGAME_ACTIONS:
        g.pass_turn() if action is None else g.play(split(action))
    assert g.to_move == 0 and g.hand(0) == split("6H 6D JC KS")
    values = _consistent_world_values(g)
    sure_wins = [play for play, totals in values.items() if min(totals) > 0]
    assert sure_wins == ["J"]
    assert Bot("medium").choose(g.view(0)) != ["JC"]
    for seed in range(4):
        assert Bot("hard", seed=seed).choose(g.view(0)) == ["JC"]


def test_split_helper() -> None:
    assert split("3S 4S") == ["3S", "4S"]
