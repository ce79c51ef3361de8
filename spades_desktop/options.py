"""The game's command line (``spades-desktop [options]``), read and checked before any window opens.

Every number is checked to be finite and within a stated range, and the usage error says the
range: a size of 10^20 pixels, a window of 16384x16384 (seconds a frame) or ``--quit-after nan``
(never quits) are refused in one line instead of a traceback or a game that cannot be played.
No pygame here: the command line is read before pygame is imported.
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import NoReturn

from .console import say
from .player_options import add_player_options, run_alone

#: the window sizes the table is laid out for: from the smallest it fits to 8K
MIN_SIZE = (960, 540)
MAX_SIZE = (7680, 4320)
#: --quit-after: up to a day
MAX_QUIT_AFTER = 86_400.0
#: --frames: a day at 60 frames a second
MAX_FRAMES = 5_184_000
#: --autoplay-hands: more hands than any game has
MAX_AUTOPLAY_HANDS = 10_000
#: --screenshot: the image formats pygame writes, by the file's ending
SCREENSHOT_ENDINGS = (".png", ".jpg", ".jpeg", ".bmp", ".tga")


@dataclass
class Options:
    screenshot: str | None = None
    smoke_test: bool = False
    autoplay_hands: int | None = None
    size: tuple[int, int] | None = None
    fullscreen: bool = False
    new_game: bool = False
    rules: str | None = None
    seed: int | None = None
    quit_after: float | None = None
    frames: int | None = None
    watch: bool = False
    workers: int | None = None  # processes the computer players think in: None all cores but one, 0 none
    review_samples: int | None = None  # deals per decision in a game review (tests, tools); None: the time budget
    par_worlds: int | None = None  # worlds per hard decision of a par (tests, tools); None: par_play.PAR_WORLDS


def _size(text: str) -> tuple[int, int]:
    """``WxH`` within ``MIN_SIZE`` and ``MAX_SIZE``; ValueError with the sentence otherwise."""
    parts = text.lower().split("x")
    if len(parts) != 2 or not all(p.strip().isdigit() and len(p.strip()) <= 6 for p in parts):
        raise ValueError(f"--size must look like 1280x720, not {text!r}")
    width, height = (int(p) for p in parts)
    if not (MIN_SIZE[0] <= width <= MAX_SIZE[0] and MIN_SIZE[1] <= height <= MAX_SIZE[1]):
        raise ValueError(f"--size must be from {MIN_SIZE[0]}x{MIN_SIZE[1]} to {MAX_SIZE[0]}x{MAX_SIZE[1]},"
                         f" not {text}")
    return width, height


def _whole(name: str, value: int | None, low: int, high: int) -> str:
    """Why a whole number is out of its range, or ""."""
    if value is not None and not low <= value <= high:
        return f"{name} must be from {low} to {high}, not {value}"
    return ""


def screenshot_problem(path: str) -> str:
    """Why --screenshot's path cannot be written as an image, or "" (its folder is checked when
    it is written: a game may be played before it)."""
    if not path.lower().endswith(SCREENSHOT_ENDINGS):
        return f"--screenshot must name a {', '.join(SCREENSHOT_ENDINGS)} file, not {path}"
    target = Path(path)
    if target.exists() and not target.is_file():
        return f"--screenshot {path} is not a file that can be replaced"
    return ""


class _Parser(argparse.ArgumentParser):
    """The game's parser: a usage error is one line, the option and why, with status 2 (argparse's
    own printed the whole usage, six lines, above it)."""

    def error(self, message: str) -> NoReturn:
        say(f"{self.prog}: {message} (see {self.prog} --help)")
        self.exit(2)


def parse_options(argv: Sequence[str]) -> Options:
    p = _Parser(prog="spades-desktop", description="Play Spades against the computer.")
    p.add_argument("--screenshot", metavar="PATH",
                   help=f"save the screen to PATH ({', '.join(SCREENSHOT_ENDINGS)}) when the app exits")
    p.add_argument("--smoke-test", action="store_true",
                   help="open, run some frames of title and table, exit 0 (touches no game and no statistics)")
    p.add_argument("--autoplay-hands", type=int, metavar="N",
                   help=f"computers play every seat for N hands (1 to {MAX_AUTOPLAY_HANDS})")
    p.add_argument("--size", metavar="WxH",
                   help=f"window size from {MIN_SIZE[0]}x{MIN_SIZE[1]} to {MAX_SIZE[0]}x{MAX_SIZE[1]}, e.g. 1920x1080")
    p.add_argument("--fullscreen", action="store_true")
    start = p.add_mutually_exclusive_group()  # one game at once: to play or to watch
    start.add_argument("--new-game", action="store_true",
                       help="start a new game at once (an unfinished game is kept as a named save first)")
    start.add_argument("--watch", action="store_true",
                       help="watch computer players play a game at once (nothing is saved or counted)")
    p.add_argument("--rules", metavar="PRESET", help="house-rule preset for a game started from here")
    p.add_argument("--seed", type=int, help="seed of a game started from here (reproducible deals)")
    p.add_argument("--quit-after", type=float, metavar="SECONDS",
                   help=f"exit after this long (0 to {MAX_QUIT_AFTER:g} seconds)")
    p.add_argument("--frames", type=int, help=f"exit after this many frames (1 to {MAX_FRAMES})")
    add_player_options(p)  # --version, --install-desktop-entry, --remove-desktop-entry: do it and exit
    a = p.parse_args(list(argv))
    run_alone(p, a, argv)  # one of those: run (and exit) if it is alone, refused if not
    if a.watch and a.autoplay_hands is not None:
        p.error("--watch and --autoplay-hands cannot be used together: --autoplay-hands is a run of hands"
                " at full speed, --watch a game to watch")
    size = None
    if a.size:
        try:
            size = _size(a.size)
        except ValueError as exc:
            p.error(str(exc))
    if a.seed is not None and not -(1 << 63) <= a.seed < 1 << 64:
        p.error("--seed must be a whole number of at most 64 bits")
    if a.quit_after is not None and not (math.isfinite(a.quit_after) and 0 <= a.quit_after <= MAX_QUIT_AFTER):
        p.error(f"--quit-after must be a number of seconds from 0 to {MAX_QUIT_AFTER:g}, not {a.quit_after}")
    problem = (_whole("--frames", a.frames, 1, MAX_FRAMES)
               or _whole("--autoplay-hands", a.autoplay_hands, 1, MAX_AUTOPLAY_HANDS))
    if problem:
        p.error(problem)
    screenshot = None
    if a.screenshot is not None:
        screenshot = str(Path(a.screenshot).expanduser())  # checked and written as the same path
        problem = screenshot_problem(screenshot)
        if problem:
            p.error(problem)
    if a.rules:
        from .engine.rules import RulesError, preset

        try:
            preset(a.rules)
        except RulesError as exc:
            p.error(str(exc))
    return Options(screenshot, a.smoke_test, a.autoplay_hands, size, a.fullscreen, a.new_game, a.rules, a.seed,
                   a.quit_after, a.frames, a.watch)
