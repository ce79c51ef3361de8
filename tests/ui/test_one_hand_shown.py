"""The table shows one hand at a time: while the last trick of a hand is held and its summary is
open, the status panel, the trump badge, the corner and the plates speak of that hand, not of the
next one the engine has already dealt (seen: "Drawing · card 1 of 13" under a two-player hand's
summary, "Bidding" and "Trump: to be named" under an auction's last trick)."""

from __future__ import annotations

import pytest

from spades_desktop.engine.state import Phase
from spades_desktop.ui.core.keymap import Context, Intent
from tests.ui_driver import Driver

MODES = [
    pytest.param({"mode": "two_player"}, id="two-player"),
    pytest.param({"mode": "auction"}, id="auction"),
    pytest.param({"mode": "partnership"}, id="partnership"),
]


@pytest.mark.parametrize("rules", MODES)
def test_the_last_trick_and_the_summary_show_the_hand_they_end_not_the_next(tmp_path, rules):
    d = Driver(str(tmp_path), rules=rules, seed=7, size=(1280, 720))
    d.app.update_settings(click_after_trick=True)
    table = d.table
    assert table is not None
    seen = {"held": 0, "summary": 0}

    def at_the_hand_end(t) -> bool:
        if t.pending_gather is not None and t.ctl.state.hand_number == 1:
            d.press(Intent.GO_ON, Context.TRICK_HELD)  # a trick of the hand held: on to the next
            return False
        if t.ctl.state.hand_number == 1 or t.view.hand_number != 1:
            return False
        held = t.pending_gather is not None
        summary = t.modal is not None and type(t.modal).__name__ == "HandSummaryScene"
        if held or summary:
            seen["held" if held else "summary"] += 1
            d.app.frame(1 / 60)
            said = [side.progress for side in t.summary().sides]
            for line in said:
                assert not line.startswith(("Bidding", "Drawing")), (line, said)
            assert "to be named" not in t.summary().trump_text
            assert t.painter.turn_edge.inputs() is None, "the next hand's turn is marked"
            assert t.shown_state.phase in (Phase.PLAY, Phase.HAND_OVER)
        if held:
            d.press(Intent.GO_ON, Context.TRICK_HELD)
        return summary

    assert d.play_until(at_the_hand_end, max_frames=40000), "the first hand never ended"
    assert seen["held"] >= 1 and seen["summary"] >= 1, seen
    d.close_modal()
    assert d.play_until(lambda t: t.view.hand_number == 2 and t.accepting_input(), max_frames=20000)
    assert t_state_is_the_engines(d)


def t_state_is_the_engines(d: Driver) -> bool:
    """Once the next hand is dealt on screen, the table speaks of it again."""
    table = d.table
    assert table is not None
    return table.shown_state is table.ctl.state
