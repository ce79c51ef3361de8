"""A part of a screen drawn once and shown again from a copy until what it shows changes.

The game review page draws itself whole each time judgements come in; most of it (the costliest
decisions with their cards, the chart) changes far less often than that.  A part is drawn on the
page's fixed background, so a copy of the window where it lies is its whole picture, to be put back
while its key (what it shows) stays the same.  Its texts are noted again each time it is shown, as
if drawn (the text-layout walk and the toast read them), and what its drawing worked out for the
screen to keep (the rectangles a click finds) comes back with it.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

import pygame

from .text_log import TextLog, current_log, recording

T = TypeVar("T")


class KeptDrawing(Generic[T]):
    def __init__(self) -> None:
        self._key: Hashable = None
        self._kept: tuple[pygame.Surface, TextLog, T] | None = None

    def show(self, surface: pygame.Surface, area: pygame.Rect, key: Hashable, draw: Callable[[], T]) -> T:
        """Put the kept picture of ``area`` back if ``key`` is the one it was drawn for; else call
        ``draw`` (which draws inside ``area`` only, on nothing but a background that never changes)
        and keep a copy.  Returns what ``draw`` returned (then or now)."""
        area = area.clip(surface.get_rect())
        log = current_log()
        whole = surface.get_clip().contains(area)  # (a clipped drawing leaves old pixels in the copy)
        if whole and self._kept is not None and key == self._key:
            picture, texts, found = self._kept
            surface.blit(picture, area)
            if log is not None:
                log.extend(texts)
            return found
        texts = TextLog()
        with recording(texts):
            found = draw()
        if log is not None:
            log.extend(texts)
        if whole and area.w and area.h:
            self._key, self._kept = key, (surface.subsurface(area).copy(), texts, found)
        return found

    def forget(self) -> None:
        self._key, self._kept = None, None
