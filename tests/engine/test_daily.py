"""The daily deal: a pure function of the date, fixed forever; Hard's result on it, the same
everywhere."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from paodekuai import Game
from paodekuai.ai import Bot
from paodekuai.daily import (
    DAILY_OPPONENTS,
    InvalidDate,
    daily_baseline,
    daily_deal,
    daily_seed,
)

ENGINE = Path(__file__).resolve().parents[2] / "engine"

#: Shipped once, never to change: a past day's link must deal the same cards.
PINNED = {
    "2026-01-01": "A996279625",
    "2026-12-01": "A197050017",
    "2026-12-02": "A874417980",
    "2027-02-28": "A393030651",
    "2030-06-15": "A250302113",
}


def test_dates_map_to_pinned_deals() -> None:
    for date, code in PINNED.items():
        assert daily_deal(date)["deal_code"] == code


def test_consecutive_days_deal_different_hands() -> None:
    codes = {daily_deal(f"2027-03-{day:02d}")["deal_code"] for day in range(1, 32)}
    assert len(codes) == 31
    first, second = (Game.from_code(daily_deal(f"2027-03-0{d}")["deal_code"]) for d in (1, 2))
    assert first.hand(0) != second.hand(0)


def test_a_date_is_an_iso_calendar_date() -> None:
    for bad in ("2026-02-30", "2026-12-1", "tomorrow", "", "2026-12-01T00:00"):
        with pytest.raises(InvalidDate):
            daily_seed(bad)


def test_the_daily_opponents_play_without_a_clock_or_dice() -> None:
    # The opponents' level is a function of its view: whatever seeds a device
    # gives the bots, the same plays by the person meet the same answers.
    code = daily_deal("2026-12-01")["deal_code"]
    histories = []
    for seed in (1, 2, 99):
        g = Game.from_code(code)
        while not g.over:
            cards = Bot(DAILY_OPPONENTS, seed=seed + len(g.history)).choose(g.view(g.to_move))
            g.pass_turn() if cards is None else g.play(cards)
        histories.append(g.history)
    assert histories[0] == histories[1] == histories[2]


def test_hards_baseline_does_not_depend_on_the_interpreters_hash_seed() -> None:
    # Set and dict orders of strings change with PYTHONHASHSEED; a search that
    # leaned on them would give another result in another process (or in Pyodide).
    script = (
        "import json; from paodekuai.daily import daily_baseline; "
        "print(json.dumps(daily_baseline('2026-12-01')))"
    )
    results = set()
    for hash_seed in ("0", "1", "4242"):
        env = dict(os.environ, PYTHONHASHSEED=hash_seed, PYTHONPATH=str(ENGINE))
        out = subprocess.run(
            [sys.executable, "-c", script], env=env, capture_output=True, text=True, check=True
        )
        results.add(out.stdout)
    assert len(results) == 1
    assert json.loads(results.pop()) == daily_baseline("2026-12-01")
