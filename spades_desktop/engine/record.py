"""Hand records: one hand as plain JSON, checked by replaying it through the rules.

Players use records to settle a disputed hand; the score sheet exports them.  The
checker never raises: whatever it is given, it answers with a result dict.
"""

from __future__ import annotations

from typing import Any

from . import actions as A
from .cards import SUITS, card_id, cards_of, mask_from_ids
from .decks import deck_for
from .errors import IllegalAction, StateError
from .record_position import unreachable
from .rule_values import Mode
from .rules import HouseRules, RulesError
from .seats import Seat
from .state import GameState, Phase, sides_for
from .words import plural


class RecordError(ValueError):
    """The input is not a valid hand record (as opposed to a record of an illegal hand)."""


def _record_error(reason: str) -> dict[str, Any]:
    return {"legal": False, "error_at": "record", "reason": reason}


def _illegal(where: str, index: int, reason: str) -> dict[str, Any]:
    return {"legal": False, "error_at": where, "index": index, "reason": reason}


def _side_numbers(data: dict[str, Any], key: str, sides: list[str]) -> dict[str, int]:
    given = data.get(key)
    if given is None:
        return {side: 0 for side in sides}
    if not isinstance(given, dict) or set(given) != set(sides):
        raise RecordError(f"{key!r} must give a number for each of {', '.join(sides)}")
    for side, value in given.items():
        if not isinstance(value, int) or isinstance(value, bool):
            raise RecordError(f"{key!r} of {side} must be a whole number, not {value!r}")
        if key == "bags_before" and value < 0:
            raise RecordError(f"{key!r} of {side} must not be negative")
    return dict(given)


def build_state(data: object) -> GameState:
    """The state at the start of the recorded hand; raises RecordError if the record is malformed."""
    if not isinstance(data, dict):
        raise RecordError("a hand record must be a JSON object")
    try:
        rules = HouseRules.from_dict(data.get("rules", {}))
    except RulesError as exc:
        raise RecordError(str(exc)) from exc
    sides = list(sides_for(rules.mode))
    try:
        dealer = Seat.parse(data.get("dealer"))
    except ValueError as exc:
        raise RecordError(f"'dealer': {exc}") from exc
    hands_in = data.get("hands")
    if not isinstance(hands_in, dict):
        raise RecordError(f"'hands' must map each seat to its {rules.tricks_per_hand} cards")
    aliases = deck_for(rules.deck_in_force, rules.mode).aliases
    hands: dict[Seat, int] = {}
    for key, ids in hands_in.items():
        try:
            seat = Seat.parse(key)
        except ValueError as exc:
            raise RecordError(f"'hands': {exc}") from exc
        if not isinstance(ids, list):
            raise RecordError(f"'hands' of {key}: must be a list of card ids")
        if seat in hands:
            raise RecordError(f"'hands' names seat {seat.name} twice")
        try:
            hands[seat] = mask_from_ids(ids, aliases)
        except ValueError as exc:
            raise RecordError(f"'hands' of {key}: {exc}") from exc
        if len(ids) != rules.tricks_per_hand:
            raise RecordError(f"'hands' of {key}: {len(ids)} cards, a hand has {rules.tricks_per_hand}")
    scores = _side_numbers(data, "scores_before", sides)
    bags = _side_numbers(data, "bags_before", sides)
    for key in ("bids", "plays"):
        if not isinstance(data.get(key, []), list):
            raise RecordError(f"{key!r} must be a list of [seat, value] pairs")
    exchange = "exchanges" in data
    if exchange:
        _exchanges(data)  # its form is checked before anything is replayed
        if rules.mode != Mode.PARTNERSHIP:
            raise RecordError("'exchanges' is read in partnership mode only: elsewhere give the hands as held "
                              "for the bidding")
    try:
        return GameState.from_deal(rules, dealer, hands, scores, bags, stop_after_hand=True, exchange=exchange)
    except StateError as exc:
        raise RecordError(str(exc)) from exc


def _exchanges(data: dict[str, Any]) -> dict[Seat, tuple[list[object], list[object] | None]]:
    """A record's ``exchanges``: seat -> (the cards it gave, the cards it received if given)."""
    given = data.get("exchanges")
    if not isinstance(given, dict):
        raise RecordError("'exchanges' must map a seat to the cards it gave and received")
    found: dict[Seat, tuple[list[object], list[object] | None]] = {}
    for key, entry in given.items():
        try:
            seat = Seat.parse(key)
        except ValueError as exc:
            raise RecordError(f"'exchanges': {exc}") from exc
        if seat in found:
            raise RecordError(f"'exchanges' names seat {seat.name} twice")
        gave = entry.get("gave") if isinstance(entry, dict) else None
        received = entry.get("received") if isinstance(entry, dict) else None
        if not isinstance(gave, list) or not (received is None or isinstance(received, list)):
            raise RecordError(f"'exchanges' of {key}: must be {{\"gave\": [card ids], \"received\": [card ids]}}")
        found[seat] = (gave, received)
    return found


def _exchange_error(seat: Seat, reason: str) -> dict[str, Any]:
    return {"legal": False, "error_at": "exchanges", "seat": seat.name, "reason": reason}


def _replay_exchanges(state: GameState, data: dict[str, Any]) -> dict[str, Any] | None:
    """Pass the record's exchanged cards as the rules call for them after the bids (a nil or blind-nil
    exchange); None when every pass is legal and the record's cards received agree."""
    given = _exchanges(data)
    while state.phase is Phase.EXCHANGE and state.turn is not None:
        seat, limit = state.turn, state.exchange_limit
        gave = given.get(seat, ([], None))[0]
        if len(gave) != limit:
            return _exchange_error(seat, f"{seat.name} passes {plural(limit, 'card')} to {seat.partner().name}, "
                                         f"the record gives {len(gave)}")
        for value in gave:
            try:
                card = A.parse_action(value, state.deck.aliases) if isinstance(value, str) else -1
                if not A.is_card(card):
                    raise ValueError(f"not a card id: {value!r}")
                state.apply(card)
            except ValueError as exc:
                return _exchange_error(seat, str(exc))
            except IllegalAction as exc:
                return _exchange_error(seat, exc.reason)
    if state.phase in (Phase.BIDDING, Phase.BLIND_DECISION):
        return None  # the bidding is not over: nothing is exchanged yet
    for seat, (_, received) in given.items():
        if seat not in state.hand_exchanges:
            return _exchange_error(seat, f"{seat.name} passes no cards in this hand")
        got = state.hand_exchanges[seat][1]
        if received is not None and sorted(map(str, received)) != sorted(card_id(c) for c in cards_of(got)):
            return _exchange_error(seat, f"{seat.name} received " + ", ".join(card_id(c) for c in cards_of(got)))
    return None


def _pair(entry: object) -> tuple[Seat, object]:
    if not isinstance(entry, list | tuple) or len(entry) != 2:
        raise ValueError(f"expected [seat, value], got {entry!r}")
    return Seat.parse(entry[0]), entry[1]


def _bid_action(state: GameState, value: object) -> int:
    if value == "nil":
        return A.NIL
    if value == "blind_nil":
        return A.BLIND_NIL
    if value == "pass":
        return A.PASS
    top = state.hand_size
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= top:
        return A.bid_action(value)
    raise ValueError(f"not a bid: {value!r} (0 to {top}, \"nil\", \"blind_nil\" or \"pass\")")


def _trump_action(value: object) -> int:
    if value is None or (isinstance(value, str) and value.strip().upper() in ("NT", "NO_TRUMP", "NONE")):
        return A.NO_TRUMP
    if isinstance(value, str) and len(value.strip()) == 1 and value.strip().upper() in SUITS:
        return A.TRUMP_BASE + SUITS.index(value.strip().upper())
    raise RecordError(f"'trump' must be one of C, D, H, S or NT, not {value!r}")


def check_record(data: object) -> dict[str, Any]:
    """Replay a hand record and report the result, or the first illegal bid or play."""
    try:
        state = build_state(data)
    except RecordError as exc:
        return _record_error(str(exc))
    assert isinstance(data, dict)
    impossible = unreachable(state.rules, state.scores, state.bags)
    if impossible is not None:  # a position no game reaches: a hand is never played from it
        return {"legal": False, "error_at": impossible.at, "side": impossible.side, "reason": impossible.reason}
    for index, entry in enumerate(data.get("bids", [])):
        try:
            seat, value = _pair(entry)
            action = _bid_action(state, value)
        except ValueError as exc:
            return _illegal("bids", index, str(exc))
        if state.phase not in (Phase.BIDDING, Phase.BLIND_DECISION):
            return _illegal("bids", index, "the bidding is over")
        if seat != state.turn:
            return _illegal("bids", index, f"it is {state.actor.name}'s turn to bid, not {seat.name}'s")
        try:
            if state.phase is Phase.BLIND_DECISION:
                state.apply(A.BLIND_NIL if action == A.BLIND_NIL else A.LOOK)
                if action == A.BLIND_NIL:
                    continue
            state.apply(action)
        except IllegalAction as exc:
            return _illegal("bids", index, exc.reason)
    if "exchanges" in data:
        wrong = _replay_exchanges(state, data)
        if wrong is not None:
            return wrong
    plays = data.get("plays", [])
    if state.phase is Phase.TRUMP:
        if "trump" not in data:
            if plays:
                return _record_error("an auction record with plays needs 'trump'")
            return {"legal": True, "complete": False}
        try:
            state.apply(_trump_action(data["trump"]))
        except RecordError as exc:
            return _record_error(str(exc))
    for index, entry in enumerate(plays):
        try:
            seat, value = _pair(entry)
        except ValueError as exc:
            return _illegal("plays", index, str(exc))
        if state.phase in (Phase.BIDDING, Phase.BLIND_DECISION, Phase.EXCHANGE):
            return _illegal("plays", index, "the bidding is not finished")
        if state.phase is not Phase.PLAY:
            return _illegal("plays", index, "the hand is over")
        if seat != state.turn:
            return _illegal("plays", index, f"it is {state.actor.name}'s turn to play, not {seat.name}'s")
        try:
            card = A.parse_action(value, state.deck.aliases) if isinstance(value, str) else -1
            if not A.is_card(card):
                raise ValueError(f"not a card id: {value!r}")
        except ValueError as exc:
            return _illegal("plays", index, str(exc))
        try:
            events = state.apply(card)
        except IllegalAction as exc:
            return _illegal("plays", index, exc.reason)
        del events
    if state.phase is Phase.HAND_OVER and state.trick_count == 0:  # auction: four passes
        return {"legal": True, "complete": True, "redeal": True, "tricks": {s.name: 0 for s in state.seats},
                "scores_after": dict(state.scores), "bags_after": dict(state.bags), "breakdown": {}}
    if not state.hand_history:
        return {"legal": True, "complete": False}
    result = state.hand_history[-1]
    return {
        "legal": True,
        "complete": True,
        "tricks": {s.name: result.tricks[s] for s in state.seats},
        "scores_after": dict(result.scores),
        "bags_after": dict(result.bags),
        "breakdown": {side: b.to_dict() for side, b in result.breakdown.items()},
    }


def record_of(result_dict: dict[str, Any], rules: HouseRules) -> dict[str, Any]:
    """A hand record from a scored hand's summary (``HandResult.to_dict()``), for export.

    It says what was bid from: where a partnership may exchange cards after the bids (nil or
    blind-nil exchange), the hands are as dealt and ``exchanges`` gives the cards passed, which
    ``check_record`` passes again after the bids."""
    first = result_dict["breakdown"]
    record: dict[str, Any] = {
        "rules": rules.to_dict(),
        "dealer": result_dict["dealer"],
        "scores_before": {side: b["score_before"] for side, b in first.items()},
        "bags_before": {side: b["bags_before"] for side, b in first.items()},
        "hands": result_dict["hands"],
        "bids": result_dict["bids"],
        "plays": result_dict["plays"],
    }
    if rules.mode == Mode.AUCTION:
        record["trump"] = result_dict["trump"] or "NT"
    if rules.mode == Mode.PARTNERSHIP and (rules.nil_exchange_in_force or rules.blind_nil_exchange):
        exchanges = result_dict.get("exchanges") or {}
        record["hands"] = _as_dealt(result_dict["hands"], exchanges, rules)
        record["exchanges"] = exchanges
    return record


def _as_dealt(held: dict[str, list[str]], exchanges: dict[str, dict[str, list[str]]],
              rules: HouseRules) -> dict[str, list[str]]:
    """The hands as dealt: as held for the play, with each exchange undone."""
    aliases = deck_for(rules.deck_in_force, rules.mode).aliases
    dealt = {}
    for seat, ids in held.items():
        swap = exchanges.get(seat, {"gave": [], "received": []})
        mask = mask_from_ids(ids, aliases) & ~mask_from_ids(swap["received"], aliases)
        dealt[seat] = [card_id(c) for c in cards_of(mask | mask_from_ids(swap["gave"], aliases))]
    return dealt
