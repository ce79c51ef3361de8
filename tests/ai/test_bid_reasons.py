"""The bid's reasons (issue 55 item 6): the count's items and the named steps add up to the bid,
the hint and Why these bids say each of them, a partner's nil is named where the partner bid nil,
and late in a game the score is named where it moved the bid."""

from __future__ import annotations

import random

import pytest

from spades_desktop.ai import normal
from spades_desktop.ai.bid_reasons import ReasonKind, bid_reasons
from spades_desktop.ai.explain import reasons_line
from spades_desktop.engine import actions as A
from spades_desktop.engine.cards import mask_from_ids
from spades_desktop.engine.presets import preset
from spades_desktop.engine.rules import HouseRules
from spades_desktop.engine.seats import Seat
from spades_desktop.engine.state import GameState, Phase
from spades_desktop.engine.view import SeatView
from spades_desktop.ui.text.hint_words import COUNTED, bid_hint
from spades_desktop.ui.text.messages import LONGEST
from tests.ai.test_game_bids import SEED_ONE, south
from tests.ai_helpers import position

_SCORES = (0, 120, 300, 380, 420, 460, 480)  # early and late in a game to 500


def _bidding_views(rules: HouseRules, deals: int) -> list[SeatView]:
    """Every seat's view at its bid over seeded deals, each at seeded scores (some late in the
    game), the seats bidding as the normal level does."""
    views = []
    for seed in range(deals):
        rng = random.Random(seed)
        cards = list(range(52))
        rng.shuffle(cards)
        seats = list(Seat)[:len(GameState.new_game(rules, seed)[0].seats)]
        size = 52 // len(seats)
        hands = {s: sum(1 << c for c in cards[i * size:(i + 1) * size]) for i, s in enumerate(seats)}
        state, _ = GameState.new_game(rules, seed)
        if len(seats) == 4:
            scores = {side: rng.choice(_SCORES) for side in state.sides}
            bags = {side: rng.choice((0, 2, 8)) for side in state.sides}
            state = GameState.from_deal(rules, rng.choice(seats), hands, scores, bags, stop_after_hand=True)
        while state.phase not in (Phase.PLAY, Phase.EXCHANGE, Phase.HAND_OVER, Phase.GAME_OVER):
            view = state.view(state.turn)
            if state.phase is Phase.BIDDING:
                views.append(view)
                state.apply(normal.choose_bid(view))
            else:  # look (no blind nil), the two-player draw
                state.apply(A.LOOK if state.phase is Phase.BLIND_DECISION else normal.decide(view, rng))
    return views


def _bids_to_explain(view: SeatView) -> list[int]:
    """Normal's bid and the bids one away from it (as the judge may give), and nil where allowed."""
    mine = A.bid_value(normal.choose_bid(view))
    return sorted({b for b in (mine, mine - 1, mine + 1, 0) if A.bid_action(b) in view.legal_actions})


@pytest.mark.parametrize("rules", [preset("standard"), preset("two_player"), HouseRules(nil_exchange=2)],
                         ids=["standard", "two_player", "nil_exchange"])
def test_the_reasons_add_up_to_the_bid_and_the_words_say_each(rules):
    views = _bidding_views(rules, 200 if rules.mode == "partnership" and not rules.nil_exchange else 60)
    covered = late = 0
    assert len(views) >= 100
    for view in views:
        normal_bid = A.bid_value(normal.choose_bid(view))
        for bid in _bids_to_explain(view):
            reasons = bid_reasons(view, bid, deals=64)
            assert sum(r.tricks for r in reasons) == bid, (bid, reasons)
            hint = bid_hint(view, A.bid_action(bid), deals=64)
            line = reasons_line(view.hand or 0, reasons, 1 if rules.mode == "two_player" else 2, view.deck_mask)
            assert len(hint) <= LONGEST  # the table's message keeps it whole
            for reason in reasons:
                # a long hint says the count's items (and its rounding) in one, never the bids, score or deals
                assert reason.words in hint or reason.kind in COUNTED
                assert reason.label in line
            if bid:
                assert f"({A.bid_value(A.bid_action(bid))} in all" in line
            kinds = {r.kind for r in reasons}
            # a bid the steps did not give is said to be the deals' choice; normal's own never is
            assert (ReasonKind.DEALS in kinds) == (bid != normal_bid)
            partner = view.seat.partner() if rules.mode != "two_player" else None
            if partner is not None and view.bids[partner] == 0 and bid:
                assert ReasonKind.NIL_COVER in kinds and "your partner's nil" in hint
                covered += 1
            late += ReasonKind.GAME in kinds
            if bid == 0:
                assert hint.startswith("Bid nil: ") and "% risk of being forced to take" in hint
    if rules.mode == "partnership":
        assert covered  # the seeded deals have partners' nils
    assert late or rules.mode == "two_player"


def _north(scores: dict[str, int], bids: tuple) -> SeatView:
    """North, last to bid (tests/ai/test_game_bids.py's deal), after East, South and West."""
    state = position(preset("standard"), SEED_ONE, list(bids), [], dealer=Seat.N, scores=scores,
                     bags={"NS": 0, "EW": 0})
    if state.phase is Phase.BLIND_DECISION:
        state.apply(A.LOOK)
    return state.view(Seat.N)


def test_the_score_is_named_where_it_moved_the_bid():
    """460 to 300 with South's five: the count's three, one less for the contract of seven that ends
    the game won (tests/ai/test_game_bids.py); level early in the game the count's three, no score said."""
    view = _north({"NS": 460, "EW": 300}, (2, 5, 2))
    reasons = bid_reasons(view, 2)
    game = [r for r in reasons if r.kind is ReasonKind.GAME]
    assert len(game) == 1 and game[0].tricks == -1
    assert game[0].words == "460 to 300: a made 7 ends the game won: one less, the safe bid"
    assert sum(r.tricks for r in reasons) == 2
    assert game[0].words in bid_hint(view, A.bid_action(2))
    early = _north({"NS": 100, "EW": 100}, (2, 5, 2))
    assert not [r for r in bid_reasons(early, 3) if r.kind is ReasonKind.GAME]
    assert sum(r.tricks for r in bid_reasons(early, 3)) == 3


def test_the_playtest_hint_names_the_partners_nil():
    """The playtest's picture (12_hint_bid5.png): West 4, North nil, East 2 before South, whose three
    tricks of honours were said to make a bid of five.  Now the cover of North's nil, the rounding
    and the three unbid tricks are named, and the words add up to five."""
    hands = {Seat.S: mask_from_ids(["TS", "8S", "5S", "AH", "9H", "KC", "QC", "6C", "KD", "QD", "JD", "TD", "6D"])}
    rest = [c for c in range(52) if not hands[Seat.S] >> c & 1]
    for i, seat in enumerate((Seat.W, Seat.N, Seat.E)):
        hands[seat] = sum(1 << c for c in rest[i * 13:(i + 1) * 13])
    state = position(preset("standard").with_changes(target_score=200), hands, [4, "nil", 2], [], dealer=Seat.S)
    if state.phase is Phase.BLIND_DECISION:
        state.apply(A.LOOK)
    view = state.view(Seat.S)
    assert A.bid_value(normal.choose_bid(view)) == 5
    reasons = bid_reasons(view, 5)
    assert [r.tricks for r in reasons if r.kind is ReasonKind.ITEM] == [1.0, 1.0, 1.0]
    assert sum(r.tricks for r in reasons) == 5
    kinds = [r.kind for r in reasons]
    assert ReasonKind.NIL_COVER in kinds and ReasonKind.UNBID in kinds
    hint = bid_hint(view, A.bid_action(5), deals=64)
    assert "covering your partner's nil: about one more" in hint
    assert "3 tricks nobody bid: one more" in hint
    assert "scores best" not in hint  # the judge's bid is normal's: no deals to credit


def test_a_bid_the_steps_do_not_give_is_the_deals_choice():
    view = south({"NS": 100, "EW": 60}, bids=(4, 2, 3))
    reasons = bid_reasons(view, 4, deals=64)
    assert reasons[-1].kind is ReasonKind.DEALS and reasons[-1].tricks == 1
    assert reasons[-1].words == "over 64 deals, 4 scores best: one more"
    nil = bid_reasons(view, 0, deals=64)
    assert [r.kind for r in nil] == [ReasonKind.NIL, ReasonKind.DEALS] and sum(r.tricks for r in nil) == 0
    assert nil[-1].words == "over 64 deals, nil scores best, not 3"
