"""The hint's words leave the table once the person acts (issue 41's seam: the bid hint, shown
for six seconds, stayed on the table into the play)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from spades_desktop.engine.state import Phase
from spades_desktop.ui.core.keymap import Context, Intent
from tests.ui_driver import Driver


def test_the_bid_hint_leaves_the_table_when_the_person_bids(tmp_path):
    d = Driver(str(tmp_path), seed=3)
    d.app.update_settings(hints=True)
    table = d.table
    assert table is not None
    assert d.play_until(lambda t: t.ctl.state.phase is Phase.BIDDING and t.ctl.human_turn() and t.accepting_input())
    d.press(Intent.HINT, Context.TABLE)
    for _ in range(3000):  # the judge thinks before the hint is shown
        if table.hinted is not None:
            break
        d.step()
    assert table.hinted is not None, "the hint came"
    hint = table.message
    assert hint, "the hint's words are on the table"
    d.press(Intent.CONFIRM, Context.BIDDING)  # bid what the hint outlined
    assert table.ctl.state.log, "the bid was made"
    assert table.message != hint, "the hint's words left with the bid"
