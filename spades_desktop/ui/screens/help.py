"""How to play, and any long text shown over the table."""

from __future__ import annotations

from functools import partial

import pygame

from ...engine.rules import HouseRules
from ..core.scene import AppContext
from ..core.theme import (
    BODY_SMALL,
    CREAM,
    FOOTNOTE,
    GOLD,
    HEADING,
    MUTED,
    NOTE,
    PANEL_OPAQUE,
    ROW,
    SMALL,
    SMALLEST,
    SUBHEADING,
    VEIL_TEXT,
)
from ..core.widgets import draw_panel, draw_text
from ..text.how_to_play import rules_text
from ..text.messages import wrap
from .menu_base import OverlayInfo, veil


class TextScene(OverlayInfo):
    """A titled list of lines over the table, wrapped to the window; any key closes it."""

    def __init__(self, app: AppContext, title: str, lines: list[str]) -> None:
        super().__init__(app)
        self.title = title
        self.lines = lines

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        veil(surface, VEIL_TEXT)
        font = self.app.fonts.get(BODY_SMALL)
        wrapped = [part for line in self.lines for part in wrap(line, int(w * 0.8), lambda t: font.size(t)[0])]
        height = int(h * 0.16) + len(wrapped) * (font.get_linesize() + 4)
        rect = pygame.Rect(0, 0, int(w * 0.86), min(int(h * 0.9), height))
        rect.center = (w // 2, h // 2)
        draw_panel(surface, rect, PANEL_OPAQUE)
        draw_text(surface, self.app.fonts.get(SUBHEADING, bold=True), self.title, GOLD,
                  midtop=(rect.centerx, rect.top + 12))
        y = rect.top + int(h * 0.08)
        for line in wrapped:
            draw_text(surface, font, line, CREAM, topleft=(rect.left + 30, y))
            y += font.get_linesize() + 4
        draw_text(surface, self.app.fonts.get(FOOTNOTE), "Any key closes", MUTED,
                  midbottom=(rect.centerx, rect.bottom - 8))


class HelpScene(OverlayInfo):
    def __init__(self, app: AppContext, rules: HouseRules) -> None:
        super().__init__(app)
        self.rules = rules

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        veil(surface, VEIL_TEXT)
        rect = pygame.Rect(0, 0, int(w * 0.86), int(h * 0.9))
        rect.center = (w // 2, h // 2)
        draw_panel(surface, rect, PANEL_OPAQUE)
        draw_text(surface, self.app.fonts.get(HEADING, bold=True), "How to play", GOLD,
                  midtop=(rect.centerx, rect.top + 14))
        top = rect.top + int(h * 0.1)
        room = rect.bottom - int(h * 0.05) - top
        # the largest text at which every line fits; the variants' lines may need the lines closer
        for rel, gap in ((ROW, 4), (SMALL, 4), (NOTE, 4), (SMALLEST, 4), (SMALLEST, 1)):
            font = self.app.fonts.get(rel)
            lines = [part for line in rules_text(self.rules)
                     for part in wrap(line, rect.w - 60, partial(_text_width, font))]
            if len(lines) * (font.get_linesize() + gap) <= room:
                break
        y = top
        for line in lines:
            draw_text(surface, font, line, CREAM, topleft=(rect.left + 30, y))
            y += font.get_linesize() + gap
        draw_text(surface, self.app.fonts.get(FOOTNOTE), "Any key closes", MUTED,
                  midbottom=(rect.centerx, rect.bottom - 10))


def _text_width(font: pygame.font.Font, text: str) -> int:
    return font.size(text)[0]
