"""House-rule interactions that a settings screen relies on."""

from spades_desktop.engine import GameState, HouseRules, Phase, preset, preset_name
from spades_desktop.engine import actions as A


def test_switching_mode_moves_the_exchange_default():
    assert HouseRules().with_changes(mode="two_player").blind_nil_exchange == 3
    assert preset_name(HouseRules().with_changes(mode="two_player")) == "two_player"
    assert preset("two_player").with_changes(mode="partnership").blind_nil_exchange == 0
    # a value the player chose survives a mode change
    assert HouseRules(blind_nil_exchange=2).with_changes(mode="two_player").blind_nil_exchange == 2


def test_no_nil_means_no_blind_nil_either():
    rules = HouseRules(nil_allowed=False, blind_nil_allowed=True)
    state, _ = GameState.new_game(rules, 5)
    assert state.phase is Phase.BIDDING
    assert A.BLIND_NIL not in state.legal_actions()
    assert A.NIL not in state.legal_actions()
    assert min(A.bid_value(a) for a in state.legal_actions()) == 1
