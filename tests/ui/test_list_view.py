"""The list's view and selected row (``ui/core/list_view.py``), without a window: the keymap's
intents and the wheel move them, and the selected row is always in view."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from spades_desktop.ui.core.intents import Intent
from spades_desktop.ui.core.list_view import ListView

MOVES = [Intent.SCROLL_UP, Intent.SCROLL_DOWN, Intent.PAGE_UP, Intent.PAGE_DOWN, Intent.FIRST, Intent.LAST]


def test_the_arrows_move_the_view_and_the_selected_row_with_it():
    view = ListView(count=30, fit=10)
    assert (view.first, view.selected) == (0, 0)
    view.on_intent(Intent.SCROLL_DOWN)
    assert (view.first, view.end, view.selected) == (1, 11, 1), "the selected row keeps its place on screen"
    view.on_intent(Intent.PAGE_DOWN)
    assert (view.first, view.selected) == (11, 11)
    view.on_intent(Intent.LAST)
    assert (view.first, view.end, view.selected) == (20, 30, 29)
    view.on_intent(Intent.PAGE_UP)
    assert (view.first, view.selected) == (10, 19)
    view.on_intent(Intent.FIRST)
    assert (view.first, view.selected) == (0, 0)


def test_at_an_end_the_selected_row_moves_alone():
    view = ListView(count=5, fit=10)  # every row fits: the arrows step through them
    for expected in (1, 2, 3, 4, 4):
        view.on_intent(Intent.SCROLL_DOWN)
        assert (view.first, view.selected) == (0, expected)
    view = ListView(count=30, fit=10)
    view.on_intent(Intent.LAST)
    view.on_intent(Intent.SCROLL_UP)
    assert (view.first, view.selected) == (19, 28)
    view.on_intent(Intent.FIRST)
    view.on_intent(Intent.SCROLL_UP)
    assert (view.first, view.selected) == (0, 0)


def test_the_wheel_scrolls_as_the_arrows_do():
    view = ListView(count=30, fit=10)
    view.wheel(-3)  # turned toward the person: down the list
    assert (view.first, view.selected) == (3, 3)
    view.wheel(1)
    assert (view.first, view.selected) == (2, 2)


def test_a_list_that_opens_at_its_end_stays_there_as_rows_come():
    view = ListView(count=30, fit=10, at_end=True)  # the score sheet: the latest hand
    assert (view.first, view.end, view.selected) == (20, 30, 29)
    view.set_fit(12)
    assert (view.first, view.selected) == (18, 29)
    view.set_count(31)
    assert (view.first, view.end, view.selected) == (19, 31, 30)
    view.on_intent(Intent.SCROLL_UP)
    view.set_count(32)
    assert (view.first, view.selected) == (18, 29), "moved away from the end, it stays where it is"


def test_a_page_of_text_only_scrolls():
    view = ListView(count=30, fit=10, selects=False)
    assert view.selected is None
    view.on_intent(Intent.PAGE_DOWN)
    view.wheel(-1)
    assert (view.first, view.selected) == (11, None)
    assert view.on_intent(Intent.CLOSE) is False, "not a move: the scene closes the page"


def test_a_click_selects_a_row_and_shows_it():
    view = ListView(count=30, fit=10)
    view.select(25)
    assert view.selected == 25 and 25 in view.shown()
    view.select(40)  # no such row
    assert view.selected == 25


def test_deleting_the_selected_last_row_selects_the_one_before():
    view = ListView(count=3, fit=10)
    view.on_intent(Intent.LAST)
    view.set_count(2)
    assert view.selected == 1
    view.set_count(0)
    assert view.selected is None and view.shown() == range(0, 0)


#: a key, a turn of the wheel, a new window size, rows added or deleted
CHANGES = st.one_of(st.sampled_from(MOVES), st.integers(-3, 3), st.tuples(st.just("fit"), st.integers(1, 15)),
                    st.tuples(st.just("count"), st.integers(0, 40)))


@settings(max_examples=300)
@given(count=st.integers(0, 40), fit=st.integers(1, 15), at_end=st.booleans(), selects=st.booleans(),
       moves=st.lists(CHANGES, max_size=30))
def test_the_selected_row_is_always_in_view(count, fit, at_end, selects, moves):
    view = ListView(count=count, fit=fit, selects=selects, at_end=at_end)
    for move in moves:
        if isinstance(move, Intent):
            view.on_intent(move)
        elif isinstance(move, int):
            view.wheel(move)
        elif move[0] == "fit":
            view.set_fit(move[1])
        else:
            view.set_count(move[1])
        assert 0 <= view.first <= view.last_first
        assert view.end - view.first == min(view.fit, view.count)
        if selects and view.count:
            assert view.selected in view.shown()
        else:
            assert view.selected is None
