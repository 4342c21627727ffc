"""The computer opponents behind one small interface.

A bot is given what its seat may know, an :class:`Observation` (or its JSON,
``Game.view(seat)``), and nothing else.

>>> from paodekuai import Game
>>> g = Game.deal(seed=3)
>>> play = Bot("easy", seed=1).choose(g.observation(g.to_move))
>>> g.check(play) is None
True
>>> Bot("easy", seed=1).choose(g.view(g.to_move)) == play
True
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from ..cards import codes_of, mask_of, pick_cards, rank_counts
from ..combos import Move, pack
from ..protocol import LEVELS
from .easy import easy_choice
from .hard import HardSearch
from .medium import keep_bombs_whole, medium_choice
from .observation import InvalidView, Observation


class Bot:
    """A computer seat: ``Bot(level, seed).choose(view)`` returns cards or None (pass).

    ``budget`` (seconds) bounds Hard's thinking time; None means no clock: Hard
    then searches a fixed number of worlds (``worlds``), so a seeded bot
    repeats itself.
    """

    def __init__(
        self,
        level: str = "easy",
        seed: int = 0,
        budget: float | None = None,
        worlds: int | None = None,
    ) -> None:
        if level not in LEVELS:
            raise ValueError(f"unknown level {level!r}: choose one of {', '.join(LEVELS)}")
        self.level = level
        self.seed = seed
        self.budget = budget
        self.worlds = worlds
        self.rng = random.Random(seed)
        #: Hard's searches so far, and how many of them the clock cut short.
        self.searches = 0
        self.clock_stops = 0

    def choose(self, view: Observation | Mapping[str, Any]) -> list[str] | None:
        """The cards to play for the seat of ``view`` (which must be to move), or None."""
        obs = _to_move(view)
        return self._cards(obs, self.choose_move(obs))

    def evaluate(
        self, view: Observation | Mapping[str, Any], played: Sequence[list[str] | None] = ()
    ) -> list[tuple[list[str] | None, float]]:
        """Hard's expected final total of its candidate actions (None: pass), best first.

        ``played`` actions (cards, or None for a pass) are evaluated too: the hand
        review rates a decision by its expected points against the best.
        """
        obs = _to_move(view)
        moves = obs.legal_moves()
        extra: list[Move | None] = []
        for action in played:
            if action is None:
                extra.append(None)
                continue
            packed = pack(rank_counts(mask_of(action)))
            extra.extend(m for m in moves if m.packed == packed)
        search = HardSearch(obs, self.rng, self.budget, self.worlds)
        evaluations = search.evaluate(moves, extra)
        ranked = sorted(evaluations, key=lambda e: -e.expected)
        return [(self._cards(obs, e.move), e.expected) for e in ranked]

    @staticmethod
    def _cards(obs: Observation, move: Move | None) -> list[str] | None:
        if move is None:
            return None
        return codes_of(pick_cards(obs.hand_mask, move.packed))

    def choose_move(self, obs: Observation) -> Move | None:
        moves = obs.legal_moves()
        if obs.rules.bombs_splittable:
            moves = keep_bombs_whole(obs.hand, moves)
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
        if self.level == "medium":
            return medium_choice(obs, moves)
        search = HardSearch(obs, self.rng, self.budget, self.worlds)
        move = search.best(moves)
        self.searches += 1
        self.clock_stops += search.clock_stopped
        return move


def _to_move(view: Observation | Mapping[str, Any]) -> Observation:
    """The observation of a seat that is to move; its JSON view is read back first."""
    obs = view if isinstance(view, Observation) else Observation.from_view(view)
    if obs.over or obs.to_move != obs.seat:
        raise InvalidView("the view's seat is not the seat to move")
    return obs
