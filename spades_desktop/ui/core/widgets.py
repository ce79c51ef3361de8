"""Buttons, panels and text drawn in the game's own style, usable by mouse and keyboard."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Generic, TypeVar

import pygame

from ..text.messages import wrap
from .fonts import Fonts
from .keymap import Context, Intent
from .text_log import note_cover, note_text
from .theme import (
    BORDER,
    BUTTON,
    BUTTON_DISABLED,
    BUTTON_EDGE,
    BUTTON_HOVER,
    BUTTON_PADDING,
    BUTTON_PRESSED,
    BUTTON_RADIUS,
    CLEAR,
    CREAM,
    FOCUS_BORDER,
    FOCUS_RING,
    FOCUS_RING_GAP,
    GOLD,
    MESSAGE_FILL,
    MESSAGE_PADDING,
    MESSAGE_RADIUS,
    MUTED,
    PANEL_BORDER,
    PANEL_FILL,
    PANEL_RADIUS,
    PANEL_SHADOW,
    PRESS_SHIFT,
    SHADOW_DROP,
    SHADOW_LAYERS,
    WINNER_FRAME,
    WINNER_FRAME_RADIUS,
)

Drawn = TypeVar("Drawn")


class _Cache(Generic[Drawn]):
    """A small bounded cache of rendered surfaces: panels and text are drawn every frame,
    but their pixels rarely change, so they are rendered once and blitted after."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.items: dict[object, Drawn] = {}

    def get(self, key: object) -> Drawn | None:
        return self.items.get(key)

    def put(self, key: object, surface: Drawn) -> Drawn:
        if len(self.items) >= self.limit:
            self.items.clear()
        self.items[key] = surface
        return surface


#: a panel as drawn: pictures at their places, and single colours filling a rectangle (an opaque
#: panel's middle, most of a large panel, is a fill: no blending, several times faster than a blit)
PanelPieces = list[tuple[pygame.Surface | pygame.Color, pygame.Rect]]

_PANELS: _Cache[PanelPieces] = _Cache(256)
_TEXTS: _Cache[pygame.Surface] = _Cache(2048)
_WIDTHS: dict[tuple[pygame.font.Font, str], int] = {}


def text_width(font: pygame.font.Font, text: str) -> int:
    """How wide ``text`` is in ``font``, measured once: the table sizes its plates and chips by their
    words every frame, and measuring is a third of drawing them."""
    key = (font, text)
    width = _WIDTHS.get(key)
    if width is None:
        if len(_WIDTHS) >= 4096:
            _WIDTHS.clear()
        width = _WIDTHS[key] = font.size(text)[0]
    return width


def draw_panel(surface: pygame.Surface, rect: pygame.Rect, colour: tuple[int, ...] = PANEL_FILL,
               border: tuple[int, int, int] | None = PANEL_BORDER, radius: int = PANEL_RADIUS) -> None:
    key = (rect.size, colour, border, radius)
    panel = _PANELS.get(key)
    if panel is None:
        panel = _panel_pieces(rect.size, colour, border, radius)
        _PANELS.put(key, panel)
    note_cover(rect, 255 if len(colour) == 3 else colour[3])
    left, top = rect.x - SHADOW_LAYERS, rect.y - SHADOW_LAYERS
    for piece, spot in panel:
        if isinstance(piece, pygame.Surface):
            surface.blit(piece, (left + spot.x, top + spot.y))
        else:
            surface.fill(piece, spot.move(left, top))


def blit_around(surface: pygame.Surface, picture: pygame.Surface, hole: pygame.Rect) -> None:
    """``picture`` onto ``surface`` at (0, 0) everywhere but ``hole``, which something opaque will
    cover (four strips: a full-window background under a panel was a second pass over its pixels)."""
    w, h = surface.get_size()
    hole = hole.clip(surface.get_rect())
    strips = (pygame.Rect(0, 0, w, hole.top), pygame.Rect(0, hole.bottom, w, h - hole.bottom),
              pygame.Rect(0, hole.top, hole.left, hole.h), pygame.Rect(hole.right, hole.top, w - hole.right, hole.h))
    for strip in strips:
        if strip.w > 0 and strip.h > 0:
            surface.blit(picture, strip, strip)


def panel_area(rect: pygame.Rect) -> pygame.Rect:
    """Every pixel ``draw_panel`` may touch for a panel at ``rect``: the panel and its shadow."""
    return pygame.Rect(rect.x - SHADOW_LAYERS, rect.y - SHADOW_LAYERS,
                       rect.w + 2 * SHADOW_LAYERS, rect.h + 2 * SHADOW_LAYERS + SHADOW_DROP)


def _panel_pieces(size: tuple[int, int], colour: tuple[int, ...], border: tuple[int, int, int] | None,
                  radius: int) -> PanelPieces:
    """A panel with its shadow, drawn small and stretched: along an edge a rounded panel and its
    shadow are the same at every point, so the picture of a large panel is that of a panel just big
    enough for its corners, its middle row and column repeated (a full-window panel drawn layer by
    layer took 23 ms, a lost frame, the first time a screen showed it; built as one picture and
    blitted it still cost 4 ms to build and 2-3 ms a frame to blend)."""
    corner = radius + SHADOW_LAYERS + SHADOW_DROP + 2
    small = (min(size[0], 2 * corner + 1), min(size[1], 2 * corner + 1))
    picture = _layered_panel_picture(small, colour, border, radius)
    if small == size:
        return [(picture, picture.get_rect())]
    pieces = _stretched(picture, (size[0] - small[0], size[1] - small[1]), SHADOW_LAYERS + small[0] // 2,
                        SHADOW_LAYERS + small[1] // 2)
    pictures = [(piece, spot) for piece, spot in pieces if isinstance(piece, pygame.Surface)]
    if len(pictures) < len(pieces):
        return pieces
    # a translucent panel (a plate, a chip) is blended whole anyway: one picture, one blit a frame
    whole = pygame.Surface(pieces[-1][1].bottomright, pygame.SRCALPHA)
    for picture, spot in pictures:
        whole.blit(picture, spot, special_flags=pygame.BLEND_RGBA_MAX)  # (onto clear pixels: copied exactly)
    return [(whole, whole.get_rect())]


def _stretched(picture: pygame.Surface, grow: tuple[int, int], column: int, row: int) -> PanelPieces:
    """``picture`` made ``grow`` pixels wider and taller by repeating its ``column`` and ``row``, as
    pieces that cover it once (the pixels exactly those of the stretched picture)."""
    w, h = picture.get_size()
    spans_x = ((0, column, 0, column), (column, 1, column, 1 + grow[0]), (column + 1, w - column - 1,
               column + 1 + grow[0], w - column - 1))
    spans_y = ((0, row, 0, row), (row, 1, row, 1 + grow[1]), (row + 1, h - row - 1, row + 1 + grow[1], h - row - 1))
    pieces: PanelPieces = []
    for sx, sw, dx, dw in spans_x:
        for sy, sh, dy, dh in spans_y:
            if sw <= 0 or sh <= 0:
                continue
            spot = pygame.Rect(dx, dy, dw, dh)
            if sw == sh == 1:  # the middle: one colour over most of the panel
                middle = picture.get_at((sx, sy))
                if middle.a == 255:
                    pieces.append((middle, spot))
                    continue
                piece = pygame.Surface(spot.size, pygame.SRCALPHA)
                piece.fill(middle)
            else:
                piece = picture.subsurface((sx, sy, sw, sh))
                piece = pygame.transform.scale(piece, (dw, dh)) if (dw, dh) != (sw, sh) else piece.copy()
            pieces.append((piece, spot))
    return pieces


def _layered_panel_picture(size: tuple[int, int], colour: tuple[int, ...], border: tuple[int, int, int] | None,
                           radius: int) -> pygame.Surface:
    """A panel with a soft shadow under it: layers a pixel wider each, dropped a little, faint
    enough that a translucent panel shows only a hint of it (drawn once per size, then blitted)."""
    margin = SHADOW_LAYERS
    picture = pygame.Surface((size[0] + 2 * margin, size[1] + 2 * margin + SHADOW_DROP), pygame.SRCALPHA)
    body = pygame.Rect(margin, margin, *size)
    layer = pygame.Surface(picture.get_size(), pygame.SRCALPHA)
    for spread in range(margin, 0, -1):
        layer.fill(CLEAR)
        pygame.draw.rect(layer, PANEL_SHADOW, body.move(0, SHADOW_DROP).inflate(2 * spread, 2 * spread),
                         border_radius=radius + spread)
        picture.blit(layer, (0, 0))
    pygame.draw.rect(picture, CLEAR, body, border_radius=radius)  # no shadow under the panel itself
    pygame.draw.rect(picture, colour, body, border_radius=radius)
    if border is not None:
        pygame.draw.rect(picture, border, body, width=BORDER, border_radius=radius)
    if pygame.display.get_surface() is not None:
        picture = picture.convert_alpha()
    return picture


def render_text(font: pygame.font.Font, text: str, colour: tuple[int, int, int]) -> pygame.Surface:
    # the font itself, not its id: a font freed after a resize may leave its id to a font of another size
    key = (font, text, colour)
    image = _TEXTS.get(key)
    if image is None:
        image = font.render(text, True, colour)
        if pygame.display.get_surface() is not None:
            image = image.convert_alpha()
        _TEXTS.put(key, image)
    return image


def draw_text(surface: pygame.Surface, font: pygame.font.Font, text: str, colour: tuple[int, int, int],
              **anchor: tuple[int, int] | int) -> pygame.Rect:
    image = render_text(font, text, colour)
    rect = image.get_rect(**anchor)
    surface.blit(image, rect)
    note_text(text, rect, font.get_height())  # (the frame's text log: the toast and the layout walk read it)
    return rect


def draw_wrapped(surface: pygame.Surface, font: pygame.font.Font, lines: list[str],
                 colour: tuple[int, int, int], midtop: tuple[int, int]) -> pygame.Rect:
    """Lines centred under ``midtop``; returns the rectangle they cover."""
    x, y = midtop
    covered = pygame.Rect(x, y, 0, 0)
    for line in lines:
        covered.union_ip(draw_text(surface, font, line, colour, midtop=(x, y)))
        y += font.get_linesize()
    return covered


def draw_wrapped_panel(surface: pygame.Surface, font: pygame.font.Font, text: str, width: int,
                       colour: tuple[int, int, int] = CREAM, **anchor: tuple[int, int]) -> pygame.Rect:
    """A message in a small framed panel, wrapped to ``width``: never wider than the window."""
    lines = wrap(text, width, lambda t: font.size(t)[0])
    box = _panel_box(font, lines)
    setattr(box, *next(iter(anchor.items())))
    draw_panel(surface, box, MESSAGE_FILL, PANEL_BORDER, MESSAGE_RADIUS)
    draw_wrapped(surface, font, lines, colour, (box.centerx, box.top + MESSAGE_PADDING[1] // 2))
    return box


def wrapped_panel_rect(font: pygame.font.Font, text: str, width: int) -> pygame.Rect:
    """The size of ``draw_wrapped_panel``'s panel for ``text`` (at the origin)."""
    return _panel_box(font, wrap(text, width, lambda t: font.size(t)[0]))


def _panel_box(font: pygame.font.Font, lines: list[str]) -> pygame.Rect:
    inner = pygame.Rect(0, 0, max(font.size(line)[0] for line in lines), font.get_linesize() * len(lines))
    box = inner.inflate(*MESSAGE_PADDING)
    box.topleft = (0, 0)
    return box


def frame_winner(surface: pygame.Surface, card: pygame.Rect, colour: tuple[int, int, int] = GOLD) -> None:
    """The gold frame round the card that wins a trick (at the table, in a replay, in Last trick);
    in another colour, round a card the game review points at."""
    pygame.draw.rect(surface, colour, card.inflate(2 * WINNER_FRAME, 2 * WINNER_FRAME), width=WINNER_FRAME,
                     border_radius=WINNER_FRAME_RADIUS)


def button_name(label: str) -> str:
    """A button's name from its label: lower case, words joined by _, a key hint in brackets left out."""
    words = re.sub(r"\([^)]*\)", "", label).lower()
    return "_".join(re.findall(r"[a-z0-9]+", words))


@dataclass(eq=False)
class Button:
    label: str
    on_click: Callable[[], None]
    rect: pygame.Rect = None  # type: ignore[assignment]
    enabled: bool = True
    intent: Intent | None = None  # the key's intent that presses it (the screen's keymap context says which key)
    reason: str = ""  # why it is disabled, shown on hover
    hovered: bool = False
    pressed: bool = False  # the mouse went down on it and is still held (a click happens on release over it)
    focused: bool = False
    selected: bool = False
    action: int | None = None  # the engine action it stands for, if any (hint and typed-bid highlight)
    name: str = ""  # how tests find it ("save_first"): given, or else made from the label

    def __post_init__(self) -> None:
        if not self.name:
            self.name = button_name(self.label)

    def draw(self, surface: pygame.Surface, font: pygame.font.Font) -> None:
        if self.rect is None:
            return
        # five looks a player tells apart: disabled (grey), normal, hovered (lighter), pressed (darker,
        # its label pushed down) and the keyboard's focus, a gold ring round the button (with a gold edge
        # too when it is also the selected one)
        held = self.pressed and self.hovered and self.enabled
        if not self.enabled:
            colour = BUTTON_DISABLED
        elif held:
            colour = BUTTON_PRESSED
        elif self.hovered:
            colour = BUTTON_HOVER
        else:
            colour = BUTTON
        pygame.draw.rect(surface, colour, self.rect, border_radius=BUTTON_RADIUS)
        marked = (self.focused or self.selected) and self.enabled
        pygame.draw.rect(surface, GOLD if marked else BUTTON_EDGE, self.rect,
                         width=FOCUS_BORDER if marked else BORDER, border_radius=BUTTON_RADIUS)
        if self.focused and self.enabled:
            pygame.draw.rect(surface, GOLD, self.rect.inflate(2 * FOCUS_RING_GAP, 2 * FOCUS_RING_GAP),
                             width=FOCUS_RING, border_radius=BUTTON_RADIUS + FOCUS_RING_GAP)
        centre = (self.rect.centerx, self.rect.centery + (PRESS_SHIFT if held else 0))
        draw_text(surface, font, self.label, CREAM if self.enabled else MUTED, center=centre)

    def hit(self, pos: tuple[int, int]) -> bool:
        return self.rect is not None and self.rect.collidepoint(pos)


class ButtonGroup:
    """A set of buttons with mouse hover/click and keyboard focus.  Keys come as intents from the
    keymap: ``Context.CHOICES`` moves the focus, ``Context.FOCUSED`` (in force while a button has
    the focus, see ``contexts``) presses it, and a button with an ``intent`` is pressed by its key."""

    def __init__(self, buttons: list[Button] | None = None) -> None:
        self.buttons: list[Button] = buttons or []
        self.focus = -1

    def set(self, buttons: list[Button]) -> None:
        self.buttons = buttons
        self.focus = -1

    def labels_fit(self, font: pygame.font.Font) -> bool:
        """Whether every button laid out holds its label in ``font``, clear of its ends."""
        return all(b.rect is None or (text_width(font, b.label) + 2 * BUTTON_PADDING <= b.rect.w
                                      and font.get_height() <= b.rect.h) for b in self.buttons)

    def label_font(self, fonts: Fonts, rel: float) -> pygame.font.Font:
        """The labels' bold type at size ``rel``: at a larger text size, shrunk back toward 100% only
        as far as the buttons laid out need to hold their labels (the same size on every button)."""
        return fonts.fitting(rel, self.labels_fit, bold=True)

    def layout_row(self, center: tuple[int, int], width: int, height: int, gap: int) -> None:
        total = len(self.buttons) * width + (len(self.buttons) - 1) * gap
        x = center[0] - total // 2
        for b in self.buttons:
            b.rect = pygame.Rect(x, center[1] - height // 2, width, height)
            x += width + gap

    def layout_column(self, center: tuple[int, int], width: int, height: int, gap: int) -> None:
        total = len(self.buttons) * height + (len(self.buttons) - 1) * gap
        y = center[1] - total // 2
        for b in self.buttons:
            b.rect = pygame.Rect(center[0] - width // 2, y, width, height)
            y += height + gap

    def draw(self, surface: pygame.Surface, font: pygame.font.Font) -> None:
        for i, b in enumerate(self.buttons):
            b.focused = i == self.focus
            b.draw(surface, font)

    def focused(self) -> Button | None:
        """The button the keyboard's focus is on, if it may be pressed."""
        if 0 <= self.focus < len(self.buttons) and self.buttons[self.focus].enabled:
            return self.buttons[self.focus]
        return None

    def contexts(self) -> list[Context]:
        """``[Context.FOCUSED]`` while a button has the focus (Enter and Space press it), else none."""
        return [Context.FOCUSED] if self.focused() is not None else []

    def named(self, name: str) -> Button | None:
        return next((b for b in self.buttons if b.name == name), None)

    def handle(self, event: pygame.event.Event) -> bool:
        """The mouse over the buttons; True if it was used (the caller redraws).  Keys go to ``do``."""
        if event.type == pygame.MOUSEMOTION:
            changed = False
            for b in self.buttons:
                h = b.hit(event.pos)
                if h != b.hovered:
                    b.hovered = h
                    changed = True
            return changed
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for b in self.buttons:  # pressed now, clicked on release: a press dragged off is no click
                b.pressed = b.enabled and b.hit(event.pos)
                b.hovered = b.hit(event.pos)
            return any(b.pressed for b in self.buttons)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            held = next((b for b in self.buttons if b.pressed), None)
            for b in self.buttons:
                b.pressed = False
            if held is not None and held.enabled and held.hit(event.pos):
                held.on_click()
            return held is not None
        return False

    def do(self, intent: Intent) -> bool:
        """A key's intent: move the focus, press the focused button, or press the button that
        stands for the intent.  True if the buttons used it."""
        enabled = [i for i, b in enumerate(self.buttons) if b.enabled]
        if intent is Intent.ACTIVATE:
            button = self.focused()
            if button is None:
                return False
            button.on_click()
            return True
        if intent in (Intent.FOCUS_NEXT, Intent.FOCUS_PREVIOUS):
            if not enabled:
                return False
            self._move(enabled, 1 if intent is Intent.FOCUS_NEXT else -1)
            return True
        for b in self.buttons:
            if b.enabled and b.intent is intent:
                b.on_click()
                return True
        return False

    def _move(self, enabled: list[int], step: int) -> None:
        if self.focus not in enabled:
            self.focus = enabled[0] if step > 0 else enabled[-1]
            return
        pos = enabled.index(self.focus)
        self.focus = enabled[(pos + step) % len(enabled)]

