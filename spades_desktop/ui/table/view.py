"""What the table has revealed so far: the engine's state as far as the animations have shown it.

The engine is always ahead of the screen (a computer's card is in the engine's trick the moment it
is played; the table shows it a few hundred milliseconds later, once the card has flown).  The
animator is the only writer of this record, as it shows each event; the painter and the on-table
summary only read it; ``sync`` sets it from the engine at once (start, load, undo, resize).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ...engine.cards import cards_of
from ...engine.seats import Seat
from ...engine.state import GameState
from ..cards.card_sprite import CardSprite, hand_order
from ..text.words import bid_text, call_text

if TYPE_CHECKING:  # (imported with the first hand's end, not with the table: the start pays less)
    from ..text.banners import BannerLine
    from ..text.table_talk import Reaction


@dataclass
class TableView:
    dealer: Seat
    hand_number: int
    hands: dict[Seat, list[int]] = field(default_factory=dict)  # cards each seat is shown holding
    bids: dict[Seat, str] = field(default_factory=dict)  # "7", "nil", "blind nil", "pass" or ""
    tricks: dict[Seat, int] = field(default_factory=dict)  # tricks gathered to each seat's pile
    scores: dict[str, int] = field(default_factory=dict)
    bags: dict[str, int] = field(default_factory=dict)
    trick: list[tuple[Seat, CardSprite]] = field(default_factory=list)  # the cards on the table
    flying: list[CardSprite] = field(default_factory=list)  # dealt cards on their way to a seat
    human_sprites: dict[int, CardSprite] = field(default_factory=dict)  # the person's cards by card
    last_trick: tuple[tuple[Seat, int], ...] = ()
    last_trick_marks: tuple[Seat, Seat] | None = None  # who led and who won the last trick
    trick_winner: Seat | None = None  # named on the table until the trick is gathered
    bubbles: dict[Seat, str] = field(default_factory=dict)  # a computer's bid shown at its seat
    received: frozenset[int] = frozenset()  # cards an exchange brought the person, marked until they play
    banner: tuple[BannerLine, ...] = ()  # how the hand went, in the middle for a moment at its end
    reaction: Reaction | None = None  # a computer's word at a hand's end, in a bubble by its plate
    face_up_hand: bool = True  # the person's cards face up (down while blind nil may be chosen)
    dealing: bool = False  # the deal is being shown (nobody is shown thinking meanwhile)

    def held(self, seat: Seat | None) -> list[int]:
        """The cards ``seat`` is shown holding; none for no seat (a game the computers play alone)."""
        return self.hands.get(seat, []) if seat is not None else []

    def sync(self, state: GameState, trump_first: int | None) -> None:
        """Show the engine's state exactly, with no animation; the trick's sprites are placed by the
        caller (it knows the layout)."""
        self.hands = {s: list(hand_order(list(cards_of(state.hands[s])), trump_first)) for s in state.seats}
        self.bids = {s: bid_label(state, s) for s in state.seats}
        self.tricks = {s: state.tricks[s] for s in state.seats}
        self.scores = dict(state.scores)
        self.bags = dict(state.bags)
        self.dealer = state.dealer
        self.hand_number = state.hand_number
        self.trick = []
        if state.completed:
            leader, seats, cards, winner = state.completed[-1]
            self.last_trick = tuple(zip(seats, cards, strict=True))
            self.last_trick_marks = (leader, winner)
        self.trick_winner = None
        self.flying = []
        self.dealing = False
        self.human_sprites = {}
        self.received = frozenset()

    def new_hand(self, state: GameState, dealer: Seat, hand_number: int) -> None:
        """A new hand begins: nothing bid, held or taken yet."""
        seats = state.seats
        self.trick = []
        self.last_trick = ()
        self.dealer = dealer
        self.hand_number = hand_number
        self.bids = dict.fromkeys(seats, "")
        self.tricks = dict.fromkeys(seats, 0)
        self.hands = {s: [] for s in seats}
        self.human_sprites = {}
        self.received = frozenset()
        self.reaction = None  # (said at the last hand's end: the deal is no moment for it)


def bid_label(state: GameState, seat: Seat) -> str:
    """The seat's bid as the table shows it so far: its last call in an auction."""
    if state.is_auction:
        calls = [b for s, b in state.calls if s == seat]
        return call_text(calls[-1]) if calls else ""
    return bid_text(state.bids[seat], state.blind[seat])
