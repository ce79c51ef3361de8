"""The table: the game in play, its animations and the person's input.

The person's clicks and keys become intents handed to the engine through the
controller (the engine decides legality and explains a refusal); the engine's
events are queued and animated one after another with time-based tweens.  The
computers think in small slices every frame, and act once the table has shown
everything before.
"""

from __future__ import annotations

import collections
from typing import TYPE_CHECKING

import pygame

from ..engine import actions as A
from ..engine import events as E
from ..engine.cards import SUIT_NAMES, card_id
from ..engine.errors import IllegalAction, UndoNotAllowed
from ..engine.seats import SEAT_NAMES, Seat
from ..engine.state import Phase
from .cardart import CardArt, draw_suit, suit_colour
from .controller import GameController
from .layout import CARD_SCALES, TableLayout
from .scene import Scene
from .tween import Tween, Tweener, ease_in_out_cubic, ease_out_cubic
from .widgets import CREAM, GOLD, MUTED, Button, ButtonGroup, draw_panel, draw_text

if TYPE_CHECKING:
    from .app import App

SPEED = {"slow": 1.6, "normal": 1.0, "fast": 0.5, "instant": 0.0}
TABLE_COLOURS = {"green": (18, 92, 58), "blue": (22, 62, 110), "red": (110, 30, 40), "grey": (60, 64, 70)}
SUIT_ORDER = {3: 0, 2: 1, 0: 2, 1: 3}  # spades, hearts, clubs, diamonds: colours alternate
THINK_SLICE = 0.004  # seconds of AI search per frame


class CardSprite:
    __slots__ = ("card", "x", "y", "face_up", "lift", "rotated", "alpha")

    def __init__(self, card: int, x: float, y: float, face_up: bool, rotated: bool = False) -> None:
        self.card = card
        self.x = x
        self.y = y
        self.face_up = face_up
        self.lift = 0.0
        self.rotated = rotated
        self.alpha = 255.0


def hand_order(cards: list[int]) -> list[int]:
    return sorted(cards, key=lambda c: (SUIT_ORDER[c // 13], -(c % 13)))


class TableScene(Scene):
    def __init__(self, app: App, controller: GameController, events: list[E.Event] | None = None) -> None:
        super().__init__(app)
        self.ctl = controller
        self.tweener = Tweener()
        self.queue: collections.deque[E.Event] = collections.deque(events or [])
        self.wait = 0.0
        self.modal: Scene | None = None
        self.message = ""
        self.message_time = 0.0
        self.selected = -1  # keyboard selection in the person's hand
        self.hover = -1
        self.typed = ""  # digits typed for a bid
        self.exchange_pick: list[int] = []
        self.thinking_time = 0.0
        self.autoplay = app.options.autoplay_hands is not None
        self.last_trick: tuple[tuple[Seat, int], ...] = ()
        self.panel = ButtonGroup()
        self.panel_key: object = None
        self.flying: list[CardSprite] = []
        self.trick_sprites: list[tuple[Seat, CardSprite]] = []
        self.human_sprites: dict[int, CardSprite] = {}
        self.hands_shown: dict[Seat, list[int]] = {}
        self.face_up_hand = True
        self.bids_shown: dict[Seat, str] = {}
        self.tricks_shown: dict[Seat, int] = {}
        self.scores_shown: dict[str, int] = {}
        self.bags_shown: dict[str, int] = {}
        self.dealer_shown: Seat = controller.state.dealer
        self.draw_pair: list[CardSprite] = []
        self.hands_played = 0
        self.layout = self._make_layout()
        self.art = self._make_art()
        self._background: pygame.Surface | None = None
        self._rotated_back: pygame.Surface | None = None
        self._small_back: pygame.Surface | None = None
        if not self.queue:
            self.sync_from_state()

    # ------------------------------------------------------------ setup
    @property
    def settings(self):
        return self.app.settings

    @property
    def speed(self) -> float:
        if self.autoplay and self.app.options.autoplay_hands is not None:
            return 0.0
        return SPEED.get(self.settings.animation_speed, 1.0)

    def _make_layout(self) -> TableLayout:
        w, h = self.app.screen.get_size()
        return TableLayout(w, h, CARD_SCALES.get(self.settings.card_size, CARD_SCALES["medium"]))

    def _make_art(self) -> CardArt:
        return self.app.card_art(self.layout.card_w)

    def closed(self) -> None:
        """Leaving the table (quit, title, another game): drop any search in progress."""
        self.ctl.cancel()

    def resized(self) -> None:
        self.layout = self._make_layout()
        self.art = self._make_art()
        self._background = None
        self._rotated_back = None
        self._small_back = None
        self.panel_key = None
        self.tweener.finish_all()
        self.sync_from_state()
        self.dirty = True

    def sync_from_state(self) -> None:
        """Show the engine's state exactly, with no animation (start, load, undo, resize)."""
        st = self.ctl.state
        self.hands_shown = {s: list(hand_order(_cards(st.hands[s]))) for s in st.seats}
        self.face_up_hand = self.ctl.human is None or st.looked[self.ctl.human] or not self.blind_prompt_wanted()
        self.bids_shown = {s: _bid_label(st, s) for s in st.seats}
        self.tricks_shown = {s: st.tricks[s] for s in st.seats}
        self.scores_shown = dict(st.scores)
        self.bags_shown = dict(st.bags)
        self.dealer_shown = st.dealer
        self.trick_sprites = []
        for seat, card in zip(st.play_order[st.leader], st.trick_cards, strict=False):
            x, y = self.layout.trick_spot(seat)
            self.trick_sprites.append((seat, CardSprite(card, x, y, True)))
        if st.completed:
            _, seats, cards, _ = st.completed[-1]
            self.last_trick = tuple(zip(seats, cards, strict=True))
        self.flying = []
        self.draw_pair = []
        self.human_sprites = {}
        self._relayout_human(animate=False)
        self.panel_key = None
        self.dirty = True

    # ------------------------------------------------------------ the person's hand
    def _human(self) -> Seat | None:
        return self.ctl.human

    def _relayout_human(self, animate: bool = True) -> None:
        seat = self._human()
        if seat is None:
            return
        cards = hand_order(self.hands_shown.get(seat, []))
        self.hands_shown[seat] = cards
        slots = self.layout.hand_slots(seat, len(cards))
        keep = {}
        for card, (x, y) in zip(cards, slots, strict=True):
            sprite = self.human_sprites.get(card) or CardSprite(card, x, y, self.face_up_hand)
            sprite.face_up = self.face_up_hand
            keep[card] = sprite
            if animate and self.speed > 0:
                self.tweener.cancel_for(sprite)
                self.tweener.add(Tween(sprite, {"x": x, "y": y}, 0.22 * self.speed, ease_out_cubic))
            else:
                sprite.x, sprite.y = x, y
        self.human_sprites = keep
        if self.selected >= len(cards):
            self.selected = len(cards) - 1

    def _legal_cards(self) -> set[int]:
        st = self.ctl.state
        if not self._accepting_input():
            return set()
        if st.phase is Phase.PLAY:
            return {a for a in st.legal_actions() if A.is_card(a)}
        if st.phase is Phase.EXCHANGE:
            return set(self.hands_shown.get(self._human(), []))  # type: ignore[arg-type]
        return set()

    def _card_at(self, pos: tuple[int, int]) -> int:
        seat = self._human()
        if seat is None:
            return -1
        cards = self.hands_shown.get(seat, [])
        cw, ch = self.layout.card_w, self.layout.card_h
        for i in range(len(cards) - 1, -1, -1):
            sprite = self.human_sprites.get(cards[i])
            if sprite is None:
                continue
            rect = pygame.Rect(0, 0, cw, ch)
            rect.center = (int(sprite.x), int(sprite.y - sprite.lift))
            if rect.collidepoint(pos):
                return i
        return -1

    # ------------------------------------------------------------ input
    def _accepting_input(self) -> bool:
        return (self.ctl.human_turn() and not self.queue and not self.tweener.busy and self.wait <= 0
                and self.modal is None and not self.autoplay)

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and self._global_key(event):
            return
        if self.panel.handle(event):
            self.dirty = True
            return
        if not self._accepting_input():
            if event.type == pygame.MOUSEMOTION and self.hover != -1:
                self.hover = -1
                self.dirty = True
            return
        phase = self.ctl.state.phase
        if phase in (Phase.PLAY, Phase.EXCHANGE):
            self._hand_input(event)
        elif event.type == pygame.KEYDOWN:
            self._phase_keys(event)

    def _global_key(self, event: pygame.event.Event) -> bool:
        key = event.key
        ctrl = event.mod & pygame.KMOD_CTRL
        phase = self.ctl.state.phase
        if key == pygame.K_ESCAPE:
            from .menus import PauseScene

            self.app.stack.push(PauseScene(self.app, self))
            return True
        if key == pygame.K_z and ctrl:
            self.undo()
            return True
        if key == pygame.K_l and phase is not Phase.BLIND_DECISION:
            from .menus import LastTrickScene

            if self.last_trick:
                self.app.stack.push(LastTrickScene(self.app, self.last_trick))
            else:
                self.flash("No trick has been played yet in this hand")
            return True
        if key == pygame.K_s and phase is not Phase.TRUMP and not ctrl:
            from .menus import ScoreSheetScene

            self.app.stack.push(ScoreSheetScene(self.app, self.ctl.state))
            return True
        if key == pygame.K_h and phase is not Phase.TRUMP:
            self.hint()
            return True
        if key == pygame.K_a and not ctrl:
            speeds = list(SPEED)
            nxt = speeds[(speeds.index(self.settings.animation_speed) + 1) % len(speeds)]
            self.app.update_settings(animation_speed=nxt)
            self.flash(f"Animation speed: {nxt}")
            return True
        return False

    def _hand_input(self, event: pygame.event.Event) -> None:
        seat = self._human()
        cards = self.hands_shown.get(seat, [])  # type: ignore[arg-type]
        if event.type == pygame.MOUSEMOTION:
            idx = self._card_at(event.pos)
            if idx != self.hover:
                self.hover = idx
                self.dirty = True
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            idx = self._card_at(event.pos)
            if idx >= 0:
                self._choose_card(cards[idx], idx)
        elif event.type == pygame.KEYDOWN and cards:
            if event.key == pygame.K_LEFT:
                self.selected = (self.selected - 1) % len(cards) if self.selected >= 0 else len(cards) - 1
                self.dirty = True
            elif event.key == pygame.K_RIGHT:
                self.selected = (self.selected + 1) % len(cards) if self.selected >= 0 else 0
                self.dirty = True
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_UP, pygame.K_SPACE):
                if self.ctl.state.phase is Phase.EXCHANGE and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                    self._confirm_exchange()
                elif 0 <= self.selected < len(cards):
                    self._choose_card(cards[self.selected], self.selected)

    def _choose_card(self, card: int, index: int) -> None:
        st = self.ctl.state
        if st.phase is Phase.EXCHANGE:
            if card in self.exchange_pick:
                self.exchange_pick.remove(card)
            elif len(self.exchange_pick) < st.exchange_limit:
                self.exchange_pick.append(card)
            else:
                self.flash(f"Choose at most {st.exchange_limit} cards")
            self.panel_key = None
            self.dirty = True
            return
        if self.settings.confirm_play and self.selected != index:
            self.selected = index
            self.flash("Click again (or press Enter) to play it")
            return
        self.act(card)

    def _phase_keys(self, event: pygame.event.Event) -> None:
        st = self.ctl.state
        key = event.key
        if st.phase is Phase.BIDDING:
            if pygame.K_0 <= key <= pygame.K_9 or pygame.K_KP0 <= key <= pygame.K_KP9:
                digit = (key - pygame.K_0) if key <= pygame.K_9 else (key - pygame.K_KP0)
                self.typed = (self.typed + str(digit))[-2:]
                if int(self.typed) > 13:
                    self.typed = str(digit)
                self.dirty = True
            elif key == pygame.K_BACKSPACE:
                self.typed = self.typed[:-1]
                self.dirty = True
            elif key == pygame.K_n and not st.is_auction:
                self.act(A.NIL)
            elif key == pygame.K_p and st.is_auction:
                self.act(A.PASS)
            elif key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.typed:
                value = int(self.typed)
                self.typed = ""
                self.act(A.bid_action(value))
        elif st.phase is Phase.BLIND_DECISION:
            if key == pygame.K_b:
                self.act(A.BLIND_NIL)
            elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_l, pygame.K_SPACE):
                self.act(A.LOOK)
        elif st.phase is Phase.DRAW:
            if key == pygame.K_k:
                self.act(A.KEEP)
            elif key == pygame.K_d:
                self.act(A.DISCARD)
        elif st.phase is Phase.TRUMP:
            letters = {pygame.K_c: 0, pygame.K_d: 1, pygame.K_h: 2, pygame.K_s: 3}
            if key in letters:
                self.act(A.TRUMP_BASE + letters[key])
            elif key in (pygame.K_n, pygame.K_t):
                self.act(A.NO_TRUMP)

    def _confirm_exchange(self) -> None:
        st = self.ctl.state
        picks = list(self.exchange_pick)
        if not st.is_two and len(picks) != st.exchange_limit:
            self.flash(f"Choose {st.exchange_limit} cards to pass to your partner")
            return
        self.exchange_pick = []
        events: list[E.Event] = []
        try:
            for card in picks:
                events += self.ctl.submit(card)
            if st.is_two and self.ctl.state.phase is Phase.EXCHANGE and self.ctl.state.turn == self._human():
                events += self.ctl.submit(A.EXCHANGE_DONE)
        except IllegalAction as exc:
            self.flash(exc.reason)
        self.queue.extend(events)
        self.panel_key = None

    def act(self, action: int) -> None:
        """Hand an intent to the engine; a refusal is shown with the rule's reason."""
        try:
            events = self.ctl.submit(action)
        except IllegalAction as exc:
            self.flash(exc.reason)
            self.app.sounds.play("illegal")
            return
        self.typed = ""
        self.queue.extend(events)
        self.panel_key = None
        self.selected = -1
        self.dirty = True

    def undo(self) -> None:
        try:
            self.ctl.undo()  # the engine decides whether the house rule allows it
        except UndoNotAllowed:
            rule = self.ctl.state.rules.undo
            self.flash("Undo is off in these house rules" if rule == "off"
                       else "Only your last card can be taken back, before the next card is played"
                       if rule == "last_card" else "Nothing of yours to undo")
            return
        self.queue.clear()
        self.tweener.finish_all()
        self.sync_from_state()
        self.flash("Undone")

    def hint(self) -> None:
        if not self.settings.hints:
            self.flash("Hints are off (Settings)")
            return
        action = self.ctl.hint()
        if action is None:
            self.flash("A hint is given when it is your turn")
            return
        text = A.action_text(action)
        if A.is_card(action):
            cards = self.hands_shown.get(self._human(), [])  # type: ignore[arg-type]
            if action in cards:
                self.selected = cards.index(action)
            text = _card_words(action)
        self.flash(f"Hint: {text}")

    def flash(self, text: str, seconds: float = 2.6) -> None:
        self.message = text
        self.message_time = seconds
        self.dirty = True

    # ------------------------------------------------------------ update
    def update(self, dt: float) -> bool:
        changed = self.dirty
        self.dirty = False
        top = self.app.stack.top
        if top is not self and top is not self.modal:
            return changed  # paused under a menu or an info overlay
        if self.tweener.update(dt):
            changed = True
        if self.message_time > 0:
            self.message_time -= dt
            if self.message_time <= 0:
                self.message = ""
                changed = True
        if self.wait > 0:
            self.wait -= dt
        # play queued events one after another
        while self.queue and not self.tweener.busy and self.wait <= 0 and self.modal is None:
            self._animate(self.queue.popleft())
            changed = True
        if self.modal is not None:
            return changed
        ready = not self.queue and not self.tweener.busy and self.wait <= 0
        if self.ctl.thinking_seat is not None or (self.autoplay and self.ctl.human_turn()):
            self.thinking_time += dt
            if self.autoplay and self.ctl.human is not None and self.ctl.human_turn():
                self.ctl.human = None  # the computer takes the person's seat too (demo mode)
            events = self.ctl.think(THINK_SLICE if self.speed > 0 else 0.05, ready)
            if events:
                self.queue.extend(events)
                self.thinking_time = 0.0
                changed = True
            elif int(self.thinking_time * 4) != int((self.thinking_time - dt) * 4):
                changed = True  # the thinking dots move
        elif ready and self.ctl.human_turn() and (self._auto_look() or self._auto_forced_card()):
            changed = True
        if ready and self.panel_key != self._panel_state():
            self._build_panel()
            changed = True
        return changed

    def blind_prompt_wanted(self) -> bool:
        """Whether to keep the person's cards face down and ask about blind nil this hand
        (a preference; the engine still decides whether blind nil is allowed)."""
        st = self.ctl.state
        human = self._human()
        if human is None or not st.blind_possible:
            return False
        mode = self.settings.blind_nil_prompt
        if mode == "never":
            return False
        if mode == "always":
            return True
        mine = st.scores[st.side_of_seat(human)]
        best_other = max(v for side, v in st.scores.items() if side != st.side_of_seat(human))
        return best_other - mine >= 100

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
        if len(legal) == 1 and len(self.hands_shown.get(self._human(), [])) > 1:  # type: ignore[arg-type]
            self.act(legal[0])
            return True
        return False

    # ------------------------------------------------------------ animating events
    def _animate(self, event: E.Event) -> None:
        k = self.speed
        lay = self.layout
        if isinstance(event, E.DealerDrawn):
            self.trick_sprites = []
            for seat, card in zip(event.seats, event.cards, strict=True):
                x, y = lay.trick_spot(seat)
                cx, cy = lay.center
                sprite = CardSprite(card, cx, cy, True)
                self.trick_sprites.append((seat, sprite))
                self.tweener.add(Tween(sprite, {"x": x, "y": y}, 0.35 * k, ease_out_cubic))
            self.dealer_shown = event.dealer
            verb = self._verb(event.dealer, "deals", "deal")
            self.flash(f"{self._name(event.dealer)} drew the highest card and {verb}", 2.0 * max(k, 0.5))
            self.wait = 1.4 * k
        elif isinstance(event, E.HandStarted):
            self.trick_sprites = []
            self.last_trick = ()
            self.dealer_shown = event.dealer
            self.bids_shown = {s: "" for s in self.ctl.state.seats}
            self.tricks_shown = {s: 0 for s in self.ctl.state.seats}
            self.hands_shown = {s: [] for s in self.ctl.state.seats}
            self.human_sprites = {}
            human = self._human()
            self.face_up_hand = (human is None or self.ctl.state.looked[human] or self.ctl.state.is_two
                                 or not self.blind_prompt_wanted())
            deals: list[E.CardDealt] = []
            while self.queue and isinstance(self.queue[0], E.CardDealt):
                deals.append(self.queue.popleft())  # type: ignore[arg-type]
            self._animate_deal(deals)
        elif isinstance(event, E.CardDealt):
            self._animate_deal([event])
        elif isinstance(event, E.BlindNilChoice):
            if event.blind_nil:
                self.flash(f"{self._name(event.seat)} {self._verb(event.seat, 'bids', 'bid')} blind nil!")
                self.wait = 0.5 * k
            if event.seat == self._human() and not event.blind_nil:
                self.face_up_hand = True
                self._relayout_human(animate=False)
        elif isinstance(event, E.BidMade):
            self.bids_shown[event.seat] = "blind nil" if event.blind else ("nil" if event.bid == 0 else str(event.bid))
            if event.seat == self._human():
                self.face_up_hand = True
                self._relayout_human(animate=False)
            self.wait = 0.35 * k
        elif isinstance(event, E.AuctionCall):
            self.bids_shown[event.seat] = "pass" if event.bid is None else str(event.bid)
            self.wait = 0.35 * k
        elif isinstance(event, E.Redeal):
            self.flash("Everyone passed: the same dealer deals again")
            self.wait = 1.0 * k
        elif isinstance(event, E.TrumpChosen):
            name = "no trump" if event.trump is None else SUIT_NAMES[event.trump]
            self.flash(f"{self._name(event.seat)} {self._verb(event.seat, 'names', 'name')} {name}")
            self.wait = 0.8 * k
        elif isinstance(event, E.CardDrawn):
            self._animate_draw(event)
        elif isinstance(event, E.CardsExchanged):
            hand = self.hands_shown.setdefault(event.seat, [])
            gone = set(_cards(event.given_mask))
            hand[:] = [c for c in hand if c not in gone] + _cards(event.received_mask)
            if event.seat == self._human():
                self._relayout_human()
                self.flash("Cards exchanged")
            self.wait = 0.4 * k
        elif isinstance(event, E.CardPlayed):
            self._animate_play(event)
        elif isinstance(event, E.TrickWon):
            self._animate_trick_won(event)
        elif isinstance(event, E.HandScored):
            self.scores_shown = dict(event.scores)
            self.bags_shown = dict(event.bags)
            self.hands_played += 1
            nils = [n for b in event.breakdown.values() for n in b.nils]
            if any(n.made for n in nils):
                self.app.sounds.play("nil_made")
            elif nils:
                self.app.sounds.play("nil_broken")
            else:
                self.app.sounds.play("hand_end")
            from .menus import HandSummaryScene

            self._open_modal(HandSummaryScene(self.app, self, event))
        elif isinstance(event, E.GameOver):
            from .menus import GameOverScene

            self._open_modal(GameOverScene(self.app, self, event))

    def _open_modal(self, scene: Scene) -> None:
        self.modal = scene
        self.app.stack.push(scene)

    def modal_closed(self) -> None:
        self.modal = None
        limit = self.app.options.autoplay_hands
        if limit is not None and self.hands_played >= limit:
            self.app.running = False
        self.dirty = True

    def _animate_deal(self, deals: list[E.CardDealt]) -> None:
        k = self.speed
        cx, cy = self.layout.center
        counts = {s: 0 for s in self.ctl.state.seats}
        human = self._human()
        for i, ev in enumerate(deals):
            seat, card = ev.seat, ev.card
            counts[seat] += 1
            target = self.layout.hand_slots(seat, 13)[min(12, counts[seat] - 1)]
            sprite = CardSprite(card, cx, cy, False, rotated=seat in (Seat.E, Seat.W))
            self.flying.append(sprite)

            def arrive(sprite: CardSprite = sprite, seat: Seat = seat, card: int = card, i: int = i) -> None:
                if sprite in self.flying:
                    self.flying.remove(sprite)
                self.hands_shown.setdefault(seat, []).append(card)
                if seat == human:
                    self.human_sprites[card] = sprite
                    sprite.face_up = self.face_up_hand
                    sprite.rotated = False
                if i % 4 == 0:
                    self.app.sounds.play("deal")

            self.tweener.add(Tween(sprite, {"x": target[0], "y": target[1]}, 0.28 * k, ease_out_cubic,
                                   delay=i * 0.022 * k, on_complete=arrive))
        if human is not None:
            self.tweener.add(Tween(self, {}, 0.0, delay=(len(deals) * 0.022 + 0.3) * k,
                                   on_complete=lambda: self._relayout_human()))

    def _animate_draw(self, event: E.CardDrawn) -> None:
        k = self.speed
        seat = event.seat
        self.hands_shown.setdefault(seat, []).append(event.kept)
        if seat == self._human():
            self._relayout_human(animate=False)
            sprite = self.human_sprites[event.kept]
            sx, sy = sprite.x, sprite.y
            sprite.x, sprite.y = self.layout.center
            self.tweener.add(Tween(sprite, {"x": sx, "y": sy}, 0.3 * k, ease_out_cubic))
        self.wait = 0.25 * k

    def _animate_play(self, event: E.CardPlayed) -> None:
        k = self.speed
        seat, card = event.seat, event.card
        hand = self.hands_shown.setdefault(seat, [])
        if seat == self._human() and card in self.human_sprites:
            sprite = self.human_sprites.pop(card)
            sprite.lift = 0.0
            sprite.face_up = True
        else:
            # from the middle of the fan: where a card sat in a hidden hand is not for the person to see
            slots = self.layout.hand_slots(seat, max(1, len(hand)))
            x, y = slots[len(slots) // 2]
            sprite = CardSprite(card, x, y, True)
        if card in hand:
            hand.remove(card)
        if seat == self._human():
            self._relayout_human()
        tx, ty = self.layout.trick_spot(seat)
        self.trick_sprites.append((seat, sprite))
        self.tweener.add(Tween(sprite, {"x": tx, "y": ty}, 0.3 * k, ease_out_cubic))
        self.app.sounds.play("play")
        if event.broke_trump:
            trump = self.ctl.state.trump
            self.flash(f"{SUIT_NAMES[trump].capitalize() if trump is not None else 'Trumps'} are broken", 1.6)

    def _animate_trick_won(self, event: E.TrickWon) -> None:
        k = self.speed
        px, py = self.layout.pile_spot(event.winner)
        sprites = [s for _, s in self.trick_sprites]
        self.last_trick = tuple((seat, s.card) for seat, s in self.trick_sprites)

        def gathered() -> None:
            self.trick_sprites = [(seat, s) for seat, s in self.trick_sprites if s not in sprites]
            self.tricks_shown[event.winner] = self.tricks_shown.get(event.winner, 0) + 1
            self.app.sounds.play("trick")

        for i, sprite in enumerate(sprites):
            self.tweener.add(Tween(sprite, {"x": px, "y": py, "alpha": 60}, 0.35 * k, ease_in_out_cubic,
                                   delay=0.75 * k, on_complete=gathered if i == len(sprites) - 1 else None))

    # ------------------------------------------------------------ panels (bidding and other choices)
    def _panel_state(self) -> object:
        st = self.ctl.state
        if not self._accepting_input():
            return None
        return (st.phase, st.turn, len(st.log), tuple(self.exchange_pick), self.layout.width, self.layout.height)

    def _build_panel(self) -> None:
        self.panel_key = self._panel_state()
        buttons: list[Button] = []
        st = self.ctl.state
        if self.panel_key is None:
            self.panel.set([])
            return
        legal = set(st.legal_actions())
        phase = st.phase
        if phase is Phase.BIDDING and not st.is_auction:
            for n in range(14):
                action = A.NIL if n == 0 else A.bid_action(n)
                ok = action in legal
                reason = self._why(action) if not ok else ""
                buttons.append(Button("Nil" if n == 0 else str(n), lambda a=action: self.act(a), enabled=ok,
                                      reason=reason))
        elif phase is Phase.BIDDING:
            buttons.append(Button("Pass", lambda: self.act(A.PASS), hotkey=pygame.K_p))
            for n in range(7, 14):
                action = A.bid_action(n)
                buttons.append(Button(str(n), lambda a=action: self.act(a), enabled=action in legal))
        elif phase is Phase.BLIND_DECISION:
            buttons = [Button("Blind nil (B)", lambda: self.act(A.BLIND_NIL), hotkey=pygame.K_b),
                       Button("Show my cards", lambda: self.act(A.LOOK))]
        elif phase is Phase.DRAW:
            buttons = [Button("Keep (K)", lambda: self.act(A.KEEP), hotkey=pygame.K_k),
                       Button("Discard (D)", lambda: self.act(A.DISCARD), hotkey=pygame.K_d)]
        elif phase is Phase.TRUMP:
            for suit in range(4):
                buttons.append(Button(SUIT_NAMES[suit].capitalize(), lambda s=suit: self.act(A.TRUMP_BASE + s)))
            buttons.append(Button("No trump", lambda: self.act(A.NO_TRUMP)))
        elif phase is Phase.EXCHANGE:
            need = st.exchange_limit
            label = (f"Exchange {len(self.exchange_pick)}" if st.is_two else f"Pass {len(self.exchange_pick)}/{need}")
            ok = st.is_two or len(self.exchange_pick) == need
            buttons = [Button(label, self._confirm_exchange, enabled=ok,
                              reason="" if ok else f"choose {need} cards")]
        self.panel.set(buttons)
        self._layout_panel()

    def _layout_panel(self) -> None:
        n = len(self.panel.buttons)
        if not n:
            return
        lay = self.layout
        h = lay.height
        bh = max(30, int(h * 0.055))
        cx, cy = lay.center
        if self.ctl.state.phase is Phase.BIDDING and not self.ctl.state.is_auction:
            bw = max(44, int(h * 0.07))
            gap = max(6, h // 120)
            row1 = self.panel.buttons[:7]
            row2 = self.panel.buttons[7:]
            for row, y in ((row1, cy - bh * 0.1), (row2, cy + bh * 1.05)):
                total = len(row) * bw + (len(row) - 1) * gap
                x = cx - total // 2
                for b in row:
                    b.rect = pygame.Rect(int(x), int(y), bw, bh)
                    x += bw + gap
            return
        bw = max(90, int(h * (0.2 if n <= 3 else 0.12)))
        y = cy + (lay.card_h * 0.45 if self.ctl.state.phase is Phase.DRAW else bh * 0.4)
        self.panel.layout_row((cx, int(y)), bw, bh, max(8, h // 90))

    def _why(self, action: int) -> str:
        try:
            self.ctl.state._check(action)
        except IllegalAction as exc:
            return exc.reason
        return ""

    # ------------------------------------------------------------ drawing
    def _verb(self, seat: Seat, third_person: str, second_person: str) -> str:
        """'West bids' but 'You bid'."""
        return second_person if seat == self._human() else third_person

    def _name(self, seat: Seat) -> str:
        return self.settings.names.get(seat.name, SEAT_NAMES[seat])

    def background(self) -> pygame.Surface:
        if self._background is None:
            w, h = self.app.screen.get_size()
            base = TABLE_COLOURS.get(self.settings.table_colour, TABLE_COLOURS["green"])
            surf = pygame.Surface((w, h))
            surf.fill(tuple(int(c * 0.55) for c in base))
            # a soft oval of felt: concentric ellipses lighter toward the centre
            steps = 24
            for i in range(steps):
                t = i / steps
                colour = tuple(min(255, int(c * (0.62 + 0.45 * t))) for c in base)
                rect = pygame.Rect(0, 0, int(w * (1.25 - 0.6 * t)), int(h * (1.2 - 0.55 * t)))
                rect.center = (w // 2, int(h * 0.47))
                pygame.draw.ellipse(surf, colour, rect)
            self._background = surf.convert()
        return self._background

    def small_back(self) -> pygame.Surface:
        if self._small_back is None:
            size = (self.layout.card_w // 2, self.layout.card_h // 2)
            self._small_back = pygame.transform.smoothscale(self.art.back(), size).convert_alpha()
        return self._small_back

    def rotated_back(self) -> pygame.Surface:
        if self._rotated_back is None:
            self._rotated_back = pygame.transform.rotate(self.art.back(), 90).convert_alpha()
        return self._rotated_back

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self.background(), (0, 0))
        st = self.ctl.state
        lay = self.layout
        for seat in st.seats:
            if seat != self._human():
                self._draw_other_hand(surface, seat)
        self._draw_piles(surface)
        for seat in st.seats:
            self._draw_plate(surface, seat)
        for _, sprite in self.trick_sprites:
            self._blit_card(surface, sprite)
        self._draw_human_hand(surface)
        for sprite in self.flying:
            self._blit_card(surface, sprite)
        self._draw_scoreboard(surface)
        if st.phase is Phase.DRAW and self._accepting_input():
            card = st.drawn_card
            if card is not None:
                cx, cy = lay.center
                y = cy - lay.card_h * 0.35
                self._blit_card(surface, CardSprite(card, cx, y, True))
                draw_text(surface, self.app.fonts.get(0.032), "Keep this card, or discard it and take the next?",
                          CREAM, midbottom=(cx, int(y - lay.card_h * 0.55)))
        if self.panel.buttons and self._accepting_input():
            if st.phase is not Phase.DRAW:
                self._draw_panel_frame(surface)
            self.panel.draw(surface, self.app.fonts.get(0.03, bold=True))
            for b in self.panel.buttons:
                if b.hovered and not b.enabled and b.reason:
                    draw_text(surface, self.app.fonts.get(0.026), b.reason, (250, 200, 120),
                              midtop=(b.rect.centerx, b.rect.bottom + 6))
        if self.message:
            font = self.app.fonts.get(0.034, bold=True)
            rect = font.render(self.message, True, CREAM).get_rect(center=(lay.width // 2,
                                                                         int(lay.height * 0.25)))
            draw_panel(surface, rect.inflate(32, 18), (10, 20, 15, 215), GOLD, 12)
            draw_text(surface, font, self.message, CREAM, center=rect.center)

    def _draw_panel_frame(self, surface: pygame.Surface) -> None:
        rects = [b.rect for b in self.panel.buttons if b.rect is not None]
        if not rects:
            return
        area = rects[0].unionall(rects[1:]).inflate(40, 70)
        area.top -= 18
        st = self.ctl.state
        titles = {
            Phase.BIDDING: "Your bid: type a number and Enter, or N for nil" if not st.is_auction
            else "Bid for your side (7 to 13), or pass",
            Phase.BLIND_DECISION: "Bid blind nil before looking at your cards?",
            Phase.DRAW: "",
            Phase.TRUMP: "You won the auction: name trump",
            Phase.EXCHANGE: (f"Choose up to {st.exchange_limit} cards to swap with the discards" if st.is_two
                             else f"Choose {st.exchange_limit} cards to pass to your partner"),
        }
        title = titles.get(st.phase, "")
        if self.typed and st.phase is Phase.BIDDING:
            title = f"Bid {self.typed}? Press Enter"
        font = self.app.fonts.get(0.03, bold=True)
        if title:
            wide = font.size(title)[0] + 40
            if wide > area.w:
                area.inflate_ip(wide - area.w, 0)
        draw_panel(surface, area)
        if title:
            draw_text(surface, font, title, GOLD, midtop=(area.centerx, area.top + 10))

    def _blit_card(self, surface: pygame.Surface, sprite: CardSprite, overlay: pygame.Surface | None = None) -> None:
        if sprite.rotated and not sprite.face_up:
            image = self.rotated_back()
        else:
            image = self.art.face(sprite.card) if sprite.face_up else self.art.back()
        rect = image.get_rect(center=(int(sprite.x), int(sprite.y - sprite.lift)))
        if sprite.alpha < 255:
            image = image.copy()
            image.set_alpha(int(sprite.alpha))
        surface.blit(image, rect)
        if overlay is not None:
            surface.blit(overlay, rect)

    def _draw_other_hand(self, surface: pygame.Surface, seat: Seat) -> None:
        cards = self.hands_shown.get(seat, [])
        slots = self.layout.hand_slots(seat, len(cards))
        image = self.rotated_back() if seat in (Seat.E, Seat.W) else self.art.back()
        for x, y in slots:
            surface.blit(image, image.get_rect(center=(int(x), int(y))))

    def _draw_human_hand(self, surface: pygame.Surface) -> None:
        seat = self._human()
        if seat is None:
            self._draw_other_hand(surface, Seat.S) if Seat.S in self.ctl.state.seats else None
            return
        cards = self.hands_shown.get(seat, [])
        legal = self._legal_cards()
        playing = self._accepting_input() and self.ctl.state.phase is Phase.PLAY
        dim = self.art.highlight((0, 0, 0, 95))
        for i, card in enumerate(cards):
            sprite = self.human_sprites.get(card)
            if sprite is None:
                continue
            lift = 0.0
            if playing and card in legal and (i == self.hover or i == self.selected):
                lift = self.layout.card_h * 0.18
            if card in self.exchange_pick:
                lift = self.layout.card_h * 0.22
            if (i == self.hover or i == self.selected) and self.ctl.state.phase is Phase.EXCHANGE:
                lift = max(lift, self.layout.card_h * 0.08)
            sprite.lift = lift
            overlay = dim if playing and card not in legal else None
            self._blit_card(surface, sprite, overlay)
            if i == self.selected and self._accepting_input():
                rect = pygame.Rect(0, 0, self.layout.card_w, self.layout.card_h)
                rect.center = (int(sprite.x), int(sprite.y - sprite.lift))
                pygame.draw.rect(surface, GOLD, rect, width=3, border_radius=8)

    def _draw_piles(self, surface: pygame.Surface) -> None:
        font = self.app.fonts.get(0.026, bold=True)
        for seat, count in self.tricks_shown.items():
            if not count:
                continue
            x, y = self.layout.pile_spot(seat)
            small = self.small_back()
            for i in range(min(count, 4)):
                surface.blit(small, small.get_rect(center=(int(x + i * 3), int(y - i * 3))))
            r = max(9, int(self.layout.height * 0.016))
            badge = (int(x + small.get_width() * 0.5), int(y + small.get_height() * 0.45))
            pygame.draw.circle(surface, (20, 30, 25), badge, r)
            pygame.draw.circle(surface, GOLD, badge, r, 2)
            draw_text(surface, font, str(count), CREAM, center=badge)

    def _draw_plate(self, surface: pygame.Surface, seat: Seat) -> None:
        lay = self.layout
        st = self.ctl.state
        cx, cy = lay.plate_center(seat)
        font = self.app.fonts.get(0.03, bold=True)
        small = self.app.fonts.get(0.025)
        name = self._name(seat)
        level = "" if seat == self.ctl.human else f" ({self.settings.levels.get(seat.name, 'normal')})"
        bid = self.bids_shown.get(seat, "")
        tricks = self.tricks_shown.get(seat, 0)
        if not bid:
            line2 = f"tricks {tricks}"
        elif bid == "pass":
            line2 = f"passed  ·  tricks {tricks}"
        else:
            line2 = f"bid {bid}  ·  tricks {tricks}"
        width = max(font.size(name + level)[0], small.size(line2)[0]) + 40
        rect = pygame.Rect(0, 0, width, int(lay.height * 0.085))
        rect.center = (cx, cy)
        turn = st.turn == seat and not st.is_terminal()
        draw_panel(surface, rect, (12, 28, 20, 210), GOLD if turn else (70, 90, 80), 12)
        draw_text(surface, font, name + level, CREAM, midtop=(rect.centerx, rect.top + 6))
        draw_text(surface, small, line2, GOLD if bid else MUTED, midbottom=(rect.centerx, rect.bottom - 6))
        if seat == self.dealer_shown:
            r = int(lay.height * 0.018)
            chip = (rect.left - r - 4, rect.centery)
            pygame.draw.circle(surface, (240, 240, 240), chip, r)
            pygame.draw.circle(surface, (30, 30, 30), chip, r, 2)
            draw_text(surface, self.app.fonts.get(0.024, bold=True), "D", (30, 30, 30), center=chip)
        if turn and self.ctl.thinking_seat == seat and not self.queue:
            dots = "." * (1 + int(self.thinking_time * 4) % 3)
            draw_text(surface, self.app.fonts.get(0.024), "thinking" + dots, GOLD,
                      midtop=(rect.centerx, rect.bottom + 4))

    def _draw_scoreboard(self, surface: pygame.Surface) -> None:
        st = self.ctl.state
        lay = self.layout
        font = self.app.fonts.get(0.027, bold=True)
        small = self.app.fonts.get(0.024)
        lines = []
        for side in st.sides:
            label = _side_label(st, side, self.settings.names)
            lines.append((label, f"{self.scores_shown.get(side, 0)}", f"bags {self.bags_shown.get(side, 0)}"))
        pad = 12
        row_h = font.get_linesize()
        width = int(lay.height * 0.36)
        rect = pygame.Rect(pad, pad, width, pad * 2 + row_h * (len(lines) + 1))
        draw_panel(surface, rect, (10, 24, 18, 200), (70, 90, 80), 10)
        header = f"Hand {st.hand_number}  ·  to {st.rules.target_score}"
        draw_text(surface, small, header, MUTED, topleft=(rect.left + pad, rect.top + pad))
        for i, (label, score, bags) in enumerate(lines):
            y = rect.top + pad + row_h * (i + 1)
            draw_text(surface, font, label, CREAM, topleft=(rect.left + pad, y))
            draw_text(surface, font, score, GOLD, topright=(rect.right - pad - int(width * 0.3), y))
            draw_text(surface, small, bags, MUTED, topright=(rect.right - pad, y + 2))
        # trump and mode, top right
        tr = pygame.Rect(0, 0, int(lay.height * 0.3), row_h * 2 + pad * 2)
        tr.topright = (lay.width - pad, pad)
        draw_panel(surface, tr, (10, 24, 18, 200), (70, 90, 80), 10)
        mode = {"partnership": "Partnership", "cutthroat": "Cutthroat", "two_player": "Two-player",
                "auction": "Auction"}[st.rules.mode]
        draw_text(surface, small, mode, MUTED, topleft=(tr.left + pad, tr.top + pad))
        trump = st.trump if (not st.is_auction or st.phase is Phase.PLAY or st.is_terminal()) else -1
        if trump == -1:
            text = "Trump: to be named"
        elif trump is None:
            text = "No trump"
        else:
            text = "Trump:"
        rect_t = draw_text(surface, font, text, CREAM, topleft=(tr.left + pad, tr.top + pad + row_h))
        if trump not in (-1, None):
            size = row_h * 0.9
            draw_suit(surface, trump, (rect_t.right + size * 0.8, rect_t.centery), size,  # type: ignore[arg-type]
                      suit_colour(trump, self.settings.four_colour) if trump in (1, 2) else (240, 240, 240))  # type: ignore[arg-type]
        if st.is_auction and st.high_bidder is not None:
            draw_text(surface, small, f"{self._name(st.high_bidder)} bid {st.high_bid}", MUTED,
                      topright=(tr.right - pad, tr.top + pad))
        # key help, bottom right
        keys = "Esc menu · L last trick · S scores · H hint · Ctrl+Z undo · A speed"
        draw_text(surface, self.app.fonts.get(0.021), keys, (190, 200, 190),
                  topright=(tr.right, tr.bottom + 6))


def _cards(mask: int) -> list[int]:
    return [c for c in range(52) if mask >> c & 1]


def _bid_label(st, seat: Seat) -> str:
    if st.is_auction:
        calls = [b for s, b in st.calls if s == seat]
        if not calls:
            return ""
        return "pass" if calls[-1] is None else str(calls[-1])
    bid = st.bids[seat]
    if bid is None:
        return ""
    if bid == 0:
        return "blind nil" if st.blind[seat] else "nil"
    return str(bid)


def _side_label(st, side: str, names: dict[str, str]) -> str:
    if len(side) == 2:
        return f"{names.get(side[0], side[0])} & {names.get(side[1], side[1])}"
    return names.get(side, side)


def _card_words(card: int) -> str:
    ranks = {9: "jack", 10: "queen", 11: "king", 12: "ace"}
    rank = ranks.get(card % 13, str(card % 13 + 2))
    return f"the {rank} of {SUIT_NAMES[card // 13]} ({card_id(card)})"

