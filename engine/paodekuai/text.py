"""Words for people, in English and Simplified Chinese.

The engine explains itself: every combination has a name and every refusal a
message that says more than its code (which play beats, which single must be
played). Messages speak to the person at the table ("you").

>>> combo_text(Combo(Kind.PAIR, 1, 5)).en
'pair of 8s'
>>> combo_text(Combo(Kind.STRAIGHT, 5, 4)).zh
'顺子3-7'
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import NamedTuple

from .cards import RANKS, pretty, pretty_zh
from .combos import Combo, is_run
from .protocol import ComboJson, Message
from .rules import RUNS, Kind, Rules


class Text(NamedTuple):
    """One message in both languages."""

    en: str
    zh: str

    def to_json(self) -> Message:
        return {"en": self.en, "zh": self.zh}


def combo_json(combo: Combo) -> ComboJson:
    """A reading as JSON, with its name in both languages."""
    return {
        "kind": combo.kind.value,
        "k": combo.k,
        "key": RANKS[combo.key],
        "text": combo_text(combo).to_json(),
    }


_PLURAL = {"J": "jacks", "Q": "queens", "K": "kings", "A": "aces"}


def _plural(rank: int) -> str:
    name = RANKS[rank]
    return _PLURAL.get(name, name + "s")


@cache
def combo_text(combo: Combo) -> Text:
    """The name of a reading, e.g. "pair of 8s" / "对8" (cached: views name every play)."""
    kind, k, key = combo.kind, combo.k, combo.key
    r = RANKS[key]
    span_lo = RANKS[key - k + 1] if kind in _SPANNED else r
    span = f"{span_lo}-{r}"
    if kind is Kind.SINGLE:
        return Text(f"single {r}", f"单张{r}")
    if kind is Kind.PAIR:
        return Text(f"pair of {_plural(key)}", f"对{r}")
    if kind is Kind.PAIR_RUN:
        return Text(f"run of pairs {span_lo} to {r}", f"连对{span}")  # the span says how many
    if kind is Kind.STRAIGHT:
        return Text(f"straight {span_lo} to {r}", f"顺子{span}")
    if kind is Kind.TRIO:
        return Text(f"trio of {_plural(key)}", f"三张{r}")
    if kind is Kind.TRIO_ONE:
        return Text(f"trio of {_plural(key)} with one", f"三个{r}带一")
    if kind is Kind.TRIO_PAIR:
        return Text(f"trio of {_plural(key)} with a pair", f"三个{r}带一对")
    if kind is Kind.TRIO_TWO:
        return Text(f"trio of {_plural(key)} with two", f"三个{r}带二")
    if kind is Kind.PLANE:
        return Text(f"plane {span_lo} to {r}", f"飞机{span}")
    if kind is Kind.PLANE_SINGLES:
        return Text(f"plane {span_lo} to {r} with {k} singles", f"飞机带单{span}")
    if kind is Kind.PLANE_PAIRS:
        return Text(f"plane {span_lo} to {r} with {k} pairs", f"飞机带对{span}")
    if kind is Kind.PLANE_WINGS:
        return Text(f"plane {span_lo} to {r} with wings", f"飞机带翅膀{span}")
    return Text(f"bomb of {_plural(key)}", f"炸弹{r}")


_SPANNED = frozenset(
    {
        Kind.PAIR_RUN,
        Kind.STRAIGHT,
        Kind.PLANE,
        Kind.PLANE_SINGLES,
        Kind.PLANE_PAIRS,
        Kind.PLANE_WINGS,
    }
)


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def shape_text(combo: Combo) -> Text:
    """What may follow a standing play, e.g. "a higher pair" / "更大的对子"."""
    kind, k = combo.kind, combo.k
    en = {
        Kind.SINGLE: "a higher single",
        Kind.PAIR: "a higher pair",
        Kind.PAIR_RUN: f"a higher run of {k} pairs",
        Kind.STRAIGHT: f"a higher {k}-card straight",
        Kind.TRIO: "a higher trio",
        Kind.TRIO_ONE: "a higher trio with one",
        Kind.TRIO_PAIR: "a higher trio with a pair",
        Kind.TRIO_TWO: "a higher trio with two",
        Kind.PLANE: f"a higher plane of {k} trios",
        Kind.PLANE_SINGLES: f"a higher plane of {k} trios with {k} singles",
        Kind.PLANE_PAIRS: f"a higher plane of {k} trios with {k} pairs",
        Kind.PLANE_WINGS: f"a higher plane of {k} trios with wings",
        Kind.BOMB: "a higher bomb",
    }[kind]
    zh = {
        Kind.SINGLE: "更大的单张",
        Kind.PAIR: "更大的对子",
        Kind.PAIR_RUN: f"更大的{k}连对",
        Kind.STRAIGHT: f"更大的{k}张顺子",
        Kind.TRIO: "更大的三张",
        Kind.TRIO_ONE: "更大的三带一",
        Kind.TRIO_PAIR: "更大的三带一对",
        Kind.TRIO_TWO: "更大的三带二",
        Kind.PLANE: f"更大的{k}连飞机",
        Kind.PLANE_SINGLES: f"更大的{k}连飞机带单",
        Kind.PLANE_PAIRS: f"更大的{k}连飞机带对",
        Kind.PLANE_WINGS: f"更大的{k}连飞机带翅膀",
        Kind.BOMB: "更大的炸弹",
    }[kind]
    return Text(en, zh)


class Context(NamedTuple):
    """What a refusal message may mention."""

    rules: Rules
    standing: Combo | None
    #: Readings of the refused selection, best first.
    readings: Sequence[Combo] = ()
    #: Rank counts of the selection.
    selection: Sequence[int] = ()
    #: Card ids the player does not hold.
    missing: Sequence[int] = ()
    #: Card id the last card rule forces, if it binds.
    forced_card: int | None = None
    #: The seat holds more than one card of the forced single's rank: any of them will do.
    forced_several: bool = False
    #: A play that beats (for ``must_beat``).
    beating: Combo | None = None
    #: Whether the selection is the player's whole hand.
    whole_hand: bool = False
    #: The player follows and may pass (no must-beat rule, or nothing beats): a refused
    #: selection then says so, as the way on.
    may_pass: bool = False


#: Refusals of a selection, after which passing is the other way on when it is allowed.
_SELECTION_CODES = frozenset(
    {"bomb_split", "not_a_combination", "wrong_type", "too_low", "highest_single"}
)


def refusal_text(code: str, ctx: Context) -> Text:
    """The message for a reason code, saying more than the code (and, when the selection
    is refused while the player may pass, that passing is allowed)."""
    text = _refusal_text(code, ctx)
    if ctx.may_pass and code in _SELECTION_CODES:
        return Text(f"{text.en} You may also pass.", f"{text.zh}也可以不出。")
    return text


def _refusal_text(code: str, ctx: Context) -> Text:
    standing = combo_text(ctx.standing) if ctx.standing is not None else None
    reading = combo_text(ctx.readings[0]) if ctx.readings else None
    if code == "game_over":
        return Text("The hand is over.", "本局已经结束。")
    if code == "not_your_turn":
        return Text("It is not your turn.", "还没轮到你出牌。")
    if code == "not_your_cards":
        en = ", ".join(pretty(c) for c in ctx.missing) or "those cards"
        zh = "、".join(pretty_zh(c) for c in ctx.missing) or "这些牌"
        return Text(f"You do not hold {en}.", f"你没有{zh}。")
    if code == "bomb_split":
        rank = _split_rank(ctx)
        return Text(
            f"You hold all four {rank}s: they can only be played together, as a bomb.",
            f"你有四张{rank}，炸弹不能拆，只能四张一起打出。",
        )
    if code == "not_a_combination":
        return _not_a_combination(ctx)
    if code == "wrong_type" and ctx.standing is not None:
        shape = shape_text(ctx.standing)
        what = reading or Text("these cards", "这些牌")
        assert standing is not None
        if ctx.standing.kind is Kind.BOMB:
            # Against a bomb only a higher bomb will do ("a higher bomb, or a bomb" is wrong).
            return Text(
                f"{_cap(what.en)} cannot follow the {standing.en}: only {shape.en} beats it.",
                f"{what.zh}不能接{standing.zh}：只有{shape.zh}才能压过。",
            )
        return Text(
            f"{_cap(what.en)} cannot follow the {standing.en}: play {shape.en}, or a bomb.",
            f"{what.zh}不能接{standing.zh}：要出{shape.zh}，或者炸弹。",
        )
    if code == "too_low" and standing is not None and reading is not None:
        return Text(
            f"{_cap(reading.en)} does not beat the {standing.en}.",
            f"{reading.zh}压不过{standing.zh}。",
        )
    if code == "highest_single":
        card = ctx.forced_card
        named = forced_text(card, ctx.forced_several) if card is not None else None
        en_card = named.en if named is not None else "your highest card"
        zh_card = named.zh if named is not None else "最大的单张"
        return Text(
            f"The next player has one card left: a single must be your highest, {en_card}.",
            f"下家报单：出单张必须出你最大的单张{zh_card}。",
        )
    if code == "must_include_spade3":
        return Text("The first play must include ♠3.", "第一手牌必须包含黑桃3。")
    if code == "must_beat":
        if ctx.beating is not None:
            play = combo_text(ctx.beating)
            return Text(
                # The evidence, not advice: named as the play to make ("the lowest that
                # beats", "you must play: your pair of 5s beats it") it read as what to play,
                # which Hint or the coach may not choose. One of the plays that beat.
                f"You can't pass: you can beat it (your {play.en}, for one).",
                f"有牌必压，不能不出（比如{play.zh}就压得过）。",
            )
        return Text("You can't pass: you can beat it.", "有牌必压，不能不出。")
    if code == "leader_cannot_pass":
        return Text("You lead this trick: you cannot pass.", "这一轮由你先出，不能不出。")
    return Text(f"That play is not allowed ({code}).", f"不能这样出牌（{code}）。")


def _split_rank(ctx: Context) -> str:
    for r, c in enumerate(ctx.selection):
        if 0 < c < 4:
            return RANKS[r]
    return "?"


def _not_a_combination(ctx: Context) -> Text:
    sel = ctx.selection
    n = sum(sel)
    if 4 in sel and n > 4:
        return Text(
            "Four of a kind is only ever a bomb: there is no four-with-extras.",
            "四张同点只能当炸弹出，没有四带牌。",
        )
    rules = ctx.rules
    if Kind.TRIO_TWO in rules.kinds and 3 in sel and n < 5 and not ctx.whole_hand:
        return Text(
            "A trio must carry two more cards (fewer only as your last play).",
            "三张必须带两张（只有最后一手可以少带）。",
        )
    trios = [r for r, c in enumerate(sel) if c == 3]
    planar = len(trios) >= 2 and is_run(trios)
    if Kind.PLANE_WINGS in rules.kinds and planar and n < 5 * len(trios) and not ctx.whole_hand:
        return Text(
            "A plane must carry two cards per trio (fewer only as your last play).",
            "飞机每组三张要带两张（只有最后一手可以少带）。",
        )
    # Three or four single cards in a row: most often a straight one card short.
    present = [r for r, c in enumerate(sel) if c]
    if (
        Kind.STRAIGHT in rules.kinds
        and len(present) >= 3
        and is_run(present)
        and all(sel[r] == 1 for r in present)
    ):
        least = RUNS[Kind.STRAIGHT][1]
        return Text(
            f"A straight needs at least {least} cards in a row.", f"顺子至少要{least}张连牌。"
        )
    return Text("These cards are not a combination.", "这些牌不成牌型。")


def judgement_text(combo: Combo, standing: Combo | None) -> Text:
    """The status line for a legal selection."""
    text = combo_text(combo)
    if standing is None:
        return Text(_cap(text.en), text.zh)
    beaten = combo_text(standing)
    return Text(f"{_cap(text.en)}: beats the {beaten.en}", f"{text.zh}，压过{beaten.zh}")


def prompt_text(
    standing: Combo | None,
    *,
    can_beat: bool = True,
    must_beat: bool = False,
    spade3: bool = False,
    forced_card: int | None = None,
    forced_several: bool = False,
) -> Text:
    """The status line for an empty selection.

    ``can_beat``: some legal play exists; ``must_beat``: the rules forbid passing
    then; ``spade3``: the play must contain ♠3; ``forced_card``: the single the
    last card rule forces, when a single could be played now (``forced_several``: one of
    several of its rank, any of which will do).
    """
    if standing is None:
        if spade3:
            main = Text(
                "Your lead: the first play must include ♠3.", "轮到你先出：第一手牌必须包含黑桃3。"
            )
        else:
            main = Text("Your lead: select cards to play.", "轮到你先出：请选牌。")
    else:
        beaten = combo_text(standing)
        if not can_beat:
            main = Text(f"You can't beat the {beaten.en}: pass.", f"压不过{beaten.zh}：只能不出。")
        elif must_beat:
            # The rule itself ("you can't pass: you can beat it") is the locked Pass
            # button's reason, drawn under this line: said once.
            main = Text(f"Your turn: beat the {beaten.en}.", f"请选能压过{beaten.zh}的牌。")
        else:
            main = Text(
                f"Select cards that beat the {beaten.en}, or pass.",
                f"请选能压过{beaten.zh}的牌，或者不出。",
            )
    if forced_card is None or not can_beat:
        return main
    # Short, so the two sentences fit the status line of a phone.
    if standing is None and not spade3:
        main = Text("Your lead.", "轮到你先出。")
    forced = forced_text(forced_card, forced_several)
    return Text(
        f"{main.en} Next player on one card: a single must be {forced.en}.",
        f"{main.zh}下家报单：单张只能出最大的{forced.zh}。",
    )


def forced_text(card: int, several: bool) -> Text:
    """The single the last card rule forces: the card itself, or, when the seat holds
    several of its rank, the rank (suits never matter: any of them will do)."""
    if several:
        rank = card // 4
        return Text(f"one of your {_plural(rank)}", f"{RANKS[rank]}（任意一张）")
    return Text(pretty(card), pretty_zh(card))
