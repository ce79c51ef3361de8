"""`spades-desktop --watch`: a watched game straight from the command line (issue 4), dealt as
`--new-game` deals it, at a table in watch mode, never writing a save or the statistics."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from pathlib import Path

import pytest

from spades_desktop.engine.rules import preset
from spades_desktop.session.game_session import SessionMode
from spades_desktop.ui.app import App, Options, parse_options
from spades_desktop.ui.registry import SceneRegistry
from spades_desktop.ui.table.scene import TableScene
from tests.ui_driver import Driver


def _files(home: Path) -> dict[Path, bytes]:
    """Every file the game keeps in its folder (not the log, nor the one-copy lock)."""
    return {p: p.read_bytes() for p in home.rglob("*") if p.is_file() and p.suffix not in (".log", ".lock")}


def _started(home: Path, monkeypatch, options: Options, frames: int | None = None) -> tuple[App, list[str]]:
    """The app started with ``options`` as ``main`` starts it: ``run`` to the end of
    ``options.frames`` (at the window's pace), or with ``frames`` its first screen and that many
    frames as fast as they go, then closed.  Also the title screens it built."""
    monkeypatch.setenv("SPADES_DESKTOP_HOME", str(home))
    titles: list[str] = []
    title = SceneRegistry.title
    monkeypatch.setattr(SceneRegistry, "title", lambda self: titles.append("title") or title(self))
    app = App(options)
    if frames is None:
        assert app.run() == 0
        return app, titles
    app.start()
    for _ in range(frames):
        app.frame(1 / 60)
    assert app.close() == 0
    return app, titles


def test_parse_options_accepts_watch_with_rules_and_seed():
    assert parse_options(["--watch"]) == Options(watch=True)
    assert parse_options(["--watch", "--rules", "cutthroat", "--seed", "9"]) == \
        Options(watch=True, rules="cutthroat", seed=9)
    assert not parse_options(["--new-game"]).watch


@pytest.mark.parametrize("argv", [["--watch", "--new-game"], ["--new-game", "--seed", "3", "--watch"]])
def test_watch_and_new_game_together_is_an_error(argv, capsys):
    with pytest.raises(SystemExit) as stopped:
        parse_options(argv)
    assert stopped.value.code == 2
    err = capsys.readouterr().err
    assert "not allowed with argument" in err and "--watch" in err and "--new-game" in err


def test_watch_and_autoplay_together_is_an_error(capsys):
    with pytest.raises(SystemExit) as stopped:
        parse_options(["--watch", "--autoplay-hands", "2"])
    assert stopped.value.code == 2
    assert "--watch and --autoplay-hands cannot be used together" in capsys.readouterr().err


@pytest.mark.slow
def test_watch_opens_a_watched_table_without_the_title_and_writes_nothing(tmp_path, monkeypatch):
    """A person with a game in progress and statistics watches a game from the command line: the
    computers play (at instant speed, hands are scored), and not a byte of the save, the
    statistics or the settings changes."""
    d = Driver(str(tmp_path), rules="standard", seed=5)  # the person's own game, left in progress
    for _ in range(2):
        assert d.wait_for_person() == "act"
        d.act_once()
    d.app.close()
    before = _files(tmp_path)
    assert d.app.paths.autosave_file in before and d.app.paths.statistics_file in before

    # the computers think in the frames (workers=0): 400 frames run in far less than 400 frames of time
    app, titles = _started(tmp_path, monkeypatch, Options(watch=True, seed=17, size=(1280, 720), workers=0),
                           frames=400)
    assert titles == [], "the watched game opened without the title screen"
    assert app.session is not None and app.session.mode is SessionMode.WATCH
    assert isinstance(app.stack.scenes[0], TableScene) and app.stack.scenes[0].session is app.session
    state = app.session.state
    assert state.seed == 17 and state.hand_history, "the computers played and scored a hand"
    assert _files(tmp_path) == before, "watching wrote to the game's files"


def test_watch_in_a_fresh_folder_leaves_no_save_and_no_statistics(tmp_path, monkeypatch):
    app, titles = _started(tmp_path, monkeypatch, Options(watch=True, seed=3, size=(1280, 720), frames=20))
    assert titles == [] and app.session.mode is SessionMode.WATCH
    assert not app.paths.autosave_file.exists()
    assert not app.paths.statistics_file.exists()
    assert not any(app.paths.saves.iterdir())


def test_a_watched_game_deals_as_new_game_does_with_the_same_seed_and_rules(tmp_path, monkeypatch):
    watched, _ = _started(tmp_path / "watch", monkeypatch,
                      Options(watch=True, rules="cutthroat", seed=31, size=(1280, 720), frames=1))
    played, _ = _started(tmp_path / "play", monkeypatch,
                     Options(new_game=True, rules="cutthroat", seed=31, size=(1280, 720), frames=1))
    assert watched.session.mode is SessionMode.WATCH and played.session.mode is SessionMode.PLAY
    first, second = watched.session.state, played.session.state
    assert first.rules == second.rules == preset("cutthroat")
    assert not first.log and not second.log, "no card has left a hand yet: the hands are as dealt"
    assert first.hands == second.hands and first.dealer == second.dealer
