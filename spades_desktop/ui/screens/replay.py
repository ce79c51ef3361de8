"""A finished hand replayed trick by trick, and the last trick of the hand in play."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

import pygame

from ...engine.hand_result import HandResult
from ...engine.seats import Seat
from ..cards.card_sprite import hand_order
from ..core.keymap import Context, Intent
from ..core.keys import intent_for
from ..core.scene import AppContext, Scene
from ..core.theme import (
    BODY,
    CAPTION,
    CREAM,
    GOLD,
    HEADING_SMALL,
    MUTED,
    NOTICE,
    PANEL_OPAQUE,
    SMALL,
    VEIL_LAST_TRICK,
    VEIL_OPAQUE,
)
from ..core.widgets import draw_panel, draw_text, draw_wrapped, frame_winner
from ..text.hand_replay import replay_steps
from ..text.key_help import replay_key_help
from ..text.words import action_bid_text, led_and_won, seat_name
from .menu_base import OverlayInfo, veil


class HandReplayScene(Scene):
    """One finished hand, trick by trick, every hand face up: Left/Right step, Home/End jump; with
    the game's other hands given (Review hands), Page Down/Page Up go to the next or previous hand."""

    overlay = True

    def __init__(self, app: AppContext, result: HandResult, name: Callable[[Seat], str], marks: list | None = None,
                 hands: Sequence[HandResult] = (), trick: int = 0, codes: Mapping[int, str] | None = None) -> None:
        super().__init__(app)
        self.name = name
        self.codes = dict(codes or {})  # each hand's deal code by its number (``deal_codes.hand_codes``)
        self.all_marks = list(marks or ())
        self.hands = list(hands) or [result]
        self.show_hand(self.hands.index(result) if result in self.hands else 0)
        self.step = max(0, min(len(self.steps) - 1, trick))  # opened at a trick (the game review's decisions)

    def show_hand(self, index: int) -> None:
        self.index = max(0, min(len(self.hands) - 1, index))
        self.result = self.hands[self.index]
        self.marks = [m for m in self.all_marks if m.hand == self.result.hand_number]  # the checker's, if it was on
        self.steps = replay_steps(self.result)
        self.step = 0
        self.dirty = True

    def key_contexts(self) -> list[Context]:
        return [Context.REPLAY]

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            intent = intent_for(self.key_contexts(), event)
            last = len(self.steps) - 1
            moves = {Intent.STEP_FORWARD: self.step + 1, Intent.STEP_BACK: self.step - 1, Intent.FIRST: 0,
                     Intent.LAST: last}
            if intent in moves:
                self.step = max(0, min(last, moves[intent]))
                self.dirty = True
            elif intent in (Intent.NEXT_HAND, Intent.PREVIOUS_HAND):
                self.show_hand(self.index + (1 if intent is Intent.NEXT_HAND else -1))
            elif intent is Intent.CLOSE:
                self.app.stack.pop()
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.step = min(len(self.steps) - 1, self.step + 1)
            self.dirty = True
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            self.step = max(0, self.step - 1)
            self.dirty = True

    def update(self, dt: float) -> bool:
        art = self.app.card_art(self._card_width())
        return art.take_ready() or super().update(dt)

    def _card_width(self) -> int:
        return int(self.app.screen.get_height() * 0.085)

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        veil(surface, VEIL_OPAQUE)
        draw_panel(surface, surface.get_rect().inflate(-16, -16), PANEL_OPAQUE)
        fonts = self.app.fonts
        step = self.steps[self.step]
        result = self.result
        art = self.app.card_art(self._card_width())
        cw, ch = art.width, art.height
        of_hands = f" of {len(self.hands)}" if len(self.hands) > 1 else ""
        title = f"Hand {result.hand_number}{of_hands}  ·  " + ("before the first trick" if step.trick == 0
                                                      else f"trick {step.trick} of {len(self.steps) - 1}")
        code = self.codes.get(result.hand_number)
        if code:
            title += f"  ·  deal code {code}"
        draw_text(surface, fonts.get(HEADING_SMALL, bold=True), title, GOLD, midtop=(w // 2, int(h * 0.025)))
        bids = dict(result.bids)
        centre = {Seat.N: (w // 2, int(h * 0.2)), Seat.S: (w // 2, int(h * 0.8)),
                  Seat.W: (int(w * 0.2), h // 2), Seat.E: (int(w * 0.8), h // 2)}
        small = fonts.get(SMALL, bold=True)
        for seat in result.seats:
            cards = hand_order(list(step.hands[seat]), result.trump if result.trump is not None else 3)
            cx, cy = centre[seat]
            gap = min(cw * 0.5, (w * 0.34 - cw) / max(1, len(cards) - 1)) if cards else 0
            x = cx - (gap * (len(cards) - 1) + cw) / 2
            for card in cards:
                surface.blit(art.face(card), (int(x), int(cy - ch / 2)))
                x += gap
            label = f"{self.name(seat)}  ·  bid {action_bid_text(bids[seat]) if seat in bids else '-'}" \
                    f"  ·  won {step.won[seat]}"
            draw_text(surface, small, label, GOLD if seat == step.winner else CREAM,
                      midtop=(cx, int(cy + ch / 2 + 4)))
        spots = {Seat.N: (0, -0.62), Seat.S: (0, 0.62), Seat.W: (-1.2, 0), Seat.E: (1.2, 0)}
        for seat, card in step.played:
            dx, dy = spots[seat]
            rect = pygame.Rect(0, 0, cw, ch)
            rect.center = (int(w // 2 + dx * cw), int(h // 2 + dy * ch))
            surface.blit(art.face(card), rect)
            if seat == step.winner:
                frame_winner(surface, rect)
        if step.winner is not None and step.leader is not None:
            draw_text(surface, small, led_and_won(self.name(step.leader), self.name(step.winner)), CREAM,
                      midtop=(w // 2, int(h // 2 + 1.2 * ch)))
        notes = [m.text for m in self.marks if m.trick == step.trick]
        if notes:
            draw_wrapped(surface, fonts.get(CAPTION), notes, NOTICE, (w // 2, int(h // 2 + 1.2 * ch) + 30))
        draw_text(surface, fonts.get(CAPTION), replay_key_help(len(self.hands)), MUTED, midbottom=(w // 2, h - 14))


class LastTrickScene(OverlayInfo):
    """The last trick in the order it was played, with who led it and who won it."""

    def __init__(self, app: AppContext, trick: tuple[tuple[Seat, int], ...], marks: tuple[Seat, Seat] | None = None,
                 name: Callable[[Seat], str] | None = None) -> None:
        super().__init__(app)
        self.trick = trick
        self.leader: Seat | None = marks[0] if marks is not None else None
        self.winner: Seat | None = marks[1] if marks is not None else None
        self.name = name or (lambda seat: seat_name(seat, self.app.settings.names))

    def update(self, dt: float) -> bool:
        art = self.app.card_art(int(self.app.screen.get_height() * 0.13))
        return art.take_ready() or super().update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        veil(surface, VEIL_LAST_TRICK)
        art = self.app.card_art(int(h * 0.13))
        n = len(self.trick)
        cw = art.width
        gap = int(cw * 0.35)
        x = w // 2 - (n * cw + (n - 1) * gap) // 2
        # a panel of its own: the table's message or a toast under it never shows through the title
        panel = pygame.Rect(0, 0, n * cw + (n - 1) * gap + 2 * gap, int(h * 0.51))
        panel.midtop = (w // 2, int(h * 0.21))
        draw_panel(surface, panel, PANEL_OPAQUE)
        draw_text(surface, self.app.fonts.get(HEADING_SMALL, bold=True), "Last trick", GOLD,
                  center=(w // 2, int(h * 0.28)))
        font = self.app.fonts.get(BODY)
        bold = self.app.fonts.get(BODY, bold=True)
        top = int(h * 0.38)
        for seat, card in self.trick:
            surface.blit(art.face(card), (x, top))
            if seat == self.winner:
                frame_winner(surface, pygame.Rect(x, top, cw, art.height))
            y = draw_text(surface, bold if seat == self.winner else font, self.name(seat),
                          GOLD if seat == self.winner else CREAM, midtop=(x + cw // 2, top + art.height + 8)).bottom
            tags = [t for t, who in (("led", self.leader), ("won", self.winner)) if seat == who]
            if tags:
                draw_text(surface, font, " · ".join(tags), GOLD if "won" in tags else MUTED,
                          midtop=(x + cw // 2, y + 2))
            x += cw + gap
        draw_text(surface, self.app.fonts.get(CAPTION), "Any key closes", MUTED, center=(w // 2, int(h * 0.68)))
