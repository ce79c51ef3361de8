"""The hand summary after each hand and the game-over panel at the end of a game."""

from __future__ import annotations

import time

import pygame

from ...ai.explain import BidMoment, bid_moments
from ...engine import events as E
from ...engine.record import record_of
from ...engine.seats import Seat
from ...storage.atomic import write_json
from ..core.keymap import Context, Intent, with_key
from ..core.scene import AppContext, TableContext
from ..core.theme import BANNER, BODY, CAPTION, CREAM, GOLD, HEADING, LEAD, MUTED, NOTICE
from ..core.widgets import Button, draw_text, draw_wrapped
from ..text.messages import wrap
from ..text.summary_rows import breakdown_rows, game_summary_rows
from ..text.variants import exchange_words
from ..text.why_bids import why_line
from ..text.words import side_name, win_title
from .menu_base import ModalScene, draw_table_rows


class HandSummaryScene(ModalScene):
    keys = (Context.HAND_SUMMARY,)

    def __init__(self, app: AppContext, table: TableContext, event: E.HandScored) -> None:
        super().__init__(app, table)
        self.event = event
        self.exported = ""
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
        lines = [why_line(self.table.name(m.seat), m, person=m.seat == human, style=state.bidding,
                          opponents=1 if state.is_two else 2, deck=state.deck.mask) for m in moments]
        self.app.stack.push(self.app.scenes.text(f"Why these bids: hand {result.hand_number}", lines))

    def export(self) -> None:
        state = self.table.ctl.state
        result = next((h for h in state.hand_history if h.hand_number == self.event.hand_number), None)
        if result is None:
            return
        record = record_of(result.to_dict(), state.rules)
        folder = self.app.paths.data / "records"
        path = folder / f"hand-{self.event.hand_number}-{time.strftime('%Y%m%d-%H%M%S')}.json"
        write_json(path, record, pretty=True)
        self.exported = f"Saved {path.name} in {folder}"
        self.dirty = True

    def draw(self, surface: pygame.Surface) -> None:
        h = surface.get_height()
        rows = breakdown_rows(self.event.breakdown, self.app.settings.names)
        marks = self.table.checker.marks_of(self.event.hand_number)
        small = self.app.fonts.get(CAPTION)
        room = int(surface.get_width() * 0.7) - 48
        exchanged = [part for line in self.exchanged for part in wrap(line, room, lambda t: small.size(t)[0])]
        notes = [m.text + (f" (trick {m.trick})" if m.trick else " (your bid)") for m in marks[:4]]
        if len(marks) > 4:
            notes.append(f"... and {len(marks) - 4} more")
        said = len(exchanged) + len(notes)
        extra = (small.get_linesize() + 8 if self.exported else 0) + (small.get_linesize() * said + 8)
        rect = self.shade(surface, self.content_height(0.1, len(rows), extra))
        title = draw_text(surface, self.app.fonts.get(HEADING, bold=True), f"Hand {self.event.hand_number}", GOLD,
                          midtop=(rect.centerx, rect.top + 16))
        table_top = max(rect.top + int(h * 0.1), title.bottom + 2)  # a small window: under the title
        draw_table_rows(surface, self.app, rect, rows, table_top)
        top = table_top + len(rows) * (self.app.fonts.get(BODY).get_linesize() + 2) + 6
        if exchanged:
            top = draw_wrapped(surface, small, exchanged, CREAM, (rect.centerx, top)).bottom
        if notes:
            draw_wrapped(surface, small, notes, NOTICE, (rect.centerx, top))
        gap, n = 16, len(self.group.buttons)  # four buttons: narrower in a small window, inside the panel
        width = min(int(h * 0.3), (rect.w - 48 - gap * (n - 1)) // n)
        self.group.layout_row((rect.centerx, rect.bottom - int(h * 0.06)), width, int(h * 0.06), gap)
        self.group.draw(surface, self.app.fonts.get(BODY, bold=True))
        if self.exported:
            draw_text(surface, self.app.fonts.get(CAPTION), self.exported, MUTED,
                      midbottom=(rect.centerx, rect.bottom - int(h * 0.1)))


class GameOverScene(ModalScene):
    keys = (Context.GAME_OVER,)

    def __init__(self, app: AppContext, table: TableContext, event: E.GameOver) -> None:
        super().__init__(app, table)
        self.event = event
        self.group.set([
            Button(with_key("Score sheet", Intent.SCORE_SHEET, Context.GAME_OVER), self.score_sheet,
                   intent=Intent.SCORE_SHEET, name="score_sheet"),  # it has the focus: Enter opens it
            Button("New game", self.new_game, name="new_game"),  # no key of its own: a click, or Tab then Enter
            Button("Title", app.to_title, name="title"),
        ])
        self.group.focus = 0

    def new_game(self) -> None:
        """This game is over, so nothing of it is lost; a watched game's end may still have the
        person's own game in progress behind it, and that one is asked about first."""
        self.app.unless_game_in_progress(self.app.new_game)

    def close(self) -> None:
        self.table.modal_closed()
        if self.table.session.hands_limit is not None:  # a run of hands ends with its game
            self.app.running = False

    def draw(self, surface: pygame.Surface) -> None:
        h = surface.get_height()
        rows = game_summary_rows(self.table.ctl.state, self.app.settings.names, self.event.winner)
        rect = self.shade(surface, self.content_height(0.14, len(rows), int(h * 0.02)))
        names = self.app.settings.names
        state = self.table.ctl.state
        human_side = state.side_of_seat(Seat.S) if Seat.S in state.seats and self.table.ctl.human else ""
        won = self.event.winner == human_side
        title = win_title(side_name(self.event.winner, names), won)
        draw_text(surface, self.app.fonts.get(BANNER, bold=True), title, GOLD, midtop=(rect.centerx, rect.top + 24))
        draw_table_rows(surface, self.app, rect, rows, rect.top + int(h * 0.14))
        self.group.layout_row((rect.centerx, rect.bottom - int(h * 0.08)), int(h * 0.25), int(h * 0.065), 20)
        self.group.draw(surface, self.app.fonts.get(LEAD, bold=True))
