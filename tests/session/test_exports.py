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


def _one_hand_played(seed: int = 3, players: int | None = None) -> GameState:
    """The first hand of the game of ``seed``, its moves chosen by ``random.Random(players)`` (by
    default the seed's own)."""
    state, _ = GameState.new_game(preset("standard"), seed)
    rng = random.Random(seed if players is None else players)
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


def test_two_games_of_the_same_seed_and_hands_keep_both_reviews(tmp_path):
    """Before: both were written to review-game-7-1-hands.md and the first game's review was gone."""
    records = tmp_path / "records"
    first, second = _one_hand_played(7, players=1), _one_hand_played(7, players=2)
    assert first.seed == second.seed and len(first.hand_history) == len(second.hand_history)
    assert first.log != second.log  # two games, one seed
    one = export_review(records, first, ["# Review of the first game"])
    two = export_review(records, second, ["# Review of the second game"])
    assert one.path is not None and two.path is not None and one.path != two.path
    assert one.path.read_text() == "# Review of the first game\n"
    assert two.path.read_text() == "# Review of the second game\n"
    assert two.message == f"Review written to {two.path}"
    three = export_review(records, first, ["# A third review"])
    assert three.path is not None and len({one.path, two.path, three.path}) == 3
    assert sorted(p.name for p in records.iterdir()) == [
        "review-game-7-1-hands-2.md", "review-game-7-1-hands-3.md", "review-game-7-1-hands.md"]


def test_the_same_review_exported_again_is_the_same_file(tmp_path):
    records = tmp_path / "records"
    state = _one_hand_played(7, players=1)
    one = export_review(records, state, ["# Review", "line"])
    again = export_review(records, state, ["# Review", "line"])
    assert again.path == one.path and again.message == one.message
    assert [p.name for p in records.iterdir()] == ["review-game-7-1-hands.md"]


def test_a_folder_where_the_review_would_go_is_left_alone(tmp_path):
    records = tmp_path / "records"
    (records / "review-game-7-1-hands.md").mkdir(parents=True)
    exported = export_review(records, _one_hand_played(7, players=1), ["# Review"])
    assert exported.path == records / "review-game-7-1-hands-2.md"
    assert exported.path.read_text() == "# Review\n" and (records / "review-game-7-1-hands.md").is_dir()


def test_a_review_that_cannot_be_written_leaves_no_empty_file(tmp_path, monkeypatch):
    """The name is claimed before the write; a full disk at the write takes the claim back."""
    import errno

    from spades_desktop.session import exports

    def full(path, data, retries=5):
        raise OSError(errno.ENOSPC, "No space left on device", str(path))

    monkeypatch.setattr(exports, "write_atomic", full)
    records = tmp_path / "records"
    exported = export_review(records, _one_hand_played(7, players=1), ["# Review"])
    assert exported.path is None and "the disk is full" in exported.message
    assert list(records.iterdir()) == []
