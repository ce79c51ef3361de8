"""Par speed (issue 56): the daily deal's par, four hands with the hard player in the person's seat,
played in the worker processes beside a table whose own game goes on, as it does while the person
plays the day's deal.

Headless (SDL dummy video driver) at 1920x1080 unless --size is given, with the default worker
processes (all cores but one) unless --workers is given, and the par's real search (``PAR_WORLDS``
worlds a hard decision) unless --worlds is given.  The table's game is played by normal computer
players in every seat meanwhile, asking the same workers; frames run at 60 a second of real time,
each timed.  Prints one JSON line: par_s (the par's start to its last hand), hands, worlds,
workers, cores, frame_ms_p95 and frame_ms_max (every frame while the par is played, after the
table's first second), frames, and the moves the workers and the window played.

Run: ``python benchmarks/par_speed.py [--date 2026-01-01] [--size 1920x1080]``
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from datetime import date
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from _stats import percentile, rounded


def main() -> None:
    from spades_desktop.engine.daily import DAILY_HANDS, DAILY_RULES, daily_seed, parse_day
    from spades_desktop.session.par import PAR_WORLDS, ParSpec
    from spades_desktop.session.thinkers import all_cores

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--date", default="2026-01-01", help="the daily deal's date (YYYY-MM-DD)")
    parser.add_argument("--hands", type=int, default=DAILY_HANDS)
    parser.add_argument("--worlds", type=int, default=PAR_WORLDS, help="worlds a hard decision (the real search)")
    parser.add_argument("--workers", type=int, default=None, help="worker processes (default: all cores but one)")
    parser.add_argument("--size", default="1920x1080")
    args = parser.parse_args()
    os.environ["SPADES_DESKTOP_HOME"] = tempfile.mkdtemp(prefix="spades-bench-")
    from spades_desktop.engine.seats import Seat
    from spades_desktop.ui.app import App, Options
    from spades_desktop.ui.table.scene import TableScene

    day: date = parse_day(args.date)
    width, height = (int(x) for x in args.size.lower().split("x"))
    app = App(Options(size=(width, height), seed=3, rules="standard", workers=args.workers))
    app.update_settings(animation_speed="normal")
    app.to_title()
    app.frame(1 / 60)
    app.thinkers.ready(60)
    app.new_game()
    table = next(s for s in app.stack.scenes if isinstance(s, TableScene))
    table.ctl.human = None  # the table's game goes on by itself, its computers asking the workers too
    for _ in range(60):  # its first second (the table's first frames are render_speed's business)
        app.frame(1 / 60)
    spec = ParSpec.of(DAILY_RULES, daily_seed(day), args.hands, {s: "normal" for s in (Seat.N, Seat.E, Seat.W)},
                      worlds=args.worlds)
    job = app.games.start_par(spec)
    assert job is not None
    frames: list[float] = []
    start = time.perf_counter()
    while not job.done:
        t0 = time.perf_counter()
        app.frame(1 / 60)
        frames.append((time.perf_counter() - t0) * 1000)
        if table.modal is not None:
            table.modal.close()  # type: ignore[attr-defined]
        time.sleep(max(0.0, 1 / 60 - (time.perf_counter() - t0)))
    par_s = time.perf_counter() - start
    assert job.result() is not None, job.failed
    print(json.dumps({
        "date": day.isoformat(),
        "hands": args.hands,
        "worlds": args.worlds,
        "workers": app.thinkers.workers,
        "cores": all_cores(),
        "par_s": round(par_s, 2),
        "worker_moves": job.worker_moves,
        "window_moves": job.window_moves,
        "frames": len(frames),
        "frame_ms_p95": rounded(percentile(frames, 0.95), 2),
        "frame_ms_max": round(max(frames), 2),
    }))
    app.close()


if __name__ == "__main__":
    main()
