"""The house rules' public names.  The rules live in ``rule_table`` (the value, every rule's record
and the presets); the enumerated values in ``rule_values``."""

from __future__ import annotations

from .rule_table import (
    CHOICES,
    PRESETS,
    RULE_SPECS,
    VARIANT_MODES,
    HouseRules,
    RulesError,
    default_exchange,
    preset,
    preset_name,
)
from .rule_values import BiddingStyle, Deck, FirstLead, Mode, SpadesLead, Undo

__all__ = ["CHOICES", "PRESETS", "RULE_SPECS", "VARIANT_MODES", "BiddingStyle", "Deck", "FirstLead", "HouseRules",
           "Mode", "RulesError", "SpadesLead", "Undo", "default_exchange", "preset", "preset_name"]
