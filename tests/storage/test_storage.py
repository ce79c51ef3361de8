"""Saved games, settings and statistics: nothing is ever lost to a bad write or a damaged file."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from spades_desktop.ai import ComputerPlayer, Level
from spades_desktop.engine import GameState, preset
from spades_desktop.engine.rules import PRESETS
from spades_desktop.engine.serialize import summary
from spades_desktop.storage.atomic import write_json
from spades_desktop.storage.paths import user_paths
from spades_desktop.storage.saves import (
    VERSION,
    SaveError,
    SaveFolder,
    game_from_document,
    read_save,
    save_document,
    upgrade,
    write_save,
)
from spades_desktop.storage.settings import Settings, load_settings, save_settings
from spades_desktop.storage.statistics import Statistics, load_statistics, save_statistics

FIXTURES = Path(__file__).parents[1] / "fixtures"


def _play(state: GameState, steps: int, seed: int) -> list[int]:
    """Play ``steps`` actions with the normal player; returns them."""
    rng = random.Random(seed)
    player = ComputerPlayer(Level.NORMAL, seed=seed)
    actions = []
    for _ in range(steps):
        if state.is_terminal():
            break
        action = player.decide(state.view(state.turn)) if rng.random() < 0.8 else rng.choice(state.legal_actions())
        state.apply(action)
        actions.append(action)
    return actions


@pytest.mark.slow
@pytest.mark.parametrize("name", [p.name for p in PRESETS])
def test_save_anywhere_then_continue_equals_never_saving(tmp_path, name):
    rng = random.Random(name)
    for game in range(6):
        state, _ = GameState.new_game(preset(name), rng.randrange(10**9))
        _play(state, rng.randrange(1, 160), game)
        path = tmp_path / f"{name}-{game}.json"
        write_save(path, state, "test")
        loaded = read_save(path)[0]
        assert summary(loaded) == summary(state)
        assert loaded.rules == state.rules and loaded.log == state.log
        later = _play(state, 120, game + 100)
        for action in later:
            loaded.apply(action)
        assert summary(loaded) == summary(state)
        assert [h.to_dict() for h in loaded.hand_history] == [h.to_dict() for h in state.hand_history]


def test_every_older_version_upgrades():
    v1 = json.loads((FIXTURES / "save_v1.json").read_text())
    v2 = json.loads((FIXTURES / "save_v2.json").read_text())
    assert VERSION == 3
    state1 = game_from_document(v1)
    assert state1.hand_number == 2 and state1.rules.mode == "partnership"
    state2 = game_from_document(v2)
    assert state2.rules.mode == "two_player" and state2.phase.value == "draw"


def test_version_2_saves_upgrade_to_3_with_the_standard_deck_and_bidding_written_down():
    v2 = json.loads((FIXTURES / "save_v2.json").read_text())
    assert "deck" not in v2["game"]["rules"]
    v3 = upgrade(v2)
    assert v3["version"] == 3 and v3["game"]["version"] == 2
    rules = v3["game"]["rules"]
    assert (rules["deck"], rules["bidding"], rules["nil_exchange"]) == ("standard", "standard", 0)
    assert {k: v for k, v in rules.items() if k not in ("deck", "bidding", "nil_exchange")} == v2["game"]["rules"]
    assert summary(game_from_document(v3)) == summary(game_from_document(v2))


def test_a_version_3_save_of_a_jokers_deuces_whiz_game_loads_and_plays_on():
    v3 = json.loads((FIXTURES / "save_v3.json").read_text())
    state = game_from_document(v3)
    assert state.rules.deck == "jokers_deuces" and state.rules.bidding == "whiz" and state.hand_number == 2
    # its log holds the high deuces and the jokers by their ids; the replay put them in the high slots
    assert {"2S", "2D", "BJ", "LJ"} <= set(v3["game"]["actions"])
    assert {52, 53, 54, 55} <= set(state.log)
    _play(state, 60, 3)


def test_an_older_copy_of_the_format_would_refuse_a_version_3_save_as_newer(monkeypatch):
    import spades_desktop.storage.saves as saves

    monkeypatch.setattr(saves, "VERSION", 2)
    with pytest.raises(SaveError, match="newer version"):
        saves.upgrade(json.loads((FIXTURES / "save_v3.json").read_text()))


def _good_save(tmp_path: Path) -> tuple[Path, bytes]:
    state, _ = GameState.new_game(preset("standard"), 5)
    _play(state, 70, 1)
    path = tmp_path / "good.json"
    write_save(path, state, "good")
    return path, path.read_bytes()


@pytest.mark.slow
def test_thousands_of_damaged_files_give_a_message_and_no_crash(tmp_path):
    _, good = _good_save(tmp_path)
    rng = random.Random(7)
    folder = tmp_path / "damaged"
    folder.mkdir()
    refused = 0
    for i in range(2500):
        kind = i % 5
        data = bytearray(good)
        if kind == 0:
            data = data[: rng.randrange(len(data))]  # truncated
        elif kind == 1:
            for _ in range(rng.randrange(1, 6)):
                data[rng.randrange(len(data))] = rng.randrange(256)  # flipped bytes
        elif kind == 2:
            doc = json.loads(good)
            _mutate(doc, rng)
            data = bytearray(json.dumps(doc).encode())
        elif kind == 3:
            data = bytearray(rng.choice([b"", b"   ", b"null", b"[]", b"{}", b'{"format": "other"}',
                                         b'{"format": "spades-desktop/save", "version": 99}', b"\xff\xfe"]))
        else:
            doc = json.loads(good)
            doc["game"]["actions"] = doc["game"]["actions"][: rng.randrange(len(doc["game"]["actions"]))]
            data = bytearray(json.dumps(doc).encode())  # actions cut short: the summary no longer matches
        path = folder / f"save-{i}.json"
        path.write_bytes(bytes(data))
        try:
            read_save(path)
        except SaveError as exc:
            refused += 1
            text = str(exc)
            assert text.startswith(path.name) and "cannot be loaded" in text
            assert not path.exists()  # moved aside, not deleted
            assert list(folder.glob(f"{path.name}.corrupt-*"))
    assert refused > 1500


def _mutate(doc: dict, rng: random.Random) -> None:
    target = rng.choice(["version", "rules", "start", "actions", "summary", "format", "game"])
    game = doc["game"]
    if target == "version":
        doc["version"] = rng.choice([0, -1, 3, "2", None, 2.5])
    elif target == "format":
        doc["format"] = rng.choice(["x", None, 1])
    elif target == "game":
        doc["game"] = rng.choice([None, [], "x", {}])
    elif target == "rules":
        key = rng.choice(list(game["rules"]))
        game["rules"][key] = rng.choice([None, -5, "huge", 10**6, True, []])
    elif target == "start":
        game["start"] = rng.choice([None, {}, {"seed": "x"}, {"seed": -1, "hands": {}}])
    elif target == "actions" and game["actions"]:
        i = rng.randrange(len(game["actions"]))
        game["actions"][i] = rng.choice(["AS", "bid 14", "zz", None, 5, "2C", "pass"])
    else:
        key = rng.choice(list(game["summary"]))
        game["summary"][key] = rng.choice([None, 0, "x", {"NS": 999, "EW": 0}])


def test_named_saves_list_load_delete_and_survive_a_damaged_neighbour(tmp_path):
    folder = SaveFolder(tmp_path / "saves")
    state, _ = GameState.new_game(preset("cutthroat"), 3)
    _play(state, 40, 2)
    first = folder.save("Evening game", state)
    folder.save("Another one", state)
    (tmp_path / "saves" / "broken.json").write_text("{not json")
    infos, problems = folder.list()
    assert sorted(i.name for i in infos) == ["Another one", "Evening game"]
    assert infos[0].mode == "cutthroat" and infos[0].hand_number == state.hand_number
    assert len(problems) == 1 and "broken.json" in problems[0]
    assert summary(folder.load(first)) == summary(state)
    folder.delete(first)
    assert [i.name for i in folder.list()[0]] == ["Another one"]


KILL_WRITER = r"""
import sys, json
from pathlib import Path
from spades_desktop.storage.atomic import write_json
path = Path(sys.argv[1])
print("ready", flush=True)  # imports done: the kill below lands among the writes, not in start-up
i = 0
while True:
    i += 1
    write_json(path, {"n": i, "payload": ["x" * 200] * 2000})
"""


@pytest.mark.slow
def test_a_process_killed_while_saving_never_loses_the_previous_save(tmp_path):
    path = tmp_path / "save.json"
    write_json(path, {"n": 0, "payload": []})
    rng = random.Random(3)
    last_seen = 0
    for _ in range(25):
        proc = subprocess.Popen([sys.executable, "-c", KILL_WRITER, str(path)], stdout=subprocess.PIPE, text=True)
        assert proc.stdout.readline().strip() == "ready"
        time.sleep(rng.uniform(0.0, 0.3))
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        proc.stdout.close()
        data = json.loads(path.read_text())  # always a whole, valid file
        assert isinstance(data["n"], int) and data["n"] >= 0
        assert data["n"] == 0 or len(data["payload"]) == 2000
        last_seen = max(last_seen, data["n"])
    assert last_seen > 0
    leftovers = [p for p in tmp_path.iterdir() if p.name != "save.json"]
    assert all(p.name.endswith(".tmp") for p in leftovers)  # only temp files a kill left behind


def test_settings_keep_good_values_and_report_bad_ones(tmp_path):
    path = tmp_path / "settings.json"
    good = Settings().with_changes(animation_speed="fast", rules={**Settings().rules, "target_score": 300})
    save_settings(path, good)
    data = json.loads(path.read_text())
    data["volume"] = 7
    data["mystery"] = 1
    data["rules"]["bag_limit"] = 99
    data["rules"]["unknown_rule"] = True
    path.write_text(json.dumps(data))
    loaded, problems = load_settings(path)
    assert loaded.animation_speed == "fast"
    assert loaded.rules["target_score"] == 300
    assert loaded.volume == Settings().volume and loaded.rules["bag_limit"] == 10
    assert len(problems) == 4 and any("bag_limit" in p for p in problems)
    assert path.exists()  # a file with some bad values is kept, not moved


def test_a_settings_file_that_is_not_settings_is_set_aside(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text("[1, 2")
    loaded, problems = load_settings(path)
    assert loaded == Settings() and "could not be read" in problems[0]
    assert not path.exists() and list(tmp_path.glob("settings.json.corrupt-*"))


def test_statistics_record_a_game_and_survive_damage(tmp_path):
    rules = preset("standard").with_changes(target_score=100, losing_score=-200)
    state, _ = GameState.new_game(rules, 4)
    _play(state, 3000, 4)
    assert state.is_terminal()
    stats = Statistics()
    stats.record_game(state)
    mode = stats.per_mode["partnership"]
    assert mode.games == 1 and mode.won + mode.lost == 1 and mode.hands == len(state.hand_history)
    assert mode.best_score == mode.worst_score == state.scores["NS"]
    path = tmp_path / "statistics.json"
    save_statistics(path, stats)
    again, problems = load_statistics(path)
    assert not problems and again.per_mode["partnership"] == mode
    path.write_text('{"format": "spades-desktop/statistics", "version": 1, "modes": {"partnership": {"games": -3}}}')
    fresh, problems = load_statistics(path)
    assert fresh.per_mode["partnership"].games == 0 and problems
    assert list(tmp_path.glob("statistics.json.corrupt-*"))


def test_one_home_folder_for_everything(tmp_path):
    paths = user_paths({"SPADES_DESKTOP_HOME": str(tmp_path)}).ensure()
    for p in (paths.settings_file, paths.autosave_file, paths.statistics_file, paths.log_file, paths.saves):
        assert tmp_path in p.parents
    default = user_paths({})
    assert ("SpadesDesktop" in str(default.config) and default.config != default.data) or default.log


def test_save_document_round_trip_is_json():
    state, _ = GameState.new_game(preset("auction"), 8)
    _play(state, 30, 8)
    text = json.dumps(save_document(state, "x"))
    assert summary(game_from_document(json.loads(text))) == summary(state)


@pytest.mark.slow
def test_load_screen_pages_through_many_saves_and_deletes_with_confirmation(tmp_path):
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"

    from spades_desktop.ui.core.keymap import Context, Intent
    from spades_desktop.ui.screens.files import LoadScene
    from tests.ui_driver import Driver

    d = Driver(str(tmp_path))
    state = d.table.ctl.state
    for i in range(11):
        d.app.saves.save(f"Game {i:02d}", state)
    d.app.to_title()
    scene = LoadScene(d.app)
    d.app.stack.push(scene)
    d.step(2)
    def in_view():
        return {scene.infos[i].name for i in range(*scene.shown_range())}

    seen = in_view()
    d.press(Intent.PAGE_DOWN, Context.LIST)
    seen |= in_view()
    assert {f"Game {i:02d}" for i in range(11)} <= seen
    first = scene.selected()
    d.press(Intent.DELETE, Context.LOAD)  # asks first
    assert first.path.exists()
    d.press(Intent.YES, Context.CONFIRM)
    assert not first.path.exists() and len(d.app.saves.list()[0]) == 10


def test_a_save_that_cannot_be_deleted_says_why_on_the_load_screen(tmp_path, monkeypatch):
    """A failed delete is reported in a sentence naming the save (it once raised TypeError: a local
    list hid the function that makes a file name printable)."""
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"

    from spades_desktop.ui.core.keymap import Context, Intent
    from tests.ui_driver import Driver

    d = Driver(str(tmp_path))
    d.app.saves.save("Kept game", d.table.ctl.state)
    d.app.to_title()

    def refuse(path):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(d.app.saves, "delete", refuse)
    d.app.stack.push(d.app.scenes.load())
    d.step(2)
    scene = d.app.stack.top
    scene.view.select(0)
    d.press(Intent.DELETE, Context.LOAD)
    d.press(Intent.YES, Context.CONFIRM)
    assert any(problem == "kept-game.json could not be deleted: Permission denied"
               for problem in scene.problems), scene.problems
    assert scene.infos and scene.infos[0].path.exists()


def test_finished_games_are_kept_ten_deep_and_nothing_else_in_the_folder_is_touched(tmp_path):
    """A finished game is kept among the saves; older ones beyond ten are removed, but only our own
    plain files: a folder or a link with such a name stays, and the game never fails on them."""
    from spades_desktop.storage.game_keeper import KEPT_FINISHED_GAMES, GameKeeper
    from spades_desktop.storage.statistics import Statistics
    from spades_desktop.storage.writer import BackgroundWriter

    saves = tmp_path / "saves"
    saves.mkdir()
    (saves / "finished-a-folder.json").mkdir()
    outside = tmp_path / "outside.json"
    outside.write_text("{}")
    (saves / "finished-a-link.json").symlink_to(outside)
    writer = BackgroundWriter()
    keeper = GameKeeper(tmp_path / "autosave.json", writer, Statistics(), lambda: None, saves)
    state, _ = GameState.new_game(preset("standard"), 3)
    for i in range(KEPT_FINISHED_GAMES + 3):
        keeper.keep_finished(state, f"game-{i:02d}", [])
        writer.flush()
        time.sleep(0.01)  # (each newer than the last on any file system's clock)
    ours = sorted(p.name for p in saves.glob("finished-game-*.json"))
    assert ours == [f"finished-game-{i:02d}.json" for i in range(3, KEPT_FINISHED_GAMES + 3)]
    assert (saves / "finished-a-folder.json").is_dir() and (saves / "finished-a-link.json").is_symlink()
    assert outside.read_text() == "{}"
    writer.close()
