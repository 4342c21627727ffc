"""The computer opponents behind one small interface.

>>> from paodekuai import Game
>>> g = Game.deal(seed=3)
>>> play = Bot("easy", seed=1).choose(g.view(g.to_move))
>>> g.check(play) is None
True
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, Final

from ..cards import codes_of, pick_cards
from ..combos import Move
from .easy import easy_choice
from .observation import InvalidView, Observation

LEVELS: Final = ("easy", "medium", "hard")


class Bot:
    """A computer seat: ``Bot(level, seed).choose(view)`` returns cards or None (pass).

    ``budget`` (seconds) bounds Hard's thinking time; None means no clock: Hard
    then searches a fixed number of worlds, so a seeded bot repeats itself.
    """

    def __init__(self, level: str = "easy", seed: int = 0, budget: float | None = None) -> None:
        if level not in LEVELS:
            raise ValueError(f"unknown level {level!r}: choose one of {', '.join(LEVELS)}")
        self.level = level
        self.seed = seed
        self.budget = budget
        self.rng = random.Random(seed)

    def choose(self, view: Mapping[str, Any]) -> list[str] | None:
        """The cards to play for the seat of ``view`` (which must be to move), or None."""
        obs = Observation.from_view(view)
        if obs.over or obs.to_move != obs.seat:
            raise InvalidView("the view's seat is not the seat to move")
        move = self.choose_move(obs)
        if move is None:
            return None
        return codes_of(pick_cards(obs.hand_mask, move.packed))

    def choose_move(self, obs: Observation) -> Move | None:
        moves = obs.legal_moves()
        if not moves:
            return None
        move = self._pick(obs, moves)
        if move is None and not obs.can_pass():
            # A policy must never pass where the rules forbid it.
            move = moves[0]
        return move

    def _pick(self, obs: Observation, moves: list[Move]) -> Move | None:
        if self.level == "easy":
            return easy_choice(obs, moves)
        from .medium import medium_choice

        if self.level == "medium":
            return medium_choice(obs, moves)
        from .hard import HardSearch

        return HardSearch(obs, self.rng, self.budget).best(moves)
