"""Actions as small integers, OpenSpiel style, with a text form for files.

Integers keep ``legal_actions()`` and search cheap; the text form (``"AS"``,
``"bid 4"``, ``"nil"``...) is what saves and hand records store, so a file stays
readable and does not depend on the numbering.
"""

from __future__ import annotations

from collections.abc import Mapping

from .cards import NUM_CARDS, SUITS, card_id, parse_card

# 0..55: a card slot (played, or chosen for an exchange, by phase; see cards.py)
BID_BASE = NUM_CARDS  # BID_BASE + n: bid n tricks (0 is nil; 7..13 in an auction; up to 17 for three)
MAX_BID = 17
BLIND_NIL = BID_BASE + MAX_BID + 1
LOOK = BLIND_NIL + 1  # look at the cards, declining blind nil
PASS = LOOK + 1  # auction pass
KEEP = PASS + 1  # two-player draw: keep the card shown
DISCARD = KEEP + 1  # two-player draw: discard it and keep the next
TRUMP_BASE = DISCARD + 1  # TRUMP_BASE + suit: name trump in an auction
NO_TRUMP = TRUMP_BASE + 4
EXCHANGE_DONE = NO_TRUMP + 1  # two-player blind nil: stop choosing cards to exchange
NUM_ACTIONS = EXCHANGE_DONE + 1

NIL = BID_BASE


def bid_action(tricks: int) -> int:
    return BID_BASE + tricks


def is_card(action: int) -> bool:
    return 0 <= action < NUM_CARDS


def is_bid(action: int) -> bool:
    return BID_BASE <= action <= BID_BASE + MAX_BID


def bid_value(action: int) -> int:
    return action - BID_BASE


_NAMED = {
    BLIND_NIL: "blind_nil",
    LOOK: "look",
    PASS: "pass",
    KEEP: "keep",
    DISCARD: "discard",
    NO_TRUMP: "no_trump",
    EXCHANGE_DONE: "exchange_done",
    NIL: "nil",
}
_BY_NAME = {v: k for k, v in _NAMED.items()}


def action_text(action: int) -> str:
    if is_card(action):
        return card_id(action)
    if action in _NAMED:
        return _NAMED[action]
    if is_bid(action):
        return f"bid {bid_value(action)}"
    if TRUMP_BASE <= action < TRUMP_BASE + 4:
        return f"trump {SUITS[action - TRUMP_BASE]}"
    raise ValueError(f"not an action: {action!r}")


def parse_action(text: str, aliases: Mapping[str, int] | None = None) -> int:
    """Inverse of :func:`action_text`; raises ValueError naming the bad text.

    ``aliases`` is the deck's (``Deck.aliases``): in jokers_deuces ``2S`` and ``2D`` name high slots.
    """
    if not isinstance(text, str):
        raise ValueError(f"an action must be text, not {text!r}")
    t = text.strip().lower()
    if t in _BY_NAME:
        return _BY_NAME[t]
    if t.startswith("bid "):
        try:
            n = int(t[4:])
        except ValueError:
            n = -1
        if 0 <= n <= MAX_BID:
            return bid_action(n)
        raise ValueError(f"not a bid: {text!r} (bid 0 to {MAX_BID})")
    if t.startswith("trump ") and len(t) == 7 and t[6].upper() in SUITS:
        return TRUMP_BASE + SUITS.index(t[6].upper())
    return parse_card(text, aliases)
