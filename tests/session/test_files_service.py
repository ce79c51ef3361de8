"""The files service and the game's life (``session/files.py``, ``session/lifecycle.py``) without a
window: what a screen asks of the player's files, and what the player hears when a write fails."""

from __future__ import annotations

import pytest

from spades_desktop.ai.judge import CheckerLevel
from spades_desktop.options import Options
from spades_desktop.session.files import FileService, default_settings
from spades_desktop.session.game_session import SessionMode
from spades_desktop.session.lifecycle import GameLifecycle
from spades_desktop.session.startup import open_user_files
from spades_desktop.storage.paths import HOME_ENV, user_paths
from spades_desktop.storage.settings import Settings, SettingTypeError, read_settings_file


class Heard:
    """A listener that keeps what it was told."""

    def __init__(self) -> None:
        self.notices: list[str] = []
        self.flashes: list[str] = []

    def notice(self, text: str) -> None:
        self.notices.append(text)

    def flash(self, text: str, seconds: float = 3.0) -> None:
        self.flashes.append(text)


@pytest.fixture
def service(tmp_path):
    heard = Heard()
    files = FileService(open_user_files(user_paths({HOME_ENV: str(tmp_path / "user")}), lambda paths: None), heard)
    yield files, heard
    files.close()


def test_a_change_of_settings_is_written_at_once(service):
    files, heard = service
    files.update_settings(volume=0.3, hints=False)
    written = read_settings_file(files.paths.settings_file).settings
    assert written.volume == 0.3 and not written.hints
    assert heard.notices == heard.flashes == []



@pytest.mark.parametrize(("change", "words"), [
    ({"play_checker": "every"}, "play_checker takes CheckerLevel, not str 'every'"),  # benchmarks/checker_speed.py's
    ({"play_checker": True}, "play_checker takes CheckerLevel"),
    ({"hints": 1}, "hints takes bool, not int 1"),
    ({"volume": True}, "volume takes float or int, not bool"),
    ({"volume": 7}, "volume must be a number from 0 to 1"),
    ({"computer_cores": "2"}, "computer_cores takes int or None"),
    ({"card_back": "tartan"}, "card_back must be one of"),
    ({"window_size": [1280, 720]}, "window_size takes tuple"),
    ({"no_such_setting": 1}, "there is no setting 'no_such_setting'"),
])
def test_a_change_of_the_wrong_type_is_refused_and_nothing_is_kept(service, change, words):
    """``update_settings`` used to store whatever it was given: ``play_checker="every"`` reached the
    table as a string and the first check of a card stopped on ``'str' object has no attribute
    'names'``. A wrong value is refused with the setting's name, and neither the settings in
    memory nor the file change."""
    files, heard = service
    files.update_settings(volume=0.3)
    before = files.settings
    with pytest.raises(SettingTypeError, match=words.replace("(", r"\(")):
        files.update_settings(**change)
    assert files.settings == before
    assert read_settings_file(files.paths.settings_file).settings == before
    assert heard.notices == []


def test_a_change_of_the_right_type_is_kept_as_the_field_holds_it(service):
    files, _ = service
    files.update_settings(play_checker=CheckerLevel.EVERY, volume=1, computer_cores=None, window_size=(1600, 900))
    assert files.settings.play_checker is CheckerLevel.EVERY
    assert files.settings.volume == 1.0 and isinstance(files.settings.volume, float)
    assert read_settings_file(files.paths.settings_file).settings == files.settings

def test_a_settings_write_that_fails_is_listed_and_said_at_once(service):
    files, heard = service
    files.paths.settings_file.mkdir()  # a folder where the file belongs
    files.update_settings(volume=0.3)
    assert len(heard.notices) == 1 and heard.flashes == heard.notices
    assert heard.notices[0].startswith("Settings")


def test_restoring_the_defaults_keeps_the_window(service):
    files, _ = service
    files.update_settings(window_size=(1600, 900), fullscreen=True, volume=0.2, card_back="red")
    files.update_settings(**default_settings(keeping=files.settings))
    assert files.settings == Settings(window_size=(1600, 900), fullscreen=True)


def test_a_game_saved_under_a_name_is_listed_opened_and_deleted(service):
    files, _ = service
    games = GameLifecycle(Options(workers=0, seed=3), files)
    session, _ = games.new_game(SessionMode.WATCH)
    try:
        assert not files.save_exists("My game")
        assert files.save_game("My game", session.state, session.game_id) == ""
        assert files.save_exists("My game")
        (info,) = files.list_saves().good
        state, document = files.open_save(info.path)
        assert state.seed == session.state.seed and document["name"] == "My game"
        assert files.delete_save(info.path) == "" and not files.list_saves().good
    finally:
        games.close()


def test_a_save_that_cannot_be_written_says_why_in_words(service):
    files, _ = service
    games = GameLifecycle(Options(workers=0, seed=3), files)
    session, _ = games.new_game(SessionMode.WATCH)
    try:
        files.saves.path_for("Blocked").mkdir(parents=True)
        problem = files.save_game("Blocked", session.state, session.game_id)
        assert problem.startswith("The game") and "Errno" not in problem
    finally:
        games.close()


def test_a_damaged_autosave_is_kept_aside_and_named_before_a_new_game(service):
    files, heard = service
    files.paths.autosave_file.write_text("{ not json", encoding="utf-8")
    games = GameLifecycle(Options(workers=0, seed=3), files)
    try:
        assert games.autosave_problem()
        games.new_game()
        assert any("autosave.json" in notice for notice in heard.notices), heard.notices
        assert list(files.paths.data.glob("autosave.json.*"))  # kept aside, not lost
        files.writer.flush()
        assert games.has_autosave() and games.game_in_progress() is not None
    finally:
        games.close()
