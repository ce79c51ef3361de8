"""The game's typeface, loaded once per size: every text on every screen and the large-index
cards' indices are drawn in it (the face and its scale are the theme's)."""

from __future__ import annotations

import logging

import pygame

from ...resources import asset_path
from .theme import TYPEFACE, TYPEFACE_SCALE

log = logging.getLogger(__name__)

_missing: set[str] = set()  # faces that could not be loaded (said once in the log)


def typeface(px: int, bold: bool = False) -> pygame.font.Font:
    """The theme's face at the type-scale size ``px``; pygame's own face if the file is missing
    (the frozen app's smoke test fails then: see ``typeface_missing``)."""
    size = max(1, round(px * TYPEFACE_SCALE))
    name = TYPEFACE.file(bold)
    if name not in _missing:
        try:
            font = pygame.font.Font(str(asset_path(name)), size)
        except (OSError, pygame.error) as exc:
            _missing.add(name)
            log.error("the typeface %s could not be loaded: %s", name, exc)
        else:
            # Inter's line (ascent + descent) can be a pixel shorter than a rendered line: every
            # layout steps lines by the line size, so it is made to hold the tallest line
            font.set_linesize(max(font.get_linesize(), font.get_height() + 1))
            return font
    font = pygame.font.Font(None, px)  # the fallback face keeps the type scale's own sizes
    font.set_bold(bold)
    return font


def typeface_missing() -> list[str]:
    """The faces that could not be loaded so far (the smoke test's check)."""
    return [name for name in TYPEFACE.files if name in _missing or not asset_path(name).is_file()]
