"""One game's lifecycle in one object: the controller, the game id, the autosave and statistics.

Every screen asks the session's mode what the game allows (is there a person at the table, is the
game kept, may it be saved, undone or checked) instead of combining flags of its own.  The session
listens to the engine's events as the controller applies actions, so a scored hand and a finished
game are counted when the engine says so, whichever screen happens to be showing; and the
autosave follows every action.  No pygame and no file I/O here: the writing is the keeper's.
"""

from __future__ import annotations

import time
import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from enum import Enum
from typing import Any, Protocol

from ..engine import events as E
from ..engine.phase import Phase
from ..engine.rules import HouseRules
from ..engine.seats import Seat
from ..engine.state import GameState
from ..storage.daily_stats import DailyLine
from .controller import GameController
from .daily_run import DailyRun
from .duplicate import HandScore, hand_scores
from .par import ParJob
from .review import GameReview, decisions_of, figures, review_in


@dataclass(frozen=True, slots=True)
class ModeTraits:
    """What a kind of game allows; one row of ``TRAITS`` per mode."""

    person_plays: bool  # a person sits South and acts; otherwise the computers play every seat
    kept: bool  # autosaved after every action and counted in the statistics
    offers_save: bool  # Save game in the pause menu and from the abandon question
    offers_undo: bool
    offers_checker: bool  # the play checker judges the person's bids and cards
    instant: bool  # no animation at all (a run of hands for a test or a benchmark)
    hands_face_up: bool  # every hand shown face up from the start (F toggles it when watching)


class SessionMode(Enum):
    """Why a game is at the table."""

    PLAY = "play"  # the person plays South; the game is kept
    WATCH = "watch"  # four computer players to watch: nothing is saved or counted
    AUTOPLAY = "autoplay"  # --autoplay-hands: computers in every seat at full speed, nothing kept
    READ_ONLY = "read_only"  # a second copy of the app: the person plays, nothing is written (nor offered)
    DAILY = "daily"  # the daily deal: four hands as South, kept to its end, then its result is recorded

    @property
    def traits(self) -> ModeTraits:
        return TRAITS[self]


TRAITS: dict[SessionMode, ModeTraits] = {
    SessionMode.PLAY: ModeTraits(person_plays=True, kept=True, offers_save=True, offers_undo=True,
                                 offers_checker=True, instant=False, hands_face_up=False),
    SessionMode.WATCH: ModeTraits(person_plays=False, kept=False, offers_save=False, offers_undo=False,
                                  offers_checker=False, instant=False, hands_face_up=True),
    SessionMode.AUTOPLAY: ModeTraits(person_plays=False, kept=False, offers_save=False, offers_undo=False,
                                     offers_checker=False, instant=True, hands_face_up=False),
    SessionMode.READ_ONLY: ModeTraits(person_plays=True, kept=False, offers_save=False, offers_undo=True,
                                      offers_checker=True, instant=False, hands_face_up=False),
    # (undo is offered, and makes the playing practice; the play checker is not: a daily deal is the
    # player's own; a save under a name would be a second copy of the day's playing)
    SessionMode.DAILY: ModeTraits(person_plays=True, kept=True, offers_save=False, offers_undo=True,
                                  offers_checker=False, instant=False, hands_face_up=False),
}


class GameKeeper(Protocol):
    """Where a kept game goes: the autosave and the statistics (``storage.game_keeper``)."""

    def autosave(self, state: GameState, game_id: str, cards_seen: list[str],
                 review: dict[str, Any] | None = None, daily: dict[str, Any] | None = None) -> None: ...
    def discard_autosave(self) -> None: ...
    def keep_finished(self, state: GameState, game_id: str, cards_seen: list[str],
                      review: dict[str, Any] | None = None) -> None: ...
    def daily_begun(self, day: date, game_id: str) -> None: ...
    def daily_over(self, line: DailyLine) -> None: ...
    def daily_par(self, game_id: str, par: int) -> None: ...
    def game_started(self, game_id: str, mode: str) -> None: ...
    def hands_scored(self, game_id: str, state: GameState, seat: Seat) -> None: ...
    def game_over(self, game_id: str, state: GameState, seat: Seat) -> None: ...
    def game_reviewed(self, game_id: str, state: GameState, accuracy: float) -> None: ...


class GameSession:
    """A game at the table, from its start (or resume) to its end or abandonment."""

    def __init__(self, controller: GameController, mode: SessionMode, game_id: str,
                 keeper: GameKeeper | None = None, hands_limit: int | None = None,
                 daily: DailyRun | None = None) -> None:
        self.controller = controller
        self.mode = mode
        self.game_id = game_id
        self.keeper = keeper if mode.traits.kept else None
        self.hands_limit = hands_limit  # autoplay: stop after this many hands
        self.review: GameReview | None = None  # the game review so far, kept with the game's saves
        self.moves_at_start = len(controller.state.log)  # a game played on here is moves past these
        self.daily = daily  # the daily deal's playing, if this is one
        self.daily_over = False  # its hands are played (its result is recorded, its autosave gone)
        self.par: ParJob | None = None  # the daily's par being worked out (``par.ParJob``), set by the lifecycle
        self._par_kept = False
        controller.on_change = self._changed

    # ------------------------------------------------------------ starting
    @classmethod
    def new(cls, rules: HouseRules, seed: int, levels: dict[Seat, str], mode: SessionMode,
            keeper: GameKeeper | None = None, hands_limit: int | None = None) -> tuple[GameSession, list[E.Event]]:
        """A new game; in a kept game it counts as started at once and is autosaved."""
        if not mode.traits.person_plays:
            levels = {**levels, Seat.S: levels.get(Seat.N, "normal")}  # South plays as its partner
        human = Seat.S if mode.traits.person_plays else None
        controller, events = GameController.new(rules, seed, levels, human=human)
        session = cls(controller, mode, uuid.uuid4().hex, keeper, hands_limit)
        if session.keeper is not None and Seat.S in controller.state.seats:
            session.keeper.game_started(session.game_id, rules.mode)
        session.save_now()
        return session, events

    @classmethod
    def opened(cls, state: GameState, events: list[E.Event], levels: dict[Seat, str], mode: SessionMode,
               keeper: GameKeeper | None = None, daily: DailyRun | None = None) -> tuple[GameSession, list[E.Event]]:
        """A new game that opens with a given deal (a deal code's, the daily deal's): ``state`` at
        its first decision and the ``events`` that dealt it.  A daily deal is not counted among the
        mode's games: its result is the daily's."""
        controller = GameController(state, levels, human=Seat.S, seed=state.seed)
        session = cls(controller, mode, uuid.uuid4().hex, keeper, daily=daily)
        if session.keeper is not None and daily is None:
            session.keeper.game_started(session.game_id, state.rules.mode)
        session.save_now()
        return session, events

    @classmethod
    def resume(cls, state: GameState, levels: dict[Seat, str], mode: SessionMode, game_id: str,
               keeper: GameKeeper | None = None, cards_seen: bool = False,
               daily: DailyRun | None = None) -> GameSession:
        """A loaded game (Continue or Load) played on from where it stood (a daily deal's playing
        with its own day and levels)."""
        if daily is not None:
            levels = daily.levels
        controller = GameController(state, levels, human=Seat.S, seed=len(state.log), cards_seen=cards_seen)
        session = cls(controller, mode, game_id, keeper, daily=daily)
        session.save_now()
        return session

    # ------------------------------------------------------------ what screens ask
    @property
    def traits(self) -> ModeTraits:
        return self.mode.traits

    @property
    def state(self) -> GameState:
        return self.controller.state

    @property
    def moved_on(self) -> bool:
        """Whether moves were made at this table since the game was started or loaded."""
        return len(self.state.log) > self.moves_at_start

    @property
    def watching(self) -> bool:
        return self.mode is SessionMode.WATCH

    # ------------------------------------------------------------ the daily deal
    def mark_practice(self, reason: str) -> bool:
        """A daily deal's playing becomes practice (a hint, an undo); True if that is news (then
        the autosave keeps it: a resumed playing stays practice)."""
        if self.daily is None or self.daily_over or not self.daily.mark_practice(reason):
            return False
        self.save_now()
        return True

    def daily_scores(self) -> list[HandScore]:
        """The daily deal's hands played so far, from the person's seat."""
        if self.daily is None:
            return []
        return hand_scores(self.state, Seat.S, 1, self.daily.hands)

    def take_par(self) -> list[HandScore] | None:
        """The par once it is worked out (kept with the day's result the first time), else None."""
        job = self.par
        if job is None or not job.done:
            return None
        scores: list[HandScore] | None = job.result()
        if scores is not None and self.daily_over and not self._par_kept and self.keeper is not None:
            self._par_kept = True
            self.keeper.daily_par(self.game_id, sum(s.points for s in scores))
        return scores

    def _end_daily(self, keeper: GameKeeper | None) -> None:
        """The daily's hands are played: the result is recorded (par follows when it is in) and the
        autosave goes, so Continue does not play a fifth hand of it."""
        assert self.daily is not None
        self.daily_over = True
        if keeper is None:
            return
        run = self.daily
        keeper.discard_autosave()
        keeper.daily_over(DailyLine(run.day.isoformat(), self.game_id, sum(s.points for s in self.daily_scores()),
                                    None, run.for_record, run.practice_words(), time.time()))
        self.take_par()

    # ------------------------------------------------------------ keeping
    def save_now(self) -> None:
        """Keep the game as it stands: a game in progress in the autosave, a finished one (and its
        review) among the saves."""
        if self.keeper is None:
            return
        if self.state.phase is Phase.GAME_OVER:
            if Seat.S in self.state.seats:  # (the person's game: a watched one is not kept)
                self.keeper.keep_finished(self.state, self.game_id, self.controller.seen_seats(),
                                          self.review_document())
        elif self.daily is not None:
            if not self.daily_over:
                self.keeper.autosave(self.state, self.game_id, self.controller.seen_seats(), self.review_document(),
                                     daily=self.daily.to_dict())
        elif not self.state.is_terminal():
            self.keeper.autosave(self.state, self.game_id, self.controller.seen_seats(), self.review_document())

    def keep_review(self, review: GameReview) -> None:
        """The game review has moved on: kept with the game (its autosave now, its saves later);
        once a finished game is reviewed to the end, the person's accuracy joins its statistics."""
        self.review = review
        self.save_now()
        if self.keeper is None or not self.state.is_terminal() or Seat.S not in self.state.seats:
            return
        decisions = decisions_of(self.state)
        if all(d.index in review.judged for d in decisions):
            accuracy = figures(decisions, review, Seat.S).accuracy
            if accuracy is not None:
                self.keeper.game_reviewed(self.game_id, self.state, accuracy)

    def review_document(self) -> dict[str, Any] | None:
        """The review as a save holds it, for the moves made so far (None: no review yet)."""
        return None if self.review is None else self.review.to_dict(self.state)

    def take_review(self, document: dict[str, Any]) -> None:
        """A loaded save's review, if it is one for this game's moves (else it is reviewed again)."""
        self.review = review_in(document, self.state)

    def _changed(self, controller: GameController, events: Sequence[E.Event]) -> None:
        """After every action: count what the engine scored, then keep the game (or let it go)."""
        keeper = self.keeper
        if self.daily is not None:
            if self.daily_over:
                return
            if (len(self.daily_scores()) >= self.daily.hands or any(isinstance(e, E.GameOver) for e in events)):
                self._end_daily(keeper)
            elif keeper is not None:
                self.save_now()
            return
        if keeper is None or Seat.S not in self.state.seats:
            return
        if any(isinstance(e, E.GameOver) for e in events):
            keeper.game_over(self.game_id, self.state, Seat.S)
            keeper.discard_autosave()
            self.save_now()  # kept among the saves, to be reviewed later
            return
        if any(isinstance(e, E.HandScored) for e in events):
            keeper.hands_scored(self.game_id, self.state, Seat.S)
        self.save_now()

    def close(self) -> None:
        """The game leaves the table: any search in progress stops (and a par still being worked out)."""
        self.controller.cancel()
        if self.par is not None and not self.par.done:
            self.par.cancel()
