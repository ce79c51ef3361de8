"""Title, pause, hand summary, game over, score sheet, last trick and How to play screens."""

from __future__ import annotations

import time
from collections.abc import Callable

import pygame

from ... import __version__
from ...ai.explain import explain_bid
from ...engine import events as E
from ...engine.record import record_of
from ...engine.rules import HouseRules
from ...engine.seats import SEAT_NAMES, Seat
from ...engine.state import GameState
from ...storage.atomic import write_json
from ..cards.card_sprite import hand_order
from ..cards.cardart import draw_suit
from ..core.scene import AppContext, Scene, TableContext
from ..core.widgets import CREAM, GOLD, MUTED, Button, ButtonGroup, draw_panel, draw_text, draw_wrapped
from ..text.hand_replay import bid_words, replay_steps
from ..text.messages import sentence, with_overflow, wrap
from ..text.score_sheet import COMPACT, NARROW, columns_for, sheet_rows
from ..text.variants import first_club_words, style_words, three_player_line, variant_lines
from .files import LoadScene, SaveNameScene, StatisticsScene

NOTICE = (250, 200, 120)



def veil(surface: pygame.Surface, alpha: int) -> None:
    """Darken what lies under an overlay."""
    shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    shade.fill((0, 0, 0, alpha))
    surface.blit(shade, (0, 0))


class MenuScene(Scene):
    """A column of buttons under a title; Esc runs ``back``."""

    title = ""

    def __init__(self, app: AppContext) -> None:
        super().__init__(app)
        self.group = ButtonGroup()
        self.build()

    def build(self) -> None:
        self.group.set([])

    def back(self) -> None:
        self.app.stack.pop()

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
            return
        if self.group.handle(event):
            self.dirty = True

    def layout(self) -> None:
        w, h = self.app.screen.get_size()
        self.group.layout_column((w // 2, int(h * 0.61)), int(h * 0.42), int(h * 0.062), int(h * 0.013))

    def draw_title(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        draw_text(surface, self.app.fonts.get(0.075, bold=True), self.title, GOLD, center=(w // 2, int(h * 0.13)))

    def draw(self, surface: pygame.Surface) -> None:
        self.layout()
        self.draw_title(surface)
        self.group.draw(surface, self.app.fonts.get(0.036, bold=True))


class TitleScene(MenuScene):
    title = "Spades Desktop"

    def build(self) -> None:
        app = self.app
        problem = app.autosave_problem()  # checked now, so Continue is greyed before it is clicked
        can_continue = not problem
        self.continue_reason = "" if can_continue or not app.paths.autosave_file.exists() else problem
        self.group.set([
            Button("Continue", app.continue_game, enabled=can_continue,
                   reason=problem or "no game in progress"),
            Button("New game", lambda: app.unless_game_in_progress(app.new_game), hotkey=pygame.K_n),
            Button("Load", lambda: app.stack.push(LoadScene(app))),
            Button("Watch a game", lambda: app.watch_game(), hotkey=pygame.K_w),
            Button("Settings", app.open_settings),
            Button("Statistics", lambda: app.stack.push(StatisticsScene(app))),
            Button("How to play", lambda: app.stack.push(HelpScene(app, app.settings.house_rules()))),
            Button("Quit", app.quit, hotkey=pygame.K_q),
        ])
        self.group.focus = 0 if can_continue else 1

    def back(self) -> None:
        self.app.quit()

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.blit(self.app.title_background(), (0, 0))
        for i, suit in enumerate((3, 2, 0, 1)):
            x = w // 2 + int((i - 1.5) * h * 0.09)
            colour = (235, 235, 235) if suit in (0, 3) else (215, 50, 60)
            draw_suit(surface, suit, (x, int(h * 0.235)), h * 0.06, colour)
        super().draw(surface)
        if self.continue_reason:  # why Continue is greyed, just above it (wrapped, never wider than the window)
            font = self.app.fonts.get(0.024)
            lines = wrap(sentence(self.continue_reason), int(w * 0.9), lambda t: font.size(t)[0])[-2:]
            top = self.group.buttons[0].rect.top - 4 - font.get_linesize() * len(lines)
            draw_wrapped(surface, font, lines, NOTICE, (w // 2, top))
        version = draw_text(surface, self.app.fonts.get(0.024), f"version {__version__}", MUTED,
                            bottomright=(w - 12, h - 8))
        self.draw_notices(surface, version)

    def draw_notices(self, surface: pygame.Surface, version: pygame.Rect) -> None:
        """Problems found at start (damaged files and the like), wrapped between the buttons and the
        bottom of the window, clear of the version label; what does not fit is counted."""
        self.notice_rect: pygame.Rect | None = None
        if not self.app.notices:
            return
        w, h = surface.get_size()
        font = self.app.fonts.get(0.026)
        width = w - 2 * (version.width + 30)
        lines = [line for note in self.app.notices for line in wrap(sentence(note), width, lambda t: font.size(t)[0])]
        top = max(b.rect.bottom for b in self.group.buttons) + 10
        room = max(1, (h - 6 - top) // font.get_linesize())
        shown = with_overflow(lines, room)
        self.notice_rect = draw_wrapped(surface, font, shown, NOTICE,
                                        (w // 2, h - 6 - font.get_linesize() * len(shown)))


class InfoScene(MenuScene):
    """A simple screen with a message and a Back button (entry points other screens fill)."""

    def __init__(self, app: AppContext, title: str, text: str) -> None:
        self.title = title
        self.text = text
        super().__init__(app)

    def build(self) -> None:
        self.group.set([Button("Back", self.back)])
        self.group.focus = 0

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.blit(self.app.title_background(), (0, 0))
        super().draw(surface)
        draw_text(surface, self.app.fonts.get(0.032), self.text, CREAM, center=(w // 2, int(h * 0.35)))


class PauseScene(MenuScene):
    overlay = True
    title = "Paused"

    def __init__(self, app: AppContext, table: TableContext) -> None:
        self.table = table
        super().__init__(app)

    def build(self) -> None:
        app = self.app
        table = self.table
        rule = table.ctl.state.rules.undo
        can_undo = table.undo_available()
        self.group.set([
            Button("Resume", self.back),
            Button("Undo (Ctrl+Z)", self.undo, enabled=can_undo,
                   reason="" if can_undo else "Undo is off in these house rules" if rule == "off"
                   else "Nothing of yours can be taken back now"),
            Button("Stop checking my play" if table.checking else "Check my play this hand", self.toggle_checker,
                   hotkey=pygame.K_c),
            Button("Save game", lambda: app.stack.push(SaveNameScene(app, self.table.ctl.state,
                                                                     self.table.ctl.seen_seats()))),
            Button("Settings", app.open_settings),
            Button("How to play", lambda: app.stack.push(HelpScene(app, self.table.ctl.state.rules))),
            Button("Quit to title", app.to_title),
        ])
        self.group.focus = 0

    def undo(self) -> None:
        self.back()
        self.table.undo()

    def toggle_checker(self) -> None:
        """The play checker for this hand (the Gameplay setting keeps it on for every hand)."""
        table = self.table
        if table.checking:
            table.check_hand = None
            if table.settings.play_checker:
                self.app.update_settings(play_checker=False)
            self.app.flash("The play checker is off")
        else:
            table.check_hand = table.ctl.state.hand_number
            self.app.flash("The play checker looks at your bids and cards this hand")
        self.back()

    def layout(self) -> None:
        """The buttons just under the title, whatever their number (no gap in the panel)."""
        w, h = self.app.screen.get_size()
        n = len(self.group.buttons)
        height, gap = int(h * 0.062), int(h * 0.013)
        total = n * height + (n - 1) * gap
        self.group.layout_column((w // 2, int(h * 0.21) + total // 2), int(h * 0.42), height, gap)

    def draw(self, surface: pygame.Surface) -> None:
        veil(surface, 150)
        self.layout()
        rects = [b.rect for b in self.group.buttons]
        h = surface.get_height()
        area = rects[0].unionall(rects[1:]).inflate(int(h * 0.08), int(h * 0.06))
        area.top = int(h * 0.06)
        area.height = rects[-1].bottom + int(h * 0.04) - area.top
        draw_panel(surface, area, (14, 32, 24, 255))
        super().draw(surface)


class ModalScene(Scene):
    """An overlay the table waits on (hand summary, game over); closing it lets play go on."""

    overlay = True

    def __init__(self, app: AppContext, table: TableContext) -> None:
        super().__init__(app)
        self.table = table
        self.group = ButtonGroup()
        self.auto_close = (3.0 if table.watching else 1.2) if table.autoplay else None

    def close(self) -> None:
        if self.app.stack.top is self:
            self.app.stack.pop()
        self.table.modal_closed()

    def score_sheet(self) -> None:
        """Every hand so far, over this summary; closing the sheet comes back here."""
        self.app.stack.push(self.app.scenes.score_sheet(self.table.ctl.state, self.table.checker.marks))

    def update(self, dt: float) -> bool:
        if self.auto_close is not None:
            self.auto_close -= dt if self.table.speed > 0 else 10.0
            if self.auto_close <= 0:
                self.auto_close = None
                self.close()
                return True
        return super().update(dt)

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.group.handle(event):
            self.dirty = True

    def shade(self, surface: pygame.Surface, height: int) -> pygame.Rect:
        """An opaque panel of the height its content needs (the table darkened around it)."""
        w, h = surface.get_size()
        veil(surface, 140)
        rect = pygame.Rect(0, 0, int(w * 0.7), min(int(h * 0.94), height))
        rect.center = (w // 2, h // 2)
        draw_panel(surface, rect, (14, 32, 24, 255))
        return rect

    def content_height(self, title_rel: float, rows: int, extra: int = 0) -> int:
        """Title, a table of ``rows`` lines, the buttons and margins, in pixels."""
        h = self.app.screen.get_height()
        line = self.app.fonts.get(0.03).get_linesize() + 2
        return int(h * title_rel) + rows * line + int(h * 0.14) + extra


def _side_name(side: str, names: dict[str, str]) -> str:
    if len(side) == 2:
        return f"{names.get(side[0], side[0])} & {names.get(side[1], side[1])}"
    return names.get(side, SEAT_NAMES[Seat[side]])


def breakdown_rows(breakdown: dict[str, object], names: dict[str, str]) -> list[list[str]]:
    rows = [["", *[_side_name(s, names) for s in breakdown]]]
    parts = [
        ("Contract", lambda b: "-" if b.made is None else str(b.contract)),
        ("Tricks", lambda b: str(b.tricks)),
        ("Made / set", lambda b: f"{b.contract_points:+d}" if b.made is not None else "-"),
        ("Bonus", lambda b: f"{b.bonus:+d}" if b.bonus else ""),
        ("Bags", lambda b: f"{b.bags} (+{b.bag_points})" if b.bags else "0"),
        ("Nil", lambda b: ", ".join(f"{n.seat.name} {'blind ' if n.blind else ''}{n.points:+d}" for n in b.nils)),
        ("Defence", lambda b: f"{b.defence_points:+d}" if b.defence_points else ""),
        ("Bag penalty", lambda b: f"{b.penalty:+d}" if b.penalty else ""),
        ("Hand total", lambda b: f"{b.total:+d}"),
        ("Score", lambda b: str(b.score_after)),
        ("Bags held", lambda b: str(b.bags_after)),
    ]
    for label, fn in parts:
        cells = [fn(b) for b in breakdown.values()]
        if any(cells):
            rows.append([label, *cells])
    return rows


def draw_table_rows(surface: pygame.Surface, app: AppContext, rect: pygame.Rect, rows: list[list[str]],
                    top: int) -> None:
    font = app.fonts.get(0.03)
    bold = app.fonts.get(0.03, bold=True)
    cols = len(rows[0])
    first = int(rect.w * 0.28)
    col_w = (rect.w - first - 40) // max(1, cols - 1)
    y = top
    for r, row in enumerate(rows):
        for c, cell in enumerate(row):
            x = rect.left + 20 if c == 0 else rect.left + 20 + first + (c - 1) * col_w + col_w // 2
            f = bold if r == 0 or c == 0 else font
            colour = GOLD if r == 0 else (CREAM if c else MUTED)
            if c == 0:
                draw_text(surface, f, cell, colour, topleft=(x, y))
            else:
                draw_text(surface, f, cell, colour, midtop=(x, y))
        y += font.get_linesize() + 2


class HandSummaryScene(ModalScene):
    def __init__(self, app: AppContext, table: TableContext, event: E.HandScored) -> None:
        super().__init__(app, table)
        self.event = event
        self.exported = ""
        self.group.set([
            Button("Continue", self.close, hotkey=pygame.K_RETURN),
            Button("Score sheet (S)", self.score_sheet, hotkey=pygame.K_s),
            Button("Export hand record (E)", self.export, hotkey=pygame.K_e),
            Button("Why these bids (B)", self.bid_reasons, hotkey=pygame.K_b),
        ])
        self.group.focus = 0

    def bid_reasons(self) -> None:
        """Each seat's bid with the normal level's count behind it (the person's too)."""
        state = self.table.ctl.state
        result = next((h for h in state.hand_history if h.hand_number == self.event.hand_number), None)
        if result is None or state.is_auction:
            self.app.flash("Bid explanations are for games with bids (not the auction)")
            return
        opponents = 1 if state.is_two else 2
        lines = []
        for seat, action in result.bids:
            words = bid_words(action)
            forced = style_words(state.bidding, result.hands[seat])  # whiz and mirror: the count decides
            why = forced if state.bidding == "mirror" or (forced and words == "nil") \
                else explain_bid(result.hands[seat], words, opponents, state.deck.mask)
            lines.append(f"{self.table.name(seat)} {'bid ' if words[0].isdigit() else ''}{words}: "
                         + (f"{forced}; {why}" if forced and why != forced else why))
        self.app.stack.push(TextScene(self.app, f"Why these bids: hand {result.hand_number}", lines))

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
        small = self.app.fonts.get(0.024)
        notes = [m.text + (f" (trick {m.trick})" if m.trick else " (your bid)") for m in marks[:4]]
        if len(marks) > 4:
            notes.append(f"... and {len(marks) - 4} more")
        extra = (small.get_linesize() + 8 if self.exported else 0) + (small.get_linesize() * len(notes) + 8)
        rect = self.shade(surface, self.content_height(0.1, len(rows), extra))
        draw_text(surface, self.app.fonts.get(0.05, bold=True), f"Hand {self.event.hand_number}", GOLD,
                  midtop=(rect.centerx, rect.top + 16))
        draw_table_rows(surface, self.app, rect, rows, rect.top + int(h * 0.1))
        if notes:
            top = rect.top + int(h * 0.1) + len(rows) * (self.app.fonts.get(0.03).get_linesize() + 2) + 6
            draw_wrapped(surface, small, notes, NOTICE, (rect.centerx, top))
        self.group.layout_row((rect.centerx, rect.bottom - int(h * 0.06)), int(h * 0.3), int(h * 0.06), 16)
        self.group.draw(surface, self.app.fonts.get(0.03, bold=True))
        if self.exported:
            draw_text(surface, self.app.fonts.get(0.024), self.exported, MUTED,
                      midbottom=(rect.centerx, rect.bottom - int(h * 0.1)))


def game_summary_rows(state: GameState, names: dict[str, str], winner: str | None = None) -> list[list[str]]:
    """The game in numbers per side, in seat order with the person's side first (the same columns
    as at the table and on the score sheet); the winner is marked."""
    sides = list(state.sides)
    if Seat.S in state.seats:
        mine = state.side_of_seat(Seat.S)
        sides.sort(key=lambda side: side != mine)
    rows = [["", *[_side_name(side, names) + (" (winner)" if side == winner else "") for side in sides]]]
    history = state.hand_history

    def count(side: str, test) -> int:
        return sum(1 for result in history if test(result.breakdown[side]))

    def nils(side: str) -> str:
        results = [n for result in history for n in result.breakdown[side].nils]
        return f"{sum(n.made for n in results)} of {len(results)}" if results else "-"

    rows.append(["Final score", *[str(state.scores[side]) for side in sides]])
    rows.append(["Hands", *[str(len(history)) for _ in sides]])
    rows.append(["Contracts made", *[str(count(side, lambda b: b.made is True)) for side in sides]])
    rows.append(["Contracts set", *[str(count(side, lambda b: b.made is False)) for side in sides]])
    rows.append(["Nils made", *[nils(side) for side in sides]])
    rows.append(["Bags taken", *[str(sum(r.breakdown[side].bags for r in history)) for side in sides]])
    rows.append(["Bag penalties", *[str(sum(r.breakdown[side].penalty for r in history)) for side in sides]])
    return rows


class GameOverScene(ModalScene):
    def __init__(self, app: AppContext, table: TableContext, event: E.GameOver) -> None:
        super().__init__(app, table)
        self.event = event
        app.game_finished(table.ctl.state)
        self.group.set([
            Button("New game", app.new_game, hotkey=pygame.K_n),
            Button("Score sheet (S)", self.score_sheet, hotkey=pygame.K_s),
            Button("Title", app.to_title),
        ])
        self.group.focus = 0

    def close(self) -> None:
        self.table.modal_closed()
        if self.app.options.autoplay_hands is not None:
            self.app.running = False

    def draw(self, surface: pygame.Surface) -> None:
        h = surface.get_height()
        rows = game_summary_rows(self.table.ctl.state, self.app.settings.names, self.event.winner)
        rect = self.shade(surface, self.content_height(0.14, len(rows), int(h * 0.02)))
        names = self.app.settings.names
        state = self.table.ctl.state
        human_side = state.side_of_seat(Seat.S) if Seat.S in state.seats and self.table.ctl.human else ""
        won = self.event.winner == human_side
        title = "You win!" if won else f"{_side_name(self.event.winner, names)} win"
        draw_text(surface, self.app.fonts.get(0.07, bold=True), title, GOLD, midtop=(rect.centerx, rect.top + 24))
        draw_table_rows(surface, self.app, rect, rows, rect.top + int(h * 0.14))
        self.group.layout_row((rect.centerx, rect.bottom - int(h * 0.08)), int(h * 0.25), int(h * 0.065), 20)
        self.group.draw(surface, self.app.fonts.get(0.032, bold=True))


class OverlayInfo(Scene):
    """A dismissable overlay (any key or click closes it)."""

    overlay = True

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self.app.stack.pop()


class ScoreSheetScene(OverlayInfo):
    """Every hand of the game, one line per hand; the latest hands first in view, the rest a scroll away."""

    SCROLL_KEYS = (pygame.K_UP, pygame.K_DOWN, pygame.K_PAGEUP, pygame.K_PAGEDOWN, pygame.K_HOME, pygame.K_END)

    def __init__(self, app: AppContext, state: GameState, marks: list | None = None) -> None:
        super().__init__(app)
        self.state = state
        self.marks = marks or []  # the play checker's marks, shown in the replays
        self.first: int | None = None  # index of the first hand shown; None follows the latest hands
        self.fit = 14  # hand lines that fit; set by draw for the window size
        self.row_rects: dict[int, pygame.Rect] = {}  # hand index -> its row on screen (a click replays it)

    def _last_first(self) -> int:
        return max(0, len(self.state.hand_history) - self.fit)

    def shown_range(self) -> tuple[int, int]:
        """Indices [start, end) of the hands in view."""
        start = self._last_first() if self.first is None else min(self.first, self._last_first())
        return start, min(len(self.state.hand_history), start + self.fit)

    def scroll(self, step: int) -> None:
        start, _ = self.shown_range()
        self.first = min(self._last_first(), max(0, start + step))
        self.dirty = True

    def replay(self, index: int) -> None:
        """Open the replay of hand number ``index`` (0-based) of the game."""
        history = self.state.hand_history
        if 0 <= index < len(history):
            self.app.stack.push(HandReplayScene(self.app, history[index], self.name, self.marks))

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.replay(self.shown_range()[1] - 1)  # the bottom row in view: the latest by default
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for index, rect in self.row_rects.items():
                if rect.collidepoint(event.pos):
                    self.replay(index)
                    return
        if event.type == pygame.KEYDOWN and event.key in self.SCROLL_KEYS:
            n = len(self.state.hand_history)
            self.scroll({pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_PAGEUP: -self.fit, pygame.K_PAGEDOWN: self.fit,
                         pygame.K_HOME: -n, pygame.K_END: n}[event.key])
        elif event.type == pygame.MOUSEWHEEL:
            self.scroll(-event.y)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button in (4, 5):
            pass  # the wheel, reported as buttons too
        else:
            super().handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        veil(surface, 255)  # opaque: nothing of the layers below shows through
        rect = pygame.Rect(0, 0, int(w * 0.94), int(h * 0.9))
        rect.center = (w // 2, h // 2)
        draw_panel(surface, rect, (14, 32, 24, 255))
        draw_text(surface, self.app.fonts.get(0.045, bold=True), "Score sheet", GOLD,
                  midtop=(rect.centerx, rect.top + 10))
        state = self.state
        sides = list(state.sides)
        for columns in dict.fromkeys((columns_for(len(sides)), COMPACT, NARROW)):  # all the columns if they fit
            rows = sheet_rows(state, self.name, columns)
            font, bold, widths, fits = self._fit_columns(rect.w - 40, columns, sides, rows)
            if fits:
                break
        line = font.get_linesize() + 4
        top = rect.top + int(h * 0.08)
        self.fit = max(3, (rect.bottom - top - 3 * line - int(h * 0.05)) // line)
        start, end = self.shown_range()
        shown = rows[start:end]
        hand_w = widths[0]
        group_w = sum(widths[1:])
        gap = max(12, (rect.w - 40 - hand_w - group_w * len(sides)) // max(1, len(sides)))
        x0 = rect.left + 20
        # header: side names over their groups, then the column names
        draw_text(surface, bold, "Hand", GOLD, topleft=(x0, top + line))
        lefts = []
        x = x0 + hand_w + gap
        for side in sides:
            lefts.append(x)
            draw_text(surface, bold, _side_name(side, self.app.settings.names), GOLD,
                      midtop=(x + group_w // 2, top))
            pygame.draw.line(surface, (70, 90, 80), (x - gap // 2, top), (x - gap // 2, rect.bottom - int(h * 0.06)))
            cx = x
            for label, width in zip(columns, widths[1:], strict=True):
                draw_text(surface, bold, label, MUTED, topright=(cx + width - 6, top + line))
                cx += width
            x += group_w + gap
        y = top + 2 * line + 4
        pygame.draw.line(surface, (70, 90, 80), (x0, y - 3), (rect.right - 20, y - 3))
        self.row_rects = {}
        for i, row in enumerate(shown):
            row_rect = pygame.Rect(x0 - 6, y - 1, rect.w - 28, line)
            self.row_rects[start + i] = row_rect
            if start + i == end - 1:  # Enter replays this one
                pygame.draw.rect(surface, (44, 70, 52), row_rect)
            elif i % 2:
                pygame.draw.rect(surface, (22, 44, 34), row_rect)
            draw_text(surface, font, str(row.hand), CREAM, topleft=(x0, y))
            for side, left in zip(sides, lefts, strict=True):
                cx = left
                for c, (text, width) in enumerate(zip(row.cells[side], widths[1:], strict=True)):
                    colour = NOTICE if columns[c] in ("Nil", "Penalty") and "-" in text else CREAM
                    draw_text(surface, bold if columns[c] == "Score" else font, text, colour,
                              topright=(cx + width - 6, y))
                    cx += width
            y += line
        if not rows:
            draw_text(surface, font, "No hand scored yet", MUTED, topleft=(x0, y))
        footer = "Enter or a click replays a hand trick by trick."
        if len(rows) > self.fit:
            footer = f"Hands {start + 1}-{end} of {len(rows)}: Up/Down or the wheel to scroll; Enter replays."
        draw_text(surface, self.app.fonts.get(0.024), footer + " Any other key closes.", MUTED,
                  midbottom=(rect.centerx, rect.bottom - 8))

    def name(self, seat: Seat) -> str:
        return "You" if seat == Seat.S else self.app.settings.names.get(seat.name, SEAT_NAMES[seat])

    def _fit_columns(self, room: int, columns: tuple[str, ...], sides: list[str],
                     rows: list) -> tuple[pygame.font.Font, pygame.font.Font, list[int], bool]:
        """The largest font (down to 14 px) at which every column fits across the panel."""
        for rel in (0.03, 0.027, 0.024, 0.021, 0.0):
            font = self.app.fonts.get(rel)
            bold = self.app.fonts.get(rel, bold=True)
            widths = [bold.size("Hand")[0] + 16]
            for c, label in enumerate(columns):
                texts = [row.cells[side][c] for row in rows for side in sides]
                widths.append(max([bold.size(label)[0], *(bold.size(t)[0] for t in texts)]) + 14)
            if widths[0] + sum(widths[1:]) * len(sides) + 12 * len(sides) <= room:
                return font, bold, widths, True
        return font, bold, widths, False


class TextScene(OverlayInfo):
    """A titled list of lines over the table, wrapped to the window; any key closes it."""

    def __init__(self, app: AppContext, title: str, lines: list[str]) -> None:
        super().__init__(app)
        self.title = title
        self.lines = lines

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        veil(surface, 170)
        font = self.app.fonts.get(0.028)
        wrapped = [part for line in self.lines for part in wrap(line, int(w * 0.8), lambda t: font.size(t)[0])]
        height = int(h * 0.16) + len(wrapped) * (font.get_linesize() + 4)
        rect = pygame.Rect(0, 0, int(w * 0.86), min(int(h * 0.9), height))
        rect.center = (w // 2, h // 2)
        draw_panel(surface, rect, (14, 32, 24, 255))
        draw_text(surface, self.app.fonts.get(0.04, bold=True), self.title, GOLD, midtop=(rect.centerx, rect.top + 12))
        y = rect.top + int(h * 0.08)
        for line in wrapped:
            draw_text(surface, font, line, CREAM, topleft=(rect.left + 30, y))
            y += font.get_linesize() + 4
        draw_text(surface, self.app.fonts.get(0.022), "Any key closes", MUTED,
                  midbottom=(rect.centerx, rect.bottom - 8))


class HandReplayScene(Scene):
    """One finished hand, trick by trick, every hand face up: Left/Right step, Home/End jump."""

    overlay = True

    def __init__(self, app: AppContext, result, name: Callable[[Seat], str], marks: list | None = None) -> None:
        super().__init__(app)
        self.result = result
        self.name = name
        self.marks = [m for m in marks or () if m.hand == result.hand_number]  # the play checker's, if it was on
        self.steps = replay_steps(result)
        self.step = 0

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            last = len(self.steps) - 1
            moves = {pygame.K_RIGHT: self.step + 1, pygame.K_LEFT: self.step - 1, pygame.K_HOME: 0, pygame.K_END: last,
                     pygame.K_DOWN: self.step + 1, pygame.K_UP: self.step - 1}
            if event.key in moves:
                self.step = max(0, min(last, moves[event.key]))
                self.dirty = True
            elif event.key in (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_SPACE, pygame.K_BACKSPACE):
                self.app.stack.pop()
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.step = min(len(self.steps) - 1, self.step + 1)
            self.dirty = True
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            self.step = max(0, self.step - 1)
            self.dirty = True

    def update(self, dt: float) -> bool:
        art = self.app.card_art(self._card_width())
        return art.take_ready() or super().update(dt)

    def _card_width(self) -> int:
        return int(self.app.screen.get_height() * 0.085)

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        veil(surface, 255)
        draw_panel(surface, surface.get_rect().inflate(-16, -16), (14, 32, 24, 255))
        fonts = self.app.fonts
        step = self.steps[self.step]
        result = self.result
        art = self.app.card_art(self._card_width())
        cw, ch = art.width, art.height
        title = f"Hand {result.hand_number}  ·  " + ("before the first trick" if step.trick == 0
                                                      else f"trick {step.trick} of {len(self.steps) - 1}")
        draw_text(surface, fonts.get(0.045, bold=True), title, GOLD, midtop=(w // 2, int(h * 0.025)))
        bids = dict(result.bids)
        centre = {Seat.N: (w // 2, int(h * 0.2)), Seat.S: (w // 2, int(h * 0.8)),
                  Seat.W: (int(w * 0.2), h // 2), Seat.E: (int(w * 0.8), h // 2)}
        small = fonts.get(0.026, bold=True)
        for seat in result.seats:
            cards = hand_order(list(step.hands[seat]), result.trump if result.trump is not None else 3)
            cx, cy = centre[seat]
            gap = min(cw * 0.5, (w * 0.34 - cw) / max(1, len(cards) - 1)) if cards else 0
            x = cx - (gap * (len(cards) - 1) + cw) / 2
            for card in cards:
                surface.blit(art.face(card), (int(x), int(cy - ch / 2)))
                x += gap
            label = f"{self.name(seat)}  ·  bid {bid_words(bids[seat]) if seat in bids else '-'}" \
                    f"  ·  won {step.won[seat]}"
            draw_text(surface, small, label, GOLD if seat == step.winner else CREAM,
                      midtop=(cx, int(cy + ch / 2 + 4)))
        spots = {Seat.N: (0, -0.62), Seat.S: (0, 0.62), Seat.W: (-1.2, 0), Seat.E: (1.2, 0)}
        for seat, card in step.played:
            dx, dy = spots[seat]
            rect = pygame.Rect(0, 0, cw, ch)
            rect.center = (int(w // 2 + dx * cw), int(h // 2 + dy * ch))
            surface.blit(art.face(card), rect)
            if seat == step.winner:
                pygame.draw.rect(surface, GOLD, rect.inflate(8, 8), width=4, border_radius=10)
        if step.winner is not None:
            draw_text(surface, small, f"{self.name(step.leader)} led, {self.name(step.winner)} won", CREAM,
                      midtop=(w // 2, int(h // 2 + 1.2 * ch)))
        notes = [m.text for m in self.marks if m.trick == step.trick]
        if notes:
            draw_wrapped(surface, fonts.get(0.024), notes, NOTICE, (w // 2, int(h // 2 + 1.2 * ch) + 30))
        draw_text(surface, fonts.get(0.024), "Left/Right: trick by trick  ·  Home/End: first and last  ·  Esc: back",
                  MUTED, midbottom=(w // 2, h - 14))


class LastTrickScene(OverlayInfo):
    """The last trick in the order it was played, with who led it and who won it."""

    def __init__(self, app: AppContext, trick: tuple[tuple[Seat, int], ...], marks: tuple[Seat, Seat] | None = None,
                 name: Callable[[Seat], str] | None = None) -> None:
        super().__init__(app)
        self.trick = trick
        self.leader, self.winner = marks if marks is not None else (None, None)
        self.name = name or (lambda seat: self.app.settings.names.get(seat.name, seat.name))

    def update(self, dt: float) -> bool:
        art = self.app.card_art(int(self.app.screen.get_height() * 0.13))
        return art.take_ready() or super().update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        veil(surface, 200)
        art = self.app.card_art(int(h * 0.13))
        n = len(self.trick)
        cw = art.width
        gap = int(cw * 0.35)
        x = w // 2 - (n * cw + (n - 1) * gap) // 2
        draw_text(surface, self.app.fonts.get(0.045, bold=True), "Last trick", GOLD, center=(w // 2, int(h * 0.28)))
        font = self.app.fonts.get(0.03)
        bold = self.app.fonts.get(0.03, bold=True)
        top = int(h * 0.38)
        for seat, card in self.trick:
            surface.blit(art.face(card), (x, top))
            if seat == self.winner:
                pygame.draw.rect(surface, GOLD, (x - 4, top - 4, cw + 8, art.height + 8), width=4, border_radius=10)
            y = draw_text(surface, bold if seat == self.winner else font, self.name(seat),
                          GOLD if seat == self.winner else CREAM, midtop=(x + cw // 2, top + art.height + 8)).bottom
            tags = [t for t, who in (("led", self.leader), ("won", self.winner)) if seat == who]
            if tags:
                draw_text(surface, font, " · ".join(tags), GOLD if "won" in tags else MUTED,
                          midtop=(x + cw // 2, y + 2))
            x += cw + gap
        draw_text(surface, self.app.fonts.get(0.024), "Any key closes", MUTED, center=(w // 2, int(h * 0.8)))


def rules_text(rules: HouseRules) -> list[str]:
    """How to play, in plain words, for the rules in force."""
    mode = rules.mode
    lines = []
    if mode == "partnership":
        lines.append("Four players in two sides: you (South) and North against East and West.")
    elif mode == "cutthroat":
        lines.append("Four players, each playing and scoring alone.")
    elif mode == "two_player":
        lines.append("Two players. No deal: take turns drawing; keep the card shown (the next one goes out")
        lines.append("unseen), or turn it down and keep the next.")
    elif mode == "three_player":
        lines.append(three_player_line(rules))
    else:
        lines.append("Auction: partners bid for their side (7 to 13 tricks); the highest bidder names trump.")
    lines.append("Follow the suit led if you can; otherwise play any card. The highest trump wins the trick,")
    lines.append("otherwise the highest card of the suit led. The winner leads next.")
    trump = "the trump suit" if mode == "auction" else "Spades"
    if rules.spades_lead == "broken":
        lines.append(f"{trump} may not be led until one has been played on another suit (or you hold only {trump}).")
    else:
        lines.append(f"{trump} may be led at any time after the first trick.")
    if rules.first_lead == "two_of_clubs" and mode in ("partnership", "cutthroat", "three_player"):
        lines.append(f"The holder of {first_club_words(rules)} leads it to the first trick.")
    elif mode == "two_player":
        lines.append("The player who did not draw first bids first and leads the first trick.")
    elif mode == "auction":
        lines.append("The highest bidder leads the first trick.")
    else:
        lines.append(f"The player left of the dealer leads first; never {trump} on the first lead"
                     f" unless that is all they hold.")
    lines += variant_lines(rules)
    if mode != "auction":
        lines.append("Bid how many tricks you will take. Make it: 10 a trick, +1 a bag for each extra; "
                     "miss it: -10 a trick.")
        if rules.nil_possible:
            lines.append(f"Nil (take no trick): +/-{rules.nil_value}."
                         + (f" Blind nil, before seeing your cards: +/-{rules.blind_nil_value}."
                            if rules.blind_nil_possible else ""))
            if rules.blind_nil_possible and rules.blind_nil_exchange and mode in ("partnership", "two_player"):
                n = rules.blind_nil_exchange
                lines.append(f"After a blind nil you may swap up to {n} cards with the discards."
                             if mode == "two_player" else f"A blind nil bidder and partner then swap {n} cards.")
        else:
            lines.append("Nil is not allowed: every bid is at least one.")
    lines.append(f"Every {rules.bag_limit} bags cost {rules.bag_penalty} points"
                 + (" and the count starts again at zero." if rules.bags_reset else "; extra bags carry over."))
    end = f"The first side to {rules.target_score} with the higher score wins"
    if rules.losing_score is not None:
        end += f"; a side at {rules.losing_score} or below loses"
    lines.append(end + "; equal top scores play another hand.")
    undo = {"off": "Undo is off.", "last_card": "Ctrl+Z takes back your last card until the next card is played.",
            "unlimited": "Ctrl+Z takes back your moves, one at a time."}[rules.undo]
    lines.append(undo)
    lines.append("Keys: arrows + Enter play a card, digits + Enter bid, N nil, B blind nil, L last trick,")
    lines.append("S score sheet, H hint, Ctrl+Z undo, A animation speed, F11 full screen, F12 screenshot.")
    lines.append("Watch a game (title screen): four computer players; F shows or hides every hand, P pauses.")
    lines.append("Claim: when your side must take every trick left, C (or the Claim chip) ends the hand; a computer"
                 " that claims shows its cards: Enter agrees, Esc plays on.")
    lines.append("Score sheet: Enter or a click replays a hand trick by trick (Left/Right, Home/End); R on a save too.")
    lines.append("Play checker (Settings, Gameplay; or C in the pause menu for one hand): the hard level says when"
                 " a bid or card gave points away.")
    return lines


class HelpScene(OverlayInfo):
    def __init__(self, app: AppContext, rules: HouseRules) -> None:
        super().__init__(app)
        self.rules = rules

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        veil(surface, 170)
        rect = pygame.Rect(0, 0, int(w * 0.86), int(h * 0.9))
        rect.center = (w // 2, h // 2)
        draw_panel(surface, rect, (14, 32, 24, 255))
        draw_text(surface, self.app.fonts.get(0.05, bold=True), "How to play", GOLD,
                  midtop=(rect.centerx, rect.top + 14))
        top = rect.top + int(h * 0.1)
        room = rect.bottom - int(h * 0.05) - top
        # the largest text at which every line fits; the variants' lines may need the lines closer
        for rel, gap in ((0.029, 4), (0.026, 4), (0.023, 4), (0.0, 4), (0.0, 1)):
            font = self.app.fonts.get(rel)
            lines = [part for line in rules_text(self.rules)
                     for part in wrap(line, rect.w - 60, lambda t, f=font: f.size(t)[0])]
            if len(lines) * (font.get_linesize() + gap) <= room:
                break
        y = top
        for line in lines:
            draw_text(surface, font, line, CREAM, topleft=(rect.left + 30, y))
            y += font.get_linesize() + gap
        draw_text(surface, self.app.fonts.get(0.022), "Any key closes", MUTED,
                  midbottom=(rect.centerx, rect.bottom - 10))

