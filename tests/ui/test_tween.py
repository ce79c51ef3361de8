"""Tween maths, stepped with a fixed dt."""

import pytest

from spades_desktop.ui.core.tween import Tween, Tweener, ease_in_out_cubic, ease_out_back, ease_out_cubic, linear


class Thing:
    def __init__(self) -> None:
        self.x = 0.0
        self.y = 10.0


def test_linear_tween_reaches_the_end_exactly_and_calls_back_once():
    thing = Thing()
    calls = []
    tween = Tween(thing, {"x": 100.0, "y": 0.0}, 1.0, linear, on_complete=lambda: calls.append(1))
    for _ in range(4):
        tween.update(0.25)
    assert thing.x == pytest.approx(100.0) and thing.y == pytest.approx(0.0)
    assert tween.done and calls == [1]
    tween.update(0.25)
    assert calls == [1]


def test_halfway_follows_the_easing():
    for easing in (linear, ease_out_cubic, ease_in_out_cubic, ease_out_back):
        thing = Thing()
        tween = Tween(thing, {"x": 200.0}, 2.0, easing)
        tween.update(1.0)
        assert thing.x == pytest.approx(200.0 * easing(0.5))


def test_delay_then_motion_and_leftover_time():
    thing = Thing()
    tween = Tween(thing, {"x": 10.0}, 0.5, linear, delay=0.5)
    tween.update(0.25)
    assert thing.x == 0.0
    tween.update(0.5)  # 0.25 of delay left, then 0.25 of motion
    assert thing.x == pytest.approx(5.0)
    leftover = tween.update(0.5)
    assert tween.done and leftover == pytest.approx(0.25)


def test_zero_duration_is_instant():
    thing = Thing()
    tween = Tween(thing, {"x": 7.0}, 0.0)
    tween.update(0.0)
    assert thing.x == 7.0 and tween.done


def test_tweener_runs_many_and_finishes_all():
    a, b = Thing(), Thing()
    tweener = Tweener()
    tweener.add(Tween(a, {"x": 1.0}, 1.0, linear))
    tweener.add(Tween(b, {"x": 2.0}, 2.0, linear))
    assert tweener.update(1 / 60) and tweener.busy
    for _ in range(60):
        tweener.update(1 / 60)
    assert a.x == pytest.approx(1.0) and tweener.busy
    tweener.finish_all()
    assert b.x == pytest.approx(2.0) and not tweener.busy
    assert tweener.update(1 / 60) is False  # nothing moving: no redraw needed


def test_ends_are_exact_at_common_frame_rates():
    for fps in (30, 60, 144):
        thing = Thing()
        tween = Tween(thing, {"x": 123.0}, 0.3, ease_out_cubic)
        while not tween.done:
            tween.update(1 / fps)
        assert thing.x == pytest.approx(123.0)


def test_a_timer_fires_once_its_time_has_passed_and_a_timer_of_the_same_tag_replaces_it():
    tweener = Tweener()
    fired: list[str] = []
    tweener.after(1.0, lambda: fired.append("first"), tag="message")
    assert tweener.running("message") and tweener.busy
    assert tweener.update(0.5) is False  # a timer moves nothing: no redraw while it counts down
    tweener.after(1.0, lambda: fired.append("second"), tag="message")  # a newer message replaces it
    assert tweener.update(0.6) is False and fired == []
    assert tweener.update(0.5) is True and fired == ["second"]
    assert not tweener.running("message") and not tweener.busy


def test_a_delayed_tween_asks_for_no_redraw_until_it_starts_moving():
    thing = Thing()
    tweener = Tweener()
    tweener.add(Tween(thing, {"x": 10.0}, 1.0, delay=0.5))
    assert tweener.update(0.25) is False and thing.x == 0.0
    assert tweener.update(0.5) is True and 0.0 < thing.x < 10.0
