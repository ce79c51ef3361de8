"""The game review page's two parts that change as judgements come: the seats' figures with the
chart, and the costliest decisions, each drawn a part at a time.

Drawing the three decisions with their cards (panels, two dozen card faces, words fitted beside
them) took the review page's slowest frame: 7-8 ms at 1920x1080, past 16 ms when the machine
hiccuped on top; the figures and the chart, drawn a few times a second while judging, 2 ms each
time (the page's 95th-percentile frame).  So each is a generator that pauses after each part (the
accuracy lines, the chart; a decision's panel and trick, the fitting of its words, its hand, its
words), drawn on a picture of its own: the page draws a part a frame and shows the finished
picture whole (``KeptInSteps``), the one before staying on the window meanwhile.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from ...ai.judge import Judgement
from ...engine.seats import Seat
from ...session.review import Decision
from ..cards.card_sprite import hand_order
from ..cards.cardart import CardArt
from ..core.charts import Bar, draw_bar_chart
from ..core.fonts import Fonts
from ..core.stepwise import Steps
from ..core.theme import (
    CAPTION,
    CARD_ASPECT,
    CREAM,
    GOLD,
    LEAD,
    MADE,
    MUTED,
    NEGATIVE,
    NOTICE,
    PANEL_OPAQUE,
    QUIET_BORDER,
    SMALL,
)
from ..core.widgets import draw_panel, draw_text, frame_winner
from ..text.review_words import costliest_title, reason_text, verdict_text, where_text
from .review_layout import cards_in, draw_lines, heads_that_fit, words_that_fit, wrapped

#: what drawing the costliest decisions works out: where each lies, how many words were cut, the card width
DecisionsShown = tuple[list[tuple[pygame.Rect, Decision]], int, int]


@dataclass(frozen=True)
class DecisionsLook:
    """What the costliest decisions are drawn from."""

    fonts: Fonts
    card_art: Callable[[int], CardArt]
    worst: list[tuple[Decision, Judgement]]
    name: Callable[[Seat], str]
    done: bool  # the review is finished (the words when no decision was costly say so)
    faces_ready: Callable[[int], bool]  # every face final at this card width (else no cards yet)
    person: Seat


def decisions_steps(surface: pygame.Surface, rect: pygame.Rect, look: DecisionsLook) -> Steps[DecisionsShown]:
    """Draw the costliest decisions in ``rect``, pausing after each part; returns where each lies,
    the decisions whose words were cut, and the cards' width."""
    fonts = look.fonts
    heading = draw_text(surface, fonts.get(LEAD, bold=True), costliest_title(look.person), GOLD, topleft=rect.topleft)
    shown: list[tuple[pygame.Rect, Decision]] = []
    words_cut = 0  # decisions whose words did not fit whole (the layout tests look)
    font = fonts.get(SMALL)
    y = heading.bottom + 8
    if not look.worst:
        none = ("None so far." if not look.done
                else "None: no decision gave away points beyond the checker's noise.")
        draw_text(surface, font, none, MUTED, topleft=(rect.left, y))
        return shown, words_cut, 0
    yield  # (the first part of each kind loads its type sizes: each part on its own)
    room = (rect.bottom - y) // 3
    caption = fonts.get(CAPTION)
    heads = [(f"{where_text(decision)}  ·  {look.name(decision.seat)}",
              f"{judgement.samples:,} deals · estimate ±{max(1, round(2 * judgement.noise))} points")
             for decision, judgement in look.worst]
    bold, figures = heads_that_fit(fonts, heads, rect.w - 20 - 16)
    yield
    plain = fonts.at(1.0)  # the words beside the cards shrink back to 100%'s sizes before any is cut
    word_fonts = tuple(sorted({font, caption, plain.get(SMALL), plain.get(CAPTION)}, key=lambda f: -f.get_height()))
    card_h = room - 8 - (bold.get_linesize() + 10) - caption.get_linesize() - 10  # under the heading, labelled
    card_width = max(24, int(card_h / CARD_ASPECT))
    art = look.card_art(card_width)
    show_cards = look.faces_ready(card_width)  # (a few frames after the page opens: see ``warm_faces``)
    for (decision, judgement), (head_text, detail) in zip(look.worst, heads, strict=True):
        yield
        box = pygame.Rect(rect.left, y, rect.w, room - 8)
        draw_panel(surface, box, PANEL_OPAQUE, QUIET_BORDER, 8)
        shown.append((box, decision))
        x = box.left + 10
        head = draw_text(surface, bold, head_text, GOLD, topleft=(x, box.top + 6))
        draw_text(surface, figures, detail, NOTICE, topright=(box.right - 10, box.top + 6))
        # the position on the left (the trick so far, then the hand held: the card played framed in
        # red, the better one in green), the words on the right
        cards = pygame.Rect(x, head.bottom + 4, int(box.w * 0.42), art.height)
        cx = cards.left
        trick = decision.view.current_trick if show_cards else ()
        for seat, card in trick:
            surface.blit(art.face(card), (cx, cards.top))
            draw_text(surface, caption, look.name(seat), MUTED, midtop=(cx + art.width // 2, cards.bottom + 1))
            cx += art.width + 4
        if trick:
            cx += art.width // 3
        yield
        trump = decision.view.trump if decision.view.trump is not None else 3
        held = hand_order(cards_in(decision.view.hand or 0), trump) if show_cards else []  # as the table sorts it
        texts = [verdict_text(look.name(decision.seat), decision, judgement) + ".",
                 reason_text(judgement, person_side=True) + "."]
        # the hand overlapped to fit, but never so far that a card's corner index is hidden; where the
        # words beside it need more room, it closes up as far as that before any word is cut
        gaps = max(1, len(held) - 1)
        for reach in (cards.right, cx + art.width * (1 + 0.3 * gaps)):
            step = max(art.width * 0.3, min(art.width * 0.5, (reach - cx - art.width) / gaps))
            right = int(max(reach, cx + step * (len(held) - 1) + art.width)) + 16
            words = pygame.Rect(right, cards.top, box.right - 10 - right, box.bottom - cards.top)
            words_font, lines, whole = words_that_fit(texts, words, word_fonts)
            if whole:
                break
        else:
            words_cut += 1
        yield
        spots = {card: (int(cx + i * step), cards.top) for i, card in enumerate(held)}
        for card, spot in spots.items():
            surface.blit(art.face(card), spot)
        for card, colour in ((judgement.best, MADE), (judgement.chosen, NEGATIVE)):  # on top, framed
            if card in spots:
                surface.blit(art.face(card), spots[card])
                frame_winner(surface, pygame.Rect(spots[card], (art.width, art.height)), colour)
        yield
        draw_lines(surface, words_font, lines, CREAM, words.topleft)
        y = box.bottom + 8
    return shown, words_cut, card_width


@dataclass(frozen=True)
class FiguresLook:
    """What the seats' figures and the chart are drawn from."""

    fonts: Fonts
    lines: tuple[tuple[str, bool], ...]  # a line per seat, the person's first; whether on the person's side
    bars: tuple[Bar, ...]  # the points the person's side lost, by hand


def figures_steps(surface: pygame.Surface, rect: pygame.Rect, look: FiguresLook,
                  height: int) -> Steps[list[tuple[pygame.Rect, int]]]:
    """Draw a line per seat (its accuracy and the points its mistakes cost), pause, then the chart of
    the points lost by hand under them (``height``: the window's); returns where each hand's bar is
    (a click opens its replay)."""
    fonts = look.fonts
    heading = draw_text(surface, fonts.get(LEAD, bold=True), "Accuracy", GOLD, topleft=rect.topleft)
    font = fonts.get(SMALL)
    y = heading.bottom + 6
    for line, mine in look.lines:
        y = draw_lines(surface, font, list(wrapped(line, rect.w, font)), CREAM if mine else MUTED, (rect.left, y)) + 4
    yield
    chart = pygame.Rect(rect.left, y + int(height * 0.02), rect.w, rect.bottom - y - int(height * 0.02))
    caption = fonts.get(CAPTION)
    plot = draw_bar_chart(surface, chart, caption, list(look.bars), low=0, title="Points your side lost, by hand")
    found: list[tuple[pygame.Rect, int]] = []
    slot = plot.w / max(len(look.bars), 1)
    for i, bar in enumerate(look.bars):
        found.append((pygame.Rect(round(plot.left + i * slot), plot.top, max(1, round(slot)),
                                  plot.h + caption.get_linesize()), int(bar.label)))
    return found
