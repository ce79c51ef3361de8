"""Focused tests of the game state machine: dealing, turn order, the two-player draw,
the auction, cutthroat sides, cloning, loading saved games and undo (docs/RULES.md)."""

from __future__ import annotations

import copy
import itertools
import json
import random

import pytest

from spades_desktop.engine import actions as A
from spades_desktop.engine import serialize
from spades_desktop.engine.errors import (
    BidNotAllowed,
    FirstLeadRestricted,
    IllegalAction,
    NotYourTurn,
    StateError,
    UndoNotAllowed,
    WrongPhase,
)
from spades_desktop.engine.events import (
    AuctionCall,
    BidMade,
    BlindNilChoice,
    CardDealt,
    CardDrawn,
    CardsExchanged,
    DealerDrawn,
    HandScored,
    HandStarted,
    Redeal,
    TrickWon,
    TrumpChosen,
)
from spades_desktop.engine.rules import preset
from spades_desktop.engine.seats import Seat
from spades_desktop.engine.state import GameState, Phase

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W
CLUBS, DIAMONDS, HEARTS, SPADES = range(4)
SEEDS = range(40)


def card(text: str) -> int:
    """Independent card numbering: suit * 13 + rank, rank 0 is the two."""
    return "CDHS".index(text[1]) * 13 + "23456789TJQKA".index(text[0])


def suit_cards(suit: int) -> int:
    return sum(1 << (suit * 13 + r) for r in range(13))


def cards(m: int) -> set[int]:
    return {c for c in range(52) if m >> c & 1}


def clockwise_from(seat: Seat, count: int = 4) -> list[Seat]:
    return [Seat((seat + i) % 4) for i in range(count)]


def no_blind(name: str):
    return preset(name).with_changes(blind_nil_allowed=False)


def random_action(state: GameState, rng: random.Random) -> int:
    legal = state.legal_actions()
    if state.phase is Phase.BIDDING and A.PASS in legal and rng.random() < 0.5:
        return A.PASS
    if state.phase is Phase.BIDDING:
        low = [a for a in legal if a != A.PASS and 1 <= A.bid_value(a) <= 4]
        if low:
            return rng.choice(low)
    return rng.choice(legal)


def play_until(state: GameState, rng: random.Random, stop) -> list:
    """Random legal actions until ``stop(state)``; returns all events."""
    events: list = []
    for _ in range(5000):
        if stop(state) or state.is_terminal():
            return events
        events += state.apply(random_action(state, rng))
    raise AssertionError("game did not reach the stop condition")


def snapshot(state: GameState) -> str:
    return json.dumps(serialize.to_dict(state), sort_keys=True) + repr(state.legal_actions())


# ------------------------------------------------------------------ dealer draw and deal
@pytest.mark.parametrize("name", ["standard", "cutthroat", "auction", "two_player"])
@pytest.mark.parametrize("seed", SEEDS)
def test_highest_card_of_the_draw_deals(name, seed):
    state, events = GameState.new_game(preset(name), seed)
    drawn = events[0]
    assert isinstance(drawn, DealerDrawn)
    seats = (N, S) if name == "two_player" else (N, E, S, W)
    assert tuple(drawn.seats) == seats
    assert len(set(drawn.cards)) == len(seats)
    # highest rank deals; equal ranks fall back on suit order (spades high)
    best = max(zip(drawn.cards, drawn.seats, strict=True), key=lambda cs: (cs[0] % 13, cs[0] // 13))[1]
    assert drawn.dealer == best == state.dealer
    assert events[1] == HandStarted(1, best)
    if name == "two_player":
        # no deal: the dealer is the first to draw from the stock
        assert state.phase in (Phase.DRAW, Phase.BLIND_DECISION) and state.turn == best
        assert not any(isinstance(e, CardDealt) for e in events)


@pytest.mark.parametrize("name", ["standard", "cutthroat", "auction", "two_of_clubs_lead"])
@pytest.mark.parametrize("seed", SEEDS)
def test_deal_is_one_card_at_a_time_from_the_dealers_left(name, seed):
    state, events = GameState.new_game(preset(name), seed)
    dealt = [e for e in events if isinstance(e, CardDealt)]
    assert events[2:] == dealt and len(dealt) == 52
    order = clockwise_from(state.dealer.left())
    assert [e.seat for e in dealt] == [order[i % 4] for i in range(52)]
    assert sorted(e.card for e in dealt) == list(range(52))
    for seat in Seat:
        assert cards(state.hands[seat]) == {e.card for e in dealt if e.seat == seat}
        assert len(cards(state.hands[seat])) == 13
    # the first decision is the seat left of the dealer's (bid, blind nil choice, or auction call)
    assert state.turn == state.dealer.left()


@pytest.mark.parametrize("name", ["standard", "cutthroat", "auction"])
def test_dealer_moves_clockwise_each_hand(name):
    rules = preset(name).with_changes(target_score=1000)
    for seed in range(6):
        state, events = GameState.new_game(rules, seed)
        events += play_until(state, random.Random(seed), lambda s: len(s.hand_history) >= 4)
        starts = [e for e in events if isinstance(e, HandStarted)]
        dealer = starts[0].dealer
        for prev_ev, ev in itertools.pairwise(events):
            if not isinstance(ev, HandStarted) or ev is starts[0]:
                continue
            if isinstance(prev_ev, Redeal):  # auction: four passes redeal with the same dealer
                assert ev.dealer == dealer
            else:
                assert ev.dealer == dealer.left()
                dealer = ev.dealer
        assert [h.dealer for h in state.hand_history] == clockwise_from(starts[0].dealer, 4)


@pytest.mark.parametrize("seed", SEEDS)
def test_two_player_roles_swap_and_the_non_dealer_bids_first_and_leads(seed):
    state, _ = GameState.new_game(preset("two_player").with_changes(target_score=1000), seed)
    rng = random.Random(seed)
    first_dealer = state.dealer
    for hand in range(3):
        dealer = first_dealer if hand % 2 == 0 else (S if first_dealer == N else N)
        other = S if dealer == N else N
        assert state.dealer == dealer and state.hand_number == hand + 1
        assert state.phase in (Phase.DRAW, Phase.BLIND_DECISION) and state.turn == dealer
        play_until(state, rng, lambda s: s.phase in (Phase.BIDDING, Phase.PLAY))
        if state.phase is Phase.BIDDING:
            assert state.turn == other or state.blind[other]
        play_until(state, rng, lambda s: s.phase is Phase.PLAY)
        assert state.turn == other, "the player who did not draw first leads"
        play_until(state, rng, lambda s, n=hand: len(s.hand_history) > n)
        assert state.hand_history[-1].bids[0][0] == other, "the non-dealer bids first"
        assert state.hand_history[-1].tricks_played[0][0] == other


# ------------------------------------------------------------------ two-player draw
@pytest.mark.parametrize("seed", SEEDS)
def test_two_player_keep_and_discard(seed):
    state, _ = GameState.new_game(no_blind("two_player"), seed)
    rng = random.Random(seed)
    dealer = state.dealer
    kept: dict[Seat, set[int]] = {N: set(), S: set()}
    out: set[int] = set()
    for turn in range(26):
        assert state.phase is Phase.DRAW
        seat = dealer if turn % 2 == 0 else (S if dealer == N else N)
        assert state.turn == seat
        shown = state.drawn_card
        assert state.view(seat).drawn_card == shown
        assert state.view(S if seat == N else N).drawn_card is None, "only the drawer sees the card"
        # both choices on the same position: KEEP keeps the shown card and drops the next, DISCARD the reverse
        keep = state.clone().apply(A.KEEP)
        drop = state.clone().apply(A.DISCARD)
        assert keep == [CardDrawn(seat, shown, keep[0].discarded, True)]
        assert drop == [CardDrawn(seat, keep[0].discarded, shown, False)]
        action = rng.choice((A.KEEP, A.DISCARD))
        (ev,) = state.apply(action)
        kept[seat].add(ev.kept)
        out.add(ev.discarded)
        assert cards(state.hands[seat]) == kept[seat]
    assert len(kept[N]) == len(kept[S]) == 13 and len(out) == 26
    assert kept[N] | kept[S] | out == set(range(52))
    assert state.phase is Phase.BIDDING and state.turn != dealer


def test_two_player_blind_nil_is_bid_before_the_first_draw_and_may_exchange_from_the_discards():
    rules = preset("two_player")
    state, _ = GameState.new_game(rules, 11)
    dealer = state.dealer
    assert state.phase is Phase.BLIND_DECISION and state.turn == dealer
    assert state.view(dealer).hand is None
    assert state.apply(A.BLIND_NIL) == [BlindNilChoice(dealer, True), BidMade(dealer, 0, True)]
    assert state.phase is Phase.DRAW and state.turn == dealer
    (first,) = state.apply(A.KEEP)
    assert state.phase is Phase.BLIND_DECISION  # the other player decides before her first draw
    state.apply(A.LOOK)
    discards = {first.discarded}
    while state.phase is Phase.DRAW:
        (ev,) = state.apply(A.DISCARD)
        discards.add(ev.discarded)
    assert state.phase is Phase.EXCHANGE and state.turn == dealer
    assert set(state.legal_actions()) == cards(state.hands[dealer]) | {A.EXCHANGE_DONE}
    before = cards(state.hands[dealer])
    give = sorted(before)[:2]
    for c in give:
        state.apply(c)
    events = state.apply(A.EXCHANGE_DONE)
    (ex,) = [e for e in events if isinstance(e, CardsExchanged)]
    received = cards(ex.received_mask)
    assert cards(ex.given_mask) == set(give) and len(received) == 2 and received <= discards
    assert cards(state.hands[dealer]) == (before - set(give)) | received
    assert state.phase is Phase.BIDDING and state.turn != dealer  # the non-dealer bids; the dealer bid blind


# ------------------------------------------------------------------ auction
def test_auction_calls_rise_from_seven_to_thirteen():
    state, _ = GameState.new_game(preset("auction"), 3)
    first = state.dealer.left()
    assert state.phase is Phase.BIDDING and state.turn == first
    assert state.legal_actions() == (A.PASS, *(A.bid_action(n) for n in range(7, 14)))
    with pytest.raises(BidNotAllowed):
        state.apply(A.bid_action(6))
    with pytest.raises(IllegalAction):
        state.apply(A.bid_action(0))
    assert state.apply(A.bid_action(9)) == [AuctionCall(first, 9)]
    assert state.legal_actions() == (A.PASS, *(A.bid_action(n) for n in range(10, 14)))
    for low in (7, 9):
        with pytest.raises(BidNotAllowed):
            state.apply(A.bid_action(low))
    state.apply(A.bid_action(13))
    assert state.legal_actions() == (A.PASS,)


def test_auction_three_passes_after_a_bid_end_it_and_the_high_bidder_names_trump_and_leads():
    state, _ = GameState.new_game(preset("auction"), 5)
    order = clockwise_from(state.dealer.left(), 8)
    for action in (A.PASS, A.PASS, A.PASS, A.bid_action(8), A.PASS, A.PASS):
        state.apply(action)
        assert state.phase is Phase.BIDDING  # passes before the first bid do not end it
    state.apply(A.bid_action(10))  # order[6] outbids
    for _ in range(2):
        state.apply(A.PASS)
        assert state.phase is Phase.BIDDING
    state.apply(A.PASS)
    assert state.phase is Phase.TRUMP and state.turn == order[6]
    assert state.bids[order[6]] == 10
    assert state.apply(A.TRUMP_BASE + HEARTS) == [TrumpChosen(order[6], HEARTS)]
    assert state.trump == HEARTS and state.phase is Phase.PLAY and state.turn == order[6]
    hand = state.hands[order[6]]
    others = hand & ~suit_cards(HEARTS)
    assert cards(others or hand) == set(state.legal_actions()), "no trump on the first lead"
    if others and hand & suit_cards(SPADES):
        assert any(c // 13 == SPADES for c in state.legal_actions()), "spades are an ordinary suit"


def test_auction_trump_must_be_broken_before_it_is_led():
    for seed in SEEDS:
        state, _ = GameState.new_game(preset("auction"), seed)
        rng = random.Random(seed)
        play_until(state, rng, lambda s: s.phase is Phase.TRUMP)
        state.apply(A.TRUMP_BASE + DIAMONDS)
        broken = False
        while state.phase is Phase.PLAY and state.hand_number == 1:
            if not state.trick_cards:
                hand = state.hands[state.turn]
                others = hand & ~suit_cards(DIAMONDS)
                if others and (not broken or not state.completed):
                    assert set(state.legal_actions()) == cards(others)
            action = rng.choice(state.legal_actions())
            broken |= action // 13 == DIAMONDS
            state.apply(action)


def test_auction_four_passes_redeal_with_the_same_dealer():
    state, _ = GameState.new_game(preset("auction"), 8)
    dealer, hands = state.dealer, list(state.hands)
    for _ in range(3):
        assert len(state.apply(A.PASS)) == 1
    events = state.apply(A.PASS)
    assert events[:3] == [AuctionCall(dealer, None), Redeal(dealer), HandStarted(1, dealer)]
    assert [type(e) for e in events[3:]] == [CardDealt] * 52
    assert state.dealer == dealer and state.hand_number == 1
    assert state.phase is Phase.BIDDING and state.turn == dealer.left()
    assert list(state.hands) != hands, "a new deal"
    assert state.legal_actions() == (A.PASS, *(A.bid_action(n) for n in range(7, 14)))


def _suited_auction(trump_action: int) -> tuple[GameState, list]:
    """N holds the clubs, E the diamonds, S the hearts, W the spades; N wins the auction at 7."""
    hands = {N: suit_cards(CLUBS), E: suit_cards(DIAMONDS), S: suit_cards(HEARTS), W: suit_cards(SPADES)}
    state = GameState.from_deal(preset("auction"), W, hands)
    for action in (A.bid_action(7), A.PASS, A.PASS, A.PASS, trump_action):
        state.apply(action)
    assert state.phase is Phase.PLAY and state.turn == N
    events: list = []
    for c in ("2C", "AD", "AH", "AS"):
        events += state.apply(card(c))
    return state, events


@pytest.mark.parametrize(
    ("trump_action", "winner"),
    [(A.NO_TRUMP, N), (A.TRUMP_BASE + SPADES, W), (A.TRUMP_BASE + HEARTS, S), (A.TRUMP_BASE + CLUBS, N)],
)
def test_auction_trick_goes_to_the_named_trump(trump_action, winner):
    _, events = _suited_auction(trump_action)
    (won,) = [e for e in events if isinstance(e, TrickWon)]
    assert won.winner == winner


def test_no_trump_has_no_trump_at_all_and_free_leads():
    state, _ = _suited_auction(A.NO_TRUMP)
    assert state.trump is None
    for seed in SEEDS:
        state, _ = GameState.new_game(preset("auction"), seed)
        rng = random.Random(seed)
        play_until(state, rng, lambda s: s.phase is Phase.TRUMP)
        state.apply(A.NO_TRUMP)
        assert state.trump is None
        while state.phase is Phase.PLAY:
            if not state.trick_cards:
                assert set(state.legal_actions()) == cards(state.hands[state.turn]), "leads are free"
            events = state.apply(rng.choice(state.legal_actions()))
            assert not any(getattr(e, "broke_trump", False) for e in events)
            for e in events:
                if isinstance(e, TrickWon):
                    led = e.cards[0] // 13
                    best = max((c for c in e.cards if c // 13 == led), key=lambda c: c % 13)
                    assert e.winner == clockwise_from(e.leader)[e.cards.index(best)]


# ------------------------------------------------------------------ leads, bids and the first trick
def test_first_lead_never_spades_unless_only_spades_and_two_of_clubs_lead():
    for seed in SEEDS:
        state, _ = GameState.new_game(no_blind("standard").with_changes(spades_lead="any_time"), seed)
        play_until(state, random.Random(seed), lambda s: s.phase is Phase.PLAY)
        hand = state.hands[state.turn]
        assert state.turn == state.dealer.left()
        assert set(state.legal_actions()) == cards(hand & ~suit_cards(SPADES) or hand)
        state, _ = GameState.new_game(no_blind("two_of_clubs_lead"), seed)
        play_until(state, random.Random(seed), lambda s: s.phase is Phase.PLAY)
        assert state.hands[state.turn] & 1, "the holder of the two of clubs leads"
        assert state.legal_actions() == (card("2C"),)
        other = next(c for c in cards(state.hands[state.turn]) if c != card("2C"))
        with pytest.raises(FirstLeadRestricted):
            state.apply(other)


def test_all_spade_hand_may_lead_spades_at_once():
    hands = {N: suit_cards(SPADES), E: suit_cards(CLUBS), S: suit_cards(DIAMONDS), W: suit_cards(HEARTS)}
    state = GameState.from_deal(no_blind("standard"), W, hands)
    for _ in range(4):
        state.apply(A.bid_action(3))
    assert state.turn == N and set(state.legal_actions()) == cards(suit_cards(SPADES))
    events = state.apply(card("2S"))
    assert events[0].broke_trump


def test_cutthroat_has_four_single_seat_sides():
    state, _ = GameState.new_game(preset("cutthroat"), 1)
    assert set(state.scores) == set(state.bags) == {"N", "E", "S", "W"}
    deck = list(range(52))
    random.Random(4).shuffle(deck)
    hands = {s: sum(1 << c for c in deck[13 * i : 13 * i + 13]) for i, s in enumerate(Seat)}
    rules = no_blind("cutthroat").with_changes(min_team_bid=4)
    state = GameState.from_deal(rules, W, hands)
    bids = {N: 3, E: 0, S: 1, W: 2}  # no minimum team bid: nobody has a partner
    for seat in (N, E, S, W):
        state.apply(A.bid_action(bids[seat]))
    rng = random.Random(0)
    events = play_until(state, rng, lambda s: s.phase is not Phase.PLAY)
    (scored,) = [e for e in events if isinstance(e, HandScored)]
    assert set(scored.breakdown) == {"N", "E", "S", "W"}
    for seat in Seat:
        b = scored.breakdown[seat.name]
        taken = state.tricks[seat]
        if bids[seat] == 0:  # a cutthroat nil has no contract: its tricks are bags, a point each
            expected, bags = (100 if taken == 0 else -100) + taken, taken
            assert b.contract == 0 and b.nil_points == (100 if taken == 0 else -100)
        else:
            made = taken >= bids[seat]
            bags = taken - bids[seat] if made else 0
            expected = 10 * bids[seat] + bags if made else -10 * bids[seat]
            assert b.contract == bids[seat]
        assert b.bags == bags and b.penalty == (-100 if bags >= 10 else 0)
        assert b.total == expected + b.penalty
        assert state.scores[seat.name] == b.total


def test_bidding_goes_clockwise_from_the_dealers_left_and_blind_nil_comes_before_looking():
    state, _ = GameState.new_game(preset("standard"), 2)
    order = clockwise_from(state.dealer.left())
    for seat in order:
        assert state.phase is Phase.BLIND_DECISION and state.turn == seat
        assert state.view(seat).hand is None
        with pytest.raises(WrongPhase):
            state.apply(A.bid_action(3))
        assert state.apply(A.LOOK) == [BlindNilChoice(seat, False)]
        assert state.phase is Phase.BIDDING and state.view(seat).hand == state.hands[seat]
        with pytest.raises(NotYourTurn):
            state.apply(A.bid_action(3), seat.left())
        assert state.apply(A.bid_action(3), seat) == [BidMade(seat, 3, False)]
    assert state.phase is Phase.PLAY and state.turn == order[0]


# ------------------------------------------------------------------ clone
@pytest.mark.parametrize("name", ["standard", "two_player", "auction", "cutthroat"])
def test_clone_is_independent(name):
    state, _ = GameState.new_game(preset(name).with_changes(target_score=1000), 9)
    rng = random.Random(9)
    play_until(state, rng, lambda s: len(s.hand_history) == 1 and len(s.log) % 7 == 3 and s.phase is Phase.PLAY)
    before = snapshot(state)
    twin = state.clone()
    assert snapshot(twin) == before
    play_until(twin, random.Random(1), lambda s: len(s.hand_history) >= 3)
    assert snapshot(state) == before, "playing the clone changed the original"
    twin_before = snapshot(twin)
    play_until(state, random.Random(2), lambda s: len(s.hand_history) >= 2)
    assert snapshot(twin) == twin_before, "playing the original changed the clone"
    assert len(state.hand_history) == 2 and len(twin.hand_history) >= 3


# ------------------------------------------------------------------ loading saved games
def _saved_game(name: str = "standard", seed: int = 4) -> tuple[GameState, dict]:
    state, _ = GameState.new_game(preset(name), seed)
    play_until(state, random.Random(seed), lambda s: len(s.hand_history) == 1 and len(s.completed) == 3)
    return state, json.loads(json.dumps(serialize.to_dict(state)))


@pytest.mark.parametrize("name", ["standard", "two_player", "auction", "cutthroat"])
def test_saved_game_loads_to_the_same_position(name):
    state, data = _saved_game(name)
    loaded = serialize.from_dict(data)
    assert snapshot(loaded) == snapshot(state)


def _tamper_scores(d):
    side = next(iter(d["summary"]["scores"]))
    d["summary"]["scores"][side] += 10


def _tamper_action(d):
    d["actions"][-1] = d["actions"][-5]  # a card played earlier in this hand


def _tamper_bid(d):
    first_bid = next(i for i, t in enumerate(d["actions"]) if t.startswith("bid"))
    d["actions"][first_bid] = "pass"


TAMPERS = {
    "changed scores in the summary": _tamper_scores,
    "changed bags in the summary": lambda d: d["summary"]["bags"].update(NS=d["summary"]["bags"]["NS"] + 1),
    "changed hands in the summary": lambda d: d["summary"]["hands"]["N"].pop(),
    "changed turn in the summary": lambda d: d["summary"].update(turn=None),
    "an illegal card in the actions": _tamper_action,
    "an illegal bid in the actions": _tamper_bid,
    "a card played twice": lambda d: d["actions"].append(d["actions"][-1]),
    "not an action": lambda d: d["actions"].append("bid 14"),
    "an action that is not text": lambda d: d["actions"].append(5),
    "wrong format name": lambda d: d.update(format="other-game/save"),
    "no format": lambda d: d.pop("format"),
    "newer version": lambda d: d.update(version=serialize.VERSION + 1),
    "version zero": lambda d: d.update(version=0),
    "version not a number": lambda d: d.update(version="1"),
    "bad rules value": lambda d: d["rules"].update(target_score=123),
    "unknown rules key": lambda d: d["rules"].update(jokers=True),
    "bad mode": lambda d: d["rules"].update(mode="bridge"),
    "rules not an object": lambda d: d.update(rules=[1, 2]),
    "seed not a number": lambda d: d["start"].update(seed="4"),
    "no start": lambda d: d.pop("start"),
    "actions not a list": lambda d: d.update(actions="AS"),
    "summary not an object": lambda d: d.update(summary=[]),
}


@pytest.mark.parametrize("tamper", list(TAMPERS), ids=list(TAMPERS))
def test_tampered_saves_are_refused(tamper):
    _, data = _saved_game()
    serialize.from_dict(copy.deepcopy(data))  # the untouched save loads
    TAMPERS[tamper](data)
    with pytest.raises(StateError):
        serialize.from_dict(data)


@pytest.mark.parametrize("bad", [None, [], "save", 3])
def test_a_save_must_be_an_object(bad):
    with pytest.raises(StateError):
        serialize.from_dict(bad)


def test_known_deal_round_trips_and_refuses_a_tampered_deal():
    deck = list(range(52))
    random.Random(2).shuffle(deck)
    hands = {s: sum(1 << c for c in deck[13 * i : 13 * i + 13]) for i, s in enumerate(Seat)}
    state = GameState.from_deal(preset("standard"), E, hands, {"NS": 120, "EW": -40}, {"NS": 9, "EW": 0})
    play_until(state, random.Random(0), lambda s: len(s.log) == 20)
    data = json.loads(json.dumps(serialize.to_dict(state)))
    assert snapshot(serialize.from_dict(data)) == snapshot(state)
    dup = copy.deepcopy(data)
    dup["start"]["hands"]["N"][0] = dup["start"]["hands"]["E"][0]
    with pytest.raises(StateError):
        serialize.from_dict(dup)
    short = copy.deepcopy(data)
    short["start"]["hands"]["W"].pop()
    with pytest.raises(StateError):
        serialize.from_dict(short)


def test_from_deal_refuses_a_misdeal():
    hands = {s: suit_cards(i) for i, s in enumerate(Seat)}
    GameState.from_deal(preset("standard"), N, hands)
    with pytest.raises(StateError):
        GameState.from_deal(preset("standard"), N, {**hands, W: hands[S]})
    with pytest.raises(StateError):
        GameState.from_deal(preset("standard"), N, {**hands, W: hands[W] & ~(1 << 51)})
    with pytest.raises(StateError):
        GameState.from_deal(preset("standard"), N, {N: hands[N], E: hands[E], S: hands[S]})
    with pytest.raises(StateError):
        GameState.from_deal(preset("two_player"), N, hands)  # E and W do not play


# ------------------------------------------------------------------ undo
def _play_until_card_of(state: GameState, seat: Seat, rng: random.Random) -> None:
    """Until ``seat`` is to play, after two tricks, with at least two more cards to come in the trick."""
    play_until(
        state,
        rng,
        lambda s: s.phase is Phase.PLAY and s.turn == seat and len(s.completed) >= 2 and len(s.trick_cards) <= 1,
    )


@pytest.mark.parametrize("seed", range(10))
def test_undo_last_card_returns_the_earlier_position(seed):
    state, _ = GameState.new_game(preset("standard"), seed)
    rng = random.Random(seed)
    _play_until_card_of(state, S, rng)
    before = snapshot(state)
    state.apply(rng.choice(state.legal_actions()))
    assert state.can_undo(S) and not state.can_undo(W) and not state.can_undo(N)
    after = snapshot(state)
    earlier = state.undo(S)
    assert snapshot(earlier) == before
    assert snapshot(state) == after, "undo gives a new state"
    assert state.turn == W
    state.apply(rng.choice(state.legal_actions()))  # the next card: too late to take back
    assert not state.can_undo(S) and state.can_undo(W)
    with pytest.raises(UndoNotAllowed):
        state.undo(S)


def test_undo_unlimited_goes_back_to_the_seats_last_decision():
    state, _ = GameState.new_game(preset("standard").with_changes(undo="unlimited"), 6)
    rng = random.Random(6)
    _play_until_card_of(state, S, rng)
    before = snapshot(state)
    state.apply(rng.choice(state.legal_actions()))
    for _ in range(2):  # W and N play on
        state.apply(rng.choice(state.legal_actions()))
    assert state.can_undo(S)
    assert snapshot(state.undo(S)) == before


def test_undo_off():
    state, _ = GameState.new_game(preset("standard").with_changes(undo="off"), 6)
    rng = random.Random(6)
    _play_until_card_of(state, S, rng)
    state.apply(rng.choice(state.legal_actions()))
    assert not state.can_undo(S)
    with pytest.raises(UndoNotAllowed):
        state.undo(S)


def test_loaded_game_undoes_like_the_original():
    state, _ = _saved_game()
    _play_until_card_of(state, S, random.Random(3))
    before = snapshot(state)
    state.apply(state.legal_actions()[0])
    loaded = serialize.from_dict(json.loads(json.dumps(serialize.to_dict(state))))
    assert snapshot(loaded.undo(S)) == before


# ------------------------------------------------------------------ views
def test_two_player_drawer_knows_only_the_discards_she_saw():
    """docs/RULES.md 4.3: a turned-down card was seen; after a keep the next card goes out face down."""
    state, _ = GameState.new_game(preset("two_player").with_changes(blind_nil_allowed=False), 4)
    rng = random.Random(4)
    seen = {N: 0, S: 0}
    while state.phase is Phase.DRAW:
        seat, shown = state.turn, state.drawn_card
        keep = rng.random() < 0.5
        (event,) = [e for e in state.apply(A.KEEP if keep else A.DISCARD) if isinstance(e, CardDrawn)]
        if keep:
            assert event.kept == shown
        else:
            assert event.discarded == shown
            seen[seat] |= 1 << shown
        for s in (N, S):
            assert state.view(s).known_out == seen[s]
    assert seen[N] and seen[S]


def test_two_player_known_out_never_holds_a_card_in_play():
    for seed in range(3):
        state, _ = GameState.new_game(preset("two_player"), seed)
        rng = random.Random(seed)
        dealer = state.dealer
        state.apply(A.BLIND_NIL)  # the dealer bids blind nil before her first draw
        while state.phase is not Phase.EXCHANGE:
            state.apply(A.LOOK if state.phase is Phase.BLIND_DECISION else rng.choice((A.KEEP, A.DISCARD)))
        assert state.turn == dealer
        for c in sorted(cards(state.hands[dealer]))[:3]:
            state.apply(c)  # the third choice completes the exchange with three cards from the discards
        assert state.phase is Phase.BIDDING
        for seat in (N, S):
            other = S if seat == N else N
            known_out = state.view(seat).known_out
            assert not known_out & state.hands[other], f"seed {seed}: {seat.name} 'knows' held cards are out"
