"""A part of a screen drawn once and shown again from its picture until what it shows changes.

The game review page shows judgements as they come in; its parts (the seats' figures with the
chart, the costliest decisions with their cards) change far less often than the page is drawn.  A
part's picture is kept with its key (what it shows) and put back each time the page is drawn; its
texts are noted again each time, as if drawn (the text-layout walk and the toast read them), and
what its drawing worked out for the screen to keep (the rectangles a click finds) comes back with it.

A part costs more than a frame can spare, so its next picture is drawn a step at a time on a surface
of its own while the window shows the one before (``KeptInSteps``), and no frame pays for all of it.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

import pygame

from .stepwise import Steps, Stepwise
from .text_log import TextLog, current_log, recording

T = TypeVar("T")


class KeptDrawing(Generic[T]):
    def __init__(self) -> None:
        self._key: Hashable = None
        self._kept: tuple[pygame.Surface, TextLog, T] | None = None
        self._area: pygame.Rect | None = None  # where the kept picture was taken

    @property
    def key(self) -> Hashable:
        """The key of the picture kept (None before one is)."""
        return self._key

    def is_fresh(self, area: pygame.Rect, key: Hashable) -> bool:
        """Whether the picture kept of ``area`` is the one for ``key``."""
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

    def forget(self) -> None:
        self._key, self._kept, self._area = None, None, None


class KeptInSteps(KeptDrawing[T]):
    """A kept part whose next picture is drawn a part at a time on a surface of its own, over a few
    frames, while the window shows the picture before; once whole it is kept, to be shown by
    ``show_stale`` (or ``show``) like any kept picture.  The part's drawing is a generator
    (``stepwise``) that draws in the coordinates of its own surface."""

    def __init__(self) -> None:
        super().__init__()
        # the next picture under way: its key, its area, its surface, the texts drawn on it, the work
        self._next: tuple[Hashable, pygame.Rect, pygame.Surface, TextLog, Stepwise[T]] | None = None

    @property
    def under_way(self) -> bool:
        return self._next is not None

    def advance(self, like: pygame.Surface, area: pygame.Rect, key: Hashable,
                background: Callable[[pygame.Surface], None], steps: Callable[[pygame.Surface], Steps[T]],
                seconds: float) -> bool:
        """Draw the picture for ``key`` in ``area`` for about ``seconds`` (at least a part): a surface
        of ``area``'s size (in ``like``'s pixel format) gets ``background`` (what lies under the part
        in the window), then ``steps``.  True in the call that finishes it; False while under way or
        when the picture kept is already ``key``'s.  A new key or area starts again."""
        area = area.clip(like.get_rect())
        if self.is_fresh(area, key) or not area.w or not area.h:
            self._next = None
            return False
        if self._next is None or self._next[0] != key or self._next[1] != area:
            picture = pygame.Surface(area.size, 0, like)
            with recording(TextLog()):  # (what lies under the part is noted where the window draws it)
                background(picture)
            self._next = (key, area, picture, TextLog(), Stepwise(steps(picture)))
        key, area, picture, texts, work = self._next
        with recording(texts):
            done = work.advance(seconds)
        if not done:
            return False
        self._next = None
        self._key, self._area = key, area
        self._kept = (picture, texts.moved(area.x, area.y), work.finish())
        return True

    def forget(self) -> None:
        super().forget()
        self._next = None
