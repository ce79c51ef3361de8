"""Where the settings' rows go, and how a row is drawn.

A group's rows are in one column where they all fit, else in two where the window is wide enough
for two (the rows run left to right, a line of two at a time, so Down goes to the next one as it
reads); only what fits in neither scrolls.  Each row is as tall as its note needs: the note wraps to
at most ``NOTE_LINES`` lines, and a greyed-out row whose reason and help do not fit keeps its reason
whole and lets the help go, so nothing is cut.  Kept apart from the screen (``settings.py``), which
routes input and draws the rest.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial

import pygame

from ..core.fonts import Fonts
from ..core.text_box import TextBox
from ..core.theme import (
    BORDER,
    BUTTON,
    BUTTON_DISABLED,
    BUTTON_HOVER,
    CHANGED_MARK,
    COLUMN_GAP,
    CONTROL_RADIUS,
    CREAM,
    DISABLED_REASON,
    FOOTNOTE,
    GOLD,
    LIST_PADDING,
    MUTED,
    NOTE_LINES,
    ROW,
    ROW_FOCUS,
    ROW_INSET,
    ROW_SPACING,
)
from ..core.widgets import draw_text, text_width
from ..text.messages import fit_text, wrap
from ..text.settings_words import row_notes
from .settings_rows import Row, words

#: a hit box on screen and what a click on it does
HitBox = tuple[pygame.Rect, Callable[[], None]]


@dataclass(frozen=True)
class RowFonts:
    label: pygame.font.Font  # a row's label, and its value (bold)
    note: pygame.font.Font


@dataclass(frozen=True)
class Placed:
    index: int  # the row's place in the list shown
    rect: pygame.Rect  # its box (the highlight's)
    note: tuple[str, ...]  # its note, a line each


@dataclass(frozen=True)
class Layout:
    panel: pygame.Rect
    columns: int
    control: tuple[int, int]  # a value control's width and height
    placed: tuple[Placed, ...]  # the rows in view, in order
    scroll: int  # the first row in view (the first of its line)
    most_scroll: int  # the last first row that still fills the panel

    @property
    def visible(self) -> int:
        return len(self.placed)


def row_fonts(fonts: Fonts, rows: Sequence[Row], room: int) -> RowFonts:
    """The rows' type: at a larger text size the notes shrink back toward 100% as far as their help
    needs to be read whole on a line of one column's ``room``."""
    note = fonts.fitting(FOOTNOTE, lambda font: all(text_width(font, row.explanation) <= room for row in rows))
    return RowFonts(fonts.get(ROW, bold=True), note)


def note_room(cell_w: int, control_w: int) -> int:
    """A row's label and note: from its inset to the value control, a margin either side of it."""
    return cell_w - ROW_INSET - control_w - 2 * 14


def note_lines(row: Row, font: pygame.font.Font, room: int, changed: bool | None = None) -> tuple[str, ...]:
    """A row's note wrapped: why it is greyed out, that it was changed, its help; where that needs
    more than ``NOTE_LINES`` lines, a shorter one (``row_notes``), cut only if even the reason is too long.
    ``changed`` True: the note as it is once the value is changed (the room the row keeps for it)."""
    default = row.default_word()
    if changed and default is None and row.default is not None:
        default = words(row.key, row.default())
    measure = font.size
    lines: list[str] = []
    for text in row_notes(row.explanation, row.disabled(), default):
        lines = wrap(text, room, lambda t: measure(t)[0])
        if len(lines) <= NOTE_LINES:
            return tuple(lines)
    rest = " ".join(lines[NOTE_LINES - 1:])
    return (*lines[:NOTE_LINES - 1], fit_text(rest, room, lambda t: measure(t)[0]))


def _value_width(rows: Sequence[Row], font: pygame.font.Font) -> int:
    """The widest value any of ``rows`` can show (a name: the one it has)."""
    values = [words(row.key, v) for row in rows for v in (row.choices or (row.get(),))]
    return max((text_width(font, v) for v in values), default=0)


def lay_out(rows: Sequence[Row], fonts: RowFonts, size: tuple[int, int], space: pygame.Rect, scroll: int,
            focus: int) -> Layout:
    """The rows of a group (or a search) in ``space``: one column or two, each row's note wrapped, the
    rows from ``scroll`` on (moved so the row ``focus`` is among them) stretched to fill the panel
    when they do not all fit; a list that fits has its panel end under its last row."""
    w, h = size
    label, note = fonts.label, fonts.note
    least = max(int(h * 0.075), label.get_linesize() + note.get_linesize() + 20)  # a row of one note line
    control_h = int(least * 0.62)
    area = space.h - 2 * LIST_PADDING
    inner = space.w - 2 * LIST_PADDING

    def lines_of(columns: int) -> tuple[int, int, list[tuple[str, ...]], list[int]]:
        cell_w = (inner - (columns - 1) * COLUMN_GAP) // columns
        control_w = int(w * 0.26) if columns == 1 else min(cell_w // 2, _value_width(rows, label) + 2 * control_h + 24)
        room = note_room(cell_w, control_w)
        notes = [note_lines(row, note, room) for row in rows]
        # as tall as the note is once changed: a change of value does not move the rows under the mouse
        kept = [max(len(n), len(note_lines(row, note, room, changed=True))) for row, n in zip(rows, notes, strict=True)]
        heights = [least + (n - 1) * note.get_linesize() for n in kept]
        line_h = [max(heights[i:i + columns]) for i in range(0, len(rows), columns)]
        return cell_w, control_w, notes, line_h

    columns = 1
    cell_w, control_w, notes, line_h = lines_of(1)
    if sum(line_h) > area:
        two = lines_of(2)
        if all(ROW_INSET + text_width(label, row.label) <= note_room(two[0], two[1]) for row in rows):
            columns = 2
            cell_w, control_w, notes, line_h = two
    most = len(line_h)  # the last line that starts a full panel
    while most > 0 and sum(line_h[most - 1:]) <= area:
        most -= 1
    start = max(0, min(scroll // columns, most))
    if focus < len(rows):  # the highlighted row in view
        line = focus // columns
        start = min(start, line)
        while start < line and sum(line_h[start:line + 1]) > area:
            start += 1
    shown = 0
    while start + shown < len(line_h) and sum(line_h[start:start + shown + 1]) <= area:
        shown += 1
    shown = max(1, shown) if line_h else 0
    used = sum(line_h[start:start + shown])
    stretch = (area - used) // shown if shown and shown < len(line_h) else 0
    y = space.top + LIST_PADDING
    placed: list[Placed] = []
    for line in range(start, start + shown):
        tall = line_h[line] + stretch
        for column in range(columns):
            index = line * columns + column
            if index < len(rows):
                x = space.left + LIST_PADDING + column * (cell_w + COLUMN_GAP)
                placed.append(Placed(index, pygame.Rect(x, y, cell_w, tall - ROW_SPACING), notes[index]))
        y += tall
    panel = pygame.Rect(space.left, space.top, space.w, max(y - space.top, least) + LIST_PADDING)
    return Layout(panel, columns, (control_w, control_h), tuple(placed), start * columns, most * columns)


@dataclass(frozen=True)
class RowActions:
    """What a click on a row's parts does: step its value (``wrap``: round to the first, as Enter),
    edit its text, or give it the focus."""

    step: Callable[[Row, int, int, bool], None]
    edit: Callable[[Row, int], None]
    focus: Callable[[int], None]


def draw_row(surface: pygame.Surface, row: Row, place: Placed, layout: Layout, fonts: RowFonts, focused: bool,
             edit_box: TextBox | None, actions: RowActions) -> list[HitBox]:
    """One row: its label (a gold dot before it where the value is not the default), its note under
    it, its value between '<' and '>' (or its text box) on the right; the hit boxes of its parts,
    the arrows first."""
    line, index = place.rect, place.index
    label, note = fonts.label, fonts.note
    reason = row.disabled()
    if focused:
        pygame.draw.rect(surface, ROW_FOCUS, line, border_radius=CONTROL_RADIUS)
        pygame.draw.rect(surface, GOLD, line, width=BORDER, border_radius=CONTROL_RADIUS)
    colour = MUTED if reason else CREAM
    block = label.get_linesize() + len(place.note) * note.get_linesize()  # the label over its note, mid-row
    top = line.centery - block // 2
    left = line.left + ROW_INSET
    if row.default_word() is not None:
        mark = max(CHANGED_MARK, label.get_linesize() // 5)  # (larger with the label, at a larger window)
        pygame.draw.circle(surface, GOLD, (line.left + ROW_INSET // 2, top + label.get_linesize() // 2), mark)
    draw_text(surface, label, row.label, colour, topleft=(left, top))
    for n, text in enumerate(place.note):
        draw_text(surface, note, text, DISABLED_REASON if reason else MUTED,
                  topleft=(left, top + label.get_linesize() + n * note.get_linesize()))
    control = pygame.Rect(0, 0, *layout.control)
    control.midright = (line.right - 14, line.centery)
    pygame.draw.rect(surface, BUTTON_DISABLED if reason else BUTTON, control, border_radius=CONTROL_RADIUS)
    if edit_box is not None:
        edit_box.draw(surface, label, control)
    else:
        draw_text(surface, label, words(row.key, row.get()), colour, center=control.center)
    boxes: list[HitBox] = []
    if row.text:
        boxes.append((control, lambda: actions.edit(row, index)))
    elif not reason:
        ends = (pygame.Rect(control.left, control.top, control.h, control.h),
                pygame.Rect(control.right - control.h, control.top, control.h, control.h))
        for rect, glyph, direction in ((ends[0], "<", -1), (ends[1], ">", 1)):
            able = row.can_step(direction)
            pygame.draw.rect(surface, BUTTON_HOVER if able else BUTTON_DISABLED, rect, border_radius=CONTROL_RADIUS)
            draw_text(surface, label, glyph, GOLD if able else MUTED, center=rect.center)
            boxes.append((rect, partial(actions.step, row, direction, index, False)))
        # the value itself, between its arrows: the next choice, round to the first, as Enter
        boxes.append((control, lambda: actions.step(row, 1, index, True)))
    boxes.append((line, lambda: actions.focus(index)))
    return boxes
