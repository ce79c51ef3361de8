"""One scored hand, as the score sheet, the hand records and the seats' views keep it."""

from __future__ import annotations

from . import actions as A
from .cards import card_id, cards_of
from .scoring import SideBreakdown
from .seats import Seat


class HandResult:
    """One scored hand, kept raw; ``to_dict`` gives the score sheet / hand record form.

    Kept raw because AI search scores many hands and never looks at the summary.
    """

    __slots__ = ("hand_number", "dealer", "trump", "seats", "hands", "exchanges", "bids",
                 "tricks_played", "tricks", "breakdown", "scores", "bags")

    def __init__(self, hand_number: int, dealer: Seat, trump: int | None, seats: tuple[Seat, ...],
                 hands: tuple[int, ...], exchanges: tuple[tuple[Seat, tuple[int, int]], ...],
                 bids: tuple[tuple[Seat, int], ...],
                 tricks_played: tuple[tuple[Seat, tuple[Seat, ...], tuple[int, ...], Seat], ...],
                 tricks: tuple[int, ...], breakdown: dict[str, SideBreakdown],
                 scores: dict[str, int], bags: dict[str, int]) -> None:
        self.hand_number = hand_number
        self.dealer = dealer
        self.trump = trump
        self.seats = seats
        self.hands = hands
        self.exchanges = exchanges
        self.bids = bids
        self.tricks_played = tricks_played
        self.tricks = tricks
        self.breakdown = breakdown
        self.scores = scores
        self.bags = bags

    def to_dict(self) -> dict[str, object]:
        """A JSON-safe summary: the score sheet line and everything a hand record needs."""
        return {
            "hand": self.hand_number,
            "dealer": self.dealer.name,
            "trump": None if self.trump is None else "CDHS"[self.trump],
            "hands": {s.name: [card_id(c) for c in cards_of(self.hands[s])] for s in self.seats},
            "exchanges": {s.name: {"gave": [card_id(c) for c in cards_of(g)],
                                   "received": [card_id(c) for c in cards_of(r)]}
                          for s, (g, r) in self.exchanges},
            "bids": [[s.name, _bid_text(a)] for s, a in self.bids],
            "plays": [[s.name, card_id(c)] for _, seats, cards, _ in self.tricks_played
                      for s, c in zip(seats, cards, strict=True)],
            "tricks": {s.name: self.tricks[s] for s in self.seats},
            "breakdown": {side: b.to_dict() for side, b in self.breakdown.items()},
            "scores": dict(self.scores),
            "bags": dict(self.bags),
        }

    def seen_by(self, seats: tuple[Seat, ...]) -> HandResult:
        """This result with only the exchanges the given seats took part in or saw."""
        if all(s in seats for s, _ in self.exchanges):
            return self
        return HandResult(self.hand_number, self.dealer, self.trump, self.seats, self.hands,
                          tuple((s, x) for s, x in self.exchanges if s in seats), self.bids,
                          self.tricks_played, self.tricks, self.breakdown, self.scores, self.bags)


def _bid_text(action: int) -> object:
    if action == A.BLIND_NIL:
        return "blind_nil"
    if action == A.PASS:
        return "pass"
    value = A.bid_value(action)
    return "nil" if value == 0 else value
