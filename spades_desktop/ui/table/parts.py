"""The table's helpers as the table scene sees them: what the painter, the animator, the choice
panel and the input router must offer, and the record the registry hands in with the one of each it
chose, so the scene imports none of them."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

import pygame

from ...engine import events as E
from ...engine.seats import Seat
from ..core.widgets import Button, ButtonGroup

if TYPE_CHECKING:
    from ..core.keymap import Context
    from .scene import TableScene


class Painter(Protocol):
    """Draws the table from its widgets (``painter.TablePainter``)."""

    @property
    def plate_rects(self) -> dict[Seat, pygame.Rect]: ...
    @property
    def undo_rect(self) -> pygame.Rect | None: ...
    @property
    def claim_chip_rect(self) -> pygame.Rect | None: ...

    def refresh(self) -> list[pygame.Rect]: ...
    def refresh_dots(self) -> list[pygame.Rect]: ...
    def draw(self, surface: pygame.Surface) -> None: ...
    def forget_sizes(self) -> None: ...


class Animator(Protocol):
    """Turns the engine's events into tweens (``table_animator.EventAnimator``)."""

    def animate(self, event: E.Event) -> None: ...


class Panel(Protocol):
    """The choice buttons in the middle of the table (``choice_panel.ChoicePanel``)."""

    group: ButtonGroup  # the keys' focus and presses go to it
    frame_rect: pygame.Rect | None  # where it was last drawn (None while hidden)

    @property
    def buttons(self) -> list[Button]: ...

    def handle(self, event: pygame.event.Event) -> bool: ...
    def draw(self, surface: pygame.Surface) -> pygame.Rect | None: ...
    def look(self) -> Hashable | None: ...
    def invalidate(self) -> None: ...
    def refresh(self) -> bool: ...
    def is_current(self) -> bool: ...
    def title(self) -> str: ...


class Input(Protocol):
    """Routes the person's clicks and keys (``input.TableInput``)."""

    def contexts(self) -> list[Context]: ...

    def handle_event(self, event: pygame.event.Event) -> None: ...

    def cursor_start(self) -> int: ...


@dataclass(frozen=True)
class TableParts:
    """The table's helpers, handed in by the registry so this module imports none of them."""

    painter: Callable[[TableScene], Painter]
    animator: Callable[[TableScene], Animator]
    panel: Callable[[TableScene], Panel]
    input: Callable[[TableScene], Input]
