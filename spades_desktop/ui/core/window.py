"""The game's window: opened windowed or full screen, switched between them, resized (never below
the smallest size the table is laid out for), and saved as a screenshot.

The app (``ui/app.py``) holds one and tells its scenes when the size changed.
"""

from __future__ import annotations

import logging
from enum import Enum
from pathlib import Path

import pygame

from ...options import MIN_SIZE
from ...resources import asset_path
from .screenshots import screenshot

log = logging.getLogger("spades_desktop")

#: events after which the window's pixels may be gone (no compositor keeps them): paint them again
UNCOVERED = frozenset((pygame.WINDOWEXPOSED, pygame.WINDOWSHOWN, pygame.WINDOWRESTORED, pygame.WINDOWFOCUSGAINED,
                       pygame.WINDOWMAXIMIZED, pygame.VIDEOEXPOSE))


class Change(Enum):
    """What a window event did, for the app to follow."""

    RESIZED = "resized"  # the person dragged its size (kept in the settings)
    SIZE = "size"  # its size changed otherwise
    UNCOVERED = "uncovered"  # its pixels are to be painted again


class Window:
    def __init__(self, fullscreen: bool, size: tuple[int, int]) -> None:
        pygame.display.init()
        pygame.font.init()
        pygame.display.set_caption("Spades Desktop")
        try:
            pygame.display.set_icon(pygame.image.load(str(asset_path("icon.png"))))
        except (pygame.error, FileNotFoundError) as exc:
            log.warning("no window icon: %s", exc)
        self.fullscreen = fullscreen
        self.size = size  # the window's size when not full screen
        self.open()

    def open(self) -> pygame.Surface:
        if self.fullscreen:
            return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        return pygame.display.set_mode(self.size, pygame.RESIZABLE)

    def toggle_fullscreen(self) -> None:
        self.fullscreen = not self.fullscreen
        self.open()

    def resize(self, size: tuple[int, int]) -> bool:
        """The window at ``size`` (not in full screen: False, nothing changes)."""
        if self.fullscreen:
            return False
        self.size = size
        self.open()
        return True

    def surface(self) -> pygame.Surface:
        """The window's surface as it is now (after a change of size or of mode)."""
        surface = pygame.display.get_surface()
        assert surface is not None, "the window is open"
        return surface

    def handle(self, event: pygame.event.Event) -> Change | None:
        """An event about the window itself, or None: a window dragged below the smallest size is
        set back to it."""
        if event.type == pygame.VIDEORESIZE and not self.fullscreen:
            self.size = (max(MIN_SIZE[0], event.w), max(MIN_SIZE[1], event.h))
            if (event.w, event.h) != self.size:
                self.open()
            return Change.RESIZED
        if event.type == pygame.WINDOWSIZECHANGED:
            return Change.SIZE
        return Change.UNCOVERED if event.type in UNCOVERED else None

    def screenshot(self, folder: Path) -> str:
        """The window saved in ``folder``: the sentence that says where, or why it could not be."""
        try:
            saved = screenshot(self.surface(), folder)
        except (OSError, pygame.error) as exc:
            return f"The screenshot could not be saved: {exc}"
        return f"Screenshot saved to {saved}"
