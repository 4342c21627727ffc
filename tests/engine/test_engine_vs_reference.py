"""Cross-checks of the real engine against the independent oracle (reference.py).

Only the public API of ENGINE_API.md is used: ``Game.deal``, ``Game.from_hands``,
``to_move``, ``hand``, ``legal_plays``, ``can_pass``, ``check``, ``play``,
``pass_turn``, ``over``, ``winner``, ``settlement``, ``view`` (fields of
docs/PROTOCOL.md), ``to_dict``/``from_dict``.

Positions are random and small (three disjoint hands of 1-10 cards, biased
towards pairs, trios and bombs, then a few random legal moves), so the oracle
can try every subset of the hand. Hypothesis runs derandomized (fixed examples)
and shrinks a failure to a small position; every assertion message prints the
position (all hands, standing play, next seat's count, spade-3 flag, history).
"""

from __future__ import annotations

import json
import random
import tomllib
from itertools import combinations
from pathlib import Path

import pytest
import reference as ref
from conftest import split
from hypothesis import event, given, settings
from hypothesis import strategies as st
from position_strategies import HYP, positions, standing_positions

from paodekuai import Game, IllegalPlay

PRESETS = ("standard", "classic16", "compact15", "club")

ALL_SUBSETS_UP_TO = 7  # hands this small: every subset is checked
SAMPLED_SUBSETS = 60  # larger hands: this many random subsets


# ------------------------------------------------------------------ helpers


def combo_tuple(combo) -> tuple[str, int, str]:
    return (combo["kind"], int(combo["k"]), ref.RANKS[ref.key_value(combo["key"])])


def state(g):
    """(seat, hand, standing combo or None, next seat's count, spade3_first)."""
    seat = g.to_move
    v = g.view(seat)
    standing = v["standing"]["combo"] if v["standing"] else None
    return seat, list(g.hand(seat)), standing, v["counts"][(seat + 1) % 3], bool(v["spade3_first"])


def describe(g, rules, extra: str = "") -> str:
    seat = g.to_move
    v = g.view(seat)
    hands = [list(g.hand(s)) for s in range(3)]
    hist = [(h["seat"], h["cards"]) for h in v["history"]]
    return (
        f"\n  rules={rules} to_move={seat} hands={hands}"
        f"\n  standing={json.dumps(v['standing'])}"
        f"\n  counts={v['counts']} spade3_first={v['spade3_first']}"
        f"\n  history={hist}" + (f"\n  {extra}" if extra else "")
    )


def show(ms_set) -> list[str]:
    return sorted(" ".join(m) for m in ms_set)


def subsets_to_check(hand, rng: random.Random):
    if len(hand) <= ALL_SUBSETS_UP_TO:
        for size in range(1, len(hand) + 1):
            yield from (list(c) for c in combinations(hand, size))
        return
    for _ in range(SAMPLED_SUBSETS):
        size = rng.randint(1, len(hand))
        yield rng.sample(hand, size)


def _events(g, rules, hand, standing, next_count, spade3) -> None:
    """Labels for --hypothesis-show-statistics: which situations the examples reach."""
    try:
        event(f"standing: {standing['kind'] if standing else 'lead'}")
        if next_count == 1:
            event("last card rule binds")
        if spade3:
            event("spade3_first")
        whole = ref.readings(hand, rules, True)
        if whole and any(rd not in ref.readings(hand, rules, False) for rd in whole):
            event("whole hand is a short last play")
        if any(
            len({ref.rank_of(c) for c in hand if ref.rank_of(c) == r})
            and sum(ref.rank_of(c) == r for c in hand) == 4
            for r in ref.RANKS
        ):
            event("holds a bomb")
    except Exception:  # event() outside a hypothesis test (dealt games)
        pass


def compare_position(g, rules, rng: random.Random, *, full: bool = True) -> None:
    """Assert that the engine agrees with the oracle at g's current position."""
    seat, hand, standing, next_count, spade3 = state(g)

    _events(g, rules, hand, standing, next_count, spade3)
    v = g.view(seat)
    counts = [len(g.hand(s)) for s in range(3)]
    assert v["counts"] == counts, "view counts" + describe(g, rules)
    assert v["last_card"] == [c == 1 for c in counts], "view last_card" + describe(g, rules)
    played = [any(h["seat"] == s and h["cards"] for h in v["history"]) for s in range(3)]
    assert v["played"] == played, "view played" + describe(g, rules)
    eng_lists = [list(p) for p in g.legal_plays()]
    eng = {ref.multiset(p) for p in eng_lists}
    # Every listed play is legal, card for card, for both the oracle and the engine.
    for p in eng_lists:
        code = ref.check(hand, p, standing, next_count, rules, spade3)
        assert code is None, "engine lists a play the oracle refuses" + describe(
            g, rules, f"play={p} oracle={code}"
        )
        assert g.check(p) is None, "engine lists a play its own check refuses" + describe(
            g, rules, f"play={p} engine_check={g.check(p)}"
        )

    if full:
        orc = ref.legal_plays(hand, standing, next_count, rules, spade3)
        assert eng == orc, "legal_plays differ" + describe(
            g,
            rules,
            f"engine_only={show(eng - orc)} oracle_only={show(orc - eng)}",
        )
        orc_pass = (standing is not None) and (not ref.get_rules(rules).must_beat or not orc)
    else:
        orc_pass = ref.can_pass(hand, standing, next_count, rules, spade3)
    assert g.can_pass() == orc_pass, "can_pass differs" + describe(
        g, rules, f"engine={g.can_pass()} oracle={orc_pass}"
    )

    for sel in subsets_to_check(hand, rng):
        rng.shuffle(sel)
        e = g.check(sel)
        o = ref.check(hand, sel, standing, next_count, rules, spade3)
        assert e == o, "check differs" + describe(
            g, rules, f"selection={sel} engine={e} oracle={o}"
        )

    # A card of another seat is not_your_cards.
    others = [c for s in range(3) if s != seat for c in g.hand(s)]
    if others:
        sel = [*hand[:1], rng.choice(others)]
        e = g.check(sel)
        o = ref.check(hand, sel, standing, next_count, rules, spade3)
        assert e == o, "check differs" + describe(
            g, rules, f"selection={sel} engine={e} oracle={o}"
        )


def probe_refusals(g, rules, rng: random.Random) -> None:
    """A refused play or pass raises IllegalPlay with the oracle's code and changes nothing."""
    _seat, hand, standing, next_count, spade3 = state(g)
    before = json.dumps(g.to_dict(), sort_keys=True)
    orc_pass = ref.can_pass(hand, standing, next_count, rules, spade3)
    assert g.can_pass() == orc_pass, "can_pass differs" + describe(
        g, rules, f"engine={g.can_pass()} oracle={orc_pass}"
    )
    if not orc_pass:
        with pytest.raises(IllegalPlay) as info:
            g.pass_turn()
        want = ref.pass_code(hand, standing, next_count, rules, spade3)
        assert info.value.code == want, "pass refusal code differs" + describe(
            g, rules, f"engine={info.value.code} oracle={want}"
        )
    for _ in range(4):
        sel = rng.sample(hand, rng.randint(1, len(hand)))
        want = ref.check(hand, sel, standing, next_count, rules, spade3)
        if want is None:
            continue
        assert g.check(sel) == want, "check differs" + describe(
            g, rules, f"selection={sel} engine={g.check(sel)} oracle={want}"
        )
        with pytest.raises(IllegalPlay) as info:
            g.play(sel)
        assert info.value.code == want, "play refusal code differs" + describe(
            g, rules, f"selection={sel} engine={info.value.code} oracle={want}"
        )
        break
    after = json.dumps(g.to_dict(), sort_keys=True)
    assert before == after, "a refused action changed the game" + describe(g, rules)


def step(g, rules, choice: int, history: list, *, pass_weight: float = 0.3) -> None:
    """Make one random legal move (index ``choice``) and check the reading taken."""
    seat = g.to_move
    plays = [list(p) for p in g.legal_plays()]
    if g.can_pass() and (not plays or (choice % 100) < pass_weight * 100):
        g.pass_turn()
        history.append((seat, None))
        return
    assert plays, "cannot pass and no legal play" + describe(g, rules)
    # favour long and multi-card plays so that runs, planes and trios stand
    pools = [[p for p in plays if len(p) >= 5], [p for p in plays if len(p) >= 2], plays]
    pool = pools[(choice // 100) % 3] or plays
    sel = pool[(choice // 300) % len(pool)]
    step_with(g, rules, sel, history)


def step_with(g, rules, sel, history: list) -> None:
    """Play ``sel`` and check that the engine took a legal reading with the top key."""
    seat, hand, standing, next_count, spade3 = state(g)
    chosen = ref.chosen_readings(hand, sel, standing, next_count, rules, spade3)
    assert chosen, "oracle refuses a listed play" + describe(g, rules, f"play={sel}")
    g.play(sel)
    history.append((seat, [ref.norm(c) for c in sel]))
    v = g.view(seat)
    last = v["history"][-1]
    assert last["seat"] == seat and sorted(map(ref.norm, last["cards"])) == sorted(
        map(ref.norm, sel)
    )
    got = combo_tuple(last["combo"])
    assert got in chosen, (
        "engine took a reading that is not a legal one with the top key"
        + describe(g, rules, f"play={sel} engine_combo={got} oracle_top_legal={chosen}")
    )
    if not g.over:
        assert v["standing"] is not None and combo_tuple(v["standing"]["combo"]) == got


def check_settlement(g, rules, start_hands, history) -> None:
    assert g.over
    want = ref.settle_game(rules, start_hands, history)
    got = g.settlement()
    got4 = {
        "cards_left": [int(x) for x in got["cards_left"]],
        "shut_out": [bool(x) for x in got["shut_out"]],
        "bombs": [int(x) for x in got["bombs"]],
        "total": [int(x) for x in got["total"]],
    }
    msg = (
        f"\n  rules={rules} start_hands={start_hands}\n  history={history}"
        f"\n  engine={got4}\n  oracle={want}"
    )
    assert sum(got4["total"]) == 0, "totals do not sum to zero" + msg
    assert got4 == want, "settlement differs" + msg
    winner = want["cards_left"].index(0)
    assert g.winner == winner, "winner differs" + msg
    v = g.view(0)
    assert v["over"] is True and v["winner"] == winner
    eng_hist = [
        (h["seat"], sorted(map(ref.norm, h["cards"])) if h["cards"] else None) for h in v["history"]
    ]
    assert eng_hist == [(s, sorted(c) if c else None) for s, c in history], "history" + msg


# ------------------------------------------------------------------ tests


@pytest.mark.parametrize("rules", PRESETS)
@settings(HYP, max_examples=30)
@given(data=st.data())
def test_following_every_kind_agrees_with_oracle(rules, data):
    hands, leader_play, moves = data.draw(standing_positions(rules))
    rng = random.Random(repr((hands, leader_play, moves)))
    g = Game.from_hands(hands, leader=0, rules=rules)
    history: list = []
    # The leader plays its longest legal play short of its whole hand.
    plays = [list(p) for p in g.legal_plays() if len(p) < len(g.hand(0))] or [
        list(p) for p in g.legal_plays()
    ]
    longest = max(len(p) for p in plays)
    top = [p for p in plays if len(p) == longest]
    sel = top[leader_play % len(top)]
    _seat, hand, standing, next_count, spade3 = state(g)
    assert ref.check(hand, sel, standing, next_count, rules, spade3) is None, describe(
        g, rules, f"play={sel}"
    )
    step_with(g, rules, sel, history)
    for choice in [None, *moves]:
        if g.over:
            break
        compare_position(g, rules, rng)
        if choice is not None:
            step(g, rules, choice, history)


@pytest.mark.parametrize("rules", PRESETS)
@settings(HYP, max_examples=40)
@given(data=st.data())
def test_positions_agree_with_oracle(rules, data):
    hands, leader, moves = data.draw(positions(rules))
    rng = random.Random(repr((hands, leader, moves)))
    g = Game.from_hands(hands, leader=leader, rules=rules)
    history: list = []
    compare_position(g, rules, rng)
    for choice in moves:
        if g.over:
            break
        step(g, rules, choice, history)
        if not g.over:
            compare_position(g, rules, rng)


@pytest.mark.parametrize("rules", PRESETS)
@settings(HYP, max_examples=40)
@given(data=st.data())
def test_structured_positions_agree_with_oracle(rules, data):
    hands, leader, moves = data.draw(positions(rules, max_cards=10, structured=True))
    rng = random.Random(repr((hands, leader, moves)))
    g = Game.from_hands(hands, leader=leader, rules=rules)
    history: list = []
    compare_position(g, rules, rng)
    for choice in moves:
        if g.over:
            break
        step(g, rules, choice, history)
        if not g.over:
            compare_position(g, rules, rng)


@pytest.mark.parametrize("rules", PRESETS)
@settings(HYP, max_examples=25)
@given(data=st.data())
def test_refusals_agree_with_oracle(rules, data):
    hands, leader, moves = data.draw(positions(rules, max_moves=3))
    rng = random.Random(repr((hands, leader, moves)))
    g = Game.from_hands(hands, leader=leader, rules=rules)
    history: list = []
    probe_refusals(g, rules, rng)
    for choice in moves:
        if g.over:
            break
        step(g, rules, choice, history)
        if not g.over:
            probe_refusals(g, rules, rng)


@pytest.mark.parametrize("rules", PRESETS)
@settings(HYP, max_examples=30)
@given(data=st.data())
def test_finished_small_games_settle_like_the_oracle(rules, data):
    hands, leader, _ = data.draw(positions(rules, max_cards=8, max_moves=0))
    seed = data.draw(st.integers(0, 2**32 - 1))
    rng = random.Random(seed)
    g = Game.from_hands(hands, leader=leader, rules=rules)
    start = [[ref.norm(c) for c in h] for h in hands]
    history: list = []
    for _ in range(300):
        if g.over:
            break
        step(g, rules, rng.randrange(100_000), history, pass_weight=0.25)
    check_settlement(g, rules, start, history)


@pytest.mark.parametrize("rules", PRESETS)
def test_spade3_rule_of_from_hands(rules):
    holder = [["3S", "5H"], ["4S", "6H"], ["7S", "8H"]]
    nonholder = [["4S", "6H"], ["3S", "5H"], ["7S", "8H"]]
    needs = ref.get_rules(rules).spade3_first
    g = Game.from_hands(holder, leader=0, rules=rules)
    assert g.view(0)["spade3_first"] is needs
    assert (g.check(["5H"]) == "must_include_spade3") is needs
    g2 = Game.from_hands(nonholder, leader=0, rules=rules)
    assert g2.view(0)["spade3_first"] is False
    assert g2.check(["4S"]) is None


@pytest.mark.parametrize("rules", PRESETS)
def test_from_hands_refuses_cards_outside_the_deck(rules):
    deck = set(ref.deck(rules))
    outside = [c for c in (r + s for r in ref.RANKS for s in ref.SUITS) if c not in deck]
    for card in outside:
        with pytest.raises(ValueError):
            Game.from_hands([[card], ["5S"], ["6S"]], leader=0, rules=rules)
    with pytest.raises(ValueError):
        Game.from_hands([["5S"], ["5S"], ["6S"]], leader=0, rules=rules)
    # every card of the oracle's deck is accepted
    cards = sorted(deck)
    Game.from_hands([cards[0::3], cards[1::3], cards[2::3]], leader=0, rules=rules)


@pytest.mark.parametrize("rules", PRESETS)
@pytest.mark.parametrize("seed", range(6))
def test_deals_match_the_preset(rules, seed):
    r = ref.get_rules(rules)
    g = Game.deal(seed=seed, rules=rules)
    hands = [[ref.norm(c) for c in g.hand(s)] for s in range(3)]
    assert sorted(c for h in hands for c in h) == sorted(ref.deck(rules))
    assert [len(h) for h in hands] == [r.hand_size] * 3
    v = g.view(g.to_move)
    if rules == "compact15":
        fu = v["face_up"]
        assert fu is not None and ref.norm(fu["card"]) in hands[fu["seat"]]
        assert g.to_move == fu["seat"]
    else:
        assert "3S" in hands[g.to_move]
    assert v["spade3_first"] is r.spade3_first
    assert v["standing"] is None and not g.can_pass()


def _play_dealt_game(rules, seed, compare_below: int):
    rng = random.Random(f"{rules}-{seed}")
    g = Game.deal(seed=seed, rules=rules)
    start = [[ref.norm(c) for c in g.hand(s)] for s in range(3)]
    history: list = []
    for _ in range(400):
        if g.over:
            break
        hand = g.hand(g.to_move)
        compare_position(g, rules, rng, full=len(hand) <= compare_below)
        step(g, rules, rng.randrange(100_000), history, pass_weight=0.2)
    check_settlement(g, rules, start, history)


@pytest.mark.parametrize("rules", PRESETS)
@pytest.mark.parametrize("seed", range(2))
def test_dealt_games_agree_with_oracle(rules, seed):
    _play_dealt_game(rules, seed, compare_below=6)


# ------------------------------------------------------------------ slow, broader runs


@pytest.mark.slow
@pytest.mark.parametrize("rules", PRESETS)
@settings(HYP, max_examples=400)
@given(data=st.data())
def test_many_positions_agree_with_oracle(rules, data):
    hands, leader, moves = data.draw(positions(rules, max_cards=10, max_moves=8))
    rng = random.Random(repr((hands, leader, moves)))
    g = Game.from_hands(hands, leader=leader, rules=rules)
    history: list = []
    compare_position(g, rules, rng)
    for choice in moves:
        if g.over:
            break
        step(g, rules, choice, history)
        if not g.over:
            compare_position(g, rules, rng)


@pytest.mark.slow
@pytest.mark.parametrize("rules", PRESETS)
@pytest.mark.parametrize("seed", range(2, 22))
def test_many_dealt_games_agree_with_oracle(rules, seed):
    _play_dealt_game(rules, seed, compare_below=9)


# ------------------------------------------------------------------ hand-built positions
# Each is rules, hands, leader and the moves before the position (fixtures/scenarios.toml);
# the engine must agree with the oracle on every subset, the legal plays and the pass there.

SCENARIOS = tomllib.loads((Path(__file__).parent / "fixtures" / "scenarios.toml").read_text())


@pytest.mark.parametrize("name", sorted(SCENARIOS))
def test_hand_built_positions(name):
    scenario = SCENARIOS[name]
    rules = scenario["rules"]
    rng = random.Random(name)
    g = Game.from_hands([split(h) for h in scenario["hands"]], scenario["leader"], rules)
    history: list = []
    for mv in scenario["moves"]:
        if mv == "pass":
            history.append((g.to_move, None))
            g.pass_turn()
        else:
            step_with(g, rules, split(mv), history)
    compare_position(g, rules, rng)
    probe_refusals(g, rules, rng)


def _scripted(rules, hands, leader, script):
    g = Game.from_hands(hands, leader=leader, rules=rules)
    history: list = []
    for mv in script:
        if mv is None:
            seat = g.to_move
            g.pass_turn()
            history.append((seat, None))
        else:
            step_with(g, rules, mv, history)
    return g, history


# seat 1 leads an 8-card straight that nobody else can beat, seat 2 (16 cards) never
# plays, seat 0 goes out with a bomb: club's worked example (7 + 32 + 10 = 49).
_WORKED_HANDS = [
    split("5S 5H 5D 5C"),
    split("6H 7H 8H 9H 10H JH QH KH 3H 3D 4H 4D AH AD 2S"),
    split("3S 3C 4S 4C 6S 6D 7S 7D 8S 8D 9S 9D 10S 10D JS JD"),
]
_WORKED_SCRIPT = [split("6H 7H 8H 9H 10H JH QH KH"), None, split("5S 5H 5D 5C")]


@pytest.mark.parametrize(
    ("rules", "total0"),
    [("club", 7 + 32 + 10), ("standard", 7 + 32 + 20), ("classic16", 7 + 32 + 4)],
)
def test_worked_example_settlement(rules, total0):
    g, history = _scripted(rules, _WORKED_HANDS, 1, _WORKED_SCRIPT)
    assert g.over and g.winner == 0
    check_settlement(g, rules, _WORKED_HANDS, history)
    assert g.settlement()["total"][0] == total0


def test_club_one_card_left_pays_nothing():
    hands = [
        list(_WORKED_HANDS[0]),
        ["6H", "7H", "8H", "9H", "10H", "JH", "QH", "KH", "3H"],
        list(_WORKED_HANDS[2]),
    ]
    g, history = _scripted("club", hands, 1, _WORKED_SCRIPT)
    check_settlement(g, "club", hands, history)
    assert g.settlement()["total"] == [42, -5, -37]


@pytest.mark.parametrize("rules", PRESETS)
def test_bomb_points_beaten_and_winning_bombs(rules):
    # seat 0 bombs 5s, seat 1 bombs 9s over it, seat 2 and seat 0 pass, seat 1 goes out.
    hands = [
        ["5S", "5H", "5D", "5C", "3S", "4S"],
        ["9S", "9H", "9D", "9C", "3H"],
        ["6S", "6H", "7D"],
    ]
    script = [["5S", "5H", "5D", "5C"], ["9S", "9H", "9D", "9C"], None, None, ["3H"]]
    if rules in ("club", "classic16"):  # the leader holds the spade 3: lead it first
        # seat 0 leads 3S, seat 1 bombs 5s, seat 2 passes, seat 0 bombs 9s over it,
        # both pass, seat 0 goes out with 4S.
        hands = [
            ["9S", "9H", "9D", "9C", "3S", "4S"],
            ["5S", "5H", "5D", "5C", "3H"],
            ["6S", "6H", "7D", "8D"],
        ]
        script = [
            ["3S"],
            ["5S", "5H", "5D", "5C"],
            None,
            ["9S", "9H", "9D", "9C"],
            None,
            None,
            ["4S"],
        ]
    g, history = _scripted(rules, hands, 0, script)
    check_settlement(g, rules, hands, history)


@pytest.mark.slow
@pytest.mark.parametrize("rules", PRESETS)
@settings(HYP, max_examples=400)
@given(data=st.data())
def test_many_following_positions_agree_with_oracle(rules, data):
    test_following_every_kind_agrees_with_oracle.hypothesis.inner_test(rules, data)


@pytest.mark.slow
@pytest.mark.parametrize("rules", PRESETS)
@settings(HYP, max_examples=300)
@given(data=st.data())
def test_many_structured_positions_agree_with_oracle(rules, data):
    test_structured_positions_agree_with_oracle.hypothesis.inner_test(rules, data)


@pytest.mark.slow
@pytest.mark.parametrize("rules", PRESETS)
@settings(HYP, max_examples=300)
@given(data=st.data())
def test_many_finished_games_settle_like_the_oracle(rules, data):
    test_finished_small_games_settle_like_the_oracle.hypothesis.inner_test(rules, data)


@pytest.mark.slow
@pytest.mark.parametrize("rules", PRESETS)
@settings(HYP, max_examples=200)
@given(data=st.data())
def test_many_refusals_agree_with_oracle(rules, data):
    test_refusals_agree_with_oracle.hypothesis.inner_test(rules, data)


@pytest.mark.parametrize("rules", PRESETS)
def test_degenerate_selections(rules):
    hands = [["4S", "4H", "9D"], ["5S", "6S"], ["9C", "10C"]]
    g = Game.from_hands(hands, leader=0, rules=rules)
    # Lower case and T are the same cards (ENGINE_API).
    assert g.check(["4s", "4h"]) is None
    assert g.check(["9d"]) is None
    assert Game.from_hands([["Th"], ["5S"], ["6S"]], leader=0, rules=rules).check(["10H"]) is None
    # A card listed twice: refused one way or the other, never accepted.
    try:
        code = g.check(["4S", "4S"])
    except ValueError:
        code = "raised"
    assert code is not None
    # An empty selection is not something the seat "may play now": play([]) refuses it,
    # so check([]) must not say None (ENGINE_API: None if g.to_move may play these cards).
    with pytest.raises(IllegalPlay) as info:
        g.play([])
    assert g.check([]) == info.value.code == ref.check(g.hand(0), [], None, 2, rules)
