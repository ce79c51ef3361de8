"""Table seams of issue 58, each through the real app headless: the forced last card plays itself,
..."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

from spades_desktop.engine.state import Phase
from tests.ui_driver import Driver


def _last_card_to_play(table) -> bool:
    """The person is to play the hand's last card."""
    state = table.ctl.state
    return (state.phase is Phase.PLAY and state.turn == table.ctl.human
            and len(table.view.held(table.ctl.human)) == 1)


def test_the_forced_last_card_plays_itself(tmp_path):
    """"Play a forced card" on, one card left: it is played without a click (the table waited for one)."""
    d = Driver(str(tmp_path), rules="standard", seed=4)
    d.app.update_settings(auto_play_forced=True)
    assert d.play_until(_last_card_to_play), "the person never came to their last card"
    table = d.table
    hand, before = table.ctl.state.hand_number, len(table.ctl.state.log)
    for _ in range(2000):  # no key, no click: frames only
        d.step()
        if len(table.ctl.state.log) > before or table.ctl.state.hand_number != hand:
            break
    assert len(table.ctl.state.log) > before, "the last card waited for the person"
    assert table.message.startswith("Your last card")
