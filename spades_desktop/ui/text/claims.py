"""What the table says about claims (no pygame): a computer side's claim, the person's claim,
and why there is no claim yet when the person asks for one."""

from __future__ import annotations

from collections.abc import Callable

from ...engine.claim import ClaimOutcome, NoClaim
from ...engine.seats import Seat
from ...engine.words import plural


def side_words(members: tuple[Seat, ...], name: Callable[[Seat], str]) -> str:
    """'East & West', 'North & You', or one seat's name."""
    return " & ".join(name(seat) for seat in members)


def _verb(members: tuple[Seat, ...], human: Seat | None, singular: str, plural_form: str) -> str:
    """'West claims', but 'You claim' and 'East & West claim'."""
    return plural_form if len(members) > 1 or members[0] == human else singular


def claim_prompt(members: tuple[Seat, ...], name: Callable[[Seat], str], human: Seat | None, left: int) -> str:
    """'East & West claim the remaining 4 tricks' (the question put to the person)."""
    verb = _verb(members, human, "claims", "claim")
    return f"{side_words(members, name)} {verb} the remaining {plural(left, 'trick')}"


def claim_taken(members: tuple[Seat, ...], name: Callable[[Seat], str], human: Seat | None, left: int) -> str:
    """'East & West take the remaining 4 tricks' (a claim agreed to, or accepted at once)."""
    verb = _verb(members, human, "takes", "take")
    return f"{side_words(members, name)} {verb} the remaining {plural(left, 'trick')}"


def no_claim(outcome: ClaimOutcome | None, left: int, max_left: int, my_turn: bool,
             name: Callable[[Seat], str], human: Seat | None) -> str:
    """One line for C when no claim is proven: who could still take a trick, or why it is not known."""
    if not my_turn:
        return "You can claim on your turn"
    if left > max_left:
        return f"No claim yet: claims are checked from {plural(max_left, 'trick')} left"
    if outcome is None:
        return "No claim yet: still checking"
    if outcome.why is NoClaim.TRICK_LOST and outcome.spoiler is not None:
        return f"No claim yet: {name(outcome.spoiler)} can still win a trick"
    if outcome.why is NoClaim.NIL_TAKES and outcome.spoiler is not None:
        owner = "your" if outcome.spoiler == human else f"{name(outcome.spoiler)}'s"
        return f"No claim yet: {owner} nil could still be made to take a trick"
    if outcome.why is NoClaim.TOO_MANY:
        return "No claim yet: too many ways to play on to prove it"
    return "No claim now: no trick is being played"
