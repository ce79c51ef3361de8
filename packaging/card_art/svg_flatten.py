"""Rewrite an SVG document into the subset that pygame-ce's SVG loader draws.

pygame-ce loads SVG through SDL_image, whose renderer (nanosvg) silently ignores ``<symbol>``
and ``<use>``: a card drawn from symbols comes out with its pips and court figure missing.
``flatten`` therefore replaces every ``<use>`` by a ``<g transform=...>`` holding a copy of what
it refers to, with the transform a browser would apply (the use's own transform, its x/y and,
for a symbol, the viewBox fitted into the use's width/height by the symbol's
preserveAspectRatio), then drops ``<symbol>`` and ``<defs>``.  Anything the loader cannot draw
and this module cannot rewrite (patterns, gradients or any other ``url(#...)`` reference, text)
is refused with an error instead of silently vanishing from a card.

``round_paths`` shortens the path data: coordinates are rounded to the decimals that keep the
error below a fixed fraction of the document's units, whatever scale each path is drawn at.
"""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET

SVG_NS = "http://www.w3.org/2000/svg"
XLINK_NS = "http://www.w3.org/1999/xlink"
XLINK_HREF = f"{{{XLINK_NS}}}href"

Matrix = tuple[float, float, float, float, float, float]  # a b c d e f, as in SVG's matrix()
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)

NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
TRANSFORM_PART = re.compile(r"\s*(matrix|translate|scale|rotate|skewX|skewY)\s*\(([^)]*)\)\s*,?")
# Attributes of a <use> that place it; all its other attributes (fill, stroke ...) are inherited
# by the instance, so they move onto the <g> that replaces it.
USE_PLACEMENT = {"x", "y", "width", "height", "href", XLINK_HREF, "transform", "id"}
SYMBOL_ATTRIBUTES = {"id", "viewBox", "preserveAspectRatio"}
UNDRAWABLE = {"pattern", "linearGradient", "radialGradient", "clipPath", "mask", "filter", "text", "image",
              "foreignObject", "svg", "style", "script"}
MAX_DEPTH = 32


class FlattenError(ValueError):
    """The document uses something this rewrite (and so the game's loader) cannot draw."""


def local_name(tag: str) -> str:
    return tag.rsplit("}", 1)[-1]


def multiply(outer: Matrix, inner: Matrix) -> Matrix:
    """The matrix of ``inner`` applied first, then ``outer`` (SVG's left-to-right transform lists)."""
    a, b, c, d, e, f = outer
    p, q, r, s, t, u = inner
    return (a * p + c * q, b * p + d * q, a * r + c * s, b * r + d * s, a * t + c * u + e, b * t + d * u + f)


def translate(x: float, y: float) -> Matrix:
    return (1.0, 0.0, 0.0, 1.0, x, y)


def _rotate(degrees: float, cx: float = 0.0, cy: float = 0.0) -> Matrix:
    rad = math.radians(degrees)
    cos, sin = math.cos(rad), math.sin(rad)
    turn = (cos, sin, -sin, cos, 0.0, 0.0)
    return multiply(translate(cx, cy), multiply(turn, translate(-cx, -cy)))


def _one_transform(name: str, values: list[float]) -> Matrix:
    count = len(values)
    if name == "matrix" and count == 6:
        return (values[0], values[1], values[2], values[3], values[4], values[5])
    if name == "translate" and count in (1, 2):
        return translate(values[0], values[1] if count == 2 else 0.0)
    if name == "scale" and count in (1, 2):
        return (values[0], 0.0, 0.0, values[1] if count == 2 else values[0], 0.0, 0.0)
    if name == "rotate" and count in (1, 3):
        return _rotate(*values)
    if name == "skewX" and count == 1:
        return (1.0, 0.0, math.tan(math.radians(values[0])), 1.0, 0.0, 0.0)
    if name == "skewY" and count == 1:
        return (1.0, math.tan(math.radians(values[0])), 0.0, 1.0, 0.0, 0.0)
    raise FlattenError(f"Cannot read the transform {name}({values}).")


def parse_transform(text: str) -> Matrix:
    """One matrix for an SVG transform list such as ``scale(1 .972) rotate(-10 36 -22)``."""
    result = IDENTITY
    position = 0
    text = text.strip()
    while position < len(text):
        match = TRANSFORM_PART.match(text, position)
        if not match:
            raise FlattenError(f"Cannot read the transform {text!r}.")
        values = [float(v) for v in NUMBER.findall(match.group(2))]
        result = multiply(result, _one_transform(match.group(1), values))
        position = match.end()
    return result


def viewbox_matrix(viewbox: tuple[float, float, float, float], width: float, height: float,
                   preserve_aspect_ratio: str = "xMidYMid meet") -> Matrix:
    """The transform that fits ``viewbox`` into a width x height viewport at the origin."""
    vx, vy, vw, vh = viewbox
    if vw <= 0 or vh <= 0:
        raise FlattenError(f"A viewBox must have a positive size, not {viewbox}.")
    sx, sy = width / vw, height / vh
    words = [w for w in preserve_aspect_ratio.split() if w != "defer"] or ["xMidYMid"]
    align = words[0]
    if align == "none":
        return (sx, 0.0, 0.0, sy, -vx * sx, -vy * sy)
    match = re.fullmatch(r"x(Min|Mid|Max)Y(Min|Mid|Max)", align)
    if not match:
        raise FlattenError(f"Cannot read preserveAspectRatio {preserve_aspect_ratio!r}.")
    scale = max(sx, sy) if len(words) > 1 and words[1] == "slice" else min(sx, sy)
    share = {"Min": 0.0, "Mid": 0.5, "Max": 1.0}
    tx = share[match.group(1)] * (width - vw * scale) - vx * scale
    ty = share[match.group(2)] * (height - vh * scale) - vy * scale
    return (scale, 0.0, 0.0, scale, tx, ty)


def format_number(value: float, decimals: int) -> str:
    """Shortest text for ``value`` rounded to ``decimals``: ``0.50`` -> ``.5``, ``-0.0`` -> ``0``."""
    text = f"{round(value, decimals):.{max(decimals, 0)}f}"
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    if text in ("-0", ""):
        return "0"
    if text.startswith("0."):
        return text[1:]
    if text.startswith("-0."):
        return "-" + text[2:]
    return text


def format_matrix(m: Matrix) -> str:
    a, b, c, d, e, f = m
    linear = [format_number(v, 5) for v in (a, b, c, d)]
    move = [format_number(v, 3) for v in (e, f)]
    if linear == ["1", "0", "0", "1"]:
        return f"translate({move[0]} {move[1]})"
    if linear[1] == linear[2] == "0" and move == ["0", "0"]:
        return f"scale({linear[0]} {linear[3]})"
    return f"matrix({' '.join(linear + move)})"


def _numbers(text: str) -> list[float]:
    return [float(v) for v in NUMBER.findall(text)]


class _Flattener:
    def __init__(self, root: ET.Element) -> None:
        self.by_id = {el.get("id"): el for el in root.iter() if el.get("id")}

    def copy(self, element: ET.Element, depth: int) -> ET.Element | None:
        """A copy of ``element`` with every use inlined; None for what is never drawn in place."""
        if depth > MAX_DEPTH:
            raise FlattenError("The <use> references nest too deeply (a reference loop?).")
        name = local_name(element.tag)
        if name in ("symbol", "defs", "title", "desc", "metadata"):
            return None
        if name in UNDRAWABLE:
            raise FlattenError(f"The loader cannot draw <{name}>; draw it another way.")
        if name == "use":
            return self.inline(element, depth)
        for value in element.attrib.values():
            if "url(#" in value:
                raise FlattenError(f"The loader cannot follow the reference {value!r}.")
        result = ET.Element(f"{{{SVG_NS}}}{name}", {k: v for k, v in element.attrib.items() if k != "id"})
        result.text = element.text if element.text and element.text.strip() else None
        for child in element:
            inner = self.copy(child, depth + 1)
            if inner is not None:
                result.append(inner)
        return result

    def inline(self, use: ET.Element, depth: int) -> ET.Element:
        href = use.get(XLINK_HREF) or use.get("href") or ""
        target = self.by_id.get(href[1:]) if href.startswith("#") else None
        if target is None:
            raise FlattenError(f"A <use> refers to {href!r}, which is not in the document.")
        matrix = parse_transform(use.get("transform", ""))
        matrix = multiply(matrix, translate(float(use.get("x", 0)), float(use.get("y", 0))))
        if local_name(target.tag) == "symbol":
            extra = set(target.attrib) - SYMBOL_ATTRIBUTES
            if extra:
                raise FlattenError(f"The symbol {href} has attributes this rewrite does not carry over: {extra}.")
            if target.get("viewBox"):
                viewbox = _numbers(target.get("viewBox", ""))
                width, height = use.get("width"), use.get("height")
                if len(viewbox) != 4 or width is None or height is None or "%" in width + height:
                    raise FlattenError(f"A <use> of {href} needs a viewBox and a width and height in user units.")
                matrix = multiply(matrix, viewbox_matrix(
                    (viewbox[0], viewbox[1], viewbox[2], viewbox[3]), float(width), float(height),
                    target.get("preserveAspectRatio", "xMidYMid meet")))
            parts = list(target)
        else:
            parts = [target]
        group = ET.Element(f"{{{SVG_NS}}}g", {k: v for k, v in use.attrib.items() if k not in USE_PLACEMENT})
        if matrix != IDENTITY:
            group.set("transform", format_matrix(matrix))
        for part in parts:
            inner = self.copy(part, depth + 1)
            if inner is not None:
                group.append(inner)
        return group


def flatten(root: ET.Element) -> ET.Element:
    """A new document equal in looks to ``root`` with no <use>, <symbol> or <defs>."""
    if local_name(root.tag) != "svg":
        raise FlattenError("The document is not an SVG image.")
    flattener = _Flattener(root)
    result = ET.Element(f"{{{SVG_NS}}}svg", {k: root.attrib[k] for k in ("width", "height", "viewBox")
                                             if k in root.attrib})
    for child in root:
        inner = flattener.copy(child, 1)
        if inner is not None:
            result.append(inner)
    return result


# Path data: commands and the number of arguments each takes.
PATH_ARGUMENTS = {"M": 2, "L": 2, "H": 1, "V": 1, "C": 6, "S": 4, "Q": 4, "T": 2, "A": 7, "Z": 0}
PATH_TOKEN = re.compile(r"\s*,?\s*([MLHVCSQTAZmlhvcsqtaz]|[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)")
ARC_FLAG = re.compile(r"\s*,?\s*([01])")


def parse_path(d: str) -> list[tuple[str, list[float]]]:
    """Path data as (command, numbers) segments; arc flags are read one digit each, as written
    compactly (``a1 1 0 011 1``)."""
    segments: list[tuple[str, list[float]]] = []
    position, command = 0, ""
    d = d.rstrip()
    while position < len(d):
        match = PATH_TOKEN.match(d, position)
        if not match:
            raise FlattenError(f"Cannot read the path data near {d[position:position + 20]!r}.")
        token = match.group(1)
        if token.isalpha():
            command, position = token, match.end()
            if command in "Zz":
                segments.append((command, []))
            continue
        if not command or command in "Zz":
            raise FlattenError("Path data has numbers without a command.")
        numbers: list[float] = []
        for index in range(PATH_ARGUMENTS[command.upper()]):
            pattern = ARC_FLAG if command in "Aa" and index in (3, 4) else PATH_TOKEN
            match = pattern.match(d, position)
            if not match or match.group(1).isalpha():
                raise FlattenError(f"Path data ends early near {d[position:position + 20]!r}.")
            numbers.append(float(match.group(1)))
            position = match.end()
        segments.append((command, numbers))
        if command in "Mm":  # numbers after a moveto's first pair are linetos
            command = "l" if command == "m" else "L"
    return segments


def format_path(segments: list[tuple[str, list[float]]], decimals: int) -> str:
    """Path data with each number rounded, separated only where needed (``M1 2-3.5.5``)."""
    out: list[str] = []
    last_command = ""
    for command, numbers in segments:
        implicit = {"M": "L", "m": "l"}.get(last_command, last_command)
        if command != implicit or not numbers:
            out.append(command)
            previous = command
        else:
            previous = out[-1] if out else ""
        for index, value in enumerate(numbers):
            is_flag = command in "Aa" and index in (3, 4)
            text = str(int(value)) if is_flag else format_number(value, decimals)
            if previous and not previous[-1].isalpha() and not text.startswith("-") and not (
                    text.startswith(".") and "." in _last_number(previous)):
                out.append(" ")
            out.append(text)
            previous = text
        last_command = command
    return "".join(out)


def _last_number(text: str) -> str:
    match = re.search(r"[-+]?[\d.]+$", text)
    return match.group(0) if match else ""


def _scale_of(m: Matrix) -> float:
    return math.sqrt(abs(m[0] * m[3] - m[1] * m[2]))


def round_paths(root: ET.Element, tolerance: float) -> None:
    """Round every path's numbers so that, drawn at its place, no point moves more than about
    ``tolerance`` document units (decimals chosen from the accumulated transform's scale)."""
    def visit(element: ET.Element, ctm: Matrix) -> None:
        ctm = multiply(ctm, parse_transform(element.get("transform", "")))
        if local_name(element.tag) == "path" and element.get("d"):
            scale = _scale_of(ctm) or 1.0
            decimals = max(0, math.ceil(-math.log10(2 * tolerance / scale)))  # rounding moves half a step
            element.set("d", format_path(parse_path(element.get("d", "")), decimals))
        for child in element:
            visit(child, ctm)

    visit(root, IDENTITY)


def to_text(root: ET.Element) -> str:
    ET.register_namespace("", SVG_NS)
    return ET.tostring(root, encoding="unicode", short_empty_elements=True) + "\n"
