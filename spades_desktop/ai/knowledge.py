"""What a computer seat can infer from its view, and deals sampled consistently with it.

Everything here reads only a ``SeatView``: the seat's hand, public play, bids and
its private knowledge.  Hidden hands are never consulted, so decisions built on
these samples cannot cheat.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass

from ..engine.cards import SPADES, SUIT_MASKS, SUIT_OF, cards_of
from ..engine.consequences import trump_lead_restricted
from ..engine.rule_values import BiddingStyle, Mode, SpadesLead
from ..engine.seats import Seat
from ..engine.view import SeatView

OUT = 4  # pseudo-seat for cards out of play (two-player discards)


@dataclass(frozen=True, slots=True)
class Knowledge:
    seat: Seat
    hand: int
    unknown: int  # cards whose place this seat does not know
    need: dict[int, int]  # seat (or OUT) -> how many unknown cards it holds
    voids: dict[int, int]  # seat -> bit per suit it has shown out of
    known: dict[int, int]  # seat -> cards known to be in that hand (exchange given to partner)
    trumps: dict[int, int] | None = None  # seat -> exact count of unknown trumps it holds (whiz, mirror)


def infer_voids(view: SeatView) -> dict[int, int]:
    """Suits each seat has shown out of, from every trick of this hand."""
    voids = {int(s): 0 for s in view.seats}
    trump = view.trump
    broken = False
    any_time = view.rules.spades_lead == SpadesLead.ANY_TIME
    tricks = [t.plays for t in view.completed_tricks]
    if view.current_trick:
        tricks.append(view.current_trick)
    for trick_no, plays in enumerate(tricks):
        lead_seat, lead_card = plays[0]
        lead_suit = SUIT_OF[lead_card]
        if trump is not None and lead_suit == trump and trump_lead_restricted(trick_no == 0, broken or any_time):
            # leading trump before it may be led means the hand held nothing else
            voids[int(lead_seat)] |= 0b1111 & ~(1 << trump)
        for seat, card in plays[1:]:
            if SUIT_OF[card] != lead_suit:
                voids[int(seat)] |= 1 << lead_suit
        for _, card in plays:
            if trump is not None and SUIT_OF[card] == trump:
                broken = True
    return voids


def knowledge_from_view(view: SeatView) -> Knowledge:
    me = view.seat
    hand = view.hand or 0
    voids = infer_voids(view)
    known: dict[int, int] = {}
    partner_given = view.exchange_given & ~view.played
    if partner_given and view.rules.mode == Mode.PARTNERSHIP:
        known[int(me.partner())] = partner_given
    unknown = view.unseen
    for mask in known.values():
        unknown &= ~mask
    need: dict[int, int] = {}
    total_holding = 0
    for seat in view.seats:
        if seat == me:
            continue
        count = view.cards_held[seat] - known.get(int(seat), 0).bit_count()
        need[int(seat)] = count
        total_holding += count
    rest = unknown.bit_count() - total_holding
    if rest > 0:
        need[OUT] = rest
    return Knowledge(me, hand, unknown, need, voids, known, _trump_counts(view, unknown))


def _trump_counts(view: SeatView, unknown: int) -> dict[int, int] | None:
    """Whiz and mirror bids say how many spades (trumps, jokers and the trump deuce included) a
    seat was dealt: a number bid is exactly that count, and a mirror nil is none.  Less the trumps
    it has played since, that is how many unknown trumps it holds.  Seats whose side passed cards
    in an exchange are left out (the bid counted the hand before it)."""
    style = view.rules.bidding_in_force
    if style not in (BiddingStyle.WHIZ, BiddingStyle.MIRROR) or view.trump is None:
        return None
    exchanging = view.rules.mode == Mode.PARTNERSHIP and bool(view.rules.nil_exchange_in_force
                                                           or view.rules.blind_nil_exchange)
    played = dict.fromkeys(view.seats, 0)
    tricks = [t.plays for t in view.completed_tricks] + [view.current_trick]
    for plays in tricks:
        for seat, card in plays:
            played[seat] |= 1 << card
    counts: dict[int, int] = {}
    trumps = SUIT_MASKS[view.trump]
    for seat in view.seats:
        bid = view.bids[seat]
        if seat == view.seat or bid is None or view.blind[seat] or (bid == 0 and style == BiddingStyle.WHIZ):
            continue
        if exchanging and (bid == 0 or view.bids[seat.partner()] == 0):
            continue
        left = bid - (played[seat] & trumps).bit_count()
        if 0 <= left <= (unknown & trumps).bit_count():
            counts[int(seat)] = left
    return counts or None


def sample_deal(k: Knowledge, rng: random.Random, tries: int = 60) -> list[int]:
    """Hands for every seat (index 0..3) consistent with the knowledge; own hand as it is.

    Cards are placed most-constrained first, each to a seat that can hold it, chosen
    in proportion to the cards the seat still needs; a dead end retries.  With no
    voids this is a uniform deal.
    """
    if k.trumps:
        return _sample_with_trump_counts(k, rng, tries)
    cards = list(cards_of(k.unknown))
    holders = list(k.need)
    # per suit, read once rather than per card and try (the deal of the first trick, with no void
    # shown, was the costliest part of hard's widest decisions): the seats that may hold it, and
    # how many seats are void in it, the sort key that deals those suits first
    may_hold = {suit: [s for s in holders if s == OUT or not k.voids.get(s, 0) >> suit & 1]
                for suit in {SUIT_OF[c] for c in cards}}
    first = {suit: len(seats) - len(holders) for suit, seats in may_hold.items()}
    sort = len(set(first.values())) > 1  # one key for every card: the stable sort would change nothing
    # no seat is void in a suit of these cards (and the seats need them all: else no deal fits)
    anywhere = not any(first.values()) and sum(k.need.values()) >= len(cards)
    for _ in range(tries):
        hands = [0, 0, 0, 0, 0]
        hands[k.seat] = k.hand
        for seat, mask in k.known.items():
            hands[seat] |= mask
        need = dict(k.need)
        rng.shuffle(cards)
        if sort:  # cards of suits that some seat is void in go first; stable sort keeps the shuffle
            cards.sort(key=lambda c: first[SUIT_OF[c]])
        if anywhere:
            _deal_anywhere(cards, holders, need, hands, rng.random)
            return hands[:4]
        if _deal_by_suit(cards, may_hold, need, hands, rng.random):
            return hands[:4]
    # Inconsistent inferences (should not happen): fall back to ignoring voids.
    return sample_deal(Knowledge(k.seat, k.hand, k.unknown, k.need, {}, k.known), rng, tries) if k.voids else [
        k.hand if s == k.seat else 0 for s in range(4)
    ]


def _deal_by_suit(cards: list[int], may_hold: dict[int, list[int]], need: dict[int, int], hands: list[int],
                  random: Callable[[], float]) -> bool:
    """``sample_deal``'s card-by-card draw: each card, in turn, to one of the seats that may hold its
    suit and still need cards, chosen in proportion to how many each needs.  False at a dead end (a
    card no seat may take)."""
    for card in cards:
        options = [seat for seat in may_hold[SUIT_OF[card]] if need[seat]]
        if not options:
            return False
        total = 0
        for seat in options:
            total += need[seat]
        pick = random() * total
        for seat in options:
            pick -= need[seat]
            if pick < 0:
                break
        hands[seat] |= 1 << card
        need[seat] -= 1
    return True


def _deal_anywhere(cards: list[int], holders: list[int], need: dict[int, int], hands: list[int],
                   random: Callable[[], float]) -> None:
    """``_deal_by_suit`` when every seat may hold every card: the same draws and the same deal, with the
    seats still needing cards and their total kept as cards are placed rather than counted again for
    each card (the first trick, with no void shown yet, draws about three deals for each world it
    keeps, and this was most of their cost).  The pick is written out in both: a call per card would
    cost the loop a good part of what it saves."""
    open_seats = [seat for seat in holders if need[seat]]
    total = sum(need[seat] for seat in open_seats)
    for card in cards:
        pick = random() * total
        for seat in open_seats:
            pick -= need[seat]
            if pick < 0:
                break
        hands[seat] |= 1 << card
        total -= 1
        need[seat] -= 1
        if not need[seat]:
            open_seats.remove(seat)


def _sample_with_trump_counts(k: Knowledge, rng: random.Random, tries: int) -> list[int]:
    """``sample_deal`` when some seats' trump counts are known: those seats get exactly that many
    of the unknown trumps at random, then the rest is dealt as usual with them void in trumps."""
    trump_mask = SUIT_MASKS[SPADES]
    pool = list(cards_of(k.unknown & trump_mask))
    counts = k.trumps or {}
    for _ in range(tries):
        rng.shuffle(pool)
        given: dict[int, int] = {}
        at = 0
        ok = True
        for seat, count in counts.items():
            if count > k.need.get(seat, 0) or at + count > len(pool):
                ok = False
                break
            given[seat] = sum(1 << c for c in pool[at:at + count])
            at += count
        if not ok:
            break
        taken = 0
        need = dict(k.need)
        voids = dict(k.voids)
        known = dict(k.known)
        for seat, mask in given.items():
            taken |= mask
            need[seat] -= mask.bit_count()
            voids[seat] = voids.get(seat, 0) | 1 << SPADES
            known[seat] = known.get(seat, 0) | mask
        rest = Knowledge(k.seat, k.hand, k.unknown & ~taken, need, voids, known)
        hands = sample_deal(rest, rng, 8)
        if all((hands[s] & trump_mask & k.unknown).bit_count() == n for s, n in counts.items()):
            return hands
    return sample_deal(Knowledge(k.seat, k.hand, k.unknown, k.need, k.voids, k.known), rng, tries)


def bid_weight(hand: int, bid: int | None, blind: bool, trump: int | None, estimate) -> float:
    """How plausible a sampled hand is for the bid its seat made (1 = fully)."""
    if bid is None or blind:
        return 1.0
    if bid == 0:
        spades = hand & SUIT_MASKS[3]
        high = spades >> (39 + 11)  # K or A of spades, or a trump above them (jokers decks)
        return 0.15 if high else 1.0
    est = estimate(hand, trump)
    return math.exp(-((est - bid) ** 2) / (2 * 1.6**2))
