"""Shared helpers for engine tests: positions set up by hand."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from paodekuai import Game
from paodekuai.cards import card_id


def split(text: str) -> list[str]:
    """Card codes from a space-separated string: ``"3S 3H 10D"``."""
    return text.split()


def position(
    hands: Sequence[str],
    leader: int = 0,
    rules: str = "standard",
    actions: Sequence[str | None] = (),
) -> Game:
    """A game from three space-separated hands, after some actions.

    Each action is a space-separated play, or None for a pass.
    """
    game = Game.from_hands([split(h) for h in hands], leader=leader, rules=rules)
    for action in actions:
        if action is None:
            game.pass_turn()
        else:
            game.play(split(action))
    return game


def ranks_of(play: Sequence[str]) -> str:
    """A play's ranks as a sorted string, suits dropped: ``["8S", "8H"] -> "8 8"``."""
    return " ".join(c[:-1] for c in sorted(play, key=card_id))


def legal_ranks(game: Game) -> set[str]:
    return {ranks_of(p) for p in game.legal_plays()}


def random_step(g: Game, rng: random.Random, pass_rate: float = 0.3) -> None:
    """One random action: a pass now and then where the rules allow it, else a random play."""
    plays = g.legal_plays()
    if g.can_pass() and (not plays or rng.random() < pass_rate):
        g.pass_turn()
    else:
        g.play(rng.choice(plays))


def random_game(seed: int, rules: str, steps: int = 1000) -> Game:
    """Deal ``seed`` of ``rules`` and make up to ``steps`` random actions."""
    rng = random.Random(seed)
    g = Game.deal(seed, rules)
    for _ in range(steps):
        if g.over:
            break
        random_step(g, rng)
    return g


@pytest.fixture
def fresh() -> Game:
    return Game.deal(seed=1)
