"""'thinking...' by a computer's plate only while it is really thinking in view (issue 41's seams:
the label stood by North's plate while the cards were being dealt, and under the watch pause menu)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from spades_desktop.ui.core.keymap import Context, Intent
from spades_desktop.ui.table.widgets.plates import thinking_mark
from tests.ui_driver import Driver


def test_nobody_is_shown_thinking_while_the_cards_are_dealt(tmp_path):
    d = Driver(str(tmp_path), seed=5, speed="normal")
    table = d.table
    assert table is not None
    dealing_frames = 0
    for _ in range(300):
        d.step()
        if table.view.dealing:
            dealing_frames += 1
            assert table.ctl.thinking_seat is None or thinking_mark(table) is None
            assert table.painter.thinking.picture is None, "a 'thinking' label while the cards fly"
        elif dealing_frames:
            break
    assert dealing_frames > 20, "the deal was shown"
    assert not table.view.dealing, "and ended"


def test_nobody_is_shown_thinking_under_the_watch_pause_menu(tmp_path):
    d = Driver(str(tmp_path), seed=5, speed="normal")
    d.app.watch_game()
    table = d.table
    assert table is not None and table.watching
    assert d.play_until(lambda t: t.painter.thinking.picture is not None, max_frames=3000), "a computer thought"
    d.press(Intent.MENU, Context.TABLE)
    d.step(3)
    assert d.app.stack.top is not table, "the pause menu is over the table"
    assert table.painter.thinking.picture is None, "'thinking' under the pause menu"


def test_the_thinking_label_leaves_with_the_card(tmp_path, monkeypatch):
    """The frame a computer's card leaves its hand, 'thinking...' leaves its plate (it waited up to
    three frames as words whose picture may wait, and on a busy machine stood by the plate after the
    card was played): every frame, the label is by the plate of the seat thinking now, or nowhere."""
    from spades_desktop.ui.table import scene

    monkeypatch.setattr(scene, "WIDGET_BUDGET", 0.0)  # every frame's drawing time spent: what may wait, waits
    d = Driver(str(tmp_path), seed=3, speed="normal")
    shown, wrong = [0], []

    def check(table) -> bool:
        look, mark = table.painter.thinking._inputs, thinking_mark(table)
        if table.painter.thinking.picture is not None:
            shown[0] += 1
            if mark is None or look.seat != mark[0]:
                wrong.append((table.ctl.state.phase, table.ctl.state.turn, mark))
        return table.ctl.state.trick_count >= 3

    assert d.play_until(check)
    assert shown[0] > 20, "computers were shown thinking"
    assert wrong == [], f"'thinking' by a plate whose seat no longer thinks: {wrong[:5]}"
