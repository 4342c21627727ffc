"""Soak: random games of every preset through the public API, checking every invariant.

    python bench/soak.py [--games 100000] [--jobs 1] [--deep-every 1] [--seed 0]

Game ``i`` is deal seed ``seed + i`` of preset ``i % 4`` (standard, classic16,
compact15, club), played by a random policy that passes now and then where
the rules allow it and favours bombs a little, so every rule comes up. It
checks, through ``paodekuai``'s public face only:

- conservation: the three hands and the cards played are the deck, each card once;
  each seat's count in every view is its hand's size;
- every listed play passes ``check`` (one per rank multiset), and ``play`` of
  one of them is accepted; a pass is never listed;
- ``can_pass`` against the rules: never while leading; under must-beat, only
  when nothing is listed; otherwise always while following;
- views never leak: no card of another seat's hand appears in a seat's view
  unless it is public (``known``, the face-up card); every seat sees the
  game's counts, turn and standing play; its JSON view reads back to the same
  observation;
- ``to_dict`` / ``from_dict``: the saved game (through JSON) restores an equal
  game with the same legal plays;
- at the end: the totals sum to zero, the winner's hand is empty, the
  settlement in every view is ``settlement()``, and the saved game restores it.

The first three on every move. The views and the round trip replay the whole
history (their cost grows with it): they run every ``--deep-every`` moves
(default 1, every move) and at the end of every game.

Prints the failures (each with its deal code and move; the goal is none), the
games and moves checked, and games per second (wall clock, all jobs together).
Exit status 1 when anything failed.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import random
import re
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))

from paodekuai import RULES, Game, IllegalPlay, Observation

PRESETS = ("standard", "classic16", "compact15", "club")
_CARD = re.compile(r'"((?:10|[2-9JQKA])[SHDC])"')


@dataclass
class Tally:
    games: int = 0
    moves: int = 0
    failures: list[str] = field(default_factory=list)

    def add(self, other: Tally) -> None:
        self.games += other.games
        self.moves += other.moves
        self.failures += other.failures


class Failed(Exception):
    """One invariant that did not hold."""


def _expect(condition: bool, what: str) -> None:
    if not condition:
        raise Failed(what)


def _check_cards(g: Game, deck: set[str], played: list[str]) -> list[list[str]]:
    """Conservation; the hands, for the other checks."""
    hands = [g.hand(s) for s in range(3)]
    held = [c for h in hands for c in h]
    _expect(len(held) + len(played) == len(deck), "cards were created or lost")
    _expect(set(held) | set(played) == deck, "the hands and the plays are not the deck")
    _expect(len(set(held) | set(played)) == len(deck), "a card is in two places")
    return hands


def _check_view(g: Game, seat: int, hands: list[list[str]], read_back: bool) -> None:
    """The seat's view shows no hidden card and agrees with the game (and reads back)."""
    obs = g.observation(seat)
    view = obs.to_json()
    text = json.dumps(view)
    _expect(view["counts"] == [len(h) for h in hands], f"seat {seat}'s view miscounts")
    _expect(view["hand"] == hands[seat], f"seat {seat}'s view shows another hand")
    public = {k["card"] for k in view["known"]}
    if view["face_up"] is not None:
        public.add(view["face_up"]["card"])
    seen = set(_CARD.findall(text))
    for other in range(3):
        if other != seat:
            leaked = (seen & set(hands[other])) - public
            _expect(not leaked, f"seat {seat}'s view shows seat {other}'s {sorted(leaked)}")
    _expect(obs.to_move == g.to_move and obs.over == g.over, f"seat {seat} sees another turn")
    standing = g.standing
    _expect(
        standing is None
        if obs.standing is None
        else standing is not None and obs.standing.combo == standing,
        f"seat {seat} sees another standing play",
    )
    if read_back:
        _expect(Observation.from_view(json.loads(text)) == obs, f"seat {seat}'s view reads back")


def _check_choices(g: Game, plays: list[list[str]], must_beat: bool) -> None:
    kinds_seen = set()
    for play in plays:
        _expect(g.check(play) is None, f"listed play {' '.join(play)} fails check")
        ranks = tuple(sorted(c[:-1] for c in play))
        _expect(ranks not in kinds_seen, f"{' '.join(play)} listed twice")
        kinds_seen.add(ranks)
    if g.standing is None:
        _expect(not g.can_pass(), "the leader may pass")
    elif must_beat:
        _expect(g.can_pass() == (not plays), "can_pass against must-beat")
    else:
        _expect(g.can_pass(), "a follower without must-beat may not pass")


def _check_saved(g: Game) -> None:
    back = Game.from_dict(json.loads(json.dumps(g.to_dict())))
    _expect(back == g, "the saved game restores another game")
    if not g.over:
        _expect(back.legal_plays() == g.legal_plays(), "the restored game lists other plays")
        _expect(back.can_pass() == g.can_pass(), "the restored game passes otherwise")


def _check_end(g: Game) -> None:
    result = g.settlement()
    _expect(sum(result["total"]) == 0, "totals do not sum to zero")
    winner = result["winner"]
    _expect(winner == g.winner and g.hand(winner) == [], "the winner still holds cards")
    _expect(result["cards_left"] == [g.count(s) for s in range(3)], "cards left miscounted")
    for seat in range(3):
        _expect(g.view(seat)["settlement"] == result, f"seat {seat}'s view settles otherwise")
    _expect(Game.from_dict(g.to_dict()).settlement() == result, "the saved game settles otherwise")


def _action(g: Game, plays: list[list[str]], rng: random.Random) -> list[str] | None:
    if g.can_pass() and (not plays or rng.random() < 0.25):
        return None
    bombs = [p for p in plays if len(p) == 4 and len({c[:-1] for c in p}) == 1]
    if bombs and rng.random() < 0.3:
        return rng.choice(bombs)
    return rng.choice(plays)


def play_one(number: int, first_seed: int, deep_every: int = 1) -> tuple[int, list[str]]:
    """Play and check game ``number``; its moves and its failures.

    Every move: conservation, the listed plays and passing. Every
    ``deep_every`` moves and at the end, the checks that replay the whole
    history (their cost grows with it): every seat's view (no hidden card,
    agreeing with the game, read back to the same observation) and the save's
    round trip.
    """
    preset = PRESETS[number % len(PRESETS)]
    seed = first_seed + number
    rng = random.Random(seed * 4 + number % 4)
    g = Game.deal(seed, preset)
    deck = set(RULES[preset].deck)
    must_beat = RULES[preset].must_beat
    played: list[str] = []
    moves = 0
    where = f"{g.deal_code} ({preset})"
    try:
        while not g.over:
            hands = _check_cards(g, deck, played)
            deep = moves % deep_every == 0
            if deep:
                for seat in range(3):
                    _check_view(g, seat, hands, read_back=True)
            plays = g.legal_plays()
            _check_choices(g, plays, must_beat)
            if deep:
                _check_saved(g)
            action = _action(g, plays, rng)
            if action is None:
                g.pass_turn()
            else:
                g.play(action)
                played += action
            moves += 1
        hands = _check_cards(g, deck, played)
        for seat in range(3):
            _check_view(g, seat, hands, read_back=True)
        _check_end(g)
    except Failed as exc:
        return moves, [f"{where}, move {moves + 1}: {exc}"]
    except (IllegalPlay, ValueError, TypeError, IndexError, KeyError) as exc:
        return moves, [f"{where}, move {moves + 1}: {type(exc).__name__}: {exc}"]
    return moves, []


def _chunk(args: tuple[int, int, int, int]) -> Tally:
    start, stop, first_seed, deep_every = args
    tally = Tally()
    for number in range(start, stop):
        moves, failures = play_one(number, first_seed, deep_every)
        tally.games += 1
        tally.moves += moves
        tally.failures += failures
    return tally


def _chunks(
    games: int, first_seed: int, deep_every: int, size: int
) -> Iterator[tuple[int, int, int, int]]:
    for start in range(0, games, size):
        yield start, min(games, start + size), first_seed, deep_every


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawTextHelpFormatter
    )
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    parser.add_argument("--seed", type=int, default=0, help="the first game's deal seed")
    parser.add_argument("--stop-after", type=int, default=20, help="failures to print at most")
    parser.add_argument(
        "--deep-every",
        type=int,
        default=1,
        help="run the checks that replay the whole history (save round trip, every seat's\n"
        "view read back) every N moves and at the end; 1 (default): every move",
    )
    args = parser.parse_args()

    total = Tally()
    start = time.perf_counter()
    last_report = start
    chunks = _chunks(args.games, args.seed, max(1, args.deep_every), 200)
    with multiprocessing.Pool(args.jobs) if args.jobs > 1 else _Serial() as pool:
        for tally in pool.imap_unordered(_chunk, chunks):
            total.add(tally)
            now = time.perf_counter()
            if now - last_report >= 30:
                last_report = now
                rate = total.games / (now - start)
                print(
                    f"  {total.games} games, {len(total.failures)} failures, {rate:.1f} games/s",
                    flush=True,
                )
    elapsed = time.perf_counter() - start
    for failure in total.failures[: args.stop_after]:
        print("FAIL", failure)
    cadence = "every move" if args.deep_every <= 1 else f"every {args.deep_every} moves"
    print(
        f"{total.games} games ({total.moves} moves) of {', '.join(PRESETS)}; "
        f"history-replaying checks {cadence}; failures: {len(total.failures)}"
    )
    print(
        f"{total.games / elapsed:.1f} games/s, {total.moves / elapsed:.0f} moves/s "
        f"({elapsed:.0f} s wall clock, {args.jobs} job{'s' if args.jobs > 1 else ''})"
    )
    return 1 if total.failures else 0


class _Serial:
    """A stand-in for a one-process pool: runs the chunks here, in order."""

    def __enter__(self) -> _Serial:
        return self

    def __exit__(self, *exc: object) -> None:
        return None

    def imap_unordered(
        self, func: object, items: Iterator[tuple[int, int, int, int]]
    ) -> Iterator[Tally]:
        return (_chunk(item) for item in items)


if __name__ == "__main__":
    raise SystemExit(main())
