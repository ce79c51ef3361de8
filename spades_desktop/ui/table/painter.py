"""Draws the table from what the table scene currently shows.

The scene holds what the animations have revealed so far (hands, bids, tricks, scores,
sprites in flight); the painter turns that into pixels and owns the surfaces worth
caching per window size (the felt, the small and the sideways card backs).  It never
changes the scene.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, NamedTuple

import pygame

from ...engine.claim import tricks_left
from ...engine.seats import Seat
from ...engine.state import Phase
from ...engine.words import plural
from ..cards.card_sprite import CardSprite, hand_order
from ..cards.cardart import draw_suit, suit_colour
from ..core.keymap import Context, Intent, label_of, with_key
from ..core.table_look import draw_seat_disc, table_felt
from ..core.theme import (
    BADGE_EDGE,
    BADGE_FILL,
    BOARD_FILL,
    BODY,
    BUBBLE_FILL,
    CAPTION,
    CARD_ASPECT,
    CHIP_FILL,
    CHIP_RADIUS,
    CONTROL_RADIUS,
    CREAM,
    DEALER_CHIP,
    DEALER_INK,
    FELT,
    FOCUS_BORDER,
    GOLD,
    ILLEGAL_DIM,
    INK_ON_LIGHT,
    KEY_HELP_TEXT,
    LABEL,
    LEAD,
    MADE,
    MESSAGE,
    MESSAGE_RADIUS,
    MUTED,
    NEGATIVE,
    PANEL_OPAQUE,
    PANEL_RADIUS,
    PILE_BADGE,
    PLATE_DETAIL,
    PLATE_FILL,
    QUIET_BORDER,
    SMALL,
    SUBHEADING,
    TINY,
    TURN_FILL,
    WARNING,
    WINNER_FRAME,
)
from ..core.widgets import (
    draw_panel,
    draw_text,
    draw_wrapped_panel,
    frame_winner,
    panel_area,
    text_width,
    wrapped_panel_rect,
)
from ..text.claims import claim_prompt
from ..text.key_help import claim_keys, table_key_help
from ..text.messages import fit_text, wrap
from ..text.table_summary import THINKING, Contract, TableSummary
from ..text.variants import draw_prompt, mode_title

if TYPE_CHECKING:
    from .scene import TableScene

CONTRACT_COLOURS = {Contract.BIDDING: MUTED, Contract.NONE: MUTED, Contract.OPEN: CREAM, Contract.MADE: MADE,
                    Contract.SET: NEGATIVE, Contract.MADE_NIL_BROKEN: WARNING}


def cards_box(image: pygame.Surface, centres: Sequence[tuple[float, float]]) -> pygame.Rect:
    """Where cards of ``image``'s size centred at ``centres`` lie, all of them."""
    rects = [image.get_rect(center=(int(x), int(y))) for x, y in centres]
    return rects[0].unionall(rects[1:])


def hand_picture(image: pygame.Surface, centres: tuple[tuple[int, int], ...],
                 reach: tuple[int, int] | None = None) -> tuple[pygame.Surface, pygame.Rect]:
    """A row of overlapping cards as one picture and where it goes: a face-down hand is 13 blits
    that change only when a card leaves it, so it is composed once (premultiplied alpha, so the
    picture blitted with BLEND_PREMULTIPLIED gives the felt exactly what the 13 blits gave).
    ``reach``: the picture reaches as far as a card centred there (a hand being dealt)."""
    rects = [image.get_rect(center=centre) for centre in centres]
    box = cards_box(image, centres if reach is None else (*centres, reach))
    picture = pygame.Surface(box.size, pygame.SRCALPHA)
    card = image.premul_alpha()
    for rect in rects:
        picture.blit(card, rect.move(-box.x, -box.y), special_flags=pygame.BLEND_PREMULTIPLIED)
    return picture, box


def on_background(picture: pygame.Surface, background: pygame.Surface, box: pygame.Rect) -> pygame.Surface:
    """A premultiplied picture laid on the part of ``background`` it covers at ``box``, as one opaque
    picture: blitting it gives what the background and then the picture gave."""
    under = pygame.Surface(box.size).convert(background) if pygame.display.get_surface() else pygame.Surface(box.size)
    under.blit(background, (0, 0), box)
    under.blit(picture, (0, 0), special_flags=pygame.BLEND_PREMULTIPLIED)
    return under


class HandPicture(NamedTuple):
    """A face-down hand composed into one picture, and what it shows."""

    look: tuple[object, ...]  # the card back, the layout, the felt under it (if any), whether dealing
    cards: int  # how many cards it shows
    box: pygame.Rect  # where it goes
    picture: pygame.Surface


class TablePainter:
    def __init__(self, table: TableScene) -> None:
        self.table = table
        self._background: pygame.Surface | None = None
        self._rotated_back: pygame.Surface | None = None
        self._small_back: pygame.Surface | None = None
        # each face-down hand composed once into one picture, until its cards or place change
        self._hand_pictures: dict[Seat, HandPicture] = {}
        self.plate_rects: dict[Seat, pygame.Rect] = {}  # where the last frame put each name plate
        self.badge_rect: pygame.Rect | None = None  # the trump badge
        self.turn_rect: pygame.Rect | None = None  # the turn (or trick winner) line
        self.checker_rect: pygame.Rect | None = None  # the play checker's note
        self.scoreboard_rect = pygame.Rect(0, 0, 0, 0)
        # everything each part drew in the last frame (a partial frame skips a part it does not reach)
        self.plate_areas: dict[Seat, pygame.Rect] = {}
        self._hand_areas: dict[tuple[object, ...], pygame.Rect] = {}
        self._summary: TableSummary | None = None  # the frame's summary, for its other areas
        self._flying: list[tuple[CardSprite, pygame.Rect]] | None = None  # the frame's cards in flight, too
        self._thinking_size: tuple[pygame.font.Font | None, tuple[int, int]] = (None, (0, 0))
        self._message_place: tuple[tuple[object, ...], pygame.Rect, int] | None = None
        self.badge_area: pygame.Rect | None = None
        self.board_area: pygame.Rect | None = None
        self.corner_area: pygame.Rect | None = None  # the mode's box and the key help, top right
        self.mode_rect = pygame.Rect(0, 0, 0, 0)  # the mode's box, top right
        self.claim_rect: pygame.Rect | None = None  # a computer side's claim, with its cards
        self.north_hand_rect: pygame.Rect | None = None  # North's hand shown face up (watch mode)

    def forget_sizes(self) -> None:
        """The window or the card size changed: cached surfaces are rebuilt on next use."""
        self._background = None
        self._rotated_back = None
        self._small_back = None
        self._hand_pictures.clear()
        self._hand_areas.clear()
        self._message_place = None

    # ------------------------------------------------------------ cached surfaces
    def background(self) -> pygame.Surface:
        if self._background is None:
            base = FELT.get(self.table.settings.table_colour, FELT["green"])
            self._background = table_felt(self.table.app.screen.get_size(), base)
        return self._background

    def small_back(self) -> pygame.Surface:
        if self._small_back is None:
            lay = self.table.layout
            size = (lay.card_w // 2, lay.card_h // 2)
            self._small_back = pygame.transform.smoothscale(self.table.art.back(), size).convert_alpha()
        return self._small_back

    def rotated_back(self) -> pygame.Surface:
        if self._rotated_back is None:
            self._rotated_back = pygame.transform.rotate(self.table.art.back(), 90).convert_alpha()
        return self._rotated_back

    # ------------------------------------------------------------ the whole table
    def draw(self, surface: pygame.Surface) -> None:
        table = self.table
        st = table.ctl.state
        human = table.ctl.human
        if self._summary is None or not table.app.redrawing_again:
            self._summary = table.summary()
        summary = self._summary
        # a frame that redraws part of the window (its clip) skips what lies wholly outside it; what
        # it skips is as the last frame drew it (anything else that changes redraws everything)
        clip = surface.get_clip()
        whole = clip == surface.get_rect()

        def shows(area: pygame.Rect | None) -> bool:
            return whole or area is None or clip.colliderect(area)

        surface.blit(self.background(), (0, 0))
        for seat in st.seats:
            # (no person: South's hand is drawn later, over the rest)
            if seat != human and seat != Seat.S and shows(self.hand_area(seat)):
                self.draw_other_hand(surface, seat, on_felt=True)
        self.draw_piles(surface)
        for seat in st.seats:
            if shows(self.plate_areas.get(seat)):
                self.draw_plate(surface, seat, summary)
        # the draw's card and question own the middle, and so does a claim with its cards
        if st.phase is not Phase.DRAW and table.claim.offered_by is None:
            if shows(self.badge_area):
                self.draw_trump_badge(surface, summary)
        else:
            self.badge_rect = self.badge_area = None
        for seat, sprite in table.view.trick:
            if shows(self.sprite_bound(sprite)):
                self.blit_card(surface, sprite)
                if seat == table.view.trick_winner:
                    self.mark_card(surface, sprite)
        self.draw_human_hand(surface, shows)
        if self._flying is None or not table.app.redrawing_again:
            self._flying = self.flying_cards()
        for sprite, bound in self._flying:
            if shows(bound):
                self.blit_card(surface, sprite)
        if shows(self.board_area):
            self.draw_scoreboard(surface, summary)
        self.draw_undo_chip(surface)
        self.draw_claim_chip(surface)
        if self.turn_rect is None or shows(panel_area(self.turn_rect)):
            self.draw_turn(surface, summary)
        self.draw_claim_offer(surface)
        self.draw_bubbles(surface)
        self.draw_checker_note(surface)
        if st.phase is Phase.DRAW and table.accepting_input():
            self.draw_offered_card(surface, st.drawn_card)
        if table.accepting_input():
            table.panel.draw(surface)
        if table.message:
            self.draw_message(surface, table.message, shows)

    def flying_cards(self) -> list[tuple[CardSprite, pygame.Rect]]:
        """The cards in flight to draw, each with its ``sprite_bound``: worked out once a frame (a
        partial frame's other areas reuse it; while dealing, 52 cards and six areas made it a tenth
        of a frame).  The deck waiting to be dealt is many cards on one spot: a stack is drawn once,
        so it casts one shadow."""
        cards: list[tuple[CardSprite, pygame.Rect]] = []
        drawn: set[tuple[object, ...]] = set()
        for sprite in self.table.view.flying:
            place = (int(sprite.x), int(sprite.y), sprite.face_up, sprite.rotated, sprite.alpha, sprite.lift)
            if sprite.face_up or place not in drawn:
                drawn.add(place)
                cards.append((sprite, self.sprite_bound(sprite)))
        return cards

    def _card_image(self, sprite: CardSprite) -> pygame.Surface:
        art = self.table.art
        if sprite.rotated and not sprite.face_up:
            return self.rotated_back()
        return art.face(sprite.card) if sprite.face_up else art.back()

    def _shadow_at(self, sprite: CardSprite, card: pygame.Rect) -> pygame.Rect | None:
        """Where a card's soft shadow lies (it lies on the felt: not under a fading or sideways card)."""
        if sprite.alpha < 200 or sprite.rotated:
            return None
        offset = max(2, self.table.art.width // 30) + int(sprite.lift * 0.15)
        return self.table.art.shadow().get_rect(topleft=card.move(offset, offset + 1).topleft)

    def sprite_bound(self, sprite: CardSprite) -> pygame.Rect:
        """A quick rectangle round everything ``sprite_area`` covers (to skip a card a partial
        frame does not reach without looking up its picture)."""
        lay = self.table.layout
        w, h = (lay.card_h, lay.card_w) if sprite.rotated else (lay.card_w, lay.card_h)
        pad = max(2, lay.card_w // 30) + int(sprite.lift * 0.15) + lay.card_w // 8 + 2 * WINNER_FRAME + 4
        rect = pygame.Rect(0, 0, w + 2 * pad, h + 2 * pad)
        rect.center = (int(sprite.x), int(sprite.y - sprite.lift / 2))
        return rect.inflate(0, int(sprite.lift))

    def sprite_area(self, sprite: CardSprite) -> pygame.Rect:
        """Every pixel drawing ``sprite`` may touch where it is now: the card, its shadow, and the
        gold frame of a trick's winning card round it."""
        card = self._card_image(sprite).get_rect(center=(int(sprite.x), int(sprite.y - sprite.lift)))
        shadow = self._shadow_at(sprite, card)
        area = card.union(shadow) if shadow is not None else card
        lay = self.table.layout
        frame = pygame.Rect(0, 0, lay.card_w, lay.card_h)
        frame.center = (int(sprite.x), int(sprite.y))
        return area.union(frame.inflate(2 * WINNER_FRAME + 2, 2 * WINNER_FRAME + 2))

    def blit_card(self, surface: pygame.Surface, sprite: CardSprite, overlay: pygame.Surface | None = None) -> None:
        art = self.table.art
        image = self._card_image(sprite)
        rect = image.get_rect(center=(int(sprite.x), int(sprite.y - sprite.lift)))
        shadow = self._shadow_at(sprite, rect)
        if shadow is not None:
            surface.blit(art.shadow(), shadow)
        if sprite.alpha < 255:
            image = image.copy()
            image.set_alpha(int(sprite.alpha))
        surface.blit(image, rect)
        if overlay is not None:
            surface.blit(overlay, rect)

    def mark_card(self, surface: pygame.Surface, sprite: CardSprite) -> None:
        """A gold frame round the card that wins the trick."""
        lay = self.table.layout
        rect = pygame.Rect(0, 0, lay.card_w, lay.card_h)
        rect.center = (int(sprite.x), int(sprite.y))
        frame_winner(surface, rect)

    def draw_offered_card(self, surface: pygame.Surface, card: int | None) -> None:
        """Two-player draw: the card on offer, face up in the middle, with the progress and the
        question above it and, under the Keep and Discard buttons, what becomes of the next card."""
        if card is None:
            return
        table = self.table
        lay = table.layout
        cx, cy = lay.center
        self.blit_card(surface, CardSprite(card, cx, cy, True))
        progress, question, note = draw_prompt(table.ctl.state, table.ctl.state.actor)
        fonts = table.app.fonts
        lead, small = fonts.get(LEAD), fonts.get(SMALL)
        bottom = int(cy - lay.card_h * 0.5 - 8)
        for line in reversed(wrap(question, int(lay.width * 0.6), lambda t: text_width(lead, t))):
            draw_text(surface, lead, line, CREAM, midbottom=(cx, bottom))
            bottom -= lead.get_linesize()
        draw_text(surface, fonts.get(SMALL, bold=True), progress, GOLD, midbottom=(cx, bottom))
        buttons = [b.rect for b in table.panel.buttons if b.rect is not None]
        below = max((r.bottom for r in buttons), default=int(cy + lay.card_h * 0.5))
        draw_text(surface, small, note, MUTED, midtop=(cx, below + 8))

    def draw_claim_chip(self, surface: pygame.Surface) -> None:
        """'Claim the remaining N tricks (C)' beside the person's hand once the engine has proven it."""
        table = self.table
        table.claim_chip = None
        if table.autoplay or not table.claim_available():
            return
        left = table.ctl.state.hand_size - table.ctl.state.trick_count
        label = with_key(f"Claim the remaining {plural(left, 'trick')}", Intent.CLAIM, Context.TABLE)
        table.claim_chip = self.chip(surface, label, bottomleft=(14, table.layout.height - 14))

    def draw_undo_chip(self, surface: pygame.Surface) -> None:
        """'Undo (Ctrl+Z)' beside the person's hand while something can be taken back; a click undoes."""
        table = self.table
        table.undo_chip = None
        if table.autoplay or not table.undo_available():
            return
        lay = table.layout
        table.undo_chip = self.chip(surface, with_key("Undo", Intent.UNDO, Context.TABLE),
                                    bottomright=(lay.width - 14, lay.height - 14))

    def chip(self, surface: pygame.Surface, label: str, **anchor: tuple[int, int]) -> pygame.Rect:
        """A small clickable label in a framed panel; returns where it went (for the clicks)."""
        font = self.table.app.fonts.get(LABEL, bold=True)
        rect = pygame.Rect(0, 0, text_width(font, label) + 28, font.get_linesize() + 14)
        setattr(rect, *next(iter(anchor.items())))
        draw_panel(surface, rect, CHIP_FILL, GOLD, CHIP_RADIUS)
        draw_text(surface, font, label, CREAM, center=rect.center)
        return rect

    def message_box(self, message: str) -> tuple[pygame.Rect, int]:
        """Where a message goes and how wide its lines are.  A long one (a hint's explanation)
        moves right to stay clear of the scoreboard, which three or four sides make taller, and
        starts under North's plate."""
        lay = self.table.layout
        font = self.table.app.fonts.get(MESSAGE, bold=True)
        width = int(lay.width * 0.6)
        rect = wrapped_panel_rect(font, message, width)  # as drawn: a short message is a small box
        rect.center = (lay.width // 2, int(lay.height * 0.25))
        board = self.scoreboard_rect
        if board.w and rect.colliderect(board):
            rect.left = min(board.right + 12, lay.width - 12 - rect.w)
        north = self.plate_rects.get(Seat.N)
        if north is not None:  # between North's plate and North's card in the trick, where it fits
            card_top = lay.trick_spot(Seat.N)[1] - lay.card_h / 2
            if card_top - north.bottom >= rect.h:
                rect.centery = int((north.bottom + card_top) / 2)
            elif rect.colliderect(north):
                rect.top = north.bottom + 6
        return rect, width

    def draw_message(self, surface: pygame.Surface, message: str,
                     shows: Callable[[pygame.Rect | None], bool] = lambda area: True) -> None:
        known = self._message_place
        if known is None or known[0] != (message, self.scoreboard_rect, self.plate_rects.get(Seat.N)):
            known = self._message_place = ((message, self.scoreboard_rect.copy(), self.plate_rects.get(Seat.N)),
                                           *self.message_box(message))
        rect, width = known[1], known[2]
        if shows(panel_area(rect)):
            draw_wrapped_panel(surface, self.table.app.fonts.get(MESSAGE, bold=True), message, width,
                               midtop=rect.midtop)

    # ------------------------------------------------------------ hands
    def draw_other_hand(self, surface: pygame.Surface, seat: Seat, on_felt: bool = False) -> None:
        """A hand the person does not hold.  ``on_felt``: nothing but the felt lies under it yet, so
        its face-down picture carries the felt under it and goes on as an opaque copy (a third of
        the cost of blending it)."""
        cards = self.table.view.hands.get(seat, [])
        if not self.table.show_all_hands:  # face down: one picture per seat, kept until the hand changes
            image = self.rotated_back() if seat in (Seat.E, Seat.W) else self.table.art.back()
            felt = self.background() if on_felt else None
            # while the deal goes on, the cards lie where a full hand's go, as each card was dealt to
            # its place (laid out for the cards so far, the hand shifted under each card that came)
            dealing = bool(self.table.view.flying)
            look = (image, self.table.layout, felt, dealing)
            known = self._hand_pictures.get(seat)
            if known is not None and known.look == look and dealing and known.cards < len(cards):
                known = self._deal_onto(seat, known, len(cards))  # more cards dealt: laid on the picture
            if known is None or known.look != look or known.cards != len(cards):
                slots = self.table.layout.hand_slots(seat, self.table.ctl.state.hand_size if dealing else len(cards))
                centres = tuple((int(x), int(y)) for x, y in slots[:len(cards)])
                if not centres:
                    return
                # while dealing, the picture is as large as the full hand, so the next cards go onto it
                picture, box = hand_picture(image, centres, (int(slots[-1][0]), int(slots[-1][1])) if dealing else None)
                if felt is not None:
                    picture = on_background(picture, felt, box)
                known = self._hand_pictures[seat] = HandPicture(look, len(cards), box, picture)
            surface.blit(known.picture, known.box, special_flags=0 if on_felt else pygame.BLEND_PREMULTIPLIED)
            return
        # watch mode: face up (a claim's cards are shown in its own row)
        trump = self.table.trump_shown()
        if seat == Seat.N:
            self.draw_north_face_up(surface, hand_order(cards, trump))
            return
        lay = self.table.layout
        slots = lay.hand_slots(seat, len(cards))
        if seat in (Seat.E, Seat.W):  # upright cards, kept inside the window
            slots = [(min(max(x, lay.card_w * 0.5 + 4), lay.width - lay.card_w * 0.5 - 4), y) for x, y in slots]
        for card, (x, y) in zip(hand_order(cards, trump), slots, strict=True):
            self.blit_card(surface, CardSprite(card, x, y, True))

    def hand_area(self, seat: Seat) -> pygame.Rect | None:
        """Everywhere a face-down hand of ``seat`` may lie: where a full hand's cards go (a hand is
        centred on its place, so a shorter one lies inside), or None when hands show face up."""
        if self.table.show_all_hands:
            return None
        image = self.rotated_back() if seat in (Seat.E, Seat.W) else self.table.art.back()
        key = (seat, self.table.layout, image.get_size(), self.table.ctl.state.hand_size)
        area = self._hand_areas.get(key)
        if area is None:
            slots = self.table.layout.hand_slots(seat, self.table.ctl.state.hand_size)
            area = self._hand_areas[key] = cards_box(image, slots).inflate(4, 4)
        return area

    def _deal_onto(self, seat: Seat, known: HandPicture, count: int) -> HandPicture:
        """A hand being dealt that has ``count`` cards now, more than its picture: the cards that
        came are laid onto the picture where a full hand's go (each on top, as dealt)."""
        image = known.look[0]
        assert isinstance(image, pygame.Surface)
        card = image.premul_alpha()
        slots = self.table.layout.hand_slots(seat, self.table.ctl.state.hand_size)
        for x, y in slots[known.cards:count]:
            rect = image.get_rect(center=(int(x), int(y)))
            known.picture.blit(card, rect.move(-known.box.x, -known.box.y), special_flags=pygame.BLEND_PREMULTIPLIED)
        known = self._hand_pictures[seat] = known._replace(cards=count)
        return known

    def draw_north_face_up(self, surface: pygame.Surface, cards: list[int]) -> None:
        """North's hand shown (watch mode): whole cards, as large as fit between the window's top and
        North's plate, in a row clear of the plate (the playtest saw the plate over the cards)."""
        lay = self.table.layout
        margin = max(4, int(lay.height * 0.008))
        plate_top = lay.plate_center(Seat.N)[1] - self.plate_height() // 2
        art = self.table.app.card_art(max(20, int((plate_top - 2 * margin) / CARD_ASPECT)))
        if not cards:
            return
        gap = min(art.width * 0.62, (lay.width * 0.5) / max(1, len(cards) - 1))
        left = lay.width / 2 - gap * (len(cards) - 1) / 2 - art.width / 2
        for i, card in enumerate(cards):
            surface.blit(art.face(card), (int(left + i * gap), margin))
        self.north_hand_rect = pygame.Rect(int(left), margin, int(gap * (len(cards) - 1)) + art.width, art.height)

    def plate_height(self) -> int:
        """A name plate's height: its two lines and room round them, at least 8.5% of the window."""
        fonts = self.table.app.fonts
        lines = fonts.get(BODY, bold=True).get_linesize() + fonts.get(PLATE_DETAIL).get_linesize()
        return max(int(self.table.layout.height * 0.085), lines + 12)

    def draw_human_hand(self, surface: pygame.Surface,
                        shows: Callable[[pygame.Rect | None], bool] = lambda area: True) -> None:
        """The person's cards (``shows``: whether a partial frame reaches a card's place)."""
        table = self.table
        seat = table.ctl.human
        st = table.ctl.state
        if seat is None:
            if Seat.S in st.seats and shows(self.hand_area(Seat.S)):
                self.draw_other_hand(surface, Seat.S)
            return
        lay = table.layout
        cards = table.view.hands.get(seat, [])
        legal = table.legal_cards()
        accepting = table.accepting_input()
        playing = accepting and st.phase is Phase.PLAY
        exchanging = st.phase is Phase.EXCHANGE
        dim = table.art.highlight(ILLEGAL_DIM)
        for i, card in enumerate(cards):
            sprite = table.view.human_sprites.get(card)
            if sprite is None:
                continue
            # the mouse lifts the card it points at; the keyboard's cursor is the gold frame alone, so
            # the two never look alike (the playtest saw two raised cards and could not tell which played)
            hovered = i == table.hover
            lift = 0.0
            if playing and card in legal and hovered:
                lift = lay.card_h * 0.18
            if card in table.exchange_pick:
                lift = lay.card_h * 0.22
            if hovered and exchanging:
                lift = max(lift, lay.card_h * 0.08)
            sprite.lift = lift
            if not shows(self.sprite_bound(sprite)):
                continue
            self.blit_card(surface, sprite, dim if playing and card not in legal else None)
            if i == table.selected and accepting:
                rect = pygame.Rect(0, 0, lay.card_w, lay.card_h)
                rect.center = (int(sprite.x), int(sprite.y - sprite.lift))
                pygame.draw.rect(surface, GOLD, rect, width=FOCUS_BORDER, border_radius=CONTROL_RADIUS)

    # ------------------------------------------------------------ what is always visible
    def draw_piles(self, surface: pygame.Surface) -> None:
        """Each seat's tricks as a small stack with a count badge."""
        table = self.table
        font = table.app.fonts.get(SMALL, bold=True)
        small = self.small_back()
        for seat, count in table.view.tricks.items():
            if not count:
                continue
            x, y = table.layout.pile_spot(seat)
            for i in range(min(count, 4)):
                surface.blit(small, small.get_rect(center=(int(x + i * 3), int(y - i * 3))))
            r = max(9, int(table.layout.height * 0.016))
            badge = (int(x + small.get_width() * 0.5), int(y + small.get_height() * 0.45))
            pygame.draw.circle(surface, PILE_BADGE, badge, r)
            pygame.draw.circle(surface, GOLD, badge, r, BADGE_EDGE)
            draw_text(surface, font, str(count), CREAM, center=badge)

    def draw_plate(self, surface: pygame.Surface, seat: Seat, summary: TableSummary) -> None:
        """A seat's name plate: name (and level), bid, tricks, dealer chip, turn and thinking."""
        table = self.table
        lay = table.layout
        st = table.ctl.state
        fonts = table.app.fonts
        font = fonts.get(BODY, bold=True)
        small = fonts.get(PLATE_DETAIL)
        name = table.name(seat)
        level = "" if seat == table.ctl.human else f" ({table.settings.levels.get(seat.name, 'normal')})"
        bid = table.view.bids.get(seat, "")
        tricks = table.view.tricks.get(seat, 0)
        if not bid:
            line2 = f"tricks {tricks}"
        elif bid == "pass":
            line2 = f"passed  ·  tricks {tricks}"
        else:
            line2 = f"bid {bid}  ·  tricks {tricks}"
        nil_text = summary.nils[seat].text + f"  ·  tricks {tricks}" if seat in summary.nils else ""
        height = self.plate_height()
        avatar = int(height * 0.72)
        width = max(text_width(font, name + level), text_width(small, line2), text_width(small, nil_text)) + 36 + avatar
        rect = pygame.Rect(lay.place_plate(seat, (width, height)))
        self.plate_rects[seat] = rect
        turn = st.turn == seat and not st.is_terminal()
        draw_panel(surface, rect, PLATE_FILL, GOLD if turn else QUIET_BORDER, MESSAGE_RADIUS)
        self.draw_monogram(surface, seat, name, (rect.left + 8 + avatar // 2, rect.centery), avatar)
        text_x = rect.left + avatar + 12 + (rect.w - avatar - 12) // 2
        draw_text(surface, font, name + level, CREAM, midtop=(text_x, rect.top + 6))
        nil = summary.nils.get(seat)
        if nil is not None:
            line2 = f"{nil.text}  ·  tricks {tricks}"
        colour = (NEGATIVE if nil.broken else MADE) if nil is not None else GOLD if bid else MUTED
        draw_text(surface, small, line2, colour, midbottom=(text_x, rect.bottom - 6))
        if seat == table.view.dealer:
            r = int(lay.height * 0.018)
            chip = (rect.right + r + 4, rect.centery) if seat == Seat.W else (rect.left - r - 4, rect.centery)
            pygame.draw.circle(surface, DEALER_CHIP, chip, r)
            pygame.draw.circle(surface, DEALER_INK, chip, r, BADGE_EDGE)
            draw_text(surface, fonts.get(CAPTION, bold=True), "D", DEALER_INK, center=chip)
        mark = self.thinking_mark()
        if mark is not None and mark[0] == seat:
            draw_text(surface, fonts.get(CAPTION), THINKING + "." * mark[1], GOLD, **self._thinking_place(seat, rect))
        area = panel_area(rect).union(self.thinking_area(seat))
        if seat == table.view.dealer:
            area.union_ip(pygame.Rect(chip[0] - r - 2, chip[1] - r - 2, 2 * r + 4, 2 * r + 4))
        self.plate_areas[seat] = area

    def thinking_mark(self) -> tuple[Seat, int] | None:
        """The seat shown thinking and how many dots (one to three, moving four times a second), or None."""
        table = self.table
        seat = table.ctl.thinking_seat
        st = table.ctl.state
        quiet = table.view.trick_winner is not None or table.claim.offered_by is not None
        if seat is None or st.turn != seat or st.is_terminal() or table.queue or quiet:
            return None
        return seat, 1 + int(table.thinking_time * 4) % 3

    def _thinking_place(self, seat: Seat, plate: pygame.Rect) -> dict[str, tuple[int, int]]:
        if seat == Seat.N:  # beside the plate: below it lie the messages and the trick
            return {"midright": (plate.left - int(self.table.layout.height * 0.05), plate.centery)}
        return {"midtop": (plate.centerx, plate.bottom + 4)}

    def thinking_area(self, seat: Seat) -> pygame.Rect:
        """Where ``seat``'s "thinking..." is written at its longest, by the plate of the last frame:
        the dots are redrawn there alone."""
        font = self.table.app.fonts.get(CAPTION)
        if self._thinking_size[0] is not font:  # measured once per type size (it is asked every frame)
            self._thinking_size = (font, font.size(THINKING + "..."))
        rect = pygame.Rect((0, 0), self._thinking_size[1])
        plate = self.plate_rects.get(seat)
        if plate is None:
            return pygame.Rect(0, 0, *self.table.app.screen.get_size())  # no plate drawn yet: everywhere
        for name, at in self._thinking_place(seat, plate).items():
            setattr(rect, name, at)
        return rect.inflate(8, 4)

    def draw_monogram(self, surface: pygame.Surface, seat: Seat, name: str, center: tuple[int, int],
                      size: int) -> None:
        """A round badge with the seat's initial, in the seat's own colour."""
        draw_seat_disc(surface, seat, center, size)
        letter = (name.strip()[:1] or seat.name).upper()
        draw_text(surface, self.table.app.fonts.get(MESSAGE, bold=True), letter, CREAM, center=center)

    def draw_scoreboard(self, surface: pygame.Surface, summary: TableSummary) -> None:
        """Top left, per side: score, contract and progress, bags against the limit; top right the
        mode, the target and the auction's contract; then the key help."""
        table = self.table
        st = table.ctl.state
        lay = table.layout
        fonts = table.app.fonts
        font = fonts.get(BODY, bold=True)
        small = fonts.get(SMALL)
        pad = lay.BOARD_PAD
        line = font.get_linesize()
        sub = small.get_linesize()
        nil_rows = sum(1 for side in summary.sides if side.nils_text)
        rect = pygame.Rect(lay.score_panel(lay.score_panel_height(line, sub, len(summary.sides), nil_rows)))
        self.scoreboard_rect = rect
        draw_panel(surface, rect, BOARD_FILL, QUIET_BORDER, CHIP_RADIUS)
        draw_text(surface, small, f"Hand {table.view.hand_number}  ·  {summary.target_text}", MUTED,
                  topleft=(rect.left + pad, rect.top + pad))
        y = rect.top + pad + sub
        for side in summary.sides:
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
        contract = ""
        if st.is_auction and st.high_bidder is not None:
            contract = f"{table.name(st.high_bidder)} bid {st.high_bid}"
        title = mode_title(st.rules)  # the mode and the variants in force: 'Partnership · Jokers · Mirror'
        wide = max(text_width(small, title), text_width(small, contract or summary.target_text)) + pad * 2
        tr = self.mode_rect = pygame.Rect(lay.mode_panel(wide, lay.mode_box_height(sub)))
        draw_panel(surface, tr, BOARD_FILL, QUIET_BORDER, CHIP_RADIUS)
        draw_text(surface, small, title, CREAM, topleft=(tr.left + pad, tr.top + pad))
        draw_text(surface, small, contract or summary.target_text, MUTED, topleft=(tr.left + pad, tr.top + pad + sub))
        help_font = fonts.get(TINY)
        # two short lines from the keymap, without the keys the phase has taken (S names spades while
        # trump is named): legible at any size, clear of North's plate
        corner = panel_area(tr)
        dots = 1 + int(table.hints.time * 4) % 3 if table.hint_thinking else 0
        for i, help_line in enumerate(table_key_help(table.input.contexts(), dots)):
            corner.union_ip(draw_text(surface, help_font, help_line, KEY_HELP_TEXT,
                                      topright=(tr.right, tr.bottom + lay.KEY_HELP_GAP + i * help_font.get_linesize())))
        self.corner_area = corner  # (East's hand stays below it: ``TableLayout.corner``)
        self.board_area = panel_area(rect).union(corner)

    def draw_trump_badge(self, surface: pygame.Surface, summary: TableSummary) -> None:
        """The trump, large and plain, beside the trick; 'Spades broken' under it once it happens."""
        table = self.table
        lay = table.layout
        fonts = table.app.fonts
        font = fonts.get(LEAD, bold=True)
        cx, cy = lay.center
        label = "Trump" if summary.trump is not None else summary.trump_text
        size = int(lay.height * 0.05)
        width = text_width(font, label) + (size + 28 if summary.trump is not None else 24)
        rect = pygame.Rect(0, 0, width, size + 16)
        rect.midleft = (int(cx + lay.card_w * 1.6), int(cy - lay.card_h * 0.95))
        if table.message:  # a long message ("East names hearts trump") hides it no more: it steps aside
            message = self.message_box(table.message)[0]
            if message.colliderect(rect):
                taken = [message, *self.plate_rects.values()]
                if table.panel.frame_rect is not None:
                    taken.append(table.panel.frame_rect)
                places = [rect.move(0, message.bottom + 6 - rect.top), rect.move(message.right + 8 - rect.left, 0)]
                window = surface.get_rect()
                free = [p for p in places if window.contains(p) and p.collidelist(taken) < 0]
                if not free:  # no room beside it this moment: it comes back with the message gone
                    self.badge_rect = self.badge_area = None
                    return
                rect = free[0]
        colour = INK_ON_LIGHT  # a black trump; a red one in the deck's colours
        if summary.trump in (1, 2):
            colour = suit_colour(summary.trump, table.settings.four_colour)
        draw_panel(surface, rect, BADGE_FILL if summary.trump is not None else BOARD_FILL, GOLD, CHIP_RADIUS)
        text_colour = INK_ON_LIGHT if summary.trump is not None else CREAM
        label_rect = draw_text(surface, font, label, text_colour, midleft=(rect.left + 12, rect.centery))
        if summary.trump is not None:
            draw_suit(surface, summary.trump, (label_rect.right + 8 + size / 2, rect.centery), size, colour)
        self.badge_rect = rect
        self.badge_area = panel_area(rect)
        if summary.broken_text:
            self.badge_area.union_ip(draw_text(surface, fonts.get(SMALL, bold=True), summary.broken_text, WARNING,
                                               midtop=(rect.centerx, rect.bottom + 4)))

    def draw_turn(self, surface: pygame.Surface, summary: TableSummary) -> None:
        """Whose turn, in words, under the trick (the choice panel says it when it is shown)."""
        line = self.turn_line(summary)
        self.turn_rect = None if line is None else line[2]
        if line is None:
            return
        text, colour, rect = line
        font = self.table.app.fonts.get(LEAD, bold=True)
        draw_panel(surface, rect, TURN_FILL, None, CHIP_RADIUS)
        draw_text(surface, font, text, colour, center=rect.center)

    def turn_line(self, summary: TableSummary) -> tuple[str, tuple[int, int, int], pygame.Rect] | None:
        """The turn line's words, colour and place, or None when there is none to show."""
        table = self.table
        text, colour = summary.turn_text, CREAM
        claimer = table.claim.offered_by
        if claimer is not None:
            return None  # the claim's own panel says it
        if table.view.trick_winner is not None:
            winner = table.view.trick_winner
            text = f"{table.name(winner)} {table.verb(winner, 'wins', 'win')} the trick"
            if table.pending_gather is not None:
                text += f"  ·  click or press {label_of(Intent.GO_ON, Context.TRICK_HELD)} to go on"
            colour = GOLD
        elif not text or (table.accepting_input() and table.panel.buttons and claimer is None):
            return None
        elif text.startswith("Your"):
            colour = GOLD
        lay = table.layout
        font = table.app.fonts.get(LEAD, bold=True)
        cx, cy = lay.center
        rect = pygame.Rect(0, 0, text_width(font, text) + 28, font.get_linesize() + 10)
        rect.midtop = (cx, int(cy + lay.card_h * 1.12 + 6))  # under the trick, above the person's plate
        # between the person's card in the trick and the person's plate, never on the plate's name (at
        # 960x540 it hid 'You'): where the room is short, the line's panel is as tall as the room
        low = int(lay.trick_spot(Seat.S)[1] + lay.card_h / 2) + 1
        high = lay.plate_center(Seat.S)[1] - self.plate_height() // 2 - 1
        rect.height = max(font.get_linesize(), min(rect.height, high - low))
        rect.top = max(low, min(rect.top, high - rect.height))
        return text, colour, rect

    def claim_offer_geometry(self, cards: int, groups: int, title: str) -> tuple[pygame.Rect, float]:
        """Where a computer side's claim is shown and how far apart its cards are: a panel over the
        middle of the table, between North's plate and the person's and clear of the side plates;
        the cards overlap as in the person's hand, more when the room between the plates is short."""
        lay = self.table.layout
        fonts = self.table.app.fonts
        pad = lay.card_w // 3
        gaps = max(1, cards - 1 + groups - 1)
        room = lay.width - 2 * pad
        sides = [self.plate_rects[s] for s in (Seat.W, Seat.E) if s in self.plate_rects]
        if len(sides) == 2:
            room = sides[1].left - sides[0].right - 2 * pad - 16
        step = min(lay.card_w * 0.62, max(lay.card_w * 0.3, (room - 2 * pad - lay.card_w) / gaps))
        row = lay.card_w + step * gaps
        head = fonts.get(LEAD, bold=True).get_linesize() + fonts.get(SMALL).get_linesize() * 2
        wide = max(int(row), text_width(fonts.get(LEAD, bold=True), title))
        rect = pygame.Rect(0, 0, wide + 2 * pad, int(head + lay.card_h + lay.card_h * 0.3))
        rect.center = lay.center
        return rect, step

    def draw_claim_offer(self, surface: pygame.Surface) -> None:
        """A computer side's claim: who claims how many tricks, the side's cards face up in one row
        (each seat's cards under its name), and the keys that agree or play on."""
        table = self.table
        claimer = table.claim.offered_by
        self.claim_rect = None
        if claimer is None:
            return
        st = table.ctl.state
        members = [seat for seat in table.claim_members(claimer) if table.view.hands.get(seat)]
        hands = {seat: hand_order(table.view.hands[seat], table.trump_shown()) for seat in members}
        lay = table.layout
        fonts = table.app.fonts
        count = sum(len(h) for h in hands.values())
        prompt = claim_prompt(table.claim_members(claimer), table.name, table.ctl.human, tricks_left(st))
        rect, step = self.claim_offer_geometry(count, len(hands), prompt)
        draw_panel(surface, rect, PANEL_OPAQUE, GOLD, MESSAGE_RADIUS)
        title = fonts.get(LEAD, bold=True)
        small = fonts.get(SMALL)
        y = rect.top + lay.card_w // 6
        draw_text(surface, title, prompt, GOLD, midtop=(rect.centerx, y))
        y += title.get_linesize()
        row = lay.card_w + step * max(0, count + len(hands) - 2)
        x = rect.centerx - row / 2 + lay.card_w / 2
        card_y = y + small.get_linesize() + lay.card_h / 2
        for seat, cards in hands.items():
            first = x
            for card in cards:
                self.blit_card(surface, CardSprite(card, x, card_y, True))
                x += step
            label_at = (int((first + x - step) / 2), int(y + small.get_linesize()))
            draw_text(surface, small, table.name(seat), CREAM, midbottom=label_at)
            x += step  # a gap between the partners' cards
        _, agree, refuse = claim_keys()
        draw_text(surface, small, f"{agree} {Intent.ACCEPT_CLAIM.value}  ·  {refuse} {Intent.REFUSE_CLAIM.value}",
                  CREAM, midbottom=(rect.centerx, rect.bottom - lay.card_w // 8))
        self.claim_rect = rect

    def draw_checker_note(self, surface: pygame.Surface) -> None:
        """The play checker's latest mark, quietly, left of the person's plate."""
        table = self.table
        plate = self.plate_rects.get(Seat.S)
        if not table.checker_note or plate is None:
            return
        font = table.app.fonts.get(CAPTION)
        room = max(120, plate.left - int(table.layout.height * 0.06) - 16)
        self.checker_rect = draw_wrapped_panel(surface, font, table.checker_note, room, WARNING,
                                               midright=(plate.left - int(table.layout.height * 0.06), plate.centery))

    def draw_bubbles(self, surface: pygame.Surface) -> None:
        """A computer's bid, in a bubble by its seat for about a second."""
        table = self.table
        font = table.app.fonts.get(SUBHEADING, bold=True)
        for seat, text in table.view.bubbles.items():
            plate = self.plate_rects.get(seat)
            if plate is None:
                continue
            rect = pygame.Rect(0, 0, text_width(font, text) + 30, font.get_linesize() + 14)
            if seat == Seat.S:
                rect.midbottom = (plate.centerx, plate.top - 8)
            elif seat == Seat.N:  # beside the plate, clear of the dealer chip and of messages below
                rect.midright = (plate.left - int(table.layout.height * 0.05), plate.centery)
            else:
                rect.midtop = (plate.centerx, plate.bottom + 26)
            draw_panel(surface, rect, BUBBLE_FILL, GOLD, PANEL_RADIUS)
            draw_text(surface, font, text, INK_ON_LIGHT, center=rect.center)
