"""``spades-desktop review SAVEFILE``: a saved game's review printed as Markdown (issue 27), the
same summary the review page exports, for players who post hands in forums.

The save is only read, never changed or moved.  A review kept in the save is used as it is;
otherwise every decision is judged in worker processes on all cores (there is no window to keep
smooth), with the progress on standard error.  Ctrl+C stops it at any moment with one line
(``cli.review_command`` and ``command_stop``), the workers ended.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from .command_stop import held
from .console import plain, quiet_stdout, say
from .engine.seats import SEAT_NAMES, Seat
from .engine.state import GameState
from .session.review import (
    Decision,
    GameReview,
    Reviewer,
    costliest,
    figures,
    hand_in_play,
    person_first,
    person_side,
    review_in,
)
from .session.thinkers import ThinkerPool, all_cores

PERSON = Seat.S  # the seat the person plays in the app


def seat_names(state: GameState, person: Seat | None = PERSON) -> dict[Seat, str]:
    return {seat: "You" if seat == person else SEAT_NAMES[seat] for seat in state.seats}


def review_game(state: GameState, cached: GameReview | None, pool: ThinkerPool | None,
                progress: Callable[[Reviewer], None] = lambda r: None, samples: int | None = None) -> Reviewer:
    """Every decision of the game judged (the cached ones kept), waiting for the workers."""
    reviewer = Reviewer(state, lambda: pool, cached, samples=samples)
    shown = -1
    while not reviewer.done:
        reviewer.step(0.05)
        if reviewer.done_count != shown:
            shown = reviewer.done_count
            progress(reviewer)
        if reviewer.asked:
            time.sleep(0.01)
    return reviewer


def review_lines(state: GameState, title: str, decisions: list[Decision], review: GameReview,
                 person: Seat | None = PERSON) -> list[str]:
    from .ui.text.review_words import summary_lines

    names = seat_names(state, person)
    seats = person_first(state, person)
    per_seat = {seat: figures(decisions, review, seat) for seat in seats}
    worst = costliest(decisions, review, person_side(state, person))
    return summary_lines(title, names, seats, per_seat, worst, person, hand_in_play(state))


def game_title(state: GameState, name: str) -> str:
    from .ui.text.variants import mode_title

    hands = len(state.hand_history)
    return f"Review of {name or 'a saved game'} ({mode_title(state.rules)}, {hands} hand{'s' if hands != 1 else ''})"


def review_main(args: Sequence[str]) -> int:
    import argparse

    parser = argparse.ArgumentParser(prog="spades-desktop review", description="Print a saved game's review.")
    parser.add_argument("savefile")
    parser.add_argument("--samples", type=int, metavar="N",
                        help="judge each decision over exactly N deals (default: the deals the hint and the "
                             "checker judge that position over; the same review every time either way)")
    try:
        options = parser.parse_args(list(args))
    except SystemExit as stop:
        return int(stop.code or 0)
    if options.samples is not None and not 16 <= options.samples <= 100_000:
        print("spades-desktop review: --samples must be from 16 to 100000", file=sys.stderr)
        return 2
    from .storage.saves import read_save_only

    path = Path(options.savefile)
    try:
        state, document = read_save_only(path)
    except FileNotFoundError:
        print(f"spades-desktop review: {path} does not exist", file=sys.stderr)
        return 1
    except Exception as exc:  # SaveError, FileProblem: the file is not a game we can read
        print(f"spades-desktop review: {path} cannot be reviewed: {exc}", file=sys.stderr)
        return 1
    try:
        return _review(state, document, options.samples)
    except BrokenPipeError:  # the reader went away (``| head -1``): what it wanted it has
        quiet_stdout()
        return 0
    except OSError as exc:  # standard output cannot be written (``> /dev/full``)
        quiet_stdout()
        say(f"spades-desktop review: the review could not be written: {plain(exc)}")
        return 1


def _cli_fallback(words: str) -> None:
    """The pool's one-time failure notice, as a command line says it (there is no window)."""
    say(f"\nspades-desktop review: {words.split(',')[0].lower()}; the review goes on in this process")


def _review(state: GameState, document: dict, samples: int | None) -> int:
    import logging

    # the pool's own warnings are for the game's log; here the command says what matters itself
    logging.getLogger("spades_desktop").addHandler(logging.NullHandler())
    logging.getLogger("spades_desktop").propagate = False
    cached = review_in(document, state)
    pool = ThinkerPool(all_cores(), on_failure=_cli_fallback)  # no window to keep smooth: every core judges
    progress_shown = False  # a progress line is on standard error, not yet ended

    def progress(reviewer: Reviewer) -> None:
        from .ui.text.review_words import progress_text

        nonlocal progress_shown
        hands = max((d.hand for d in reviewer.decisions), default=0)
        progress_shown = True  # (before the line: a stop may come as soon as it is printed)
        print(f"\r{progress_text(reviewer.hand_under_review, hands)} ({reviewer.done_count} of {reviewer.total})",
              end="", file=sys.stderr, flush=True)

    try:  # Ctrl+C at any moment (``command_stop``): the workers are ended, starting or thinking
        pool.start()
        pool.ready(60)
        reviewer = review_game(state, cached, pool if pool.available else None, progress, samples)
    except KeyboardInterrupt:
        if progress_shown:
            say("")  # the command's last line goes below the progress line, not on its end
        raise
    finally:
        with held():  # a press now waits until every worker is ended
            pool.close()
    print(file=sys.stderr)
    print("\n".join(review_lines(state, game_title(state, str(document.get("name", ""))),
                                 reviewer.decisions, reviewer.review)), flush=True)
    return 0
