"""What one seat may know: the only input of every bot, and the table's view as JSON.

An :class:`Observation` is built from the game by ``Game.observation(seat)``
(or read back from its JSON by :meth:`Observation.from_view`). It holds the
seat's own hand, the others' card counts, every play and pass, and what the
table made public (the face-up card, the ♠3 of a dealt game), and nothing
else: it has no field where another seat's cards could go, so a bot that
takes one cannot peek. ``Game.view(seat)`` is :meth:`Observation.to_json`.

The table's bookkeeping (whose turn, the play to beat, passes, when a trick
ends, shut-outs, bomb points) is the rank-count :class:`~paodekuai.state.Position`'s:
the observation replays the public actions through one whose hidden hands are
stand-ins (that bookkeeping needs only the card counts and the plays).

>>> from paodekuai import Game
>>> obs = Game.deal(seed=7).observation(0)
>>> obs.seat, sum(obs.hand), obs.counts
(0, 16, (16, 16, 16))
>>> Observation.from_view(Game.deal(seed=7).view(0)) == obs
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Final, NamedTuple, cast

from .cards import (
    CODES,
    RANK_COUNT,
    RANKS,
    card_id,
    codes_of,
    mask_of,
    pick_cards,
    rank_counts,
    rank_of_code,
)
from .combos import Combo, Move, beats, core_of, forced_single, legal_moves, pack, readings
from .errors import InvalidView
from .protocol import ActionJson, CardHolder, PlayJson, ShapeError, View, conform
from .rules import Kind, Rules, UnknownRules, get_rules
from .state import Position, Settlement
from .text import combo_json

#: The view's format; a view of another format is refused.
VIEW_FORMAT: Final = 1

#: One action as the game records it: the seat, the cards (a mask) and their
#: reading, or None and None for a pass.
PublicAction = tuple[int, int | None, Move | None]


class PastAction(NamedTuple):
    """One action of the hand as the seat saw it (a named tuple: views make many)."""

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
    #: The cards played, as a mask, or None for a pass.
    cards: int | None
    #: Index in the history of the first action of this action's trick.
    trick_start: int


def play_codes(cards: int, move: Move) -> list[str]:
    """A play's cards (a mask) as codes in the order they read: the trios of a trio
    or plane that carries cards first, then what it carries, each part low to high.

    >>> cards = mask_of(["3H", "5H", "KS", "KH", "KD"])
    >>> play_codes(cards, Move(pack(rank_counts(cards)), 5, Kind.TRIO_TWO, 1, 10))
    ['KS', 'KH', 'KD', '3H', '5H']
    """
    core = pick_cards(cards, core_of(move))
    return codes_of(core) + codes_of(cards & ~core)


@dataclass(frozen=True, slots=True)
class Observation:
    """Everything one seat may know, and nothing more."""

    rules: Rules
    seat: int
    #: Own rank counts.
    hand: tuple[int, ...]
    #: Own cards as a mask (to pick concrete cards).
    hand_mask: int
    counts: tuple[int, int, int]
    to_move: int
    #: The play to beat, or None while ``to_move`` leads (and once the hand is over).
    standing: Move | None
    standing_seat: int
    #: Passes in a row since the standing play.
    passes: int
    played: tuple[bool, bool, bool]
    #: The next play must contain ♠3 (it does bind: a legal play contains it).
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
    #: The seat that led the first trick.
    leader: int
    winner: int | None
    #: The result, once the hand is over.
    settlement: Settlement | None
    #: Index in the history where the current trick began (its length when the
    #: trick just ended and the next has not begun).
    trick_start: int

    @classmethod
    def from_view(cls, view: Mapping[str, object]) -> Observation:
        """Read back :meth:`to_json`'s output; anything else raises :class:`InvalidView`."""
        try:
            return _parse(view)
        except InvalidView:
            raise
        except (ShapeError, UnknownRules, ValueError) as exc:
            raise InvalidView(f"not a game view: {exc}") from exc

    @property
    def next_seat(self) -> int:
        return (self.seat + 1) % 3

    def forced_single(self) -> int | None:
        """The rank a single of this seat must be under the last card rule, or None."""
        return forced_single(pack(self.hand), self.rules, self.counts[self.next_seat])

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

    def to_json(self) -> View:
        """The view as JSON (docs/PROTOCOL.md, ``View``); :meth:`from_view` reads it back."""
        history: list[ActionJson] = []
        last_play: PlayJson | None = None
        for action in self.history:
            if action.cards is None or action.move is None:
                history.append(
                    {
                        "seat": action.seat,
                        "cards": None,
                        "combo": None,
                        "trick_start": action.trick_start,
                    }
                )
                continue
            cards = play_codes(action.cards, action.move)
            combo = combo_json(action.move.combo)
            history.append(
                {
                    "seat": action.seat,
                    "cards": cards,
                    "combo": combo,
                    "trick_start": action.trick_start,
                }
            )
            last_play = {"seat": action.seat, "cards": cards, "combo": combo}
        deck = self.rules.deck_ranks
        alerts = self.rules.alert_counts
        # The counter's cards not yet seen: what the others hold, less the cards of theirs shown
        # to all (compact15's face-up card) until they are played.
        # Only a card laid face up was seen: the opener's ♠3 is known to be in its hand
        # (``known``) but nobody has seen it, and the counter counts it until it is played.
        shown = 0
        if self.face_up is not None and self.face_up[1] != self.seat:
            shown = 1 << self.face_up[0]
        shown_ranks = rank_counts(shown & ~self.played_mask)
        return {
            "format": VIEW_FORMAT,
            "rules": self.rules.name,
            "seat": self.seat,
            "hand": codes_of(self.hand_mask),
            "counts": list(self.counts),
            "to_move": self.to_move,
            "leader": self.leader,
            "standing": last_play if self.standing is not None else None,
            "passes": self.passes,
            "history": history,
            "trick_start": self.trick_start,
            "played": list(self.played),
            "face_up": None if self.face_up is None else _holder(self.face_up),
            # Whether that card is still in its holder's hand (the table marks the holder).
            "face_up_held": self.face_up is not None
            and not self.played_mask >> self.face_up[0] & 1,
            "known": [_holder(k) for k in self.known],
            "spade3_first": self.need_three,
            "last_card": [n == 1 for n in self.counts],
            "alerts": [n in alerts for n in self.counts],
            # Once the hand is over every hand is shown (the table turns them face up):
            # nothing is left unseen.
            "unseen": [
                [RANKS[r], 0 if self.over else self.unseen[r] - shown_ranks[r]]
                for r in range(RANK_COUNT)
                if deck[r]
            ],
            "over": self.over,
            "winner": self.winner,
            "settlement": None if self.settlement is None else self.settlement.to_json(),
        }


def _holder(card_seat: tuple[int, int]) -> CardHolder:
    return {"card": CODES[card_seat[0]], "seat": card_seat[1]}


def observe(
    rules: Rules,
    seat: int,
    hand_mask: int,
    counts: Sequence[int],
    leader: int,
    actions: Sequence[PublicAction],
    need_three: bool,
    face_up: tuple[int, int] | None,
    known: Sequence[tuple[int, int]],
) -> Observation:
    """What ``seat`` knows, from its hand, the counts now and the public actions.

    Raises :class:`InvalidView` when the actions could not have happened in
    that order (a seat acting out of turn, a pass with nothing to beat, a play
    that does not beat the standing one, anything after the hand is over).
    """
    # Stand-in hands: this seat's own cards as dealt, and for each other seat
    # just the cards it went on to play (its hidden cards are never needed).
    initial = list(counts)
    hands = [0, 0, 0]
    hands[seat] = pack(rank_counts(hand_mask))
    for s, cards, move in actions:
        if cards is not None and move is not None:
            initial[s] += move.n
            hands[s] += move.packed
    pos = Position(rules, hands, leader)
    pos.sizes = initial
    history: list[PastAction] = []
    played_mask = 0
    trick_start = 0
    sizes = pos.sizes
    for index, (s, cards, move) in enumerate(actions):
        if pos.winner is not None:
            raise InvalidView(f"action {index + 1} comes after the hand is over")
        if s != pos.to_move:
            raise InvalidView(
                f"action {index + 1} is seat {s}'s, but seat {pos.to_move} was to move"
            )
        facing = pos.standing
        facing_seat = s if facing is None else pos.standing_seat
        before = (sizes[0], sizes[1], sizes[2])
        if cards is None or move is None:
            if facing is None:
                raise InvalidView(f"action {index + 1} passes with nothing to beat")
            pass_ = PastAction(s, None, None, facing, before, facing_seat, None, trick_start)
            history.append(pass_)
            pos.pass_turn()
            if pos.standing is None:  # the pass ended the trick
                trick_start = index + 1
            continue
        if cards & (played_mask | hand_mask):
            raise InvalidView(f"action {index + 1} plays a card already seen")
        if facing is not None and not beats(move, facing):
            raise InvalidView(f"action {index + 1} does not beat the play it follows")
        history.append(
            PastAction(s, move.packed, move, facing, before, facing_seat, cards, trick_start)
        )
        played_mask |= cards
        pos.play(move)
    own = rank_counts(hand_mask)
    played_ranks = rank_counts(played_mask)
    unseen = tuple(rules.deck_ranks[r] - own[r] - played_ranks[r] for r in range(RANK_COUNT))
    if min(unseen) < 0:
        raise InvalidView("more cards of a rank are shown than the deck holds")
    over = pos.winner is not None
    return Observation(
        rules=rules,
        seat=seat,
        hand=tuple(own),
        hand_mask=hand_mask,
        counts=(pos.sizes[0], pos.sizes[1], pos.sizes[2]),
        to_move=pos.to_move,
        standing=None if over else pos.standing,
        standing_seat=pos.standing_seat,
        passes=pos.passes,
        played=(pos.played[0], pos.played[1], pos.played[2]),
        need_three=need_three,
        history=tuple(history),
        unseen=unseen,
        face_up=face_up,
        played_mask=played_mask,
        known=tuple(known),
        over=over,
        leader=leader,
        winner=pos.winner,
        settlement=pos.settlement() if over else None,
        trick_start=trick_start,
    )


def _parse(data: Mapping[str, object]) -> Observation:
    if not isinstance(data, Mapping) or data.get("format") != VIEW_FORMAT:
        raise InvalidView(f"not a game view (format {VIEW_FORMAT})")
    view = conform(dict(data), View)
    rules = get_rules(view["rules"])
    seat = _seat(view["seat"], "seat")
    leader = _seat(view["leader"], "leader")
    actions: list[PublicAction] = []
    for entry in view["history"]:
        s = _seat(entry["seat"], "a history entry's seat")
        cards, combo = entry["cards"], entry["combo"]
        if cards is None or combo is None:
            if cards is not None or combo is not None:
                raise InvalidView("a pass has no cards and no reading")
            actions.append((s, None, None))
            continue
        mask = mask_of(cards)
        counts = rank_counts(mask)
        reading = Combo(Kind(combo["kind"]), combo["k"], rank_of_code(combo["key"]))
        if reading not in readings(counts, len(cards), rules, True):
            raise InvalidView(f"{' '.join(cards)} cannot be read as {reading}")
        actions.append((s, mask, Move(pack(counts), len(cards), *reading)))
    face_up = None
    if view["face_up"] is not None:
        face_up = (card_id(view["face_up"]["card"]), _seat(view["face_up"]["seat"], "face_up"))
    known = [(card_id(k["card"]), _seat(k["seat"], "known")) for k in view["known"]]
    hand_mask = mask_of(view["hand"])
    counts = view["counts"]
    if len(counts) != 3 or min(counts) < 0 or counts[seat] != hand_mask.bit_count():
        raise InvalidView("the view's counts do not match its hand")
    obs = observe(
        rules,
        seat,
        hand_mask,
        counts,
        leader,
        actions,
        view["spade3_first"],
        face_up,
        known,
    )
    again = cast(dict[str, object], obs.to_json())
    if again != view:
        wrong = next(k for k in again if again[k] != data.get(k))
        raise InvalidView(f"the view does not add up: its {wrong!r} is not what its history gives")
    return obs


def _seat(value: int, what: str) -> int:
    if not 0 <= value <= 2:
        raise InvalidView(f"{what} must be 0, 1 or 2, not {value!r}")
    return value


__all__ = ["VIEW_FORMAT", "InvalidView", "Observation", "PastAction", "observe", "play_codes"]

