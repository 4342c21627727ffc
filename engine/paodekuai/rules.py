"""The rules of every preset as data: one frozen :class:`Rules` object per table.

Nothing else in the engine asks which preset it is playing; it asks the rules
object a question (``rules.must_beat``, ``Kind.TRIO_ONE in rules.kinds``).
The presets are the standard game of ``RULES.md`` and the three other tables
it derives from the seed texts.

>>> RULES["classic16"].must_beat
False
>>> len(RULES["compact15"].deck)
45
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Final, Literal

from .cards import CARD_COUNT, CODES, RANK_COUNT, RANKS, TOP_RUN_RANK, card_id
from .protocol import Preset, Run


class UnknownRules(ValueError):
    """A preset name that is not one of :data:`RULES`."""


class Kind(StrEnum):
    """Kinds of combination; each preset allows a subset."""

    SINGLE = "single"
    PAIR = "pair"
    PAIR_RUN = "pair_run"
    STRAIGHT = "straight"
    TRIO = "trio"
    TRIO_ONE = "trio_one"
    TRIO_PAIR = "trio_pair"
    TRIO_TWO = "trio_two"
    PLANE = "plane"
    PLANE_SINGLES = "plane_singles"
    PLANE_PAIRS = "plane_pairs"
    PLANE_WINGS = "plane_wings"
    BOMB = "bomb"


STANDARD_KINDS: Final = frozenset(
    {
        Kind.SINGLE,
        Kind.PAIR,
        Kind.PAIR_RUN,
        Kind.STRAIGHT,
        Kind.TRIO_TWO,
        Kind.PLANE_WINGS,
        Kind.BOMB,
    }
)
#: One trio, bare or with extra cards.
TRIO_KINDS: Final = frozenset({Kind.TRIO, Kind.TRIO_ONE, Kind.TRIO_PAIR, Kind.TRIO_TWO})
#: Two or more trios of consecutive ranks, bare or with extra cards.
PLANE_KINDS: Final = frozenset({Kind.PLANE, Kind.PLANE_SINGLES, Kind.PLANE_PAIRS, Kind.PLANE_WINGS})
#: The kinds a last play may carry too few extra cards in (where the preset allows it).
SHORT_LAST_PLAY_KINDS: Final = frozenset({Kind.TRIO_TWO, Kind.PLANE_WINGS})
#: Runs of consecutive ranks within 3..A (never the 2): cards of each rank in the
#: run and the fewest ranks it spans. Planes are runs of trios (``Kind.PLANE``
#: stands for the whole plane family here). The same in every preset.
RUNS: Final = {Kind.STRAIGHT: (1, 5), Kind.PAIR_RUN: (2, 2), Kind.PLANE: (3, 2)}

ELEVEN_KINDS: Final = frozenset(
    {
        Kind.SINGLE,
        Kind.PAIR,
        Kind.TRIO,
        Kind.TRIO_ONE,
        Kind.TRIO_PAIR,
        Kind.STRAIGHT,
        Kind.PAIR_RUN,
        Kind.PLANE,
        Kind.PLANE_SINGLES,
        Kind.PLANE_PAIRS,
        Kind.BOMB,
    }
)


@dataclass(frozen=True, slots=True)
class BombScoring:
    """How bombs pay.

    ``mode`` "winning": only a winning bomb pays (its trick ends with it, or it
    empties its player's hand); "every": every bomb played pays. Either way the
    bomber collects ``per_opponent`` from each of the two other seats.
    """

    mode: Literal["winning", "every"]
    per_opponent: int


@dataclass(frozen=True, slots=True)
class Timer:
    """Seconds a person has to act (club): leading, and following."""

    lead: int
    follow: int


@dataclass(frozen=True, slots=True)
class Rules:
    """One table's house rules."""

    name: str
    #: The letter that starts this preset's deal codes.
    code_letter: str
    label_en: str
    label_zh: str
    #: Cards taken out of the 52-card deck (jokers are never in it).
    removed: tuple[str, ...]
    hand_size: int
    #: "spade3": the ♠3 holder leads; "face_up": after the deal one random card
    #: is shown face up and its holder leads.
    opener: Literal["spade3", "face_up"]
    #: The first play of the game must contain ♠3.
    spade3_first: bool
    kinds: frozenset[Kind]
    #: A trio or plane with too few extra cards is legal as the last play.
    short_last_play: bool
    must_beat: bool
    #: Whether cards of a rank held four times may leave the hand outside the bomb.
    bombs_splittable: bool
    last_card_rule: bool
    #: What a loser left with exactly one card pays (other counts pay ``per_card`` each).
    one_card_pays: int
    #: A loser who never played a card pays this multiple.
    shut_out_multiplier: int
    bomb_scoring: BombScoring
    timer: Timer | None
    #: Card counts at which a seat is lit up for everyone (one card: the last card warning).
    alert_counts: tuple[int, ...] = (1,)
    #: Points a loser pays per card left (but see ``one_card_pays``).
    per_card: int = 1
    deck_mask: int = field(init=False)
    #: Cards of each rank in the deck.
    deck_ranks: tuple[int, ...] = field(init=False)
    #: The allowed kinds in :class:`Kind` order (generation order).
    kind_order: tuple[Kind, ...] = field(init=False)
    #: The runs this preset plays, from :data:`RUNS`: (kind, cards per rank, fewest ranks).
    runs: tuple[tuple[Kind, int, int], ...] = field(init=False)

    def __post_init__(self) -> None:
        removed = 0
        for code in self.removed:
            removed |= 1 << card_id(code)
        mask = ((1 << CARD_COUNT) - 1) & ~removed
        object.__setattr__(self, "deck_mask", mask)
        ranks = tuple(((mask >> (4 * r)) & 0xF).bit_count() for r in range(RANK_COUNT))
        object.__setattr__(self, "deck_ranks", ranks)
        object.__setattr__(self, "kind_order", tuple(k for k in Kind if k in self.kinds))
        runs = tuple(
            (kind, per_rank, min_length)
            for kind, (per_rank, min_length) in RUNS.items()
            if (PLANE_KINDS if kind is Kind.PLANE else {kind}) & self.kinds
        )
        object.__setattr__(self, "runs", runs)
        if 3 * self.hand_size != mask.bit_count():
            raise ValueError(
                f"{self.name}: {mask.bit_count()} cards do not deal 3 x {self.hand_size}"
            )

    @property
    def deck(self) -> tuple[str, ...]:
        """The preset's deck as codes, low to high."""
        return tuple(CODES[i] for i in range(CARD_COUNT) if self.deck_mask >> i & 1)

    def summary(self) -> Preset:
        """Everything a player needs to know of these rules, as JSON (docs/PROTOCOL.md, Preset).

        How to play and the scoring line are written from this, so no rule is
        restated by hand anywhere else.
        """
        bombs = self.bomb_scoring
        return {
            "name": self.name,
            "letter": self.code_letter,
            "label": {"en": self.label_en, "zh": self.label_zh},
            "deck": [[RANKS[r], n] for r, n in enumerate(self.deck_ranks) if n],
            "deck_size": self.deck_mask.bit_count(),
            "removed": list(self.removed),
            "hand_size": self.hand_size,
            "opener": self.opener,
            "spade3_first": self.spade3_first,
            "kinds": [k.value for k in self.kind_order],
            "runs": self._runs(),
            "short_last_play": self.short_last_play,
            "must_beat": self.must_beat,
            "bombs_splittable": self.bombs_splittable,
            "last_card_rule": self.last_card_rule,
            "scoring": {
                "per_card": self.per_card,
                "one_card_pays": self.one_card_pays,
                "shut_out_multiplier": self.shut_out_multiplier,
                "bombs": {
                    "mode": bombs.mode,
                    "per_opponent": bombs.per_opponent,
                    "to_bomber": 2 * bombs.per_opponent,
                },
            },
            "timer": (
                None
                if self.timer is None
                else {"lead": self.timer.lead, "follow": self.timer.follow}
            ),
            "alert_counts": list(self.alert_counts),
        }

    def _runs(self) -> list[Run]:
        """The runs of this preset, with the ranks the deck lets them use."""
        return [
            {
                "kind": kind.value,
                "per_rank": per_rank,
                "min_length": min_length,
                "ranks": [
                    RANKS[r] for r in range(TOP_RUN_RANK + 1) if self.deck_ranks[r] >= per_rank
                ],
            }
            for kind, per_rank, min_length in self.runs
        ]


_FORTY_EIGHT: Final = ("2H", "2D", "2C", "AS")

STANDARD: Final = Rules(
    name="standard",
    code_letter="A",
    label_en="Standard 16",
    label_zh="十六张标准",
    removed=_FORTY_EIGHT,
    hand_size=16,
    opener="spade3",
    spade3_first=False,
    kinds=STANDARD_KINDS,
    short_last_play=True,
    must_beat=True,
    bombs_splittable=False,
    last_card_rule=True,
    one_card_pays=1,
    shut_out_multiplier=2,
    bomb_scoring=BombScoring("winning", 10),
    timer=None,
)

CLASSIC16: Final = Rules(
    name="classic16",
    code_letter="B",
    label_en="Classic 16",
    label_zh="经典十六张",
    removed=_FORTY_EIGHT,
    hand_size=16,
    opener="spade3",
    spade3_first=True,
    kinds=ELEVEN_KINDS,
    short_last_play=False,
    must_beat=False,
    bombs_splittable=True,
    last_card_rule=True,
    one_card_pays=1,
    shut_out_multiplier=2,
    bomb_scoring=BombScoring("every", 2),
    timer=None,
)

COMPACT15: Final = Rules(
    name="compact15",
    code_letter="C",
    label_en="Compact 15",
    label_zh="十五张",
    # RULES.md: 45 cards; the one ace left is ♠A (only ♥A ♦A ♣A go), ♠2 stays.
    removed=("2H", "2D", "2C", "AH", "AD", "AC", "KS"),
    hand_size=15,
    opener="face_up",
    spade3_first=False,
    kinds=ELEVEN_KINDS,
    short_last_play=False,
    must_beat=False,
    bombs_splittable=True,
    last_card_rule=True,
    one_card_pays=1,
    shut_out_multiplier=2,
    bomb_scoring=BombScoring("every", 2),
    timer=None,
)

CLUB: Final = Rules(
    name="club",
    code_letter="D",
    label_en="Club",
    label_zh="俱乐部",
    removed=_FORTY_EIGHT,
    hand_size=16,
    opener="spade3",
    spade3_first=True,
    kinds=STANDARD_KINDS,
    short_last_play=True,
    must_beat=True,
    bombs_splittable=False,
    last_card_rule=True,
    one_card_pays=0,
    shut_out_multiplier=2,
    bomb_scoring=BombScoring("every", 5),
    timer=Timer(lead=20, follow=15),
    alert_counts=(1, 2),
)

#: Every preset by name; "standard" is the default.
RULES: Final[dict[str, Rules]] = {r.name: r for r in (STANDARD, CLASSIC16, COMPACT15, CLUB)}


def get_rules(rules: str | Rules) -> Rules:
    """The rules object for a preset name (or the object itself).

    >>> get_rules("club").timer
    Timer(lead=20, follow=15)
    """
    if isinstance(rules, Rules):
        return rules
    if isinstance(rules, str) and rules in RULES:
        return RULES[rules]
    raise UnknownRules(f"unknown rules {rules!r}: choose one of {', '.join(RULES)}")
