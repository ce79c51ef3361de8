"""Every scored hand, exported as a hand record, checks out with the same result."""

import json
import random

import pytest

from spades_desktop.engine import GameState, preset
from spades_desktop.engine.record import check_record, record_of
from spades_desktop.engine.rules import PRESETS


@pytest.mark.parametrize("name", [*(p.name for p in PRESETS), "exchange"])
def test_exported_records_replay_to_the_same_scores(name):
    rules = preset("standard").with_changes(blind_nil_exchange=2) if name == "exchange" else preset(name)
    rng = random.Random(name)
    checked = 0
    for _ in range(25):
        state, _ = GameState.new_game(rules, rng.randrange(10**9))
        while not state.is_terminal() and state.hand_number <= 3:
            state.apply(rng.choice(state.legal_actions()))
        for result in state.hand_history:
            record = json.loads(json.dumps(record_of(result.to_dict(), rules)))
            answer = check_record(record)
            assert answer["legal"] and answer["complete"], (name, answer)
            assert answer["scores_after"] == result.scores and answer["bags_after"] == result.bags
            assert answer["breakdown"] == {s: b.to_dict() for s, b in result.breakdown.items()}
            checked += 1
    assert checked >= 25
