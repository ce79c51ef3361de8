"""The statistics: a tab per mode, the mode's figures, and five charts drawn in the game's style
(the last games won and lost, contracts made by bid, nils made, bags a hand, the person's accuracy
in reviewed games)."""

from __future__ import annotations

from functools import partial

import pygame

from ...engine.rule_table import MODE_WORDS
from ...engine.rule_values import Mode
from ..core.charts import Bar, draw_bar_chart
from ..core.scene import AppContext
from ..core.theme import (
    BODY,
    BODY_SMALL,
    CAPTION,
    CHART_LOST,
    CHART_NEUTRAL,
    CHART_WON,
    CREAM,
    GOLD,
    LEAD,
    LIST_PADDING,
    MUTED,
    PAGE_TITLE,
    PANEL_OPAQUE,
    SMALL,
)
from ..core.widgets import Button, ButtonGroup, draw_panel, draw_text
from ..text.statistics_text import ChartData, Tone, charts, figures
from .menu_base import ButtonScene

TONE_COLOURS = {Tone.GOOD: CHART_WON, Tone.BAD: CHART_LOST, Tone.PLAIN: CHART_NEUTRAL}


class StatisticsScene(ButtonScene):
    """One mode at a time (its tab; the mode of the rules in force first), Reset and Back."""

    def __init__(self, app: AppContext) -> None:
        super().__init__(app)
        self.modes = [Mode(mode) for mode in app.files.stats.per_mode if mode in Mode.__members__.values()]
        current = app.settings.house_rules().mode
        self.mode = current if current in self.modes else self.modes[0]
        self.tabs = [Button(MODE_WORDS.get(mode, mode), partial(self.show, mode), name=f"tab_{mode.value}")
                     for mode in self.modes]
        self.group = ButtonGroup([*self.tabs, Button("Reset", self.reset, name="reset"),
                                  Button("Back", self.back, name="back")])
        self.group.focus = len(self.group.buttons) - 1

    def show(self, mode: Mode) -> None:
        self.mode = mode
        self.dirty = True

    def reset(self) -> None:
        def really() -> None:
            self.app.files.reset_statistics()
            self.dirty = True

        self.app.stack.push(self.app.scenes.confirm("Reset all statistics?", really))

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        fonts = self.app.fonts
        surface.blit(self.app.title_background(), (0, 0))
        title = draw_text(surface, fonts.get(PAGE_TITLE, bold=True), "Statistics", GOLD, midtop=(w // 2, int(h * 0.03)))
        tab_font = fonts.get(BODY_SMALL, bold=True)
        tab_h = int(h * 0.055)
        tab_w = min(int(w * 0.9) // len(self.tabs) - 10, max(tab_font.size(t.label)[0] for t in self.tabs) + 40)
        ButtonGroup(self.tabs).layout_row((w // 2, title.bottom + int(h * 0.015) + tab_h // 2), tab_w, tab_h, 10)
        for tab, mode in zip(self.tabs, self.modes, strict=True):
            tab.selected = mode is self.mode
        panel = pygame.Rect(0, 0, int(w * 0.94), 0)
        panel.top = self.tabs[0].rect.bottom + int(h * 0.02)
        panel.centerx = w // 2
        button_h = int(h * 0.06)
        panel.h = h - int(h * 0.04) - button_h - int(h * 0.02) - panel.top
        draw_panel(surface, panel, PANEL_OPAQUE)
        stats = self.app.files.stats.per_mode[self.mode.value]
        top = self.draw_figures(surface, panel, figures(stats))
        area = pygame.Rect(panel.left + 16, top, panel.w - 32, panel.bottom - 12 - top)
        self.draw_charts(surface, area, charts(stats))
        buttons = ButtonGroup(self.group.buttons[len(self.tabs):])
        buttons.layout_row((w // 2, h - int(h * 0.04) - button_h // 2), int(h * 0.2), button_h, 20)
        for i, button in enumerate(self.group.buttons):  # the tabs in their own, smaller type
            button.focused = i == self.group.focus
            button.draw(surface, tab_font if button in self.tabs else fonts.get(BODY, bold=True))

    def draw_figures(self, surface: pygame.Surface, panel: pygame.Rect, items: list[tuple[str, str]]) -> int:
        """The figures as tiles, a label over a value, in as many columns as fit; returns the y under them."""
        label_font = self.app.fonts.get(SMALL)
        value_font = self.app.fonts.get(LEAD, bold=True)
        widest = max(max(label_font.size(label)[0], value_font.size(value)[0]) for label, value in items) + 24
        per_row = max(1, min(len(items), (panel.w - 2 * LIST_PADDING) // widest))
        rows = -(-len(items) // per_row)
        per_row = -(-len(items) // rows)  # as even as the rows allow
        column = (panel.w - 2 * LIST_PADDING) // per_row
        y = panel.top + LIST_PADDING
        tile_h = label_font.get_linesize() + value_font.get_linesize()
        for i, (label, value) in enumerate(items):
            x = panel.left + LIST_PADDING + (i % per_row) * column + column // 2
            row_top = y + (i // per_row) * (tile_h + LIST_PADDING)
            draw_text(surface, label_font, label, MUTED, midtop=(x, row_top))
            draw_text(surface, value_font, value, CREAM, midtop=(x, row_top + label_font.get_linesize()))
        return y + rows * (tile_h + LIST_PADDING) + LIST_PADDING

    def draw_charts(self, surface: pygame.Surface, area: pygame.Rect, data: list[ChartData]) -> None:
        """The charts in a grid: two across for four, three across for more."""
        font = self.app.fonts.get(CAPTION)
        gap = 24
        across = 2 if len(data) <= 4 else 3
        down = -(-len(data) // across)
        cell_w, cell_h = (area.w - gap * (across - 1)) // across, (area.h - gap * (down - 1)) // down
        for i, chart in enumerate(data):
            cell = pygame.Rect(area.left + (i % across) * (cell_w + gap), area.top + (i // across) * (cell_h + gap),
                               cell_w, cell_h)
            bars = [Bar(b.label, b.value, TONE_COLOURS[b.tone], b.caption) for b in chart.bars]
            plot = draw_bar_chart(surface, cell, font, bars, 0 if chart.percent else None,
                                  100 if chart.percent else None, title=chart.title)
            if not bars:
                draw_text(surface, font, chart.empty, MUTED, center=plot.center)
