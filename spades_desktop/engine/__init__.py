"""The rules engine: pure Python, no pygame, no file I/O, no global state."""

from .actions import action_text, parse_action
from .cards import card_id, cards_of, ids_of, mask_from_ids, parse_card
from .errors import IllegalAction, StateError
from .rules import HouseRules, Mode, RulesError, preset, preset_name
from .seats import Seat
from .state import GameState, Phase

__all__ = [
    "GameState",
    "HouseRules",
    "IllegalAction",
    "Mode",
    "Phase",
    "RulesError",
    "Seat",
    "StateError",
    "action_text",
    "card_id",
    "cards_of",
    "ids_of",
    "mask_from_ids",
    "parse_action",
    "parse_card",
    "preset",
    "preset_name",
]
