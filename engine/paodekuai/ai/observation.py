"""What a seat knows, parsed from ``Game.view(seat)``: the only input of every bot.

A bot never holds a :class:`~paodekuai.game.Game`; it gets the JSON view and
rebuilds from it the rank counts it needs. Everything here is public
knowledge for that seat: its own hand, the others' counts, every play and pass.

>>> from paodekuai import Game
>>> obs = Observation.from_view(Game.deal(seed=7).view(0))
>>> obs.seat, sum(obs.hand), obs.counts
(0, 16, (16, 16, 16))
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..cards import RANK_COUNT, card_id, mask_of, rank_of_code
from ..combos import Move, legal_moves, pack, unpack
from ..combos import highest_single as _highest_single
from ..rules import Kind, Rules, get_rules
from ..state import Position


class InvalidView(ValueError):
    """A view that is not a well-formed ``Game.view`` dict."""


@dataclass(frozen=True, slots=True)
class PastAction:
    """One action of the hand as the view shows it."""

    seat: int
    #: Packed rank counts played, or None for a pass.
    packed: int | None
    move: Move | None
    #: The play this action answered (None when the seat led).
    facing: Move | None
    #: Every seat's card count just before this action.
    sizes: tuple[int, int, int]
    #: The seat that made the play answered (the seat itself when it led).
    facing_seat: int


@dataclass(frozen=True, slots=True)
class Observation:
    rules: Rules
    seat: int
    #: Own rank counts.
    hand: tuple[int, ...]
    #: Own cards as a mask (to pick concrete cards).
    hand_mask: int
    counts: tuple[int, int, int]
    to_move: int
    standing: Move | None
    standing_seat: int
    passes: int
    played: tuple[bool, bool, bool]
    need_three: bool
    history: tuple[PastAction, ...]
    #: Per rank, cards neither in this hand nor played: what the two others hold.
    unseen: tuple[int, ...]
    #: compact15's face-up card id and its holder, if any.
    face_up: tuple[int, int] | None
    #: Every card played so far, as a mask.
    played_mask: int
    #: Cards (id, seat) whose holder at the deal is public.
    known: tuple[tuple[int, int], ...]
    over: bool

    @classmethod
    def from_view(cls, view: Mapping[str, Any]) -> Observation:
        try:
            return _parse(view)
        except InvalidView:
            raise
        except (KeyError, TypeError, ValueError, IndexError) as exc:
            raise InvalidView(f"not a game view: {exc!r}") from exc

    @property
    def next_seat(self) -> int:
        return (self.seat + 1) % 3

    def forced_single(self) -> int | None:
        if self.rules.last_card_rule and self.counts[self.next_seat] == 1:
            return _highest_single(self.hand, self.rules)
        return None

    def legal_moves(self) -> list[Move]:
        """Every legal play of this seat now (it must be the seat to move)."""
        return legal_moves(
            list(self.hand), self.rules, self.standing, self.forced_single(), self.need_three
        )

    def can_pass(self) -> bool:
        if self.standing is None:
            return False
        return not self.rules.must_beat or not self.legal_moves()

    def position_with(self, hands: list[int]) -> Position:
        """A full position, given packed hands for all three seats (a sampled world)."""
        pos = Position(self.rules, hands, self.to_move, self.need_three)
        pos.standing = self.standing
        pos.standing_seat = self.standing_seat
        pos.passes = self.passes
        pos.played = list(self.played)
        return pos


def _parse(view: Mapping[str, Any]) -> Observation:
    if not isinstance(view, Mapping) or view.get("format") != 1:
        raise InvalidView("not a game view (format 1)")
    rules = get_rules(view["rules"])
    seat = int(view["seat"])
    hand_mask = mask_of(view["hand"])
    hand = _counts(hand_mask)
    counts = tuple(int(c) for c in view["counts"])
    if len(counts) != 3 or counts[seat] != sum(hand):
        raise InvalidView("view counts do not match its hand")
    played_ranks = [0] * RANK_COUNT
    played_mask = 0
    history: list[PastAction] = []
    entries = view["history"]
    sizes = list(counts)
    for entry in entries:
        if entry["cards"] is not None:
            sizes[int(entry["seat"])] += len(entry["cards"])
    facing: Move | None = None
    facing_seat = 0
    passes = 0
    for entry in entries:
        s = int(entry["seat"])
        cards = entry["cards"]
        before = (sizes[0], sizes[1], sizes[2])
        if cards is None:
            history.append(PastAction(s, None, None, facing, before, facing_seat))
            passes += 1
            if passes == 2:
                facing, passes = None, 0
            continue
        cards_mask = mask_of(cards)
        if cards_mask & (played_mask | hand_mask):
            raise InvalidView("view history plays a card twice")
        played_mask |= cards_mask
        packed = pack(_counts(cards_mask))
        combo = entry["combo"]
        move = Move(
            packed, len(cards), Kind(combo["kind"]), int(combo["k"]), rank_of_code(combo["key"])
        )
        history.append(PastAction(s, packed, move, facing, before, facing_seat if facing else s))
        sizes[s] -= len(cards)
        for r, c in enumerate(unpack(packed)):
            played_ranks[r] += c
        facing, facing_seat, passes = move, s, 0
    standing_data = view["standing"]
    standing: Move | None = None
    standing_seat = int(view["to_move"])
    if standing_data is not None:
        combo = standing_data["combo"]
        cards = standing_data["cards"]
        standing = Move(
            pack(_counts(mask_of(cards))),
            len(cards),
            Kind(combo["kind"]),
            int(combo["k"]),
            rank_of_code(combo["key"]),
        )
        standing_seat = int(standing_data["seat"])
    elif facing is not None and not view["over"]:
        raise InvalidView("view history has a standing play but the view shows none")
    unseen = tuple(rules.deck_ranks[r] - hand[r] - played_ranks[r] for r in range(RANK_COUNT))
    if min(unseen) < 0:
        raise InvalidView("view shows more cards of a rank than the deck holds")
    face_up = None
    if view.get("face_up"):
        face_up = (card_id(view["face_up"]["card"]), int(view["face_up"]["seat"]))
    known = tuple((card_id(k["card"]), int(k["seat"])) for k in view.get("known", ()))
    return Observation(
        rules=rules,
        seat=seat,
        hand=tuple(hand),
        hand_mask=hand_mask,
        counts=(counts[0], counts[1], counts[2]),
        to_move=int(view["to_move"]),
        standing=standing,
        standing_seat=standing_seat,
        passes=int(view["passes"]),
        played=tuple(bool(p) for p in view["played"])[:3],  # type: ignore[arg-type]
        need_three=bool(view["spade3_first"]),
        history=tuple(history),
        unseen=unseen,
        face_up=face_up,
        played_mask=played_mask,
        known=known,
        over=bool(view["over"]),
    )


def _counts(mask: int) -> list[int]:
    return [((mask >> (4 * r)) & 0xF).bit_count() for r in range(RANK_COUNT)]
