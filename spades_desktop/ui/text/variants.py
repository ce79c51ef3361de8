"""The words the screens use for the variants of docs/RULES.md section 6 and three-player (no pygame).

A variant changes what a player may do (a forced bid, cards to pass, a joker that is a spade),
so every screen that shows one says why in the rule's own words: the bid panel ("Mirror: you
bid 3"), the exchange ("Your partner bid nil: choose 2 cards to pass"), the settings (a row the
mode excludes, with the reason) and How to play.  Kept here as plain functions of the rules and
the engine's state so they are tested without a window.
"""

from __future__ import annotations

from ...engine import actions as A
from ...engine.cards import (
    HIGH_TWO_OF_DIAMONDS,
    HIGH_TWO_OF_SPADES,
    LITTLE_JOKER,
    STANDARD_CARDS,
    SUIT_MASKS,
    cards_of,
)
from ...engine.consequences import spades_words
from ...engine.rule_table import BIDDING_WORDS, DECK_WORDS, MODE_WORDS, SPECS
from ...engine.rules import BiddingStyle, Deck, HouseRules
from ...engine.seats import Seat
from ...engine.state import GameState, Phase
from ...engine.words import card_name, card_short, plural
from ..core.keymap import Context, Intent, label_of


def mode_title(rules: HouseRules) -> str:
    """The mode with the variants in force: 'Partnership · Jokers · Mirror'."""
    parts = [MODE_WORDS[rules.mode]]
    if rules.deck_in_force != Deck.STANDARD:
        parts.append(DECK_WORDS[rules.deck_in_force])
    if rules.bidding_in_force != BiddingStyle.STANDARD:
        parts.append(BIDDING_WORDS[rules.bidding_in_force])
    if rules.nil_exchange_in_force:
        parts.append(f"Nil pass {rules.nil_exchange_in_force}")
    return " · ".join(parts)


def variant_note(rules: HouseRules, key: str) -> str:
    """A stored value the mode does not play ('Jokers & deuces: not in three-player, so the
    standard deck'), or ''."""
    spec = SPECS[key]
    if spec.value_modes is None:
        return ""
    value = getattr(rules, key)
    if rules.in_force(key) == value:
        return ""
    return f"{spec.word(value)}: not in {MODE_WORDS[rules.mode].lower()}, so {words_in_force(rules, key)}"


def words_in_force(rules: HouseRules, key: str) -> str:
    value = rules.in_force(key)
    if key == "deck":
        return "the standard deck" if value == Deck.STANDARD else DECK_WORDS[str(value)]
    if key == "bidding":
        return "standard bidding"
    return "no exchange"


# ---------------------------------------------------------------- cards
def card_words(card: int) -> str:
    """'the queen of hearts (QH)', 'the 10 of diamonds (10D)', 'the Big Joker (BJ)', 'the 2 of
    diamonds (2D, a trump)': the card as a sentence names it and as the table prints it."""
    trump = ", a trump" if card == HIGH_TWO_OF_DIAMONDS else ""
    return f"{card_name(card)} ({card_short(card)}{trump})"


def face_of(card: int) -> tuple[int, int] | None:
    """The suit and rank printed on a card (a trump 2 of diamonds is still a diamond to look at);
    None for a joker."""
    if card >= LITTLE_JOKER:
        return None
    if card >= STANDARD_CARDS:
        return (3 if card == HIGH_TWO_OF_SPADES else 1, 0)
    return (card // 13, card % 13)


def counts_as_trump_mark(card: int) -> bool:
    """Whether a face needs a trump mark: only the 2 of diamonds looks like a card of another suit."""
    return card == HIGH_TWO_OF_DIAMONDS


# ---------------------------------------------------------------- bids
def bid_prompt(state: GameState, seat: Seat) -> str:
    """The line over the bid buttons: what the bidding style leaves this seat, and why (the engine's
    words: ``GameState.style_bids``, the same that refuse a bid the style does not allow)."""
    style = state.bidding
    if style == BiddingStyle.STANDARD or state.phase is not Phase.BIDDING:
        top = state.hand_size
        enter, nil = label_of(Intent.CONFIRM, Context.BIDDING), label_of(Intent.NIL, Context.BIDDING)
        return f"Your bid: type a number and {enter}, or {nil} for nil" if state.rules.nil_possible \
            else f"Your bid: type 1 to {top} and {enter}"
    text = f"{BIDDING_WORDS[style]}: {state.style_bids(seat).why}"
    if style == BiddingStyle.SUICIDE and state.bids[seat.partner()] is None:
        text += "; your partner then bids the other"
    return text


def forced_bid(state: GameState) -> int | None:
    """The only bid left to the seat to bid (mirror, or whiz without spades), else None."""
    if state.phase is not Phase.BIDDING or state.is_auction:
        return None
    bids = [a for a in state.legal_actions() if A.is_bid(a)]
    return bids[0] if len(bids) == 1 else None


def style_reason(state: GameState, seat: Seat, action: int) -> str:
    """A forced bid's reason for the hand summary and the hint: 'mirror: your 3 spades'."""
    style = state.bidding
    if style in (BiddingStyle.MIRROR, BiddingStyle.WHIZ):
        spades = state.trumps_held(seat)
        if not spades:
            return f"{style}: no spades, so nil"
        return f"{style}: your {spades_words(state.hands[seat])}" + (", or nil" if style == BiddingStyle.WHIZ else "")
    if style == BiddingStyle.SUICIDE:
        return bid_prompt(state, seat).split(": ", 1)[1]
    return ""


# ---------------------------------------------------------------- the two-player draw
def draw_progress(state: GameState, seat: Seat) -> str:
    """Where a seat stands in the two-player draw: 'card 7 of 13' while it draws its seventh card,
    '6 of 13 held' while the other seat draws."""
    held = state.hands[seat].bit_count()
    if state.turn == seat and held < state.hand_size:
        return f"card {held + 1} of {state.hand_size}"
    return f"{held} of {state.hand_size} held"


def draw_prompt(state: GameState, seat: Seat) -> list[str]:
    """The draw's question over the card on offer, as the engine plays it (docs/RULES.md 4.3): the
    progress, the choice and what becomes of the next card.  Keeping the card sends the next one
    to the discards unseen; discarding it takes the next one, whatever it is."""
    card = state.drawn_card
    if card is None:
        return []
    return [draw_progress(state, seat).capitalize(),
            f"Keep {card_words(card)}, or discard it and take the next card unseen",
            "If you keep it, the next card goes to the discards unseen"]


# ---------------------------------------------------------------- the exchange
def exchange_prompt(state: GameState, seat: Seat) -> str:
    """What the exchange is, said to the seat choosing: who bid nil and how many cards go."""
    n = state.exchange_limit
    cards = plural(n, "card")
    if state.is_two:
        return f"Choose up to {cards} to swap with the discards"
    pair = state.exchange_pairs[0] if state.exchange_pairs else None
    if pair is None or seat not in pair[:2]:
        return f"Choose {cards} to pass to your partner"
    nil_seat = pair[0]
    kind = "blind nil" if state.blind[nil_seat] else "nil"
    if seat == nil_seat:
        return f"You bid {kind}: choose {cards} to pass to your partner"
    return f"Your partner bid {kind}: choose {cards} to pass"


def cards_words(mask: int) -> str:
    """The cards of ``mask``, high to low, in card words joined as a sentence: 'the queen of hearts
    (QH) and the 9 of clubs (9C)'."""
    words = [card_words(c) for c in sorted(cards_of(mask), reverse=True)]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def exchange_words(given: int, received: int, partner: str | None) -> list[str]:
    """What the person's exchange brought in and sent out, received first: 'North passed you the
    queen of hearts (QH) and the 9 of clubs (9C)', 'You passed North ...'; with ``partner`` None
    (two-player's blind nil) the swap with the discards.  Nothing when no card changed hands."""
    if not received and not given:
        return []
    if partner is None:
        return [f"You swapped {cards_words(given)} for {cards_words(received)} from the discards"]
    return [f"{partner} passed you {cards_words(received)}", f"You passed {partner} {cards_words(given)}"]


# ---------------------------------------------------------------- why these bids
def style_words(style: str, hand: int) -> str:
    """What a whiz or mirror style left a dealt ``hand`` to bid, for the hand summary's 'Why these
    bids': 'mirror: 3 spades held, so 3'; '' for the other styles (their bids are judged)."""
    if style not in (BiddingStyle.WHIZ, BiddingStyle.MIRROR):
        return ""
    spades = (hand & SUIT_MASKS[3]).bit_count()
    if not spades:
        return f"{style}: no spades, so nil"
    held = f"{plural(spades, 'spade')} held"
    return f"{style}: {held}, so {spades}" + (" or nil" if style == BiddingStyle.WHIZ else "")


def suicide_words(partner_bid: int | None) -> str:
    """What suicide left a seat whose partner had bid ``partner_bid`` (None: not yet) when it bid."""
    if partner_bid is None:
        return "suicide: first of the side to bid, so nil or 4 or more"
    if partner_bid == 0:
        return "suicide: the partner bid nil, so 4 or more"
    return f"suicide: the partner bid {partner_bid}, so nil"
