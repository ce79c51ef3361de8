"""Make the classic deck's faces (assets/cards/classic/*.svg) from the public-domain
``@letele/playing-cards`` 0.1.0 (Adrian Kennard's card designs, CC0-1.0).

Why a script: the package's cards are React components drawn from ``<symbol>``/``<use>``, which
pygame-ce's SVG loader ignores.  This renders them to static SVG with node, inlines every use
(svg_flatten.py), replaces the QR code the source prints on the ace of spades by an ornate
spade of our own and writes one file per card, named by the engine's card id (``AS.svg``,
``TH.svg``).  The package's backs use patterns the loader cannot draw; they are not used.  Its
jokers (``J1``, ``J2``) are not used either: the deck's jokers ``BJ.svg`` and ``LJ.svg`` are this
project's own drawing, written by make_jokers.py, and this script leaves them alone.

Run by hand when the art changes (never at install time; node and npm only on this machine):

    mkdir -p /tmp/cardart && cp packaging/card_art/package.json /tmp/cardart/
    (cd /tmp/cardart && npm install)
    python packaging/card_art/make_card_art.py --scratch /tmp/cardart
"""

from __future__ import annotations

import argparse
import copy
import json
import math
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

from svg_flatten import SVG_NS, XLINK_HREF, flatten, local_name, round_paths, to_text

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
OUT_DIR = ROOT / "assets" / "cards" / "classic"
EXPECTED_SOURCE = {"name": "@letele/playing-cards", "version": "0.1.0", "license": "CC0-1.0"}

# The package names a card suit first with a lower-case rank (Sk, H10, Da); the engine rank
# first, ten as T (KS, TH, AD).  See spades_desktop/engine/cards.py.
SOURCE_RANKS = {"a": "A", "k": "K", "q": "Q", "j": "J", "10": "T", **{str(n): str(n) for n in range(2, 10)}}
TOLERANCE = 0.01  # card units (the card is 240 x 336): about 0.02 px on a card 700 px tall


def card_file_names() -> dict[str, str]:
    """Source component name -> our file name stem, for the 52 faces.  The source's jokers J1 and J2
    are left out: BJ.svg and LJ.svg are this project's (make_jokers.py) and must not be overwritten."""
    return {f"{suit}{rank}": f"{ours}{suit}" for suit in "CDHS" for rank, ours in SOURCE_RANKS.items()}


ACE_SPADE_SIZE = 196  # card units; the source draws its big spade 164.8 across

def ornate_ace_of_spades(card: ET.Element) -> None:
    """Take out the QR code and web address the source prints on its ace of spades, draw its big
    spade larger and frame it with a double oval and four small diamonds (our own drawing)."""
    qr_codes = [el for el in card if local_name(el.tag) == "path" and el.get("fill") == "#fff"]
    texts = [el for el in card.iter() if local_name(el.tag) == "text"]
    spades = [el for el in card if local_name(el.tag) == "use" and el.get("width") == "164.8"]
    if len(qr_codes) != 1 or len(texts) != 2 or len(spades) != 3:
        raise SystemExit("The source's ace of spades has changed; look at it before replacing its QR code.")
    for element in qr_codes + texts:
        card.remove(element)
    for spade in spades:
        spade.attrib.update(width=str(ACE_SPADE_SIZE), height=str(ACE_SPADE_SIZE), x=str(-ACE_SPADE_SIZE / 2),
                            y=str(-ACE_SPADE_SIZE / 2))
    face = next(index for index, el in enumerate(card) if local_name(el.tag) == "rect")
    card.insert(face + 1, ET.fromstring(ACE_FRAME))  # on the card's white face, behind the spade
    # The spade's black border is a dashed stroke; a browser joins its two ends at the tip in a
    # sharp mitre, the game's loader caps them round, which blunts the tip.  Draw the point.
    defs = next(el for el in card if local_name(el.tag) == "defs")
    defs.append(ET.fromstring(ACE_TIP_SYMBOL))
    tip = copy.deepcopy(spades[0])
    tip.attrib = {k: v for k, v in tip.attrib.items() if k in ("x", "y", "width", "height")}
    tip.set(XLINK_HREF, "#ace-tip")
    card.insert(list(card).index(spades[0]) + 1, tip)
    # A dash that starts at the tip drew, at some sizes (a card 184, 185 or 205 px wide), a black line
    # right across the card in the game's loader: the dashes start half a dash along instead.
    for dashed in (el for el in defs.iter() if el.get("stroke-dasharray")):
        dashed.set("stroke-dashoffset", "50")


ACE_FRAME = f"""<g xmlns="{SVG_NS}" fill="none" stroke="#000">
<ellipse rx="98" ry="128" stroke-width="2.4"/>
<ellipse rx="92" ry="122" stroke-width=".8"/>
<path fill="#000" stroke="none"
 d="M0-137 6-128 0-119-6-128ZM0 137 6 128 0 119-6 128ZM-98-9-92 0-98 9-104 0ZM98-9 104 0 98 9 92 0Z"/>
</g>"""


def _ace_tip_symbol() -> str:
    """The mitred point of the spade's border, in the source's spade symbol units: the tip is at
    (0, -500), each side leaves it towards (+-100, 250) and the border is 50 wide outside it."""
    ux, uy = 100 / math.hypot(100, 250), 250 / math.hypot(100, 250)
    nx, ny = uy, -ux  # outward normal of the right-hand side
    apex_t = -50 * nx / ux  # where the two outer edges meet on the axis
    apex_y = -500 + 50 * ny + apex_t * uy
    side_t = 60  # stay within the first dash (100 long) and close to the nearly straight start
    side_x, side_y = 50 * nx + side_t * ux, -500 + 50 * ny + side_t * uy
    d = f"M0 {apex_y:.1f}L{side_x:.1f} {side_y:.1f}L0 -420L{-side_x:.1f} {side_y:.1f}Z"
    return (f'<symbol xmlns="{SVG_NS}" id="ace-tip" viewBox="-600 -600 1200 1200" preserveAspectRatio="xMinYMid">'
            f'<path d="{d}"/></symbol>')


ACE_TIP_SYMBOL = _ace_tip_symbol()


def render_sources(scratch: Path, raw_dir: Path) -> dict[str, str]:
    node_modules = scratch / "node_modules" / "@letele" / "playing-cards"
    if not node_modules.is_dir():
        install = f"cp {HERE / 'package.json'} {scratch}/ && (cd {scratch} && npm install)"
        raise SystemExit(f"No {node_modules}. Install the node packages first: {install}")
    subprocess.run(["node", str(HERE / "render_cards.mjs"), str(scratch), str(raw_dir)], check=True)
    source = json.loads((raw_dir / "source.json").read_text())
    for key, wanted in EXPECTED_SOURCE.items():
        if source[key] != wanted:
            raise SystemExit(f"Expected {key} {wanted!r} in the package, found {source[key]!r}.")
    if "CC0 1.0 Universal" not in source["licenseFileFirstLines"]:
        raise SystemExit("The package's LICENSE file is not CC0 1.0; check the licence before using the art.")
    return source


def make_card(raw: Path, stem: str) -> str:
    source = ET.parse(raw).getroot()
    if stem == "AS":
        ornate_ace_of_spades(source)
    card = flatten(source)
    round_paths(card, TOLERANCE)
    return to_text(card)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scratch", type=Path, default=Path("/tmp/cardart"),
                        help="folder holding node_modules (default /tmp/cardart)")
    parser.add_argument("--out", type=Path, default=OUT_DIR)
    args = parser.parse_args(argv)
    raw_dir = args.scratch / "raw"
    source = render_sources(args.scratch, raw_dir)
    args.out.mkdir(parents=True, exist_ok=True)
    total = 0
    for component, stem in card_file_names().items():
        text = make_card(raw_dir / f"{component}.svg", stem)
        (args.out / f"{stem}.svg").write_text(text, encoding="utf-8")
        total += len(text.encode())
    print(f"{len(card_file_names())} cards from {source['name']} {source['version']} -> {args.out} ({total} bytes)")
    missing = [stem for stem in ("BJ", "LJ") if not (args.out / f"{stem}.svg").exists()]
    if missing:
        print(f"No {', '.join(missing)} in {args.out}: the jokers are drawn by make_jokers.py --out {args.out}")


if __name__ == "__main__":
    sys.exit(main())
