"""The settings screen's rows: what each group offers, how a value is shown, its default, and
what a change does (written at once through the app; house rules from the next game, display and
sound at once).

Kept apart from the screen (``settings.py``), which lays the rows out and routes input to them.
"""

from __future__ import annotations

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
from ..text.settings_words import cores_help
from ..text.variants import variant_note

#: the settings' groups, one tab each, in the order of their number keys
GROUPS = ("Rules", "Computer players", "Table", "Display", "Sound")

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
    if key == "preset":
        return next((p.title for p in PRESETS if p.name == value), "Custom")
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
    default: Callable[[], Any] | None = None  # what Restore defaults gives it (None: it keeps its value)

    def default_word(self) -> str | None:
        """The default as the row shows values, when the value is not it ('changed: default Off')."""
        if self.default is None:
            return None
        default = self.default()
        return None if self.get() == default else words(self.key, default)

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


#: the settings as they are before any change: every row's default (but the window's)
DEFAULTS = Settings()


def _common(levels: dict[str, str]) -> str:
    """The level every computer seat has, or 'normal' where they differ."""
    found = set(levels.values())
    return found.pop() if len(found) == 1 else "normal"


class SettingRows:
    """The rows of every group, read from and written to the app's settings; ``message`` is what
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
                   partial(self._set_rule, key), partial(self._rule_reason, spec),
                   default=partial(self._rule_default, key))

    def _rule_value(self, key: str) -> Any:
        return getattr(self.rules(), key)  # the rules as stored now, not when the row was built

    def _rule_default(self, key: str) -> Any:
        """A rule's default: the rule table's, in the mode played (the blind-nil exchange's depends on it)."""
        return HouseRules().mode if key == "mode" else getattr(HouseRules(mode=self.rules().mode), key)

    def _rule_reason(self, spec: RuleSpec) -> str:
        return spec.reason(self.rules())

    def _setting(self, key: str, label: str, help_text: str, choices: tuple[Any, ...],
                 disabled: Callable[[], str] = lambda: "", put: Callable[[Any], None] | None = None) -> Row:
        """A row of one of the player's own settings, its default the settings' own (``Settings``)."""
        return Row(key, label, help_text, choices, partial(self._setting_value, key),
                   put or partial(self._put_one, key), disabled, default=partial(getattr, DEFAULTS, key))

    def _setting_value(self, key: str) -> Any:
        return getattr(self.settings, key)

    def _put_one(self, key: str, value: Any) -> None:
        self._put(**{key: value})

    def rows(self, group: str) -> list[Row]:
        """The rows of one of ``GROUPS``, built from the settings as they are now."""
        return {"Rules": self._rules_rows, "Computer players": self._computer_rows, "Table": self._table_rows,
                "Display": self._display_rows, "Sound": self._sound_rows}[group]()

    def every_row(self) -> list[tuple[str, Row]]:
        """Each row of every group once, with its group's name, in the groups' order (the search's rows)."""
        return [(group, row) for group in GROUPS for row in self.rows(group)]

    def _rules_rows(self) -> list[Row]:
        names = (*(p.name for p in PRESETS), "custom")
        preset_row = Row("preset", "Preset", "Fills every rule below; Custom once any rule differs", names,
                         lambda: preset_name(self.rules()), self._use_preset, default=lambda: preset_name(HouseRules()))
        return [preset_row, *(self._rule_row(spec) for spec in RULE_SPECS)]

    def _computer_rows(self) -> list[Row]:
        """Their levels and names side by side (a row each, two columns where the window is wide), how
        they claim, talk and think."""
        def set_all(v: str) -> None:
            self._put(levels=dict.fromkeys(("N", "E", "W"), v))

        rows = [Row("all_levels", "All computer players", "Set one level for every computer seat",
                    LEVELS, lambda: self._common_level(), set_all, default=lambda: _common(DEFAULTS.levels)),
                Row("computer_cores", "Computer players use up to", cores_help(default_workers()),
                    self._core_choices(), self._cores, lambda v: self._put(computer_cores=v), default=default_workers)]
        partner_note = {"N": "; partner in partnership and auction, opponent in two-player"}
        empty = "East's chair is empty in three-player" if self.rules().mode == Mode.THREE_PLAYER else ""
        for seat, label in (("N", "North"), ("E", "East"), ("W", "West")):
            rows.append(Row(f"level_{seat}", f"{label} level", "Easy, normal or hard" + partner_note.get(seat, ""),
                            LEVELS, partial(self._level_of, seat), partial(self._set_level, seat),
                            (lambda: empty) if seat == "E" else (lambda: ""),
                            default=partial(DEFAULTS.levels.get, seat)))
            rows.append(self._name_row(seat, f"{label}'s name"))
        return [*rows,
                self._setting("computer_claims", "Computer claims", "When a computer side proves every trick left is"
                              " its own: ask me, or accept at once", CLAIM_ANSWERS),
                self._setting("table_talk", "Table talk", "The computer players now and then remark on a nil, a set"
                              " or the game's end", (False, True))]

    def _name_row(self, seat: str, label: str) -> Row:
        return Row(f"name_{seat}", label, name_entry_help(), (), partial(self._name_of, seat),
                   partial(self._set_name, seat), text=True, default=partial(DEFAULTS.names.get, seat))

    def _table_rows(self) -> list[Row]:
        """How the person plays at the table: their name, help while playing, what is asked and when."""
        return [
            self._name_row("S", "Your name"),
            self._setting("hints", "Hints", f"{label_of(Intent.HINT, Context.TABLE)} suggests a bid or a card",
                          (False, True)),
            self._setting("play_checker", "Play checker", "Names your clear mistakes: big ones only"
                          f" ({BIG_MISTAKE:.0f} points or more), or every one", tuple(CheckerLevel)),
            self._setting("auto_play_forced", "Play a forced card", "Play your only legal card for you", (False, True)),
            self._setting("confirm_play", "Confirm before playing", "First click lifts a card, a second plays it",
                          (False, True)),
            self._setting("click_after_trick", "Click to continue after each trick", "Each finished trick stays on"
                          f" the table until you click or press {label_of(Intent.GO_ON, Context.TRICK_HELD)}",
                          (False, True)),
            self._setting("blind_nil_prompt", "Ask about blind nil", "Keep your cards face down and ask first"
                          " whenever the house rules allow blind nil", BLIND_PROMPTS,
                          lambda: "" if self.rules().blind_nil_possible else "blind nil is off in the house rules"),
        ]

    def _display_rows(self) -> list[Row]:
        """The window, the cards and the table as they look, and how they move: in pairs that belong
        together (side by side in two columns)."""
        return [
            Row("fullscreen", "Full screen", f"Also {label_of(Intent.FULLSCREEN, Context.GLOBAL)} at any time",
                (False, True), lambda: self.settings.fullscreen, self._set_fullscreen),
            Row("window_size", "Window size", "The size of the window when not full screen",
                self._window_sizes(), self._window_size, self._set_window_size,
                lambda: "not in full screen" if self.settings.fullscreen else ""),
            self._setting("text_size", "Text size", "Every text and panel larger, to read from further away",
                          TEXT_SIZES),
            self._setting("card_size", "Card size", "Smaller cards leave more room on the table", CARD_SIZES,
                          put=partial(self._put_display_one, "card_size")),
            self._setting("deck_style", "Deck", "Classic court figures, or large corner indices that read at a"
                          " glance", DECK_STYLES, put=partial(self._put_display_one, "deck_style")),
            self._setting("four_colour", "Four-colour deck", "Clubs green and diamonds blue, with either deck",
                          (False, True), put=partial(self._put_display_one, "four_colour")),
            self._setting("card_back", "Card back", "Blue lattice, red rosette, cream and green weave or purple"
                          " lattice", BACKS, put=partial(self._put_display_one, "card_back")),
            self._setting("table_colour", "Table colour", "The colour of the felt", TABLES,
                          put=partial(self._put_display_one, "table_colour")),
            self._setting("animation_speed", "Animation speed", "How fast cards move"
                          f" ({label_of(Intent.SPEED, Context.TABLE)} during play cycles it)", SPEEDS),
            self._setting("reduce_motion", "Reduce motion", "Cards fade in where they go instead of flying"
                          " (no shuffle, flip or celebration)", (False, True)),
        ]

    def _sound_rows(self) -> list[Row]:
        return [
            Row("volume", "Volume", "Sound effects volume", tuple(i / 10 for i in range(11)),
                lambda: round(self.settings.volume, 1), lambda v: self._put(volume=v),
                lambda: "sound is muted" if self.settings.mute else "", default=lambda: round(DEFAULTS.volume, 1)),
            self._setting("mute", "Mute", "No sound at all", (False, True)),
        ]

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
        return _common(self.settings.levels)

    def _put(self, **changes: Any) -> None:
        self.app.update_settings(**changes)
        self.changed()

    def _core_choices(self) -> tuple[int, ...]:
        """One core up to all but the window's (``default_workers``: what the help says), and a larger
        number the settings file holds (from another machine) where the row can show it."""
        most = default_workers()
        return tuple(range(1, most + 1)) + ((self._cores(),) if self._cores() > most else ())

    def _cores(self) -> int:
        return self.settings.computer_cores or default_workers()

    def _put_display_one(self, key: str, value: Any) -> None:
        self._put(**{key: value})
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
