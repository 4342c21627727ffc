"""After the hand: every step with all hands shown, and a coach for your decisions.

The replay rebuilds the hand from its saved form, action by action. The
coach rates each of seat 0's decisions with Hard's search: the expected final
total of the play made against that of the best play found, in points.

>>> from paodekuai import Game
>>> g = Game.from_hands([["3S", "9H"], ["5S", "6S"], ["7S", "8S"]])
>>> _ = g.play(["9H"])
>>> steps = replay(g.to_dict())["steps"]
>>> steps[1]["cards"], steps[1]["hands"][0]
(['9H'], ['3S'])
"""

from __future__ import annotations

from typing import Any, Final, Literal

from .ai import Bot
from .game import Game, combo_json
from .protocol import ComboJson, Replay, Review, ReviewOption, Step
from .text import Text

#: A decision losing less than this many expected points still counts as good.
GOOD: Final = 1.0
#: Losing at least this many is a mistake (in between: an inaccuracy).
MISTAKE: Final = 3.0


def _at(data: dict[str, Any], actions: int) -> Game:
    """The saved game as it stood after its first ``actions`` actions."""
    trimmed = {k: v for k, v in data.items() if k not in ("to_move", "counts")}
    trimmed["actions"] = list(data["actions"])[:actions]
    return Game.from_dict(trimmed)


def replay(data: dict[str, Any]) -> Replay:
    """Every step of a saved hand with all three hands after it (step 0: the deal).

    Each step says where the trick of its action began (``trick_start``, an
    index in the hand's actions, as in the view) and who is to move after it.
    """
    game = _at(data, 0)
    steps: list[Step] = [
        {
            "seat": None,
            "cards": None,
            "combo": None,
            "hands": [game.hand(s) for s in range(3)],
            "trick_start": 0,
            "to_move": game.to_move,
        }
    ]
    for action in data["actions"]:
        seat = game.to_move
        if action is None:
            game.pass_turn()
            combo = None
        else:
            combo = combo_json(game.play(action))
        steps.append(
            {
                "seat": seat,
                "cards": action,
                "combo": combo,
                "hands": [game.hand(s) for s in range(3)],
                "trick_start": 0,
                "to_move": None if game.over else game.to_move,
            }
        )
    # Where each action's trick began is the table's bookkeeping: read it off
    # the finished hand as any seat saw it.
    for step, past in zip(steps[1:], game.observation(0).history, strict=True):
        step["trick_start"] = past.trick_start
    return {
        "steps": steps,
        "decisions": [i for i, step in enumerate(steps) if step["seat"] == 0],
        "settlement": game.settlement() if game.over else None,
        "deal_code": game.deal_code,
    }


def review_decision(
    data: dict[str, Any], step: int, budget: float | None = 0.8, seed: int = 0
) -> Review:
    """Rate seat 0's action at replay step ``step`` (1-based, as in :func:`replay`)."""
    actions = list(data["actions"])
    if not 1 <= step <= len(actions):
        raise ValueError(f"step {step} is outside 1..{len(actions)}")
    game = _at(data, step - 1)
    if game.to_move != 0:
        raise ValueError(f"step {step} is seat {game.to_move}'s, not yours")
    played = actions[step - 1]
    choices = len(game.legal_moves()) + (1 if game.can_pass() else 0)
    if choices <= 1:
        return {
            "step": step,
            "played": played,
            "forced": True,
            "options": [],
            "loss": 0.0,
            "verdict": "forced",
            "text": Text("Forced: there was nothing else to do.", "别无选择。").to_json(),
        }
    bot = Bot("hard", seed=seed + step, budget=budget)
    evaluations = bot.evaluate(game.observation(0), played=[played])
    options: list[ReviewOption] = [
        {"cards": cards, "combo": _combo(game, cards), "expected": round(value, 2)}
        for cards, value in evaluations
    ]
    best = evaluations[0][1]
    mine = next((value for cards, value in evaluations if _same(cards, played)), best)
    loss = max(0.0, round(best - mine, 2))
    verdict: Literal["best", "good", "inaccuracy", "mistake"]
    if loss == 0:
        verdict = "best"
    elif loss < GOOD:
        verdict = "good"
    elif loss < MISTAKE:
        verdict = "inaccuracy"
    else:
        verdict = "mistake"
    return {
        "step": step,
        "played": played,
        "forced": False,
        "options": options[:4],
        "loss": loss,
        "verdict": verdict,
        "text": _verdict_text(verdict, loss, options[0]).to_json(),
    }


def _combo(game: Game, cards: list[str] | None) -> ComboJson | None:
    if cards is None:
        return None
    combo = game.judge(cards).combo
    return None if combo is None else combo_json(combo)


def _same(a: list[str] | None, b: list[str] | None) -> bool:
    if a is None or b is None:
        return a is b
    return sorted(c[:-1] for c in a) == sorted(c[:-1] for c in b)


def _verdict_text(verdict: str, loss: float, best: ReviewOption) -> Text:
    if best["combo"] is None:
        best_en, best_zh = "passing", "不出"
    else:
        best_en, best_zh = best["combo"]["text"]["en"], best["combo"]["text"]["zh"]
    if verdict == "best":
        return Text("The best play found.", "最佳出法。")
    if verdict == "good":
        return Text(
            f"Good: {loss:.1f} points behind {best_en}.", f"不错：比{best_zh}少{loss:.1f}分。"
        )
    if verdict == "inaccuracy":
        return Text(
            f"Inaccuracy: {best_en} was worth {loss:.1f} points more.",
            f"欠佳：{best_zh}多得{loss:.1f}分。",
        )
    return Text(
        f"Mistake: {best_en} was worth {loss:.1f} points more.",
        f"失误：{best_zh}多得{loss:.1f}分。",
    )
