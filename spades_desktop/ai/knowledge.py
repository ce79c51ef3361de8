"""What a computer seat can infer from its view, and deals sampled consistently with it.

Everything here reads only a ``SeatView``: the seat's hand, public play, bids and
its private knowledge.  Hidden hands are never consulted, so decisions built on
these samples cannot cheat.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from ..engine.cards import SUIT_MASKS, SUIT_OF, cards_of
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


def infer_voids(view: SeatView) -> dict[int, int]:
    """Suits each seat has shown out of, from every trick of this hand."""
    voids = {int(s): 0 for s in view.seats}
    trump = view.trump
    broken = False
    any_time = view.rules.spades_lead == "any_time"
    tricks = [t.plays for t in view.completed_tricks]
    if view.current_trick:
        tricks.append(view.current_trick)
    for trick_no, plays in enumerate(tricks):
        lead_seat, lead_card = plays[0]
        lead_suit = SUIT_OF[lead_card]
        if trump is not None and lead_suit == trump and ((not broken and not any_time) or trick_no == 0):
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
    if partner_given and view.rules.mode == "partnership":
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
    return Knowledge(me, hand, unknown, need, voids, known)


def sample_deal(k: Knowledge, rng: random.Random, tries: int = 60) -> list[int]:
    """Hands for every seat (index 0..3) consistent with the knowledge; own hand as it is.

    Cards are placed most-constrained first, each to a seat that can hold it, chosen
    in proportion to the cards the seat still needs; a dead end retries.  With no
    voids this is a uniform deal.
    """
    cards = list(cards_of(k.unknown))
    holders = list(k.need)
    for _ in range(tries):
        hands = [0, 0, 0, 0, 0]
        hands[k.seat] = k.hand
        for seat, mask in k.known.items():
            hands[seat] |= mask
        need = dict(k.need)
        rng.shuffle(cards)
        # cards of suits that some seat is void in go first; stable sort keeps the shuffle
        cards.sort(key=lambda c: -sum(1 for s in holders if s != OUT and k.voids.get(s, 0) >> SUIT_OF[c] & 1))
        ok = True
        for card in cards:
            suit_bit = 1 << SUIT_OF[card]
            total = 0
            options = []
            for seat in holders:
                n = need[seat]
                if n and (seat == OUT or not k.voids.get(seat, 0) & suit_bit):
                    options.append(seat)
                    total += n
            if not options:
                ok = False
                break
            pick = rng.random() * total
            for seat in options:
                pick -= need[seat]
                if pick < 0:
                    break
            hands[seat] |= 1 << card
            need[seat] -= 1
        if ok:
            return hands[:4]
    # Inconsistent inferences (should not happen): fall back to ignoring voids.
    return sample_deal(Knowledge(k.seat, k.hand, k.unknown, k.need, {}, k.known), rng, tries) if k.voids else [
        k.hand if s == k.seat else 0 for s in range(4)
    ]


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
