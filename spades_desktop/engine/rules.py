"""The house rules' public names.  The rules live in ``rule_table`` (the value and every rule's
record), what a record is in ``rule_spec``, the presets in ``presets``, the enumerated values in
``rule_values``."""

from __future__ import annotations

from .presets import PRESETS, preset, preset_name
from .rule_spec import RulesError
from .rule_table import CHOICES, RULE_SPECS, VARIANT_MODES, HouseRules, default_exchange
from .rule_values import BiddingStyle, Deck, FirstLead, Mode, SpadesLead, Undo

__all__ = ["CHOICES", "PRESETS", "RULE_SPECS", "VARIANT_MODES", "BiddingStyle", "Deck", "FirstLead", "HouseRules",
           "Mode", "RulesError", "SpadesLead", "Undo", "default_exchange", "preset", "preset_name"]
