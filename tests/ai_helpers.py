"""Building positions for computer-player tests from hand-picked cards."""

from __future__ import annotations

from spades_desktop.engine import actions as A
from spades_desktop.engine.cards import mask_from_ids, parse_card
from spades_desktop.engine.rules import HouseRules
from spades_desktop.engine.seats import Seat
from spades_desktop.engine.state import GameState, Phase

ORDER = [r + s for s in "CDHS" for r in "23456789TJQKA"]


def deal(**given: list[str]) -> dict[Seat, int]:
    """Hands with the named cards; the rest of the deck fills the seats up to 13, in order."""
    taken = {c for cards in given.values() for c in cards}
    rest = [c for c in ORDER if c not in taken]
    hands = {}
    for seat in Seat:
        cards = list(given.get(seat.name, []))
        while len(cards) < 13:
            cards.append(rest.pop(0))
        hands[seat] = mask_from_ids(cards)
    return hands


def position(rules: HouseRules, hands: dict[Seat, int], bids: list[object], plays: list[str],
             dealer: Seat = Seat.W, scores: dict[str, int] | None = None,
             bags: dict[str, int] | None = None) -> GameState:
    """A state after the given bids (in order from the dealer's left) and plays."""
    state = GameState.from_deal(rules, dealer, hands, scores, bags, stop_after_hand=True)
    for bid in bids:
        if state.phase is Phase.BLIND_DECISION:
            if bid == "blind_nil":
                state.apply(A.BLIND_NIL)
                continue
            state.apply(A.LOOK)
        state.apply(A.NIL if bid == "nil" else A.bid_action(int(bid)))  # type: ignore[call-overload]
    for card in plays:
        state.apply(parse_card(card))
    return state
