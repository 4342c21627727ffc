"""Perft-style fixtures: positions with their exact legal plays (by ranks).

Each entry: rules, three hands (seat 0 leads), actions so far, and the exact
set of legal plays of the seat to move, as rank multisets.
"""

from __future__ import annotations

import pytest
from conftest import legal_ranks, position

FIXTURES = [
    # A lead: singles, the pair, the straight; nothing else.
    (
        "standard",
        ["3S 3H 4S 5S 6S 7S", "9S 9H 9D", "10S 10H 10D"],
        [],
        {"3", "4", "5", "6", "7", "3 3", "3 4 5 6 7"},
    ),
    # The seed's last card example: only the ♠2.
    ("standard", ["9S 3H", "10S KS 2S", "8H"], ["9S"], {"2"}),
    # Following a pair: pairs above, a pair from a trio, and the bomb.
    (
        "standard",
        ["7S 7H 3C", "8S 8H 9S 9H 9D 5S 5H 5D 5C", "JS QS"],
        ["7S 7H"],
        {"8 8", "9 9", "5 5 5 5"},
    ),
    # classic16's first play must contain ♠3: the eleven kinds from a 3-trio.
    (
        "classic16",
        ["3S 3H 3D 4C 5C", "9S 9H", "10S 10H"],
        [],
        {"3", "3 3", "3 3 3", "3 3 3 4", "3 3 3 5"},
    ),
    # The short last play answering a trio with two.
    (
        "standard",
        ["7S 7H 7D JS QS 3C", "8S 8H 8D 5C", "9S 9H"],
        ["7S 7H 7D JS QS"],
        {"5 8 8 8"},
    ),
    # A lead whose whole hand is a short plane; trios only with two extras.
    (
        "standard",
        ["JS JH JD QS QH QD KS", "3S 4S", "5S 6S"],
        [],
        {
            "J",
            "Q",
            "K",
            "J J",
            "Q Q",
            "J J Q Q",
            "J J J Q Q",
            "J J J Q K",
            "J J Q Q Q",
            "J Q Q Q K",
            "J J J Q Q Q K",
        },
    ),
    # A bomb held whole: no card of it anywhere else; the bomb itself.
    (
        "standard",
        ["6S 6H 6D 6C 7S 8S", "3S 4S", "5S 9S"],
        [],
        {"7", "8", "6 6 6 6"},
    ),
    # The same hand in classic16, where a bomb may be split.
    (
        "classic16",
        ["6S 6H 6D 6C 7S 8S", "3S 4S", "5S 9S"],
        [],
        {
            "6",
            "7",
            "8",
            "6 6",
            "6 6 6",
            "6 6 6 7",
            "6 6 6 8",
            "6 6 6 6",
        },
    ),
    # Following a straight: only higher straights of the same length.
    (
        "standard",
        ["3S 4S 5S 6S 7S KC", "4H 5H 6H 7H 8H 9H 2S", "JS QS"],
        ["3S 4S 5S 6S 7S"],
        {"4 5 6 7 8", "5 6 7 8 9"},
    ),
    # A bomb stands: only higher bombs.
    (
        "standard",
        ["6S 6H 6D 6C 3C", "5S 5H 5D 5C 8S 8H 8D 8C 4C", "JS QS"],
        ["6S 6H 6D 6C"],
        {"8 8 8 8"},
    ),
]


@pytest.mark.parametrize(("rules", "hands", "actions", "expected"), FIXTURES)
def test_perft(rules: str, hands: list[str], actions: list[str], expected: set[str]) -> None:
    g = position(hands, rules=rules, actions=actions)
    assert legal_ranks(g) == expected


def test_perft_last_card_rule_leading() -> None:
    # Leading into a one-card seat: only the highest single, any other shape.
    g = position(["3S 3H", "4S 9S QS 8H 8D", "JS"], leader=1)
    assert legal_ranks(g) == {"Q", "8 8"}
