"""Exact play of small endgames with every hand known (max-n search).

Each seat picks the action that maximises its own final total, the others
assumed to do the same. Positions repeat a lot (passes, orders of the same
plays), so values are memoised. A node budget keeps a bad case bounded: past
it the search gives up and the caller plays the position out instead.
"""

from __future__ import annotations

from typing import Final

from ..combos import Move
from ..state import Position
from .rollout import apply

#: Total cards in all three hands at or below which a world is solved exactly.
ENDGAME_CARDS: Final = 12
NODE_BUDGET: Final = 4_000

_Key = tuple[object, ...]


class Budget(Exception):
    """The node budget ran out."""


class Solver:
    def __init__(self, node_budget: int = NODE_BUDGET) -> None:
        self.memo: dict[_Key, tuple[int, int, int]] = {}
        self.nodes = 0
        self.node_budget = node_budget

    def value(self, pos: Position) -> tuple[int, int, int]:
        """Final totals under best play by everyone; raises :class:`Budget`."""
        if pos.winner is not None:
            return pos.settlement().total
        standing = pos.standing
        key: _Key = (
            tuple(pos.hands),
            pos.to_move,
            None if standing is None else (standing.packed, standing.kind, standing.k),
            pos.standing_seat,
            pos.passes,
            tuple(pos.played),
            tuple(pos.bomb_points),
            pos.need_three,
        )
        hit = self.memo.get(key)
        if hit is not None:
            return hit
        self.nodes += 1
        if self.nodes > self.node_budget:
            raise Budget
        best, _ = self._best(pos)
        self.memo[key] = best
        return best

    def _best(self, pos: Position) -> tuple[tuple[int, int, int], Move | None]:
        """The value of the seat to move's best option, and that option (the first of equals)."""
        seat = pos.to_move
        best: tuple[int, int, int] | None = None
        choice: Move | None = None
        options: list[Move | None] = list(pos.legal_moves())
        if pos.can_pass():
            options.append(None)
        for option in options:
            child = pos.copy()
            apply(child, option)
            v = self.value(child)
            if best is None or v[seat] > best[seat]:
                best, choice = v, option
        assert best is not None
        return best, choice

    def final(self, pos: Position) -> Position:
        """The hand's end when every seat plays as :meth:`value` assumes; raises :class:`Budget`."""
        pos = pos.copy()
        while pos.winner is None:
            apply(pos, self._best(pos)[1])
        return pos
