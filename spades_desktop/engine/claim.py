"""Claims: proving that a side takes every remaining trick of the hand, however anyone plays.

A claim is granted only on proof: every legal continuation, over the real remaining hands, is
searched, and in each one the claiming side wins every trick, and a nil bidder of that side
never has to take one (a claim must not hide a broken nil).  Positions already proven are
remembered, so the search visits each distinct position once; a node budget bounds the work
(too many positions to prove means no claim).  Once proven, the remaining cards may be played
in any order: the result is the same.
"""

from __future__ import annotations

from collections.abc import Generator

from .seats import Seat
from .state import GameState, Phase

NODE_BUDGET = 40_000  # positions searched before a claim is given up as unprovable


def _key(state: GameState) -> tuple:
    return (tuple(state.hands), tuple(state.trick_cards), state.turn)


def claim_search(state: GameState, seat: Seat, budget: int = NODE_BUDGET) -> Generator[None, None, bool]:
    """Anytime proof that ``seat``'s side wins every remaining trick of the hand; yields every few
    hundred positions (so a table can spread it over frames) and returns the answer."""
    if state.phase is not Phase.PLAY or state.trick_count >= state.hand_size:
        return False
    side = state.side_of_seat(seat)
    members = set(state.sides[side])
    nils = {s for s in members if state.bids[s] == 0}
    root = state.clone()
    root.stop_after_hand = True  # the last trick ends the search, not a new deal
    proven: set[tuple] = set()  # positions whose every continuation is being (or was) searched
    stack = [root]
    nodes = 0
    while stack:
        node = stack.pop()
        key = _key(node)
        if key in proven:
            continue
        nodes += 1
        if nodes > budget:
            return False
        if nodes % 250 == 0:
            yield
        before = node.trick_count
        for action in node.legal_actions():
            child = node.clone()
            child.apply_quiet(action)
            if child.trick_count > before:  # this card ended a trick: who took it?
                winner = child.completed[-1][3]
                if winner not in members or winner in nils:
                    return False
            if child.phase is Phase.PLAY and child.trick_count < child.hand_size:
                stack.append(child)
        proven.add(key)
    return True


def claim_holds(state: GameState, seat: Seat, budget: int = NODE_BUDGET) -> bool:
    """``claim_search`` run to the end at once (tests, and computers deciding to claim)."""
    search = claim_search(state, seat, budget)
    while True:
        try:
            next(search)
        except StopIteration as done:
            return bool(done.value)


def tricks_left(state: GameState) -> int:
    return state.hand_size - state.trick_count
