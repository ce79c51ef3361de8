"""Turns the engine's events into what the table shows, with time-based tweens.

The table scene hands events over one at a time, only once everything before has
finished moving; each event updates what the table shows (bids, tricks, scores,
sprites) and starts its tweens, a pause (``table.wait``), a message, a sound, or a modal
scene (the hand summary, game over).  Durations scale with the animation speed; at
instant speed every tween completes on the next update.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine import events as E
from ...engine.cards import SUIT_NAMES, cards_of
from ...engine.seats import Seat
from ..cards.card_sprite import CardSprite
from ..core.tween import Tween, ease_in_out_cubic, ease_out_cubic

if TYPE_CHECKING:
    from .scene import TableScene

DEAL_STAGGER = 0.022  # seconds between two dealt cards leaving the deck


class EventAnimator:
    def __init__(self, table: TableScene) -> None:
        self.table = table

    def animate(self, event: E.Event) -> None:
        table = self.table
        k = table.speed
        if isinstance(event, E.DealerDrawn):
            self._dealer_draw(event)
        elif isinstance(event, E.HandStarted):
            self._hand_started(event)
        elif isinstance(event, E.CardDealt):
            self._deal([event])
        elif isinstance(event, E.BlindNilChoice):
            if event.blind_nil:
                table.flash(f"{table.name(event.seat)} {table.verb(event.seat, 'bids', 'bid')} blind nil!")
                table.wait = 0.5 * k
            if event.seat == table.ctl.human and not event.blind_nil:
                table.show_hand_face_up()
        elif isinstance(event, E.BidMade):
            table.bids_shown[event.seat] = "blind nil" if event.blind else ("nil" if event.bid == 0 else str(event.bid))
            table.announce_bid(event.seat, table.bids_shown[event.seat].capitalize())
            if event.seat == table.ctl.human:
                table.show_hand_face_up()
            table.wait = 0.35 * k
        elif isinstance(event, E.AuctionCall):
            table.bids_shown[event.seat] = "pass" if event.bid is None else str(event.bid)
            table.announce_bid(event.seat, table.bids_shown[event.seat].capitalize())
            table.wait = 0.35 * k
        elif isinstance(event, E.Redeal):
            table.flash("Everyone passed: the same dealer deals again")
            table.wait = 1.0 * k
        elif isinstance(event, E.TrumpChosen):
            name = "no trump" if event.trump is None else SUIT_NAMES[event.trump]
            table.flash(f"{table.name(event.seat)} {table.verb(event.seat, 'names', 'name')} {name}")
            table.wait = 0.8 * k
            table.relayout_human()  # the named trump moves to the left of the person's hand
        elif isinstance(event, E.CardDrawn):
            self._draw(event)
        elif isinstance(event, E.CardsExchanged):
            self._exchange(event)
        elif isinstance(event, E.CardPlayed):
            self._play(event)
        elif isinstance(event, E.TrickWon):
            self._trick_won(event)
        elif isinstance(event, E.HandScored):
            self._hand_scored(event)
        elif isinstance(event, E.GameOver):
            table.open_modal(table.app.scenes.game_over(table, event))

    # ------------------------------------------------------------ the start of a game and of a hand
    def _dealer_draw(self, event: E.DealerDrawn) -> None:
        """Each seat's card flies out of the middle; the highest deals."""
        table = self.table
        k = table.speed
        table.trick_sprites = []
        cx, cy = table.layout.center
        for seat, card in zip(event.seats, event.cards, strict=True):
            x, y = table.layout.trick_spot(seat)
            sprite = CardSprite(card, cx, cy, True)
            table.trick_sprites.append((seat, sprite))
            table.tweener.add(Tween(sprite, {"x": x, "y": y}, 0.35 * k, ease_out_cubic))
        table.dealer_shown = event.dealer
        verb = table.verb(event.dealer, "deals", "deal")
        table.flash(f"{table.name(event.dealer)} drew the highest card and {verb}", 2.0 * max(k, 0.5))
        table.wait = 1.4 * k

    def _hand_started(self, event: E.HandStarted) -> None:
        table = self.table
        seats = table.ctl.state.seats
        table.trick_sprites = []
        table.last_trick = ()
        table.dealer_shown = event.dealer
        table.hand_number_shown = event.hand_number
        table.bids_shown = {s: "" for s in seats}
        table.tricks_shown = {s: 0 for s in seats}
        table.hands_shown = {s: [] for s in seats}
        table.human_sprites = {}
        table.face_up_hand = table.hand_starts_face_up()
        deals: list[E.CardDealt] = []
        while table.queue and isinstance(table.queue[0], E.CardDealt):
            deals.append(table.queue.popleft())  # type: ignore[arg-type]
        self._deal(deals)

    def _deal(self, deals: list[E.CardDealt]) -> None:
        """Cards fly from the middle to each seat in turn; the person's hand sorts at the end."""
        table = self.table
        k = table.speed
        cx, cy = table.layout.center
        counts = {s: 0 for s in table.ctl.state.seats}
        human = table.ctl.human
        for i, ev in enumerate(deals):
            seat, card = ev.seat, ev.card
            counts[seat] += 1
            size = table.ctl.state.hand_size  # 13, or 17 with three players
            target = table.layout.hand_slots(seat, size)[min(size - 1, counts[seat] - 1)]
            sprite = CardSprite(card, cx, cy, False, rotated=seat in (Seat.E, Seat.W))
            table.flying.append(sprite)

            def arrive(sprite: CardSprite = sprite, seat: Seat = seat, card: int = card, i: int = i) -> None:
                if sprite in table.flying:
                    table.flying.remove(sprite)
                table.hands_shown.setdefault(seat, []).append(card)
                if seat == human:
                    table.human_sprites[card] = sprite
                    sprite.face_up = table.face_up_hand
                    sprite.rotated = False
                if i % 4 == 0:
                    table.app.sounds.play("deal")

            table.tweener.add(Tween(sprite, {"x": target[0], "y": target[1]}, 0.28 * k, ease_out_cubic,
                                    delay=i * DEAL_STAGGER * k, on_complete=arrive))
        if human is not None:
            table.tweener.add(Tween(table, {}, 0.0, delay=(len(deals) * DEAL_STAGGER + 0.3) * k,
                                    on_complete=lambda: table.relayout_human()))

    # ------------------------------------------------------------ draws and exchanges
    def _draw(self, event: E.CardDrawn) -> None:
        """Two-player: the kept card joins the hand (the person sees it come from the middle)."""
        table = self.table
        table.hands_shown.setdefault(event.seat, []).append(event.kept)
        if event.seat == table.ctl.human:
            table.relayout_human(animate=False)
            sprite = table.human_sprites[event.kept]
            sx, sy = sprite.x, sprite.y
            sprite.x, sprite.y = table.layout.center
            table.tweener.add(Tween(sprite, {"x": sx, "y": sy}, 0.3 * table.speed, ease_out_cubic))
        table.wait = 0.25 * table.speed

    def _exchange(self, event: E.CardsExchanged) -> None:
        table = self.table
        hand = table.hands_shown.setdefault(event.seat, [])
        gone = set(cards_of(event.given_mask))
        hand[:] = [c for c in hand if c not in gone] + list(cards_of(event.received_mask))
        if event.seat == table.ctl.human:
            table.relayout_human()
            table.flash("Cards exchanged")
        table.wait = 0.4 * table.speed

    # ------------------------------------------------------------ play
    def _play(self, event: E.CardPlayed) -> None:
        table = self.table
        seat, card = event.seat, event.card
        hand = table.hands_shown.setdefault(seat, [])
        if seat == table.ctl.human and card in table.human_sprites:
            sprite = table.human_sprites.pop(card)
            sprite.lift = 0.0
            sprite.face_up = True
        else:
            # from the middle of the fan: where a card sat in a hidden hand is not for the person to see
            slots = table.layout.hand_slots(seat, max(1, len(hand)))
            x, y = slots[len(slots) // 2]
            sprite = CardSprite(card, x, y, True)
        if card in hand:
            hand.remove(card)
        if seat == table.ctl.human:
            table.relayout_human()
        tx, ty = table.layout.trick_spot(seat)
        table.trick_sprites.append((seat, sprite))
        table.tweener.add(Tween(sprite, {"x": tx, "y": ty}, 0.3 * table.speed, ease_out_cubic))
        table.app.sounds.play("play")
        if event.broke_trump:
            trump = table.ctl.state.trump
            table.flash(f"{SUIT_NAMES[trump].capitalize() if trump is not None else 'Trumps'} are broken", 1.6)

    def _trick_won(self, event: E.TrickWon) -> None:
        """The winning card is marked and the winner named; after a moment (or a click, for players
        who study each trick) the trick slides, fading, to the winner's pile."""
        table = self.table
        k = table.speed
        px, py = table.layout.pile_spot(event.winner)
        sprites = [s for _, s in table.trick_sprites]
        table.last_trick = tuple((seat, s.card) for seat, s in table.trick_sprites)
        table.last_trick_marks = (event.leader, event.winner)
        table.trick_winner = event.winner

        def gathered() -> None:
            table.trick_sprites = [(seat, s) for seat, s in table.trick_sprites if s not in sprites]
            table.tricks_shown[event.winner] = table.tricks_shown.get(event.winner, 0) + 1
            table.trick_winner = None
            table.app.sounds.play("trick")

        def gather(delay: float) -> None:
            for i, sprite in enumerate(sprites):
                table.tweener.add(Tween(sprite, {"x": px, "y": py, "alpha": 60}, 0.35 * k, ease_in_out_cubic,
                                        delay=delay, on_complete=gathered if i == len(sprites) - 1 else None))

        if table.settings.click_after_trick and table.ctl.human is not None and not table.autoplay:
            table.pending_gather = lambda: gather(0.0)
        else:
            gather(0.75 * k)

    def _hand_scored(self, event: E.HandScored) -> None:
        table = self.table
        table.scores_shown = dict(event.scores)
        table.bags_shown = dict(event.bags)
        table.hands_played += 1
        nils = [n for b in event.breakdown.values() for n in b.nils]
        if any(n.made for n in nils):
            table.app.sounds.play("nil_made")
        elif nils:
            table.app.sounds.play("nil_broken")
        else:
            table.app.sounds.play("hand_end")
        table.open_modal(table.app.scenes.hand_summary(table, event))
