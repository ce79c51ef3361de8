"""The checks of a deal given from outside the engine (a hand record, a save's known hands, a
test): every seat's cards and the sides' scores and bags, each refusal naming what is wrong."""

from __future__ import annotations

from collections.abc import Mapping

from .cards import NUM_CARDS, card_id, cards_of
from .errors import StateError
from .seats import Seat
from .state_fields import StateFields


def checked_deal(state: StateFields, dealer: Seat, hands: Mapping[Seat, int]) -> int:
    """The union of the hands once each is checked: 13 (three players: 17) distinct cards of the
    deck in force, no card in two hands, no cards for a seat the mode leaves empty."""
    mode = state.rules.mode
    if dealer not in state.seats:
        raise StateError(f"dealer {dealer.name} is not a seat in {mode} mode")
    seen = 0
    for seat in state.seats:
        mask = hands.get(seat)
        if mask is None:
            raise StateError(f"no hand for seat {seat.name}")
        size = state.hand_size
        if mask >> NUM_CARDS or mask < 0 or mask.bit_count() != size:
            raise StateError(f"seat {seat.name} must hold {size} distinct cards, not {mask.bit_count()}")
        if mask & ~state.deck.mask:
            raise StateError(f"seat {seat.name} holds a card that is not in the {state.deck.name} deck: "
                             + ", ".join(card_id(c) for c in cards_of(mask & ~state.deck.mask)))
        if mask & seen:
            raise StateError(f"seat {seat.name} holds a card dealt to another seat: "
                             + ", ".join(card_id(c) for c in cards_of(mask & seen)))
        seen |= mask
    for seat in Seat:
        if seat not in state.seats and hands.get(seat):
            raise StateError(f"seat {seat.name} does not play in {mode} mode")
    return seen


def checked_side_numbers(state: StateFields, name: str, given: Mapping[str, int]) -> Mapping[str, int]:
    """``given`` (the sides' ``name``: scores or bags) once every side is named with a whole number."""
    if set(given) != set(state.sides):
        raise StateError(f"{name} must name the sides {', '.join(state.sides)}")
    for side, value in given.items():
        if not isinstance(value, int) or isinstance(value, bool) or (name == "bags" and value < 0):
            raise StateError(f"{name} of {side} must be a whole number{' >= 0' if name == 'bags' else ''}")
    return given
