"""The game review page's words laid out: a decision's texts fitted to its room, a seat's line
wrapped, lines drawn down from a corner (worked out once per words and room: the page is drawn
again as judgements come)."""

from __future__ import annotations

from functools import lru_cache

import pygame

from ...session.review import SeatFigures
from ..core.charts import Bar
from ..core.fonts import Fonts
from ..core.theme import CAPTION, CHART_LOST, SMALL
from ..core.widgets import draw_text, text_width
from ..text.messages import fit_text, wrap


def words_that_fit(texts: list[str], room: pygame.Rect,
                   fonts: tuple[pygame.font.Font, ...]) -> tuple[pygame.font.Font, list[str], bool]:
    """``texts`` wrapped to ``room`` in the first of ``fonts`` (largest first) at which every line
    fits, and True; where none does, the smallest, its last line ending in an ellipsis, and False
    (at 960x540 the reason was cut after 'deals like this one,' with nothing to say it went on).
    Worked out once per texts, room and type: the page is drawn every frame while it judges."""
    font, lines, whole = _fitted(tuple(texts), room.w, room.h, fonts)
    return font, list(lines), whole


def heads_that_fit(fonts: Fonts, heads: list[tuple[str, str]],
                   across: int) -> tuple[pygame.font.Font, pygame.font.Font]:
    """The type of the decisions' heads (bold) and of the figures beside them, each head and its
    figures on one line ``across`` wide: at a larger text size the figures shrink back first, then
    the heads, only as far as the lines need (at 960x540 150% they ran into each other)."""

    def fits(head: pygame.font.Font, figures: pygame.font.Font) -> bool:
        return all(text_width(head, a) + text_width(figures, b) <= across for a, b in heads)

    full = fonts.get(SMALL, bold=True)
    figures = fonts.fitting(CAPTION, lambda font: fits(full, font))
    return fonts.fitting(SMALL, lambda font: fits(font, figures), bold=True), figures


@lru_cache(maxsize=64)
def wrapped(text: str, width: int, font: pygame.font.Font) -> tuple[str, ...]:
    """A seat's line wrapped to ``width``: the same words are drawn again with each judgement, and
    changed words are measured whole first (a line that fits is one measurement, not one a word)."""
    if text_width(font, text) <= width:
        return (text,)
    return tuple(wrap(text, width, lambda t: text_width(font, t)))


@lru_cache(maxsize=64)
def _fitted(texts: tuple[str, ...], width: int, height: int,
            fonts: tuple[pygame.font.Font, ...]) -> tuple[pygame.font.Font, tuple[str, ...], bool]:
    room = pygame.Rect(0, 0, width, height)
    for font in fonts:
        def measure(text: str, font: pygame.font.Font = font) -> int:
            return text_width(font, text)

        lines = [line for text in texts for line in wrap(text, room.w, measure)]
        fit = max(1, (room.h - 4) // font.get_linesize())
        if len(lines) <= fit:
            return font, tuple(lines), True
    shown = lines[:fit]
    shown[-1] = fit_text(shown[-1] + " …", room.w, measure)
    return font, tuple(shown), False


def draw_lines(surface: pygame.Surface, font: pygame.font.Font, lines: list[str], colour: tuple[int, int, int],
               topleft: tuple[int, int]) -> int:
    """Lines from ``topleft`` down, left-aligned; returns the bottom of the last."""
    x, y = topleft
    for line in lines:
        y = draw_text(surface, font, line, colour, topleft=(x, y)).bottom
    return y


def cards_in(mask: int) -> list[int]:
    from ...engine.cards import cards_of

    return list(cards_of(mask))


def lost_bars(side: list[SeatFigures], hands: int) -> list[Bar]:
    """The review chart's bars: the points the seats of ``side`` lost together, hand by hand (every
    hand a bar, a hand without loss at zero), each captioned with its whole points from one."""
    lost: dict[int, float] = {hand: 0.0 for hand in range(1, hands + 1)}
    for figures in side:
        for hand, points in figures.lost_by_hand.items():
            lost[hand] = lost.get(hand, 0.0) + points
    return [Bar(str(hand), round(points), CHART_LOST, str(round(points)) if points >= 1 else "")
            for hand, points in sorted(lost.items())]
