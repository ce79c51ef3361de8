"""How a list's columns are laid across its panel (``list_scene.py`` draws them): each column as
wide as its widest text, the largest size of type at which the page fits, short headers, narrower
gutters or cut words where it does not."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

import pygame

from ..core.fonts import Fonts
from ..core.theme import BODY, CAPTION, CREAM, LABEL, SMALLEST, TINY
from ..core.widgets import render_text
from ..text.list_page import ListPage, Row

#: the sizes of type a list may take, largest first: the first at which its columns fit across
LIST_SIZES = (BODY, LABEL, CAPTION, TINY, SMALLEST)


@dataclass(frozen=True)
class Fit:
    """One way to lay a page across the panel, tried in turn until one fits: at every size of type
    (full headers, then short ones), or, ``tight``, at the smallest only with narrower gutters and,
    ``cut``, the words of a column that may be cut cut to the room left."""

    page: ListPage
    tight: bool = False
    cut: bool = False


def lay_out(fonts: Fonts, sizes: Sequence[float], fits: Iterable[Fit], room: int) -> ListLayout:
    """The first of ``fits`` that fits ``room`` across: at the largest of ``sizes`` first, then with
    short headers, and so on down; a tight fit at the smallest size only; the last tried if none fits."""
    # the sizes of type, largest first: at a larger text size its own, then 100%'s (so a long list's
    # every column stays before any is dropped); of two of the same height, the larger size's
    faces: dict[int, tuple[pygame.font.Font, pygame.font.Font]] = {}
    for scaled in dict.fromkeys((fonts.at(1.0), fonts)):
        for rel in reversed(sizes):
            faces[scaled.get(rel).get_height()] = (scaled.get(rel), scaled.get(rel, bold=True))
    pairs = [faces[height] for height in sorted(faces, reverse=True)]
    lay: ListLayout | None = None
    for fit in fits:
        for font, bold in pairs[-1:] if fit.tight else pairs:
            for short in (True,) if fit.tight else (False, True):
                lay = ListLayout.measure(fit, font, bold, short, room)
                if lay.fits:
                    return lay
    assert lay is not None
    return lay  # nothing fits: the last way at the smallest size


@dataclass
class ListLayout:
    """How a page's columns are laid across the panel: their widths from the widths of their texts,
    the space between them, and whether they fit."""

    page: ListPage
    font: pygame.font.Font
    bold: pygame.font.Font  # headers, headings and strong columns
    short: bool  # the short headers (the legend says what they stand for)
    number_w: int  # the lead column's
    widths: list[int]  # each column of a group
    gutter: int  # between two columns of a group
    gap: int  # between two groups (a line runs down its middle)
    width: int  # the whole table
    fits: bool

    @property
    def rows(self) -> tuple[Row, ...]:
        return self.page.rows

    @property
    def columns(self) -> tuple[str, ...]:
        return tuple(column.title for column in self.page.columns)

    @property
    def headers(self) -> tuple[str, ...]:
        return tuple(column.header(self.short) for column in self.page.columns)

    @classmethod
    def measure(cls, fit: Fit, font: pygame.font.Font, bold: pygame.font.Font, short: bool, room: int) -> ListLayout:
        """The columns at this font: a gutter of one digit at least (half of one if ``tight``) and
        three at most; with ``cut`` the columns that may be cut take only the room left (down to
        their header's width)."""
        page = fit.page
        digit = bold.size("0")[0]
        least = digit // 2 if fit.tight else digit
        number_w = 0
        if page.lead is not None:
            number_w = max([drawn_width(bold, page.lead.title), *(drawn_width(font, row.lead) for row in page.rows)])
        widths = []
        for c, column in enumerate(page.columns):
            face = bold if column.strong else font
            texts = {row.cells[key][c] for row in page.rows for key, _ in page.groups if not row.note or c == 0}
            widths.append(max([drawn_width(bold, column.header(short)), *(drawn_width(face, t) for t in texts)]))
        n, count = len(page.groups), len(page.columns)
        gaps = n if page.lead is not None else n - 1  # before each group that follows a column

        def total(gutter: int) -> int:  # each group's gutters, and a gap of two gutters before each group
            return number_w + n * (sum(widths) + (count - 1) * gutter) + gaps * 2 * gutter

        if fit.cut and total(least) > room:
            for c, column in enumerate(page.columns):
                if column.cut:
                    header_w = drawn_width(bold, column.header(short))
                    widths[c] = max(header_w, widths[c] - math.ceil((total(least) - room) / n))
        most = room - number_w - n * sum(widths)
        gutter = max(least, min(3 * digit, most // max(1, n * (count - 1) + 2 * gaps)))
        return cls(page, font, bold, short, number_w, widths, gutter, 2 * gutter, total(gutter), total(gutter) <= room)


def width_in(font: pygame.font.Font) -> Callable[[str], int]:
    """How wide a text is in ``font`` (what ``fit_text`` and ``wrap`` measure with)."""
    return lambda text: font.size(text)[0]


def drawn_width(font: pygame.font.Font, text: str) -> int:
    """A text's width as drawn (a face's advance can be a pixel wider than its ink), so a column is
    exactly as wide as its widest text; the rendering is cached for drawing it."""
    return render_text(font, text, CREAM).get_width() if text else 0
