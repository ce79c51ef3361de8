"""The table: the state the table's helpers share, and the scene the app runs.

Each helper has one job: the person's moves go to the engine through ``moves.TableMoves``; the
engine's events are queued and shown one after another by the animator (``animator``); each
frame ``clock.TableClock`` moves the animations and the computers' thinking on; ``shown_cards``
lays out the trick and the person's hand; the painter composes the window from its widgets
(``painter``, ``widgets/``); the choice panel and the input router are ``choice_panel`` and
``input``.  This scene holds what the table shows and hands each helper the others.
"""

from __future__ import annotations

import collections
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from ...engine import events as E
from ...engine.cards import SUIT_OF
from ...engine.seats import SEAT_NAMES, Seat
from ...engine.state import GameState, Phase
from ...session.advice import Advisor
from ...session.daily_run import PRACTICE_HINT
from ...session.game_session import GameSession
from ..core.scene import AppContext, Scene
from ..core.theme import BODY, SMALL, TINY
from ..core.tween import Tweener
from ..text.daily_words import practice_now
from ..text.messages import sentence
from ..text.table_summary import TableSummary, summarize
from .claims import ClaimWatch
from .hint import TableHint
from .layout import CARD_SCALES, TableLayout
from .part_protocols import Animator, Cards, Clock, Input, Moves, Painter, Panel
from .play_check import PlayChecker
from .view import TableView

if TYPE_CHECKING:
    from ...session.files import Settings
    from ..cards.cardart import CardArt

SPEED = {"slow": 1.6, "normal": 1.0, "fast": 0.5, "instant": 0.0}
BUBBLE_TIME = 1.2  # seconds a computer's bid stays in its bubble
#: seconds of a frame the widgets' new pictures may take; the rest wait for the next frame (a card
#: played changes a dozen at once: 3 to 7 ms while a computer thinks, where a frame has 4).  A plate
#: or the scoreboard takes 0.3-1 ms while a computer thinks beside the window: at 1.5 ms a trick's end
#: still drew two plates, the scoreboard and the pile in one 4-6 ms frame
WIDGET_BUDGET = 0.0008


@dataclass(frozen=True)
class TableParts:
    """The table's helpers, handed in by the registry so this module imports none of them."""

    painter: Callable[[TableScene], Painter]
    animator: Callable[[TableScene], Animator]
    panel: Callable[[TableScene], Panel]
    input: Callable[[TableScene], Input]
    moves: Callable[[TableScene], Moves]
    clock: Callable[[TableScene], Clock]
    cards: Callable[[TableScene], Cards]


class TableScene(Scene):
    def __init__(self, app: AppContext, session: GameSession, parts: TableParts,
                 events: list[E.Event] | None = None) -> None:
        super().__init__(app)
        self.session = session
        self.ctl = session.controller
        self.tweener = Tweener()  # what moves, and the pauses between events: the queue waits for it
        self._whole = True  # the next frame draws the whole window (the first, or after a resize)
        self._summary: tuple[tuple[object, ...], TableSummary] | None = None  # what summary() said, and of what
        self.timers = Tweener()  # what only expires (a message, a bid bubble, undo's grace): nobody waits
        self.queue: collections.deque[E.Event] = collections.deque(events or [])
        self.modal: Scene | None = None
        self.message = ""
        self.selected = -1  # the keyboard cursor in the person's hand (a gold frame; the mouse's hover lifts)
        self.hover = -1
        # once the person plays by keyboard the cursor waits on a card at each turn, so the first Enter
        # plays; a click on a card hands the hand back to the mouse
        self.keyboard_cursor = False
        self.cursor_home = -1  # where the cursor last was: the next turn's cursor starts near it
        self.typed = ""  # digits typed for a bid
        self.hinted: int | None = None  # the hint's action, outlined until the person acts
        self._said: set[tuple[int, str]] = set()  # (hand, reason) of keys that did nothing, said once
        self.said_once = ""  # the last of them flashed
        self.exchange_pick: list[int] = []
        self.thinking_time = 0.0
        self.own_log_length = -1  # the engine's log length just after the person's last action
        self.show_all_hands = session.traits.hands_face_up  # watch mode: F shows or hides them
        self.paused = False
        self.under_menu = False  # a menu or an overlay is over the table: nothing moves
        self.moves = parts.moves(self)  # the person's moves, handed to the engine
        self.clock = parts.clock(self)  # what moves the table on each frame
        self.cards = parts.cards(self)  # the trick and the person's hand as laid out
        # the judge's answers by position, shared by the hint and the play checker (issue 38)
        self.advisor = Advisor(lambda: self.ctl.thinkers)
        self.checker = PlayChecker(self.advisor, lambda: self.moves.checker_level)
        self.hints = TableHint(self)  # H: the judge's best choice, once its position is judged
        self.claim: ClaimWatch = ClaimWatch(lambda: self.ctl.thinkers, lambda: self.ctl.human)
        self.check_hand: int | None = None  # the hand checked from the pause menu (the setting aside)
        self.checker_note = ""  # the latest mark, shown quietly by the person's plate
        self.hands_played = 0
        self.pending_gather: Callable[[], None] | None = None  # a finished trick waiting for a click
        # what the table shows: the engine's state as far as the animations have revealed it
        self.view = TableView(self.ctl.state.dealer, self.ctl.state.hand_number)
        self.layout = self._make_layout()
        self.art = self._make_art()
        self.panel = parts.panel(self)
        self.input = parts.input(self)
        self.painter = parts.painter(self)
        self.animator = parts.animator(self)
        if not self.queue:
            self.cards.sync_from_state()

    # ------------------------------------------------------------ setup
    @property
    def settings(self) -> Settings:
        return self.app.settings

    @property
    def autoplay(self) -> bool:
        """Computers in every seat (watching, or a run of hands): nobody at the table to wait for."""
        return not self.session.traits.person_plays

    @property
    def watching(self) -> bool:
        return self.session.watching

    @property
    def speed(self) -> float:
        if self.session.traits.instant:
            return 0.0
        return SPEED.get(self.settings.animation_speed, 1.0)

    def _make_layout(self) -> TableLayout:
        w, h = self.app.screen.get_size()
        st = self.ctl.state
        rows = len(st.sides) * (2 if st.rules.nil_possible else 1)  # a side's line, and its nils' under it
        fonts = self.app.fonts
        small = fonts.get(SMALL).get_linesize()
        corner = TableLayout.corner_depth(small, fonts.get(TINY).get_linesize())
        board = TableLayout.board_depth(fonts.get(BODY, bold=True).get_linesize(), small, len(st.sides),
                                        st.rules.nil_possible)
        return TableLayout(w, h, CARD_SCALES.get(self.settings.card_size, CARD_SCALES["medium"]), rows, corner,
                           board)

    def _make_art(self) -> CardArt:
        return self.app.card_art(self.layout.card_w)

    def closed(self) -> None:
        """Leaving the table (quit, title, another game): drop any search in progress."""
        self.ctl.cancel()
        self.advisor.cancel()

    def repaint(self) -> None:
        """The whole window at the next frame, not only what changed (its pixels were lost)."""
        self.dirty = True
        self._whole = True

    def resized(self) -> None:
        self.layout = self._make_layout()
        self.art = self._make_art()
        self.painter.forget_sizes()
        self.panel.invalidate()
        self.tweener.finish_all()
        self.cards.place_sprites()
        self.dirty = True
        self._whole = True

    # ------------------------------------------------------------ the person's hand
    # ------------------------------------------------------------ input
    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN) and self.tweener.finish_motion():
            self.dirty = self._whole = True  # a key or a click finishes what moves, then does its own work
        self.input.handle_event(event)

    def accepting_input(self) -> bool:
        return self.ctl.human_turn() and self.settled and not self.autoplay

    def cycle_speed(self) -> None:
        """The next animation speed (A, or the watch menu), kept in the settings."""
        speeds = list(SPEED)
        nxt = speeds[(speeds.index(self.settings.animation_speed) + 1) % len(speeds)]
        self.app.update_settings(animation_speed=nxt)
        self.flash(f"Animation speed: {nxt}")

    def toggle_all_hands(self) -> None:
        """Watch mode: every hand face up, or only the table's usual view."""
        self.show_all_hands = not self.show_all_hands
        self.flash("Every hand face up" if self.show_all_hands else "Hands hidden")
        self.dirty = True

    # ------------------------------------------------------------ claims
    def hint(self) -> None:
        """H: the judge's best choice (``TableHint``); a daily deal's playing is practice from then
        (said over the table: the hint's own words stay in the table's line)."""
        practice = self.settings.hints and self.ctl.human_turn() and self.session.mark_practice(PRACTICE_HINT)
        self.hints.ask()
        if practice:
            self.app.flash(practice_now(PRACTICE_HINT), seconds=4.0)

    @property
    def hint_thinking(self) -> bool:
        """A hint asked for is being thought about (the key help marks the hint key)."""
        return self.hints.thinking

    def say_once(self, reason: str) -> None:
        """Flash ``reason`` unless it was said already this hand ('' says nothing)."""
        said = (self.ctl.state.hand_number, reason)
        if reason and said not in self._said:
            self._said.add(said)
            self.flash(reason)
            self.said_once = self.message  # (about this moment: it leaves when the person acts)

    def flash(self, text: str, seconds: float = 2.6) -> None:
        self.message = sentence(text)
        self.timers.after(seconds, self._message_over, tag="message")
        self.dirty = True

    def _message_over(self) -> None:
        self.message = ""

    def hold(self, seconds: float) -> None:
        """A pause before the next event is shown (a bid is read, a trump named)."""
        if seconds > 0:
            self.tweener.after(seconds)

    @property
    def settled(self) -> bool:
        """Everything the engine said has been shown and nothing waits: no queued event, nothing
        moving or pausing, no summary open, no finished trick held for a click."""
        return not self.queue and not self.tweener.busy and self.modal is None and self.pending_gather is None

    # ------------------------------------------------------------ update
    def update(self, dt: float) -> bool:
        """Advance the table; True if the window changes.  ``damage`` then says where: the widgets
        whose inputs changed and the cards in flight (``TablePainter.refresh``), or the whole window
        after a resize.  A table where nothing moves and nobody thinks asks no widget anything."""
        changed = self.clock.advance(dt)
        if self._whole or self.painter.pending or (changed and not self.clock.motion_only):
            damage = self.painter.refresh(None if self._whole else WIDGET_BUDGET)
        elif changed or self.tweener.busy:  # only cards moved
            damage = self.painter.refresh_motion()
        elif self.ctl.thinking_seat is not None or self.hint_thinking:
            damage = self.painter.refresh_dots()  # only time moves: the thinking dots, the hint key's
        else:
            return False
        self.damage = None if self._whole else damage
        whole, self._whole = self._whole, False
        return whole or bool(damage)

    # ------------------------------------------------------------ modal scenes over the table
    def open_modal(self, scene: Scene) -> None:
        self.modal = scene
        self.app.stack.push(scene)

    def modal_closed(self) -> None:
        self.modal = None
        if self.session.daily_over:  # the daily deal's last hand: its result against par
            self.app.stack.replace(self.app.scenes.daily_result(self.session))
            return
        limit = self.session.hands_limit
        if limit is not None and self.hands_played >= limit:
            self.app.running = False
        self.dirty = True

    # ------------------------------------------------------------ what the menus over the table ask
    @property
    def checking(self) -> bool:
        return self.moves.checking

    def undo_available(self) -> bool:
        return self.moves.undo_available()

    def undo(self) -> None:
        self.moves.undo()

    # ------------------------------------------------------------ words and drawing
    def verb(self, seat: Seat, third_person: str, second_person: str) -> str:
        """'West bids' but 'You bid'."""
        return second_person if seat == self.ctl.human else third_person

    def name(self, seat: Seat) -> str:
        if self.watching and seat == Seat.S:
            return SEAT_NAMES[seat]  # a computer sits in the person's place
        return self.settings.names.get(seat.name, SEAT_NAMES[seat])

    @property
    def names(self) -> dict[str, str]:
        """Every seat's name as this table says it, by the seat's letter (a watched game's South is
        South: nobody there is 'You'), for the words of the screens over it."""
        return {seat.name: self.name(seat) for seat in Seat}

    def top_row_bottom(self) -> int:
        """How far down North's plate reaches (0: no North): a panel over the table starts below it
        or hides it whole, never cuts it in two."""
        plate = self.painter.plate_rects.get(Seat.N)
        return 0 if plate is None else plate.bottom

    def announce_bid(self, seat: Seat, text: str) -> None:
        """A computer's bid in a bubble at its seat, readable for about a second."""
        if seat != self.ctl.human:
            self.view.bubbles[seat] = text
            self.timers.after(BUBBLE_TIME, lambda: self._bubble_over(seat), tag=f"bubble {seat.name}")
            self.dirty = True

    def _bubble_over(self, seat: Seat) -> None:
        self.view.bubbles.pop(seat, None)

    @property
    def shown_state(self) -> GameState:
        """The engine's state of the hand the table shows.  The engine deals the next hand the moment
        one is scored, while the table still shows the last trick and the summary: until the new
        hand's deal is shown, the words about the hand (the status panel, the trump, the auction's
        contract) come from the state the hand ended in (``GameController.last_hand_end``)."""
        st, ended = self.ctl.state, self.ctl.last_hand_end
        if st.hand_number != self.view.hand_number and ended is not None and ended.hand_number == self.view.hand_number:
            return ended
        return st

    def summary(self) -> TableSummary:
        """What the table says about the hand, from what it has shown so far (worked out again only
        when any of that changed: the widgets ask for it in every frame that moves)."""
        st = self.shown_state
        playing = self.view.trick and st.phase is Phase.PLAY
        led = SUIT_OF[self.view.trick[0][1].card] if playing else None
        turn = st.turn if self.settled else None
        view = self.view
        key = (id(st), len(st.log), st.phase, turn, self.ctl.human, led, self.settings, self.watching,
               tuple(view.bids.items()), tuple(view.tricks.items()), tuple(view.scores.items()),
               tuple(view.bags.items()))
        if self._summary is None or self._summary[0] != key:
            self._summary = (key, summarize(st, view.bids, view.tricks, view.scores, view.bags, turn, self.ctl.human,
                                            self.name, led))
        return self._summary[1]

    def draw(self, surface: pygame.Surface) -> None:
        self.painter.draw(surface)

    @property
    def undo_chip(self) -> pygame.Rect | None:
        """Where the Undo chip lies (a click there undoes), if shown."""
        return self.painter.undo_rect

    @property
    def claim_chip(self) -> pygame.Rect | None:
        """Where the Claim chip lies, if shown."""
        return self.painter.claim_chip_rect


