"""What one seat may know of a game: the ``SeatView`` a player (a person's table, a computer
player, the review) is given, built from the state and nothing it may not see."""

from __future__ import annotations

from .legality import Legality
from .seats import Seat
from .view import SeatView, TrickRecord


def build_view(state: Legality, seat: Seat) -> SeatView:
    held = {s: state.hands[s].bit_count() for s in state.seats}
    given, received = state.hand_exchanges.get(seat, (0, 0))
    plays = tuple(
        (s, c) for s, c in zip(state.play_order[state.leader], state.trick_cards, strict=False)
    ) if state.phase.value == "play" else ()
    return SeatView(
        seat=seat,
        rules=state.rules,
        phase=state.phase,
        turn=state.turn,
        dealer=state.dealer,
        hand_number=state.hand_number,
        seats=state.seats,
        sides=state.sides,
        hand=state.hands[seat] if state.looked[seat] else None,
        cards_held=held,
        bids=tuple(state.bids),
        blind=tuple(state.blind),
        auction_calls=tuple(state.calls),
        high_bidder=state.high_bidder,
        high_bid=state.high_bid,
        trump=state.trump,
        tricks=tuple(state.tricks),
        current_trick=plays,
        leader=state.leader if state.phase.value == "play" else None,
        completed_tricks=tuple(
            TrickRecord(leader, tuple(zip(seats, cards, strict=True)), winner)
            for leader, seats, cards, winner in state.completed
        ),
        played=state.played,
        trump_broken=state.broken,
        scores=dict(state.scores),
        bags=dict(state.bags),
        legal_actions=state.legal_actions() if state.turn == seat else (),
        drawn_card=state.drawn_card if state.turn == seat else None,
        known_out=state.seen[seat],
        exchange_given=given,
        exchange_received=received,
        exchange_chosen=state.exchange_chosen[seat],
        exchange_limit=state.exchange_limit,
        winner=state.winner,
        hand_history=tuple(h.seen_by(state.sides[state.side_of[seat]]) for h in state.hand_history),
    )
