"""Every shape of the worker protocol, as types mypy checks, and the check of requests.

docs/PROTOCOL.md describes each shape field by field (a test holds the two
together). The engine builds its replies as these types, so mypy --strict
catches a field that is added, renamed or mistyped on one side only. Requests
come from outside: :func:`conform` checks a request against its shape at run
time before anything reads it.

>>> conform({"id": 1, "type": "judge", "cards": ["8S"]}, JudgeRequest)["cards"]
['8S']
>>> conform({"id": 1, "type": "judge", "cards": "8S"}, JudgeRequest)
Traceback (most recent call last):
...
paodekuai.protocol.ShapeError: field 'cards' must be a list, not str
"""

# No ``from __future__ import annotations`` here: on Python 3.11 a TypedDict
# with string annotations cannot see NotRequired, and every field turns required.
import types
import typing
from collections.abc import Callable
from functools import cache
from typing import Any, Literal, NotRequired, TypedDict, TypeVar, Union, cast

#: The difficulty levels of the computer opponents, easiest first.
Level = Literal["easy", "medium", "hard"]
LEVELS: tuple[Level, ...] = typing.get_args(Level)


def check_level(level: object) -> Level | None:
    """A difficulty level of :data:`LEVELS` (or None, for "not said"); else ValueError."""
    if level is None:
        return None
    for known in LEVELS:
        if type(level) is str and level == known:
            return known
    raise ValueError(f"unknown level {level!r}: choose one of {', '.join(LEVELS)}")


# --- pieces --------------------------------------------------------------------------------


class Message(TypedDict):
    """Words for people, in both languages."""

    en: str
    zh: str


class ComboJson(TypedDict):
    """A reading of some cards."""

    kind: str
    k: int
    key: str
    text: Message


class CardHolder(TypedDict):
    """A card and the seat that was dealt it."""

    card: str
    seat: int


class PlayJson(TypedDict):
    """A play that stands on the table."""

    seat: int
    cards: list[str]
    combo: ComboJson


class ActionJson(TypedDict):
    """One action of the hand: a play, or a pass (``cards`` and ``combo`` null)."""

    seat: int
    cards: list[str] | None
    combo: ComboJson | None
    trick_start: int


class SettlementJson(TypedDict):
    """The result of a finished hand, per seat."""

    winner: int
    cards_left: list[int]
    shut_out: list[bool]
    bombs: list[int]
    total: list[int]


class Refusal(TypedDict):
    """Why an action is refused: a reason code and a message."""

    code: str
    message: Message


# --- the table -----------------------------------------------------------------------------


class View(TypedDict):
    """What one seat may know (``Game.view(seat)``)."""

    format: int
    rules: str
    seat: int
    hand: list[str]
    counts: list[int]
    to_move: int
    leader: int
    standing: PlayJson | None
    passes: int
    history: list[ActionJson]
    trick_start: int
    played: list[bool]
    face_up: CardHolder | None
    #: The face-up card is still in its holder's hand (false when there is none).
    face_up_held: bool
    known: list[CardHolder]
    spade3_first: bool
    last_card: list[bool]
    alerts: list[bool]
    #: Per rank of the deck: ``[rank, cards not seen]``.
    unseen: list[list[str | int]]
    over: bool
    winner: int | None
    settlement: SettlementJson | None


class GameJson(TypedDict):
    """A saved game (``Game.to_dict()``); ``Game.from_dict`` checks everything in it."""

    format: str
    version: int
    rules: str
    seed: int | None
    deal_code: str | None
    level: Level | None
    leader: int
    face_up: str | None
    hands: list[list[str]]
    actions: list[list[str] | None]
    to_move: int
    counts: list[int]
    #: The actions (0-based) the club timer played because time ran out; absent when none.
    timed_out: NotRequired[list[int]]


class You(TypedDict):
    """What seat 0 may do, when it is its turn."""

    lead: bool
    can_pass: bool
    pass_refusal: Refusal | None
    hints: list[list[str]]
    #: Cards in no legal play now (the table greys them).
    greyed: list[str]
    #: Cards the last card rule keeps from going as a single, when a single could go now.
    single_barred: list[str]
    #: The status line before anything is selected, worded from the same facts as the buttons.
    prompt: Message


class Snapshot(TypedDict):
    """Everything the page needs after a step."""

    game: GameJson
    deal_code: str | None
    level: Level | None
    view: View
    you: You | None
    event: ActionJson | None
    #: Once the hand is over, every seat's cards left (face up on the table); else None.
    reveal: list[list[str]] | None
    #: After ``bot_turn`` only: how the computer seat's decision was searched.
    search: NotRequired["SearchJson"]


class JudgementJson(TypedDict):
    """The engine's word on a selection of seat 0's cards."""

    legal: bool
    code: str | None
    combo: ComboJson | None
    message: Message


# --- presets -------------------------------------------------------------------------------


class Timer(TypedDict):
    """Seconds a person has to act."""

    lead: int
    follow: int


class Run(TypedDict):
    """A kind made of consecutive ranks."""

    kind: str
    per_rank: int
    min_length: int
    ranks: list[str]


class BombScoring(TypedDict):
    """What bombs pay."""

    mode: Literal["winning", "every"]
    per_opponent: int
    to_bomber: int


class Scoring(TypedDict):
    """How a hand is settled."""

    per_card: int
    one_card_pays: int
    shut_out_multiplier: int
    bombs: BombScoring


class Preset(TypedDict):
    """One preset's rules, everything How to play says (``Rules.summary()``)."""

    name: str
    letter: str
    label: Message
    deck: list[list[str | int]]
    deck_size: int
    removed: list[str]
    hand_size: int
    opener: Literal["spade3", "face_up"]
    spade3_first: bool
    kinds: list[str]
    runs: list[Run]
    short_last_play: bool
    must_beat: bool
    bombs_splittable: bool
    last_card_rule: bool
    scoring: Scoring
    timer: Timer | None
    alert_counts: list[int]


class Hello(TypedDict):
    """The engine, its presets and the levels."""

    engine: str
    presets: list[Preset]
    levels: list[Level]
    ranks: list[str]


# --- after the hand ------------------------------------------------------------------------


class Step(TypedDict):
    """One step of a replay, with every hand after it."""

    seat: int | None
    cards: list[str] | None
    combo: ComboJson | None
    hands: list[list[str]]
    trick_start: int
    to_move: int | None


class Replay(TypedDict):
    """Every step of a hand."""

    steps: list[Step]
    decisions: list[int]
    forced: list[int]
    #: Seat 0's decisions (steps) the club timer played when its time ran out.
    timed_out: list[int]
    settlement: SettlementJson | None
    deal_code: str | None
    #: compact15's face-up card and its holder; null for every other preset.
    face_up: CardHolder | None


class ReviewOption(TypedDict):
    """One action the coach rated, with its expected final total for seat 0."""

    cards: list[str] | None
    combo: ComboJson | None
    #: Measured against the best play on the worlds both met (the best's mean plus the
    #: paired difference): one scale for every option, whatever its number of worlds.
    expected: float
    #: Worlds it was played out on (fewer when the search dropped it early, far behind).
    worlds: int
    played: bool
    best: bool


Verdict = Literal["forced", "best", "good", "inaccuracy", "mistake"]


class DailyBaselinePending(TypedDict):
    """Hard's daily hand still being played when its slice of time ran out: ask again."""

    pending: bool
    date: str
    actions: int


class ReviewPending(TypedDict):
    """A review still being searched when its slice of time ran out: ask again to go on."""

    pending: bool
    step: int
    worlds: int


class Review(TypedDict):
    """The coach's rating of one of seat 0's decisions."""

    step: int
    played: list[str] | None
    forced: bool
    counted: bool
    options: list[ReviewOption]
    loss: float
    se: float
    worlds: int
    verdict: Verdict
    text: Message
    why: Message | None


class HintPending(TypedDict):
    """Hint's search still going on when its slice of time ran out: ask again to go on."""

    pending: bool
    worlds: int


class Hint(TypedDict):
    """The play the coach's search finds best for seat 0 now, and the other hints."""

    cards: list[str] | None
    combo: ComboJson | None
    hints: list[list[str]]


class DealCodeCheck(TypedDict):
    """A deal code the engine would deal, read without dealing it."""

    deal_code: str
    preset: str


class DailyDeal(TypedDict):
    """The deal of one UTC date, the same everywhere."""

    date: str
    preset: str
    seed: int
    deal_code: str
    level: Level
    seat: int


class DailyBaseline(TypedDict):
    """Hard's hand in seat 0 of a day's deal, to show next to the person's."""

    date: str
    deal_code: str
    total: int
    settlement: SettlementJson
    actions: list[list[str] | None]


class SearchJson(TypedDict):
    """How a computer seat's decision was searched."""

    searched: bool
    clock_stopped: bool


# --- requests and replies ------------------------------------------------------------------


class HelloRequest(TypedDict):
    id: int
    type: Literal["hello"]


class NewGameRequest(TypedDict):
    id: int
    type: Literal["new_game"]
    preset: NotRequired[str]
    seed: NotRequired[int | None]
    level: Level


class FromCodeRequest(TypedDict):
    id: int
    type: Literal["from_code"]
    code: str
    level: Level


class CheckCodeRequest(TypedDict):
    id: int
    type: Literal["check_code"]
    code: str


class LoadRequest(TypedDict):
    id: int
    type: Literal["load"]
    #: Checked by ``Game.from_dict`` (a refusal is ``bad_save``, not ``bad_request``).
    game: object
    level: NotRequired[Level]


class JudgeRequest(TypedDict):
    id: int
    type: Literal["judge"]
    cards: list[str]


class PlayRequest(TypedDict):
    id: int
    type: Literal["play"]
    cards: list[str]


class PassRequest(TypedDict):
    id: int
    type: Literal["pass"]


class BotTurnRequest(TypedDict):
    id: int
    type: Literal["bot_turn"]
    level: NotRequired[Level]


class TimeoutRequest(TypedDict):
    id: int
    type: Literal["timeout"]


class ReplayRequest(TypedDict):
    id: int
    type: Literal["replay"]
    game: object


class ReviewRequest(TypedDict):
    id: int
    type: Literal["review"]
    game: object
    step: int
    slice_ms: NotRequired[int]


class HintRequest(TypedDict):
    id: int
    type: Literal["hint"]
    slice_ms: NotRequired[int]


class DailyRequest(TypedDict):
    id: int
    type: Literal["daily"]
    date: str


class DailyBaselineRequest(TypedDict):
    id: int
    type: Literal["daily_baseline"]
    date: str
    slice_ms: NotRequired[int]


Request = (
    HelloRequest
    | NewGameRequest
    | FromCodeRequest
    | CheckCodeRequest
    | LoadRequest
    | JudgeRequest
    | PlayRequest
    | PassRequest
    | BotTurnRequest
    | TimeoutRequest
    | ReplayRequest
    | ReviewRequest
    | HintRequest
    | DailyRequest
    | DailyBaselineRequest
)

Result = (
    Hello
    | Snapshot
    | JudgementJson
    | Replay
    | Review
    | ReviewPending
    | Hint
    | HintPending
    | DealCodeCheck
    | DailyDeal
    | DailyBaseline
    | DailyBaselinePending
)


class Reply(TypedDict):
    """A request's answer."""

    id: object
    ok: Literal[True]
    result: Result


class ErrorBody(TypedDict):
    """What went wrong: a reason code or a protocol error code, and a message."""

    code: str
    message: Message


class ErrorReply(TypedDict):
    """A request's refusal: errors are data, never exceptions."""

    id: object
    ok: Literal[False]
    error: ErrorBody


#: Each request type and the shape of its result.
REQUESTS: dict[str, tuple[type, Any]] = {  # (request shape, result shape)
    "hello": (HelloRequest, Hello),
    "new_game": (NewGameRequest, Snapshot),
    "from_code": (FromCodeRequest, Snapshot),
    "check_code": (CheckCodeRequest, DealCodeCheck),
    "load": (LoadRequest, Snapshot),
    "judge": (JudgeRequest, JudgementJson),
    "play": (PlayRequest, Snapshot),
    "pass": (PassRequest, Snapshot),
    "bot_turn": (BotTurnRequest, Snapshot),
    "timeout": (TimeoutRequest, Snapshot),
    "replay": (ReplayRequest, Replay),
    "review": (ReviewRequest, Review | ReviewPending),
    "hint": (HintRequest, Hint | HintPending),
    "daily": (DailyRequest, DailyDeal),
    "daily_baseline": (DailyBaselineRequest, DailyBaseline | DailyBaselinePending),
}

# --- checking a value against a shape ------------------------------------------------------


class ShapeError(ValueError):
    """A value that does not have the shape it should; the message names the field."""


T = TypeVar("T")


def conform(value: object, shape: type[T]) -> T:
    """``value`` itself once it has ``shape`` (a TypedDict); else :class:`ShapeError`.

    Types are strict, as JSON carries them: ``true`` is not an integer and
    ``2.0`` is not a seat. Fields a shape does not name are ignored.
    """
    try:
        _checker(cast(Any, shape))(value)
    except _Mismatch as exc:
        where = "".join(exc.path).lstrip(".")
        what = f"field {where!r}" if where else "the value"
        raise ShapeError(f"{what} {exc.problem}") from None
    return cast(T, value)


class _Mismatch(Exception):
    """Raised inside a check; ``path`` grows as it leaves nested values."""

    def __init__(self, problem: str, path: list[str] | None = None) -> None:
        super().__init__(problem)
        self.problem = problem
        self.path = path or []


_Check = Callable[[object], None]


@cache
def _checker(shape: Any) -> _Check:
    """A check for one shape, built once (requests and views are checked often)."""
    origin = typing.get_origin(shape)
    args = typing.get_args(shape)
    if shape is object or shape is Any:
        return _accept
    if origin is Literal:
        return _literal(args)
    if origin is Union or origin is types.UnionType:
        return _union([_checker(a) for a in args], type(None) in args)
    if shape is type(None):
        return _none
    if origin is list:
        return _list(_checker(args[0]))
    if typing.is_typeddict(shape):
        hints = typing.get_type_hints(shape)  # NotRequired is stripped; the keys say it
        required = shape.__required_keys__
        return _object([(key, key in required, _checker(hint)) for key, hint in hints.items()])
    if shape in (int, float, str, bool):
        return _scalar(shape)
    raise TypeError(f"the protocol has no check for {shape!r}")  # a shape this module lacks


def _accept(value: object) -> None:
    return None


def _none(value: object) -> None:
    if value is not None:
        raise _Mismatch(f"must be null, not {type(value).__name__}")


def _scalar(kind: type) -> _Check:
    exact = {kind, int} if kind is float else {kind}  # JSON writes 2.0 as 2

    def check(value: object) -> None:
        if type(value) not in exact:
            raise _Mismatch(f"must be of type {kind.__name__}, not {type(value).__name__}")

    return check


def _literal(allowed: tuple[object, ...]) -> _Check:
    def check(value: object) -> None:
        if not any(type(value) is type(a) and value == a for a in allowed):
            choices = ", ".join(repr(a) for a in allowed)
            raise _Mismatch(f"must be one of {choices}, not {value!r}")

    return check


def _union(options: list[_Check], nullable: bool) -> _Check:
    def check(value: object) -> None:
        if value is None and nullable:
            return
        problems = []
        for option in options:
            try:
                option(value)
            except _Mismatch as exc:
                problems.append(exc)
                continue
            return
        deepest = max(problems, key=lambda p: len(p.path))
        if deepest.path:
            raise deepest
        raise _Mismatch(f"has the wrong type ({type(value).__name__})")

    return check


def _list(item: _Check) -> _Check:
    def check(value: object) -> None:
        if type(value) is not list:
            raise _Mismatch(f"must be a list, not {type(value).__name__}")
        for i, element in enumerate(value):
            try:
                item(element)
            except _Mismatch as exc:
                exc.path.insert(0, f"[{i}]")
                raise

    return check


def _object(fields: list[tuple[str, bool, _Check]]) -> _Check:
    def check(value: object) -> None:
        if not isinstance(value, dict):
            raise _Mismatch(f"must be an object, not {type(value).__name__}")
        for key, required, field_check in fields:
            if key in value:
                try:
                    field_check(value[key])
                except _Mismatch as exc:
                    exc.path.insert(0, f".{key}")
                    raise
            elif required:
                raise _Mismatch("is missing", [f".{key}"])

    return check
