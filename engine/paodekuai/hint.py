"""The first Hint: the play Hard's search finds best for seat 0's position.

Hint suggests; the coach rates. The suggestion is Hard's own choice for the
person's seat, from what that seat may know (its observation), seeded by the
position so the same position suggests the same play. The service keeps it
per position, so cycling through Hint costs one search.
"""

from __future__ import annotations

from .ai import Bot
from .game import Game

#: The person's seat.
YOU = 0


def position_seed(game: Game) -> int:
    """A seed that names the position: the deal and how far the hand has gone."""
    return ((game.seed or 0) * 1009 + len(game.history)) * 31 + 7


def best_hint(game: Game, budget: float | None) -> list[str] | None:
    """Hard's play for seat 0 now (None: passing is best); ``budget`` seconds at most."""
    return Bot("hard", seed=position_seed(game), budget=budget).choose(game.observation(YOU))
