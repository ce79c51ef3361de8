"""Render speed: frame times through the busiest animations, idle cost, startup and memory.

Headless (SDL dummy video driver) at 1920x1080 unless --size is given.  Runs a
table through the deal and several tricks at normal animation speed with every
frame drawn, measuring the time of each frame's update + draw + present.  Prints
one JSON line: frame_ms_p50, frame_ms_p95, frame_ms_p99, idle_frame_ms (a frame
when nothing moves: no redraw), redraws_when_idle, redrawn_share_p50 and _mean (the share of the
window's pixels each drawn frame of that play updates on screen), startup_s (process start to
the first drawn frame), rss_mb (peak resident memory); bare_window_start_s, title_start_s and
table_start_s (a fresh process to its first frame: a bare pygame-ce window, the title screen, a new
game; medians of five, alternating) and title_start_ratio (title over bare); then, with three hard computer
players thinking in slices between frames: thinking_frame_ms_p95 and _max (every frame,
drawn or not) and hard_decision_s_p50 (how long a hard decision takes to arrive at 60 fps).

Run: ``python benchmarks/render_speed.py``
"""

from __future__ import annotations

import time

START = time.perf_counter()

import argparse  # noqa: E402
import json  # noqa: E402
import os  # noqa: E402
import resource  # noqa: E402
import sys  # noqa: E402
import tempfile  # noqa: E402
from pathlib import Path  # noqa: E402

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from _stats import percentile, rounded  # noqa: E402


def thinking_frames(app, table_type, dt: float, frames: int = 900) -> tuple[list[float], list[float]]:
    """Frame times while hard players search, and each hard decision's time to arrive, with the
    frames paced at 60 per second of real time (a worker process thinks in real time, not in
    frames).  A decision is timed from its request (to a worker, or its first slice) to the
    frame its answer is played."""
    app.update_settings(levels={"N": "hard", "E": "hard", "W": "hard"})
    app.new_game()
    table = next(s for s in app.stack.scenes if isinstance(s, table_type))
    table.ctl.human = None
    ctl = table.ctl
    frame_ms: list[float] = []
    decision_s: list[float] = []
    asked_at: float | None = None
    asked_hard = False
    moves = len(ctl.state.log)
    for _ in range(frames):
        t0 = time.perf_counter()
        app.frame(dt)
        now = time.perf_counter()
        frame_ms.append((now - t0) * 1000)
        if len(ctl.state.log) != moves:  # an answer was played this frame
            moves = len(ctl.state.log)
            if asked_at is not None and asked_hard:
                decision_s.append(now - asked_at)
            asked_at = None
        thinking = ctl.thinking if hasattr(ctl, "thinking") else ctl.decision is not None  # (older versions)
        if asked_at is None and thinking:
            seat = ctl.thinking_seat
            asked_at, asked_hard = now, seat is not None and ctl.players[seat].budget > 0
        if table.modal is not None:
            table.modal.close()  # type: ignore[attr-defined]
        time.sleep(max(0.0, dt - (time.perf_counter() - t0)))
    return frame_ms, decision_s


class UpdatedShare:
    """The share of the window's pixels each presented frame updates: ``display.flip`` is all of
    it, ``display.update(rects)`` the rectangles' area (overlaps counted once per rectangle, at most
    the whole window).  Wraps pygame's two calls for as long as it is ``recording``."""

    def __init__(self, pygame, size: tuple[int, int]) -> None:
        self.pixels = size[0] * size[1]
        self.shares: list[float] = []
        self.recording = False
        self._update, self._flip = pygame.display.update, pygame.display.flip
        pygame.display.update, pygame.display.flip = self.update, self.flip

    def flip(self) -> None:
        if self.recording:
            self.shares.append(1.0)
        self._flip()

    def update(self, rects=None) -> None:
        if self.recording:
            if rects is None:
                self.shares.append(1.0)
            else:
                many = [rects] if hasattr(rects, "w") else [r for r in rects if r is not None]
                self.shares.append(min(1.0, sum(r.w * r.h for r in many) / self.pixels))
        self._update(rects)


def resize_frames(app, size: tuple[int, int], dt: float) -> list[float]:
    """Frame times around window resizes (the card art of the new size is drawn in the background)."""
    import pygame

    times: list[float] = []
    for w, h in ((size[0] * 2 // 3, size[1] * 2 // 3), size):
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=w, h=h, size=(w, h)))
        for _ in range(30):
            t0 = time.perf_counter()
            app.frame(dt)
            times.append((time.perf_counter() - t0) * 1000)
    return times


def start_times(size: str, runs: int = 5) -> dict[str, float]:
    """Process start to first frame, the median of ``runs`` fresh processes each, alternating: a bare
    pygame-ce window, the game's title screen and a new game's table (``_start_probe.py``).

    As a player's copy starts: with its modules' bytecode already compiled (an installed wheel and
    the frozen app carry it).  A machine that sets PYTHONDONTWRITEBYTECODE would otherwise compile
    every module from source at each start, about 0.1 s no player pays; so the probes cache their
    bytecode in a temporary folder, filled by one uncounted start of each kind."""
    import statistics
    import subprocess

    probe = str(Path(__file__).resolve().parent / "_start_probe.py")
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPYCACHEPREFIX"] = tempfile.mkdtemp(prefix="spades-bytecode-")
    times: dict[str, list[float]] = {"bare": [], "title": [], "table": []}
    for kind in times:  # fills the bytecode cache
        subprocess.run([sys.executable, probe, kind, size], env=env, capture_output=True, check=True)
    for _ in range(runs):
        for kind in times:
            t0 = time.perf_counter()
            with subprocess.Popen([sys.executable, probe, kind, size], stdout=subprocess.PIPE, env=env,
                                  stderr=subprocess.DEVNULL, text=True) as child:
                assert child.stdout is not None
                for line in child.stdout:
                    if line.strip() == "drawn":
                        times[kind].append(time.perf_counter() - t0)
                        break
    return {kind: statistics.median(values) for kind, values in times.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", default="1920x1080")
    parser.add_argument("--frames", type=int, default=1500)
    parser.add_argument("--deck", default="classic", choices=("classic", "large_index"))
    parser.add_argument("--thinking-frames", type=int, default=900,
                        help="frames (at 60 a second of real time) while three hard players think")
    parser.add_argument("--starts", type=int, default=5, help="fresh processes timed of each kind (the median)")
    args = parser.parse_args()
    width, height = (int(v) for v in args.size.split("x"))
    os.environ["SPADES_DESKTOP_HOME"] = tempfile.mkdtemp(prefix="spades-bench-")

    import pygame

    from spades_desktop.ui.app import App, Options
    from spades_desktop.ui.table.scene import TableScene

    app = App(Options(size=(width, height), seed=3, rules="standard"))
    updated = UpdatedShare(pygame, (width, height))
    app.update_settings(animation_speed="normal", deck_style=args.deck)
    app.new_game()
    app.frame(1 / 60)
    startup = time.perf_counter() - START
    art = next(s for s in app.stack.scenes if isinstance(s, TableScene)).art
    faces_ready_s = None
    if art.classic is not None:
        art.classic.wait(30.0)
        faces_ready_s = round(time.perf_counter() - START - startup, 3)
    table = next(s for s in app.stack.scenes if isinstance(s, TableScene))
    table.ctl.human = None  # computers play every seat so the table keeps moving
    frame_ms: list[float] = []
    dt = 1 / 60
    updated.recording = True  # the share of the window each drawn frame of play updates
    # frames back to back, the drawn ones timed, until as many are drawn as 1,500 frames drew when the
    # computers thought in the frames (about 1,000); with worker processes the frames between a
    # request and its answer draw nothing, so more frames run for the same animations
    for _ in range(args.frames * 20):
        t0 = time.perf_counter()
        drawn = app.frame(dt)
        if drawn:
            frame_ms.append((time.perf_counter() - t0) * 1000)
        if table.modal is not None:
            table.modal.close()  # type: ignore[attr-defined]
        if len(frame_ms) >= args.frames * 2 // 3:
            break
    updated.recording = False
    # idle: let everything settle, then time frames with nothing moving
    table.ctl.human = None
    idle_table = table
    idle_table.queue.clear()
    idle_table.tweener.finish_all()
    idle_table.timers.finish_all()  # messages and bubbles gone: nothing left to change
    idle_table.ctl.players.clear()
    idle_table.ctl.human = idle_table.ctl.state.turn  # nobody thinks: the table waits for "the person"
    for _ in range(10):
        app.frame(dt)
    idle_ms: list[float] = []
    redraws = 0
    for _ in range(120):
        t0 = time.perf_counter()
        redraws += 1 if app.frame(dt) else 0
        idle_ms.append((time.perf_counter() - t0) * 1000)
    resize_ms = resize_frames(app, (width, height), dt)
    thinking_ms, decision_s = thinking_frames(app, TableScene, dt, args.thinking_frames)
    rss_kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    starts = start_times(args.size, args.starts)
    print(json.dumps({
        "size": args.size,
        "deck": args.deck,
        "faces_ready_s": faces_ready_s,
        "resize_frame_ms_max": round(max(resize_ms), 3),
        "frames_drawn": len(frame_ms),
        "frame_ms_p50": rounded(percentile(frame_ms, 0.5)),
        "frame_ms_p95": rounded(percentile(frame_ms, 0.95)),
        "frame_ms_p99": rounded(percentile(frame_ms, 0.99)),
        "redrawn_share_p50": rounded(percentile(updated.shares, 0.5)),
        "redrawn_share_mean": round(sum(updated.shares) / max(1, len(updated.shares)), 3),
        "idle_frame_ms": rounded(percentile(idle_ms, 0.5)),
        "redraws_when_idle": redraws,
        "startup_s": round(startup, 3),
        "bare_window_start_s": round(starts["bare"], 3),
        "title_start_s": round(starts["title"], 3),
        "table_start_s": round(starts["table"], 3),
        "title_start_ratio": round(starts["title"] / starts["bare"], 2),
        "thinking_frame_ms_p95": rounded(percentile(thinking_ms, 0.95)),
        "thinking_frame_ms_max": round(max(thinking_ms), 3),
        "hard_decision_s_p50": rounded(percentile(decision_s, 0.5)),
        "rss_mb": round(rss_kb / 1024, 1),
    }))


if __name__ == "__main__":
    main()
