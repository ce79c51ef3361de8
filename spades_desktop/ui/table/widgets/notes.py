"""What the table says for a moment, and its two chips: a computer's bid in a bubble by its seat,
the play checker's note by the person's plate, the message under North's plate, and the Undo and
Claim chips by the person's hand."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, NamedTuple

import pygame

from ....engine.seats import Seat
from ....engine.words import plural
from ...core.keymap import Context, Intent, with_key
from ...core.theme import (
    BUBBLE_FILL,
    CAPTION,
    CHIP_FILL,
    CHIP_RADIUS,
    CREAM,
    GOLD,
    INK_ON_LIGHT,
    LABEL,
    LEAD,
    MESSAGE,
    MESSAGE_PADDING,
    PANEL_RADIUS,
    SMALL,
    SUBHEADING,
    WARNING,
)
from ...core.widgets import draw_panel, draw_text, draw_wrapped_panel, panel_area, text_width, wrapped_panel_rect
from .base import Box, Scratch, TableWidget, box

if TYPE_CHECKING:
    from ..layout import TableLayout
    from ..scene import TableScene

PlateOf = Callable[[Seat], "pygame.Rect | None"]
#: smaller type sizes for a message that does not fit between North's plate and North's card
SMALLER_MESSAGES = (LEAD, SMALL)


class NoteLook(NamedTuple):
    """Words drawn by a plate (a bubble, the checker's note), the plate's place, and a message's width
    and type size."""

    text: str
    place: Box
    width: int = 0
    size: int = 0


class Bubble(TableWidget[NoteLook]):
    """A computer's bid, in a bubble by its seat for about a second."""

    def __init__(self, table: TableScene, scratch: Scratch, seat: Seat, plate: PlateOf) -> None:
        super().__init__(table, scratch)
        self.seat = seat
        self.plate = plate

    def inputs(self) -> NoteLook | None:
        text = self.table.view.bubbles.get(self.seat)
        plate = self.plate(self.seat)
        return None if text is None or plate is None else NoteLook(text, box(plate))

    def paint(self, surface: pygame.Surface, inputs: NoteLook) -> pygame.Rect | None:
        text = inputs.text
        plate = pygame.Rect(inputs.place)
        font = self.table.app.fonts.get(SUBHEADING, bold=True)
        rect = pygame.Rect(0, 0, text_width(font, text) + 30, font.get_linesize() + 14)
        if self.seat in (Seat.N, Seat.S):
            # beside the plate, clear of the dealer chip, of messages under North's plate and of the
            # turn line over South's (a watched game's South bid on it: "West w[Nil]e trick")
            rect.midright = (plate.left - int(self.table.layout.height * 0.05), plate.centery)
        else:
            rect.midtop = (plate.centerx, plate.bottom + 26)
        draw_panel(surface, rect, BUBBLE_FILL, GOLD, PANEL_RADIUS)
        draw_text(surface, font, text, INK_ON_LIGHT, center=rect.center)
        return panel_area(rect)


class CheckerNote(TableWidget[NoteLook]):
    """The play checker's latest mark, quietly, left of the person's plate."""

    def __init__(self, table: TableScene, scratch: Scratch, plate: PlateOf) -> None:
        super().__init__(table, scratch)
        self.plate = plate
        self.note: pygame.Rect | None = None

    def inputs(self) -> NoteLook | None:
        plate = self.plate(Seat.S)
        note = self.table.checker_note
        if not note or plate is None:
            self.note = None
            return None
        return NoteLook(note, box(plate))

    def paint(self, surface: pygame.Surface, inputs: NoteLook) -> pygame.Rect | None:
        note = inputs.text
        plate = pygame.Rect(inputs.place)
        lay = self.table.layout
        font = self.table.app.fonts.get(CAPTION)
        room = max(120, plate.left - int(lay.height * 0.06) - 16)
        self.note = draw_wrapped_panel(surface, font, note, room, WARNING,
                                       midright=(plate.left - int(lay.height * 0.06), plate.centery))
        return panel_area(self.note)


class Message(TableWidget[NoteLook]):
    """A short message (a refusal's reason, a hint's explanation).  A long one moves right to stay
    clear of the scoreboard, which three or four sides make taller, and starts under North's plate."""

    def __init__(self, table: TableScene, scratch: Scratch, board: Callable[[], pygame.Rect], plate: PlateOf,
                 middle: Callable[[], int | None], badge: Callable[[], pygame.Rect | None]) -> None:
        super().__init__(table, scratch)
        self.board = board
        self.plate = plate
        self.middle = middle  # the top of what the middle of the table shows (the choice panel, the draw)
        self.badge = badge  # the trump badge's own place: a message keeps clear of it
        self.box: pygame.Rect | None = None  # where the message shown now lies

    def size(self, message: str) -> int:
        """The message's type size: at a larger text size, shrunk back toward 100% where it would
        lie on the choice panel or the draw's question (a small window has little room there); and
        where even that does not fit between North's plate and North's card in the trick, a smaller
        type that does (at 960x540 and 1280x720 it lay over the top of North's card)."""
        fonts = self.table.app.fonts

        def clear(font: pygame.font.Font) -> bool:
            middle = self.middle()
            return middle is None or self.place(message, font)[0].bottom + 4 <= middle

        px = fonts.fitting_px(MESSAGE, clear, bold=True)
        north = self.plate(Seat.N)
        if north is None:
            return px
        lay = self.table.layout
        room = lay.trick_spot(Seat.N)[1] - lay.card_h / 2 - north.bottom
        sizes = (px, *(p for p in map(fonts.px, SMALLER_MESSAGES) if p < px))
        for smaller in sizes:
            if wrapped_panel_rect(fonts.sized(smaller, bold=True), message, int(lay.width * 0.6)).h <= room:
                return smaller
        return sizes[-1]  # (no room there at all, at 960x540: it goes beside North's card, as small as allowed)

    def place(self, message: str, font: pygame.font.Font | None = None) -> tuple[pygame.Rect, int]:
        """Where ``message`` goes and how wide its lines are (in ``font``; the size it is drawn at
        when None)."""
        lay = self.table.layout
        if font is None:
            font = self.table.app.fonts.sized(self.size(message), bold=True)
        width = int(lay.width * 0.6)
        rect = wrapped_panel_rect(font, message, width)  # as drawn: a short message is a small box
        rect.center = (lay.width // 2, int(lay.height * 0.25))
        board = self.board()
        if board.w and rect.colliderect(board):
            rect.left = min(board.right + 12, lay.width - 12 - rect.w)
        north = self.plate(Seat.N)
        if north is not None:  # between North's plate and North's card in the trick, where it fits
            card = north_trick_card(lay)
            middle = self.middle()
            beside = None if card.top - north.bottom >= rect.h else self._beside(message, font, card, middle)
            if beside is not None:
                return beside
            if card.top - north.bottom >= rect.h:
                rect.centery = (north.bottom + card.top) // 2
            elif rect.colliderect(north):
                rect.top = north.bottom + 6
            if middle is not None and rect.bottom + 4 > middle and middle - north.bottom >= rect.h + 8:
                rect.centery = (north.bottom + middle) // 2  # on the choice panel: between it and the plate
        return self._clear_of_badge(message, font, rect, width)

    def _clear_of_badge(self, message: str, font: pygame.font.Font, rect: pygame.Rect,
                        width: int) -> tuple[pygame.Rect, int]:
        """``rect`` kept clear of the trump badge, which keeps its place (it jumped aside for a long
        message): moved left of the badge; where that meets the scoreboard or the window's edge,
        beside North's card as a small window's messages go; else where it was (the badge then
        waits, hidden, until the message is gone)."""
        badge = self.badge()
        if badge is None or not rect.colliderect(badge):
            return rect, width
        gap = 8
        board = self.board()
        left = board.right + 12 if board.w and board.top < rect.bottom and rect.top < board.bottom else gap
        moved = rect.copy()
        moved.right = badge.left - gap
        if moved.left >= left:
            return moved, width
        beside = self._beside(message, font, north_trick_card(self.table.layout), self.middle())
        if beside is not None:
            return beside
        return rect, width  # no room clear of it: the badge waits, unmoved, until the message is gone

    def _beside(self, message: str, font: pygame.font.Font, card: pygame.Rect,
                middle: int | None) -> tuple[pygame.Rect, int] | None:
        """Where ``message`` goes beside North's card in the trick, level with it above East's and
        West's cards, when there is no room over North's card (at 960x540 the room under the plate
        was 26 px for a 35 px panel, which lay over the card's top and the plate's bottom): left of
        the card, else right of it, clear of the plates, the scoreboard, the sideways hands and the
        choice panel (its top: ``middle``); its lines wrapped to the width there.  None: no room
        there either."""
        lay = self.table.layout
        band = (card.top, int(lay.trick_spot(Seat.W)[1] - lay.card_h / 2))  # above West's and East's cards
        if middle is not None:  # and above the choice panel
            band = (band[0], min(band[1], middle - 4))
        gap = max(6, lay.height // 90)
        hands = int(lay.card_h * 0.7) + gap  # how far in from each side the sideways hands reach
        room = card.left - gap - hands - MESSAGE_PADDING[0]  # the lines' width either side (the trick is
        if room <= 0:  # in the middle)
            return None
        rect = wrapped_panel_rect(font, message, room)
        if rect.h > band[1] - band[0] or rect.w > room + MESSAGE_PADDING[0]:
            return None
        in_the_way = [r for r in (self.board(), *map(self.plate, Seat)) if r is not None and r.w]
        badge = self.badge()
        spots = []
        for right in (False, True):
            spot = rect.copy()
            spot.centery = (band[0] + band[1]) // 2
            if right:
                spot.left = card.right + gap
            else:
                spot.right = card.left - gap
            if spot.collidelist(in_the_way) < 0:
                spots.append(spot)
        # clear of the trump badge where a side is; else on its place (the badge waits meanwhile)
        spots.sort(key=lambda spot: badge is not None and spot.colliderect(badge))
        return (spots[0], room) if spots else None

    def inputs(self) -> NoteLook | None:
        message = self.table.message
        if not message:
            self.box = None
            return None
        north = self.plate(Seat.N)
        badge = self.badge()
        look = self.remembered((message, box(self.board()), None if north is None else box(north), self.middle(),
                                None if badge is None else box(badge)),
                               lambda: NoteLook(message, *self._placed(message)))
        assert look is not None
        self.box = pygame.Rect(look.place)
        return look

    def _placed(self, message: str) -> tuple[Box, int, int]:
        size = self.size(message)
        rect, width = self.place(message, self.table.app.fonts.sized(size, bold=True))
        return box(rect), width, size

    def paint(self, surface: pygame.Surface, inputs: NoteLook) -> pygame.Rect | None:
        rect = pygame.Rect(inputs.place)
        drawn = draw_wrapped_panel(surface, self.table.app.fonts.sized(inputs.size, bold=True), inputs.text,
                                   inputs.width, midtop=rect.midtop)
        return panel_area(drawn)


def north_trick_card(lay: TableLayout) -> pygame.Rect:
    """Where North's card lies in the trick."""
    card = pygame.Rect(0, 0, lay.card_w, lay.card_h)
    x, y = lay.trick_spot(Seat.N)
    card.center = (int(x), int(y))
    return card


class Chip(TableWidget[NoteLook]):
    """A small clickable label in a framed panel by the person's hand: 'Undo (Ctrl+Z)' while something
    can be taken back, 'Claim the remaining N tricks (C)' once the engine has proven it."""

    def __init__(self, table: TableScene, scratch: Scratch, intent: Intent) -> None:
        super().__init__(table, scratch)
        self.intent = intent
        self.chip: pygame.Rect | None = None  # where it lies (a click there presses it)

    def label(self) -> str | None:
        table = self.table
        if table.autoplay:
            return None
        if self.intent is Intent.UNDO:
            return with_key("Undo", Intent.UNDO, Context.TABLE) if table.undo_available() else None
        if not table.moves.claim_available():
            return None
        left = table.ctl.state.hand_size - table.ctl.state.trick_count
        return with_key(f"Claim the remaining {plural(left, 'trick')}", Intent.CLAIM, Context.TABLE)

    def inputs(self) -> NoteLook | None:
        label = self.label()
        if label is None:
            self.chip = None
            return None
        font = self.table.app.fonts.get(LABEL, bold=True)
        rect = pygame.Rect(0, 0, text_width(font, label) + 28, font.get_linesize() + 14)
        lay = self.table.layout
        if self.intent is Intent.UNDO:
            rect.bottomright = (lay.width - 14, lay.height - 14)
        else:
            rect.bottomleft = (14, lay.height - 14)
        self.chip = rect
        return NoteLook(label, box(rect))

    def paint(self, surface: pygame.Surface, inputs: NoteLook) -> pygame.Rect | None:
        rect = pygame.Rect(inputs.place)
        draw_panel(surface, rect, CHIP_FILL, GOLD, CHIP_RADIUS)
        draw_text(surface, self.table.app.fonts.get(LABEL, bold=True), inputs.text, CREAM, center=rect.center)
        return panel_area(rect)
