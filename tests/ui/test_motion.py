"""Motion with meaning (issue 41): the deck riffled and dealt from the dealer's side, a computer's
card turned face up on its way, a banner at a hand's end, a game won celebrated; and "Reduce
motion", which shows the same things without cards flying."""

from __future__ import annotations

import json
from types import SimpleNamespace

import pygame

from spades_desktop.engine import events as E
from spades_desktop.engine.scoring import NilResult
from spades_desktop.engine.seats import Seat
from spades_desktop.engine.state import Phase
from spades_desktop.storage.settings import Settings, load_settings, save_settings
from spades_desktop.ui.core.theme import MADE, NEGATIVE
from spades_desktop.ui.screens.celebration import CELEBRATION_TIME
from spades_desktop.ui.table.animator import BANNER_TIME
from spades_desktop.ui.table.widgets.banner import TONE_COLOURS
from spades_desktop.ui.text.banners import Tone, hand_end_banner
from tests.ui_driver import Driver


def _watched(tmp_path, reduce: bool = False, seed: int = 5) -> Driver:
    d = Driver(str(tmp_path), seed=seed, speed="normal")
    d.app.update_settings(reduce_motion=reduce)
    table = d.table
    assert table is not None
    table.ctl.human = None  # the computers play every seat: the table keeps moving
    return d


def test_the_deck_is_riffled_then_dealt_from_the_dealer_s_side(tmp_path):
    d = _watched(tmp_path)
    table = d.table
    riffled = dealt_from = None
    for _ in range(600):
        d.step()
        flying = table.view.flying
        if riffled is None and len(flying) == 2 and flying[0].x != flying[1].x:
            riffled = (flying[0].x + flying[1].x) / 2, flying[0].y
        if dealt_from is None and len(flying) > 40:
            dealt_from = max(flying, key=lambda s: abs(s.x - riffled[0]) if riffled else 0)
            start = next(iter(flying))
            dealt_from = (start.x, start.y)
        if table.ctl.state.phase is Phase.BIDDING and not table.view.dealing:
            break
    spot = table.layout.trick_spot(table.view.dealer)
    assert riffled is not None, "two halves of the deck parted before the deal"
    assert abs(riffled[0] - spot[0]) < 2 and abs(riffled[1] - spot[1]) < 2
    assert dealt_from is not None and abs(dealt_from[0] - spot[0]) < 2 and abs(dealt_from[1] - spot[1]) < 2
    assert table.view.dealer != Seat.N or spot != table.layout.center


def test_a_computer_s_card_turns_face_up_on_its_way_to_the_trick(tmp_path):
    d = _watched(tmp_path)
    table = d.table
    seen_back = seen_turning = False
    arrived = 0
    for _ in range(3000):
        d.step()
        for seat, sprite in table.view.trick:
            seen_back = seen_back or not sprite.face_up
            seen_turning = seen_turning or 0 < sprite.squash < 0.9
            if (sprite.x, sprite.y) == table.layout.trick_spot(seat) and sprite.alpha == 255:
                assert sprite.face_up and sprite.squash == 1.0, "face up and flat once there"
                arrived += 1
        if table.modal is not None:
            table.modal.close()
        if seen_back and seen_turning and arrived > 40:
            break
    assert seen_back and seen_turning and arrived > 40


def test_reduced_motion_fades_cards_in_where_they_go_and_nothing_flies(tmp_path):
    d = _watched(tmp_path, reduce=True)
    table = d.table
    spots_checked = faded = 0
    for _ in range(3000):
        d.step()
        assert not [s for s in table.view.flying if s.x != table.view.flying[0].x], "no card in flight"
        for seat, sprite in table.view.trick:
            x, y = table.layout.trick_spot(seat)
            if sprite.alpha > 60:  # (a trick gathered fades where it lies)
                assert (sprite.x, sprite.y) == (x, y), "a played card appears at its place"
                assert sprite.face_up and sprite.squash == 1.0
                spots_checked += 1
            faded += 0 < sprite.alpha < 255
        if table.modal is not None:
            table.modal.close()
        if table.ctl.state.trick_count >= 3:
            break
    assert spots_checked > 20 and faded > 4


def test_a_hand_ends_with_a_banner_then_its_summary(tmp_path):
    d = _watched(tmp_path)
    table = d.table
    shown_at = None
    for frame in range(20000):
        d.step()
        if table.view.banner and shown_at is None:
            shown_at = frame
            words = [drawn.text for drawn in d.app.texts.texts]
            assert table.view.banner[0].text in words, "the banner is drawn"
            assert table.modal is None
        if table.modal is not None:
            break
    assert shown_at is not None
    assert frame - shown_at >= int(BANNER_TIME * 60) - 2, "the summary waits for the banner"
    assert not table.view.banner


def test_banner_words_name_contracts_and_nils_the_person_s_side_first():
    names = {"N": "North", "E": "East", "S": "You", "W": "West"}
    ours = SimpleNamespace(contract=7, tricks=8, made=True, bags=1, nils=(NilResult(Seat.N, False, 0, True, 100),))
    theirs = SimpleNamespace(contract=5, tricks=4, made=False, bags=0, nils=())
    lines = hand_end_banner({"EW": theirs, "NS": ours}, names, "NS")
    assert [line.text for line in lines] == ["North & You made 7 (+1 bag)", "North's nil made",
                                             "East & West were set: 4 of 5"]
    assert [line.tone for line in lines] == [Tone.MADE, Tone.MADE, Tone.SET]


def test_banner_colours_say_made_or_set_whoever_s_side_it_was():
    """The opponents' 'made' was drawn in the colour of a set (91_ct3_end.png): the colour says what
    happened, the same for every side and in a watched game."""
    names = {"N": "North", "E": "East", "S": "You", "W": "West"}
    made = SimpleNamespace(contract=3, tricks=4, made=True, bags=1, nils=(NilResult(Seat.E, False, 1, False, -100),))
    set_ = SimpleNamespace(contract=5, tricks=4, made=False, bags=0, nils=(NilResult(Seat.S, False, 0, True, 100),))
    for person in ("NS", "EW", None):
        lines = hand_end_banner({"EW": made, "NS": set_}, names, person)
        tones = {line.text: line.tone for line in lines}
        assert tones == {"East & West made 3 (+1 bag)": Tone.MADE, "East's nil broken": Tone.SET,
                         "North & You were set: 4 of 5": Tone.SET, "Your nil made": Tone.MADE}, person
    assert TONE_COLOURS[Tone.MADE.value] == MADE and TONE_COLOURS[Tone.SET.value] == NEGATIVE


def _won(tmp_path, reduce: bool = False) -> Driver:
    """The game-over screen of a game the person's side won, at normal speed (its numbers do not
    matter here: shown over a fresh table, the first hand not yet played)."""
    d = Driver(str(tmp_path), seed=12, speed="normal")
    d.app.update_settings(reduce_motion=reduce)
    table = d.table
    state = table.ctl.state
    scene = d.app.scenes.game_over(table, E.GameOver(state.side_of_seat(Seat.S), dict(state.scores)))
    d.app.stack.push(scene)
    table.modal = scene
    return d


def test_a_game_won_is_celebrated_until_a_key_skips_it(tmp_path):
    d = _won(tmp_path)
    scene = d.app.stack.top
    d.step(2)
    assert scene.celebrating and not scene.overlay, "the shower falls over the kept screen"
    before = pygame.image.tobytes(d.app.screen, "RGB")
    d.step(10)
    assert pygame.image.tobytes(d.app.screen, "RGB") != before, "it moves"
    d.key(pygame.K_RETURN)  # (Enter would open the score sheet: here it only ends the shower)
    d.step()
    assert not scene.celebrating and d.app.stack.top is scene and scene.overlay
    for _ in range(30):  # (a busy machine's frame may put a plate's new picture off to the next)
        if not d.table.painter.pending:
            break
        d.step()
    assert pygame.image.tobytes(d.app.screen, "RGB") == _drawn_afresh(d)


def _drawn_afresh(d: Driver) -> bytes:
    fresh = d.app.screen.copy()
    d.app.redraw(fresh)
    return pygame.image.tobytes(fresh, "RGB")


def test_the_celebration_ends_by_itself_and_not_at_all_with_reduced_motion(tmp_path):
    d = _won(tmp_path)
    scene = d.app.stack.top
    d.step(int(CELEBRATION_TIME * 60) + 3)
    assert not scene.celebrating and scene.overlay
    d = _won(tmp_path / "reduced", reduce=True)
    d.step(3)
    assert d.app.stack.top.celebration is None


def test_reduce_motion_is_kept_in_the_settings_file_and_a_bad_value_falls_back(tmp_path):
    path = tmp_path / "settings.json"
    save_settings(path, Settings().with_changes(reduce_motion=True))
    assert json.loads(path.read_text())["reduce_motion"] is True
    assert load_settings(path)[0].reduce_motion is True
    data = json.loads(path.read_text())
    data["reduce_motion"] = "yes"
    path.write_text(json.dumps(data))
    loaded, problems = load_settings(path)
    assert loaded.reduce_motion is False and any("reduce_motion" in p for p in problems)


def test_a_key_press_finishes_what_moves_and_leaves_the_timers(tmp_path):
    """Motion is interruptible: a key press in the deal lands every card at once (the shuffle, then
    the deal it starts); a message's time runs on."""
    d = _watched(tmp_path)
    table = d.table
    for _ in range(400):
        d.step()
        if len(table.view.flying) > 20:
            break
    assert table.view.flying, "the deal is under way"
    table.flash("A message", 5.0)
    d.key(pygame.K_LSHIFT)
    assert not table.view.flying and not table.view.dealing
    assert sum(len(cards) for cards in table.view.hands.values()) == 52
    assert table.message == "A message", "a timer is not motion: the message stays its time"
