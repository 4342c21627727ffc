"""The worker's entry point: typed requests in, replies or errors as data out."""

from __future__ import annotations

import itertools
import json
from typing import Any, ClassVar

import pytest

from paodekuai import RULES, Game
from paodekuai import service as service_module
from paodekuai.ai import Bot
from paodekuai.cards import card_id
from paodekuai.review import review_decision
from paodekuai.service import Service, snapshot


def ask(service: Service, **request: Any) -> dict[str, Any]:
    request.setdefault("id", 1)
    reply = json.loads(service.handle(json.dumps(request)))
    assert reply["id"] == request["id"]
    return reply


def ok(service: Service, **request: Any) -> dict[str, Any]:
    reply = ask(service, **request)
    assert reply["ok"], reply
    return reply["result"]


def error(service: Service, **request: Any) -> dict[str, Any]:
    reply = ask(service, **request)
    assert not reply["ok"], reply
    err = reply["error"]
    assert set(err["message"]) == {"en", "zh"}
    return err


def test_hello_lists_presets_and_levels() -> None:
    result = ok(Service(), type="hello")
    assert [p["name"] for p in result["presets"]] == ["standard", "classic16", "compact15", "club"]
    assert result["levels"] == ["easy", "medium", "hard"]
    club = next(p for p in result["presets"] if p["name"] == "club")
    assert club["timer"] == {"lead": 20, "follow": 15}


def _new(service: Service, seed: int = 7, preset: str = "standard") -> dict[str, Any]:
    return ok(service, type="new_game", preset=preset, seed=seed, level="easy")


def test_new_game_snapshot_shape() -> None:
    service = Service()
    snap = _new(service)
    assert set(snap) == {"game", "deal_code", "level", "view", "you", "event", "reveal"}
    assert snap["reveal"] is None  # the other hands stay hidden while the hand is on
    assert snap["deal_code"] == Game.deal(7).deal_code
    assert Game.from_dict(snap["game"]) == Game.deal(7, level="easy")
    view = snap["view"]
    assert view["seat"] == 0 and len(view["hand"]) == 16
    if view["to_move"] == 0:
        you = snap["you"]
        assert you["lead"] and not you["can_pass"]
        assert you["pass_refusal"]["code"] == "leader_cannot_pass"
        assert you["hints"] and all(isinstance(h, list) for h in you["hints"])
    else:
        assert snap["you"] is None


def _human_to_move(service: Service) -> dict[str, Any]:
    """Deal until seat 0 leads (the ♠3 holder), for tests of the human's requests."""
    for seed in range(100):
        snap = _new(service, seed)
        if snap["view"]["to_move"] == 0:
            return snap
    raise AssertionError("no deal where seat 0 leads")


def test_judge_play_and_errors_as_data() -> None:
    service = Service()
    snap = _human_to_move(service)
    hint = snap["you"]["hints"][0]
    judged = ok(service, type="judge", cards=hint)
    assert judged["legal"] and judged["combo"]["kind"]
    empty = ok(service, type="judge", cards=[])
    assert not empty["legal"] and empty["code"] is None and "lead" in empty["message"]["en"]
    other = next(c for c in RULES["standard"].deck if c not in snap["view"]["hand"])
    err = error(service, type="play", cards=[other])
    assert err["code"] == "not_your_cards"
    after = ok(service, type="play", cards=hint)
    assert after["event"]["seat"] == 0 and after["event"]["cards"] == hint
    assert after["view"]["to_move"] == 1
    err = error(service, type="play", cards=after["view"]["hand"][:1])
    assert err["code"] == "not_your_turn"


def test_bot_turns_until_the_human_or_the_end() -> None:
    service = Service()
    snap = _human_to_move(service)
    snap = ok(service, type="play", cards=snap["you"]["hints"][0])
    for _ in range(4):
        if snap["view"]["to_move"] == 0 or snap["view"]["over"]:
            break
        snap = ok(service, type="bot_turn", level="medium")
        assert snap["event"]["seat"] in (1, 2)
    err = error(service, type="bot_turn", level="easy") if snap["view"]["to_move"] == 0 else None
    assert err is None or err["code"] == "not_your_turn"


def test_the_end_of_a_hand_reveals_every_hand_left() -> None:
    service = Service()
    snap = _new(service, seed=11)
    while not snap["view"]["over"]:
        if snap["view"]["to_move"] == 0 and snap["you"]["hints"]:
            snap = ok(service, type="play", cards=snap["you"]["hints"][0])
        elif snap["view"]["to_move"] == 0:
            snap = ok(service, type="pass")
        else:
            snap = ok(service, type="bot_turn", level="easy")
        if not snap["view"]["over"]:
            assert snap["reveal"] is None
    game = Game.from_dict(snap["game"])
    assert snap["reveal"] == [game.hand(seat) for seat in range(3)]
    assert snap["reveal"][snap["view"]["winner"]] == []
    assert snap["reveal"][0] == snap["view"]["hand"]
    assert [len(cards) for cards in snap["reveal"]] == snap["view"]["counts"]


def test_pass_refusals_carry_reasons() -> None:
    service = Service()
    _human_to_move(service)
    err = error(service, type="pass")
    assert err["code"] == "leader_cannot_pass"


def test_load_restores_and_refuses_bad_saves() -> None:
    service = Service()
    snap = _human_to_move(service)
    snap = ok(service, type="play", cards=snap["you"]["hints"][0])
    fresh = Service()
    restored = ok(fresh, type="load", game=snap["game"], level="easy")
    assert restored["view"] == snap["view"]
    tampered = dict(snap["game"], counts=[1, 2, 3])
    err = error(fresh, type="load", game=tampered, level="easy")
    assert err["code"] == "bad_save" and "does not add up" in err["message"]["en"]
    assert error(fresh, type="load", game="junk", level="easy")["code"] == "bad_save"
    assert error(fresh, type="load", game=None, level="easy")["code"] == "bad_save"


def test_from_code() -> None:
    service = Service()
    code = Game.deal(99, "club").deal_code
    assert ok(service, type="from_code", code=code, level="easy")["deal_code"] == code
    err = error(service, type="from_code", code="A1739206", level="easy")
    assert err["code"] == "bad_code"


def test_check_code_reads_a_code_without_dealing_it() -> None:
    service = Service()
    table = ok(service, type="new_game", preset="standard", seed=7, level="easy")
    code = Game.deal(99, "club").deal_code
    assert code is not None
    checked = ok(service, type="check_code", code=f" {code.lower()} ")
    assert checked == {"deal_code": code, "preset": "club"}
    for bad in ("A1739206", "ZZZ", "A12", ""):
        assert error(service, type="check_code", code=bad)["code"] == "bad_code", bad
    # The hand on the table is still the one dealt before.
    assert ok(service, type="judge", cards=[])["legal"] is False
    assert service.live().deal_code == table["deal_code"]


@pytest.mark.parametrize(
    "raw",
    [
        "not json",
        "[1, 2]",
        json.dumps({"id": 3, "type": "launch_missiles"}),
        json.dumps({"id": 3, "type": "play", "cards": "3S"}),
        json.dumps({"id": 3, "type": "play", "cards": [3]}),
        json.dumps({"id": 3, "type": "new_game", "preset": "poker", "level": "easy"}),
        json.dumps({"id": 3, "type": "new_game", "preset": "standard", "level": "godlike"}),
        json.dumps({"id": 3, "type": "new_game", "preset": "standard", "seed": -1}),
        json.dumps({"id": 3, "type": "new_game", "preset": "standard", "seed": True}),
    ],
)
def test_bad_requests_are_errors_not_crashes(raw: str) -> None:
    service = Service()
    _new(service)
    reply = json.loads(service.handle(raw))
    assert reply["ok"] is False
    assert reply["error"]["code"] in {"bad_request", "no_game"}


def test_requests_before_a_game_say_no_game() -> None:
    assert error(Service(), type="judge", cards=[])["code"] == "no_game"


def test_malformed_card_codes_are_bad_requests() -> None:
    service = Service()
    _human_to_move(service)
    assert error(service, type="judge", cards=["1X"])["code"] == "bad_request"


def test_timeout_plays_the_rules_choice() -> None:
    service = Service()
    snap = _human_to_move(service)
    after = ok(service, type="timeout")
    played = after["event"]["cards"]
    assert played is not None and len(played) == 1
    lowest = min(snap["view"]["hand"], key=card_id)
    assert played[0][:-1] == lowest[:-1]


def test_an_action_played_because_time_ran_out_is_kept_as_such_and_never_rated() -> None:
    """The club timer's action is not the seat's choice: the game keeps it (and a save
    carries it), and the replay lists it apart from the decisions the coach rates."""
    service = Service()
    _human_to_move(service)
    after = ok(service, type="timeout")
    game = after["game"]
    step = len(game["actions"])  # the replay's step of that action
    assert game["timed_out"] == [step - 1]
    assert Game.from_dict(game).to_dict() == game
    g = Game.from_dict(game)
    while not g.over:
        cards = Bot("medium", seed=1).choose(g.view(g.to_move))
        g.pass_turn() if cards is None else g.play(cards)
    game = g.to_dict()
    assert game["timed_out"] == [step - 1]
    replay = ok(Service(), type="replay", game=game)
    assert replay["timed_out"] == [step] and step in replay["decisions"]
    # A game without one says none, and keeps its JSON as it was.
    assert "timed_out" not in _finished_game()
    assert ok(Service(), type="replay", game=_finished_game())["timed_out"] == []


def test_a_save_cannot_call_a_chosen_action_timed_out() -> None:
    g = Game.deal(3)
    if g.to_move != 0:
        g = Game.deal(next(s for s in range(4, 100) if Game.deal(s).to_move == 0))
    chosen = g.legal_moves()[-1]  # not the timer's lowest single
    assert g.cards_for(chosen) != g.timeout_action()
    g.play_move(chosen)
    data = {**g.to_dict(), "timed_out": [0]}
    with pytest.raises(ValueError, match="not what running out of time plays"):
        Game.from_dict(data)
    for bad in ([1], [-1], [True], "0", [0, 0]):
        with pytest.raises(ValueError, match="timed_out"):
            Game.from_dict({**g.to_dict(), "timed_out": bad})


def test_greyed_singles_under_the_last_card_rule() -> None:
    g = Game.from_hands([["9S", "10S", "KS", "2S"], ["3H"], ["8H", "4H"]], leader=2)
    g.play(["8H"])
    you = snapshot(g)["you"]
    assert you is not None
    assert you["greyed"] == ["9S", "10S", "KS"]  # in no legal play: only ♠2 beats the 8
    assert you["single_barred"] == ["9S", "10S", "KS"]
    assert you["hints"] == [["2S"]]
    assert not you["can_pass"] and you["pass_refusal"]["code"] == "must_beat"


def _finished_game() -> dict[str, Any]:
    g = Game.deal(3)
    bots = [Bot("medium", seed=s) for s in range(3)]
    while not g.over:
        seat = g.to_move
        cards = bots[seat].choose(g.view(seat))
        g.pass_turn() if cards is None else g.play(cards)
    return g.to_dict()


def test_replay_shows_every_step_with_all_hands() -> None:
    data = _finished_game()
    result = ok(Service(), type="replay", game=data)
    steps = result["steps"]
    assert len(steps) == len(data["actions"]) + 1
    assert [len(h) for h in steps[0]["hands"]] == [16, 16, 16]
    for before, after in itertools.pairwise(steps):
        moved = after["seat"]
        played = after["cards"] or []
        assert sorted(before["hands"][moved]) == sorted(after["hands"][moved] + played)
    assert sum(result["settlement"]["total"]) == 0
    assert all(steps[i]["seat"] == 0 for i in result["decisions"])


def test_review_rates_a_decision_against_the_best() -> None:
    data = _finished_game()
    service = Service()
    decisions = ok(service, type="replay", game=data)["decisions"]
    rated = [ok(service, type="review", game=data, step=step) for step in decisions[:4]]
    for review in rated:
        assert review["verdict"] in {"forced", "best", "good", "inaccuracy", "mistake"}
        assert review["loss"] >= 0
        assert set(review["text"]) == {"en", "zh"}
        if not review["forced"]:
            values = [o["expected"] for o in review["options"]]
            assert values == sorted(values, reverse=True)
    not_yours = next(i for i in range(1, len(data["actions"])) if i not in decisions)
    assert error(service, type="review", game=data, step=not_yours)["code"] == "bad_request"
    assert error(service, type="review", game={"junk": 1}, step=1)["code"] == "bad_save"


def test_a_review_in_slices_is_the_whole_review_and_games_are_answered_between_slices() -> None:
    data = _finished_game()
    whole_service = Service()
    decisions = ok(whole_service, type="replay", game=data)["decisions"]
    wholes = {step: ok(whole_service, type="review", game=data, step=step) for step in decisions}
    # The longest search: the one a slice of no time at all stops most often.
    step = max(decisions, key=lambda s: wholes[s]["worlds"])
    whole = wholes[step]
    assert whole["worlds"] > 36  # more than one slice's batch: it really is searched in slices
    service = Service()
    replies = []
    for _ in range(1000):
        reply = ok(service, type="review", game=data, step=step, slice_ms=0)
        replies.append(reply)
        if not reply.get("pending"):
            break
        # A game between two slices is answered at once, and does not disturb the review.
        ok(service, type="new_game", level="medium", seed=len(replies))
    pending = replies[:-1]
    assert [r["worlds"] for r in pending] == sorted({r["worlds"] for r in pending})
    assert len(pending) == whole["worlds"] // 12 - 1  # a slice of no time is one batch of worlds
    assert replies[-1] == whole
    # Another decision asked for meanwhile starts that one: the first starts again later.
    other = next(s for s in decisions if s != step and wholes[s]["worlds"] > 12)
    assert ok(service, type="review", game=data, step=step, slice_ms=0)["pending"]
    assert ok(service, type="review", game=data, step=other, slice_ms=0)["pending"]
    assert ok(service, type="review", game=data, step=step) == whole


# --- the hand's level ----------------------------------------------------------------------


class _Recorder:
    """Stands in for Bot: records the level it was made at, plays like Easy."""

    levels: ClassVar[list[str]] = []

    def __init__(self, level: str, seed: int = 0, budget: float | None = None) -> None:
        self.levels.append(level)
        self.bot = Bot("easy", seed=seed)
        self.searches = self.clock_stops = 0

    def choose(self, view: Any) -> list[str] | None:
        return self.bot.choose(view)


def _to_bot_turn(service: Service, snap: dict[str, Any]) -> dict[str, Any]:
    while snap["view"]["to_move"] == 0:
        snap = ok(service, type="play", cards=snap["you"]["hints"][0])
    return snap


def test_the_hand_keeps_the_level_it_was_dealt_at(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(service_module, "Bot", _Recorder)
    _Recorder.levels = []
    service = Service()
    snap = _to_bot_turn(service, ok(service, type="new_game", seed=3, level="hard"))
    assert snap["level"] == snap["game"]["level"] == "hard"
    ok(service, type="bot_turn", level="easy")  # the settings changed mid-hand: not this hand
    ok(service, type="bot_turn")
    # A restarted worker: the save says hard, whatever the page's settings say now.
    fresh = Service()
    restored = ok(fresh, type="load", game=snap["game"], level="easy")
    assert restored["level"] == "hard"
    ok(fresh, type="bot_turn", level="medium")
    assert _Recorder.levels == ["hard", "hard", "hard"]


def test_a_save_from_before_levels_takes_the_level_the_page_sends() -> None:
    service = Service()
    game = ok(service, type="new_game", seed=3, level="hard")["game"]
    old = {k: v for k, v in game.items() if k not in ("deal_code", "level")}
    old["version"] = 1
    restored = ok(Service(), type="load", game=old, level="medium")
    assert restored["level"] == "medium"
    assert restored["game"]["version"] == 2 and restored["game"]["level"] == "medium"
    unsaid = Service()
    ok(unsaid, type="load", game=old)
    snap = _to_bot_turn(unsaid, ok(unsaid, type="load", game=old))
    assert snap["level"] is None
    assert error(unsaid, type="bot_turn")["code"] == "bad_request"
    assert ok(unsaid, type="bot_turn", level="easy")["event"]["seat"] in (1, 2)


def test_from_code_deals_at_the_level_asked() -> None:
    snap = ok(Service(), type="from_code", code="D0000995", level="medium")
    assert snap["level"] == "medium" and snap["deal_code"] == "D0000995"


# --- presets -------------------------------------------------------------------------------


def test_hello_sends_each_presets_summary_and_the_ranks() -> None:
    result = ok(Service(), type="hello")
    assert result["presets"] == [r.summary() for r in RULES.values()]
    assert result["ranks"] == ["3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2"]


# --- the coach, the hint and the daily deal ------------------------------------------------


def test_replay_lists_the_forced_decisions() -> None:
    data = _finished_game()
    result = ok(Service(), type="replay", game=data)
    assert result["forced"], "this hand has forced decisions"
    assert set(result["forced"]) < set(result["decisions"])
    for step in result["decisions"]:
        trimmed = dict(data, actions=data["actions"][: step - 1])
        trimmed.pop("to_move", None)
        trimmed.pop("counts", None)
        game = Game.from_dict(trimmed)
        options = len(game.legal_moves()) + (1 if game.can_pass() else 0)
        assert (step in result["forced"]) == (options == 1)


def test_a_forced_decision_is_reviewed_as_forced_and_not_counted() -> None:
    data = _finished_game()
    service = Service()
    step = ok(service, type="replay", game=data)["forced"][0]
    review = ok(service, type="review", game=data, step=step)
    assert review["verdict"] == "forced"
    assert review["counted"] is False and review["options"] == []


def _blunder(play: str = "3S") -> dict[str, Any]:
    """Seat 0 could go out at once with its straight and leads a single 3 instead.

    Set up by hand (the service replays only dealt hands): the coach is asked directly.
    """
    g = Game.from_hands(
        [
            ["3S", "4H", "5D", "6C", "7S"],
            ["8S", "8H", "10S", "JS", "QS", "KS", "AH", "2S"],
            ["9S", "9H", "10H", "JH", "QH", "KH", "AD", "AC"],
        ],
        leader=0,
    )
    g.play(play.split())
    return g.to_dict()


def test_review_lists_every_option_with_its_cards_and_marks_the_play() -> None:
    data = _blunder()
    review = review_decision(data, 1)
    options = review["options"]
    assert all(o["cards"] for o in options)  # leading: no pass among them
    assert [o["played"] for o in options].count(True) == 1
    assert [o["best"] for o in options].count(True) == 1
    played = next(o for o in options if o["played"])
    assert played["cards"] == ["3S"]
    best = next(o for o in options if o["best"])
    assert sorted(best["cards"]) == sorted(["3S", "4H", "5D", "6C", "7S"])
    names = [json.dumps(o["combo"]) for o in options]
    assert len(set(map(json.dumps, (o["cards"] for o in options)))) == len(names)


def test_a_blunder_is_a_mistake_with_a_reason_in_both_languages() -> None:
    review = review_decision(_blunder(), 1)
    assert review["verdict"] == "mistake" and review["counted"]
    assert review["loss"] - 2 * review["se"] >= 1.0
    assert "breaks your straight 3 to 7" in review["why"]["en"]
    assert "拆了你的顺子3-7" in review["why"]["zh"]
    # Who goes out is named by the order of play, which the table's seating setting
    # (the next player on the left or on the right) never changes.
    assert "the player before you often goes out first" in review["why"]["en"]
    assert "上家常常先出完" in review["why"]["zh"]
    assert not any(side in review["why"]["en"] for side in ("West", "East"))


def test_the_best_play_is_called_best_and_reviews_repeat_themselves() -> None:
    data = _blunder("3S 4H 5D 6C 7S")
    first = review_decision(data, 1)
    assert first["verdict"] == "best" and first["why"] is None
    mistake = _blunder()
    assert review_decision(mistake, 1) == review_decision(mistake, 1)


def test_hint_puts_the_searched_best_play_first_and_keeps_it() -> None:
    service = Service()
    snap = _human_to_move(service)
    hint = ok(service, type="hint")
    assert hint["cards"] is not None and hint["hints"][0] == hint["cards"]
    assert sorted(map(sorted, hint["hints"])) == sorted(map(sorted, snap["you"]["hints"]))
    assert service.game is not None and service.game.check(hint["cards"]) is None
    assert ok(service, type="hint") == hint
    ok(service, type="play", cards=hint["cards"])
    assert error(service, type="hint")["code"] == "not_your_turn"


def test_the_daily_deal_is_a_function_of_the_date() -> None:
    service = Service()
    day = ok(service, type="daily", date="2026-12-01")
    assert day == {
        "date": "2026-12-01",
        "preset": "standard",
        "seed": 19705001,
        "deal_code": "A197050017",
        "level": "medium",
        "seat": 0,
    }
    assert ok(Service(), type="daily", date="2026-12-01") == day
    after = ok(service, type="daily", date="2026-12-02")
    assert after["seed"] != day["seed"] and after["deal_code"] != day["deal_code"]
    started = ok(service, type="new_game", preset=day["preset"], seed=day["seed"], level="medium")
    assert started["deal_code"] == day["deal_code"]
    for bad in ("2026-13-01", "1 Dec 2026", "", "2026-12-1"):
        assert error(service, type="daily", date=bad)["code"] == "bad_request"
    assert error(service, type="daily", date=20261201)["code"] == "bad_request"


def test_the_daily_baseline_is_hards_deterministic_hand() -> None:
    first = ok(Service(), type="daily_baseline", date="2026-12-01")
    again = ok(Service(), type="daily_baseline", date="2026-12-01")
    assert first == again
    assert sum(first["settlement"]["total"]) == 0
    assert first["total"] == first["settlement"]["total"][0]
    hard = first["total"]
    # The hand replays from the deal through the rules, and ends where Hard's result says.
    g = Game.from_code(first["deal_code"])
    for cards in first["actions"]:
        g.pass_turn() if cards is None else g.play(cards)
    assert g.over and g.settlement()["total"][0] == hard


def test_the_daily_baseline_in_slices_is_the_whole_hand_and_games_are_answered_between() -> None:
    whole = ok(Service(), type="daily_baseline", date="2026-12-01")
    service = Service()
    replies = []
    for _ in range(200):
        reply = ok(service, type="daily_baseline", date="2026-12-01", slice_ms=0)
        replies.append(reply)
        if not reply.get("pending"):
            break
        ok(service, type="new_game", level="medium", seed=len(replies))  # a game meanwhile
    # A slice of no time is one decision: every action of the hand but the last one ends one.
    assert [r["actions"] for r in replies[:-1]] == list(range(1, len(whole["actions"])))
    assert replies[-1] == whole
    # Kept once played: the date's result answers at once, sliced or not.
    assert ok(service, type="daily_baseline", date="2026-12-01", slice_ms=0) == whole
    # Another date asked for meanwhile starts that one; the first goes on from the start.
    other = Service()
    assert ok(other, type="daily_baseline", date="2026-12-01", slice_ms=0)["actions"] == 1
    assert ok(other, type="daily_baseline", date="2026-12-02", slice_ms=0)["date"] == "2026-12-02"
    assert ok(other, type="daily_baseline", date="2026-12-01") == whole
