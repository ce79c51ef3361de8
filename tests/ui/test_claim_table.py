"""Claims that help instead of interrupt (issue 24, item 1): a computer claims only when it saves
the person time, the prompt names the side and shows its cards clear of every plate, the person
may have claims accepted at once, and C without a proven claim says why."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import random

import pygame
import pytest

from spades_desktop.engine.claim import ClaimOutcome, NoClaim, has_a_choice, tricks_left
from spades_desktop.engine.rules import preset
from spades_desktop.engine.seats import Seat
from spades_desktop.engine.state import GameState, Phase
from spades_desktop.ui.core.keymap import Context, Intent
from spades_desktop.ui.table.claims import ClaimWatch
from spades_desktop.ui.text.claims import claim_prompt, claim_taken, no_claim
from tests.ui_driver import Driver

NAMES = {Seat.N: "North", Seat.E: "East", Seat.S: "You", Seat.W: "West"}


def _positions(count: int, seed: int = 3):
    """Positions in the play of random games, with 1 to 6 tricks left."""
    rng = random.Random(seed)
    found = 0
    game = 0
    while found < count:
        game += 1
        state, _ = GameState.new_game(preset("standard"), game)
        stop = rng.randrange(7, 13)
        while state.phase is not Phase.PLAY or state.trick_count < stop:
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
        for _ in range(rng.randrange(4)):  # a card or three into the trick
            if state.phase is Phase.PLAY:
                legal = state.legal_actions()
                state.apply(legal[rng.randrange(len(legal))])
        if state.phase is Phase.PLAY:
            found += 1
            yield state


def _choices_the_slow_way(state: GameState, seat: Seat) -> bool:
    if state.phase is not Phase.PLAY:
        return False
    legal = state.legal_actions()
    if state.turn == seat and len(legal) > 1:
        return True
    for action in legal:
        child = state.clone()
        child.stop_after_hand = True
        child.apply(action)
        if _choices_the_slow_way(child, seat):
            return True
    return False


def test_a_seat_has_a_choice_exactly_when_some_way_on_gives_it_two_cards_to_choose_from():
    for state in _positions(40):
        if tricks_left(state) > 3:
            continue
        assert has_a_choice(state, Seat.S) == _choices_the_slow_way(state, Seat.S)


@pytest.mark.slow
def test_a_computer_never_claims_the_last_trick_nor_over_forced_cards():
    from spades_desktop.engine.claim import claim_holds

    offered = refused = 0
    for state in _positions(150, seed=5):
        watch = ClaimWatch()
        while watch.step(state) or watch._searches:
            pass
        seat = watch.computer_offer(state, Seat.S, settled=True)
        proven = state.turn != Seat.S and claim_holds(state, state.turn)
        saves_time = tricks_left(state) >= 2 and has_a_choice(state, Seat.S)
        leads = not state.trick_cards  # (claimed as it leads: the panel covers no trick being played)
        assert (seat is not None) == (proven and saves_time and leads)
        offered += seat is not None
        refused += proven and not (saves_time and leads)
    # the positions hold claims kept back (random play seldom leaves a claim proven as a computer
    # leads: the claims made are counted in real games, test_claim.py's claim-as-it-leads test)
    assert refused


def test_the_claim_words_name_the_side():
    name = NAMES.__getitem__
    assert claim_prompt((Seat.E, Seat.W), name, Seat.S, 4) == "East & West claim the remaining 4 tricks"
    assert claim_prompt((Seat.E,), name, Seat.S, 2) == "East claims the remaining 2 tricks"
    assert claim_taken((Seat.N, Seat.S), name, Seat.S, 3) == "North & You take the remaining 3 tricks"
    assert claim_taken((Seat.S,), name, Seat.S, 1) == "You take the remaining 1 trick"
    lost = ClaimOutcome(False, NoClaim.TRICK_LOST, Seat.W)
    assert no_claim(lost, 4, 6, True, name, Seat.S) == "No claim yet: West can still win a trick"
    nil = ClaimOutcome(False, NoClaim.NIL_TAKES, Seat.S)
    assert no_claim(nil, 4, 6, True, name, Seat.S) == "No claim yet: your nil could still be made to take a trick"
    assert no_claim(None, 9, 6, True, name, Seat.S) == "No claim yet: claims are checked from 6 tricks left"


def _to_a_computer_claim(tmp_path, size=(1280, 720), **settings) -> Driver:
    for seed in range(1, 20):
        d = Driver(str(tmp_path / f"{seed}-{size[0]}"), rules="standard", seed=seed, size=size)
        d.app.update_settings(**settings)
        if d.play_until(lambda t: t.claim.offered_by is not None, max_frames=6000):
            return d
        d.app.close()
    raise AssertionError("no computer claimed")


@pytest.mark.slow
@pytest.mark.parametrize("size", [(960, 540), (1280, 720), (1920, 1080), (3840, 2160)])
def test_a_computer_claim_shows_the_sides_cards_in_a_row_clear_of_every_plate(tmp_path, size):
    d = _to_a_computer_claim(tmp_path, size)
    table = d.table
    d.app.redraw_all()
    d.step()
    painter = table.painter
    rect = painter.claim_rect
    assert rect is not None and pygame.Rect((0, 0), size).contains(rect)
    for seat, plate in painter.plate_rects.items():
        assert not rect.colliderect(plate), (seat, rect, plate)
    assert painter.badge_rect is None, "the trump badge and its 'broken' line wait under a claim"
    st = table.ctl.state
    claimer = table.claim.offered_by
    members = st.sides[st.side_of_seat(claimer)]
    words = " & ".join(table.name(s) for s in members)
    assert words in claim_prompt(tuple(members), table.name, Seat.S, tricks_left(st))
    # a real row of the side's cards, with more of the side's cards than the claimer's alone
    assert sum(len(table.view.hands[s]) for s in members) == len(members) * tricks_left(st) or st.trick_cards
    d.press(Intent.ACCEPT_CLAIM, Context.CLAIM_OFFER)
    assert table.claim.offered_by is None
    d.app.close()


@pytest.mark.slow
def test_a_claim_can_be_accepted_at_once(tmp_path):
    d = _to_a_computer_claim(tmp_path)
    seed = d.app.options.seed
    hand = d.table.ctl.state.hand_number
    d.app.close()
    again = Driver(str(tmp_path / "again"), rules="standard", seed=seed)
    again.app.update_settings(computer_claims="accept")
    messages: list[str] = []

    def watching(table) -> bool:
        assert table.claim.offered_by is None  # never put to the person
        messages.append(table.message)
        return table.ctl.state.hand_number > hand

    assert again.play_until(watching, max_frames=12000)
    assert any("take the remaining" in m for m in messages)
    again.app.close()


def test_c_without_a_proven_claim_says_why(tmp_path):
    d = Driver(str(tmp_path), rules="standard", seed=2)
    assert d.play_until(lambda t: t.ctl.state.phase is Phase.PLAY and t.accepting_input()
                        and t.panel.is_current() and t.ctl.state.turn == Seat.S)
    d.press(Intent.CLAIM)
    assert d.table.message == "No claim yet: claims are checked from 6 tricks left"
    d.app.close()
