"""A game state as a JSON-safe dict and back, with a format version.

The dict stores how the game started (seed, or a known deal) and every action in
text form; loading replays them through the rules, so a tampered or inconsistent
state cannot load: an illegal action is refused, and a summary of the position
saved beside the actions must match the replay.  No file I/O here: the storage
module owns files.
"""

from __future__ import annotations

from typing import Any

from .actions import action_text, parse_action
from .cards import card_id, cards_of
from .errors import IllegalAction, StateError
from .rules import HouseRules, RulesError
from .state import GameState, _state_from_start

FORMAT = "spades-desktop/game"
VERSION = 1


def summary(state: GameState) -> dict[str, Any]:
    """The position in plain words; saved beside the actions and checked on load."""
    return {
        "phase": state.phase.value,
        "hand_number": state.hand_number,
        "dealer": state.dealer.name,
        "turn": None if state.turn is None else state.turn.name,
        "scores": dict(state.scores),
        "bags": dict(state.bags),
        "hands": {s.name: [card_id(c) for c in cards_of(state.hands[s])] for s in state.seats},
        "tricks": {s.name: state.tricks[s] for s in state.seats},
        "winner": state.winner,
    }


def to_dict(state: GameState) -> dict[str, Any]:
    start: dict[str, Any] = {"seed": state.seed}
    if state.start is not None:
        start.update(state.start)
    return {
        "format": FORMAT,
        "version": VERSION,
        "rules": state.rules.to_dict(),
        "start": start,
        "actions": [action_text(a) for a in state.log],
        "summary": summary(state),
    }


def from_dict(data: object) -> GameState:
    """Rebuild a state by replaying its actions; raises StateError saying what is wrong."""
    if not isinstance(data, dict):
        raise StateError("a saved game must be a JSON object")
    if data.get("format") != FORMAT:
        raise StateError(f"not a Spades Desktop game (format {data.get('format')!r})")
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise StateError("the game has no format version")
    if version > VERSION:
        raise StateError(f"the game was saved by a newer version (format {version}, this one reads {VERSION})")
    if version < 1:
        raise StateError(f"unknown game format version {version}")
    try:
        rules = HouseRules.from_dict(data.get("rules"))
    except RulesError as exc:
        raise StateError(f"bad house rules: {exc}") from exc
    start = data.get("start")
    if not isinstance(start, dict):
        raise StateError("the game has no start")
    seed = start.get("seed")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise StateError("the game's seed must be a whole number")
    state = _state_from_start(rules, seed, start) if "hands" in start else GameState.new_game(rules, seed)[0]
    actions = data.get("actions")
    if not isinstance(actions, list):
        raise StateError("the game has no list of actions")
    for index, text in enumerate(actions):
        try:
            action = parse_action(text)
            state.apply(action)
        except IllegalAction as exc:
            raise StateError(f"action {index + 1} ({text!r}) is illegal: {exc.reason}") from exc
        except ValueError as exc:
            raise StateError(f"action {index + 1} is not an action: {exc}") from exc
    saved = data.get("summary")
    if not isinstance(saved, dict):
        raise StateError("the game has no summary of its position")
    for key, value in summary(state).items():
        if key not in saved:
            raise StateError(f"the game's summary has no {key.replace('_', ' ')}")
        if saved[key] != value:
            raise StateError(f"the saved {key.replace('_', ' ')} does not match the game's actions")
    return state
