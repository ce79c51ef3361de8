"""The table's summary of a hand (contract, progress, nils, bags, trump, turn), without pygame."""

from __future__ import annotations

import itertools

from spades_desktop.engine import actions as A
from spades_desktop.engine.rules import HouseRules, preset
from spades_desktop.engine.seats import SEAT_NAMES, Seat
from spades_desktop.engine.state import GameState, Phase
from spades_desktop.ui.text.table_summary import Contract, summarize

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W


def _name(seat: Seat) -> str:
    return "You" if seat == S else SEAT_NAMES[seat]


def _summary(state, bids, tricks, scores=None, bags=None, turn=None, led=None):
    zero = dict.fromkeys(state.sides, 0)
    return summarize(state, bids, tricks, scores or zero, bags or zero, turn, S, _name, led)


def _partnership() -> GameState:
    return GameState.new_game(preset("standard"), 3)[0]


def test_each_side_reads_bid_won_need_then_made_or_set():
    st = _partnership()
    bids = {N: "3", S: "4", E: "2", W: "3"}
    lines = {line.side: line for line in _summary(st, bids, {N: 1, S: 2, E: 1, W: 0}).sides}
    assert lines["NS"].progress == "Bid 7 · Won 3 · Need 4" and lines["NS"].contract is Contract.OPEN
    assert lines["NS"].name == "North & You"
    lines = {line.side: line for line in _summary(st, bids, {N: 5, S: 4, E: 1, W: 0}).sides}
    assert lines["NS"].progress == "Bid 7 · Made · 2 bags" and lines["NS"].contract is Contract.MADE
    # East and West need 5 with only 3 tricks left: set as soon as it cannot be made
    assert lines["EW"].progress == "Bid 5 · Won 1 · Set" and lines["EW"].contract is Contract.SET


def test_a_side_still_bidding_and_a_side_of_nils_say_so():
    st = _partnership()
    lines = {line.side: line for line in _summary(st, {N: "3"}, {}).sides}
    assert lines["NS"].contract is Contract.BIDDING and lines["NS"].progress == "Bidding"
    lines = {line.side: line for line in _summary(st, {E: "nil", W: "blind nil", N: "1", S: "1"}, {E: 1}).sides}
    assert lines["EW"].contract is Contract.NONE


def test_nils_are_intact_until_a_trick_breaks_them_and_blind_nil_is_marked():
    st = _partnership()
    summary = _summary(st, {N: "nil", S: "5", E: "blind nil", W: "4"}, {N: 0, E: 1})
    assert summary.nils[N].text == "Nil: intact", "not safe: it can still be broken"
    assert summary.nils[E].text == "Blind nil: broken"
    assert S not in summary.nils
    # the nil bidder's tricks do not count toward the partner's contract by default
    ns = next(line for line in summary.sides if line.side == "NS")
    assert ns.progress.startswith("Bid 5 · Won 0")


def test_a_nil_is_made_only_once_every_trick_is_taken():
    st = _partnership()
    bids = {N: "nil", S: "5", E: "4", W: "4"}
    during = _summary(st, bids, {N: 0, S: 4, E: 3, W: 5})  # 12 of 13 tricks taken
    assert during.nils[N].text == "Nil: intact"
    over = _summary(st, bids, {N: 0, S: 5, E: 3, W: 5})
    assert over.nils[N].text == "Nil: made"
    ns = next(line for line in over.sides if line.side == "NS")
    assert ns.nils_text == "North nil: made"


def test_bags_warn_from_two_short_of_the_limit_and_negative_scores_show():
    st = _partnership()
    lines = {line.side: line for line in _summary(st, {}, {}, {"NS": -40, "EW": 120}, {"NS": 7, "EW": 8}).sides}
    assert lines["NS"].bags_text == "Bags 7/10" and not lines["NS"].bags_warning and lines["NS"].negative
    assert lines["EW"].bags_text == "Bags 8/10" and lines["EW"].bags_warning and not lines["EW"].negative


def test_the_turn_in_words():
    st = _partnership()
    assert _summary(st, {}, {}, turn=W).turn_text == "West is thinking"
    assert _summary(st, {}, {}, turn=None).turn_text == ""
    # play a whole bidding round and look at the person's first play
    while st.phase is not Phase.PLAY:
        st.apply(st.legal_actions()[1] if st.phase is Phase.BIDDING else st.legal_actions()[0])
    while st.turn != S:
        st.apply(st.legal_actions()[0])
    led = st.trick_cards[0] // 13 if st.trick_cards else None
    text = _summary(st, {}, {}, turn=S, led=led).turn_text
    if led is None:
        assert text == "Your lead"
    else:
        holds = any(c // 13 == led for c in range(52) if st.hands[S] >> c & 1)
        suit = ("clubs", "diamonds", "hearts", "spades")[led]
        assert text == (f"Your turn: follow {suit}" if holds else f"Your turn: no {suit}, play any card")


def test_trump_and_broken_in_every_mode():
    st = _partnership()
    summary = _summary(st, {}, {})
    assert summary.trump_text == "Trump: ♠" and summary.broken_text == ""
    st.phase, st.broken = Phase.PLAY, True
    assert _summary(st, {}, {}).broken_text == "Spades broken"
    auction = GameState.new_game(preset("auction"), 2)[0]
    assert _summary(auction, {}, {}).trump_text == "Trump: to be named"


def test_auction_declarers_and_defenders():
    st = GameState.new_game(HouseRules(mode="auction"), 2)[0]
    while st.phase is Phase.BIDDING:
        legal = st.legal_actions()
        st.apply(A.bid_action(9) if A.bid_action(9) in legal and st.high_bid < 9 else A.PASS)
        if st.phase is Phase.BIDDING and st.high_bid == 0 and len(st.calls) == 0:
            break
    if st.phase is Phase.TRUMP:
        st.apply(A.TRUMP_BASE + 2)
    assert st.phase is Phase.PLAY and st.high_bid == 9
    declarer = st.side_of_seat(st.high_bidder)
    defenders = next(side for side in st.sides if side != declarer)
    members = dict(st.sides)
    tricks = {s: 0 for s in st.seats}
    tricks[members[defenders][0]] = 3
    lines = {line.side: line for line in _summary(st, {}, tricks).sides}
    assert lines[declarer].progress == "Bid 9 · Won 0 · Need 9"
    assert lines[defenders].progress == "Won 3 · 2 more sets it"
    assert _summary(st, {}, tricks).trump_text == "Trump: ♥"


def test_the_hand_puts_the_trump_suit_first_with_colours_alternating():
    from spades_desktop.ui.cards.card_sprite import hand_order

    cards = [0, 12, 13, 25, 26, 38, 39, 51]  # 2 and A of clubs, diamonds, hearts, spades
    for trump in (0, 1, 2, 3, None):
        suits = [c // 13 for c in hand_order(cards, trump)]
        order = list(dict.fromkeys(suits))
        assert order[0] == (3 if trump is None else trump)
        colours = ["red" if s in (1, 2) else "black" for s in order]
        assert all(a != b for a, b in itertools.pairwise(colours)), (trump, order)
        assert hand_order(cards, trump)[:2] == sorted([c for c in cards if c // 13 == order[0]], reverse=True)


def test_the_score_sheet_spells_out_each_column_and_each_nil():
    from spades_desktop.engine.scoring import NilResult, SideBreakdown
    from spades_desktop.ui.text.score_sheet import COLUMNS, side_cells

    b = SideBreakdown(side="NS", contract=5, tricks=7, made=True, contract_points=50, bonus=0, bags=2, bag_points=2,
                      nils=(NilResult(S, True, 1, False, -200),), nil_points=0, blind_nil_points=-200,
                      defence_points=0, penalty=-100, total=-248, score_before=300, score_after=52, bags_before=9,
                      bags_after=1)
    cells = dict(zip(COLUMNS, side_cells(b, _name), strict=True))
    assert cells["Bid"] == "5" and cells["Won"] == "7" and cells["Contract"] == "+50"
    assert cells["Nil"] == "You blind nil -200"
    assert cells["Bags"] == "2" and cells["Penalty"] == "-100" and cells["Hand"] == "-248"
    assert cells["Score"] == "52" and cells["Bags held"] == "1"


def test_the_score_sheet_says_short_headers_in_its_legend_and_names_no_seat_of_its_own():
    """A narrow window shortens three headers (a legend says them whole) and the players' names to
    initials; a side of one seat is named over its columns, so its nil is 'nil +100'."""
    from spades_desktop.engine.scoring import NilResult, SideBreakdown
    from spades_desktop.ui.text.score_sheet import (
        COLUMNS,
        NARROW,
        NUMBER_HEADER,
        header_legend,
        headers,
        initial,
        side_cells,
    )

    assert headers(COLUMNS) == COLUMNS
    assert headers(COLUMNS, short=True) == ("Bid", "Won", "Pts", "Nil", "Bags", "Pen.", "Hand", "Score", "Held")
    assert header_legend(COLUMNS) == ("Pts = the contract's points · Pen. = bag penalty"
                                      " · Held = bags held after the hand")
    assert header_legend(NARROW) == "" and NUMBER_HEADER == "#"
    assert initial("North") == "N." and initial("You") == "You"
    b = SideBreakdown(side="N", contract=0, tricks=0, made=None, contract_points=0, bonus=0, bags=0, bag_points=0,
                      nils=(NilResult(Seat.N, False, 0, True, 100),), nil_points=100, blind_nil_points=0,
                      defence_points=0, penalty=0, total=100, score_before=0, score_after=100, bags_before=0,
                      bags_after=0)
    assert dict(zip(COLUMNS, side_cells(b, _name), strict=True))["Nil"] == "nil +100"
