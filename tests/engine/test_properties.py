"""Properties over thousands of random games of every preset."""

from __future__ import annotations

import itertools
import random

import pytest
from conftest import ranks_of
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from paodekuai import RULES, Game

PRESETS = sorted(RULES)


def _random_action(g: Game, rng: random.Random) -> list[str] | None:
    plays = g.legal_plays()
    if g.can_pass() and (not plays or rng.random() < 0.25):
        return None
    return rng.choice(plays)


@pytest.mark.parametrize("rules", PRESETS)
def test_thousands_of_games_conserve_cards_and_sum_to_zero(rules: str) -> None:
    deck = set(RULES[rules].deck)
    rng = random.Random(rules)
    for seed in range(1000):
        pos = Game.deal(seed, rules).position
        played = 0
        while pos.winner is None:
            moves = pos.legal_moves()
            if pos.can_pass() and (not moves or rng.random() < 0.25):
                pos.pass_turn()
            else:
                move = rng.choice(moves)
                pos.play(move)
                played += move.n
            assert sum(pos.sizes) + played == len(deck)
        result = pos.settlement()
        assert sum(result.total) == 0
        assert result.cards_left[result.winner] == 0
    # Card identities: a smaller sample through the public face.
    for seed in range(150):
        g = Game.deal(seed, rules)
        played: list[str] = []
        while not g.over:
            action = _random_action(g, rng)
            if action is not None:
                played.extend(action)
            g.play(action) if action is not None else g.pass_turn()
            held = [c for s in range(3) for c in g.hand(s)]
            assert len(held) + len(played) == len(deck)
            assert set(held) | set(played) == deck


@settings(
    max_examples=120,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(seed=st.integers(0, 10**9), rules=st.sampled_from(PRESETS), pass_rate=st.floats(0, 0.6))
def test_every_step_of_a_random_game(seed: int, rules: str, pass_rate: float) -> None:
    rng = random.Random(seed)
    g = Game.deal(seed, rules)
    must_beat = RULES[rules].must_beat
    step = 0
    while not g.over:
        plays = g.legal_plays()
        for play in plays:
            assert g.check(play) is None, (play, g.check(play))
        if must_beat and plays and g.standing is not None:
            assert not g.can_pass()
        if g.standing is None:
            assert not g.can_pass()
        assert len({ranks_of(p) for p in plays}) == len(plays)  # listed once
        if step % 7 == 3:
            assert Game.from_dict(g.to_dict()) == g
        if g.can_pass() and (not plays or rng.random() < pass_rate):
            g.pass_turn()
        else:
            g.play(rng.choice(plays))
        step += 1
    assert sum(g.settlement()["total"]) == 0
    assert Game.from_dict(g.to_dict()).settlement() == g.settlement()


def _brute_force(g: Game) -> set[str]:
    """Every subset of the hand that ``check`` accepts, by ranks."""
    hand = g.hand(g.to_move)
    found = set()
    for size in range(1, len(hand) + 1):
        for subset in itertools.combinations(hand, size):
            if g.check(list(subset)) is None:
                found.add(ranks_of(subset))
    return found


@settings(max_examples=250, deadline=None, derandomize=True)
@given(
    seed=st.integers(0, 10**9),
    rules=st.sampled_from(PRESETS),
    sizes=st.tuples(st.integers(1, 9), st.integers(1, 9), st.integers(1, 9)),
    steps=st.integers(0, 4),
)
def test_legal_plays_equal_brute_force_on_small_positions(
    seed: int, rules: str, sizes: tuple[int, int, int], steps: int
) -> None:
    rng = random.Random(seed)
    deck = list(RULES[rules].deck)
    rng.shuffle(deck)
    hands, at = [], 0
    for n in sizes:
        hands.append(deck[at : at + n])
        at += n
    g = Game.from_hands(hands, leader=rng.randrange(3), rules=rules)
    for _ in range(steps):
        if g.over:
            return
        action = _random_action(g, rng)
        g.play(action) if action is not None else g.pass_turn()
    if g.over:
        return
    assert {ranks_of(p) for p in g.legal_plays()} == _brute_force(g)
