"""Time-based tweens with easing and completion callbacks.

Every animation in the game is a tween advanced by ``update(dt)`` with the frame's
elapsed seconds, so motion is the same at any frame rate and tests can step time
exactly.  Nothing here blocks or sleeps.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

Easing = Callable[[float], float]


def linear(t: float) -> float:
    return t


def ease_out_cubic(t: float) -> float:
    return 1 - (1 - t) ** 3


def ease_in_out_cubic(t: float) -> float:
    return 4 * t * t * t if t < 0.5 else 1 - (-2 * t + 2) ** 3 / 2


def ease_out_back(t: float) -> float:
    c1 = 1.70158
    c3 = c1 + 1
    return 1 + c3 * (t - 1) ** 3 + c1 * (t - 1) ** 2


@dataclass(eq=False)
class Tween:
    """Moves ``target.<attr>`` values from their start to ``end`` over ``duration`` seconds."""

    target: object
    end: dict[str, float]
    duration: float
    easing: Easing = ease_out_cubic
    delay: float = 0.0
    on_complete: Callable[[], None] | None = None
    tag: str | None = None  # a timer's name, so a later timer of the same name replaces it
    #: where ``on_complete`` changes the picture, when its caller knows (asked once it has run); None:
    #: it may change anything, and the whole window is redrawn
    redraws: Callable[[], list[Any]] | None = None
    start: dict[str, float] = field(default_factory=dict)
    elapsed: float = 0.0
    done: bool = False
    started: bool = False

    def update(self, dt: float) -> float:
        """Advance by ``dt`` seconds; returns the time left over once finished (for chaining)."""
        if self.done:
            return dt
        if self.delay > 0:
            if dt < self.delay:
                self.delay -= dt
                return 0.0
            dt -= self.delay
            self.delay = 0.0
        if not self.started:
            self.start = {k: float(getattr(self.target, k)) for k in self.end}
            self.started = True
        self.elapsed += dt
        progress = 1.0 if self.duration <= 0 else min(1.0, self.elapsed / self.duration)
        eased = self.easing(progress)
        for key, goal in self.end.items():
            a = self.start[key]
            setattr(self.target, key, a + (goal - a) * eased)
        if progress >= 1.0:
            self.done = True
            leftover = self.elapsed - self.duration
            if self.on_complete is not None:
                self.on_complete()
            return max(0.0, leftover)
        return 0.0

    def finish(self) -> None:
        """Jump to the end (instant speed, or skipping an animation)."""
        if not self.done:
            self.delay = 0.0
            self.update(self.duration - self.elapsed + 1.0)


class _Clock:
    """The target of a timer: a tween that moves nothing and only waits."""


_CLOCK = _Clock()


class Tweener:
    """Runs many tweens and timers; ``busy`` tells the game whether anything is still running.

    A timer is a tween of nothing with a delay (``after``): it runs on the same injected time as
    every animation, so a test steps a message's expiry exactly as it steps a card's flight."""

    def __init__(self) -> None:
        self.tweens: list[Tween] = []
        #: what the last ``update`` moved, and whether it called back: a frame that only moved
        #: things redraws only where they were and are (``TableScene.damage``)
        self.moved: list[object] = []
        self.called_back = False  # a callback that may have changed anything
        self.redrawn: list[Any] = []  # where the callbacks that said so changed the picture

    def add(self, tween: Tween) -> Tween:
        self.tweens.append(tween)
        return tween

    def after(self, seconds: float, callback: Callable[[], None] | None = None, tag: str | None = None) -> Tween:
        """Call ``callback`` once ``seconds`` have passed; a timer of the same ``tag`` is replaced."""
        if tag is not None:
            self.cancel_tagged(tag)
        return self.add(Tween(_CLOCK, {}, 0.0, delay=max(0.0, seconds), on_complete=callback, tag=tag))

    def running(self, tag: str) -> bool:
        """Whether the timer ``tag`` is still counting down."""
        return any(t.tag == tag for t in self.tweens)

    def cancel_tagged(self, tag: str) -> None:
        self.tweens = [t for t in self.tweens if t.tag != tag]

    def update(self, dt: float) -> bool:
        """Advance every tween; True if anything moved, or a tween or timer finished with a callback
        (a timer with nothing to call, like undo's grace, changes nothing on screen)."""
        self.moved = []
        self.called_back = False
        self.redrawn = []
        if not self.tweens:
            return False
        for tween in list(self.tweens):
            tween.update(dt)
            if tween.started and tween.end:
                self.moved.append(tween.target)
            if tween.done and tween.on_complete is not None:
                if tween.redraws is None:
                    self.called_back = True
                else:
                    self.redrawn.extend(tween.redraws())
        self.tweens = [t for t in self.tweens if not t.done]
        return bool(self.moved) or self.called_back or bool(self.redrawn)

    def finish_all(self) -> None:
        while self.tweens:
            for tween in list(self.tweens):
                tween.finish()
            self.tweens = [t for t in self.tweens if not t.done]

    def finish_motion(self, most_rounds: int = 100) -> bool:
        """Every animation jumps to its end, and so does what each end starts (the deal after the
        shuffle, the summary after the banner); timers (``after``: a message's time, a pause
        between events) run on.  A key press or a click finishes what moves.  True if anything did."""
        finished = False
        for _ in range(most_rounds):  # (an end that started motion forever would stop here)
            moving = [t for t in self.tweens if t.target is not _CLOCK]
            if not moving:
                break
            for tween in moving:
                tween.finish()
            finished = True
            self.tweens = [t for t in self.tweens if not t.done]
        return finished

    def cancel_for(self, target: object) -> None:
        self.tweens = [t for t in self.tweens if t.target is not target]

    @property
    def busy(self) -> bool:
        return bool(self.tweens)
