"""The development tool that rewrites card art for pygame-ce's SVG loader
(packaging/card_art/svg_flatten.py) places inlined symbols where a browser would."""

from __future__ import annotations

import importlib.util
import io
import math
import os
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

TOOL = Path(__file__).resolve().parents[2] / "packaging" / "card_art" / "svg_flatten.py"


def _load_tool():
    """The tool lives in packaging/ (a development script, not part of the game's package)."""
    spec = importlib.util.spec_from_file_location("card_art_svg_flatten", TOOL)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


svg_flatten = _load_tool()
FlattenError = svg_flatten.FlattenError
flatten = svg_flatten.flatten
format_path = svg_flatten.format_path
parse_path = svg_flatten.parse_path
parse_transform = svg_flatten.parse_transform
round_paths = svg_flatten.round_paths
to_text = svg_flatten.to_text
viewbox_matrix = svg_flatten.viewbox_matrix

SYMBOL_DOC = """<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"
 width="100" height="100" viewBox="0 0 100 100">
<defs><symbol id="box" viewBox="0 0 10 10"{par}><rect width="10" height="10"/></symbol></defs>
<use xlink:href="#box" x="10" y="0" width="40" height="20" fill="#f00"/>
</svg>"""


def close(actual, expected):
    return all(math.isclose(a, b, abs_tol=1e-9) for a, b in zip(actual, expected, strict=True))


def test_viewbox_fitting_follows_preserve_aspect_ratio():
    # A 10x10 viewBox into 40x20: meet scales by 2 and places it left, centre or right.
    assert close(viewbox_matrix((0, 0, 10, 10), 40, 20, "xMinYMid"), (2, 0, 0, 2, 0, 0))
    assert close(viewbox_matrix((0, 0, 10, 10), 40, 20), (2, 0, 0, 2, 10, 0))
    assert close(viewbox_matrix((0, 0, 10, 10), 40, 20, "xMaxYMax"), (2, 0, 0, 2, 20, 0))
    assert close(viewbox_matrix((0, 0, 10, 10), 40, 20, "xMidYMid slice"), (4, 0, 0, 4, 0, -10))
    assert close(viewbox_matrix((-5, -5, 10, 10), 40, 20, "none"), (4, 0, 0, 2, 20, 10))


def test_transform_lists_compose_left_to_right():
    assert close(parse_transform("translate(10 5) scale(2)"), (2, 0, 0, 2, 10, 5))
    a, b, c, d, e, f = parse_transform("rotate(90 10 0)")  # (0, 0) turns about (10, 0) to (10, -10)
    assert close((a * 0 + c * 0 + e, b * 0 + d * 0 + f), (10, -10))
    with pytest.raises(FlattenError):
        parse_transform("spin(3)")


@pytest.mark.parametrize(("par", "filled", "clear"), [
    ("", (30, 10), (15, 10)),  # default xMidYMid meet: the square sits at x 20..40
    (' preserveAspectRatio="xMinYMid"', (15, 10), (35, 10)),  # x 10..30
    (' preserveAspectRatio="none"', (45, 15), (55, 10)),  # stretched over x 10..50
])
def test_an_inlined_symbol_is_drawn_by_pygame_where_a_browser_draws_it(par, filled, clear):
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    text = to_text(flatten(ET.fromstring(SYMBOL_DOC.format(par=par))))
    assert "use" not in text and "symbol" not in text
    surface = pygame.image.load_sized_svg(io.BytesIO(text.encode()), (100, 100))
    assert surface.get_at(filled)[:4] == (255, 0, 0, 255)
    assert surface.get_at(clear).a == 0


def test_unknown_references_and_undrawable_elements_are_refused():
    missing = '<svg xmlns="http://www.w3.org/2000/svg"><use href="#nothing"/></svg>'
    with pytest.raises(FlattenError, match="not in the document"):
        flatten(ET.fromstring(missing))
    patterned = ('<svg xmlns="http://www.w3.org/2000/svg"><defs><pattern id="p"/></defs>'
                 '<rect fill="url(#p)"/></svg>')
    with pytest.raises(FlattenError, match="reference"):
        flatten(ET.fromstring(patterned))


def test_path_numbers_are_rounded_and_arc_flags_survive_compact_writing():
    segments = parse_path("M0-500c100 250 355.123 400 355 685a150 150 0 01-300 0 10 10 0 0 0-20 0Z")
    assert segments == [("M", [0, -500]), ("c", [100, 250, 355.123, 400, 355, 685]),
                        ("a", [150, 150, 0, 0, 1, -300, 0]), ("a", [10, 10, 0, 0, 0, -20, 0]), ("Z", [])]
    text = format_path(segments, 1)
    assert text == "M0-500c100 250 355.1 400 355 685a150 150 0 0 1-300 0 10 10 0 0 0-20 0Z"
    assert parse_path(text)[1] == ("c", [100, 250, 355.1, 400, 355, 685])


def test_rounding_keeps_more_decimals_where_a_path_is_drawn_larger():
    doc = ET.fromstring('<svg xmlns="http://www.w3.org/2000/svg"><path d="M1.23456 .5"/>'
                        '<g transform="scale(.001)"><path d="M1.23456 .5"/></g>'
                        '<g transform="scale(100)"><path d="M1.23456 .5"/></g></svg>')
    round_paths(doc, 0.01)
    assert [el.get("d") for el in doc.iter() if el.tag.endswith("path")] == ["M1.23.5", "M1 0", "M1.2346.5"]
