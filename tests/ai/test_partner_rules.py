"""A partner people trust (issue 55 item 4, ``ai.partner_rules``): positions where the players of
before broke a rule the partner-trust benchmark counts (``benchmarks/partner_trust.py``), and the card
or bid they choose now.  The normal player's positions come from the benchmark's own games (seed 1,
the normal level, before the rules); the hard player's are built, and its old choice named with the
seed that showed it (40 worlds a decision)."""

from __future__ import annotations

import random

from spades_desktop.ai import ComputerPlayer, Level, normal, partner_rules, world_search
from spades_desktop.ai.situation import read_situation
from spades_desktop.engine import actions as A
from spades_desktop.engine.cards import SUIT_OF, mask_from_ids, parse_card
from spades_desktop.engine.rules import preset
from spades_desktop.engine.seats import Seat
from spades_desktop.engine.state import GameState
from spades_desktop.engine.view import SeatView
from tests.ai_helpers import position

RULES = preset("standard")
SPADES = 3


def _state(case: tuple) -> GameState:
    hands, dealer, bids, plays, scores, bags = case
    dealt = {Seat[name]: mask_from_ids(cards.split()) for name, cards in hands.items()}
    return position(RULES, dealt, bids, plays.split(), dealer=Seat[dealer], scores=scores, bags=bags)


def _view(case: tuple) -> SeatView:
    state = _state(case)
    assert state.turn is not None
    return state.view(state.turn)


def _texts(cards) -> set[str]:
    return {A.action_text(c) for c in cards}


def _partner_keeps_it(view: SeatView, card: int) -> bool:
    """``card`` played last leaves the partner's winning card on top."""
    sit = read_situation(view)
    assert sit.best_card is not None and sit.best_seat == sit.partner and not sit.seats_after_me()
    best = sit.best_card
    if SUIT_OF[card] == SUIT_OF[best]:
        return card < best
    return SUIT_OF[card] != SPADES or SUIT_OF[best] == SPADES


# Benchmark game 1005, hand 5 (seed 1): West last to the eleventh trick, its partner East's 7S ruff
# winning the hearts; West holds the TC, 5S and 8S.  The old endgame search ruffed over the partner
# with the 8S (the TC or the 5S keep East's trick).
RUFF_OVER_PARTNER = ({"N": "JC KC 5D 9D JD 2H 3H 4H 6H TH 4S 6S 9S", "E": "5C 6C AC 7D 8D KD AD JH AH 3S 7S QS AS",
                      "S": "4C 9C QC 2D 4D TD 5H 7H 8H 9H KH TS KS", "W": "2C 3C 7C 8C TC 3D 6D QD QH 2S 5S 8S JS"},
                     "E", [2, 2, 2, 6],
                     "4C 2C KC AC AD 2D 3D 5D AH 5H QH 2H KD 4D 6D 9D JH KH 2S 3H QD JD 7D TD 3C JC 5C 9C TH 3S "
                     "7H 7C 8D TS JS 4H 8C 4S 6C QC 6H 7S 8H", {"NS": 337, "EW": 368}, {"NS": 7, "EW": 8})

# Benchmark game 1002: West last to the tenth trick, East's KS winning (North bid blind nil); the
# side's contract is made.  The old habit shed the highest card that stays under the partner's, the
# JS, a high trump spent on a trick the side had won (the 4S, 8S and 9S stay under it as well).
HIGH_TRUMP_UNDER_PARTNER = ({"N": "2C 6C 9C QC 3D 9D AD 8H KH 3S 5S 6S 7S",
                             "E": "8C AC 4D 5D 8D QD 3H 6H TH AH TS QS KS",
                             "S": "4C 7C KC 2D 6D 7D JD KD 7H 9H QH 2S AS",
                             "W": "3C 5C TC JC TD 2H 4H 5H JH 4S 8S 9S JS"}, "N", ["blind_nil", 2, 3, 4],
                            "3H 7H JH KH 2C 8C KC 3C 4C JC QC AC AH 9H 2H 8H 6H QH 4H 3D 7C TC 6C 4D 5C 9C QD 2D "
                            "AD 8D 6D TD 9D 5D 7D 5H 3S KS 2S", {"NS": 409, "EW": 113}, {"NS": 9, "EW": 3})

# Benchmark game 1010: South last to the eleventh trick, North's JS winning (East bid blind nil);
# South holds the 5S, 6S and KS.  The old endgame search took the partner's trick with the KS.
OVERTAKE_IN_THE_ENDGAME = ({"N": "7C JC AC 4D 8D JD 2H 5H 9H TH 7S 9S JS",
                            "E": "2C 3C 9C QC KC 5D 7D QD 3H 4H 7H QH 4S",
                            "S": "6C 8C TC 2D 3D 9D 8H JH 3S 5S 6S KS AS",
                            "W": "4C 5C 6D TD KD AD 6H KH AH 2S 8S TS QS"}, "W", [1, "blind_nil", 4, 6],
                           "7C 3C TC 4C 6C 5C JC 9C AC KC 8C 2S AD 4D QD 2D AH 2H QH 8H KD 8D 7D 3D KH 5H 7H JH "
                           "TD JD 5D 9D 9H 4H AS 6H 3S QS 7S 4S 6D JS QC", {"NS": 469, "EW": 158}, {"NS": 9, "EW": 8})


def test_the_normal_player_does_not_ruff_over_its_partners_winner():
    view = _view(RUFF_OVER_PARTNER)
    assert view.seat == Seat.W and _texts(view.legal_actions) == {"TC", "5S", "8S"}
    assert not _partner_keeps_it(view, parse_card("8S"))  # the old card (its endgame search, generator seed 4)
    card = normal.decide(view, random.Random(4))
    assert _partner_keeps_it(view, card), A.action_text(card)


def test_the_normal_player_spends_no_high_trump_under_its_partners_winner():
    view = _view(HIGH_TRUMP_UNDER_PARTNER)
    assert view.seat == Seat.W and _texts(view.legal_actions) == {"4S", "8S", "9S", "JS"}
    card = normal.decide(view, random.Random(1))
    assert A.action_text(card) != "JS" and _partner_keeps_it(view, card)


def test_the_normal_player_does_not_overtake_its_partner_in_the_last_cards():
    view = _view(OVERTAKE_IN_THE_ENDGAME)
    assert view.seat == Seat.S and _texts(view.legal_actions) == {"5S", "6S", "KS"}
    card = normal.decide(view, random.Random(1))
    assert _partner_keeps_it(view, card), A.action_text(card)


# The first trick: North led the 3H, West's partner East wins with the KH, South followed; West holds
# every other heart (the AH among them).  The side wins the trick whatever West plays, so the search
# finds the cards about equal, and its worlds' noise chose the AH (seed 0).
OVERTAKE_AN_EQUAL = ({"N": "3H 2C 3C 4C 5C 6C 7C 8C 2D 3D 4D 5D 2S", "E": "KH 9C TC JC QC 6D 7D 8D 9D 3S 4S 5S 6S",
                      "S": "4H KC AC TD JD QD KD AD 7S 8S 9S TS JS", "W": "AH QH 5H 6H 7H 8H 9H TH JH 2H QS KS AS"},
                     "W", [4, 3, 3, 3], "3H KH 4H", None, None)

# The first trick: East's AH wins the hearts and West, void in them, holds a club and two diamonds to
# throw and ten trumps.  The search's noise ruffed with the 2S (seed 4).
RUFF_AN_EQUAL = ({"N": "3H 4H 5H 6H 7H 8H 2C 3C 4C 2D 3D 4D KS", "E": "AH 9H TH 5C 6C 7C 5D 6D 7D 8D 9D AS QS",
                  "S": "2H JH QH KH 8C 9C JC QC KC AC TD JD QD", "W": "TC KD AD 2S 3S 4S 5S 6S 7S 8S 9S TS JS"},
                 "W", [3, 4, 2, 4], "3H AH 2H", None, None)


def test_the_hard_player_does_not_overtake_its_partners_winner():
    view = _view(OVERTAKE_AN_EQUAL)
    assert view.seat == Seat.W and parse_card("AH") in view.legal_actions
    card = ComputerPlayer(Level.HARD, seed=0, iterations=40).decide(view)
    assert _partner_keeps_it(view, card), A.action_text(card)  # was the AH


def test_the_hard_player_does_not_ruff_its_partners_winner():
    view = _view(RUFF_AN_EQUAL)
    card = ComputerPlayer(Level.HARD, seed=4, iterations=40).decide(view)
    assert SUIT_OF[card] != SPADES, A.action_text(card)  # was the 2S


def test_the_searched_cards_keep_the_partners_winner():
    """The hard player's candidates (and the endgame search's) hold only cards that keep the trick
    the partner's, while one is legal; the cards the worlds see as equal are all that is left."""
    view = _view(OVERTAKE_AN_EQUAL)
    kept = world_search.candidates(view, list(view.legal_actions))
    assert "AH" not in _texts(kept) and kept
    assert all(_partner_keeps_it(view, c) for c in kept)
    ruff = _view(RUFF_AN_EQUAL)
    assert _texts(world_search.candidates(ruff, list(ruff.legal_actions))) == {"TC", "KD", "AD"}


def test_a_high_trump_is_spared_unless_only_high_trumps_are_left():
    view = _view(HIGH_TRUMP_UNDER_PARTNER)
    sit = read_situation(view)
    assert _texts(partner_rules.trusted_cards(sit, list(view.legal_actions))) == {"4S", "8S", "9S"}
    high = [parse_card(c) for c in ("JS", "QS", "KS")]
    assert _texts(partner_rules.trusted_cards(sit, high)) == {"JS"}  # the lowest of them


# North bid nil and leads the 9H; East follows with the 5H and South, North's partner, holds the KH
# (which covers) and the 2H (which leaves the nil on top with West still to play).
NIL_TO_COVER = ({"N": "9H 2C 3C 4C 5C 6C 7C 8C 2D 3D 4D 5D 2S", "E": "5H 9C TC JC QC 6D 7D 8D 9D 3S 4S 5S 6S",
                 "S": "KH 2H KC AC TD JD QD KD AD 7S 8S 9S TS", "W": "AH QH 3H 4H 6H 7H 8H TH JH JS QS KS AS"},
                "W", ["nil", 3, 4, 3], "9H 5H", None, None)


def test_a_partners_nil_on_top_is_covered_when_a_card_covers_it():
    view = _view(NIL_TO_COVER)
    assert view.seat == Seat.S
    sit = read_situation(view)
    assert _texts(partner_rules.trusted_cards(sit, list(view.legal_actions))) == {"KH"}
    assert A.action_text(normal.decide(view, random.Random(1))) == "KH"
    assert A.action_text(ComputerPlayer(Level.HARD, seed=1, iterations=24).decide(view)) == "KH"


def test_no_nil_is_bid_beside_a_partners_nil():
    """South, to bid after its partner North's nil, holds a hand that takes no trick; the hard bid
    search bid nil beside the nil (seed 0: 3 in 1,000 hands of the benchmark)."""
    hands = {"N": "5C 6C 7C 8C 5D 6D 7D 8D 6H 7H 8H 5S 6S", "E": "9C TC JC QC KC AC 9D TD JD QD KD AD 9H",
             "S": "2C 3C 4C 2D 3D 4D 2H 3H 4H 5H 2S 3S 4S", "W": "TH JH QH KH AH 7S 8S 9S TS JS QS KS AS"}
    state = _state((hands, "W", ["nil", 4], "", None, None))
    state.apply(A.LOOK)  # (South looks at its cards: no blind nil)
    view = state.view(Seat.S)
    assert view.turn == Seat.S and A.NIL in view.legal_actions
    assert A.NIL not in partner_rules.bid_candidates(view, list(view.legal_actions))
    assert ComputerPlayer(Level.HARD, seed=0, iterations=24).decide(view) != A.NIL  # was the nil
