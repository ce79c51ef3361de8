"""How to play, in pages with pictures; and any long text shown over the table."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import partial

import pygame

from ...engine.rules import HouseRules
from ...engine.seats import Seat
from ..cards.cardart import CardArt
from ..core.fonts import Fonts
from ..core.keymap import Context, Intent
from ..core.keys import intent_for
from ..core.scene import AppContext, Scene
from ..core.theme import (
    BODY_SMALL,
    BORDER,
    CONTENTS_HOVER,
    CONTROL_RADIUS,
    CREAM,
    DIVIDER,
    FOOTNOTE,
    GOLD,
    HEADING,
    MUTED,
    NOTE,
    PANEL_OPAQUE,
    ROW,
    ROW_FOCUS,
    ROW_STRIPE,
    SHEET_PADDING,
    SMALL,
    SMALLEST,
    SUBHEADING,
    VEIL_TEXT,
)
from ..core.widgets import Button, ButtonGroup, draw_panel, draw_text
from ..text.how_to_play import Page, PageKind, lead_words, pages, paragraphs
from ..text.key_help import help_page_hint
from ..text.list_page import ListPage, text_page
from ..text.messages import wrap
from ..text.words import seat_name
from .help_pictures import Label, Picture, Sizes, card_widths, draw_picture, needed_size
from .list_layout import Fit, width_in
from .list_scene import ListScene
from .menu_base import veil


class TextScene(ListScene):
    """A titled page of lines over the table (why these bids, the play checker's notes), wrapped to
    the window; the list's keys and the wheel scroll it where it is long, any other key closes it."""

    panel_share = (0.86, 0.9)
    shrinks = True  # no taller than its lines
    veil_alpha = VEIL_TEXT
    sizes = (BODY_SMALL,)
    title_size = SUBHEADING

    def __init__(self, app: AppContext, title: str, lines: list[str]) -> None:
        super().__init__(app, selects=False)
        self.title = title
        self.lines = lines

    def page(self) -> ListPage:
        return text_page(self.title, self.lines)

    def fits(self, room: int) -> Iterator[Fit]:
        """The lines wrapped to the room (a row each)."""
        font = self.app.fonts.get(BODY_SMALL)
        wrapped = [part for line in self.lines for part in wrap(line, room - 2 * SHEET_PADDING, width_in(font))]
        yield Fit(text_page(self.title, wrapped))


# ---------------------------------------------------------------------------- How to play
#: the panel's share of the window's width and height
PANEL = (0.9, 0.92)
#: the space round and between the panel's parts, of the window's height
PAD = 0.028
#: the contents column's least and largest share of the panel's width
CONTENTS_SHARE = (0.2, 0.3)
#: the sizes of type a page's text may take and how much of its spacing it keeps, largest first:
#: the first at which the page fits
TEXT_FITS = ((ROW, 1.0), (SMALL, 1.0), (NOTE, 1.0), (SMALLEST, 1.0), (SMALLEST, 0.4))
#: the space between two paragraphs, and between two rows of the house rules, of a line's height
PARAGRAPH_GAP = 0.45
ROW_GAP = 0.25
#: the space between two paragraphs of the keys, set as a reference card, of a line's height
HANGING_GAP = 0.8


@dataclass
class _PageLayout:
    """Where a page's texts go (as a picture's labels are placed), the stripes behind its rows,
    and its picture's felt."""

    texts: list[Label] = field(default_factory=list)
    stripes: list[pygame.Rect] = field(default_factory=list)
    stage: pygame.Rect | None = None
    fits: bool = True  # its text fitted at one of ``TEXT_FITS`` (else it is at the last, and does not)


@dataclass
class _Frame:
    """Where the parts of How to play go in a window of ``size``, each page laid out, and the
    pictures' card width: the largest at which every picture fits its page; in ``fonts``, the text
    size's or, where that leaves a page no room, the largest smaller one that does."""

    size: tuple[int, int]
    fonts: Fonts
    panel: pygame.Rect
    header: int  # the line under the title
    footer: int  # the line over the page's number and the hints
    divider: int  # the line between the contents and the page
    page: pygame.Rect  # the page's title, text and picture
    layouts: list[_PageLayout]
    sizes: Sizes
    fits: bool  # every page's text and picture, and the footer's words, fit


class HelpScene(Scene):
    """How to play: the contents at the left (the current page highlighted), the page at the
    right, its text over its picture, and the page's number and keys at the bottom.  Left/Right,
    PgUp/PgDn and the wheel turn the page, Up/Down move in the contents, a click on an entry opens
    it; Esc (or the key that opens How to play), the Close button or a click outside closes it."""

    overlay = True

    def __init__(self, app: AppContext, rules: HouseRules) -> None:
        super().__init__(app)
        self.rules = rules
        self.pages: list[Page] = pages(rules)
        self.page = 0
        self.wheel = 0.0
        entries = [Button(page.title, partial(self.turn_to, i), name=f"page_{page.kind.name.lower()}")
                   for i, page in enumerate(self.pages)]
        self.group = ButtonGroup([*entries, Button("Close", self.close, name="close")])
        self._frame: _Frame | None = None
        self._pictures: dict[int, Picture] = {}

    # ------------------------------------------------------------ input
    def key_contexts(self) -> list[Context]:
        return [Context.HELP]

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            intent = intent_for(self.key_contexts(), event)
            moves = {Intent.PAGE_PREVIOUS: self.page - 1, Intent.PAGE_NEXT: self.page + 1, Intent.FIRST: 0,
                     Intent.LAST: len(self.pages) - 1}
            if intent is Intent.CLOSE:
                self.close()
            elif intent in moves:
                self.turn_to(moves[intent])
        elif event.type == pygame.MOUSEWHEEL:
            self.wheel -= getattr(event, "precise_y", event.y)  # turned away from the person: the next page
            if abs(self.wheel) >= 1:
                self.turn_to(self.page + (1 if self.wheel > 0 else -1))
                self.wheel = 0.0
        elif (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self._frame is not None
              and not self._frame.panel.collidepoint(event.pos)):
            self.close()
        elif self.group.handle(event):
            self.dirty = True

    def turn_to(self, page: int) -> None:
        """Open page ``page`` (counted from 0), kept within the pages."""
        page = max(0, min(len(self.pages) - 1, page))
        if page != self.page:
            self.page = page
            self.dirty = True

    def close(self) -> None:
        if self.app.stack.top is self:
            self.app.stack.pop()

    # ------------------------------------------------------------ layout, once per window size
    def resized(self) -> None:
        super().resized()
        self._frame = None
        self._pictures.clear()

    def frame(self) -> _Frame:
        size = self.app.screen.get_size()
        if self._frame is None or self._frame.size != size:
            self._frame = self._lay_out(size)
            self._pictures.clear()
        return self._frame

    def art(self) -> CardArt:
        """The pictures' card faces: the app's own, in the deck the person chose."""
        return self.app.card_art(self.frame().sizes.card_width)

    def update(self, dt: float) -> bool:
        if self.art().take_ready():  # classic faces drawn in the background since the last frame
            self._pictures.clear()
            self.dirty = True
        return super().update(dt)

    def name(self, seat: Seat) -> str:
        return seat_name(seat, self.app.settings.names)

    def _lay_out(self, size: tuple[int, int]) -> _Frame:
        """The whole of How to play at the text size, or at the largest smaller one (down to 100%)
        at which every page fits: its pages are laid out together, so they keep one size of type."""
        for scale in self.app.fonts.scales_down():
            frame = self._lay_out_at(size, self.app.fonts.at(scale))
            if frame.fits:
                break
        return frame

    def _lay_out_at(self, size: tuple[int, int], fonts: Fonts) -> _Frame:
        w, h = size
        pad = int(h * PAD)
        panel = pygame.Rect(0, 0, int(w * PANEL[0]), int(h * PANEL[1]))
        panel.center = (w // 2, h // 2)
        header = panel.top + pad + fonts.get(HEADING, bold=True).get_linesize() + pad // 2
        footer = panel.bottom - pad - fonts.get(FOOTNOTE).get_linesize()
        entry_font = fonts.get(BODY_SMALL, bold=True)
        widest = max(entry_font.size(_entry_number(i))[0] + entry_font.size(page.title)[0]
                     for i, page in enumerate(self.pages))
        contents_w = max(int(panel.w * CONTENTS_SHARE[0]), min(int(panel.w * CONTENTS_SHARE[1]), widest + 2 * pad))
        entry_h = entry_font.get_linesize() + pad // 2
        top = header + pad
        for i, button in enumerate(self.group.buttons[:-1]):
            button.rect = pygame.Rect(panel.left + pad, top + i * (entry_h + pad // 4), contents_w, entry_h)
        close = pygame.Rect(0, 0, entry_font.size("Close")[0] + 2 * pad, entry_font.get_linesize() + pad // 2)
        close.midright = (panel.right - pad, (panel.top + header) // 2)
        self.group.buttons[-1].rect = close
        divider = panel.left + pad + contents_w + pad
        page = pygame.Rect(divider + pad, top, panel.right - pad - (divider + pad), footer - pad - top)
        least, most = card_widths(h)
        small = Sizes(h, fonts, least)
        layouts = [self._lay_out_page(fonts, page, pad, needed_size(p.kind, small, self.rules, self.name), p)
                   for p in self.pages]
        card_w = most
        while card_w > least and not self._pictures_fit(layouts, Sizes(h, fonts, card_w)):
            card_w -= max(1, card_w // 40)
        foot = fonts.get(FOOTNOTE)
        footer_fits = foot.size(f"Page {len(self.pages)} of {len(self.pages)}")[0] + 2 * pad + foot.size(
            help_page_hint())[0] <= panel.w - 2 * pad
        fits = footer_fits and all(laid.fits for laid in layouts) and self._pictures_fit(layouts, small)
        return _Frame(size, fonts, panel, header, footer, divider, page, layouts, Sizes(h, fonts, card_w), fits)

    def _pictures_fit(self, layouts: list[_PageLayout], sizes: Sizes) -> bool:
        for page, laid in zip(self.pages, layouts, strict=True):
            if laid.stage is not None:
                need = needed_size(page.kind, sizes, self.rules, self.name)
                if need[0] > laid.stage.w or need[1] > laid.stage.h:
                    return False
        return True

    def _lay_out_page(self, fonts: Fonts, box: pygame.Rect, pad: int, picture: tuple[int, int],
                      page: Page) -> _PageLayout:
        """A page's title, its text at the largest size at which it leaves its picture the room
        the picture needs with the smallest cards, and the picture's place: the rest of the page."""
        top = box.top + fonts.get(SUBHEADING, bold=True).get_linesize() + pad // 2
        room = box.bottom - top - (picture[1] + pad if picture[1] else 0)
        for size, spacing in TEXT_FITS:
            laid = _PageLayout([Label(page.shown_title, SUBHEADING, True, GOLD, "topleft", box.topleft)])
            bottom = self._lay_out_text(fonts, laid, page, size, spacing, (box.left, top), box.w)
            if bottom - top <= room:
                break
        else:
            laid.fits = False
        if picture[1]:
            stage_top = bottom + pad
            laid.stage = pygame.Rect(box.left, stage_top, box.w, max(picture[1], box.bottom - stage_top))
        return laid

    def _lay_out_text(self, fonts: Fonts, laid: _PageLayout, page: Page, size: float, spacing: float,
                      topleft: tuple[int, int], width: int) -> int:
        """The page's paragraphs and rows at ``size`` and ``spacing`` of their gaps into ``laid``;
        returns the bottom of the last, or a bottom past every room when a row does not fit across
        its column."""
        font = fonts.get(size)
        line = font.get_linesize()
        left, y = topleft
        hanging = page.kind is PageKind.KEYS
        if hanging:  # a reference card: each paragraph's name in a column of its own, its text beside
            names = [lead_words(p).rstrip(":") for p in paragraphs(page.lines)]
            indent = max(font.size(name)[0] for name in names) + 5 * line // 2
        for n, paragraph in enumerate(paragraphs(page.lines)):
            if n:
                y += int(line * (HANGING_GAP if hanging else PARAGRAPH_GAP) * spacing)
            lead = lead_words(paragraph)
            if hanging:
                top = y
                if lead:
                    laid.texts.append(Label(lead.rstrip(":"), size, False, GOLD, "topleft", (left + line // 2, y)))
                for part in wrap(paragraph[len(lead):].strip(), width - indent, lambda t: font.size(t)[0]):
                    laid.texts.append(Label(part, size, False, CREAM, "topleft", (left + indent, y)))
                    y += line
                if n % 2 == 0:  # every other one on a stripe, as the house rules' rows
                    half_gap = int(line * HANGING_GAP * spacing) // 2
                    laid.stripes.append(pygame.Rect(left, top - half_gap, width, y - top + 2 * half_gap))
                continue
            for part in wrap(paragraph, width, lambda t: font.size(t)[0]):
                if lead and part.startswith(lead):  # the name in gold, the rest after it
                    laid.texts.append(Label(lead, size, False, GOLD, "topleft", (left, y)))
                    rest = part[len(lead):]
                    if rest.strip():
                        laid.texts.append(Label(rest, size, False, CREAM, "topleft", (left + font.size(lead)[0], y)))
                    lead = ""
                else:
                    laid.texts.append(Label(part, size, False, CREAM, "topleft", (left, y)))
                y += line
        if page.rows:
            y += int(line * PARAGRAPH_GAP * spacing) if page.lines else 0
            half = (len(page.rows) + 1) // 2
            gap = int(line * 1.5)
            column = (width - gap) // 2
            step = line + int(line * ROW_GAP * spacing)
            laid.stripes += [pygame.Rect(left, y + r * step, width, step) for r in range(0, half, 2)]
            for i, (label, value) in enumerate(page.rows):
                if font.size(label)[0] + font.size(value)[0] + line > column:
                    return 10 ** 6  # a row runs into its neighbour: a smaller size, or nothing fits
                x = left + (i // half) * (column + gap)
                row_y = y + (i % half) * step + (step - line) // 2
                laid.texts.append(Label(label, size, False, MUTED, "topleft", (x + line // 2, row_y)))
                laid.texts.append(Label(value, size, False, CREAM, "topright", (x + column - line // 2, row_y)))
            y += half * step
        return y

    def picture(self, index: int) -> Picture | None:
        frame = self.frame()
        laid = frame.layouts[index]
        if laid.stage is None:
            return None
        found = self._pictures.get(index)
        if found is None:
            found = self._pictures[index] = draw_picture(self.pages[index].kind, laid.stage.size, frame.sizes,
                                                         self.art(), self.rules, self.name,
                                                         self.app.settings.table_colour)
        return found

    # ------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        frame = self.frame()
        fonts = frame.fonts
        veil(surface, VEIL_TEXT)
        panel = frame.panel
        pad = int(frame.size[1] * PAD)
        draw_panel(surface, panel, PANEL_OPAQUE)
        draw_text(surface, fonts.get(HEADING, bold=True), "How to play", GOLD,
                  midtop=(panel.centerx, panel.top + pad))
        self.group.buttons[-1].draw(surface, fonts.get(BODY_SMALL, bold=True))
        for y in (frame.header, frame.footer - pad // 2):
            pygame.draw.line(surface, DIVIDER, (panel.left + pad, y), (panel.right - pad, y), BORDER)
        pygame.draw.line(surface, DIVIDER, (frame.divider, frame.header + pad), (frame.divider, frame.footer - pad),
                         BORDER)
        self.draw_contents(surface)
        laid = frame.layouts[self.page]
        for stripe in laid.stripes:
            pygame.draw.rect(surface, ROW_STRIPE, stripe, border_radius=CONTROL_RADIUS)
        for text in laid.texts:
            draw_text(surface, fonts.get(text.size, text.bold), text.text, text.colour, **{text.anchor: text.at})
        picture = self.picture(self.page)
        if picture is not None and laid.stage is not None:
            surface.blit(picture.surface, laid.stage)
            ox, oy = laid.stage.topleft
            for label in picture.labels:
                draw_text(surface, fonts.get(label.size, label.bold), label.text, label.colour,
                          **{label.anchor: (label.at[0] + ox, label.at[1] + oy)})
        foot = fonts.get(FOOTNOTE)
        draw_text(surface, foot, f"Page {self.page + 1} of {len(self.pages)}", CREAM,
                  topleft=(panel.left + pad, frame.footer))
        draw_text(surface, foot, help_page_hint(), MUTED, topright=(panel.right - pad, frame.footer))

    def draw_contents(self, surface: pygame.Surface) -> None:
        """The pages' names, the current one framed in gold, the one under the mouse lit."""
        fonts = self.frame().fonts
        font, bold = fonts.get(BODY_SMALL), fonts.get(BODY_SMALL, bold=True)
        pad = int(self.frame().size[1] * PAD)
        for i, button in enumerate(self.group.buttons[:-1]):
            rect = button.rect
            current = i == self.page
            if current:
                pygame.draw.rect(surface, ROW_FOCUS, rect, border_radius=CONTROL_RADIUS)
                pygame.draw.rect(surface, GOLD, rect, width=BORDER, border_radius=CONTROL_RADIUS)
            elif button.hovered:
                pygame.draw.rect(surface, CONTENTS_HOVER, rect, border_radius=CONTROL_RADIUS)
            face = bold if current else font
            draw_text(surface, face, _entry_number(i).strip(), GOLD if current else MUTED,
                      midleft=(rect.left + pad // 2, rect.centery))
            left = rect.left + pad // 2 + bold.size(_entry_number(i))[0]
            draw_text(surface, face, button.label, GOLD if current else CREAM, midleft=(left, rect.centery))


def _entry_number(i: int) -> str:
    """A contents entry's number with the room after it."""
    return f"{i + 1}   "
