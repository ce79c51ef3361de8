"""What may be done now, and the rule that forbids anything else: the queries of ``GameState``
(``legal_actions``, ``why_illegal``) and the checks ``apply`` makes before anything changes."""

from __future__ import annotations

from . import actions as A
from .cards import (
    HIGH_TWO_OF_DIAMONDS,
    SPADES,
    SUIT_CARD_TABLES,
    SUIT_MASKS,
    SUIT_NAMES,
    SUIT_OF,
    card_id,
    cards_of,
)
from .consequences import StyleBids, legal_follows, legal_leads, style_bids
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
    TrumpNotBroken,
    WrongPhase,
)
from .rule_values import BiddingStyle
from .rules import Mode
from .seats import Seat
from .state_fields import (
    ANY_TIME_LEAD,
    AUCTION_MIN,
    CARD_WORDS,
    PHASE_BIDDING,
    PHASE_BLIND_DECISION,
    PHASE_DRAW,
    PHASE_EXCHANGE,
    PHASE_GAME_OVER,
    PHASE_HAND_OVER,
    PHASE_PLAY,
    PHASE_TRUMP,
    STANDARD_BIDDING,
    ActionName,
    StateFields,
)
from .words import plural


class Legality(StateFields):
    """The legality half of ``GameState``: reads the fields, changes only the legal-move cache."""

    __slots__ = ()

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
        return phase is PHASE_GAME_OVER or phase is PHASE_HAND_OVER

    def side_of_seat(self, seat: Seat) -> str:
        return self.side_of[seat]

    def legal_actions(self) -> tuple[int, ...]:
        if self.phase is PHASE_PLAY:
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
        if phase is PHASE_BIDDING:
            if self.is_auction:
                return (A.PASS, *range(A.BID_BASE + max(self.high_bid + 1, AUCTION_MIN), A.BID_BASE + 14))  # 7 to 13
            if self.bidding != STANDARD_BIDDING:
                return self.style_bids(self.actor).bids
            return self.nil_choices[self._lowest_bid(self.actor)]
        if phase is PHASE_BLIND_DECISION:
            return (A.BLIND_NIL, A.LOOK)
        if phase is PHASE_DRAW:
            return (A.KEEP, A.DISCARD)
        if phase is PHASE_EXCHANGE:
            seat = self.actor
            cards = cards_of(self.hands[seat] & ~self.exchange_chosen[seat])
            return (*cards, A.EXCHANGE_DONE) if self.is_two else cards
        if phase is PHASE_TRUMP:
            return (*range(A.TRUMP_BASE, A.TRUMP_BASE + 4), A.NO_TRUMP)
        return ()

    def legal_card_mask(self) -> int:
        """Mask of the cards the player on turn may play (0 outside the play phase)."""
        if self.phase is not PHASE_PLAY:
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
                           self.broken or self.rules.spades_lead == ANY_TIME_LEAD)

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
            return FirstLeadRestricted(f"the first lead must be the {CARD_WORDS.get(low, card_id(low))}")
        if self.trick_count == 0:
            return FirstLeadRestricted(f"{trump_name} may not be led on the first trick")
        return TrumpNotBroken(f"{trump_name} are not broken")

    def _lowest_bid(self, seat: Seat) -> int:
        """Lowest number of tricks ``seat`` may bid, nil aside (the minimum team bid binds
        the second bidder of a side unless the partner bid nil)."""
        need = self.rules.min_team_bid
        if need and self.mode == Mode.PARTNERSHIP and self.bidding == STANDARD_BIDDING:
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
        if phase is PHASE_GAME_OVER or phase is PHASE_HAND_OVER:
            raise WrongPhase("the game is over" if phase is PHASE_GAME_OVER else "the hand is over")
        if not isinstance(action, int) or isinstance(action, bool) or not 0 <= action < A.NUM_ACTIONS:
            raise IllegalAction(f"not an action: {action!r}")
        what = ActionName(action)
        if phase is PHASE_PLAY:
            if not A.is_card(action):
                raise WrongPhase(f"cannot {what} now: it is time to play a card")
            if not self.legal_card_mask() >> action & 1:
                raise self._explain_illegal_card(action)
            return
        if phase is PHASE_BIDDING:
            if self.is_auction:
                if action == A.PASS:
                    return
                if not A.is_bid(action):
                    raise WrongPhase(f"cannot {what} now: it is time to bid or pass")
                value = A.bid_value(action)
                if value < AUCTION_MIN:
                    raise BidNotAllowed(f"an auction bid is {AUCTION_MIN} to 13 tricks")
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
            if self.bidding != STANDARD_BIDDING:
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
        if phase is PHASE_BLIND_DECISION:
            if action not in (A.BLIND_NIL, A.LOOK):
                raise WrongPhase("first choose blind nil or look at the cards")
            return
        if phase is PHASE_DRAW:
            if action not in (A.KEEP, A.DISCARD):
                raise WrongPhase("keep or discard the card drawn")
            return
        if phase is PHASE_EXCHANGE:
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
        if phase is PHASE_TRUMP:
            if not (A.TRUMP_BASE <= action < A.TRUMP_BASE + 4 or action == A.NO_TRUMP):
                raise WrongPhase("name a trump suit or no trump")
            return

    @property
    def drawn_card(self) -> int | None:
        """Two-player draw: the card shown to the player on turn."""
        if self.phase is PHASE_DRAW and self.draw_pos < len(self.stock):
            return self.stock[self.draw_pos]
        return None
