"""Reading a saved game back, trusting nothing in it.

A saved game names its rules, its initial hands (and seed and deal code, when
dealt), the opponents' level and its actions. Loading rebuilds the game from
the hands and replays every action through the rules, so a tampered or
corrupted save can only be refused with a message, never become a position the
rules could not reach. Types are checked as JSON carries them (``true`` is no
seat, ``2.0`` no count), and the derived fields (``deal_code``, ``to_move``,
``counts``) must agree with the rest.

Versions: 2 adds ``deal_code`` (which ties the rules to the seed: the same
seed deals the same cards under two presets with the same deck) and
``level``. Version 1 saves still load, with no level.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final, TypeVar

from .cards import InvalidCard, card_id, codes_of
from .codes import check_seed
from .errors import IllegalPlay, InvalidGame
from .protocol import check_level
from .rules import RULES

if TYPE_CHECKING:
    from .game import Game

G = TypeVar("G", bound="Game")
FORMAT: Final = "paodekuai-game"
VERSION: Final = 2
#: Versions this engine reads.
READABLE: Final = (1, 2)


def load_game(cls: type[G], data: object, on_position: Callable[[G], None] | None = None) -> G:
    """Rebuild a game of class ``cls`` from ``Game.to_dict()`` output, checking everything.

    ``on_position``, when given, sees every position the game passes through as it is
    replayed: the deal (once the fields are checked), then the game after each action. A
    game refused part way has shown it only its positions up to there.
    """
    if not isinstance(data, dict):
        raise InvalidGame(f"a saved game must be a JSON object, not {type(data).__name__}")
    if data.get("format") != FORMAT:
        raise InvalidGame(f"not a saved game: format is {data.get('format')!r}, not {FORMAT!r}")
    version = data.get("version")
    if type(version) is not int or version not in READABLE:
        raise InvalidGame(
            f"saved game version {version!r} is not supported (this engine reads "
            + " and ".join(str(v) for v in READABLE)
            + ")"
        )
    rules = data.get("rules")
    if not isinstance(rules, str) or rules not in RULES:
        raise InvalidGame(f"saved game has unknown rules {rules!r}")
    hands = data.get("hands")
    if (
        not isinstance(hands, list)
        or len(hands) != 3
        or not all(isinstance(h, list) and all(isinstance(c, str) for c in h) for h in hands)
    ):
        raise InvalidGame("saved game must have three hands, each a list of card codes")
    leader = data.get("leader")
    if type(leader) is not int or not 0 <= leader <= 2:
        raise InvalidGame(f"saved leader must be the seat number 0, 1 or 2, not {leader!r}")
    seed = data.get("seed")
    level = None
    if version >= 2:
        try:
            level = check_level(_required(data, "level"))
        except ValueError as exc:
            raise InvalidGame(f"saved game: {exc}") from None
    try:
        if seed is not None:
            check_seed(seed)
            game = cls.deal(seed, rules, level)
            dealt = [game.initial_hand(s) for s in range(3)]
            if [sorted(card_id(c) for c in h) for h in hands] != [
                sorted(card_id(c) for c in h) for h in dealt
            ]:
                raise InvalidGame(f"the saved hands are not the hands of deal seed {seed}")
            if leader != game.leader:
                raise InvalidGame(f"deal seed {seed} is led by seat {game.leader}, not {leader!r}")
            face_up = data.get("face_up")
            expected = None if game.face_up is None else codes_of(1 << game.face_up)[0]
            if face_up != expected:
                raise InvalidGame(f"deal seed {seed} has face-up card {expected}, not {face_up!r}")
        else:
            if data.get("face_up") is not None:
                raise InvalidGame("a game set up by hand has no face-up card")
            game = cls.from_hands(hands, leader, rules)
            game.level = level
    except (InvalidCard, InvalidGame):
        raise
    except ValueError as exc:
        raise InvalidGame(f"saved game is not valid: {exc}") from exc
    if version >= 2:
        code = _required(data, "deal_code")
        if code != game.deal_code or type(code) is not type(game.deal_code):
            raise InvalidGame(
                f"the saved deal code {code!r} is not that of {rules} deal seed {seed} "
                f"({game.deal_code}): the rules or the seed were changed"
            )
    actions = _field(data, "actions", list)
    timed_out = _timed_out(data, len(actions))
    if on_position is not None:
        on_position(game)
    for i, action in enumerate(actions, start=1):
        seat = game.to_move
        try:
            if i - 1 in timed_out:
                # Played by the club timer: it must be exactly what running out of time plays.
                if game.timeout_action() != action:
                    raise InvalidGame(f"action {i} is not what running out of time plays")
                game.time_out()
            elif action is None:
                game.pass_turn()
            elif isinstance(action, list) and all(isinstance(c, str) for c in action):
                game.play(action)
            else:
                raise InvalidGame(f"action {i} must be a list of card codes or null")
        except IllegalPlay as exc:
            what = "pass" if action is None else "play " + " ".join(action)
            raise InvalidGame(f"action {i} (seat {seat} {what}) is illegal: {exc.code}") from exc
        except InvalidCard as exc:
            raise InvalidGame(f"action {i}: {exc}") from exc
        if on_position is not None:
            on_position(game)
    _agree(data, "to_move", game.to_move)
    _agree(data, "counts", [game.count(s) for s in range(3)])
    return game


def _timed_out(data: dict[str, Any], actions: int) -> set[int]:
    """The optional ``timed_out`` field: increasing action indices (0-based) below ``actions``."""
    if "timed_out" not in data:
        return set()
    value = data["timed_out"]
    if (
        not isinstance(value, list)
        or not all(type(i) is int and 0 <= i < actions for i in value)
        or any(a >= b for a, b in itertools.pairwise(value))
    ):
        raise InvalidGame(
            "saved game field 'timed_out' must list increasing indices of its actions"
        )
    return set(value)


def _required(data: dict[str, Any], name: str) -> object:
    if name not in data:
        raise InvalidGame(f"saved game field {name!r} is missing")
    return data[name]


def _field(data: dict[str, Any], name: str, kind: type) -> Any:
    value = data.get(name)
    if not isinstance(value, kind):
        raise InvalidGame(f"saved game field {name!r} is missing or not a {kind.__name__}")
    return value


def _agree(data: dict[str, Any], name: str, actual: int | list[int]) -> None:
    """A derived field, when present, must be exactly what the replay gives (types too)."""
    if name in data and not _same(data[name], actual):
        raise InvalidGame(
            f"the saved position does not add up: {name} is {data[name]!r}, "
            f"but the actions give {actual!r}"
        )


def _same(saved: object, actual: int | list[int]) -> bool:
    if isinstance(actual, list):
        return (
            isinstance(saved, list)
            and len(saved) == len(actual)
            and all(type(a) is int and a == b for a, b in zip(saved, actual, strict=True))
        )
    return type(saved) is int and saved == actual
