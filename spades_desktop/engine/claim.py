"""Claims: proving that a side takes every remaining trick of the hand, however anyone plays.

A claim is granted only on proof: every legal continuation, over the real remaining hands, is
searched, and in each one the claiming side wins every trick, and a nil bidder of that side
never has to take one (a claim must not hide a broken nil).  Positions already proven are
remembered, so the search visits each distinct position once; a node budget bounds the work
(too many positions to prove means no claim).  Once proven, the remaining cards may be played
in any order: the result is the same.
"""

from __future__ import annotations

import enum
from collections.abc import Generator
from dataclasses import dataclass

from .seats import Seat
from .state import GameState, Phase

NODE_BUDGET = 40_000  # positions searched before a claim is given up as unprovable
CHOICE_BUDGET = 5_000  # positions looked at to find whether a seat still has a choice to make


class NoClaim(enum.Enum):
    """Why a claim was not proven."""

    NOT_PLAYING = "not_playing"  # no trick is being played
    TRICK_LOST = "trick_lost"  # some continuation gives a trick to another side (``spoiler``)
    NIL_TAKES = "nil_takes"  # some continuation makes the side's own nil bidder (``spoiler``) take one
    TOO_MANY = "too_many"  # too many ways to play on to prove it within the budget


@dataclass(frozen=True)
class ClaimOutcome:
    """A proven claim (``holds``), or why not: the seat that could spoil it, or ``why`` alone."""

    holds: bool
    why: NoClaim | None = None
    spoiler: Seat | None = None


PROVEN = ClaimOutcome(True)


def _key(state: GameState) -> tuple:
    return (tuple(state.hands), tuple(state.trick_cards), state.turn)


def claim_search(state: GameState, seat: Seat, budget: int = NODE_BUDGET) -> Generator[None, None, bool]:
    """Anytime proof that ``seat``'s side wins every remaining trick of the hand; yields every few
    hundred positions (so a table can spread it over frames) and returns the answer."""
    outcome = yield from claim_proof(state, seat, budget)
    return outcome.holds


def claim_proof(state: GameState, seat: Seat, budget: int = NODE_BUDGET) -> Generator[None, None, ClaimOutcome]:
    """``claim_search`` with the reason when there is no claim (who could take a trick)."""
    if state.phase is not Phase.PLAY or state.trick_count >= state.hand_size:
        return ClaimOutcome(False, NoClaim.NOT_PLAYING)
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
            return ClaimOutcome(False, NoClaim.TOO_MANY)
        if nodes % 250 == 0:
            yield
        before = node.trick_count
        for action in node.legal_actions():
            child = node.clone()
            child.apply_quiet(action)
            if child.trick_count > before:  # this card ended a trick: who took it?
                winner = child.completed[-1][3]
                if winner not in members:
                    return ClaimOutcome(False, NoClaim.TRICK_LOST, winner)
                if winner in nils:
                    return ClaimOutcome(False, NoClaim.NIL_TAKES, winner)
            if child.phase is Phase.PLAY and child.trick_count < child.hand_size:
                stack.append(child)
        proven.add(key)
    return PROVEN


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


def has_a_choice(state: GameState, seat: Seat, budget: int = CHOICE_BUDGET) -> bool:
    """Whether ``seat`` still has a real choice this hand: on some way the hand can go on, it is
    to play with two or more legal cards. A claim that leaves a seat nothing but forced cards
    saves it no time. (Over budget: assumed so.)"""
    if state.phase is not Phase.PLAY:
        return False
    root = state.clone()
    root.stop_after_hand = True
    stack = [root]
    seen: set[tuple] = set()
    while stack:
        node = stack.pop()
        key = _key(node)
        if key in seen:
            continue
        seen.add(key)
        if len(seen) > budget:
            return True
        legal = node.legal_actions()
        if node.turn == seat and len(legal) > 1:
            return True
        for action in legal:
            child = node.clone()
            child.apply_quiet(action)
            if child.phase is Phase.PLAY and child.trick_count < child.hand_size:
                stack.append(child)
    return False
