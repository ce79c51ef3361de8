"""Charts in the game's own style, drawn with pygame: a line chart (a game's scores hand by hand,
with the target as a line across) and a bar chart (the statistics).

No plotting library: start-up matters, and a chart here is a few lines and labels.  The lines and
bars are drawn at twice the size and smooth-scaled once (anti-aliased at any size) and cached per
size and data; the labels are drawn as text each frame (from the text cache) so the layout checks
see them like any other text.  Where a value lands is pure arithmetic (``Scale``, ``nice_ticks``),
tested without a window.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial

import pygame

from .theme import (
    CHART_AXIS,
    CHART_BAR_GAP,
    CHART_GRID,
    CHART_INK,
    CHART_LINE,
    CHART_MARK,
    CHART_MARKER,
    CHART_MIN_SLOTS,
    CHART_PADDING,
    CHART_TARGET,
    CHART_TEXT,
    CLEAR,
)
from .widgets import draw_text

RGB = tuple[int, int, int]
SUPERSAMPLE = 2  # lines are drawn this many times larger, then smooth-scaled down


def nice_ticks(low: float, high: float, most: int = 6, whole: bool = True) -> list[float]:
    """Round values from at or below ``low`` to at or above ``high``, at most ``most`` + 1 of them,
    spaced 1, 2, 2.5 or 5 times a power of ten (what a person reads at a glance); ``whole``: the
    values are counts or scores, so no step is smaller than one."""
    if high < low:
        low, high = high, low
    if high == low:
        high = low + 1
    raw = (high - low) / max(1, most)
    power = 10 ** math.floor(math.log10(raw))
    step = next(power * m for m in (1, 2, 2.5, 5, 10) if power * m >= raw and (not whole or power * m >= 1))
    if whole and not float(step).is_integer():  # 2.5: no quarter points
        step = math.ceil(step)
    first = math.floor(low / step) * step
    last = math.ceil(high / step) * step
    count = round((last - first) / step)
    return [round(first + i * step, 10) for i in range(count + 1)]


@dataclass(frozen=True)
class Scale:
    """Values from ``low`` to ``high`` onto pixels from ``start`` to ``end`` (either way round)."""

    low: float
    high: float
    start: float
    end: float

    def at(self, value: float) -> float:
        span = self.high - self.low or 1
        return self.start + (value - self.low) / span * (self.end - self.start)


@dataclass(frozen=True)
class Series:
    """One line: a side's score after each hand (``values[0]`` is the start)."""

    label: str
    values: tuple[float, ...]
    colour: RGB


@dataclass(frozen=True)
class Guide:
    """A value marked across the chart: the target score, zero."""

    value: float
    label: str
    colour: RGB


@dataclass(frozen=True)
class Bar:
    """One bar: its label under it, its value, a caption over it ("3 of 4"), and a value marked
    across it (the bid its tricks are measured against)."""

    label: str
    value: float
    colour: RGB
    caption: str = ""
    mark: float | None = None


def tick_label(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


def _every(count: int, room: int, width: int) -> int:
    """Label every n-th of ``count`` places so labels ``width`` wide never touch in ``room``."""
    return max(1, math.ceil(count * (width + 8) / max(1, room)))


def _value_axis(rect: pygame.Rect, font: pygame.font.Font, low: float, high: float, legend: bool,
                most: int = 6) -> tuple[pygame.Rect, list[float]]:
    """The plot's area and the values marked on its axis: as many as its height holds with a line
    of text between two (a small window gets fewer), the area left of it as wide as their labels."""
    top = font.get_linesize() + CHART_PADDING if legend else CHART_PADDING
    bottom = font.get_linesize() * 2 + CHART_PADDING
    height = rect.h - top - bottom
    ticks = nice_ticks(low, high, max(1, min(most, height // (font.get_linesize() * 2))))
    left = max(font.size(tick_label(t))[0] for t in ticks) + CHART_PADDING
    return pygame.Rect(rect.left + left, rect.top + top, rect.w - left - CHART_PADDING, height), ticks


_PICTURES: dict[object, pygame.Surface] = {}


def _cached(key: object, draw) -> pygame.Surface:
    picture = _PICTURES.get(key)
    if picture is None:
        if len(_PICTURES) > 512:
            _PICTURES.clear()
        picture = _PICTURES[key] = draw()
    return picture


def _draw_bar(colour: RGB, big: pygame.Surface, k: int) -> None:
    box = big.get_rect()
    pygame.draw.rect(big, colour, box, border_radius=min(box.w // 4, 3 * k))


def _smooth(size: tuple[int, int], draw) -> pygame.Surface:
    """Draw on a surface ``SUPERSAMPLE`` times larger (``draw`` gets it and the factor), scale down once."""
    big = pygame.Surface((size[0] * SUPERSAMPLE, size[1] * SUPERSAMPLE), pygame.SRCALPHA)
    big.fill(CLEAR)
    draw(big, SUPERSAMPLE)
    small = pygame.transform.smoothscale(big, size)
    return small.convert_alpha() if pygame.display.get_surface() is not None else small


def _grid(surface: pygame.Surface, plot: pygame.Rect, font: pygame.font.Font, ticks: Sequence[float],
          scale: Scale) -> None:
    for tick in ticks:
        y = round(scale.at(tick))
        pygame.draw.line(surface, CHART_AXIS if tick == 0 else CHART_GRID, (plot.left, y), (plot.right, y))
        draw_text(surface, font, tick_label(tick), CHART_TEXT, midright=(plot.left - CHART_PADDING // 2, y))


def draw_line_chart(surface: pygame.Surface, rect: pygame.Rect, font: pygame.font.Font, series: Sequence[Series],
                    guides: Sequence[Guide] = (), marker: int | None = None, marker_label: str = "",
                    x_title: str = "") -> pygame.Rect:
    """Each series as a line over hands 0..n, guides as dashed lines across, and an optional
    marker: a vertical line at one hand (where the lead changed).  Returns the plot's area."""
    count = max(len(s.values) for s in series)
    values = [v for s in series for v in s.values] + [g.value for g in guides] + [0]
    plot, ticks = _value_axis(rect, font, min(values), max(values), legend=True)
    ys = Scale(ticks[0], ticks[-1], plot.bottom, plot.top)
    xs = Scale(0, max(1, count - 1), plot.left, plot.right)
    _grid(surface, plot, font, ticks, ys)
    pygame.draw.line(surface, CHART_AXIS, plot.bottomleft, plot.topleft)

    pad = CHART_LINE + 2  # the picture reaches this far past the plot, so the end dots are whole

    def lines(big: pygame.Surface, k: int) -> None:
        def spot(x: float, y: float) -> tuple[float, float]:
            return ((x - plot.left + pad) * k, (y - plot.top + pad) * k)

        for guide in guides:  # dashed, under the lines
            y = ys.at(guide.value)
            for x in range(plot.left, plot.right, 14):
                pygame.draw.line(big, guide.colour, spot(x, y), spot(min(plot.right, x + 8), y), k)
        if marker is not None:
            at = xs.at(marker)
            pygame.draw.line(big, CHART_MARKER, spot(at, plot.top), spot(at, plot.bottom), k)
        for line in series:
            points = [spot(xs.at(i), ys.at(v)) for i, v in enumerate(line.values)]
            if len(points) > 1:
                pygame.draw.lines(big, line.colour, False, points, CHART_LINE * k)
            for point in points:
                pygame.draw.circle(big, line.colour, point, (CHART_LINE + 1) * k)

    key = ("line", plot.size, tuple(series), tuple(guides), marker, tuple(ticks))
    picture = _cached(key, lambda: _smooth(plot.inflate(2 * pad, 2 * pad).size, lines))
    surface.blit(picture, (plot.left - pad, plot.top - pad))
    step = _every(count, plot.w, font.size(str(count))[0])
    for i in range(step, count, step):  # from the first hand: the start's 0 is the value axis's
        draw_text(surface, font, str(i), CHART_TEXT, midtop=(round(xs.at(i)), plot.bottom + 4))
    if x_title:
        draw_text(surface, font, x_title, CHART_TEXT, midtop=(plot.centerx, plot.bottom + 4 + font.get_linesize()))
    for guide in guides:
        # at the left, where the lines start low: the target's label is rarely crossed there
        draw_text(surface, font, guide.label, guide.colour, bottomleft=(plot.left + 6, round(ys.at(guide.value)) - 2))
    if marker is not None and marker_label:
        x = round(xs.at(marker))
        anchor = {"topleft": (x + 6, plot.top + 2)} if x < plot.centerx else {"topright": (x - 6, plot.top + 2)}
        draw_text(surface, font, marker_label, CHART_MARKER, **anchor)
    _legend(surface, font, series, (plot.left, rect.top))
    return plot


def _legend(surface: pygame.Surface, font: pygame.font.Font, series: Sequence[Series],
            topleft: tuple[int, int]) -> None:
    x, y = topleft
    swatch = font.get_linesize() // 2
    for line in series:
        box = pygame.Rect(x, y + (font.get_linesize() - swatch) // 2, swatch * 2, swatch)
        pygame.draw.rect(surface, line.colour, box, border_radius=swatch // 2)
        x = draw_text(surface, font, line.label, CHART_TEXT, topleft=(box.right + 6, y)).right + CHART_PADDING * 2


def draw_bar_chart(surface: pygame.Surface, rect: pygame.Rect, font: pygame.font.Font, bars: Sequence[Bar],
                   low: float | None = None, high: float | None = None, title: str = "") -> pygame.Rect:
    """Bars from zero (up for a value above it, down below), each labelled under the chart and
    captioned over its end (over its mark, if that is higher), a mark as a line across it;
    ``low``/``high`` fix the scale (a share from 0 to 100)."""
    values = [b.value for b in bars] + [b.mark for b in bars if b.mark is not None] or [0]
    top = max(0, *values) * (1.25 if any(b.mark is not None for b in bars) else 1)  # room for captions over marks
    plot, ticks = _value_axis(rect, font, min(0, *values) if low is None else low,
                              top if high is None else high, legend=bool(title), most=4)
    ys = Scale(ticks[0], ticks[-1], plot.bottom, plot.top)
    _grid(surface, plot, font, ticks, ys)
    if title:
        draw_text(surface, font, title, CHART_TEXT, topleft=(plot.left, rect.top))
    if not bars:
        return plot
    slot = plot.w / max(len(bars), CHART_MIN_SLOTS)  # a few bars stay bars, not slabs: centred as a group
    width = max(2, slot - CHART_BAR_GAP)
    start = (plot.w - slot * len(bars)) / 2

    # each bar a picture of its own, kept by its size and colour: a chart whose numbers change while
    # it is shown (the game review's, as judgements come in) redraws only the bars that changed, where
    # drawing the whole plot at twice the size cost a frame 7 ms
    zero = ys.at(0)
    for i, bar in enumerate(bars):
        end = ys.at(bar.value)
        if round(abs(zero - end)) == 0:  # nothing to show (a pixel-high bar read as a line on the axis)
            continue
        size = (max(1, round(width)), round(abs(zero - end)))
        picture = _cached(("bar", size, bar.colour), lambda size=size, colour=bar.colour: _smooth(size, partial(
            _draw_bar, colour)))
        surface.blit(picture, (round(plot.left + start + i * slot + (slot - width) / 2), round(min(zero, end))))
    for i, bar in enumerate(bars):
        if bar.mark is not None:  # a little wider than its bar, so it reads over an empty one (a nil made)
            y, left = round(ys.at(bar.mark)), round(plot.left + start + i * slot + (slot - width) / 2)
            pygame.draw.line(surface, CHART_TARGET, (left - 2, y), (left + round(width) + 1, y), CHART_MARK)
    label_step = _every(len(bars), plot.w, max(font.size(b.label)[0] for b in bars))
    for i, bar in enumerate(bars):
        x = round(plot.left + start + (i + 0.5) * slot)
        if i % label_step == 0:
            draw_text(surface, font, bar.label, CHART_TEXT, midtop=(x, plot.bottom + 4))
        if bar.caption and font.size(bar.caption)[0] <= (width if bar.mark is None else slot):
            zero, end = round(ys.at(0)), round(ys.at(bar.value))
            if bar.mark is not None:  # over the higher of the bar and its mark, clear of both
                top = min(end, round(ys.at(bar.mark)) - CHART_MARK) if bar.value >= 0 else end
                draw_text(surface, font, bar.caption, CHART_TEXT, midbottom=(x, top - 2))
            elif abs(zero - end) >= font.get_linesize() + 4:  # inside the bar's end, in dark ink on its colour
                anchor = {"midtop": (x, end + 2)} if bar.value >= 0 else {"midbottom": (x, end - 2)}
                draw_text(surface, font, bar.caption, CHART_INK, **anchor)
            else:  # a short bar: just beyond its end
                anchor = {"midbottom": (x, end - 2)} if bar.value >= 0 else {"midtop": (x, end + 2)}
                draw_text(surface, font, bar.caption, CHART_TEXT, **anchor)
    return plot
