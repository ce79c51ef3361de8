"""What an action caused, for the UI to animate and the log to record.

Events are facts about the table.  Some carry cards a given seat may not see (a
card dealt to West); the UI shows those face down.  ``to_dict`` gives a JSON-safe
form for logs and tests.  Most are plain (not frozen) dataclasses because a
frozen one costs twice as much to build; treat them as read-only.  The two the
engine gives for every card, ``CardDealt`` and ``CardPlayed``, have few possible
values, so each is built once (``DEALT``, ``PLAYED``), frozen, and shared: a
simulated hand builds none of them (issue 26 item 7).
"""

from __future__ import annotations

from dataclasses import Field, dataclass, fields
from typing import Any, ClassVar

from .cards import NUM_CARDS, SUITS, card_id, cards_of
from .scoring import SideBreakdown
from .seats import Seat


class Event:
    """Base of all events; ``kind`` is a stable name used in logs."""

    __slots__ = ()
    kind = "event"
    #: every event is a dataclass (this says so to the type checker, so ``fields`` takes it)
    __dataclass_fields__: ClassVar[dict[str, Field[Any]]]

    def to_dict(self) -> dict[str, object]:
        out: dict[str, object] = {"kind": self.kind}
        for f in fields(self):
            out[f.name] = _plain(f.name, getattr(self, f.name))
        return out


def _plain(name: str, value: object) -> object:
    if isinstance(value, Seat):
        return value.name
    if isinstance(value, SideBreakdown):
        return value.to_dict()
    if isinstance(value, dict):
        return {k: _plain(name, v) for k, v in value.items()}
    if isinstance(value, tuple | list):
        return [_plain(name, v) for v in value]
    if isinstance(value, int) and not isinstance(value, bool) and name in ("card", "cards"):
        return card_id(value)
    if isinstance(value, int) and not isinstance(value, bool) and name.endswith("_mask"):
        return [card_id(c) for c in cards_of(value)]
    return value


@dataclass(slots=True)
class DealerDrawn(Event):
    kind = "dealer_drawn"
    seats: tuple[Seat, ...]
    cards: tuple[int, ...]
    dealer: Seat


@dataclass(slots=True)
class HandStarted(Event):
    kind = "hand_started"
    hand_number: int
    dealer: Seat


@dataclass(frozen=True, slots=True)
class CardDealt(Event):
    kind = "card_dealt"
    seat: Seat
    card: int


@dataclass(slots=True)
class BlindNilChoice(Event):
    """A seat decided before seeing its cards: blind nil, or look at the cards."""

    kind = "blind_nil_choice"
    seat: Seat
    blind_nil: bool


@dataclass(slots=True)
class CardDrawn(Event):
    """Two-player draw: the seat kept one card and discarded the other."""

    kind = "card_drawn"
    seat: Seat
    kept: int
    discarded: int
    kept_first: bool


@dataclass(slots=True)
class ExchangeCardChosen(Event):
    kind = "exchange_card_chosen"
    seat: Seat
    card: int


@dataclass(slots=True)
class CardsExchanged(Event):
    kind = "cards_exchanged"
    seat: Seat
    given_mask: int
    received_mask: int


@dataclass(slots=True)
class BidMade(Event):
    kind = "bid_made"
    seat: Seat
    bid: int  # 0 is nil
    blind: bool


@dataclass(slots=True)
class AuctionCall(Event):
    kind = "auction_call"
    seat: Seat
    bid: int | None  # None is a pass


@dataclass(slots=True)
class Redeal(Event):
    kind = "redeal"
    dealer: Seat


@dataclass(slots=True)
class TrumpChosen(Event):
    kind = "trump_chosen"
    seat: Seat
    trump: int | None  # None is no trump

    def to_dict(self) -> dict[str, object]:
        return {"kind": self.kind, "seat": self.seat.name, "trump": None if self.trump is None else SUITS[self.trump]}


@dataclass(frozen=True, slots=True)
class CardPlayed(Event):
    kind = "card_played"
    seat: Seat
    card: int
    broke_trump: bool


@dataclass(slots=True)
class TrickWon(Event):
    kind = "trick_won"
    winner: Seat
    trick_number: int  # 1-based
    leader: Seat
    cards: tuple[int, ...]  # in play order from the leader


@dataclass(slots=True)
class HandScored(Event):
    kind = "hand_scored"
    hand_number: int
    breakdown: dict[str, SideBreakdown]
    scores: dict[str, int]
    bags: dict[str, int]


@dataclass(slots=True)
class GameOver(Event):
    kind = "game_over"
    winner: str
    scores: dict[str, int]


#: DEALT[seat][card]: the one ``CardDealt`` for that seat and card
DEALT: tuple[tuple[CardDealt, ...], ...] = tuple(
    tuple(CardDealt(seat, card) for card in range(NUM_CARDS)) for seat in Seat
)
#: PLAYED[broke_trump][seat][card]: the one ``CardPlayed`` for those values (broke_trump first: the
#: engine takes the row of plain plays once, and a played card costs two lookups)
PLAYED: tuple[tuple[tuple[CardPlayed, ...], ...], ...] = tuple(
    tuple(tuple(CardPlayed(seat, card, broke) for card in range(NUM_CARDS)) for seat in Seat) for broke in (False, True)
)
