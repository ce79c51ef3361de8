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
    """The theme's face at the type-scale size ``px``.  If the weight's file cannot be read, the
    other weight's stands in (made bold or not by pygame); if neither can, the face of that name
    among the system's fonts (the frozen app's smoke test fails then: see ``typeface_missing``)."""
    size = max(1, round(px * TYPEFACE_SCALE))
    for name in (TYPEFACE.file(bold), TYPEFACE.file(not bold)):
        font = _load(name, size, embolden=bold and name != TYPEFACE.bold)  # the bold file is bold already
        if font is not None:
            return font
    return pygame.font.SysFont(TYPEFACE.family, px, bold=bold)  # the type scale's own sizes


def _load(name: str, size: int, embolden: bool = False) -> pygame.font.Font | None:
    """One of the theme's face files at ``size`` (made bold by pygame if ``embolden``), or None if it
    cannot be read (logged once)."""
    if name in _missing:
        return None
    try:
        font = pygame.font.Font(str(asset_path(name)), size)
    except (OSError, pygame.error) as exc:
        _missing.add(name)
        log.error("the typeface %s could not be loaded: %s", name, exc)
        return None
    if embolden:
        font.set_bold(True)  # (before the line size: setting the style resets it)
    # Inter's line (ascent + descent) can be a pixel shorter than a rendered line: every
    # layout steps lines by the line size, so it is made to hold the tallest line
    font.set_linesize(max(font.get_linesize(), font.get_height() + 1))
    return font


def typeface_missing() -> list[str]:
    """The faces that could not be loaded so far (the smoke test's check)."""
    return [name for name in TYPEFACE.files if name in _missing or not asset_path(name).is_file()]
