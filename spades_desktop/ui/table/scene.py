"""The table: the game in play and the person's input.

The person's clicks and keys become intents handed to the engine through the
controller (the engine decides legality and explains a refusal); the engine's events
are queued and handed one after another to the animator, which turns them into
time-based tweens.  The computers think in small slices every frame and act once the
table has shown everything before.  Drawing is the painter's job and the choice buttons
the panel's (``table_painter``, ``choice_panel``, ``table_animator``): this scene holds
what the table shows and routes input.
"""

from __future__ import annotations

import collections
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

import pygame

from ...ai.judge import CheckerLevel
from ...engine import actions as A
from ...engine import events as E
from ...engine.cards import SUIT_OF
from ...engine.claim import tricks_left
from ...engine.errors import IllegalAction, UndoNotAllowed
from ...engine.rule_values import Undo
from ...engine.seats import SEAT_NAMES, Seat
from ...engine.state import Phase
from ...engine.words import plural
from ...session.advice import Advisor
from ...session.game_session import GameSession
from ..cards.card_sprite import CardSprite, hand_order
from ..core.scene import AppContext, Scene
from ..core.theme import BODY, SMALL, TINY
from ..core.tween import Tween, Tweener, ease_out_cubic
from ..core.widgets import Button, ButtonGroup
from ..text.claims import claim_taken, no_claim
from ..text.messages import refusal, sentence
from ..text.table_summary import TableSummary, summarize
from ..text.variants import card_words
from .claims import MAX_TRICKS_LEFT, ClaimWatch
from .hint import TableHint
from .layout import CARD_SCALES, TableLayout
from .play_check import PlayChecker
from .view import TableView

if TYPE_CHECKING:
    from ...storage.settings import Settings
    from ..cards.cardart import CardArt
    from ..core.keymap import Context

SPEED = {"slow": 1.6, "normal": 1.0, "fast": 0.5, "instant": 0.0}
UNDO_GRACE = 1.2  # seconds the next computer waits after the person's card, so Ctrl+Z can take it back
BUBBLE_TIME = 1.2  # seconds a computer's bid stays in its bubble
THINK_SLICE = 0.008  # seconds of AI search per frame: half a 60 fps frame, drawing takes 1-4 ms


class Painter(Protocol):
    """Draws the table from its widgets (``painter.TablePainter``)."""

    @property
    def plate_rects(self) -> dict[Seat, pygame.Rect]: ...
    @property
    def undo_rect(self) -> pygame.Rect | None: ...
    @property
    def claim_chip_rect(self) -> pygame.Rect | None: ...

    def refresh(self) -> list[pygame.Rect]: ...
    def refresh_dots(self) -> list[pygame.Rect]: ...
    def draw(self, surface: pygame.Surface) -> None: ...
    def forget_sizes(self) -> None: ...


class Animator(Protocol):
    """Turns the engine's events into tweens (``table_animator.EventAnimator``)."""

    def animate(self, event: E.Event) -> None: ...


class Panel(Protocol):
    """The choice buttons in the middle of the table (``choice_panel.ChoicePanel``)."""

    group: ButtonGroup  # the keys' focus and presses go to it
    frame_rect: pygame.Rect | None  # where it was last drawn (None while hidden)

    @property
    def buttons(self) -> list[Button]: ...

    def handle(self, event: pygame.event.Event) -> bool: ...
    def draw(self, surface: pygame.Surface) -> pygame.Rect | None: ...
    def look(self) -> Hashable | None: ...
    def invalidate(self) -> None: ...
    def refresh(self) -> bool: ...
    def is_current(self) -> bool: ...
    def title(self) -> str: ...


class Input(Protocol):
    """Routes the person's clicks and keys (``input.TableInput``)."""

    def contexts(self) -> list[Context]: ...

    def handle_event(self, event: pygame.event.Event) -> None: ...

    def cursor_start(self) -> int: ...


@dataclass(frozen=True)
class TableParts:
    """The table's helpers, handed in by the registry so this module imports none of them."""

    painter: Callable[[TableScene], Painter]
    animator: Callable[[TableScene], Animator]
    panel: Callable[[TableScene], Panel]
    input: Callable[[TableScene], Input]


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
        self.exchange_pick: list[int] = []
        self.thinking_time = 0.0
        self._undo_known: tuple[int, int, bool] | None = None  # (state id, log length, can undo)
        self.own_log_length = -1  # the engine's log length just after the person's last action
        self.show_all_hands = session.traits.hands_face_up  # watch mode: F shows or hides them
        self.paused = False
        # the judge's answers by position, shared by the hint and the play checker (issue 38)
        self.advisor = Advisor(lambda: self.ctl.thinkers)
        self.checker = PlayChecker(self.advisor, lambda: self.checker_level)
        self.hints = TableHint(self)  # H: the judge's best choice, once its position is judged
        self._judged_from = -1  # the log length at which the checker's judgement was last started
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
            self.sync_from_state()

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

    def resized(self) -> None:
        self.layout = self._make_layout()
        self.art = self._make_art()
        self.painter.forget_sizes()
        self.panel.invalidate()
        self.tweener.finish_all()
        self.place_sprites()
        self.dirty = True
        self._whole = True

    def place_sprites(self) -> None:
        """Put what the table shows where the new layout wants it.  The view is kept as it is: the
        engine may be ahead of it (events still queued), and reading the engine here would show
        those cards once now and again when their events come."""
        for seat, sprite in self.view.trick:
            sprite.x, sprite.y = self.layout.trick_spot(seat)
        self.relayout_human(animate=False)

    def sync_from_state(self) -> None:
        """Show the engine's state exactly, with no animation (start, load, undo, resize)."""
        st = self.ctl.state
        self.view.sync(st, self.trump_shown())
        self.face_up_hand = self.hand_starts_face_up()
        for seat, card in zip(st.play_order[st.leader], st.trick_cards, strict=False):
            x, y = self.layout.trick_spot(seat)
            self.view.trick.append((seat, CardSprite(card, x, y, True)))
        self.pending_gather = None
        self.relayout_human(animate=False)
        self.panel.invalidate()
        self.dirty = True

    # ------------------------------------------------------------ the person's hand
    def relayout_human(self, animate: bool = True) -> None:
        seat = self.ctl.human
        if seat is None:
            return
        cards = hand_order(self.view.hands.get(seat, []), self.trump_shown())
        self.view.hands[seat] = cards
        slots = self.layout.hand_slots(seat, len(cards))
        keep = {}
        for card, (x, y) in zip(cards, slots, strict=True):
            sprite = self.view.human_sprites.get(card) or CardSprite(card, x, y, self.face_up_hand)
            sprite.face_up = self.face_up_hand
            keep[card] = sprite
            if animate and self.speed > 0:
                self.tweener.cancel_for(sprite)
                self.tweener.add(Tween(sprite, {"x": x, "y": y}, 0.22 * self.speed, ease_out_cubic))
            else:
                sprite.x, sprite.y = x, y
        self.view.human_sprites = keep
        if self.selected >= len(cards):
            self.selected = len(cards) - 1

    def trump_shown(self) -> int | None:
        """The suit the person's hand puts first: the trump once named (spades until then)."""
        st = self.ctl.state
        if st.is_auction and st.phase in (Phase.BIDDING, Phase.TRUMP):
            return 3
        return st.trump

    def legal_cards(self) -> set[int]:
        st = self.ctl.state
        if not self.accepting_input():
            return set()
        if st.phase is Phase.PLAY:
            return {a for a in st.legal_actions() if A.is_card(a)}
        if st.phase is Phase.EXCHANGE:
            return set(self.view.held(self.ctl.human))
        return set()

    # ------------------------------------------------------------ input
    def handle_event(self, event: pygame.event.Event) -> None:
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

    def confirm_exchange(self) -> None:
        st = self.ctl.state
        picks = list(self.exchange_pick)
        if not st.is_two and len(picks) != st.exchange_limit:
            self.flash(f"Choose {plural(st.exchange_limit, 'card')} to pass to your partner")
            return
        self.exchange_pick = []
        events: list[E.Event] = []
        try:
            for card in picks:
                events += self.ctl.submit(card)
            if st.is_two and self.ctl.state.phase is Phase.EXCHANGE and self.ctl.state.turn == self.ctl.human:
                events += self.ctl.submit(A.EXCHANGE_DONE)
        except IllegalAction as exc:
            self.flash(refusal(exc))
        self.queue.extend(events)
        self.panel.invalidate()

    @property
    def checking(self) -> bool:
        """Whether the person's decisions are checked now (the setting, or this hand from the menu)."""
        return self.settings.play_checker is not CheckerLevel.OFF or self.check_hand == self.ctl.state.hand_number

    @property
    def checker_level(self) -> CheckerLevel:
        """Which mistakes the checker names: the setting's, or big ones for a hand checked from the menu."""
        level = self.settings.play_checker
        return CheckerLevel.BIG if level is CheckerLevel.OFF else level

    def act(self, action: int) -> None:
        """Hand an intent to the engine; a refusal is shown with the rule's reason."""
        st = self.ctl.state
        card_played = st.phase is Phase.PLAY and A.is_card(action)
        # the position judged before the action changes it: the checker compares the action with it
        position = self.advisor.ask(st, self.ctl.human) if self.checking and self.ctl.human is not None else None
        hand, trick = st.hand_number, st.trick_count + 1 if card_played else 0
        try:
            events = self.ctl.submit(action)
        except IllegalAction as exc:
            self.flash(refusal(exc))
            self.app.sounds.play("illegal")
            return
        self.typed = ""
        self.hinted = None
        self.queue.extend(events)
        self.panel.invalidate()
        if self.selected >= 0:
            self.cursor_home = self.selected
        self.selected = -1
        self.dirty = True
        self.own_log_length = len(self.ctl.state.log)
        self.checker.submit(position, action, hand, trick)
        if card_played and self.ctl.state.rules.undo != Undo.OFF:
            self.timers.after(UNDO_GRACE * self.speed, tag="undo_grace")  # none at instant speed

    # ------------------------------------------------------------ claims
    def claim_available(self) -> bool:
        """The person may claim: it is their card to play and the engine has proven the claim."""
        return (self.accepting_input() and self.ctl.state.phase is Phase.PLAY
                and self.claim.proven_for(self.ctl.state, self.ctl.human))

    def make_claim(self) -> None:
        left = self.ctl.state.hand_size - self.ctl.state.trick_count
        self.queue.extend(self.ctl.play_out())
        self.flash(f"You claim the remaining {plural(left, 'trick')}")
        self.dirty = True

    def explain_no_claim(self) -> None:
        """C with no claim proven: why not, in one line ('No claim yet: West can still win a trick')."""
        st = self.ctl.state
        human = self.ctl.human
        if human is None:
            return
        outcome = self.claim.why_not(st, human)
        self.flash(no_claim(outcome, tricks_left(st), MAX_TRICKS_LEFT, self.accepting_input() and st.turn == human,
                            self.name, human))

    def claim_members(self, seat: Seat) -> tuple[Seat, ...]:
        st = self.ctl.state
        return tuple(st.sides[st.side_of_seat(seat)])

    def answer_claim(self, agree: bool) -> None:
        """The person's answer to a computer's claim: Enter agrees, Esc plays on."""
        seat = self.claim.offered_by
        self.claim.offered_by = None
        if seat is None:
            return
        if agree:
            left = tricks_left(self.ctl.state)
            self.queue.extend(self.ctl.play_out())
            self.flash(claim_taken(self.claim_members(seat), self.name, self.ctl.human, left))
        else:
            self.claim.declined(self.ctl.state)
        self.dirty = True

    def undo_available(self) -> bool:
        """Whether Ctrl+Z would take something back now.  The engine answers by replaying the game,
        so it is asked only right after the person's own move or on their turn, once per state."""
        st = self.ctl.state
        if self.ctl.human is None or st.rules.undo == Undo.OFF:
            return False
        if len(st.log) != self.own_log_length and not (st.rules.undo == Undo.UNLIMITED and self.ctl.human_turn()):
            return False
        key = (id(st), len(st.log))
        if self._undo_known is None or self._undo_known[:2] != key:
            self._undo_known = (*key, self.ctl.can_undo())
        return self._undo_known[2]

    def undo(self) -> None:
        try:
            self.ctl.undo()  # the engine decides whether the house rule allows it
        except UndoNotAllowed:
            rule = self.ctl.state.rules.undo
            self.flash("Undo is off in these house rules" if rule == Undo.OFF
                       else "Only your last card can be taken back, before the next card is played"
                       if rule == Undo.LAST_CARD else "Nothing of yours to undo")
            return
        self.queue.clear()
        self.tweener.finish_all()
        self.timers.cancel_tagged("undo_grace")
        self.sync_from_state()
        self.flash("Undone")

    def hint(self) -> None:
        """H: the judge's best choice (``TableHint``)."""
        self.hints.ask()

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
        changed = self._advance(dt)
        if changed or self.tweener.busy:
            damage = self.painter.refresh()
        elif self.ctl.thinking_seat is not None or self.hint_thinking:
            damage = self.painter.refresh_dots()  # only time moves: the thinking dots, the hint key's
        else:
            return False
        self.damage = None if self._whole else damage
        whole, self._whole = self._whole, False
        return whole or bool(damage)

    def _advance(self, dt: float) -> bool:
        changed = self.dirty
        self.dirty = False
        top = self.app.stack.top
        if top is not self and top is not self.modal:
            return changed  # paused under a menu or an info overlay
        if self.paused:
            return changed  # watch mode, paused: nothing moves, nobody thinks
        if self.tweener.busy and self.tweener.update(dt):
            changed = True
        if self.timers.update(dt):
            changed = True
        if self.art.take_ready():  # classic faces drawn in the background since the last frame
            self.painter.forget_sizes()
            changed = True
        if self.ctl.state.phase is Phase.PLAY and not self.queue and self.claim.step(self.ctl.state):
            changed = True
        offer = self.claim.computer_offer(self.ctl.state, self.ctl.human, settled=self.settled)
        if offer is not None:
            self.claim.offered_by = offer
            if self.settings.computer_claims == "accept":  # the person asked not to be asked
                self.answer_claim(True)
            changed = True
        if self.checking and not self.autoplay and self.ctl.human is not None and self.ctl.human_turn() \
                and self.settled and self._judged_from != len(self.ctl.state.log):
            # the checker will judge this position once the person acts: start now, so that its note
            # (and a hint asked meanwhile) comes sooner; the computers wait for the person anyway
            self._judged_from = len(self.ctl.state.log)
            self.advisor.ask(self.ctl.state, self.ctl.human)
        if self.advisor.busy and self.advisor.step():
            changed = True
        if self.hints.step(dt):
            changed = True
        if self.checker.busy:
            mark = self.checker.step()
            if mark is not None:
                self.checker_note = mark.text
                self.timers.after(6.0, self._checker_note_over, tag="checker_note")
                changed = True
        if self._animate_queue():
            changed = True
        if self.modal is not None:
            return changed
        ready = self.settled and self.claim.offered_by is None
        if self.ctl.thinking_seat is not None or (self.autoplay and self.ctl.human_turn()):
            self.thinking_time += dt
            if self.autoplay and self.ctl.human is not None and self.ctl.human_turn():
                self.ctl.human = None  # the computer takes the person's seat too (demo mode)
            events = self.ctl.think(THINK_SLICE if self.speed > 0 else 0.05,
                                    ready and not self.timers.running("undo_grace"))
            if events:
                self.queue.extend(events)
                self.thinking_time = 0.0
                self._animate_queue()  # the card leaves the hand in the frame its answer came
                changed = True
        elif ready and self.ctl.human_turn() and (self._auto_look() or self._auto_forced_card()):
            changed = True
        elif (self.keyboard_cursor and self.selected < 0 and self.accepting_input()
              and self.ctl.state.phase is Phase.PLAY):
            self.selected = self.input.cursor_start()  # the first Enter of the turn plays
            changed = True
        if ready and self.panel.refresh():
            changed = True
        return changed

    def _animate_queue(self) -> bool:
        """Play queued events one after another (each waits for what the one before set moving)."""
        played = False
        while self.queue and not self.tweener.busy and self.modal is None and self.pending_gather is None:
            self.animator.animate(self.queue.popleft())
            played = True
        return played

    def blind_prompt_wanted(self) -> bool:
        """Whether to keep the person's cards face down and ask about blind nil this hand: the
        engine says whether the house rules allow it now, the person whether to be asked."""
        st = self.ctl.state
        human = self.ctl.human
        if human is None or not st.blind_possible or self.ctl.cards_seen:
            return False
        return self.settings.blind_nil_prompt != "never"  # when it is allowed is the house rules' alone

    def _checker_note_over(self) -> None:
        self.checker_note = ""

    @property
    def face_up_hand(self) -> bool:
        return self.view.face_up_hand

    @face_up_hand.setter
    def face_up_hand(self, face_up: bool) -> None:
        """Showing the person's cards is final for the hand: the controller remembers it (and the
        save keeps it), so blind nil cannot be offered later in that hand."""
        self.view.face_up_hand = face_up
        if face_up:
            self.ctl.mark_cards_seen()

    def _auto_look(self) -> bool:
        """Answer the blind-nil question for the person who asked not to be asked."""
        st = self.ctl.state
        if st.phase is Phase.BLIND_DECISION and not self.blind_prompt_wanted():
            self.act(A.LOOK)
            return True
        return False

    def _auto_forced_card(self) -> bool:
        st = self.ctl.state
        if not self.settings.auto_play_forced or st.phase is not Phase.PLAY:
            return False
        legal = st.legal_actions()
        if len(legal) == 1 and len(self.view.held(self.ctl.human)) > 1:
            self.act(legal[0])
            self.flash(f"Your only legal card, {card_words(legal[0])}, was played for you")
            return True
        return False


    def hand_starts_face_up(self) -> bool:
        """The person's cards show face down only while they may still bid blind nil (in two-player
        that choice comes before the first draw, with no cards in hand)."""
        st = self.ctl.state
        human = self.ctl.human
        return (human is None or st.looked[human] or st.is_two or self.ctl.cards_seen
                or not self.blind_prompt_wanted())

    def show_hand_face_up(self) -> None:
        self.face_up_hand = True
        self.relayout_human(animate=False)

    # ------------------------------------------------------------ modal scenes over the table
    def open_modal(self, scene: Scene) -> None:
        self.modal = scene
        self.app.stack.push(scene)

    def modal_closed(self) -> None:
        self.modal = None
        limit = self.session.hands_limit
        if limit is not None and self.hands_played >= limit:
            self.app.running = False
        self.dirty = True

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

    def announce_bid(self, seat: Seat, text: str) -> None:
        """A computer's bid in a bubble at its seat, readable for about a second."""
        if seat != self.ctl.human:
            self.view.bubbles[seat] = text
            self.timers.after(BUBBLE_TIME, lambda: self._bubble_over(seat), tag=f"bubble {seat.name}")
            self.dirty = True

    def _bubble_over(self, seat: Seat) -> None:
        self.view.bubbles.pop(seat, None)

    def summary(self) -> TableSummary:
        """What the table says about the hand, from what it has shown so far (worked out again only
        when any of that changed: the widgets ask for it in every frame that moves)."""
        st = self.ctl.state
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

