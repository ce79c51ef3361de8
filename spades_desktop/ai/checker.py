"""Which decisions the judge weighs (``judge.py``): the play checker at the table, the hint and the
game review ask it about the same ones, so none of them says something of a decision the others
leave alone."""

from __future__ import annotations

from ..engine import actions as A
from ..engine.rule_values import Mode
from ..engine.state import Phase
from ..engine.view import SeatView


def judged(view: SeatView) -> bool:
    """A position the judge weighs: a card or a bid (not the auction's calls) with a choice."""
    if len(view.legal_actions) < 2:
        return False
    if view.phase is Phase.PLAY:
        return True
    return view.phase is Phase.BIDDING and view.rules.mode != Mode.AUCTION


def checkable(view: SeatView, action: int) -> bool:
    """Cards with a choice and the bids of a game with bids (not the auction's calls)."""
    if not judged(view) or action not in view.legal_actions:
        return False
    return A.is_card(action) if view.phase is Phase.PLAY else A.is_bid(action)
