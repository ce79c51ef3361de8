"""Helpers of the daily deal's UI tests: a day on the clock, the title with no game in progress,
the daily deal started from its button, played to its result, and the app opened again."""

from __future__ import annotations

import time
from datetime import date

from spades_desktop.session import daily_run
from spades_desktop.ui.app import App, Options
from spades_desktop.ui.screens.daily import DailyResultScene
from tests.ui_driver import PAR_WORLDS_IN_TESTS, Driver


def set_today(monkeypatch, day: date) -> None:
    monkeypatch.setattr(daily_run, "today", lambda: day)


def to_fresh_title(d: Driver) -> None:
    """The title with no game in progress (the driver's own first game let go)."""
    d.app.games.close_session()
    d.app.games.session = None
    d.app.files.keeper.discard_autosave()
    d.app.files.writer.flush()
    d.app.to_title()
    d.step(2)


def start_daily(d: Driver) -> None:
    """The title's Daily deal button, then Start (abandoning a game in progress if asked)."""
    d.click_button("daily_deal")
    d.click_button("start")
    if "abandon" in d.buttons():
        d.click_button("abandon")
    d.step(2)
    assert d.table is not None and d.table.session.daily is not None


def play_to_result(d: Driver) -> DailyResultScene:
    """Play the daily's hands through the UI, then wait for the result's par (moved on by the frames)."""
    d.play_hands(4)
    for _ in range(3000):
        top = d.app.stack.top
        if isinstance(top, DailyResultScene) and top.comparison is not None:
            return top
        d.step()
        time.sleep(0.002)
    raise AssertionError(f"no result against par: {type(d.app.stack.top).__name__} on top")


def reopened(home: str, seed: int = 1) -> Driver:
    """The app opened again over the same files (its driver, with no new game started)."""
    d = object.__new__(Driver)
    import os

    os.environ["SPADES_DESKTOP_HOME"] = home
    d.app = App(Options(seed=seed, size=(1280, 720), workers=0, par_worlds=PAR_WORLDS_IN_TESTS))
    d.mouse = False
    from spades_desktop.ai import ComputerPlayer, Level

    d.brain = ComputerPlayer(Level.NORMAL, seed=seed)
    d.frames = 0
    d.app.to_title()
    d.step(2)
    return d
