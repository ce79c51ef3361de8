"""A game's variants are named where the game is listed (issue 41's seam: the Load list called whiz
and suicide games "Partnership")."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from spades_desktop.engine.rule_values import BiddingStyle
from spades_desktop.engine.rules import preset
from spades_desktop.engine.state import GameState
from spades_desktop.ui.text.title_words import continue_line
from tests.ui_driver import Driver

WHIZ = {**preset("standard").to_dict(), "bidding": BiddingStyle.WHIZ.value}


def test_the_title_s_continue_line_names_the_variants():
    state = GameState.new_game(preset("standard").with_changes(bidding=BiddingStyle.WHIZ), 3)[0]
    assert continue_line(state, {}).startswith("Partnership · Whiz to 500")


def test_the_load_list_names_a_whiz_game_whiz(tmp_path):
    from spades_desktop.ui.screens.files import LoadScene

    d = Driver(str(tmp_path), rules=WHIZ, seed=3)
    assert d.wait_for_person() == "act"
    d.act_once()
    assert d.app.files.save_game("Whiz evening", d.table.ctl.state, "whiz-1") == ""
    d.app.stack.push(LoadScene(d.app))
    d.step()
    load = d.app.stack.top
    games = [row.cells[""][2] for row in load.page().rows]
    assert games and all(game.startswith("Partnership · Whiz") for game in games), games
