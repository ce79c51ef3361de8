"""The classic deck's SVG faces (assets/cards/classic) are complete and drawable by pygame-ce.

pygame-ce's SVG loader ignores <use>/<symbol>/<pattern> and text without a word: a face that
still used them would load fine and show an empty frame where the court figure belongs.  So the
files are checked as XML first (no pygame needed), then drawn and looked at.
"""

from __future__ import annotations

import os
import tomllib
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from spades_desktop.engine.cards import STANDARD_CARDS, card_id

CLASSIC = Path(__file__).resolve().parent.parent / "assets" / "cards" / "classic"
CARD_IDS = [card_id(card) for card in range(STANDARD_CARDS)] + ["BJ", "LJ"]  # slots 52-53 reuse 2S, 2D
COURTS = [rank + suit for rank in "JQK" for suit in "CDHS"]
# Elements the loader would silently skip (the first three are what the source art is built from).
UNDRAWN = {"use", "symbol", "pattern", "text", "image", "clipPath", "mask", "linearGradient", "radialGradient"}
# The source's palette: gold, blue, red and black must each cover part of every court card.
COURT_PALETTE = {"gold": (255, 204, 68), "blue": (68, 68, 255), "red": (255, 0, 0), "black": (0, 0, 0)}
SIZE = (160, 224)


def local_name(tag: str) -> str:
    return tag.rsplit("}", 1)[-1]


def test_the_classic_deck_has_one_file_per_card_and_joker_and_nothing_else():
    assert sorted(path.stem for path in CLASSIC.glob("*.svg")) == sorted(CARD_IDS)
    assert len(CARD_IDS) == 54


@pytest.mark.parametrize("card", CARD_IDS)
def test_each_face_is_well_formed_svg_without_parts_the_loader_skips(card):
    root = ET.parse(CLASSIC / f"{card}.svg").getroot()
    assert local_name(root.tag) == "svg"
    assert root.get("viewBox") == "-120 -168 240 336"
    names = {local_name(element.tag) for element in root.iter()}
    assert not names & UNDRAWN, f"{card}: {names & UNDRAWN}"
    for element in root.iter():
        for key, value in element.attrib.items():
            assert "href" not in key and "url(#" not in value, f"{card}: {key}={value}"


@pytest.fixture(scope="module")
def pygame():
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    return pygame


def draw(pygame, card: str):
    surface = pygame.image.load_sized_svg(str(CLASSIC / f"{card}.svg"), SIZE)
    assert surface.get_size() == SIZE
    return surface


def share_of(pygame, surface, colour: tuple[int, int, int], tolerance: int = 40) -> float:
    mask = pygame.mask.from_threshold(surface, (*colour, 255), (tolerance, tolerance, tolerance, 255))
    return mask.count() / (SIZE[0] * SIZE[1])


def test_every_face_draws_a_card_with_rounded_corners_and_ink_on_it(pygame):
    for card in CARD_IDS:
        surface = draw(pygame, card)
        assert surface.get_at((0, 0)).a == 0, f"{card}: the corner outside the rounded card is not clear"
        assert surface.get_at((SIZE[0] // 2, 3)).a == 255, f"{card}: the card does not fill its size"
        opaque = pygame.mask.from_surface(surface, 254).count() / (SIZE[0] * SIZE[1])
        ink = opaque - share_of(pygame, surface, (255, 255, 255), 60)
        assert opaque > 0.97 and ink > 0.02, f"{card}: opaque {opaque:.3f}, ink {ink:.3f}"


def test_court_cards_show_their_figures_in_full_colour(pygame):
    for card in COURTS:
        surface = draw(pygame, card)
        data = pygame.image.tobytes(surface, "RGB")
        colours = {data[i:i + 3] for i in range(0, len(data), 3)}
        assert len(colours) > 1000, f"{card}: only {len(colours)} colours"
        for name, colour in COURT_PALETTE.items():
            assert share_of(pygame, surface, colour) > 0.01, f"{card}: hardly any {name}"


def test_the_ace_of_spades_is_a_solid_spade_without_the_sources_qr_code(pygame):
    surface = draw(pygame, "AS")
    # Where the source prints its QR code (x -16..16, y -34..0 card units): all black now.
    scale = SIZE[0] / 240
    left, right = round((120 - 16) * scale), round((120 + 16) * scale)
    top, bottom = round((168 - 34) * scale), round(168 * scale)
    light = [(x, y) for x in range(left, right) for y in range(top, bottom) if max(surface.get_at((x, y))[:3]) > 80]
    assert not light, f"light pixels inside the spade, e.g. {light[:3]}"
    assert share_of(pygame, surface, (0, 0, 0)) > 0.12


def test_the_package_data_globs_carry_every_face_into_the_installed_package():
    pyproject = tomllib.loads((CLASSIC.parent.parent.parent / "pyproject.toml").read_text())
    globs = pyproject["tool"]["setuptools"]["package-data"]["spades_desktop.assets"]
    assets = CLASSIC.parent.parent
    carried = {path for pattern in globs for path in assets.glob(pattern)}
    assert set(CLASSIC.glob("*.svg")) <= carried


def test_the_ace_of_spades_has_no_stray_line_at_any_table_size():
    """At some widths (184, 185, 205 px) the loader drew the dashed border's start as a black line
    right across the ace; nothing dark may lie between the oval frame and the card's edge."""
    import io

    import pygame

    from spades_desktop.resources import asset_path

    pygame.init()
    text = asset_path("cards/classic/AS.svg").read_bytes()
    for w in (*range(60, 330, 9), 168, 184, 185, 186, 205, 206):
        h = int(w * 1.4)
        image = pygame.image.load_sized_svg(io.BytesIO(text), (w, h))
        rx, ry = 98 / 240 * w * 1.12, 128 / 336 * h * 1.12  # the oval frame, and a little room round it
        dark = sum(1 for x in range(2, w - 2) for y in range(2, h - 2, 2)
                   if ((x - w / 2) / rx) ** 2 + ((y - h / 2) / ry) ** 2 > 1
                   and not (x < 0.16 * w and y < 0.22 * h) and not (x > 0.84 * w and y > 0.78 * h)  # the indices
                   and image.get_at((x, y))[3] > 200 and image.get_at((x, y))[0] < 90)
        assert dark <= w / 8, f"a stray line across the ace of spades at {w} px wide ({dark} dark pixels)"
