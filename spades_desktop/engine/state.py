"""The game state machine: a whole game of Spades in every mode, one action at a time.

In the spirit of OpenSpiel: ``current_player``, ``legal_actions()``, ``apply()``
returning the events the action caused, ``clone()`` and terminal detection.  Chance
(the dealer draw, the deal, the two-player stock, the exchange draw) comes from the
game seed, so a game is reproducible from (rules, seed, actions).  Everything is
checked before anything changes, so an illegal action leaves the state as it was.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from operator import getitem

from . import actions as A
from .cards import (
    HIGH_TWO_OF_DIAMONDS,
    NUM_CARDS,
    SPADES,
    SUIT_CARD_TABLES,
    SUIT_MASKS,
    SUIT_NAMES,
    SUIT_OF,
    card_id,
    cards_of,
)
from .consequences import StyleBids, first_lead_card, legal_follows, legal_leads, style_bids
from .decks import deck_for
from .errors import (
    BelowMinimumTeamBid,
    BidNotAllowed,
    BidStyleViolation,
    BlindNilNotAllowed,
    CardNotInHand,
    FirstLeadRestricted,
    IllegalAction,
    MustFollowSuit,
    NilNotAllowed,
    NotYourTurn,
    StateError,
    TrumpNotBroken,
    WrongPhase,
)
from .events import (
    DEALT,
    PLAYED,
    AuctionCall,
    BidMade,
    BlindNilChoice,
    CardDrawn,
    CardsExchanged,
    DealerDrawn,
    Event,
    ExchangeCardChosen,
    GameOver,
    HandScored,
    HandStarted,
    Redeal,
    TrickWon,
    TrumpChosen,
)
from .hand_result import HandResult
from .phase import Phase
from .rng import SplitMix64, derive_seed, shuffled_deck
from .rule_values import BiddingStyle, SpadesLead, Undo
from .rules import HouseRules, Mode
from .scoring import SideBreakdown, game_winner, score_auction_side, score_side
from .seats import Seat
from .view import SeatView, TrickRecord
from .words import plural

_SEATS4 = (Seat.N, Seat.E, Seat.S, Seat.W)
_SEATS2 = (Seat.N, Seat.S)
_SEATS3 = (Seat.N, Seat.S, Seat.W)  # East's chair is empty
_AUCTION_MIN = 7
_BITS = tuple(1 << c for c in range(NUM_CARDS))
_PLAIN_PLAYS, _BREAKING_PLAYS = PLAYED  # [seat][card]: the shared CardPlayed events
# _BID_CHOICES[tricks per hand][nil allowed][lowest number bid]: the legal bid actions, built once
_BID_CHOICES = {
    top: {
        nil: {
            low: ((A.NIL,) if nil else ()) + tuple(range(A.BID_BASE + low, A.BID_BASE + top + 1))
            for low in range(1, top + 1)
        }
        for nil in (False, True)
    }
    for top in (13, 17)
}

_CARD_WORDS = {0: "two of clubs", 1: "three of clubs"}

# Purposes mixed into the seed so each random stream is independent.
_RNG_DEALER_DRAW, _RNG_DEAL, _RNG_EXCHANGE = 0, 1, 2


# Module-level aliases: reading an Enum member off its class is slow in a hot loop.
_DRAW = Phase.DRAW
_BLIND_DECISION = Phase.BLIND_DECISION
_EXCHANGE = Phase.EXCHANGE
_BIDDING = Phase.BIDDING
_TRUMP = Phase.TRUMP
_PLAY = Phase.PLAY
_HAND_OVER = Phase.HAND_OVER
_GAME_OVER = Phase.GAME_OVER
# rule values read on every lead and bid, bound once (an enum member lookup costs ~100 ns)
_ANY_TIME = SpadesLead.ANY_TIME
_STANDARD_BIDDING = BiddingStyle.STANDARD


def sides_for(mode: str) -> dict[str, tuple[Seat, ...]]:
    """Scoring sides of a mode: pairs in partnership and auction, single seats otherwise."""
    if mode in (Mode.PARTNERSHIP.value, Mode.AUCTION.value):
        return {"NS": (Seat.N, Seat.S), "EW": (Seat.E, Seat.W)}
    if mode == Mode.TWO_PLAYER.value:
        return {"N": (Seat.N,), "S": (Seat.S,)}
    if mode == Mode.THREE_PLAYER.value:
        return {s.name: (s,) for s in _SEATS3}
    return {s.name: (s,) for s in _SEATS4}


def seats_for(mode: str) -> tuple[Seat, ...]:
    """The seats that play in a mode, in the order the score sheet lists them."""
    if mode == Mode.TWO_PLAYER.value:
        return _SEATS2
    if mode == Mode.THREE_PLAYER.value:
        return _SEATS3
    return _SEATS4


def _rank_key(card: int) -> int:
    # Higher rank wins the dealer draw; among equal ranks spades > hearts > diamonds > clubs.
    return (card % 13) * 4 + card // 13


class GameState:
    """A whole game; see the module docstring.  Create with :meth:`new_game` or :meth:`from_deal`."""

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

    # ------------------------------------------------------------------ creation
    def __init__(self, rules: HouseRules, seed: int) -> None:
        self.rules = rules
        self.mode = rules.mode
        self.is_two = self.mode == Mode.TWO_PLAYER.value
        self.is_auction = self.mode == Mode.AUCTION.value
        self.seats = seats_for(self.mode)
        self.n_players = len(self.seats)
        self.deck = deck_for(rules.deck_in_force, self.mode)
        self.hand_size = self.deck.hand_size
        self.bidding = rules.bidding_in_force
        self.nil_choices = _BID_CHOICES[self.hand_size][rules.nil_possible]
        self.blind_possible = rules.blind_nil_possible
        self.first_card = first_lead_card(rules, self.deck.mask)  # the card that must open a hand, or 0
        # whether a partnership hand may have cards exchanged after the bids (read at every hand's last bid)
        self.partnership_exchange = self.mode == Mode.PARTNERSHIP.value and bool(
            rules.blind_nil_exchange or rules.nil_exchange_in_force
        )
        self.sides = sides_for(self.mode)
        self.side_of: list[str] = [""] * 4
        for side, members in self.sides.items():
            for s in members:
                self.side_of[s] = side
        if len(self.seats) == 2:
            self.next_seat = [Seat.S, Seat.E, Seat.N, Seat.W]
        elif len(self.seats) == 3:
            self.next_seat = [Seat.S, Seat.E, Seat.W, Seat.N]  # North, South, West: East's chair skipped
        else:
            self.next_seat = [Seat.E, Seat.S, Seat.W, Seat.N]
        # play_order[leader]: the seats of a trick in play order; shared tuples, no allocation per trick
        self.play_order: list[tuple[Seat, ...]] = []
        for lead in _SEATS4:
            order = [lead]
            while len(order) < self.n_players:
                order.append(self.next_seat[order[-1]])
            self.play_order.append(tuple(order))
        # deal_rows[first seat]: the DEALT row of the seat each card of a deal goes to, in dealing order
        self.deal_rows = [tuple(DEALT[s] for s in order) * self.hand_size for order in self.play_order]
        self.seed = seed
        self.start: dict[str, object] | None = None
        self.stop_after_hand = False
        self.hand_number = 1
        self.redeals = 0
        self.dealer = Seat.N
        self.phase = _BIDDING
        self.turn: Seat | None = None
        self.scores = {side: 0 for side in self.sides}
        self.bags = {side: 0 for side in self.sides}
        self.hand_history: list[HandResult] = []
        self.winner: str | None = None
        self.log: list[int] = []
        self.dealer_draw: tuple[tuple[Seat, int], ...] = ()
        self._reset_hand()

    def _reset_hand(self) -> None:
        self.hands = [0, 0, 0, 0]
        self.looked = [True, True, True, True]
        self.bids: list[int | None] = [None, None, None, None]
        self.blind = [False, False, False, False]
        self.bid_order: tuple[Seat, ...] = ()
        self.bid_index = 0
        self.tricks = [0, 0, 0, 0]
        self.trick_cards: list[int] = []
        self.leader = self.dealer
        self.trick_count = 0
        self.completed: list[tuple[Seat, tuple[Seat, ...], tuple[int, ...], Seat]] = []
        self.played = 0
        self.played_before_trick = 0  # the played cards when the trick under way began
        self.trump: int | None = SPADES
        self.broken = False
        self.stock: tuple[int, ...] = ()
        self.draw_pos = 0
        self.discards = 0
        self.seen = [0, 0, 0, 0]
        self.blind_decided = [False, False, False, False]
        self.exchange_queue: list[Seat] = []
        self.exchange_pairs: list[tuple[Seat, Seat, int]] = []
        self.exchange_chosen = [0, 0, 0, 0]
        self.exchange_limit = 0
        self.calls: list[tuple[Seat, int | None]] = []
        self.high_bid = 0
        self.high_bidder: Seat | None = None
        self.passes = 0
        self.hand_start: tuple[int, ...] = (0, 0, 0, 0)
        self.hand_bids: list[tuple[Seat, int]] = []
        self.hand_exchanges: dict[Seat, tuple[int, int]] = {}  # seat -> (given, received)
        self._legal_mask: int | None = None
        self._legal_tuple: tuple[int, ...] | None = None

    @classmethod
    def new_game(cls, rules: HouseRules, seed: int) -> tuple[GameState, list[Event]]:
        """A new game: the dealer draw and the first deal, up to the first decision."""
        state = cls(rules, seed)
        events: list[Event] = []
        deck = shuffled_deck(seed, 0, 0, _RNG_DEALER_DRAW)  # drawn from a standard deck
        drawn = tuple(zip(state.seats, deck, strict=False))
        state.dealer_draw = drawn
        state.dealer = max(drawn, key=lambda sc: _rank_key(sc[1]))[0]
        events.append(DealerDrawn(tuple(s for s, _ in drawn), tuple(c for _, c in drawn), state.dealer))
        state._begin_hand(events)
        return state, events

    @classmethod
    def from_deal(
        cls,
        rules: HouseRules,
        dealer: Seat,
        hands: Mapping[Seat, int],
        scores: Mapping[str, int] | None = None,
        bags: Mapping[str, int] | None = None,
        *,
        hand_number: int = 1,
        seed: int = 0,
        stop_after_hand: bool = True,
        exchange: bool = False,
    ) -> GameState:
        """A hand that starts from known hands (hand records, tests, AI search).

        The hands are checked: 13 (three players: 17) distinct cards of the deck in
        force each, no card in two hands.  In two-player mode only N and S hold cards
        and the draw is skipped.  ``exchange``: the hands are as dealt, and a partnership's
        nil or blind-nil exchange is played after the bids as in a dealt game (a hand record
        that says what was bid from); without it the hands are as held for the play and no
        exchange comes.
        """
        state = cls(rules, seed)
        state.stop_after_hand = stop_after_hand
        if dealer not in state.seats:
            raise StateError(f"dealer {dealer.name} is not a seat in {rules.mode} mode")
        seen = 0
        for seat in state.seats:
            mask = hands.get(seat)
            if mask is None:
                raise StateError(f"no hand for seat {seat.name}")
            size = state.hand_size
            if mask >> NUM_CARDS or mask < 0 or mask.bit_count() != size:
                raise StateError(f"seat {seat.name} must hold {size} distinct cards, not {mask.bit_count()}")
            if mask & ~state.deck.mask:
                raise StateError(f"seat {seat.name} holds a card that is not in the {state.deck.name} deck: "
                                 + ", ".join(card_id(c) for c in cards_of(mask & ~state.deck.mask)))
            if mask & seen:
                raise StateError(f"seat {seat.name} holds a card dealt to another seat: "
                                 + ", ".join(card_id(c) for c in cards_of(mask & seen)))
            seen |= mask
        for seat in Seat:
            if seat not in state.seats and hands.get(seat):
                raise StateError(f"seat {seat.name} does not play in {rules.mode} mode")
        for name, given in (("scores", scores), ("bags", bags)):
            if given is None:
                continue
            if set(given) != set(state.sides):
                raise StateError(f"{name} must name the sides {', '.join(state.sides)}")
            for side, value in given.items():
                if not isinstance(value, int) or isinstance(value, bool) or (name == "bags" and value < 0):
                    raise StateError(f"{name} of {side} must be a whole number{' >= 0' if name == 'bags' else ''}")
            (state.scores if name == "scores" else state.bags).update(given)
        state.hand_number = hand_number
        state.dealer = dealer
        state.start = {
            "dealer": dealer.name,
            "hand_number": hand_number,
            "hands": {s.name: [card_id(c) for c in cards_of(hands[s])] for s in state.seats},
            "scores": dict(state.scores),
            "bags": dict(state.bags),
            "stop_after_hand": stop_after_hand,
        }
        if exchange:
            state.start["exchange"] = True
        state._reset_hand()
        for seat in state.seats:
            state.hands[seat] = hands[seat]
        if state.mode == Mode.TWO_PLAYER.value:
            state.discards = state.deck.mask & ~seen
        state._after_deal([])
        return state

    # ------------------------------------------------------------------ queries
    @property
    def current_player(self) -> Seat | None:
        return self.turn

    @property
    def actor(self) -> Seat:
        """The seat to act, typed: asked only where the phase has one (every decision does)."""
        turn = self.turn
        if turn is None:
            raise WrongPhase("nobody is to act now")
        return turn

    @property
    def declarer(self) -> Seat:
        """The auction's high bidder, once the bidding has one."""
        bidder = self.high_bidder
        if bidder is None:
            raise WrongPhase("the auction has no declarer yet")
        return bidder

    def is_terminal(self) -> bool:
        phase = self.phase
        return phase is _GAME_OVER or phase is _HAND_OVER

    def side_of_seat(self, seat: Seat) -> str:
        return self.side_of[seat]

    def legal_actions(self) -> tuple[int, ...]:
        if self.phase is _PLAY:
            cached = self._legal_tuple
            if cached is not None:
                return cached
            tc = self.trick_cards
            if tc:
                suit = SUIT_OF[tc[0]]
                hand = self.hands[self.actor]
                follow = self._legal_mask = hand & SUIT_MASKS[suit]
                if follow:
                    pattern = follow >> 13 * suit  # the suit's ranks, low bit first
                    cached = self._legal_tuple = (
                        SUIT_CARD_TABLES[suit][pattern] if pattern < 0x2000 else cards_of(follow)  # jokers: cards_of
                    )
                    return cached
                mask = self._legal_mask = hand  # void in the suit led: any card
            else:
                mask = self._legal_mask = self._compute_legal_mask()
            cached = self._legal_tuple = cards_of(mask)
            return cached
        cached = self._legal_tuple
        if cached is None:
            cached = self._legal_tuple = self._legal_outside_play()
        return cached

    def _legal_outside_play(self) -> tuple[int, ...]:
        phase = self.phase
        if phase is _BIDDING:
            if self.is_auction:
                return (A.PASS, *range(A.BID_BASE + max(self.high_bid + 1, _AUCTION_MIN), A.BID_BASE + 14))  # 7 to 13
            if self.bidding != _STANDARD_BIDDING:
                return self.style_bids(self.actor).bids
            return self.nil_choices[self._lowest_bid(self.actor)]
        if phase is _BLIND_DECISION:
            return (A.BLIND_NIL, A.LOOK)
        if phase is _DRAW:
            return (A.KEEP, A.DISCARD)
        if phase is _EXCHANGE:
            seat = self.actor
            cards = cards_of(self.hands[seat] & ~self.exchange_chosen[seat])
            return (*cards, A.EXCHANGE_DONE) if self.is_two else cards
        if phase is _TRUMP:
            return (*range(A.TRUMP_BASE, A.TRUMP_BASE + 4), A.NO_TRUMP)
        return ()

    def legal_card_mask(self) -> int:
        """Mask of the cards the player on turn may play (0 outside the play phase)."""
        if self.phase is not _PLAY:
            return 0
        if self._legal_mask is None:
            self._legal_mask = self._compute_legal_mask()
        return self._legal_mask

    def is_legal(self, action: int) -> bool:
        try:
            self._check(action)
        except IllegalAction:
            return False
        return True

    @property
    def lead_suit(self) -> int | None:
        return SUIT_OF[self.trick_cards[0]] if self.trick_cards else None

    # ------------------------------------------------------------------ the rules
    def _compute_legal_mask(self) -> int:
        hand = self.hands[self.actor]
        if self.trick_cards:
            return legal_follows(hand, self.trick_cards[0], SUIT_OF)
        return legal_leads(hand, self.trick_count == 0, self.first_card, self.trump,
                           self.broken or self.rules.spades_lead == _ANY_TIME)

    def _explain_illegal_card(self, card: int) -> IllegalAction:
        seat = self.actor
        hand = self.hands[seat]
        name = card_id(card)
        if not hand >> card & 1:
            return CardNotInHand(f"{seat.name} does not hold {name}")
        trump_name = SUIT_NAMES[self.trump] if self.trump is not None else "trumps"
        if self.trick_cards:
            lead = SUIT_OF[self.trick_cards[0]]
            if lead == SPADES and hand >> 52:
                high = [card_id(c) for c in cards_of(hand >> 52 << 52)]
                verb = "counts as a spade" if len(high) == 1 else "count as spades"
                return MustFollowSuit(f"must follow spades: {' and '.join(high)} {verb}")
            if card == HIGH_TWO_OF_DIAMONDS:
                return MustFollowSuit(f"must follow {SUIT_NAMES[lead]}: the 2 of diamonds is a spade in this deck")
            return MustFollowSuit(f"must follow {SUIT_NAMES[lead]}")
        if self.trick_count == 0 and self.first_card:
            low = self.first_card.bit_length() - 1
            return FirstLeadRestricted(f"the first lead must be the {_CARD_WORDS.get(low, card_id(low))}")
        if self.trick_count == 0:
            return FirstLeadRestricted(f"{trump_name} may not be led on the first trick")
        return TrumpNotBroken(f"{trump_name} are not broken")

    def _lowest_bid(self, seat: Seat) -> int:
        """Lowest number of tricks ``seat`` may bid, nil aside (the minimum team bid binds
        the second bidder of a side unless the partner bid nil)."""
        need = self.rules.min_team_bid
        if need and self.mode == Mode.PARTNERSHIP and self.bidding == _STANDARD_BIDDING:
            partner_bid = self.bids[seat.partner()]
            if partner_bid:
                return max(1, need - partner_bid)
        return 1

    # -- bidding styles (docs/RULES.md section 6)
    def trumps_held(self, seat: Seat) -> int:
        """How many spades ``seat`` holds by the rules in force (jokers and a trump 2 of diamonds count)."""
        return (self.hands[seat] & SUIT_MASKS[SPADES]).bit_count()

    def style_bids(self, seat: Seat) -> StyleBids:
        """The bids whiz, mirror or suicide leave ``seat``, and why (``consequences.style_bids``)."""
        return style_bids(self.bidding, self.hands[seat], self.bids[seat.partner()], self.hand_size)

    def _blind_eligible(self, seat: Seat) -> bool:
        if not self.blind_possible:
            return False
        rules = self.rules
        if rules.blind_nil_min_deficit <= 0:
            return True
        own = self.scores[self.side_of[seat]]
        best_other = max(v for side, v in self.scores.items() if side != self.side_of[seat])
        return best_other - own >= rules.blind_nil_min_deficit

    def _why_no_blind_nil(self, seat: Seat) -> BlindNilNotAllowed:
        if self.bidding == BiddingStyle.SUICIDE and self.bids[seat.partner()] == 0:
            return BlindNilNotAllowed("In suicide your partner bid nil, so you bid 4 or more")
        if not self.rules.blind_nil_allowed:
            return BlindNilNotAllowed("blind nil is not allowed")
        if not self.rules.nil_allowed:
            return BlindNilNotAllowed("nil is not allowed: the minimum bid is one")
        if self.is_auction:
            return BlindNilNotAllowed("there is no nil in an auction")
        if not self._blind_eligible(seat):
            return BlindNilNotAllowed(
                f"blind nil only when behind by at least {self.rules.blind_nil_min_deficit} points")
        return BlindNilNotAllowed("blind nil must be bid before looking at the cards")

    def why_illegal(self, action: int) -> str | None:
        """The rule that forbids ``action`` now, in words, or None if it is legal.

        Lets a front end explain a disabled choice (a greyed bid button) without trying it.
        """
        try:
            self._check(action)
        except IllegalAction as exc:
            return exc.reason
        return None

    def _check(self, action: int) -> None:
        """Raise the specific IllegalAction for ``action``, or return if it is legal."""
        phase = self.phase
        if phase is _GAME_OVER or phase is _HAND_OVER:
            raise WrongPhase("the game is over" if phase is _GAME_OVER else "the hand is over")
        if not isinstance(action, int) or isinstance(action, bool) or not 0 <= action < A.NUM_ACTIONS:
            raise IllegalAction(f"not an action: {action!r}")
        what = _ActionName(action)
        if phase is _PLAY:
            if not A.is_card(action):
                raise WrongPhase(f"cannot {what} now: it is time to play a card")
            if not self.legal_card_mask() >> action & 1:
                raise self._explain_illegal_card(action)
            return
        if phase is _BIDDING:
            if self.is_auction:
                if action == A.PASS:
                    return
                if not A.is_bid(action):
                    raise WrongPhase(f"cannot {what} now: it is time to bid or pass")
                value = A.bid_value(action)
                if value < _AUCTION_MIN:
                    raise BidNotAllowed(f"an auction bid is {_AUCTION_MIN} to 13 tricks")
                if value <= self.high_bid:
                    raise BidNotAllowed(f"a bid must be higher than {self.high_bid}")
                return
            if action == A.BLIND_NIL:
                raise self._why_no_blind_nil(self.actor)
            if not A.is_bid(action):
                raise WrongPhase(f"cannot {what} now: it is time to bid")
            value = A.bid_value(action)
            if value > self.hand_size:
                raise BidNotAllowed(f"a bid is at most {self.hand_size} tricks")
            if self.bidding != _STANDARD_BIDDING:
                allowed = self.style_bids(self.actor)
                if action not in allowed.bids:
                    raise BidStyleViolation(f"In {self.bidding} {allowed.why}")
                return
            if value == 0:
                if not self.rules.nil_allowed:
                    raise NilNotAllowed("nil is not allowed: the minimum bid is one")
                return
            low = self._lowest_bid(self.actor)
            if value < low:
                raise BelowMinimumTeamBid(f"below the minimum team bid of {self.rules.min_team_bid}")
            return
        if phase is _BLIND_DECISION:
            if action not in (A.BLIND_NIL, A.LOOK):
                raise WrongPhase("first choose blind nil or look at the cards")
            return
        if phase is _DRAW:
            if action not in (A.KEEP, A.DISCARD):
                raise WrongPhase("keep or discard the card drawn")
            return
        if phase is _EXCHANGE:
            seat = self.actor
            if action == A.EXCHANGE_DONE:
                if not self.is_two:
                    raise IllegalAction(f"choose {plural(self.exchange_limit, 'card')} to pass")
                return
            if not A.is_card(action):
                raise WrongPhase("choose a card to exchange")
            if not self.hands[seat] >> action & 1:
                raise CardNotInHand(f"{seat.name} does not hold {what}")
            if self.exchange_chosen[seat] >> action & 1:
                raise IllegalAction(f"{what} is already chosen")
            return
        if phase is _TRUMP:
            if not (A.TRUMP_BASE <= action < A.TRUMP_BASE + 4 or action == A.NO_TRUMP):
                raise WrongPhase("name a trump suit or no trump")
            return

    # ------------------------------------------------------------------ applying
    def apply(self, action: int, seat: Seat | None = None) -> list[Event]:
        """Apply the current player's action and return the events it caused.

        ``seat``, when given, must be the player on turn (the UI passes it so a
        stray click can never act for another seat).
        """
        if seat is not None and seat != self.turn:
            raise NotYourTurn(f"it is {self.turn.name if self.turn is not None else 'nobody'}'s turn, "
                              f"not {seat.name}'s")
        if self.phase is _PLAY and type(action) is int and 0 <= action < NUM_CARDS:
            mask = self._legal_mask
            if mask is None:
                mask = self._compute_legal_mask()
            if not mask >> action & 1:
                raise self._explain_illegal_card(action)
            # The hot path of every simulated hand, so _play's opening is inlined here.
            self.log.append(action)
            self._legal_mask = self._legal_tuple = None
            actor = self.actor
            bit = 1 << action
            self.hands[actor] ^= bit
            self.played |= bit
            cards = self.trick_cards
            cards.append(action)
            if not self.broken and SUIT_OF[action] == self.trump:
                self.broken = True
                events: list[Event] = [_BREAKING_PLAYS[actor][action]]
            else:
                events = [_PLAIN_PLAYS[actor][action]]
            if len(cards) < self.n_players:
                self.turn = self.next_seat[actor]
            else:
                self._finish_trick(events)
            return events
        legal = self._legal_tuple
        if legal is None:
            legal = self.legal_actions()
        if type(action) is not int or action not in legal:
            self._check(action)  # raises the specific rule that forbids it
            raise IllegalAction(f"{A.action_text(action)} is not possible now")
        events = []
        self._do(action, events)
        return events

    def apply_quiet(self, action: int) -> None:
        """Apply a known-legal action without building events (AI search)."""
        self._do(action, None)

    def _do(self, action: int, ev: list[Event] | None) -> None:
        actor = self.actor
        self.log.append(action)
        self._legal_mask = self._legal_tuple = None
        phase = self.phase
        if phase is _PLAY:
            self._play(actor, action, ev)
        elif phase is _BIDDING:
            if self.is_auction:
                self._auction_call(actor, action, ev)
            else:
                self._bid(actor, A.bid_value(action), False, ev)
        elif phase is _BLIND_DECISION:
            self._blind_decision(actor, action == A.BLIND_NIL, ev)
        elif phase is _DRAW:
            self._draw(actor, action == A.KEEP, ev)
        elif phase is _EXCHANGE:
            self._exchange(actor, action, ev)
        elif phase is _TRUMP:
            self.trump = None if action == A.NO_TRUMP else action - A.TRUMP_BASE
            if ev is not None:
                ev.append(TrumpChosen(actor, self.trump))
            self._start_play(self.high_bidder)

    # -- dealing
    def _begin_hand(self, ev: list[Event] | None) -> None:
        self._reset_hand()
        if ev is not None:
            ev.append(HandStarted(self.hand_number, self.dealer))
        deck = shuffled_deck(self.seed, self.hand_number, self.redeals, _RNG_DEAL,
                             cards=None if self.deck.is_standard else self.deck.cards)
        if self.is_two:
            self.stock = tuple(deck)
            self.draw_pos = 0
            self.turn = self.dealer
            self.phase = _DRAW
            self._enter_draw_turn()
            return
        first = self.next_seat[self.dealer]
        order = self.play_order[first]  # one card at a time, from the left
        hands = self.hands
        n = self.n_players
        bit = _BITS.__getitem__
        for k in range(n):
            hands[order[k]] = sum(map(bit, deck[k::n]))  # distinct bits: their sum is their union
        if ev is not None:
            ev.extend(map(getitem, self.deal_rows[first], deck))  # DEALT[seat][card], seat by seat
        self._after_deal(ev)

    def _after_deal(self, ev: list[Event] | None) -> None:
        """Set up bidding once every seat holds its cards (after a deal or a two-player draw)."""
        two = self.is_two
        first = self.next_seat[self.dealer]
        self.bid_order = self.play_order[first]  # clockwise from the dealer's left (two-player: the non-dealer)
        self.bid_index = 0
        if self.is_auction:
            self.turn = first
            self.phase = _BIDDING
            return
        if two:
            if self.start is not None:  # a known deal: blind nil is bid in the bidding
                for seat in self.seats:
                    self.looked[seat] = not self._blind_eligible(seat)
            if self._exchange_two_player_start():
                return
        elif self.blind_possible:
            for seat in self.seats:
                self.looked[seat] = not self._blind_eligible(seat)
        self._next_bidder()

    def _enter_draw_turn(self) -> None:
        seat = self.actor
        if not self.blind_decided[seat] and self.start is None and self._blind_eligible(seat):
            self.looked[seat] = False
            self.phase = _BLIND_DECISION
        else:
            self.blind_decided[seat] = True
            self.phase = _DRAW

    def _draw(self, seat: Seat, keep: bool, ev: list[Event] | None) -> None:
        shown = self.stock[self.draw_pos]
        other = self.stock[self.draw_pos + 1]
        kept, dropped = (shown, other) if keep else (other, shown)
        self.hands[seat] |= 1 << kept
        self.discards |= 1 << dropped
        if not keep:  # she saw the card she turned down; after a keep the next card goes out face down
            self.seen[seat] |= 1 << dropped
        self.draw_pos += 2
        if ev is not None:
            ev.append(CardDrawn(seat, kept, dropped, keep))
        if self.draw_pos >= len(self.stock):
            self.stock = ()
            self._after_deal(ev)
            return
        self.turn = self.next_seat[seat]
        self._enter_draw_turn()

    @property
    def drawn_card(self) -> int | None:
        """Two-player draw: the card shown to the player on turn."""
        if self.phase is _DRAW and self.draw_pos < len(self.stock):
            return self.stock[self.draw_pos]
        return None

    # -- blind nil and exchange
    def _blind_decision(self, seat: Seat, blind: bool, ev: list[Event] | None) -> None:
        if ev is not None:
            ev.append(BlindNilChoice(seat, blind))
        self.blind_decided[seat] = True
        if self.is_two and self.phase is _BLIND_DECISION and self.stock:
            self.looked[seat] = True
            if blind:
                self.bids[seat] = 0
                self.blind[seat] = True
                self.hand_bids.append((seat, A.BLIND_NIL))
                if ev is not None:
                    ev.append(BidMade(seat, 0, True))
            self.phase = _DRAW
            return
        self.looked[seat] = True
        if blind:
            self._bid(seat, 0, True, ev)
        else:
            self.phase = _BIDDING

    def _exchange_two_player_start(self) -> bool:
        limit = self.rules.blind_nil_exchange
        if self.start is not None or not limit:
            return False
        queue = [s for s in (self.dealer, self.next_seat[self.dealer]) if self.blind[s]]
        if not queue:
            return False
        self.exchange_limit = limit
        self.exchange_queue = queue
        self.turn = queue[0]
        self.phase = _EXCHANGE
        return True

    def _start_partnership_exchange(self) -> bool:
        """After the bids: a blind nil bidder and partner pass ``blind_nil_exchange`` cards; a nil
        bidder whose partner did not bid nil passes ``nil_exchange`` (docs/RULES.md sections 3 and 6)."""
        if not self.partnership_exchange or (self.start is not None and not self.start.get("exchange")):
            return False
        blind_limit = self.rules.blind_nil_exchange or 0
        nil_limit = self.rules.nil_exchange_in_force
        pairs: list[tuple[Seat, Seat, int]] = []
        for seat in self.bid_order:
            if any(seat in p[:2] for p in pairs):
                continue
            if self.blind[seat]:
                limit = blind_limit
            elif self.bids[seat] == 0 and self.bids[seat.partner()] != 0:
                limit = nil_limit
            else:
                continue
            if limit:
                pairs.append((seat, seat.partner(), limit))
        if not pairs:
            return False
        self.exchange_limit = pairs[0][2]
        self.exchange_pairs = pairs
        self.exchange_queue = [s for pair in pairs for s in pair[:2]]
        self.turn = self.exchange_queue[0]
        self.phase = _EXCHANGE
        return True

    def _exchange(self, seat: Seat, action: int, ev: list[Event] | None) -> None:
        if action != A.EXCHANGE_DONE:
            self.exchange_chosen[seat] |= 1 << action
            if ev is not None:
                ev.append(ExchangeCardChosen(seat, action))
            if self.exchange_chosen[seat].bit_count() < self.exchange_limit:
                return
        self.exchange_queue.pop(0)
        if self.is_two:
            self._finish_two_player_exchange(seat, ev)
        elif self.exchange_pairs and seat == self.exchange_pairs[0][1]:
            a, b, _ = self.exchange_pairs.pop(0)
            if self.exchange_pairs:
                self.exchange_limit = self.exchange_pairs[0][2]
            give_a, give_b = self.exchange_chosen[a], self.exchange_chosen[b]
            self.hands[a] = (self.hands[a] & ~give_a) | give_b
            self.hands[b] = (self.hands[b] & ~give_b) | give_a
            self.hand_exchanges[a] = (give_a, give_b)
            self.hand_exchanges[b] = (give_b, give_a)
            if ev is not None:
                ev.append(CardsExchanged(a, give_a, give_b))
                ev.append(CardsExchanged(b, give_b, give_a))
        if self.exchange_queue:
            self.turn = self.exchange_queue[0]
            return
        if self.is_two:
            self._next_bidder()
        else:
            self._start_play(None)

    def _finish_two_player_exchange(self, seat: Seat, ev: list[Event] | None) -> None:
        given = self.exchange_chosen[seat]
        count = given.bit_count()
        pool = list(cards_of(self.discards))
        rng = SplitMix64(derive_seed(self.seed, self.hand_number, self.redeals, _RNG_EXCHANGE, int(seat)))
        received = 0
        for _ in range(count):
            received |= 1 << pool.pop(rng.below(len(pool)))
        self.hands[seat] = (self.hands[seat] & ~given) | received
        self.discards = (self.discards & ~received) | given
        self.seen[seat] = (self.seen[seat] & ~received) | given
        for other in self.seats:
            if other != seat:
                # some of the cards it saw go out may be back in play now, and it cannot tell which
                self.seen[other] = 0
        self.hand_exchanges[seat] = (given, received)
        if ev is not None:
            ev.append(CardsExchanged(seat, given, received))

    # -- bidding
    def _next_bidder(self) -> None:
        """Move the bidding to the next seat without a bid, or on to the exchange or play."""
        order = self.bid_order
        while self.bid_index < len(order) and self.bids[order[self.bid_index]] is not None:
            self.bid_index += 1
        if self.bid_index >= len(order):
            if not self._start_partnership_exchange():
                self._start_play(None)
            return
        seat = order[self.bid_index]
        self.turn = seat
        if not self.looked[seat] and self.bidding == BiddingStyle.SUICIDE and self.bids[seat.partner()] == 0:
            self.looked[seat] = True  # the partner took the side's nil: this seat must bid 4 or more
        self.phase = _BIDDING if self.looked[seat] else _BLIND_DECISION

    def _bid(self, seat: Seat, value: int, blind: bool, ev: list[Event] | None) -> None:
        self.bids[seat] = value
        self.blind[seat] = blind
        self.hand_bids.append((seat, A.BLIND_NIL if blind else A.BID_BASE + value))
        if ev is not None:
            ev.append(BidMade(seat, value, blind))
        self._next_bidder()

    def _auction_call(self, seat: Seat, action: int, ev: list[Event] | None) -> None:
        bid = None if action == A.PASS else A.bid_value(action)
        self.calls.append((seat, bid))
        self.hand_bids.append((seat, action))
        if ev is not None:
            ev.append(AuctionCall(seat, bid))
        if bid is None:
            self.passes += 1
        else:
            self.high_bid, self.high_bidder, self.passes = bid, seat, 0
        if self.high_bidder is None and self.passes == 4:
            self.redeals += 1
            if ev is not None:
                ev.append(Redeal(self.dealer))
            if self.stop_after_hand:
                self.phase, self.turn = _HAND_OVER, None
                return
            self._begin_hand(ev)
            return
        if self.high_bidder is not None and self.passes == 3:
            self.bids[self.high_bidder] = self.high_bid
            self.turn = self.high_bidder
            self.phase = _TRUMP
            return
        self.turn = self.next_seat[seat]

    # -- play
    def _start_play(self, leader: Seat | None) -> None:
        if leader is None:
            if self.is_two:
                leader = self.next_seat[self.dealer]
            elif self.first_card:
                leader = next(s for s in self.seats if self.hands[s] & self.first_card)
            else:
                leader = self.next_seat[self.dealer]
        self.hand_start = tuple(self.hands)  # as held for the play
        self.leader = leader
        self.turn = leader
        self.phase = _PLAY
        self._legal_mask = self._legal_tuple = None

    def _play(self, seat: Seat, card: int, ev: list[Event] | None) -> None:
        bit = 1 << card
        self.hands[seat] ^= bit
        self.played |= bit
        cards = self.trick_cards
        cards.append(card)
        trump = self.trump
        if SUIT_OF[card] == trump and not self.broken:
            self.broken = True
            if ev is not None:
                ev.append(_BREAKING_PLAYS[seat][card])
        elif ev is not None:
            ev.append(_PLAIN_PLAYS[seat][card])
        if len(cards) < self.n_players:
            self.turn = self.next_seat[seat]
            return
        self._finish_trick(ev)

    def _finish_trick(self, ev: list[Event] | None) -> None:
        cards = self.trick_cards
        played = self.played
        trick_mask = played ^ self.played_before_trick  # this trick's cards
        self.played_before_trick = played
        trump = self.trump
        trumps = trick_mask & SUIT_MASKS[trump] if trump is not None else 0
        # the highest trump, else the highest card of the suit led
        best = (trumps or trick_mask & SUIT_MASKS[SUIT_OF[cards[0]]]).bit_length() - 1
        leader = self.leader
        seats = self.play_order[leader]
        winner = seats[cards.index(best)]
        self.tricks[winner] += 1
        count = self.trick_count = self.trick_count + 1
        cards_t = tuple(cards)
        self.completed.append((leader, seats, cards_t, winner))
        if ev is not None:
            ev.append(TrickWon(winner, count, leader, cards_t))
        self.trick_cards = []
        self.leader = self.turn = winner
        if count == self.hand_size:
            self._score_hand(ev)

    # -- scoring
    def _score_hand(self, ev: list[Event] | None) -> None:
        rules = self.rules
        breakdown: dict[str, SideBreakdown] = {}
        if self.is_auction:
            declarer_side = self.side_of[self.declarer]
            taken = {side: sum(self.tricks[s] for s in members) for side, members in self.sides.items()}
            made = taken[declarer_side] >= self.high_bid
            for side in self.sides:
                breakdown[side] = score_auction_side(
                    rules, side, side == declarer_side, self.high_bid, taken[side], made,
                    self.scores[side], self.bags[side],
                )
        else:
            for side, members in self.sides.items():
                breakdown[side] = score_side(
                    rules, side, members, self.bids, self.blind, self.tricks,
                    self.scores[side], self.bags[side],
                )
        for side, b in breakdown.items():
            self.scores[side] = b.score_after
            self.bags[side] = b.bags_after
        self.hand_history.append(self._hand_result(breakdown))
        if ev is not None:
            ev.append(HandScored(self.hand_number, breakdown, dict(self.scores), dict(self.bags)))
        winner = game_winner(rules, self.scores)
        self.turn = None
        if winner is not None:
            self.winner = winner
            self.phase = _GAME_OVER
            if ev is not None:
                ev.append(GameOver(winner, dict(self.scores)))
            return
        if self.stop_after_hand:
            self.phase = _HAND_OVER
            return
        self.hand_number += 1
        self.redeals = 0
        self.dealer = self.next_seat[self.dealer]
        self._begin_hand(ev)

    def _hand_result(self, breakdown: dict[str, SideBreakdown]) -> HandResult:
        return HandResult(
            self.hand_number, self.dealer, self.trump, self.seats, self.hand_start,
            tuple(self.hand_exchanges.items()),
            tuple(sorted(self.hand_bids, key=lambda sb: self.bid_order.index(sb[0])))
            if self.is_two else tuple(self.hand_bids),  # two-player blind nil is said before the draw
            tuple(self.completed),
            tuple(self.tricks), breakdown, dict(self.scores), dict(self.bags),
        )

    # ------------------------------------------------------------------ copying
    def clone(self) -> GameState:
        new = GameState.__new__(GameState)
        for name in GameState.__slots__:
            setattr(new, name, getattr(self, name))
        new.hands = list(self.hands)
        new.looked = list(self.looked)
        new.bids = list(self.bids)
        new.blind = list(self.blind)
        new.tricks = list(self.tricks)
        new.trick_cards = list(self.trick_cards)
        new.completed = list(self.completed)
        new.scores = dict(self.scores)
        new.bags = dict(self.bags)
        new.hand_history = list(self.hand_history)
        new.seen = list(self.seen)
        new.blind_decided = list(self.blind_decided)
        new.exchange_queue = list(self.exchange_queue)
        new.exchange_pairs = list(self.exchange_pairs)
        new.exchange_chosen = list(self.exchange_chosen)
        new.calls = list(self.calls)
        new.log = list(self.log)
        new.hand_bids = list(self.hand_bids)
        new.hand_exchanges = dict(self.hand_exchanges)
        return new

    # ------------------------------------------------------------------ undo
    def _rewound(self, seat: Seat) -> GameState | None:
        """The state just before ``seat``'s last decision, if the undo rule lets it be taken back.

        Undo is rare, so it replays the log rather than keeping history: once for the last
        own card (the replay up to the last action also tells who made it), twice for
        unlimited undo (once to find the seat's last action, once to rewind to it).
        """
        mode = self.rules.undo
        if mode == Undo.OFF or self.phase is _GAME_OVER or not self.log:
            return None
        if mode == Undo.LAST_CARD:
            before = self._replay_prefix(len(self.log) - 1)
            return before if before.turn == seat and before.phase is _PLAY else None
        point = self.undo_point(seat)
        return None if point is None else self._replay_prefix(point)

    def undo_point(self, seat: Seat) -> int | None:
        """Index in the action log to rewind to so ``seat`` may redo its last decision, or None."""
        mode = self.rules.undo
        if mode == Undo.OFF or self.phase is _GAME_OVER or not self.log:
            return None
        if mode == Undo.LAST_CARD:
            return len(self.log) - 1 if self._rewound(seat) is not None else None
        actors = self._replay_actors()
        for i in range(len(self.log) - 1, -1, -1):
            if actors[i] == seat:
                return i
        return None

    def _replay_actors(self) -> list[Seat]:
        """Who took each logged action."""
        state = self._fresh_start()
        actors: list[Seat] = []
        for action in self.log:
            actors.append(state.actor)
            state._do(action, None)
        return actors

    def can_undo(self, seat: Seat) -> bool:
        return self._rewound(seat) is not None

    def undo(self, seat: Seat) -> GameState:
        """A new state rewound to just before ``seat``'s last decision, as the undo rule allows."""
        from .errors import UndoNotAllowed

        rewound = self._rewound(seat)
        if rewound is None:
            raise UndoNotAllowed(
                "undo is off" if self.rules.undo == Undo.OFF
                else "only your own last card may be taken back, before the next card is played"
                if self.rules.undo == Undo.LAST_CARD else "nothing of yours to undo"
            )
        return rewound

    def _replay_prefix(self, count: int) -> GameState:
        state = self._fresh_start()
        for action in self.log[:count]:
            state._do(action, None)
        return state

    def replayed(self) -> Iterator[tuple[GameState, int]]:
        """The game played again from its start: each logged action with the state just before it
        (one state, changed in place by the next step: read it, keep nothing of it)."""
        state = self._fresh_start()
        for action in self.log:
            yield state, action
            state._do(action, None)

    def _fresh_start(self) -> GameState:
        if self.start is None:
            return GameState.new_game(self.rules, self.seed)[0]
        return _state_from_start(self.rules, self.seed, self.start)

    # ------------------------------------------------------------------ views
    def view(self, seat: Seat) -> SeatView:
        return build_view(self, seat)


class _ActionName:
    """The text of an action, computed only if an error message needs it."""

    __slots__ = ("action",)

    def __init__(self, action: int) -> None:
        self.action = action

    def __str__(self) -> str:
        return A.action_text(self.action)

    __format__ = lambda self, spec: format(str(self), spec)  # noqa: E731


def _side_numbers(start: Mapping[str, object], name: str) -> Mapping[str, int] | None:
    """A saved start's scores or bags (each number is checked by ``from_deal``)."""
    given = start.get(name)
    if given is None or isinstance(given, Mapping):
        return given
    raise StateError(f"bad start of hand: {name} must be an object of sides, not {given!r}"[:200])


def _flag(start: Mapping[str, object], name: str, default: bool) -> bool:
    """A true-or-false entry of a saved start of hand."""
    flag = start.get(name, default)
    if not isinstance(flag, bool):
        raise StateError(f"bad start of hand: {name} must be true or false, not {flag!r}")
    return flag


def _state_from_start(rules: HouseRules, seed: int, start: Mapping[str, object]) -> GameState:
    from .cards import mask_from_ids

    hand_number = start.get("hand_number", 1)
    if not isinstance(hand_number, int) or isinstance(hand_number, bool) or hand_number < 1:
        raise StateError(f"bad start of hand: hand_number must be a whole number from 1, not {hand_number!r}")
    stop = _flag(start, "stop_after_hand", True)
    exchange = _flag(start, "exchange", False)
    try:
        aliases = deck_for(rules.deck_in_force, rules.mode).aliases
        dealt = start["hands"]
        if not isinstance(dealt, Mapping):
            raise StateError(f"bad start of hand: hands must be an object of seats, not {dealt!r}"[:200])
        hands = {Seat.parse(k): mask_from_ids(v, aliases) for k, v in dealt.items()}
        if len(hands) != len(dealt):
            raise StateError("bad start of hand: a seat is named twice")
        return GameState.from_deal(
            rules,
            Seat.parse(start["dealer"]),
            hands,
            _side_numbers(start, "scores"),
            _side_numbers(start, "bags"),
            hand_number=hand_number,
            seed=seed,
            stop_after_hand=stop,
            exchange=exchange,
        )
    except (KeyError, TypeError, AttributeError, ValueError) as exc:
        if isinstance(exc, StateError):
            raise
        raise StateError(f"bad start of hand: {exc}") from exc


def build_view(state: GameState, seat: Seat) -> SeatView:
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
