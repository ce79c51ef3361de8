"""A computer side's claim: who claims how many tricks, the side's cards face up in one row (each
seat's cards under its name), and the keys that agree or play on."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, NamedTuple

import pygame

from ....engine.claim import tricks_left
from ....engine.seats import Seat
from ...cards.card_sprite import CardSprite, hand_order
from ...core.keymap import Intent
from ...core.theme import CREAM, GOLD, LEAD, MESSAGE_RADIUS, PANEL_OPAQUE, SMALL
from ...core.widgets import draw_panel, draw_text, panel_area, text_width
from ...text.claims import claim_prompt
from ...text.key_help import claim_keys
from .base import Box, Scratch, TableWidget, box
from .cards import CardDrawer

if TYPE_CHECKING:
    from ..scene import TableScene


class ClaimLook(NamedTuple):
    hands: tuple[tuple[Seat, tuple[int, ...]], ...]  # each claiming seat's cards, in hand order
    names: tuple[str, ...]
    prompt: str
    place: Box
    step: float  # how far apart the cards are
    art: object


class ClaimOffer(TableWidget[ClaimLook]):
    """The claim's panel over the middle of the table, between North's plate and the person's and
    clear of the side plates; the cards overlap as in the person's hand, more when the room between
    the plates is short."""

    def __init__(self, table: TableScene, scratch: Scratch, cards: CardDrawer,
                 plate: Callable[[Seat], pygame.Rect | None]) -> None:
        super().__init__(table, scratch)
        self.cards = cards
        self.plate = plate
        self.offer: pygame.Rect | None = None  # where the panel lies

    def inputs(self) -> ClaimLook | None:
        table = self.table
        claimer = table.claim.offered_by
        if claimer is None:
            self.offer = None
            return None
        side = table.moves.claim_members(claimer)
        trump = table.cards.trump_shown()
        hands = tuple((seat, tuple(hand_order(table.view.hands[seat], trump)))
                      for seat in side if table.view.hands.get(seat))
        prompt = claim_prompt(side, table.name, table.ctl.human, tricks_left(table.ctl.state))
        count = sum(len(cards) for _, cards in hands)
        rect, step = self.geometry(count, len(hands), prompt)
        self.offer = rect
        names = tuple(table.name(seat) for seat, _ in hands)
        return ClaimLook(hands, names, prompt, box(rect), step, table.art)

    def geometry(self, cards: int, groups: int, title: str) -> tuple[pygame.Rect, float]:
        """Where the claim is shown and how far apart its cards are."""
        lay = self.table.layout
        fonts = self.table.app.fonts
        pad = lay.card_w // 3
        gaps = max(1, cards - 1 + groups - 1)
        room = lay.width - 2 * pad
        sides = [plate for plate in (self.plate(Seat.W), self.plate(Seat.E)) if plate is not None]
        if len(sides) == 2:
            room = sides[1].left - sides[0].right - 2 * pad - 16
        step = min(lay.card_w * 0.62, max(lay.card_w * 0.3, (room - 2 * pad - lay.card_w) / gaps))
        row = lay.card_w + step * gaps
        head = fonts.get(LEAD, bold=True).get_linesize() + fonts.get(SMALL).get_linesize() * 2
        wide = max(int(row), text_width(fonts.get(LEAD, bold=True), title))
        rect = pygame.Rect(0, 0, wide + 2 * pad, int(head + lay.card_h + lay.card_h * 0.3))
        rect.center = lay.center
        return rect, step

    def paint(self, surface: pygame.Surface, inputs: ClaimLook) -> pygame.Rect | None:
        hands, names, prompt, place, step, _ = inputs
        rect = pygame.Rect(place)
        lay = self.table.layout
        fonts = self.table.app.fonts
        count = sum(len(cards) for _, cards in hands)
        draw_panel(surface, rect, PANEL_OPAQUE, GOLD, MESSAGE_RADIUS)
        title = fonts.get(LEAD, bold=True)
        small = fonts.get(SMALL)
        y = rect.top + lay.card_w // 6
        draw_text(surface, title, prompt, GOLD, midtop=(rect.centerx, y))
        y += title.get_linesize()
        row = lay.card_w + step * max(0, count + len(hands) - 2)
        x = rect.centerx - row / 2 + lay.card_w / 2
        card_y = y + small.get_linesize() + lay.card_h / 2
        area = panel_area(rect)
        for (_, cards), name in zip(hands, names, strict=True):
            first = x
            for card in cards:
                sprite = CardSprite(card, x, card_y, True)
                self.cards.blit(surface, sprite)
                area.union_ip(self.cards.area(sprite))
                x += step
            label_at = (int((first + x - step) / 2), int(y + small.get_linesize()))
            draw_text(surface, small, name, CREAM, midbottom=label_at)
            x += step  # a gap between the partners' cards
        _, agree, refuse = claim_keys()
        draw_text(surface, small, f"{agree} {Intent.ACCEPT_CLAIM.value}  ·  {refuse} {Intent.REFUSE_CLAIM.value}",
                  CREAM, midbottom=(rect.centerx, rect.bottom - lay.card_w // 8))
        return area
