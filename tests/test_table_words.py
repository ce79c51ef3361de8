"""What the table says through the real app: the cards a nil exchange brought the person."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

from spades_desktop.engine.seats import Seat
from spades_desktop.ui.screens.summaries import HandSummaryScene
from spades_desktop.ui.text.messages import sentence
from spades_desktop.ui.text.variants import cards_words
from tests.test_ui_variants import _exchange_seed

S = Seat.S


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


def test_cards_in_words_say_each_card_once_high_to_low():
    from spades_desktop.engine.cards import mask_from_ids

    assert cards_words(mask_from_ids(["9C", "QH"])) == "the queen of hearts (QH) and the 9 of clubs (9C)"
    assert cards_words(mask_from_ids(["2S", "9C", "QH"])) == \
        "the 2 of spades (2S), the queen of hearts (QH) and the 9 of clubs (9C)"
