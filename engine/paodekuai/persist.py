"""Reading a saved game back, trusting nothing in it.

A saved game names its rules, its initial hands (and seed, when dealt) and
its actions. Loading rebuilds the game from the hands and replays every action
through the rules, so a tampered or corrupted save can only be refused with a
message, never become a position the rules could not reach. The derived
fields (``to_move``, ``counts``) must agree with the replay.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final, TypeVar

from .cards import InvalidCard, card_id, codes_of
from .codes import check_seed
from .errors import IllegalPlay, InvalidGame
from .rules import RULES

if TYPE_CHECKING:
    from .game import Game

G = TypeVar("G", bound="Game")
FORMAT: Final = "paodekuai-game"
VERSION: Final = 1


def load_game(cls: type[G], data: object) -> G:
    """Rebuild a game of class ``cls`` from ``Game.to_dict()`` output, checking everything."""
    if not isinstance(data, dict):
        raise InvalidGame(f"a saved game must be a JSON object, not {type(data).__name__}")
    if data.get("format") != FORMAT:
        raise InvalidGame(f"not a saved game: format is {data.get('format')!r}, not {FORMAT!r}")
    version = data.get("version")
    if version != VERSION:
        raise InvalidGame(
            f"saved game version {version!r} is not supported (this engine reads {VERSION})"
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
    seed = data.get("seed")
    try:
        if seed is not None:
            check_seed(seed)
            game = cls.deal(seed, rules)
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
            if not isinstance(leader, int) or isinstance(leader, bool):
                raise InvalidGame(f"saved leader must be a seat number, not {leader!r}")
            game = cls.from_hands(hands, leader, rules)
    except (InvalidCard, InvalidGame):
        raise
    except ValueError as exc:
        raise InvalidGame(f"saved game is not valid: {exc}") from exc
    actions = _field(data, "actions", list)
    for i, action in enumerate(actions, start=1):
        seat = game.to_move
        try:
            if action is None:
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
    _agree(data, "to_move", game.to_move)
    _agree(data, "counts", [game.count(s) for s in range(3)])
    return game


def _field(data: dict[str, Any], name: str, kind: type) -> Any:
    value = data.get(name)
    if not isinstance(value, kind):
        raise InvalidGame(f"saved game field {name!r} is missing or not a {kind.__name__}")
    return value


def _agree(data: dict[str, Any], name: str, actual: object) -> None:
    if name in data and data[name] != actual:
        raise InvalidGame(
            f"the saved position does not add up: {name} is {data[name]!r}, "
            f"but the actions give {actual!r}"
        )
