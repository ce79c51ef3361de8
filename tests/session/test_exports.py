"""Exports a player asks for from a screen (``session/exports.py``): written where asked, and a
write that fails is said in the player's words, never raised into the window."""

from __future__ import annotations

import json
import os
import random

import pytest

from spades_desktop.engine import GameState, preset
from spades_desktop.engine.record import check_record
from spades_desktop.session.exports import export_hand, export_review


def _one_hand_played(seed: int = 3) -> GameState:
    state, _ = GameState.new_game(preset("standard"), seed)
    rng = random.Random(seed)
    while not state.hand_history:
        state.apply(rng.choice(state.legal_actions()))
    return state


def test_a_hand_record_is_written_and_checks_out(tmp_path):
    state = _one_hand_played()
    exported = export_hand(tmp_path / "records", state, 1)
    assert exported is not None and exported.path is not None
    assert exported.message == f"Saved {exported.path.name} in {tmp_path / 'records'}"
    answer = check_record(json.loads(exported.path.read_text()))
    assert answer["legal"] and answer["complete"] and answer["scores_after"] == state.hand_history[0].scores
    assert export_hand(tmp_path / "records", state, 2) is None  # a hand not scored yet


def test_a_file_where_the_records_folder_belongs_is_said_not_raised(tmp_path):
    """Before: the hand summary's export raised FileExistsError/NotADirectoryError into the loop."""
    blocker = tmp_path / "records"
    blocker.write_text("not a folder")
    state = _one_hand_played()
    exported = export_hand(blocker, state, 1)
    assert exported is not None and exported.path is None
    assert exported.message == (f"The hand record could not be saved: {blocker} is a file where a folder belongs;"
                                " move that file away and it will save again")
    review = export_review(blocker, state, ["# Review"])
    assert review.path is None and review.message.startswith("The review could not be saved: ")
    assert blocker.read_text() == "not a folder"


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes in a read-only folder")
def test_a_folder_this_user_may_not_write_in_is_said(tmp_path):
    records = tmp_path / "records"
    records.mkdir()
    records.chmod(0o500)
    try:
        exported = export_review(records, _one_hand_played(), ["# Review"])
    finally:
        records.chmod(0o700)
    assert exported.path is None and "may not write in" in exported.message


def test_a_full_disk_is_said(tmp_path):
    """A real full disk: a tiny tmpfs filled up (needs root and mount; skipped where it cannot be made)."""
    import subprocess

    disk = tmp_path / "disk"
    disk.mkdir()
    if subprocess.run(["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", str(disk)],
                      capture_output=True).returncode != 0:
        pytest.skip("cannot mount a small disk here")
    try:
        (disk / "filler").write_bytes(b"\0" * 60_000)
        with pytest.raises(OSError):
            (disk / "more").write_bytes(b"\0" * 64_000)
        exported = export_review(disk / "records", _one_hand_played(), ["x" * 20_000])
        assert exported.path is None and "the disk is full" in exported.message
    finally:
        subprocess.run(["umount", str(disk)], check=False)
