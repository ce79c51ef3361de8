"""Hostile files (issue 15) and damaged autosaves (issue 10, item 5): each defect the fuzz found,
reproduced with one file, then the storage's answer: one plain message, no crash, no hang,
no lost file, and no game the rules cannot reach."""

from __future__ import annotations

import errno
import json
import os
import random
import threading
import time
from pathlib import Path

import pytest

from spades_desktop.ai import ComputerPlayer, Level
from spades_desktop.cli import check_hand_file
from spades_desktop.engine import GameState, preset
from spades_desktop.engine.seats import Seat
from spades_desktop.engine.serialize import summary, to_dict
from spades_desktop.storage.atomic import remove_leftover_temporaries, write_json
from spades_desktop.storage.saves import (
    SaveError,
    SaveFolder,
    check_save,
    read_save,
    recover_save,
    save_document,
    write_save,
)
from spades_desktop.storage.settings import Settings, load_settings, read_settings_file, save_settings
from spades_desktop.storage.statistics import (
    VERSION,
    Statistics,
    load_statistics,
    read_statistics_file,
    save_statistics,
)

HUGE = "1" + "0" * 5000  # more digits than Python's int() takes from text (4,300)


def play(state: GameState, steps: int, seed: int = 1) -> None:
    player = ComputerPlayer(Level.NORMAL, seed=seed)
    for _ in range(steps):
        if state.is_terminal():
            return
        state.apply(player.decide(state.view(state.turn)))


def good_save(folder: Path, name: str = "good.json", mode: str = "standard", steps: int = 70) -> tuple[Path, GameState]:
    state, _ = GameState.new_game(preset(mode), 5)
    play(state, steps)
    path = folder / name
    write_save(path, state, "good")
    return path, state


#: seconds after which a call that has not returned is taken to block (on a named pipe, say): a
#: hang guard, far beyond any slowness of a busy machine, not a time limit
HANG = 60.0


def returns_within(seconds: float, fn):
    """Run ``fn`` in a thread; fail (instead of hanging the suite) if it blocks: it has not returned
    after ``seconds``, which callers set to ``HANG``."""
    box: dict[str, object] = {}

    def run() -> None:
        try:
            box["value"] = fn()
        except BaseException as exc:  # handed to the test below
            box["error"] = exc

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(seconds)
    assert not thread.is_alive(), f"still blocked after {seconds} s"
    if "error" in box:
        raise box["error"]  # type: ignore[misc]
    return box.get("value")


def unblock(fifo: Path) -> None:
    """Open the write end so that a reader wrongly blocked on the pipe lets go."""
    try:
        fd = os.open(fifo, os.O_WRONLY | os.O_NONBLOCK)
        os.close(fd)
    except OSError:
        pass


# ------------------------------------------------------------------ 1. numbers Python cannot take
def test_a_number_of_5000_digits_is_refused_in_every_file(tmp_path):
    path, _ = good_save(tmp_path)
    doc = json.loads(path.read_text())
    text = json.dumps(doc).replace('"saved_at":', f'"saved_at": {HUGE}, "x":', 1)
    path.write_text(text)
    with pytest.raises(SaveError, match="far too large"):
        read_save(path)
    assert list(tmp_path.glob("good.json.corrupt-*"))  # set aside, not lost

    settings = tmp_path / "settings.json"
    settings.write_text(f'{{"volume": {HUGE}}}')
    loaded, problems = load_settings(settings)
    assert loaded == Settings() and len(problems) == 1 and "far too large" in problems[0]
    assert not settings.exists() and list(tmp_path.glob("settings.json.corrupt-*"))

    stats = tmp_path / "statistics.json"
    stats.write_text('{"format": "spades-desktop/statistics", "version": 1, "modes": {"auction": {"hands": '
                     + HUGE + "}}}")
    fresh, problems = load_statistics(stats)
    assert fresh.per_mode["auction"].hands == 0 and problems

    record = tmp_path / "record.json"
    record.write_text(f'{{"dealer": "N", "scores_before": {{"NS": {HUGE}, "EW": 0}}}}')
    answer = check_hand_file(str(record))
    assert answer["legal"] is False and "far too large" in answer["reason"]


@pytest.mark.parametrize("constant", ["NaN", "Infinity", "-Infinity", "1e400"])
def test_nan_and_infinity_are_refused(tmp_path, constant):
    settings = tmp_path / "settings.json"
    settings.write_text(f'{{"volume": {constant}}}')
    loaded, problems = load_settings(settings)
    assert loaded.volume == Settings().volume and problems


@pytest.mark.slow
def test_deep_nesting_is_refused_without_recursion(tmp_path):
    for name in ("save.json", "settings.json", "statistics.json"):
        (tmp_path / name).write_text("[" * 200_000 + "]" * 200_000)
    with pytest.raises(SaveError, match="nested far too deeply"):
        read_save(tmp_path / "save.json")
    assert "nested far too deeply" in load_settings(tmp_path / "settings.json")[1][0]
    assert "nested far too deeply" in load_statistics(tmp_path / "statistics.json")[1][0]
    record = tmp_path / "record.json"
    record.write_text('{"hands": ' + "[" * 200_000 + "]" * 200_000 + "}")
    assert check_hand_file(str(record))["legal"] is False


# ------------------------------------------------------------------ 2. saved_at of every wrong kind
@pytest.mark.parametrize("saved_at", ['"yesterday"', "[1, 2]", "NaN", "Infinity", "1e20", "true", "-5"])
def test_a_save_whose_time_is_not_a_time_is_listed_as_damaged_and_the_others_still_load(tmp_path, saved_at):
    folder = SaveFolder(tmp_path)
    good, _ = good_save(tmp_path, "a-good.json")
    bad, _ = good_save(tmp_path, "bad.json")
    bad.write_text(bad.read_text().replace('"saved_at":', f'"saved_at": {saved_at}, "was":', 1))
    listing = folder.listing()
    assert [i.path for i in listing.good] == [good]
    assert len(listing.damaged) == 1 and listing.damaged[0].problem
    assert len(listing.problems) == 1 and listing.problems[0].startswith("bad.json cannot be loaded")
    folder.delete(listing.damaged[0].path)  # damaged saves can be deleted from the list
    assert not folder.listing().damaged and good.exists()


# ------------------------------------------------------------------ 3. no game that never was
def _fixed_deal_save(tmp_path: Path, scores: dict[str, int], bags: dict[str, int], hand: int, stop: bool) -> Path:
    rules = preset("standard")
    fresh, _ = GameState.new_game(rules, 9)
    hands = {seat: fresh.hands[seat] for seat in fresh.seats}
    state = GameState.from_deal(rules, Seat.W, hands, scores, bags, hand_number=hand, seed=9, stop_after_hand=stop)
    play(state, 20)
    path = tmp_path / "tampered.json"
    write_json(path, {**save_document(state, "tampered"), "game": to_dict(state)})
    return path


@pytest.mark.parametrize("scores, bags, hand, stop", [
    ({"NS": 10**9, "EW": 0}, {"NS": 0, "EW": 0}, 1, False),  # a game still running at 10^9 points
    ({"NS": 0, "EW": 0}, {"NS": 15, "EW": 0}, 1, False),  # 15 bags against a limit of 10
    ({"NS": 0, "EW": 0}, {"NS": 0, "EW": 0}, 777, False),  # at hand 777
    ({"NS": 0, "EW": 0}, {"NS": 0, "EW": 0}, 1, True),  # a table that stalls after the hand
])
def test_a_consistent_but_tampered_save_is_refused(tmp_path, scores, bags, hand, stop):
    path = _fixed_deal_save(tmp_path, scores, bags, hand, stop)
    with pytest.raises(SaveError, match="a deal its seed does not give"):
        read_save(path)


def test_the_load_list_summary_comes_from_the_replayed_game(tmp_path):
    path, state = good_save(tmp_path)
    doc = json.loads(path.read_text())
    doc["scores"] = {"NS": 999}  # an extra field claiming other scores is never shown
    path.write_text(json.dumps(doc))
    (info,) = SaveFolder(tmp_path).list()[0]
    assert info.scores == state.scores and info.hand_number == state.hand_number


# ------------------------------------------------------------------ 5. pipes, folders, devices, no permission
@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
def test_a_named_pipe_in_place_of_any_file_is_reported_at_once_and_left(tmp_path):
    names = ["autosave.json", "settings.json", "statistics.json", "record.json"]
    for name in names:
        os.mkfifo(tmp_path / name)
    try:
        with pytest.raises(SaveError, match="named pipe"):
            returns_within(HANG, lambda: read_save(tmp_path / "autosave.json"))
        settings = returns_within(HANG, lambda: read_settings_file(tmp_path / "settings.json"))
        assert "named pipe" in settings.problems[0] and not settings.writable
        stats = returns_within(HANG, lambda: read_statistics_file(tmp_path / "statistics.json"))
        assert "named pipe" in stats.problems[0] and not stats.writable
        assert "named pipe" in returns_within(HANG, lambda: check_hand_file(str(tmp_path / "record.json")))["reason"]
        assert "named pipe" in returns_within(HANG, lambda: check_save(tmp_path / "autosave.json"))
        assert all((tmp_path / name).exists() for name in names)  # reported, left where it is
    finally:
        for name in names:
            unblock(tmp_path / name)


def test_a_folder_or_a_device_in_place_of_a_save_is_listed_as_damaged(tmp_path):
    good, _ = good_save(tmp_path, "good.json")
    (tmp_path / "folder.json").mkdir()
    if os.path.exists("/dev/zero"):
        (tmp_path / "device.json").symlink_to("/dev/zero")
    listing = returns_within(HANG, SaveFolder(tmp_path).listing)
    assert [i.path for i in listing.good] == [good]
    reasons = {i.path.name: i.problem for i in listing.damaged}
    assert "a folder" in reasons["folder.json"]
    if os.path.exists("/dev/zero"):
        assert "a device" in reasons["device.json"]
    SaveFolder(tmp_path).delete(tmp_path / "folder.json")
    assert not (tmp_path / "folder.json").exists()


def test_an_unreadable_file_is_reported_as_unreadable_and_left_where_it_is(tmp_path, monkeypatch):
    path, _ = good_save(tmp_path)
    settings = tmp_path / "settings.json"
    save_settings(settings, Settings())
    real_open = os.open

    def no_permission(file, flags, *args, **kwargs):
        if Path(file) in (path, settings):
            raise PermissionError(errno.EACCES, "Permission denied", str(file))
        return real_open(file, flags, *args, **kwargs)

    monkeypatch.setattr(os, "open", no_permission)  # as mode 000 does, even for root
    with pytest.raises(SaveError, match="permission denied"):
        read_save(path)
    loaded = read_settings_file(settings)
    assert "permission denied" in loaded.problems[0] and not loaded.writable
    monkeypatch.undo()
    assert path.exists() and settings.exists() and not list(tmp_path.glob("*.corrupt-*"))
    assert read_save(path)[0] is not None  # the intact file still loads once it can be read


# ------------------------------------------------------------------ 6. leftovers and impossible counts
def test_temporary_files_left_by_an_interrupted_write_are_removed(tmp_path):
    old = [tmp_path / ".autosave.json.ab12cd34.tmp", tmp_path / ".settings.json.x_y9Z8w7.tmp"]
    for p in old:
        p.write_text("half")
        os.utime(p, (time.time() - 3600, time.time() - 3600))
    fresh = tmp_path / ".statistics.json.q1w2e3r4.tmp"
    fresh.write_text("being written right now")
    keep = [tmp_path / "notes.tmp", tmp_path / "autosave.json"]
    for p in keep:
        p.write_text("mine")
        os.utime(p, (time.time() - 3600, time.time() - 3600))
    assert remove_leftover_temporaries(tmp_path) == 2
    assert not any(p.exists() for p in old) and fresh.exists() and all(p.exists() for p in keep)


@pytest.mark.parametrize("counts", [
    {"games": 2, "won": 5, "started": 2, "best_score": 1, "worst_score": 0},
    {"hands": 3, "contracts_made": 4},
    {"hands": 1, "nil_attempts": 1, "nil_made": 2},
    {"hands": 1, "bags": 18},
    {"games": 1, "started": 1, "won": 1},  # a finished game without a final score
    {"games": 1, "started": 0, "lost": 1, "best_score": 0, "worst_score": 0},
])
def test_statistics_whose_counts_cannot_be_true_are_set_aside(tmp_path, counts):
    path = tmp_path / "statistics.json"
    path.write_text(json.dumps({"format": "spades-desktop/statistics", "version": 2, "tracked": {},
                                "modes": {"partnership": counts}}))
    stats, problems = load_statistics(path)
    assert stats.per_mode["partnership"].hands == 0
    assert len(problems) == 1 and "cannot be true" in problems[0]
    assert not path.exists() and list(tmp_path.glob("statistics.json.corrupt-*"))


# ------------------------------------------------------------------ issue 10, item 5: the longest legal prefix
def test_a_damaged_autosave_gives_back_its_longest_legal_prefix(tmp_path):
    path, state = good_save(tmp_path, "autosave.json", steps=90)
    doc = json.loads(path.read_text())
    doc["game"]["actions"] += ["bid 14", "AS"]  # two bogus actions appended
    path.write_text(json.dumps(doc))
    assert check_save(path) == ""  # Continue stays offered: part of the game can be used
    recovered_state, _, recovered = recover_save(path)
    assert recovered is not None and recovered.actions_kept == len(state.log)
    assert summary(recovered_state) == summary(state) and recovered_state.log == state.log
    sentence = recovered.sentence(path.name)
    assert sentence.startswith("autosave.json was damaged; the game was recovered up to hand ")
    assert "(2 later moves lost)" in sentence and "it was kept as autosave.json.corrupt-" in sentence
    assert "kept" not in recovered.sentence(path.name, say_where_kept=False)
    assert sentence.endswith(".") and ". " not in sentence  # one sentence
    assert not path.exists() and list(tmp_path.glob("autosave.json.corrupt-*"))


def test_an_autosave_that_cannot_be_read_at_all_is_named_before_continue(tmp_path):
    path = tmp_path / "autosave.json"
    path.write_text("garbage{")
    reason = check_save(path)
    assert reason == "autosave.json cannot be used: it is damaged (not complete JSON)."
    assert path.exists()  # asking does not move it; only loading or a new game does
    with pytest.raises(SaveError):
        recover_save(path)
    assert not path.exists() and list(tmp_path.glob("autosave.json.corrupt-*"))


# ------------------------------------------------------------------ issue 10, item 11: every hand counted once
def _game_to_the_end(seed: int = 4) -> GameState:
    """A game to 100 of at least two hands, from ``seed`` or the next seed that gives one (a made nil
    can end such a game in one hand, and how often depends on how the computer players bid)."""
    rules = preset("standard").with_changes(target_score=100, losing_score=-200)
    for tried in range(seed, seed + 50):
        state, _ = GameState.new_game(rules, tried)
        play(state, 5000)
        if len(state.hand_history) >= 2:
            break
    assert state.is_terminal() and len(state.hand_history) >= 2
    return state


def test_statistics_count_each_hand_as_it_is_scored_and_never_twice(tmp_path):
    finished = _game_to_the_end()
    hands = finished.hand_history
    stats = Statistics()
    stats.start_game("g1", "partnership")
    partial = GameState.new_game(finished.rules, finished.seed)[0]
    counted = 0
    for action in finished.log:
        partial.apply(action)
        if stats.record_hands("g1", partial):
            counted += 1
        stats.record_hands("g1", partial)  # asked again after every action: nothing new
    mode = stats.per_mode["partnership"]
    assert counted == len(hands) == mode.hands
    assert mode.started == 1 and mode.games == 0 and mode.unfinished == 1
    stats.record_game(finished, Seat.S, "g1")
    stats.record_game(finished, Seat.S, "g1")  # the game-over screen shown again
    assert mode.hands == len(hands) and mode.games == 1 and mode.unfinished == 0
    made = sum(1 for h in hands if h.breakdown["NS"].made is True)
    assert mode.contracts_made == made and mode.bags == sum(h.breakdown["NS"].bags for h in hands)
    path = tmp_path / "statistics.json"
    save_statistics(path, stats)
    again, problems = load_statistics(path)
    assert not problems and again.per_mode["partnership"] == mode
    again.record_hands("g1", finished)  # loading the finished game's save again counts nothing
    again.record_game(finished, Seat.S, "g1")
    assert again.per_mode["partnership"] == mode


def test_a_resumed_game_counts_only_the_hands_not_counted_before(tmp_path):
    finished = _game_to_the_end(6)
    cut = next(i for i in range(len(finished.log)) if _hands_after(finished, i) == 1)
    one_hand = GameState.new_game(finished.rules, finished.seed)[0]
    for action in finished.log[:cut]:
        one_hand.apply(action)
    stats = Statistics()
    stats.start_game("g", "partnership")
    stats.record_hands("g", one_hand)
    path = tmp_path / "statistics.json"
    save_statistics(path, stats)
    resumed = load_statistics(path)[0]  # Continue after a restart: the same game id from the save
    resumed.record_hands("g", one_hand)
    assert resumed.per_mode["partnership"].hands == 1
    resumed.record_hands("g", finished)
    assert resumed.per_mode["partnership"].hands == len(finished.hand_history)
    assert resumed.per_mode["partnership"].started == 1


def _hands_after(game: GameState, n: int) -> int:
    state = GameState.new_game(game.rules, game.seed)[0]
    for action in game.log[:n]:
        state.apply(action)
    return len(state.hand_history)


def test_statistics_of_format_1_still_load_and_count_their_games_as_started(tmp_path):
    path = tmp_path / "statistics.json"
    path.write_text(json.dumps({"format": "spades-desktop/statistics", "version": 1, "modes": {
        "partnership": {"games": 3, "won": 2, "lost": 1, "hands": 20, "contracts_made": 12, "contracts_set": 5,
                        "bags": 30, "best_score": 520, "worst_score": 180}}}))
    stats, problems = load_statistics(path)
    mode = stats.per_mode["partnership"]
    assert not problems and mode.games == 3 and mode.started == 3 and mode.unfinished == 0 and mode.hands == 20
    assert stats.to_dict()["version"] == VERSION and stats.tracked == {}
    assert mode.levels == {} and mode.recent == [], "no contracts by bid nor last games known of old games"


def test_many_random_statistics_round_trip(tmp_path):
    rng = random.Random(5)
    stats = Statistics()
    for game in range(3):
        state = _game_to_the_end(rng.randrange(100))
        stats.start_game(f"g{game}", "partnership")
        stats.record_game(state, Seat.S, f"g{game}")
    path = tmp_path / "statistics.json"
    save_statistics(path, stats)
    again, problems = load_statistics(path)
    assert not problems and again.to_dict() == stats.to_dict()


def test_an_autosave_whose_summary_was_edited_is_recovered_from_its_moves(tmp_path):
    path, state = good_save(tmp_path, "autosave.json", steps=40)
    doc = json.loads(path.read_text())
    doc["game"]["summary"]["scores"]["NS"] = 900
    path.write_text(json.dumps(doc))
    recovered_state, _, recovered = recover_save(path)
    assert recovered is not None and recovered.actions_kept == recovered.actions_in_file == len(state.log)
    assert recovered_state.scores == state.scores  # the moves decide, not the edited numbers
    assert "recovered from its moves up to hand 1" in recovered.sentence(path.name)


@pytest.mark.parametrize("seen, good", [
    (["S"], True), ([], True), (["N", "E", "S", "W"], True),
    (["S", "S"], False), (["X"], False), ("S", False), ([1], False), (["N", "E", "S", "W", "N"], False),
])
def test_the_optional_cards_seen_field_is_checked_and_kept(tmp_path, seen, good):
    path, state = good_save(tmp_path)
    doc = json.loads(path.read_text())
    doc["cards_seen"] = seen
    path.write_text(json.dumps(doc))
    if good:
        loaded, document = read_save(path)
        assert document["cards_seen"] == seen and summary(loaded) == summary(state)
    else:
        with pytest.raises(SaveError, match="seen hands"):
            read_save(path)


def test_a_reset_during_a_game_leaves_statistics_that_still_load_and_count_no_hand_twice(tmp_path):
    finished = _game_to_the_end(8)
    stats = Statistics()
    stats.start_game("g", "partnership")
    stats.record_hands("g", finished)
    counted = stats.per_mode["partnership"].hands
    stats.reset()  # Statistics, Reset, while the game is still on
    stats.record_hands("g", finished)
    stats.record_game(finished, Seat.S, "g")
    mode = stats.per_mode["partnership"]
    assert counted == len(finished.hand_history) and mode.hands == 0 and mode.games == mode.started == 1
    path = tmp_path / "statistics.json"
    save_statistics(path, stats)
    again, problems = load_statistics(path)
    assert not problems and again.to_dict() == stats.to_dict()
