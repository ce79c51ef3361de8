"""Property tests: thousands of random games in every mode, preset and variant.

Each game is played through ``GameState.apply`` with random legal actions, and every
step is checked by a referee written here from docs/RULES.md alone: its own deal, legality,
trick-winner, bidding and scoring code, never the engine's helpers.  The engine is only
asked what it decided (legal actions, events, breakdowns) and the referee compares.

The variants of docs/RULES.md 4.5 and 6 have their own model here (``ref_deck``, ``variant``):
the deck per rule with its trump order (BJ > LJ > [2D > 2S in jokers_deuces] > AS ...),
jokers and a trump 2 of diamonds counting as spades for following, breaking and leading,
the bids each style leaves a seat, who swaps cards after the bids and how many, 17 cards
and the "all tricks" bid of 17 with three players.
"""

from __future__ import annotations

import json
import os
import random
from dataclasses import dataclass, field

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from spades_desktop.engine import actions as A
from spades_desktop.engine import serialize
from spades_desktop.engine.cards import card_id
from spades_desktop.engine.errors import BidStyleViolation, IllegalAction, NotYourTurn
from spades_desktop.engine.events import (
    AuctionCall,
    BidMade,
    BlindNilChoice,
    CardDealt,
    CardDrawn,
    CardPlayed,
    CardsExchanged,
    DealerDrawn,
    ExchangeCardChosen,
    GameOver,
    HandScored,
    HandStarted,
    Redeal,
    TrickWon,
    TrumpChosen,
)
from spades_desktop.engine.rules import CHOICES, HouseRules, preset
from spades_desktop.engine.seats import Seat
from spades_desktop.engine.state import GameState, Phase

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W
PRESETS = (
    "standard",
    "quick",
    "classic_100",
    "minimum_bid_one",
    "two_player",
    "cutthroat",
    "two_of_clubs_lead",
    "auction",
    "jokers",
    "three_player",
)
SPADE = 3
ODD_ACTIONS = (True, False, None, "AS", 1.5, -1, A.NUM_ACTIONS, 1000)
VIEW_MASK_FIELDS = ("hand", "played", "known_out", "exchange_given", "exchange_received", "exchange_chosen")

# The default run is derandomized: the same examples on every machine, so a red CI always means a
# change broke something.  SPADES_PROPERTY_EXPLORE=1 searches fresh random examples, ten times as many.
EXPLORE = os.environ.get("SPADES_PROPERTY_EXPLORE") == "1"
SETTINGS = {
    "deadline": None,
    "database": None,
    "derandomize": not EXPLORE,
    "suppress_health_check": [HealthCheck.too_slow],
}
SCALE = 10 if EXPLORE else 1
#: the README's test command tries a tenth of each property's examples (the same ones every run); the
#: thorough run (``pytest -m slow``) all of them
LENGTHS = [pytest.param(0.1, id="quick"), pytest.param(1.0, id="thorough", marks=pytest.mark.slow)]


def check_examples(examples: int, share: float, check, **strategies) -> None:
    """Run ``check`` as a hypothesis property over ``share`` of ``examples`` examples (at least 3)."""
    count = max(3, round(examples * SCALE * share))
    settings(max_examples=count, **SETTINGS)(given(**strategies)(check))()


# ---------------------------------------------------------------- independent helpers
def suit(card: int) -> int:
    """Suit of a card of the standard deck (the dealer draw, an auction)."""
    return card // 13


def rank(card: int) -> int:
    return card % 13


def mask(cards) -> int:
    out = 0
    for c in cards:
        out |= 1 << c
    return out


def unmask(m: int) -> set[int]:
    return {c for c in range(56) if m >> c & 1}


def seats_of(mode: str) -> tuple[Seat, ...]:
    if mode == "two_player":
        return (N, S)
    if mode == "three_player":
        return (N, S, W)  # docs/RULES.md 4.5: East's chair is empty
    return (N, E, S, W)


def sides_of(mode: str) -> dict[str, tuple[Seat, ...]]:
    if mode in ("partnership", "auction"):
        return {"NS": (N, S), "EW": (E, W)}
    return {s.name: (s,) for s in seats_of(mode)}


# -- the variants of docs/RULES.md sections 4.5 and 6, modelled here from the text
RANK_LETTERS = "23456789TJQKA"
SUIT_LETTERS = "CDHS"
ALL_MODES = ("partnership", "cutthroat", "two_player", "auction", "three_player")
#: where each section-6 value is played; elsewhere the option's first value is in force
VARIANT_MODES = {
    "deck": {"standard": ALL_MODES, "jokers": ("partnership", "cutthroat", "three_player"),
             "jokers_deuces": ("partnership", "cutthroat")},
    # an auction keeps its own bidding; suicide needs partners
    "bidding": {"standard": ALL_MODES, "whiz": tuple(m for m in ALL_MODES if m != "auction"),
                "mirror": tuple(m for m in ALL_MODES if m != "auction"), "suicide": ("partnership",)},
    "nil_exchange": {n: ("partnership",) if n else ALL_MODES for n in range(4)},
}  # fmt: skip
VARIANT_DEFAULTS = {"deck": "standard", "bidding": "standard", "nil_exchange": 0}
#: the slots cards.py documents for the cards above the ace of spades
HIGH_SLOTS = {"2S": 52, "2D": 53, "LJ": 54, "BJ": 55}


def variant(rules: HouseRules, key: str):
    value = getattr(rules, key)
    return value if rules.mode in VARIANT_MODES[key][value] else VARIANT_DEFAULTS[key]


@dataclass(frozen=True)
class RefDeck:
    """The deck in force as docs/RULES.md describes it: its cards by id, and what each card is."""

    name: str
    hand_size: int
    ids: dict[int, str]  # slot -> text id
    suit_of: dict[int, int]  # the suit for every rule: jokers and a trump 2 of diamonds are spades
    power: dict[int, int]  # order within the suit for winning a trick

    @property
    def cards(self) -> frozenset[int]:
        return frozenset(self.ids)

    def slot(self, card_text: str) -> int:
        return next(c for c, i in self.ids.items() if i == card_text)

    @property
    def lowest_club(self) -> int:
        return min((c for c, s in self.suit_of.items() if s == 0), key=self.power.__getitem__)


def ref_deck(name: str, mode: str) -> RefDeck:
    three = mode == "three_player"
    spades_down = [r + "S" for r in reversed(RANK_LETTERS)]
    out = {"2C"} if three else set()  # 4.5: three players play without the 2 of clubs
    if name == "jokers":
        out |= {"2H", "2D"}
        trumps = ["BJ", "LJ", *spades_down]  # BJ, LJ, AS, KS ... 2S
    elif name == "jokers_deuces":
        out |= {"2C", "2H"}
        trumps = ["BJ", "LJ", "2D", "2S", *spades_down[:-1]]  # BJ, LJ, 2D, 2S, AS ... 3S
    else:
        trumps = spades_down
    texts = [r + s for s in SUIT_LETTERS for r in RANK_LETTERS if r + s not in out]
    if name != "standard":
        texts += ["LJ", "BJ"]
    ids, suit_of, power = {}, {}, {}
    for t in texts:
        high = t in ("LJ", "BJ") or (name == "jokers_deuces" and t in ("2S", "2D"))
        slot = HIGH_SLOTS[t] if high else RANK_LETTERS.index(t[0]) + 13 * SUIT_LETTERS.index(t[1])
        ids[slot] = t
        if t in trumps:
            suit_of[slot], power[slot] = SPADE, len(trumps) - trumps.index(t)
        else:
            suit_of[slot], power[slot] = SUIT_LETTERS.index(t[1]), RANK_LETTERS.index(t[0])
    return RefDeck(name, 17 if three else 13, ids, suit_of, power)


REF_DECKS = {(name, mode): ref_deck(name, mode) for name in VARIANT_MODES["deck"] for mode in ALL_MODES}


def deck_of(rules: HouseRules) -> RefDeck:
    return REF_DECKS[variant(rules, "deck"), rules.mode]


def check_deck_invariants(rules: HouseRules, hands: dict[Seat, set[int]]) -> None:
    """The invariants of the variant decks, spelled out card by card (docs/RULES.md 4.5 and 6)."""
    deck = deck_of(rules)
    name, three = deck.name, rules.mode == "three_player"
    cards = set().union(*hands.values())
    assert sum(len(h) for h in hands.values()) == len(cards), "no card is dealt twice"
    assert all(len(h) == (17 if three else 13) for h in hands.values())
    texts = {card_id(c) for c in cards}  # the engine's names for the cards dealt
    assert texts == {deck.ids[c] for c in cards} and len(texts) == len(cards)
    if three:
        assert len(hands) == 3 and "2C" not in texts
    if name == "standard":
        assert cards == set(range(52)) - ({0} if three else set())
        return
    assert {"BJ", "LJ"} <= texts and {54, 55} <= cards
    if name == "jokers":
        assert not texts & {"2H", "2D"} and len(cards) == (51 if three else 52)
        assert not cards & {13, 26, 52, 53}  # no 2D, 2H, and the 2 of spades stays the lowest spade
    else:
        assert not three and len(cards) == 52 and not texts & {"2C", "2H"}
        assert {52, 53} <= cards and not cards & {0, 13, 26, 39}, "2D and 2S are high trumps"
        assert deck.suit_of[53] == SPADE and deck.power[53] > deck.power[52] > deck.power[51]


def trick_winner(plays: list[tuple[Seat, int]], trump: int | None, deck: RefDeck) -> Seat:
    """Highest trump, else highest card of the suit led."""
    suit_of, power = deck.suit_of, deck.power
    led = suit_of[plays[0][1]]
    best_key, best_seat = (-1, -1), None
    for seat, card in plays:
        s = suit_of[card]
        tier = 2 if trump is not None and s == trump else 1 if s == led else 0
        key = (tier, power[card])
        if key > best_key:
            best_key, best_seat = key, seat
    return best_seat


def penalties(rules: HouseRules, bags: int) -> tuple[int, int]:
    """(number of penalties, bags left) for a running bag count."""
    count = 0
    while bags >= rules.bag_limit:
        count += 1
        bags = 0 if rules.bags_reset else bags - rules.bag_limit
    return count, bags


def all_tricks(rules: HouseRules) -> int:
    """The tricks of a hand, which is also the "all tricks" bid of thirteen_bid_* (4.5: 17 for three)."""
    return 17 if rules.mode == "three_player" else 13


def contract_value(rules: HouseRules, contract: int, taken: int) -> int:
    if taken < contract:
        return -10 * contract
    per = 20 if rules.ten_for_two_hundred and contract >= 10 else 10
    points = per * contract
    every = all_tricks(rules)
    if rules.thirteen_bid_double and contract == every and taken == every:
        points *= 2
    return points


def expected_side_score(rules, members, bids, blind, won, high_bid=None, declarers=None):
    """(points of the hand before penalties, bags taken) for one side, from docs/RULES.md sections 2 and 4."""
    boston = rules.all_tricks_bonus if sum(won[s] for s in members) == all_tricks(rules) else 0
    if rules.mode == "auction":
        taken = sum(won[s] for s in members)
        if members == declarers:
            if taken >= high_bid:
                return contract_value(rules, high_bid, taken) + (taken - high_bid) + boston, taken - high_bid
            bags = 13 if high_bid == 13 and rules.thirteen_bid_fail_bags else 0
            return -10 * high_bid, bags
        declarer_taken = 13 - taken
        return (10 * taken if declarer_taken < high_bid else 0), 0
    points = 0
    contract = counted = nil_tricks = 0
    has_contract = False
    for seat in members:
        if bids[seat] == 0:
            value = rules.blind_nil_value if blind[seat] else rules.nil_value
            points += value if won[seat] == 0 else -value
            nil_tricks += won[seat]
        else:
            has_contract = True
            contract += bids[seat]
            counted += won[seat]
    bags = bag_points = 0
    if has_contract and rules.failed_nil_counts_for_partner:
        counted += nil_tricks
    else:  # README: a nil bidder's tricks that count for no contract are bags, a point each
        bags = bag_points = nil_tricks
    if has_contract:
        points += contract_value(rules, contract, counted)
        if counted >= contract:
            bags += counted - contract
            bag_points += counted - contract
        elif contract == all_tricks(rules) and rules.thirteen_bid_fail_bags:
            bags += contract  # bags only, not points
    return points + bag_points + boston, bags


def expected_winner(rules: HouseRules, scores: dict[str, int]) -> tuple[bool, str | None]:
    """(game ends, winner) after a hand; a tie on top plays on."""
    values = list(scores.values())
    ended = any(v >= rules.target_score for v in values) or (
        rules.losing_score is not None and any(v <= rules.losing_score for v in values)
    )
    if not ended:
        return False, None
    top = max(values)
    leaders = [side for side, v in scores.items() if v == top]
    return (True, leaders[0]) if len(leaders) == 1 else (False, None)


def fingerprint(state: GameState) -> tuple:
    return (
        state.phase, state.turn, tuple(state.hands), tuple(state.bids), tuple(state.blind),
        tuple(state.tricks), tuple(state.trick_cards), tuple(state.log), tuple(sorted(state.scores.items())),
        tuple(sorted(state.bags.items())), state.trump, state.broken, state.played, state.draw_pos,
        state.discards, tuple(state.exchange_chosen), tuple(state.exchange_queue), tuple(state.calls),
        state.high_bid, state.passes, state.hand_number, state.dealer, len(state.hand_history),
        tuple(state.looked), state.winner, state.legal_actions(),
    )  # fmt: skip


# ---------------------------------------------------------------- the referee
@dataclass
class HandTrack:
    number: int
    dealer: Seat
    seats: tuple[Seat, ...]
    dealt: list[tuple[Seat, int]] = field(default_factory=list)
    deal_checked: bool = False
    held: dict[Seat, set[int]] = field(default_factory=dict)
    draws: list[tuple[Seat, int, int]] = field(default_factory=list)
    discards: set[int] = field(default_factory=set)
    decided: set[Seat] = field(default_factory=set)
    bids: dict[Seat, int] = field(default_factory=dict)
    blind: dict[Seat, bool] = field(default_factory=dict)
    calls: list[tuple[Seat, int | None]] = field(default_factory=list)
    high_bid: int = 0
    high_bidder: Seat | None = None
    trump: int | None = SPADE
    trump_named: bool = False
    chosen: dict[Seat, set[int]] = field(default_factory=dict)
    exchanged: list[tuple] = field(default_factory=list)  # partnership swaps: open / done
    spades_at_bid: dict[Seat, int] = field(default_factory=dict)  # spades held when the seat bid
    pairs: dict[frozenset, int] | None = None  # partnership exchanges due after the bids: pair -> cards
    pairs_done: dict[frozenset, int] = field(default_factory=dict)
    start_hands: dict[Seat, set[int]] | None = None
    broken: bool = False
    trick: list[tuple[Seat, int]] = field(default_factory=list)
    leader: Seat | None = None
    tricks: list[tuple[Seat, tuple[Seat, ...], tuple[int, ...], Seat]] = field(default_factory=list)
    played: list[int] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.held = {s: set() for s in self.seats}
        self.chosen = {s: set() for s in self.seats}
        self.gave = {s: set() for s in self.seats}  # cards each seat passed away in an exchange
        self.swaps: dict[Seat, tuple[set[int], set[int]]] = {}  # seat -> (gave, received), for the record
        self.bid_log: list[tuple[Seat, object]] = []  # (seat, bid as a record writes it)


class Referee:
    """Checks a game step by step against docs/RULES.md; see the module docstring."""

    def __init__(self, rules: HouseRules, rng: random.Random, *, illegal_samples: int = 2, views: bool = True):
        self.rules = rules
        self.rng = rng
        self.illegal_samples = illegal_samples
        self.views = views
        self.mode = rules.mode
        self.two = self.mode == "two_player"
        self.auction = self.mode == "auction"
        self.three = self.mode == "three_player"
        self.seats = seats_of(self.mode)
        self.n = len(self.seats)
        self.deck = deck_of(rules)
        self.suit_of = self.deck.suit_of
        self.hand_size = self.tricks_n = all_tricks(rules)
        self.style = variant(rules, "bidding")
        self.nil_exchange = variant(rules, "nil_exchange")
        # whiz, mirror and suicide are built on nil: they bring it whatever nil_allowed says
        self.nil_possible = not self.auction and (rules.nil_allowed or self.style != "standard")
        self.sides = sides_of(self.mode)
        self.side_of = {s: side for side, members in self.sides.items() for s in members}
        self.scores = {side: 0 for side in self.sides}
        self.bags = {side: 0 for side in self.sides}
        self.from_deal = False
        self.hand: HandTrack | None = None
        self.after_redeal = False
        self.game_over = False
        self.hands_scored = 0
        self.steps = 0

    # -- seats
    def next_seat(self, seat: Seat) -> Seat:
        """Clockwise: N, E, S, W; East's empty chair is skipped with three, only N and S with two."""
        nxt = Seat((seat + 1) % 4)
        while nxt not in self.seats:
            nxt = Seat((nxt + 1) % 4)
        return nxt

    def partner(self, seat: Seat) -> Seat:
        return Seat((seat + 2) % 4)

    def bid_order(self) -> list[Seat]:
        first = self.next_seat(self.hand.dealer)
        order = [first]
        while len(order) < self.n:
            order.append(self.next_seat(order[-1]))
        return order

    def blind_eligible(self, seat: Seat) -> bool:
        rules = self.rules
        # blind nil is a nil: "nil allowed: no" means every bid is at least one, blind or not
        if not rules.blind_nil_allowed or not rules.nil_allowed or self.auction:
            return False
        if self.style == "suicide" and self.hand and self.hand.bids.get(self.partner(seat)) == 0:
            return False  # blind nil is the side's nil, and the partner already took it
        if rules.blind_nil_min_deficit == 0:
            return True
        own = self.scores[self.side_of[seat]]
        best = max(v for side, v in self.scores.items() if side != self.side_of[seat])
        return best - own >= rules.blind_nil_min_deficit

    # -- starting
    def start(self, state: GameState, events: list) -> None:
        assert isinstance(events[0], DealerDrawn)
        drawn = events[0]
        assert tuple(drawn.seats) == self.seats
        assert len(set(drawn.cards)) == self.n and all(0 <= c < 52 for c in drawn.cards)
        best = max(zip(drawn.cards, drawn.seats, strict=True), key=lambda cs: (rank(cs[0]), suit(cs[0])))
        assert drawn.dealer == best[1], "the highest card deals"
        self.first_dealer = best[1]
        self.process(state, None, None, events[1:])

    def start_from_deal(self, state: GameState, dealer: Seat, hands: dict[Seat, int], scores, bags) -> None:
        self.from_deal = True
        self.scores, self.bags = dict(scores), dict(bags)
        self.hand = HandTrack(1, dealer, self.seats)
        for s in self.seats:
            self.hand.held[s] = unmask(hands[s])
        if not self.two:
            check_deck_invariants(self.rules, self.hand.held)
        self.hand.deal_checked = True
        self.end_of_batch(state)

    # -- before an action
    def before(self, state: GameState, action: int) -> None:
        self.steps += 1
        assert not state.is_terminal()
        assert not self.game_over
        h = self.hand
        turn = state.turn
        assert turn in self.seats
        legal = state.legal_actions()
        assert legal and len(set(legal)) == len(legal)
        phase = state.phase
        if phase is Phase.PLAY:
            assert mask(h.held[turn]) == state.hands[turn]
            expected_turn = h.leader if not h.trick else self.next_seat(h.trick[-1][0])
            assert turn == expected_turn
            assert set(legal) == self.legal_cards(turn), (legal, self.legal_cards(turn))
        elif phase is Phase.BIDDING and self.auction:
            expected_turn = self.next_seat(h.calls[-1][0]) if h.calls else self.next_seat(h.dealer)
            assert turn == expected_turn
            low = max(7, h.high_bid + 1)
            assert set(legal) == {A.PASS} | {A.bid_action(n) for n in range(low, 14)}
        elif phase is Phase.BIDDING:
            order = [s for s in self.bid_order() if s not in h.bids]
            assert turn == order[0], "bidding goes clockwise from the left of the dealer"
            assert set(legal) == self.legal_bids(turn)
            if not self.two or self.from_deal:
                assert turn in h.decided or not self.blind_eligible(turn)
        elif phase is Phase.BLIND_DECISION:
            assert set(legal) == {A.BLIND_NIL, A.LOOK}
            assert self.blind_eligible(turn) and turn not in h.decided
            if self.two and not self.from_deal:
                assert len(h.draws) < 26 and turn == self.draw_turn()
            else:
                assert turn == next(s for s in self.bid_order() if s not in h.bids)
            assert state.view(turn).hand is None, "blind nil is decided before looking"
        elif phase is Phase.DRAW:
            assert self.two and set(legal) == {A.KEEP, A.DISCARD}
            assert turn == self.draw_turn()
            assert turn in h.decided or not self.blind_eligible(turn)
            shown = state.drawn_card
            assert shown is not None and shown not in h.discards
            assert all(shown not in held for held in h.held.values())
        elif phase is Phase.EXCHANGE:
            expected = {c for c in h.held[turn] if c not in h.chosen[turn]}
            if self.two:
                assert h.blind.get(turn) and set(legal) == expected | {A.EXCHANGE_DONE}
            else:
                pair = next((p for p in h.pairs if turn in p), None)
                assert pair is not None and pair not in h.pairs_done, f"{turn.name} has no exchange due"
                assert set(legal) == expected and len(h.chosen[turn]) < h.pairs[pair]
                if self.views:
                    assert state.view(turn).exchange_limit == h.pairs[pair]
        elif phase is Phase.TRUMP:
            assert self.auction and turn == h.high_bidder
            assert set(legal) == {A.TRUMP_BASE + s for s in range(4)} | {A.NO_TRUMP}
        else:
            raise AssertionError(f"unexpected phase {phase}")
        if phase is Phase.DRAW:
            self.shown = state.drawn_card
        if self.illegal_samples:
            self.try_illegal(state, legal)
        if self.views:
            self.check_views(state)

    def draw_turn(self) -> Seat:
        h = self.hand
        return h.dealer if len(h.draws) % 2 == 0 else self.next_seat(h.dealer)

    def legal_cards(self, seat: Seat) -> set[int]:
        h = self.hand
        held = h.held[seat]
        suit_of = self.suit_of
        if h.trick:  # follow the suit led; jokers and a trump 2 of diamonds are spades for this too
            led = suit_of[h.trick[0][1]]
            return {c for c in held if suit_of[c] == led} or set(held)
        first = not h.tricks
        if (
            first
            and self.rules.first_lead == "two_of_clubs"
            and self.mode in ("partnership", "cutthroat", "three_player")
        ):
            return {self.deck.lowest_club}  # the 2 of clubs, or the 3 where the 2 is out
        if h.trump is None:
            return set(held)
        others = {c for c in held if suit_of[c] != h.trump}
        if not others:
            return set(held)
        if first:
            return others
        if h.broken or self.rules.spades_lead == "any_time":
            return set(held)
        return others

    def spades_held(self, seat: Seat) -> int:
        return sum(1 for c in self.hand.held[seat] if self.suit_of[c] == SPADE)

    def style_bids(self, seat: Seat) -> set[int] | None:
        """The bids (numbers of tricks) the bidding style leaves a seat, or None for the standard style."""
        top = self.tricks_n
        if self.style in ("whiz", "mirror"):
            spades = self.spades_held(seat)
            if not spades:
                return {0}
            return {0, spades} if self.style == "whiz" else {spades}
        if self.style == "suicide":  # one partner nil (or blind nil), the other 4 or more
            partner_bid = self.hand.bids.get(self.partner(seat))
            if partner_bid is None:
                return {0} | set(range(4, top + 1))
            return set(range(4, top + 1)) if partner_bid == 0 else {0}
        return None

    def legal_bids(self, seat: Seat) -> set[int]:
        style = self.style_bids(seat)
        if style is not None:  # min_team_bid does not apply to a forced or paired bid
            return {A.bid_action(n) for n in style}
        out = {A.bid_action(0)} if self.nil_possible else set()
        low = 1
        if self.mode == "partnership" and self.rules.min_team_bid:
            partner_bid = self.hand.bids.get(self.partner(seat))
            if partner_bid:  # a side with a nil has no minimum
                low = max(1, self.rules.min_team_bid - partner_bid)
        return out | {A.bid_action(n) for n in range(low, self.tricks_n + 1)}

    def check_style_refusal(self, state: GameState, bad: int, exc: IllegalAction) -> None:
        """A bid the style forbids is refused in the style's words ("In whiz you bid your 4 spades or nil")."""
        if (
            self.style == "standard"
            or not isinstance(bad, int)
            or not A.is_bid(bad)
            or A.bid_value(bad) > self.tricks_n
        ):
            return
        assert isinstance(exc, BidStyleViolation), f"{A.action_text(bad)} refused as {type(exc).__name__}"
        assert exc.reason.startswith(f"In {self.style} "), exc.reason
        if self.style != "suicide":
            spades = self.spades_held(state.turn)
            assert (f"{spades} spade" in exc.reason) if spades else ("no spade" in exc.reason), exc.reason
        else:
            partner_bid = self.hand.bids.get(self.partner(state.turn))
            assert (
                ("nil" in exc.reason and "4 or more" in exc.reason)
                if partner_bid in (None, 0)
                else (f"partner bid {partner_bid}" in exc.reason)
            ), exc.reason

    def try_illegal(self, state: GameState, legal: tuple[int, ...]) -> None:
        before = fingerprint(state)
        pool = [a for a in range(-1, A.NUM_ACTIONS + 1) if a not in legal]
        picks = self.rng.sample(pool, min(self.illegal_samples, len(pool)))
        if self.rng.random() < 0.1:
            picks.append(self.rng.choice(ODD_ACTIONS))
        for bad in picks:
            try:
                state.apply(bad)
            except IllegalAction as exc:
                assert exc.reason
                if state.phase is Phase.BIDDING and not self.auction:
                    self.check_style_refusal(state, bad, exc)
            else:
                raise AssertionError(f"illegal action {bad!r} accepted in {state.phase}")
            assert fingerprint(state) == before, f"illegal {bad!r} changed the state"
        other = self.rng.choice(legal)  # every legal action is accepted (tried on a copy)
        assert state.clone().apply(other), f"legal {other!r} caused no event"
        if self.rng.random() < 0.2:
            wrong = self.rng.choice([s for s in Seat if s != state.turn])
            try:
                state.apply(legal[0], wrong)
            except NotYourTurn:
                pass
            else:
                raise AssertionError("an action for a seat not on turn was accepted")
            assert fingerprint(state) == before

    def check_views(self, state: GameState) -> None:
        hands = state.hands
        for seat in self.seats:
            view = state.view(seat)
            assert view.seat == seat and tuple(view.seats) == self.seats
            assert view.hand is None or view.hand == hands[seat]
            assert not hasattr(view, "hands")
            if state.turn == seat:
                assert view.legal_actions == state.legal_actions()
            else:
                assert view.legal_actions == ()
                assert view.drawn_card is None
            others = {hands[o] for o in self.seats if o != seat and hands[o].bit_count() >= 2}
            # a seat knows where the cards it passed in an exchange went: a partner still holding
            # exactly those cards late in the hand is its own knowledge, not a leak
            passed_away = mask(self.hand.gave[seat]) if self.hand else 0
            for name in VIEW_MASK_FIELDS:
                value = getattr(view, name)
                leaks = value in others and value != hands[seat] and value & ~passed_away
                assert not leaks, f"view of {seat.name} shows another hand in {name}"

    # -- after an action
    def after(self, state: GameState, actor: Seat, action: int, events: list) -> None:
        assert events, "every action causes at least one event"
        first = events[0]
        h = self.hand
        if isinstance(first, CardPlayed):
            assert (first.seat, first.card) == (actor, action)
        elif isinstance(first, BidMade):
            assert first.seat == actor and first.bid == A.bid_value(action) and not first.blind
        elif isinstance(first, BlindNilChoice):
            assert first.seat == actor and first.blind_nil == (action == A.BLIND_NIL)
        elif isinstance(first, CardDrawn):
            assert first.seat == actor and first.kept_first == (action == A.KEEP)
            assert (first.kept if action == A.KEEP else first.discarded) == self.shown
        elif isinstance(first, AuctionCall):
            assert first.seat == actor and first.bid == (None if action == A.PASS else A.bid_value(action))
        elif isinstance(first, TrumpChosen):
            assert first.seat == actor and first.trump == (None if action == A.NO_TRUMP else action - A.TRUMP_BASE)
        elif isinstance(first, ExchangeCardChosen):
            assert first.seat == actor and first.card == action
        elif isinstance(first, CardsExchanged):
            assert action == A.EXCHANGE_DONE or (h.chosen[actor] | {action}) == unmask(first.given_mask)
        else:
            raise AssertionError(f"unexpected first event {first!r}")
        self.process(state, actor, action, events)

    def process(self, state: GameState, actor, action, events: list) -> None:
        for i, ev in enumerate(events):
            h = self.hand
            if isinstance(ev, HandStarted):
                self.begin_hand(ev)
            elif isinstance(ev, CardDealt):
                h.dealt.append((ev.seat, ev.card))
                h.held[ev.seat].add(ev.card)
            elif isinstance(ev, BlindNilChoice):
                assert ev.seat not in h.decided
                h.decided.add(ev.seat)
            elif isinstance(ev, BidMade):
                self.on_bid(ev)
            elif isinstance(ev, CardDrawn):
                self.on_draw(ev)
            elif isinstance(ev, ExchangeCardChosen):
                assert ev.card in h.held[ev.seat] and ev.card not in h.chosen[ev.seat]
                h.chosen[ev.seat].add(ev.card)
                if self.two:
                    assert len(h.chosen[ev.seat]) <= self.rules.blind_nil_exchange
                else:
                    assert len(h.chosen[ev.seat]) <= h.pairs[next(p for p in h.pairs if ev.seat in p)]
            elif isinstance(ev, CardsExchanged):
                self.on_exchange(ev, events[i + 1] if i + 1 < len(events) else None)
            elif isinstance(ev, AuctionCall):
                self.on_call(ev)
            elif isinstance(ev, Redeal):
                assert self.auction and h.high_bidder is None and len(h.calls) == 4
                assert all(bid is None for _, bid in h.calls) and ev.dealer == h.dealer
                self.after_redeal = True
            elif isinstance(ev, TrumpChosen):
                assert self.auction and ev.seat == h.high_bidder and not h.trump_named
                h.trump, h.trump_named = ev.trump, True
            elif isinstance(ev, CardPlayed):
                self.on_play(ev)
            elif isinstance(ev, TrickWon):
                self.on_trick(ev)
            elif isinstance(ev, HandScored):
                self.on_scored(state, ev, events[i + 1] if i + 1 < len(events) else None)
            elif isinstance(ev, GameOver):
                assert self.game_over and ev.winner == self.winner
                assert ev.scores == self.scores
            else:
                raise AssertionError(f"unexpected event {ev!r}")
        self.end_of_batch(state)

    def begin_hand(self, ev: HandStarted) -> None:
        prev = self.hand
        if prev is None:
            assert ev.hand_number == 1 and ev.dealer == self.first_dealer
        elif self.after_redeal:
            assert ev.hand_number == prev.number and ev.dealer == prev.dealer, "a redeal keeps the dealer"
        else:
            assert prev.start_hands is not None and len(prev.tricks) == self.tricks_n
            assert ev.hand_number == prev.number + 1
            assert ev.dealer == self.next_seat(prev.dealer), "the deal passes clockwise (two-player: roles swap)"
        self.after_redeal = False
        self.hand = HandTrack(ev.hand_number, ev.dealer, self.seats)

    def on_bid(self, ev: BidMade) -> None:
        h = self.hand
        assert ev.seat not in h.bids and 0 <= ev.bid <= self.tricks_n
        assert not ev.blind or ev.bid == 0
        style = self.style_bids(ev.seat)
        if ev.blind:  # blind nil stays as the rules allow; in suicide it is the side's nil
            assert self.style != "suicide" or h.bids.get(self.partner(ev.seat)) != 0
        elif style is not None:
            assert ev.bid in style, (
                f"{ev.seat.name} bid {ev.bid} in {self.style} holding {self.spades_held(ev.seat)} spades"
            )
        if self.style == "standard" and not ev.blind:
            assert ev.bid or self.rules.nil_allowed, "nil needs nil allowed in the standard style"
        h.spades_at_bid[ev.seat] = self.spades_held(ev.seat)
        h.bid_log.append((ev.seat, "blind_nil" if ev.blind else ev.bid or "nil"))
        h.bids[ev.seat] = ev.bid
        h.blind[ev.seat] = ev.blind
        if len(h.bids) == self.n:
            self.check_bids_obey_style()
            h.pairs = self.expected_pairs()

    def check_bids_obey_style(self) -> None:
        """Once everyone has bid, the bids as a whole follow the style (docs/RULES.md section 6)."""
        h = self.hand
        for seat, bid in h.bids.items():
            spades = h.spades_at_bid[seat]
            if self.style == "whiz":
                assert bid in (0, spades)
            elif self.style == "mirror":
                assert bid == spades or h.blind[seat]
        if self.style == "suicide":
            for a, b in self.sides.values():
                assert sorted((h.bids[a] == 0, h.bids[b] == 0)) == [False, True], "one nil in each side"
                assert max(h.bids[a], h.bids[b]) >= 4, "the other partner bids 4 or more"
        if self.mode == "partnership" and self.rules.min_team_bid and self.style == "standard":
            for a, b in self.sides.values():
                assert not (h.bids[a] and h.bids[b]) or h.bids[a] + h.bids[b] >= self.rules.min_team_bid

    def expected_pairs(self) -> dict[frozenset, int]:
        """Who swaps cards after the bids and how many (docs/RULES.md 3: blind nil exchange; 6: nil exchange)."""
        h = self.hand
        if self.mode != "partnership" or self.from_deal:  # a known deal is the hands as played
            return {}
        out = {}
        for a, b in self.sides.values():
            if h.blind[a] or h.blind[b]:
                count = self.rules.blind_nil_exchange
            elif (h.bids[a] == 0) != (h.bids[b] == 0):  # one nil; both nil: no exchange
                count = self.nil_exchange
            else:
                count = 0
            if count:
                out[frozenset((a, b))] = count
        return out

    def on_draw(self, ev: CardDrawn) -> None:
        h = self.hand
        assert ev.seat == self.draw_turn()
        assert ev.kept != ev.discarded
        for card in (ev.kept, ev.discarded):
            assert card not in h.discards and all(card not in held for held in h.held.values())
        h.draws.append((ev.seat, ev.kept, ev.discarded))
        h.held[ev.seat].add(ev.kept)
        h.discards.add(ev.discarded)

    def on_exchange(self, ev: CardsExchanged, nxt) -> None:
        h = self.hand
        given, received = unmask(ev.given_mask), unmask(ev.received_mask)
        assert given == h.chosen[ev.seat] and given <= h.held[ev.seat]
        if self.two:
            assert h.blind.get(ev.seat) and len(given) == len(received) <= self.rules.blind_nil_exchange
            assert received <= h.discards, "two-player exchange draws from the discards"
            h.held[ev.seat] = (h.held[ev.seat] - given) | received
            h.discards = (h.discards - received) | given
            h.gave[ev.seat] |= given
            h.swaps[ev.seat] = (given, received)
        else:
            # partnership: a pair swaps at once; the engine reports both sides of the swap in a row
            if h.exchanged and h.exchanged[-1][0] == "open":
                _, other, other_given, other_received = h.exchanged.pop()
                assert ev.seat == self.partner(other) and given == other_received and received == other_given
                pair = frozenset((other, ev.seat))
                assert pair not in h.pairs_done and len(given) == len(received) == h.pairs[pair]
                h.pairs_done[pair] = len(given)
                h.held[other] = (h.held[other] - other_given) | other_received
                h.held[ev.seat] = (h.held[ev.seat] - given) | received
                h.gave[other] |= other_given
                h.gave[ev.seat] |= given
                h.swaps[other], h.swaps[ev.seat] = (other_given, other_received), (given, received)
                h.exchanged.append(("done", ev.seat))
            else:
                assert self.mode == "partnership" and frozenset((ev.seat, self.partner(ev.seat))) in h.pairs
                assert isinstance(nxt, CardsExchanged)
                h.exchanged.append(("open", ev.seat, given, received))

    def on_call(self, ev: AuctionCall) -> None:
        h = self.hand
        assert self.auction and not h.trump_named
        if ev.bid is not None:
            assert max(7, h.high_bid + 1) <= ev.bid <= 13
            h.high_bid, h.high_bidder = ev.bid, ev.seat
        h.calls.append((ev.seat, ev.bid))

    def trailing_passes(self) -> int:
        count = 0
        for _, bid in reversed(self.hand.calls):
            if bid is not None:
                break
            count += 1
        return count

    def on_play(self, ev: CardPlayed) -> None:
        h = self.hand
        assert h.start_hands is not None
        assert ev.card in h.held[ev.seat] and ev.card not in h.played, "a card is played at most once"
        h.held[ev.seat].discard(ev.card)
        h.played.append(ev.card)
        suit_of = self.suit_of
        breaks = h.trump is not None and suit_of[ev.card] == h.trump and not h.broken
        assert ev.broke_trump == breaks
        if breaks:
            if h.trick:  # broken by a discard: the player could not follow
                led = suit_of[h.trick[0][1]]
                assert led != h.trump and not any(suit_of[c] == led for c in h.held[ev.seat])
            h.broken = True
        h.trick.append((ev.seat, ev.card))

    def on_trick(self, ev: TrickWon) -> None:
        h = self.hand
        assert len(h.trick) == self.n, "a trick is one card per player"
        winner = trick_winner(h.trick, h.trump, self.deck)
        seats = tuple(s for s, _ in h.trick)
        cards = tuple(c for _, c in h.trick)
        assert (ev.winner, ev.trick_number, ev.leader, tuple(ev.cards)) == (winner, len(h.tricks) + 1, h.leader, cards)
        assert seats[0] == h.leader
        h.tricks.append((h.leader, seats, cards, winner))
        h.trick = []
        h.leader = winner

    def on_scored(self, state: GameState, ev: HandScored, nxt) -> None:
        h = self.hand
        rules = self.rules
        assert not h.trick and len(h.tricks) == self.tricks_n, "a hand is 13 tricks (three players: 17)"
        assert ev.hand_number == h.number
        played = [c for _, _, cards, _ in h.tricks for c in cards]
        assert len(played) == self.tricks_n * self.n == len(set(played))
        by_seat = {s: {c for _, seats, cards, _ in h.tricks for x, c in zip(seats, cards, strict=True) if x == s}
                   for s in self.seats}  # fmt: skip
        record = state.hand_history[-1]
        assert record.hand_number == h.number and record.dealer == h.dealer
        sheet = record.to_dict()
        assert json.loads(json.dumps(sheet)) == sheet
        self.check_record_sheet(sheet)
        for s in self.seats:
            assert by_seat[s] == h.start_hands[s] == unmask(record.hands[s]), "played cards are the hand"
            assert len(by_seat[s]) == self.hand_size
        if not self.two:
            assert set(played) == self.deck.cards
        won = {s: sum(1 for t in h.tricks if t[3] == s) for s in Seat}
        assert tuple(record.tricks) == tuple(won[s] for s in Seat)
        assert [(t[0], tuple(t[1]), tuple(t[2]), t[3]) for t in record.tricks_played] == h.tricks
        assert record.trump == h.trump
        assert set(ev.breakdown) == set(self.sides)
        bids = {s: h.bids.get(s) for s in Seat}
        blind = {s: h.blind.get(s, False) for s in Seat}
        declarers = self.sides[self.side_of[h.high_bidder]] if self.auction else None
        for side, members in self.sides.items():
            b = ev.breakdown[side]
            points, bags = expected_side_score(rules, members, bids, blind, won, h.high_bid, declarers)
            count, left = penalties(rules, self.bags[side] + bags)
            # the breakdown's own arithmetic
            assert b.score_before == self.scores[side] and b.bags_before == self.bags[side]
            parts = (b.contract_points + b.bonus + b.bag_points + b.nil_points + b.blind_nil_points
                     + b.defence_points + b.penalty)  # fmt: skip
            assert b.total == parts, f"{side}: total {b.total} != sum of parts {parts}"
            assert b.score_after == b.score_before + b.total
            assert b.penalty == -rules.bag_penalty * count
            if rules.bags_reset:
                assert b.bags_after == (0 if count else b.bags_before + b.bags)
            else:
                assert b.bags_after == b.bags_before + b.bags - rules.bag_limit * count
            assert 0 <= b.bags_after < rules.bag_limit
            # against the independent scorer
            assert b.bags == bags, f"{side}: bags {b.bags}, expected {bags}"
            assert b.total == points - rules.bag_penalty * count, f"{side}: total {b.total}, expected {points}"
            assert b.bags_after == left
            if self.auction:
                assert b.nil_points == b.blind_nil_points == 0
            self.scores[side] = b.score_after
            self.bags[side] = b.bags_after
        assert ev.scores == self.scores == record.scores
        assert ev.bags == self.bags == record.bags
        ended, winner = expected_winner(rules, self.scores)
        if ended:
            self.game_over, self.winner = True, winner
            assert isinstance(nxt, GameOver)
        else:
            assert not isinstance(nxt, GameOver)
        self.hands_scored += 1

    def check_record_sheet(self, sheet: dict) -> None:
        """The hand record names every card by the deck in force (BJ, LJ; 2D and 2S keep their ids)."""
        h = self.hand
        ids = self.deck.ids

        def texts(cards) -> list[str]:
            return sorted(ids[c] for c in cards)

        assert {k: sorted(v) for k, v in sheet["hands"].items()} == {
            s.name: texts(h.start_hands[s]) for s in self.seats
        }
        assert {
            k: {"gave": sorted(v["gave"]), "received": sorted(v["received"])} for k, v in sheet["exchanges"].items()
        } == {s.name: {"gave": texts(g), "received": texts(r)} for s, (g, r) in h.swaps.items()}
        plays = [[s.name, ids[c]] for _, seats, cards, _ in h.tricks for s, c in zip(seats, cards, strict=True)]
        assert sheet["plays"] == plays
        if self.auction:
            bids = [[s.name, "pass" if b is None else b] for s, b in h.calls]
        else:
            order = self.bid_order()
            log = sorted(h.bid_log, key=lambda sb: order.index(sb[0])) if self.two else h.bid_log
            bids = [[s.name, b] for s, b in log]
        assert sheet["bids"] == bids, (sheet["bids"], bids)
        assert sheet["tricks"] == {s.name: sum(1 for t in h.tricks if t[3] == s) for s in self.seats}

    def end_of_batch(self, state: GameState) -> None:
        h = self.hand
        if self.game_over:
            assert state.phase is Phase.GAME_OVER and state.winner == self.winner
            assert state.legal_actions() == () and state.turn is None
            return
        if state.phase is Phase.HAND_OVER:
            assert self.from_deal and state.turn is None and state.legal_actions() == ()
            return
        if not h.deal_checked and h.dealt:
            self.check_deal(state)
        if self.two and len(h.draws) == 26 and not h.deal_checked:
            assert all(len(h.held[s]) == 13 for s in self.seats)
            assert len(h.discards) == 26 and set().union(*h.held.values(), h.discards) == self.deck.cards
            h.deal_checked = True
        if state.phase is Phase.PLAY and h.start_hands is None:
            self.start_play(state)
        if self.auction and state.phase in (Phase.BIDDING, Phase.TRUMP) and h.calls:
            if h.high_bidder is not None and self.trailing_passes() == 3:
                assert state.phase is Phase.TRUMP and state.turn == h.high_bidder
            else:
                assert state.phase is Phase.BIDDING
        if state.phase in (Phase.BIDDING, Phase.BLIND_DECISION) and not self.two:
            for s in self.seats:
                assert mask(h.held[s]) == state.hands[s]

    def check_deal(self, state: GameState) -> None:
        h = self.hand
        count = len(self.deck.cards)
        assert len(h.dealt) == count == self.n * self.hand_size
        order = self.bid_order()
        expected = [order[i % self.n] for i in range(count)]
        assert [s for s, _ in h.dealt] == expected, "one at a time from the dealer's left"
        assert {c for _, c in h.dealt} == self.deck.cards
        check_deck_invariants(self.rules, h.held)
        h.deal_checked = True

    def start_play(self, state: GameState) -> None:
        h = self.hand
        if self.auction:
            assert h.trump_named
        elif self.two and not self.from_deal:
            assert len(h.draws) == 26
        if not self.auction:
            assert set(h.bids) == set(self.seats)
            assert h.pairs_done == h.pairs, "every exchange due was made, and no other"
        for s in self.seats:
            assert mask(h.held[s]) == state.hands[s]
            assert len(h.held[s]) == self.hand_size
        h.start_hands = {s: set(h.held[s]) for s in self.seats}
        if self.two:
            leader = self.next_seat(h.dealer)
        elif self.auction:
            leader = h.high_bidder
        elif self.rules.first_lead == "two_of_clubs":
            leader = next(s for s in self.seats if self.deck.lowest_club in h.held[s])
        else:
            leader = self.next_seat(h.dealer)
        assert state.turn == leader, f"first lead by {state.turn}, expected {leader}"
        h.leader = leader


# ---------------------------------------------------------------- random play
def choose(rng: random.Random, state: GameState) -> int:
    """A random legal action, nudged toward game-like bids so contracts are made and bags pile up."""
    legal = state.legal_actions()
    phase = state.phase
    if phase is Phase.BIDDING:
        if A.PASS in legal and rng.random() < 0.55:
            return A.PASS
        low = [a for a in legal if a != A.PASS and A.bid_value(a) <= 4]
        if low and rng.random() < 0.7:
            return rng.choice(low)
    elif phase is Phase.BLIND_DECISION:
        return A.BLIND_NIL if rng.random() < 0.25 else A.LOOK
    return rng.choice(legal)


def play(
    state: GameState, rng: random.Random, max_hands: int, referee: Referee | None = None, max_steps: int = 3000
) -> list[int]:
    actions: list[int] = []
    while not state.is_terminal() and len(state.hand_history) < max_hands and len(actions) < max_steps:
        action = choose(rng, state)
        actor = state.turn
        if referee is not None:
            referee.before(state, action)
        events = state.apply(action)
        if referee is not None:
            referee.after(state, actor, action, events)
        actions.append(action)
    return actions


@st.composite
def random_rules(draw) -> HouseRules:
    return HouseRules(**{key: draw(st.sampled_from(values)) for key, values in CHOICES.items()})


@st.composite
def variant_rules(draw) -> HouseRules:
    """Random house rules with section 6 variants in force: a mode that plays them, then a value of each."""
    values = {key: draw(st.sampled_from(choices)) for key, choices in CHOICES.items()}
    mode = values["mode"] = draw(
        st.sampled_from(("partnership", "partnership", "cutthroat", "three_player", "two_player"))
    )
    for key, by_value in VARIANT_MODES.items():
        values[key] = draw(st.sampled_from([v for v, modes in by_value.items() if mode in modes]))
    return HouseRules(**values)


def any_rules() -> st.SearchStrategy[HouseRules]:
    return st.one_of(st.sampled_from(PRESETS).map(preset), random_rules(), variant_rules())


def known_hands(rules: HouseRules, seed: int) -> dict[Seat, int]:
    """A deal of the deck in force, shuffled by the seed (two-player: 13 each, the rest out)."""
    deck = sorted(deck_of(rules).cards)
    random.Random(seed).shuffle(deck)
    size = all_tricks(rules)
    return {s: mask(deck[size * i : size * i + size]) for i, s in enumerate(seats_of(rules.mode))}


SEEDS = st.integers(0, 2**64 - 1)
CHOICE_SEEDS = st.integers(0, 2**32 - 1)
HANDS = st.integers(1, 3)


# ---------------------------------------------------------------- the properties
# Example counts of the thorough run (``pytest -m slow``; the README's command runs a tenth): tens of
# ms per refereed game of up to three hands; with SPADES_PROPERTY_EXPLORE=1 every run draws new games,
# ten times as many, so the runs add up (for a long look).
GAMES_PER_PRESET = 100
GAMES_PER_VARIANT = 45
GAMES_RANDOM_RULES = 220
GAMES_VARIANT_RULES = 120
#: Section 6 and 4.5 variants, alone and combined (the presets "jokers" and "three_player" among them)
VARIANTS = {
    "jokers": preset("jokers"),
    "jokers_deuces": HouseRules(deck="jokers_deuces"),
    "whiz": HouseRules(bidding="whiz"),
    "mirror": HouseRules(bidding="mirror"),
    "suicide": HouseRules(bidding="suicide"),
    "nil_exchange_1": HouseRules(nil_exchange=1),
    "nil_exchange_2": HouseRules(nil_exchange=2),
    "nil_exchange_3": HouseRules(nil_exchange=3),
    "three_player": preset("three_player"),
    "three_player_jokers": HouseRules(mode="three_player", deck="jokers"),
    # combinations
    "three_player_jokers_mirror_two_of_clubs": HouseRules(
        mode="three_player", deck="jokers", bidding="mirror", first_lead="two_of_clubs"),
    "three_player_whiz_all_tricks": HouseRules(
        mode="three_player", bidding="whiz", thirteen_bid_double=True, thirteen_bid_fail_bags=True),
    "jokers_deuces_suicide_nil_exchange_blind_exchange": HouseRules(
        deck="jokers_deuces", bidding="suicide", nil_exchange=2, blind_nil_exchange=1, first_lead="two_of_clubs"),
    "cutthroat_jokers_deuces_whiz_no_nil": HouseRules(
        mode="cutthroat", deck="jokers_deuces", bidding="whiz", nil_allowed=False, spades_lead="any_time"),
    "jokers_mirror_min_team_bid": HouseRules(deck="jokers", bidding="mirror", min_team_bid=4, nil_exchange=3),
    "two_player_whiz": HouseRules(mode="two_player", bidding="whiz"),
}  # fmt: skip


def referee_game(rules: HouseRules, seed: int, choice_seed: int, max_hands: int) -> None:
    state, events = GameState.new_game(rules, seed)
    rng = random.Random(choice_seed)
    referee = Referee(rules, rng)
    referee.start(state, events)
    play(state, rng, max_hands, referee)
    assert referee.hands_scored == len(state.hand_history)


@pytest.mark.parametrize("name", [p for p in PRESETS if p not in VARIANTS])
@pytest.mark.parametrize("share", LENGTHS)
def test_random_games_follow_the_rules(name, share):
    """Deal, legality, illegal actions, trick winners, scoring and views, every step of a game."""
    check_examples(GAMES_PER_PRESET, share, _random_games_follow_the_rules_example,
                   name=st.just(name), seed=SEEDS, choice_seed=CHOICE_SEEDS, max_hands=HANDS)


def _random_games_follow_the_rules_example(name, seed, choice_seed, max_hands):
    referee_game(preset(name), seed, choice_seed, max_hands)


@pytest.mark.parametrize("name", VARIANTS)
@pytest.mark.parametrize("share", LENGTHS)
def test_random_games_of_each_variant_follow_the_rules(name, share):
    """As above, plus the deck per variant, the trump order, bids per style and the nil exchange pairs."""
    check_examples(GAMES_PER_VARIANT, share, _random_games_of_each_variant_follow_the_rules_example,
                   name=st.just(name), seed=SEEDS, choice_seed=CHOICE_SEEDS, max_hands=HANDS)


def _random_games_of_each_variant_follow_the_rules_example(name, seed, choice_seed, max_hands):
    referee_game(VARIANTS[name], seed, choice_seed, max_hands)


@pytest.mark.parametrize("share", LENGTHS)
def test_random_games_under_random_variant_rules_follow_the_rules(share):
    check_examples(GAMES_VARIANT_RULES, share, _random_games_under_random_variant_rules_follow_the_rules_example,
                   rules=variant_rules(), seed=SEEDS, choice_seed=CHOICE_SEEDS, max_hands=HANDS)


def _random_games_under_random_variant_rules_follow_the_rules_example(rules, seed, choice_seed, max_hands):
    referee_game(rules, seed, choice_seed, max_hands)


@pytest.mark.parametrize("share", LENGTHS)
def test_random_games_under_random_house_rules_follow_the_rules(share):
    check_examples(GAMES_RANDOM_RULES, share, _random_games_under_random_house_rules_follow_the_rules_example,
                   rules=random_rules(), seed=SEEDS, choice_seed=CHOICE_SEEDS, max_hands=HANDS)


def _random_games_under_random_house_rules_follow_the_rules_example(rules, seed, choice_seed, max_hands):
    referee_game(rules, seed, choice_seed, max_hands)


@pytest.mark.parametrize("share", LENGTHS)
def test_known_deals_score_by_the_rules(share):
    """One hand from a known deal with scores and bags near the limits (penalties, deficits, game end)."""
    check_examples(250, share, _known_deals_score_by_the_rules_example,
                   data=st.data(), seed=SEEDS, choice_seed=CHOICE_SEEDS)


def _known_deals_score_by_the_rules_example(data, seed, choice_seed):
    rules = data.draw(any_rules(), label="rules")
    hands = known_hands(rules, seed)
    seats = seats_of(rules.mode)
    dealer = data.draw(st.sampled_from(seats), label="dealer")
    sides = sides_of(rules.mode)
    near = st.integers(rules.target_score - 80, rules.target_score + 20)
    low = st.integers(-600, 100) if rules.losing_score is not None else st.integers(-300, 300)
    scores = {side: data.draw(st.one_of(near, low), label=f"score {side}") for side in sides}
    bags = {side: data.draw(st.integers(0, rules.bag_limit - 1), label=f"bags {side}") for side in sides}
    state = GameState.from_deal(rules, dealer, hands, scores, bags, seed=seed)
    rng = random.Random(choice_seed)
    referee = Referee(rules, rng)
    referee.start_from_deal(state, dealer, hands, scores, bags)
    play(state, rng, 1, referee)
    assert state.is_terminal()


@pytest.mark.parametrize("share", LENGTHS)
def test_same_rules_seed_and_actions_give_the_same_game(share):
    check_examples(380, share, _same_rules_seed_and_actions_give_the_same_game_example,
                   rules=any_rules(), seed=SEEDS, choice_seed=CHOICE_SEEDS, max_hands=HANDS)


def _same_rules_seed_and_actions_give_the_same_game_example(rules, seed, choice_seed, max_hands):
    state, first_events = GameState.new_game(rules, seed)
    log = [[e.to_dict() for e in first_events]]
    rng = random.Random(choice_seed)
    actions: list[int] = []
    while not state.is_terminal() and len(state.hand_history) < max_hands:
        action = choose(rng, state)
        actions.append(action)
        log.append([e.to_dict() for e in state.apply(action)])
    again, again_events = GameState.new_game(rules, seed)
    log2 = [[e.to_dict() for e in again_events]]
    log2 += [[e.to_dict() for e in again.apply(a)] for a in actions]
    assert log2 == log
    assert json.loads(json.dumps(log)) == log, "events are JSON-safe"
    assert serialize.summary(again) == serialize.summary(state)
    assert serialize.to_dict(again) == serialize.to_dict(state)


def start_game(rules: HouseRules, seed: int, known_deal: bool, stop_after_hand: bool) -> GameState:
    """A new game from the seed, or a hand from a known deal (shuffled by the seed)."""
    if not known_deal:
        return GameState.new_game(rules, seed)[0]
    hands = known_hands(rules, seed)
    seats = seats_of(rules.mode)
    sides = sides_of(rules.mode)
    scores = {side: (seed >> (8 * i)) % 400 - 100 for i, side in enumerate(sides)}
    bags = {side: (seed >> (4 * i)) % rules.bag_limit for i, side in enumerate(sides)}
    dealer = seats[seed % len(seats)]
    return GameState.from_deal(rules, dealer, hands, scores, bags, seed=seed, stop_after_hand=stop_after_hand)


@pytest.mark.parametrize("share", LENGTHS)
def test_save_load_continue_equals_never_saving(share):
    check_examples(500, share, _save_load_continue_equals_never_saving_example,
                   rules=any_rules(), seed=SEEDS, choice_seed=CHOICE_SEEDS, max_hands=HANDS, cut=st.floats(0, 1),
                   known_deal=st.booleans(), stop_after_hand=st.booleans())


def _save_load_continue_equals_never_saving_example(rules, seed, choice_seed, max_hands, cut, known_deal,
                                                    stop_after_hand):
    reference = start_game(rules, seed, known_deal, stop_after_hand)
    actions = play(reference, random.Random(choice_seed), max_hands)
    at = int(cut * len(actions))
    state = start_game(rules, seed, known_deal, stop_after_hand)
    for a in actions[:at]:
        state.apply(a)
    saved = json.loads(json.dumps(serialize.to_dict(state)))
    loaded = serialize.from_dict(saved)
    assert serialize.summary(loaded) == serialize.summary(state)
    assert loaded.legal_actions() == state.legal_actions()
    for a in actions[at:]:
        assert [e.to_dict() for e in loaded.apply(a)] == [e.to_dict() for e in state.apply(a)]
    assert serialize.summary(loaded) == serialize.summary(reference) == serialize.summary(state)
    assert serialize.to_dict(loaded) == serialize.to_dict(reference)


def referee_known_hand(rules: HouseRules, dealer: Seat, hands: dict[Seat, int], bids: dict[Seat, int], seed: int):
    """One refereed hand from a known deal with the bids given (looking at the cards), random play."""
    state = GameState.from_deal(rules, dealer, hands, seed=seed)
    rng = random.Random(seed)
    referee = Referee(rules, rng)
    scores = {side: 0 for side in sides_of(rules.mode)}
    referee.start_from_deal(state, dealer, hands, scores, dict(scores))
    events: list = []
    while not state.is_terminal():
        if state.phase is Phase.BLIND_DECISION:
            action = A.LOOK
        elif state.phase is Phase.BIDDING:
            action = A.bid_action(bids[state.turn])
        else:
            action = rng.choice(state.legal_actions())
        actor = state.turn
        referee.before(state, action)
        events = state.apply(action)
        referee.after(state, actor, action, events)
    return next(e for e in events if isinstance(e, HandScored))


@pytest.mark.parametrize("ten_for_two_hundred", [False, True])
@settings(max_examples=15 * SCALE, **SETTINGS)
@given(seed=SEEDS)
def test_three_player_all_tricks_bid_is_seventeen(ten_for_two_hundred, seed):
    """docs/RULES.md 4.5: 17 is the "all tricks" bid of thirteen_bid_*: made it doubles, set it brings 17 bags.

    North holds every spade and AC AD AH KH, so North takes all 17 tricks however the cards fall.
    """
    rules = HouseRules(
        mode="three_player", thirteen_bid_double=True, thirteen_bid_fail_bags=True,
        ten_for_two_hundred=ten_for_two_hundred, target_score=1000,
    )  # fmt: skip
    deck = deck_of(rules)
    north = {deck.slot(t) for t in ("AC", "AD", "AH", "KH")} | {c for c in deck.cards if deck.suit_of[c] == SPADE}
    rest = sorted(deck.cards - north)
    random.Random(seed).shuffle(rest)
    hands = {N: mask(north), S: mask(rest[:17]), W: mask(rest[17:])}
    scored = referee_known_hand(rules, W, hands, {N: 17, S: 17, W: 1}, seed)
    north_b, south_b, west_b = (scored.breakdown[k] for k in "NSW")
    assert north_b.total == (680 if ten_for_two_hundred else 340) and north_b.bags == 0
    assert south_b.bags == 17 and south_b.total == -170 - 100 and south_b.bags_after == 7
    assert west_b.total == -10
