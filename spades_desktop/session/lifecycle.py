"""A game's life in the app: new, watch, continue, load, the autosave's recovery, the review's
start, and the worker processes the computer players think in.

Kept out of the window's code (``ui/app.py``), which only shows what this returns: a new session
goes to the table, a review to the review page.  The autosave is read here and a damaged one is
kept aside and named, so the window never touches a file; what the player must hear of is told to
the files service's listener (the app's notices), in words.
"""

from __future__ import annotations

import logging
import os
import random
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from ..engine.daily import DAILY_RULES, daily_seed
from ..engine.deal_codes import SEEDS, DealCode
from ..engine.rules import preset
from ..engine.seats import Seat
from ..engine.state import GameState
from ..options import Options
from ..storage.atomic import keep_aside
from ..storage.daily_stats import practice_reason
from ..storage.errors import StorageError
from ..storage.faults import write_fault
from ..storage.game_keeper import keep_unfinished
from ..storage.saves import SaveCheck, SaveError, cards_seen_of, game_id_of, look_at_save, read_save_only, recover_save
from .daily_run import DailyRun
from .files import FileService
from .game_session import GameSession, ModeTraits, SessionMode
from .par import PAR_SLICE, PAR_WORLDS, ParJob, ParSpec, start_par
from .review import GameReview, review_in
from .thinkers import ThinkerPool

log = logging.getLogger("spades_desktop")

#: what keeps a game review as its judgements come in (the session, a save, or nothing)
KeepReview = Callable[[GameReview], None]


class GameLifecycle:
    """The game at the table (``session``), the worker pool, and the autosave behind them."""

    def __init__(self, options: Options, files: FileService) -> None:
        self.options = options
        self.files = files
        self.session: GameSession | None = None  # the game at the table, if any
        self.recovery_note = ""  # how far a damaged autosave was recovered, said once at the table
        self.worker_decisions = 0  # of the games closed so far (the frozen app's check asks)
        self.thinkers = self._thinker_pool()  # started after the first frame; a failure is said once
        self.par_jobs: list[ParJob] = []  # pars under way, moved on each frame whatever screen shows

    # ------------------------------------------------------------ the worker processes
    def _cores(self) -> int | None:
        return self.options.workers if self.options.workers is not None else self.files.settings.computer_cores

    def _thinker_pool(self) -> ThinkerPool:
        """Workers as the command line (tests) or the settings ask: all cores but one by default."""
        self._pool_cores = self._cores()
        return ThinkerPool(self._pool_cores, on_failure=lambda words: self.files.listener.flash(words, seconds=8.0))

    def follow_settings(self) -> None:
        """The number of cores changed in the settings: a new pool, and any question asked again."""
        if self._cores() == self._pool_cores:
            return
        self.thinkers.close()
        self.thinkers = self._thinker_pool()
        self.thinkers.start()
        if self.session is not None:
            self.session.controller.cancel()
            self.session.controller.thinkers = self.thinkers

    # ------------------------------------------------------------ new, watch, resume
    def levels(self) -> dict[Seat, str]:
        return {Seat[k]: v for k, v in self.files.settings.levels.items()}

    def session_mode(self) -> SessionMode:
        """How a game started now is played: by the person (kept, unless this copy is read-only),
        or by the computers for --autoplay-hands."""
        if self.options.autoplay_hands is not None:
            return SessionMode.AUTOPLAY
        return SessionMode.READ_ONLY if self.files.read_only else SessionMode.PLAY

    def new_game(self, mode: SessionMode | None = None) -> tuple[GameSession, list]:
        """A new game (the person's, or ``mode``'s) and the events that began it."""
        mode = mode or self.session_mode()
        options = self.options
        rules = preset(options.rules) if options.rules else self.files.settings.house_rules()
        # (a seed a deal code can carry: every hand of a game the app deals has its code)
        seed = options.seed if options.seed is not None else random.SystemRandom().randrange(len(SEEDS))
        if mode.traits.kept:
            self.keep_damaged_autosave()
        session, events = GameSession.new(rules, seed, self.levels(), mode, self.files.keeper,
                                          hands_limit=options.autoplay_hands)
        return self._open(session), events

    def code_game(self, code: DealCode) -> tuple[GameSession, list]:
        """A new game of the person's that opens with the deal ``code`` names, under the settings'
        house rules with the code's mode and deck (``DealCode.rules``), kept as any game."""
        mode = self.session_mode()
        if mode.traits.kept:
            self.keep_damaged_autosave()
        state, events = GameState.new_game(code.rules(self.files.settings.house_rules()), code.seed, code.hand,
                                           code.dealer)
        return self._open(GameSession.opened(state, events, self.levels(), mode, self.files.keeper)[0]), events

    def daily_game(self, run: DailyRun) -> tuple[GameSession, list]:
        """A playing of ``run.day``'s daily deal (practice from the start where the statistics say
        the day is played for the record already), its par started at once beside it."""
        stats = self.files.stats
        reason = practice_reason(stats.daily, run.day, stats.daily_begun)
        if reason:
            run.mark_practice(reason)
        mode = SessionMode.READ_ONLY if self.files.read_only else SessionMode.DAILY
        if mode.traits.kept:
            self.keep_damaged_autosave()
        state, events = GameState.new_game(DAILY_RULES, daily_seed(run.day))
        session = GameSession.opened(state, events, run.levels, mode, self.files.keeper, run)[0]
        if run.for_record and mode.traits.kept:
            self.files.keeper.daily_begun(run.day, session.game_id)
        self._start_par(session)
        return self._open(session), events

    def _start_par(self, session: GameSession) -> None:
        """The daily's par: the day's hands with the hard player in the person's seat and the
        playing's levels at the others, played in the workers while the person plays (a resumed
        playing starts it again: it comes out the same)."""
        run = session.daily
        assert run is not None
        session.par = self.start_par(ParSpec.of(DAILY_RULES, daily_seed(run.day), run.hands, run.levels))

    def watch_game(self) -> tuple[GameSession, list]:
        """Four computer players of the chosen levels play a game to watch: it touches neither the
        statistics nor the game in progress (its autosave)."""
        return self.new_game(SessionMode.WATCH)

    def resume(self, state: GameState, document: dict | None = None) -> GameSession:
        """Play on from a loaded game (Continue or Load); ``document`` is the save it came from (its
        game id keeps the statistics from counting a hand twice; it says whose cards were seen)."""
        document = document or {}
        daily = DailyRun.from_dict(document.get("daily"))
        mode = SessionMode.READ_ONLY if self.files.read_only else SessionMode.DAILY if daily else SessionMode.PLAY
        session = GameSession.resume(state, self.levels(), mode, game_id_of(document, state), self.files.keeper,
                                     cards_seen="S" in cards_seen_of(document), daily=daily)
        session.take_review(document)
        if daily is not None:  # the same deal (the day kept in the save), its par worked out again
            self._start_par(session)
        return self._open(session)

    def _open(self, session: GameSession) -> GameSession:
        self.close_session()
        self.session = session
        session.controller.thinkers = self.thinkers
        return session

    def close_session(self) -> None:
        if self.session is not None:
            self.worker_decisions += self.session.controller.worker_answers
            self.session.close()

    def close(self) -> None:
        """The game's session, then the workers: no worker process outlives the window."""
        self.close_session()
        for job in self.par_jobs:
            job.cancel()
        self.par_jobs.clear()
        self.thinkers.close()

    # ------------------------------------------------------------ the par (issue 56)
    def start_par(self, what: GameState | ParSpec, person: Seat = Seat.S) -> ParJob | None:
        """The par of a finished game's hands (``what`` a GameState, its other seats at the levels
        of the settings) or of a spec (the daily deal's), played in the workers and moved on each
        frame by ``step_par`` until it is done or cancelled; None when the game has no hand a par can
        deal.  ``Options.par_worlds`` (tests, tools) sets the hard player's worlds."""
        worlds = self.options.par_worlds or PAR_WORLDS
        if isinstance(what, ParSpec) and self.options.par_worlds is not None:
            what = replace(what, worlds=worlds)
        job = start_par(lambda: self.thinkers, what, self.levels(), person, worlds)
        if job is not None:
            self.par_jobs.append(job)
        return job

    def step_par(self, seconds: float = PAR_SLICE) -> bool:
        """Each frame: the pars under way moved on (those done are let go); True if one moved."""
        moved = False
        for job in list(self.par_jobs):
            moved = job.step(seconds) or moved
            if job.done:
                self.par_jobs.remove(job)
        return moved

    def workers_problem(self) -> str:
        """Why no decision came from a worker process (the frozen app's check asks), or ""."""
        if self.thinkers.failed or not self.worker_decisions:
            return f"no decision came from a worker process ({self.thinkers.failed or 'none asked'})"
        return ""

    # ------------------------------------------------------------ the autosave
    def keep_damaged_autosave(self) -> None:
        """An autosave that cannot be loaded is moved aside (and named) before a new one is written."""
        self.files.writer.flush()
        path = self.files.paths.autosave_file
        if not os.path.lexists(path):
            return
        try:
            recovered = recover_save(path)[2]  # a damaged file is moved aside here
        except SaveError as exc:
            if os.path.lexists(path):  # out of reach (a pipe, a folder, no permission): intact, kept too
                exc = SaveError(f"{exc}{keep_aside(path, 'unreadable')}")
            self.files.listener.notice(f"{exc}.")
            return
        if recovered is not None:
            self.files.listener.notice(f"{path.name} was damaged{recovered.kept_as}.")

    def keep_unfinished_game(self) -> bool:
        """--new-game: an unfinished game in the autosave is kept as a named save first, and said;
        False if it could not be kept (then no new game replaces it)."""
        files = self.files
        if files.read_only:
            return True  # a second copy writes nothing, the autosave included
        files.writer.flush()
        try:
            name = keep_unfinished(files.paths.autosave_file, files.paths.saves, time.strftime("%Y-%m-%d %H:%M"))
        except OSError as exc:
            files.listener.notice(write_fault(exc, files.paths.saves).not_saved("Your unfinished game"))
            return False
        if name:
            files.listener.notice(f"Your unfinished game was kept as the save {name!r} (Load)")
        return True

    def has_autosave(self) -> bool:
        return not self.autosave_problem()

    def autosave_problem(self) -> str:
        """Why Continue cannot be used (no game in progress, or the autosave cannot be read), or ""."""
        return self.autosave_check().problem

    def autosave_check(self) -> SaveCheck:
        """The autosave looked at: why Continue cannot be used, or the game it would continue."""
        self.files.writer.flush()  # the newest autosave may still be on its way to the disk
        return look_at_save(self.files.paths.autosave_file)

    def load_autosave(self) -> tuple[GameState, dict] | None:
        """The game in progress and its save, or as much of it as a damaged autosave holds (said
        in one sentence; ``recovery_note`` says it short, for the table)."""
        self.files.writer.flush()  # the newest autosave may still be on its way to the disk
        path = self.files.paths.autosave_file
        if not os.path.lexists(path):
            return None
        try:
            state, document, recovered = recover_save(path)
        except SaveError as exc:
            self.files.listener.notice(f"{exc}.")
            return None
        self.recovery_note = ""
        if recovered is not None:
            self.recovery_note = recovered.sentence(path.name, say_where_kept=False)
            self.files.listener.notice(recovered.sentence(path.name))
        return state, document

    def game_in_progress(self) -> ModeTraits | None:
        """The traits of the game New game or Load would replace, or None: the autosave (a kept
        game), unless a named save holds it with no move since; in a second copy, which has no
        autosave of its own, the unfinished game it plays in memory."""
        if self.files.read_only:
            session = self.session
            if session is None or not session.traits.person_plays or session.state.is_terminal():
                return None
            return session.traits
        if not self.has_autosave() or self.game_saved_by_name():
            return None
        return SessionMode.PLAY.traits

    def game_saved_by_name(self) -> bool:
        """Whether the game in progress (the autosave) is kept unchanged in a named save: saved,
        and no move made since, so New game or Load loses nothing and need not ask."""
        try:
            document = read_save_only(self.files.paths.autosave_file)[1]
        except (OSError, StorageError):  # missing or damaged: kept nowhere else, so the question stays
            return False
        return self.files.saves.holds_game(document)

    def unsaved_game_fault(self) -> str:
        """Why the game at the table is not on disk (its last autosave failed), or ""."""
        if self.session is None or not self.session.mode.traits.kept:
            return ""
        return self.files.autosave_fault()

    def game_not_kept(self) -> bool:
        """Whether the person has played moves of an unfinished game that this copy keeps nowhere
        (it saves nothing: a second copy, or a lock it could not use): leaving loses them."""
        session = self.session
        return (session is not None and session.mode is SessionMode.READ_ONLY and not session.state.is_terminal()
                and session.moved_on)

    # ------------------------------------------------------------ the review
    def review_of(self, state: GameState, save: Path | None = None,
                  document: dict | None = None) -> tuple[GameReview | None, KeepReview]:
        """The review so far of ``state`` and where its judgements are kept: the game at the table
        keeps its review in its session (and autosave); a save from the load screen keeps it in
        that file, rewritten in the background as judgements come in (not by a read-only window);
        any other game's review is not kept."""
        session = self.session
        keep: KeepReview = lambda review: None  # noqa: E731
        cached = None
        if session is not None and session.state is state:
            if session.review is not None:  # an undo may have changed the moves it was made for
                cached = review_in({"review": session.review.to_dict(state)}, state)
            keep = session.keep_review
        elif save is not None and document is not None:
            cached = review_in(document, state)
            if not self.files.read_only:
                def keep(review: GameReview) -> None:
                    self.files.keep_review(save, document, review.to_dict(state))
        return cached, keep
