"""What the table says through the real app: the cards a nil exchange brought the person, and the
two-player draw (the score panel's 'Drawing', the progress, the card on offer by name)."""

from __future__ import annotations

import os

import pygame
import pytest

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"


from spades_desktop.engine.seats import Seat
from spades_desktop.engine.state import Phase
from spades_desktop.ui.core.keymap import Context, Intent
from spades_desktop.ui.screens.summaries import HandSummaryScene
from spades_desktop.ui.text.messages import sentence
from spades_desktop.ui.text.variants import card_words, cards_words
from tests.ui.test_ui_variants import _exchange_seed
from tests.ui_driver import Driver

N, S = Seat.N, Seat.S


@pytest.mark.slow
def test_the_person_is_told_which_cards_the_nil_exchange_brought(tmp_path):
    d = _exchange_seed(tmp_path, person_bids_nil=True)
    table = d.table
    before = set(table.view.hands[S])
    d.exchange()
    said = ""
    for _ in range(600):
        if table.message.startswith("North passed you"):
            said = table.message
            break
        d.step()
    after = set(table.view.hands[S])
    received = sum(1 << c for c in after - before)
    given = sum(1 << c for c in before - after)
    assert received.bit_count() == 2
    assert said == sentence(f"North passed you {cards_words(received)}")  # e.g. 'the queen of hearts (QH) and ...'
    d.step(60)  # a second later it is still there to read
    assert table.message == said
    assert d.play_until(lambda t: isinstance(t.modal, HandSummaryScene))
    assert table.modal.exchanged == [f"North passed you {cards_words(received)}",
                                     f"You passed North {cards_words(given)}"]


@pytest.mark.slow
def test_the_cards_the_nil_exchange_brought_are_marked_in_the_hand_until_the_person_plays(tmp_path):
    """The exchange's cards were named in a message but not marked in the hand: now each carries a
    gold mark (a picture of its own) until the person's first card is played."""
    d = _exchange_seed(tmp_path, person_bids_nil=True)
    table = d.table
    before = set(table.view.hands[S])
    d.exchange()
    d.step(30)
    received = set(table.view.hands[S]) - before
    assert len(received) == 2 and table.view.received == received
    shown = {card.sprite.card: card for card in table.painter.own_hand.shown_cards()}
    assert {card for card, shown_card in shown.items() if shown_card.received} == received
    marked = d.app.screen.copy()
    table.view.received = frozenset()  # the same hand unmarked differs where the marks are
    table.dirty = True
    d.step()
    assert pygame.image.tobytes(d.app.screen, "RGB") != pygame.image.tobytes(marked, "RGB")
    table.view.received = frozenset(received)
    assert d.play_until(lambda t: any(seat == S for seat, _ in t.view.trick))
    assert table.view.received == frozenset(), "gone once the person plays"


def test_cards_in_words_say_each_card_once_high_to_low():
    from spades_desktop.engine.cards import mask_from_ids

    assert cards_words(mask_from_ids(["9C", "QH"])) == "the queen of hearts (QH) and the 9 of clubs (9C)"
    assert cards_words(mask_from_ids(["2S", "9C", "QH"])) == \
        "the 2 of spades (2S), the queen of hearts (QH) and the 9 of clubs (9C)"


class _Said:
    """The texts the table shows in a frame (as the frame's text log has them)."""

    def __init__(self, monkeypatch) -> None:
        self.texts: list[str] = []

    def frame(self, d: Driver) -> list[str]:
        from spades_desktop.ui.core.text_log import TextLog, recording

        log = TextLog()
        with recording(log):
            d.table.draw(d.app.screen)
        self.texts = [drawn.text for drawn in log.texts]
        return self.texts


def test_the_two_player_draw_says_drawing_the_progress_and_the_card(tmp_path, monkeypatch):
    said = _Said(monkeypatch)
    d = Driver(str(tmp_path), rules="two_player", seed=3)
    table = d.table
    kept = discarded = False
    for _ in range(40):
        assert d.wait_for_person() == "act"
        state = table.ctl.state
        if state.phase is not Phase.DRAW:
            d.act_once()
            continue
        held = state.hands[S].bit_count()
        card = state.drawn_card
        texts = said.frame(d)
        assert f"Card {held + 1} of 13" in texts
        assert f"Keep {card_words(card)}, or discard it and take the next card unseen" in texts
        assert "If you keep it, the next card goes to the discards unseen" in texts
        progress = {line.side: line.progress for line in table.summary().sides}
        assert progress["S"] == f"Drawing · card {held + 1} of 13"
        assert progress["N"].startswith("Drawing · ") and "Bidding" not in progress.values()
        assert any(text == f"Drawing · card {held + 1} of 13" for text in texts)  # on the score panel
        # the words are what the engine does: keeping sends the next card out unseen; discarding
        # takes the next card, whatever it is
        following = state.stock[state.draw_pos + 1]
        keep = not kept
        d.press(Intent.KEEP if keep else Intent.DISCARD, Context.DRAW)
        after = table.ctl.state
        if keep:
            kept = True
            assert after.hands[S] >> card & 1 and after.discards >> following & 1
            assert not after.seen[S] >> following & 1
        else:
            discarded = True
            assert after.hands[S] >> following & 1 and after.discards >> card & 1
        if kept and discarded:
            break
    assert kept and discarded


@pytest.mark.parametrize("size", [(960, 540), (1280, 720), (1920, 1080)])
def test_the_hand_summary_with_its_export_line_leaves_north_s_plate_whole(tmp_path, size):
    """After Export the summary grew a line, and its panel cut North's plate in two (the name above
    it, the bid and tricks under it): it starts under the plate where it fits, else hides it whole."""
    d = Driver(str(tmp_path), seed=3, size=size)
    table = d.table
    assert d.play_until(lambda t: isinstance(t.modal, HandSummaryScene))
    summary = table.modal
    # as tall as the playtest's: a nil exchange's two lines and the checker's notes
    summary.exchanged += ["North passed you the 3 of hearts (3H) and the 3 of clubs (3C)",
                          "You passed North the king of spades (KS) and the queen of spades (QS)"] * 2
    d.click_button("export")
    d.step(2)
    assert summary.exported, "the record was exported"
    plate = table.painter.plate_rects[Seat.N]
    panel = summary.panel
    assert panel is not None
    assert not panel.colliderect(plate) or panel.contains(plate), (panel, plate)
