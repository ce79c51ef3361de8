"""The type as every screen draws it: the theme's sizes made fonts for the window's height and the
text size setting (the only place the setting is applied), never under 14 px."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from .typeface import typeface

#: no text smaller than 14 px on screen: the type scale's size 21 gives text about 14 px high (the
#: typeface is scaled to that: see ``theme.TYPEFACE_SCALE``), so this is the smallest size asked for
MIN_FONT_SIZE = 21


class Fonts:
    """Fonts sized to the window height and the text size setting, cached.

    The text size is applied here and nowhere else, so every text scales with it and every panel
    sized from its text follows.  It multiplies the size the window gives, after the 14 px floor:
    a text at the floor grows too (at 1280x720 the smaller sizes all sit on it), and at 100% every
    size is the one it always was."""

    def __init__(self) -> None:
        self._cache: dict[tuple[int, bool], pygame.font.Font] = {}
        self.height = 720
        self.scale = 1.0  # the text size setting: 1.0, 1.25 or 1.5

    def px(self, rel: float, scale: float | None = None) -> int:
        """The type-scale size asked for ``rel`` of the window's height, at ``scale`` (the text
        size's when None), never under ``MIN_FONT_SIZE``."""
        px = max(MIN_FONT_SIZE, int(self.height * rel))
        scale = self.scale if scale is None else scale
        return px if scale == 1 else int(px * scale)

    def scaled(self, size: int) -> int:
        """``size``, pixels at 100% (a button's height, a badge's radius), at the text size: what
        holds a text grows with it."""
        return size if self.scale == 1 else int(size * self.scale)

    def get(self, rel: float, bold: bool = False) -> pygame.font.Font:
        return self.sized(self.px(rel), bold)

    def sized(self, px: int, bold: bool = False) -> pygame.font.Font:
        key = (px, bold)
        font = self._cache.get(key)
        if font is None:
            font = self._cache[key] = typeface(px, bold)
        return font

    def at(self, scale: float) -> Fonts:
        """These fonts at another text size, sharing their cache: a screen laid out whole (How to
        play) tries the text size's and then smaller ones, down to 100%, until it fits."""
        other = Fonts()
        other._cache, other.height, other.scale = self._cache, self.height, scale
        return other

    def scales_down(self) -> list[float]:
        """The text size's scale, then a tenth less at a time, down to 100%'s."""
        steps = round((self.scale - 1) * 10)
        return [self.scale - (self.scale - 1) * i / steps for i in range(steps)] + [1.0] if steps > 0 else [1.0]

    def fitting(self, rel: float, fits: Callable[[pygame.font.Font], bool], bold: bool = False) -> pygame.font.Font:
        """The largest of ``rel``'s fonts from the text size's down to 100%'s for which ``fits``
        holds (100%'s if none does): a larger text size shrinks a text back only where it has no
        room, never below the size it has at 100%."""
        return self.sized(self.fitting_px(rel, fits, bold), bold)

    def fitting_px(self, rel: float, fits: Callable[[pygame.font.Font], bool], bold: bool = False) -> int:
        """The size ``fitting`` finds, for ``sized``."""
        top, least = self.px(rel), self.px(rel, 1.0)
        for px in range(top, least, -1):
            if fits(self.sized(px, bold)):
                return px
        return least
