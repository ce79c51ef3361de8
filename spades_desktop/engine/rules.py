"""House rules: one immutable value holding every option of RULES.md section 3.

The keys, values and defaults are a contract shared with the settings file, saved
games and hand records, so they are spelled exactly as RULES.md gives them.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace
from enum import StrEnum
from typing import Any


class Mode(StrEnum):
    PARTNERSHIP = "partnership"
    CUTTHROAT = "cutthroat"
    TWO_PLAYER = "two_player"
    AUCTION = "auction"
    THREE_PLAYER = "three_player"


class BiddingStyle(StrEnum):
    STANDARD = "standard"
    WHIZ = "whiz"
    MIRROR = "mirror"
    SUICIDE = "suicide"


class RulesError(ValueError):
    """A house-rule value outside its allowed values; the message names the key."""

    def __init__(self, key: str, value: object, allowed: str) -> None:
        self.key = key
        self.value = value
        self.allowed = allowed
        super().__init__(f"house rule {_short(key)}: {_short(value)} is not allowed; allowed values: {allowed}")


def _short(value: object, limit: int = 40) -> str:
    """A value quoted for a message, cut short: a hand-edited file may hold anything."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


#: Allowed values per key, for validation and for the settings screen.
CHOICES: dict[str, tuple[Any, ...]] = {
    "mode": tuple(m.value for m in Mode),
    "target_score": tuple(range(100, 1001, 50)),
    "losing_score": (None, -200, -300, -500),
    "nil_allowed": (True, False),
    "nil_value": (50, 100),
    "blind_nil_allowed": (True, False),
    "blind_nil_value": (100, 200),
    "blind_nil_min_deficit": (0, 100, 200),
    "blind_nil_exchange": (0, 1, 2, 3),
    "bag_limit": tuple(range(5, 16)),
    "bag_penalty": (50, 100, 110, 150),
    "bags_reset": (False, True),
    "failed_nil_counts_for_partner": (True, False),
    "first_lead": ("left_of_dealer", "two_of_clubs"),
    "spades_lead": ("broken", "any_time"),
    "min_team_bid": (0, 1, 2, 3, 4),
    "thirteen_bid_double": (False, True),
    "thirteen_bid_fail_bags": (False, True),
    "ten_for_two_hundred": (False, True),
    "undo": ("off", "last_card", "unlimited"),
    "deck": ("standard", "jokers", "jokers_deuces"),
    "bidding": tuple(b.value for b in BiddingStyle),
    "nil_exchange": (0, 1, 2, 3),
}

_ALL_MODES = tuple(m.value for m in Mode)
#: The modes each variant value of RULES.md section 6 plays in; elsewhere it is not in force.
VARIANT_MODES: dict[str, dict[object, tuple[str, ...]]] = {
    "deck": {
        "standard": _ALL_MODES,
        "jokers": ("partnership", "cutthroat", "three_player"),
        "jokers_deuces": ("partnership", "cutthroat"),
    },
    "bidding": {
        "standard": _ALL_MODES,
        "whiz": ("partnership", "cutthroat", "two_player", "three_player"),
        "mirror": ("partnership", "cutthroat", "two_player", "three_player"),
        "suicide": ("partnership",),
    },
    "nil_exchange": {n: ("partnership",) if n else _ALL_MODES for n in (0, 1, 2, 3)},
}

_BOOL_KEYS = frozenset(k for k, v in CHOICES.items() if v in ((True, False), (False, True)))


def _describe(key: str) -> str:
    values = CHOICES[key]
    if key == "target_score":
        return "100 to 1000 in steps of 50"
    if key == "bag_limit":
        return "5 to 15"
    return ", ".join("null" if v is None else str(v).lower() if isinstance(v, bool) else str(v) for v in values)


def default_exchange(mode: str) -> int:
    """Blind-nil exchange default: three cards in two-player, none otherwise."""
    return 3 if mode == Mode.TWO_PLAYER.value else 0


@dataclass(frozen=True, slots=True)
class HouseRules:
    """Every house-rule option; validated on construction so a bad value never reaches play."""

    mode: str = "partnership"
    target_score: int = 500
    losing_score: int | None = None
    nil_allowed: bool = True
    nil_value: int = 100
    blind_nil_allowed: bool = True
    blind_nil_value: int = 200
    blind_nil_min_deficit: int = 0
    blind_nil_exchange: int | None = None  # None: the mode's default
    bag_limit: int = 10
    bag_penalty: int = 100
    bags_reset: bool = False
    failed_nil_counts_for_partner: bool = True
    first_lead: str = "left_of_dealer"
    spades_lead: str = "broken"
    min_team_bid: int = 0
    thirteen_bid_double: bool = False
    thirteen_bid_fail_bags: bool = False
    ten_for_two_hundred: bool = False
    undo: str = "last_card"
    deck: str = "standard"
    bidding: str = "standard"
    nil_exchange: int = 0

    def __post_init__(self) -> None:
        if isinstance(self.mode, Mode):
            object.__setattr__(self, "mode", self.mode.value)
        if self.blind_nil_exchange is None and self.mode in CHOICES["mode"]:
            object.__setattr__(self, "blind_nil_exchange", default_exchange(self.mode))
        for f in fields(self):
            value = getattr(self, f.name)
            if isinstance(value, float) and value.is_integer():
                value = int(value)  # JSON writers may turn 500 into 500.0
                object.__setattr__(self, f.name, value)
            if not _value_allowed(f.name, value):
                raise RulesError(f.name, value, _describe(f.name))

    # -- conveniences the engine reads in its hot paths -------------------------
    @property
    def mode_enum(self) -> Mode:
        return Mode(self.mode)

    def in_force(self, key: str) -> object:
        """The value of a section-6 option as played: its default where the mode excludes it."""
        value = getattr(self, key)
        if self.mode in VARIANT_MODES[key][value]:
            return value
        return CHOICES[key][0]

    @property
    def deck_in_force(self) -> str:
        return self.in_force("deck")  # type: ignore[return-value]

    @property
    def bidding_in_force(self) -> str:
        return self.in_force("bidding")  # type: ignore[return-value]

    @property
    def nil_exchange_in_force(self) -> int:
        return self.in_force("nil_exchange")  # type: ignore[return-value]

    @property
    def tricks_per_hand(self) -> int:
        """17 with three players (17 cards each), 13 otherwise; also the "all tricks" bid."""
        return 17 if self.mode == Mode.THREE_PLAYER.value else 13

    @property
    def nil_possible(self) -> bool:
        """Whiz, mirror and suicide are built on nil, so they bring it whatever nil_allowed says."""
        if self.mode == Mode.AUCTION.value:
            return False
        return self.nil_allowed or self.bidding_in_force != BiddingStyle.STANDARD.value

    @property
    def blind_nil_possible(self) -> bool:
        """Blind nil is a nil: it needs nil allowed too (no nil means every bid is at least one)."""
        return self.blind_nil_allowed and self.nil_allowed and self.mode != Mode.AUCTION.value

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: object, *, allow_unknown: bool = False) -> HouseRules:
        """Rules from a plain dict; missing keys take defaults, unknown keys are refused."""
        if not isinstance(data, dict):
            raise RulesError("rules", data, "an object of house-rule keys")
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(data) - known)
        if unknown and not allow_unknown:
            raise RulesError(unknown[0], data[unknown[0]], "a known house-rule key (see the rules document)")
        return cls(**{k: v for k, v in data.items() if k in known})

    def with_changes(self, **changes: Any) -> HouseRules:
        """A copy with some options changed.  Changing the mode moves the blind-nil
        exchange to the new mode's default if it was at the old mode's default."""
        if (
            "mode" in changes
            and "blind_nil_exchange" not in changes
            and self.blind_nil_exchange == default_exchange(self.mode)
        ):
            mode = changes["mode"].value if isinstance(changes["mode"], Mode) else changes["mode"]
            changes["blind_nil_exchange"] = default_exchange(mode) if mode in CHOICES["mode"] else None
        return replace(self, **changes)


def _value_allowed(key: str, value: object) -> bool:
    if key in _BOOL_KEYS:
        return isinstance(value, bool)
    if isinstance(value, bool):  # True == 1 must not pass as a number
        return False
    if key == "losing_score":
        return value is None or (isinstance(value, int) and value in CHOICES[key])
    return value in CHOICES[key] and type(value) is type(CHOICES[key][0])


#: Named presets of RULES.md; each maps to the options it sets over the defaults.
PRESET_CHANGES: dict[str, dict[str, Any]] = {
    "standard": {},
    "quick": {"target_score": 300},
    "classic_100": {"target_score": 100, "bags_reset": True},
    "minimum_bid_one": {"nil_allowed": False, "blind_nil_allowed": False, "target_score": 500},
    "two_player": {"mode": "two_player"},
    "cutthroat": {"mode": "cutthroat"},
    "two_of_clubs_lead": {"first_lead": "two_of_clubs"},
    "auction": {"mode": "auction"},
    "jokers": {"deck": "jokers"},
    "three_player": {"mode": "three_player"},
}

PRESET_TITLES: dict[str, str] = {
    "standard": "Standard",
    "quick": "Quick (300)",
    "classic_100": "Classic 100",
    "minimum_bid_one": "Minimum bid one",
    "two_player": "Two-player",
    "cutthroat": "Cutthroat",
    "two_of_clubs_lead": "2-of-clubs lead",
    "auction": "Auction",
    "jokers": "Jokers",
    "three_player": "Three-player",
}


def preset(name: str) -> HouseRules:
    try:
        changes = PRESET_CHANGES[name]
    except KeyError:
        raise RulesError("preset", name, ", ".join(PRESET_CHANGES)) from None
    return HouseRules(**changes)


def preset_name(rules: HouseRules) -> str:
    """The preset these rules equal, or ``"custom"``."""
    for name in PRESET_CHANGES:
        if preset(name) == rules:
            return name
    return "custom"
