"""The settings screen: house rules, players, gameplay, display and sound.

Every control is a row with a value that steps through its allowed values, so a
value outside its range cannot be entered; every row's values run from 'off' up
(Off before On), so Right or '>' is the next one and Left or '<' the one before,
stopping at the ends, while Enter or a click on the value takes the next, round to
the first.  Rows that depend on another option are shown disabled with the reason.
Mouse (tabs, arrows, values, the wheel) and keyboard (Tab between sections,
Up/Down between rows, Left/Right or Enter to change, Esc to go back) both reach
every option.  Each change is saved at once; house rules
take effect from the next game, display and sound at once.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any

import pygame

from ...ai.judge import BIG_MISTAKE, CheckerLevel
from ...engine.rule_table import PRESETS, RULE_SPECS, SPECS, RuleSpec
from ...engine.rule_values import Mode
from ...engine.rules import HouseRules, RulesError, preset, preset_name
from ...session.thinkers import default_workers
from ...storage.settings import (
    BACKS,
    BLIND_PROMPTS,
    CARD_SIZES,
    CLAIM_ANSWERS,
    DECK_STYLES,
    LEVELS,
    SPEEDS,
    TABLES,
    WINDOW_SIZES,
    Settings,
)
from ..core.keymap import Context, Intent, label_of, with_key
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
from ..core.widgets import draw_panel, draw_text
from ..text.key_help import name_entry_help, settings_key_help
from ..text.messages import fit_text, sentence
from ..text.variants import variant_note

SECTIONS = ("House rules", "Players", "Gameplay", "Display", "Sound")

#: how the player's own settings' values are shown (the house rules' words are in the rule table)
SETTING_WORDS: dict[str, str] = {
    "always": "Whenever allowed", "never": "Never", "ask": "Ask me", "accept": "Accept at once",
    "classic": "Classic", "large_index": "Large index",
}
#: the play checker's levels (``CheckerLevel``) as its row shows them
CHECKER_WORDS: dict[str, str] = {"off": "Off", "big": "Big mistakes only", "every": "Every mistake"}


def words(key: str, value: Any) -> str:
    """A value as its settings row shows it."""
    if key in SPECS:
        return SPECS[key].word(value)
    if key == "window_size":
        return f"{value[0]} x {value[1]}"
    if key == "volume":
        return f"{round(value * 100)}%"
    if key == "computer_cores":
        return f"{value} core{'s' if value != 1 else ''}"
    if key == "play_checker":
        return CHECKER_WORDS[value]
    if isinstance(value, bool):
        return "On" if value else "Off"
    if isinstance(value, str):
        return SETTING_WORDS.get(value, value.replace("_", " ").capitalize())
    return str(value)


@dataclass
class Row:
    key: str
    label: str
    explanation: str
    choices: tuple[Any, ...]
    get: Callable[[], Any]
    put: Callable[[Any], None]
    disabled: Callable[[], str] = lambda: ""  # the reason when disabled
    text: bool = False  # a free-text value (names)

    def _index(self) -> int:
        current = self.get()
        return self.choices.index(current) if current in self.choices else 0

    def can_step(self, direction: int) -> bool:
        """Whether Left (-1) or Right (+1) leads anywhere: the arrows stop at the ends of the list."""
        if self.disabled() or not self.choices:  # a free-text row (a name) has nothing to step through
            return False
        return 0 <= self._index() + direction < len(self.choices)

    def step(self, direction: int, wrap: bool = False) -> None:
        """The next choice that way; Enter cycles round (``wrap``), the arrows stop at the ends."""
        if self.disabled() or not self.choices:
            return
        index = self._index() + direction
        if not wrap and not 0 <= index < len(self.choices):
            return
        self.put(self.choices[index % len(self.choices)])


class SettingsScene(Scene):
    def __init__(self, app: AppContext, in_game: bool = False) -> None:
        super().__init__(app)
        self.in_game = in_game
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
        self.message = ""

    # ------------------------------------------------------------ model
    @property
    def settings(self) -> Settings:
        return self.app.settings

    def rules(self) -> HouseRules:
        return self.settings.house_rules()

    def _set_rule(self, key: str, value: Any) -> None:
        try:
            rules = self.rules().with_changes(**{key: value})
        except RulesError as exc:  # cannot happen through the steppers; kept as a guard
            self.message = str(exc)
            return
        self._store_rules(rules)

    def _store_rules(self, rules: HouseRules) -> None:
        self.app.update_settings(rules=rules.to_dict())
        if self.in_game:
            self.message = "House rules apply from the next game; this game keeps the rules it started with."
        self.dirty = True

    def _rule_row(self, spec: RuleSpec) -> Row:
        """A house-rule row from its record in the rule table; a variant key steps only through the
        values its mode plays, and says when the stored value is one the mode does not play."""
        rules = self.rules()
        key = spec.key
        choices = spec.values_in_mode(rules.mode)
        note = "" if spec.reason(rules) else variant_note(rules, key)  # a disabled row says why already
        return Row(key, spec.label, note or spec.help, choices, partial(self._rule_value, key),
                   partial(self._set_rule, key), partial(self._rule_reason, spec))

    def _rule_value(self, key: str) -> Any:
        return getattr(self.rules(), key)  # the rules as stored now, not when the row was built

    def _rule_reason(self, spec: RuleSpec) -> str:
        return spec.reason(self.rules())

    def rows(self) -> list[Row]:
        section = SECTIONS[self.section]
        rows: list[Row] = []
        if section == "House rules":
            names = (*(p.name for p in PRESETS), "custom")
            rows.append(Row("preset", "Preset", "Fills every rule below; Custom once any rule differs",
                            names, lambda: preset_name(self.rules()), self._use_preset))
            rows += [self._rule_row(spec) for spec in RULE_SPECS]
        elif section == "Players":
            def set_all(v: str) -> None:
                self._put(levels=dict.fromkeys(("N", "E", "W"), v))

            rows.append(Row("all_levels", "All computer players", "Set one level for every computer seat",
                            LEVELS, lambda: self._common_level(), set_all))
            partner_note = {"N": "; partner in partnership and auction, opponent in two-player"}
            empty = "East's chair is empty in three-player" if self.rules().mode == Mode.THREE_PLAYER else ""
            for seat, label in (("N", "North"), ("E", "East"), ("W", "West")):
                rows.append(Row(f"level_{seat}", f"{label} level", "Easy, normal or hard" + partner_note.get(seat, ""),
                                LEVELS,
                                partial(self._level_of, seat), partial(self._set_level, seat),
                                (lambda: empty) if seat == "E" else (lambda: "")))
            for seat, label in (("S", "Your name"), ("N", "North's name"), ("E", "East's name"), ("W", "West's name")):
                rows.append(Row(f"name_{seat}", label, name_entry_help(), (),
                                partial(self._name_of, seat), partial(self._set_name, seat), text=True))
        elif section == "Gameplay":
            rows += [
                Row("animation_speed", "Animation speed",
                    f"How fast cards move ({label_of(Intent.SPEED, Context.TABLE)} during play cycles it)", SPEEDS,
                    lambda: self.settings.animation_speed, lambda v: self._put(animation_speed=v)),
                Row("auto_play_forced", "Play a forced card", "Play your only legal card for you", (False, True),
                    lambda: self.settings.auto_play_forced, lambda v: self._put(auto_play_forced=v)),
                Row("confirm_play", "Confirm before playing", "First click lifts a card, a second plays it",
                    (False, True), lambda: self.settings.confirm_play, lambda v: self._put(confirm_play=v)),
                Row("hints", "Hints", f"{label_of(Intent.HINT, Context.TABLE)} suggests a bid or a card", (False, True),
                    lambda: self.settings.hints, lambda v: self._put(hints=v)),
                Row("play_checker", "Play checker",
                    f"Names your clear mistakes: big ones only ({BIG_MISTAKE:.0f} points or more), or every one",
                    tuple(CheckerLevel),
                    lambda: self.settings.play_checker, lambda v: self._put(play_checker=v)),
                Row("click_after_trick", "Click to continue after each trick",
                    f"Each finished trick stays on the table until you click or press"
                    f" {label_of(Intent.GO_ON, Context.TRICK_HELD)}", (False, True),
                    lambda: self.settings.click_after_trick, lambda v: self._put(click_after_trick=v)),
                Row("computer_claims", "Computer claims", "When a computer side proves every trick left is its own:"
                    " ask me, or accept at once", CLAIM_ANSWERS,
                    lambda: self.settings.computer_claims, lambda v: self._put(computer_claims=v)),
                Row("computer_cores", "Computer players use up to", "Cores they think on at once (hard searches more on"
                    " more); the window keeps one",
                    self._core_choices(), self._cores, lambda v: self._put(computer_cores=v)),
                Row("blind_nil_prompt", "Ask about blind nil", "Keep your cards face down and ask first whenever"
                    " the house rules allow blind nil",
                    BLIND_PROMPTS,
                    lambda: self.settings.blind_nil_prompt, lambda v: self._put(blind_nil_prompt=v),
                    lambda: "" if self.rules().blind_nil_possible else "blind nil is off in the house rules"),
            ]
        elif section == "Display":
            rows += [
                Row("fullscreen", "Full screen", f"Also {label_of(Intent.FULLSCREEN, Context.GLOBAL)} at any time",
                    (False, True),
                    lambda: self.settings.fullscreen, self._set_fullscreen),
                Row("window_size", "Window size", "The size of the window when not full screen",
                    self._window_sizes(), self._window_size, self._set_window_size,
                    lambda: "not in full screen" if self.settings.fullscreen else ""),
                Row("deck_style", "Deck", "Classic court figures, or large corner indices that read at a glance",
                    DECK_STYLES, lambda: self.settings.deck_style, lambda v: self._put_display(deck_style=v)),
                Row("card_back", "Card back", "Blue lattice, red rosette, cream and green weave or purple lattice",
                    BACKS,
                    lambda: self.settings.card_back, lambda v: self._put_display(card_back=v)),
                Row("four_colour", "Four-colour deck", "Clubs green and diamonds blue, with either deck",
                    (False, True),
                    lambda: self.settings.four_colour, lambda v: self._put_display(four_colour=v)),
                Row("table_colour", "Table colour", "The colour of the felt", TABLES,
                    lambda: self.settings.table_colour, lambda v: self._put_display(table_colour=v)),
                Row("card_size", "Card size", "Smaller cards leave more room on the table", CARD_SIZES,
                    lambda: self.settings.card_size, lambda v: self._put_display(card_size=v)),
            ]
        else:
            rows += [
                Row("volume", "Volume", "Sound effects volume", tuple(i / 10 for i in range(11)),
                    lambda: round(self.settings.volume, 1), lambda v: self._put(volume=v),
                    lambda: "sound is muted" if self.settings.mute else ""),
                Row("mute", "Mute", "No sound at all", (False, True), lambda: self.settings.mute,
                    lambda v: self._put(mute=v)),
            ]
        return rows

    def _level_of(self, seat: str) -> str:
        return self.settings.levels[seat]

    def _set_level(self, seat: str, level: str) -> None:
        self._put(levels={**self.settings.levels, seat: level})

    def _name_of(self, seat: str) -> str:
        return self.settings.names[seat]

    def _set_name(self, seat: str, name: str) -> None:
        self._put(names={**self.settings.names, seat: name})

    def _use_preset(self, name: str) -> None:
        if name != "custom":
            self._store_rules(preset(name))

    def _common_level(self) -> str:
        levels = set(self.settings.levels.values())
        return levels.pop() if len(levels) == 1 else "normal"

    def _put(self, **changes: Any) -> None:
        self.app.update_settings(**changes)
        self.dirty = True

    @staticmethod
    def _core_choices() -> tuple[int, ...]:
        return tuple(range(1, max(2, os.cpu_count() or 2) + 1))

    def _cores(self) -> int:
        return self.settings.computer_cores or default_workers()

    def _put_display(self, **changes: Any) -> None:
        self._put(**changes)
        self.app.apply_display()

    def _set_fullscreen(self, value: bool) -> None:
        if value != self.app.fullscreen:
            self.app.toggle_fullscreen()
        self.dirty = True

    def _window_size(self) -> tuple[int, int]:
        """The window's size as it is (the person may have dragged it to any size), or in full
        screen the size it goes back to."""
        if self.app.fullscreen:
            return self.app.window_size
        width, height = self.app.screen.get_size()
        return width, height

    def _window_sizes(self) -> tuple[tuple[int, int], ...]:
        """The sizes offered, smallest first, with the window's own among them where it is none of
        them: Left and Right go to the sizes either side of it."""
        return tuple(sorted({*WINDOW_SIZES, self._window_size()}, key=lambda size: (size[0] * size[1], size)))

    def _set_window_size(self, value: tuple[int, int]) -> None:
        self._put(window_size=tuple(value))
        self.app.resize_window(tuple(value))  # type: ignore[arg-type]

    def restore_defaults(self) -> None:
        def really() -> None:
            self.app.settings = Settings(window_size=self.settings.window_size, fullscreen=self.settings.fullscreen)
            self._put()
            self.app.apply_display()
            self.message = "Defaults restored" + (" (house rules from the next game)" if self.in_game else "")

        self.app.stack.push(self.app.scenes.confirm("Restore every setting to its default?", really))

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
        x0 = w // 2 - (tab_w * len(SECTIONS) + 8 * (len(SECTIONS) - 1)) // 2
        for i, name in enumerate(SECTIONS):
            rect = pygame.Rect(x0 + i * (tab_w + 8), int(h * 0.1), tab_w, tab_h)
            pygame.draw.rect(surface, BUTTON_HOVER if i == self.section else BUTTON, rect, border_radius=BUTTON_RADIUS)
            pygame.draw.rect(surface, GOLD if i == self.section else BUTTON_EDGE, rect, width=BORDER,
                             border_radius=BUTTON_RADIUS)
            draw_text(surface, fonts.get(BODY_SMALL, bold=True), name, CREAM, center=rect.center)
            self.hit_boxes.append((rect, partial(self._go_section, i)))
        rows = self.rows()
        label_font = fonts.get(ROW, bold=True)
        small = fonts.get(FOOTNOTE)
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
            room = line.w - int(w * 0.26) - 56  # up to the value control
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
        if len(rows) > visible:
            draw_text(surface, small, f"{self.scroll + 1}-{min(len(rows), self.scroll + visible)} of {len(rows)}",
                      MUTED, topright=(panel.right - 10, panel.bottom + 4))
        # restore defaults button
        restore = pygame.Rect(0, 0, int(h * 0.36), int(h * 0.06))
        restore.midbottom = (w // 2, h - int(h * 0.035))
        focused = self.focus == len(rows)
        pygame.draw.rect(surface, BUTTON_HOVER if focused else BUTTON, restore, border_radius=BUTTON_RADIUS)
        pygame.draw.rect(surface, GOLD if focused else BUTTON_EDGE, restore, width=FOCUS_BORDER if focused else BORDER,
                         border_radius=BUTTON_RADIUS)
        draw_text(surface, fonts.get(BODY_SMALL, bold=True), "Restore defaults", CREAM, center=restore.center)
        self.hit_boxes.append((restore, self.restore_defaults))
        back = pygame.Rect(0, 0, int(h * 0.2), int(h * 0.06))
        back.bottomleft = (int(w * 0.05), h - int(h * 0.035))
        pygame.draw.rect(surface, BUTTON, back, border_radius=BUTTON_RADIUS)
        draw_text(surface, fonts.get(BODY_SMALL, bold=True), with_key("Back", Intent.BACK, Context.SCREEN), CREAM,
                  center=back.center)
        self.hit_boxes.append((back, self.back))
        hint = self.message or settings_key_help()
        draw_text(surface, small, hint, GOLD if self.message else MUTED, topleft=(panel.left + 10, panel.bottom + 4))

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
