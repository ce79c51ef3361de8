"""The cards the table shows: the trick and the person's hand laid out from the layout, the hand
in the order the trump puts it, face up or (while blind nil may be chosen) face down, and which
cards may be played now."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine import actions as A
from ...engine.state import Phase
from ..cards.card_sprite import CardSprite, hand_order
from ..core.tween import Tween, ease_out_cubic

if TYPE_CHECKING:
    from .scene import TableScene


class ShownCards:
    """Lays out what the table shows of the cards."""

    def __init__(self, table: TableScene) -> None:
        self.table = table

    def place_sprites(self) -> None:
        """Put what the table shows where the new layout wants it.  The view is kept as it is: the
        engine may be ahead of it (events still queued), and reading the engine here would show
        those cards once now and again when their events come."""
        table = self.table
        for seat, sprite in table.view.trick:
            sprite.x, sprite.y = table.layout.trick_spot(seat)
        self.relayout_human(animate=False)

    def sync_from_state(self) -> None:
        """Show the engine's state exactly, with no animation (start, load, undo, resize)."""
        table = self.table
        st = table.ctl.state
        table.view.sync(st, self.trump_shown())
        self.face_up_hand = self.hand_starts_face_up()
        for seat, card in zip(st.play_order[st.leader], st.trick_cards, strict=False):
            x, y = table.layout.trick_spot(seat)
            table.view.trick.append((seat, CardSprite(card, x, y, True)))
        table.pending_gather = None
        self.relayout_human(animate=False)
        table.panel.invalidate()
        table.dirty = True

    def relayout_human(self, animate: bool = True) -> None:
        table = self.table
        seat = table.ctl.human
        if seat is None:
            return
        cards = hand_order(table.view.hands.get(seat, []), self.trump_shown())
        table.view.hands[seat] = cards
        slots = table.layout.hand_slots(seat, len(cards))
        keep = {}
        for card, (x, y) in zip(cards, slots, strict=True):
            sprite = table.view.human_sprites.get(card) or CardSprite(card, x, y, self.face_up_hand)
            sprite.face_up = self.face_up_hand
            keep[card] = sprite
            if animate and table.speed > 0:
                table.tweener.cancel_for(sprite)
                table.tweener.add(Tween(sprite, {"x": x, "y": y}, 0.22 * table.speed, ease_out_cubic))
            else:
                sprite.x, sprite.y = x, y
        table.view.human_sprites = keep
        if table.selected >= len(cards):
            table.selected = len(cards) - 1

    def trump_shown(self) -> int | None:
        """The suit the person's hand puts first: the trump once named (spades until then)."""
        st = self.table.ctl.state
        if st.is_auction and st.phase in (Phase.BIDDING, Phase.TRUMP):
            return 3
        return st.trump

    def legal_cards(self) -> set[int]:
        table = self.table
        st = table.ctl.state
        if not table.accepting_input():
            return set()
        if st.phase is Phase.PLAY:
            return {a for a in st.legal_actions() if A.is_card(a)}
        if st.phase is Phase.EXCHANGE:
            return set(table.view.held(table.ctl.human))
        return set()

    def blind_prompt_wanted(self) -> bool:
        """Whether to keep the person's cards face down and ask about blind nil this hand: the
        engine says whether the house rules allow it now, the person whether to be asked."""
        table = self.table
        st = table.ctl.state
        human = table.ctl.human
        if human is None or not st.blind_possible or table.ctl.cards_seen:
            return False
        return table.settings.blind_nil_prompt != "never"  # when it is allowed is the house rules' alone

    @property
    def face_up_hand(self) -> bool:
        return self.table.view.face_up_hand

    @face_up_hand.setter
    def face_up_hand(self, face_up: bool) -> None:
        """Showing the person's cards is final for the hand: the controller remembers it (and the
        save keeps it), so blind nil cannot be offered later in that hand."""
        table = self.table
        table.view.face_up_hand = face_up
        if face_up:
            table.ctl.mark_cards_seen()

    def hand_starts_face_up(self) -> bool:
        """The person's cards show face down only while they may still bid blind nil (in two-player
        that choice comes before the first draw, with no cards in hand)."""
        table = self.table
        st = table.ctl.state
        human = table.ctl.human
        return (human is None or st.looked[human] or st.is_two or table.ctl.cards_seen
                or not self.blind_prompt_wanted())

    def show_hand_face_up(self) -> None:
        self.face_up_hand = True
        self.relayout_human(animate=False)
