"""House rules (docs/RULES.md section 3): validation, defaults, presets, and every option changing
what it should when played through the state machine."""

from __future__ import annotations

import pytest

from spades_desktop.engine import actions as A
from spades_desktop.engine.cards import FULL_DECK, cards_of, mask_from_ids, parse_card
from spades_desktop.engine.errors import (
    BelowMinimumTeamBid,
    BlindNilNotAllowed,
    CardNotInHand,
    FirstLeadRestricted,
    IllegalAction,
    MustFollowSuit,
    NilNotAllowed,
    NotYourTurn,
    TrumpNotBroken,
    UndoNotAllowed,
    WrongPhase,
)
from spades_desktop.engine.rule_table import RULE_SPECS
from spades_desktop.engine.rules import HouseRules, RulesError, preset, preset_name
from spades_desktop.engine.seats import Seat
from spades_desktop.engine.serialize import summary
from spades_desktop.engine.state import GameState, Phase
from tests.deals import DEAL_X, DEAL_Y, RANKS, TRICKS_Y, hand

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W

#: the rule keys and their defaults, frozen: the one hand-written list of them in the tests. A key
#: renamed, dropped or added, or a default changed, is noticed here once (and needs a save format
#: step: old saves name the keys); every other list below is derived from the rule table.
FROZEN_KEYS_AND_DEFAULTS = {
    "mode": "partnership", "target_score": 500, "losing_score": None, "nil_allowed": True,
    "nil_value": 100, "blind_nil_allowed": True, "blind_nil_value": 200, "blind_nil_min_deficit": 0,
    "blind_nil_exchange": 0, "bag_limit": 10, "bag_penalty": 100, "bags_reset": False,
    "failed_nil_counts_for_partner": True, "first_lead": "left_of_dealer", "spades_lead": "broken",
    "min_team_bid": 0, "thirteen_bid_double": False, "thirteen_bid_fail_bags": False,
    "ten_for_two_hundred": False, "undo": "last_card",
    "deck": "standard", "bidding": "standard", "nil_exchange": 0, "all_tricks_bonus": 0,
}
RULE_KEYS = {spec.key for spec in RULE_SPECS}
BOOL_KEYS = {spec.key for spec in RULE_SPECS if all(isinstance(c, bool) for c in spec.choices)}
TEXT_KEYS = {spec.key for spec in RULE_SPECS if spec.kind is not None}
NUMBER_KEYS = RULE_KEYS - BOOL_KEYS - TEXT_KEYS


def test_the_rule_keys_and_defaults_are_the_frozen_snapshot():
    assert set(FROZEN_KEYS_AND_DEFAULTS) == RULE_KEYS
    assert HouseRules().to_dict() == FROZEN_KEYS_AND_DEFAULTS
    assert NUMBER_KEYS and all(isinstance(c, int | None) and not isinstance(c, bool)
                               for spec in RULE_SPECS if spec.key in NUMBER_KEYS for c in spec.choices)


# Deal Y (dealer W, North leads; see tests/deals.py): North holds AS KS 3S and 2C.
PLAYS_Y = [cards for _, cards in TRICKS_Y]  # North 8, East 3, South 0, West 2 tricks
# North all clubs; East low spades and low diamonds; South high spades and high diamonds; West all hearts
DEAL_Z = {"N": [r + "C" for r in RANKS], "E": hand("2S 3S 4S 5S 6S 7S 2D 3D 4D 5D 6D 7D 8D"),
          "S": hand("8S 9S TS JS QS KS AS 9D TD JD QD KD AD"), "W": [r + "H" for r in RANKS]}


def deal(rules=None, *, hands=None, dealer=W, scores=None, bags=None, stop_after_hand=True):
    masks = {Seat.parse(k): mask_from_ids(v) for k, v in (hands or DEAL_Y).items()}
    return GameState.from_deal(rules or HouseRules(), dealer, masks, scores, bags, stop_after_hand=stop_after_hand)


def bid(state, value):
    """Bid for the seat on turn (looking at the cards first when blind nil is on offer)."""
    if state.phase is Phase.BLIND_DECISION:
        state.apply(A.LOOK)
    state.apply(A.bid_action(value))


def bid_all(state, values):
    for value in values:
        bid(state, value)


def play(state, cards):
    for card in cards.split():
        state.apply(parse_card(card))


def snapshot(state):
    return summary(state), state.legal_actions(), list(state.log), state.phase, state.turn


def assert_refused(state, action, error, text=None, seat=None):
    before = snapshot(state)
    with pytest.raises(error) as info:
        state.apply(action, seat) if seat is not None else state.apply(action)
    if text is not None:
        assert text in info.value.reason
    assert snapshot(state) == before  # an illegal action leaves the state unchanged
    return info.value


# =========================================================================== validation

BAD_VALUES = {
    "mode": ["solo", "Partnership", "", None, 0],
    "target_score": [50, 475, 1050, 0, -500, "500", None, 500.5],
    "losing_score": [-100, 0, 200, -250, "off", "-200", -200.5],
    "nil_allowed": [1, 0, "yes", None],
    "nil_value": [0, 75, 200, "100", None],
    "blind_nil_allowed": [1, 0, "true", None],
    "blind_nil_value": [50, 150, 300, None],
    "blind_nil_min_deficit": [50, 150, 300, -100, None],
    "blind_nil_exchange": [4, -1, 13, "3"],
    "bag_limit": [4, 16, 0, 10.5, None],
    "bag_penalty": [0, 75, 200, None],
    "bags_reset": [1, 0, "carry", None],
    "failed_nil_counts_for_partner": [1, 0, "no", None],
    "first_lead": ["two_of_spades", "left", "", None],
    "spades_lead": ["never", "always", None],
    "min_team_bid": [5, -1, 13, None],
    "thirteen_bid_double": [1, 0, None],
    "thirteen_bid_fail_bags": [1, 0, None],
    "ten_for_two_hundred": [1, 0, None],
    "undo": ["all", "on", "", None, True],
    "deck": ["joker", "Jokers", "", None, 1],
    "bidding": ["blind", "Whiz", "", None, 0],
    "nil_exchange": [4, -1, "2", None, 2.5],
    "all_tricks_bonus": [100, 300, -200, "200", None, 200.5],
}


def test_every_key_has_bad_values_listed():
    assert set(BAD_VALUES) == RULE_KEYS == BOOL_KEYS | NUMBER_KEYS | TEXT_KEYS
    assert set(HouseRules().to_dict()) == RULE_KEYS


@pytest.mark.parametrize(("key", "value"), [(k, v) for k, vs in BAD_VALUES.items() for v in vs])
def test_bad_value_raises_rules_error_naming_the_key(key, value):
    with pytest.raises(RulesError) as info:
        HouseRules(**{key: value})
    assert key in str(info.value)
    assert info.value.key == key
    assert isinstance(info.value, ValueError)
    with pytest.raises(RulesError, match=key):
        HouseRules.from_dict({key: value})


@pytest.mark.parametrize("key", sorted(BOOL_KEYS))
@pytest.mark.parametrize("value", [1, 0])
def test_bool_keys_refuse_one_and_zero(key, value):
    with pytest.raises(RulesError, match=key):
        HouseRules(**{key: value})


@pytest.mark.parametrize("key", sorted(NUMBER_KEYS | TEXT_KEYS))
@pytest.mark.parametrize("value", [True, False])
def test_other_keys_refuse_booleans(key, value):
    with pytest.raises(RulesError, match=key):
        HouseRules(**{key: value})


#: every choice the table offers is accepted (the modes each in their own rules: a variant's choices
#: are checked against its modes elsewhere)
GOOD_VALUES = {spec.key: [c.value if hasattr(c, "value") else c for c in spec.choices] for spec in RULE_SPECS}


@pytest.mark.parametrize(("key", "value"), [(k, v) for k, vs in GOOD_VALUES.items() for v in vs])
def test_allowed_values_accepted(key, value):
    rules = HouseRules(**{key: value})
    assert getattr(rules, key) == value
    assert HouseRules.from_dict({key: value}) == rules


def test_whole_floats_from_json_are_taken_as_numbers():
    rules = HouseRules.from_dict({"target_score": 300.0, "losing_score": -200.0})
    assert rules.target_score == 300 and type(rules.target_score) is int
    assert rules.losing_score == -200


@pytest.mark.parametrize(("mode", "exchange"), [
    ("partnership", 0), ("cutthroat", 0), ("auction", 0), ("two_player", 3), ("three_player", 0)])
def test_blind_nil_exchange_default_by_mode(mode, exchange):
    assert HouseRules(mode=mode).blind_nil_exchange == exchange
    assert HouseRules.from_dict({"mode": mode}).blind_nil_exchange == exchange
    assert HouseRules(mode=mode, blind_nil_exchange=1).blind_nil_exchange == 1


ROUND_TRIP = [
    HouseRules(),
    HouseRules(mode="two_player", blind_nil_exchange=0),
    HouseRules(mode="cutthroat", losing_score=-300, nil_value=50, bag_limit=7, undo="off"),
    HouseRules(mode="auction", target_score=1000, thirteen_bid_double=True, ten_for_two_hundred=True),
    HouseRules(blind_nil_min_deficit=200, blind_nil_exchange=2, bags_reset=True, first_lead="two_of_clubs",
               spades_lead="any_time", min_team_bid=4, failed_nil_counts_for_partner=False,
               thirteen_bid_fail_bags=True, bag_penalty=110, blind_nil_value=100, undo="unlimited"),
]


@pytest.mark.parametrize("rules", ROUND_TRIP + [preset(n) for n in ("two_player", "classic_100")])
def test_to_dict_from_dict_round_trip(rules):
    data = rules.to_dict()
    assert set(data) == RULE_KEYS
    assert HouseRules.from_dict(data) == rules
    assert HouseRules.from_dict(dict(data)).to_dict() == data


def test_unknown_key_refused():
    with pytest.raises(RulesError, match="jokers"):
        HouseRules.from_dict({"jokers": True})
    with pytest.raises(RulesError, match="Target_Score"):
        HouseRules.from_dict({"Target_Score": 500})
    with pytest.raises(RulesError):
        HouseRules.from_dict(["mode", "partnership"])


def test_missing_keys_take_defaults():
    assert HouseRules.from_dict({}) == HouseRules()
    assert HouseRules.from_dict({"target_score": 300}) == HouseRules(target_score=300)


PRESETS = {
    "standard": {},
    "quick": {"target_score": 300},
    "classic_100": {"target_score": 100, "bags_reset": True},
    "minimum_bid_one": {"nil_allowed": False, "target_score": 500},
    "two_player": {"mode": "two_player", "blind_nil_exchange": 3},
    "cutthroat": {"mode": "cutthroat"},
    "two_of_clubs_lead": {"first_lead": "two_of_clubs"},
    "auction": {"mode": "auction"},
}


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_presets_build_and_are_recognised(name):
    rules = preset(name)
    for key, value in PRESETS[name].items():
        assert getattr(rules, key) == value
    assert preset_name(rules) == name
    assert preset_name(HouseRules.from_dict(rules.to_dict())) == name


def test_standard_preset_is_the_defaults_and_custom_is_recognised():
    assert preset("standard") == HouseRules()
    assert preset_name(HouseRules(target_score=550)) == "custom"
    assert preset_name(HouseRules(mode="two_player", blind_nil_exchange=1)) == "custom"
    with pytest.raises(RulesError):
        preset("no_such_preset")


# =========================================================================== nil and blind nil


def test_nil_allowed_false_removes_nil():
    for rules in (preset("minimum_bid_one"), HouseRules(nil_allowed=False, blind_nil_allowed=False)):
        state = deal(rules)
        assert state.phase is Phase.BIDDING and state.turn is N
        legal = state.legal_actions()
        assert A.NIL not in legal and A.BLIND_NIL not in legal
        assert legal == tuple(A.bid_action(n) for n in range(1, 14))
        err = assert_refused(state, A.NIL, NilNotAllowed)
        assert "nil" in err.reason


def test_nil_allowed_by_default():
    state = deal()
    state.apply(A.LOOK)
    assert A.NIL in state.legal_actions()
    state.apply(A.NIL)
    assert state.bids[N] == 0 and state.blind[N] is False


def test_blind_nil_offered_before_looking_by_default():
    state = deal()
    assert state.phase is Phase.BLIND_DECISION and state.turn is N
    assert state.legal_actions() == (A.BLIND_NIL, A.LOOK)
    state.apply(A.BLIND_NIL)
    assert state.bids[N] == 0 and state.blind[N] is True
    assert state.turn is E and state.phase is Phase.BLIND_DECISION
    state.apply(A.LOOK)
    assert state.phase is Phase.BIDDING and state.turn is E
    assert_refused(state, A.BLIND_NIL, BlindNilNotAllowed, "before looking")


def test_blind_nil_allowed_false():
    state = deal(HouseRules(blind_nil_allowed=False))
    assert state.phase is Phase.BIDDING and state.turn is N
    assert A.BLIND_NIL not in state.legal_actions() and A.NIL in state.legal_actions()
    assert_refused(state, A.BLIND_NIL, BlindNilNotAllowed, "not allowed")


@pytest.mark.parametrize(("deficit", "ew_score", "ns_eligible"), [
    (0, 0, True), (100, 99, False), (100, 100, True), (100, 250, True), (200, 199, False), (200, 200, True)])
def test_blind_nil_min_deficit_partnership(deficit, ew_score, ns_eligible):
    state = deal(HouseRules(blind_nil_min_deficit=deficit), scores={"NS": 0, "EW": ew_score})
    assert state.turn is N
    assert (state.phase is Phase.BLIND_DECISION) is ns_eligible
    if ns_eligible:
        state.apply(A.LOOK)
    else:
        assert A.BLIND_NIL not in state.legal_actions()
        assert_refused(state, A.BLIND_NIL, BlindNilNotAllowed, f"behind by at least {deficit}")
    state.apply(A.bid_action(3))
    # East's side is ahead (or level): never eligible under a deficit rule
    assert state.turn is E
    assert (state.phase is Phase.BLIND_DECISION) is (deficit == 0)


def test_blind_nil_min_deficit_cutthroat_counts_the_best_other_seat():
    state = deal(HouseRules(mode="cutthroat", blind_nil_min_deficit=200),
                 scores={"N": 0, "E": 250, "S": 100, "W": 50})
    seen = {}
    for seat in (N, E, S, W):
        assert state.turn is seat
        seen[seat] = state.phase is Phase.BLIND_DECISION
        bid(state, 2)
    # N: 250 behind E; E: leading; S: 150 behind; W: 200 behind
    assert seen == {N: True, E: False, S: False, W: True}


# =========================================================================== minimum team bid


def test_min_team_bid_holds_the_second_bidder_of_a_side():
    state = deal(HouseRules(min_team_bid=4))
    state.apply(A.LOOK)
    assert A.bid_action(1) in state.legal_actions()  # the first bidder of a side is free
    state.apply(A.bid_action(1))  # N 1
    bid(state, 2)  # E 2
    state.apply(A.LOOK)  # S: must bring NS to 4
    legal = state.legal_actions()
    assert A.bid_action(1) not in legal and A.bid_action(2) not in legal
    assert A.bid_action(3) in legal and A.NIL in legal
    err = assert_refused(state, A.bid_action(2), BelowMinimumTeamBid, "minimum team bid")
    assert "4" in err.reason
    assert state.why_illegal(A.bid_action(2)) == err.reason  # what a greyed bid button explains
    assert state.why_illegal(A.bid_action(3)) is None
    state.apply(A.bid_action(3))
    state.apply(A.LOOK)  # W: partner E bid 2 -> at least 2
    assert_refused(state, A.bid_action(1), BelowMinimumTeamBid)
    state.apply(A.bid_action(2))
    assert state.phase is Phase.PLAY


def test_min_team_bid_not_when_partner_bid_nil_or_reached_it():
    state = deal(HouseRules(min_team_bid=4))
    bid(state, 0)  # N nil
    bid(state, 4)  # E 4
    state.apply(A.LOOK)
    assert A.bid_action(1) in state.legal_actions()  # S: the side has no minimum
    state.apply(A.bid_action(1))
    state.apply(A.LOOK)
    assert A.bid_action(1) in state.legal_actions()  # W: partner already bid 4
    state.apply(A.bid_action(1))
    assert state.bids == [0, 4, 1, 1]


def test_min_team_bid_not_in_cutthroat():
    state = deal(HouseRules(mode="cutthroat", min_team_bid=4))
    for _ in range(4):
        if state.phase is Phase.BLIND_DECISION:
            state.apply(A.LOOK)
        assert A.bid_action(1) in state.legal_actions()
        state.apply(A.bid_action(1))
    assert state.phase is Phase.PLAY


# =========================================================================== first lead, spades, following


def test_first_lead_left_of_dealer_any_non_spade():
    state = deal(dealer=N)
    bid_all(state, [1, 1, 1, 1])
    assert state.phase is Phase.PLAY and state.turn is E
    assert set(state.legal_actions()) == {parse_card(c) for c in DEAL_Y["E"] if not c.endswith("S")}


@pytest.mark.parametrize("mode", ["partnership", "cutthroat"])
def test_first_lead_two_of_clubs(mode):
    state = deal(HouseRules(mode=mode, first_lead="two_of_clubs"), dealer=N)
    assert state.turn is E  # bidding still starts left of the dealer
    bid_all(state, [1, 1, 1, 1])
    assert state.turn is N  # North holds the two of clubs
    assert state.legal_actions() == (parse_card("2C"),)
    assert_refused(state, parse_card("AC"), FirstLeadRestricted, "two of clubs")
    assert_refused(state, parse_card("2H"), FirstLeadRestricted)
    state.apply(parse_card("2C"))
    assert state.turn is E
    assert state.legal_actions() == tuple(parse_card(c) for c in ("3C", "4C", "5C"))


@pytest.mark.parametrize("lead", ["broken", "any_time"])
def test_first_lead_never_a_spade_unless_all_spades(lead):
    state = deal(HouseRules(spades_lead=lead))
    bid_all(state, [3, 2, 2, 2])
    assert not any(card // 13 == 3 for card in state.legal_actions())
    err = assert_refused(state, parse_card("AS"), FirstLeadRestricted)
    assert "spades" in err.reason and "first" in err.reason
    allspades = deal(HouseRules(spades_lead=lead), hands=DEAL_X)
    bid_all(allspades, [3, 2, 2, 2])
    assert allspades.legal_actions() == tuple(parse_card(r + "S") for r in RANKS)
    allspades.apply(parse_card("AS"))
    assert allspades.broken


def test_spades_not_broken_cannot_be_led():
    state = deal()
    bid_all(state, [3, 2, 2, 2])
    play(state, PLAYS_Y[0])  # North wins with AC and leads again
    assert state.turn is N
    assert not any(card // 13 == 3 for card in state.legal_actions())
    err = assert_refused(state, parse_card("AS"), TrumpNotBroken)
    assert err.reason == "spades are not broken"


def test_spades_any_time_may_be_led_after_the_first_trick():
    state = deal(HouseRules(spades_lead="any_time"))
    bid_all(state, [3, 2, 2, 2])
    play(state, PLAYS_Y[0])
    assert {parse_card(c) for c in ("AS", "KS", "3S")} <= set(state.legal_actions())
    state.apply(parse_card("AS"))
    assert state.trick_cards == [parse_card("AS")]


def test_spades_broken_by_a_ruff_may_then_be_led():
    state = deal(hands=DEAL_Z)
    bid_all(state, [1, 1, 1, 1])
    state.apply(parse_card("2C"))
    assert parse_card("2S") in state.legal_actions()  # East is void in clubs: may ruff before broken
    play(state, "2S 9D 2H")
    assert state.broken and state.turn is E and state.tricks[E] == 1
    assert parse_card("3S") in state.legal_actions()
    state.apply(parse_card("3S"))


def test_spades_led_only_after_ruff_not_after_discard():
    state = deal(hands=DEAL_Z)
    bid_all(state, [1, 1, 1, 1])
    play(state, "2C 2D 9D 2H")  # nobody ruffs: North's club wins
    assert not state.broken and state.turn is N and state.tricks[N] == 1


def test_must_follow_suit():
    state = deal()
    bid_all(state, [3, 2, 2, 2])
    state.apply(parse_card("2H"))
    assert state.turn is E
    assert state.legal_actions() == tuple(parse_card(c) for c in ("5H", "6H", "7H"))
    err = assert_refused(state, parse_card("3C"), MustFollowSuit)
    assert err.reason == "must follow hearts"
    assert_refused(state, parse_card("QS"), MustFollowSuit, "must follow hearts")


def test_illegal_actions_leave_the_state_unchanged():
    state = deal(HouseRules(min_team_bid=4))
    assert_refused(state, A.bid_action(3), WrongPhase)  # blind decision first
    assert_refused(state, A.LOOK, NotYourTurn, seat=E)
    state.apply(A.LOOK)
    state.apply(A.bid_action(1))
    state.apply(A.LOOK)
    assert_refused(state, parse_card("5C"), WrongPhase)  # a card while bidding
    assert_refused(state, A.PASS, WrongPhase)
    assert_refused(state, 999, IllegalAction)
    state.apply(A.bid_action(2))
    state.apply(A.LOOK)
    assert_refused(state, A.bid_action(2), BelowMinimumTeamBid)
    state.apply(A.bid_action(3))
    bid(state, 2)
    assert_refused(state, parse_card("5C"), CardNotInHand, "does not hold")
    assert_refused(state, parse_card("AS"), FirstLeadRestricted)
    assert_refused(state, A.bid_action(3), WrongPhase)
    state.apply(parse_card("AC"))
    assert_refused(state, parse_card("KD"), MustFollowSuit)
    assert_refused(state, parse_card("3C"), NotYourTurn, seat=S)
    state.apply(parse_card("3C"), E)


# =========================================================================== game end


def _play_deal_y(state, bids=(3, 2, 2, 2)):
    bid_all(state, bids)
    for trick in PLAYS_Y:
        play(state, trick)


def test_target_score_ends_the_game():
    state = deal(scores={"NS": 450, "EW": 0})
    _play_deal_y(state)  # NS +53, EW +41
    assert state.phase is Phase.GAME_OVER and state.is_terminal()
    assert state.winner == "NS" and state.scores == {"NS": 503, "EW": 41}
    assert state.legal_actions() == ()
    assert_refused(state, parse_card("2C"), WrongPhase)


@pytest.mark.parametrize(("target", "over"), [(300, True), (500, False)])
def test_target_score_value(target, over):
    state = deal(HouseRules(target_score=target), scores={"NS": 250, "EW": 0})
    _play_deal_y(state)
    assert state.scores["NS"] == 303
    assert (state.phase is Phase.GAME_OVER) is over
    assert state.winner == ("NS" if over else None)


def test_tie_on_top_plays_on():
    state = deal(scores={"NS": 460, "EW": 472})
    _play_deal_y(state)
    assert state.scores == {"NS": 513, "EW": 513}
    assert state.phase is Phase.HAND_OVER and state.winner is None


@pytest.mark.parametrize(("losing", "over"), [(None, False), (-200, True), (-300, False)])
def test_losing_score_ends_the_game(losing, over):
    state = deal(HouseRules(losing_score=losing), scores={"NS": 0, "EW": -150})
    _play_deal_y(state, bids=(3, 3, 2, 3))  # EW bid 6, took 5: -60 -> -210
    assert state.scores == {"NS": 53, "EW": -210}
    assert (state.phase is Phase.GAME_OVER) is over
    assert state.winner == ("NS" if over else None)


def test_game_goes_on_to_the_next_hand_with_the_next_dealer():
    state = deal(scores={"NS": 100, "EW": 200}, stop_after_hand=False)
    _play_deal_y(state)
    assert state.hand_number == 2 and state.dealer is N
    assert state.scores == {"NS": 153, "EW": 241}
    assert state.phase in (Phase.BLIND_DECISION, Phase.BIDDING) and state.turn is E
    assert sorted(c for h in state.hands for c in cards_of(h)) == list(range(52))


# =========================================================================== blind nil exchange


def _partnership_exchange_state(limit, seed=11):
    state, _ = GameState.new_game(HouseRules(blind_nil_exchange=limit), seed)
    first = state.turn
    assert state.phase is Phase.BLIND_DECISION
    state.apply(A.BLIND_NIL)
    while state.phase in (Phase.BLIND_DECISION, Phase.BIDDING):
        bid(state, 3)
    return state, first


def test_partnership_blind_nil_exchange():
    state, blind = _partnership_exchange_state(2)
    partner = blind.partner()
    assert state.phase is Phase.EXCHANGE and state.turn is blind  # after all bids
    assert all(b is not None for b in state.bids)
    hand_b, hand_p = state.hands[blind], state.hands[partner]
    assert state.legal_actions() == cards_of(hand_b)
    assert_refused(state, A.EXCHANGE_DONE, IllegalAction)
    assert_refused(state, next(iter(cards_of(hand_p))), CardNotInHand)
    give_b = cards_of(hand_b)[:2]
    state.apply(give_b[0])
    assert_refused(state, give_b[0], IllegalAction, "already chosen")
    state.apply(give_b[1])
    assert state.phase is Phase.EXCHANGE and state.turn is partner
    assert state.hands[blind] == hand_b  # nothing moves until both have chosen
    give_p = cards_of(hand_p)[-2:]
    state.apply(give_p[0])
    assert state.hands[blind] == hand_b and state.hands[partner] == hand_p
    state.apply(give_p[1])
    gb = (1 << give_b[0]) | (1 << give_b[1])
    gp = (1 << give_p[0]) | (1 << give_p[1])
    assert state.hands[blind] == (hand_b & ~gb) | gp
    assert state.hands[partner] == (hand_p & ~gp) | gb
    assert state.phase is Phase.PLAY


def test_partnership_exchange_of_three_and_none_by_default():
    state, blind = _partnership_exchange_state(3)
    for seat in (blind, blind.partner()):
        assert state.turn is seat
        for card in cards_of(state.hands[seat])[:3]:
            state.apply(card)
    assert state.phase is Phase.PLAY
    plain, _ = _partnership_exchange_state(0)
    assert plain.phase is Phase.PLAY


def _two_player_after_draw(limit=None, seed=5):
    rules = preset("two_player") if limit is None else HouseRules(mode="two_player", blind_nil_exchange=limit)
    state, _ = GameState.new_game(rules, seed)
    dealer = state.dealer
    assert state.turn is dealer and state.phase is Phase.BLIND_DECISION  # before the first draw
    state.apply(A.BLIND_NIL)
    assert state.phase is Phase.DRAW and state.bids[dealer] == 0 and state.blind[dealer]
    while state.phase in (Phase.DRAW, Phase.BLIND_DECISION):
        state.apply(A.LOOK if state.phase is Phase.BLIND_DECISION else A.KEEP)
    return state, dealer


def test_two_player_blind_nil_exchange_up_to_n_from_the_discards():
    state, blind = _two_player_after_draw()
    other = S if blind is N else N
    assert state.phase is Phase.EXCHANGE and state.turn is blind
    hand, other_hand = state.hands[blind], state.hands[other]
    assert hand.bit_count() == 13 and other_hand.bit_count() == 13
    discards = FULL_DECK & ~hand & ~other_hand
    assert state.legal_actions() == (*cards_of(hand), A.EXCHANGE_DONE)
    give = cards_of(hand)[0]
    state.apply(give)
    assert A.EXCHANGE_DONE in state.legal_actions()
    state.apply(A.EXCHANGE_DONE)
    new = state.hands[blind]
    received = new & ~hand
    assert new.bit_count() == 13 and not new >> give & 1
    assert received.bit_count() == 1 and received & discards == received
    assert state.hands[other] == other_hand
    # then the bidding: the other player bids (blind nil is already bid)
    assert state.turn is other and state.phase is Phase.BIDDING


def test_two_player_exchange_stops_by_itself_at_the_limit():
    state, blind = _two_player_after_draw()
    hand = state.hands[blind]
    for card in cards_of(hand)[:3]:
        assert state.phase is Phase.EXCHANGE
        state.apply(card)
    assert state.phase is Phase.BIDDING
    assert (state.hands[blind] & ~hand).bit_count() == 3


def test_two_player_exchange_nothing_or_off():
    state, blind = _two_player_after_draw()
    hand = state.hands[blind]
    state.apply(A.EXCHANGE_DONE)
    assert state.hands[blind] == hand and state.phase is Phase.BIDDING
    off, _ = _two_player_after_draw(limit=0)
    assert off.phase is Phase.BIDDING


# =========================================================================== undo


def _bid_then_lead(undo):
    state = deal(HouseRules(undo=undo))
    bid_all(state, [3, 2, 2, 2])
    before = summary(state)
    state.apply(parse_card("AC"))
    return state, before


def test_undo_off():
    state, _ = _bid_then_lead("off")
    assert not any(state.can_undo(seat) for seat in Seat)
    with pytest.raises(UndoNotAllowed):
        state.undo(N)


def test_undo_last_card_only_own_card_until_the_next_card():
    state, before = _bid_then_lead("last_card")
    assert state.can_undo(N) and not state.can_undo(E)
    back = state.undo(N)
    assert summary(back) == before and back.turn is N
    assert back.hands[N] >> parse_card("AC") & 1
    assert not state.hands[N] >> parse_card("AC") & 1  # undo gives a new state
    state.apply(parse_card("3C"))  # the next card: North's is final
    assert not state.can_undo(N) and state.can_undo(E)
    with pytest.raises(UndoNotAllowed):
        state.undo(N)


def test_undo_last_card_not_for_bids():
    state = deal(HouseRules(undo="last_card"))
    state.apply(A.LOOK)
    state.apply(A.bid_action(3))
    assert not state.can_undo(N)


def test_undo_unlimited_goes_back_to_the_seats_last_decision():
    state, _ = _bid_then_lead("unlimited")
    state.apply(parse_card("3C"))
    assert state.can_undo(N) and state.can_undo(E)
    back = state.undo(N)
    assert back.turn is N and back.phase is Phase.PLAY and back.trick_cards == []
    back_s = state.undo(S)  # South's last decision was its bid
    assert back_s.turn is S and back_s.phase is Phase.BIDDING and back_s.bids[S] is None
