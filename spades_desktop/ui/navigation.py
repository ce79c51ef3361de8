"""Which screen the game's life leads to: the table for a new, watched, continued or loaded game,
the title screen, the review page, the questions asked before a game would be lost.

The game's life itself (the session, the autosave, the worker pool) is ``session/lifecycle.py``'s;
this only shows what it returns, so the app (``ui/app.py``) keeps to the window and the loop.  The
app offers these as its own methods (``app.new_game()``...), for the screens.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from .text.messages import sentence
from .text.startup_words import NOT_KEPT_QUIT_QUESTION, UNSAVED_QUIT_QUESTION

if TYPE_CHECKING:
    from ..engine.deal_codes import DealCode
    from ..engine.state import GameState
    from ..options import Options
    from ..session.daily_run import DailyRun
    from ..session.files import FileService
    from ..session.lifecycle import GameLifecycle
    from .core.scene import Scene, SceneFactory, SceneStack


class NavigatedApp(Protocol):
    """What the navigation uses of the app."""

    options: Options
    stack: SceneStack
    games: GameLifecycle
    files: FileService
    notices: list[str]

    @property
    def scenes(self) -> SceneFactory: ...

    def flash(self, text: str, seconds: float = 3.0) -> None: ...


class Navigation:
    def __init__(self, app: NavigatedApp) -> None:
        self.app = app
        self.unsaved_question: Scene | None = None  # the open "quit anyway?" question, if any

    def new_game(self) -> None:
        self.app.stack.replace(self.app.scenes.table(*self.app.games.new_game()))

    def watch_game(self) -> None:
        self.app.stack.replace(self.app.scenes.table(*self.app.games.watch_game()))

    def code_game(self, code: DealCode) -> None:
        """A new game that opens with the deal a code names (the game in progress asked about first)."""
        self.app.stack.replace(self.app.scenes.table(*self.app.games.code_game(code)))

    def daily_game(self, run: DailyRun) -> None:
        """A playing of the daily deal (its start panel chose the levels)."""
        self.app.stack.replace(self.app.scenes.table(*self.app.games.daily_game(run)))

    def start_table(self, state: GameState, document: dict | None = None) -> None:
        """Play on from a loaded game (Continue or Load)."""
        self.app.stack.replace(self.app.scenes.table(self.app.games.resume(state, document)))

    def continue_game(self) -> None:
        games = self.app.games
        loaded = games.load_autosave()
        if loaded is None:
            self.to_title()
            return
        self.start_table(*loaded)
        if games.recovery_note:
            self.app.flash(games.recovery_note, seconds=8.0)

    def to_title(self) -> None:
        self.app.stack.replace(self.app.scenes.title())

    def open_settings(self) -> None:
        from .table.scene import TableScene

        in_game = any(isinstance(s, TableScene) for s in self.app.stack.scenes)
        self.app.stack.push(self.app.scenes.settings(in_game))

    def open_review(self, state: GameState, title: str, save: Path | None = None,
                    document: dict | None = None) -> None:
        """The game review of ``state``, kept where ``GameLifecycle.review_of`` says."""
        from .text.review_words import NO_HAND_ENDED

        if not state.hand_history:  # only hands played to the end are reviewed: an empty page says nothing
            self.app.flash(NO_HAND_ENDED)
            return
        self.app.stack.push(self.app.scenes.game_review(state, title, *self.app.games.review_of(state, save, document)))

    def unless_game_in_progress(self, go_on: Callable[[], None]) -> None:
        """Run ``go_on`` (New game, Load) at once, or first ask before the game in progress is
        replaced: abandon it, save it under a name first (where it can be saved), or keep it."""
        traits = self.app.games.game_in_progress()
        if traits is None:
            go_on()
            return
        self.app.stack.push(self.app.scenes.abandon(go_on, traits))

    def unless_unsaved(self, go_on: Callable[[], None], leaving_app: bool = False) -> None:
        """Run ``go_on`` (quit, leave the table), or first ask when the game would be lost with it
        (``leaving_app``: the window closes, so a game this copy keeps only in memory goes too)."""
        self.app.files.writer.flush(timeout=1.0)
        self.app.files.say_disk_news()
        question = UNSAVED_QUIT_QUESTION if self.app.games.unsaved_game_fault() else ""
        if not question and leaving_app and self.app.games.game_not_kept():
            question = NOT_KEPT_QUIT_QUESTION
        if not question:
            go_on()
            return
        self.unsaved_question = self.app.scenes.confirm(question, go_on)
        self.app.stack.push(self.unsaved_question)

    def asked_before_quitting(self) -> bool:
        """Whether the question on top is the "quit anyway?" one (closing the window again answers it)."""
        return self.unsaved_question is not None and self.app.stack.top is self.unsaved_question

    def first_screen(self) -> None:
        """A game at once (--new-game, --autoplay-hands), a game to watch (--watch), or the title
        screen; without a title screen to list the notices on, the table says them once."""
        opts = self.app.options
        if opts.watch:
            self.watch_game()
        elif opts.autoplay_hands is not None:
            self.new_game()
        elif opts.new_game:
            if not self.app.games.keep_unfinished_game():
                self.to_title()  # the game in progress could not be kept: it is not replaced
                return
            self.new_game()
        else:
            self.to_title()
            return
        if self.app.notices:
            self.app.flash(". ".join(sentence(n) for n in self.app.notices), seconds=10.0)
