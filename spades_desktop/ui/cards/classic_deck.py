"""The classic deck: Adrian Kennard's public-domain card faces (``assets/cards/classic``),
rasterised from their SVG at exactly the size the window needs.

Rasterising a court card takes several milliseconds, so a whole deck would stall a frame:
faces are drawn by a background thread, one size at a time, and handed to the render loop
when ready (``take_ready``).  Until a face is ready the table shows the large-index face of the
same card, so nothing ever waits.  Four-colour decks recolour the SVG text before it is drawn
(diamonds blue, clubs green), so the court figures keep their own colours.
"""

from __future__ import annotations

import io
import threading
from collections.abc import Callable
from pathlib import Path

import pygame

from ...engine.cards import BIG_JOKER, LITTLE_JOKER, card_id
from ..text.variants import face_of

#: SVG colours of the four-colour deck: diamonds blue, clubs green (as in online poker decks)
FOUR_COLOUR_DIAMONDS = "#1e50c8"
FOUR_COLOUR_CLUBS = "#148232"


def svg_text(folder: Path, card: int, four_colour: bool) -> bytes:
    """The SVG of ``card`` as the style wants it."""
    text = (folder / f"{card_id(card)}.svg").read_text(encoding="utf-8")
    suit = (face_of(card) or (None, 0))[0]  # the printed suit: the trump 2D is still a diamond; jokers none
    if four_colour and suit == 1:  # diamonds: every red of the card turns blue
        text = text.replace('"red"', f'"{FOUR_COLOUR_DIAMONDS}"')
    elif four_colour and suit == 0:  # clubs: the pips and indices have no fill of their own
        text = text.replace("<svg ", f'<svg fill="{FOUR_COLOUR_CLUBS}" ', 1)
    return text.encode("utf-8")


def rasterise(folder: Path, card: int, size: tuple[int, int], four_colour: bool) -> pygame.Surface:
    return pygame.image.load_sized_svg(io.BytesIO(svg_text(folder, card, four_colour)), size)


class ClassicFaces:
    """Faces of one size and colouring, drawn in a background thread.

    ``take_ready`` (called from the render loop) converts what the thread finished for fast
    blitting and says whether anything new arrived, so the table can redraw once.
    """

    def __init__(self, folder: Path, size: tuple[int, int], four_colour: bool,
                 order: list[int] | None = None, draw: Callable[..., pygame.Surface] = rasterise) -> None:
        self.folder = folder
        self.size = size
        self.four_colour = four_colour
        self.faces: dict[int, pygame.Surface] = {}
        self.failed: str = ""  # why the deck could not be drawn (a missing or broken file)
        self._done: dict[int, pygame.Surface] = {}
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._draw = draw
        # the 52 and the jokers; a trump deuce (slots 52, 53) shows the face of its own card
        cards = order or [*range(52), LITTLE_JOKER, BIG_JOKER]
        self.count = len(cards)
        self._thread = threading.Thread(target=self._run, args=(cards,), name="spades-card-faces", daemon=True)
        self._thread.start()

    def _run(self, cards: list[int]) -> None:
        for card in cards:
            if self._stop.is_set():
                return
            try:
                surface = self._draw(self.folder, card, self.size, self.four_colour)
            except (OSError, pygame.error, ValueError) as exc:
                self.failed = f"the classic card faces could not be drawn ({exc})"
                return
            with self._lock:
                self._done[card] = surface

    def take_ready(self) -> bool:
        """Move finished faces to ``faces`` (converted for the screen); True if any arrived."""
        with self._lock:
            done, self._done = self._done, {}
        screen = pygame.display.get_surface() is not None
        for card, surface in done.items():
            self.faces[card] = surface.convert_alpha() if screen else surface
        return bool(done)

    @property
    def complete(self) -> bool:
        return len(self.faces) == self.count

    def wait(self, timeout: float) -> bool:
        """Block until every face is drawn (tests, the smoke test); True if they all are."""
        self._thread.join(timeout)
        self.take_ready()
        return self.complete

    def stop(self) -> None:
        self._stop.set()
