"""The pictures the app keeps for every screen: the card images per size and style, and the title
screens' backdrop (drawn once per window size).

Kept out of ``ui/app.py`` so the app only runs the window; a screen asks the app, which asks here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ..resources import asset_path
from .core.theme import title_gradient

if TYPE_CHECKING:
    from ..session.files import Settings
    from .cards.cardart import CardArt

#: card sizes kept at once (switching back and forth does not draw the deck again)
KEPT_SIZES = 6


class Pictures:
    def __init__(self) -> None:
        self._arts: dict[tuple[int, bool, str, str], CardArt] = {}
        self._title_bg: pygame.Surface | None = None

    def card_art(self, width: int, settings: Settings) -> CardArt:
        """The card images for one card width in the chosen deck style, colours and back (kept for
        a few sizes, so switching back and forth does not draw the deck again)."""
        from .cards.cardart import CardArt

        key = (width, settings.four_colour, settings.card_back, settings.deck_style)
        art = self._arts.get(key)
        if art is None:
            if len(self._arts) > KEPT_SIZES:
                self.forget_card_art()
            art = self._arts[key] = CardArt(width, settings.four_colour, settings.card_back, settings.deck_style,
                                            asset_path("cards/classic"))
        return art

    def forget_card_art(self) -> None:
        for art in self._arts.values():
            art.close()
        self._arts.clear()

    def title_background(self, screen: pygame.Surface) -> pygame.Surface:
        """The title screens' gradient at the window's size (drawn again after a resize)."""
        if self._title_bg is None or self._title_bg.get_size() != screen.get_size():
            w, h = screen.get_size()
            surf = pygame.Surface((w, h))
            for y in range(0, h, 4):
                pygame.draw.rect(surf, title_gradient(y / h), (0, y, w, 4))
            self._title_bg = surf.convert()
        return self._title_bg

    def resized(self) -> None:
        self._title_bg = None
