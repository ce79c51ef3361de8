"""Play checker cost: the person's seat is played through the real table with the checker on;
prints one JSON line: search time per checked decision (p50/p95), how long a verdict takes to
arrive at 60 fps (p50/p95), and frame times while a check is running (p95, max; 16.7 ms is a
60 fps frame).

Frames are paced at 60 a second of real time, so a verdict from a worker process arrives as it
would in the game; ``--workers 0`` checks in slices of the frame instead (as before issue 26).

Run: ``python benchmarks/checker_speed.py [--hands 2] [--workers N]``
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from _stats import percentile, rounded


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=2)
    parser.add_argument("--tricks", type=int, default=None, help="stop after this many tricks of the last hand")
    parser.add_argument("--speed", default="normal", choices=("slow", "normal", "fast", "instant"),
                        help="the table's animation speed (the player's default: normal)")
    parser.add_argument("--size", default="1920x1080")
    parser.add_argument("--workers", type=int, default=None, help="worker processes (default: the app's; 0: none)")
    args = parser.parse_args()
    size = tuple(int(v) for v in args.size.split("x"))
    import inspect

    from tests.ui_driver import Driver

    # (a tree from before the worker processes has no ``workers``: it checks in slices, as then)
    given = {"workers": args.workers} if "workers" in inspect.signature(Driver).parameters else {}
    d = Driver(tempfile.mkdtemp(prefix="spades-bench-"), rules="standard", seed=7, size=size, speed=args.speed, **given)
    from spades_desktop.ai.judge import CheckerLevel

    d.app.update_settings(play_checker=CheckerLevel.EVERY)  # (issue 38: the checker's levels; every mistake)
    table = d.table
    dt = 1 / 60
    search_s: list[float] = []
    arrive_s: list[float] = []
    frame_ms: list[float] = []
    watched: dict[tuple[int, ...], float] = {}  # a queued decision -> when it was queued
    frame = 0
    def done() -> bool:
        last_hand = table.hands_played == args.hands - 1
        return table.hands_played >= args.hands or (args.tricks is not None and last_hand
                                                   and sum(table.ctl.state.tricks) >= args.tricks)

    while not done():
        if table.modal is not None:
            table.modal.close()
        elif table.claim.offered_by is not None:
            table.moves.answer_claim(True)  # a computer claims the rest: agree, as a person would
        elif table.accepting_input() and table.panel.is_current():
            d.act_once()
        for queued_decision in table.checker.waiting:
            watched.setdefault(queued_decision, time.perf_counter())
        queued = list(table.checker.waiting)
        t0 = time.perf_counter()
        d.app.frame(dt)
        elapsed = (time.perf_counter() - t0) * 1000
        frame += 1
        if queued:
            frame_ms.append(elapsed)
            first = queued[0]
            if first not in table.checker.waiting and first in watched:  # its verdict is in
                # the judge's processor time in a worker (0 when it judged in the frames' slices)
                search_s.append(table.advisor.cpu_seconds.get(first[0], 0.0))
                arrive_s.append(time.perf_counter() - watched.pop(first))
        time.sleep(max(0.0, dt - (time.perf_counter() - t0)))
    print(json.dumps({
        "workers": d.app.thinkers.workers if getattr(d.app, "thinkers", None) and d.app.thinkers.available else 0,
        "checked_decisions": len(search_s),
        "check_search_s_p50": rounded(percentile(search_s, 0.5)),
        "check_search_s_p95": rounded(percentile(search_s, 0.95)),
        "verdict_arrives_s_p50": rounded(percentile(arrive_s, 0.5)),
        "verdict_arrives_s_p95": rounded(percentile(arrive_s, 0.95)),
        "frame_ms_p95_while_checking": rounded(percentile(frame_ms, 0.95)),
        "frame_ms_max_while_checking": round(max(frame_ms), 3) if frame_ms else None,
    }))


if __name__ == "__main__":
    main()
