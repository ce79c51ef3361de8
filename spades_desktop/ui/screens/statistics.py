"""The statistics: a tab per mode, the mode's figures, and under them panels in the game's style:
what the person did in their last game, their bids against their tricks hand by hand, the charts
that have something to show (the last games won and lost, contracts made by bid, nils made, bags a
hand, the person's accuracy in reviewed games), and what is still to come and when, in place of
empty charts (``statistics_text.panels``)."""

from __future__ import annotations

from functools import partial

import pygame

from ...engine.rule_table import MODE_WORDS
from ...engine.rule_values import Mode
from ...session import daily_run
from ..core.charts import Bar, draw_bar_chart
from ..core.fonts import Fonts
from ..core.scene import AppContext
from ..core.theme import (
    BODY,
    BODY_SMALL,
    CAPTION,
    CHART_GAP,
    CHART_LOST,
    CHART_NEUTRAL,
    CHART_PADDING,
    CHART_TEXT,
    CHART_WON,
    CREAM,
    GOLD,
    LEAD,
    LIST_PADDING,
    MUTED,
    NOTE_DOT,
    NOTE_INDENT,
    PAGE_TITLE,
    PANEL_OPAQUE,
    SMALL,
)
from ..core.widgets import Button, ButtonGroup, draw_panel, draw_text, render_text
from ..text.daily_words import DAILY_TAB, daily_figures, daily_panels
from ..text.messages import wrap
from ..text.statistics_text import ChartData, Note, Tone, figures, panels
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
        self.tabs.append(Button(DAILY_TAB, partial(self.show, None), name="tab_daily"))  # the daily deal's results
        self.daily = False
        self.group = ButtonGroup([*self.tabs, Button("Reset", self.reset, name="reset"),
                                  Button("Back", self.back, name="back")])
        self.group.focus = len(self.group.buttons) - 1

    def show(self, mode: Mode | None) -> None:
        """A mode's tab, or (None) the daily deal's."""
        self.daily = mode is None
        if mode is not None:
            self.mode = mode
        self.dirty = True

    def reset(self) -> None:
        def really() -> None:
            self.app.files.reset_statistics()
            self.dirty = True

        self.app.stack.push(self.app.scenes.confirm("Reset all statistics?", really))

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.blit(self.app.title_background(), (0, 0))
        if self.daily:
            lines = self.app.files.stats.daily
            items, data = daily_figures(lines, daily_run.today()), daily_panels(lines, daily_run.today())
        else:
            stats = self.app.files.stats.per_mode[self.mode.value]
            items, data = figures(stats), panels(stats, MODE_WORDS.get(self.mode, self.mode))
        # at a larger text size the figures take more room: the largest size that leaves each chart
        # room for its title, its plot and its labels (at 960x540 150% left the plots a line high)
        for scale in self.app.fonts.scales_down():
            fonts = self.app.fonts.at(scale)
            title_h = render_text(fonts.get(PAGE_TITLE, bold=True), "Statistics", GOLD).get_height()
            tab_h = max(int(h * 0.055), fonts.get(BODY_SMALL, bold=True).get_linesize() + 8)
            tabs_middle = int(h * 0.03) + title_h + int(h * 0.015) + tab_h // 2
            panel = pygame.Rect(0, 0, int(w * 0.94), 0)
            panel.top = tabs_middle - tab_h // 2 + tab_h + int(h * 0.02)
            panel.centerx = w // 2
            button_h = max(int(h * 0.06), fonts.get(BODY, bold=True).get_linesize() + 8)
            panel.h = h - int(h * 0.04) - button_h - int(h * 0.02) - panel.top
            top = panel.top + self._figure_grid(fonts, panel, items)[3]
            area = pygame.Rect(panel.left + 16, top, panel.w - 32, panel.bottom - 12 - top)
            if self._chart_cells(area, len(data))[1] >= 6 * fonts.get(CAPTION).get_linesize():
                break
        title = draw_text(surface, fonts.get(PAGE_TITLE, bold=True), "Statistics", GOLD, midtop=(w // 2, int(h * 0.03)))
        tab_font = fonts.get(BODY_SMALL, bold=True)
        tab_w = min(int(w * 0.9) // len(self.tabs) - 10, max(tab_font.size(t.label)[0] for t in self.tabs) + 40)
        ButtonGroup(self.tabs).layout_row((w // 2, title.bottom + int(h * 0.015) + tab_h // 2), tab_w, tab_h, 10)
        for tab, mode in zip(self.tabs, [*self.modes, None], strict=True):
            tab.selected = (mode is None) if self.daily else mode is self.mode
        draw_panel(surface, panel, PANEL_OPAQUE)
        self.draw_figures(surface, fonts, panel, items)
        self.draw_charts(surface, fonts.get(CAPTION), area, data)
        buttons = ButtonGroup(self.group.buttons[len(self.tabs):])
        buttons.layout_row((w // 2, h - int(h * 0.04) - button_h // 2), fonts.scaled(int(h * 0.2)), button_h, 20)
        tab_font = ButtonGroup(self.tabs).label_font(fonts, BODY_SMALL)
        for i, button in enumerate(self.group.buttons):  # the tabs in their own, smaller type
            button.focused = i == self.group.focus
            button.draw(surface, tab_font if button in self.tabs else fonts.get(BODY, bold=True))

    @staticmethod
    def _figure_grid(fonts: Fonts, panel: pygame.Rect, items: list[tuple[str, str]]) -> tuple[int, int, int, int]:
        """The figures' tiles: how many a row, a column's width, a tile's height, and the height of
        them all."""
        label_font, value_font = fonts.get(SMALL), fonts.get(LEAD, bold=True)
        widest = max(max(label_font.size(label)[0], value_font.size(value)[0]) for label, value in items) + 24
        per_row = max(1, min(len(items), (panel.w - 2 * LIST_PADDING) // widest))
        rows = -(-len(items) // per_row)
        per_row = -(-len(items) // rows)  # as even as the rows allow
        tile_h = label_font.get_linesize() + value_font.get_linesize()
        height = rows * (tile_h + LIST_PADDING) + 2 * LIST_PADDING
        return per_row, (panel.w - 2 * LIST_PADDING) // per_row, tile_h, height

    def draw_figures(self, surface: pygame.Surface, fonts: Fonts, panel: pygame.Rect,
                     items: list[tuple[str, str]]) -> None:
        """The figures as tiles, a label over a value, in as many columns as fit."""
        label_font, value_font = fonts.get(SMALL), fonts.get(LEAD, bold=True)
        per_row, column, tile_h, _ = self._figure_grid(fonts, panel, items)
        y = panel.top + LIST_PADDING
        for i, (label, value) in enumerate(items):
            x = panel.left + LIST_PADDING + (i % per_row) * column + column // 2
            row_top = y + (i // per_row) * (tile_h + LIST_PADDING)
            draw_text(surface, label_font, label, MUTED, midtop=(x, row_top))
            draw_text(surface, value_font, value, CREAM, midtop=(x, row_top + label_font.get_linesize()))

    @staticmethod
    def _chart_cells(area: pygame.Rect, count: int) -> tuple[int, int, int]:
        """A chart's cell's width and height in ``area``, and how many go across: two across for
        four, three across for six, four across for more (two rows at most)."""
        gap = CHART_GAP
        across = 2 if count <= 4 else 3 if count <= 6 else 4
        down = -(-count // across)
        return (area.w - gap * (across - 1)) // across, (area.h - gap * (down - 1)) // down, across

    def draw_charts(self, surface: pygame.Surface, font: pygame.font.Font, area: pygame.Rect,
                    data: list[ChartData | Note]) -> None:
        """The panels in a grid (``_chart_cells``), labelled in ``font``: a chart, or words in its place."""
        gap = CHART_GAP
        cell_w, cell_h, across = self._chart_cells(area, len(data))
        for i, chart in enumerate(data):
            cell = pygame.Rect(area.left + (i % across) * (cell_w + gap), area.top + (i // across) * (cell_h + gap),
                               cell_w, cell_h)
            if isinstance(chart, Note):
                self.draw_note(surface, font, cell, chart)
                continue
            bars = [Bar(b.label, b.value, TONE_COLOURS[b.tone], b.caption, b.mark) for b in chart.bars]
            # (the plot starts right of its value labels: the title there must end inside the cell)
            title = chart.title if font.size(chart.title)[0] <= cell_w * 0.85 or not chart.short else chart.short
            draw_bar_chart(surface, cell, font, bars, 0 if chart.percent else None,
                           100 if chart.percent else None, title=title)

    @staticmethod
    def draw_note(surface: pygame.Surface, font: pygame.font.Font, cell: pygame.Rect, note: Note) -> None:
        """A note where a chart would be: its title where a chart's is, its lines under it, each
        wrapped to the cell (a line that does not fit in the cell's height is left out whole)."""
        x = cell.left + CHART_PADDING
        draw_text(surface, font, note.title, CHART_TEXT, topleft=(x, cell.top))
        y = cell.top + font.get_linesize() + CHART_PADDING
        width = cell.w - 2 * CHART_PADDING - NOTE_INDENT
        lines = [wrap(line, width, lambda t: font.size(t)[0]) for line in note.lines]
        rows = sum(len(parts) for parts in lines)
        # a third of a line between two, where the cell has the room for it
        gap = font.get_linesize() // 3 if y + (rows + len(lines) / 3) * font.get_linesize() <= cell.bottom else 0
        for wrapped in lines:
            if y + font.get_linesize() * len(wrapped) > cell.bottom:
                break
            pygame.draw.circle(surface, GOLD, (x + NOTE_INDENT // 3, y + font.get_linesize() // 2), NOTE_DOT)
            for part in wrapped:
                draw_text(surface, font, part, CREAM, topleft=(x + NOTE_INDENT, y))
                y += font.get_linesize()
            y += gap
