"""Where things go on the table, computed from the window size (960x540 up to 4K)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from ...engine.seats import Seat
from ..core.theme import CARD_ASPECT

CARD_SCALES = {"small": 0.1, "medium": 0.125, "large": 0.135}


@dataclass(frozen=True)
class TableLayout:
    width: int
    height: int
    card_scale: float = CARD_SCALES["medium"]
    sides: int = 2  # rows of the scoreboard top left (sides, and their nils): when taller, West's cards sit lower
    corner: int = 0  # how far down the top-right box and the key help under it reach: East's cards start below
    board: int = 0  # how far down the scoreboard, top left, reaches at its tallest: West's cards start below

    # worked out once per layout (a frame asks for them a few hundred times while cards are dealt)
    @cached_property
    def card_w(self) -> int:
        return max(40, int(min(self.height * self.card_scale, self.width * self.card_scale * 0.5625 * 1.05)))

    @cached_property
    def card_h(self) -> int:
        return int(self.card_w * CARD_ASPECT)

    @property
    def center(self) -> tuple[int, int]:
        return (self.width // 2, int(self.height * 0.45))

    def hand_slots(self, seat: Seat, count: int, two_player: bool = False) -> list[tuple[float, float]]:
        """Card centres for a hand of ``count`` cards."""
        w, h, cw, ch = self.width, self.height, self.card_w, self.card_h
        if count <= 0:
            return []
        if seat == Seat.S:
            gap = min(cw * 0.62, (w * 0.72 - cw) / max(1, count - 1))
            total = gap * (count - 1)
            y = h - ch * 0.62
            return [(w / 2 - total / 2 + i * gap, y) for i in range(count)]
        if seat == Seat.N:
            gap = min(cw * 0.32, (w * 0.5) / max(1, count - 1))
            total = gap * (count - 1)
            y = ch * 0.18
            return [(w / 2 - total / 2 + i * gap, y) for i in range(count)]
        crowded = seat == Seat.W and self.sides > 2  # under a taller scoreboard: lower and closer
        gap = min(cw * (0.18 if crowded else 0.26), (h * 0.5) / max(1, count - 1))
        total = gap * (count - 1)
        x = ch * 0.2 if seat == Seat.W else w - ch * 0.2
        middle = h * 0.6 if crowded else h * 0.42
        # below the panels in its corner: the scoreboard for West, the mode and key help for East (a
        # sideways card reaches half its width above its centre)
        middle = max(middle, (self.corner if seat == Seat.E else self.board) + self.EDGE / 2 + cw / 2 + total / 2)
        top = middle - total / 2
        return [(x, top + i * gap) for i in range(count)]

    def trick_spot(self, seat: Seat) -> tuple[float, float]:
        """Where a seat's card lies in the trick: a cross of cards that never overlap, so every
        corner index stays readable (a card covering the next one's corner hid its rank)."""
        cx, cy = self.center
        dx, dy = self.card_w * 1.16, self.card_h * 0.56
        return {
            Seat.S: (cx, cy + dy),
            Seat.N: (cx, cy - dy),
            Seat.W: (cx - dx, cy),
            Seat.E: (cx + dx, cy),
        }[seat]

    def trump_badge(self, width: int, height: int) -> tuple[int, int, int, int]:
        """The trump badge's own place: up and right of the trick, level with the top of East's card.
        It never moves for other words (a message keeps clear of it instead: it jumped aside for
        them, 24_m4.png)."""
        cx, cy = self.center
        return (int(cx + self.card_w * 1.6), int(cy - self.card_h * 0.95) - height // 2, width, height)

    def trick_area(self) -> tuple[int, int, int, int]:
        """Where the trick's cards lie, and the winner's frame round them: nothing said goes there."""
        cx, cy = self.center
        dx, dy = self.card_w * 1.16 + self.card_w / 2, self.card_h * 0.56 + self.card_h / 2
        margin = max(6, self.height // 90)
        return (int(cx - dx) - margin, int(cy - dy) - margin, int(2 * dx) + 2 * margin, int(2 * dy) + 2 * margin)

    def hand_area(self, seat: Seat, count: int) -> tuple[int, int, int, int]:
        """Where a hand of ``count`` cards lies (the person's with room for a raised card); West's and
        East's cards lie sideways."""
        slots = self.hand_slots(seat, max(1, count))
        w, h = (self.card_h, self.card_w) if seat in (Seat.E, Seat.W) else (self.card_w, self.card_h)
        xs, ys = [x for x, _ in slots], [y for _, y in slots]
        lift = self.card_h * 0.25 if seat == Seat.S else 0
        left, top = min(xs) - w / 2, min(ys) - h / 2 - lift
        return (int(left), int(top), int(max(xs) - min(xs) + w), int(max(ys) - min(ys) + h + lift))

    def pile_spot(self, seat: Seat) -> tuple[float, float]:
        """Where a seat's won tricks are gathered: beside its own name plate."""
        px, py = self.plate_center(seat)
        if seat in (Seat.N, Seat.S):  # clear of the plate's right end, whatever the window
            return (px + self.height * 0.2 + self.card_w * 0.4, py)
        return (px, py + self.height * 0.1 + self.card_h * 0.3)

    @property
    def bid_button_width(self) -> int:
        """A bid's button (Nil and 1 to 13 in two rows in the middle), and the gap between two."""
        return max(44, int(self.height * 0.07))

    @property
    def bid_gap(self) -> int:
        return max(6, self.height // 120)

    def bids_reach(self, hand_size: int) -> int:
        """How far either side of the middle the panel of bids reaches: its frame round two rows of
        Nil and every bid up to ``hand_size``."""
        per_row = (hand_size + 2) // 2
        return (per_row * self.bid_button_width + (per_row - 1) * self.bid_gap + 40) // 2

    #: the score panels' distance from the window's edges
    EDGE = 12
    #: the inner margin of the scoreboard and of the mode's box
    BOARD_PAD = 12
    #: between the mode's box and the key help under it
    KEY_HELP_GAP = 4

    @classmethod
    def mode_box_height(cls, line: int) -> int:
        """The mode's box, top right: two lines (the mode, then the target or the auction's contract)
        of type ``line`` pixels apart."""
        return line * 2 + cls.BOARD_PAD * 2

    @classmethod
    def score_panel_height(cls, line: int, sub: int, sides: int, nil_rows: int) -> int:
        """The scoreboard's height: 'Hand 1 · Game to 500', then per side its name and score (type
        ``line`` apart) and its progress (``sub``), and a line for each side whose nils are shown."""
        return cls.BOARD_PAD * 2 + sub + (line + sub + 4) * sides + sub * nil_rows

    @classmethod
    def board_depth(cls, line: int, sub: int, sides: int, nils: bool) -> int:
        """How far down the scoreboard reaches at its tallest (every side showing its nils, where the
        rules have nils): the ``board`` West's hand starts below (without nils, at 1280x720 and
        smaller, West's top cards lay under it)."""
        return cls.EDGE + cls.score_panel_height(line, sub, sides, sides if nils else 0)

    @classmethod
    def corner_depth(cls, box_line: int, help_line: int) -> int:
        """How far down the top right reaches: the mode's box and the two lines of key help under it
        (the ``corner`` East's hand starts below: below 1280x720 its cards covered the key help, as
        the type keeps a smallest size and so takes a larger share of a small window)."""
        return cls.EDGE + cls.mode_box_height(box_line) + cls.KEY_HELP_GAP + 2 * help_line

    def score_panel(self, height: int) -> tuple[int, int, int, int]:
        """The scoreboard, top left: as wide as 46% of the window's height (at least 272 px), as
        tall as its rows need."""
        return (self.EDGE, self.EDGE, max(int(self.height * 0.46), 272), height)

    def mode_panel(self, width: int, height: int) -> tuple[int, int, int, int]:
        """The mode's box, top right: at least 30% of the window's height wide."""
        w = max(int(self.height * 0.3), width)
        return (self.width - self.EDGE - w, self.EDGE, w, height)

    def side_hand_edge(self, seat: Seat) -> int:
        """The inner edge of West's or East's hand (its cards lie sideways): a plate stays inside it."""
        x = self.card_h * 0.2
        return int(x + self.card_h / 2) if seat == Seat.W else int(self.width - x - self.card_h / 2)

    def place_plate(self, seat: Seat, size: tuple[int, int]) -> tuple[int, int, int, int]:
        """A plate of ``size`` round its seat's centre, moved in from West's or East's hand when a
        long name would reach it (at 960x540 East's plate met East's cards)."""
        cx, cy = self.plate_center(seat)
        w, h = size
        left = cx - w // 2
        gap = max(4, self.height // 120)
        if seat == Seat.W:
            left = max(left, self.side_hand_edge(seat) + gap)
        elif seat == Seat.E:
            left = min(left, self.side_hand_edge(seat) - gap - w)
        return (left, cy - h // 2, w, h)

    @staticmethod
    def portrait_size(plate_height: int) -> int:
        """A computer's portrait on its plate: as tall as the plate less a margin, so the face reads
        (40 px at 960x540, 80 at 1920x1080)."""
        return plate_height - 2 * max(3, plate_height // 14)

    def plate_center(self, seat: Seat) -> tuple[int, int]:
        """Centre of a seat's name plate, clear of its hand and of the trick."""
        w, h = self.width, self.height
        ch = self.card_h
        plate_half = int(h * 0.045)
        # West's under the scoreboard at its tallest (cutthroat's four sides and their nils reach it in a small window)
        west = max(int(h * 0.42), self.board + self.EDGE // 2 + plate_half)
        return {
            Seat.S: (w // 2, int(h - ch * 1.32 - plate_half)),
            Seat.N: (w // 2, int(ch * 0.68 + plate_half + 8)),
            Seat.W: (int(ch * 0.75) + int(h * 0.14), west),
            Seat.E: (w - int(ch * 0.75) - int(h * 0.14), int(h * 0.42)),
        }[seat]
