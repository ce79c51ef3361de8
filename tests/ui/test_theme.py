"""The look is said once, in ``ui/core/theme.py``: no screen writes a colour or a size of type of
its own (the card art keeps its own colours in ``ui/cards``)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import spades_desktop
from spades_desktop.ui.core import theme

UI = Path(spades_desktop.__file__).parent / "ui"
THEME = UI / "core" / "theme.py"
CARD_ART = UI / "cards"


def _ui_sources() -> list[Path]:
    return [p for p in sorted(UI.rglob("*.py")) if p != THEME and CARD_ART not in p.parents]


def _is_byte(node: ast.expr) -> bool:
    return (isinstance(node, ast.Constant) and type(node.value) is int and 0 <= node.value <= 255)


def colour_literals(source: str) -> list[tuple[int, str]]:
    """Every tuple of three or four whole numbers from 0 to 255 (an RGB or RGBA colour written out),
    with its line."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Tuple) and len(node.elts) in (3, 4) and all(_is_byte(e) for e in node.elts):
            found.append((node.lineno, ast.unparse(node)))
    return found


def size_literals(source: str) -> list[tuple[int, str]]:
    """Every ``fonts.get(0.03, ...)``: a size of type written as a number instead of the theme's name."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "get"
                and ast.unparse(node.func.value).endswith("fonts") and node.args
                and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, float)):
            found.append((node.lineno, ast.unparse(node)))
    return found


def line_literals(source: str) -> list[tuple[int, str]]:
    """Every ``pygame.draw`` call given a line width or a corner radius as a number (``width=4``,
    ``border_radius=10``, a circle's ring ``2``): edges and corners are the theme's."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call) and ast.unparse(node.func).startswith("pygame.draw."):
            numbers = [a for a in node.args[3:] if isinstance(a, ast.Constant) and isinstance(a.value, int | float)]
            numbers += [k.value for k in node.keywords
                        if isinstance(k.value, ast.Constant) and isinstance(k.value.value, int | float)]
            if numbers:
                found.append((node.lineno, ast.unparse(node)))
    return found


def test_the_checks_find_what_they_look_for():
    code = ("draw_panel(s, r, (14, 32, 24, 255))\nx = (1, 2)\ny = (300, 2, 3)\nz = (-1, 0, 1)\n"
            "f = app.fonts.get(0.03, bold=True)\ng = app.fonts.get(BODY)\n"
            "pygame.draw.rect(s, GOLD, r, width=4, border_radius=RADIUS)\npygame.draw.circle(s, GOLD, c, r, 2)\n"
            "pygame.draw.rect(s, GOLD, r, width=BORDER, border_radius=RADIUS)\npygame.draw.line(s, GOLD, a, b)\n")
    assert colour_literals(code) == [(1, "(14, 32, 24, 255)")]
    assert size_literals(code) == [(5, "app.fonts.get(0.03, bold=True)")]
    assert [line for line, _ in line_literals(code)] == [7, 8]


def test_no_line_width_or_corner_is_written_outside_the_theme():
    found = [f"{path.relative_to(UI)}:{line} {text}" for path in _ui_sources()
             for line, text in line_literals(path.read_text(encoding="utf-8"))]
    assert not found, "edges and corners belong in ui/core/theme.py: " + "; ".join(found)


@pytest.mark.slow
def test_no_colour_is_written_outside_the_theme():
    found = [f"{path.relative_to(UI)}:{line} {text}" for path in _ui_sources()
             for line, text in colour_literals(path.read_text(encoding="utf-8"))]
    assert not found, "colours belong in ui/core/theme.py: " + "; ".join(found)


def test_no_size_of_type_is_written_outside_the_theme():
    found = [f"{path.relative_to(UI)}:{line} {text}" for path in _ui_sources()
             for line, text in size_literals(path.read_text(encoding="utf-8"))]
    assert not found, "sizes of type belong in ui/core/theme.py: " + "; ".join(found)


def _colours() -> dict[str, tuple[int, ...]]:
    found: dict[str, tuple[int, ...]] = {}
    for name, value in vars(theme).items():
        if isinstance(value, tuple) and value and all(isinstance(v, tuple) for v in value) and name.isupper():
            found.update({f"{name}[{i}]": colour for i, colour in enumerate(value)})  # a list of colours
        elif isinstance(value, tuple) and len(value) in (3, 4) and name.isupper():
            found[name] = value
        elif isinstance(value, dict) and name.isupper():
            found.update({f"{name}[{key}]": colour for key, colour in value.items()})
    return found


def test_every_colour_of_the_theme_is_a_colour():
    colours = _colours()
    assert {"GOLD", "CREAM", "MUTED", "PANEL_FILL", "PANEL_BORDER", "NOTICE", "FELT[green]"} <= set(colours)
    for name, colour in colours.items():
        assert len(colour) in (3, 4) and all(type(c) is int and 0 <= c <= 255 for c in colour), name
    assert len(theme.title_gradient(0.0)) == len(theme.title_gradient(1.0)) == 3


def test_the_type_scale_runs_from_the_largest_size_to_the_smallest():
    scale = [theme.TITLE, theme.BANNER, theme.PAGE_TITLE, theme.SETTINGS_TITLE, theme.HEADING, theme.HEADING_SMALL,
             theme.SUBHEADING, theme.LARGE, theme.MESSAGE, theme.LEAD, theme.BODY, theme.ROW, theme.BODY_SMALL,
             theme.LABEL, theme.SMALL, theme.PLATE_DETAIL, theme.CAPTION, theme.NOTE, theme.FOOTNOTE, theme.TINY,
             theme.SMALLEST]
    assert scale == sorted(scale, reverse=True) and len(set(scale)) == len(scale)
    assert all(0 <= size < 0.1 for size in scale)


def test_every_text_is_drawn_in_the_themes_typeface():
    """Only the typeface module opens a font, and only it may fall back to pygame's own face (when
    the file is missing, which the smoke test reports); the face ships with its licence."""
    from pathlib import Path

    from spades_desktop.resources import asset_path
    from spades_desktop.ui.core.theme import TYPEFACE
    from spades_desktop.ui.core.typeface import typeface_missing

    root = Path(__file__).resolve().parents[2] / "spades_desktop"
    opening = [str(p.relative_to(root)) for p in root.rglob("*.py")
               if "pygame.font.Font(" in p.read_text(encoding="utf-8")]
    assert opening == ["ui/core/typeface.py"], opening
    assert typeface_missing() == []
    assert all(asset_path(name).is_file() for name in TYPEFACE.files)
    assert "SIL Open Font License" in asset_path("fonts/OFL.txt").read_text(encoding="utf-8")


@pytest.mark.slow
def test_the_smoke_test_fails_without_the_typeface(tmp_path, monkeypatch):
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from spades_desktop.ui.app import App, Options
    from spades_desktop.ui.core import theme, typeface

    monkeypatch.setenv("SPADES_DESKTOP_HOME", str(tmp_path))
    monkeypatch.setattr(typeface, "TYPEFACE", theme.Typeface("fonts/not-there.otf", theme.TYPEFACE.bold, "Inter"))
    assert App(Options(smoke_test=True, seed=1)).run() == 1


def test_every_face_steps_its_lines_clear_of_the_tallest_line():
    """A layout steps lines by the line size: it holds the tallest rendered line in both weights (a
    style set after the line size reset it, and the how-to-play lines overlapped by a pixel)."""
    import pygame

    from spades_desktop.ui.core.typeface import typeface

    pygame.font.init()
    for bold in (False, True):
        for px in (14, 20, 31):
            font = typeface(px, bold)
            assert font.get_linesize() >= font.get_height() + 1, (px, bold)


def test_a_weight_whose_file_cannot_be_read_is_drawn_in_the_other_weights_face(monkeypatch, caplog):
    """Never pygame's built-in face while one of the theme's files reads: a missing bold file gives the
    regular face made bold, said once in the log."""
    import pygame

    from spades_desktop.ui.core import theme, typeface

    pygame.font.init()
    monkeypatch.setattr(typeface, "_missing", set())
    monkeypatch.setattr(typeface, "TYPEFACE", theme.Typeface(theme.TYPEFACE.regular, "fonts/not-there.otf", "Inter"))
    opened: list[str] = []
    real_font = pygame.font.Font

    def font(path, size):
        opened.append(str(path))
        return real_font(path, size)

    monkeypatch.setattr(pygame.font, "Font", font)
    bold = typeface.typeface(20, bold=True)
    assert bold.get_bold()
    assert bold.get_linesize() >= bold.get_height() + 1  # lines still step clear of each other
    assert opened[-1].endswith(theme.TYPEFACE.regular)
    assert bold.size("Spades") != typeface.typeface(20).size("Spades")  # drawn bolder, the same face
    typeface.typeface(24, bold=True)
    assert sum("could not be loaded" in r.getMessage() for r in caplog.records) == 1


def test_a_text_rendered_in_a_freed_font_is_not_drawn_in_the_next_font_at_its_address():
    """The text cache once keyed a font by its id: after a resize freed the fonts, a new font of another
    size at the same address got the old size's pictures (the key help drawn twice as tall at 1280x720)."""
    import gc

    import pygame

    from spades_desktop.ui.core.typeface import typeface
    from spades_desktop.ui.core.widgets import render_text

    pygame.font.init()
    for _ in range(15):
        small = typeface(12)
        render_text(small, "Esc menu", (255, 255, 255))
        del small
        gc.collect()
        large = typeface(60)
        drawn = render_text(large, "Esc menu", (255, 255, 255))
        assert drawn.get_size() == large.render("Esc menu", True, (0, 0, 0)).get_size()


@pytest.mark.slow
def test_the_smoke_test_fails_without_the_suit_symbols(tmp_path, monkeypatch):
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from spades_desktop.ui.app import App, Options
    from spades_desktop.ui.cards import suit_glyphs

    monkeypatch.setenv("SPADES_DESKTOP_HOME", str(tmp_path))
    monkeypatch.setitem(suit_glyphs.SUIT_FILES, 2, "suits/not-there.svg")
    assert App(Options(smoke_test=True, seed=1)).run() == 1


def test_suit_symbols_are_smooth_art_in_the_colour_asked_for():
    """From the SVG art, anti-aliased: a heart's edge has pixels between the colour and nothing
    (pygame's shapes had none, hence the jagged trump heart), and its inside is the colour."""
    import pygame

    from spades_desktop.ui.cards.suit_glyphs import suit_glyph

    red = (200, 30, 45)
    for suit in range(4):
        glyph = suit_glyph(suit, 64, red)
        assert glyph.get_height() == 64
        alphas = {glyph.get_at((x, y)).a for x in range(64) for y in range(64)}
        assert 0 in alphas and 255 in alphas
        assert any(0 < a < 255 for a in alphas), f"suit {suit}: no soft edge"
        assert tuple(glyph.get_at((32, 40)))[:3] == red
    assert pygame.transform.flip(suit_glyph(3, 40, red), False, True).get_at((20, 8)) == suit_glyph(
        3, 40, red, flip=True).get_at((20, 8))


def test_a_panel_has_a_soft_shadow_below_it_and_none_far_away():
    import pygame

    from spades_desktop.ui.core import widgets

    canvas = pygame.Surface((200, 200))
    canvas.fill((255, 255, 255))
    rect = pygame.Rect(50, 50, 100, 60)
    widgets.draw_panel(canvas, rect, (20, 40, 30, 255))
    under = canvas.get_at((rect.centerx, rect.bottom + 1))
    assert under.r < 255 and under.r > 150, "a soft shadow just under the panel"
    assert canvas.get_at((rect.centerx, rect.bottom + 30)) == (255, 255, 255, 255), "none far away"
    assert tuple(canvas.get_at(rect.center))[:3] == (20, 40, 30), "the panel itself is its own colour"


def test_hover_and_the_keyboard_focus_look_different():
    """Hover lightens a button; the keyboard's focus is a gold ring outside it, which hover never
    draws (they looked alike, and the focus was hard to see)."""
    import pygame

    from spades_desktop.ui.core import theme
    from spades_desktop.ui.core.typeface import typeface
    from spades_desktop.ui.core.widgets import Button

    pygame.font.init()
    font = typeface(20)
    looks = {}
    for state in ("normal", "hovered", "focused"):
        canvas = pygame.Surface((200, 100))
        canvas.fill((0, 0, 0))
        button = Button("OK", lambda: None)
        button.rect = pygame.Rect(50, 30, 100, 40)
        button.hovered, button.focused = state == "hovered", state == "focused"
        button.draw(canvas, font)
        ring = tuple(canvas.get_at((button.rect.centerx, button.rect.top - theme.FOCUS_RING_GAP)))[:3]
        fill = tuple(canvas.get_at((button.rect.left + 8, button.rect.centery)))[:3]
        looks[state] = (ring, fill)
    assert looks["focused"][0] == theme.GOLD and looks["hovered"][0] != theme.GOLD
    assert looks["hovered"][1] == theme.BUTTON_HOVER and looks["normal"][1] == theme.BUTTON
    assert len(set(looks.values())) == 3


def test_a_button_looks_pressed_while_held_and_clicks_on_release_over_it():
    """Pressed is its own look (darker, the label a pixel lower); a press dragged off is no click,
    as on any desktop."""
    import pygame

    from spades_desktop.ui.core import theme
    from spades_desktop.ui.core.typeface import typeface
    from spades_desktop.ui.core.widgets import Button, ButtonGroup

    pygame.font.init()
    clicks = []
    button = Button("OK", lambda: clicks.append(1))
    button.rect = pygame.Rect(50, 30, 100, 40)
    group = ButtonGroup([button])
    inside, outside = button.rect.center, (5, 5)

    def press(kind, pos):
        return group.handle(pygame.event.Event(kind, pos=pos, button=1))

    assert press(pygame.MOUSEBUTTONDOWN, inside) and not clicks and button.pressed
    canvas = pygame.Surface((200, 100))
    button.draw(canvas, typeface(20))
    assert tuple(canvas.get_at((button.rect.left + 8, button.rect.centery)))[:3] == theme.BUTTON_PRESSED
    press(pygame.MOUSEBUTTONUP, inside)
    assert clicks == [1] and not button.pressed
    press(pygame.MOUSEBUTTONDOWN, inside)
    group.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=outside, rel=(0, 0), buttons=(1, 0, 0)))
    press(pygame.MOUSEBUTTONUP, outside)
    assert clicks == [1], "released away from the button: no click"


def test_a_large_panel_drawn_in_pieces_is_the_panel_drawn_whole_to_the_pixel():
    """Large panels are drawn as a small panel's corners and edges stretched, with an opaque middle
    filled (no blending): on a patterned background every pixel is that of the panel drawn layer by
    layer at its full size, opaque or translucent, with a border or without."""
    import pygame

    from spades_desktop.ui.core import widgets
    from spades_desktop.ui.core.theme import SHADOW_LAYERS

    def background() -> pygame.Surface:
        canvas = pygame.Surface((420, 300))
        for x in range(0, 420, 7):
            canvas.fill(((x * 5) % 256, (x * 3) % 256, 90), (x, 0, 7, 300))
        return canvas

    for size, colour, border in [((300, 200), (14, 32, 24, 255), (200, 170, 90)),
                                 ((390, 41), (16, 36, 28, 225), (200, 170, 90)),
                                 ((37, 260), (14, 32, 24, 255), None)]:
        rect = pygame.Rect(12, 15, *size)
        drawn, whole = background(), background()
        widgets.draw_panel(drawn, rect, colour, border, 12)
        whole.blit(widgets._layered_panel_picture(size, colour, border, 12),
                   (rect.x - SHADOW_LAYERS, rect.y - SHADOW_LAYERS))
        assert pygame.image.tobytes(drawn, "RGB") == pygame.image.tobytes(whole, "RGB"), (size, colour)
