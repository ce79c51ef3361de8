"""The middle of the table: the trick (its winning card framed in gold), the trump badge beside
it, the turn line under it, and in the two-player draw the card on offer with its question."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, NamedTuple

import pygame

from ....engine.seats import Seat
from ....engine.state import Phase
from ...cards.card_sprite import CardSprite
from ...cards.cardart import draw_suit, suit_colour
from ...core.keymap import Context, Intent, label_of
from ...core.theme import (
    BADGE_FILL,
    BOARD_FILL,
    CHIP_RADIUS,
    CREAM,
    GOLD,
    INK_ON_LIGHT,
    LEAD,
    MESSAGE,
    MESSAGE_PADDING,
    MUTED,
    SMALL,
    TURN_FILL,
    WARNING,
)
from ...core.widgets import draw_panel, draw_text, panel_area, text_width
from ...text.messages import wrap
from ...text.variants import draw_prompt
from .base import Box, Scratch, TableWidget, box
from .cards import CardDrawer, CardsWidget, ShownCard, sprite_key
from .hands import plate_height
from .plates import Summary

if TYPE_CHECKING:
    from ...text.table_summary import TableSummary
    from ..scene import TableScene


class Trick(CardsWidget):
    """The cards on the table, the winning one framed in gold until the trick is gathered."""

    def shown_cards(self) -> list[ShownCard]:
        view = self.table.view
        return [ShownCard(sprite, sprite_key(sprite), winner=seat == view.trick_winner) for seat, sprite in view.trick]

    def paint_card(self, surface: pygame.Surface, card: ShownCard) -> None:
        self.cards.blit(surface, card.sprite)
        if card.winner:
            self.cards.mark(surface, card.sprite)


class BadgeLook(NamedTuple):
    place: Box
    label: str
    trump: int | None
    colour: tuple[int, int, int]
    broken: str
    size: int


class TrumpBadge(TableWidget[BadgeLook]):
    """The trump, large and plain, beside the trick; 'Spades broken' under it once it happens.  It
    keeps one place of its own (``TableLayout.trump_badge``): other words keep clear of it, and it
    never moves for them (it jumped aside for a long message, 24_m4.png).  Only where a message has
    no other room (a long one at 960x540 beside a tall scoreboard) does the badge wait, unmoved,
    until the message is gone.  The draw's card and question own the middle, and so does a claim
    with its cards."""

    def __init__(self, table: TableScene, scratch: Scratch, summary: Summary,
                 message: Callable[[], pygame.Rect | None]) -> None:
        super().__init__(table, scratch)
        self.summary = summary
        self.message = message  # where the message lies now, if one is shown
        self.badge: pygame.Rect | None = None

    def inputs(self) -> BadgeLook | None:
        look = self._placed()
        message = self.message()
        if look is not None and message is not None and message.colliderect(pygame.Rect(look.place)):
            look = None
        self.badge = None if look is None else pygame.Rect(look.place)
        return look

    def _placed(self) -> BadgeLook | None:
        table = self.table
        key = (self.summary(), table.shown_state.phase, table.claim.offered_by, table.settings, table.layout)
        return self.remembered(key, self._look)

    def place(self) -> pygame.Rect | None:
        """The badge's own place now (None: it is not shown), for the words that keep clear of it."""
        look = self._placed()
        return None if look is None else pygame.Rect(look.place)

    def _look(self) -> BadgeLook | None:
        table = self.table
        if table.shown_state.phase is Phase.DRAW or table.claim.offered_by is not None:
            return None
        summary = self.summary()
        lay = table.layout
        font = table.app.fonts.get(LEAD, bold=True)
        label = "Trump" if summary.trump is not None else summary.trump_text
        size = int(lay.height * 0.05)
        width = text_width(font, label) + (size + 28 if summary.trump is not None else 24)
        rect = pygame.Rect(lay.trump_badge(width, size + 16))
        colour = INK_ON_LIGHT  # a black trump; a red one in the deck's colours
        if summary.trump in (1, 2):
            colour = suit_colour(summary.trump, table.settings.four_colour)
        return BadgeLook(box(rect), label, summary.trump, colour, summary.broken_text, size)

    def paint(self, surface: pygame.Surface, inputs: BadgeLook) -> pygame.Rect | None:
        _, label, trump, colour, broken, size = inputs
        fonts = self.table.app.fonts
        rect = pygame.Rect(inputs.place)
        draw_panel(surface, rect, BADGE_FILL if trump is not None else BOARD_FILL, GOLD, CHIP_RADIUS)
        text_colour = INK_ON_LIGHT if trump is not None else CREAM
        label_rect = draw_text(surface, fonts.get(LEAD, bold=True), label, text_colour,
                               midleft=(rect.left + 12, rect.centery))
        if trump is not None:
            draw_suit(surface, trump, (label_rect.right + 8 + size / 2, rect.centery), size, colour)
        area = panel_area(rect)
        if broken:  # centred under the badge, or beside it where that lies over a card of the trick (a
            # larger text size makes the words wider than the badge: at 960x540 150% they lay on East's)
            font = fonts.get(SMALL, bold=True)
            lay = self.table.layout
            words = pygame.Rect(0, 0, text_width(font, broken), font.get_height())
            words.midtop = (rect.centerx, rect.bottom + 4)
            cards = []
            for seat in self.table.ctl.state.seats:
                card = pygame.Rect(0, 0, lay.card_w, lay.card_h)
                card.center = (int(lay.trick_spot(seat)[0]), int(lay.trick_spot(seat)[1]))
                cards.append(card)
            beside = words.copy()
            beside.midleft = (rect.right + 8, rect.centery)
            if words.collidelist(cards) >= 0 and beside.right <= lay.width:
                words = beside  # beside the badge instead, clear of the trick
            area.union_ip(draw_text(surface, font, broken, WARNING, topleft=words.topleft))
        return area


def turn_line(table: TableScene, summary: TableSummary) -> tuple[str, tuple[int, int, int], pygame.Rect] | None:
    """The turn line's words, colour and place, or None when there is none to show."""
    text, colour = summary.turn_text, CREAM
    claimer = table.claim.offered_by
    if claimer is not None:
        return None  # the claim's own panel says it
    if table.view.trick_winner is not None:
        winner = table.view.trick_winner
        text = f"{table.name(winner)} {table.verb(winner, 'wins', 'win')} the trick"
        if table.pending_gather is not None:
            text += f"  ·  click or press {label_of(Intent.GO_ON, Context.TRICK_HELD)} to go on"
        colour = GOLD
    elif not text or (table.accepting_input() and table.panel.buttons and claimer is None):
        return None
    elif text.startswith("Your"):
        colour = GOLD
    lay = table.layout
    font = table.app.fonts.get(LEAD, bold=True)
    cx, cy = lay.center
    rect = pygame.Rect(0, 0, text_width(font, text) + 28, font.get_linesize() + 10)
    rect.midtop = (cx, int(cy + lay.card_h * 1.12 + 6))  # under the trick, above the person's plate
    # between the person's card in the trick and the person's plate, never on the plate's name (at
    # 960x540 it hid 'You'): where the room is short, the line's panel is as tall as the room
    low = int(lay.trick_spot(Seat.S)[1] + lay.card_h / 2) + 1
    high = lay.plate_center(Seat.S)[1] - plate_height(table) // 2 - 1
    rect.height = max(font.get_linesize(), min(rect.height, high - low))
    rect.top = max(low, min(rect.top, high - rect.height))
    return text, colour, rect


class TurnLook(NamedTuple):
    text: str
    colour: tuple[int, int, int]
    place: Box


class TurnLine(TableWidget[TurnLook]):
    """Whose turn, in words, under the trick (the choice panel says it when it is shown)."""

    may_wait = True

    def __init__(self, table: TableScene, scratch: Scratch, summary: Summary) -> None:
        super().__init__(table, scratch)
        self.summary = summary

    def inputs(self) -> TurnLook | None:
        line = turn_line(self.table, self.summary())
        return None if line is None else TurnLook(line[0], line[1], box(line[2]))

    def paint(self, surface: pygame.Surface, inputs: TurnLook) -> pygame.Rect | None:
        rect = pygame.Rect(inputs.place)
        draw_panel(surface, rect, TURN_FILL, None, CHIP_RADIUS)
        draw_text(surface, self.table.app.fonts.get(LEAD, bold=True), inputs.text, inputs.colour, center=rect.center)
        return panel_area(rect)


class OfferLook(NamedTuple):
    card: int
    words: tuple[str, tuple[str, ...], str]  # the progress (or none), the question's lines, the next card's fate
    buttons: tuple[Box, ...]  # the Keep and Discard buttons (the note goes under them)
    art: object
    fonts: tuple[pygame.font.Font, pygame.font.Font]  # the progress's and the question's (see ``_words``)


class OfferedCard(TableWidget[OfferLook]):
    """Two-player draw: the card on offer, face up in the middle, with the progress and the question
    above it and, under the Keep and Discard buttons, what becomes of the next card."""

    def __init__(self, table: TableScene, scratch: Scratch, cards: CardDrawer) -> None:
        super().__init__(table, scratch)
        self.cards = cards

    def inputs(self) -> OfferLook | None:
        table = self.table
        st = table.ctl.state
        if st.phase is not Phase.DRAW or not table.accepting_input() or st.drawn_card is None:
            return None
        buttons = tuple(box(b.rect) for b in table.panel.buttons if b.rect is not None)
        progress, question, note = draw_prompt(st, st.actor)
        bold, lead, lines, progress = _words(table, progress, question)
        return OfferLook(st.drawn_card, (progress, tuple(lines), note), buttons, table.art, (bold, lead))

    def paint(self, surface: pygame.Surface, inputs: OfferLook) -> pygame.Rect | None:
        card, (progress, lines, note), buttons, _, (bold, lead) = inputs
        table = self.table
        lay = table.layout
        cx, cy = lay.center
        sprite = CardSprite(card, cx, cy, True)
        self.cards.blit(surface, sprite)
        area = self.cards.area(sprite)
        small = table.app.fonts.get(SMALL)
        bottom = int(cy - lay.card_h * 0.5 - 8)
        for line in reversed(lines):
            area.union_ip(draw_text(surface, lead, line, CREAM, midbottom=(cx, bottom)))
            bottom -= lead.get_linesize()
        if progress:
            area.union_ip(draw_text(surface, bold, progress, GOLD, midbottom=(cx, bottom)))
        below = max((pygame.Rect(r).bottom for r in buttons), default=int(cy + lay.card_h * 0.5))
        area.union_ip(draw_text(surface, small, note, MUTED, midtop=(cx, below + 8)))
        return area


def _words(table: TableScene, progress: str,
           question: str) -> tuple[pygame.font.Font, pygame.font.Font, list[str], str]:
    """The draw's progress's type, its question's type and lines, and the progress shown: at a larger
    text size, shrunk back toward 100% as far as the question needs to stay on one line and to leave a
    message room under North's plate; where even 100% leaves it none (960x540 at 150%: North's plate
    is taller), the progress gives way while a message is shown (the scoreboard says it too)."""
    room = int(table.layout.width * 0.6)
    north = table.painter.plate_rects.get(Seat.N)
    plain = table.app.fonts.at(1.0)
    message = plain.get(MESSAGE, bold=True).get_linesize() + MESSAGE_PADDING[1] + 8  # (a line, at 100%)
    for scale in table.app.fonts.scales_down():
        fonts = table.app.fonts.at(scale)
        lead, bold = fonts.get(LEAD), fonts.get(SMALL, bold=True)
        lines = wrap(question, room, partial(text_width, lead))
        if len(lines) == 1 and (north is None or _top(table, lead, bold, progress, lines) - north.bottom >= message):
            break
    else:
        if table.message and north is not None and table.app.fonts.scale != 1:  # (100%: as it always was)
            progress = ""
    return bold, lead, lines, progress


def _top(table: TableScene, lead: pygame.font.Font, bold: pygame.font.Font, progress: str, lines: list[str]) -> int:
    """How high the draw's words reach, as ``OfferedCard`` draws them."""
    bottom = int(table.layout.center[1] - table.layout.card_h * 0.5 - 8) - lead.get_linesize() * len(lines)
    return bottom - (bold.size(progress)[1] if progress else 0)


def offer_top(table: TableScene) -> int | None:
    """How high the draw's card and its words reach (the message stays above), or None outside it."""
    st = table.ctl.state
    if st.phase is not Phase.DRAW or not table.accepting_input() or st.drawn_card is None:
        return None
    progress, question, _ = draw_prompt(st, st.actor)
    bold, lead, lines, progress = _words(table, progress, question)
    return _top(table, lead, bold, progress, lines)
