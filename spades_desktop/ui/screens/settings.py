"""The settings screen: rules, computer players, table, display and sound, a group to a tab.

The rows themselves (what each group offers, how a value reads, its default, what a change does)
are in ``settings_rows.py``, where they go on screen and how one is drawn in ``settings_layout.py``,
the search over every group in ``settings_search.py``; this module routes input to them and draws
the rest.  Every control is a row with a value that steps through its allowed values, so a value
outside its range cannot be entered; every row's values run from 'off' up (Off before On), so Right
or '>' is the next one and Left or '<' the one before, stopping at the ends, while Enter or a click
on the value takes the next, round to the first.  Rows that depend on another option are shown
disabled with the reason; a row whose value is not its default has a gold dot and says so.  Mouse
(tabs, arrows, values, the search field, the wheel) and keyboard (Tab or a group's number, Up/Down
between rows, Left/Right or Enter to change, '/' or Ctrl+F to search, Esc to close the search and
then to go back) both reach every option.  Each change is saved at once; house rules take effect
from the next game, display and sound at once.
"""

from __future__ import annotations

from functools import partial

import pygame

from ..core.keymap import Context, Intent, with_key
from ..core.keys import intent_for, key_press
from ..core.scene import AppContext, Scene
from ..core.text_box import TextBox
from ..core.text_field import TextField
from ..core.theme import (
    BODY_SMALL,
    BORDER,
    CONTROL_RADIUS,
    FIELD_FILL,
    FOOTNOTE,
    GOLD,
    LIST_FILL,
    LIST_PADDING,
    MUTED,
    QUIET_BORDER,
    SETTINGS_TITLE,
)
from ..core.widgets import Button, ButtonGroup, draw_panel, draw_text, text_width
from ..text.settings_words import found_words, search_key_help, search_prompt, settings_key_help
from .settings_layout import HitBox, Layout, RowActions, draw_row, lay_out, note_room, row_fonts
from .settings_rows import GROUPS, Row, SettingRows, words
from .settings_search import SettingsSearch

__all__ = ["GROUPS", "SettingsScene", "words"]


class SettingsScene(Scene):
    def __init__(self, app: AppContext, in_game: bool = False) -> None:
        super().__init__(app)
        self.choices = SettingRows(app, in_game, self._changed)
        self.section = 0  # the group shown (its tab), when no search is
        self.focus = 0  # the highlighted row; one past the last is Restore defaults
        self.scroll = 0  # the first row in view
        self.editing: Row | None = None
        self.edit_box = TextBox(TextField())
        self.search = SettingsSearch(app.key_presses)
        self.visible_rows = 8  # rows in view; set by draw for the window size
        self.most_scroll = 0  # the last first row that fills the panel; set by draw
        self.columns = 1  # set by draw: two where the window has room and one column would scroll
        self.wheel = 0.0  # a part of a row the wheel (a touchpad) has turned, not yet a whole one
        self.panel = pygame.Rect(0, 0, 0, 0)  # the list's panel and its rows on screen, as last drawn
        self.row_rects: dict[int, pygame.Rect] = {}
        self.layout: Layout | None = None  # the rows in view as last drawn, their notes' lines
        self.hit_boxes: list[HitBox] = []
        tabs = [Button(name, partial(self._go_section, i)) for i, name in enumerate(GROUPS)]
        self.group = ButtonGroup([*tabs, Button(search_prompt(), self._start_search, name="search"),
                                  Button("Restore defaults", self.restore_defaults),
                                  Button(with_key("Back", Intent.BACK, Context.SCREEN), self.back)])
        self.tabs = tabs

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
        """The rows on screen: the search's, from every group, while it is open; else the group's."""
        if self.search.open:
            return self.search.found(self.choices.every_row())
        return self.choices.rows(GROUPS[self.section])

    def restore_defaults(self) -> None:
        self.app.stack.push(self.app.scenes.confirm("Restore every setting to its default?",
                                                    self.choices.restore_defaults))

    # ------------------------------------------------------------ input
    def key_contexts(self) -> list[Context]:
        """The keymap's contexts in force: a value's text box while one is edited, the search field
        while it is typed into (its rows' keys under it), else the rows (a search's Esc first)."""
        if self.editing is not None:
            return [Context.TEXT_ENTRY, Context.TEXT_FORM]
        if self.search.typing:
            return self.search.contexts()
        return [*self.search.contexts(), Context.SETTINGS, Context.SCREEN]

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.editing is not None:
            self._edit_event(event)
            return
        if self.group.handle(event):
            self.dirty = True
            return
        rows = self.rows()
        if self.search.typing and event.type == pygame.TEXTINPUT:
            self._search_typed(event)
        elif event.type == pygame.KEYDOWN:
            intent = intent_for(self.key_contexts(), event)
            if intent is not None:
                self._key(intent, event, rows)
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

    def _key(self, intent: Intent, event: pygame.event.Event, rows: list[Row]) -> None:
        if intent is Intent.BACK:
            self.app.stack.pop()
        elif intent is Intent.CLOSE_SEARCH:
            self._close_search()
        elif intent is Intent.SEARCH:
            self._start_search()
        elif intent is Intent.SUBMIT:  # done typing: the keys go to the rows found
            self.search.done_typing()
        elif intent is Intent.GO_TO_GROUP:
            number = int(key_press(event).key.strip("[]"))
            if number <= len(GROUPS):
                self._go_section(number - 1)
        elif intent in (Intent.NEXT_SECTION, Intent.PREVIOUS_SECTION):
            step = 1 if intent is Intent.NEXT_SECTION else -1
            self._go_section((self.section + step) % len(GROUPS))
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
        elif self.search.box is not None:  # the search field's own keys (the caret, erasing)
            before = self.search.query
            self.search.box.do(intent)
            if self.search.query != before:
                self.focus = self.scroll = 0

    def _search_typed(self, event: pygame.event.Event) -> None:
        assert self.search.box is not None
        before = self.search.query
        self.search.box.handle(event)
        if self.search.query != before:  # a new list: its first row highlighted
            self.focus = self.scroll = 0
        self.dirty = True

    def _start_search(self) -> None:
        if not self.search.open:
            self.focus = self.scroll = 0
        self.search.start()

    def _close_search(self) -> None:
        """The search closed: back to the group it was opened over, at its top."""
        self.search.close()
        self.focus = self.scroll = 0

    def _wheel(self, steps: int, count: int) -> None:
        """The list moves ``steps`` lines and the highlight with it, so it stays on the same place of
        the panel; at either end of the list the highlight goes on to the first or the last row."""
        moved = steps * self.columns
        self.scroll = max(0, min(self.most_scroll, self.scroll + moved))
        if self.focus >= count and steps < 0:  # from Restore defaults, under the list: its last row
            self.focus = count - 1
        else:
            self.focus = max(0, min(count - 1, self.focus + moved))

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
            self._stop_edit()
        elif intent is Intent.CANCEL:
            self._stop_edit()
        elif intent is not None:
            self.edit_box.do(intent)
        else:
            self.edit_box.handle(event)
        self.dirty = True

    def _stop_edit(self) -> None:
        self.editing = None
        if self.search.typing:
            self.search.done_typing()  # the name's box had the keys: not the search field again
        else:
            pygame.key.stop_text_input()

    def update(self, dt: float) -> bool:
        blinked = self.editing is not None and self.edit_box.update(dt)
        typing = self.search.typing and self.search.box is not None and self.search.box.update(dt)
        return super().update(dt) or blinked or bool(typing)

    # ------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.blit(self.app.title_background(), (0, 0))
        fonts = self.app.fonts
        draw_text(surface, fonts.get(SETTINGS_TITLE, bold=True), "Settings", GOLD, midtop=(w // 2, int(h * 0.025)))
        tab_h = max(int(h * 0.055), fonts.get(BODY_SMALL, bold=True).get_linesize() + 8)
        self._draw_tabs(surface, tab_h)
        self._draw_search_field(surface, tab_h)
        rows = self.rows()
        space = pygame.Rect(int(w * 0.05), int(h * 0.1) + tab_h + int(h * 0.025), int(w * 0.9), 0)
        space.h = int(h * 0.86) - space.top
        fonts_of_rows = row_fonts(fonts, rows, note_room(space.w - 2 * LIST_PADDING, int(w * 0.26)))
        layout = lay_out(rows, fonts_of_rows, (w, h), space, self.scroll, self.focus)
        self._keep(layout)
        draw_panel(surface, self.panel, LIST_FILL, QUIET_BORDER)
        self.hit_boxes = []
        actions = RowActions(self._click_step, self._focus_and_edit, self._focus)
        for place in layout.placed:
            row = rows[place.index]
            box = self.edit_box if self.editing is row else None
            self.hit_boxes += draw_row(surface, row, place, layout, fonts_of_rows, place.index == self.focus, box,
                                       actions)
        if self.search.open and not rows:
            draw_text(surface, fonts_of_rows.label, found_words(self.search.query, 0), MUTED,
                      center=self.panel.center)
        self._draw_footer(surface, rows, layout)

    def _keep(self, layout: Layout) -> None:
        """What input needs of the layout drawn: the scroll it settled on, the rows in view, the panel."""
        self.scroll, self.most_scroll, self.columns = layout.scroll, layout.most_scroll, layout.columns
        self.visible_rows = max(1, layout.visible)
        self.panel = layout.panel
        self.layout = layout
        self.row_rects = {place.index: place.rect for place in layout.placed}

    def _draw_tabs(self, surface: pygame.Surface, tab_h: int) -> None:
        """A tab for each group, the one shown gold-edged (none while a search shows every group)."""
        w, h = surface.get_size()
        tab_w, gap = int(w * 0.164), 8
        x0 = w // 2 - (tab_w * len(self.tabs) + gap * (len(self.tabs) - 1)) // 2
        for i, tab in enumerate(self.tabs):
            tab.rect = pygame.Rect(x0 + i * (tab_w + gap), int(h * 0.1), tab_w, tab_h)
            tab.selected = i == self.section and not self.search.open
        font = ButtonGroup(self.tabs).label_font(self.app.fonts, BODY_SMALL)
        for tab in self.tabs:
            tab.draw(surface, font)

    def _draw_search_field(self, surface: pygame.Surface, tab_h: int) -> None:
        """The search field in the title's line, on the right: what is typed (the caret while it is
        being typed into), or the keys that open it."""
        w, h = surface.get_size()
        field = self.group.named("search")
        assert field is not None
        field.rect = pygame.Rect(0, 0, int(w * 0.24), tab_h)
        field.rect.topright = (int(w * 0.95), int(h * 0.025))
        font = self.app.fonts.get(FOOTNOTE)
        typing = self.search.typing and self.search.box is not None
        pygame.draw.rect(surface, FIELD_FILL if typing else LIST_FILL, field.rect, border_radius=CONTROL_RADIUS)
        pygame.draw.rect(surface, GOLD if self.search.open else QUIET_BORDER, field.rect, width=BORDER,
                         border_radius=CONTROL_RADIUS)
        if typing:
            assert self.search.box is not None
            self.search.box.draw(surface, font, field.rect)
        else:
            shown = self.search.query or search_prompt()
            draw_text(surface, font, shown, GOLD if self.search.open else MUTED,
                      midleft=(field.rect.left + 12, field.rect.centery))

    def _draw_footer(self, surface: pygame.Surface, rows: list[Row], layout: Layout) -> None:
        w, h = surface.get_size()
        fonts = self.app.fonts
        panel = self.panel
        if self.search.open:
            hint = self.message or search_key_help(self.search.typing)
            count = found_words(self.search.query, len(rows)) if rows else ""
        else:
            hint = self.message or settings_key_help(len(GROUPS))
            shown = f"{layout.scroll + 1}-{layout.scroll + layout.visible}"
            count = f"{shown} of {len(rows)}" if layout.visible < len(rows) else ""
        foot = fonts.fitting(FOOTNOTE, lambda font: text_width(font, f"{hint}    {count}") <= panel.w - 20)
        if count:
            draw_text(surface, foot, count, MUTED, topright=(panel.right - 10, panel.bottom + 4))
        draw_text(surface, foot, hint, GOLD if self.message else MUTED, topleft=(panel.left + 10, panel.bottom + 4))
        # restore defaults button (and Back): wider at a larger text size, the label shrunk back if need be
        button_h = max(int(h * 0.06), fonts.get(BODY_SMALL, bold=True).get_linesize() + 8)
        restore, back = self.group.named("restore_defaults"), self.group.named("back")
        assert restore is not None and back is not None
        restore.rect = pygame.Rect(0, 0, fonts.scaled(int(h * 0.36)), button_h)
        restore.rect.midbottom = (w // 2, h - int(h * 0.035))
        restore.selected = self.focus == len(rows)
        back.rect = pygame.Rect(0, 0, fonts.scaled(int(h * 0.2)), button_h)
        back.rect.bottomleft = (int(w * 0.05), h - int(h * 0.035))
        font = ButtonGroup([restore, back]).label_font(fonts, BODY_SMALL)
        restore.draw(surface, font)
        back.draw(surface, font)

    def back(self) -> None:
        self.app.stack.pop()

    def _go_section(self, index: int) -> None:
        """Show a group (from its tab, its number or Tab), closing a search."""
        if self.search.open:
            self.search.close()
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
