"""The state of a hand in progress, by rank counts: the rules' whole machinery.

:class:`Position` knows hands as rank counts (no suits), whose turn it is, the
standing play, passes, who has played, bomb points and the winner. The public
:class:`~paodekuai.game.Game` keeps one and adds card identities and history;
the AI copies it thousands of times per decision, so it stays small and flat.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from .combos import Move, forced_single, legal_moves, unpack
from .protocol import SettlementJson
from .rules import Kind, Rules

#: A trick ends when this many passes follow its last play (both other seats).
TRICK_ENDING_PASSES: Final = 2


@dataclass(frozen=True, slots=True)
class Settlement:
    """The result of a finished hand, per seat; totals sum to zero."""

    winner: int
    cards_left: tuple[int, int, int]
    shut_out: tuple[bool, bool, bool]
    bombs: tuple[int, int, int]
    total: tuple[int, int, int]

    def to_json(self) -> SettlementJson:
        return {
            "winner": self.winner,
            "cards_left": list(self.cards_left),
            "shut_out": list(self.shut_out),
            "bombs": list(self.bombs),
            "total": list(self.total),
        }


class Position:
    """A hand in progress as rank counts. Mutable; :meth:`copy` is cheap."""

    __slots__ = (
        "bomb_points",
        "hands",
        "need_three",
        "passes",
        "played",
        "rules",
        "sizes",
        "standing",
        "standing_seat",
        "to_move",
        "winner",
    )

    def __init__(
        self, rules: Rules, hands: list[int], to_move: int, need_three: bool = False
    ) -> None:
        self.rules = rules
        #: Packed rank counts per seat (a byte per rank).
        self.hands = hands
        self.sizes = [sum(unpack(h)) for h in hands]
        self.to_move = to_move
        #: The play to beat, or None while ``to_move`` leads.
        self.standing: Move | None = None
        self.standing_seat = to_move
        #: Passes in a row since the standing play.
        self.passes = 0
        self.played = [False, False, False]
        #: The next play must contain a 3 (first play must contain ♠3, held by to_move).
        self.need_three = need_three
        self.winner: int | None = None
        self.bomb_points = [0, 0, 0]

    def copy(self) -> Position:
        twin = Position.__new__(Position)
        twin.rules = self.rules
        twin.hands = self.hands[:]
        twin.sizes = self.sizes[:]
        twin.to_move = self.to_move
        twin.standing = self.standing
        twin.standing_seat = self.standing_seat
        twin.passes = self.passes
        twin.played = self.played[:]
        twin.need_three = self.need_three
        twin.winner = self.winner
        twin.bomb_points = self.bomb_points[:]
        return twin

    @property
    def over(self) -> bool:
        return self.winner is not None

    def forced_single(self, seat: int | None = None) -> int | None:
        """The rank a single must be under the last card rule, or None when it does not bind.

        -1 means the rule binds and the seat has no single at all.
        """
        seat = self.to_move if seat is None else seat
        return forced_single(self.hands[seat], self.rules, self.sizes[(seat + 1) % 3])

    def legal_moves(self) -> list[Move]:
        """Every legal play for the seat to move (a pass is never listed)."""
        if self.winner is not None:
            return []
        seat = self.to_move
        packed = self.hands[seat]
        forced = forced_single(packed, self.rules, self.sizes[(seat + 1) % 3])
        moves = legal_moves(unpack(packed), self.rules, self.standing, forced)
        if self.need_three:
            with_three = [m for m in moves if m.packed & 0xFF]
            if with_three:
                return with_three
        return moves

    def spade3_binds(self) -> bool:
        """Whether the next play must contain ♠3 now.

        It must on the first play, unless no legal play could contain it (the
        last card rule can forbid a lone ♠3 in a position set up by hand); then
        the ♠3 requirement yields rather than leave the leader without a play.
        """
        if not self.need_three or self.winner is not None:
            return False
        moves = legal_moves(
            unpack(self.hands[self.to_move]), self.rules, self.standing, self.forced_single()
        )
        return any(m.packed & 0xFF for m in moves)

    def can_pass(self) -> bool:
        if self.winner is not None or self.standing is None:
            return False
        return not self.rules.must_beat or not self.legal_moves()

    def play(self, move: Move) -> None:
        """Apply a legal play of the seat to move (the caller checked it)."""
        seat = self.to_move
        self.hands[seat] -= move.packed
        self.sizes[seat] -= move.n
        self.played[seat] = True
        self.need_three = False
        scoring = self.rules.bomb_scoring
        if move.kind is Kind.BOMB and scoring.mode == "every":
            self._pay_bomb(seat)
        self.standing = move
        self.standing_seat = seat
        self.passes = 0
        if self.sizes[seat] == 0:
            self.winner = seat
            if move.kind is Kind.BOMB and scoring.mode == "winning":
                self._pay_bomb(seat)
            return
        self.to_move = (seat + 1) % 3

    def pass_turn(self) -> None:
        """Apply a pass of the seat to move (the caller checked it)."""
        self.passes += 1
        if self.passes < TRICK_ENDING_PASSES:
            self.to_move = (self.to_move + 1) % 3
            return
        # Both others passed: the trick ends and its last player leads.
        standing = self.standing
        if (
            standing is not None
            and standing.kind is Kind.BOMB
            and self.rules.bomb_scoring.mode == "winning"
        ):
            self._pay_bomb(self.standing_seat)
        self.standing = None
        self.passes = 0
        self.to_move = self.standing_seat

    def _pay_bomb(self, seat: int) -> None:
        per = self.rules.bomb_scoring.per_opponent
        for s in range(3):
            self.bomb_points[s] += 2 * per if s == seat else -per

    def settlement(self) -> Settlement:
        """The result once the hand is over."""
        winner = self.winner
        if winner is None:
            raise ValueError("the hand is not over: there is no settlement yet")
        rules = self.rules
        pays = [0, 0, 0]
        shut = [False, False, False]
        for s in range(3):
            if s == winner:
                continue
            left = self.sizes[s]
            pay = rules.one_card_pays if left == 1 else left * rules.per_card
            if not self.played[s]:
                shut[s] = True
                pay *= rules.shut_out_multiplier
            pays[s] = pay
        total = [self.bomb_points[s] - pays[s] for s in range(3)]
        total[winner] += sum(pays)
        return Settlement(
            winner=winner,
            cards_left=(self.sizes[0], self.sizes[1], self.sizes[2]),
            shut_out=(shut[0], shut[1], shut[2]),
            bombs=(self.bomb_points[0], self.bomb_points[1], self.bomb_points[2]),
            total=(total[0], total[1], total[2]),
        )
