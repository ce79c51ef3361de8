"""The hand summary after each hand and the game-over panel at the end of a game."""

from __future__ import annotations

import pygame

from ...ai.explain import BidMoment, bid_moments
from ...ai.judge import Judgement, position_seed
from ...engine import events as E
from ...engine.deal_codes import code_of_result
from ...engine.seats import Seat
from ..core.charts import Guide, Series, draw_line_chart
from ..core.keymap import Context, Intent, with_key
from ..core.scene import AppContext, TableContext
from ..core.theme import (
    BANNER,
    BODY,
    CAPTION,
    CHART_FLOOR,
    CHART_MARKER,
    CHART_SERIES,
    CHART_TARGET,
    CREAM,
    GOLD,
    HEADING,
    LEAD,
    MUTED,
    NOTICE,
    PANEL_OPAQUE,
    SMALL,
    VEIL_SUMMARY,
)
from ..core.widgets import Button, draw_panel, draw_text, draw_wrapped
from ..text.daily_words import deal_code_words
from ..text.game_story import final_line, lead_change, notable, score_lines
from ..text.messages import fit_text, wrap
from ..text.review_words import review_title
from ..text.summary_rows import breakdown_rows, game_summary_rows
from ..text.variants import exchange_words
from ..text.why_bids import why_line
from ..text.words import side_name, win_title
from .celebration import Celebration
from .menu_base import ModalScene, draw_table_rows, veil


class HandSummaryScene(ModalScene):
    keys = (Context.HAND_SUMMARY,)

    def __init__(self, app: AppContext, table: TableContext, event: E.HandScored) -> None:
        super().__init__(app, table)
        self.event = event
        self.exported = ""
        self.panel: pygame.Rect | None = None  # where the summary was drawn last
        keys = Context.HAND_SUMMARY
        self.group.set([
            Button("Continue", self.close, name="continue"),  # it has the focus: Enter
            Button(with_key("Score sheet", Intent.SCORE_SHEET, keys), self.score_sheet, intent=Intent.SCORE_SHEET,
                   name="score_sheet"),
            Button(with_key("Export hand record", Intent.EXPORT, keys), self.export, intent=Intent.EXPORT,
                   name="export"),
            Button(with_key("Why these bids", Intent.WHY_BIDS, keys), self.bid_reasons, intent=Intent.WHY_BIDS,
                   name="why_bids"),
        ])
        self.group.focus = 0
        self.exchanged = self._exchanged()
        self.code = self._code()

    def _code(self) -> str:
        """'Deal code 10R74-PVRGR' for this hand (it deals these cards again), or ''."""
        state = self.table.ctl.state
        result = next((h for h in state.hand_history if h.hand_number == self.event.hand_number), None)
        code = code_of_result(state, result) if result is not None else None
        return "" if code is None else deal_code_words(code)

    def _exchanged(self) -> list[str]:
        """The cards the person's exchange brought in and sent out this hand ('North passed you ...')."""
        state = self.table.ctl.state
        human = self.table.ctl.human
        result = next((h for h in state.hand_history if h.hand_number == self.event.hand_number), None)
        swap = dict(result.exchanges).get(human) if result is not None and human is not None else None
        if swap is None:
            return []
        return exchange_words(*swap, None if state.is_two else self.table.name(human.partner()))  # type: ignore[union-attr]

    def bid_reasons(self) -> None:
        """Each seat's bid with the normal level's count behind it (the person's too)."""
        state = self.table.ctl.state
        result = next((h for h in state.hand_history if h.hand_number == self.event.hand_number), None)
        if result is None or state.is_auction:
            self.app.flash("Bid explanations are for games with bids (not the auction)")
            return
        moments = bid_moments(state, result.hand_number) or [
            BidMoment(seat, action, result.hands[seat], None) for seat, action in result.bids]  # no moves kept
        human = self.table.ctl.human

        def judged(moment: BidMoment) -> Judgement | None:
            """The judge's verdict on the person's bid, where the hint or the checker had it judged."""
            if moment.seat != human or not moment.moves:
                return None
            found = self.table.advisor.known_for(position_seed(state.seed, state.log[:moment.moves]))
            return None if found is None else found.judgement(moment.action)

        lines = [why_line(self.table.name(m.seat), m, person=m.seat == human, style=state.bidding,
                          opponents=1 if state.is_two else 2, deck=state.deck.mask, judged=judged(m))
                 for m in moments]
        self.app.stack.push(self.app.scenes.text(f"Why these bids: hand {result.hand_number}", lines))

    def export(self) -> None:
        exported = self.app.files.export_hand(self.table.ctl.state, self.event.hand_number)
        if exported is None:
            return
        self.exported = exported.message
        self.dirty = True

    def draw(self, surface: pygame.Surface) -> None:
        h = surface.get_height()
        rows = breakdown_rows(self.event.breakdown, self.table.names)
        marks = self.table.checker.marks_of(self.event.hand_number)
        small = self.app.fonts.get(CAPTION)
        room = self.panel_width() - 48
        exchanged = [part for line in self.exchanged for part in wrap(line, room, lambda t: small.size(t)[0])]
        notes = [m.text + (f" (trick {m.trick})" if m.trick else " (your bid)") for m in marks[:4]]
        if len(marks) > 4:
            notes.append(f"... and {len(marks) - 4} more")
        said = len(exchanged) + len(notes)
        extra = (small.get_linesize() + 8 if self.exported else 0) + (small.get_linesize() * said + 8)
        height = self.content_height(0.1, len(rows), extra)
        rect = self.panel = self.shade(surface, height, self.table.top_row_bottom())
        title = draw_text(surface, self.app.fonts.get(HEADING, bold=True), f"Hand {self.event.hand_number}", GOLD,
                          midtop=(rect.centerx, rect.top + 16))
        if self.code:  # (at the panel's right, level with the title: the rows keep their place)
            draw_text(surface, small, self.code, MUTED, midright=(rect.right - 20, title.centery))
        table_top = max(rect.top + int(h * 0.1), title.bottom + 2)  # a small window: under the title
        draw_table_rows(surface, self.app, rect, rows, table_top)
        top = table_top + len(rows) * (self.app.fonts.get(BODY).get_linesize() + 2) + 6
        if exchanged:
            top = draw_wrapped(surface, small, exchanged, CREAM, (rect.centerx, top)).bottom
        if notes:
            draw_wrapped(surface, small, notes, NOTICE, (rect.centerx, top))
        gap, n = 16, len(self.group.buttons)  # four buttons: narrower in a small window, inside the panel
        width = min(self.app.fonts.scaled(int(h * 0.3)), (rect.w - 48 - gap * (n - 1)) // n)
        self.group.layout_row((rect.centerx, rect.bottom - int(h * 0.06)), width, int(h * 0.06), gap)
        self.group.draw(surface, self.group.label_font(self.app.fonts, BODY))
        if self.exported:
            draw_text(surface, self.app.fonts.get(CAPTION), self.exported, MUTED,
                      midbottom=(rect.centerx, rect.bottom - int(h * 0.1)))


class GameOverScene(ModalScene):
    """The end of a game: who won in large type, the scores hand by hand as a line chart with the
    target across it and the hand where the lead changed for good, the game in numbers and its
    notable moments; Score sheet (the default), Review game, New game, Title."""

    keys = (Context.GAME_OVER,)

    def __init__(self, app: AppContext, table: TableContext, event: E.GameOver) -> None:
        super().__init__(app, table)
        self.event = event
        self.group.set([
            Button(with_key("Score sheet", Intent.SCORE_SHEET, Context.GAME_OVER), self.score_sheet,
                   intent=Intent.SCORE_SHEET, name="score_sheet"),  # it has the focus: Enter opens it
            Button(with_key("Review game", Intent.REVIEW, Context.GAME_OVER), self.review_game,
                   intent=Intent.REVIEW, name="review_game"),
            # no key of its own: a click, or Tab then Enter; a watched game's end offers another to watch,
            # never a real game started unasked
            Button("Watch again", app.watch_game, name="watch_again") if table.watching
            else Button("New game", self.new_game, name="new_game"),
            Button("Title", app.to_title, name="title"),
        ])
        self.group.focus = 0
        state = table.ctl.state
        self.sides = list(state.sides)
        if Seat.S in state.seats:  # the person's side first, as at the table and on the score sheet
            mine = state.side_of_seat(Seat.S)
            self.sides.sort(key=lambda side: side != mine)
        history = state.hand_history
        self.lines = score_lines(history, self.sides)
        self.lead = lead_change(history, self.sides)
        # the person's side won: a shower over the screen for a few seconds (not with reduced motion)
        won = bool(table.ctl.human) and Seat.S in state.seats and event.winner == state.side_of_seat(Seat.S)
        self.celebration = (Celebration(len(history)) if won and not app.settings.reduce_motion
                            and table.speed > 0 else None)
        self._still: pygame.Surface | None = None  # the screen under the shower, as first drawn

    @property
    def celebrating(self) -> bool:
        return self.celebration is not None and self._still is not None

    def update(self, dt: float) -> bool:
        if self.celebration is None or self._still is None:
            return super().update(dt)
        self.celebration.update(dt)
        if self.celebration.over:
            self.celebration = self._still = None  # the screen as it is, drawn whole again
            self.overlay = True
        return True

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.celebrating and event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            assert self.celebration is not None
            self.celebration.skip()  # a key or a click ends the shower (and does nothing else)
            return
        super().handle_event(event)

    def new_game(self) -> None:
        """This game is over, so nothing of it is lost; a watched game's end may still have the
        person's own game in progress behind it, and that one is asked about first."""
        self.app.unless_game_in_progress(self.app.new_game)

    def review_game(self) -> None:
        """The game review: every seat's decisions judged, the person's side's costliest ones, and
        from there every hand replayed trick by trick."""
        state = self.table.ctl.state
        self.app.open_review(state, review_title(state))

    def close(self) -> None:
        self.table.modal_closed()
        if self.table.session.hands_limit is not None:  # a run of hands ends with its game
            self.app.running = False

    def draw(self, surface: pygame.Surface) -> None:
        if self.celebrating and self._still is not None and self._still.get_size() == surface.get_size():
            assert self.celebration is not None
            surface.blit(self._still, (0, 0))
            self.celebration.draw(surface)
            return
        self.draw_screen(surface)
        if self.celebration is not None and surface.get_clip() == surface.get_rect():
            # the shower falls over this picture from the next frame; the table under it is not drawn
            self._still = surface.copy()
            self.overlay = False

    def draw_screen(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        fonts = self.app.fonts
        names = self.table.names
        state = self.table.ctl.state
        veil(surface, VEIL_SUMMARY)
        rect = pygame.Rect(0, 0, int(w * 0.9), int(h * 0.9))
        rect.center = (w // 2, h // 2)
        draw_panel(surface, rect, PANEL_OPAQUE)
        human_side = state.side_of_seat(Seat.S) if Seat.S in state.seats and self.table.ctl.human else ""
        title = win_title(side_name(self.event.winner, names), self.event.winner == human_side)
        banner = draw_text(surface, fonts.get(BANNER, bold=True), title, GOLD, midtop=(rect.centerx, rect.top + 16))
        summary = final_line(state.scores, self.sides, len(state.hand_history))
        below = draw_text(surface, fonts.get(LEAD), summary, CREAM, midtop=(rect.centerx, banner.bottom + 2))
        button_h = int(h * 0.06)
        gap, n = 16, len(self.group.buttons)
        width = min(fonts.scaled(int(h * 0.3)), (rect.w - 48 - gap * (n - 1)) // n)
        self.group.layout_row((rect.centerx, rect.bottom - int(h * 0.02) - button_h // 2), width, button_h, gap)
        body = pygame.Rect(rect.left + 24, below.bottom + int(h * 0.03), rect.w - 48, 0)
        body.h = self.group.buttons[0].rect.top - int(h * 0.03) - body.top
        chart = body.copy()
        chart.w = int(body.w * 0.58)
        if fonts.scale != 1:  # larger text: the chart gives the numbers room for the sides' names (to half)
            bold = fonts.get(SMALL, bold=True)
            rows = game_summary_rows(state, names, self.event.winner)
            need = max(bold.size(row[0])[0] for row in rows[1:]) + 12 + len(self.sides) * (
                max(bold.size(side)[0] for side in rows[0][1:]) + 8)
            chart.w = max(int(body.w * 0.5), min(chart.w, body.w - 24 - need))
        side_panel = pygame.Rect(chart.right + 24, body.top, body.right - chart.right - 24, body.h)
        self.draw_chart(surface, chart)
        self.draw_numbers(surface, side_panel)
        self.group.draw(surface, self.group.label_font(fonts, BODY))

    def draw_chart(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        rules = self.table.ctl.state.rules
        names = self.table.names
        series = [Series(side_name(side, names), self.lines[side], CHART_SERIES[i % len(CHART_SERIES)])
                  for i, side in enumerate(self.sides)]
        guides = [Guide(rules.target_score, f"target {rules.target_score}", CHART_TARGET)]
        if rules.losing_score is not None:
            guides.append(Guide(rules.losing_score, f"a side loses at {rules.losing_score}", CHART_FLOOR))
        font = self.app.fonts.get(CAPTION)
        lead = self.lead
        marker = lead.hand if lead is not None else None
        plot = draw_line_chart(surface, rect.inflate(0, -font.get_linesize()).move(0, -font.get_linesize() // 2),
                               font, series, guides, marker, "lead" if lead is not None else "", x_title="hand")
        if lead is not None:
            words = lead.words(names)
            lines = wrap(words, rect.w, lambda t: font.size(t)[0])
            draw_wrapped(surface, font, lines[:1], CHART_MARKER, (plot.centerx, rect.bottom - font.get_linesize()))

    def draw_numbers(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The game in numbers per side, then its notable moments, as many as fit."""
        fonts = self.app.fonts
        names = self.table.names
        rows = game_summary_rows(self.table.ctl.state, names, self.event.winner)[1:]
        sides = game_summary_rows(self.table.ctl.state, names)[0][1:]  # (the title says who won)

        def columns(bold: pygame.font.Font) -> tuple[int, int]:
            """The labels' width and a side's column's, in ``bold``."""
            label_w = max(bold.size(row[0])[0] for row in rows) + 12
            return label_w, (rect.w - label_w) // max(1, len(self.sides))

        # at a larger text size, shrunk back toward 100% as far as the sides' names need to be whole
        px = fonts.fitting_px(SMALL, lambda f: all(f.size(side)[0] <= columns(f)[1] - 8 for side in sides), bold=True)
        font, bold = fonts.sized(px), fonts.sized(px, bold=True)
        label_w, column = columns(bold)
        y = rect.top
        for i, side in enumerate(sides):  # each column headed by its side, in its colour on the chart
            colour = CHART_SERIES[i % len(CHART_SERIES)]
            middle = rect.left + label_w + column * i + column // 2
            swatch = pygame.Rect(0, 0, column // 3, max(3, font.get_linesize() // 4))
            swatch.midtop = (middle, y + font.get_linesize() // 3)
            pygame.draw.rect(surface, colour, swatch, border_radius=swatch.h // 2)
            name = fit_text(side, column - 8, lambda t: bold.size(t)[0])
            draw_text(surface, bold, name, colour, midtop=(middle, y + font.get_linesize()))
        y += font.get_linesize() + bold.get_linesize()
        line = font.get_linesize() + 2
        for row in rows:
            draw_text(surface, bold, row[0], MUTED, topleft=(rect.left, y))
            for i, cell in enumerate(row[1:]):
                draw_text(surface, font, cell, CREAM, midtop=(rect.left + label_w + column * i + column // 2, y))
            y += line
        y += line // 2
        heading = draw_text(surface, bold, "Moments", GOLD, topleft=(rect.left, y))
        wrapped_room = max(0, (rect.bottom - heading.bottom) // font.get_linesize())
        history = self.table.ctl.state.hand_history
        moments_shown: list[str] = []
        for count in range(wrapped_room, 0, -1):  # as many moments as fit once wrapped
            lines = [part for text in notable(history, self.sides, names, count)
                     for part in wrap(text, rect.w, lambda t: font.size(t)[0])]
            if len(lines) <= wrapped_room:
                moments_shown = lines
                break
        y = heading.bottom + 2
        for text in moments_shown:
            draw_text(surface, font, text, CREAM, topleft=(rect.left, y))
            y += font.get_linesize()
