"""A text box on screen: a ``TextField`` driven by pygame's text and key events, with a blinking
caret, the selection shown, and paste from the system clipboard where pygame offers it."""

from __future__ import annotations

import contextlib
from collections.abc import Callable

import pygame

from .keymap import Context, Intent
from .text_field import TextField
from .theme import CONTROL_RADIUS, FIELD_FILL, FIELD_INK, FIELD_SELECTION
from .widgets import draw_text, key_intent

BLINK = 0.53  # seconds the caret stays on, then off


def clipboard_text() -> str:
    """The clipboard's text, or '' where the platform or the video driver has none."""
    with contextlib.suppress(Exception):
        text = pygame.scrap.get_text()
        return text if isinstance(text, str) else ""
    return ""


class TextBox:
    def __init__(self, field: TextField) -> None:
        self.field = field
        self.blink = 0.0
        # Deaf to text until its first frame: the key press that opened the box (S for "Save it
        # first") arrives as a key and then as text in the same batch of events, and that text is
        # not for the box.
        self.listening = False

    @property
    def text(self) -> str:
        return self.field.text

    def handle(self, event: pygame.event.Event) -> bool:
        """Edit the field; True if the event was an edit (Enter and Esc are left to the caller)."""
        field = self.field
        if event.type == pygame.TEXTINPUT:
            if not self.listening:
                return True  # the text of the key that opened the box: swallowed
            field.insert(event.text)
        elif event.type == pygame.KEYDOWN:
            intent = key_intent([Context.TEXT_ENTRY], event)
            edit = EDITS.get(intent) if intent is not None else None
            if edit is None:
                return False
            edit(field)
        else:
            return False
        self.blink = 0.0  # the caret shows at once after an edit
        return True

    def update(self, dt: float) -> bool:
        """Advance the blink; True when the caret appears or disappears (a redraw is needed)."""
        self.listening = True
        before = self.caret_visible()
        self.blink = (self.blink + dt) % (2 * BLINK)
        return before != self.caret_visible()

    def caret_visible(self) -> bool:
        return self.blink < BLINK

    def draw(self, surface: pygame.Surface, font: pygame.font.Font, box: pygame.Rect) -> None:
        pygame.draw.rect(surface, FIELD_FILL, box, border_radius=CONTROL_RADIUS)
        field = self.field
        x = box.left + 12
        text_rect = pygame.Rect(x, box.centery - font.get_height() // 2, font.size(field.text)[0], font.get_height())
        if field.all_selected:
            pygame.draw.rect(surface, FIELD_SELECTION, text_rect.inflate(4, 2))
        if field.text:
            draw_text(surface, font, field.text, FIELD_INK, midleft=(x, box.centery))
        if self.caret_visible():
            cx = x + font.size(field.text[:field.caret])[0]
            pygame.draw.line(surface, FIELD_INK, (cx, text_rect.top), (cx, text_rect.bottom), 2)


#: what each editing intent does to the field (Enter and Esc are the caller's: done or cancel)
EDITS: dict[Intent, Callable[[TextField], None]] = {
    Intent.ERASE_BACK: TextField.backspace,
    Intent.ERASE_FORWARD: TextField.delete,
    Intent.CARET_LEFT: lambda field: field.move(-1),
    Intent.CARET_RIGHT: lambda field: field.move(1),
    Intent.CARET_HOME: TextField.home,
    Intent.CARET_END: TextField.end,
    Intent.SELECT_ALL: TextField.select_all,
    Intent.PASTE: lambda field: field.insert(clipboard_text()),
}
