"""Turns the engine's events into what the table shows, with time-based tweens.

The table scene hands events over one at a time, only once everything before has
finished moving; each event updates what the table shows (bids, tricks, scores,
sprites) and starts its tweens, a pause (``table.hold``), a message, a sound, or a modal
scene (the hand summary, game over).  Durations scale with the animation speed; at
instant speed every tween completes on the next update.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ...engine import events as E
from ...engine.cards import SUIT_NAMES, cards_of
from ...engine.seats import Seat
from ..cards.card_sprite import CardSprite
from ..core.tween import Tween, ease_out_cubic
from ..text.variants import exchange_words
from ..text.words import bid_text, call_text
from .motion import FADE_TIME, Motion
from .talk import REACTION_BEAT, TableTalk

if TYPE_CHECKING:

    from .scene import TableScene

DEAL_STAGGER = 0.022  # seconds between two dealt cards leaving the deck
BANNER_TIME = 1.8  # seconds the hand's banner shows before its summary opens (normal speed)
EXCHANGE_TIME = 6.0  # seconds the cards an exchange brought the person stay named on the table


class EventAnimator:
    def __init__(self, table: TableScene) -> None:
        self.table = table
        self.motion = Motion(table)
        self.talk = TableTalk(table)  # a computer's word at a hand's end

    def animate(self, event: E.Event) -> None:
        """Show one event: the handler for its type (``HANDLERS``) updates the view and starts tweens."""
        handler = HANDLERS.get(type(event))
        if handler is not None:
            handler(self, event)

    # ------------------------------------------------------------ bids, calls and trump
    def _blind_choice(self, event: E.BlindNilChoice) -> None:
        table = self.table
        if event.blind_nil:
            if event.seat != table.ctl.human:  # (the person knows: under North's plate it read as
                table.flash(f"{table.name(event.seat)} bids blind nil!")  # North's table talk, every hand)
            table.hold(0.5 * table.speed)
        if event.seat == table.ctl.human and not event.blind_nil:
            table.cards.show_hand_face_up()

    def _bid(self, event: E.BidMade) -> None:
        table = self.table
        table.view.bids[event.seat] = bid_text(event.bid, event.blind)
        table.announce_bid(event.seat, table.view.bids[event.seat].capitalize())
        if event.seat == table.ctl.human:
            table.cards.show_hand_face_up()
        table.hold(0.35 * table.speed)

    def _call(self, event: E.AuctionCall) -> None:
        table = self.table
        table.view.bids[event.seat] = call_text(event.bid)
        table.announce_bid(event.seat, table.view.bids[event.seat].capitalize())
        table.hold(0.35 * table.speed)

    def _redeal(self, event: E.Redeal) -> None:
        self.table.flash("Everyone passed: the same dealer deals again")
        self.table.hold(1.0 * self.table.speed)

    def _trump(self, event: E.TrumpChosen) -> None:
        table = self.table
        name = "no trump" if event.trump is None else SUIT_NAMES[event.trump]
        table.flash(f"{table.name(event.seat)} {table.verb(event.seat, 'names', 'name')} {name}")
        table.hold(0.8 * table.speed)
        table.cards.relayout_human()  # the named trump moves to the left of the person's hand

    def _game_over(self, event: E.GameOver) -> None:
        table = self.table
        if table.session.daily is not None:  # a daily deal's end is its result against par
            table.modal_closed()
            return
        table.open_modal(table.app.scenes.game_over(table, event))

    def _kept_secret(self, event: E.Event) -> None:
        """A card chosen for the exchange is not shown until the cards change hands."""

    def _dealt(self, event: E.CardDealt) -> None:
        self._deal([event])

    # ------------------------------------------------------------ the start of a game and of a hand
    def _dealer_draw(self, event: E.DealerDrawn) -> None:
        """Each seat's card flies out of the middle; the highest deals."""
        table = self.table
        k = table.speed
        table.view.trick = []
        cx, cy = table.layout.center
        for seat, card in zip(event.seats, event.cards, strict=True):
            x, y = table.layout.trick_spot(seat)
            sprite = CardSprite(card, cx, cy, True)
            table.view.trick.append((seat, sprite))
            self.motion.place(sprite, (x, y), 0.35)
        table.view.dealer = event.dealer
        verb = table.verb(event.dealer, "deals", "deal")
        table.flash(f"{table.name(event.dealer)} drew the highest card and {verb}", 2.0 * max(k, 0.5))
        table.hold(1.4 * k)

    def _hand_started(self, event: E.HandStarted) -> None:
        table = self.table
        table.view.new_hand(table.ctl.state, event.dealer, event.hand_number)
        table.cards.face_up_hand = table.cards.hand_starts_face_up()
        table.view.banner = ()
        table.app.sounds.play("shuffle")  # the deck riffled; each fourth card's slide follows
        deals: list[E.CardDealt] = []
        while table.queue and isinstance(dealt := table.queue[0], E.CardDealt):
            table.queue.popleft()
            deals.append(dealt)
        table.view.dealing = True  # (the deck riffled first: the deal is under way)
        self.motion.shuffle(lambda: self._deal(deals))

    def _deal(self, deals: list[E.CardDealt]) -> None:
        """Cards fly from the dealer's side of the middle to each seat in turn (with reduced motion
        they are in the hands at once, the person's fading in); the person's hand sorts at the end."""
        table = self.table
        k = table.speed
        cx, cy = self.motion.deck_spot()
        stagger, flight = self.motion.deal_time(DEAL_STAGGER)
        counts = {s: 0 for s in table.ctl.state.seats}
        human = table.ctl.human
        for i, ev in enumerate(deals):
            seat, card = ev.seat, ev.card
            counts[seat] += 1
            size = table.ctl.state.hand_size  # 13, or 17 with three players
            target = table.layout.hand_slots(seat, size)[min(size - 1, counts[seat] - 1)]
            sprite = CardSprite(card, cx, cy, False, rotated=seat in (Seat.E, Seat.W))
            table.view.flying.append(sprite)

            def arrive(sprite: CardSprite = sprite, seat: Seat = seat, card: int = card, i: int = i) -> None:
                if sprite in table.view.flying:
                    table.view.flying.remove(sprite)
                table.view.hands.setdefault(seat, []).append(card)
                if seat == human:
                    table.view.human_sprites[card] = sprite
                    sprite.face_up = table.cards.face_up_hand
                    sprite.rotated = False
                    if self.motion.reduced:
                        sprite.alpha = 0.0
                        table.tweener.add(Tween(sprite, {"alpha": 255.0}, FADE_TIME * k, ease_out_cubic))
                if i % 4 == 0 and not self.motion.reduced:
                    table.app.sounds.play("deal")

            table.tweener.add(Tween(sprite, {"x": target[0], "y": target[1]}, flight, ease_out_cubic,
                                    delay=i * stagger, on_complete=arrive))
        table.view.dealing = True

        def dealt() -> None:
            table.view.dealing = False
            if human is not None:
                table.cards.relayout_human()

        table.tweener.add(Tween(table, {}, 0.0, delay=len(deals) * stagger + 0.3 * k, on_complete=dealt))

    # ------------------------------------------------------------ draws and exchanges
    def _draw(self, event: E.CardDrawn) -> None:
        """Two-player: the kept card joins the hand (the person sees it come from the middle)."""
        table = self.table
        table.view.hands.setdefault(event.seat, []).append(event.kept)
        if event.seat == table.ctl.human:
            table.cards.relayout_human(animate=False)
            sprite = table.view.human_sprites[event.kept]
            sx, sy = sprite.x, sprite.y
            sprite.x, sprite.y = table.layout.center
            table.tweener.add(Tween(sprite, {"x": sx, "y": sy}, 0.3 * table.speed, ease_out_cubic))
        table.hold(0.25 * table.speed)

    def _exchange(self, event: E.CardsExchanged) -> None:
        table = self.table
        hand = table.view.hands.setdefault(event.seat, [])
        gone = set(cards_of(event.given_mask))
        hand[:] = [c for c in hand if c not in gone] + list(cards_of(event.received_mask))
        if event.seat == table.ctl.human:
            table.view.received = frozenset(cards_of(event.received_mask))  # marked in the hand until a play
            table.cards.relayout_human()
            partner = None if table.ctl.state.is_two else table.name(event.seat.partner())
            said = exchange_words(event.given_mask, event.received_mask, partner)
            table.flash(said[0] if said else "You kept your cards", EXCHANGE_TIME)
        table.hold(0.4 * table.speed)

    # ------------------------------------------------------------ play
    def _play(self, event: E.CardPlayed) -> None:
        table = self.table
        seat, card = event.seat, event.card
        hand = table.view.hands.setdefault(seat, [])
        if seat == table.ctl.human:
            table.view.received = frozenset()
        hidden = not (seat == table.ctl.human and card in table.view.human_sprites)
        if not hidden:
            sprite = table.view.human_sprites.pop(card)
            sprite.lift = 0.0
        else:
            # from the middle of the fan: where a card sat in a hidden hand is not for the person to see
            slots = table.layout.hand_slots(seat, max(1, len(hand)))
            x, y = slots[len(slots) // 2]
            sprite = CardSprite(card, x, y, True)
        # a hidden hand's card turns face up on its way (a hand shown face up, watching, need not)
        turns_over = hidden and not table.show_all_hands
        if card in hand:
            hand.remove(card)
        if seat == table.ctl.human:
            table.cards.relayout_human()
        tx, ty = table.layout.trick_spot(seat)
        table.view.trick.append((seat, sprite))
        self.motion.play(sprite, (tx, ty), turns_over)
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
        sprites = [s for _, s in table.view.trick]
        table.view.last_trick = tuple((seat, s.card) for seat, s in table.view.trick)
        table.view.last_trick_marks = (event.leader, event.winner)
        table.view.trick_winner = event.winner

        def gathered() -> None:
            table.view.trick = [(seat, s) for seat, s in table.view.trick if s not in sprites]
            table.view.tricks[event.winner] = table.view.tricks.get(event.winner, 0) + 1
            table.view.trick_winner = None
            table.app.sounds.play("trick")

        def gather(delay: float) -> None:
            self.motion.sweep(sprites, (px, py), delay, gathered)

        if table.settings.click_after_trick and table.ctl.human is not None and not table.autoplay:
            table.pending_gather = lambda: gather(0.0)
        else:
            gather(0.75 * k)

    def _hand_scored(self, event: E.HandScored) -> None:
        table = self.table
        table.view.scores = dict(event.scores)
        table.view.bags = dict(event.bags)
        table.hands_played += 1
        nils = [n for b in event.breakdown.values() for n in b.nils]
        if any(n.made for n in nils):
            table.app.sounds.play("nil_made")
        elif nils:
            table.app.sounds.play("nil_broken")
        else:
            table.app.sounds.play("hand_end")
        from ..text.banners import hand_end_banner  # (at a hand's end, not with the table)

        # how the hand went, in a banner in the middle for a moment (and a computer's word by its
        # plate, at moments that matter); then the summary with every number
        human = table.ctl.human
        person_side = None if human is None else table.ctl.state.side_of_seat(human)
        names = {seat.name: table.name(seat) for seat in table.ctl.state.seats}
        table.view.banner = tuple(hand_end_banner(event.breakdown, names, person_side))
        spoke = self.talk.hand_scored(event)

        def summary() -> None:
            table.view.banner = ()
            table.open_modal(table.app.scenes.hand_summary(table, event))

        wait = max(BANNER_TIME, REACTION_BEAT if spoke else 0.0) * table.speed
        table.tweener.add(Tween(table, {}, 0.0, delay=wait, on_complete=summary))


#: which method shows which event; an event type missing here changes nothing on the table
HANDLERS: dict[type[E.Event], Callable[[EventAnimator, Any], None]] = {
    E.DealerDrawn: EventAnimator._dealer_draw,
    E.HandStarted: EventAnimator._hand_started,
    E.CardDealt: EventAnimator._dealt,
    E.BlindNilChoice: EventAnimator._blind_choice,
    E.BidMade: EventAnimator._bid,
    E.AuctionCall: EventAnimator._call,
    E.Redeal: EventAnimator._redeal,
    E.TrumpChosen: EventAnimator._trump,
    E.CardDrawn: EventAnimator._draw,
    E.ExchangeCardChosen: EventAnimator._kept_secret,
    E.CardsExchanged: EventAnimator._exchange,
    E.CardPlayed: EventAnimator._play,
    E.TrickWon: EventAnimator._trick_won,
    E.HandScored: EventAnimator._hand_scored,
    E.GameOver: EventAnimator._game_over,
}
