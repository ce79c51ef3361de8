"""Where a frame drew its texts and its panels, kept by whoever asks (the app, a test, a widget).

The toast looks for a place that covers no text; the text-layout walk checks that no two texts
overlap and none is too small.  Both read what the drawing functions note here, in a log the app
owns and hands to ``recording`` while the scenes draw.  A table widget draws onto its cached
picture once, in a log of its own, and adds that log to the frame's each time the picture is shown,
so a text drawn once and shown for minutes is still in every frame's log.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # (the app makes its log before it imports pygame: a quicker first frame)
    import pygame


#: a panel at least this opaque hides the texts under it (a veil of the summaries' 140 does not)
HIDING = 225


@dataclass(frozen=True)
class DrawnText:
    """One text as drawn: its words, where it lies in the window, and its type's height in pixels."""

    text: str
    rect: pygame.Rect
    px: int


@dataclass
class TextLog:
    """The texts and panels drawn while this log was recording."""

    texts: list[DrawnText] = field(default_factory=list)
    #: each panel or veil drawn, with how opaque its fill is (0-255): an opaque one hides what is under it
    covers: list[tuple[pygame.Rect, int]] = field(default_factory=list)
    #: for each cover, how many of the texts were drawn before it (those it may hide)
    cover_marks: list[int] = field(default_factory=list)

    def clear(self) -> None:
        self.texts.clear()
        self.covers.clear()
        self.cover_marks.clear()

    def extend(self, other: TextLog) -> None:
        self.cover_marks.extend(len(self.texts) + mark for mark in other.cover_marks)
        self.texts.extend(other.texts)
        self.covers.extend(other.covers)

    def moved(self, dx: int, dy: int) -> TextLog:
        """The same texts and panels, ``dx`` and ``dy`` pixels away (a picture drawn on its own surface,
        shown at its place in the window)."""
        return TextLog([DrawnText(t.text, t.rect.move(dx, dy), t.px) for t in self.texts],
                       [(rect.move(dx, dy), alpha) for rect, alpha in self.covers], list(self.cover_marks))

    def rects(self) -> list[pygame.Rect]:
        return [drawn.rect for drawn in self.texts]

    def visible(self) -> list[DrawnText]:
        """The texts that nothing drawn after them hides: under How to play's opaque panel the table's
        texts are no text to keep clear of (at a larger text size they left the toast no place)."""
        hiding = [(rect, mark) for (rect, alpha), mark in zip(self.covers, self.cover_marks, strict=True)
                  if alpha >= HIDING]
        return [drawn for i, drawn in enumerate(self.texts)
                if not any(mark > i and rect.contains(drawn.rect) for rect, mark in hiding)]


_RECORDING: ContextVar[TextLog | None] = ContextVar("spades_text_log", default=None)


@contextmanager
def recording(log: TextLog) -> Iterator[TextLog]:
    """Note what is drawn in ``log`` until the block ends (the log recording before comes back)."""
    token = _RECORDING.set(log)
    try:
        yield log
    finally:
        _RECORDING.reset(token)


def current_log() -> TextLog | None:
    """The log recording now, if any."""
    return _RECORDING.get()


def note_text(text: str, rect: pygame.Rect, px: int) -> None:
    """A text was drawn (called by ``draw_text``); blank ones are not texts anybody reads."""
    log = _RECORDING.get()
    if log is not None and text.strip():
        log.texts.append(DrawnText(text, rect, px))


def note_cover(rect: pygame.Rect, alpha: int) -> None:
    """A panel or a veil was drawn over ``rect`` with a fill this opaque."""
    log = _RECORDING.get()
    if log is not None:
        log.covers.append((rect.copy(), alpha))
        log.cover_marks.append(len(log.texts))
