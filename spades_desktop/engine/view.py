"""What one seat may know: the only window the AI and the UI have on a game.

A view holds the seat's own hand (once it has looked), everything said and played
in public, and the seat's private knowledge (cards it saw go to the discards in the
two-player draw, cards it passed or received in an exchange).  It never holds the
other hands, the stock order or the seed, so a computer player built on views
cannot cheat.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .decks import deck_for
from .rules import HouseRules
from .seats import Seat

if TYPE_CHECKING:
    from .hand_result import HandResult
    from .phase import Phase


@dataclass(frozen=True, slots=True)
class TrickRecord:
    leader: Seat
    plays: tuple[tuple[Seat, int], ...]
    winner: Seat


@dataclass(frozen=True, slots=True)
class SeatView:
    seat: Seat
    rules: HouseRules
    phase: Phase
    turn: Seat | None
    dealer: Seat
    hand_number: int
    seats: tuple[Seat, ...]
    sides: dict[str, tuple[Seat, ...]]
    hand: int | None  # None until the seat has looked at its cards
    cards_held: dict[Seat, int]  # how many cards each seat holds (public)
    bids: tuple[int | None, ...]  # per seat index; 0 is nil
    blind: tuple[bool, ...]
    auction_calls: tuple[tuple[Seat, int | None], ...]
    high_bidder: Seat | None
    high_bid: int
    trump: int | None
    tricks: tuple[int, ...]
    current_trick: tuple[tuple[Seat, int], ...]
    leader: Seat | None
    completed_tricks: tuple[TrickRecord, ...]
    played: int
    trump_broken: bool
    scores: dict[str, int]
    bags: dict[str, int]
    legal_actions: tuple[int, ...]  # empty unless it is this seat's turn
    drawn_card: int | None  # two-player draw: the card shown to this seat on its turn
    known_out: int  # cards this seat knows are out of play (two-player discards it saw)
    exchange_given: int
    exchange_received: int
    exchange_chosen: int  # cards chosen so far in a running exchange (own only)
    exchange_limit: int
    winner: str | None
    hand_history: tuple[HandResult, ...]  # scored hands; every card of them was played in public

    @property
    def unseen(self) -> int:
        """Cards this seat cannot see: neither in its hand, played, nor known out of play."""
        return self.deck_mask & ~(self.hand or 0) & ~self.played & ~self.known_out

    @property
    def deck_mask(self) -> int:
        """The cards of the deck in force (jokers decks, three-player without the 2 of clubs)."""
        return deck_for(self.rules.deck_in_force, self.rules.mode).mask

    @property
    def hand_size(self) -> int:
        return self.rules.tricks_per_hand

    @property
    def my_side(self) -> str:
        for side, members in self.sides.items():
            if self.seat in members:
                return side
        raise KeyError(self.seat)
