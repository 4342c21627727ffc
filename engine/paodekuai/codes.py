"""Deal codes: a preset letter, the seed in decimal, and a Damm check digit.

``A1739205`` is preset A (standard), seed 173920, check digit 5. The check
digit (Damm's algorithm) catches every single mistyped digit and every swap
of two adjacent digits, so a friend's code typed by hand never silently deals
another hand. Seeds are padded to six digits so everyday codes look alike.

Seeds stop at 2**53 - 1, the largest integer a JavaScript number carries
exactly: the page holds seeds as numbers, so a larger one would come back
rounded. Each deal has exactly one code: another spelling of the same seed
(more padding zeros, other digits than ASCII) is refused, not read.

>>> encode("standard", 173920)
'A1739205'
>>> decode("a1739205")
('standard', 173920)
"""

from __future__ import annotations

import re
from typing import Final

from .rules import RULES

#: The largest seed: 2**53 - 1 (JavaScript's Number.MAX_SAFE_INTEGER).
MAX_SEED: Final = 2**53 - 1
_PAD: Final = 6
_DAMM: Final = (
    (0, 3, 1, 7, 5, 9, 8, 6, 4, 2),
    (7, 0, 9, 2, 1, 5, 4, 8, 6, 3),
    (4, 2, 0, 6, 8, 7, 1, 3, 5, 9),
    (1, 7, 5, 0, 9, 8, 3, 4, 2, 6),
    (6, 1, 2, 3, 0, 4, 5, 9, 7, 8),
    (3, 6, 7, 4, 2, 0, 9, 5, 8, 1),
    (5, 8, 6, 9, 7, 2, 0, 1, 3, 4),
    (8, 9, 4, 5, 3, 6, 2, 0, 1, 7),
    (9, 4, 3, 8, 6, 1, 7, 2, 0, 5),
    (2, 5, 8, 1, 4, 3, 6, 7, 9, 0),
)
# ASCII only: ``\d`` would take Arabic-Indic or full-width digits too.
_SHAPE: Final = re.compile(r"([A-Za-z])([0-9]+)", re.ASCII)
_BY_LETTER: Final = {r.code_letter: r.name for r in RULES.values()}


class InvalidDealCode(ValueError):
    """A deal code that cannot be read; the message says what is wrong."""


def _damm(digits: str) -> int:
    interim = 0
    for ch in digits:
        interim = _DAMM[interim][ord(ch) - 48]
    return interim


def _letter_digit(letter: str) -> str:
    # The preset enters the check as a leading digit, so a code with a changed
    # letter fails the check too.
    return str("ABCDEFGHIJ".index(letter))


def check_seed(seed: object) -> int:
    """Validate a deal seed: an integer from 0 to :data:`MAX_SEED`."""
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError(f"a seed must be an integer, not {type(seed).__name__}")
    if not 0 <= seed <= MAX_SEED:
        raise ValueError(f"seed {seed} is outside 0..{MAX_SEED}")
    return seed


def encode(rules: str, seed: int) -> str:
    """The deal code of a preset and seed."""
    letter = RULES[rules].code_letter
    digits = str(check_seed(seed)).rjust(_PAD, "0")
    return letter + digits + str(_damm(_letter_digit(letter) + digits))


def decode(code: str) -> tuple[str, int]:
    """The preset name and seed of a deal code; raises :class:`InvalidDealCode`."""
    if not isinstance(code, str):
        raise InvalidDealCode(f"a deal code must be text, not {type(code).__name__}")
    text = code.strip()
    match = _SHAPE.fullmatch(text)
    if match is None:
        raise InvalidDealCode(
            f"{code!r} is not a deal code: a letter "
            + "-".join((min(_BY_LETTER), max(_BY_LETTER)))
            + " then digits, like A1739205"
        )
    letter, digits = match.group(1).upper(), match.group(2)
    if letter not in _BY_LETTER:
        raise InvalidDealCode(
            f"deal code {text!r} starts with {letter!r}: the preset letter must be "
            + ", ".join(f"{k} ({v})" for k, v in _BY_LETTER.items())
        )
    if len(digits) < _PAD + 1:
        raise InvalidDealCode(
            f"deal code {text!r} is too short: it needs at least {_PAD + 1} digits"
        )
    if len(digits) > len(str(MAX_SEED)) + 1:
        raise InvalidDealCode(f"deal code {text!r} is too long")
    if _damm(_letter_digit(letter) + digits) != 0:
        raise InvalidDealCode(
            f"deal code {text!r} does not check out: a digit is wrong or two are swapped"
        )
    rules, seed = _BY_LETTER[letter], int(digits[:-1])
    if seed > MAX_SEED:
        raise InvalidDealCode(f"deal code {text!r} is too long: its seed is past {MAX_SEED}")
    canonical = encode(rules, seed)
    if letter + digits != canonical:
        raise InvalidDealCode(
            f"deal code {text!r} is not written the usual way: this deal is {canonical}"
        )
    return rules, seed
