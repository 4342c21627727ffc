"""The coach: a verdict on one of seat 0's decisions, with its options and a reason.

Every candidate is rated on the same worlds (:mod:`.ai.rating`); a play is an
inaccuracy or a mistake only when its loss against the best play found is
significant, so the verdict does not move with the search's seed. The search
is seeded by the position, so the same decision always gets the same answer.

For an inaccuracy or a mistake the coach says why in one line, from the
search itself, in a player's words: what the play does to the plan of the hand (it
breaks a straight, it leaves more plays to go out), then what happens most often in
the worlds where it does worse than the best play, with how often ("after it, the next
player usually goes out first (in 20 of the 27 tries where this play did worse), most
often with the pair of aces"). "Tries" are what the code calls worlds.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Sequence
from typing import Final

from .ai.observation import Observation
from .ai.planner import plan_packed
from .ai.rating import MAX_WORLDS, MIN_WORLDS, Candidate, Rating, RatingSearch
from .cards import RANK_COUNT, mask_of
from .combos import Move, pack
from .game import Game, combo_json
from .observation import play_codes
from .protocol import ComboJson, Review, ReviewOption
from .rules import Kind
from .text import Text, combo_text

#: The person's seat.
YOU: Final = 0
#: Seat names as the table shows them (seat 1 plays after you, seat 2 before you).
#: The computer seats by their place in the order of play, which the table's seating
#: setting (which side the next player sits on) never changes.
SEAT_NAMES: Final = {1: Text("the next player", "下家"), 2: Text("the player before you", "上家")}


def review_seed(game: Game, seed: int = 0) -> int:
    """The seed of the coach's search for the decision ``game`` stands at (by the deal and the
    decision's replay step, one past the actions so far): Hint searches with it too."""
    step = len(game.history) + 1
    return ((game.seed or 0) * 1009 + step) * 7919 + seed


class PositionReview:
    """The review of one decision, searched a slice at a time: :meth:`run` until a deadline
    answers None while the search goes on, so the worker can answer a game in between."""

    def __init__(
        self,
        game: Game,
        step: int,
        played: list[str] | None,
        seed: int,
        min_worlds: int = MIN_WORLDS,
        max_worlds: int = MAX_WORLDS,
        early_stop: bool = True,
    ) -> None:
        self._game = game
        self._step = step
        self._played = played
        self._obs = game.observation(YOU)
        choices = len(game.legal_moves()) + (1 if game.can_pass() else 0)
        self._search = (
            None
            if choices <= 1
            else RatingSearch(
                self._obs,
                _move_of(game, played),
                random.Random(seed),
                min_worlds,
                max_worlds,
                early_stop,
            )
        )

    @property
    def worlds(self) -> int:
        """Worlds searched so far."""
        return 0 if self._search is None else self._search.done

    def run(self, until: float | None = None) -> Review | None:
        """Search on until the review is ready, or, given ``until`` (a ``time.monotonic()``
        deadline), until then: None when the review is not ready yet."""
        search = self._search
        if search is None:
            return self._forced()
        while not search.finished:
            search.step()
            if until is not None and not search.finished and time.monotonic() >= until:
                return None
        return self._rated(search.result())

    def _forced(self) -> Review:
        return {
            "step": self._step,
            "played": self._played,
            "forced": True,
            "counted": False,
            "options": [],
            "loss": 0.0,
            "se": 0.0,
            "worlds": 0,
            "verdict": "forced",
            "text": Text("Forced: there was nothing else to do.", "别无选择。").to_json(),
            "why": None,
        }

    def _rated(self, rating: Rating) -> Review:
        game = self._game
        cands = rating.candidates
        expected = _on_best_scale(rating)
        order = sorted(range(len(cands)), key=lambda i: (-expected[i], i != rating.top))
        options: list[ReviewOption] = [
            {
                "cards": _cards(game, cands[i].move),
                "combo": _combo(cands[i].move),
                "expected": round(expected[i], 2),
                "worlds": len(cands[i].outcomes),
                "played": i == rating.played,
                "best": i == rating.top,
            }
            for i in order
        ]
        best = options[order.index(rating.top)]
        loss = round(rating.loss, 2)
        why = _why(self._obs, rating) if rating.verdict in ("inaccuracy", "mistake") else None
        return {
            "step": self._step,
            "played": self._played,
            "forced": False,
            "counted": True,
            "options": options,
            "loss": max(0.0, loss),
            "se": round(rating.se, 2),
            "worlds": rating.worlds,
            "verdict": rating.verdict,
            "text": _verdict_text(
                rating.verdict, loss, best, options[order.index(rating.played)]
            ).to_json(),
            "why": None if why is None else why.to_json(),
        }


def _on_best_scale(rating: Rating) -> list[float]:
    """Each candidate's expected points, measured against the best play on the worlds both
    met: the best's mean plus the candidate's paired difference to it.

    A candidate dropped early (far behind) met only the first worlds; its own mean over
    those few could sit above the best's mean over all of them by the luck of the draw,
    and a list would then show a play rated above "the best play found". Paired on the
    same worlds, the comparison is the one the search made. The best and every candidate
    searched to the end keep their own mean.
    """
    cands = rating.candidates
    top = cands[rating.top].values
    base = sum(top) / len(top)
    out = []
    for cand in cands:
        values = cand.values
        n = len(values)
        out.append(base + (sum(values) - sum(top[:n])) / n if n else base)
    return out


def _move_of(game: Game, played: list[str] | None) -> Move | None:
    if played is None:
        return None
    packed = pack(_rank_counts(mask_of(played)))
    for m in game.legal_moves():
        if m.packed == packed:
            return m
    raise ValueError(f"{played} is not a legal play here")


def _rank_counts(mask: int) -> list[int]:
    return [((mask >> (4 * r)) & 0xF).bit_count() for r in range(RANK_COUNT)]


def _combo(move: Move | None) -> ComboJson | None:
    return None if move is None else combo_json(move.combo)


def _cards(game: Game, move: Move | None) -> list[str] | None:
    return None if move is None else play_codes(mask_of(game.cards_for(move)), move)


def _verdict_text(verdict: str, loss: float, best: ReviewOption, played: ReviewOption) -> Text:
    if best["combo"] is None:
        best_en, best_zh = "passing", "不出"
    else:
        best_en, best_zh = f"the {best['combo']['text']['en']}", best["combo"]["text"]["zh"]
        if played["combo"] is not None and played["combo"]["text"] == best["combo"]["text"]:
            # Two plays of one name (a trio's extras, a plane's wings): the best one's ranks
            # say which ("the trio of aces with two" beside your trio of aces with two).
            ranks = " ".join(code[:-1] for code in best["cards"] or [])
            best_en, best_zh = f"{best_en} ({ranks})", f"{best_zh}（{ranks}）"
    if verdict == "best":
        return Text("The best play found.", "最佳出法。")
    if verdict == "good":
        if round(loss, 1) <= 0:  # "within 0.0 points" read as a riddle next to "lost 0.0"
            return Text("As good as the best play found.", "和最佳出法一样好。")
        return Text(
            f"Good: within {loss:.1f} points of {best_en}.", f"不错：与{best_zh}只差{loss:.1f}分。"
        )
    if verdict == "inaccuracy":
        return Text(
            f"Inaccuracy: {best_en} was worth {loss:.1f} points more.",
            f"欠佳：{best_zh}多得{loss:.1f}分。",
        )
    return Text(
        f"Mistake: {best_en} was worth {loss:.1f} points more.",
        f"失误：{best_zh}多得{loss:.1f}分。",
    )


# --- why a play lost ------------------------------------------------------------------


def _why(obs: Observation, rating: Rating) -> Text:
    """One line a player reads at once: what the play does to the hand's plan, then what
    most often follows it, with how often that happened among the tries it did worse in."""
    mine = rating.candidates[rating.played]
    top = rating.candidates[rating.top]
    parts = [p for p in (_shape_reason(obs, mine.move, top.move), _search_reason(mine, top)) if p]
    if not parts:
        return Text(
            "On average over the tries, it scores less than the best play.",
            "在所有试算中，它的平均得分低于最佳出法。",
        )
    en = "; ".join(p.en for p in parts)
    zh = "；".join(p.zh for p in parts)
    return Text(en[:1].upper() + en[1:] + ".", zh + "。")


def _shape_reason(obs: Observation, mine: Move | None, best: Move | None) -> Text | None:
    """It breaks a group of the hand's plan, or leaves more plays to go out."""
    hand = pack(obs.hand)
    rules = obs.rules
    plan = plan_packed(hand, rules)
    if mine is not None and mine.packed not in {g.packed for g in plan.moves}:
        group = _broken_group(hand - mine.packed, mine.packed, plan.moves)
        if group is not None:
            name = combo_text(group.combo)
            return Text(f"it breaks your {name.en}", f"拆了你的{name.zh}")
    after_mine = plan_packed(hand - (0 if mine is None else mine.packed), rules).plays
    after_best = plan_packed(hand - (0 if best is None else best.packed), rules).plays
    if after_mine > after_best:
        plays = f"{after_mine} play{'s' if after_mine > 1 else ''}"
        if after_best == 0:
            return Text(
                f"it leaves you {plays} to go out instead of going out now",
                f"之后要{after_mine}手才能出完，本可这手出完",
            )
        return Text(
            f"it leaves you {plays} to go out, not {after_best}",
            f"之后要{after_mine}手才能出完，本可{after_best}手",
        )
    return None


def _broken_group(left: int, played: int, groups: Sequence[Move]) -> Move | None:
    """The group of the plan a play breaks, if any: the cards `left` after it can no longer
    make every group's core at a rank it took (a 7 played from three 7s beside a straight 3
    to 8 leaves the straight whole and the pair of 7s one short). Of the groups of two or
    more cards needing that rank, the one needing most of it: those are the cards split up
    (the pair of 7s, not the straight that needs one 7). A play that is a group's whole
    core breaks nothing of it (a trio played with other extras)."""
    need = [0] * RANK_COUNT
    cores = [(group, _core(group)) for group in groups]
    for _, core in cores:
        for r in range(RANK_COUNT):
            need[r] += (core >> (8 * r)) & 0xFF
    short = [
        r
        for r in range(RANK_COUNT)
        if (played >> (8 * r)) & 0xFF and (left >> (8 * r)) & 0xFF < need[r]
    ]
    broken: Move | None = None
    most = 0
    for group, core in cores:
        if group.n < 2 or _contains(played, core):
            continue
        for r in short:
            if (core >> (8 * r)) & 0xFF > most:
                broken, most = group, (core >> (8 * r)) & 0xFF
    return broken


def _core(group: Move) -> int:
    """The cards that make a group what it is: a trio's or plane's extra cards are not."""
    if group.kind in _CARRIERS:
        return sum(3 << (8 * r) for r in range(group.key - group.k + 1, group.key + 1))
    return group.packed


def _contains(a: int, b: int) -> bool:
    return all((a >> (8 * r)) & 0xFF >= (b >> (8 * r)) & 0xFF for r in range(RANK_COUNT))


_CARRIERS: Final = frozenset(
    {
        Kind.TRIO,
        Kind.TRIO_ONE,
        Kind.TRIO_PAIR,
        Kind.TRIO_TWO,
        Kind.PLANE,
        Kind.PLANE_SINGLES,
        Kind.PLANE_PAIRS,
        Kind.PLANE_WINGS,
    }
)


def _search_reason(mine: Candidate, top: Candidate) -> Text | None:
    """Who most often goes out in the worlds where the played action scores less
    than the best, and with what play when one play stands out: the consequence first,
    then how often (of the tries, the worlds the search played out, where it did worse)."""
    worse = [k for k, (a, b) in enumerate(zip(mine.values, top.values, strict=True)) if a < b]
    if not worse:
        return None
    winners = Counter(mine.outcomes[k].winner for k in worse)
    winner, count = winners.most_common(1)[0]
    # At least two thirds: "usually"; otherwise only the likeliest of the three seats (a
    # third at least): "often" (50 of 99 is a coin toss, not "usually"). Every one of
    # them, or the one try: no adverb ("36 of the 36 tries" read as a slip).
    usually = 3 * count >= 2 * len(worse)
    how_en, how_zh = ("usually ", "多半") if usually else ("often ", "常常")
    tries = f"{count} of the {len(worse)} tries"
    share_zh = f"（此打法较差的{len(worse)}次试算中有{count}次）"
    if len(worse) == 1:
        how_en, how_zh = "", ""
        tries, share_zh = "the one try", "（此打法较差的唯一一次试算）"
    elif count == len(worse):
        how_en, how_zh = "", ""
        tries, share_zh = f"all {count} tries", f"（此打法较差的{count}次试算全是如此）"
    share_en = f"(in {tries} where this play did worse)"
    if winner == YOU:
        return Text(
            f"after it, you {how_en}still go out first, but for fewer points {share_en}",
            f"这样打，你{how_zh}仍先出完，但得分更少{share_zh}",
        )
    name = SEAT_NAMES[winner]
    lasts = Counter(mine.outcomes[k].last for k in worse if mine.outcomes[k].winner == winner)
    last, times = lasts.most_common(1)[0]
    went_en = f"after it, {name.en} {how_en}goes out first {share_en}"
    went_zh = f"这样打，{name.zh}{how_zh}先出完{share_zh}"
    if last is None or 3 * times < count:
        return Text(went_en, went_zh)
    play = combo_text(last.combo)
    return Text(f"{went_en}, most often with the {play.en}", f"{went_zh}，多以{play.zh}出完")
