"""Pao De Kuai (Run Fast, 跑得快): the rules, scoring and computer opponents.

>>> from paodekuai import Game
>>> g = Game.deal(seed=7, rules="standard")
>>> len(g.hand(0)), len(g.legal_plays()) > 0
(16, True)

The stable interface is described in ENGINE_API.md; ``paodekuai.ai.Bot``
holds the computer opponents and ``paodekuai.service`` answers the web worker.
"""

from .cards import Card, InvalidCard
from .codes import InvalidDealCode
from .combos import Combo, Move
from .errors import IllegalPlay, InvalidGame, InvalidView
from .game import Game, Judgement
from .observation import Observation
from .rules import RULES, Kind, Rules, UnknownRules, get_rules
from .state import Settlement

__version__ = "1.0.0"

__all__ = [
    "RULES",
    "Card",
    "Combo",
    "Game",
    "IllegalPlay",
    "InvalidCard",
    "InvalidDealCode",
    "InvalidGame",
    "InvalidView",
    "Judgement",
    "Kind",
    "Move",
    "Observation",
    "Rules",
    "Settlement",
    "UnknownRules",
    "get_rules",
]
