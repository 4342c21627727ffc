"""The ladder's numbers are reproducible: the same command prints the same points."""

from __future__ import annotations

import pytest

from paodekuai.ladder import HandRecord, main, run_pairing


def _outcomes(records: list[HandRecord]) -> list[tuple[int, int, int, bool, int]]:
    return [(r.deal, r.seat, r.points, r.won, r.bomb_points) for r in records]


def test_hard_hands_repeat_exactly() -> None:
    # No clock: a seeded Hard searches a fixed number of worlds, so a hand repeats.
    first = run_pairing("hard", "medium", deals=1, first_deal=31337)
    again = run_pairing("hard", "medium", deals=1, first_deal=31337)
    assert len(first.records) == 3  # the deal once with Hard in each seat
    assert _outcomes(first.records) == _outcomes(again.records)
    assert {r.seat for r in first.records} == {0, 1, 2}


def test_worker_processes_change_nothing() -> None:
    alone = run_pairing("medium", "easy", deals=6, first_deal=777, jobs=1)
    shared = run_pairing("medium", "easy", deals=6, first_deal=777, jobs=2)
    assert _outcomes(alone.records) == _outcomes(shared.records)


def test_the_printed_points_repeat(capsys: pytest.CaptureFixture[str]) -> None:
    def points_line() -> str:
        main(["--deals", "3", "--first-deal", "9001", "--pairings", "medium:easy"])
        out = capsys.readouterr().out
        return next(line for line in out.splitlines() if "points/hand" in line)

    assert points_line() == points_line()
