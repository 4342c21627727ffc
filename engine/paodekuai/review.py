"""After the hand: every step with all hands shown, and a coach for your decisions.

The replay rebuilds the hand from its saved form, action by action, and says
which of seat 0's decisions were forced (one legal option: they count for
nothing). The coach (:mod:`.coach`) rates the others.

>>> from paodekuai import Game
>>> g = Game.from_hands([["3S", "9H"], ["5S", "6S"], ["7S", "8S"]])
>>> _ = g.play(["9H"])
>>> steps = replay(g.to_dict())["steps"]
>>> steps[1]["cards"], steps[1]["hands"][0]
(['9H'], ['3S'])
"""

from __future__ import annotations

from typing import Any

from .coach import PositionReview, review_seed
from .game import Game, combo_json
from .observation import play_codes
from .persist import load_game
from .protocol import Replay, Review, Step


def _at(data: dict[str, Any], actions: int) -> Game:
    """The saved game as it stood after its first ``actions`` actions."""
    trimmed = {k: v for k, v in data.items() if k not in ("to_move", "counts")}
    trimmed["actions"] = list(data["actions"])[:actions]
    if "timed_out" in data and isinstance(data["timed_out"], list):
        trimmed["timed_out"] = [i for i in data["timed_out"] if type(i) is int and i < actions]
    return Game.from_dict(trimmed)


def replay(data: dict[str, Any]) -> Replay:
    """Every step of a saved hand with all three hands after it (step 0: the deal).

    Each step says where the trick of its action began (``trick_start``, an
    index in the hand's actions, as in the view) and who is to move after it.
    The steps are read in the one pass that checks the saved game (its actions, the
    ones the club timer played): a tampered game is refused, whatever was read of it.
    """
    steps: list[Step] = []
    forced: list[int] = []

    def step(game: Game) -> None:
        history = game.history
        seat = history[-1][0] if history else None
        steps.append(
            {
                "seat": seat,
                # A play's cards (in the order they read) and its reading: read off
                # the finished hand below.
                "cards": None,
                "combo": None,
                "hands": [game.hand(s) for s in range(3)],
                "trick_start": 0,
                "to_move": None if game.over else game.to_move,
            }
        )
        # Your next action, when you had no other option: forced.
        yours = len(history) < len(data["actions"]) and not game.over and game.to_move == 0
        if yours and len(game.legal_moves()) + (1 if game.can_pass() else 0) <= 1:
            forced.append(len(steps))

    game = load_game(Game, data, on_position=step)
    # Where each action's trick began, and each play's reading, are the table's
    # bookkeeping: read them off the finished hand as any seat saw it.
    for entry, past in zip(steps[1:], game.observation(0).history, strict=True):
        entry["trick_start"] = past.trick_start
        if past.cards is not None and past.move is not None:
            entry["cards"] = play_codes(past.cards, past.move)
            entry["combo"] = combo_json(past.move.combo)
    return {
        "steps": steps,
        "decisions": [i for i, entry in enumerate(steps) if entry["seat"] == 0],
        "forced": forced,
        # Your actions the club timer played when your time ran out: not yours to be rated.
        "timed_out": [i + 1 for i in game.timed_out if steps[i + 1]["seat"] == 0],
        "settlement": game.settlement() if game.over else None,
        "deal_code": game.deal_code,
        # compact15's face-up card and its holder, said with the deal.
        "face_up": game.view(0)["face_up"],
    }


def start_review(data: dict[str, Any], step: int, seed: int = 0) -> PositionReview:
    """The review of seat 0's action at replay step ``step`` (1-based, as in :func:`replay`),
    not yet searched: ``.run()`` it, whole or a slice at a time.

    The search is seeded by the deal and the step (and ``seed``), so the same
    decision always gets the same review.
    """
    actions = list(data["actions"])
    if not 1 <= step <= len(actions):
        raise ValueError(f"step {step} is outside 1..{len(actions)}")
    game = _at(data, step - 1)
    if game.to_move != 0:
        raise ValueError(f"step {step} is seat {game.to_move}'s, not yours")
    played = actions[step - 1]
    return PositionReview(game, step, played, review_seed(game, seed))


def review_decision(data: dict[str, Any], step: int, seed: int = 0) -> Review:
    """Rate seat 0's action at replay step ``step`` (:func:`start_review`, run to the end)."""
    review = start_review(data, step, seed).run()
    assert review is not None  # without a deadline it runs to the end
    return review
