"""``Rules.summary()`` (sent by ``hello``) says what the engine plays, fact by fact.

How to play is written from these summaries, so each field is played out here
against the engine itself rather than compared with rules.py's own numbers.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest
from conftest import split

from paodekuai import RULES, Game
from paodekuai.cards import RANKS

PRESETS = sorted(RULES)
SUITS = "SHDC"


def _summary(preset: str) -> Any:
    return RULES[preset].summary()


def _cards(preset: str, rank: str, n: int) -> list[str]:
    """``n`` cards of ``rank`` from the preset's deck, ♠ first."""
    deck = set(RULES[preset].deck)
    cards = [rank + s for s in SUITS if rank + s in deck]
    assert len(cards) >= n, (preset, rank, n)
    return cards[:n]


@pytest.mark.parametrize("preset", PRESETS)
def test_the_deck_and_the_deal(preset: str) -> None:
    s = _summary(preset)
    full = {r + suit for r in RANKS for suit in SUITS}
    for seed in range(20):
        g = Game.deal(seed, preset)
        hands = [g.hand(seat) for seat in range(3)]
        assert [len(h) for h in hands] == [s["hand_size"]] * 3
        dealt = [c for h in hands for c in h]
        assert len(dealt) == s["deck_size"] == len(set(dealt))
        assert set(dealt) == full - set(s["removed"])
        by_rank = Counter(c[:-1] for c in dealt)
        assert [[r, by_rank[r]] for r in RANKS if by_rank[r]] == s["deck"]
        leader_cards = g.hand(g.leader)
        if s["opener"] == "spade3":
            assert "3S" in leader_cards
        else:
            face_up = g.view(0)["face_up"]
            assert face_up is not None and face_up["card"] in leader_cards


@pytest.mark.parametrize("preset", PRESETS)
def test_the_first_play_and_the_spade_three(preset: str) -> None:
    s = _summary(preset)
    g = Game.from_hands([["3S", "9H", "9D"], ["4S", "6S"], ["5S", "7S"]], rules=preset)
    code = g.check(["9H", "9D"])
    assert (code == "must_include_spade3") == s["spade3_first"], code


EXAMPLES = {
    "single": "4C",
    "pair": "4S 4H",
    "pair_run": "4S 4H 5S 5H",
    "straight": "4C 5H 6D 7C 8C",
    "trio": "8S 8H 8D",
    "trio_one": "8S 8H 8D 4C",
    "trio_pair": "8S 8H 8D 4C 4D",
    "trio_two": "8S 8H 8D 4C 5D",
    "plane": "8S 8H 8D 9S 9H 9D",
    "plane_singles": "8S 8H 8D 9S 9H 9D 4C 6D",
    "plane_pairs": "8S 8H 8D 9S 9H 9D 4C 4D 6C 6D",
    "plane_wings": "8S 8H 8D 9S 9H 9D 4C 5D 6C 7D",
    "bomb": "7S 7H 7D 7C",
}


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("kind", sorted(EXAMPLES))
def test_the_kinds(preset: str, kind: str) -> None:
    s = _summary(preset)
    assert set(s["kinds"]) <= set(EXAMPLES)
    selection = split(EXAMPLES[kind])
    # A spare 2 keeps the selection from being the whole hand (no short last play).
    g = Game.from_hands([[*selection, "2S"], ["3S", "10S"], ["3H", "10H"]], rules=preset)
    judged = g.judge(selection)
    read_as = judged.combo.kind.value if judged.combo is not None else None
    assert (read_as == kind) == (kind in s["kinds"]), (read_as, judged.message.en)


@pytest.mark.parametrize("preset", PRESETS)
def test_the_runs(preset: str) -> None:
    s = _summary(preset)
    families = {"straight": {"straight"}, "pair_run": {"pair_run"}}
    families["plane"] = {"plane", "plane_singles", "plane_pairs", "plane_wings"}
    for run in s["runs"]:
        ranks, per, shortest = run["ranks"], run["per_rank"], run["min_length"]
        assert ranks == list(RANKS[: len(ranks)]), "runs use consecutive ranks from the 3"
        assert "2" not in ranks
        extras = []
        if run["kind"] == "plane" and "plane" not in s["kinds"]:
            extras = split("3S 3H 4S 4H")  # wings or pairs: two cards per trio
        for length, legal in ((shortest, True), (shortest - 1, False)):
            top = ranks[len(ranks) - length :]
            cards = [c for r in top for c in _cards(preset, r, per)] + extras
            g = Game.from_hands([[*cards, "2S"], ["10C"], ["JC"]], rules=preset)
            combo = g.judge(cards).combo
            is_run = combo is not None and combo.kind.value in families[run["kind"]]
            assert is_run == legal, (run, top, combo)
            if legal:
                assert combo is not None and (combo.k, RANKS[combo.key]) == (length, ranks[-1])
        # One rank further up (where the deck has enough of it) is never part of it.
        beyond = RANKS[len(ranks)]
        if RULES[preset].deck_ranks[len(ranks)] >= per:
            top = [*ranks[len(ranks) - shortest + 1 :], beyond]
            cards = [c for r in top for c in _cards(preset, r, per)] + extras
            g = Game.from_hands([[*cards, "10C"], ["9C"], ["JC"]], rules=preset)
            combo = g.judge(cards).combo
            assert combo is None or combo.kind.value not in families[run["kind"]], (run, top)


@pytest.mark.parametrize("preset", PRESETS)
def test_must_beat_bombs_the_last_card_and_the_short_last_play(preset: str) -> None:
    s = _summary(preset)
    # Seat 1 can beat the 5 with its 9: may it pass?
    g = Game.from_hands([["5C", "6C"], ["9S", "10S"], ["JS", "QS"]], rules=preset)
    g.play(["5C"])
    assert g.can_pass() == (not s["must_beat"])
    # A single out of four of a kind.
    g = Game.from_hands([["5S", "5H", "5D", "5C", "9C"], ["3S", "4S"], ["3H", "4H"]], rules=preset)
    assert (g.check(["5S"]) == "bomb_split") == (not s["bombs_splittable"])
    # The next seat holds one card: a low single is refused.
    g = Game.from_hands([["4C", "9C", "JC"], ["3S"], ["3H", "6H"]], rules=preset)
    assert (g.check(["4C"]) == "highest_single") == s["last_card_rule"]
    # A trio with one extra card as the whole hand.
    if "trio_two" in s["kinds"]:
        g = Game.from_hands([["8S", "8H", "8D", "4C"], ["3S"], ["3H"]], rules=preset)
        assert (g.check(["8S", "8H", "8D", "4C"]) is None) == s["short_last_play"]


@pytest.mark.parametrize("preset", PRESETS)
def test_the_seats_lit_for_everyone(preset: str) -> None:
    s = _summary(preset)
    g = Game.from_hands([["4C", "9C", "JC"], ["3S"], ["3H", "6H"]], rules=preset)
    assert g.view(0)["alerts"] == [n in s["alert_counts"] for n in (3, 1, 2)]


def _score_from_the_summary(s: Any, view: Any) -> list[int]:
    """A hand's totals worked out from the summary's numbers and the history alone."""
    scoring = s["scoring"]
    history = view["history"]
    winner = view["winner"]
    totals = [0, 0, 0]
    for seat in range(3):
        if seat == winner:
            continue
        left = view["counts"][seat]
        pay = scoring["one_card_pays"] if left == 1 else left * scoring["per_card"]
        if not any(e["seat"] == seat and e["cards"] for e in history):
            pay *= scoring["shut_out_multiplier"]
        totals[seat] -= pay
        totals[winner] += pay
    bombs = scoring["bombs"]
    for i, entry in enumerate(history):
        if entry["combo"] is None or entry["combo"]["kind"] != "bomb":
            continue
        after = [e["cards"] for e in history[i + 1 : i + 3]]
        won = i == len(history) - 1 or after == [None, None]
        if bombs["mode"] == "every" or won:
            for seat in range(3):
                if seat == entry["seat"]:
                    totals[seat] += bombs["to_bomber"]
                else:
                    totals[seat] -= bombs["per_opponent"]
    return totals


@pytest.mark.parametrize("preset", PRESETS)
def test_the_scoring(preset: str) -> None:
    s = _summary(preset)
    rng = random.Random(preset)
    bombs = 0
    for seed in range(300):
        g = Game.deal(seed, preset)
        while not g.over:
            plays = g.legal_plays()
            # Bombs early and often, so bomb scoring is exercised.
            bomb_plays = [p for p in plays if len(p) == 4 and len({c[:-1] for c in p}) == 1]
            if bomb_plays and rng.random() < 0.7:
                g.play(rng.choice(bomb_plays))
                bombs += 1
            elif g.can_pass() and (not plays or rng.random() < 0.4):
                g.pass_turn()
            else:
                g.play(rng.choice(plays))
        view = g.view(0)
        assert _score_from_the_summary(s, view) == g.settlement()["total"], seed
    assert bombs > 50
