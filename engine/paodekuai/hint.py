"""The first Hint: the play the coach's own search finds best for seat 0's position.

Hint suggests; the coach rates; both ask one search. Hint runs the coach's
:class:`~.ai.rating.RatingSearch` on seat 0's observation with the coach's
candidates and the coach's seed for this decision, rating whichever candidate
leads (:attr:`~.ai.rating.Rate.LEADER`) until its call is settled or
:data:`HINT_WORLDS` (the coach's own cap) worlds are searched. The coach, rating
that play after the hand, meets the same worlds in the same order and so calls it
best. The search
can run a slice at a time (:meth:`HintSearch.run` with a deadline), so the worker
answers a game between two slices; the service keeps the answer per position.
"""

from __future__ import annotations

import random
import time
from typing import Final

from .ai.rating import MAX_WORLDS, MIN_WORLDS, Rate, RatingSearch
from .coach import review_seed
from .game import Game

#: The person's seat.
YOU: Final = 0
#: The most worlds Hint searches: the coach's own cap, so the coach never searches a
#: decision longer than Hint did. A lower cap (120) left Hint's search unsettled where
#: the coach's went on and called Hint's play an inaccuracy (deal A9891335, first
#: decision: the pairs 9-Q led at 120 worlds, the single 9 settled 3.1 points ahead at
#: 204). bench/hint_agreement.py measures it (docs/AI.md, "Hint").
HINT_WORLDS: Final = MAX_WORLDS


class HintSearch:
    """Hint's search for one position, a slice at a time: :meth:`run` until a deadline
    answers False while the search goes on; once True, :attr:`cards` is the best play."""

    def __init__(self, game: Game, max_worlds: int = HINT_WORLDS) -> None:
        game = Game.from_dict(game.to_dict())  # its own copy: the live game moves on
        moves = game.legal_moves()
        self._game = game
        self._only: list[str] | None = None
        self._search: RatingSearch | None = None
        if len(moves) + (1 if game.can_pass() else 0) <= 1:
            # One option (the coach calls it forced): nothing to search.
            self._only = game.cards_for(moves[0]) if moves else None
        else:
            self._search = RatingSearch(
                game.observation(YOU),
                Rate.LEADER,
                random.Random(review_seed(game)),
                MIN_WORLDS,
                max(MIN_WORLDS, max_worlds),
            )

    @property
    def worlds(self) -> int:
        """Worlds searched so far."""
        return 0 if self._search is None else self._search.done

    @property
    def finished(self) -> bool:
        return self._search is None or self._search.finished

    def run(self, until: float | None = None) -> bool:
        """Search on until the best play is settled, or, given ``until`` (a
        ``time.monotonic()`` deadline), until then: whether the answer is ready."""
        search = self._search
        if search is None:
            return True
        while not search.finished:
            search.step()
            if until is not None and not search.finished and time.monotonic() >= until:
                return False
        return True

    @property
    def cards(self) -> list[str] | None:
        """The best play found so far (None: passing)."""
        if self._search is None:
            return self._only
        move = self._search.best
        return None if move is None else self._game.cards_for(move)


def best_hint(game: Game, max_worlds: int = HINT_WORLDS) -> list[str] | None:
    """The play Hint suggests first for seat 0 now (None: passing is best), searched whole."""
    search = HintSearch(game, max_worlds)
    search.run()
    return search.cards
