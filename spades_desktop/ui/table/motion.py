"""The table's motion with meaning, and its reduced form.

A deal starts with the deck riffled at the dealer's seat and goes out from there; a computer's card
turns face up on its way to the trick; a trick, its winner marked for a beat, sweeps to the winner's
pile.  With "Reduce motion" on (Settings, Gameplay) nothing flies: cards fade in where they go and a
trick fades where it lies, so every piece of information is still shown, in place.  All of it runs
on the table's tweens (time-based, injected ``dt``): a key press finishes it like any other.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ..cards.card_sprite import CardSprite
from ..core.tween import Tween, ease_in_out_cubic, ease_out_cubic

if TYPE_CHECKING:
    from .scene import TableScene

RIFFLES = 2  # times the two halves of the deck part and come together before the deal
RIFFLE_TIME = 0.26  # seconds of one riffle at normal speed
FADE_TIME = 0.25  # seconds a card takes to fade in where it goes, with reduced motion
TURN_SHARE = 0.45  # the share of a card's flight over which it turns face up
#: seconds a dealt card flies from the deck to its hand: flicked, as a dealer does.  The cards in
#: flight at once are what a deal frame redraws (each costs about its own area, slow or fast): at
#: 0.28 s a dozen flew at once, and the deal's frames were the most expensive of a game at 4K
DEAL_FLIGHT = 0.16


class Motion:
    def __init__(self, table: TableScene) -> None:
        self.table = table

    @property
    def reduced(self) -> bool:
        return bool(self.table.settings.reduce_motion)

    def deck_spot(self) -> tuple[float, float]:
        """Where the deck lies to be dealt: on the dealer's side of the middle."""
        dealer = self.table.view.dealer
        if dealer is None or dealer not in self.table.ctl.state.seats:
            return self.table.layout.center
        return self.table.layout.trick_spot(dealer)

    def shuffle(self, then: Callable[[], None]) -> None:
        """The deck riffled at the dealer's seat (two halves part and come together), then ``then``."""
        k = self.table.speed
        if self.reduced or k <= 0:
            then()
            return
        x, y = self.deck_spot()
        apart = self.table.layout.card_w * 0.55
        halves = [CardSprite(0, x, y, False), CardSprite(0, x, y, False)]
        flying = self.table.view.flying
        flying.extend(halves)
        step = RIFFLE_TIME * k / 2
        for n in range(RIFFLES):
            for half, side in zip(halves, (-1, 1), strict=True):
                start = 2 * n * step
                self.table.tweener.add(Tween(half, {"x": x + side * apart, "lift": 6.0}, step, ease_out_cubic,
                                             delay=start))
                self.table.tweener.add(Tween(half, {"x": x, "lift": 0.0}, step, ease_in_out_cubic,
                                             delay=start + step))

        def done() -> None:
            for half in halves:
                if half in flying:
                    flying.remove(half)
            then()

        self.table.tweener.add(Tween(self.table, {}, 0.0, delay=RIFFLES * RIFFLE_TIME * k, on_complete=done))

    def place(self, sprite: CardSprite, to: tuple[float, float], seconds: float) -> None:
        """A face-up card to ``to``: flying there, or with reduced motion fading in there."""
        k = self.table.speed
        if self.reduced:
            sprite.x, sprite.y, sprite.alpha = to[0], to[1], 0.0
            self.table.tweener.add(Tween(sprite, {"alpha": 255.0}, FADE_TIME * k, ease_out_cubic))
        else:
            self.table.tweener.add(Tween(sprite, {"x": to[0], "y": to[1]}, seconds * k, ease_out_cubic))

    def play(self, sprite: CardSprite, to: tuple[float, float], turns_over: bool) -> None:
        """A played card goes to its place in the trick: flying (turning face up on the way if it
        came from a hidden hand), or with reduced motion appearing there."""
        table = self.table
        k = table.speed
        if self.reduced:
            sprite.x, sprite.y, sprite.face_up, sprite.alpha = to[0], to[1], True, 0.0
            table.tweener.add(Tween(sprite, {"alpha": 255.0}, FADE_TIME * k, ease_out_cubic))
            return
        flight = 0.3 * k
        table.tweener.add(Tween(sprite, {"x": to[0], "y": to[1]}, flight, ease_out_cubic))
        if not turns_over or flight <= 0:
            sprite.face_up = True
            return
        sprite.face_up = False
        half = flight * TURN_SHARE / 2

        def face() -> None:
            sprite.face_up = True

        table.tweener.add(Tween(sprite, {"squash": 0.0}, half, ease_in_out_cubic, on_complete=face))
        table.tweener.add(Tween(sprite, {"squash": 1.0}, half, ease_in_out_cubic, delay=half))

    def sweep(self, sprites: list[CardSprite], pile: tuple[float, float], delay: float,
              gathered: Callable[[], None]) -> None:
        """A finished trick to its winner's pile (fading as it goes), or with reduced motion fading
        where it lies; ``gathered`` once it is gone."""
        k = self.table.speed
        end: dict[str, float] = {"alpha": 0.0} if self.reduced else {"x": pile[0], "y": pile[1], "alpha": 60.0}
        for i, sprite in enumerate(sprites):
            self.table.tweener.add(Tween(sprite, dict(end), 0.35 * k, ease_in_out_cubic, delay=delay,
                                         on_complete=gathered if i == len(sprites) - 1 else None))

    def deal_time(self, stagger: float) -> tuple[float, float]:
        """(seconds between two cards leaving the deck, seconds each flies): with reduced motion the
        cards are in the hands at once."""
        k = self.table.speed
        return (0.0, 0.0) if self.reduced else (stagger * k, DEAL_FLIGHT * k)
