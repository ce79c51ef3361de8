"""Where a frame changes the window, as rectangles worth redrawing one by one.

A frame that only moves cards knows each card's old and new place.  Redrawing their bounding box
redraws the whole table while the cards are dealt to all four sides; redrawing each place alone
costs a pass over the scene per place.  What each costs was measured (``benchmarks/render_speed.py``
and the deal's frames at 1920x1080 and 3840x2160): a pass over the table with nothing to draw costs
about as much as redrawing 10,000 to 20,000 pixels, so two places become one only when their union
adds fewer pixels than that; cards a hand's width apart stay apart.  (Joining places until their
union was 1.4 times their size, into at most six areas, redrew half again as many pixels as the
cards covered while the deal flew to four sides, the most expensive frames of a game at 4K.)
"""

from __future__ import annotations

import pygame

#: a pass over the scene costs about as much as redrawing this many pixels
PASS_PIXELS = 16_000
#: never more passes over the scene than this in one frame (the cheapest merges make up the rest)
MOST_AREAS = 24
#: how near (in pixels) another area must come for a merge to be worth looking at
_NEAR = 64


def _size(rect: pygame.Rect) -> int:
    return rect.w * rect.h


def _absorb(areas: list[pygame.Rect], rect: pygame.Rect) -> bool:
    """Merge ``rect`` into the first area near it whose union with it costs less than one more pass."""
    size = _size(rect)
    for i in rect.inflate(2 * _NEAR, 2 * _NEAR).collidelistall(areas):
        area = areas[i]
        if _size(area.union(rect)) <= _size(area) + size + PASS_PIXELS:
            areas[i] = area.union(rect)
            return True
    return False


def merge_areas(rects: list[pygame.Rect], bounds: pygame.Rect) -> list[pygame.Rect]:
    """``rects`` inside ``bounds``, merged where that is cheaper than a pass each, into at most
    ``MOST_AREAS`` rectangles that cover them all."""
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


def _minus(rect: pygame.Rect, cut: pygame.Rect) -> list[pygame.Rect]:
    """``rect`` without ``cut``: at most four rectangles (above, below, left and right of their overlap)."""
    common = rect.clip(cut)
    if not common.w or not common.h:
        return [rect]
    pieces = [pygame.Rect(rect.x, rect.y, rect.w, common.y - rect.y),
              pygame.Rect(rect.x, common.bottom, rect.w, rect.bottom - common.bottom),
              pygame.Rect(rect.x, common.y, common.x - rect.x, common.h),
              pygame.Rect(common.right, common.y, rect.right - common.right, common.h)]
    return [piece for piece in pieces if piece.w > 0 and piece.h > 0]


#: an area cut into more pieces than this is drawn whole (each piece is a pass over a layer)
MOST_PIECES = 24


def uncovered(area: pygame.Rect, covers: list[pygame.Rect]) -> list[pygame.Rect] | None:
    """``area`` without ``covers``, as rectangles that do not overlap; None when that takes more than
    ``MOST_PIECES`` of them (then drawing the area whole is cheaper)."""
    pieces = [area]
    for cover in covers:
        if not cover.colliderect(area):
            continue
        pieces = [piece for whole in pieces for piece in _minus(whole, cover)]
        if len(pieces) > MOST_PIECES:
            return None
    return pieces
