"""A finished (or saved) game reviewed: every bid and card with a choice, of every seat, judged by
the play checker's search from that seat's view at the time (issue 27).  No pygame, no files.

``decisions_of`` replays the game and lists the decisions; a ``Reviewer`` has them judged in the
worker processes (or, without them, a slice per frame) and fills a ``GameReview``, which a save
keeps (``to_dict``/``from_dict``) so a game is reviewed once; ``figures`` and ``costliest`` are
what the review page and the exported summary show.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..ai.checker import checkable
from ..ai.judge import JudgeJob, Judgement, position_seed
from ..engine.digests import sha256
from ..engine.seats import Seat
from ..engine.state import GameState, Phase
from ..engine.view import SeatView
from .thinkers import JudgeRequest, ThinkerPool

if TYPE_CHECKING:
    from concurrent.futures import Future

log = logging.getLogger("spades_desktop")

REVIEW_VERSION = 3  # 2: judged on the deals the hint and the checker see (issue 38); 3: bids by the game (issue 55)
JUDGE_SLICE = 0.004  # seconds of judging per frame when no worker process is there
IN_FLIGHT_PER_WORKER = 2  # requests kept waiting per worker, so none sits idle between answers


@dataclass(frozen=True)
class Decision:
    """One bid or card with a choice: ``index`` in the game's log, ``trick`` 0 for a bid."""

    index: int
    hand: int
    trick: int
    seat: Seat
    chosen: int
    view: SeatView = field(compare=False, repr=False)


def decisions_of(state: GameState, seats: Iterable[Seat] | None = None) -> list[Decision]:
    """Every decision with a choice in the hands of ``state``'s game played to the end (of ``seats``;
    all by default), with the view its seat had when it chose: the game is played again from its
    start.  A hand still being played is left out: its decisions, shown with the hand that made
    them, would show the person the partner's and the opponents' cards in the middle of the hand."""
    wanted = set(state.seats if seats is None else seats)
    finished = finished_hands(state)
    found: list[Decision] = []
    for index, (position, action) in enumerate(state.replayed()):
        seat = position.turn
        if (seat is None or seat not in wanted or position.phase not in (Phase.BIDDING, Phase.PLAY)
                or position.hand_number not in finished):
            continue
        view = position.view(seat)
        if checkable(view, action):
            trick = position.trick_count + 1 if position.phase is Phase.PLAY else 0
            found.append(Decision(index, position.hand_number, trick, seat, action, view))
    return found


def finished_hands(state: GameState) -> set[int]:
    """The numbers of the hands played to the end: the ones a review judges."""
    return {result.hand_number for result in state.hand_history}


def hand_in_play(state: GameState) -> int | None:
    """The number of the hand still being played, which a review leaves out (None: none is)."""
    if state.is_terminal() or state.hand_number in finished_hands(state):
        return None
    return state.hand_number


def log_digest(log: list[int], length: int) -> str:
    """What the first ``length`` moves of a game were, in a few characters: a review is kept for a
    game only while its moves up to the last one reviewed are the same (an undo changes them)."""
    moves = b"".join(action.to_bytes(2, "big") for action in log[:length])
    return sha256(moves).hexdigest()[:16]


@dataclass
class GameReview:
    """The judgements found so far, by the decision's index in the log (None: too few deals to
    judge on a busy machine; such a decision counts neither way)."""

    judged: dict[int, Judgement | None] = field(default_factory=dict)

    def to_dict(self, state: GameState) -> dict[str, Any]:
        length = max(self.judged, default=-1) + 1
        return {"version": REVIEW_VERSION, "moves": length, "digest": log_digest(state.log, length),
                "judged": [[index, None if j is None else j.to_dict()] for index, j in sorted(self.judged.items())]}

    @classmethod
    def from_dict(cls, data: object, state: GameState) -> GameReview:
        """A saved review of ``state``'s game; raises ValueError if it is malformed or was made for
        other moves (the caller then reviews the game again and says nothing: it is a cache)."""
        if not isinstance(data, dict) or data.get("version") != REVIEW_VERSION:
            raise ValueError("not a review this version of the game wrote")
        moves, rows = data.get("moves"), data.get("judged")
        if type(moves) is not int or not 0 <= moves <= len(state.log) or not isinstance(rows, list):
            raise ValueError("the review is for another game")
        if data.get("digest") != log_digest(state.log, moves):
            raise ValueError("the review is for other moves")
        review = cls()
        for row in rows:
            if not isinstance(row, list) or len(row) != 2 or type(row[0]) is not int or not 0 <= row[0] < moves:
                raise ValueError("a review row is malformed")
            try:
                review.judged[row[0]] = None if row[1] is None else Judgement.from_dict(row[1])
            except (KeyError, TypeError) as exc:
                raise ValueError(f"a judgement is malformed ({exc})") from exc
        review.drop_false(state)
        return review

    def drop_false(self, state: GameState) -> list[int]:
        """Forget the judgements that cannot be of ``state``'s game (a hand-edited or foreign
        save): one whose chosen move is not the move the log holds, or whose better choice was not
        legal there ("North bid 8; 2C was better").  Those decisions are judged again; the indexes
        dropped are returned."""
        wanted = {index: j for index, j in self.judged.items() if j is not None}
        dropped: list[int] = []
        if not wanted:
            return dropped
        last = max(wanted)
        for index, (position, action) in enumerate(state.replayed()):
            judgement = wanted.get(index)
            if judgement is not None and (judgement.chosen != action
                                          or judgement.best not in position.legal_actions()):
                dropped.append(index)
            if index >= last:
                break
        for index in dropped:
            del self.judged[index]
        return dropped


def review_in(document: dict[str, Any], state: GameState) -> GameReview | None:
    """The review a save keeps for ``state``'s moves; None if it has none, or one that is damaged or
    for other moves (a cache: the game is reviewed again, and nothing needs saying)."""
    if "review" not in document:
        return None
    try:
        return GameReview.from_dict(document["review"], state)
    except ValueError:
        return None


@dataclass(frozen=True)
class SeatFigures:
    """One seat's review: ``judged`` decisions, ``agreed`` with the checker, the points its
    mistakes cost by the checker's estimate, in all and by hand."""

    seat: Seat
    judged: int
    agreed: int
    points_lost: float
    lost_by_hand: dict[int, float]

    @property
    def accuracy(self) -> float | None:
        return self.agreed / self.judged if self.judged else None


def figures(decisions: list[Decision], review: GameReview, seat: Seat) -> SeatFigures:
    judged = agreed = 0
    lost = 0.0
    by_hand: dict[int, float] = {}
    for decision in decisions:
        if decision.seat != seat:
            continue
        by_hand.setdefault(decision.hand, 0.0)
        judgement = review.judged.get(decision.index)
        if judgement is None:
            continue
        judged += 1
        if judgement.mistake:
            lost += judgement.loss
            by_hand[decision.hand] += judgement.loss
        else:
            agreed += 1
    return SeatFigures(seat, judged, agreed, lost, by_hand)


def person_side(state: GameState, person: Seat | None) -> list[Seat]:
    """The person and their partner, the person first (every seat when no seat is the person's):
    the seats whose costliest decisions a review shows."""
    if person is None or person not in state.seats:
        return list(state.seats)
    side = state.side_of_seat(person)
    return sorted((s for s in state.seats if state.side_of_seat(s) == side), key=lambda s: s != person)


def person_first(state: GameState, person: Seat | None) -> list[Seat]:
    """The seats as a review lists them: the person, their partner, then the others (the page, its
    export and ``spades-desktop review`` alike); in seat order when no seat is the person's."""
    mine = person_side(state, person)
    return [*mine, *(s for s in state.seats if s not in mine)]


def costliest(decisions: list[Decision], review: GameReview, seats: Iterable[Seat],
              count: int = 3) -> list[tuple[Decision, Judgement]]:
    """The ``count`` mistakes of ``seats`` that cost the most, the costliest first."""
    wanted = set(seats)
    mistakes = [(d, j) for d in decisions if d.seat in wanted
                and (j := review.judged.get(d.index)) is not None and j.mistake]
    mistakes.sort(key=lambda pair: (-pair[1].loss, pair[0].index))
    return mistakes[:count]


def decision_seed(state: GameState, index: int) -> int:
    """A decision's own seed: the position's (``position_seed``), so its judgement is the one the hint
    and the play checker had there, whenever and wherever it is made."""
    return position_seed(state.seed, state.log[:index])


@dataclass(frozen=True)
class _Progress:
    """How far a review has gone: the decisions judged, the seats with some still to judge, and the
    hand the progress bar names."""

    done_count: int
    seats_pending: frozenset[Seat]
    hand_under_review: int


class Reviewer:
    """Has a game's decisions judged, the cached ones skipped: in worker processes when there are
    some (a few requests kept in flight per worker), else a slice per frame.  ``step`` once a frame."""

    def __init__(self, state: GameState, pool: Callable[[], ThinkerPool | None],
                 review: GameReview | None = None, seats: Iterable[Seat] | None = None,
                 samples: int | None = None, first: Seat | None = None) -> None:
        self.state = state
        self.samples = samples  # deals per decision if fixed (tests, reproducible runs), else the time budget
        self.pool = pool
        self.review = review or GameReview()
        self.decisions = decisions_of(state, seats)
        self.first = first
        # ``first``'s decisions are judged before the others' (the person's figures come first)
        self.waiting = sorted((d for d in self.decisions if d.index not in self.review.judged),
                              key=lambda d: d.seat != first)
        self.asked: dict[int, Future[Judgement | None]] = {}
        self.job: tuple[Decision, JudgeJob] | None = None  # judged in the window's slices
        # (the judgements it was worked out from, their count then, the progress)
        self._progress_at: tuple[dict[int, Judgement | None], int, _Progress] | None = None

    @property
    def total(self) -> int:
        return len(self.decisions)

    @property
    def done_count(self) -> int:
        return self._progress().done_count

    @property
    def done(self) -> bool:
        return not self.waiting and not self.asked and self.job is None

    def done_for(self, seat: Seat) -> bool:
        """Every decision of ``seat`` judged."""
        return seat not in self._progress().seats_pending

    @property
    def first_pending(self) -> bool:
        """Whether ``first``'s decisions are still being judged (they go before the others')."""
        return self.first is not None and not self.done_for(self.first)

    @property
    def hand_under_review(self) -> int:
        """The first hand with a decision still to judge, of ``first`` while its decisions are under
        way, then of every seat (the progress bar names it)."""
        return self._progress().hand_under_review

    def _progress(self) -> _Progress:
        """How far the review has gone, worked out once per judgement that came in (the page asks a
        few times each frame it draws; a walk over every decision for each question took such a
        frame 2-3 ms of a 450-decision game)."""
        judged = self.review.judged
        if self._progress_at is not None and self._progress_at[0] is judged and self._progress_at[1] == len(judged):
            return self._progress_at[2]
        seats_pending = {d.seat for d in self.decisions if d.index not in judged}
        first_pending = self.first is not None and self.first in seats_pending
        pending = [d.hand for d in self.decisions if d.index not in judged
                   and (d.seat == self.first or not first_pending)]
        progress = _Progress(
            done_count=sum(1 for d in self.decisions if d.index in judged),
            seats_pending=frozenset(seats_pending),
            hand_under_review=min(pending) if pending else (self.decisions[-1].hand if self.decisions else 0))
        self._progress_at = (judged, len(judged), progress)
        return progress

    def step(self, seconds: float = JUDGE_SLICE) -> bool:
        """Move the review on; True if a judgement came in (the page may show more)."""
        pool = self.pool()
        came = self._take_answers(pool) if self.asked else False
        if pool is not None and pool.available and self.job is None:
            while self.waiting and len(self.asked) < max(1, pool.workers) * IN_FLIGHT_PER_WORKER:
                decision = self.waiting[0]
                future = pool.submit_judge(JudgeRequest(decision.view, decision.chosen,
                                                        decision_seed(self.state, decision.index), self.samples))
                if future is None:
                    break
                self.waiting.pop(0)
                self.asked[decision.index] = future
            if self.asked or not self.waiting:
                return came
        return self._judge_here(seconds) or came

    def _take_answers(self, pool: ThinkerPool | None) -> bool:
        """The answers that came back.  A worker gone or stopped (the pool failed) gives its
        decisions back to be judged in the window; a judgement that raised in a healthy worker
        would raise again anywhere, so that decision counts neither way (as one judged on too
        few deals) and the review goes on."""
        came = False
        for index, future in list(self.asked.items()):
            if pool is None:  # the pool went away: judge here from now on
                self._give_back(index)
                continue
            if not pool.finished(future):
                continue
            answered, judgement = pool.outcome(future)
            if answered:
                del self.asked[index]
                self.review.judged[index] = judgement
                came = True
            elif pool.failed:
                self._give_back(index)
            else:
                del self.asked[index]
                self.review.judged[index] = None
                came = True
        return came

    def _give_back(self, index: int) -> None:
        """A decision asked of a worker that will not answer goes back to the front of the queue."""
        self.asked.pop(index, None)
        decision = next(d for d in self.decisions if d.index == index)
        self.waiting.insert(0, decision)

    def _judge_here(self, seconds: float) -> bool:
        if self.job is None:
            if not self.waiting:
                return False
            decision = self.waiting.pop(0)
            self.job = (decision, JudgeJob(decision.view, decision.chosen,
                                           decision_seed(self.state, decision.index), samples=self.samples))
        decision, job = self.job
        try:
            finished = job.step(seconds)
        except Exception:  # a judgement that cannot be made: not judged, and the review goes on
            log.exception("the review could not judge decision %d", decision.index)
            self.review.judged[decision.index] = None
            self.job = None
            return True
        if not finished:
            return False
        self.review.judged[decision.index] = job.judgement
        self.job = None
        return True

    def cancel(self) -> None:
        for future in self.asked.values():
            future.cancel()
        self.asked.clear()
