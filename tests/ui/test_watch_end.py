"""The end of a watched game (issue 41's seams): it names nobody 'You' (nobody sits South as the
person), and it offers another game to watch, never a real game started unasked."""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from spades_desktop.engine.rules import preset
from spades_desktop.session.game_session import SessionMode
from spades_desktop.ui.screens import summaries
from spades_desktop.ui.screens.summaries import GameOverScene
from tests.ui_driver import Driver

SHORT_GAME = {**preset("standard").to_dict(), "target_score": 100}


@pytest.mark.slow
def test_a_watched_game_ends_without_you_and_offers_another_to_watch(tmp_path, monkeypatch):
    d = Driver(str(tmp_path), rules=SHORT_GAME, seed=11)
    d.app.watch_game()
    table = d.table
    assert table is not None and table.watching
    for _ in range(40000):
        if isinstance(table.modal, GameOverScene):
            break
        d.step()
    panel = table.modal
    assert isinstance(panel, GameOverScene), "the watched game reached its end"
    drawn: list[str] = []
    real_draw_text = summaries.draw_text

    def recording(surface, font, text, *args, **kwargs):
        drawn.append(text)
        return real_draw_text(surface, font, text, *args, **kwargs)

    monkeypatch.setattr(summaries, "draw_text", recording)
    d.app.redraw_all()
    d.step()
    assert drawn, "the panel was drawn"
    assert not [text for text in drawn if "You" in text], "a watched game names nobody 'You'"
    assert table.names["S"] == "South"
    names = sorted(d.buttons())
    assert "watch_again" in names and "new_game" not in names
    statistics = d.app.paths.statistics_file
    before = statistics.read_bytes() if statistics.exists() else None
    d.click_button("watch_again")
    assert d.app.session is not None and d.app.session.mode is SessionMode.WATCH
    assert d.table is not table, "a new game to watch"
    d.app.writer.flush()
    assert (statistics.read_bytes() if statistics.exists() else None) == before, "nothing counted"
    d.app.close()
