"""A text box on screen: a ``TextField`` driven by pygame's text and key events, with a blinking
caret, the selection shown, and paste from the system clipboard where pygame offers it."""

from __future__ import annotations

import contextlib
from collections.abc import Callable

import pygame

from .keymap import Intent
from .keys import key_press
from .text_field import TextField
from .theme import CARET_WIDTH, CONTROL_RADIUS, FIELD_FILL, FIELD_INK, FIELD_SELECTION
from .widgets import draw_text

BLINK = 0.53  # seconds the caret stays on, then off


def clipboard_text() -> str:
    """The clipboard's text, or '' where the platform or the video driver has none."""
    with contextlib.suppress(Exception):
        text = pygame.scrap.get_text()
        return text if isinstance(text, str) else ""
    return ""


class KeyPresses:
    """Which key press a text event belongs to.

    SDL reports a key that types as two events: the key (KEYDOWN) and then its text (TEXTINPUT),
    in the same batch or, with an input method, a frame or more later.  When the key opens a text
    box (S for "Save it first", Space on a name in the settings), its text is not for that box.
    The app shows every event to ``saw`` before a scene gets it; a box remembers the press that was
    under way when it opened and refuses that press's text, and only that."""

    def __init__(self) -> None:
        self.count = 0  # key presses seen
        self.owes_text = False  # the last press types, and its text has not come yet
        self.text_of: int | None = None  # the press the text event being handled belongs to

    def saw(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            self.count += 1
            self.owes_text = key_press(event).types
            self.text_of = None
        elif event.type == pygame.TEXTINPUT:
            self.text_of = self.count if self.owes_text else None
            self.owes_text = False

    def under_way(self) -> int | None:
        """The press whose text is still to come, if any."""
        return self.count if self.owes_text else None


class TextBox:
    def __init__(self, field: TextField, presses: KeyPresses | None = None) -> None:
        self.field = field
        self.blink = 0.0
        self.presses = presses
        # the key press that opened the box, if its text is still to come: that text is not typed
        self.opened_by = presses.under_way() if presses is not None else None

    @property
    def text(self) -> str:
        return self.field.text

    def handle(self, event: pygame.event.Event) -> bool:
        """Text typed into the field; True if the event was the box's (a refused text too).
        Keys come through the keymap (``do``)."""
        if event.type != pygame.TEXTINPUT:
            return False
        if self.presses is not None and self.opened_by is not None and self.presses.text_of == self.opened_by:
            self.opened_by = None
            return True  # the text of the key that opened the box
        self.field.insert(event.text)
        self.blink = 0.0
        return True

    def do(self, intent: Intent) -> bool:
        """A text box's key (``Context.TEXT_ENTRY``); True if it was one.  A key that types does
        nothing here: its text comes as a text event."""
        if intent is Intent.TYPE:
            return True
        edit = EDITS.get(intent)
        if edit is None:
            return False
        edit(self.field)
        self.blink = 0.0  # the caret shows at once after an edit
        return True

    def update(self, dt: float) -> bool:
        """Advance the blink; True when the caret appears or disappears (a redraw is needed)."""
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
            pygame.draw.line(surface, FIELD_INK, (cx, text_rect.top), (cx, text_rect.bottom), CARET_WIDTH)


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
