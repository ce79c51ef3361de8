"""House rules: one immutable value holding every option of RULES.md section 3.

The keys, values and defaults are a contract shared with the settings file, saved
games and hand records, so they are spelled exactly as RULES.md gives them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, fields, replace
from typing import Any

from .rule_table import BIDDING_MODES, DECK_MODES, EXCHANGE_MODES, PRESETS, RULE_SPECS, RuleSpec
from .rule_values import BiddingStyle, Deck, FirstLead, Mode, SpadesLead, Undo

__all__ = ["CHOICES", "PRESETS", "PRESET_CHANGES", "PRESET_TITLES", "RULE_SPECS", "VARIANT_MODES", "BiddingStyle",
           "Deck", "FirstLead", "HouseRules", "Mode", "RulesError", "SpadesLead", "Undo", "preset", "preset_name"]


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


#: Allowed values per key, for validation and for the settings screen (from the rule table).
CHOICES: dict[str, tuple[Any, ...]] = {spec.key: spec.choices for spec in RULE_SPECS}
#: The modes each variant value of RULES.md section 6 plays in; elsewhere it is not in force.
VARIANT_MODES: dict[str, dict[Any, tuple[Mode, ...]]] = {
    spec.key: dict(spec.value_modes) for spec in RULE_SPECS if spec.value_modes is not None}

_BOOL_KEYS = frozenset(spec.key for spec in RULE_SPECS if set(spec.choices) == {True, False})


def default_exchange(mode: str) -> int:
    """Blind-nil exchange default: three cards in two-player, none otherwise."""
    return 3 if mode == Mode.TWO_PLAYER else 0


@dataclass(frozen=True, slots=True)
class HouseRules:
    """Every house-rule option; validated on construction so a bad value never reaches play."""

    mode: Mode = Mode.PARTNERSHIP
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
    first_lead: FirstLead = FirstLead.LEFT_OF_DEALER
    spades_lead: SpadesLead = SpadesLead.BROKEN
    min_team_bid: int = 0
    thirteen_bid_double: bool = False
    thirteen_bid_fail_bags: bool = False
    ten_for_two_hundred: bool = False
    undo: Undo = Undo.LAST_CARD
    deck: Deck = Deck.STANDARD
    bidding: BiddingStyle = BiddingStyle.STANDARD
    nil_exchange: int = 0

    def __post_init__(self) -> None:
        for spec in RULE_SPECS:
            value = getattr(self, spec.key)
            if isinstance(value, float) and value.is_integer():
                value = int(value)  # JSON writers may turn 500 into 500.0
            elif spec.kind is not None and type(value) is str and value in spec.choices:
                value = spec.kind(value)  # the text a file holds becomes its enum member
            if value is not getattr(self, spec.key):
                object.__setattr__(self, spec.key, value)
            if spec.key == "blind_nil_exchange" and value is None and isinstance(self.mode, Mode):
                object.__setattr__(self, spec.key, default_exchange(self.mode))
                continue
            if not _value_allowed(spec, value):
                raise RulesError(spec.key, value, spec.allowed_text())

    # -- conveniences the engine reads in its hot paths -------------------------
    @property
    def mode_enum(self) -> Mode:
        return self.mode

    def in_force(self, key: str) -> object:
        """The value of a section-6 option as played: its default where the mode excludes it."""
        value = getattr(self, key)
        if self.mode in VARIANT_MODES[key][value]:
            return value
        return CHOICES[key][0]

    @property
    def deck_in_force(self) -> Deck:
        return self.deck if self.mode in DECK_MODES[self.deck] else Deck.STANDARD

    @property
    def bidding_in_force(self) -> BiddingStyle:
        return self.bidding if self.mode in BIDDING_MODES[self.bidding] else BiddingStyle.STANDARD

    @property
    def nil_exchange_in_force(self) -> int:
        return self.nil_exchange if self.mode in EXCHANGE_MODES[self.nil_exchange] else 0

    @property
    def tricks_per_hand(self) -> int:
        """17 with three players (17 cards each), 13 otherwise; also the "all tricks" bid."""
        return 17 if self.mode == Mode.THREE_PLAYER else 13

    @property
    def nil_possible(self) -> bool:
        """Whiz, mirror and suicide are built on nil, so they bring it whatever nil_allowed says."""
        if self.mode == Mode.AUCTION:
            return False
        return self.nil_allowed or self.bidding_in_force != BiddingStyle.STANDARD

    @property
    def blind_nil_possible(self) -> bool:
        """Blind nil is a nil: it needs nil allowed too (no nil means every bid is at least one)."""
        return self.blind_nil_allowed and self.nil_allowed and self.mode != Mode.AUCTION

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


def _value_allowed(spec: RuleSpec, value: object) -> bool:
    if spec.key in _BOOL_KEYS:
        return isinstance(value, bool)
    if isinstance(value, bool):  # True == 1 must not pass as a number
        return False
    if spec.kind is not None:
        return isinstance(value, spec.kind)
    if value is None:
        return None in spec.choices
    return value in spec.choices and type(value) is int


#: Named presets of RULES.md; each maps to the options it sets over the defaults.
PRESET_CHANGES: dict[str, Mapping[str, Any]] = {p.name: p.changes for p in PRESETS}
PRESET_TITLES: dict[str, str] = {p.name: p.title for p in PRESETS}


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
