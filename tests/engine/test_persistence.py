"""to_dict / from_dict: versioned, exact, and refusing anything impossible."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from conftest import position, random_game

from paodekuai import Game, InvalidGame


@pytest.mark.parametrize("rules", ["standard", "classic16", "compact15", "club"])
def test_round_trip_mid_hand_and_finished(rules: str) -> None:
    for steps in (0, 7, 25, 500):
        g = random_game(3, rules, steps)
        data = json.loads(json.dumps(g.to_dict()))
        back = Game.from_dict(data)
        assert back == g
        for seat in range(3):
            assert back.view(seat) == g.view(seat)
        assert back.legal_plays() == g.legal_plays()
        assert back.can_pass() == g.can_pass()
        if g.over:
            assert back.settlement() == g.settlement()


def test_round_trip_of_a_game_set_up_by_hand() -> None:
    g = position(["3S 4S 9H", "5S 6S", "7S 8S"], actions=["3S", "5S", "7S"])
    assert Game.from_dict(g.to_dict()) == g


def _tamper(data: dict[str, Any], **changes: Any) -> dict[str, Any]:
    out = copy.deepcopy(data)
    out.update(changes)
    return out


@pytest.fixture
def saved() -> dict[str, Any]:
    g = random_game(8, "standard", 12)
    g.level = "medium"
    assert g.leader == 1  # so ``true`` would equal it under a loose check
    return dict(g.to_dict())


def test_the_level_is_kept_with_the_game() -> None:
    g = Game.deal(5, "club", level="hard")
    g.play(g.legal_plays()[0])
    back = Game.from_dict(json.loads(json.dumps(g.to_dict())))
    assert back.level == "hard" and back == g
    assert Game.from_dict(Game.deal(5).to_dict()).level is None


def test_a_version_1_save_still_loads_without_a_level() -> None:
    g = random_game(8, "classic16", 30)
    old = {k: v for k, v in g.to_dict().items() if k not in ("deal_code", "level")}
    old["version"] = 1
    back = Game.from_dict(old)
    assert back.level is None
    assert back.view(0) == g.view(0)
    assert back.to_dict()["version"] == 2


@pytest.mark.parametrize(
    ("mutate", "says"),
    [
        (lambda d: "not a dict", "JSON object"),
        (lambda d: _tamper(d, format="chess"), "not a saved game"),
        (lambda d: _tamper(d, version=3), "version 3"),
        (lambda d: _tamper(d, version=None), "version None"),
        (lambda d: _tamper(d, rules="poker"), "unknown rules"),
        (lambda d: _tamper(d, hands="3S"), "three hands"),
        (lambda d: _tamper(d, hands=d["hands"][:2]), "three hands"),
        (lambda d: _tamper(d, seed=d["seed"] + 1), "not the hands of deal seed"),
        (lambda d: _tamper(d, seed=-5), "seed"),
        (lambda d: _tamper(d, leader=(d["leader"] + 1) % 3), "led by seat"),
        (lambda d: _tamper(d, actions="lots"), "actions"),
        (lambda d: _tamper(d, actions=[["2H"]]), "action 1"),
        (lambda d: _tamper(d, actions=[*d["actions"], ["3S", "3S"]]), "action"),
        (lambda d: _tamper(d, actions=[*d["actions"], 7]), "list of card codes or null"),
        (lambda d: _tamper(d, to_move=(d["to_move"] + 1) % 3), "does not add up"),
        (lambda d: _tamper(d, counts=[16, 16, 16]), "does not add up"),
        # Types as JSON carries them: true is no number, 2.0 no seat or count.
        (lambda d: _tamper(d, leader=bool(d["leader"])), "leader"),
        (lambda d: _tamper(d, leader=float(d["leader"])), "leader"),
        (lambda d: _tamper(d, version=True), "version True"),
        (lambda d: _tamper(d, version=2.0), "version 2.0"),
        (lambda d: _tamper(d, to_move=float(d["to_move"])), "does not add up"),
        (lambda d: _tamper(d, counts=[float(c) for c in d["counts"]]), "does not add up"),
        (lambda d: _tamper(d, seed=float(d["seed"])), "seed"),
        # The same seed deals the same cards in standard and classic16: the deal
        # code ties the rules to the seed.
        (lambda d: _tamper(d, rules="classic16"), "rules or the seed were changed"),
        (lambda d: _tamper(d, deal_code="A0000013"), "deal code"),
        (lambda d: {k: v for k, v in d.items() if k != "deal_code"}, "deal_code"),
        (lambda d: _tamper(d, level="expert"), "level"),
        (lambda d: {k: v for k, v in d.items() if k != "level"}, "level"),
    ],
)
def test_tampered_saves_are_refused_with_a_message(
    saved: dict[str, Any], mutate: Any, says: str
) -> None:
    with pytest.raises(ValueError, match=says):
        Game.from_dict(mutate(saved))


def test_duplicate_cards_in_a_hand_set_up_by_hand_are_refused() -> None:
    g = position(["3S 4S", "5S", "6S"])
    data = g.to_dict()
    data["hands"][1] = ["3S"]
    with pytest.raises(ValueError, match="3S"):
        Game.from_dict(data)


def test_illegal_history_is_refused() -> None:
    g = position(["3S 4S 5S", "6S 7S", "8S 9S"])
    data = g.to_dict()
    data["actions"] = [None]  # the leader cannot pass
    with pytest.raises(InvalidGame, match="leader_cannot_pass"):
        Game.from_dict(data)


def test_swapped_hands_of_a_dealt_game_are_refused() -> None:
    data = Game.deal(12).to_dict()
    data["hands"] = [data["hands"][1], data["hands"][0], data["hands"][2]]
    with pytest.raises(InvalidGame):
        Game.from_dict(data)


def test_views_hide_other_hands() -> None:
    g = random_game(4, "standard", 10)
    for seat in range(3):
        text = json.dumps(g.view(seat))
        for other in range(3):
            if other == seat:
                continue
            for card in g.hand(other):
                assert f'"{card}"' not in text.replace(json.dumps(g.view(seat)["hand"]), "")
        assert "seed" not in g.view(seat)
        assert g.deal_code not in text
