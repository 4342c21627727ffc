"""The bots' input: :class:`~paodekuai.observation.Observation`, what one seat may know.

It is built by the game (``Game.observation(seat)``), so it lives beside it in
:mod:`paodekuai.observation`; the bots import it from here.
"""

from ..errors import InvalidView
from ..observation import Observation, PastAction

__all__ = ["InvalidView", "Observation", "PastAction"]
