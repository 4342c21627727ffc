"""The daily deal: one hand a day, the same for everyone, and Hard's score on it.

Every UTC date names one standard deal. The mapping is a pure function, fixed
forever once shipped (a past day's link must deal the same cards years later):

    day    = days from 2026-01-01 to the date (negative before it)
    seed   = SplitMix64(DAILY_SALT + day).next() mod 10**8
    deal   = Game.deal(seed, "standard"), its code encode("standard", seed)

So 2026-12-01 is day 334; nothing but the date goes in, so two browsers
anywhere, online or not, deal the same hand.

The opponents of a daily hand play Medium: a fixed policy with no clock and no
randomness, so the person's opponents react the same way to the same plays on
every device. After the hand the page compares the person's total with
Hard's: Hard plays seat 0 of the same deal against the same two Medium seats,
with a fixed number of worlds and seeds taken from the date (no clock), so
its result is one number for everyone, in CPython and in Pyodide alike.

>>> daily_deal("2026-12-01")["deal_code"] == daily_deal("2026-12-01")["deal_code"]
True
>>> daily_deal("2026-12-01")["seed"] != daily_deal("2026-12-02")["seed"]
True
"""

from __future__ import annotations

import datetime
import time
from typing import Final

from .ai import Bot
from .codes import encode
from .game import Game
from .prng import SplitMix64
from .protocol import DailyBaseline, DailyDeal, Level

#: The first daily deal's date (day 0).
DAILY_EPOCH: Final = datetime.date(2026, 1, 1)
#: Mixed into every day's seed, so daily seeds are not small consecutive numbers.
DAILY_SALT: Final = 0xDA11_7D3A_1000_0000
#: Daily seeds lie in 0 .. 10**8 - 1: deal codes of at most 10 characters.
DAILY_SEEDS: Final = 10**8
DAILY_RULES: Final = "standard"
#: The level of the two computer seats in a daily hand (deterministic: no clock, no dice).
DAILY_OPPONENTS: Final[Level] = "medium"
#: Worlds per decision of Hard's baseline hand (fixed: the same result everywhere).
BASELINE_WORLDS: Final = 60
#: The person's seat, and the seat Hard takes for the baseline.
YOU: Final = 0


class InvalidDate(ValueError):
    """A date that is not an ISO calendar date (YYYY-MM-DD)."""


def parse_date(text: object) -> datetime.date:
    if not isinstance(text, str) or len(text) != 10:
        raise InvalidDate(f"{text!r} is not a date like 2026-12-01")
    try:
        return datetime.date.fromisoformat(text)
    except ValueError as exc:
        raise InvalidDate(f"{text!r} is not a date like 2026-12-01") from exc


def daily_seed(date: str) -> int:
    """The deal seed of a UTC date (YYYY-MM-DD); see the module's mapping."""
    day = (parse_date(date) - DAILY_EPOCH).days
    return SplitMix64(DAILY_SALT + day).next() % DAILY_SEEDS


def daily_deal(date: str) -> DailyDeal:
    """The daily hand of a date: its rules, seed, deal code and the opponents' level."""
    seed = daily_seed(date)
    return {
        "date": parse_date(date).isoformat(),
        "preset": DAILY_RULES,
        "seed": seed,
        "deal_code": encode(DAILY_RULES, seed),
        "level": DAILY_OPPONENTS,
        "seat": YOU,
    }


class BaselineSearch:
    """The daily hand played out with Hard in seat 0 against two Medium seats, one
    decision at a time: :meth:`run` until a deadline answers None while the hand goes on,
    so the worker can answer a game in between. However it is run, the same hand."""

    def __init__(self, date: str) -> None:
        self.date = parse_date(date).isoformat()
        self._seed = daily_seed(date)
        self.game = Game.deal(self._seed, DAILY_RULES)

    def run(self, until: float | None = None) -> DailyBaseline | None:
        """Play on to the end, or, given ``until`` (a ``time.monotonic()`` deadline), until
        then: None when the hand is not over yet."""
        game = self.game
        while not game.over:
            seat = game.to_move
            # Seeded by the deal and the step: the same searches on every device.
            step_seed = self._seed * 1009 + len(game.history)
            if seat == YOU:
                bot = Bot("hard", seed=step_seed, worlds=BASELINE_WORLDS)
            else:
                bot = Bot(DAILY_OPPONENTS, seed=step_seed)
            cards = bot.choose(game.observation(seat))
            if cards is None:
                game.pass_turn()
            else:
                game.play(cards)
            if until is not None and not game.over and time.monotonic() >= until:
                return None
        settlement = game.settlement()
        return {
            "date": self.date,
            "deal_code": encode(DAILY_RULES, game.seed or 0),
            "total": settlement["total"][YOU],
            "settlement": settlement,
            "actions": [cards for _, cards in game.history],
        }


def daily_baseline(date: str) -> DailyBaseline:
    """Hard's result in seat 0 of the daily hand: its total, settlement and plays."""
    result = BaselineSearch(date).run()
    assert result is not None  # without a deadline it plays to the end
    return result


