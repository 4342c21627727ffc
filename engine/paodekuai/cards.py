"""Cards as small immutable values that round-trip through strings.

A card is a rank and a suit. Ranks run low to high ``3 4 5 6 7 8 9 10 J Q K A 2``;
suits are ``S H D C`` (♠ ♥ ♦ ♣) and never compare. Internally a card is an
integer id ``rank * 4 + suit`` (rank 0 is the 3, rank 12 the 2), so a hand is a
52-bit mask; the :class:`Card` type and the string codes exist only at the edges.

>>> Card.parse("10H")
Card.parse('10H')
>>> str(Card.parse("td"))
'10D'
>>> Card.parse("2s").pretty
'♠2'
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final

RANKS: Final = ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2")
SUITS: Final = ("S", "H", "D", "C")
SUIT_SYMBOLS: Final = ("♠", "♥", "♦", "♣")
SUIT_NAMES_ZH: Final = ("黑桃", "红桃", "方块", "梅花")

RANK_COUNT: Final = 13
#: Index of the highest rank that may appear in runs, straights and planes (the ace).
TOP_RUN_RANK: Final = 11
#: Number of card ids: 13 ranks x 4 suits.
CARD_COUNT: Final = 52


class InvalidCard(ValueError):
    """A card code that cannot be read, e.g. ``"1H"`` or ``"10X"``."""


def _build_parse_table() -> dict[str, int]:
    table: dict[str, int] = {}
    for r, rank in enumerate(RANKS):
        spellings = [rank, "T"] if rank == "10" else [rank]
        for s, suit in enumerate(SUITS):
            for spelling in spellings:
                for suit_mark in (suit, SUIT_SYMBOLS[s]):
                    for code in (spelling + suit_mark, suit_mark + spelling):
                        table[code.upper()] = r * 4 + s
    return table


_PARSE: Final = _build_parse_table()
#: Card code of every card id, e.g. ``CODES[0] == "3S"``.
CODES: Final = tuple(RANKS[i // 4] + SUITS[i % 4] for i in range(CARD_COUNT))


def card_id(code: str) -> int:
    """The integer id of a card code; accepts ``T`` for 10, lower case and suit symbols.

    >>> card_id("3S"), card_id("10h"), card_id("♣2")
    (0, 29, 51)
    """
    if not isinstance(code, str):
        raise InvalidCard(f"a card code must be a string, not {type(code).__name__}")
    cid = _PARSE.get(code.strip().upper())
    if cid is None:
        raise InvalidCard(f"{code!r} is not a card: write rank then suit, like 3S, 10H or AD")
    return cid


def card_codes(cards: object) -> list[str]:
    """Cards given as a list (or any iterable) of codes, as a list; else :class:`InvalidCard`.

    >>> card_codes(("3S", "4h"))
    ['3S', '4h']
    >>> card_codes("3S")
    Traceback (most recent call last):
    ...
    paodekuai.cards.InvalidCard: cards must be a list of card codes, not a str
    """
    if isinstance(cards, (str, bytes)) or not isinstance(cards, Iterable):
        raise InvalidCard(f"cards must be a list of card codes, not a {type(cards).__name__}")
    codes = list(cards)
    for code in codes:
        if not isinstance(code, str):
            raise InvalidCard(f"a card code must be a string, not {code!r}")
    return codes


def mask_of(codes: Iterable[str]) -> int:
    """The bit mask of distinct card codes; a repeated card raises :class:`InvalidCard`.

    >>> bin(mask_of(["3S", "3H"]))
    '0b11'
    """
    mask = 0
    for code in codes:
        bit = 1 << card_id(code)
        if mask & bit:
            raise InvalidCard(f"card {CODES[card_id(code)]} is listed twice")
        mask |= bit
    return mask


def ids_of(mask: int) -> list[int]:
    """Card ids in a mask, low to high."""
    ids = []
    while mask:
        low = mask & -mask
        ids.append(low.bit_length() - 1)
        mask ^= low
    return ids


def codes_of(mask: int) -> list[str]:
    """Card codes in a mask, low to high (by rank, then ♠ ♥ ♦ ♣).

    >>> codes_of(mask_of(["2S", "3H", "10D"]))
    ['3H', '10D', '2S']
    """
    return [CODES[i] for i in ids_of(mask)]


def rank_counts(mask: int) -> list[int]:
    """How many cards of each rank a mask holds, indexed by rank."""
    return [((mask >> (4 * r)) & 0xF).bit_count() for r in range(RANK_COUNT)]


def pick_cards(hand: int, packed: int) -> int:
    """Concrete cards of ``hand`` for a play given by packed rank counts (a byte per rank).

    Takes the lowest suits of each rank (♠ first), so a play with a 3 made by
    the ♠3's holder contains the ♠3.

    >>> codes_of(pick_cards(mask_of(["3H", "3S", "5D"]), 0x1))
    ['3S']
    """
    mask = 0
    while packed:
        shift = ((packed & -packed).bit_length() - 1) & ~7
        rank_shift = shift >> 1  # a byte per rank in counts, a nibble in card masks
        need = (packed >> shift) & 0xFF
        nibble = (hand >> rank_shift) & 0xF
        while need:
            low = nibble & -nibble
            mask |= low << rank_shift
            nibble ^= low
            need -= 1
        packed &= ~(0xFF << shift)
    return mask


def pretty(cid: int) -> str:
    """A card for people: suit symbol then rank, e.g. ``♠3``."""
    return SUIT_SYMBOLS[cid % 4] + RANKS[cid // 4]


def pretty_zh(cid: int) -> str:
    """A card for Chinese readers, e.g. ``黑桃3``."""
    return SUIT_NAMES_ZH[cid % 4] + RANKS[cid // 4]


def rank_of_code(text: str) -> int:
    """The rank index of a rank name such as ``"10"``, ``"T"`` or ``"a"``."""
    name = text.strip().upper()
    name = "10" if name == "T" else name
    try:
        return RANKS.index(name)
    except ValueError:
        raise InvalidCard(f"{text!r} is not a rank: use 3-10, J, Q, K, A or 2") from None


@dataclass(frozen=True, order=True, slots=True)
class Card:
    """One playing card; orders by rank, then suit (♠ ♥ ♦ ♣).

    >>> Card.parse("QC") > Card.parse("JS")
    True
    >>> Card.parse("QC").rank, Card.parse("QC").suit
    ('Q', 'C')
    """

    id: int

    def __post_init__(self) -> None:
        if not 0 <= self.id < CARD_COUNT:
            raise InvalidCard(f"card id {self.id} is outside 0..51")

    @classmethod
    def parse(cls, code: str) -> Card:
        return cls(card_id(code))

    @property
    def rank(self) -> str:
        return RANKS[self.id // 4]

    @property
    def suit(self) -> str:
        return SUITS[self.id % 4]

    @property
    def rank_index(self) -> int:
        return self.id // 4

    @property
    def pretty(self) -> str:
        return pretty(self.id)

    def __str__(self) -> str:
        return CODES[self.id]

    def __repr__(self) -> str:
        return f"Card.parse({CODES[self.id]!r})"
