"""The engine's errors: every one a ``ValueError``, split by cause."""

from __future__ import annotations

from .text import Text


class IllegalPlay(ValueError):
    """A play or pass the rules refuse; ``code`` is a reason code of RULES.md."""

    def __init__(self, code: str, message: Text | None = None) -> None:
        self.code = code
        self.message = message or Text(code, code)
        super().__init__(f"{code}: {self.message.en}")


class InvalidGame(ValueError):
    """Hands, a saved game or a view that describe no possible position."""


class InvalidView(ValueError):
    """A view that is not a well-formed, consistent ``Game.view`` dict."""
