"""A dialog round one text box (the save's name, a deal code): the box takes the keys that type,
Enter submits, Esc cancels, the buttons take the rest; a change of the text clears the message
under the box."""

from __future__ import annotations

from abc import ABCMeta, abstractmethod

import pygame

from ..core.keymap import Context, Intent
from ..core.keys import intent_for
from ..core.scene import Scene
from ..core.text_box import TextBox
from ..core.widgets import ButtonGroup


class TextDialog(Scene, metaclass=ABCMeta):
    """Over the screen it opens from, standing in for the menus under it."""

    overlay = True
    hides_overlays = True
    box: TextBox
    group: ButtonGroup
    message: str  # why the text cannot be taken (said under the box until it changes)

    def closed(self) -> None:
        pygame.key.stop_text_input()

    def pause(self) -> None:
        pygame.key.stop_text_input()  # a question over it ("Replace the save?", abandon) takes keys, not text

    def resume(self) -> None:
        pygame.key.start_text_input()

    @abstractmethod
    def submit(self) -> None:
        """Enter: take the text."""

    def cancel(self) -> None:
        self.app.stack.pop()

    def key_contexts(self) -> list[Context]:
        """The box first: a key that types is text here, whatever it means elsewhere."""
        return [Context.TEXT_ENTRY, *self.group.contexts(), Context.TEXT_FORM, Context.CHOICES]

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            intent = intent_for(self.key_contexts(), event)
            if intent is Intent.CANCEL:
                self.cancel()
            elif intent is Intent.SUBMIT:
                self.submit()
            elif intent is not None and self.box.do(intent):
                self.message = ""
                self.dirty = True
            elif intent is not None and self.group.do(intent):
                self.dirty = True
        elif self.box.handle(event):
            self.message = ""
            self.dirty = True
        elif self.group.handle(event):
            self.dirty = True

    def update(self, dt: float) -> bool:
        return self.box.update(dt) or super().update(dt)
