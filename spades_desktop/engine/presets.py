"""The presets: named sets of house rules (the changes each makes to the defaults), offered by the
settings screen and the command line.  Apart from the rule records (``rule_table``), since a
preset is a set of rules, not a fact of one rule.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .rule_spec import RulesError
from .rule_table import HouseRules
from .rule_values import Deck, FirstLead, Mode


@dataclass(frozen=True, slots=True)
class Preset:
    """A named set of rules: the changes it makes to the defaults."""

    name: str
    title: str
    changes: Mapping[str, Any]


PRESETS: tuple[Preset, ...] = (
    Preset("standard", "Standard", {}),
    Preset("quick", "Quick (300)", {"target_score": 300}),
    Preset("classic_100", "Classic 100", {"target_score": 100, "bags_reset": True}),
    Preset("minimum_bid_one", "Minimum bid one", {"nil_allowed": False, "blind_nil_allowed": False,
                                                  "target_score": 500}),
    Preset("two_player", "Two-player", {"mode": Mode.TWO_PLAYER}),
    Preset("cutthroat", "Cutthroat", {"mode": Mode.CUTTHROAT}),
    Preset("two_of_clubs_lead", "2-of-clubs lead", {"first_lead": FirstLead.TWO_OF_CLUBS}),
    Preset("auction", "Auction", {"mode": Mode.AUCTION}),
    Preset("jokers", "Jokers", {"deck": Deck.JOKERS}),
    Preset("three_player", "Three-player", {"mode": Mode.THREE_PLAYER}),
)

_PRESETS_BY_NAME: dict[str, Preset] = {p.name: p for p in PRESETS}


def preset(name: str) -> HouseRules:
    try:
        changes = _PRESETS_BY_NAME[name].changes
    except KeyError:
        raise RulesError("preset", name, ", ".join(_PRESETS_BY_NAME)) from None
    return HouseRules(**changes)


def preset_name(rules: HouseRules) -> str:
    """The preset these rules equal, or ``"custom"``."""
    for p in PRESETS:
        if preset(p.name) == rules:
            return p.name
    return "custom"
