"""The desktop app: window, render loop, scene stack, settings and autosave.

The loop runs at up to 60 frames a second with time-based updates and redraws
only when a scene reports a change.  Closing the window quits at once, whatever
is happening; the game in progress is autosaved after every action.
"""

from __future__ import annotations

import contextlib
import gc
import io
import logging
import os
import random
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..about import about_line
from ..engine.rules import preset
from ..engine.seats import Seat
from ..engine.state import GameState
from ..log_file import LogFile
from ..options import Options, parse_options
from ..resources import asset_path
from ..session.game_session import GameSession, ModeTraits, SessionMode
from ..session.startup import open_user_files
from ..session.thinkers import ThinkerPool
from ..storage.atomic import keep_aside, write_atomic
from ..storage.faults import write_fault
from ..storage.game_keeper import GameKeeper, keep_unfinished
from ..storage.paths import UserPaths, user_paths
from ..storage.reading import shown
from ..storage.save_status import SaveStatus
from ..storage.saves import SaveCheck, SaveError, SaveFolder, cards_seen_of, game_id_of, look_at_save, recover_save
from ..storage.settings import save_settings
from ..storage.statistics import save_statistics
from ..storage.writer import BackgroundWriter
from .core.keymap import Context, Intent
from .core.text_log import TextLog
from .core.theme import BODY, CREAM, title_gradient
from .text.messages import sentence
from .text.startup_words import NOT_KEPT_QUIT_QUESTION, READ_ONLY_NOTICE, UNSAVED_QUIT_QUESTION, lock_notice

if TYPE_CHECKING:
    from pygame import Rect, Surface

    from ..session.review import GameReview
    from .cards.cardart import CardArt
    from .core.scene import Scene

log = logging.getLogger("spades_desktop")



def setup_logging(paths: UserPaths) -> None:
    handlers: list[logging.Handler] = []
    with contextlib.suppress(OSError):
        handlers.append(LogFile(str(paths.log_file)))
    if sys.stderr is not None:  # a windowed (frozen) build has no console
        handlers.append(logging.StreamHandler(sys.stderr))
    logging.basicConfig(level=logging.INFO, handlers=handlers,
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s", force=True)
    log.info("%s", about_line())  # first: which version and system wrote what follows


class App:
    def __init__(self, options: Options) -> None:
        os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")  # software present: ~0.7 ms vs ~20 ms
        os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # a windowed build has no stdout
        import pygame

        from .core.scene import SceneStack
        from .core.sound import Sounds
        from .core.text_box import KeyPresses
        from .core.widgets import Fonts
        from .registry import SceneRegistry

        self.pygame = pygame
        self.options = options
        self._uncovered_events = frozenset((pygame.WINDOWEXPOSED, pygame.WINDOWSHOWN, pygame.WINDOWRESTORED,
                                            pygame.WINDOWFOCUSGAINED, pygame.WINDOWMAXIMIZED, pygame.VIDEOEXPOSE))
        files = open_user_files(user_paths(), setup_logging)
        self.paths, self.lock, self.read_only = files.paths, files.lock, files.read_only
        self.settings, self.settings_writable = files.settings, files.settings_writable
        self.settings_had_bad_values = files.settings_had_bad_values  # kept aside before the first rewrite
        self.notices: list[str] = [fault.folder_unusable() for fault in files.folder_faults]
        for fault in files.folder_faults:
            log.warning("%s", fault.folder_unusable())
        self.notices += files.settings_problems
        if self.read_only and self.lock.problem:
            self.notice(lock_notice(self.lock.kind, shown(str(self.paths.lock_file)), shown(str(self.paths.data))))
            log.warning("the lock %s cannot be opened (%s): read-only", self.paths.lock_file, self.lock.problem)
        elif self.read_only:
            holder = self.lock.holder()
            self.notice(READ_ONLY_NOTICE)
            log.warning("another copy (process %s) holds %s: read-only", holder or "?", self.paths.lock_file)
        pygame.display.init()
        pygame.font.init()
        pygame.display.set_caption("Spades Desktop")
        try:
            pygame.display.set_icon(pygame.image.load(str(asset_path("icon.png"))))
        except (pygame.error, FileNotFoundError) as exc:
            log.warning("no window icon: %s", exc)
        self.fullscreen = options.fullscreen or self.settings.fullscreen
        self.window_size: tuple[int, int] = options.size or (self.settings.window_size[0], self.settings.window_size[1])
        self.screen = self._open_window()
        self.fonts = Fonts()
        self.fonts.height = self.screen.get_height()
        self.sounds = Sounds()
        self.sounds.set_volume(self.settings.volume, self.settings.mute)
        self.stack = SceneStack()
        self.key_presses = KeyPresses()  # which key press a text event belongs to (see TextBox)
        self.scenes = SceneRegistry(self)
        self.running = True
        self.clock = pygame.time.Clock()
        # the computer players' worker processes, started after the first frame; a failure is said once
        self.thinkers = self._thinker_pool()
        self.worker_decisions = 0  # of the games closed so far (the frozen app's check asks)
        self.toast_text = ""
        self.toast_time = 0.0
        self._arts: dict[tuple[int, bool, str, str], CardArt] = {}
        self._title_bg = None
        self.frame_count = 0
        self.frame_shown = False  # a frame has been drawn and shown (what it did not need is started then)
        self.last_drawn: list[Scene] = []  # the scenes the last drawn frame showed
        self.redrawing_again = False  # drawing another area of the frame just drawn (App.redraw)
        self.texts = TextLog()  # the texts and panels the frame drew (the toast finds room clear of them)
        self.saves = SaveFolder(self.paths.saves)
        self.stats, self.stats_writable = files.statistics, files.statistics_writable
        self.notices.extend(files.statistics_problems)
        self.session: GameSession | None = None  # the game at the table, if any
        self.recovery_note = ""  # how far a damaged autosave was recovered, said once at the table
        self._unsaved_question: object | None = None  # the open "quit anyway?" question, if any
        self.save_status = SaveStatus()  # told by the writer's thread, read once a frame
        self.writer = BackgroundWriter(self.save_status.failed, self.save_status.written)
        self.keeper = GameKeeper(self.paths.autosave_file, self.writer, self.stats, self.save_statistics,
                                 self.paths.saves)

    # ------------------------------------------------------------ window
    def _open_window(self):
        pygame = self.pygame
        if self.fullscreen:
            return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        return pygame.display.set_mode(self.window_size, pygame.RESIZABLE)

    def toggle_fullscreen(self) -> None:
        self.fullscreen = not self.fullscreen
        self.screen = self._open_window()
        self.update_settings(fullscreen=self.fullscreen)
        self._resized()

    def notice(self, text: str) -> None:
        """A problem the person should know of (a damaged file, a failed write): listed on the title
        screen (once, however often it happens) and kept whole in the log."""
        log.warning("%s", text)
        if text not in self.notices:
            self.notices.append(text)

    def hear_from_the_disk(self) -> None:
        """Say at once when a save fails and when it works again (in the toast, over any scene)."""
        for news in self.save_status.news():
            self.notice(news) if news.startswith("Could not") else log.info("%s", news)
            self.flash(news, seconds=8.0)

    def unsaved_game_fault(self) -> str:
        """Why the game at the table is not on disk (its last autosave failed), or ""."""
        if self.session is None or not self.session.mode.traits.kept:
            return ""
        fault = self.save_status.fault(self.paths.autosave_file)
        return fault.reason if fault is not None else ""

    def unless_unsaved(self, go_on: Callable[[], None], leaving_app: bool = False) -> None:
        """Run ``go_on`` (quit, leave the table), or first ask when the game would be lost with it
        (``leaving_app``: the window closes, so a game this copy keeps only in memory goes too)."""
        self.writer.flush(timeout=1.0)
        self.hear_from_the_disk()
        question = UNSAVED_QUIT_QUESTION if self.unsaved_game_fault() else ""
        if not question and leaving_app and self.game_not_kept():
            question = NOT_KEPT_QUIT_QUESTION
        if not question:
            go_on()
            return
        self._unsaved_question = self.scenes.confirm(question, go_on)
        self.stack.push(self._unsaved_question)

    def game_not_kept(self) -> bool:
        """Whether the person has played moves of an unfinished game that this copy keeps nowhere
        (it saves nothing: a second copy, or a lock it could not use): leaving loses them."""
        session = self.session
        return (session is not None and session.mode is SessionMode.READ_ONLY and not session.state.is_terminal()
                and session.moved_on)

    def redraw_all(self) -> None:
        for scene in self.stack.visible():
            scene.dirty = True

    def _resized(self) -> None:
        self.screen = self.pygame.display.get_surface()
        self.fonts.height = self.screen.get_height()
        self._title_bg = None
        for scene in self.stack.scenes:
            scene.resized()

    def card_art(self, width: int) -> CardArt:
        """The card images for one card width in the chosen deck style, colours and back (kept for
        a few sizes, so switching back and forth does not draw the deck again)."""
        from .cards.cardart import CardArt

        settings = self.settings
        key = (width, settings.four_colour, settings.card_back, settings.deck_style)
        art = self._arts.get(key)
        if art is None:
            if len(self._arts) > 6:
                self.forget_card_art()
            art = self._arts[key] = CardArt(width, settings.four_colour, settings.card_back, settings.deck_style,
                                            asset_path("cards/classic"))
        return art

    def forget_card_art(self) -> None:
        for art in self._arts.values():
            art.close()
        self._arts.clear()

    def title_background(self):
        if self._title_bg is None:
            pygame = self.pygame
            w, h = self.screen.get_size()
            surf = pygame.Surface((w, h))
            for y in range(0, h, 4):
                t = y / h
                pygame.draw.rect(surf, title_gradient(t), (0, y, w, 4))
            self._title_bg = surf.convert()
        return self._title_bg

    # ------------------------------------------------------------ settings and games
    def _thinker_pool(self) -> ThinkerPool:
        """Workers as the command line (tests) or the settings ask: all cores but one by default."""
        workers = self.options.workers if self.options.workers is not None else self.settings.computer_cores
        return ThinkerPool(workers, on_failure=lambda words: self.flash(words, seconds=8.0))

    def update_settings(self, **changes: object) -> None:
        cores = self.settings.computer_cores
        self.settings = self.settings.with_changes(**changes)
        if self.settings.computer_cores != cores and self.options.workers is None and hasattr(self, "thinkers"):
            self.thinkers.close()  # the number of cores changed: a new pool, and any question asked again
            self.thinkers = self._thinker_pool()
            self.thinkers.start()
            if self.session is not None:
                self.session.controller.cancel()
                self.session.controller.thinkers = self.thinkers
        if self.settings_writable:  # not for a second copy, nor over a file we could not read
            if self.settings_had_bad_values:  # the file the player may want back is kept, as saves are
                self.settings_had_bad_values = False
                kept = keep_aside(self.paths.settings_file, "corrupt")
                if kept:
                    self.notice(f"{self.paths.settings_file.name} held values the game could not use{kept}")
            try:
                save_settings(self.paths.settings_file, self.settings)
            except OSError as exc:
                words = write_fault(exc, self.paths.settings_file).not_saved("Settings")
                self.notice(words)
                self.flash(words, seconds=8.0)
        self.sounds.set_volume(self.settings.volume, self.settings.mute)

    def levels(self) -> dict[Seat, str]:
        return {Seat[k]: v for k, v in self.settings.levels.items()}

    def session_mode(self) -> SessionMode:
        """How a game started now is played: by the person (kept, unless this copy is read-only),
        or by the computers for --autoplay-hands."""
        if self.options.autoplay_hands is not None:
            return SessionMode.AUTOPLAY
        return SessionMode.READ_ONLY if self.read_only else SessionMode.PLAY

    def _new_session(self, mode: SessionMode) -> None:
        rules = preset(self.options.rules) if self.options.rules else self.settings.house_rules()
        seed = self.options.seed if self.options.seed is not None else random.SystemRandom().randrange(1 << 62)
        if mode.traits.kept:
            self.keep_damaged_autosave()
        session, events = GameSession.new(rules, seed, self.levels(), mode, self.keeper,
                                          hands_limit=self.options.autoplay_hands)
        self._open_session(session, events)

    def new_game(self) -> None:
        self._new_session(self.session_mode())

    def watch_game(self) -> None:
        """Four computer players of the chosen levels play a game to watch: it touches neither the
        statistics nor the game in progress (its autosave)."""
        self._new_session(SessionMode.WATCH)

    def _open_session(self, session: GameSession, events: list | None = None) -> None:
        if self.session is not None:
            self.worker_decisions += self.session.controller.worker_answers
            self.session.close()
        self.session = session
        session.controller.thinkers = self.thinkers
        self.stack.replace(self.scenes.table(session, events))

    def keep_damaged_autosave(self) -> None:
        """An autosave that cannot be loaded is moved aside (and named) before a new one is written."""
        self.writer.flush()
        path = self.paths.autosave_file
        if not os.path.lexists(path):
            return
        try:
            recovered = recover_save(path)[2]  # a damaged file is moved aside here
        except SaveError as exc:
            if os.path.lexists(path):  # out of reach (a pipe, a folder, no permission): intact, kept too
                exc = SaveError(f"{exc}{keep_aside(path, 'unreadable')}")
            self.notice(f"{exc}.")
            return
        if recovered is not None:
            note = f"{path.name} was damaged{recovered.kept_as}."
            self.notice(note)

    def keep_unfinished_game(self) -> bool:
        """--new-game: an unfinished game in the autosave is kept as a named save first, and said;
        False if it could not be kept (then no new game replaces it)."""
        if self.read_only:
            return True  # a second copy writes nothing, the autosave included
        self.writer.flush()
        try:
            name = keep_unfinished(self.paths.autosave_file, self.paths.saves, time.strftime("%Y-%m-%d %H:%M"))
        except OSError as exc:
            self.notice(write_fault(exc, self.paths.saves).not_saved("Your unfinished game"))
            return False
        if name:
            self.notice(f"Your unfinished game was kept as the save {name!r} (Load)")
        return True

    def has_autosave(self) -> bool:
        return not self.autosave_problem()

    def autosave_problem(self) -> str:
        """Why Continue cannot be used (no game in progress, or the autosave cannot be read), or ""."""
        return self.autosave_check().problem

    def autosave_check(self) -> SaveCheck:
        """The autosave looked at: why Continue cannot be used, or the game it would continue."""
        self.writer.flush()  # the newest autosave may still be on its way to the disk
        return look_at_save(self.paths.autosave_file)

    def game_in_progress(self) -> ModeTraits | None:
        """The traits of the game New game or Load would replace, or None: the autosave (a kept
        game); in a second copy, which has no autosave of its own, the unfinished game it plays in
        memory."""
        if self.read_only:
            session = self.session
            if session is None or not session.traits.person_plays or session.state.is_terminal():
                return None
            return session.traits
        return SessionMode.PLAY.traits if self.has_autosave() else None

    def unless_game_in_progress(self, go_on: Callable[[], None]) -> None:
        """Run ``go_on`` (New game, Load) at once, or first ask before the game in progress is
        replaced: abandon it, save it under a name first (where it can be saved), or keep it."""
        traits = self.game_in_progress()
        if traits is None:
            go_on()
            return
        self.stack.push(self.scenes.abandon(go_on, traits))

    def load_autosave(self) -> tuple[GameState, dict] | None:
        """The game in progress and its save, or as much of it as a damaged autosave holds (said
        in one sentence)."""
        self.writer.flush()  # the newest autosave may still be on its way to the disk
        path = self.paths.autosave_file
        if not os.path.lexists(path):
            return None
        try:
            state, document, recovered = recover_save(path)
        except SaveError as exc:
            self.notice(f"{exc}.")
            return None
        self.recovery_note = ""
        if recovered is not None:
            self.recovery_note = recovered.sentence(path.name, say_where_kept=False)  # short, for the table
            self.notice(recovered.sentence(path.name))
        return state, document

    def continue_game(self) -> None:
        loaded = self.load_autosave()
        if loaded is None:
            self.to_title()
            return
        self.start_table(*loaded)
        if self.recovery_note:
            self.flash(self.recovery_note, seconds=8.0)

    def open_review(self, state: GameState, title: str, save: Path | None = None,
                    document: dict | None = None) -> None:
        """The game review of ``state``: the game at the table keeps its review in its session (and
        autosave); a save from the load screen keeps it in that file, rewritten in the background
        as judgements come in (not by a read-only window); any other game's review is not kept."""
        from ..session.review import review_in
        from .text.review_words import NO_HAND_ENDED

        if not state.hand_history:  # only hands played to the end are reviewed: an empty page says nothing
            self.flash(NO_HAND_ENDED)
            return
        session = self.session
        keep: Callable[[GameReview], None] = lambda review: None  # noqa: E731
        cached = None
        if session is not None and session.state is state:
            if session.review is not None:  # an undo may have changed the moves it was made for
                cached = review_in({"review": session.review.to_dict(state)}, state)
            keep = session.keep_review
        elif save is not None and document is not None:
            cached = review_in(document, state)
            if not self.read_only:
                def keep(review: GameReview) -> None:
                    self.writer.submit(save, {**document, "review": review.to_dict(state)})
        self.stack.push(self.scenes.game_review(state, title, cached, keep))

    def start_table(self, state: GameState, document: dict | None = None) -> None:
        """Play on from a loaded game (Continue or Load); ``document`` is the save it came from (its
        game id keeps the statistics from counting a hand twice; it says whose cards were seen)."""
        document = document or {}
        mode = SessionMode.READ_ONLY if self.read_only else SessionMode.PLAY
        session = GameSession.resume(state, self.levels(), mode, game_id_of(document, state), self.keeper,
                                     cards_seen="S" in cards_seen_of(document))
        session.take_review(document)
        self._open_session(session)

    def flash(self, text: str, seconds: float = 3.0) -> None:
        """A short confirmation drawn over every scene (above a menu too) for a few seconds."""
        self.toast_text = sentence(text)
        self.toast_time = seconds
        self.redraw_all()

    def draw_toast(self, surface: Surface | None = None) -> None:
        """The toast, over everything: at the top, or where it covers no text the scenes drew this
        frame (a screen's title is at the top; the bottom and the middle are tried next); on a screen
        full of text, where it covers the least (a title is the largest text: the least is rarely it)."""
        from .core.widgets import draw_wrapped_panel, wrapped_panel_rect

        drawn = self.texts.rects()
        if not self.toast_text:
            return
        w, h = self.screen.get_size()
        font = self.fonts.get(BODY, bold=True)
        width = int(w * 0.7)
        box = wrapped_panel_rect(font, self.toast_text, width)
        margin = int(h * 0.012)
        places = [{"midtop": (w // 2, margin)}, {"midbottom": (w // 2, h - margin)}, {"center": (w // 2, h // 2)},
                  {"midtop": (w // 2, h // 4)}, {"midbottom": (w // 2, h * 3 // 4)}]

        def covered(place: dict[str, tuple[int, int]]) -> int:
            rect = box.copy()
            setattr(rect, *next(iter(place.items())))
            return sum(part.w * part.h for part in (rect.clip(text) for text in drawn))

        place = min(places, key=covered)  # the first of the places that cover nothing, if any does
        self.toast_rect = draw_wrapped_panel(surface or self.screen, font, self.toast_text, width, CREAM, **place)

    def save_statistics(self) -> None:
        if not self.stats_writable:
            return
        try:
            save_statistics(self.paths.statistics_file, self.stats)
        except OSError as exc:  # said at the table at once, and listed on the title screen
            words = write_fault(exc, self.paths.statistics_file).not_saved("Statistics")
            self.notice(words)
            self.flash(words, seconds=8.0)

    def open_settings(self) -> None:
        from .table.scene import TableScene

        in_game = any(isinstance(s, TableScene) for s in self.stack.scenes)
        self.stack.push(self.scenes.settings(in_game))

    def apply_display(self) -> None:
        """Display settings take effect at once: card art, table colour and layout are rebuilt."""
        self.forget_card_art()
        self._resized()

    def resize_window(self, size: tuple[int, int]) -> None:
        if self.fullscreen:
            return
        self.window_size = size
        self.screen = self.pygame.display.set_mode(size, self.pygame.RESIZABLE)
        self._resized()

    def to_title(self) -> None:
        self.stack.replace(self.scenes.title())

    def quit(self) -> None:
        self.running = False

    # ------------------------------------------------------------ loop
    def screenshot(self, path: str | Path | None = None) -> Path:
        if path is None:
            folder = self.paths.data / "screenshots"
            folder.mkdir(parents=True, exist_ok=True)
            path = folder / f"spades-{time.strftime('%Y%m%d-%H%M%S')}.png"
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        self.pygame.image.save(self.screen, str(path))
        return path

    def handle(self, event) -> None:
        pygame = self.pygame
        if event.type == pygame.QUIT:
            if self.stack.top is not None and self.stack.top is self._unsaved_question:
                self.running = False  # asked already: closing the window again is the answer
                return
            self.unless_unsaved(self.quit, leaving_app=True)
            return
        if event.type == pygame.VIDEORESIZE and not self.fullscreen:
            self.window_size = (max(960, event.w), max(540, event.h))
            if (event.w, event.h) != self.window_size:
                self.screen = pygame.display.set_mode(self.window_size, pygame.RESIZABLE)
            self.update_settings(window_size=self.window_size)
            self._resized()
            return
        if event.type == pygame.WINDOWSIZECHANGED:
            self._resized()
            return
        if event.type in self._uncovered_events:
            self.redraw_all()  # without a compositor the window's pixels are gone: paint them again
            return
        from .core.keys import intent_for  # pygame is imported when the app starts, not with this module

        self.key_presses.saw(event)
        anywhere = intent_for([Context.GLOBAL], event) if event.type == pygame.KEYDOWN else None
        if anywhere is Intent.FULLSCREEN:
            self.toggle_fullscreen()
            return
        if anywhere is Intent.SCREENSHOT:
            try:
                saved = self.screenshot()
            except (OSError, self.pygame.error) as exc:
                self.flash(f"The screenshot could not be saved: {exc}")
            else:
                self.flash(f"Screenshot saved to {saved}")
            return
        top = self.stack.top
        if top is not None:
            top.handle_event(event)

    def frame(self, dt: float) -> bool:
        """One frame: events, updates, and a redraw if anything changed.  Returns True if drawn."""
        pygame = self.pygame
        events = pygame.event.get()
        for event in events:
            self.handle(event)
            if not self.running:
                return False
        self.hear_from_the_disk()
        changed = False
        damage: list[Rect] | None = []  # where this frame changes the window (None: everywhere)
        visible = list(self.stack.visible())
        if events:  # input may have changed anything a scene shows: each says where (the table), or redraws
            for scene in visible:
                scene.dirty = True
        for scene in visible:
            if scene.update(dt):
                changed = True
                damage = None if damage is None or scene.damage is None else damage + scene.damage
        if self.toast_time > 0:
            self.toast_time -= dt
            if self.toast_time <= 0:
                self.toast_text = ""
                changed = True
                damage = None
        if visible != self.last_drawn or not self.frame_shown or self.toast_text:
            # a scene came or went: what the last frame showed is no base to build on; a toast finds
            # its place among all the texts of the frame
            damage = None
        if changed and self.stack.scenes:
            if damage is None:
                self.redraw(self.screen)
                pygame.display.flip()
            else:
                from .core.damage import merge_areas

                areas = merge_areas(damage, self.screen.get_rect())
                for i, area in enumerate(areas):
                    self.redraw(self.screen, area, again=i > 0)
                pygame.display.update(areas)
            self.last_drawn = visible
            if not self.frame_shown:  # the first frame is on screen: what it did not need starts now
                self.frame_shown = True
                # what exists now (modules, the theme, the first screen) lives as long as the app: kept
                # out of the garbage collector's full passes, which otherwise walk it all and took a
                # 15-25 ms frame now and then while a game was reviewed
                gc.freeze()
                self.thinkers.start()  # the workers, and the sounds, cost the start nothing
                self.sounds.load()
        self.frame_count += 1
        return changed

    def redraw(self, surface: Surface, area: Rect | None = None, again: bool = False) -> None:
        """Draw every visible scene and the toast; with ``area``, only the pixels inside it change
        (everything is drawn clipped, so what overlaps the area keeps its order: a flying card
        still passes under the scoreboard).  ``again``: another area of the same frame, nothing
        changed since the last (a scene may reuse what it worked out for it)."""
        self.redrawing_again = again
        from .core.text_log import recording

        surface.set_clip(area)
        self.texts.clear()  # the toast is placed clear of this frame's texts
        with recording(self.texts):
            for scene in self.stack.visible():
                scene.draw(surface)
            self.draw_toast(surface)
        surface.set_clip(None)

    def start(self) -> None:
        """The first screen: a game at once (--new-game, --autoplay-hands), a game to watch
        (--watch), or the title screen."""
        opts = self.options
        if opts.watch:
            self.watch_game()
        elif opts.autoplay_hands is not None:
            self.new_game()
        elif opts.new_game:
            if not self.keep_unfinished_game():
                self.to_title()  # the game in progress could not be kept: it is not replaced
                return
            self.new_game()
        else:
            self.to_title()
            return
        if self.notices:  # no title screen to list them on: the table says them once
            self.flash(". ".join(sentence(n) for n in self.notices), seconds=10.0)

    def run(self) -> int:
        opts = self.options
        if opts.smoke_test:
            return self.smoke_test()
        self.start()
        started = time.perf_counter()
        while self.running:
            dt = self.clock.tick(60) / 1000.0
            self.frame(min(dt, 0.1))
            if opts.quit_after is not None and time.perf_counter() - started >= opts.quit_after:
                break
            if opts.frames is not None and self.frame_count >= opts.frames:
                break
        return self.close()

    def smoke_test(self) -> int:
        """A few frames of the title and the table; exit 1 if the table could not draw the chosen
        deck (the frozen app's check that its card art came along)."""
        self.to_title()
        for _ in range(20):
            self.frame(1 / 60)
        self.watch_game()  # the table as a watched game: neither the autosave nor the statistics change
        for _ in range(120):
            self.frame(1 / 60)
        from .table.scene import TableScene

        table = self.stack.scenes[0]
        art = self.card_art(table.layout.card_w if isinstance(table, TableScene) else 120)  # the table's own art
        if art.classic is not None and not art.classic.wait(20.0):
            log.error("smoke test: %s", art.classic.failed or "the classic card faces were not drawn in time")
            self.close()
            return 1
        self.redraw_all()
        self.frame(1 / 60)
        from .cards.suit_glyphs import suits_missing
        from .core.typeface import typeface_missing

        missing = typeface_missing() + suits_missing()
        if missing:  # the frozen app's check that its typeface and suit art came along
            log.error("smoke test: the typeface or the suit symbols are missing: %s", ", ".join(missing))
            self.close()
            return 1
        return self.close()

    def close(self) -> int:
        """Quit: the game's files are written first; the --screenshot image last, so a path that
        cannot be written costs nothing else (it is one line on stderr and exit status 1)."""
        shot = None
        if self.options.screenshot:
            self.redraw(self.screen)
            shot = self.screen.copy()
        for scene in self.stack.scenes:
            scene.closed()
        if self.session is not None:
            self.worker_decisions += self.session.controller.worker_answers
            self.session.close()
        self.thinkers.close()  # no worker process outlives the window
        self.forget_card_art()
        self.writer.close()
        self.lock.release()
        status = 0
        if shot is not None:
            try:
                save_image(self.pygame, shot, Path(str(self.options.screenshot)))
            except (OSError, self.pygame.error) as exc:
                print(screenshot_error(str(self.options.screenshot), exc), file=sys.stderr)
                status = 1
        self.pygame.quit()
        if os.environ.get("SPADES_DESKTOP_REQUIRE_WORKERS") and (self.thinkers.failed or not self.worker_decisions):
            # the frozen app's check that its computer players really thought in worker processes
            print(f"spades-desktop: no decision came from a worker process ({self.thinkers.failed or 'none asked'})",
                  file=sys.stderr)
            status = 1
        return status


def save_image(pygame: Any, surface: Surface, path: Path) -> None:
    """The image encoded in memory in the format its name ends in, then written atomically: a
    path that cannot take a new file (a pseudo-file such as /proc/self/status, a folder that is
    not there) fails with an error instead of writing nothing in silence."""
    encoded = io.BytesIO()
    pygame.image.save(surface, encoded, path.name)
    write_atomic(path, encoded.getvalue())


def screenshot_error(path: str, exc: BaseException) -> str:
    reason = (exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)).rstrip(".")
    return f"spades-desktop: the screenshot could not be written to {path}: {reason[:1].lower()}{reason[1:]}"


def refused_screenshot(options: Options, paths: UserPaths) -> str:
    """Why --screenshot's path is refused (it lies in the game's own folders, where it could
    overwrite a save), or ""."""
    if options.screenshot and paths.holds(Path(options.screenshot)):
        return (f"spades-desktop: --screenshot {options.screenshot} is inside the game's own folders"
                " (its saves and settings live there); choose a path elsewhere")
    return ""


def main(argv: Sequence[str]) -> int:
    options = parse_options(argv)
    refused = refused_screenshot(options, user_paths())
    if refused:
        print(refused, file=sys.stderr)
        return 2
    from .crash_guard import run_guarded  # an uncaught error: the game kept, a report, a sentence

    return run_guarded(App, options)

