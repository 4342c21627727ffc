"""What a seat may know: ``Game.observation(seat)``, its JSON ``view`` and the way back."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest
from conftest import position, random_game, random_step

from paodekuai import RULES, Game, IllegalPlay, InvalidView, Observation
from paodekuai.ai import Bot
from paodekuai.review import replay

PRESETS = sorted(RULES)


def _tricks_by_hand(history: list[Any]) -> list[int]:
    """Where each action's trick began, worked out here from RULES.md: a trick
    ends when the two other seats pass in a row after its last play."""
    starts, start, passes = [], 0, 0
    for index, entry in enumerate(history):
        starts.append(start)
        if entry["cards"] is None:
            passes += 1
            if passes == 2:
                start, passes = index + 1, 0
        else:
            passes = 0
    return starts


@pytest.mark.parametrize("rules", PRESETS)
def test_the_view_is_the_observation_as_json_and_reads_back(rules: str) -> None:
    for seed in range(12):
        rng = random.Random(seed)
        g = Game.deal(seed, rules)
        while True:
            for seat in range(3):
                obs = g.observation(seat)
                view = g.view(seat)
                assert obs.to_json() == view
                assert Observation.from_view(json.loads(json.dumps(view))) == obs
                assert obs.counts == tuple(g.count(s) for s in range(3))
                assert obs.to_move == g.to_move and obs.over == g.over
                assert (obs.standing is None) == (g.standing is None)
            if g.over:
                break
            random_step(g, rng)
        assert g.observation(1).settlement is not None
        assert g.view(2)["settlement"] == g.settlement()


def test_once_the_hand_is_over_nothing_is_left_unseen() -> None:
    """The end of a hand shows every hand: the view's count of unseen cards is then all
    zeros, not the cards the others held (the table's counter must not contradict them)."""
    rng = random.Random(5)
    g = Game.deal(5, "standard")
    while not g.over:
        before = g.view(0)["unseen"]
        random_step(g, rng)
    assert any(n for _, n in before)  # cards were unseen just before the end
    for seat in range(3):
        view = g.view(seat)
        assert [n for _, n in view["unseen"]] == [0] * len(view["unseen"])
        assert Observation.from_view(json.loads(json.dumps(view))).to_json() == view


def test_a_card_shown_to_all_is_not_counted_unseen_while_its_holder_keeps_it() -> None:
    """compact15 deals one card face up: every seat has seen it, so the counter of cards not
    yet seen leaves it out until it is played (then it is out of every hand anyway)."""
    seed = next(s for s in range(100) if Game.deal(s, "compact15").view(0)["face_up"]["seat"] != 0)
    rng = random.Random(seed)
    g = Game.deal(seed, "compact15")
    card = g.view(0)["face_up"]["card"]
    while not g.over:
        view = g.view(0)
        held = card not in [c for entry in view["history"] for c in entry["cards"] or []]
        others = view["counts"][1] + view["counts"][2]
        assert sum(n for _, n in view["unseen"]) == others - held, view["history"]
        assert view["face_up_held"] is held  # (the table marks the holder while it is)
        random_step(g, rng)


def test_the_openers_spade_three_is_counted_unseen_until_it_is_played() -> None:
    """Where the ♠3 holder opens, everyone knows who holds it, but nobody has seen it: the
    counter of cards not yet seen counts it (a player counting the 3s must not find one
    missing) until it is played."""
    seed = next(s for s in range(100) if Game.deal(s, "standard").leader != 0)
    g = Game.deal(seed, "standard")
    view = g.view(0)
    assert {"card": "3S", "seat": g.leader} in view["known"]
    assert dict(view["unseen"])["3"] == 4 - sum(c.startswith("3") for c in view["hand"])
    rng = random.Random(seed)
    while not g.over:
        view = g.view(0)
        assert sum(n for _, n in view["unseen"]) == view["counts"][1] + view["counts"][2]
        random_step(g, rng)


@pytest.mark.parametrize("rules", PRESETS)
def test_trick_starts_follow_the_two_passes_rule(rules: str) -> None:
    for seed in range(30):
        g = random_game(seed, rules, steps=rng_steps(seed))
        view = g.view(0)
        expected = _tricks_by_hand(view["history"])
        assert [e["trick_start"] for e in view["history"]] == expected
        # The current trick: after the last action's trick, or a new one if it ended.
        ended = len(view["history"]) >= 2 and [e["cards"] for e in view["history"][-2:]] == [
            None,
            None,
        ]
        if view["history"] and not g.over:
            assert view["trick_start"] == (len(view["history"]) if ended else expected[-1])
            assert (view["standing"] is None) == ended


def rng_steps(seed: int) -> int:
    return 5 + seed * 7 % 60


def test_two_games_that_look_the_same_from_a_seat_give_it_the_same_observation() -> None:
    # The other two seats' unplayed cards are dealt between them again at random:
    # everything seat 0 is given must stay the same, bots' choices included.
    checked = 0
    for seed in range(40):
        rules = ("classic16", "compact15")[seed % 2]  # no must-beat: passes stay legal
        g = random_game(seed, rules, steps=4 + seed % 9)
        if g.over or g.to_move != 0:
            continue
        rng = random.Random(seed)
        hidden = g.hand(1) + g.hand(2)
        rng.shuffle(hidden)
        n1 = g.count(1)
        now = [g.hand(0), hidden[:n1], hidden[n1:]]
        played: list[list[str]] = [[], [], []]
        for seat, cards in g.history:
            played[seat] += cards or []
        twin = Game.from_hands(
            [now[s] + played[s] for s in range(3)], leader=g.leader, rules=rules
        )
        original = Game.from_hands(
            [g.initial_hand(s) for s in range(3)], leader=g.leader, rules=rules
        )
        try:
            for _, cards in g.history:
                for game in (original, twin):
                    if cards is None:
                        game.pass_turn()
                    else:
                        game.play(cards)
        except IllegalPlay:
            continue  # the new deal makes a past play illegal (the last card rule)
        assert twin.hand(1) != original.hand(1) or twin.hand(2) != original.hand(2)
        assert twin.observation(0) == original.observation(0)
        assert twin.view(0) == original.view(0)
        for level in ("easy", "medium", "hard"):
            mine = Bot(level, seed=seed, worlds=4).choose(original.observation(0))
            assert Bot(level, seed=seed, worlds=4).choose(twin.observation(0)) == mine
        checked += 1
    assert checked >= 10


def test_bots_take_the_observation_or_its_json_alike() -> None:
    g = random_game(21, "standard", steps=9)
    seat = g.to_move
    for level in ("easy", "medium", "hard"):
        by_obs = Bot(level, seed=3, worlds=3).choose(g.observation(seat))
        by_view = Bot(level, seed=3, worlds=3).choose(json.loads(json.dumps(g.view(seat))))
        assert by_obs == by_view
        assert by_obs is None or g.check(by_obs) is None


def _tampered(view: dict[str, Any], change: Any) -> dict[str, Any]:
    out = copy.deepcopy(view)
    change(out)
    return out


@pytest.mark.parametrize(
    ("change", "says"),
    [
        (lambda v: v.update(format=2), "format"),
        (lambda v: v.update(trick_start=0), "trick_start"),
        (lambda v: v["history"][-1].update(trick_start=1), "history"),
        (lambda v: v["history"][0].update(seat=(v["history"][0]["seat"] + 1) % 3), "seat"),
        (lambda v: v.update(to_move=(v["to_move"] + 1) % 3), "to_move"),
        (lambda v: v.update(passes=1 - v["passes"]), "passes"),
        (lambda v: v["unseen"][0].__setitem__(1, 0), "unseen"),
        (lambda v: v.update(spade3_first="yes"), "spade3_first"),
        (lambda v: v.update(leader=True), "leader"),
        (lambda v: v.update(counts=[1.0, 2, 3]), "counts"),
        (lambda v: v.update(counts=[*v["counts"], 0]), "counts"),
        (lambda v: v["history"][0].update(cards=v["history"][0]["cards"][:-1]), "read"),
        (lambda v: v["history"][0]["combo"].update(key="2"), "read"),
        (lambda v: v["history"].append(v["history"][0]), "seat|card"),
        (lambda v: v.update(hand=[*v["hand"], v["history"][0]["cards"][0]]), "count"),
        (lambda v: v.pop("history"), "history"),
        (lambda v: v.update(seat=3), "seat"),
    ],
)
def test_a_view_that_does_not_add_up_is_refused(change: Any, says: str) -> None:
    g = position(
        ["3S 3H 9S 10S", "4S 4H JS QS", "5S 5H KS 2S"],
        actions=["3S 3H", "4S 4H", "5S 5H", None, None],
    )
    view = json.loads(json.dumps(g.view(2)))
    assert Observation.from_view(view) == g.observation(2)
    with pytest.raises(InvalidView, match=says):
        Observation.from_view(_tampered(view, change))
    with pytest.raises(ValueError, match=says):
        Bot("easy").choose(_tampered(view, change))


@pytest.mark.parametrize(
    ("hands", "play", "shown"),
    [
        # A trio with two: the trio first, then what it carries.
        (
            [["3H", "5H", "KS", "KH", "KD", "4S"], ["7S", "8S"], ["9S", "10S"]],
            ["3H", "5H", "KS", "KH", "KD"],
            ["KS", "KH", "KD", "3H", "5H"],
        ),
        # A plane with wings: both trios, then the wings.
        (
            [["3S", "4S", "5S", "6S", "8S", "8H", "8D", "9S", "9H", "9D", "JC"], ["7S"], ["10S"]],
            ["3S", "4S", "5S", "6S", "8S", "8H", "8D", "9S", "9H", "9D"],
            ["8S", "8H", "8D", "9S", "9H", "9D", "3S", "4S", "5S", "6S"],
        ),
        # A straight reads low to high as it is.
        (
            [["3H", "4S", "5S", "6D", "7C", "JC"], ["7S"], ["10S"]],
            ["7C", "3H", "5S", "4S", "6D"],
            ["3H", "4S", "5S", "6D", "7C"],
        ),
    ],
)
def test_a_play_is_shown_core_first_in_the_view_and_the_replay(
    hands: list[list[str]], play: list[str], shown: list[str]
) -> None:
    game = Game.from_hands(hands, leader=0)
    game.play(play)
    for seat in range(3):
        assert game.view(seat)["history"][0]["cards"] == shown
    assert replay(game.to_dict())["steps"][1]["cards"] == shown
