"""The toast: a short sentence drawn over every scene for a few seconds, where it hides no text.

The app holds one (``App.flash`` says something in it); its frame counts the toast's time down and
draws it last, clear of the texts the scenes drew that frame (``TextLog``).
"""

from __future__ import annotations

import pygame

from .fonts import Fonts
from .text_log import DrawnText
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

    def draw(self, surface: pygame.Surface, fonts: Fonts, drawn: list[DrawnText]) -> None:
        """Over everything: at the top, or where it covers none of the texts the scenes drew this
        frame and left in view (``drawn``; a screen's title is at the top; the bottom and the middle
        are tried next); at a larger text size, shrunk back toward 100% where that finds it such a
        place; on a screen full of text, where the largest text it covers is the smallest (never the
        title where it can help it), and of those where it covers the least."""
        if not self.text:
            return
        w, h = surface.get_size()
        width = int(w * 0.7)
        margin = int(h * 0.012)
        places = [{"midtop": (w // 2, margin)}, {"midbottom": (w // 2, h - margin)}, {"center": (w // 2, h // 2)},
                  {"midtop": (w // 2, h // 4)}, {"midbottom": (w // 2, h * 3 // 4)}]
        def covered(box: pygame.Rect, place: dict[str, tuple[int, int]]) -> tuple[int, int]:
            """The largest text the toast there would lie on (0: none), and how much text it covers."""
            rect = box.copy()
            setattr(rect, *next(iter(place.items())))
            over = [(text.px, part.w * part.h) for text in drawn for part in (rect.clip(text.rect),) if part.w]
            return max((px for px, _ in over), default=0), sum(area for _, area in over)

        for scale in fonts.scales_down():
            font = fonts.at(scale).get(BODY, bold=True)
            box = wrapped_panel_rect(font, self.text, width)
            if any(covered(box, place) == (0, 0) for place in places):
                break
        else:
            font = fonts.get(BODY, bold=True)
            box = wrapped_panel_rect(font, self.text, width)
        place = min(places, key=lambda place: covered(box, place))  # the first that covers nothing, if any
        self.rect = draw_wrapped_panel(surface, font, self.text, width, CREAM, **place)
