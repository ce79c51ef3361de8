"""The easy computer player: the normal player's habits with human-like slips.

It bids by a rough count with noise, never thinks about blind nil, and now and
then plays a careless (but legal) card, so a beginner can beat it.
"""

from __future__ import annotations

import random

from ..engine import actions as A
from ..engine.rule_values import Mode
from ..engine.state import Phase
from ..engine.view import SeatView
from . import normal

SLIP_RATE = 0.3


def decide(view: SeatView, rng: random.Random) -> int:
    legal = view.legal_actions
    if len(legal) == 1:
        return legal[0]
    if view.phase is Phase.BLIND_DECISION:
        return A.LOOK
    if view.phase is Phase.BIDDING and view.rules.mode != Mode.AUCTION:
        wanted = normal.bid_value_for(view)
        if wanted > 0:
            wanted = max(1, wanted + rng.choice((-1, 0, 0, 1, 1)))
        action = A.bid_action(wanted)
        if action in legal:
            return action
        return normal.choose_bid(view)
    if view.phase is Phase.PLAY and rng.random() < SLIP_RATE:
        return rng.choice(legal)
    return normal.decide(view, rng, endgame=False)
