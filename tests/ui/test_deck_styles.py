"""Deck styles: the classic public-domain deck drawn from its SVG in the background, the large-index
deck, four colours with either, the card backs, and the setting applying at once."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame
import pytest

from spades_desktop.engine.cards import parse_card as card_from_id
from spades_desktop.resources import asset_path
from spades_desktop.ui import pictures as pictures_module
from spades_desktop.ui.app import App, Options
from spades_desktop.ui.cards.cardart import BACK_DESIGNS, CardArt
from spades_desktop.ui.cards.classic_deck import FOUR_COLOUR_DIAMONDS
from tests.ui_driver import Driver


@pytest.fixture(scope="module", autouse=True)
def _display():
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((64, 64))
    yield


def _colours(surface: pygame.Surface) -> set[tuple[int, int, int]]:
    w, h = surface.get_size()
    return {tuple(surface.get_at((x, y)))[:3] for x in range(0, w, 2) for y in range(0, h, 2)}


def _near(colours, target, tolerance=40) -> bool:
    return any(all(abs(a - b) <= tolerance for a, b in zip(c, target, strict=True)) for c in colours)


def test_the_classic_deck_draws_every_face_in_the_background():
    art = CardArt(100, style="classic", classic_folder=asset_path("cards/classic"))
    assert art.classic is not None and art.classic.wait(30.0), art.classic.failed
    king = art.face(card_from_id("KS"))
    assert king.get_size() == art.size
    plain = CardArt(100, style="large_index").face(card_from_id("KS"))
    assert len(_colours(king)) > 3 * len(_colours(plain)), "the king should be a figure, not a letter"
    art.close()


def test_a_face_not_drawn_yet_is_shown_in_the_large_index_style_at_once():
    art = CardArt(80, style="classic", classic_folder=asset_path("cards/classic"))
    art.classic.stop()
    art.classic.faces.clear()
    fallback = CardArt(80, style="large_index").face(5)
    assert art.face(5).get_size() == fallback.get_size()
    assert pygame.image.tobytes(art.face(5), "RGBA") == pygame.image.tobytes(fallback, "RGBA")


@pytest.mark.slow
def test_four_colours_with_the_classic_deck_turn_diamonds_blue():
    folder = asset_path("cards/classic")
    four = CardArt(120, four_colour=True, style="classic", classic_folder=folder)
    two = CardArt(120, four_colour=False, style="classic", classic_folder=folder)
    assert four.classic.wait(30.0) and two.classic.wait(30.0)
    blue = tuple(int(FOUR_COLOUR_DIAMONDS[i:i + 2], 16) for i in (1, 3, 5))
    assert _near(_colours(four.face(card_from_id("7D"))), blue)
    assert not _near(_colours(two.face(card_from_id("7D"))), blue)
    four.close()
    two.close()


def test_the_card_backs_are_three_different_designs():
    backs = {name: pygame.image.tobytes(CardArt(90, back=name).back(), "RGBA") for name in ("blue", "red", "green")}
    assert len(set(BACK_DESIGNS[name] for name in backs)) == 3
    assert len(set(backs.values())) == 3


def test_the_deck_style_setting_applies_at_once(tmp_path):
    d = Driver(str(tmp_path), rules="standard", seed=3)
    assert d.wait_for_person() == "act"
    assert d.table.art.style == "classic"
    d.app.update_settings(deck_style="large_index")
    d.app.apply_display()
    d.step()
    assert d.table.art.style == "large_index" and d.table.art.classic is None


@pytest.mark.slow
def test_the_smoke_test_fails_when_the_classic_faces_are_missing(tmp_path, monkeypatch):
    os.environ["SPADES_DESKTOP_HOME"] = str(tmp_path)
    monkeypatch.setattr(pictures_module, "asset_path", lambda name: tmp_path / "nowhere" / name)
    assert App(Options(smoke_test=True, size=(960, 540))).run() == 1


@pytest.mark.slow
def test_the_smoke_test_passes_with_the_classic_deck(tmp_path):
    os.environ["SPADES_DESKTOP_HOME"] = str(tmp_path)
    assert App(Options(smoke_test=True, size=(960, 540))).run() == 0


def test_every_card_back_stands_out_on_every_felt():
    """The backs' middles (the pattern, inside the white border) differ clearly from each felt: the
    green back once disappeared on the green felt."""
    import math

    import pygame

    from spades_desktop.storage.settings import BACKS
    from spades_desktop.ui.cards.cardart import CardArt
    from spades_desktop.ui.core.theme import FELT

    pygame.init()
    for back in BACKS:
        image = CardArt(120, back=back).back()
        w, h = image.get_size()
        pixels = [image.get_at((x, y)) for x in range(int(w * 0.15), int(w * 0.85), 2)
                  for y in range(int(h * 0.15), int(h * 0.85), 2)]
        mean = [sum(p[i] for p in pixels) / len(pixels) for i in range(3)]
        for felt, colour in FELT.items():
            assert math.dist(mean, colour) >= 60, f"the {back} back is lost on the {felt} felt"
