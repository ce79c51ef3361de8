"""What the rules make of a position, each said once: which tricks count for a contract, which
cards may be led, and which bids a bidding style allows and why (docs/RULES.md sections 2, 3 and 6).

The state machine, scoring, the table's words and the computer players' fast playout all ask these
functions instead of working the answer out again, so the table cannot say "Need 1" where the score
says made, and a search cannot lead a card the engine refuses.  They take plain numbers and masks
(no GameState), so the playout can call them on its bare worlds.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from . import actions as A
from .cards import HIGH_TWO_OF_SPADES, SPADES, SUIT_MASKS, card_id, cards_of
from .rule_values import BiddingStyle, FirstLead, Mode
from .rules import HouseRules
from .words import plural

#: the modes whose first trick opens with the lowest club under the two-of-clubs lead (two-player
#: and auction have no such lead: the non-dealer or the declarer leads what it likes)
TWO_CLUB_LEAD_MODES = frozenset({Mode.PARTNERSHIP, Mode.CUTTHROAT, Mode.THREE_PLAYER})


# ---------------------------------------------------------------- which tricks count for a contract
class ContractCount(NamedTuple):
    """A side's tricks against its contract."""

    contract: int  # the tricks its contract bidders bid (a nil adds none)
    counted: int  # the tricks that count toward the contract
    loose: int  # tricks of its nil bidders that count toward nothing: bags whatever the contract does
    has_contract: bool  # False when every bid of the side is nil

    @property
    def made(self) -> bool | None:
        """Made (so far, mid-hand), set, or None without a contract."""
        return self.counted >= self.contract if self.has_contract else None

    @property
    def bags(self) -> int:
        """The bags these tricks give if the hand ended now: overtricks of a made contract and
        the loose tricks (a failed thirteen's penalty bags aside: scoring adds those)."""
        over = self.counted - self.contract if self.made else 0
        return over + self.loose


def count_contract(rules: HouseRules, bids_and_tricks: Iterable[tuple[int | None, int]]) -> ContractCount:
    """Which tricks count for a side's contract, from each member's (bid, tricks taken); a bid of 0
    is nil.  A nil bidder's tricks count toward the partner's contract when the house rule
    ``failed_nil_counts_for_partner`` says so and there is a contract; otherwise they are bags."""
    contract = counted = nil_tricks = 0
    has_contract = False
    for bid, taken in bids_and_tricks:
        if bid == 0:
            nil_tricks += taken
        else:
            has_contract = True
            contract += bid or 0
            counted += taken
    if has_contract and rules.failed_nil_counts_for_partner:
        return ContractCount(contract, counted + nil_tricks, 0, True)
    return ContractCount(contract, counted, nil_tricks, has_contract)


def tricks_to_set(hand_size: int, contract: int) -> int:
    """Auction: how many tricks the defenders need to set a contract of ``contract`` tricks."""
    return hand_size - contract + 1


# ---------------------------------------------------------------- who may lead what
def first_lead_card(rules: HouseRules, deck_mask: int) -> int:
    """The bit of the card that must open a hand (the lowest club of the deck in force, under the
    two-of-clubs lead in the modes that have it), 0 when the first lead is free."""
    if rules.first_lead != FirstLead.TWO_OF_CLUBS or rules.mode not in TWO_CLUB_LEAD_MODES:
        return 0
    clubs = deck_mask & SUIT_MASKS[0]
    return clubs & -clubs


def legal_leads(hand: int, first_trick: bool, first_card: int, trump: int | None, trump_free: bool) -> int:
    """The cards of ``hand`` that may lead a trick.  ``first_card``: the bit of the card that must
    open the hand (0: free); ``trump_free``: trumps are broken or may be led any time.  Trumps are
    never led to the first trick, nor before they are free, unless the hand holds nothing else."""
    if first_trick and first_card:
        return first_card if hand & first_card else hand
    if trump is None:
        return hand
    others = hand & ~SUIT_MASKS[trump]
    if not others or not trump_lead_restricted(first_trick, trump_free):
        return hand
    return others


def trump_lead_restricted(first_trick: bool, trump_free: bool) -> bool:
    """Whether a trump may be led only from a hand of nothing but trumps: on the first trick, and
    until trumps are broken unless they may be led any time.  (So such a lead shows the leader
    void in every other suit.)"""
    return first_trick or not trump_free


def legal_follows(hand: int, lead_card: int, suit_of: tuple[int, ...] | list[int]) -> int:
    """The cards of ``hand`` that may go on a trick led with ``lead_card``: its suit if held, else any."""
    return hand & SUIT_MASKS[suit_of[lead_card]] or hand


# ---------------------------------------------------------------- which bids a style allows, and why
class StyleBids(NamedTuple):
    """The bids a bidding style leaves a seat, and why in words a player reads."""

    bids: tuple[int, ...]  # bid actions
    why: str  # "you bid your 3 spades or nil", "your partner bid nil, so you bid 4 or more", ...


def spades_words(hand: int) -> str:
    """'3 spades', or '4 spades (BJ and 2D count)' when jokers or the trump 2 of diamonds are among
    them (the high 2 of spades is plainly a spade)."""
    text = plural((hand & SUIT_MASKS[SPADES]).bit_count(), "spade")
    high = [card_id(c) for c in reversed(cards_of(hand)) if c > HIGH_TWO_OF_SPADES]
    if high:
        text += f" ({' and '.join(high) if len(high) <= 2 else ', '.join(high)} count{'s' if len(high) == 1 else ''})"
    return text


def style_bids(style: str, hand: int, partner_bid: int | None, hand_size: int) -> StyleBids:
    """Whiz: the seat's spade count or nil; mirror: its spade count; either with no spades: nil.
    Suicide: one partner bids nil and the other 4 or more (the first to bid chooses)."""
    if style == BiddingStyle.SUICIDE:
        high = tuple(range(A.BID_BASE + 4, A.BID_BASE + hand_size + 1))
        if partner_bid is None:
            return StyleBids((A.NIL, *high), "you bid nil or 4 or more")
        if partner_bid == 0:
            return StyleBids(high, "your partner bid nil, so you bid 4 or more")
        return StyleBids((A.NIL,), f"your partner bid {partner_bid}, so you bid nil")
    spades = (hand & SUIT_MASKS[SPADES]).bit_count()
    if not spades:
        return StyleBids((A.NIL,), "you hold no spades, so you bid nil")
    if style == BiddingStyle.WHIZ:
        return StyleBids((A.NIL, A.BID_BASE + spades), f"you bid your {spades_words(hand)} or nil")
    return StyleBids((A.BID_BASE + spades,), f"you bid your {spades_words(hand)}")
