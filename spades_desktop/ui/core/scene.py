"""Scenes on a stack, and the small interfaces scenes see of the app and of the table.

Each scene has ``handle_event``, ``update(dt)`` (returns True if anything changed, so the
app redraws only when needed) and ``draw(surface)``.  Scenes never import the app: they are
handed an ``AppContext`` (what they may ask of the app) whose ``scenes`` attribute builds any
other scene (``SceneFactory``, at the end: made from the scenes' constructors by
``tools/scene_factory.py``), so the imports point one way: app -> registry -> scenes -> here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

import pygame

if TYPE_CHECKING:
    from ...engine.deal_codes import DealCode
    from ...engine.seats import Seat
    from ...engine.state import GameState
    from ...session.advice import Advisor
    from ...session.controller import GameController
    from ...session.daily_run import DailyRun
    from ...session.files import FileService, Settings
    from ...session.game_session import GameSession
    from ...session.lifecycle import GameLifecycle
    from ...session.thinkers import ThinkerPool
    from ..cards.cardart import CardArt
    from ..table.play_check import PlayChecker
    from .fonts import Fonts
    from .sound import Sounds
    from .text_box import KeyPresses
    from .window import Window


class AppContext(Protocol):
    """What scenes may use of the app: its window, the scene stack, the services that keep the
    player's files (``files``) and the game's life (``games``), and where the game's life leads."""

    screen: pygame.Surface
    fonts: Fonts
    stack: SceneStack
    sounds: Sounds
    key_presses: KeyPresses
    window: Window  # full screen or not, its size when not

    @property
    def scenes(self) -> SceneFactory: ...
    @property
    def settings(self) -> Settings: ...
    @property
    def thinkers(self) -> ThinkerPool: ...  # the worker processes searches run in
    options: Any  # the command-line options (autoplay, seed, ...)
    files: FileService  # every read and write of the player's files (settings, statistics, saves, exports)
    games: GameLifecycle  # the game at the table, the autosave behind it
    redrawing_again: bool  # drawing another part of the frame just drawn: nothing changed since
    frame_count: int  # frames run so far
    notices: list[str]
    read_only: bool
    running: bool

    def card_art(self, width: int) -> CardArt: ...
    def title_background(self) -> pygame.Surface: ...
    def update_settings(self, **changes: object) -> None: ...
    def apply_display(self) -> None: ...
    def resize_window(self, size: tuple[int, int]) -> None: ...
    def toggle_fullscreen(self) -> None: ...
    def flash(self, text: str, seconds: float = 3.0) -> None: ...
    # where the game's life leads (ui/navigation.py)
    new_game: Callable[[], None]
    watch_game: Callable[[], None]
    continue_game: Callable[[], None]
    start_table: Callable[[GameState, dict | None], None]
    unless_game_in_progress: Callable[[Callable[[], None]], None]
    unless_unsaved: Callable[..., None]  # (go_on, leaving_app=False)
    open_review: Callable[..., None]  # (state, title, save=None, document=None)
    open_settings: Callable[[], None]
    to_title: Callable[[], None]
    code_game: Callable[[DealCode], None]  # a new game opening with a code's deal
    daily_game: Callable[[DailyRun], None]  # a playing of the daily deal

    def quit(self) -> None: ...


class TableContext(Protocol):
    """What the menus and summaries over a table use of it."""

    ctl: GameController
    session: GameSession
    checker: PlayChecker
    advisor: Advisor  # the judge's answers by position (the hint's and the checker's)
    check_hand: int | None
    show_all_hands: bool

    @property
    def settings(self) -> Settings: ...

    @property
    def autoplay(self) -> bool: ...

    @property
    def watching(self) -> bool: ...

    @property
    def checking(self) -> bool: ...

    def cycle_speed(self) -> None: ...
    def toggle_all_hands(self) -> None: ...

    @property
    def speed(self) -> float: ...
    def undo_available(self) -> bool: ...
    def undo(self) -> None: ...
    def modal_closed(self) -> None: ...
    def name(self, seat: Seat) -> str: ...
    @property
    def names(self) -> dict[str, str]: ...
    def top_row_bottom(self) -> int: ...


class Scene:
    #: an overlay lets the scene below show through and keep animating
    overlay = False
    #: a dialog (a question, the save name) stands in for the overlays under it: only the scene at
    #: the bottom shows through, veiled, so no menu's buttons peek round the dialog's panel
    hides_overlays = False

    def __init__(self, app: AppContext) -> None:
        self.app = app
        self.dirty = True
        #: after an ``update`` that returned True: the parts of the window that changed, or None for
        #: all of it.  Only a scene that knows exactly what moved (the table's flying cards) narrows it;
        #: the app then redraws just there, which keeps the frames short while the cards fly
        self.damage: list[pygame.Rect] | None = None

    def handle_event(self, event: pygame.event.Event) -> None:
        """React to one input event."""

    def update(self, dt: float) -> bool:
        """Advance by ``dt`` seconds; return True if the scene must be redrawn."""
        changed = self.dirty
        self.dirty = False
        return changed

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the whole scene."""

    def repaint(self) -> None:
        """Draw the whole scene again at the next frame (the window's pixels were lost)."""
        self.dirty = True

    def resized(self) -> None:
        """The window changed size: recompute layout."""
        self.dirty = True

    def closed(self) -> None:
        """The scene leaves the stack."""

    def pause(self) -> None:
        """Another scene was pushed over this one (a menu, a dialog): stop what must not run under it."""

    def resume(self) -> None:
        """The scene is on top again: take up what ``pause`` stopped."""


class SceneStack:
    def __init__(self) -> None:
        self.scenes: list[Scene] = []

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> None:
        if self.scenes:
            self.scenes[-1].pause()
        self.scenes.append(scene)
        scene.dirty = True

    def pop(self) -> Scene | None:
        if not self.scenes:
            return None
        scene = self.scenes.pop()
        scene.closed()
        if self.scenes:
            self.scenes[-1].resume()
            self.scenes[-1].dirty = True
            for s in self.visible():
                s.dirty = True
        return scene

    def replace(self, scene: Scene) -> None:
        while self.scenes:
            self.pop()
        self.push(scene)

    def visible(self) -> list[Scene]:
        """Scenes to draw, bottom first: from the last non-overlay scene up, without the overlays
        a dialog above them stands in for."""
        start = 0
        for i in range(len(self.scenes) - 1, -1, -1):
            if not self.scenes[i].overlay:
                start = i
                break
        shown: list[Scene] = []
        for scene in self.scenes[start:]:
            if shown and scene.hides_overlays:
                del shown[1:]
            shown.append(scene)
        return shown


# ---- made by `python -m spades_desktop.tools.scene_factory` from each scene's constructor: do not edit ----
if TYPE_CHECKING:
    from collections.abc import Mapping, Sequence

    from ...engine import events as E
    from ...engine.hand_result import HandResult
    from ...engine.rules import HouseRules
    from ...session.game_session import ModeTraits
    from ...session.par import ParJob
    from ...session.review import GameReview, Reviewer
    from ..text.list_page import ListPage


class SceneFactory(Protocol):
    """Builds every scene of ``ui/registry.py``'s ``SCENES`` with its constructor's parameters (the app
    implements it with ``SceneRegistry``); made from the constructors, so each is written once."""

    def table(self, session: GameSession, events: list[E.Event] | None = ...) -> Scene: ...
    def title(self) -> Scene: ...
    def pause(self, table: TableContext) -> Scene: ...
    def settings(self, in_game: bool = ...) -> Scene: ...
    def load(self) -> Scene: ...
    def statistics(self) -> Scene: ...
    def help(self, rules: HouseRules) -> Scene: ...
    def info(self, title: str, text: str) -> Scene: ...
    def abandon(self, go_on: Callable[[], None], traits: ModeTraits) -> Scene: ...
    def save_name(self, state: GameState, game_id: str, cards_seen: list[str] | None = ...,
                  then: Callable[[], None] | None = ..., review: dict | None = ...) -> Scene: ...
    def confirm(self, question: str, on_yes: Callable[[], None]) -> Scene: ...
    def score_sheet(self, state: GameState, marks: list | None = ...) -> Scene: ...
    def last_trick(self, trick: tuple[tuple[Seat, int], ...], marks: tuple[Seat, Seat] | None = ...,
                   name: Callable[[Seat], str] | None = ...) -> Scene: ...
    def text(self, title: str, lines: list[str]) -> Scene: ...
    def page(self, page: ListPage) -> Scene: ...
    def hand_replay(self, result: HandResult, name: Callable[[Seat], str], marks: list | None = ...,
                    hands: Sequence[HandResult] = ..., trick: int = ...,
                    codes: Mapping[int, str] | None = ...) -> Scene: ...
    def game_review(self, state: GameState, title: str, review: GameReview | None = ...,
                    keep: Callable[[GameReview], None] = ...) -> Scene: ...
    def duplicate(self, state: GameState, job: ParJob | None, reviewer: Reviewer | None = ...,
                  person: Seat = ...) -> Scene: ...
    def hand_summary(self, table: TableContext, event: E.HandScored) -> Scene: ...
    def game_over(self, table: TableContext, event: E.GameOver) -> Scene: ...
    def deal_code(self) -> Scene: ...
    def daily_start(self) -> Scene: ...
    def daily_result(self, session: GameSession) -> Scene: ...
# ---- end of the made part ----
