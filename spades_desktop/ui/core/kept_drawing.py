"""A part of a screen drawn once and shown again from a copy until what it shows changes.

The game review page draws itself whole each time judgements come in; most of it (the costliest
decisions with their cards, the chart) changes far less often than that.  A part is drawn on the
page's fixed background, so a copy of the window where it lies is its whole picture, to be put back
while its key (what it shows) stays the same.  Its texts are noted again each time it is shown, as
if drawn (the text-layout walk and the toast read them), and what its drawing worked out for the
screen to keep (the rectangles a click finds) comes back with it.

A screen with several kept parts whose keys change in the same frame may draw one and show the
others as they were (``is_fresh``, ``show_stale``) until a later frame, so no frame pays for all of
them at once.
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
        self._area: pygame.Rect | None = None  # where the kept picture was taken

    def is_fresh(self, area: pygame.Rect, key: Hashable) -> bool:
        """Whether ``show`` would put the kept picture back rather than draw."""
        return self._kept is not None and key == self._key and self._area == area

    def show_stale(self, surface: pygame.Surface, area: pygame.Rect) -> T | None:
        """Put back the picture kept of ``area``, whatever its key (what it showed a moment ago), and
        return what its drawing found; None, drawing nothing, if none was kept of this area."""
        if self._kept is None or self._area != area:
            return None
        picture, texts, found = self._kept
        surface.blit(picture, area.clip(surface.get_rect()))
        log = current_log()
        if log is not None:
            log.extend(texts)
        return found

    def show(self, surface: pygame.Surface, area: pygame.Rect, key: Hashable, draw: Callable[[], T]) -> T:
        """Put the kept picture of ``area`` back if ``key`` is the one it was drawn for; else call
        ``draw`` (which draws inside ``area`` only, on nothing but a background that never changes)
        and keep a copy.  Returns what ``draw`` returned (then or now)."""
        area = area.clip(surface.get_rect())
        log = current_log()
        whole = surface.get_clip().contains(area)  # (a clipped drawing leaves old pixels in the copy)
        if whole and self._kept is not None and self.is_fresh(area, key):
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
            self._area = area
        return found

    def forget(self) -> None:
        self._key, self._kept, self._area = None, None, None


class KeptParts:
    """The kept parts of one screen, drawn at most one a frame: a part whose key changed in a frame
    that drew another (or outside the frame's damage) shows what it showed a moment ago and waits;
    the screen asks for its area to be drawn in the next frame (``take_waiting``)."""

    def __init__(self) -> None:
        self._waiting: list[pygame.Rect] = []
        self._drew = False

    @property
    def waiting(self) -> bool:
        return bool(self._waiting)

    def frame_starts(self) -> None:
        self._drew = False

    def take_waiting(self) -> list[pygame.Rect]:
        """The areas of the parts that waited, to be drawn now (and forgotten here)."""
        waiting, self._waiting = self._waiting, []
        return waiting

    def show(self, surface: pygame.Surface, kept: KeptDrawing[T], area: pygame.Rect, key: Hashable,
             draw: Callable[[], T], nothing: T) -> T:
        """``kept.show`` if this frame has not drawn a part yet; else the part as it was (``nothing``
        if it was never drawn), its area noted to wait."""
        area = area.clip(surface.get_rect())
        if not kept.is_fresh(area, key):
            if self._drew or not surface.get_clip().contains(area):
                self._waiting.append(area)
            else:
                self._drew = True
                return kept.show(surface, area, key, draw)
        shown = kept.show_stale(surface, area)
        return nothing if shown is None else shown
