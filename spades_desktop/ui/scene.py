"""Scenes on a stack: the top scene gets input; scenes below keep drawing (overlays).

Each scene has ``handle_event``, ``update(dt)`` (returns True if anything changed,
so the app redraws only when needed) and ``draw(surface)``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from .app import App


class Scene:
    #: an overlay lets the scene below show through and keep animating
    overlay = False

    def __init__(self, app: App) -> None:
        self.app = app
        self.dirty = True

    def handle_event(self, event: pygame.event.Event) -> None:
        """React to one input event."""

    def update(self, dt: float) -> bool:
        """Advance by ``dt`` seconds; return True if the scene must be redrawn."""
        changed = self.dirty
        self.dirty = False
        return changed

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the whole scene."""

    def resized(self) -> None:
        """The window changed size: recompute layout."""
        self.dirty = True

    def closed(self) -> None:
        """The scene leaves the stack."""


class SceneStack:
    def __init__(self) -> None:
        self.scenes: list[Scene] = []

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> None:
        self.scenes.append(scene)
        scene.dirty = True

    def pop(self) -> Scene | None:
        if not self.scenes:
            return None
        scene = self.scenes.pop()
        scene.closed()
        if self.scenes:
            self.scenes[-1].dirty = True
            for s in self.visible():
                s.dirty = True
        return scene

    def replace(self, scene: Scene) -> None:
        while self.scenes:
            self.pop()
        self.push(scene)

    def visible(self) -> list[Scene]:
        """Scenes to draw, bottom first: from the last non-overlay scene up."""
        start = 0
        for i in range(len(self.scenes) - 1, -1, -1):
            if not self.scenes[i].overlay:
                start = i
                break
        return self.scenes[start:]
