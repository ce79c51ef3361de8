"""What an action does: the deal, the draw, the blind decision, the exchange, the bids, the
auction, the play and the scoring, each phase handing on to the next (``GameState._do``)."""

from __future__ import annotations

from operator import getitem

from . import actions as A
from .cards import (
    SUIT_MASKS,
    SUIT_OF,
    cards_of,
)
from .events import (
    AuctionCall,
    BidMade,
    BlindNilChoice,
    CardDrawn,
    CardsExchanged,
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
from .legality import Legality
from .rng import SplitMix64, derive_seed, shuffled_deck
from .rule_values import BiddingStyle
from .scoring import SideBreakdown, game_winner, score_auction_side, score_side
from .seats import Seat
from .state_fields import (
    BITS,
    BREAKING_PLAYS,
    PHASE_BIDDING,
    PHASE_BLIND_DECISION,
    PHASE_DRAW,
    PHASE_EXCHANGE,
    PHASE_GAME_OVER,
    PHASE_HAND_OVER,
    PHASE_PLAY,
    PHASE_TRUMP,
    PLAIN_PLAYS,
    RNG_DEAL,
    RNG_EXCHANGE,
)


class HandFlow(Legality):
    """The moves of ``GameState`` from one decision to the next, on known-legal actions."""

    __slots__ = ()

    def _do(self, action: int, ev: list[Event] | None) -> None:
        actor = self.actor
        self.log.append(action)
        self._legal_mask = self._legal_tuple = None
        phase = self.phase
        if phase is PHASE_PLAY:
            self._play(actor, action, ev)
        elif phase is PHASE_BIDDING:
            if self.is_auction:
                self._auction_call(actor, action, ev)
            else:
                self._bid(actor, A.bid_value(action), False, ev)
        elif phase is PHASE_BLIND_DECISION:
            self._blind_decision(actor, action == A.BLIND_NIL, ev)
        elif phase is PHASE_DRAW:
            self._draw(actor, action == A.KEEP, ev)
        elif phase is PHASE_EXCHANGE:
            self._exchange(actor, action, ev)
        elif phase is PHASE_TRUMP:
            self.trump = None if action == A.NO_TRUMP else action - A.TRUMP_BASE
            if ev is not None:
                ev.append(TrumpChosen(actor, self.trump))
            self._start_play(self.high_bidder)

    # -- dealing
    def _begin_hand(self, ev: list[Event] | None) -> None:
        self._reset_hand()
        if ev is not None:
            ev.append(HandStarted(self.hand_number, self.dealer))
        deck = shuffled_deck(self.seed, self.hand_number, self.redeals, RNG_DEAL,
                             cards=None if self.deck.is_standard else self.deck.cards)
        if self.is_two:
            self.stock = tuple(deck)
            self.draw_pos = 0
            self.turn = self.dealer
            self.phase = PHASE_DRAW
            self._enter_draw_turn()
            return
        first = self.next_seat[self.dealer]
        order = self.play_order[first]  # one card at a time, from the left
        hands = self.hands
        n = self.n_players
        bit = BITS.__getitem__
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
            self.phase = PHASE_BIDDING
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
            self.phase = PHASE_BLIND_DECISION
        else:
            self.blind_decided[seat] = True
            self.phase = PHASE_DRAW

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

    # -- blind nil and exchange
    def _blind_decision(self, seat: Seat, blind: bool, ev: list[Event] | None) -> None:
        if ev is not None:
            ev.append(BlindNilChoice(seat, blind))
        self.blind_decided[seat] = True
        if self.is_two and self.phase is PHASE_BLIND_DECISION and self.stock:
            self.looked[seat] = True
            if blind:
                self.bids[seat] = 0
                self.blind[seat] = True
                self.hand_bids.append((seat, A.BLIND_NIL))
                if ev is not None:
                    ev.append(BidMade(seat, 0, True))
            self.phase = PHASE_DRAW
            return
        self.looked[seat] = True
        if blind:
            self._bid(seat, 0, True, ev)
        else:
            self.phase = PHASE_BIDDING

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
        self.phase = PHASE_EXCHANGE
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
        self.phase = PHASE_EXCHANGE
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
        rng = SplitMix64(derive_seed(self.seed, self.hand_number, self.redeals, RNG_EXCHANGE, int(seat)))
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
        self.phase = PHASE_BIDDING if self.looked[seat] else PHASE_BLIND_DECISION

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
                self.phase, self.turn = PHASE_HAND_OVER, None
                return
            self._begin_hand(ev)
            return
        if self.high_bidder is not None and self.passes == 3:
            self.bids[self.high_bidder] = self.high_bid
            self.turn = self.high_bidder
            self.phase = PHASE_TRUMP
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
        self.phase = PHASE_PLAY
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
                ev.append(BREAKING_PLAYS[seat][card])
        elif ev is not None:
            ev.append(PLAIN_PLAYS[seat][card])
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
            self.phase = PHASE_GAME_OVER
            if ev is not None:
                ev.append(GameOver(winner, dict(self.scores)))
            return
        if self.stop_after_hand:
            self.phase = PHASE_HAND_OVER
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
