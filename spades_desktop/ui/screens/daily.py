"""The daily deal's two screens: the start panel (today's date, the terms, record or practice, the
computer players' levels to change before the start, Start) and the result at the end of the
four hands (hand by hand against par, the total, the hand that made the most difference and a
way into its replay and the game's review; while par is still being played, its progress)."""

from __future__ import annotations

from functools import partial

import pygame

from ...engine.deal_codes import hand_codes
from ...engine.seats import SEAT_NAMES, Seat
from ...session import daily_run
from ...session.daily_run import LEVEL_CHOICES, DailyRun, practice_reason
from ...session.duplicate import Comparison, compare
from ...session.game_session import GameSession
from ..core.charts import Bar, draw_bar_chart
from ..core.scene import AppContext
from ..core.theme import (
    BODY,
    BODY_SMALL,
    CAPTION,
    CHART_LOST,
    CHART_WON,
    CREAM,
    GOLD,
    LARGE,
    LEAD,
    MADE,
    MUTED,
    NEGATIVE,
    NOTICE,
    PANEL_OPAQUE,
    RULE_LINE,
    SMALL,
    TITLE,
)
from ..core.widgets import Button, ButtonGroup, draw_panel, draw_text
from ..text.daily_words import (
    CODE_TITLE,
    DAILY_TITLE,
    DIFFERENCE_CHART,
    day_words,
    difference_scale,
    hand_bar_caption,
    level_label,
    par_missing,
    par_waiting,
    result_rows,
    result_title,
    start_lines,
    total_line,
    widest_line,
    your_points_line,
)
from ..text.messages import wrap
from ..text.review_words import review_title
from .list_layout import width_in
from .menu_base import ButtonScene

#: the seats whose level the start panel offers, and how it names them
LEVEL_SEATS = ((Seat.N, "Partner (North)"), (Seat.W, "Left (West)"), (Seat.E, "Right (East)"))


class DailyStartScene(ButtonScene):
    """Today's daily deal before it starts: Start (the focus), the levels, a deal by code, Back."""

    def __init__(self, app: AppContext) -> None:
        super().__init__(app)
        self.run = DailyRun(daily_run.today())
        self.group = ButtonGroup()
        self.build()

    def build(self) -> None:
        levels = [Button(level_label(words, self.run.levels[seat]), partial(self.next_level, seat),
                         name=f"level_{seat.name.lower()}") for seat, words in LEVEL_SEATS]
        focus = self.group.focus
        self.group.set([Button("Start", self.start, name="start"), *levels,
                        Button(CODE_TITLE, lambda: self.app.stack.push(self.app.scenes.deal_code()), name="by_code"),
                        Button("Back", self.back, name="back")])
        self.group.focus = focus if focus >= 0 else 0

    def next_level(self, seat: Seat) -> None:
        """The seat's level, the next of easy, normal and hard."""
        level = self.run.levels[seat]
        self.run.levels[seat] = LEVEL_CHOICES[(LEVEL_CHOICES.index(level) + 1) % len(LEVEL_CHOICES)]
        self.build()
        self.dirty = True

    def start(self) -> None:
        run = self.run
        self.app.unless_game_in_progress(lambda: self.app.daily_game(run))

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.blit(self.app.title_background(), (0, 0))
        fonts = self.app.fonts
        width = min(w - 40, fonts.scaled(int(w * 0.62)))
        title_font, day_font, small = fonts.get(TITLE, bold=True), fonts.get(LEAD, bold=True), fonts.get(SMALL)
        stats, begun = self.app.files.stats.daily, self.app.files.stats.daily_begun
        lines = [(i, part) for i, text in enumerate(start_lines(stats, self.run.day, begun))
                 for part in wrap(text, width - 60, width_in(small))]
        practice = bool(practice_reason(stats, self.run.day, begun))
        height, gap, n = int(h * 0.058), int(h * 0.011), len(self.group.buttons)
        words_h = title_font.get_linesize() + day_font.get_linesize() + int(h * 0.015) + small.get_linesize() * (
            len(lines) + 1)
        panel = pygame.Rect(0, 0, width, min(h - 20, 12 + words_h + 8 + n * height + (n - 1) * gap + 24))
        panel.center = (w // 2, h // 2)
        draw_panel(surface, panel, PANEL_OPAQUE)
        title = draw_text(surface, title_font, DAILY_TITLE, GOLD, midtop=(w // 2, panel.top + 12))
        day = draw_text(surface, day_font, day_words(self.run.day), CREAM, midtop=(w // 2, title.bottom))
        y = day.bottom + int(h * 0.015)
        last = max(i for i, _ in lines)
        for n_line, (i, part) in enumerate(lines):
            colour = NOTICE if i == last and practice else CREAM if i == 0 else MUTED
            if n_line and lines[n_line - 1][0] != i:
                y += small.get_linesize() // 3
            draw_text(surface, small, part, colour, midtop=(w // 2, y))
            y += small.get_linesize()
        room = panel.bottom - 14 - (y + 8)
        height = max(18, min(height, (room - (n - 1) * gap) // n))
        total = n * height + (n - 1) * gap
        self.group.layout_column((w // 2, y + 8 + total // 2), int(panel.w * 0.6), height, gap)
        self.group.draw(surface, self.group.label_font(fonts, LARGE if height >= int(h * 0.05) else BODY))


class DailyResultScene(ButtonScene):
    """The daily's result against par (waiting for the par, with its progress, while it is played)."""

    def __init__(self, app: AppContext, session: GameSession) -> None:
        super().__init__(app)
        self.session = session
        # (a session that is no daily deal's, as the scene tests build it: its hands, no par)
        self.run: DailyRun = session.daily or DailyRun(daily_run.today())
        self.comparison: Comparison | None = None
        self.progress = (0, self.run.hands)
        self.group = ButtonGroup()
        self.take_par()

    def take_par(self) -> bool:
        """The par once it is in (then the table and its buttons); True if anything changed."""
        if self.comparison is not None:
            return False
        scores = self.session.take_par()
        if scores is None:
            job = self.session.par
            progress = job.progress if job is not None else self.progress
            changed, self.progress = progress != self.progress, progress
            if not self.group.buttons:
                self.build()
            return changed
        self.comparison = compare(self.session.daily_scores(), scores)
        self.build()
        return True

    def build(self) -> None:
        buttons = []
        widest = self.comparison.widest() if self.comparison is not None else None
        if widest is not None:
            buttons.append(Button("Your costliest decision", self.costliest, name="costliest"))
            buttons.append(Button(f"Replay hand {widest.hand}", lambda: self.replay(widest.hand), name="replay_widest"))
        buttons += [Button("Review the deal", self.review, name="review"),
                    Button("Statistics", lambda: self.app.stack.push(self.app.scenes.statistics()), name="statistics"),
                    Button("Title", self.app.to_title, name="title")]
        self.group.set(buttons)
        self.group.focus = len(buttons) - 1

    def back(self) -> None:
        self.app.to_title()

    def replay(self, hand: int) -> None:
        state = self.session.state
        hands = [r for r in state.hand_history if r.hand_number <= self.run.hands]
        result = next(r for r in hands if r.hand_number == hand)
        names = self.app.settings.names
        self.app.stack.push(self.app.scenes.hand_replay(result, lambda s: names.get(s.name, SEAT_NAMES[s]),
                                                        None, hands, 0, hand_codes(state)))

    def costliest(self) -> None:
        """The hands against par with the review's costliest decision of the hand that differs most,
        and its link into the replay of that moment (the review's own page, ``duplicate_view``)."""
        self.app.stack.push(self.app.scenes.duplicate(self.session.state, self.session.par))

    def review(self) -> None:
        state = self.session.state
        self.app.open_review(state, review_title(state))

    def update(self, dt: float) -> bool:
        return self.take_par() or super().update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.blit(self.app.title_background(), (0, 0))
        fonts = self.app.fonts
        panel = pygame.Rect(0, 0, int(w * 0.92), int(h * 0.92))
        panel.center = (w // 2, h // 2)
        draw_panel(surface, panel, PANEL_OPAQUE)
        title = draw_text(surface, fonts.get(LARGE, bold=True), result_title(self.run), GOLD,
                          midtop=(w // 2, panel.top + 14))
        button_h = int(h * 0.062)
        n = len(self.group.buttons)
        width = min(fonts.scaled(int(h * 0.3)), (panel.w - 48 - 16 * (n - 1)) // max(1, n))
        self.group.layout_row((w // 2, panel.bottom - 14 - button_h // 2), width, button_h, 16)
        comparison = self.comparison
        job = self.session.par
        if comparison is None:
            missing = job is not None and job.done  # (done with no result: failed or cancelled)
            words = par_missing(getattr(job, "failed", "")) if missing else par_waiting(self.progress)
            waiting = draw_text(surface, fonts.get(LEAD), words, CREAM,
                                center=(w // 2, panel.centery - h // 20))
            points = sum(s.points for s in self.session.daily_scores())
            draw_text(surface, fonts.get(SMALL), your_points_line(points, self.run.hands), MUTED,
                      midtop=(w // 2, waiting.bottom + 8))
        else:
            total = draw_text(surface, fonts.get(TITLE, bold=True), total_line(comparison), CREAM,
                              midtop=(w // 2, title.bottom + int(h * 0.01)))
            bottom = self.draw_rows(surface, result_rows(comparison), panel, total.bottom + int(h * 0.025))
            small = fonts.get(SMALL)
            y = bottom + int(h * 0.02)
            for line in wrap(widest_line(comparison.widest()), panel.w - 80, width_in(small))[:2]:
                draw_text(surface, small, line, CREAM, midtop=(w // 2, y))
                y += small.get_linesize()
            chart = pygame.Rect(0, y + int(h * 0.02), int(panel.w * 0.5), 0)
            chart.h = self.group.buttons[0].rect.top - int(h * 0.03) - chart.top
            chart.centerx = w // 2
            if chart.h >= 5 * fonts.get(CAPTION).get_linesize():  # (a small window: the table says it all)
                bars = [Bar(f"hand {hc.hand}", hc.difference, CHART_WON if hc.difference >= 0 else CHART_LOST,
                            hand_bar_caption(hc.difference)) for hc in comparison.hands]
                low, high = difference_scale([hc.difference for hc in comparison.hands])
                draw_bar_chart(surface, chart, fonts.get(CAPTION), bars, low=low, high=high, title=DIFFERENCE_CHART)
        self.group.draw(surface, self.group.label_font(fonts, BODY))

    def draw_rows(self, surface: pygame.Surface, rows: list[list[str]], panel: pygame.Rect, top: int) -> int:
        """The hands against par in columns, the header in gold, the total in bold; its bottom."""
        fonts = self.app.fonts
        font, bold = fonts.get(BODY_SMALL), fonts.get(BODY_SMALL, bold=True)
        left = panel.left + int(panel.w * 0.06)
        column = (panel.w - 2 * int(panel.w * 0.06)) // len(rows[0])
        y = top
        for r, row in enumerate(rows):
            last = r == len(rows) - 1
            for c, cell in enumerate(row):
                colour = GOLD if r == 0 else CREAM if c else MUTED
                if c == len(row) - 1 and r and cell not in ("", "0"):
                    colour = MADE if cell.startswith("+") else NEGATIVE
                draw_text(surface, bold if r == 0 or last else font, cell, colour,
                          midtop=(left + column * c + column // 2, y))
            y += font.get_linesize() + 6
            if r == 0 or r == len(rows) - 2:
                pygame.draw.line(surface, MUTED, (left, y - 3), (left + column * len(row), y - 3), RULE_LINE)
        return y
