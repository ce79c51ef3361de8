"""The hand summary's export at the real table: a records folder that cannot be written is said on
the summary, and the game goes on (before: the error ended the game)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from spades_desktop.ui.core.keymap import Context, Intent
from tests.ui_driver import Driver


def test_an_export_into_a_file_where_the_records_folder_belongs_is_said_and_the_game_goes_on(tmp_path):
    d = Driver(str(tmp_path), seed=17)
    blocker = d.app.paths.records
    blocker.parent.mkdir(parents=True, exist_ok=True)
    blocker.write_text("not a folder")
    while d.wait_for_person() != "modal":
        d.act_once()
    summary = d.table.modal
    d.press(Intent.EXPORT, Context.HAND_SUMMARY)
    assert d.app.running and d.app.stack.top is summary
    assert summary.exported.startswith("The hand record could not be saved: ")
    assert "is a file where a folder belongs" in summary.exported
    d.close_modal()
    assert d.wait_for_person() == "act"  # the next hand is played
    assert d.table.ctl.state.hand_number == 2
