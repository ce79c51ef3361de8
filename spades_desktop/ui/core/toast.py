"""The toast: a short sentence drawn over every scene for a few seconds, where it hides no text.

The app holds one (``App.flash`` says something in it); its frame counts the toast's time down and
draws it last, clear of the texts the scenes drew that frame (``TextLog``).
"""

from __future__ import annotations

import pygame

from .fonts import Fonts
from .theme import BODY, CREAM
from .widgets import draw_wrapped_panel, wrapped_panel_rect


class Toast:
    def __init__(self) -> None:
        self.text = ""  # what it says now ("": nothing)
        self.time = 0.0  # seconds left
        self.rect: pygame.Rect | None = None  # where it was last drawn

    def say(self, text: str, seconds: float) -> None:
        self.text, self.time = text, seconds

    def tick(self, dt: float) -> bool:
        """Count ``dt`` down: True when the toast has just gone (the window is drawn again)."""
        if self.time <= 0:
            return False
        self.time -= dt
        if self.time > 0:
            return False
        self.text = ""
        return True

    def draw(self, surface: pygame.Surface, fonts: Fonts, drawn: list[pygame.Rect]) -> None:
        """Over everything: at the top, or where it covers no text the scenes drew this frame
        (``drawn``; a screen's title is at the top; the bottom and the middle are tried next); on a
        screen full of text, where it covers the least (a title is the largest text: the least is
        rarely it)."""
        if not self.text:
            return
        w, h = surface.get_size()
        font = fonts.get(BODY, bold=True)
        width = int(w * 0.7)
        box = wrapped_panel_rect(font, self.text, width)
        margin = int(h * 0.012)
        places = [{"midtop": (w // 2, margin)}, {"midbottom": (w // 2, h - margin)}, {"center": (w // 2, h // 2)},
                  {"midtop": (w // 2, h // 4)}, {"midbottom": (w // 2, h * 3 // 4)}]

        def covered(place: dict[str, tuple[int, int]]) -> int:
            rect = box.copy()
            setattr(rect, *next(iter(place.items())))
            return sum(part.w * part.h for part in (rect.clip(text) for text in drawn))

        place = min(places, key=covered)  # the first of the places that cover nothing, if any does
        self.rect = draw_wrapped_panel(surface, font, self.text, width, CREAM, **place)
