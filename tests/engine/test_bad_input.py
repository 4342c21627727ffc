"""Bad input is refused with ValueError (ENGINE_API.md), never TypeError or IndexError,
and the service answers it with its own code, never ``internal``."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from typing import Any

import pytest
from conftest import position

from paodekuai import Game
from paodekuai.service import Service

ARABIC_INDIC = "A\u0661\u0667\u0663\u0669\u0662\u0660\u0665"  # A1739205 in other digits
FULL_WIDTH = "A\uff11\uff17\uff13\uff19\uff12\uff10\uff15"


def _game() -> Game:
    return position(["3S 4S 9H", "5S 6S", "7S 8S"])


CALLS: dict[str, Callable[[], object]] = {
    "from_code with Arabic-Indic digits": lambda: Game.from_code(ARABIC_INDIC),
    "from_code with full-width digits": lambda: Game.from_code(FULL_WIDTH),
    "from_code not written the usual way": lambda: Game.from_code("A00000076"),
    "from_code past 2**53": lambda: Game.from_code("A90071992547409930"),
    "from_code of a number": lambda: Game.from_code(1739205),  # type: ignore[arg-type]
    "from_hands leader 1.0": lambda: Game.from_hands([["3S"], ["4S"], ["5S"]], leader=1.0),  # type: ignore[arg-type]
    "from_hands leader True": lambda: Game.from_hands([["3S"], ["4S"], ["5S"]], leader=True),
    "from_hands leader '1'": lambda: Game.from_hands([["3S"], ["4S"], ["5S"]], leader="1"),  # type: ignore[arg-type]
    "from_hands None": lambda: Game.from_hands(None),  # type: ignore[arg-type]
    "from_hands a None hand": lambda: Game.from_hands([None, ["4H"], ["5H"]]),  # type: ignore[list-item]
    "from_hands a number for a card": lambda: Game.from_hands([[3], ["4H"], ["5H"]]),  # type: ignore[list-item]
    "from_hands a string hand": lambda: Game.from_hands(["3S", ["4H"], ["5H"]]),
    "from_hands a dict": lambda: Game.from_hands({0: ["3S"], 1: ["4S"], 2: ["5S"]}),  # type: ignore[arg-type]
    "deal a float seed": lambda: Game.deal(7.0),  # type: ignore[arg-type]
    "deal a seed past 2**53 - 1": lambda: Game.deal(2**53),
    "deal unknown rules": lambda: Game.deal(7, "poker"),
    "deal an unknown level": lambda: Game.deal(7, level="godlike"),  # type: ignore[arg-type]
    "view(1.0)": lambda: _game().view(1.0),  # type: ignore[arg-type]
    "view(True)": lambda: _game().view(True),
    "view(3)": lambda: _game().view(3),
    "observation(-1)": lambda: _game().observation(-1),
    "hand(1.0)": lambda: _game().hand(1.0),  # type: ignore[arg-type]
    "count('0')": lambda: _game().count("0"),  # type: ignore[arg-type]
    "check(None)": lambda: _game().check(None),  # type: ignore[arg-type]
    "check('3S')": lambda: _game().check("3S"),
    "check([None])": lambda: _game().check([None]),  # type: ignore[list-item]
    "check with seat 0.0": lambda: _game().check(["3S"], seat=0.0),  # type: ignore[arg-type]
    "judge(5)": lambda: _game().judge(5),  # type: ignore[arg-type]
    "play(None)": lambda: _game().play(None),  # type: ignore[arg-type]
    "play with seat '0'": lambda: _game().play(["3S"], seat="0"),  # type: ignore[arg-type]
    "pass_turn with seat 1.5": lambda: _game().pass_turn(seat=1.5),  # type: ignore[arg-type]
    "from_dict a list": lambda: Game.from_dict([1, 2, 3]),
}


@pytest.mark.parametrize("name", sorted(CALLS))
def test_bad_arguments_raise_value_error(name: str) -> None:
    with pytest.raises(ValueError) as info:
        CALLS[name]()
    assert str(info.value), "a refusal says why"


def test_a_refused_call_leaves_the_game_as_it_was() -> None:
    g = _game()
    before = g.to_dict()
    for bad in (None, "3S", [None], ["3S", "3S"], ["2H"]):
        with pytest.raises(ValueError):
            g.play(bad)  # type: ignore[arg-type]
    assert g.to_dict() == before
    g.play(["3S"])  # and it goes on


def test_against_a_standing_bomb_only_a_higher_bomb_is_offered() -> None:
    g = position(["5S 5H 5D 5C 3D", "9S 9H 3C", "JS JH 4C"], actions=["5S 5H 5D 5C"])
    refusal = g.judge(["9S", "9H"])
    assert refusal.code == "wrong_type"
    assert refusal.message.en == (
        "Pair of 9s cannot follow the bomb of 5s: only a higher bomb beats it. You may also pass."
    )
    assert refusal.message.zh == "对9不能接炸弹5：只有更大的炸弹才能压过。也可以不出。"
    assert "or a bomb" not in refusal.message.en and "或者炸弹" not in refusal.message.zh
    # Against anything else the bomb is still offered.
    g = position(["8S 8H 3D", "9S 3C", "JS 4C"], actions=["8S 8H"])
    assert g.judge(["9S"]).message.en.endswith("play a higher pair, or a bomb. You may also pass.")


# --- the service: each bad input gets its own code, never "internal" --------------------


def _ask(service: Service, **request: Any) -> dict[str, Any]:
    reply: dict[str, Any] = json.loads(service.handle(json.dumps({"id": 9, **request})))
    assert reply["id"] == 9
    return reply


def _saved() -> dict[str, Any]:
    # Deal 3 is led by seat 1, so a leader of ``true`` (== 1 in Python) would pass a loose check.
    service = Service()
    reply = _ask(service, type="new_game", preset="standard", seed=3, level="hard")
    assert reply["result"]["game"]["leader"] == 1
    return dict(reply["result"]["game"])


def _changed(**fields: Any) -> dict[str, Any]:
    data = copy.deepcopy(_saved())
    data.update(fields)
    return data


def _swapped_seedless() -> dict[str, Any]:
    data = _changed(seed=None, deal_code=None)
    data["hands"] = [data["hands"][1], data["hands"][0], data["hands"][2]]
    data["leader"] = data["to_move"] = 0  # the ♠3 went with the swapped hand
    return data


@pytest.mark.parametrize(
    ("request_", "code"),
    [
        ({"type": "from_code", "code": ARABIC_INDIC, "level": "easy"}, "bad_code"),
        ({"type": "from_code", "code": FULL_WIDTH, "level": "easy"}, "bad_code"),
        ({"type": "from_code", "code": "A00000076", "level": "easy"}, "bad_code"),
        ({"type": "from_code", "code": "A90071992547409930", "level": "easy"}, "bad_code"),
        ({"type": "from_code", "code": "A" + "9" * 5000, "level": "easy"}, "bad_code"),
        ({"type": "from_code", "code": 1739205, "level": "easy"}, "bad_request"),
        ({"type": "new_game", "preset": "standard", "seed": 2**53, "level": "easy"}, "bad_request"),
        ({"type": "new_game", "preset": "standard", "seed": 7.0, "level": "easy"}, "bad_request"),
        ({"type": "new_game", "preset": "standard", "seed": 7, "level": "Easy"}, "bad_request"),
        ({"type": "new_game", "preset": 7, "seed": 7, "level": "easy"}, "bad_request"),
        ({"type": "load", "game": _changed(leader=True), "level": "easy"}, "bad_save"),
        ({"type": "load", "game": _changed(version=True), "level": "easy"}, "bad_save"),
        ({"type": "load", "game": _changed(to_move=1.0), "level": "easy"}, "bad_save"),
        ({"type": "load", "game": _changed(counts=[16.0, 16, 16]), "level": "easy"}, "bad_save"),
        ({"type": "load", "game": _changed(rules="classic16"), "level": "easy"}, "bad_save"),
        ({"type": "load", "game": _changed(seed=8), "level": "easy"}, "bad_save"),
        ({"type": "load", "game": _changed(level="grandmaster"), "level": "easy"}, "bad_save"),
        ({"type": "load", "game": _swapped_seedless(), "level": "easy"}, "bad_save"),
        ({"type": "load", "game": _changed(seed=None, deal_code=None)}, "bad_save"),
        ({"type": "load", "game": _saved(), "level": 2}, "bad_request"),
        ({"type": "replay", "game": _swapped_seedless()}, "bad_save"),
        ({"type": "review", "game": _saved(), "step": 1.0}, "bad_request"),
        ({"type": "bot_turn", "level": None}, "bad_request"),
        ({"type": "judge", "cards": None}, "bad_request"),
        ({"type": "play", "cards": None}, "bad_request"),
        ({"type": "play", "cards": "3S"}, "bad_request"),
        ({"type": "play", "cards": [["3S"]]}, "bad_request"),
        ({"type": "judge", "cards": ["3S", "3S"]}, "bad_request"),
    ],
)
def test_bad_requests_get_their_code(request_: dict[str, Any], code: str) -> None:
    service = Service()
    _ask(service, type="new_game", preset="standard", seed=7, level="easy")
    reply = _ask(service, **request_)
    assert reply["ok"] is False, reply
    assert reply["error"]["code"] == code, reply["error"]
    assert set(reply["error"]["message"]) == {"en", "zh"}


def test_a_seedless_game_with_swapped_cards_is_still_a_game_for_the_engine() -> None:
    # The engine itself loads hands set up by hand (tests, puzzles); only the
    # page's service refuses them, since the page never makes one.
    assert Game.from_dict(_swapped_seedless()).seed is None
