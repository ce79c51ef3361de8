"""Pictures of the window: the screenshot key's (into the data folder) and ``--screenshot``'s at
quitting (encoded in memory, then written atomically by the session's files)."""

from __future__ import annotations

import io
import time
from pathlib import Path

import pygame

from ...session.files import write_file
from ..text.startup_words import screenshot_error


def screenshot(screen: pygame.Surface, folder: Path, path: str | Path | None = None) -> Path:
    """The window saved as ``path``, or as a new dated file in ``folder``; raises OSError or
    pygame.error when it cannot be written."""
    if path is None:
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / f"spades-{time.strftime('%Y%m%d-%H%M%S')}.png"
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(screen, str(path))
    return path


def save_image(surface: pygame.Surface, path: Path) -> None:
    """The image encoded in memory in the format its name ends in, then written atomically: a
    path that cannot take a new file (a pseudo-file such as /proc/self/status, a folder that is
    not there) fails with an error instead of writing nothing in silence."""
    encoded = io.BytesIO()
    pygame.image.save(surface, encoded, path.name)
    write_file(path, encoded.getvalue())


def write_last_frame(surface: pygame.Surface, path: str) -> str:
    """--screenshot's image of the last frame, written at quitting: "" or why not (with the path as
    typed)."""
    try:
        save_image(surface, Path(path))
    except (OSError, pygame.error) as exc:
        return screenshot_error(path, exc)
    return ""
