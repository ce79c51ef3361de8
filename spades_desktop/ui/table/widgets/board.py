"""The boards at the top: per side the score, the contract and its progress, bags against the limit
and the nils (top left); the mode, the target or the auction's contract, and the key help (top
right)."""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

import pygame

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
from .plates import Summary

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
        line = fonts.get(BODY, bold=True).get_linesize()
        sub = fonts.get(SMALL).get_linesize()
        nil_rows = sum(1 for side in summary.sides if side.nils_text)
        self.board = pygame.Rect(lay.score_panel(lay.score_panel_height(line, sub, len(summary.sides), nil_rows)))
        return BoardLook(box(self.board), table.view.hand_number, summary.target_text, summary.sides)

    def paint(self, surface: pygame.Surface, inputs: BoardLook) -> pygame.Rect | None:
        fonts = self.table.app.fonts
        font = fonts.get(BODY, bold=True)
        small = fonts.get(SMALL)
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
        st = table.ctl.state
        contract = ""
        if st.is_auction and st.high_bidder is not None:
            contract = f"{table.name(st.high_bidder)} bid {st.high_bid}"
        dots = 1 + int(table.hints.time * 4) % 3 if table.hint_thinking else 0
        title = self.remembered((st.rules,), lambda: CornerLook(mode_title(st.rules), "", (), 0))
        assert title is not None
        return CornerLook(title.title, contract or self.summary().target_text, tuple(table.input.contexts()), dots)

    def paint(self, surface: pygame.Surface, inputs: CornerLook) -> pygame.Rect | None:
        title, second, contexts, dots = inputs
        table = self.table
        lay = table.layout
        fonts = table.app.fonts
        small = fonts.get(SMALL)
        pad = lay.BOARD_PAD
        sub = small.get_linesize()
        wide = max(text_width(small, title), text_width(small, second)) + pad * 2
        tr = self.mode_rect = pygame.Rect(lay.mode_panel(wide, lay.mode_box_height(sub)))
        draw_panel(surface, tr, BOARD_FILL, QUIET_BORDER, CHIP_RADIUS)
        draw_text(surface, small, title, CREAM, topleft=(tr.left + pad, tr.top + pad))
        draw_text(surface, small, second, MUTED, topleft=(tr.left + pad, tr.top + pad + sub))
        help_font = fonts.get(TINY)
        corner = panel_area(tr)
        for i, help_line in enumerate(table_key_help(list(contexts), dots)):
            corner.union_ip(draw_text(surface, help_font, help_line, KEY_HELP_TEXT,
                                      topright=(tr.right, tr.bottom + lay.KEY_HELP_GAP + i * help_font.get_linesize())))
        return corner  # (East's hand stays below it: ``TableLayout.corner``)
