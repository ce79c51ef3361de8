"""The words of bids, seats and sides, said once (no pygame).

A bid is shown the same way in the bid bubble, the plates, the panel, the replay and the play
checker's notes; a side is named the same way on the table, the summaries and the score sheet.
"""

from __future__ import annotations

from ...engine import actions as A
from ...engine.seats import SEAT_NAMES, Seat


def bid_text(bid: int | None, blind: bool = False) -> str:
    """'7', 'nil', 'blind nil'; '' before the seat has bid."""
    if bid is None:
        return ""
    if bid == 0:
        return "blind nil" if blind else "nil"
    return str(bid)


def call_text(call: int | None) -> str:
    """An auction call: '8' or 'pass'."""
    return "pass" if call is None else str(call)


def action_bid_text(action: int) -> str:
    """A bid action's words: 'blind nil', 'pass', 'nil' or the number."""
    if action == A.BLIND_NIL:
        return bid_text(0, blind=True)
    if action == A.PASS:
        return call_text(None)
    return bid_text(A.bid_value(action))


def seat_name(seat: Seat, names: dict[str, str]) -> str:
    """The seat's name as the person set it in the settings, else North, East, South or West."""
    return names.get(seat.name, SEAT_NAMES[seat])


def side_name(side: str, names: dict[str, str]) -> str:
    """'North & South' for a pair, the seat's name for a single seat ('N', 'S' ...)."""
    return " & ".join(seat_name(Seat[letter], names) for letter in side)
