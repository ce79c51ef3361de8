"""Draw the classic deck's two jokers (assets/cards/classic/BJ.svg and LJ.svg).

The jokers are this project's own drawing in the style of the deck's court cards (Adrian
Kennard's designs, which make_card_art.py brings in): the court cards' thin blue frame and outline
width, their gold, red, blue and black, a jester drawn in the top half and turned 180 degrees into
the bottom half, a thin line between the halves, and JOKER down the top-left and bottom-right
corners in stroked serif letters like the court cards' rank letters.  The jester wears a cap of
three points with bells, a ruff, a pointed collar and a harlequin doublet, and holds a marotte; a
star stands where a court card has its big pip.  The big joker is in the court cards' colours with
red letters and star; the little joker is the same drawing in black, white and one grey with black
letters and star, as in printed decks, so a fanned hand tells them apart by the corner.
Dedicated to the public domain (CC0 1.0), like the rest of the deck.

Only what pygame-ce's SVG loader (nanosvg) draws is used: paths, a rect and group transforms with
plain fills and strokes (no text, use, patterns or gradients).  The two halves are the same paths
written twice, since the loader cannot reuse a group.

    python packaging/card_art/make_jokers.py [--out assets/cards/classic]
"""

from __future__ import annotations

import argparse
import math
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
OUT_DIR = ROOT / "assets" / "cards" / "classic"

# Roles of the drawing -> colour.  The big joker uses the court cards' palette; the little joker
# maps it onto black, white and one grey.
GREY = "#999"
PALETTES = {
    "BJ": {"gold": "#FC4", "red": "red", "blue": "#44F", "black": "#000", "white": "#fff", "line": "#44F",
           "index": "red"},
    "LJ": {"gold": "#fff", "red": GREY, "blue": "#000", "black": "#000", "white": "#fff", "line": "#000",
           "index": "#000"},
}

# The corner index: JOKER, one letter above the other, as stroked serif letters drawn in a
# 1000-unit box (x -500..500, y -460..460 for a capital) like the deck's rank letters.
LETTERS = {
    "J": "M-60-460h260M70-460v690a150 150 0 0 1-300 0v-40",
    "O": "M-200-260a200 200 0 0 1 400 0v520a200 200 0 0 1-400 0Z",
    "K": "M-280-460h220M-170-460v920M-280 460h220M50-460h220M160-460-170 40M-60-90 200 460M100 460h200",
    "E": "M-280-460h500v130M-170-460v920M-280 460h500v-130M-170 0h230M60-90v180",
    "R": "M-280-460H40a200 200 0 0 1 0 400H-170M-170-460v920M-280 460h220M0-60 190 460M100 460h190",
}
INDEX_X = -100.5  # card units; the court cards' index letters span about x -108..-89
INDEX_TOP = -158.5
LETTER_SCALE = 0.0165  # a letter is 920 * 0.0165 = 15.2 card units tall
LETTER_PITCH = 18.6
LETTER_STROKE = 115


def corner_index(colour: str) -> str:
    letters = []
    for row, letter in enumerate("JOKER"):
        y = INDEX_TOP + 460 * LETTER_SCALE + row * LETTER_PITCH
        letters.append(f'<path transform="matrix({LETTER_SCALE} 0 0 {LETTER_SCALE} {INDEX_X} {y:.2f})" '
                       f'd="{LETTERS[letter]}"/>')
    return (f'<g stroke="{colour}" stroke-width="{LETTER_STROKE}" stroke-linecap="square" '
            f'stroke-miterlimit="1.5" fill="none">{"".join(letters)}</g>')


# The jester, top half of the frame (x -82.4..82.4, y -130.4..0), card units.  A part is a list
# of (fill role or None, stroke role or None, stroke width, path data), drawn in that order.
Part = list[tuple[str | None, str | None, float, str]]
W = 0.8  # the court cards' outline width (6 units of their figure, scaled)
FINE = 0.45


def num(value: float, decimals: int = 1) -> str:
    """A short number for path data: -3.50 -> -3.5, 0.45 -> .45."""
    text = re.sub(r"^(-?)0\.", r"\1.", f"{value:.{decimals}f}".rstrip("0").rstrip("."))
    return "0" if text == "-0" else text


def circle(x: float, y: float, r: float) -> str:
    return f"M{num(x - r)} {num(y)}a{num(r)} {num(r)} 0 1 0 {num(2 * r)} 0 {num(r)} {num(r)} 0 1 0 {num(-2 * r)} 0Z"


def bells(centres: list[tuple[float, float]], r: float) -> Part:
    """Gold bells with a black slit, hung at the tips of the points."""
    return [
        ("gold", "line", W, "".join(circle(x, y, r) for x, y in centres)),
        (None, "black", r / 4, "".join(f"M{num(x - r * 0.6)} {num(y + r * 0.3)}h{num(r * 1.2)}" for x, y in centres)),
    ]


def collar() -> Part:
    """The pointed collar over the shoulders: seven points, white and red in turn, each with a bell."""
    points: dict[str, list[str]] = {"white": [], "red": []}
    tips = []
    for i, degrees in enumerate(range(-75, 76, 25)):
        a, half = math.radians(degrees), math.radians(12.5)
        base = [(27 * math.sin(b), -57 + 9 * math.cos(b)) for b in (a - half, a + half)]
        tip = (50 * math.sin(a), -57 + 22 * math.cos(a))
        d = "M{} {}L{} {} {} {}Z".format(*map(num, (*base[0], *tip, *base[1])))
        points["red" if i % 2 else "white"].append(d)
        tips.append(tip)
    return [(role, "line", W, "".join(ds)) for role, ds in points.items()] + bells(tips, 2.8)


def star(x: float, y: float, outer: float, inner: float) -> str:
    """A five-pointed star, one point up."""
    corners = []
    for k in range(10):
        a, r = math.pi * k / 5, (outer if k % 2 == 0 else inner)
        corners.append(f"{num(x + r * math.sin(a))} {num(y - r * math.cos(a))}")
    return "M" + " ".join(corners) + "Z"


def lozenges() -> Part:
    """The doublet's harlequin check: blue lozenges on his right, red on his left, on gold."""
    shapes: dict[str, list[str]] = {"blue": [], "red": []}
    for x in range(7, 70, 14):
        for y in (-40, -22):
            for side, role in ((-1, "blue"), (1, "red")):
                shapes[role].append(f"M{side * x - 7} {y}l7-9 7 9-7 9Z")
    return [(role, "line", W, "".join(ds)) for role, ds in shapes.items()]


BODY: Part = [
    ("gold", "line", W, 'M-82.4 0V-46C-66-52-48-58-30-62H30C48-58 66-52 82.4-46V0Z'),
    *lozenges(),
    ("black", "line", W, 'M-82.4-10H82.4V-5H-82.4Z'),
    ("gold", "line", W, 'M-5-11.5H5V-3.5H-5Z'),
    # sleeves, counterchanged: his right arm bent to hold the marotte, his left hand on his hip
    ("red", "line", W, 'M-36-60C-52-62-72-54-80-40-84-30-80-20-72-19-68-19-64-21-59.7-23.4L-63.6-36.8'
                       'C-62-44-54-48-46-50Z'),
    ("blue", "line", W, 'M36-60C52-62 72-54 80-40 84-30 82-20 74-16L58-15 52-28C54-38 52-46 46-50Z'),
    (None, "line", FINE, 'M-44-56C-58-54-70-46-74-34M-56-56C-66-50-72-42-76-30'
                         'M44-56C58-54 70-46 74-34M56-56C66-50 72-42 76-30'),
    ("gold", "line", W, 'M50-29 55-31 60-13 54-12Z'),
    ("white", "line", W, 'M51-27C46-28 40-25 38-19 37-15 39-12 43-12L53-13Z'),
    (None, "line", FINE, 'M40.5-21.5 47-22M39-17.5 46-18'),
    *collar(),
    ("index", None, 0, star(64, -108, 15, 6.2)),  # in the place of a court card's pip, in the letters' colour
]

HEAD: Part = [
    # ruff round the neck
    ("white", "line", W, 'M-32-50C-38-42-31-36-25-39-23-33-15-33-12-37-9-32 9-32 12-37 15-33 23-33 25-39 '
                         '31-36 38-42 32-50Z'),
    (None, "line", FINE, 'M-25-39-21-48M-12-37-10-47M0-34V-47M12-37 10-47M25-39 21-48'),
    # hood and face
    ("gold", "line", W, 'M-29-95C-34-76-32-56-22-44H22C32-56 34-76 29-95Z'),
    (None, "line", FINE, 'M-25-86C-28-72-27-58-20-48M-21.5-86C-24-72-23-60-17-50'
                         'M25-86C28-72 27-58 20-48M21.5-86C24-72 23-60 17-50'),
    ("white", "line", W, 'M-18-90C-20-72-18-56-11-47-7-42.5-3-41.5 0-41.5S7-42.5 11-47C18-56 20-72 18-90Z'),
    # cap: three points, red, gold and blue, on a band; the blue one droops by his cheek
    ("gold", "line", W, 'M-11-99C-12-110-7-116 2-120 8-114 12-109 11-99Z'),
    ("red", "line", W, 'M-9-101C-16-118-34-127-58-127-74-127-86-121-90-111-78-116-62-116-50-112'
                       '-40-108-32-102-28-96Z'),
    ("blue", "line", W, 'M9-101C30-116 52-112 56-94 58-84 56-72 50-62 48-78 42-92 28-96Z'),
    (None, "line", FINE, 'M-14-103C-24-116-44-122-64-121M-4-101C-4-108-1-113 2-117'
                         'M14-103C34-112 48-104 52-86'),
    ("gold", "line", W, 'M-29-96Q0-102 29-96L28-88Q0-93-28-88Z'),
    ("black", None, 0, 'M-28-88.5Q0-93.5 28-88.5L27.5-85Q0-90-27.5-85Z'),
    ("red", None, 0, 'M-20-96l2 3-2 3-2-3ZM-10-97.5l2 3-2 3-2-3ZM0-98l2 3-2 3-2-3ZM10-97.5l2 3-2 3-2-3Z'
                     'M20-96l2 3-2 3-2-3Z'),
    # face
    (None, "line", W, 'M-13-78Q-8-82-3-78.5M13-78Q8-82 3-78.5'),
    ("white", "line", FINE, 'M-13-72Q-7.5-76.5-2.5-72Q-7.5-69-13-72ZM13-72Q7.5-76.5 2.5-72Q7.5-69 13-72Z'),
    ("blue", None, 0, circle(-7, -72.4, 1.7) + circle(7, -72.4, 1.7)),
    (None, "line", W, 'M0.5-71Q-1-65-3.5-61.5Q-1-59.5 1.5-60.5M-8-54Q0-48.5 8-54M-9.5-55.5-7.5-53.5'
                      'M9.5-55.5 7.5-53.5M-3-49.5Q0-48 3-49.5'),
    *bells([(-90, -108), (2, -122), (50, -59)], 4.3),
]
HEAD_PLACE = "matrix(.76 0 0 .76 0 -31)"  # the head is drawn larger than it stands on the card

# The marotte: a stick with a little jester's head, its head at (0, 0), held in his right hand.
MAROTTE: Part = [
    ("gold", "line", W, 'M-1.6 6H1.6V74H-1.6Z' + circle(0, 77, 3)),
    ("white", "line", W, 'M-9 5Q0 10 9 5L11 9Q0 15-11 9Z'),
    ("white", "line", W, circle(0, 0, 7.5)),
    ("red", "line", W, 'M-6-4C-8-11-10-13-13-12-10-17-3-17 0-9Z'),
    ("blue", "line", W, 'M6-4C8-11 10-13 13-12 10-17 3-17 0-9Z'),
    ("gold", "line", W, 'M-6-4C-5-12-3-18 0-21 3-18 5-12 6-4Q0-7-6-4Z'),
    (None, "line", FINE, 'M-4.5-1h2.5M2-1h2.5M-3.5 3Q0 5 3.5 3'),
    # his hand round the stick, the sleeve's gold cuff
    ("gold", "line", W, 'M-14 42Q-10 44-5 43V57Q-10 58-14 58Z'),
    ("white", "line", W, 'M-5 44C-2 42 4 43 5 46 7 49 7 54 5 57 3 59-2 59-5 57Z'),
    (None, "line", FINE, 'M-2 47.5H5.5M-2 51H6M-2 54.5H5.5'),
    *bells([(-13, -12), (0, -22), (13, -12)], 2.6),
]
MAROTTE_PLACE = "translate(-62 -82) rotate(-16)"


def part(elements: Part, palette: dict[str, str]) -> str:
    """The elements as paths; the outline colour and width are the group's unless they differ."""
    out = []
    for fill, stroke, width, d in elements:
        attrs = f'fill="{palette[fill] if fill else "none"}"'
        if stroke is None:
            attrs += ' stroke="none"'
        elif stroke != "line":
            attrs += f' stroke="{palette[stroke]}"'
        if stroke and width != W:
            attrs += f' stroke-width="{num(width, 2)}"'
        out.append(f'<path {attrs} d="{d.replace(" -", "-")}"/>')  # a minus sign separates numbers
    return "".join(out)


def figure(palette: dict[str, str]) -> str:
    return (part(BODY, palette) + f'<g transform="{HEAD_PLACE}">{part(HEAD, palette)}</g>'
            f'<g transform="{MAROTTE_PLACE}">{part(MAROTTE, palette)}</g>')


def joker_svg(stem: str) -> str:
    palette = PALETTES[stem]
    half = figure(palette)
    index = corner_index(palette["index"])
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" width="240" height="336" viewBox="-120 -168 240 336">'
        '<rect width="239" height="335" x="-119.5" y="-167.5" rx="12" ry="12" fill="#fff" stroke="#000" />'
        f'<g stroke="{palette["line"]}" stroke-width="{W}" stroke-linejoin="round" stroke-linecap="round">'
        f'{half}<g transform="rotate(180)">{half}</g></g>'
        f'<path d="M-82.4 0H82.4" stroke="{palette["line"]}" stroke-width="{W}"/>'
        f'{index}<g transform="rotate(180)">{index}</g>'
        f'<g stroke="{palette["line"]}" fill="none"><path d="M-82.4-130.4H82.4v260.8H-82.4z" /></g>'
        "</svg>\n"
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=OUT_DIR)
    args = parser.parse_args(argv)
    for stem in PALETTES:
        text = joker_svg(stem)
        (args.out / f"{stem}.svg").write_text(text, encoding="utf-8")
        print(f"{args.out / stem}.svg: {len(text.encode())} bytes")


if __name__ == "__main__":
    main()
