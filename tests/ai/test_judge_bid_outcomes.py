"""The judge's bid verdicts hold in play (issue 55 item 3): where the judge (hint, checker, review)
calls a bid a mistake, the bid it prefers scores better when the hand is really played.

Each position is a seat's bid with its partner still to bid (where the old judge guessed the
partner's bid by its mean tricks, whatever this seat bid) or after it.  The judge weighs it on its
own deals.  Then the same position is played on other deals like it (dealt to fit the bids made, by
another seed): the seat bids the judge's bid or the one it called a mistake, and every seat then
bids and plays as the normal computer player does, to the end of the hand.  Each deal is valued as
the judge values it, by the game (the chance of winning after the hand, in points of a game's start).
"""

from __future__ import annotations

import pytest

from spades_desktop.ai.judge import assess
from spades_desktop.engine import actions as A
from spades_desktop.engine.presets import preset
from spades_desktop.engine.view import SeatView
from tests.bid_play import bid_position, played_gain

RULES = preset("standard")
PLAYED_DEALS = 48  # deals each verdict is played out on (paired: both bids on each)


def verdicts(view: SeatView) -> list[tuple[int, int]]:
    """(the judge's bid, a bid it calls a mistake) pairs to play out: the mistakes within two of it."""
    found = assess(view, 11)
    best = found.best
    pairs = []
    for bid in found.choices:
        judgement = found.judgement(bid)
        if judgement is not None and judgement.mistake and abs(A.bid_value(bid) - A.bid_value(best)) <= 2:
            pairs.append((best, bid))
    return pairs


#: (game seed, scores, bids before the seat): a first bidder, a second (its partner still to bid),
#: a third and a last, early and late in a game
POSITIONS = [(0, (0, 0), 0), (0, (420, 300), 1), (1, (0, 0), 1), (1, (420, 300), 3), (2, (0, 0), 1),
             (2, (420, 300), 2), (3, (250, 380), 1), (5, (250, 380), 2)]


@pytest.mark.parametrize(("seed", "scores", "before"), POSITIONS)
def test_the_judges_bid_verdicts_hold_in_play(seed, scores, before):
    """Every bid the judge calls a mistake (within two of its own bid) scores no better in play:
    the played gain of the judge's bid over it is above minus two standard errors, and their mean
    over the position's verdicts is above zero."""
    view = bid_position(seed, {"NS": scores[0], "EW": scores[1]}, before)
    pairs = verdicts(view)
    assert pairs, "a position with a verdict to check"
    gains = []
    for better, worse in pairs:
        gain, noise = played_gain(view, better, worse, PLAYED_DEALS, seed + 5)
        assert gain > -2 * noise, (A.bid_value(better), A.bid_value(worse), gain, noise)
        gains.append(gain)
    assert sum(gains) > 0


def test_a_partner_still_to_bid_answers_the_bid():
    """North bids first at 0-0 with South still to bid.  The judge used to guess South's bid by
    its mean tricks in the deals whatever North bid, and preferred 3; South answers a bid (less
    after a 5), and played so, 5 scores better than 3 by more than two standard errors."""
    view = bid_position(4, {"NS": 0, "EW": 0}, 0)
    found = assess(view, 11)
    judged = found.judgement(A.bid_action(3))
    assert judged is not None
    assert found.best == A.bid_action(5) and judged.loss > 0
    gain, noise = played_gain(view, A.bid_action(5), A.bid_action(3), PLAYED_DEALS, 9)
    assert gain > 2 * noise


def test_a_bid_is_judged_a_candidate_a_step_and_comes_to_the_same_judgement():
    """Without a worker process the judge works in the frame's slices: a bid deal (every candidate
    answered and played out, ten milliseconds or more) is split into one step per candidate, and the
    judgement is the same as judged at once."""
    from spades_desktop.ai.judge import JudgeJob

    view = bid_position(2, {"NS": 0, "EW": 0}, 1)
    candidates = sum(A.is_bid(a) for a in view.legal_actions)
    job = JudgeJob(view, None, 11, samples=4)
    steps = 0
    while not job.step(0.0):
        steps += 1
    assert steps + 1 == 4 * (candidates + 1)  # a step per candidate, and one that hands the deal in
    assert job.assessment == assess(view, 11, samples=4)
