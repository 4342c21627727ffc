"""The public game: a hand of Pao De Kuai with card identities, history and views.

>>> g = Game.deal(seed=7)
>>> g.deal_code, g.to_move, "3S" in g.hand(g.to_move)
('A0000076', 0, True)
>>> g.can_pass()
False
>>> g.check(["3S", "3S"])
Traceback (most recent call last):
...
paodekuai.cards.InvalidCard: card 3S is listed twice
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable, Sequence
from typing import Final, NamedTuple, Self

from . import codes as deal_codes
from .cards import (
    CODES,
    RANK_COUNT,
    InvalidCard,
    card_codes,
    card_id,
    codes_of,
    mask_of,
    pick_cards,
    rank_counts,
)
from .combos import Combo, Move, judge, lowest_rank, pack, unpack
from .errors import IllegalPlay, InvalidGame
from .observation import Observation, observe
from .persist import FORMAT, VERSION, load_game
from .prng import SplitMix64
from .protocol import GameJson, JudgementJson, Level, SettlementJson, View, check_level
from .rules import Kind, Rules, get_rules
from .state import Position
from .text import Context, Text, combo_json, judgement_text, prompt_text, refusal_text

_SPADE3: Final = 1  # bit of card id 0, the ♠3


class Judgement(NamedTuple):
    """What the engine says about a selection: legal or not, why, and how it reads."""

    legal: bool
    code: str | None
    combo: Combo | None
    message: Text

    def to_json(self) -> JudgementJson:
        return {
            "legal": self.legal,
            "code": self.code,
            "combo": combo_json(self.combo) if self.combo is not None else None,
            "message": self.message.to_json(),
        }


class Action(NamedTuple):
    """One step of the hand: a seat plays cards (a mask), or passes (``cards`` None)."""

    seat: int
    cards: int | None
    move: Move | None


def packed_of_mask(mask: int) -> int:
    """Packed rank counts (a byte per rank) of a card mask."""
    return pack(rank_counts(mask))


def _lowest_codes() -> tuple[tuple[tuple[tuple[str, ...], ...], ...], ...]:
    """For rank r, suits nibble and count c: the codes of the c lowest suits held."""
    table = []
    for r in range(RANK_COUNT):
        per_nibble = []
        for nibble in range(16):
            suits = [s for s in range(4) if nibble >> s & 1]
            per_nibble.append(tuple(tuple(CODES[4 * r + s] for s in suits[:c]) for c in range(5)))
        table.append(tuple(per_nibble))
    return tuple(table)


_LOWEST: Final = _lowest_codes()


def _pick_codes(hand: int, packed: int) -> list[str]:
    """:func:`~paodekuai.cards.pick_cards` straight to codes (``legal_plays``' hot path)."""
    out: list[str] = []
    while packed:
        shift = ((packed & -packed).bit_length() - 1) & ~7
        r = shift >> 3
        out += _LOWEST[r][(hand >> (4 * r)) & 0xF][(packed >> shift) & 0xFF]
        packed &= ~(0xFF << shift)
    return out


class Game:
    """One hand of Pao De Kuai for three seats (0 is the person).

    Build one with :meth:`deal`, :meth:`from_code`, :meth:`from_hands` or
    :meth:`from_dict`; the constructor is internal.
    """

    def __init__(
        self,
        rules: Rules,
        hands: Sequence[int],
        leader: int,
        *,
        seed: int | None = None,
        face_up: int | None = None,
        level: Level | None = None,
    ) -> None:
        self.rules = rules
        self._masks = list(hands)
        self._initial = tuple(hands)
        self.leader = leader
        self.seed = seed
        #: compact15's face-up card id, shown to everyone.
        self.face_up = face_up
        #: The computer opponents' difficulty this hand is played at (None: not said).
        self.level = level
        need_three = rules.spade3_first and bool(hands[leader] & _SPADE3)
        self._pos = Position(rules, [packed_of_mask(m) for m in hands], leader, need_three)
        self._history: list[Action] = []
        #: The actions (indices into the history) the club timer made: the seat's time ran out.
        self._timed_out: list[int] = []

    # --- construction ----------------------------------------------------------------

    @classmethod
    def deal(
        cls, seed: int | None = None, rules: str | Rules = "standard", level: Level | None = None
    ) -> Self:
        """A shuffled deal; the same seed and rules give the same hands, forever.

        The deck (ascending card order) is shuffled by :class:`SplitMix64` seeded
        with ``seed``; seat s gets cards ``s*n .. s*n+n-1``. Where the face-up card
        opens, one more draw picks it from the shuffled deck. Without a seed a
        random six-digit one is drawn. ``level`` is the opponents' difficulty,
        kept with the game.
        """
        preset = get_rules(rules)
        if seed is None:
            seed = secrets.randbelow(1_000_000)
        deal_codes.check_seed(seed)
        level = check_level(level)
        rng = SplitMix64(seed)
        deck = [i for i in range(52) if preset.deck_mask >> i & 1]
        rng.shuffle(deck)
        size = preset.hand_size
        hands = [0, 0, 0]
        for position, cid in enumerate(deck):
            hands[position // size] |= 1 << cid
        face_up = None
        if preset.opener == "face_up":
            face_up = deck[rng.below(len(deck))]
            leader = next(s for s in range(3) if hands[s] >> face_up & 1)
        else:
            leader = next(s for s in range(3) if hands[s] & _SPADE3)
        return cls(preset, hands, leader, seed=seed, face_up=face_up, level=level)

    @classmethod
    def from_code(cls, code: str, level: Level | None = None) -> Self:
        """The deal of a deal code such as ``A1739205``; a bad code raises ValueError."""
        rules, seed = deal_codes.decode(code)
        return cls.deal(seed, rules, level)

    @classmethod
    def from_hands(
        cls,
        hands: Sequence[Iterable[str]],
        leader: int = 0,
        rules: str | Rules = "standard",
    ) -> Self:
        """A game from any three disjoint hands of the preset's deck (tests, puzzles).

        >>> g = Game.from_hands([["8S", "8H", "8D", "5C"], ["7S"], ["9S"]], leader=0)
        >>> g.play(["8S", "8H", "8D", "5C"]).kind.value
        'trio_two'
        """
        preset = get_rules(rules)
        if not isinstance(hands, (list, tuple)) or len(hands) != 3:
            raise InvalidGame("from_hands needs a list of exactly three hands")
        leader = _seat(leader, "leader")
        masks: list[int] = []
        seen = 0
        for seat, hand in enumerate(hands):
            try:
                mask = mask_of(card_codes(hand))
            except InvalidCard as exc:
                raise InvalidCard(f"hand {seat}: {exc}") from None
            outside = mask & ~preset.deck_mask
            if outside:
                bad = codes_of(outside)[0]
                raise InvalidCard(f"card {bad} is not in the {preset.name} deck")
            clash = mask & seen
            if clash:
                bad = codes_of(clash)[0]
                raise InvalidCard(f"card {bad} is in two hands")
            if not mask:
                raise InvalidGame(f"hand {seat} is empty: every seat needs a card")
            seen |= mask
            masks.append(mask)
        return cls(preset, masks, leader)

    # --- state -----------------------------------------------------------------------

    @property
    def to_move(self) -> int:
        return self._pos.to_move

    @property
    def over(self) -> bool:
        return self._pos.winner is not None

    @property
    def winner(self) -> int | None:
        return self._pos.winner

    @property
    def position(self) -> Position:
        """A copy of the rank-count state (for search)."""
        return self._pos.copy()

    @property
    def deal_code(self) -> str | None:
        """The deal's code, or None for a game set up by hand."""
        if self.seed is None:
            return None
        return deal_codes.encode(self.rules.name, self.seed)

    @property
    def history(self) -> list[tuple[int, list[str] | None]]:
        """Every action so far, in order: (seat, cards), or (seat, None) for a pass."""
        return [(a.seat, None if a.cards is None else codes_of(a.cards)) for a in self._history]

    @property
    def standing(self) -> Combo | None:
        """The reading of the play to beat, or None when the seat to move leads."""
        move = self._pos.standing
        return None if move is None or self.over else move.combo

    def hand(self, seat: int) -> list[str]:
        """A seat's cards as codes, low to high; ``seat`` must be the int 0, 1 or 2."""
        return codes_of(self._masks[_seat(seat)])

    def initial_hand(self, seat: int) -> list[str]:
        return codes_of(self._initial[_seat(seat)])

    def count(self, seat: int) -> int:
        return self._pos.sizes[_seat(seat)]

    def legal_moves(self) -> list[Move]:
        """Every legal play of the seat to move, by ranks."""
        return self._pos.legal_moves()

    def suggested_moves(self) -> list[Move]:
        """Every legal play of the seat to move, the most sensible first: plain before
        bombs; following, the smallest that beats; leading, the play that sheds the lowest
        cards in the biggest group. Hint cycles through them in this order; the must-beat
        refusal and a timed-out follow name the first."""
        moves = self._pos.legal_moves()
        if self._pos.standing is not None:
            return sorted(moves, key=lambda m: (m.kind is Kind.BOMB, m.key, m.n))
        return sorted(
            moves, key=lambda m: (m.kind is Kind.BOMB, lowest_rank(m.packed), -m.n, m.key)
        )

    def cards_for(self, move: Move) -> list[str]:
        """The cards the seat to move would play for a move (♠ first within a rank)."""
        return codes_of(pick_cards(self._masks[self.to_move], move.packed))

    def legal_plays(self) -> list[list[str]]:
        """Every legal play of the seat to move as card codes; never a pass."""
        hand = self._masks[self.to_move]
        return [_pick_codes(hand, m.packed) for m in self._pos.legal_moves()]

    def can_pass(self) -> bool:
        return self._pos.can_pass()

    def forced_single(self) -> str | None:
        """The card the last card rule forces as a single right now, or None."""
        rank = self._pos.forced_single()
        if rank is None or rank < 0:
            return None
        nibble = (self._masks[self.to_move] >> (4 * rank)) & 0xF
        return CODES[4 * rank + (nibble & -nibble).bit_length() - 1]

    def _several_of_forced(self) -> bool:
        """The seat to move holds more than one card of the rank the last card rule forces."""
        rank = self._pos.forced_single()
        if rank is None or rank < 0:
            return False
        return ((self._masks[self.to_move] >> (4 * rank)) & 0xF).bit_count() > 1

    def barred_singles(self) -> list[str]:
        """Cards of the seat to move that the last card rule forbids as a single."""
        rank = self._pos.forced_single()
        if rank is None:
            return []
        return [c for c in self.hand(self.to_move) if card_id(c) // 4 != rank]

    def single_barred(self) -> list[str]:
        """The cards the last card rule keeps from going as a single, when a single could
        be played now (leading, or following a single); else none.

        >>> g = Game.from_hands([["9S", "QS", "QH", "KS"], ["3H"], ["8H", "8D", "4H"]], leader=0)
        >>> g.single_barred()
        ['9S', 'QS', 'QH']
        """
        standing = self.standing
        if standing is not None and standing.kind is not Kind.SINGLE:
            return []
        return self.barred_singles()

    def unplayable(self) -> list[str]:
        """Cards of the seat to move that are part of no legal play now: the table greys them.

        Cards of one rank are interchangeable in a play, save the ♠3 a first play
        must contain: another 3 is usable only where a legal play takes two 3s.

        >>> g = Game.from_hands([["9S", "QS", "QH", "KS"], ["3H"], ["8H", "8D", "4H"]], leader=2)
        >>> _ = g.play(["8H", "8D"])
        >>> g.unplayable()   # the pair of queens beats; the last card rule binds only singles
        ['9S', 'KS']
        """
        most = [0] * RANK_COUNT
        for move in self._pos.legal_moves():
            most = [max(m, c) for m, c in zip(most, unpack(move.packed), strict=True)]
        spade3 = self._pos.spade3_binds()
        out = []
        for code in self.hand(self.to_move):
            rank = card_id(code) // 4
            needed = 2 if spade3 and rank == 0 and code != "3S" else 1
            if most[rank] < needed:
                out.append(code)
        return out

    def prompt(self) -> Text:
        """What the status line says to the seat to move before it selects anything.

        Worded from the facts the table's buttons show: whether anything beats
        (Hint), whether it may pass (Pass), the ♠3 of a first play and the last
        card rule, so the line never says one thing while the buttons say another.
        """
        forced = self.forced_single() if self.single_barred() else None
        return prompt_text(
            self.standing,
            can_beat=bool(self._pos.legal_moves()),
            must_beat=self.rules.must_beat,
            spade3=self._pos.spade3_binds(),
            forced_card=card_id(forced) if forced else None,
            forced_several=self._several_of_forced(),
        )

    # --- judging and acting ----------------------------------------------------------

    def check(self, cards: Iterable[str], seat: int | None = None) -> str | None:
        """None if the seat to move (or ``seat``) may play these cards now, else a reason code."""
        verdict = self.judge(cards, seat)
        # An empty selection judges as "nothing chosen yet" (no code); as a play
        # it is no combination.
        return None if verdict.legal else (verdict.code or "not_a_combination")

    def judge(self, cards: Iterable[str], seat: int | None = None) -> Judgement:
        """Legality, reason, reading and a message for a selection.

        >>> g = Game.from_hands([["9S", "3H"], ["10S", "KS", "2S"], ["8H"]], leader=0)
        >>> _ = g.play(["9S"])
        >>> g.judge(["KS"]).code, g.judge(["KS"]).message.en
        ('highest_single', 'The next player has one card left: a single must be your highest, ♠2.')
        """
        return self._judge(mask_of(card_codes(cards)), seat)

    def _judge(self, mask: int, seat: int | None) -> Judgement:
        pos = self._pos
        standing = self.standing
        if pos.winner is not None:
            return self._refuse("game_over", Context(self.rules, None))
        if seat is not None and _seat(seat) != pos.to_move:
            return self._refuse("not_your_turn", Context(self.rules, standing))
        hand = self._masks[pos.to_move]
        if mask & ~hand:
            missing = [card_id(c) for c in codes_of(mask & ~hand)]
            return self._refuse("not_your_cards", Context(self.rules, standing, missing=missing))
        if not mask:
            return Judgement(False, None, None, self.prompt())
        hand_counts = rank_counts(hand)
        sel_counts = rank_counts(mask)
        forced = pos.forced_single()
        verdict = judge(
            hand_counts,
            sel_counts,
            self.rules,
            standing,
            forced,
            bool(mask & _SPADE3),
            pos.spade3_binds(),
        )
        if verdict.code is None and verdict.combo is not None:
            return Judgement(True, None, verdict.combo, judgement_text(verdict.combo, standing))
        forced_card = self.forced_single()
        ctx = Context(
            self.rules,
            standing,
            readings=verdict.readings,
            selection=sel_counts,
            forced_card=card_id(forced_card) if forced_card else None,
            forced_several=self._several_of_forced(),
            whole_hand=mask == hand,
            may_pass=standing is not None and pos.can_pass(),
        )
        return self._refuse(verdict.code or "not_a_combination", ctx)

    def _refuse(self, code: str, ctx: Context) -> Judgement:
        return Judgement(False, code, None, refusal_text(code, ctx))

    def play(self, cards: Iterable[str], seat: int | None = None) -> Combo:
        """Play cards for the seat to move; returns the reading. Raises :class:`IllegalPlay`."""
        mask = mask_of(card_codes(cards))
        verdict = self._judge(mask, seat)
        if not verdict.legal or verdict.combo is None:
            code = verdict.code or "not_a_combination"
            raise IllegalPlay(code, verdict.message)
        combo = verdict.combo
        move = Move(packed_of_mask(mask), mask.bit_count(), combo.kind, combo.k, combo.key)
        self._apply(mask, move)
        return combo

    def play_move(self, move: Move) -> list[str]:
        """Play a move from :meth:`legal_moves` (the AI's path); returns the cards."""
        cards = self.cards_for(move)
        self.play(cards)
        return cards

    def _apply(self, mask: int, move: Move) -> None:
        seat = self._pos.to_move
        self._masks[seat] &= ~mask
        self._history.append(Action(seat, mask, move))
        self._pos.play(move)

    def pass_refusal(self, seat: int | None = None) -> Judgement | None:
        """Why the seat to move may not pass now, or None when it may."""
        pos = self._pos
        if pos.winner is not None:
            return self._refuse("game_over", Context(self.rules, None))
        if seat is not None and _seat(seat) != pos.to_move:
            return self._refuse("not_your_turn", Context(self.rules, self.standing))
        if pos.standing is None:
            return self._refuse("leader_cannot_pass", Context(self.rules, None))
        if self.rules.must_beat:
            moves = self.suggested_moves()
            if moves:
                ctx = Context(self.rules, self.standing, beating=moves[0].combo)
                return self._refuse("must_beat", ctx)
        return None

    def pass_turn(self, seat: int | None = None) -> None:
        """Pass for the seat to move; raises :class:`IllegalPlay` (``must_beat``, ...)."""
        refusal = self.pass_refusal(seat)
        if refusal is not None:
            raise IllegalPlay(refusal.code or "must_beat", refusal.message)
        self._history.append(Action(self._pos.to_move, None, None))
        self._pos.pass_turn()

    def time_out(self) -> list[str] | None:
        """The seat to move ran out of time: :meth:`timeout_action` is played for it (None: a
        pass) and the action is kept as one the seat did not choose (:attr:`timed_out`)."""
        cards = self.timeout_action()
        index = len(self._history)
        if cards is None:
            self.pass_turn()
        else:
            self.play(cards)
        self._timed_out.append(index)
        return cards

    @property
    def timed_out(self) -> tuple[int, ...]:
        """The indices (in :meth:`history`) of the actions played because time ran out."""
        return tuple(self._timed_out)

    def timeout_action(self) -> list[str] | None:
        """What a seat that runs out of time plays (club timer), per RULES.md.

        Following: its smallest beating play (non-bombs first), else a pass.
        Leading: its lowest single, or its highest when the last card rule binds;
        with no single to lead, its smallest legal play.
        """
        if self._pos.standing is not None:
            beating = self.suggested_moves()
            return self.cards_for(beating[0]) if beating else None
        moves = self._pos.legal_moves()
        singles = [m for m in moves if m.kind is Kind.SINGLE]
        pool = singles or moves
        forced = self._pos.forced_single()
        if forced is not None and singles:
            best = max(singles, key=lambda m: m.key)
        else:
            best = min(pool, key=lambda m: (m.key, m.n))
        return self.cards_for(best)

    # --- the end ---------------------------------------------------------------------

    def settlement(self) -> SettlementJson:
        """Once over: the winner, and cards left, shut out, bomb points and total per seat.

        Raises ValueError before the hand is over.
        """
        return self._pos.settlement().to_json()

    # --- views and persistence -------------------------------------------------------

    def observation(self, seat: int) -> Observation:
        """What ``seat`` may know, and nothing more: the input of every bot."""
        seat = _seat(seat)
        # Cards whose holder at the deal is public: the face-up card, and the ♠3
        # of a dealt game whose ♠3 holder opens.
        face_up = None
        known: list[tuple[int, int]] = []
        if self.face_up is not None:
            holder = next(s for s in range(3) if self._initial[s] >> self.face_up & 1)
            face_up = (self.face_up, holder)
            known.append(face_up)
        elif self.seed is not None and self.rules.opener == "spade3":
            known.append((0, self.leader))
        pos = self._pos
        return observe(
            self.rules,
            seat,
            self._masks[seat],
            pos.sizes,
            self.leader,
            [(a.seat, a.cards, a.move) for a in self._history],
            pos.spade3_binds(),
            face_up,
            known,
        )

    def view(self, seat: int) -> View:
        """What ``seat`` may know, as JSON: never a card of another seat's hand."""
        return self.observation(seat).to_json()

    def to_dict(self) -> GameJson:
        """The game as JSON: versioned; :meth:`from_dict` restores it exactly."""
        data: GameJson = {
            "format": FORMAT,
            "version": VERSION,
            "rules": self.rules.name,
            "seed": self.seed,
            "deal_code": self.deal_code,
            "level": self.level,
            "leader": self.leader,
            "face_up": None if self.face_up is None else CODES[self.face_up],
            "hands": [codes_of(m) for m in self._initial],
            "actions": [None if a.cards is None else codes_of(a.cards) for a in self._history],
            "to_move": self._pos.to_move,
            "counts": list(self._pos.sizes),
        }
        if self._timed_out:  # only then: every other game's JSON is unchanged
            data["timed_out"] = list(self._timed_out)
        return data

    @classmethod
    def from_dict(cls, data: object) -> Self:
        """Restore :meth:`to_dict`'s output; anything malformed or impossible raises ValueError.

        The actions are replayed through the rules, so a tampered game can only
        fail, never load as a position the rules could not reach.
        """
        return load_game(cls, data)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Game) and self.to_dict() == other.to_dict()

    def __hash__(self) -> int:
        return hash((self.rules.name, self._initial, len(self._history)))

    def __repr__(self) -> str:
        where = self.deal_code or f"from_hands leader={self.leader}"
        state = "over" if self.over else f"seat {self.to_move} to move"
        return f"<Game {self.rules.name} {where}, {len(self._history)} actions, {state}>"


def _seat(seat: object, what: str = "seat") -> int:
    """A seat number, checked: the int 0, 1 or 2 (not 1.0, not True)."""
    if type(seat) is not int or not 0 <= seat <= 2:
        raise ValueError(f"{what} must be one of the seats 0, 1 and 2 (an int), not {seat!r}")
    return seat


__all__ = [
    "Action",
    "Game",
    "IllegalPlay",
    "InvalidGame",
    "Judgement",
    "combo_json",
]
