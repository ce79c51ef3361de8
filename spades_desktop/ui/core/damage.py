"""Where a frame changes the window, as a few rectangles worth redrawing one by one.

A frame that only moves cards knows each card's old and new place.  Redrawing their bounding box
redraws the whole table while the cards are dealt to all four sides; redrawing each place alone
costs a pass over the scene per place.  The middle way: places whose union is little larger than
they are become one rectangle, and there are never more than a handful.  Overlapping is not reason
enough: the deal's cards leave the deck to all four sides, and joining every place that touched
another made boxes from the middle out to two hands at once (a quarter more pixels a deal frame);
two areas that overlap both draw their common pixels, the same way each time.
"""

from __future__ import annotations

import pygame

#: two places are redrawn as one when their union is at most this much larger than the two
SLACK = 1.4
#: never more passes over the scene than this in one frame
MOST_AREAS = 6


def _size(rect: pygame.Rect) -> int:
    return rect.w * rect.h


def _absorb(areas: list[pygame.Rect], rect: pygame.Rect) -> bool:
    """Merge ``rect`` into the first area their union adds little to; False if none."""
    for i, area in enumerate(areas):
        union = area.union(rect)
        if _size(union) <= SLACK * (_size(area) + _size(rect)):
            areas[i] = union
            return True
    return False


def merge_areas(rects: list[pygame.Rect], bounds: pygame.Rect) -> list[pygame.Rect]:
    """``rects`` inside ``bounds``, merged into at most ``MOST_AREAS`` rectangles that cover them all."""
    areas: list[pygame.Rect] = []
    for rect in rects:
        rect = rect.clip(bounds)
        if rect.w and rect.h and not _absorb(areas, rect):
            areas.append(rect)
    while True:  # a merge can make an area meet one it did not meet before
        merged: list[pygame.Rect] = []
        for area in areas:
            if not _absorb(merged, area):
                merged.append(area)
        if len(merged) == len(areas):
            break
        areas = merged
    while len(areas) > MOST_AREAS:  # the two whose union grows least become one
        i, j = min(((i, j) for i in range(len(areas)) for j in range(i + 1, len(areas))),
                   key=lambda ij: _size(areas[ij[0]].union(areas[ij[1]])) - _size(areas[ij[0]]) - _size(areas[ij[1]]))
        areas[i] = areas[i].union(areas.pop(j))
    return areas
