"""What a partner never does (issue 55 item 4, "a partner people trust"): the rules every computer
player's card play and bids keep, in one place.  The normal player's habits (``card_play``), the hard
player's candidates (``world_search.candidates``, which its search and the endgame search both start
from) and the hard bid search (``hard_bids``) read them here.

Last to play with the partner's card winning the trick, the side has the trick already: a card that
takes it over gains nothing in it and tells the partner its winner was not trusted, so it is never
played while a card that keeps the partner winning is legal (a ruff over a partner's winner, with a
discard legal, is one such); nor is a high trump spent on it while a lower card is legal.  A
partner's nil that is winning the trick is covered whenever a legal card covers it.  And a seat never
bids nil beside its partner's nil.

The sampled-world search sees many of these cards as equal (the partner's trick is the side's trick
either way) and picked among equals by the card's number, which overtook a partner's winner 220 times
in 1,000 hands (``benchmarks/partner_trust.py``): the rules take such cards out of the candidates
rather than leave the choice to a tie.  No imports from the other players' modules (they import this).
"""

from __future__ import annotations

from ..engine import actions as A
from ..engine.cards import SUIT_MASKS, SUIT_OF, card_rank
from ..engine.view import SeatView
from .playout import beating
from .situation import Situation

#: a trump of this rank or higher is a high trump (the jack: ranks run 0 for the two to 12 for the ace,
#: the jokers above): the one partner_trust's ``trump_wasted`` counts
HIGH_TRUMP_RANK = 9


def _mask(cards: list[int]) -> int:
    out = 0
    for card in cards:
        out |= 1 << card
    return out


def trusted_mask(sit: Situation, legal: int) -> int:
    """The cards of ``legal`` (a mask) a partner people trust may play here: all of them unless the
    partner's card is winning the trick (and then a nil partner's is covered if it can be; else, last
    to play, a card that keeps it winning if one is legal, and no high trump while a lower card is)."""
    partner, best = sit.partner, sit.best_card
    if partner is None or best is None or sit.best_seat != partner or sit.i_am_nil:
        return legal
    lead_suit = SUIT_OF[sit.trick[0][1]]
    wins = beating(legal, best, lead_suit, sit.trump)
    if sit.partner_nil:
        return wins or legal  # cover the nil: the side's trick is not the nil's
    if sit.seats_after_me():
        return legal  # a later card may take the trick yet: the habits and the search decide
    kept = legal & ~wins or legal
    return _spare_high_trumps(sit, kept)


def _spare_high_trumps(sit: Situation, cards: int) -> int:
    """``cards`` without its high trumps while a card that is not one is among them; all high trumps,
    the lowest of them (the trick is the side's: the cheapest card does)."""
    trump = sit.trump
    if trump is None:
        return cards
    high = 0
    m = cards & SUIT_MASKS[trump]
    while m:
        low = m & -m
        if card_rank(low.bit_length() - 1) >= HIGH_TRUMP_RANK:
            high |= low
        m ^= low
    if cards & ~high:
        return cards & ~high
    return high & -high  # (the lowest bit is the lowest trump)


def trusted_cards(sit: Situation, legal: list[int]) -> list[int]:
    """``trusted_mask`` for a list of cards, in their order."""
    kept = trusted_mask(sit, _mask(legal))
    return [card for card in legal if kept >> card & 1]


def bid_candidates(view: SeatView, legal: list[int]) -> list[int]:
    """The bids a seat may choose among: no nil (blind or not) beside a partner's nil."""
    partner = next((s for s in view.sides[view.my_side] if s != view.seat), None)
    if partner is None or view.bids[partner] != 0:
        return legal
    kept = [a for a in legal if a not in (A.NIL, A.BLIND_NIL)]
    return kept or legal
