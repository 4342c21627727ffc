"""The coach's verdicts: a loss counts only when it is significant, and best/good
never meets mistake on noise."""

from __future__ import annotations

from paodekuai.ai.rating import (
    GOOD,
    MISTAKE,
    SHRINK,
    Candidate,
    Outcome,
    Z,
    call_settled,
    settled,
    verdict,
)


def test_the_best_play_is_best() -> None:
    assert verdict(0.0, 0.0, played_is_top=True) == "best"
    assert verdict(-0.3, 0.2, played_is_top=False) == "best"


def test_small_or_uncertain_losses_are_good() -> None:
    assert verdict(0.9, 0.01, played_is_top=False) == "good"
    # Five points lost, but within noise of nothing: the benefit of the doubt.
    assert verdict(5.0, 5.0 / Z + 0.01, played_is_top=False) == "good"


def test_a_mistake_needs_its_loss_clear_of_the_good_band() -> None:
    assert verdict(MISTAKE + 1, 0.1, played_is_top=False) == "mistake"
    # Big, significant, but possibly only an inaccuracy: called an inaccuracy.
    se = (MISTAKE + 1 - GOOD) / Z + 0.01
    assert verdict(MISTAKE + 1, se, played_is_top=False) == "inaccuracy"
    assert verdict((GOOD + MISTAKE) / 2, 0.1, played_is_top=False) == "inaccuracy"


def test_a_verdict_is_settled_when_its_interval_stays_in_one_band() -> None:
    assert settled(0.2, 0.1)
    assert settled(2.0, 0.2)
    assert settled(6.0, 1.0)
    assert not settled(GOOD, 0.2)
    assert not settled(MISTAKE - 0.1, 0.2)


def _candidate(totals: list[int]) -> Candidate:
    return Candidate(None, [Outcome(0, None, 0, t) for t in totals])


def test_a_lead_by_noise_is_not_settled() -> None:
    # The played action leads the runner-up by 0.1 on 36 worlds, with swings of 8
    # points either way: the runner-up may well be a point better. More worlds.
    played = _candidate([8, -8] * 18)
    runner = _candidate([-8, 8] * 17 + [8, -12])
    assert played.mean > runner.mean
    assert not call_settled([played, runner], [0, 1], 0)
    # A clear lead stands: best it is.
    assert call_settled([played, _candidate([t - 4 for t in played.values])], [0, 1], 0)
    # Nothing left to compare with: settled.
    assert call_settled([played], [0], 0)


def test_a_loss_just_past_an_edge_takes_the_better_class() -> None:
    # Unsettled at the world cap: past the edge by less than SHRINK standard
    # errors, a longer search is about as likely to fall short of it.
    se = 0.4
    assert verdict(GOOD + SHRINK * se / 2, se, played_is_top=False) == "good"
    assert verdict(MISTAKE + SHRINK * se / 2, se, played_is_top=False) == "inaccuracy"
    # Past it by more: the band of the estimate.
    assert verdict(GOOD + SHRINK * se * 2, se, played_is_top=False) == "inaccuracy"
    assert verdict(MISTAKE + SHRINK * se * 2, se, played_is_top=False) == "mistake"
    # A settled call clears its edges by Z standard errors: the pull never moves it.
    for loss in (0.5, 1.5, 2.5, 4.0):
        if settled(loss, se):
            assert verdict(loss, se, played_is_top=False) == verdict(loss, 0.0, False)
