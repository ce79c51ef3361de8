"""The review's figures as far as it has gone: the same as worked out from every decision, and
worked out again only when a judgement comes in."""

from __future__ import annotations

from spades_desktop.ai import ComputerPlayer, Level
from spades_desktop.engine.rules import preset
from spades_desktop.engine.seats import Seat
from spades_desktop.engine.state import GameState
from spades_desktop.session import review_so_far
from spades_desktop.session.review import Reviewer, costliest, figures
from spades_desktop.session.review_so_far import ReviewSoFar


def _one_hand() -> GameState:
    state = GameState.new_game(preset("standard"), 5)[0]
    players = {s: ComputerPlayer(Level.NORMAL, seed=1) for s in state.seats}
    while not state.hand_history:
        state.apply(players[state.turn].decide(state.view(state.turn)))
    return state


def test_figures_so_far_are_those_of_every_decision_as_judgements_come(monkeypatch):
    reviewer = Reviewer(_one_hand(), lambda: None, samples=8)
    side = [Seat.S, Seat.N]
    so_far = ReviewSoFar(reviewer, side)
    walks: list[Seat] = []
    real = review_so_far.figures
    monkeypatch.setattr(review_so_far, "figures", lambda d, r, seat: (walks.append(seat), real(d, r, seat))[1])
    checked = 0
    while not reviewer.done:
        for seat in reviewer.state.seats:
            assert so_far.figures_of(seat) == figures(reviewer.decisions, reviewer.review, seat)
        assert so_far.costliest() == costliest(reviewer.decisions, reviewer.review, side)
        walks.clear()
        so_far.figures_of(Seat.E)
        assert walks == [], "no judgement came: the figures are kept"
        reviewer.step(1.0)
        checked += 1
    assert checked > 1
