"""Draws the table: the widgets' pictures in their order, with the cards in flight among them.

The scene holds what the animations have revealed so far (hands, bids, tricks, scores, sprites in
flight); each widget (``widgets/``) draws one thing from it onto a picture kept until its inputs
change.  ``refresh`` takes every widget's inputs and returns the window areas that changed (a
widget's old and new place, a flying card's old and new bounds); ``draw`` composes the window, or
the part of it a frame redraws (its clip), from the pictures.  The painter never changes the scene.
"""

from __future__ import annotations

import time
from collections.abc import Hashable
from typing import TYPE_CHECKING, NamedTuple

import pygame

from ...engine.seats import Seat
from ..cards.card_sprite import CardSprite
from ..core.damage import uncovered
from ..core.keymap import Intent
from ..core.table_look import table_felt
from ..core.text_log import current_log
from ..core.theme import FELT
from .widgets.banner import Banner
from .widgets.base import Picture, Scratch, TableWidget
from .widgets.board import Corner, Scoreboard
from .widgets.cards import CardDrawer, SpriteKey, sprite_key
from .widgets.claim_offer import ClaimOffer
from .widgets.hands import OtherHand, OwnHand
from .widgets.middle import OfferedCard, Trick, TrumpBadge, TurnLine, offer_top, turn_line
from .widgets.notes import Bubble, CheckerNote, Chip, Message
from .widgets.plates import Pile, Plate, Summary, Thinking, TurnEdge, thinking_mark, thinking_place
from .widgets.speech import Speech

if TYPE_CHECKING:
    from ..text.table_summary import TableSummary
    from .scene import TableScene


#: a card in flight is drawn round (what is under it left undrawn) when its opaque middle is at least
#: this many pixels: each of the up to three more pieces of the area costs a pass over the widgets
#: under the cards, about 16,000 pixels' drawing (``core/damage.py``), so at 1920x1080 (20,000-pixel
#: middles) drawing under the card costs less; at 3840x2160 (80,000) it saved a third of a deal frame
HIDES_ENOUGH = 48_000

#: a widget's new picture that may wait (words) is drawn after at most this many frames of waiting
MOST_FRAMES_WAITED = 3


class FeltLook(NamedTuple):
    size: tuple[int, int]
    colour: str


class Felt(TableWidget[FeltLook]):
    """The table's cloth, the size of the window, in the colour of the settings."""

    def __init__(self, table: TableScene, scratch: Scratch) -> None:
        super().__init__(table, scratch)
        self.image: pygame.Surface | None = None

    def inputs(self) -> FeltLook:
        return FeltLook(self.table.app.screen.get_size(), self.table.settings.table_colour)

    def background(self) -> pygame.Surface:
        inputs = self.inputs()
        if self.image is None or self._made != inputs:
            self.image = table_felt(inputs.size, FELT.get(inputs.colour, FELT["green"]))
            self._made = inputs
        return self.image

    _made: FeltLook | None = None

    def picture_of(self, inputs: FeltLook) -> Picture | None:
        image = self.background()
        return Picture(image, image.get_rect())

    def forget(self) -> None:
        super().forget()
        self.image = None


class ChoiceButtons(TableWidget[Hashable]):
    """The choice panel in the middle of the table (``choice_panel.ChoicePanel`` draws it)."""

    def inputs(self) -> Hashable | None:
        table = self.table
        return table.panel.look() if table.accepting_input() else None

    def paint(self, surface: pygame.Surface, inputs: Hashable) -> pygame.Rect | None:
        return self.table.panel.draw(surface)

    def refresh(self, defer: bool = False) -> list[pygame.Rect]:
        if not self.table.accepting_input():
            self.table.panel.frame_rect = None  # (hidden: nothing of it is in anybody's way)
        return super().refresh(defer)


class TablePainter:
    def __init__(self, table: TableScene) -> None:
        self.table = table
        scratch = self.scratch = Scratch()
        cards = self.cards = CardDrawer(table)
        summary = self.summary = Summary(table)
        self.felt = Felt(table, scratch)
        self.plates = {seat: Plate(table, scratch, seat, summary) for seat in Seat}
        self.turn_edge = TurnEdge(table, scratch, self.plates)
        self.hands = {seat: OtherHand(table, scratch, seat, cards, None if seat == Seat.S else self.felt.background)
                      for seat in Seat}
        self.piles = {seat: Pile(table, scratch, seat, cards) for seat in Seat}
        self.thinking = Thinking(table, scratch, self.plates)
        self.board = Scoreboard(table, scratch, summary)
        self.corner = Corner(table, scratch, summary)
        self.badge = TrumpBadge(table, scratch, summary, lambda: self.message.box)
        self.message = Message(table, scratch, lambda: self.board.board, self.plate_of, self._middle_top,
                               self.badge.place)
        self.panel = ChoiceButtons(table, scratch)
        self.trick = Trick(table, scratch, cards)
        self.own_hand = OwnHand(table, scratch, cards)
        self.turn = TurnLine(table, scratch, summary)
        self.claim_offer = ClaimOffer(table, scratch, cards, self.plate_of)
        self.bubbles = {seat: Bubble(table, scratch, seat, self.plate_of) for seat in Seat}
        self.banner = Banner(table, scratch)
        self.checker = CheckerNote(table, scratch, self.plate_of)
        self.offered = OfferedCard(table, scratch, cards)
        self.undo_chip = Chip(table, scratch, Intent.UNDO)
        self.claim_chip = Chip(table, scratch, Intent.CLAIM)
        self.speech = Speech(table, scratch, self.plate_of, self._clear_of_speech)
        others = self.others = [self.hands[seat] for seat in (Seat.N, Seat.E, Seat.W)]
        self.moving: list[TableWidget] = [self.thinking, self.corner, self.trick, self.own_hand, self.claim_offer,
                                          self.offered]
        # what each widget's place depends on is refreshed before it (plates, board, panel, message)
        self.refresh_order: list[TableWidget] = [
            self.felt, *self.plates.values(), self.turn_edge, self.board, self.corner, *self.hands.values(),
            *self.piles.values(), self.thinking, self.undo_chip, self.claim_chip, self.panel, self.message,
            self.badge, self.trick, self.own_hand, self.turn, self.claim_offer, *self.bubbles.values(), self.checker,
            self.offered, self.banner, self.speech]
        self.under_flying: list[TableWidget] = [
            self.felt, *others, *self.piles.values(), *self.plates.values(), self.turn_edge, self.thinking, self.badge,
            self.trick, self.hands[Seat.S], self.own_hand]
        self.over_flying: list[TableWidget] = [
            self.board, self.corner, self.undo_chip, self.claim_chip, self.turn, self.claim_offer,
            *self.bubbles.values(), self.checker, self.offered, self.panel, self.message, self.banner, self.speech]
        self._refreshed_in = -1  # the frame of the last refresh (a frame's draw needs no other)
        self._carried: list[pygame.Rect] = []  # areas changed by a refresh outside a frame, for the next
        self._flying: list[tuple[CardSprite, pygame.Rect]] = []
        self._flying_keys: tuple[SpriteKey, ...] | None = ()

    def prepare_one(self, seconds: float) -> bool:
        """A frame with time to spare: about ``seconds`` of drawing ahead (at least one part), a
        portrait not drawn yet first, else one face-down hand's next picture (nothing shown changes).
        True once a portrait is drawn whole (a plate shows it now)."""
        for plate in self.plates.values():
            drew = plate.prepare(seconds)
            if drew is not None:
                return drew
        any(hand.prepare(seconds) for hand in self.hands.values())
        return False

    def forget_sizes(self) -> None:
        """The window or the card size changed: every picture is drawn again on the next refresh."""
        self.scratch.forget()
        self.cards.forget()
        for widget in self.refresh_order:
            widget.forget()
        self._flying_keys = None  # (not (): with no card in flight now, the last ones kept would stay drawn)

    def forget_faces(self) -> None:
        """Classic faces drawn in the background are ready: every picture that may show a face is
        drawn again on the next refresh, but the face-down hands keep theirs (a back is still a back:
        drawing the three again made the frame the faces came one of a deal's longest, and the deal's
        end drew them again on a busy machine, where the faces come late)."""
        self.cards.forget()
        for widget in self.refresh_order:
            if not (isinstance(widget, OtherHand) and widget.face_down()):
                widget.forget()
        self._flying_keys = None

    # ------------------------------------------------------------ refresh and compose
    def refresh(self, budget: float | None = None) -> list[pygame.Rect]:
        """Every widget's inputs now; the window areas that change (each redrawn widget's old and new
        place, each card in flight's old and new bounds).

        ``budget``: seconds of drawing this frame may spend on widgets' pictures.  Once they are
        spent, a widget whose inputs changed keeps its picture until the next frame (``pending``):
        a card played changes a dozen widgets at once (plates, hands, piles, the scoreboard, the
        trick), 3 to 7 ms together while a computer thinks beside the window, which drawn over two
        or three frames is no longer a frame that shows.  The cards in flight are never put off.
        None: everything now (the first frame of a table, a resize)."""
        self.summary.forget()
        self._refreshed_in = self.table.app.frame_count
        damage, self._carried = self._carried, []
        started = time.perf_counter()
        # first what cannot wait (cards, the hands), the words that may wait only noted as changed: a
        # plate drawn before a trick's pile made both one frame's work, where the plate could wait
        drew = False  # (the first new picture is always drawn: every frame gets on)
        for widget in self.refresh_order:
            renders = widget.renders
            damage.extend(widget.refresh(defer=widget.may_wait and budget is not None))
            drew = drew or widget.renders != renders
        waiting = [widget for widget in self.refresh_order if widget.pending] if budget is not None else []
        for widget in waiting:
            # (a picture waits a few frames at most: frames that are all cards, a deal at 4K, would
            # leave the last hand's bids on the plates)
            if drew and time.perf_counter() - started > (budget or 0.0) and widget.waited <= MOST_FRAMES_WAITED:
                continue
            renders = widget.renders
            damage.extend(widget.refresh())
            drew = drew or widget.renders != renders
        damage.extend(self._refresh_flying())
        return damage

    @property
    def pending(self) -> bool:
        """A widget's new picture waits for the next frame."""
        return any(widget.pending for widget in self.refresh_order)

    def refresh_motion(self) -> list[pygame.Rect]:
        """A frame where only cards moved: the widgets that show cards in motion (the trick, the
        person's hand, the offered cards), the dots, and the cards in flight.  Every other widget's
        inputs come from what the game and the animations' callbacks say, which did not change (the
        deal's frames asked all thirty widgets for their inputs, a fifth of each frame)."""
        self._refreshed_in = self.table.app.frame_count
        damage, self._carried = self._carried, []
        for widget in self.moving:
            damage.extend(widget.refresh())
        damage.extend(self._refresh_flying())
        return damage

    def refresh_dots(self) -> list[pygame.Rect]:
        """A frame where only time moved: the thinking dots and the hint key's dots."""
        return [*self.thinking.refresh(), *self.corner.refresh()]

    def _refresh_flying(self) -> list[pygame.Rect]:
        """The cards in flight.  The deck waiting to be dealt is many cards on one spot: a stack is
        drawn once, so it casts one shadow."""
        flying: list[tuple[CardSprite, pygame.Rect]] = []
        keys: list[SpriteKey] = []
        drawn: set[tuple[object, ...]] = set()
        for sprite in self.table.view.flying:
            key = sprite_key(sprite)
            look = key if sprite.face_up else key[1:]  # a back looks the same whichever card it hides
            if sprite.face_up or look not in drawn:
                drawn.add(look)
                flying.append((sprite, self.cards.area(sprite)))
                keys.append(key)
        if tuple(keys) == self._flying_keys:
            return []
        damage = [bound for _, bound in self._flying] + [bound for _, bound in flying]
        self._flying, self._flying_keys = flying, tuple(keys)
        return damage

    def draw(self, surface: pygame.Surface) -> None:
        """The table from the widgets' pictures; a frame that redraws part of the window (its clip)
        blits only what reaches it."""
        if self._refreshed_in != self.table.app.frame_count:  # (drawn outside a frame: a test, a screenshot)
            self._carried = self.refresh()  # what changed is still to be shown by the next frame
        clip = surface.get_clip()
        log = None if self.table.app.redrawing_again else current_log()
        if log is not None:
            for widget in self.under_flying:
                widget.note_texts(log)
        # what lies under a card in flight's opaque middle is not drawn: the felt and the hands under
        # the dealt cards were most of a deal frame's pixels at 4K
        lay = self.table.layout
        big = lay.card_w * lay.card_h >= HIDES_ENOUGH  # (smaller cards: nothing worth looking for)
        hidden = [inside for sprite, bound in self._flying
                  if big and bound.colliderect(clip) and (inside := self.cards.opaque_inside(sprite)) is not None
                  and inside.w * inside.h >= HIDES_ENOUGH]
        pieces = uncovered(clip, hidden) if hidden else None
        under = [widget for widget in self.under_flying if (rect := widget.rect) is not None and rect.colliderect(clip)]
        # nor is the felt under a face-down hand, whose picture carries the felt under its cards (a
        # card leaving a hand at the side redrew the felt under the whole hand: a third of that frame)
        covered = [rect for hand in self.others if (rect := hand.opaque_rect) is not None and rect.colliderect(clip)]
        for piece in [clip] if pieces is None else pieces:
            surface.set_clip(piece)
            for widget in under:
                parts = uncovered(piece, covered) if widget is self.felt and covered else None
                if parts is not None:
                    for part in parts:
                        surface.set_clip(part)
                        widget.draw(surface, part, None)
                    surface.set_clip(piece)
                else:
                    widget.draw(surface, piece, None)
        surface.set_clip(clip)
        for sprite, bound in self._flying:
            if bound.colliderect(clip):
                self.cards.blit(surface, sprite)
        for widget in self.over_flying:
            widget.draw(surface, clip, log)

    # ------------------------------------------------------------ where things are (clicks, tests)
    def plate_of(self, seat: Seat) -> pygame.Rect | None:
        return self.plates[seat].plate

    @property
    def plate_rects(self) -> dict[Seat, pygame.Rect]:
        """Where each name plate lies."""
        return {seat: plate.plate for seat, plate in self.plates.items() if plate.plate is not None}

    def _middle_top(self) -> int | None:
        """The top of what the middle of the table shows now: the choice panel (refreshed before the
        message), or the draw's card and its question; None when neither is shown."""
        tops = [self.table.panel.frame_rect.top] if self.table.panel.frame_rect is not None else []
        offer = offer_top(self.table)
        return min([*tops, offer] if offer is not None else tops, default=None)

    def _clear_of_speech(self) -> list[pygame.Rect]:
        """What a speech bubble keeps clear of: the trick's place and the person's hand's (cards there
        or not), any other hand holding cards, and every picture on the table but the felt (plates,
        piles, the scoreboard, notes...).  A computer's empty hand may be spoken over: at a hand's end
        nothing is there, and the next deal takes the word away first."""
        table = self.table
        lay = table.layout
        size = table.ctl.state.hand_size
        taken = [pygame.Rect(lay.trick_area()), pygame.Rect(lay.hand_area(Seat.S, size))]
        taken += [pygame.Rect(lay.hand_area(seat, size)) for seat, cards in table.view.hands.items() if cards]
        taken += [rect for widget in self.refresh_order
                  if widget is not self.felt and widget is not self.speech and (rect := widget.rect) is not None]
        return taken

    @property
    def scoreboard_rect(self) -> pygame.Rect:
        return self.board.board

    @property
    def mode_rect(self) -> pygame.Rect:
        return self.corner.mode_rect

    @property
    def corner_area(self) -> pygame.Rect | None:
        return self.corner.rect

    @property
    def badge_rect(self) -> pygame.Rect | None:
        return self.badge.badge if self.badge.picture is not None else None

    @property
    def turn_rect(self) -> pygame.Rect | None:
        inputs = self.turn.inputs()
        return None if inputs is None else pygame.Rect(inputs.place)

    @property
    def claim_rect(self) -> pygame.Rect | None:
        return self.claim_offer.offer

    @property
    def north_hand_rect(self) -> pygame.Rect | None:
        return self.hands[Seat.N].north_rect

    @property
    def undo_rect(self) -> pygame.Rect | None:
        return self.undo_chip.chip

    @property
    def claim_chip_rect(self) -> pygame.Rect | None:
        return self.claim_chip.chip

    def message_box(self, message: str) -> tuple[pygame.Rect, int]:
        return self.message.place(message)

    def turn_line(self, summary: TableSummary | None = None) -> tuple[str, tuple[int, int, int], pygame.Rect] | None:
        return turn_line(self.table, summary or self.table.summary())

    def thinking_mark(self) -> tuple[Seat, int] | None:
        return thinking_mark(self.table)

    def thinking_area(self, seat: Seat) -> pygame.Rect:
        """Where ``seat``'s "thinking..." is written at its longest, by its plate."""
        from ..core.theme import CAPTION
        from ..text.table_summary import THINKING

        font = self.table.app.fonts.get(CAPTION)
        rect = pygame.Rect((0, 0), font.size(THINKING + "..."))
        plate = self.plate_of(seat)
        if plate is None:
            return pygame.Rect(0, 0, *self.table.app.screen.get_size())  # no plate drawn yet: everywhere
        for name, at in thinking_place(self.table, seat, plate).items():
            setattr(rect, name, at)
        return rect.inflate(8, 4)

    def background(self) -> pygame.Surface:
        return self.felt.background()
