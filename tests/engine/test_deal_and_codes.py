"""Seeded dealing that is stable forever, and deal codes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from paodekuai import Game, InvalidDealCode
from paodekuai.codes import MAX_SEED, decode, encode
from paodekuai.prng import SplitMix64

GOLDEN = json.loads((Path(__file__).parent / "fixtures" / "golden_deals.json").read_text())


def test_splitmix64_matches_the_reference_outputs() -> None:
    # The published first outputs of SplitMix64 seeded with 0.
    rng = SplitMix64(0)
    assert [rng.next() for _ in range(2)] == [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4]


def test_bounded_draws_are_unbiased_enough() -> None:
    rng = SplitMix64(11)
    counts = [0] * 3
    for _ in range(30_000):
        counts[rng.below(3)] += 1
    assert all(9_500 < c < 10_500 for c in counts)


@pytest.mark.parametrize("code", sorted(GOLDEN))
def test_golden_deals_never_change(code: str) -> None:
    expected = GOLDEN[code]
    g = Game.deal(expected["seed"], expected["rules"])
    assert g.deal_code == code
    assert [" ".join(g.hand(s)) for s in range(3)] == expected["hands"]
    assert g.leader == expected["leader"]
    face = g.view(0)["face_up"]
    assert (face and face["card"]) == expected["face_up"]
    assert Game.from_code(code) == g


def test_same_seed_same_deal_different_seed_different_deal() -> None:
    assert Game.deal(5).to_dict() == Game.deal(5).to_dict()
    assert Game.deal(5).hand(0) != Game.deal(6).hand(0)


def test_deal_without_seed_is_random_and_coded() -> None:
    g = Game.deal()
    assert g.deal_code is not None
    assert Game.from_code(g.deal_code) == g


def test_code_round_trip_every_preset() -> None:
    for rules in ("standard", "classic16", "compact15", "club"):
        for seed in (0, 42, 173920, 10**15, MAX_SEED):
            assert decode(encode(rules, seed)) == (rules, seed)


def test_code_is_case_and_space_tolerant() -> None:
    code = encode("club", 31337)
    assert decode("  " + code.lower() + " ") == ("club", 31337)


@pytest.mark.parametrize(
    ("code", "says"),
    [
        ("", "not a deal code"),
        ("A12x4567", "not a deal code"),
        ("Z1739205", "preset letter"),
        ("A17392", "too short"),
        ("A1739206", "does not check out"),
        ("A1739250", "does not check out"),  # two digits swapped
        ("A" + "1" * 25, "too long"),
        # Arabic-Indic and full-width digits (a regex's \d takes them): not a code.
        ("A\u0661\u0667\u0663\u0669\u0662\u0660\u0665", "not a deal code"),
        ("A\uff11\uff17\uff13\uff19\uff12\uff10\uff15", "not a deal code"),
        ("\uff211739205", "not a deal code"),
        # Another spelling of A0000076 (seed 7): one deal, one code.
        ("A00000076", "this deal is A0000076"),
        # Seed 2**53 + 1 checks out, but JavaScript would carry it as 2**53.
        ("A90071992547409930", "too long"),
    ],
)
def test_malformed_codes_say_what_is_wrong(code: str, says: str) -> None:
    with pytest.raises(InvalidDealCode, match=says):
        Game.from_code(code)


def test_malformed_code_is_a_value_error() -> None:
    with pytest.raises(ValueError):
        Game.from_code("nonsense")


def test_every_single_digit_typo_is_caught() -> None:
    code = encode("standard", 173920)
    for i in range(1, len(code)):
        for digit in "0123456789":
            if digit == code[i]:
                continue
            typo = code[:i] + digit + code[i + 1 :]
            with pytest.raises(InvalidDealCode):
                decode(typo)


def test_seeds_stop_where_javascript_numbers_stop_being_exact() -> None:
    # The page keeps seeds as numbers; past 2**53 - 1 two seeds share a number.
    assert MAX_SEED == 2**53 - 1
    assert float(MAX_SEED) != float(MAX_SEED - 1)
    assert float(MAX_SEED + 1) == float(MAX_SEED + 2)
    assert Game.deal(MAX_SEED).deal_code == encode("standard", MAX_SEED)
    with pytest.raises(ValueError, match="outside"):
        Game.deal(MAX_SEED + 1)
    assert "90071992547409930" not in encode("standard", MAX_SEED)


def test_bad_seeds() -> None:
    for seed in (-1, MAX_SEED + 1, 10**18, 1.5, "7", True):
        with pytest.raises(ValueError):
            Game.deal(seed)  # type: ignore[arg-type]
