"""A thing on the table that draws itself once and is shown from its picture until it changes.

Each widget says what its pixels depend on as a small frozen record, its *inputs* (the words on a
plate, whose turn it is, the cards of a hand), built from what the table shows.  The table asks
every widget for its inputs when something may have changed; a widget whose inputs are the same
keeps its picture, and one whose inputs changed draws a new picture and names the window areas
to update: where its old picture was and where its new one goes.  A frame then redraws and
presents only those areas, composed from the pictures (``painter.TablePainter``).

A widget draws as the old one-piece painter drew, in window coordinates, onto a clear window-sized
scratch surface shared by all widgets; the area it reports is cut out as its picture and the
scratch cleared there.  The texts and panels it draws are noted in the picture's own text log, which
the frame's log takes in every time the picture is shown.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, ClassVar, Generic, TypeVar

import pygame

from ...core.text_log import TextLog, recording
from ...core.theme import CLEAR

if TYPE_CHECKING:
    from ..scene import TableScene


I = TypeVar("I")  # noqa: E741  (a widget's inputs: a frozen record, compared with ==)


Box = tuple[int, int, int, int]  # a rectangle as plain numbers (a Rect compares, but cannot be hashed)


def box(rect: pygame.Rect) -> Box:
    return (rect.x, rect.y, rect.w, rect.h)


@dataclass(frozen=True, eq=False)
class Picture:
    """What a widget drew: the image, where it goes, and the texts and panels drawn on it."""

    image: pygame.Surface
    rect: pygame.Rect
    log: TextLog = field(default_factory=TextLog)
    blend: int = 0  # the blit's special flags (a premultiplied picture blends as one)


class Scratch:
    """A clear surface the size of the window that widgets draw on in window coordinates.

    One surface per window size serves every table of the app's life (``_SHARED``): it is clear
    between two paints, and making a new one (8 MB at 1920x1080, filled) cost a new game's first
    frame 6 ms."""

    _SHARED: dict[tuple[int, int], pygame.Surface] = {}

    def __init__(self) -> None:
        self.surface: pygame.Surface | None = None

    def forget(self) -> None:
        self.surface = None

    def _clear_surface(self) -> pygame.Surface:
        window = pygame.display.get_surface()
        size = window.get_size() if window is not None else (1, 1)
        if self.surface is None or self.surface.get_size() != size:
            shared = Scratch._SHARED.get(size)
            if shared is None:
                Scratch._SHARED.clear()  # (the window's old size: not wanted again soon)
                shared = Scratch._SHARED[size] = pygame.Surface(size, pygame.SRCALPHA)
            self.surface = shared
        return self.surface

    def paint(self, draw: Callable[[pygame.Surface], pygame.Rect | None]) -> Picture | None:
        """The picture of what ``draw`` draws, cut out of the area it says it covered (None: nothing)."""
        surface = self._clear_surface()
        log = TextLog()
        with recording(log):
            try:
                area = draw(surface)
            except BaseException:
                surface.fill(CLEAR)  # (shared: the next paint starts on a clear surface)
                raise
        if area is None:
            return None
        area = area.clip(surface.get_rect())
        if not area.w or not area.h:
            return None
        image = surface.subsurface(area).copy()
        surface.fill(CLEAR, area)
        return Picture(image, area, log)

    def leftover(self) -> int:
        """Pixels a widget drew outside the area it named (they would show in another's picture)."""
        if self.surface is None:
            return 0
        return pygame.mask.from_surface(self.surface, 0).count()


class TableWidget(Generic[I]):
    """One thing on the table (subclasses: ``inputs`` and ``paint``, or ``picture_of``)."""

    #: its new picture may wait a frame when a frame has spent its drawing time: words (a plate, the
    #: scoreboard), not a card (a card landing in a hand would vanish for a frame), nor what a click
    #: or another widget's place is worked out from
    may_wait: ClassVar[bool] = False

    def __init__(self, table: TableScene, scratch: Scratch) -> None:
        self.table = table
        self.scratch = scratch
        self.picture: Picture | None = None
        self._inputs: object = _UNSET
        self.renders = 0  # how many pictures it has drawn (tests: a picture only when the inputs change)
        self.pending = False  # its inputs changed in a frame that had no time left to draw it
        self.waited = 0  # frames it has waited so (``pending``)
        # ``picture_of`` drew onto the picture shown instead of a new one: the window areas it drew on
        # (a card dealt onto a hand changes that card's place, not the whole hand's)
        self.touched: list[pygame.Rect] | None = None

    def inputs(self) -> I | None:
        """What the picture depends on, or None when the widget shows nothing now."""
        raise NotImplementedError

    def remembered(self, key: tuple[object, ...], work: Callable[[], I | None]) -> I | None:
        """``work()``'s inputs, worked out again only when ``key`` changes (a cheap record of what they
        come from: the table summary, which is itself kept until what it says changes)."""
        if self._remembered is None or self._remembered[0] != key:
            self._remembered = (key, work())
        return self._remembered[1]

    _remembered: tuple[tuple[object, ...], I | None] | None = None

    def paint(self, surface: pygame.Surface, inputs: I) -> pygame.Rect | None:
        """Draw onto the clear window-sized ``surface``; return the area drawn (None: nothing)."""
        raise NotImplementedError

    def picture_of(self, inputs: I) -> Picture | None:
        return self.scratch.paint(lambda surface: self.paint(surface, inputs))

    @property
    def rect(self) -> pygame.Rect | None:
        """Where the picture shown now lies (None: nothing shown)."""
        return None if self.picture is None else self.picture.rect

    def refresh(self, defer: bool = False) -> list[pygame.Rect]:
        """Take the inputs now; with new ones draw a new picture.  Returns the window areas that change.
        ``defer``: the frame has spent its drawing time; new inputs leave the picture as it is until
        a later refresh (``pending`` says so)."""
        inputs = self.inputs()
        if inputs == self._inputs:
            self.pending = False
            self.waited = 0
            return []
        if defer:
            self.pending = True
            self.waited += 1
            return []
        self.pending = False
        self.waited = 0
        old = self.picture
        self._inputs = inputs
        self.touched = None
        self.picture = None if inputs is None else self.picture_of(inputs)
        self.renders += 1
        if old is not None and self.picture is old and self.touched is not None:
            return list(self.touched)  # drawn onto in place: only where it was drawn on changes
        return [picture.rect for picture in (old, self.picture) if picture is not None]

    def forget(self) -> None:
        """The window, the type or the card size changed: the next refresh draws afresh."""
        self._inputs = _UNSET
        self._remembered = None
        self.picture = None

    def note_texts(self, log: TextLog) -> None:
        """The texts of the picture shown join ``log`` (the frame's), drawn or not this time."""
        if self.picture is not None:
            log.extend(self.picture.log)

    def draw(self, surface: pygame.Surface, clip: pygame.Rect, log: TextLog | None) -> None:
        """Show the picture (where it meets ``clip``); its texts join the frame's ``log`` either way
        (None: another area of a frame whose log has them)."""
        picture = self.picture
        if picture is None:
            return
        if picture.rect.colliderect(clip):
            surface.blit(picture.image, picture.rect, special_flags=picture.blend)
        if log is not None:
            log.extend(picture.log)


class _Unset:
    """Inputs no widget ever has: the first refresh always draws."""

    def __eq__(self, other: object) -> bool:
        return False

    def __hash__(self) -> int:
        return 0


_UNSET = _Unset()
