"""The replay reads a saved hand in one pass: the pass that checks it (its actions, the
ones the club timer played) is the one that builds the steps."""

from __future__ import annotations

from typing import Any

import pytest

from paodekuai import Game
from paodekuai.ai import Bot
from paodekuai.review import replay


def _hand_with_a_timeout() -> dict[str, Any]:
    """A dealt hand played out by bots, your second turn played by the club timer."""
    g = Game.deal(5)
    bots = [Bot("easy", seed=s) for s in range(3)]
    yours = 0
    while not g.over:
        seat = g.to_move
        if seat == 0:
            yours += 1
        if seat == 0 and yours == 2:
            g.time_out()
            continue
        cards = bots[seat].choose(g.view(seat))
        g.pass_turn() if cards is None else g.play(cards)
    return g.to_dict()


def test_the_replay_applies_each_action_once(monkeypatch: pytest.MonkeyPatch) -> None:
    data = _hand_with_a_timeout()
    applied = 0
    play, pass_turn = Game.play, Game.pass_turn

    def counted_play(self: Game, *args: Any, **kwargs: Any) -> Any:
        nonlocal applied
        applied += 1
        return play(self, *args, **kwargs)

    def counted_pass(self: Game) -> None:
        nonlocal applied
        applied += 1
        pass_turn(self)

    monkeypatch.setattr(Game, "play", counted_play)
    monkeypatch.setattr(Game, "pass_turn", counted_pass)
    result = replay(data)
    assert applied == len(data["actions"])
    # and it says what it said when it read the hand twice
    assert len(result["steps"]) == len(data["actions"]) + 1
    assert len(result["timed_out"]) == 1 and result["timed_out"][0] in result["decisions"]
    assert result["settlement"] is not None


def test_a_tampered_hand_is_still_refused() -> None:
    data = _hand_with_a_timeout()
    step = replay(data)["timed_out"][0]
    chosen = {**data, "timed_out": []}
    assert replay(chosen)["timed_out"] == []  # a timer's action may be called your own
    with pytest.raises(ValueError, match="timed_out"):
        replay({**data, "timed_out": [step - 1, step - 1]})
    with pytest.raises(ValueError, match="does not add up"):
        replay({**data, "counts": [1, 2, 3]})


def test_the_replay_says_compact15s_face_up_card_and_its_holder() -> None:
    """The face-up card is a fact of the deal: the replay's deal step is told it."""
    g = Game.deal(6, "compact15")
    held = g.view(0)["face_up"]
    assert held is not None and held["seat"] != 0
    bots = [Bot("easy", seed=s) for s in range(3)]
    while not g.over:
        cards = bots[g.to_move].choose(g.view(g.to_move))
        g.pass_turn() if cards is None else g.play(cards)
    assert replay(g.to_dict())["face_up"] == held
    assert replay(Game.deal(6).to_dict())["face_up"] is None
