"""The settings screen's rows: what each section offers, how a value is shown, and what a change
does (written at once through the app; house rules from the next game, display and sound at once).

Kept apart from the screen (``settings.py``), which lays the rows out and routes input to them.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any

from ...ai.judge import BIG_MISTAKE, CheckerLevel
from ...engine.presets import PRESETS
from ...engine.rule_spec import RuleSpec
from ...engine.rule_table import RULE_SPECS, SPECS
from ...engine.rule_values import Mode
from ...engine.rules import HouseRules, RulesError, preset, preset_name
from ...session.files import (
    BACKS,
    BLIND_PROMPTS,
    CARD_SIZES,
    CLAIM_ANSWERS,
    DECK_STYLES,
    LEVELS,
    SPEEDS,
    TABLES,
    TEXT_SIZES,
    WINDOW_SIZES,
    Settings,
    default_settings,
)
from ...session.thinkers import default_workers
from ..core.keymap import Context, Intent, label_of
from ..core.scene import AppContext
from ..text.key_help import name_entry_help
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
    if key == "text_size":
        return f"{value}%"
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


class SettingRows:
    """The rows of every section, read from and written to the app's settings; ``message`` is what
    the last change has to say (shown under the list), ``changed`` tells the screen to draw again."""

    def __init__(self, app: AppContext, in_game: bool, changed: Callable[[], None]) -> None:
        self.app = app
        self.in_game = in_game  # house rules changed now apply from the next game
        self.changed = changed
        self.message = ""

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
        self.store_rules(rules)

    def store_rules(self, rules: HouseRules) -> None:
        self.app.update_settings(rules=rules.to_dict())
        if self.in_game:
            self.message = "House rules apply from the next game; this game keeps the rules it started with."
        self.changed()

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

    def rows(self, section: str) -> list[Row]:
        """The rows of one of ``SECTIONS``, built from the settings as they are now."""
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
                Row("reduce_motion", "Reduce motion", "Cards fade in where they go instead of flying"
                    " (no shuffle, flip or celebration)", (False, True),
                    lambda: self.settings.reduce_motion, lambda v: self._put(reduce_motion=v)),
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
                Row("table_talk", "Table talk", "The computer players now and then remark on a nil, a set or"
                    " the game's end", (False, True),
                    lambda: self.settings.table_talk, lambda v: self._put(table_talk=v)),
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
                Row("text_size", "Text size", "Every text and panel larger, to read from further away",
                    TEXT_SIZES, lambda: self.settings.text_size, lambda v: self._put(text_size=v)),
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
            self.store_rules(preset(name))

    def _common_level(self) -> str:
        levels = set(self.settings.levels.values())
        return levels.pop() if len(levels) == 1 else "normal"

    def _put(self, **changes: Any) -> None:
        self.app.update_settings(**changes)
        self.changed()

    @staticmethod
    def _core_choices() -> tuple[int, ...]:
        return tuple(range(1, max(2, os.cpu_count() or 2) + 1))

    def _cores(self) -> int:
        return self.settings.computer_cores or default_workers()

    def _put_display(self, **changes: Any) -> None:
        self._put(**changes)
        self.app.apply_display()

    def _set_fullscreen(self, value: bool) -> None:
        if value != self.app.window.fullscreen:
            self.app.toggle_fullscreen()
        self.changed()

    def _window_size(self) -> tuple[int, int]:
        """The window's size as it is (the person may have dragged it to any size), or in full
        screen the size it goes back to."""
        if self.app.window.fullscreen:
            return self.app.window.size
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
        """Every setting back to its default but the window's (its size, full screen or not)."""
        self.app.update_settings(**default_settings(keeping=self.settings))
        self.app.apply_display()
        self.message = "Defaults restored" + (" (house rules from the next game)" if self.in_game else "")
