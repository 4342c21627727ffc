"""The web worker's one entry point: JSON requests in, JSON replies out.

The page never sends Python source. The worker imports this module once and
calls :func:`handle` with each request; replies and errors are data. The
protocol (request types, snapshot shapes) is docs/PROTOCOL.md.

>>> import json
>>> reply = json.loads(handle('{"id": 1, "type": "new_game", "preset": "standard", '
...                           '"seed": 7, "level": "easy"}'))
>>> reply["ok"], reply["result"]["deal_code"]
(True, 'A0000076')
>>> json.loads(handle('{"id": 2, "type": "pass"}'))["error"]["code"]
'leader_cannot_pass'
"""

from __future__ import annotations

import json
import traceback
from collections.abc import Callable
from typing import Any, Final

from . import __version__
from .ai import LEVELS, Bot
from .cards import RANKS, InvalidCard
from .codes import InvalidDealCode
from .combos import Move, lowest_rank
from .daily import InvalidDate, daily_baseline, daily_deal, share_line
from .errors import IllegalPlay, InvalidGame
from .game import Game, combo_json
from .hint import best_hint
from .review import replay, review_decision
from .rules import RULES, Kind, UnknownRules
from .text import Text

HUMAN: Final = 0
#: Seconds Hard may think per decision in the page (the worker adds little to it).
HARD_BUDGET: Final = 0.8
#: Positions whose best hint is kept (a hand has a few dozen of seat 0's turns).
HINT_CACHE: Final = 64


class ServiceError(Exception):
    """A request the service refuses; becomes ``{"ok": false, "error": ...}``."""

    def __init__(self, code: str, en: str, zh: str) -> None:
        super().__init__(en)
        self.code = code
        self.message = Text(en, zh)


Handler = Callable[["Service", dict[str, Any]], dict[str, Any]]


class Service:
    """Holds the one live game of a worker and answers requests about it."""

    def __init__(self) -> None:
        self.game: Game | None = None
        #: Hard's daily results by date (a deterministic search of a few seconds: done once).
        self.baselines: dict[str, dict[str, Any]] = {}
        #: The best play found for seat 0 by position (the game's saved form as JSON).
        self.hints: dict[str, list[str] | None] = {}

    def handle(self, request_json: str) -> str:
        """Answer one JSON request with one JSON reply; never raises."""
        request_id: object = None
        try:
            request = json.loads(request_json)
            if not isinstance(request, dict):
                raise ServiceError(
                    "bad_request", "A request must be a JSON object.", "请求格式错误。"
                )
            request_id = request.get("id")
            kind = request.get("type")
            handler = _HANDLERS.get(kind) if isinstance(kind, str) else None
            if handler is None:
                raise ServiceError(
                    "bad_request", f"Unknown request type {kind!r}.", f"未知的请求类型 {kind!r}。"
                )
            result = handler(self, request)
            return json.dumps({"id": request_id, "ok": True, "result": result})
        except ServiceError as exc:
            return _error(request_id, exc.code, exc.message)
        except IllegalPlay as exc:
            return _error(request_id, exc.code, exc.message)
        except json.JSONDecodeError as exc:
            return _error(
                request_id, "bad_request", Text(f"Request is not JSON: {exc}", "请求不是 JSON。")
            )
        except Exception as exc:  # a bug: report it as data, keep the worker alive
            where = traceback.format_exception_only(type(exc), exc)[-1].strip()
            return _error(
                request_id, "internal", Text(f"Engine error: {where}", f"引擎错误：{where}")
            )

    # --- helpers --------------------------------------------------------------------

    def live(self) -> Game:
        if self.game is None:
            raise ServiceError("no_game", "No game is loaded.", "还没有牌局。")
        return self.game


def _error(request_id: object, code: str, message: Text) -> str:
    return json.dumps(
        {"id": request_id, "ok": False, "error": {"code": code, "message": message.to_json()}}
    )


def _field(request: dict[str, Any], name: str, kind: type, optional: bool = False) -> Any:
    value = request.get(name)
    if value is None and optional:
        return None
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is not bool):
        raise ServiceError(
            "bad_request",
            f"Field {name!r} must be a {kind.__name__}.",
            f"字段 {name!r} 类型错误。",
        )
    return value


def _level(request: dict[str, Any]) -> str:
    level = request.get("level", "easy")
    if level not in LEVELS:
        raise ServiceError("bad_request", f"Unknown level {level!r}.", f"未知的难度 {level!r}。")
    return str(level)


def _cards(request: dict[str, Any]) -> list[str]:
    cards: list[str] = _field(request, "cards", list)
    if not all(isinstance(c, str) for c in cards):
        raise ServiceError("bad_request", "Cards must be card codes.", "牌的代码错误。")
    return cards


def snapshot(game: Game, event: dict[str, Any] | None = None) -> dict[str, Any]:
    """Everything the page needs after a step (docs/PROTOCOL.md, ``Snapshot``)."""
    you = None
    if not game.over and game.to_move == HUMAN:
        refusal = game.pass_refusal()
        you = {
            "lead": game.standing is None,
            "can_pass": refusal is None,
            "pass_refusal": None
            if refusal is None
            else {"code": refusal.code, "message": refusal.message.to_json()},
            "hints": [game.cards_for(m) for m in hint_order(game)],
            "greyed": game.barred_singles(),
        }
    return {
        "game": game.to_dict(),
        "deal_code": game.deal_code,
        "view": game.view(HUMAN),
        "you": you,
        "event": event,
    }


def hint_order(game: Game) -> list[Move]:
    """Every legal play, the most sensible first: plain before bombs; following, the
    smallest that beats; leading, the play that sheds the lowest cards in the
    biggest group."""
    moves = game.legal_moves()
    if game.standing is not None:
        return sorted(moves, key=lambda m: (m.kind is Kind.BOMB, m.key, m.n))

    return sorted(moves, key=lambda m: (m.kind is Kind.BOMB, lowest_rank(m.packed), -m.n, m.key))


def _event(seat: int, cards: list[str] | None, game: Game) -> dict[str, Any]:
    if cards is None:
        return {"seat": seat, "cards": None, "combo": None}
    last = game.actions[-1]
    assert last.move is not None
    return {"seat": seat, "cards": cards, "combo": combo_json(last.move.combo)}


# --- request handlers ---------------------------------------------------------------------


def _hello(service: Service, request: dict[str, Any]) -> dict[str, Any]:
    return {
        "engine": __version__,
        "presets": [r.summary() for r in RULES.values()],
        "levels": list(LEVELS),
        "ranks": list(RANKS),
    }


def _new_game(service: Service, request: dict[str, Any]) -> dict[str, Any]:
    _level(request)
    preset = request.get("preset", "standard")
    seed = _field(request, "seed", int, optional=True)
    try:
        service.game = Game.deal(seed, preset)
    except UnknownRules as exc:
        raise ServiceError("bad_request", str(exc), f"未知的规则 {preset!r}。") from exc
    except ValueError as exc:
        raise ServiceError("bad_request", str(exc), "发牌参数错误。") from exc
    return snapshot(service.game)


def _from_code(service: Service, request: dict[str, Any]) -> dict[str, Any]:
    _level(request)
    code = _field(request, "code", str)
    try:
        service.game = Game.from_code(code)
    except InvalidDealCode as exc:
        raise ServiceError("bad_code", str(exc), f"牌局代码 {code!r} 无效。") from exc
    return snapshot(service.game)


def _load(service: Service, request: dict[str, Any]) -> dict[str, Any]:
    _level(request)
    try:
        service.game = Game.from_dict(request.get("game"))
    except (InvalidGame, InvalidCard, ValueError) as exc:
        raise ServiceError(
            "bad_save", f"The saved game cannot be restored: {exc}", "存档无法恢复，已重新发牌。"
        ) from exc
    return snapshot(service.game)


def _judge(service: Service, request: dict[str, Any]) -> dict[str, Any]:
    game = service.live()
    cards = _cards(request)
    try:
        return game.judge(cards, seat=HUMAN).to_json()
    except InvalidCard as exc:
        raise ServiceError("bad_request", str(exc), "牌的代码错误。") from exc


def _play(service: Service, request: dict[str, Any]) -> dict[str, Any]:
    game = service.live()
    cards = _cards(request)
    try:
        game.play(cards, seat=HUMAN)
    except InvalidCard as exc:
        raise ServiceError("bad_request", str(exc), "牌的代码错误。") from exc
    return snapshot(game, _event(HUMAN, cards, game))


def _pass(service: Service, request: dict[str, Any]) -> dict[str, Any]:
    game = service.live()
    game.pass_turn(seat=HUMAN)
    return snapshot(game, _event(HUMAN, None, game))


def _bot_turn(service: Service, request: dict[str, Any]) -> dict[str, Any]:
    game = service.live()
    level = _level(request)
    seat = game.to_move
    if game.over:
        raise IllegalPlay("game_over", Text("The hand is over.", "本局已经结束。"))
    if seat == HUMAN:
        raise IllegalPlay(
            "not_your_turn", Text("It is your turn, not the computer's.", "现在轮到你出牌。")
        )
    # Seeded per deal and step, so a replayed deal meets the same opponents.
    bot = Bot(
        level,
        seed=(game.seed or 0) * 1009 + len(game.actions) * 3 + seat,
        budget=HARD_BUDGET if level == "hard" else None,
    )
    cards = bot.choose(game.view(seat))
    if cards is None:
        game.pass_turn()
    else:
        game.play(cards)
    result = snapshot(game, _event(seat, cards, game))
    # Whether Hard searched every world it plans to, or the clock stopped it first.
    result["search"] = {"searched": bot.searches > 0, "clock_stopped": bot.clock_stops > 0}
    return result


def _timeout(service: Service, request: dict[str, Any]) -> dict[str, Any]:
    game = service.live()
    if game.over or game.to_move != HUMAN:
        raise IllegalPlay("not_your_turn", Text("It is not your turn.", "还没轮到你出牌。"))
    cards = game.timeout_action()
    if cards is None:
        game.pass_turn()
    else:
        game.play(cards)
    return snapshot(game, _event(HUMAN, cards, game))


def _saved_game(request: dict[str, Any]) -> dict[str, Any]:
    data = request.get("game")
    try:
        Game.from_dict(data)
    except (InvalidGame, InvalidCard, ValueError) as exc:
        raise ServiceError(
            "bad_save", f"That hand cannot be replayed: {exc}", "这一局无法回放。"
        ) from exc
    assert isinstance(data, dict)
    return data


def _replay(service: Service, request: dict[str, Any]) -> dict[str, Any]:
    return replay(_saved_game(request))


def _review(service: Service, request: dict[str, Any]) -> dict[str, Any]:
    data = _saved_game(request)
    step = _field(request, "step", int)
    try:
        return review_decision(data, step)
    except ValueError as exc:
        raise ServiceError("bad_request", str(exc), "无法点评这一步。") from exc


def _hint(service: Service, request: dict[str, Any]) -> dict[str, Any]:
    game = service.live()
    if game.over or game.to_move != HUMAN:
        raise IllegalPlay("not_your_turn", Text("It is not your turn.", "还没轮到你出牌。"))
    key = json.dumps(game.to_dict(), sort_keys=True)
    if key not in service.hints:
        if len(service.hints) >= HINT_CACHE:
            service.hints.clear()
        service.hints[key] = best_hint(game, budget=HARD_BUDGET)
    best = service.hints[key]
    hints = [game.cards_for(m) for m in hint_order(game)]
    if best is not None:
        same = [h for h in hints if sorted(h) == sorted(best)]
        hints = same + [h for h in hints if sorted(h) != sorted(best)]
    return {
        "cards": best,
        "combo": None if best is None else game.judge(best, seat=HUMAN).to_json()["combo"],
        "hints": hints,
    }


def _date(request: dict[str, Any]) -> str:
    date = _field(request, "date", str)
    try:
        return str(daily_deal(date)["date"])
    except InvalidDate as exc:
        raise ServiceError("bad_request", str(exc), f"日期 {date!r} 无效。") from exc


def _daily(service: Service, request: dict[str, Any]) -> dict[str, Any]:
    return daily_deal(_date(request))


def _daily_baseline(service: Service, request: dict[str, Any]) -> dict[str, Any]:
    date = _date(request)
    if date not in service.baselines:
        service.baselines[date] = daily_baseline(date)
    result = dict(service.baselines[date])
    yours = _field(request, "you", int, optional=True)
    result["share"] = None if yours is None else share_line(date, yours, result["total"]).to_json()
    return result


_HANDLERS: Final[dict[str, Handler]] = {
    "hello": _hello,
    "new_game": _new_game,
    "from_code": _from_code,
    "load": _load,
    "judge": _judge,
    "play": _play,
    "pass": _pass,
    "bot_turn": _bot_turn,
    "timeout": _timeout,
    "replay": _replay,
    "review": _review,
    "hint": _hint,
    "daily": _daily,
    "daily_baseline": _daily_baseline,
}

_default: Service | None = None


def handle(request_json: str) -> str:
    """Answer one request with the worker's one :class:`Service`."""
    global _default  # noqa: PLW0603 - one live game per worker, created on first use
    if _default is None:
        _default = Service()
    return _default.handle(request_json)
