"""The boards at the top: per side the score, the contract and its progress, bags against the limit
and the nils (top left); the mode, the target or the auction's contract, and the key help (top
right)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, NamedTuple

import pygame

from ....engine.seats import Seat
from ...core.theme import (
    BOARD_FILL,
    BODY,
    CHIP_RADIUS,
    CREAM,
    GOLD,
    KEY_HELP_TEXT,
    MADE,
    MUTED,
    NEGATIVE,
    QUIET_BORDER,
    SMALL,
    TINY,
    WARNING,
)
from ...core.widgets import draw_panel, draw_text, panel_area, text_width
from ...text.key_help import table_key_help
from ...text.messages import fit_text
from ...text.table_summary import Contract, SideLine
from ...text.variants import mode_title
from .base import Box, Scratch, TableWidget, box
from .plates import Summary, pile_right

if TYPE_CHECKING:
    from ...core.keymap import Context
    from ..scene import TableScene

CONTRACT_COLOURS = {Contract.BIDDING: MUTED, Contract.NONE: MUTED, Contract.OPEN: CREAM, Contract.MADE: MADE,
                    Contract.SET: NEGATIVE, Contract.MADE_NIL_BROKEN: WARNING}


class BoardLook(NamedTuple):
    place: Box
    hand: int
    target: str
    sides: tuple[SideLine, ...]
    sizes: tuple[int, int]  # the type sizes of the sides' lines and of the rest (see ``Scoreboard._sizes``)


class Scoreboard(TableWidget[BoardLook]):
    """Top left, per side: score, contract and progress, bags against the limit, the nils."""

    may_wait = True

    def __init__(self, table: TableScene, scratch: Scratch, summary: Summary) -> None:
        super().__init__(table, scratch)
        self.summary = summary
        self.board = pygame.Rect(0, 0, 0, 0)  # the panel (the message steps right of it)

    def inputs(self) -> BoardLook | None:
        summary = self.summary()
        return self.remembered((summary, self.table.view.hand_number), self._look)

    def _look(self) -> BoardLook:
        summary = self.summary()
        table = self.table
        lay = table.layout
        fonts = table.app.fonts
        sizes = self._sizes(summary.sides, f"Hand {table.view.hand_number}  ·  {summary.target_text}")
        line = fonts.sized(sizes[0], bold=True).get_linesize()
        sub = fonts.sized(sizes[1]).get_linesize()
        nil_rows = sum(1 for side in summary.sides if side.nils_text)
        self.board = pygame.Rect(lay.score_panel(lay.score_panel_height(line, sub, len(summary.sides), nil_rows)))
        return BoardLook(box(self.board), table.view.hand_number, summary.target_text, summary.sides, sizes)

    _fitted: tuple[int, tuple[int, int]] | None = None  # the hand, and the sizes fitted in it so far

    def _sizes(self, sides: tuple[SideLine, ...], heading: str) -> tuple[int, int]:
        """The type sizes of the sides' names and scores, and of the rest: at a larger text size,
        shrunk back only as far as the board's width needs for a name beside its score and a
        contract's progress beside its bags; within a hand they only shrink (a long progress line
        does not make the board's type jump back and forth)."""
        fonts = self.table.app.fonts
        lay = self.table.layout
        room = lay.score_panel(0)[2] - 2 * lay.BOARD_PAD

        def fits(pairs: list[tuple[str, str]]) -> Callable[[pygame.font.Font], bool]:
            return lambda font: all(text_width(font, a) + lay.BOARD_PAD + text_width(font, b) <= room for a, b in pairs)

        sizes = (fonts.fitting_px(BODY, fits([(side.name, str(side.score)) for side in sides]), bold=True),
                 fonts.fitting_px(SMALL, fits([(heading, ""), *((side.progress, side.bags_text) for side in sides)])))
        hand = self.table.view.hand_number
        if self._fitted is not None and self._fitted[0] == hand:
            sizes = (min(sizes[0], self._fitted[1][0]), min(sizes[1], self._fitted[1][1]))
        self._fitted = (hand, sizes)
        return sizes

    def forget(self) -> None:
        super().forget()
        self._fitted = None

    def paint(self, surface: pygame.Surface, inputs: BoardLook) -> pygame.Rect | None:
        fonts = self.table.app.fonts
        font = fonts.sized(inputs.sizes[0], bold=True)
        small = fonts.sized(inputs.sizes[1])
        pad = self.table.layout.BOARD_PAD
        line, sub = font.get_linesize(), small.get_linesize()
        rect = pygame.Rect(inputs.place)
        draw_panel(surface, rect, BOARD_FILL, QUIET_BORDER, CHIP_RADIUS)
        draw_text(surface, small, f"Hand {inputs.hand}  ·  {inputs.target}", MUTED,
                  topleft=(rect.left + pad, rect.top + pad))
        y = rect.top + pad + sub
        for side in inputs.sides:
            draw_text(surface, font, side.name, CREAM, topleft=(rect.left + pad, y))
            draw_text(surface, font, str(side.score), NEGATIVE if side.negative else GOLD,
                      topright=(rect.right - pad, y))
            y += line
            draw_text(surface, small, side.progress, CONTRACT_COLOURS[side.contract], topleft=(rect.left + pad, y))
            draw_text(surface, small, side.bags_text, WARNING if side.bags_warning else MUTED,
                      topright=(rect.right - pad, y))
            if side.nils_text:
                y += sub
                draw_text(surface, small, fit_text(side.nils_text, rect.w - 2 * pad, lambda t: text_width(small, t)),
                          NEGATIVE if side.nil_broken else MADE, topleft=(rect.left + pad, y))
            y += sub + 4
        return panel_area(rect)


class CornerLook(NamedTuple):
    title: str
    second: str  # the target, or the auction's contract
    contexts: tuple[Context, ...]  # the key contexts the help is for
    dots: int  # the hint key's dots while a hint is thought about
    last_trick: bool = True  # a trick has been played this hand: its key does something
    undo: bool = True  # something can be taken back: the undo key does something


class Corner(TableWidget[CornerLook]):
    """Top right: the mode and the variants in force, the target or the auction's contract, and under
    them two short lines of key help from the keymap, without the keys the phase has taken (S names
    spades while trump is named): legible at any size, clear of North's plate."""


    def __init__(self, table: TableScene, scratch: Scratch, summary: Summary) -> None:
        super().__init__(table, scratch)
        self.summary = summary
        self.mode_rect = pygame.Rect(0, 0, 0, 0)

    def inputs(self) -> CornerLook | None:
        table = self.table
        st = table.shown_state
        contract = ""
        if st.is_auction and st.high_bidder is not None:
            contract = f"{table.name(st.high_bidder)} bid {st.high_bid}"
        dots = 1 + int(table.hints.time * 4) % 3 if table.hint_thinking else 0
        title = self.remembered((st.rules,), lambda: CornerLook(mode_title(st.rules), "", (), 0))
        assert title is not None
        return CornerLook(title.title, contract or self.summary().target_text, tuple(table.input.contexts()), dots,
                          bool(table.view.last_trick), table.undo_available())

    def key_help(self) -> tuple[str, str]:
        """The two lines of key help as drawn now: only the keys that do something now."""
        look = self.inputs()
        assert look is not None
        return table_key_help(list(look.contexts), look.dots, last_trick=look.last_trick, undo=look.undo)

    def paint(self, surface: pygame.Surface, inputs: CornerLook) -> pygame.Rect | None:
        title, second, contexts, dots = inputs[:4]
        table = self.table
        lay = table.layout
        fonts = table.app.fonts
        pad = lay.BOARD_PAD

        def wide(font: pygame.font.Font) -> int:
            return max(text_width(font, title), text_width(font, second)) + pad * 2

        # at a larger text size a long mode's title (its variants) shrinks back toward 100% where the
        # box would reach North's cards
        north = lay.hand_slots(Seat.N, table.ctl.state.hand_size)[-1][0] + lay.card_w // 2
        room = max(wide(fonts.at(1.0).get(SMALL)), lay.width - lay.EDGE - int(north) - pad)
        small = fonts.fitting(SMALL, lambda font: wide(font) <= room)
        sub = small.get_linesize()
        tr = self.mode_rect = pygame.Rect(lay.mode_panel(wide(small), lay.mode_box_height(sub)))
        draw_panel(surface, tr, BOARD_FILL, QUIET_BORDER, CHIP_RADIUS)
        draw_text(surface, small, title, CREAM, topleft=(tr.left + pad, tr.top + pad))
        draw_text(surface, small, second, MUTED, topleft=(tr.left + pad, tr.top + pad + sub))
        lines = table_key_help(list(contexts), dots, last_trick=inputs.last_trick, undo=inputs.undo)
        room = tr.right - pile_right(table, Seat.N) - lay.KEY_HELP_GAP * 2  # clear of North's tricks
        help_font = fonts.fitting(TINY, lambda font: max(text_width(font, line) for line in lines) <= room)
        corner = panel_area(tr)
        for i, help_line in enumerate(lines):
            corner.union_ip(draw_text(surface, help_font, help_line, KEY_HELP_TEXT,
                                      topright=(tr.right, tr.bottom + lay.KEY_HELP_GAP + i * help_font.get_linesize())))
        return corner  # (East's hand stays below it: ``TableLayout.corner``)
