"""The desktop app: the window, the scene stack, input routing, notices and the loop.

The loop runs at up to 60 frames a second with time-based updates and redraws only what a scene
reports changed.  Closing the window quits at once, whatever is happening; the game in progress is
autosaved after every action.  The rest lives beside it: start-up in ``session/startup.py``, the
game's life and the worker pool in ``session/lifecycle.py``, every file a screen reads or writes in
``session/files.py``, the screens that life leads to in ``ui/navigation.py``.
"""

from __future__ import annotations

import gc
import logging
import os
import sys
import time
from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..options import Options, parse_options
from ..session.files import FileService, Settings
from ..session.lifecycle import GameLifecycle
from ..session.startup import open_user_files, refused_screenshot
from .core.keymap import Context, Intent
from .core.text_log import TextLog, recording
from .navigation import Navigation
from .text.messages import sentence
from .text.startup_words import startup_notices

if TYPE_CHECKING:
    from pygame import Rect, Surface

    from ..session.game_session import GameSession
    from ..session.thinkers import ThinkerPool
    from .cards.cardart import CardArt

log = logging.getLogger("spades_desktop")

#: how long another thread of the game's process may keep the interpreter before the window's thread
#: takes it back (Python's default is 5 ms).  A frame that hands a computer's question to the worker
#: pool wakes the pool's own threads; getting the interpreter back from them and the save writer took
#: that frame 9-16 ms, the longest frames while the computers thought.
SWITCH_INTERVAL = 0.0005


class App:
    def __init__(self, options: Options) -> None:
        # everything made until the first frame lives as long as the app: the collector's passes over
        # it while the window, the art and the first screen are made found nothing to free and cost
        # a start 8-16 ms; it is switched on again (and that all frozen) once the first frame is shown
        gc.disable()
        try:
            self._make(options)
        except BaseException:
            gc.enable()
            raise

    def _make(self, options: Options) -> None:
        os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")  # software present: ~0.7 ms vs ~20 ms
        os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # a windowed build has no stdout
        import pygame

        from .core.fonts import Fonts
        from .core.scene import SceneStack
        from .core.sound import Sounds
        from .core.text_box import KeyPresses
        from .core.toast import Toast
        from .core.window import Window
        from .pictures import Pictures
        from .registry import SceneRegistry

        self.pygame = pygame
        self.options = options
        found = open_user_files()  # the folders, the log, the lock, the settings and the statistics
        self.notices: list[str] = []  # listed on the title screen
        for text in startup_notices(found):
            self.notice(text)
        files = self.files = FileService(found, self)  # every file a screen reads or writes
        self.paths, self.lock, self.read_only, self.saves = files.paths, files.lock, files.read_only, files.saves
        self.stats, self.writer, self.keeper = files.stats, files.writer, files.keeper
        self.window = Window(options.fullscreen or self.settings.fullscreen,
                             options.size or (self.settings.window_size[0], self.settings.window_size[1]))
        self.stack = SceneStack()
        self.fonts, self.pictures = Fonts(), Pictures()  # the type sized to the window; card art, backdrops
        self._resized()  # (the window's surface, and the type's size)
        self.sounds = Sounds()
        self.sounds.set_volume(self.settings.volume, self.settings.mute)
        self.key_presses = KeyPresses()  # which key press a text event belongs to (see TextBox)
        self.scenes = SceneRegistry(self)
        self.games = GameLifecycle(options, files)  # the game at the table and the worker pool
        # which screen the game's life leads to (ui/navigation.py), offered to the screens as the app's own
        nav = self.nav = Navigation(self)
        self.new_game, self.watch_game, self.continue_game, self.start = (nav.new_game, nav.watch_game,
                                                                          nav.continue_game, nav.first_screen)
        self.start_table, self.open_review, self.open_settings = nav.start_table, nav.open_review, nav.open_settings
        self.unless_game_in_progress, self.unless_unsaved = nav.unless_game_in_progress, nav.unless_unsaved
        self.to_title = nav.to_title
        self.code_game, self.daily_game = nav.code_game, nav.daily_game
        self.running = True
        self.clock = pygame.time.Clock()
        self.toast = Toast()  # a short sentence over every scene (App.flash)
        self.frame_count = 0
        self.frame_shown = False  # a frame has been drawn and shown (what it did not need is started then)
        self.last_drawn: list = []  # the scenes the last drawn frame showed
        self.redrawing_again = False  # drawing another area of the frame just drawn (App.redraw)
        self.texts = TextLog()  # the texts and panels the frame drew (the toast finds room clear of them)

    # ------------------------------------------------------------ what the services hold
    @property
    def settings(self) -> Settings:
        return self.files.settings

    @property
    def session(self) -> GameSession | None:
        return self.games.session

    @property
    def thinkers(self) -> ThinkerPool:
        return self.games.thinkers

    def update_settings(self, **changes: object) -> None:
        """Change and write the settings; the worker pool, the sound and the text size follow them
        at once."""
        self.files.update_settings(**changes)
        self.games.follow_settings()
        self.sounds.set_volume(self.settings.volume, self.settings.mute)
        if self.fonts.scale != self.settings.text_size / 100:
            self._resized()  # every screen lays itself out again, as when the window changes size

    # ------------------------------------------------------------ the window
    def toggle_fullscreen(self) -> None:
        self.window.toggle_fullscreen()
        self.update_settings(fullscreen=self.window.fullscreen)
        self._resized()

    def resize_window(self, size: tuple[int, int]) -> None:
        if self.window.resize(size):
            self._resized()

    def _resized(self) -> None:
        self.screen = self.window.surface()
        self.fonts.height = self.screen.get_height()
        self.fonts.scale = self.settings.text_size / 100
        self.pictures.resized()
        for scene in self.stack.scenes:
            scene.resized()

    def apply_display(self) -> None:
        """Display settings take effect at once: card art, table colour and layout are rebuilt."""
        self.pictures.forget_card_art()
        self._resized()

    def redraw_all(self) -> None:
        for scene in self.stack.visible():
            scene.repaint()

    def card_art(self, width: int) -> CardArt:
        return self.pictures.card_art(width, self.settings)

    def title_background(self) -> Surface:
        return self.pictures.title_background(self.screen)

    # ------------------------------------------------------------ notices and the toast
    def notice(self, text: str) -> None:
        """A problem the person should know of (a damaged file, a failed write): listed on the title
        screen (once, however often it happens) and kept whole in the log."""
        log.warning("%s", text)
        if text not in self.notices:
            self.notices.append(text)

    def flash(self, text: str, seconds: float = 3.0) -> None:
        """A short confirmation drawn over every scene (above a menu too) for a few seconds."""
        self.toast.say(sentence(text), seconds)
        self.redraw_all()

    def draw_toast(self, surface: Surface | None = None) -> None:
        if not self.toast.text:
            return  # (the texts in view are worked out only for a toast to keep clear of: a tenth of a deal frame)
        self.toast.draw(surface or self.screen, self.fonts, self.texts.visible())

    def quit(self) -> None:
        self.running = False

    # ------------------------------------------------------------ input and the loop
    def handle(self, event) -> None:
        from .core.window import Change  # (pygame is imported when the app starts, not with this module)

        change = self.window.handle(event)
        if event.type == self.pygame.QUIT:
            if self.nav.asked_before_quitting():
                self.running = False  # asked already: closing the window again is the answer
            else:
                self.unless_unsaved(self.quit, leaving_app=True)
        elif change is Change.UNCOVERED:
            self.redraw_all()  # without a compositor the window's pixels are gone: paint them again
        elif change is not None:
            if change is Change.RESIZED:
                self.update_settings(window_size=self.window.size)
            self._resized()
        else:
            from .core.keys import intent_for

            self.key_presses.saw(event)
            anywhere = intent_for([Context.GLOBAL], event) if event.type == self.pygame.KEYDOWN else None
            if anywhere is Intent.FULLSCREEN:
                self.toggle_fullscreen()
            elif anywhere is Intent.SCREENSHOT:
                self.flash(self.window.screenshot(self.paths.data / "screenshots"))
            elif self.stack.top is not None:
                self.stack.top.handle_event(event)

    def frame(self, dt: float) -> bool:
        """One frame: events, updates, and a redraw if anything changed.  Returns True if drawn."""
        events = self.pygame.event.get()
        for event in events:
            self.handle(event)
            if not self.running:
                return False
        self.files.say_disk_news()  # a save failed, or works again: said at once, over any scene
        if self.games.par_jobs:
            self.games.step_par()  # a par under way moves on whatever screen shows (its page reads it)
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
        if self.toast.tick(dt):  # gone: what it covered is drawn again
            changed, damage = True, None
        shown = list(self.stack.visible())  # (a scene's update may have opened or closed another)
        if shown != self.last_drawn or not self.frame_shown:
            # a scene came or went: what the last frame showed is no base to build on, and the frame is
            # drawn whole even when no scene says it changed (a menu closed over a table where nothing
            # moves: the table has nothing new to say, yet the menu's pixels must go)
            changed, damage = True, None
        elif self.toast.text:
            damage = None  # a toast finds its place among all the texts of the frame
        if changed and self.stack.scenes:
            self._show(damage)
            self.last_drawn = shown
        self.frame_count += 1
        return changed

    def _show(self, damage: list[Rect] | None) -> None:
        """Draw the frame where it changed (``damage``; None: everywhere) and put it on screen."""
        if damage is None:
            self.redraw(self.screen)
            self.pygame.display.flip()
        else:
            from .core.damage import merge_areas

            areas = merge_areas(damage, self.screen.get_rect())
            for i, area in enumerate(areas):
                self.redraw(self.screen, area, again=i > 0)
            self.pygame.display.update(areas)
        if not self.frame_shown:  # the first frame is on screen: what it did not need starts now
            self.frame_shown = True
            # what exists now (modules, the theme, the first screen) lives as long as the app: kept
            # out of the garbage collector's full passes, which otherwise walk it all and took a
            # 15-25 ms frame now and then while a game was reviewed
            gc.freeze()
            gc.enable()
            sys.setswitchinterval(SWITCH_INTERVAL)  # (before the threads that would hold the window up)
            self.thinkers.start()  # the workers, and the sounds, cost the start nothing
            self.sounds.load()

    def redraw(self, surface: Surface, area: Rect | None = None, again: bool = False) -> None:
        """Draw every visible scene and the toast; with ``area``, only the pixels inside it change
        (everything is drawn clipped, so what overlaps the area keeps its order: a flying card
        still passes under the scoreboard).  ``again``: another area of the same frame, nothing
        changed since the last (a scene may reuse what it worked out for it)."""
        self.redrawing_again = again
        surface.set_clip(area)
        if not again:  # another area draws the texts the first noted: the frame's log keeps them once
            self.texts.clear()  # the toast is placed clear of this frame's texts
        with recording(self.texts if not again else TextLog()):
            for scene in self.stack.visible():
                scene.draw(surface)
            self.draw_toast(surface)
        surface.set_clip(None)
        self.redrawing_again = False  # (a drawing outside a frame, a screenshot's, is a first one)

    def run(self) -> int:
        opts = self.options
        if opts.smoke_test:
            from .smoke_test import smoke_test

            return smoke_test(self)
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

    def close(self) -> int:
        """Quit: the game's files are written first; the --screenshot image last, so a path that
        cannot be written costs nothing else (it is one line on stderr and exit status 1)."""
        from .core.screenshots import write_last_frame

        if self.options.screenshot:
            self.redraw(self.screen)
        for scene in self.stack.scenes:
            scene.closed()
        self.games.close()  # no worker process outlives the window
        self.pictures.forget_card_art()
        self.files.close()  # the last writes, then the lock
        problems = [write_last_frame(self.screen, str(self.options.screenshot)) if self.options.screenshot else ""]
        self.sounds.close()
        self.pygame.quit()
        gc.enable()  # (an app closed before its first frame was shown)
        if os.environ.get("SPADES_DESKTOP_REQUIRE_WORKERS"):  # the frozen app's check of its worker processes
            problems.append(self.games.workers_problem())
        for problem in filter(None, problems):
            print(f"spades-desktop: {problem}", file=sys.stderr)
        return 1 if any(problems) else 0


def main(argv: Sequence[str]) -> int:
    options = parse_options(argv)
    refused = refused_screenshot(options)
    if refused:
        print(refused, file=sys.stderr)
        return 2
    from .crash_guard import run_guarded  # an uncaught error: the game kept, a report, a sentence

    return run_guarded(App, options)
