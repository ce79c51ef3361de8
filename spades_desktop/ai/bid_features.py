"""What the bid model reads of a bidding seat's view: one row of numbers, named in ``FEATURES``.

The row is the model's only input, so it is built from the seat's own view and nothing else (the
hand it holds, the bids said so far, the seat's place in the bidding order, the rules in force):
the fitting script records the same row at every bid of its self-play (``tools/bid_selfplay.py``),
and the game computes it again at run time, so the two can never read different things.

Side suits are counted together rather than one by one: clubs, diamonds and hearts play alike,
so a void in clubs and a void in hearts are one feature, which leaves the model fewer weights to
learn from the same hands. Spades are read by their place in the deck's trump order
(``handeval.trump_ranks``), so with jokers the Big Joker is the top trump and the ace the third.
"""

from __future__ import annotations

from ..engine.rule_values import Deck, Mode
from ..engine.view import SeatView
from .handeval import ACE, JACK, KING, QUEEN, estimate_tricks, nil_risk, suit_ranks, trump_ranks

SPADES = 3
LOW_RANK = 5  # a seven or lower: a card to duck with (handeval.nil_risk's "low cover")

FEATURES: tuple[str, ...] = (
    # the hand
    "estimate",            # handeval.estimate_tricks, as the normal player counts it
    "nil_risk",            # handeval.nil_risk of the hand as dealt (before any nil exchange)
    "spades",              # trumps held
    "spades_over_3",       # trumps past the third
    "top_trump_1",         # holds the top trump of the deck in force (1/0)
    "top_trump_2",
    "top_trump_3",
    "top_trump_4",
    "side_aces",
    "side_kings_guarded",  # a king with at least one more card of its suit
    "side_kings_bare",
    "side_queens_guarded",  # a queen with at least two more
    "side_jacks",
    "voids",               # side suits
    "singletons",
    "doubletons",
    "side_long",           # side-suit cards past the fourth
    "side_low",            # side cards of seven and below
    # the bidding so far
    "place_2",             # second to bid (one-hot; the first bidder is all zero)
    "place_3",
    "place_4",
    "partner_unknown",     # partnership: the partner has not bid yet
    "partner_nil",         # the partner bid nil (or blind nil)
    "partner_bid",         # the partner's number (0 unless it bid one)
    "opponent_bids",       # opponents who have bid
    "opponent_sum",        # their numbers added up
    "opponent_nils",
    # the rules and the table
    "cutthroat",
    "two_player",
    "jokers",
    "jokers_deuces",
    "nil_exchange",        # cards a nil passes to its partner (rules.nil_exchange_in_force)
    "hard",                # the hard level's table (1) or the normal level's (0)
    "estimate_cutthroat",  # the count weighs differently with three opponents or one
    "estimate_two_player",
    "estimate_x_opponent_bids",     # the side fit of the normal player (SIDE_FIT) weighs the count and
    "partner_bid_x_opponent_bids",  # the partner's bid by how many opponents have bid
)


def _place(view: SeatView) -> int:
    """0 for the first bidder (the dealer's left), 1 for the next, and so on."""
    seats = view.seats
    return (seats.index(view.seat) - seats.index(view.dealer) - 1) % len(seats)


def hand_features(hand: int, opponents: int, deck: int) -> list[float]:
    """The hand's part of the row (the first 18 features)."""
    trumps = [rank for _, rank in trump_ranks(hand, SPADES, deck)]
    n_spades = len(trumps)
    row = [estimate_tricks(hand, SPADES, opponents, deck), nil_risk(hand, SPADES, deck), float(n_spades),
           float(max(0, n_spades - 3))]
    row += [1.0 if ACE - place in trumps else 0.0 for place in range(4)]
    aces = kings_guarded = kings_bare = queens = jacks = voids = singles = doubles = long = low = 0
    for suit in range(3):
        ranks = suit_ranks(hand, suit)
        n = len(ranks)
        aces += ACE in ranks
        kings_guarded += KING in ranks and n >= 2
        kings_bare += KING in ranks and n == 1
        queens += QUEEN in ranks and n >= 3
        jacks += JACK in ranks
        voids += n == 0
        singles += n == 1
        doubles += n == 2
        long += max(0, n - 4)
        low += sum(1 for r in ranks if r <= LOW_RANK)
    row += [float(v) for v in (aces, kings_guarded, kings_bare, queens, jacks, voids, singles, doubles, long, low)]
    return row


def features(view: SeatView, level: str = "normal") -> list[float] | None:
    """The row for this seat's bid, in the order of ``FEATURES`` (None before it has seen its hand).

    Reads the bids known in the view, so it is meant for the bidding phase (later every bid is
    known, which the model never saw at training)."""
    hand = view.hand
    if hand is None:
        return None
    rules = view.rules
    mode = rules.mode
    opponents = 1 if mode == Mode.TWO_PLAYER else 2  # as the normal player counts
    row = hand_features(hand, opponents, view.deck_mask)
    place = _place(view)
    row += [1.0 if place == k else 0.0 for k in (1, 2, 3)]
    members = view.sides[view.my_side]
    partner = next((s for s in members if s != view.seat), None)
    partner_bid = view.bids[partner] if partner is not None else None
    row += [1.0 if partner is not None and partner_bid is None else 0.0,
            1.0 if partner_bid == 0 else 0.0,
            float(partner_bid or 0)]
    known = [bid for s in view.seats if s not in members and (bid := view.bids[s]) is not None]
    row += [float(len(known)), float(sum(known)), float(known.count(0))]
    cutthroat = 1.0 if mode == Mode.CUTTHROAT else 0.0
    two_player = 1.0 if mode == Mode.TWO_PLAYER else 0.0
    deck = rules.deck_in_force
    row += [cutthroat, two_player, 1.0 if deck == Deck.JOKERS else 0.0, 1.0 if deck == Deck.JOKERS_DEUCES else 0.0,
            float(rules.nil_exchange_in_force), 1.0 if level == "hard" else 0.0,
            row[0] * cutthroat, row[0] * two_player, row[0] * len(known), float(partner_bid or 0) * len(known)]
    return row
