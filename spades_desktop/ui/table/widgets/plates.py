"""What sits at each seat: the name plate (name, level, bid, tricks, the dealer's chip), the turn's
gold edge round it, the "thinking..." beside it, and the pile of tricks taken with its count."""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

import pygame

from ....engine.seats import Seat
from ...core.table_look import draw_seat_disc
from ...core.theme import (
    BADGE_EDGE,
    BODY,
    BORDER,
    CAPTION,
    CREAM,
    DEALER_CHIP,
    DEALER_INK,
    GOLD,
    MADE,
    MESSAGE,
    MESSAGE_RADIUS,
    MUTED,
    NEGATIVE,
    PILE_BADGE,
    PLATE_DETAIL,
    PLATE_FILL,
    QUIET_BORDER,
    SMALL,
)
from ...core.widgets import draw_panel, draw_text, panel_area, text_width
from ...text.table_summary import THINKING
from ...text.words import level_word, plate_detail, plate_lines
from ..layout import TableLayout
from ..people import Mood, Person, person_at
from ..portraits import draw_some, drawn_count, kept_portrait, portrait
from .base import Box, Scratch, TableWidget, box
from .cards import CardDrawer
from .hands import plate_height

if TYPE_CHECKING:
    from ...text.table_summary import TableSummary
    from ..scene import TableScene


class PlateLook(NamedTuple):
    place: Box
    lines: tuple[tuple[str, ...], ...]  # the words of each line, side by side (``plate_lines``)
    colour: tuple[int, int, int]  # the last line's
    dealer: bool
    avatar: int  # the portrait's (or the person's badge's) size
    person: Person | None  # whose portrait; None: the person's own seat, a round badge with the initial
    mood: Mood
    drawn: bool = True  # the portrait is drawn (until then the seat's initial shows, as the person's)


class Plate(TableWidget[PlateLook]):
    """A seat's name plate: a computer's portrait, its name and level, the bid and tricks and the
    dealer chip; the person's plate has a round badge with their initial instead.  The turn's gold
    edge is drawn over it by ``TurnEdge``."""

    may_wait = True

    def __init__(self, table: TableScene, scratch: Scratch, seat: Seat, summary: Summary) -> None:
        super().__init__(table, scratch)
        self.seat = seat
        self.summary = summary
        self.plate: pygame.Rect | None = None  # the plate itself (clicks, and the places beside it)

    def inputs(self) -> PlateLook | None:
        table = self.table
        st = table.ctl.state
        view = table.view
        key = (self.summary(), tuple(view.bids.items()), tuple(view.tricks.items()), st.is_terminal(),
               view.dealer, table.settings, table.watching, table.ctl.human, view.reaction, drawn_count())
        look = self.remembered(key, self._look)
        self.plate = None if look is None else pygame.Rect(look.place)
        return look

    def _look(self) -> PlateLook | None:
        table = self.table
        seat = self.seat
        st = table.ctl.state
        if seat not in st.seats:
            return None
        summary = self.summary()
        person = sitting_at(table, seat)
        level = "" if person is None else level_word(level_of(table, seat))
        tricks = table.view.tricks.get(seat, 0)
        bid = table.view.bids.get(seat, "")
        nil = summary.nils.get(seat)
        detail = plate_detail(bid, tricks, nil.text if nil is not None else "")
        reaction = table.view.reaction
        mood = Mood.NEUTRAL if reaction is None or reaction.seat != seat else Mood.HAPPY if reaction.happy else Mood.SAD
        height = plate_height(table)
        drawn = person is None or kept_portrait(person, TableLayout.portrait_size(height), mood) is not None
        words = (table.name(seat), level, detail, nil is not None and nil.broken, bool(bid),
                 seat == table.view.dealer, person, mood, drawn)
        if self._known is not None and self._known[0] == words:  # (measured once per change of words)
            return self._known[1]
        fonts = table.app.fonts
        font, small = fonts.get(BODY, bold=True), fonts.get(PLATE_DETAIL)
        three = font.get_linesize() + 2 * small.get_linesize() + 8 <= height
        lines = plate_lines(table.name(seat), level, detail, three)
        avatar = TableLayout.portrait_size(height) if person is not None else int(height * 0.72)
        width = max(text_width(font, lines[0][0]) + sum(LEVEL_GAP + text_width(small, w) for w in lines[0][1:]),
                    *(text_width(small, words) for line in lines[1:] for words in line))
        width += avatar + PLATE_PAD * 3 + 4
        plate = pygame.Rect(table.layout.place_plate(seat, (width, height)))
        colour = (NEGATIVE if nil.broken else MADE) if nil is not None else GOLD if bid else MUTED
        look = PlateLook(box(plate), lines, colour, seat == table.view.dealer, avatar, person, mood, drawn)
        self._known = (words, look)
        return look

    _known: tuple[tuple[object, ...], PlateLook] | None = None  # the words last measured, and their look

    def prepare(self, seconds: float) -> bool | None:
        """A frame with time to spare: part of this seat's portrait, in the mood shown, then in the
        others a reaction may show (each 3-7 ms whole at 4K, which no frame must pay at once).  True
        once one is drawn whole, False if a part was drawn, None if every one is drawn already."""
        look = self._inputs
        if not isinstance(look, PlateLook) or look.person is None:
            return None
        for mood in (look.mood, *Mood):
            if kept_portrait(look.person, look.avatar, mood) is None:
                return draw_some(look.person, look.avatar, mood, seconds)
        return None

    def forget(self) -> None:
        super().forget()
        self._known = None

    def paint(self, surface: pygame.Surface, inputs: PlateLook) -> pygame.Rect | None:
        fonts = self.table.app.fonts
        rect = pygame.Rect(inputs.place)
        avatar = inputs.avatar
        draw_panel(surface, rect, PLATE_FILL, QUIET_BORDER, MESSAGE_RADIUS)  # (the turn's gold: ``TurnEdge``)
        centre = (rect.left + PLATE_PAD + avatar // 2, rect.centery)
        if inputs.person is not None and inputs.drawn:
            picture = portrait(inputs.person, avatar, inputs.mood)
            surface.blit(picture, picture.get_rect(center=centre))
        else:  # the person (or a portrait still to be drawn): a round badge with the initial
            draw_seat_disc(surface, self.seat, centre, avatar)
            letter = (inputs.lines[0][0].strip()[:1] or self.seat.name).upper()
            draw_text(surface, fonts.get(MESSAGE, bold=True), letter, CREAM, center=centre)
        bold, small = fonts.get(BODY, bold=True), fonts.get(PLATE_DETAIL)
        lines = inputs.lines
        room = rect.h - bold.get_linesize() - small.get_linesize() * (len(lines) - 1)
        gap = room / (len(lines) + 1)  # the lines spread evenly down the plate
        x, y = rect.left + PLATE_PAD * 2 + avatar, rect.top + gap
        name = draw_text(surface, bold, lines[0][0], CREAM, topleft=(x, round(y)))
        for words in lines[0][1:]:  # the level beside the name, where the plate has two lines only
            draw_text(surface, small, words, MUTED, midleft=(name.right + LEVEL_GAP, name.centery))
        y += bold.get_linesize() + gap
        for i, line in enumerate(lines[1:], start=2):
            draw_text(surface, small, line[0], inputs.colour if i == len(lines) else MUTED, topleft=(x, round(y)))
            y += small.get_linesize() + gap
        area = panel_area(rect)
        if inputs.dealer:
            lay = self.table.layout
            r = self.table.app.fonts.scaled(int(lay.height * 0.018))  # it holds a letter
            chip = (rect.right + r + 4, rect.centery) if self.seat == Seat.W else (rect.left - r - 4, rect.centery)
            reach = lay.bids_reach(self.table.ctl.state.hand_size)
            if self.seat in (Seat.W, Seat.E) and abs(chip[0] - lay.center[0]) - r < reach:
                # beside the plate it would lie under the panel of bids (a larger text size widens the
                # plates): under the plate's inner corner instead
                chip = (rect.right - r, rect.bottom + r + 2) if self.seat == Seat.W else (rect.left + r,
                                                                                          rect.bottom + r + 2)
            pygame.draw.circle(surface, DEALER_CHIP, chip, r)
            pygame.draw.circle(surface, DEALER_INK, chip, r, BADGE_EDGE)
            draw_text(surface, fonts.get(CAPTION, bold=True), "D", DEALER_INK, center=chip)
            area.union_ip(pygame.Rect(chip[0] - r - 2, chip[1] - r - 2, 2 * r + 4, 2 * r + 4))
        return area


class TurnEdgeLook(NamedTuple):
    place: Box  # the plate of the seat whose turn it is


class TurnEdge(TableWidget[TurnEdgeLook]):
    """The gold edge round the plate of the seat whose turn it is, over the plate's own quiet edge.
    A picture of its own: a turn passing redraws two thin frames, not two plates (their words and
    portraits took a card's play 1-2.5 ms at 4K)."""

    def __init__(self, table: TableScene, scratch: Scratch, plates: dict[Seat, Plate]) -> None:
        super().__init__(table, scratch)
        self.plates = plates

    def inputs(self) -> TurnEdgeLook | None:
        st = self.table.ctl.state
        if st.is_terminal() or st.turn is None or self.table.shown_state is not st:
            return None  # (nobody's turn is marked on a hand the table has not shown yet)
        plate = self.plates.get(st.turn)
        return None if plate is None or plate.plate is None else TurnEdgeLook(box(plate.plate))

    def paint(self, surface: pygame.Surface, inputs: TurnEdgeLook) -> pygame.Rect | None:
        rect = pygame.Rect(inputs.place)
        return pygame.draw.rect(surface, GOLD, rect, width=BORDER, border_radius=MESSAGE_RADIUS)


#: the room round a plate's portrait, and between it and the words
PLATE_PAD = 8
#: between the name and the level beside it
LEVEL_GAP = 10


def sitting_at(table: TableScene, seat: Seat) -> Person | None:
    """The computer player at ``seat`` (their look and name), or None for the person's own seat (and
    for South when the computer only stands in for the person: a run of hands played alone)."""
    if seat == table.ctl.human or (seat == Seat.S and not table.watching):
        return None
    return person_at(seat)


def level_of(table: TableScene, seat: Seat) -> str:
    """The level the seat's computer plays at in this game (as the settings chose it when it began)."""
    player = table.ctl.players.get(seat)
    if player is not None:
        return str(player.level.value)
    return table.settings.levels.get(seat.name, table.settings.levels.get("N", "normal"))


class Summary:
    """The table summary of the refresh under way, made once for every widget that reads it."""

    def __init__(self, table: TableScene) -> None:
        self.table = table
        self._summary: TableSummary | None = None

    def forget(self) -> None:
        self._summary = None

    def __call__(self) -> TableSummary:
        if self._summary is None:
            self._summary = self.table.summary()
        return self._summary


def thinking_place(table: TableScene, seat: Seat, plate: pygame.Rect) -> dict[str, tuple[int, int]]:
    """Where a seat's "thinking..." goes by its plate."""
    if seat == Seat.N:  # beside the plate: below it lie the messages and the trick
        return {"midright": (plate.left - int(table.layout.height * 0.05), plate.centery)}
    return {"midtop": (plate.centerx, plate.bottom + 4)}


def thinking_mark(table: TableScene) -> tuple[Seat, int] | None:
    """The seat shown thinking and how many dots (one to three, moving four times a second), or None."""
    seat = table.ctl.thinking_seat
    st = table.ctl.state
    # nobody is shown thinking while the deal is shown, while play is paused, or under a menu (the
    # label stood under the watch pause menu and by North's plate as the cards were dealt)
    quiet = (table.view.trick_winner is not None or table.claim.offered_by is not None or table.view.dealing
             or table.paused or table.under_menu or table.shown_state is not st)
    if seat is None or st.turn != seat or st.is_terminal() or table.queue or quiet:
        return None
    return seat, 1 + int(table.thinking_time * 4) % 3


class ThinkingLook(NamedTuple):
    seat: Seat
    dots: int
    plate: Box


class Thinking(TableWidget[ThinkingLook]):
    """'thinking...' by the plate of the computer whose turn it is, its dots moving.  Its picture never
    waits for a later frame (one small line): it leaves with the card, in the frame the card leaves
    the hand (as words that may wait it stood by the plate up to three frames after the card was
    played, long enough to be seen on a busy machine)."""

    def __init__(self, table: TableScene, scratch: Scratch, plates: dict[Seat, Plate]) -> None:
        super().__init__(table, scratch)
        self.plates = plates

    def inputs(self) -> ThinkingLook | None:
        mark = thinking_mark(self.table)
        if mark is None:
            return None
        plate = self.plates[mark[0]].plate
        return None if plate is None else ThinkingLook(mark[0], mark[1], box(plate))

    def paint(self, surface: pygame.Surface, inputs: ThinkingLook) -> pygame.Rect | None:
        return draw_text(surface, self.table.app.fonts.get(CAPTION), THINKING + "." * inputs.dots, GOLD,
                         **thinking_place(self.table, inputs.seat, pygame.Rect(inputs.plate)))


class PileLook(NamedTuple):
    tricks: int
    art: object  # the card art (its back)


class Pile(TableWidget[PileLook]):
    """A seat's tricks as a small stack with a count badge."""

    def __init__(self, table: TableScene, scratch: Scratch, seat: Seat, cards: CardDrawer) -> None:
        super().__init__(table, scratch)
        self.seat = seat
        self.cards = cards

    def inputs(self) -> PileLook | None:
        count = self.table.view.tricks.get(self.seat, 0)
        return PileLook(count, self.table.art) if count else None

    def paint(self, surface: pygame.Surface, inputs: PileLook) -> pygame.Rect | None:
        count = inputs.tricks
        table = self.table
        small = self.cards.small_back()
        x, y = table.layout.pile_spot(self.seat)
        area = small.get_rect(center=(int(x), int(y)))
        for i in range(min(count, 4)):
            area.union_ip(surface.blit(small, small.get_rect(center=(int(x + i * 3), int(y - i * 3)))))
        r = badge_radius(table)
        badge = (int(x + small.get_width() * 0.5), int(y + small.get_height() * 0.45))
        area.union_ip(pygame.draw.circle(surface, PILE_BADGE, badge, r))
        pygame.draw.circle(surface, GOLD, badge, r, BADGE_EDGE)
        area.union_ip(draw_text(surface, table.app.fonts.get(SMALL, bold=True), str(count), CREAM, center=badge))
        return area


def badge_radius(table: TableScene) -> int:
    """A pile's count badge's radius: it holds the count, so it grows with the text size."""
    return table.app.fonts.scaled(max(9, int(table.layout.height * 0.016)))


def pile_right(table: TableScene, seat: Seat) -> int:
    """How far right a seat's pile of tricks and its count reach (North's: the key help stays right
    of it)."""
    return int(table.layout.pile_spot(seat)[0] + table.layout.card_w // 4 + max(9, badge_radius(table)))
