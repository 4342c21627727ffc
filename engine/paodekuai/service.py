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
import time
import traceback
from collections.abc import Callable
from typing import Any, Final

from . import __version__
from . import codes as deal_codes
from .ai import Bot
from .cards import RANKS, InvalidCard
from .coach import PositionReview
from .codes import InvalidDealCode
from .daily import BaselineSearch, InvalidDate, daily_deal
from .errors import IllegalPlay
from .game import Game
from .hint import HintSearch
from .protocol import (
    LEVELS,
    REQUESTS,
    BotTurnRequest,
    CheckCodeRequest,
    DailyBaseline,
    DailyBaselinePending,
    DailyBaselineRequest,
    DailyDeal,
    DailyRequest,
    DealCodeCheck,
    ErrorReply,
    FromCodeRequest,
    Hello,
    HelloRequest,
    Hint,
    HintPending,
    HintRequest,
    JudgementJson,
    JudgeRequest,
    Level,
    LoadRequest,
    NewGameRequest,
    PassRequest,
    PlayRequest,
    Replay,
    ReplayRequest,
    Reply,
    Result,
    Review,
    ReviewPending,
    ReviewRequest,
    ShapeError,
    Snapshot,
    TimeoutRequest,
    You,
    conform,
)
from .review import replay, start_review
from .rules import RULES, UnknownRules
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


#: A request handler: the service and the request (checked against its shape).
Handler = Callable[["Service", Any], Result]


class Service:
    """Holds the one live game of a worker and answers requests about it."""

    def __init__(self) -> None:
        self.game: Game | None = None
        #: Hard's daily results by date (a deterministic search of a few seconds: done once).
        self.baselines: dict[str, DailyBaseline] = {}
        #: The best play found for seat 0 by position (the game's saved form as JSON).
        self.hints: dict[str, list[str] | None] = {}
        #: Hard's daily hand played a slice at a time (``daily_baseline`` with ``slice_ms``).
        self.baseline: BaselineSearch | None = None
        #: The review searched a slice at a time, by its decision (game and step as JSON).
        self.review: tuple[str, PositionReview] | None = None
        #: Hint's search a slice at a time, by its position (the game's saved form as JSON).
        self.hint: tuple[str, HintSearch] | None = None

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
            if not isinstance(kind, str) or kind not in _HANDLERS:
                raise ServiceError(
                    "bad_request", f"Unknown request type {kind!r}.", f"未知的请求类型 {kind!r}。"
                )
            handler = _HANDLERS[kind]
            try:
                checked: object = conform(request, REQUESTS[kind][0])
            except ShapeError as exc:
                raise ServiceError(
                    "bad_request", f"Bad {kind} request: {exc}.", f"请求格式错误：{exc}。"
                ) from exc
            reply: Reply = {"id": request_id, "ok": True, "result": handler(self, checked)}
            return json.dumps(reply)
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
    reply: ErrorReply = {
        "id": request_id,
        "ok": False,
        "error": {"code": code, "message": message.to_json()},
    }
    return json.dumps(reply)


def snapshot(game: Game, acted: bool = False) -> Snapshot:
    """Everything the page needs after a step (docs/PROTOCOL.md, ``Snapshot``).

    ``acted``: this request made an action, which ``event`` then repeats.
    """
    you: You | None = None
    if not game.over and game.to_move == HUMAN:
        refusal = game.pass_refusal()
        you = {
            "lead": game.standing is None,
            "can_pass": refusal is None,
            "pass_refusal": None
            if refusal is None
            else {"code": refusal.code or "", "message": refusal.message.to_json()},
            "hints": [game.cards_for(m) for m in game.suggested_moves()],
            "greyed": game.unplayable(),
            "single_barred": game.single_barred(),
            "prompt": game.prompt().to_json(),
        }
    view = game.view(HUMAN)
    return {
        "game": game.to_dict(),
        "deal_code": game.deal_code,
        "level": game.level,
        "view": view,
        "you": you,
        "event": view["history"][-1] if acted else None,
        # Once the hand is over nothing is hidden: the losers' cards are turned face up.
        "reveal": [game.hand(seat) for seat in range(3)] if game.over else None,
    }


# --- request handlers ---------------------------------------------------------------------


def _hello(service: Service, request: HelloRequest) -> Hello:
    return {
        "engine": __version__,
        "presets": [r.summary() for r in RULES.values()],
        "levels": list(LEVELS),
        "ranks": list(RANKS),
    }


def _new_game(service: Service, request: NewGameRequest) -> Snapshot:
    preset = request.get("preset", "standard")
    try:
        service.game = Game.deal(request.get("seed"), preset, request["level"])
    except UnknownRules as exc:
        raise ServiceError("bad_request", str(exc), f"未知的规则 {preset!r}。") from exc
    except ValueError as exc:
        raise ServiceError("bad_request", str(exc), f"发牌参数错误：{exc}") from exc
    return snapshot(service.game)


def _bad_code(code: str, exc: InvalidDealCode) -> ServiceError:
    return ServiceError("bad_code", str(exc), f"牌局代码 {code!r} 无效：{exc}")


def _from_code(service: Service, request: FromCodeRequest) -> Snapshot:
    code = request["code"]
    try:
        service.game = Game.from_code(code, request["level"])
    except InvalidDealCode as exc:
        raise _bad_code(code, exc) from exc
    return snapshot(service.game)


def _check_code(service: Service, request: CheckCodeRequest) -> DealCodeCheck:
    """Whether `from_code` would deal this code, and which preset, without dealing it (the
    game on the table stays): a link's code is checked before the person is asked to leave
    the hand for it."""
    code = request["code"]
    try:
        preset, seed = deal_codes.decode(code)
    except InvalidDealCode as exc:
        raise _bad_code(code, exc) from exc
    return {"deal_code": deal_codes.encode(preset, seed), "preset": preset}


def _load(service: Service, request: LoadRequest) -> Snapshot:
    game = _saved_game(request["game"], "The saved game cannot be restored", "存档无法恢复")
    if game.level is None:
        # A save from before games kept their level: the page says which it was.
        game.level = request.get("level")
    service.game = game
    return snapshot(game)


def _judge(service: Service, request: JudgeRequest) -> JudgementJson:
    game = service.live()
    try:
        return game.judge(request["cards"], seat=HUMAN).to_json()
    except InvalidCard as exc:
        raise ServiceError("bad_request", str(exc), "牌的代码错误。") from exc


def _play(service: Service, request: PlayRequest) -> Snapshot:
    game = service.live()
    try:
        game.play(request["cards"], seat=HUMAN)
    except InvalidCard as exc:
        raise ServiceError("bad_request", str(exc), "牌的代码错误。") from exc
    return snapshot(game, acted=True)


def _pass(service: Service, request: PassRequest) -> Snapshot:
    game = service.live()
    game.pass_turn(seat=HUMAN)
    return snapshot(game, acted=True)


def _bot_turn(service: Service, request: BotTurnRequest) -> Snapshot:
    game = service.live()
    seat = game.to_move
    if game.over:
        raise IllegalPlay("game_over", Text("The hand is over.", "本局已经结束。"))
    if seat == HUMAN:
        raise IllegalPlay(
            "not_your_turn", Text("It is your turn, not the computer's.", "现在轮到你出牌。")
        )
    # The hand keeps the level it was dealt at; a request's level only fills in
    # for a hand that has none.
    level: Level | None = game.level or request.get("level")
    if level is None:
        raise ServiceError(
            "bad_request", "This hand has no level: say which.", "这一局没有难度：请指定难度。"
        )
    # Seeded per deal and step, so a replayed deal meets the same opponents.
    bot = Bot(
        level,
        seed=(game.seed or 0) * 1009 + len(game.history) * 3 + seat,
        budget=HARD_BUDGET if level == "hard" else None,
    )
    cards = bot.choose(game.observation(seat))
    if cards is None:
        game.pass_turn()
    else:
        game.play(cards)
    result: Snapshot = {
        **snapshot(game, acted=True),
        # Whether Hard searched every world it plans to, or the clock stopped it first.
        "search": {"searched": bot.searches > 0, "clock_stopped": bot.clock_stops > 0},
    }
    return result


def _timeout(service: Service, request: TimeoutRequest) -> Snapshot:
    game = service.live()
    if game.over or game.to_move != HUMAN:
        raise IllegalPlay("not_your_turn", Text("It is not your turn.", "还没轮到你出牌。"))
    game.time_out()
    return snapshot(game, acted=True)


def _saved_game(data: object, en: str, zh: str) -> Game:
    """A saved game the page sent back, checked; only dealt games (the page deals no other)."""
    try:
        game = Game.from_dict(data)
    except ValueError as exc:
        raise ServiceError("bad_save", f"{en}: {exc}", f"{zh}：{exc}") from exc
    if game.seed is None:
        raise ServiceError(
            "bad_save",
            f"{en}: it was not dealt (it has no seed), and this page only deals.",
            f"{zh}：这一局不是发出来的牌（没有种子）。",
        )
    return game


def _replay(service: Service, request: ReplayRequest) -> Replay:
    _saved_game(request["game"], "That hand cannot be replayed", "这一局无法回放")
    assert isinstance(request["game"], dict)  # from_dict took it
    return replay(request["game"])


def _deadline(slice_ms: int | None) -> float | None:
    """When a request's slice of search ends (``time.monotonic()``); None: run to the end."""
    return None if slice_ms is None else time.monotonic() + max(0, slice_ms) / 1000


def _review(service: Service, request: ReviewRequest) -> Review | ReviewPending:
    """A whole review, or with ``slice_ms`` that much search: the review once it is ready,
    else how far it got (the next request for the same decision goes on from there)."""
    _saved_game(request["game"], "That hand cannot be replayed", "这一局无法回放")
    game, step = request["game"], request["step"]
    assert isinstance(game, dict)  # from_dict took it
    key = json.dumps([game, step], sort_keys=True)
    try:
        if service.review is not None and service.review[0] == key:
            review = service.review[1]
        else:
            review = start_review(game, step)
    except ValueError as exc:
        raise ServiceError("bad_request", str(exc), "无法点评这一步。") from exc
    result = review.run(_deadline(request.get("slice_ms")))
    if result is None:
        service.review = (key, review)  # one review under way at a time: a new one replaces it
        return {"pending": True, "step": step, "worlds": review.worlds}
    service.review = None
    return result


def _hint(service: Service, request: HintRequest) -> Hint | HintPending:
    """The best play for seat 0 and the other hints; with ``slice_ms`` that much search at
    most: the hint once it is ready, else how far it got (the next request for the same
    position goes on from there). The answer is kept per position."""
    game = service.live()
    if game.over or game.to_move != HUMAN:
        raise IllegalPlay("not_your_turn", Text("It is not your turn.", "还没轮到你出牌。"))
    key = json.dumps(game.to_dict(), sort_keys=True)
    if key not in service.hints:
        if service.hint is not None and service.hint[0] == key:
            search = service.hint[1]
        else:
            search = HintSearch(game)
        if not search.run(_deadline(request.get("slice_ms"))):
            service.hint = (key, search)  # one hint under way at a time: another replaces it
            return {"pending": True, "worlds": search.worlds}
        service.hint = None
        if len(service.hints) >= HINT_CACHE:
            service.hints.clear()
        service.hints[key] = search.cards
    best = service.hints[key]
    hints = [game.cards_for(m) for m in game.suggested_moves()]
    if best is not None:
        same = [h for h in hints if sorted(h) == sorted(best)]
        hints = same + [h for h in hints if sorted(h) != sorted(best)]
    return {
        "cards": best,
        "combo": None if best is None else game.judge(best, seat=HUMAN).to_json()["combo"],
        "hints": hints,
    }


def _date(date: str) -> str:
    try:
        return daily_deal(date)["date"]
    except InvalidDate as exc:
        raise ServiceError("bad_request", str(exc), f"日期 {date!r} 无效。") from exc


def _daily(service: Service, request: DailyRequest) -> DailyDeal:
    return daily_deal(_date(request["date"]))


def _daily_baseline(
    service: Service, request: DailyBaselineRequest
) -> DailyBaseline | DailyBaselinePending:
    """Hard's daily hand, or with ``slice_ms`` that much of it: the result once the hand is
    over, else how far it got (the next request for the date goes on from there)."""
    date = _date(request["date"])
    if date in service.baselines:
        return service.baselines[date]
    search = service.baseline
    if search is None or search.date != date:
        search = BaselineSearch(date)
    result = search.run(_deadline(request.get("slice_ms")))
    if result is None:
        service.baseline = search  # one under way at a time: another date replaces it
        return {"pending": True, "date": search.date, "actions": len(search.game.history)}
    service.baseline = None
    service.baselines[date] = result
    return result


_HANDLERS: Final[dict[str, Handler]] = {
    "hello": _hello,
    "new_game": _new_game,
    "from_code": _from_code,
    "check_code": _check_code,
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
