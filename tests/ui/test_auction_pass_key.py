"""P in the auction types a pass that Enter confirms, as N, B and the digits type theirs (issue
41's seam: P passed at once while every other bidding key waited for Enter)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from spades_desktop.engine import actions as A
from spades_desktop.engine.state import Phase
from spades_desktop.ui.core.keymap import Context, Intent
from tests.ui_driver import Driver


def test_p_types_a_pass_and_enter_confirms_it(tmp_path):
    d = Driver(str(tmp_path), rules="auction", seed=4)
    table = d.table
    assert table is not None
    assert d.play_until(lambda t: t.ctl.state.phase is Phase.BIDDING and t.ctl.human_turn() and t.accepting_input()
                        and A.PASS in t.ctl.state.legal_actions())
    moves = len(table.ctl.state.log)
    d.press(Intent.PASS, Context.AUCTION)
    assert len(table.ctl.state.log) == moves, "P alone does not pass"
    assert table.typed == "pass" and table.panel.title().startswith("Pass? Press Enter")
    d.press(Intent.CONFIRM, Context.AUCTION)
    assert len(table.ctl.state.log) > moves, "Enter passes"
    assert table.ctl.state.log[moves] == A.PASS


def test_naming_trump_shows_each_choice_with_its_key(tmp_path):
    """The trump buttons named no key (every other choice at the table does): 'Spades (S)'."""
    from spades_desktop.ui.core.intents import TRUMP_OF
    from spades_desktop.ui.core.keymap import label_of

    d = Driver(str(tmp_path), rules="auction", seed=4)
    table = d.table
    assert table is not None
    assert d.play_until(lambda t: t.ctl.state.phase is Phase.BIDDING and t.ctl.human_turn() and t.accepting_input())
    d.click_button("bid_13")  # win the auction
    assert d.play_until(lambda t: t.ctl.state.phase is Phase.TRUMP and t.accepting_input())
    labels = {b.name: b.label for b in table.panel.buttons}
    for intent, suit in TRUMP_OF.items():
        name = ("clubs", "diamonds", "hearts", "spades")[suit]
        assert labels[f"trump_{name}"] == f"{name.capitalize()} ({label_of(intent, Context.TRUMP)})"
    assert labels["no_trump"] == f"No trump ({label_of(Intent.NO_TRUMP, Context.TRUMP)})"
    d.press(Intent.TRUMP_SPADES, Context.TRUMP)
    assert table.ctl.state.phase is not Phase.TRUMP and table.ctl.state.trump == 3, "S names spades"
