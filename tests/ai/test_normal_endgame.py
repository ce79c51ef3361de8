"""The normal player's last cards (issue 43): with three cards or fewer in hand it searches a few
sampled worlds exactly (``ai.endgame``).  Positions from ``benchmarks/ai_losses.py``'s games of the
normal player (seed and index named) where the club player's habits gave away a contract, judged by
the review's judge: the old card gives away points beyond noise, the new one does not."""

import random

import pytest

from spades_desktop.ai import normal
from spades_desktop.ai.judge import assess
from spades_desktop.engine import actions as A
from spades_desktop.engine.cards import mask_from_ids, parse_card
from spades_desktop.engine.rules import preset
from spades_desktop.engine.seats import Seat
from tests.ai_helpers import position

RULES = preset("standard")
SAMPLES = 400

# Game 43409, decision 350 (hand 6, 297 to 263): East and West bid 6 and 2 and need both tricks left
# after this one; East holds the 7S, TS and JS, West leads the 8H and North ruffs with the 9S.  The
# habits shed the 7S under the ruff ("cannot win cheaply: throw the lowest") and the contract fails;
# the TS overruffs and the JS takes the last trick.
OVERRUFF = ({"N": "2C 3C 7C TC KD AD 2H 6H 9H KH AH 8S 9S", "E": "4C KC 2D 4D TD JD 2S 3S 4S 5S 7S TS JS",
             "S": "5C 6C 8C 9C JC AC 5D 8D TH JH QH 6S AS", "W": "QC 3D 6D 7D 9D QD 3H 4H 5H 7H 8H QS KS"},
            "S", [2, 3, 6, 1],
            "QC 2C KC AC JC QS 3C 4C 3D KD 2D 5D AD 4D 8D 6D AH 2S TH 3H TD 6S 7D 2H JH 4H KH 3S JD AS 9D 6H QH "
            "5H 9H 4S 5S 5C KS 8S 8H 9S", {"NS": 297, "EW": 263}, {"NS": 7, "EW": 3}, "7S", "TS")

# Game 43391, decision 410 (hand 7, 355 to 458): South bid nil and is still clean; East holds the 8D,
# 9D and AS.  The habits kept the ace for later and threw a diamond; taking the trick with the ace
# now is what keeps the side's contract and leaves the lead where the nil can be attacked.
ACE_NOW = ({"N": "2C 4C 9C TC KC AC 7D TD JD 6H QH 9S TS", "E": "6C JC 2D 4D 8D 9D QD 8H TH JH 6S 8S AS",
            "S": "3C 7C QC 3D 6D KD AD 2H 5H 9H 2S 3S 7S", "W": "5C 8C 5D 3H 4H 7H KH AH 4S 5S JS QS KS"},
           "S", [6, 2, 1, "nil"],
           "5C AC 6C QC KC JC 7C 8C TC QD 3C 4S 5D JD 2D 6D 9C JH AD 5S 3H QH 8H 9H 4C 6S KD 4H 4D 3D JS 7D 7H "
           "6H TH 5H 8D 2H QS TD KH 9S", {"NS": 355, "EW": 458}, {"NS": 5, "EW": 8}, "9D", "AS")

# Game 99891 (seed 99), decision 474 (hand 8, 125 to 111): South bid nil and is still clean; East and
# West have made their contract.  East's 9C wins the trick and South has thrown the 3D; West holds
# the AH and the boss TS.  Taking over a partner's trick once the contract is made is left alone (as
# the hard player does, so a partner does not see its trick taken to dodge an overtrick), but here
# the ruff keeps the lead for the AH, which South may have to take: ducking lets the nil through.
RUFF_THE_PARTNERS_TRICK = ({"N": "TC 2D 6D 8D 9D JD QD 2H 5H TH JH 8S KS",
                            "E": "5C 7C 8C 9C JC KC AC 6H 9H 5S 9S QS AS",
                            "S": "3C 4C 3D 4D 5D 7D TD AD 8H QH 3S 4S 7S",
                            "W": "2C 6C QC KD 3H 4H 7H KH AH 2S 6S TS JS"},
                           "E", ["nil", 4, 2, 5],
                           "3C 2C TC JC 5C 4C QC 8S QD AS AD KD 7C QH 6C KS JD QS TD 3H 6H 8H KH 2H 4H JH 9H 7D 9D "
                           "AC 5D JS 2S 2D 5S 4S 9S 7S 6S 6D 8C 4D 7H 8D 9C 3D", {"NS": 125, "EW": 111},
                           {"NS": 5, "EW": 1}, "AH", "TS")


@pytest.mark.parametrize("case", [OVERRUFF, ACE_NOW, RUFF_THE_PARTNERS_TRICK],
                         ids=["overruff", "ace-now", "against-a-nil"])
def test_the_last_cards_are_searched(case):
    hands, dealer, bids, plays, scores, bags, old, wanted = case
    dealt = {Seat[name]: mask_from_ids(cards.split()) for name, cards in hands.items()}
    state = position(RULES, dealt, bids, plays.split(), dealer=Seat[dealer], scores=scores, bags=bags)
    view = state.view(state.turn)
    assert (view.hand or 0).bit_count() <= 3
    assert A.action_text(normal.decide(view, random.Random(1), endgame=False)) == old  # the habits' card
    new = normal.decide(view, random.Random(1))
    judged = assess(view, seed=43, samples=SAMPLES)
    before, after = judged.judgement(parse_card(old)), judged.judgement(new)
    assert A.action_text(new) == wanted
    assert before is not None and after is not None
    assert before.mistake and before.loss >= 10.0, before
    assert not after.mistake, after
