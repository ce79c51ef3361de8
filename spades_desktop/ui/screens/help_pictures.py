"""How to play's pictures: the real card faces on the table's felt, with its plates, bubbles and
score sheet, drawn once per size.

A picture is a surface (the felt, the cards, the plates' and panels' shapes) and the texts on it
(``Label``), which the screen draws each frame with ``draw_text`` from the text cache: so the
pictures' words are measured and checked as every text is, and a picture is never redrawn to
show them.  The card faces are the app's own (``app.card_art``), so a picture shows the deck the
person chose; a classic face not drawn yet is the large-index face the table shows meanwhile.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from ...engine.rules import HouseRules
from ...engine.seats import Seat
from ..cards.card_sprite import hand_order
from ..cards.cardart import CardArt
from ..core.fonts import Fonts
from ..core.table_look import draw_seat_disc, felt_surface
from ..core.theme import (
    BODY,
    BORDER,
    BUBBLE_FILL,
    CAPTION,
    CARD_ASPECT,
    CLEAR,
    CONTROL_RADIUS,
    CREAM,
    FELT,
    GOLD,
    INK_ON_LIGHT,
    LARGE,
    LEAD,
    MASK,
    MESSAGE,
    MESSAGE_PADDING,
    MESSAGE_RADIUS,
    MUTED,
    NEGATIVE,
    PANEL_OPAQUE,
    PANEL_RADIUS,
    PLATE_DETAIL,
    PLATE_FILL,
    QUIET_BORDER,
    ROW_STRIPE,
    SMALL,
    SUBHEADING,
    WINNER_FRAME,
)
from ..core.widgets import draw_panel, frame_winner
from ..text.how_to_play import (
    PageKind,
    example_bids,
    example_hand,
    example_score,
    example_trick,
    plate_detail,
    trick_caption,
    trump_order,
    trumps_caption,
)
from ..text.score_sheet import NUMBER_HEADER
from ..text.words import side_name

#: a picture's cards: at least this much of the window's height wide, at most the table's size
CARD_WIDTHS = (0.075, 0.125)
#: the fan of the hand: the step from card to card along the arc (of a card's width), and the
#: angle a hand of 13 spans, in degrees
FAN_STEP = 0.5
FAN_ANGLE = 26.0
#: the trick's cross: the side cards' and the top and bottom cards' distance from its middle
#: (of a card's width and height, a little wider than the table lays a trick, for the names beside
#: the cards), and the winner's lift (of its height)
TRICK_SPREAD = (1.2, 0.62)
WINNER_LIFT = 0.08
#: the house rules' picture: the gap between two trumps (of a card's width)
TRUMP_GAP = 0.15
#: the score sheet's sizes of type (and its words'), largest first, and its largest share of the felt
SHEET_SIZES = ((SUBHEADING, LEAD), (LARGE, BODY), (LEAD, SMALL), (BODY, SMALL))
SHEET_SHARE = 0.7
#: the space round a picture's content and between its parts, of the window's height
SPACING = 0.014
#: a name plate as the table draws it: its least height (of the window's), the room round its
#: two lines and beside its badge, and the badge's share of its height
PLATE_HEIGHT = 0.085
PLATE_ROOM = (36, 12)
BADGE = 0.72
BADGE_INSET = 8


@dataclass(frozen=True)
class Label:
    """A text on a picture: the theme's size and face, its colour, and where it goes on the
    picture (a pygame anchor such as ``midtop`` and a point)."""

    text: str
    size: float
    bold: bool
    colour: tuple[int, int, int]
    anchor: str
    at: tuple[int, int]


@dataclass
class Picture:
    surface: pygame.Surface
    labels: list[Label] = field(default_factory=list)


@dataclass(frozen=True)
class Sizes:
    """What a picture's size depends on: the window's height (for the space and the plates), the
    fonts, and the card width."""

    window_height: int
    fonts: Fonts
    card_width: int

    @property
    def card_height(self) -> int:
        return int(self.card_width * CARD_ASPECT)

    @property
    def space(self) -> int:
        return int(self.window_height * SPACING)

    def line(self, size: float, bold: bool = False) -> int:
        return self.fonts.get(size, bold).get_linesize()


def card_widths(window_height: int) -> tuple[int, int]:
    """The least and the largest card width of a picture in a window of this height."""
    return (max(24, int(window_height * CARD_WIDTHS[0])), max(24, int(window_height * CARD_WIDTHS[1])))


def needed_size(kind: PageKind, sizes: Sizes, rules: HouseRules, name: Callable[[Seat], str]) -> tuple[int, int]:
    """The least size of a page's picture: its content and the space round it; (0, 0) for none."""
    cw, ch, space = sizes.card_width, sizes.card_height, sizes.space
    caption = sizes.line(SMALL, bold=True)
    if kind is PageKind.DEAL:
        fan = _fan(len(example_hand(rules)), cw, ch)
        return (int(fan.width) + 2 * space, int(fan.height) + 2 * space)
    if kind is PageKind.PLAY:
        label = max(sizes.fonts.get(CAPTION, bold=True).size(f"{name(seat)} led")[0] for seat in Seat)
        width = 2 * (cw * TRICK_SPREAD[0] + cw / 2 + space + label) + 2 * space
        return (int(width), int(ch * (2 * TRICK_SPREAD[1] + 1 + WINNER_LIFT)) + caption + 4 * space)
    if kind is PageKind.BIDDING:  # three rows: North, West and East, the person
        bubbles = {seat: _bubble_size(sizes, bid) for seat, bid in example_bids(rules) if seat != Seat.S}
        plates = {seat: _plate_size(sizes, name(seat), plate_detail(bid)) for seat, bid in example_bids(rules)}
        middle = sum(plates[s][0] + bubbles[s][0] + 2 * space for s in (Seat.W, Seat.E) if s in plates)
        top = plates[Seat.N][0] + bubbles[Seat.N][0] + 2 * space
        height = max(size[1] for size in plates.values())
        return (max(middle, top, plates[Seat.S][0]) + 4 * space, 3 * height + 6 * space)
    if kind is PageKind.SCORING:
        return (_sheet_size(sizes, rules)[0] + 2 * space,
                _sheet_size(sizes, rules)[1] + 2 * sizes.line(SMALL) + 3 * space)
    if kind is PageKind.HOUSE_RULES:  # the smallest cards: this picture shrinks its own to its room
        least = card_widths(sizes.window_height)[0]
        cards = len(trump_order(rules))
        words = sizes.fonts.get(SMALL, bold=True).size(trumps_caption(rules))[0]
        return (int(cards * least * (1 + TRUMP_GAP)) + words + 3 * space, int(least * CARD_ASPECT) + 2 * space)
    return (0, 0)


def stage(size: tuple[int, int], table_colour: str) -> pygame.Surface:
    """The felt a picture lies on: the table's own, rounded and framed like a panel."""
    felt = felt_surface(size, FELT.get(table_colour, FELT["green"]), middle=0.5)
    surface = pygame.Surface(size, pygame.SRCALPHA)
    surface.blit(felt, (0, 0))
    mask = pygame.Surface(size, pygame.SRCALPHA)
    mask.fill(CLEAR)
    pygame.draw.rect(mask, MASK, mask.get_rect(), border_radius=PANEL_RADIUS)
    surface.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    pygame.draw.rect(surface, QUIET_BORDER, surface.get_rect(), width=BORDER, border_radius=PANEL_RADIUS)
    return surface


def draw_picture(kind: PageKind, size: tuple[int, int], sizes: Sizes, art: CardArt, rules: HouseRules,
                 name: Callable[[Seat], str], table_colour: str) -> Picture:
    """The picture of a page at ``size``, its content centred on the felt."""
    picture = Picture(stage(size, table_colour))
    if kind is PageKind.DEAL:  # sorted as the table sorts the person's hand, trumps (spades) first
        _hand(picture, art, hand_order(example_hand(rules), 3))
    elif kind is PageKind.BIDDING:
        _bids(picture, sizes, rules, name)
    elif kind is PageKind.PLAY:
        _trick(picture, art, sizes, rules, name)
    elif kind is PageKind.SCORING:
        _score(picture, sizes, rules, name)
    elif kind is PageKind.HOUSE_RULES:
        _trumps(picture, art, sizes, rules)
    if pygame.display.get_surface() is not None:  # for fast blitting, every frame
        picture.surface = picture.surface.convert_alpha()
    return picture


def _blit_card(surface: pygame.Surface, art: CardArt, card: int, center: tuple[float, float],
               angle: float = 0.0) -> pygame.Rect:
    """A face with the table's soft shadow under it, turned ``angle`` degrees (anticlockwise)."""
    face, shadow = art.face(card), art.shadow()
    if angle:
        face = pygame.transform.rotozoom(face, angle, 1.0)
        shadow = pygame.transform.rotozoom(shadow, angle, 1.0)
    rect = face.get_rect(center=(round(center[0]), round(center[1])))
    offset = max(2, art.width // 30)
    surface.blit(shadow, shadow.get_rect(center=rect.center).move(offset, offset + 1))
    surface.blit(face, rect)
    return rect


@dataclass(frozen=True)
class _Fan:
    spread: float  # the angle from the first card to the last, in radians
    radius: float  # of the arc the cards' centres lie on
    width: float  # of the whole fan
    height: float


def _fan(count: int, cw: int, ch: int) -> _Fan:
    spread = math.radians(FAN_ANGLE) * (count - 1) / 12  # a larger hand spans a little more
    radius = cw * FAN_STEP * (count - 1) / spread
    half = spread / 2
    width = 2 * radius * math.sin(half) + cw * math.cos(half) + ch * math.sin(half)
    height = radius * (1 - math.cos(half)) + ch * math.cos(half) + cw * math.sin(half)
    return _Fan(spread, radius, width, height)


def _hand(picture: Picture, art: CardArt, cards: list[int]) -> None:
    """The hand in a gentle fan, as held: the first card at the left, the arc's centre below."""
    w, h = picture.surface.get_size()
    n = len(cards)
    fan = _fan(n, art.width, art.height)
    sag = fan.radius * (1 - math.cos(fan.spread / 2))
    pivot = (w / 2, h / 2 - sag / 2 + fan.radius)
    for i, card in enumerate(cards):
        a = -fan.spread / 2 + fan.spread * i / (n - 1)
        center = (pivot[0] + fan.radius * math.sin(a), pivot[1] - fan.radius * math.cos(a))
        _blit_card(picture.surface, art, card, center, -math.degrees(a))


def _plate_size(sizes: Sizes, name: str, detail: str) -> tuple[int, int]:
    """A name plate's size as the table draws it: two lines beside the seat's round badge."""
    bold, small = sizes.fonts.get(BODY, bold=True), sizes.fonts.get(PLATE_DETAIL)
    height = max(int(sizes.window_height * PLATE_HEIGHT), bold.get_linesize() + small.get_linesize()
                 + PLATE_ROOM[1])
    badge = int(height * BADGE)
    return (max(bold.size(name)[0], small.size(detail)[0]) + PLATE_ROOM[0] + badge, height)


def _plate(picture: Picture, sizes: Sizes, seat: Seat, name: str, detail: str, center: tuple[int, int],
           turn: bool = False) -> pygame.Rect:
    """A seat's name plate: the badge with its initial, the name, and the bid or whose turn."""
    width, height = _plate_size(sizes, name, detail)
    plate = pygame.Rect(0, 0, width, height)
    plate.center = center
    draw_panel(picture.surface, plate, PLATE_FILL, GOLD if turn else QUIET_BORDER, MESSAGE_RADIUS)
    badge = int(height * BADGE)
    room = PLATE_ROOM[1]
    disc = (plate.left + BADGE_INSET + badge // 2, plate.centery)
    draw_seat_disc(picture.surface, seat, disc, badge)
    text_x = plate.left + badge + room + (plate.w - badge - room) // 2
    picture.labels += [
        Label((name.strip()[:1] or seat.name).upper(), MESSAGE, True, CREAM, "center", disc),
        Label(name, BODY, True, CREAM, "midtop", (text_x, plate.top + room // 2)),
        Label(detail, PLATE_DETAIL, False, GOLD, "midbottom", (text_x, plate.bottom - room // 2)),
    ]
    return plate


def _bubble_size(sizes: Sizes, text: str) -> tuple[int, int]:
    font = sizes.fonts.get(SUBHEADING, bold=True)
    return (font.size(text)[0] + MESSAGE_PADDING[0], font.get_linesize() + MESSAGE_PADDING[1])


def _bubble(picture: Picture, sizes: Sizes, text: str, **anchor: tuple[int, int]) -> None:
    """A computer's bid in the bubble the table shows by its seat."""
    rect = pygame.Rect((0, 0), _bubble_size(sizes, text))
    setattr(rect, *next(iter(anchor.items())))
    draw_panel(picture.surface, rect, BUBBLE_FILL, GOLD, PANEL_RADIUS)
    picture.labels.append(Label(text, SUBHEADING, True, INK_ON_LIGHT, "center", rect.center))


def _bids(picture: Picture, sizes: Sizes, rules: HouseRules, name: Callable[[Seat], str]) -> None:
    """The table while the bids come in: each seat's plate where the table has it, a computer's bid
    in its bubble beside its plate (toward the middle, North's at its left), and the person's plate framed for its turn
    (with two players the person has bid: the plate says it, as the table's does)."""
    w, h = picture.surface.get_size()
    space = sizes.space
    for seat, bid in example_bids(rules):
        detail = plate_detail(bid)
        pw, ph = _plate_size(sizes, name(seat), detail)
        centre = {Seat.N: (w // 2, 2 * space + ph // 2), Seat.S: (w // 2, h - 2 * space - ph // 2),
                  Seat.W: (2 * space + pw // 2, h // 2), Seat.E: (w - 2 * space - pw // 2, h // 2)}[seat]
        plate = _plate(picture, sizes, seat, name(seat), detail, centre, turn=not bid)
        if seat == Seat.S:
            continue
        if seat in (Seat.N, Seat.E):  # North's at its left, as the table has it
            _bubble(picture, sizes, bid, midright=(plate.left - space, plate.centery))
        else:
            _bubble(picture, sizes, bid, midleft=(plate.right + space, plate.centery))


def _trick(picture: Picture, art: CardArt, sizes: Sizes, rules: HouseRules, name: Callable[[Seat], str]) -> None:
    """The trick in its cross as the table lays it, the winning card raised in its gold frame,
    each card's player beside it and who wins under it."""
    w, h = picture.surface.get_size()
    trick = example_trick(rules)
    cw, ch, space = art.width, art.height, sizes.space
    caption_h = sizes.line(SMALL, bold=True)
    dy = ch * TRICK_SPREAD[1]
    cross_h = 2 * dy + ch + ch * WINNER_LIFT
    cx = w / 2
    cy = (h - caption_h - space - cross_h) / 2 + ch * WINNER_LIFT + dy + ch / 2
    spots = {Seat.N: (cx, cy - dy), Seat.S: (cx, cy + dy), Seat.W: (cx - cw * TRICK_SPREAD[0], cy),
             Seat.E: (cx + cw * TRICK_SPREAD[0], cy)}
    label_h = sizes.line(CAPTION, bold=True)
    for seat, card in trick.cards:
        x, y = spots[seat]
        won = seat == trick.winner
        rect = _blit_card(picture.surface, art, card, (x, y - (ch * WINNER_LIFT if won else 0)))
        if won:
            frame_winner(picture.surface, rect)  # the table's own frame
        words = f"{name(seat)} led" if seat == trick.leader else name(seat)
        gap = space + WINNER_FRAME
        # beside the card, clear of the cards round it: by the outer corner of the top and bottom cards
        at = {Seat.W: ("midright", (rect.left - gap, rect.centery)),
              Seat.E: ("midleft", (rect.right + gap, rect.centery)),
              Seat.N: ("midleft", (rect.right + gap, rect.top + label_h // 2)),
              Seat.S: ("midleft", (rect.right + gap, rect.bottom - label_h // 2))}[seat]
        picture.labels.append(Label(words, CAPTION, won, GOLD if won else MUTED, *at))
    top = int(cy + dy + ch / 2) + space
    picture.labels.append(Label(trick_caption(rules, name), SMALL, True, GOLD, "midtop", (w // 2, top)))


def _sheet_size(sizes: Sizes, rules: HouseRules, size: float = BODY) -> tuple[int, int]:
    """The score sheet's lines at a size of type: the side's name, the headers, the hands."""
    example = example_score(rules)
    widths = _sheet_widths(sizes, example.headers, example.rows, size)
    return (sum(widths) + 2 * sizes.space, (2 + len(example.rows)) * sizes.line(size) + 2 * sizes.space)


def _sheet_widths(sizes: Sizes, headers: tuple[str, ...], rows: tuple[tuple[str, ...], ...],
                  size: float) -> list[int]:
    font, bold = sizes.fonts.get(size), sizes.fonts.get(size, bold=True)
    columns = zip((NUMBER_HEADER, *headers), *((str(i + 1), *row) for i, row in enumerate(rows)), strict=True)
    return [max(bold.size(texts[0])[0], *(font.size(t)[0] for t in texts[1:])) + 3 * sizes.space
            for texts in columns]


def _score(picture: Picture, sizes: Sizes, rules: HouseRules, name: Callable[[Seat], str]) -> None:
    """Two hands on the score sheet: the side's name over its columns, the headers, each hand's
    cells as the sheet writes them (a set contract's points in the sheet's red); and in words, how
    each hand scored.  The sheet's type is the largest of the theme's that leaves the felt round it."""
    w, h = picture.surface.get_size()
    space = sizes.space
    example = example_score(rules)
    for size, words in SHEET_SIZES:
        caption = sizes.line(words)
        need = _sheet_size(sizes, rules, size)
        if need[0] <= w * SHEET_SHARE and need[1] + len(example.captions) * caption + space <= h * SHEET_SHARE:
            break
    line = sizes.line(size)
    widths = _sheet_widths(sizes, example.headers, example.rows, size)
    sheet = pygame.Rect((0, 0), need)
    sheet.center = (w // 2, (h - len(example.captions) * caption - space) // 2)
    draw_panel(picture.surface, sheet, PANEL_OPAQUE, QUIET_BORDER, CONTROL_RADIUS)
    top = sheet.top + space
    for r in range(0, len(example.rows), 2):
        stripe = pygame.Rect(sheet.left + BORDER, top + (2 + r) * line, sheet.w - 2 * BORDER, line)
        pygame.draw.rect(picture.surface, ROW_STRIPE, stripe)
    names = {seat.name: name(seat) for seat in Seat}
    group_left = sheet.left + space + widths[0]
    picture.labels.append(Label(side_name(example.side, names), size, True, CREAM, "midtop",
                                ((group_left + sheet.right - space) // 2, top)))
    x = sheet.left + space
    for c, (header, width) in enumerate(zip((NUMBER_HEADER, *example.headers), widths, strict=True)):
        right = x + width - space
        picture.labels.append(Label(header, size, True, GOLD, "topright", (right, top + line)))
        for r, row in enumerate(example.rows):
            cell = str(r + 1) if c == 0 else row[c - 1]
            if not cell:
                continue
            colour = MUTED if c == 0 else NEGATIVE if cell.startswith("-") else CREAM
            picture.labels.append(Label(cell, size, False, colour, "topright", (right, top + (2 + r) * line)))
        x += width
    for i, text in enumerate(example.captions):
        picture.labels.append(Label(text, words, False, CREAM, "midtop", (w // 2, sheet.bottom + space + i * caption)))


def _trumps(picture: Picture, art: CardArt, sizes: Sizes, rules: HouseRules) -> None:
    """The deck's highest trumps in a row, from the top, after the words that say so; the cards
    as large as the felt's height lets them be, up to the other pictures' size (a smaller face is
    the same art, scaled)."""
    w, h = picture.surface.get_size()
    cards = trump_order(rules)
    space = sizes.space
    cw = min(art.width, int((h - 2 * space) / CARD_ASPECT))
    ch = int(cw * CARD_ASPECT)
    gap = int(cw * TRUMP_GAP)
    caption = trumps_caption(rules)
    words = sizes.fonts.get(SMALL, bold=True).size(caption)[0]
    total = words + 2 * space + len(cards) * cw + (len(cards) - 1) * gap
    x = (w - total) // 2
    picture.labels.append(Label(caption, SMALL, True, GOLD, "midleft", (x, h // 2)))
    x += words + 2 * space
    offset = max(2, cw // 30)
    for card in cards:
        face = art.face(card)
        rect = pygame.Rect(x, (h - ch) // 2, cw, ch)
        if face.get_width() != cw:
            face = pygame.transform.smoothscale(face, (cw, ch))
        picture.surface.blit(pygame.transform.smoothscale(art.shadow(), (cw, ch)), rect.move(offset, offset + 1))
        picture.surface.blit(face, rect)
        x += cw + gap
