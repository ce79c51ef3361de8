"""The settings screen: house rules, players, gameplay, display and sound.

The rows themselves (what each section offers, how a value reads, what a change does) are in
``settings_rows.py``; this module lays them out and routes input to them.  Every control is a row
with a value that steps through its allowed values, so a value outside its range cannot be
entered; every row's values run from 'off' up (Off before On), so Right or '>' is the next one and
Left or '<' the one before, stopping at the ends, while Enter or a click on the value takes the
next, round to the first.  Rows that depend on another option are shown disabled with the reason.
Mouse (tabs, arrows, values, the wheel) and keyboard (Tab between sections, Up/Down between rows,
Left/Right or Enter to change, Esc to go back) both reach every option.  Each change is saved at
once; house rules take effect from the next game, display and sound at once.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import pygame

from ...engine.presets import PRESETS
from ..core.keymap import Context, Intent, with_key
from ..core.keys import intent_for
from ..core.scene import AppContext, Scene
from ..core.text_box import TextBox
from ..core.text_field import TextField
from ..core.theme import (
    BODY_SMALL,
    BORDER,
    BUTTON,
    BUTTON_DISABLED,
    BUTTON_EDGE,
    BUTTON_HOVER,
    BUTTON_RADIUS,
    CONTROL_RADIUS,
    CREAM,
    DISABLED_REASON,
    FOCUS_BORDER,
    FOOTNOTE,
    GOLD,
    LIST_FILL,
    LIST_PADDING,
    MUTED,
    QUIET_BORDER,
    ROW,
    ROW_FOCUS,
    ROW_SPACING,
    SETTINGS_TITLE,
)
from ..core.widgets import draw_panel, draw_text, text_width
from ..text.key_help import settings_key_help
from ..text.messages import fit_text, sentence
from .settings_rows import SECTIONS, Row, SettingRows, words

__all__ = ["SECTIONS", "SettingsScene", "words"]

class SettingsScene(Scene):
    def __init__(self, app: AppContext, in_game: bool = False) -> None:
        super().__init__(app)
        self.choices = SettingRows(app, in_game, self._changed)
        self.section = 0
        self.focus = 0
        self.scroll = 0
        self.editing: Row | None = None
        self.edit_box = TextBox(TextField())
        self.visible_rows = 8  # rows that fit; set by draw for the window size
        self.wheel = 0.0  # a part of a row the wheel (a touchpad) has turned, not yet a whole one
        self.panel = pygame.Rect(0, 0, 0, 0)  # the list's panel and its rows on screen, as last drawn
        self.row_rects: dict[int, pygame.Rect] = {}
        self.hit_boxes: list[tuple[pygame.Rect, Callable[[], None]]] = []

    def _changed(self) -> None:
        self.dirty = True

    # ------------------------------------------------------------ the rows (settings_rows.py)
    @property
    def in_game(self) -> bool:
        return self.choices.in_game

    @property
    def message(self) -> str:
        return self.choices.message

    def rows(self) -> list[Row]:
        return self.choices.rows(SECTIONS[self.section])

    def restore_defaults(self) -> None:
        self.app.stack.push(self.app.scenes.confirm("Restore every setting to its default?",
                                                    self.choices.restore_defaults))

    # ------------------------------------------------------------ input
    def key_contexts(self) -> list[Context]:
        """The keymap's contexts in force: a value's text box while one is edited, else the rows."""
        if self.editing is not None:
            return [Context.TEXT_ENTRY, Context.TEXT_FORM]
        return [Context.SETTINGS, Context.SCREEN]

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.editing is not None:
            self._edit_event(event)
            return
        rows = self.rows()
        if event.type == pygame.KEYDOWN:
            intent = intent_for(self.key_contexts(), event)
            if intent is Intent.BACK:
                self.app.stack.pop()
            elif intent in (Intent.NEXT_SECTION, Intent.PREVIOUS_SECTION):
                step = 1 if intent is Intent.NEXT_SECTION else -1
                self._go_section((self.section + step) % len(SECTIONS))
            elif intent in (Intent.SCROLL_DOWN, Intent.SCROLL_UP):
                self.focus = (self.focus + (1 if intent is Intent.SCROLL_DOWN else -1)) % (len(rows) + 1)
            elif intent in (Intent.PAGE_DOWN, Intent.PAGE_UP):
                page = self.visible_rows if intent is Intent.PAGE_DOWN else -self.visible_rows
                self.focus = max(0, min(len(rows) - 1, self.focus + page))
            elif intent in (Intent.VALUE_DOWN, Intent.VALUE_UP) and self.focus < len(rows):
                rows[self.focus].step(1 if intent is Intent.VALUE_UP else -1)
            elif intent is Intent.CHANGE:
                if self.focus == len(rows):
                    self.restore_defaults()
                elif rows[self.focus].text:
                    self._start_edit(rows[self.focus])
                else:
                    rows[self.focus].step(1, wrap=True)
            self.dirty = True
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for rect, action in self.hit_boxes:
                if rect.collidepoint(event.pos):
                    action()
                    self.dirty = True
                    break
        elif event.type == pygame.MOUSEWHEEL:
            self.wheel -= getattr(event, "precise_y", event.y)  # turned away from the person: down the list
            steps = int(self.wheel)
            self.wheel -= steps
            if steps and rows:
                self._wheel(steps, len(rows))
            self.dirty = True

    def _wheel(self, steps: int, count: int) -> None:
        """The list moves ``steps`` rows and the highlight with it, so it stays on the same row of the
        panel; at either end of the list the highlight goes on to the first or the last row."""
        self.scroll = max(0, min(max(0, count - self.visible_rows), self.scroll + steps))
        self.focus = max(0, min(count - 1, self.focus + steps))  # Restore defaults is under the last row

    def _start_edit(self, row: Row) -> None:
        if row.disabled():
            return
        self.editing = row
        self.edit_box = TextBox(TextField.with_default(str(row.get()), 16), self.app.key_presses)
        pygame.key.start_text_input()

    def _edit_event(self, event: pygame.event.Event) -> None:
        row = self.editing
        assert row is not None
        intent = intent_for(self.key_contexts(), event) if event.type == pygame.KEYDOWN else None
        if intent is Intent.SUBMIT:
            if self.edit_box.text.strip():
                row.put(self.edit_box.text.strip())
            self.editing = None
            pygame.key.stop_text_input()
        elif intent is Intent.CANCEL:
            self.editing = None
            pygame.key.stop_text_input()
        elif intent is not None:
            self.edit_box.do(intent)
        else:
            self.edit_box.handle(event)
        self.dirty = True

    def update(self, dt: float) -> bool:
        blinked = self.editing is not None and self.edit_box.update(dt)
        return super().update(dt) or blinked

    # ------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.blit(self.app.title_background(), (0, 0))
        self.hit_boxes = []
        fonts = self.app.fonts
        draw_text(surface, fonts.get(SETTINGS_TITLE, bold=True), "Settings", GOLD, midtop=(w // 2, int(h * 0.025)))
        # section tabs
        tab_w = int(w * 0.15)
        tab_h = int(h * 0.055)
        tab_font = fonts.fitting(BODY_SMALL, lambda font: max(map(partial(text_width, font), SECTIONS)) + 16 <= tab_w,
                                 bold=True)
        x0 = w // 2 - (tab_w * len(SECTIONS) + 8 * (len(SECTIONS) - 1)) // 2
        for i, name in enumerate(SECTIONS):
            rect = pygame.Rect(x0 + i * (tab_w + 8), int(h * 0.1), tab_w, tab_h)
            pygame.draw.rect(surface, BUTTON_HOVER if i == self.section else BUTTON, rect, border_radius=BUTTON_RADIUS)
            pygame.draw.rect(surface, GOLD if i == self.section else BUTTON_EDGE, rect, width=BORDER,
                             border_radius=BUTTON_RADIUS)
            draw_text(surface, tab_font, name, CREAM, center=rect.center)
            self.hit_boxes.append((rect, partial(self._go_section, i)))
        rows = self.rows()
        label_font = fonts.get(ROW, bold=True)
        room = int(w * 0.9) - 2 * LIST_PADDING - int(w * 0.26) - 56  # a row's note: up to the value control
        # at a larger text size the notes shrink back toward 100% as far as they need to be read whole
        small = fonts.fitting(FOOTNOTE, lambda font: all(text_width(font, row.explanation) <= room for row in rows))
        # as many rows as the room allows, each at least its label over its note, stretched to fill
        # the list's panel; a short list's panel ends under its last row
        space = pygame.Rect(int(w * 0.05), int(h * 0.18), int(w * 0.9), int(h * 0.68))
        least = max(int(h * 0.075), label_font.get_linesize() + small.get_linesize() + 20)
        visible = self.visible_rows = max(1, (space.h - 2 * LIST_PADDING) // least)
        row_h = (space.h - 2 * LIST_PADDING) // visible
        panel = self.panel = pygame.Rect(space.left, space.top, space.w,
                                         min(visible, max(1, len(rows))) * row_h + 2 * LIST_PADDING)
        draw_panel(surface, panel, LIST_FILL, QUIET_BORDER)
        if self.focus < len(rows):  # the highlighted row in view
            if self.focus < self.scroll:
                self.scroll = self.focus
            elif self.focus >= self.scroll + visible:
                self.scroll = self.focus - visible + 1
        self.scroll = max(0, min(self.scroll, max(0, len(rows) - visible)))
        self.row_rects = {}
        value_font = fonts.get(ROW, bold=True)
        for pos, index in enumerate(range(self.scroll, min(len(rows), self.scroll + visible))):
            row = rows[index]
            y = panel.top + LIST_PADDING + pos * row_h
            line = self.row_rects[index] = pygame.Rect(panel.left + LIST_PADDING, y, panel.w - 2 * LIST_PADDING,
                                                       row_h - ROW_SPACING)
            reason = row.disabled()
            if index == self.focus:
                pygame.draw.rect(surface, ROW_FOCUS, line, border_radius=CONTROL_RADIUS)
                pygame.draw.rect(surface, GOLD, line, width=BORDER, border_radius=CONTROL_RADIUS)
            colour = MUTED if reason else CREAM
            block = label_font.get_linesize() + small.get_linesize()  # the label over its note, mid-row
            label_top = line.centery - block // 2
            draw_text(surface, label_font, row.label, colour, topleft=(line.left + 14, label_top))
            # the reason first: a note too long for the row is cut at its end
            note = f"{sentence(reason)}  ·  {row.explanation}" if reason else row.explanation
            draw_text(surface, small, fit_text(note, room, lambda t: small.size(t)[0]),
                      MUTED if not reason else DISABLED_REASON,
                      topleft=(line.left + 14, label_top + label_font.get_linesize()))
            value_text = "" if self.editing is row else words(row.key, row.get())
            if row.key == "preset":
                value_text = next((p.title for p in PRESETS if p.name == row.get()), "Custom")
            control = pygame.Rect(0, 0, int(w * 0.26), int(least * 0.62))
            control.midright = (line.right - 14, line.centery)
            pygame.draw.rect(surface, BUTTON_DISABLED if reason else BUTTON, control, border_radius=CONTROL_RADIUS)
            draw_text(surface, value_font, value_text, colour, center=control.center)
            if self.editing is row:
                self.edit_box.draw(surface, value_font, control)
            if not row.text and not reason:
                left = pygame.Rect(control.left, control.top, control.h, control.h)
                right = pygame.Rect(control.right - control.h, control.top, control.h, control.h)
                for rect, glyph, direction in ((left, "<", -1), (right, ">", 1)):
                    able = row.can_step(direction)
                    pygame.draw.rect(surface, BUTTON_HOVER if able else BUTTON_DISABLED, rect,
                                     border_radius=CONTROL_RADIUS)
                    draw_text(surface, value_font, glyph, GOLD if able else MUTED, center=rect.center)
                    self.hit_boxes.insert(0, (rect, partial(self._click_step, row, direction, index)))
                # the value itself, between its arrows: the next choice, round to the first, as Enter
                self.hit_boxes.append((control, partial(self._click_step, row, 1, index, True)))
            elif row.text:
                self.hit_boxes.insert(0, (control, partial(self._focus_and_edit, row, index)))
            self.hit_boxes.append((line, partial(self._focus, index)))
        shown = f"{self.scroll + 1}-{min(len(rows), self.scroll + visible)}"
        count = f"{shown} of {len(rows)}" if len(rows) > visible else ""
        hint = self.message or settings_key_help()  # (and the count, on one line under the list)
        foot = fonts.fitting(FOOTNOTE, lambda font: text_width(font, f"{hint}    {count}") <= panel.w - 20)
        if count:
            draw_text(surface, foot, count, MUTED, topright=(panel.right - 10, panel.bottom + 4))
        # restore defaults button (and Back): wider at a larger text size, the label shrunk back if need be
        button_h = max(int(h * 0.06), fonts.get(BODY_SMALL, bold=True).get_linesize() + 8)
        restore = pygame.Rect(0, 0, fonts.scaled(int(h * 0.36)), button_h)
        restore.midbottom = (w // 2, h - int(h * 0.035))
        focused = self.focus == len(rows)
        pygame.draw.rect(surface, BUTTON_HOVER if focused else BUTTON, restore, border_radius=BUTTON_RADIUS)
        pygame.draw.rect(surface, GOLD if focused else BUTTON_EDGE, restore, width=FOCUS_BORDER if focused else BORDER,
                         border_radius=BUTTON_RADIUS)
        back_label = with_key("Back", Intent.BACK, Context.SCREEN)
        back = pygame.Rect(0, 0, fonts.scaled(int(h * 0.2)), button_h)
        back.bottomleft = (int(w * 0.05), h - int(h * 0.035))
        button_font = fonts.fitting(BODY_SMALL, lambda font: text_width(font, "Restore defaults") + 16 <= restore.w
                                    and text_width(font, back_label) + 16 <= back.w, bold=True)
        draw_text(surface, button_font, "Restore defaults", CREAM, center=restore.center)
        self.hit_boxes.append((restore, self.restore_defaults))
        pygame.draw.rect(surface, BUTTON, back, border_radius=BUTTON_RADIUS)
        draw_text(surface, button_font, back_label, CREAM, center=back.center)
        self.hit_boxes.append((back, self.back))
        draw_text(surface, foot, hint, GOLD if self.message else MUTED, topleft=(panel.left + 10, panel.bottom + 4))

    def back(self) -> None:
        self.app.stack.pop()

    def _go_section(self, index: int) -> None:
        self.section = index
        self.focus = 0
        self.scroll = 0

    def _focus(self, index: int) -> None:
        self.focus = index

    def _focus_and_edit(self, row: Row, index: int) -> None:
        self.focus = index
        self._start_edit(row)

    def _click_step(self, row: Row, direction: int, index: int, wrap: bool = False) -> None:
        self.focus = index
        row.step(direction, wrap)
