"""Rating a decision: every candidate played out on the same worlds, with a verdict
that a longer search would confirm.

The coach asks a different question from Hard. Hard wants the best action
quickly; the coach wants to know, for the action a person chose, how much it
lost against the best one found and whether that loss is real or noise. So
every candidate meets the same worlds (paired comparison), the played one is
never dropped, and worlds are added in batches until the loss's confidence
interval has sat inside one verdict band at two looks in a row, or the world
budget is spent (twice as many worlds for a play that trails the best with its
call still open); a call still open then leans to the better class.

Each play-out also keeps how the hand ended (who went out, with what, how
many cards this seat kept), so the coach can say *why* a play lost: what
happens most often in the worlds where it does worse.
"""

from __future__ import annotations

import enum
import math
import random
from dataclasses import dataclass, field
from typing import Final, Literal

from ..combos import Move
from ..state import Position
from .endgame import ENDGAME_CARDS, Budget, Solver
from .hard import INFER_POOL, INFER_STEPS, RATED_CANDIDATES, HardSearch
from .inference import likely_worlds
from .observation import Observation
from .rollout import apply, rollout
from .sampling import WorldSampler

#: The verdicts a decision with a choice can earn (a forced one is "forced").
Rated = Literal["best", "good", "inaccuracy", "mistake"]

#: A loss under this many points is "good"; from it on, an inaccuracy.
GOOD: Final = 1.0
#: A loss of at least this many points is a mistake.
MISTAKE: Final = 3.0
#: Standard errors a loss must clear to count (and that settle a verdict).
Z: Final = 2.0
#: How far, in standard errors, the loss is pulled toward the better class before
#: its band is read, when its interval still straddles an edge (at the world cap):
#: a loss just past an edge is about as likely to fall short of it in a longer
#: search, and calling a play worse than it is costs more than the reverse.
#: A settled interval clears every edge by ``Z`` standard errors, so this never
#: moves a settled call.
SHRINK: Final = 0.5
#: Worlds added between two looks at the verdict.
BATCH: Final = 12
MIN_WORLDS: Final = 36
#: The world cap of a call on the leading candidate: Hint's (which asks which play is
#: best, while a person waits) and a played action's that leads. Unsettled calls are
#: close to a band edge, and only more worlds bring them to the side a longer search
#: takes; 720 worlds cost a few seconds in CPython at worst (twice that in the page's
#: worker).
MAX_WORLDS: Final = 720
#: A played action that trails the best with its call still open at the cap searches on
#: to this many worlds (the coach rates in the background): such a loss sits near a band
#: edge, where a cap of 720 left the coach on the other side of it from a search ten
#: times longer in a few decisions in a hundred. A play that leads stops at the cap,
#: as Hint's search does, so following Hint is still called best.
TRAILING_WORLDS: Final = 2 * MAX_WORLDS
#: Looks in a row at which a call must be settled before the search stops. One look
#: is a test repeated at every batch from 36 worlds to the cap; a run of worlds that
#: strays two standard errors at one of them (three from the truth: deal 80024, step 3,
#: settled a mistake at 36 worlds that a long search calls an inaccuracy) rarely
#: strays at the next as well.
HOLD: Final = 2

VERDICTS: Final = ("best", "good", "inaccuracy", "mistake")


class Rate(enum.Enum):
    """What a :class:`RatingSearch` rates when no action was played yet."""

    #: Whichever candidate leads after each batch (Hint's question: which play is best?).
    #: The search keeps the same worlds and candidates as the coach's rating of the play
    #: it ends on, so the coach calls that play best (see :class:`RatingSearch`).
    LEADER = "leader"


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a play-out ended, from the rated seat's side."""

    winner: int
    #: The winner's last play (it went out with it).
    last: Move | None
    #: Cards the rated seat still held.
    left: int
    total: int


@dataclass
class Candidate:
    move: Move | None
    outcomes: list[Outcome] = field(default_factory=list)

    @property
    def values(self) -> list[int]:
        return [o.total for o in self.outcomes]

    @property
    def mean(self) -> float:
        return sum(self.values) / len(self.values) if self.outcomes else 0.0


@dataclass
class Rating:
    """Every candidate's play-outs, which one was played, and the verdict."""

    candidates: list[Candidate]
    played: int
    top: int
    worlds: int
    #: Expected points the played action loses against the top candidate, and its standard error.
    loss: float
    se: float
    verdict: Rated


def band(loss: float) -> Rated:
    """The verdict of a loss measured without noise."""
    if loss <= 0:
        return "best"
    if loss < GOOD:
        return "good"
    if loss < MISTAKE:
        return "inaccuracy"
    return "mistake"


def verdict(loss: float, se: float, played_is_top: bool) -> Rated:
    """The coach's call: a play loses only when the loss is significant.

    Not significant (within ``Z`` standard errors of nothing) is good; a
    mistake needs its loss beyond doubt above the good band, so a best or
    good play is never called a mistake on noise, nor the reverse. Otherwise
    the band of the loss less ``SHRINK`` standard errors: when the interval
    straddles an edge, a loss only just past it takes the better class.
    """
    if played_is_top or loss <= 0:
        return "best"
    shrunk = loss - SHRINK * se
    if shrunk < GOOD or loss - Z * se <= 0:
        return "good"
    if shrunk >= MISTAKE and loss - Z * se >= GOOD:
        return "mistake"
    return "inaccuracy"


def settled(loss: float, se: float) -> bool:
    """Whether the loss's interval lies inside one band: more worlds would not change the call."""
    lo, hi = loss - Z * se, loss + Z * se
    return not any(lo < edge <= hi for edge in (GOOD, MISTAKE))


def final(pos: Position, solver: Solver | None) -> tuple[Position, Solver | None]:
    """The position at the end of the hand: exact play when the solver manages, else a play-out."""
    if solver is not None:
        try:
            return solver.final(pos), solver
        except Budget:
            solver = None
    rollout(pos)
    return pos, solver


class RatingSearch:
    """A rating under way, one batch of worlds per :meth:`step`: the worker answers other
    requests between steps, so a game never waits behind a whole rating. However it is
    stepped, it meets the same worlds in the same order, so it ends in the same rating.

    ``played`` is the action rated, or :attr:`Rate.LEADER`: the candidate leading after
    each batch is the one rated (never pruned), which asks which action is best, and the
    search stops once one leader has been settled against every other candidate
    (:func:`leader_settled`) at ``HOLD`` looks in a row, or at the cap. The worlds depend
    only on the seed, not on what is rated; and a candidate that ends in the lead was
    never pruned, so every batch keeps the same candidates as the coach's rating of that
    candidate with the same seed would, and that rating settles no later (at the looks
    where the candidate leads, by the same rule, :func:`leader_settled`), and at the cap
    stops with it in the lead: it calls the candidate best, unless it settled earlier on
    a loss the later worlds took back. A played action that trails at the cap with its
    call open searches on, to ``trailing_worlds``.
    """

    def __init__(
        self,
        obs: Observation,
        played: Move | Literal[Rate.LEADER] | None,
        rng: random.Random,
        min_worlds: int = MIN_WORLDS,
        max_worlds: int = MAX_WORLDS,
        early_stop: bool = True,
        trailing_worlds: int = TRAILING_WORLDS,
    ) -> None:
        search = HardSearch(obs, rng)
        self._obs = obs
        self._follow = played is Rate.LEADER
        extra = [] if played is Rate.LEADER else [played]
        # The coach (and Hint, which asks it) rates RATED_CANDIDATES (10), not Hard's own
        # play's MAX_CANDIDATES: its agreement figures were measured with 10.
        moves = search.candidates(obs.legal_moves(), extra, RATED_CANDIDATES)
        self._cands = [Candidate(m) for m in moves]
        self._mine = 0 if played is Rate.LEADER else self._index(played)
        self._worlds = likely_worlds(obs, WorldSampler(obs, rng), BATCH, INFER_POOL, INFER_STEPS)
        self._alive = list(range(len(self._cands)))
        self._min_worlds = min_worlds
        self._max_worlds = max_worlds
        # Without an early stop the search runs to max_worlds exactly (a reference search).
        self._trailing_worlds = max(max_worlds, trailing_worlds) if early_stop else max_worlds
        self._early_stop = early_stop
        self._settled = False
        self._held = 0  # looks in a row at which the call was settled
        self.done = 0
        self._call = (self._mine, 0.0, 0.0)  # top, loss, se

    def _index(self, move: Move | None) -> int:
        return next(i for i, c in enumerate(self._cands) if c.move == move)

    @property
    def finished(self) -> bool:
        if self._settled or self.done >= self._trailing_worlds:
            return True
        # At the cap a call on the leader ends; a played action that trails searches on.
        return self.done >= self._max_worlds and (self._follow or self._call[0] == self._mine)

    @property
    def best(self) -> Move | None:
        """The candidate leading so far among those that met every world."""
        return self._cands[self._call[0]].move

    def step(self) -> None:
        """Play every candidate still searched out on one more batch of worlds."""
        if self.finished:
            return
        cands, seat = self._cands, self._obs.seat
        for _ in range(BATCH):
            base = self._obs.position_with(next(self._worlds))
            solver = Solver() if sum(base.sizes) <= ENDGAME_CARDS else None
            for i in self._alive:
                pos = base.copy()
                apply(pos, cands[i].move)
                end, solver = final(pos, solver)
                cands[i].outcomes.append(_outcome(end, seat))
        self.done += BATCH
        rated = self._mine
        if self._follow:
            self._mine = _leader(cands, self._alive)
        self._alive = _prune(cands, self._alive, self._mine, self.done)
        self._call = _loss(cands, self._alive, self._mine)
        if self._early_stop and self.done >= self._min_worlds:
            if not call_settled(cands, self._alive, self._mine):
                self._held = 0
            elif self._mine != rated:  # a new leader: its call has held at this look only
                self._held = 1
            else:
                self._held += 1
            self._settled = self._held >= HOLD

    def result(self) -> Rating:
        top, loss, se = self._call
        mine = self._mine
        return Rating(self._cands, mine, top, self.done, loss, se, verdict(loss, se, top == mine))


def _outcome(pos: Position, seat: int) -> Outcome:
    winner = pos.winner
    assert winner is not None
    return Outcome(winner, pos.standing, pos.sizes[seat], pos.settlement().total[seat])


def _loss(cands: list[Candidate], alive: list[int], mine: int) -> tuple[int, float, float]:
    """The top candidate among those that met every world, the loss of ``mine`` and its SE."""
    top = max(alive, key=lambda i: (cands[i].mean, i == mine))
    if top == mine:
        return mine, 0.0, 0.0
    return (top, *_paired(cands[top], cands[mine]))


def _paired(a: Candidate, b: Candidate) -> tuple[float, float]:
    """How much ``a`` gains over ``b`` on the worlds both met, and its standard error."""
    diffs = [x - y for x, y in zip(a.values, b.values, strict=True)]
    n = len(diffs)
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / max(1, n - 1)
    return mean, math.sqrt(var / n)


def call_settled(cands: list[Candidate], alive: list[int], mine: int) -> bool:
    """Whether more worlds would not change the call on ``mine``.

    When ``mine`` trails, the call stands once its loss's interval lies inside one band.
    When it leads, once it is settled as the leader (:func:`leader_settled`): every other
    candidate still searched gains clearly under the good band over it, so best or good
    holds. Hint's search, which rates its leader, stops by the same rule.
    """
    top, loss, se = _loss(cands, alive, mine)
    if top != mine:
        return settled(loss, se)
    return leader_settled(cands, alive, mine)


def _leader(cands: list[Candidate], alive: list[int]) -> int:
    """The candidate with the highest mean (the first of equals)."""
    return max(alive, key=lambda i: cands[i].mean)


def leader_settled(cands: list[Candidate], alive: list[int], leader: int) -> bool:
    """Whether the leader is settled as best: every other candidate still searched gains
    clearly under the good band over it. Every one, not only the runner-up by mean: a
    rival behind the runner-up but less certain may yet overtake the leader. The stop of
    Hint's search, and of the coach's rating of a played action that leads."""
    return all(settled(*_paired(cands[i], cands[leader])) for i in alive if i != leader)


def _prune(cands: list[Candidate], alive: list[int], mine: int, done: int) -> list[int]:
    """Stop playing out candidates far behind the leader (never the played one)."""
    leader = _leader(cands, alive)
    kept = []
    for i in alive:
        if i in (leader, mine):
            kept.append(i)
            continue
        diffs = [a - b for a, b in zip(cands[i].values, cands[leader].values, strict=True)]
        mean = sum(diffs) / done
        var = sum((d - mean) ** 2 for d in diffs) / max(1, done - 1)
        if mean + 3.0 * math.sqrt(var / done) + 0.05 >= 0:
            kept.append(i)
    return kept
