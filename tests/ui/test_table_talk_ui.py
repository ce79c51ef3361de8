"""Table talk at the table (issue 41 item 2): a computer's word at a hand's end, in a bubble by its
plate that keeps clear of the trick, the person's hand and every text, for a moment; the summary
waits a beat for it; nothing with the setting off."""

from __future__ import annotations

from types import SimpleNamespace

import pygame
import pytest

from spades_desktop.engine import events as E
from spades_desktop.engine.scoring import NilResult, SideBreakdown
from spades_desktop.engine.seats import Seat
from spades_desktop.ui.table.people import Mood
from spades_desktop.ui.table.talk import REACTION_BEAT, REACTION_TIME, sitting_at
from spades_desktop.ui.text.table_talk import LINES, Moment, Reaction, game_talk, hand_end
from tests.ui.test_text_layout import TextRecorder, _check
from tests.ui_driver import Driver

SIZES = [(960, 540), (1280, 720), (1920, 1080)]
LONGEST = max((line for lines in LINES.values() for line in lines), key=len)


def _at_a_hands_end(tmp_path, size, watch: bool = False) -> Driver:
    d = Driver(str(tmp_path), seed=9, size=size)
    if watch:
        d.app.watch_game()
    assert d.play_until(lambda t: t.modal is not None) if not watch else _watch_until_summary(d)
    return d


def _watch_until_summary(d: Driver) -> bool:
    for _ in range(20000):
        if d.table.modal is not None:
            return True
        d.step()
    return False


def _say(d: Driver, seat: Seat, line: str = LONGEST) -> pygame.Rect:
    table = d.table
    table.view.reaction = Reaction(seat, line, Moment.SET_THEIRS)
    table.painter.refresh()
    bubble = table.painter.speech.bubble
    assert bubble is not None, f"no room by {seat.name}'s plate"
    return bubble


@pytest.mark.parametrize("size", SIZES)
def test_a_word_keeps_clear_of_the_trick_the_hands_and_every_text(tmp_path, size):
    d = _at_a_hands_end(tmp_path, size)
    lay, state = d.table.layout, d.table.ctl.state
    window = pygame.Rect((0, 0), size)
    # the trick's place and the person's hand's, cards there or not (a computer's hand is empty by now)
    cards = [pygame.Rect(lay.trick_area()), pygame.Rect(lay.hand_area(Seat.S, state.hand_size))]
    for seat in (Seat.N, Seat.E, Seat.W):
        bubble = _say(d, seat)
        assert window.contains(bubble)
        assert bubble.collidelist(cards) < 0, f"{seat.name}'s word over the cards' place at {size}"
        assert not bubble.colliderect(d.table.painter.plate_rects[seat])
        d.app.redraw_all()
        d.step()
        table_texts = TextRecorder().frame(d)[0]
        assert LONGEST in [text for text, _, _ in table_texts]
        _check(table_texts, size, f"{seat.name} says a word")


def test_south_speaks_in_a_watched_game_clear_of_the_cards(tmp_path):
    """A watched game's first hand summary: South's word by its plate, clear of the hand's and the
    trick's places.  Where the chips and piles by South's plate leave no room for the longest word it
    is not shown (table talk is never in the way), so the first seed that leaves room is watched."""
    size = (1280, 720)
    for seed in range(1, 13):
        d = Driver(str(tmp_path / str(seed)), seed=seed, size=size)
        d.app.watch_game()
        assert _watch_until_summary(d)
        d.table.view.reaction = Reaction(Seat.S, LONGEST, Moment.SET_THEIRS)
        d.table.painter.refresh()
        if d.table.painter.speech.bubble is not None:
            break
        d.app.writer.close()
    lay = d.table.layout
    bubble = _say(d, Seat.S)
    assert not bubble.colliderect(pygame.Rect(lay.hand_area(Seat.S, 13)))
    assert not bubble.colliderect(pygame.Rect(lay.trick_area()))
    d.app.redraw_all()
    d.step()
    _check(TextRecorder().frame(d)[0], size, "South says a word")


def test_a_hand_ends_with_a_word_shown_by_its_speakers_plate(tmp_path):
    d = Driver(str(tmp_path), seed=9)
    table = d.table
    assert d.play_until(lambda t: t.view.reaction is not None or t.hands_played >= 1)
    reaction = table.view.reaction
    assert reaction is not None and table.hands_played == 1, "seed 4's first hand is remarked on"
    assert reaction.seat != Seat.S and reaction.line in LINES[reaction.moment]
    d.app.redraw_all()
    d.step()
    assert reaction.line in [drawn.text for drawn in d.app.texts.texts], "the word is in the frame"
    look = table.painter.plates[reaction.seat].inputs()
    assert look is not None and look.mood is (Mood.HAPPY if reaction.happy else Mood.SAD)
    d.step(int(REACTION_TIME * 60) + 2)
    assert table.view.reaction is None and table.painter.speech.bubble is None, "gone after a moment"
    d.app.redraw_all()
    d.step()
    assert reaction.line not in [drawn.text for drawn in d.app.texts.texts]


def test_with_table_talk_off_the_hand_ends_in_silence(tmp_path):
    d = Driver(str(tmp_path), seed=9)
    d.app.update_settings(table_talk=False)
    assert d.play_until(lambda t: t.view.reaction is not None or t.hands_played >= 1)
    assert d.table.view.reaction is None


def _nil_made_by_west(hand: int) -> E.HandScored:
    nil = NilResult(Seat.W, False, 0, True, 100)
    sides = {"NS": SideBreakdown("NS", 5, 6, True, 50, 0, 1, 1, (), 0, 0, 0, 0, 51, 0, 51, 0, 1),
             "EW": SideBreakdown("EW", 4, 7, True, 40, 0, 3, 3, (nil,), 100, 0, 0, 0, 143, 0, 143, 0, 3)}
    return E.HandScored(hand, sides, {"NS": 51, "EW": 143}, {"NS": 1, "EW": 3})


def test_the_summary_waits_a_beat_for_the_word_at_normal_speed(tmp_path):
    d = Driver(str(tmp_path), seed=3, speed="normal")
    table = d.table
    assert d.wait_for_person() == "act"
    table.animator.animate(_nil_made_by_west(1))
    assert table.view.reaction is not None and table.view.reaction.seat in (Seat.W, Seat.E)
    assert table.modal is None, "the word is read on the table first"
    d.step(int(REACTION_BEAT * 60) + 2)
    assert table.modal is not None, "then the hand's summary"


def test_the_summary_waits_only_for_the_hand_s_banner_when_nobody_speaks(tmp_path):
    from spades_desktop.ui.table.animator import BANNER_TIME

    d = Driver(str(tmp_path), seed=3, speed="normal")
    d.app.update_settings(table_talk=False)
    assert d.wait_for_person() == "act"
    d.table.animator.animate(_nil_made_by_west(1))
    assert d.table.view.reaction is None and d.table.view.banner and d.table.modal is None
    d.step(int(BANNER_TIME * 60) + 2)
    assert d.table.modal is not None


def test_the_games_end_is_remarked_on_before_the_game_over(tmp_path):
    d = Driver(str(tmp_path), seed=3)
    table = d.table
    assert d.wait_for_person() == "act"
    table.queue.append(E.GameOver("EW", {"NS": 51, "EW": 520}))
    remarked = _nil_made_by_west(1)  # a word at the hand before (a nil made): the game's end speaks all the same
    table.ctl.state.hand_history.append(SimpleNamespace(hand_number=1, breakdown=remarked.breakdown))
    table.animator.animate(_nil_made_by_west(2))
    reaction = table.view.reaction
    assert reaction is not None
    assert reaction.moment is (Moment.GAME_WON if reaction.seat in (Seat.E, Seat.W) else Moment.GAME_LOST)


def test_a_continued_game_keeps_quiet_the_hand_after_a_remark(tmp_path):
    """Seed 4: hand 1 is remarked on and hand 2 would be too (its end alone speaks); the game saved and
    continued after hand 1 (a new table) keeps quiet at hand 2, as the game played on does (it forgot
    the remark and spoke)."""
    d = Driver(str(tmp_path), seed=4)
    said: list[int] = []

    def note(table) -> bool:
        if table.view.reaction is not None and table.hands_played not in said:
            said.append(table.hands_played)
        return table.hands_played >= 1 and table.modal is None

    assert d.play_until(note) and said == [1], "seed 4's first hand is remarked on"
    d.table.ctl.cancel()
    d.app.session.save_now()
    d.app.writer.flush()
    d.app.continue_game()
    table = d.table
    assert table.ctl.state.hand_number == 2 and table.hands_played == 0, "a new table for the continued game"
    spoke = []
    assert d.play_until(lambda t: (t.view.reaction is not None and not spoke.append(t.view.reaction))
                        or t.hands_played >= 1)
    assert spoke == [], f"hand 2 spoke just after hand 1's remark: {spoke}"
    second = next(r for r in table.ctl.state.hand_history if r.hand_number == 2)
    speakers = [seat for seat in table.ctl.state.seats if sitting_at(table, seat) is not None]
    alone = game_talk([hand_end(2, table.ctl.state.sides, second.breakdown)], speakers, table.ctl.seed,
                      on=table.settings.table_talk)[-1]
    assert alone is not None, "hand 2 would have been remarked on after a quiet hand 1"
    d.app.writer.close()


def test_the_persons_blind_nil_is_not_announced_under_norths_plate(tmp_path):
    """'You bid blind nil!' under North's plate read as North's table talk, every hand the person bid
    it; a blind nil is not a moment the talk speaks of, and the person knows their own bid."""
    from spades_desktop.engine.state import Phase
    from spades_desktop.ui.core.keymap import Context, Intent

    d = Driver(str(tmp_path), seed=3)
    table = d.table
    assert d.wait_for_person() == "act" and table.ctl.state.phase is Phase.BLIND_DECISION
    d.press(Intent.BLIND_NIL, Context.BLIND_DECISION)
    d.press(Intent.CONFIRM, Context.BLIND_DECISION)
    assert table.ctl.state.blind[Seat.S]
    shown = set()
    for _ in range(120):
        shown.add(table.message)
        d.step()
    assert not [m for m in shown if "blind nil" in m.lower()], shown
