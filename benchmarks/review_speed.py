"""Review speed (issue 27): a 10-hand game reviewed on the game review page of the real app.

A game the normal player plays for ten hands (to a target it does not reach) is opened on the
review page at 1920x1080 (headless) with the default worker processes (all cores but one) and
the checker's default budget per decision; frames run at 60 a second of real time, each timed.
Prints one JSON line: review_person_s (until every decision of the person's seat is judged: the
page judges them first), review_all_seats_s (every seat's), the decisions judged, and frame_ms_max
and frame_ms_p95 over the whole review.  Forced cards are not judged (they cost nothing).

Run: ``python benchmarks/review_speed.py [--hands 10]``
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def ten_hands(hands: int, seed: int = 3):
    from spades_desktop.ai import ComputerPlayer, Level
    from spades_desktop.engine.rules import preset
    from spades_desktop.engine.state import GameState

    state, _ = GameState.new_game(preset("standard").with_changes(target_score=1000), seed)
    players = {s: ComputerPlayer(Level.NORMAL, seed=seed) for s in state.seats}
    while len(state.hand_history) < hands and not state.is_terminal():
        state.apply(players[state.turn].decide(state.view(state.turn)))
    return state


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=10)
    args = parser.parse_args()
    os.environ["SPADES_DESKTOP_HOME"] = tempfile.mkdtemp(prefix="spades-bench-")
    from spades_desktop.engine.seats import Seat
    from spades_desktop.ui.app import App, Options

    app = App(Options(size=(1920, 1080), seed=3, rules="standard"))
    app.to_title()
    app.frame(1 / 60)
    app.thinkers.ready(60)
    state = ten_hands(args.hands)  # played after the app started, as a game the person played is
    app.open_review(state, "Ten hands")
    page = app.stack.top
    reviewer = page.reviewer
    frames: list[float] = []
    start = time.perf_counter()
    person_s = None
    while not reviewer.done:
        t0 = time.perf_counter()
        app.frame(1 / 60)
        frames.append((time.perf_counter() - t0) * 1000)
        if person_s is None and reviewer.done_for(Seat.S):
            person_s = time.perf_counter() - start
        time.sleep(max(0.0, 1 / 60 - (time.perf_counter() - t0)))
    all_s = time.perf_counter() - start
    ordered = sorted(frames)
    print(json.dumps({
        "hands": args.hands,
        "decisions": reviewer.total,
        "person_decisions": sum(1 for d in reviewer.decisions if d.seat == Seat.S),
        "workers": app.thinkers.workers,
        "review_person_s": round(person_s if person_s is not None else all_s, 1),
        "review_all_seats_s": round(all_s, 1),
        "frame_ms_max": round(ordered[-1], 2),
        "frame_ms_p95": round(ordered[min(len(ordered) - 1, math.ceil(0.95 * len(ordered)) - 1)], 2),
    }))
    app.close()


if __name__ == "__main__":
    main()
