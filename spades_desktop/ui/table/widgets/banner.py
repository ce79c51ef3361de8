"""The banner at a hand's end: how it went in a few words (contracts made or set, nils made or
broken), in the middle of the table for a moment before the hand's summary opens."""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

import pygame

from ...core.theme import GOLD, HEADING, MADE, MESSAGE_FILL, NEGATIVE, PANEL_RADIUS, SUBHEADING
from ...core.widgets import draw_panel, draw_text, panel_area, text_width
from .base import TableWidget

if TYPE_CHECKING:  # (its words come with the first hand's end, not with the table)
    from ...text.banners import BannerLine

#: a line's colour by its tone (``text.banners.Tone``'s values): made, or set (a nil broken), whoever's
TONE_COLOURS = {"made": MADE, "set": NEGATIVE}


class BannerLook(NamedTuple):
    lines: tuple[BannerLine, ...]
    centre: tuple[int, int]


class Banner(TableWidget[BannerLook]):
    """The first line large, the others under it, each in its tone's colour."""

    def inputs(self) -> BannerLook | None:
        lines = self.table.view.banner
        return BannerLook(lines, self.table.layout.center) if lines else None

    def paint(self, surface: pygame.Surface, inputs: BannerLook) -> pygame.Rect | None:
        fonts = self.table.app.fonts
        first, rest = fonts.get(HEADING, bold=True), fonts.get(SUBHEADING, bold=True)
        lines = [(first if i == 0 else rest, line) for i, line in enumerate(inputs.lines)]
        pad = first.get_linesize() // 2
        width = max(text_width(font, line.text) for font, line in lines) + 2 * pad
        height = sum(font.get_linesize() for font, _ in lines) + pad
        rect = pygame.Rect(0, 0, min(width, self.table.layout.width - 2 * pad), height)
        rect.center = inputs.centre
        draw_panel(surface, rect, MESSAGE_FILL, GOLD, PANEL_RADIUS)
        y = rect.top + pad // 2
        for font, line in lines:
            draw_text(surface, font, line.text, TONE_COLOURS[line.tone.value], midtop=(rect.centerx, y))
            y += font.get_linesize()
        return panel_area(rect)
