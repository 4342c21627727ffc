"""Computer opponents: ``Bot(level, seed).choose(view)`` for levels easy, medium, hard."""

from .bot import LEVELS, Bot
from .observation import InvalidView, Observation

__all__ = ["LEVELS", "Bot", "InvalidView", "Observation"]
