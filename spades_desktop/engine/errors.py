"""Errors the engine raises; each names the rule so a player sees why.

An illegal action leaves the state untouched: the engine checks before it changes
anything.
"""

from __future__ import annotations


class IllegalAction(ValueError):
    """An action the rules forbid here; ``reason`` says which rule, in plain words."""

    def __init__(self, reason: str) -> None:
        self.reason = reason
        super().__init__(reason)


class NotYourTurn(IllegalAction):
    pass


class WrongPhase(IllegalAction):
    pass


class CardNotInHand(IllegalAction):
    pass


class MustFollowSuit(IllegalAction):
    pass


class TrumpNotBroken(IllegalAction):
    """Spades (or the auction's trump) led before they are broken."""


class FirstLeadRestricted(IllegalAction):
    """The first lead of a hand: no spades, or the two of clubs when that rule is on."""


class BidNotAllowed(IllegalAction):
    pass


class BelowMinimumTeamBid(BidNotAllowed):
    pass


class NilNotAllowed(BidNotAllowed):
    pass


class BlindNilNotAllowed(BidNotAllowed):
    pass


class BidStyleViolation(BidNotAllowed):
    """A bid that whiz, mirror or suicide bidding does not allow (docs/RULES.md section 6)."""


class UndoNotAllowed(IllegalAction):
    pass


class StateError(ValueError):
    """A saved or supplied game state that is malformed, tampered with or inconsistent."""
