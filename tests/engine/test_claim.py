"""Claims proven by exhaustive search over the real remaining hands."""

from __future__ import annotations

import random

import pytest

from spades_desktop.engine import actions as A
from spades_desktop.engine.cards import mask_from_ids
from spades_desktop.engine.claim import claim_holds
from spades_desktop.engine.rules import HouseRules, preset
from spades_desktop.engine.seats import Seat
from spades_desktop.engine.state import GameState, Phase
from spades_desktop.ui.core.keymap import Context, Intent
from tests.deals import DEAL_X as DEAL_X_IDS

DEAL_X = {Seat[seat]: mask_from_ids(cards) for seat, cards in DEAL_X_IDS.items()}

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W


def _random_play(state: GameState, until_tricks: int, rng: random.Random) -> None:
    while state.phase is not Phase.PLAY or state.trick_count < until_tricks:
        legal = state.legal_actions()
        if state.phase is not Phase.PLAY:  # everyone bids 3 (no nils) after looking at the cards
            choice = next((a for a in (A.bid_action(3), A.LOOK) if a in legal), legal[0])
            state.apply(choice)
        else:
            state.apply(legal[rng.randrange(len(legal))])


def _every_play_wins_for(state: GameState, seat: Seat) -> bool:
    """The claim checked the slow way: play out every continuation with fresh states."""
    side = set(state.sides[state.side_of_seat(seat)])
    nils = {s for s in side if state.bids[s] == 0}

    def walk(node: GameState) -> bool:
        if node.phase is not Phase.PLAY:
            return True
        for action in node.legal_actions():
            child = node.clone()
            child.stop_after_hand = True
            done = child.trick_count
            child.apply(action)
            if child.trick_count > done:
                winner = child.completed[-1][3]
                if winner not in side or winner in nils:
                    return False
            if not walk(child):
                return False
        return True

    return walk(state)


def test_a_true_claim_and_a_false_one():
    rules = HouseRules()
    state = GameState.from_deal(rules, W, DEAL_X)  # North holds every spade
    rng = random.Random(1)
    _random_play(state, 10, rng)
    assert claim_holds(state, N) and claim_holds(state, S)  # North takes every trick
    assert not claim_holds(state, E) and not claim_holds(state, W)


@pytest.mark.slow
def test_claims_agree_with_playing_out_every_continuation():
    rng = random.Random(3)
    checked = {True: 0, False: 0}
    for seed in range(200):
        state = GameState.new_game(preset("standard"), seed)[0]
        _random_play(state, 10, rng)
        if state.phase is not Phase.PLAY:
            continue
        seat = state.turn
        expected = _every_play_wins_for(state, seat)
        assert claim_holds(state, seat) == expected, seed
        checked[expected] += 1
    assert checked[True] >= 3 and checked[False] >= 3, checked


def test_a_claim_that_would_break_the_partners_nil_is_refused():
    rng = random.Random(5)
    for seed in range(400):
        state = GameState.new_game(preset("standard"), seed)[0]
        _random_play(state, 11, rng)
        if state.phase is not Phase.PLAY:
            continue
        seat = state.turn
        partner = seat.partner()
        if not claim_holds(state, seat) or state.tricks[partner] != 0:
            continue
        as_nil = state.clone()
        as_nil.bids[partner] = 0  # the same cards, the partner now a nil bidder
        if not claim_holds(as_nil, seat):
            assert not _every_play_wins_for(as_nil, seat)
            return
    raise AssertionError("no position where the partner's nil was at stake")


def test_too_early_to_prove_means_no_claim():
    state = GameState.from_deal(HouseRules(), W, DEAL_X)
    while state.phase is not Phase.PLAY:
        state.apply(state.legal_actions()[1])
    assert not claim_holds(state, N, budget=500)  # true, but far too many positions to prove


@pytest.mark.slow
def test_the_person_claims_with_c_once_the_engine_has_proven_it(tmp_path):

    from tests.ui_driver import Driver

    for seed in range(1, 12):
        d = Driver(str(tmp_path / str(seed)), rules="standard", seed=seed)
        d.app.update_settings(hints=True)
        if d.play_until(lambda t: t.moves.claim_available(), max_frames=3600):
            break
    else:
        raise AssertionError("no claim came up for the person")
    table = d.table
    state = table.ctl.state
    side = state.sides[state.side_of_seat(Seat.S)]
    before = sum(state.tricks[s] for s in side)
    left = 13 - state.trick_count
    hand = state.hand_number
    d.press(Intent.CLAIM)
    result = next(r for r in table.ctl.state.hand_history if r.hand_number == hand)
    assert sum(result.tricks[s] for s in side) == before + left


@pytest.mark.slow
def test_a_computer_claim_shows_its_hand_and_waits_for_the_person(tmp_path):

    from tests.ui_driver import Driver

    for seed in range(1, 20):
        d = Driver(str(tmp_path / str(seed)), rules="standard", seed=seed)
        if d.play_until(lambda t: t.claim.offered_by is not None, max_frames=3600):
            break
    else:
        raise AssertionError("no computer claimed")
    table = d.table
    seat = table.claim.offered_by
    log = list(table.ctl.state.log)
    d.step(120)  # nothing is played while the claim waits for an answer
    assert table.ctl.state.log == log and table.claim.offered_by == seat
    d.press(Intent.REFUSE_CLAIM, Context.CLAIM_OFFER)  # play on
    assert table.claim.offered_by is None
    d.step(30)
    assert table.claim.offered_by is None  # not asked again this hand


def test_no_claim_is_offered_to_the_person_with_one_card_left(tmp_path):
    """'Claim the remaining 1 trick' was offered on the last trick: with one card left a claim
    saves the person nothing (the computer's own claim already waits for two tricks or more)."""
    from tests.ui_driver import Driver

    for seed in range(1, 12):
        d = Driver(str(tmp_path / str(seed)), rules="standard", seed=seed)
        table = d.table
        if d.play_until(lambda t: t.ctl.state.phase is Phase.PLAY and t.ctl.human_turn() and t.accepting_input()
                        and t.ctl.state.hand_size - t.ctl.state.trick_count == 1
                        and t.claim.proven_for(t.ctl.state, t.ctl.human), max_frames=6000):
            break
    else:
        raise AssertionError("the person's side never held the last trick proven")
    assert not table.moves.claim_available()
    table.dirty = True
    d.step()
    assert table.painter.claim_chip_rect is None, "no claim chip on the last trick"


@pytest.mark.slow
def test_a_computer_claims_as_it_leads_so_its_panel_covers_no_trick(tmp_path):
    """The computer's claim panel stood over the trick being played (issue 41's seam): a claim is
    put as the claiming computer leads, the table clear."""
    from tests.ui_driver import Driver

    offers = 0
    for seed in range(1, 14):
        d = Driver(str(tmp_path / str(seed)), rules="standard", seed=seed)
        if d.play_until(lambda t: t.claim.offered_by is not None, max_frames=3600):
            table = d.table
            assert not table.ctl.state.trick_cards, f"seed {seed}: offered over a trick being played"
            assert not table.view.trick, f"seed {seed}: cards on the table under the panel"
            offers += 1
    assert offers >= 2
