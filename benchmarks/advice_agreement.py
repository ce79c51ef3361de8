"""Advice agreement (issue 38): do the hint, the play checker and the game review say the same?

Seeded games in partnership, cutthroat and two-player are played with South following the hint
at every bid and card with a choice (the other seats the normal level).  At each such decision it
records the hint, whether the play checker called the hinted choice a mistake, and how long the
hint took from asking to its answer (with the app's worker pool, polled once a 60 fps frame).  Once
the hands are over the game review (``Reviewer``, South's decisions, its default samples) judges
the same decisions, and its best choice is compared with the hint.  A second run has the normal
computer stand in for the player (the checker's notes per hand a player of that level would see).

Prints one JSON line: ``positions``, ``hint_is_judge_best``, ``hinted_flagged_by_checker``,
``hinted_flagged_by_review``, ``hint_s_p50``, ``hint_s_p95`` (and the bids' alone, ``bid_hint_s_p50``
and ``bid_hint_s_max``), ``checker_notes_per_hand`` (a
follower of the hint, and the ``normal`` computer), and the worker count.

Run: ``python benchmarks/advice_agreement.py [--hands 12] [--normal-hands 4] [--workers N]``
(hands per mode).  It works on a tree from before issue 38 too: there the hint is the normal
level's choice, the checker the old ``CheckJob`` and the review the judge with its own samples.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from _stats import at_least_one, percentile, rounded

from spades_desktop.ai.checker import checkable
from spades_desktop.ai.players import ComputerPlayer, Level
from spades_desktop.engine.rules import preset
from spades_desktop.engine.seats import Seat
from spades_desktop.engine.state import GameState, Phase
from spades_desktop.session.review import Reviewer
from spades_desktop.session.thinkers import ThinkerPool

MODES = ("standard", "cutthroat", "two_player")
HANDS_PER_GAME = 4
FRAME = 1 / 60

try:  # issue 38: one judge behind every piece of advice
    from spades_desktop.ai.judge import CheckerLevel  # type: ignore[attr-defined]
    from spades_desktop.session.advice import Advisor, position_key  # type: ignore[import-not-found]

    NEW = True
except ImportError:  # before: the hint is the normal level's, the checker its own search
    NEW = False




@dataclass
class Tally:
    positions: int = 0
    hands: int = 0
    hint_s: list[float] = field(default_factory=list)
    bid_hint_s: list[float] = field(default_factory=list)  # the bids' alone (issue 55: judged dearer)
    judge_cpu_s: list[float] = field(default_factory=list)  # the worker's processor time per hint
    checker_flagged: int = 0  # decisions that followed the hint, called mistakes by the checker
    notes: int = 0  # checker notes the table would show (its default setting)
    agree: int = 0
    review_flagged: int = 0
    reviewed: int = 0


class Advice:
    """The hint and the checker as the table asks them, before or after issue 38."""

    def __init__(self, pool: ThinkerPool) -> None:
        self.pool = pool
        self.advisor = Advisor(lambda: pool) if NEW else None
        self.cpu: float | None = None  # the last hint's judging time in the worker (processor seconds)

    def hint(self, state: GameState, seat: Seat) -> tuple[int, float]:
        """The hint and the seconds from asking to its answer (polled once a frame)."""
        start = time.perf_counter()
        if self.advisor is None:
            action = ComputerPlayer(Level.NORMAL, seed=state.seed).decide(state.view(seat))
            return action, time.perf_counter() - start
        self.advisor.ask(state, seat)
        while True:
            self.advisor.step()
            found = self.advisor.assessment(state)
            if found is not None:
                self.cpu = self.advisor.cpu_seconds.get(position_key(state))
                return found.best, time.perf_counter() - start
            time.sleep(FRAME)

    def check(self, state: GameState, seat: Seat, action: int) -> tuple[bool, bool]:
        """(called a mistake at all, a note shown at the table's default setting) for ``action``."""
        if self.advisor is not None:
            self.advisor.ask(state, seat)
            while (found := self.advisor.assessment(state)) is None:
                self.advisor.step()
                time.sleep(0.005)
            judgement = found.judgement(action)
            return CheckerLevel.EVERY.names(judgement), CheckerLevel.BIG.names(judgement)
        from spades_desktop.session.thinkers import CheckRequest

        future = self.pool.submit_check(CheckRequest(state.view(seat), action, len(state.log) + 1))
        assert future is not None
        while not future.done():
            time.sleep(0.005)
        verdict = self.pool.outcome(future)[1]
        said = verdict is not None and verdict.worth_saying
        return said, said


def play(mode: str, seed: int, hands: int, advice: Advice, tally: Tally, follow_hint: bool,
         hints: dict[int, int]) -> GameState:
    """``hands`` hands of a seeded game, South following the hint (or playing the normal level's
    choice), each decision with a choice checked; ``hints``: the hint by the decision's log index."""
    state, _ = GameState.new_game(preset(mode).with_changes(target_score=1000), seed)
    players = {s: ComputerPlayer(Level.NORMAL, seed=seed * 10 + int(s)) for s in state.seats}
    while len(state.hand_history) < hands and not state.is_terminal():
        seat = state.turn
        assert seat is not None
        view = state.view(seat)
        action = players[seat].decide(view)
        if seat == Seat.S and view.phase in (Phase.BIDDING, Phase.PLAY) and checkable(view, action):
            if follow_hint:
                action, seconds = advice.hint(state, seat)
                tally.hint_s.append(seconds)
                if view.phase is Phase.BIDDING:
                    tally.bid_hint_s.append(seconds)
                if advice.cpu is not None:
                    tally.judge_cpu_s.append(advice.cpu)
                hints[len(state.log)] = action
                tally.positions += 1
            mistake, note = advice.check(state, seat, action)
            tally.checker_flagged += mistake
            tally.notes += note
        state.apply(action)
    tally.hands += len(state.hand_history)
    return state


def review(state: GameState, pool: ThinkerPool, hints: dict[int, int], tally: Tally) -> None:
    """The game review of South's decisions, as the review page runs it, against the hints."""
    reviewer = Reviewer(state, lambda: pool, seats=[Seat.S], first=Seat.S)
    while not reviewer.done:
        reviewer.step()
        time.sleep(0.005)
    for index, hint in hints.items():
        judgement = reviewer.review.judged.get(index)
        if judgement is None:
            continue
        tally.reviewed += 1
        tally.agree += judgement.best == hint
        tally.review_flagged += judgement.mistake


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=12, help="hands per mode with South following the hint")
    parser.add_argument("--normal-hands", type=int, default=4, help="hands per mode with South the normal level")
    parser.add_argument("--workers", type=at_least_one, default=None, help="worker processes (default: the app's)")
    parser.add_argument("--modes", nargs="+", choices=MODES, default=list(MODES), help="the rules presets played")
    args = parser.parse_args()
    load_before = os.getloadavg()[0]
    pool = ThinkerPool(args.workers)
    pool.start()
    assert pool.ready(120), pool.failed
    advice = Advice(pool)
    follower, normal = Tally(), Tally()
    try:
        for mode in args.modes:
            for game in range(math.ceil(args.hands / HANDS_PER_GAME)):
                hints: dict[int, int] = {}
                hands = min(HANDS_PER_GAME, args.hands - game * HANDS_PER_GAME)
                state = play(mode, 100 + game, hands, advice, follower, True, hints)
                review(state, pool, hints, follower)
            for game in range(math.ceil(args.normal_hands / HANDS_PER_GAME)):
                hands = min(HANDS_PER_GAME, args.normal_hands - game * HANDS_PER_GAME)
                play(mode, 200 + game, hands, advice, normal, False, {})
    finally:
        pool.close()
    print(json.dumps({
        "version": "one judge" if NEW else "before issue 38",
        "workers": pool.workers,
        "positions": follower.positions,
        "hint_is_judge_best": round(follower.agree / max(1, follower.reviewed), 3),
        "hinted_flagged_by_checker": follower.checker_flagged,
        "hinted_flagged_by_review": follower.review_flagged,
        "hint_s_p50": rounded(percentile(follower.hint_s, 0.5)),
        "hint_s_p95": rounded(percentile(follower.hint_s, 0.95)),
        "bid_hint_s_p50": rounded(percentile(follower.bid_hint_s, 0.5)),
        "bid_hint_s_max": rounded(max(follower.bid_hint_s, default=None)),
        # the judge's own processor time per hint in the worker, and the machine's load (processes
        # wanting a core) before and after: on a shared machine the wall time above includes waiting
        "hint_judge_cpu_s_p50": rounded(percentile(follower.judge_cpu_s, 0.5)),
        "hint_judge_cpu_s_p95": rounded(percentile(follower.judge_cpu_s, 0.95)),
        "load_average": [round(load_before, 1), round(os.getloadavg()[0], 1)],
        "checker_notes_per_hand": {"hint_follower": round(follower.notes / max(1, follower.hands), 2),
                                   "normal": round(normal.notes / max(1, normal.hands), 2)},
        "reviewed": follower.reviewed,
        "hands": {"hint_follower": follower.hands, "normal": normal.hands},
    }))


if __name__ == "__main__":
    main()
