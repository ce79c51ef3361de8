"""The four suit symbols, from the game's own SVG art (assets/suits), at any size and colour.

pygame's shapes have no anti-aliasing, so a heart drawn from circles and a triangle came out
jagged in the trump badge; the SVGs are rasterised smooth at the size asked for, tinted, and kept.
"""

from __future__ import annotations

import logging

import pygame

from ...resources import asset_path

log = logging.getLogger(__name__)

#: each suit's picture, by the engine's suit number
SUIT_FILES = {0: "suits/club.svg", 1: "suits/diamond.svg", 2: "suits/heart.svg", 3: "suits/spade.svg"}

_glyphs: dict[tuple[int, int, tuple[int, int, int], bool], pygame.Surface] = {}
_CACHE_LIMIT = 512  # sizes and colours met in a session: a few dozen; a resize walk a few hundred
_missing: set[str] = set()


def suit_glyph(suit: int, size: float, colour: tuple[int, int, int], flip: bool = False) -> pygame.Surface:
    """The suit symbol ``size`` pixels tall in ``colour`` (upside down with ``flip``)."""
    px = max(2, round(size))
    key = (suit, px, colour, flip)
    glyph = _glyphs.get(key)
    if glyph is None:
        if len(_glyphs) >= _CACHE_LIMIT:
            _glyphs.clear()
        glyph = _glyphs[key] = _rasterise(SUIT_FILES[suit], px, colour, flip)
    return glyph


def _rasterise(name: str, px: int, colour: tuple[int, int, int], flip: bool) -> pygame.Surface:
    try:
        image = pygame.image.load_sized_svg(str(asset_path(name)), (px, px))
    except (OSError, pygame.error) as exc:
        if name not in _missing:
            _missing.add(name)
            log.error("the suit symbol %s could not be loaded: %s", name, exc)
        return pygame.Surface((px, px), pygame.SRCALPHA)  # nothing drawn; the smoke test says why
    glyph = pygame.Surface(image.get_size(), pygame.SRCALPHA)
    glyph.blit(image, (0, 0))
    glyph.fill((*colour, 255), special_flags=pygame.BLEND_RGBA_MULT)  # the white art takes the colour
    return pygame.transform.flip(glyph, False, True) if flip else glyph


def suits_missing() -> list[str]:
    """The suit pictures that could not be loaded (the frozen app's smoke test checks it)."""
    return [name for name in SUIT_FILES.values() if name in _missing or not asset_path(name).is_file()]
