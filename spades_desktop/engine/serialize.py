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
from .seats import Seat
from .state import MAX_FIRST_HAND, GameState, _state_from_start

FORMAT = "spades-desktop/game"
#: 2: the rules may hold the variants of docs/RULES.md section 6 and the three-player mode
VERSION = 2


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


#: a whole game of about a thousand hands; replaying this many takes well under a second
MAX_ACTIONS = 60_000
#: seeds the app makes are 62-bit; ``--seed`` may give any signed 64-bit value
SEED_RANGE = range(-(1 << 63), 1 << 64)
_START_KEYS = {"seed", "dealer", "hand_number", "hands", "scores", "bags", "stop_after_hand", "exchange",
               "first_hand"}


def _header(data: object, *, seeded_only: bool) -> tuple[GameState, list[object]]:
    """The game's starting state and its action texts, all checked except the actions."""
    if not isinstance(data, dict):
        raise StateError("a saved game must be a JSON object")
    if data.get("format") != FORMAT:
        raise StateError("it is not a Spades Desktop game")
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise StateError("the game has no format version")
    if version > VERSION:
        raise StateError(f"the game was saved by a newer version (format {version}, this one reads {VERSION})"
                         if version < 10**6 else "the game was saved by a newer version")
    if version < 1:
        raise StateError("the game's format version is unknown")
    try:
        rules = HouseRules.from_dict(data.get("rules"))
    except RulesError as exc:
        raise StateError("its house rules are missing or not ones this version knows") from exc
    start = data.get("start")
    if not isinstance(start, dict):
        raise StateError("the game has no start")
    unknown = set(start) - _START_KEYS
    if unknown:
        raise StateError("the game's start has an unknown entry")
    seed = start.get("seed")
    if not isinstance(seed, int) or isinstance(seed, bool) or seed not in SEED_RANGE:
        raise StateError("the game's seed must be a whole number of at most 64 bits")
    actions = data.get("actions")
    if not isinstance(actions, list):
        raise StateError("the game has no list of actions")
    if len(actions) > MAX_ACTIONS:
        raise StateError(f"the game has more actions than any game can have ({len(actions)})")
    if "hands" not in start:
        if set(start) == {"seed", "first_hand", "dealer"}:  # opened with a later hand of its seed (a deal code)
            return _opened_later(rules, seed, start["first_hand"], start["dealer"]), actions
        if set(start) != {"seed"}:
            raise StateError("the game's start has entries only a fixed deal has")
        return GameState.new_game(rules, seed)[0], actions
    if seeded_only:
        _check_deal_of_seed(rules, seed, start)
        return GameState.new_game(rules, seed)[0], actions
    return _state_from_start(rules, seed, start), actions


def _opened_later(rules: HouseRules, seed: int, first_hand: object, dealer: object) -> GameState:
    """A game that opens with hand ``first_hand`` of its seed, dealt by ``dealer`` (both checked)."""
    if not isinstance(first_hand, int) or isinstance(first_hand, bool) or not 1 <= first_hand <= MAX_FIRST_HAND:
        raise StateError(f"the game's first hand must be a whole number from 1 to {MAX_FIRST_HAND}")
    try:
        seat = Seat.parse(dealer)
    except ValueError as exc:
        raise StateError("the game's dealer is not a seat") from exc
    return GameState.new_game(rules, seed, first_hand, seat)[0]


def _check_deal_of_seed(rules: HouseRules, seed: int, start: dict[str, object]) -> None:
    """A fixed deal in a saved game must be the very deal its seed gives at the start of a game."""
    fresh = GameState.new_game(rules, seed)[0]
    zero = {side: 0 for side in fresh.sides}
    expected = {
        "seed": seed,
        "dealer": fresh.dealer.name,
        "hand_number": 1,
        "hands": {s.name: [card_id(c) for c in cards_of(fresh.hands[s])] for s in fresh.seats},
        "scores": zero,
        "bags": zero,
        "stop_after_hand": False,
    }
    if start != expected:
        raise StateError("the game starts from a deal its seed does not give")


def _apply_all(state: GameState, actions: list[object]) -> None:
    aliases = state.deck.aliases
    for index, text in enumerate(actions):
        if not isinstance(text, str) or len(text) > 16:
            raise StateError(f"move {index + 1} is not a card, a bid or a choice")
        try:
            action = parse_action(text, aliases)
            state.apply(action)
        except IllegalAction as exc:
            raise StateError(f"move {index + 1} breaks a rule ({exc.reason})") from exc
        except ValueError as exc:
            raise StateError(f"move {index + 1} is not a card, a bid or a choice") from exc


def from_dict(data: object, *, seeded_only: bool = False) -> GameState:
    """Rebuild a state by replaying its actions; raises StateError saying what is wrong.

    ``seeded_only`` (saved games) accepts a fixed deal only if it is the deal the seed
    gives, so a hand-edited start cannot bring in scores, bags or hands no game reached.
    """
    state, actions = _header(data, seeded_only=seeded_only)
    _apply_all(state, actions)
    assert isinstance(data, dict)
    saved = data.get("summary")
    if not isinstance(saved, dict):
        raise StateError("the game has no summary of its position")
    for key, value in summary(state).items():
        if key not in saved:
            raise StateError(f"the game's summary has no {key.replace('_', ' ')}")
        if saved[key] != value:
            raise StateError(f"the saved {key.replace('_', ' ')} does not match the game's actions")
    return state


def longest_legal_prefix(data: object, *, seeded_only: bool = True) -> tuple[GameState, int]:
    """The game as far as its actions are legal, and how many were; the summary is not used.

    For a damaged save whose start is sound: everything up to the first bad action is a
    position the rules reach from the seed.  Raises StateError if even the start is unusable.
    """
    state, actions = _header(data, seeded_only=seeded_only)
    for index, text in enumerate(actions):
        try:
            _apply_all(state, [text])
        except StateError:
            return state, index
    return state, len(actions)
