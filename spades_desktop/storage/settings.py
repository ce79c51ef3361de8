"""The settings file: house rules under the keys of docs/RULES.md, players, gameplay, display, sound.

Loading keeps every good value, reports each bad or unknown one in plain words and
uses the default only for those; a file that is not a settings object at all is
moved aside and reported.  Saving is atomic.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields, replace
from pathlib import Path
from types import UnionType
from typing import Any, get_args, get_origin, get_type_hints

from ..ai.judge import CheckerLevel
from ..engine.rules import CHOICES, HouseRules, Mode, RulesError
from .atomic import keep_aside, write_json
from .reading import short
from .user_file import Unusable, WithoutFile, read_user_json

SETTINGS_VERSION = 1
#: a settings file is about a kilobyte
MAX_SETTINGS_BYTES = 1 << 20
FORMAT = "spades-desktop/settings"
LEVELS = ("easy", "normal", "hard")
SPEEDS = ("slow", "normal", "fast", "instant")
BACKS = ("blue", "red", "green", "purple")
TABLES = ("green", "blue", "red", "grey")
CARD_SIZES = ("small", "medium", "large")
DECK_STYLES = ("classic", "large_index")
#: whether to keep the cards face down and ask about blind nil whenever the house rules allow it
#: (when it is allowed is the house rules' alone: ``blind_nil_min_deficit``)
BLIND_PROMPTS = ("always", "never")
#: what a computer side's proven claim does: shown and put to the person, or accepted at once
CLAIM_ANSWERS = ("ask", "accept")
#: values of earlier versions read as today's (format 1 had "when_behind", now the house rule's job)
OLD_VALUES: dict[tuple[str, str], str] = {("blind_nil_prompt", "when_behind"): "always"}
#: more cores than any desktop has: a larger number is not one the game wrote
MAX_CORES = 256
WINDOW_SIZES = ((960, 540), (1280, 720), (1600, 900), (1920, 1080), (2560, 1440), (3840, 2160))
#: every text and panel at this percentage of its size (the larger ones for a screen seen from afar)
TEXT_SIZES = (100, 125, 150)


@dataclass(frozen=True)
class Settings:
    rules: dict[str, Any] = field(default_factory=lambda: HouseRules().to_dict())
    levels: dict[str, str] = field(default_factory=lambda: {"N": "normal", "E": "normal", "W": "normal"})
    names: dict[str, str] = field(default_factory=lambda: {"N": "North", "E": "East", "S": "You", "W": "West"})
    animation_speed: str = "normal"
    reduce_motion: bool = False  # fades in place of cards flying, no shuffle, flip or celebration
    auto_play_forced: bool = True
    confirm_play: bool = False
    hints: bool = True
    click_after_trick: bool = False  # hold each finished trick until a click or a key
    play_checker: CheckerLevel = CheckerLevel.BIG  # which of the person's mistakes the checker names
    blind_nil_prompt: str = "always"  # ask before showing your cards (when the house rules allow blind nil)
    computer_claims: str = "ask"  # a computer side's claim: ask the person, or accept at once
    computer_cores: int | None = None  # processes the computer players think in; None: all cores but one
    table_talk: bool = True  # the computer players say a word at the moments that matter (a nil, a set, the end)
    fullscreen: bool = False
    window_size: tuple[int, int] = (1280, 720)
    card_back: str = "blue"
    deck_style: str = "classic"  # classic: court figures; large_index: the program's readable deck
    four_colour: bool = False
    table_colour: str = "green"
    card_size: str = "medium"
    text_size: int = 100  # every text and panel at this percentage of its size: one of TEXT_SIZES
    volume: float = 0.7
    mute: bool = False

    def house_rules(self) -> HouseRules:
        return HouseRules.from_dict(self.rules)

    def with_changes(self, **changes: Any) -> Settings:
        """These settings with ``changes``, each checked as a value read from the file is
        (``_check``) and of the field's own type: a string where the field holds an enum
        (``play_checker="every"`` for ``CheckerLevel.EVERY``) is refused with ``SettingTypeError``
        rather than stored, where it would break the first reader that expects the type."""
        checked: dict[str, Any] = {}
        for name, value in changes.items():
            expected = _FIELD_TYPES.get(name)
            if expected is None:
                raise SettingTypeError(f"there is no setting {name!r}")
            if not _is_of(value, expected):
                raise SettingTypeError(f"setting {name} takes {_type_words(expected)}, not {type(value).__name__} "
                                       f"{value!r}")
            try:
                checked[name] = _check(name, value)
            except ValueError as exc:
                raise SettingTypeError(f"setting {name}: {exc}") from None
        return replace(self, **checked)

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["window_size"] = list(self.window_size)
        return {"format": FORMAT, "version": SETTINGS_VERSION, **data}


class SettingTypeError(ValueError):
    """A change of a setting to a value it cannot hold (a wrong type, or out of its range)."""


def _field_types() -> dict[str, tuple[type, ...]]:
    """Each setting's allowed Python types, read from the dataclass's annotations (the one place
    the types are written): ``int | None`` gives ``(int, NoneType)``; a float also takes an int."""
    found: dict[str, tuple[type, ...]] = {}
    for name, hint in get_type_hints(Settings).items():
        options = get_args(hint) if isinstance(hint, UnionType) else (hint,)
        kinds = tuple(get_origin(option) or option for option in options)
        found[name] = (*kinds, int) if float in kinds else kinds
    return found


def _is_of(value: Any, expected: tuple[type, ...]) -> bool:
    """Whether ``value`` is of one of the ``expected`` types; a bool is not taken for a number."""
    if isinstance(value, bool) and bool not in expected:
        return False
    return isinstance(value, expected)


def _type_words(expected: tuple[type, ...]) -> str:
    return " or ".join("None" if kind is type(None) else kind.__name__ for kind in expected)


_FIELD_TYPES = _field_types()


def _check(name: str, value: Any) -> Any:
    """The value if it is valid for setting ``name``, else raise ValueError with the reason."""
    if name == "rules":
        if not isinstance(value, dict):
            raise ValueError("house rules must be an object")
        return value  # checked key by key in _clean_rules
    if name == "levels":
        if not isinstance(value, dict) or any(k not in ("N", "E", "W") or v not in LEVELS for k, v in value.items()):
            raise ValueError(f"levels must give each of N, E and W one of {', '.join(LEVELS)}")
        return {**Settings().levels, **value}
    if name == "names":
        if not isinstance(value, dict) or any(k not in ("N", "E", "S", "W") or not isinstance(v, str)
                                              or not 0 < len(v) <= 16 or not v.isprintable()
                                              for k, v in value.items()):
            raise ValueError("names must map seats to names of 1 to 16 characters")
        return {**Settings().names, **value}
    choices = {"animation_speed": SPEEDS, "card_back": BACKS, "table_colour": TABLES, "card_size": CARD_SIZES,
               "deck_style": DECK_STYLES,
               "blind_nil_prompt": BLIND_PROMPTS, "computer_claims": CLAIM_ANSWERS}
    if name in choices:
        if value not in choices[name]:
            raise ValueError(f"{name} must be one of {', '.join(choices[name])}")
        return value
    if name == "play_checker":
        if isinstance(value, bool):  # files before issue 38: the checker on (its default now) or off
            return CheckerLevel.BIG if value else CheckerLevel.OFF
        if value not in tuple(CheckerLevel):
            raise ValueError(f"play_checker must be one of {', '.join(CheckerLevel)}")
        return CheckerLevel(value)
    if name in ("auto_play_forced", "confirm_play", "hints", "click_after_trick", "table_talk", "fullscreen",
                "four_colour", "mute", "reduce_motion"):
        if not isinstance(value, bool):
            raise ValueError(f"{name} must be true or false")
        return value
    if name == "computer_cores":
        if value is not None and (isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= MAX_CORES):
            raise ValueError(f"computer_cores must be a whole number from 1 to {MAX_CORES}, or null for all but one")
        return value
    if name == "text_size":
        if isinstance(value, bool) or not isinstance(value, int) or value not in TEXT_SIZES:
            raise ValueError(f"text_size must be {', '.join(map(str, TEXT_SIZES[:-1]))} or {TEXT_SIZES[-1]}")
        return value
    if name == "volume":
        if isinstance(value, bool) or not isinstance(value, int | float) or not 0 <= value <= 1:
            raise ValueError("volume must be a number from 0 to 1")
        return float(value)
    if name == "window_size":
        if (not isinstance(value, list | tuple) or len(value) != 2
                or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)
                or not (960 <= value[0] <= 7680 and 540 <= value[1] <= 4320)):
            raise ValueError("window_size must be [width, height] from 960x540 to 7680x4320")
        return (int(value[0]), int(value[1]))
    raise ValueError(f"unknown setting {name!r}")


def _clean_rules(raw: dict[str, Any], problems: list[str]) -> dict[str, Any]:
    good = HouseRules().to_dict()
    mode = raw.get("mode")
    if isinstance(mode, str) and mode in CHOICES["mode"]:
        good = HouseRules(mode=Mode(mode)).to_dict()
    for key, value in raw.items():
        if key not in good:
            problems.append(f"unknown house rule {short(key)} ignored")
            continue
        try:
            HouseRules.from_dict({**good, key: value})
        except RulesError as exc:
            problems.append(str(exc))
            continue
        good[key] = value
    return good


def settings_from_dict(data: Any) -> tuple[Settings, list[str]]:
    """Settings from parsed JSON, keeping good values; returns the problems found."""
    problems: list[str] = []
    if not _is_settings(data):
        reason = "is not a settings object" if not isinstance(data, dict) else "belongs to another program"
        return Settings(), [f"the settings file {reason}"]
    version = data.get("version", SETTINGS_VERSION)
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        problems.append("the settings file's version is not a version number; reading what it can")
    elif version > SETTINGS_VERSION:
        problems.append("the settings file is from a newer version; reading what it can")
    values: dict[str, Any] = {}
    names = {f.name for f in fields(Settings)}
    for key, value in data.items():
        if key in ("format", "version"):
            continue
        if key not in names:
            problems.append(f"unknown setting {short(key)} ignored")
            continue
        if isinstance(value, str):
            value = OLD_VALUES.get((key, value), value)
        try:
            checked = _check(key, value)
        except ValueError as exc:
            problems.append(f"{exc}; using the default")
            continue
        if key == "rules":
            checked = _clean_rules(checked, problems)
        values[key] = checked
    return Settings(**values), problems


@dataclass(frozen=True)
class SettingsFile:
    """The settings read from the file, the problems found, and whether the file may be replaced."""

    settings: Settings
    problems: list[str]
    writable: bool = True  # False when the file was out of reach (a pipe, a folder, no permission)
    #: values were left out or replaced by defaults: the file is kept aside before it is rewritten
    had_bad_values: bool = False


_WITHOUT_SETTINGS = WithoutFile(out_of_reach="; it was left as it is and the defaults are used for now",
                                damaged=" and the defaults are used")


def read_settings_file(path: Path) -> SettingsFile:
    """Read the settings file; a missing file gives defaults, a damaged one is set aside,
    one out of reach is left where it is (and must not be overwritten)."""
    try:
        data = read_user_json(path, MAX_SETTINGS_BYTES, _WITHOUT_SETTINGS)
    except Unusable as exc:
        return SettingsFile(Settings(), [exc.problem], writable=exc.writable)
    if data is None:
        return SettingsFile(Settings(), [])
    settings, problems = settings_from_dict(data)
    if not _is_settings(data):
        return SettingsFile(settings, [f"{path.name}: {problems[0]}{keep_aside(path)} and the defaults are used"])
    return SettingsFile(settings, problems, had_bad_values=bool(problems))


def load_settings(path: Path) -> tuple[Settings, list[str]]:
    """Read the settings file: the settings and the problems found (see ``read_settings_file``)."""
    loaded = read_settings_file(path)
    return loaded.settings, loaded.problems


def _is_settings(data: Any) -> bool:
    return isinstance(data, dict) and data.get("format", FORMAT) == FORMAT


def save_settings(path: Path, settings: Settings) -> None:
    write_json(path, settings.to_dict(), pretty=True)
