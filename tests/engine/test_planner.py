"""The planner's plans are Medium's behaviour: a faster search must find the same ones.

``fixtures/plans.json`` holds 600 hands (150 per preset, a third of them full
hands) with the plan the first, straightforward search found for each: its
groups and its cost. Any change to how plans are searched or priced that
changes one of them changes how Medium (and every play-out of Hard) plays.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from paodekuai import RULES
from paodekuai.ai import planner
from paodekuai.cards import RANKS
from paodekuai.combos import Move, counts_of

PLANS = json.loads((Path(__file__).parent / "fixtures" / "plans.json").read_text())


def _group(move: Move) -> str:
    ranks = " ".join(RANKS[r] for r, n in enumerate(move.counts()) for _ in range(n))
    return f"{move.kind.value} {ranks}"


@pytest.mark.parametrize("rules", sorted(RULES))
def test_plans_are_the_pinned_ones(rules: str) -> None:
    cases = [case for case in PLANS if case["rules"] == rules]
    assert len(cases) == 150
    for case in cases:
        planner._cache.clear()
        found = planner.plan(counts_of(case["hand"].split()), RULES[rules])
        assert [_group(m) for m in found.moves] == case["plan"], case["hand"]
        assert found.cost == case["cost"], case["hand"]
