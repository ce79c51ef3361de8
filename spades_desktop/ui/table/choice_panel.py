"""The panel of choices in the middle of the table: bids, blind nil, keep or discard,
trump, and the exchange's confirm button.

The buttons only offer intents; a button the rules forbid stays visible, greyed, with
the engine's reason shown on hover, so the person learns the house rule in force.  The
panel is rebuilt whenever its key (phase, turn, history length, picks, window size)
changes, not every frame.
"""

from __future__ import annotations

from collections.abc import Hashable
from functools import partial
from typing import TYPE_CHECKING

import pygame

from ...engine import actions as A
from ...engine.cards import SUIT_NAMES
from ...engine.rule_values import BiddingStyle
from ...engine.seats import Seat
from ...engine.state import Phase
from ...engine.words import plural
from ..core.intents import TRUMP_OF
from ..core.keymap import Context, Intent, with_key
from ..core.keymap import label_of as key
from ..core.theme import (
    BODY,
    BUTTON_PADDING,
    CONTROL_RADIUS,
    CREAM,
    FOCUS_RING,
    FOCUS_RING_GAP,
    GOLD,
    SMALL,
    TOOLTIP_BORDER,
    TOOLTIP_FILL,
)
from ..core.widgets import Button, ButtonGroup, draw_panel, draw_text, panel_area, text_width
from ..text.messages import sentence, wrap
from ..text.variants import bid_prompt, exchange_prompt
from ..text.words import typed_action

if TYPE_CHECKING:
    from .scene import TableScene


class ChoicePanel:
    def __init__(self, table: TableScene) -> None:
        self.table = table
        self.group = ButtonGroup()
        self.key: object = None
        self.reason_rect: pygame.Rect | None = None  # where the last frame explained a greyed choice
        self.frame_rect: pygame.Rect | None = None  # the panel as last drawn

    @property
    def buttons(self) -> list[Button]:
        return self.group.buttons

    def wanted_key(self) -> object:
        """What the panel shows depends on exactly this; None while the person cannot act."""
        table = self.table
        st = table.ctl.state
        if not table.accepting_input():
            return None
        return (st.phase, st.turn, len(st.log), tuple(table.exchange_pick), table.layout.width, table.layout.height)

    def is_current(self) -> bool:
        return self.key == self.wanted_key()

    def invalidate(self) -> None:
        self.key = None

    def refresh(self) -> bool:
        """Rebuild if out of date; True if it changed."""
        if self.is_current():
            return False
        self.rebuild()
        return True

    def rebuild(self) -> None:
        table = self.table
        self.key = self.wanted_key()
        if self.key is None:
            self.group.set([])
            return
        st = table.ctl.state
        act = table.moves.act
        legal = set(st.legal_actions())
        phase = st.phase
        buttons: list[Button] = []
        if phase is Phase.BIDDING and not st.is_auction:
            buttons = self._bid_buttons(legal)
        elif phase is Phase.BIDDING:
            buttons.append(Button(f"Pass ({key(Intent.PASS, Context.AUCTION)})", partial(act, A.PASS), action=A.PASS,
                                  name="pass"))
            for n in range(7, 14):
                action = A.bid_action(n)
                ok = action in legal
                buttons.append(Button(str(n), partial(act, action), enabled=ok, name=f"bid_{n}",
                                      reason="" if ok else sentence(st.why_illegal(action) or ""), action=action))
        elif phase is Phase.BLIND_DECISION:
            buttons = [Button(f"Blind nil ({key(Intent.BLIND_NIL, Context.BLIND_DECISION)})",
                              partial(act, A.BLIND_NIL), action=A.BLIND_NIL, name="blind_nil"),
                       Button(f"Show my cards ({key(Intent.LOOK, Context.BLIND_DECISION)})", partial(act, A.LOOK),
                              action=A.LOOK, name="look")]
        elif phase is Phase.DRAW:
            buttons = [Button(f"Keep ({key(Intent.KEEP, Context.DRAW)})", partial(act, A.KEEP), action=A.KEEP,
                              name="keep"),
                       Button(f"Discard ({key(Intent.DISCARD, Context.DRAW)})", partial(act, A.DISCARD),
                              action=A.DISCARD, name="discard")]
        elif phase is Phase.TRUMP:
            for intent, suit in TRUMP_OF.items():  # each with its key, as every other choice has
                buttons.append(Button(f"{SUIT_NAMES[suit].capitalize()} ({key(intent, Context.TRUMP)})",
                                      partial(act, A.TRUMP_BASE + suit), action=A.TRUMP_BASE + suit,
                                      name=f"trump_{SUIT_NAMES[suit]}"))
            buttons.append(Button(f"No trump ({key(Intent.NO_TRUMP, Context.TRUMP)})", partial(act, A.NO_TRUMP),
                                  action=A.NO_TRUMP, name="no_trump"))
        elif phase is Phase.EXCHANGE:
            need = st.exchange_limit
            picked = len(table.exchange_pick)
            label = f"Exchange {picked}" if st.is_two else f"Pass {picked}/{need}"
            ok = st.is_two or picked == need
            buttons = [Button(label, table.moves.confirm_exchange, enabled=ok,
                              reason="" if ok else f"Choose {plural(need, 'card')}", name="exchange_confirm")]
        self.group.set(buttons)
        self._layout()

    def _bid_buttons(self, legal: set[int]) -> list[Button]:
        """Nil and 1 to 13 (17 with three players), the ones the rules forbid greyed with the reason.
        Under whiz, mirror or suicide only the bids the style leaves are offered: the title says why
        (a forced bid is one button, which Enter also confirms)."""
        st = self.table.ctl.state
        act = self.table.moves.act
        buttons = []
        for n in range(st.hand_size + 1):
            action = A.NIL if n == 0 else A.bid_action(n)
            ok = action in legal
            if st.bidding != BiddingStyle.STANDARD and not ok:
                continue
            label = "Nil" if n == 0 else str(n)
            buttons.append(Button(label, partial(act, action), enabled=ok, name="nil" if n == 0 else f"bid_{n}",
                                  reason="" if ok else sentence(st.why_illegal(action) or ""), action=action))
        if len(buttons) == 1:
            buttons[0].label = with_key(f"Bid {buttons[0].label.lower()}", Intent.CONFIRM, Context.BIDDING)
        return buttons

    def _layout(self) -> None:
        n = len(self.buttons)
        if not n:
            return
        table = self.table
        lay = table.layout
        st = table.ctl.state
        h = lay.height
        bh = max(30, int(h * 0.055))
        cx, cy = lay.center
        if st.phase is Phase.BIDDING and not st.is_auction and n > 3:
            # two rows (Nil and 1-6 above, 7-13 below): every bid one click away
            bw, gap = lay.bid_button_width, lay.bid_gap
            half = (n + 1) // 2
            for row, y in ((self.buttons[:half], cy - bh * 0.1), (self.buttons[half:], cy + bh * 1.05)):
                total = len(row) * bw + (len(row) - 1) * gap
                x = cx - total // 2
                for b in row:
                    b.rect = pygame.Rect(int(x), int(y), bw, bh)
                    x += bw + gap
            return
        if st.phase is Phase.BIDDING and st.is_auction:  # Pass and 7-13 in one row that clears the side plates
            self._auction_row((cx, int(cy + bh * 0.4)), max(52, int(h * 0.08)), bh, max(6, h // 120))
            return
        bw = max(90, int(h * (0.2 if n <= 3 else 0.12)))
        gap = max(8, h // 90)
        room = self.room()
        font = table.app.fonts.fitting(  # a larger text size's labels shrink back where the row has no room
            BODY, lambda f: n * max(bw, *(text_width(f, b.label) + 28 for b in self.buttons)) + (n - 1) * gap + 40
            <= room, bold=True)
        bw = max(bw, *(font.size(b.label)[0] + 28 for b in self.buttons))  # 'Bid nil (Enter)' fits
        y = cy + (lay.card_h * 0.5 + bh * 0.5 + 12 if st.phase is Phase.DRAW else bh * 0.4)  # the draw: under the card
        if n > 3 and n * bw + (n - 1) * gap > lay.width * 0.45:  # a narrow window: two rows clear the plates
            rows = (self.buttons[:(n + 1) // 2], self.buttons[(n + 1) // 2:])
            for i, row in enumerate(rows):
                x = cx - (len(row) * bw + (len(row) - 1) * gap) // 2
                for b in row:
                    b.rect = pygame.Rect(int(x), int(y - bh * 0.6 + i * (bh + gap)), bw, bh)
                    x += bw + gap
            return
        self.group.layout_row((cx, int(y)), bw, bh, gap)

    def _auction_row(self, centre: tuple[int, int], base: int, bh: int, gap: int) -> None:
        """Pass and the bids in one row (two where one would reach the side plates), each button as
        wide as its label needs at 100% (at least ``base``): the row's labels share one type size, and
        'Pass (P)' no longer overran its button (drawn in the digits' type, it read as a smaller one
        squeezed in)."""
        font = self.table.app.fonts.at(1.0).get(BODY, bold=True)
        widths = [max(base, text_width(font, b.label) + 2 * BUTTON_PADDING + 4) for b in self.buttons]
        rows = [list(zip(self.buttons, widths, strict=True))]
        if sum(widths) + gap * (len(widths) - 1) + 40 > self.room():
            # a small window: two rows, the second under the first, so the panel clears the side
            # plates (at 960x540 one row lay over East's and West's)
            half = (len(widths) + 1) // 2
            rows = [rows[0][:half], rows[0][half:]]
        for i, row in enumerate(rows):
            x = centre[0] - (sum(width for _, width in row) + gap * (len(row) - 1)) // 2
            for b, width in row:
                b.rect = pygame.Rect(x, centre[1] - bh // 2 + i * (bh + gap), width, bh)
                x += width + gap

    def room(self) -> int:
        """How wide the panel may be, centred in the table: clear of the scoreboard and of the side
        seats' plates with the dealer's chip beside them (a larger text size makes them all wider)."""
        table = self.table
        lay = table.layout
        cx = lay.center[0]
        chip = 2 * table.app.fonts.scaled(int(lay.height * 0.018)) + 8
        plates = table.painter.plate_rects
        left = [table.painter.scoreboard_rect.right] + ([plates[Seat.W].right + chip] if Seat.W in plates else [])
        right = [plates[Seat.E].left - chip] if Seat.E in plates else []
        return 2 * min(cx - max(left), min(right, default=lay.width) - cx) - 16

    def handle(self, event: pygame.event.Event) -> bool:
        return self.group.handle(event)

    def title(self) -> str:
        """The line above the buttons: what the person is asked, or the bid being typed."""
        st = self.table.ctl.state
        if self.table.typed and st.phase in (Phase.BIDDING, Phase.BLIND_DECISION):
            typed = self.table.typed
            return f"{'Pass' if typed == 'pass' else f'Bid {typed}'}? Press {key(Intent.CONFIRM, Context.BIDDING)}"
        if st.phase is Phase.BIDDING:
            if not st.is_auction and st.turn is not None:
                return bid_prompt(st, st.turn)
            lowest = max(7, st.high_bid + 1)
            if lowest > 13 and st.high_bidder is not None:
                return f"{self.table.name(st.high_bidder)} bid 13: you can only pass"
            return f"Bid for your side ({lowest} to 13), or pass" if lowest < 13 else "Bid 13 for your side, or pass"
        if st.phase is Phase.BLIND_DECISION:
            return "Bid blind nil before looking at your cards?"
        if st.phase is Phase.TRUMP:
            return "You won the auction: name trump"
        if st.phase is Phase.EXCHANGE and st.turn is not None:
            return exchange_prompt(st, st.turn)
        return ""

    def marked_action(self) -> int | None:
        """The choice to outline: the bid being typed, else the hint's suggestion."""
        table = self.table
        typed = typed_action(table.typed)
        return typed if typed is not None else table.hinted

    def bids_so_far(self) -> str:
        """The bids of this hand in the order they were made: 'North 3 · East nil · West 2'."""
        table = self.table
        st = table.ctl.state
        if st.phase is not Phase.BIDDING:
            return ""
        if st.is_auction:
            calls = [(seat, "pass" if bid is None else str(bid)) for seat, bid in st.calls]
        else:
            calls = [(seat, table.view.bids.get(seat, "")) for seat in st.bid_order]
        words = [f"{table.name(seat)} {bid}" for seat, bid in calls if bid]
        return "  ·  ".join(words)

    def look(self) -> Hashable | None:
        """Everything the panel's picture depends on (None: nothing to show)."""
        if not self.buttons or not any(b.rect is not None for b in self.buttons):
            return None
        marked = self.marked_action()
        for i, b in enumerate(self.buttons):
            b.selected = marked is not None and b.action == marked
            # the keyboard's focus as it is now (drawing sets it too, but too late for this look: a
            # Tab at the blind-nil question changed nothing the picture depended on, and showed nothing)
            b.focused = i == self.group.focus
        return (self.key, self.title(), self.bids_so_far(),
                tuple((b.label, tuple(b.rect) if b.rect is not None else None, b.enabled, b.hovered, b.pressed,
                       b.focused, b.selected) for b in self.buttons))

    def draw(self, surface: pygame.Surface) -> pygame.Rect | None:
        """The panel, its buttons and a greyed choice's reason; returns the area drawn."""
        self.reason_rect = None
        self.frame_rect = None
        if not self.buttons:
            return None
        fonts = self.table.app.fonts
        rects = [b.rect for b in self.buttons if b.rect is not None]
        if not rects:
            return None
        area = rects[0].unionall(rects[1:])
        if self.table.ctl.state.phase is not Phase.DRAW:  # the drawn card itself is the draw's frame
            area = self._draw_frame(surface, area)
        self.frame_rect = area
        self.group.draw(surface, self.group.label_font(fonts, BODY))
        ring = 2 * (FOCUS_RING + FOCUS_RING_GAP) + 4  # (a button's focus ring)
        drawn = panel_area(area).inflate(ring, ring)
        reason = next((b.reason for b in self.buttons if (b.hovered or b.focused) and not b.enabled and b.reason), "")
        if reason:
            self._draw_reason(surface, area, reason, fonts.get(SMALL))
            assert self.reason_rect is not None
            drawn.union_ip(panel_area(self.reason_rect))
        return drawn

    def _draw_reason(self, surface: pygame.Surface, area: pygame.Rect, reason: str, font: pygame.font.Font) -> None:
        """Why a greyed choice is not allowed, in a tooltip just under the panel (never over other buttons)."""
        width, height = font.size(reason)
        tip = pygame.Rect(0, 0, width + 24, height + 12)
        tip.midtop = (area.centerx, area.bottom + 8)
        draw_panel(surface, tip, TOOLTIP_FILL, TOOLTIP_BORDER, CONTROL_RADIUS)
        draw_text(surface, font, reason, TOOLTIP_BORDER, center=tip.center)
        self.reason_rect = tip

    def _draw_frame(self, surface: pygame.Surface, buttons: pygame.Rect) -> pygame.Rect:
        """The panel round the buttons with the question on top (wrapped to two lines when it would
        reach the side seats' plates) and the bids so far; at a larger text size the question and
        the bids shrink back toward 100% before they take a line more (the middle of a small window
        has no room to spare)."""
        area = buttons.inflate(40, 70)
        area.top -= 18
        room = max(area.w, int(self.table.layout.width * 0.42)) - 40
        fonts = self.table.app.fonts
        fit = min(room, self.room() - 40)  # (on one line, clear of the scoreboard and the side plates)
        font = fonts.fitting(BODY, lambda f: text_width(f, self.title()) <= fit, bold=True)
        titles = wrap(self.title(), room, lambda t: font.size(t)[0]) if self.title() else []
        bids = self.bids_so_far()
        small = fonts.fitting(SMALL, lambda f: text_width(f, bids) <= fit)
        area.top -= font.get_linesize() * max(0, len(titles) - 1)
        if bids:
            area.top -= small.get_linesize()
        if area.bottom < buttons.bottom:  # (the lines above moved it up: it still holds every button)
            area.h += buttons.bottom - area.bottom
        for text, f in ((*((t, font) for t in titles), (bids, small))):
            wide = f.size(text)[0] + 40 if text else 0
            if wide > area.w:
                area.inflate_ip(wide - area.w, 0)
        draw_panel(surface, area)
        y = area.top + 10
        for line in titles:
            draw_text(surface, font, line, GOLD, midtop=(area.centerx, y))
            y += font.get_linesize()
        if bids:
            draw_text(surface, small, bids, CREAM, midtop=(area.centerx, y + 2))
        return area
