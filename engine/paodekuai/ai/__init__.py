"""Computer opponents: ``Bot(level, seed).choose(view)`` for levels easy, medium, hard."""

from ..protocol import LEVELS
from .bot import Bot
from .observation import InvalidView, Observation

__all__ = ["LEVELS", "Bot", "InvalidView", "Observation"]
