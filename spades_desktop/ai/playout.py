"""The fast playout core: finishing a determinized hand with bit masks only.

Hard search plays thousands of hands to the end per decision, so this module
works on bare integers (hands as masks of the 56 card slots, seats as 0..3)
instead of the engine's GameState.  The trump field of spades is 17 bits wide (the
jokers decks' high trumps sit above the ace), so suits come from ``SUIT_OF`` and a
hand ends when the seat to play has no card left, whatever the hand size.
Who may lead or follow with what is the engine's own rule (``engine.consequences``); a
property test checks that its legal cards equal the engine's in every position reached.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..engine.cards import HIGH_CARD_TABLE, NUM_CARDS, SUIT_CARD_TABLES, SUIT_FIELDS, SUIT_MASKS, SUIT_OF, cards_of
from ..engine.consequences import legal_follows, legal_leads

_ABOVE = tuple(~((1 << (c + 1)) - 1) for c in range(NUM_CARDS))  # cards above c (any suit; mask a suit after)


@dataclass(slots=True)
class World:
    """A position in the play with every hand known (one determinization)."""

    hands: list[int]
    trick: list[int]  # cards of the trick in progress, from its leader
    leader: int
    trump: int | None
    broken: bool
    trick_count: int
    tricks: list[int]
    next_seat: tuple[int, ...]  # next_seat[s]
    n_players: int
    any_time: bool  # trump may be led any time (after the first trick)
    first_card: int  # bit of the card that must open the hand (two-of-clubs lead), else 0
    nil: int  # bit per seat bidding nil or blind nil (they try to lose every trick)
    side: tuple[int, ...]  # side index per seat; partners share one
    contract: tuple[int, ...] = ()  # tricks bid per side index (its members' bids but nils); () unknown


    def copy(self) -> World:
        return World(list(self.hands), list(self.trick), self.leader, self.trump, self.broken, self.trick_count,
                     list(self.tricks), self.next_seat, self.n_players, self.any_time, self.first_card, self.nil,
                     self.side, self.contract)

    def turn(self) -> int:
        seat = self.leader
        for _ in range(len(self.trick)):
            seat = self.next_seat[seat]
        return seat


def legal_mask(w: World, seat: int) -> int:
    hand = w.hands[seat]
    if w.trick:
        return legal_follows(hand, w.trick[0], SUIT_OF)
    return legal_leads(hand, w.trick_count == 0, w.first_card, w.trump, w.broken or w.any_time)


def _lowest(mask: int, trump: int | None) -> int:
    """Lowest-ranked card of a mask, preferring non-trump cards."""
    best = -1
    best_rank = 99
    for suit in (0, 1, 2, 3):
        bits = (mask >> (13 * suit)) & SUIT_FIELDS[suit]
        if not bits:
            continue
        rank = (bits & -bits).bit_length() - 1
        score = rank + 20 if suit == trump else rank
        if score < best_rank:
            best_rank, best = score, suit * 13 + rank
    return best


def _highest(mask: int, trump: int | None) -> int:
    """Highest-ranked card of a mask, preferring to shed trumps last."""
    best = -1
    best_rank = -99
    for suit in (0, 1, 2, 3):
        bits = (mask >> (13 * suit)) & SUIT_FIELDS[suit]
        if not bits:
            continue
        rank = bits.bit_length() - 1
        score = rank - (20 if suit == trump else 0)
        if score > best_rank:
            best_rank, best = score, suit * 13 + rank
    return best


def trick_winner_card(trick: list[int], trump: int | None) -> int:
    mask = 0
    for c in trick:
        mask |= 1 << c
    if trump is not None and mask & SUIT_MASKS[trump]:
        return (mask & SUIT_MASKS[trump]).bit_length() - 1
    return (mask & SUIT_MASKS[SUIT_OF[trick[0]]]).bit_length() - 1


def beating(legal: int, best: int, lead_suit: int, trump: int | None) -> int:
    """Cards of ``legal`` that would beat ``best`` in a trick led in ``lead_suit``."""
    if SUIT_OF[best] == trump:
        return legal & SUIT_MASKS[trump] & _ABOVE[best]
    wins = legal & SUIT_MASKS[lead_suit] & _ABOVE[best]
    if trump is not None:
        wins |= legal & SUIT_MASKS[trump]
    return wins


def policy_card(w: World, seat: int, legal: int, rand) -> int:
    """A quick sensible card: nil bidders duck, others win cheaply unless partner has it."""
    trump = w.trump
    if not w.trick:
        if w.nil >> seat & 1:
            return _lowest(legal, trump)
        options = cards_of(legal)
        return options[int(rand() * len(options))]
    trick = w.trick
    lead_suit = SUIT_OF[trick[0]]
    best = trick_winner_card(trick, trump)
    if w.nil >> seat & 1:
        losers = legal & ~beating(legal, best, lead_suit, trump)
        if losers:
            return _highest(losers, trump)
        # forced over: the lowest card gives the seats still to play the best chance to overtake
        return _highest(legal, trump) if len(trick) == w.n_players - 1 else _lowest(legal, trump)
    winner_seat = w.leader
    for card in trick:
        if card == best:
            break
        winner_seat = w.next_seat[winner_seat]
    partner_has_it = w.side[winner_seat] == w.side[seat] and not (w.nil >> winner_seat & 1)
    if partner_has_it:
        return _lowest(legal, trump)
    wins = beating(legal, best, lead_suit, trump)
    if w.nil >> winner_seat & 1 and w.side[winner_seat] != w.side[seat] and not w.tricks[winner_seat]:
        # an opponent's unbroken nil is winning this trick: leave it there (busting the nil)
        # and shed a high card, instead of rescuing the nil by overtaking it
        losers = legal & ~wins
        if losers:
            return _highest(losers, trump)
    if wins and rand() < 0.85:
        return _lowest(wins, trump)
    return _lowest(legal & ~wins or legal, trump)


def guided_card(w: World, seat: int, legal: int, rand) -> int:
    """``policy_card`` with a sensible lead in place of a random one, and no bags: a side suit's boss
    card (the highest of its suit still held by anyone, so it wins unless ruffed) cashed, else the
    lowest card of a side suit; a trump only from a hand of trumps.  Once every contract is made and
    no nil is alive each trick left is only a bag, so it ducks when it can and leads low.  A lead in
    ``GUIDED_RANDOM`` of the playouts stays random, so the playouts still try the odd line.  What
    it reads is what every seat knows: the cards still held by anyone are the ones not yet played.
    The hard player's own search plays with it; the review's judge keeps ``policy_card``, so its
    verdicts (the hint and the play checker) are unchanged."""
    if w.nil >> seat & 1:
        return policy_card(w, seat, legal, rand)
    settled = _all_made(w)
    if w.trick:
        if settled:
            # every contract is made and no nil is alive: a trick now is only a bag, so duck it
            trick = w.trick
            losers = legal & ~beating(legal, trick_winner_card(trick, w.trump), SUIT_OF[trick[0]], w.trump)
            if losers:
                return _highest(losers, w.trump)
        return policy_card(w, seat, legal, rand)
    if rand() < GUIDED_RANDOM:
        return policy_card(w, seat, legal, rand)
    trump = w.trump
    held = w.hands[0] | w.hands[1] | w.hands[2] | w.hands[3]
    bosses = []
    lows = []
    for suit in (0, 1, 2, 3):
        if suit == trump:
            continue
        mine = legal & SUIT_MASKS[suit]
        if not mine:
            continue
        top = (held & SUIT_MASKS[suit]).bit_length() - 1
        if mine >> top & 1:
            bosses.append(top)
        lows.append((mine & -mine).bit_length() - 1)
    if bosses and not settled:
        return bosses[int(rand() * len(bosses))]
    if lows:
        return lows[int(rand() * len(lows))]
    # only trumps: the boss if held, else the lowest
    top = held.bit_length() - 1 if trump is None else (held & SUIT_MASKS[trump]).bit_length() - 1
    return top if legal >> top & 1 else _lowest(legal, trump)


def _all_made(w: World) -> bool:
    """Whether every side has made its contract and no nil is alive (so no trick is worth winning:
    each one left is a bag).  False where the contracts are unknown (the bid search's deals)."""
    if not w.contract:
        return False
    got = [0] * len(w.contract)
    for seat in range(4):  # an empty seat (three players) has no tricks and no nil
        if w.nil >> seat & 1:
            if not w.tricks[seat]:
                return False
        else:
            got[w.side[seat]] += w.tricks[seat]
    return all(g >= c for g, c in zip(got, w.contract, strict=True))


GUIDED_RANDOM = 0.15  # the share of guided playouts' leads left random


Policy = Callable[[World, int, int, Any], int]  # (world, seat, legal cards, random draw) -> the card


def play_card(w: World, seat: int, card: int) -> None:
    """Play ``card`` for ``seat`` and resolve the trick when it is complete."""
    w.hands[seat] ^= 1 << card
    w.trick.append(card)
    if SUIT_OF[card] == w.trump:
        w.broken = True
    if len(w.trick) == w.n_players:
        best = trick_winner_card(w.trick, w.trump)
        winner = w.leader
        for c in w.trick:
            if c == best:
                break
            winner = w.next_seat[winner]
        w.tricks[winner] += 1
        w.trick_count += 1
        w.trick = []
        w.leader = winner


def playout(w: World, rand, smart: bool = True, policy: Policy = policy_card) -> list[int]:
    """Play the hand to its end (modifying ``w``) and return tricks per seat: each card by
    ``policy`` (``smart``), else at random."""
    seat = w.turn()
    tables = SUIT_CARD_TABLES
    hands = w.hands
    while hands[seat]:  # the seat to play holds a card until the last trick is done (13 or 17)
        legal = legal_mask(w, seat)
        if smart:
            card = policy(w, seat, legal, rand)
        else:
            # cards_of, inlined: this is the random playout's innermost line (a call costs ~5%)
            options = (tables[0][legal & 0x1FFF] + tables[1][(legal >> 13) & 0x1FFF]
                       + tables[2][(legal >> 26) & 0x1FFF] + tables[3][(legal >> 39) & 0x1FFF])
            if legal >> 52:
                options += HIGH_CARD_TABLE[legal >> 52]
            card = options[int(rand() * len(options))]
        play_card(w, seat, card)
        seat = w.leader if not w.trick else w.next_seat[seat]
    return w.tricks
