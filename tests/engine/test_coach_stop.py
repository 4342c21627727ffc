"""When the played action leads, the coach's call stands only once every other candidate
still searched is settled against it, not only the runner-up by mean: a rival behind the
runner-up but far less certain may yet overtake it."""

from __future__ import annotations

from paodekuai import Game
from paodekuai.ai.rating import Candidate, Outcome, call_settled, leader_settled
from paodekuai.review import review_decision


def _candidate(totals: list[int]) -> Candidate:
    return Candidate(None, [Outcome(0, None, 0, t) for t in totals])


def test_a_lead_over_a_sure_runner_up_is_not_settled_while_an_unsure_rival_may_overtake() -> None:
    played = _candidate([0] * 36)
    # The runner-up by mean: a fraction of a point behind on every world, settled.
    runner = _candidate([0] * 35 + [-1])
    # Further behind on average, but swinging 8 points either way: it may be a point better.
    rival = _candidate([8, -8] * 17 + [-8, -8])
    cands, alive = [played, runner, rival], [0, 1, 2]
    assert played.mean > runner.mean > rival.mean
    assert not call_settled(cands, alive, 0)
    assert call_settled(cands, alive, 0) == leader_settled(cands, alive, 0)
    # Once the rival is clearly behind too, the call stands.
    assert call_settled([played, runner, _candidate([-4] * 36)], alive, 0)


def test_the_coach_does_not_call_a_play_best_that_a_long_search_puts_well_behind() -> None:
    # Found in play: compact15, the person's first decision (a single 6 to beat, Medium
    # opponents). After the coach's first 36 worlds the single 9 led, the single 10 was the
    # runner-up by mean and settled behind it, and the 9 was called best; the single 8,
    # behind the 10 by mean but far less certain, was still open. Searched on, the 8 leads
    # by 2.2 points (720 worlds), and a search of 720 worlds without early stop on other
    # seeds puts it 2.3 to 2.6 points ahead: the 9 is an inaccuracy.
    game = Game.from_code("C0436201", "medium")
    assert game.rules.name == "compact15" and game.to_move == 1
    game.play(["5S"])  # Medium's plays there
    game.play(["6S"])
    game.play(["9D"])
    review = review_decision(dict(game.to_dict()), len(game.history))
    assert review["played"] == ["9D"]
    assert review["verdict"] == "inaccuracy", (review["loss"], review["se"], review["worlds"])
    assert next(o["cards"] for o in review["options"] if o["best"]) == ["8C"]
