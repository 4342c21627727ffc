"""The deal's own pseudo-random numbers: SplitMix64 and an unbiased Fisher-Yates shuffle.

The standard library's ``random`` may change between Python versions; a deal
must not. SplitMix64 (Steele, Lea and Flood, 2014) is tiny, fully specified by
its three constants, and uses only 64-bit integer arithmetic, so the same seed
gives the same numbers on CPython and in Pyodide, today and after any refactor.
Golden deals in the tests pin this forever.

>>> rng = SplitMix64(7)
>>> [rng.below(10) for _ in range(5)]
[7, 4, 6, 3, 4]
"""

from __future__ import annotations

from typing import Final, TypeVar

_MASK: Final = (1 << 64) - 1
_GAMMA: Final = 0x9E3779B97F4A7C15

T = TypeVar("T")


class SplitMix64:
    """A 64-bit generator; ``next()`` returns integers in ``[0, 2**64)``."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK

    def next(self) -> int:
        self.state = (self.state + _GAMMA) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, bound: int) -> int:
        """A uniform integer in ``[0, bound)``, by rejection (no modulo bias)."""
        if not 0 < bound <= 1 << 64:
            raise ValueError(f"bound {bound} is outside 1..2**64")
        limit = (1 << 64) - (1 << 64) % bound
        while True:
            x = self.next()
            if x < limit:
                return x % bound

    def shuffle(self, items: list[T]) -> None:
        """Shuffle in place: Fisher-Yates from the last position down."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
