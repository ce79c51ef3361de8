"""What every part of the game state machine shares: its fields, named once, and the constants
its hot paths read (module-level names: reading an enum member off its class is slow in a loop).

Split from ``state`` (one module had grown to 1,210 lines): ``legality`` says what may be done,
``hand_flow`` what an action does, ``state`` makes, copies and rewinds a game."""

from __future__ import annotations

from . import actions as A
from .cards import NUM_CARDS, SPADES
from .decks import Deck
from .events import PLAYED, CardDealt
from .hand_result import HandResult
from .phase import Phase
from .rule_values import BiddingStyle, SpadesLead
from .rules import HouseRules
from .seats import Seat

SEATS4 = (Seat.N, Seat.E, Seat.S, Seat.W)
SEATS2 = (Seat.N, Seat.S)
SEATS3 = (Seat.N, Seat.S, Seat.W)  # East's chair is empty
AUCTION_MIN = 7
BITS = tuple(1 << c for c in range(NUM_CARDS))
PLAIN_PLAYS, BREAKING_PLAYS = PLAYED  # [seat][card]: the shared CardPlayed events
# BID_CHOICES[tricks per hand][nil allowed][lowest number bid]: the legal bid actions, built once
BID_CHOICES = {
    top: {
        nil: {
            low: ((A.NIL,) if nil else ()) + tuple(range(A.BID_BASE + low, A.BID_BASE + top + 1))
            for low in range(1, top + 1)
        }
        for nil in (False, True)
    }
    for top in (13, 17)
}

CARD_WORDS = {0: "two of clubs", 1: "three of clubs"}

# Purposes mixed into the seed so each random stream is independent.
RNG_DEALER_DRAW, RNG_DEAL, RNG_EXCHANGE = 0, 1, 2


# Module-level aliases: reading an Enum member off its class is slow in a hot loop.
PHASE_DRAW = Phase.DRAW
PHASE_BLIND_DECISION = Phase.BLIND_DECISION
PHASE_EXCHANGE = Phase.EXCHANGE
PHASE_BIDDING = Phase.BIDDING
PHASE_TRUMP = Phase.TRUMP
PHASE_PLAY = Phase.PLAY
PHASE_HAND_OVER = Phase.HAND_OVER
PHASE_GAME_OVER = Phase.GAME_OVER
# rule values read on every lead and bid, bound once (an enum member lookup costs ~100 ns)
ANY_TIME_LEAD = SpadesLead.ANY_TIME
STANDARD_BIDDING = BiddingStyle.STANDARD


class ActionName:
    """The text of an action, computed only if an error message needs it."""

    __slots__ = ("action",)

    def __init__(self, action: int) -> None:
        self.action = action

    def __str__(self) -> str:
        return A.action_text(self.action)

    __format__ = lambda self, spec: format(str(self), spec)  # noqa: E731


class StateFields:
    """The fields of a game in progress, named once for the parts of ``GameState`` that read them
    (``legality.Legality``, ``hand_flow.HandFlow``): the slots themselves are ``GameState``'s."""

    __slots__ = (
        "rules", "mode", "seats", "sides", "side_of", "next_seat", "seed", "start",
        "stop_after_hand", "hand_number", "redeals", "dealer", "phase", "turn",
        "hands", "looked", "bids", "blind", "bid_order", "bid_index", "tricks",
        "trick_cards", "play_order", "leader", "trick_count", "completed", "played", "played_before_trick",
        "trump", "broken", "scores", "bags", "hand_history", "winner",
        "stock", "draw_pos", "discards", "seen", "blind_decided",
        "exchange_queue", "exchange_pairs", "exchange_chosen", "exchange_limit",
        "calls", "high_bid", "high_bidder", "passes",
        "log", "dealer_draw", "hand_start", "hand_bids", "hand_exchanges",
        "_legal_mask", "_legal_tuple", "blind_possible", "is_two", "is_auction", "n_players", "first_card",
        "deck", "hand_size", "bidding", "nil_choices", "deal_rows", "partnership_exchange",
    )  # fmt: skip

    rules: HouseRules
    mode: str
    is_two: bool
    is_auction: bool
    seats: tuple[Seat, ...]
    n_players: int
    deck: Deck
    hand_size: int
    bidding: BiddingStyle
    nil_choices: dict[int, tuple[int, ...]]
    blind_possible: bool
    first_card: int
    partnership_exchange: bool
    sides: dict[str, tuple[Seat, ...]]
    side_of: list[str]
    next_seat: list[Seat]
    play_order: list[tuple[Seat, ...]]
    deal_rows: list[tuple[tuple[CardDealt, ...], ...]]
    seed: int
    start: dict[str, object] | None
    stop_after_hand: bool
    hand_number: int
    redeals: int
    dealer: Seat
    phase: Phase
    turn: Seat | None
    scores: dict[str, int]
    bags: dict[str, int]
    hand_history: list[HandResult]
    winner: str | None
    log: list[int]
    dealer_draw: tuple[tuple[Seat, int], ...]
    hands: list[int]
    looked: list[bool]
    bids: list[int | None]
    blind: list[bool]
    bid_order: tuple[Seat, ...]
    bid_index: int
    tricks: list[int]
    trick_cards: list[int]
    leader: Seat
    trick_count: int
    completed: list[tuple[Seat, tuple[Seat, ...], tuple[int, ...], Seat]]
    played: int
    played_before_trick: int
    trump: int | None
    broken: bool
    stock: tuple[int, ...]
    draw_pos: int
    discards: int
    seen: list[int]
    blind_decided: list[bool]
    exchange_queue: list[Seat]
    exchange_pairs: list[tuple[Seat, Seat, int]]
    exchange_chosen: list[int]
    exchange_limit: int
    calls: list[tuple[Seat, int | None]]
    high_bid: int
    high_bidder: Seat | None
    passes: int
    hand_start: tuple[int, ...]
    hand_bids: list[tuple[Seat, int]]
    hand_exchanges: dict[Seat, tuple[int, int]]
    _legal_mask: int | None
    _legal_tuple: tuple[int, ...] | None

    def _reset_hand(self) -> None:
        """The fields of one hand, as a hand begins (and as a game is made)."""
        self.hands = [0, 0, 0, 0]
        self.looked = [True, True, True, True]
        self.bids = [None, None, None, None]
        self.blind = [False, False, False, False]
        self.bid_order = ()
        self.bid_index = 0
        self.tricks = [0, 0, 0, 0]
        self.trick_cards = []
        self.leader = self.dealer
        self.trick_count = 0
        self.completed = []
        self.played = 0
        self.played_before_trick = 0  # the played cards when the trick under way began
        self.trump = SPADES
        self.broken = False
        self.stock = ()
        self.draw_pos = 0
        self.discards = 0
        self.seen = [0, 0, 0, 0]
        self.blind_decided = [False, False, False, False]
        self.exchange_queue = []
        self.exchange_pairs = []
        self.exchange_chosen = [0, 0, 0, 0]
        self.exchange_limit = 0
        self.calls = []
        self.high_bid = 0
        self.high_bidder = None
        self.passes = 0
        self.hand_start = (0, 0, 0, 0)
        self.hand_bids = []
        self.hand_exchanges = {}  # seat -> (given, received)
        self._legal_mask = None
        self._legal_tuple = None
