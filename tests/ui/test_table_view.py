"""What the table shows about the hand, through the real app (issue 11)."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import itertools

import pygame
import pytest

from spades_desktop.engine.cards import cards_of
from spades_desktop.engine.seats import Seat
from spades_desktop.engine.state import Phase
from spades_desktop.ui.core.keymap import Context, Intent
from spades_desktop.ui.screens.replay import LastTrickScene
from spades_desktop.ui.table.layout import CARD_SCALES, TableLayout
from tests.ui_driver import Driver

SIZES = [(960, 540), (1280, 720), (1920, 1080), (3840, 2160)]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("scale", list(CARD_SCALES))
def test_trick_cards_never_cover_each_other(size, scale):
    lay = TableLayout(*size, CARD_SCALES[scale])
    rects = {}
    for seat in Seat:
        r = pygame.Rect(0, 0, lay.card_w, lay.card_h)
        r.center = tuple(int(v) for v in lay.trick_spot(seat))
        rects[seat] = r
    for a, b in itertools.combinations(Seat, 2):
        assert not rects[a].colliderect(rects[b]), f"{a.name}'s card covers {b.name}'s at {size}"
    for seat in Seat:  # the trick clears every name plate
        cx, cy = lay.plate_center(seat)
        plate = pygame.Rect(0, 0, int(lay.height * 0.2), int(lay.height * 0.085))
        plate.center = (cx, cy)
        assert not any(plate.colliderect(r) for r in rects.values()), f"the trick covers {seat.name}'s plate"


@pytest.mark.slow
@pytest.mark.parametrize("size", SIZES)
def test_wests_cards_stay_clear_of_a_four_sided_scoreboard(tmp_path, size):
    d = Driver(str(tmp_path), rules="cutthroat", seed=6, size=size)
    assert d.wait_for_person() == "act"
    d.app.redraw_all()
    d.step()
    lay = d.table.layout
    top_card = min(y for _, y in lay.hand_slots(Seat.W, 13)) - lay.card_w / 2  # sideways: as tall as wide
    assert top_card > d.table.painter.scoreboard_rect.bottom


@pytest.mark.parametrize("size", SIZES)
def test_each_won_trick_pile_sits_by_its_own_seat(size):
    lay = TableLayout(*size)
    for seat in Seat:
        px, py = lay.pile_spot(seat)
        distances = {other: (px - lay.plate_center(other)[0]) ** 2 + (py - lay.plate_center(other)[1]) ** 2
                     for other in Seat}
        assert min(distances, key=distances.get) == seat


def _to_trick_end(d: Driver) -> None:
    """Play the person's seat until a trick has just been completed (its TrickWon is being shown)."""
    assert d.play_until(lambda table: table.view.trick_winner is not None), "no trick was finished"


@pytest.mark.slow
def test_the_winning_card_is_marked_and_the_winner_named_before_the_gather(tmp_path):
    d = Driver(str(tmp_path), rules="standard", seed=4, speed="normal")
    _to_trick_end(d)
    table = d.table
    winner = table.view.trick_winner
    assert winner == table.ctl.state.completed[-1][3]
    assert len(table.view.trick) == 4
    table.dirty = True
    d.step()
    assert table.painter.turn_rect is not None
    # the marked card keeps its gold frame: a pixel just outside the winner's card
    sprite = next(s for seat, s in table.view.trick if seat == winner)
    x, y = int(sprite.x), int(sprite.y - table.layout.card_h / 2 - 3)
    assert d.app.screen.get_at((x, y))[:3] == (232, 196, 92)


@pytest.mark.slow
def test_click_to_continue_holds_each_trick_until_a_click(tmp_path):
    d = Driver(str(tmp_path), rules="standard", seed=4, speed="fast")
    d.app.update_settings(click_after_trick=True)
    _to_trick_end(d)
    table = d.table
    log = list(table.ctl.state.log)
    winner = table.view.trick_winner
    won = table.view.tricks[winner]
    d.step(300)  # five seconds: nothing moves on
    assert table.view.trick_winner == winner and table.pending_gather is not None
    assert len(table.view.trick) == 4 and table.ctl.state.log == log
    d.click((10, 400))
    assert table.pending_gather is None
    d.step(60)
    assert table.view.tricks[winner] == won + 1  # gathered to the winner's pile


def test_last_trick_marks_who_led_and_who_won(tmp_path):
    d = Driver(str(tmp_path), rules="standard", seed=4, speed="instant")
    for _ in range(60):
        assert d.wait_for_person() == "act"
        if d.table.ctl.state.completed:
            break
        d.act_once()
    d.press(Intent.LAST_TRICK)
    scene = d.app.stack.top
    assert isinstance(scene, LastTrickScene)
    leader, _, _, winner = d.table.ctl.state.completed[-1]
    assert (scene.leader, scene.winner) == (leader, winner)
    d.press(Intent.CLOSE, Context.OVERLAY)


@pytest.mark.slow
def test_a_computer_bid_is_announced_at_its_seat(tmp_path):
    d = Driver(str(tmp_path), rules="standard", seed=4, speed="normal")
    table = d.table
    for _ in range(2000):
        if table.view.bubbles:
            break
        d.step()
    seat, text = next(iter(table.view.bubbles.items()))
    assert seat != Seat.S and text.lower() == table.view.bids[seat]
    d.step(30)  # half a second: still readable
    assert seat in table.view.bubbles
    d.step(60)
    assert seat not in table.view.bubbles


def test_the_summary_on_the_table_follows_the_hand(tmp_path):
    d = Driver(str(tmp_path), rules="standard", seed=4)
    assert d.wait_for_person() == "act"
    while d.table.ctl.state.phase is not Phase.PLAY:
        d.act_once()
        assert d.wait_for_person() in ("act", "modal")
    table = d.table
    summary = table.summary()
    st = table.ctl.state
    for line in summary.sides:
        seats = st.sides[line.side]
        assert line.progress.startswith(f"Bid {sum(st.bids[s] for s in seats)} · ") or "nil" in str(st.bids)
    assert summary.turn_text.startswith("Your")


def _to_my_bid(d: Driver) -> None:
    for _ in range(50):
        assert d.wait_for_person() == "act"
        if d.table.ctl.state.phase is Phase.BIDDING:
            return
        d.act_once()
    raise AssertionError("never reached the person's bid")


@pytest.mark.slow
def test_the_typed_bid_and_the_hint_outline_their_button(tmp_path):
    d = Driver(str(tmp_path), rules="standard", seed=4)
    _to_my_bid(d)
    table = d.table
    d.type_text("4")
    table.panel.draw(d.app.screen)
    assert [b.label for b in table.panel.buttons if b.selected] == ["4"]
    d.press(Intent.ERASE, Context.BIDDING)
    d.press(Intent.HINT)
    for _ in range(3000):  # the judge thinks (here in the frames' slices) before the hint is shown
        if table.hinted is not None:
            break
        d.step()
    table.panel.draw(d.app.screen)
    hinted = [b for b in table.panel.buttons if b.selected]
    assert table.hinted is not None and len(hinted) == 1 and hinted[0].action == table.hinted


@pytest.mark.slow
def test_a_forced_card_played_for_the_person_says_so(tmp_path):
    d = Driver(str(tmp_path), rules="standard", seed=4)
    d.app.update_settings(auto_play_forced=True)
    assert d.play_until(lambda table: table.message.startswith("Your only legal card")), "no forced card came up"


@pytest.mark.slow
def test_a_panel_over_another_hides_it_completely(tmp_path):
    d = Driver(str(tmp_path), rules="standard", seed=4)
    assert d.play_hands(1) == 1
    d.press(Intent.SCORE_SHEET, Context.HAND_SUMMARY)  # the score sheet over the hand summary
    d.app.redraw_all()
    d.step()
    w, h = d.app.screen.get_size()
    # the middle of the sheet's empty rows shows the sheet's own colour, nothing of the summary below
    assert d.app.screen.get_at((w // 2, int(h * 0.8)))[:3] == (14, 32, 24)


@pytest.mark.slow
def test_watch_a_game_plays_on_without_touching_statistics_or_the_game_in_progress(tmp_path):
    from spades_desktop.ui.screens.title import TitleScene

    d = Driver(str(tmp_path), rules="standard", seed=4, speed="fast")
    assert d.wait_for_person() == "act"
    d.act_once()
    d.app.writer.flush()
    autosave = d.app.paths.autosave_file.read_bytes()
    stats_file = d.app.paths.statistics_file
    stats = stats_file.read_bytes() if stats_file.exists() else b""
    d.app.to_title()
    d.step()
    assert isinstance(d.app.stack.top, TitleScene)
    d.click_button("watch")
    table = d.table
    assert table.watching and table.ctl.human is None and table.show_all_hands
    d.step(600)
    played = len(table.ctl.state.log)
    assert played > 20, "the computers did not play"
    d.press(Intent.PAUSE_PLAY, Context.WATCH)  # pause: nothing moves
    d.step(120)
    assert len(table.ctl.state.log) == played
    d.press(Intent.PAUSE_PLAY, Context.WATCH)
    d.press(Intent.SHOW_HANDS, Context.WATCH)
    assert not table.show_all_hands
    d.step(300)
    assert len(table.ctl.state.log) > played
    d.app.writer.flush()
    assert d.app.paths.autosave_file.read_bytes() == autosave
    assert (stats_file.read_bytes() if stats_file.exists() else b"") == stats
    assert table.name(Seat.S) == "South"


@pytest.mark.slow
def test_a_finished_hand_replays_trick_by_trick_from_the_score_sheet(tmp_path):
    from spades_desktop.ui.screens.replay import HandReplayScene
    from spades_desktop.ui.screens.score_sheet import ScoreSheetScene

    d = Driver(str(tmp_path), rules="standard", seed=4)
    assert d.play_hands(1) == 1
    d.press(Intent.SCORE_SHEET, Context.HAND_SUMMARY)
    sheet = d.app.stack.top
    assert isinstance(sheet, ScoreSheetScene)
    d.step()
    d.press(Intent.REPLAY_HAND, Context.SCORE_SHEET)
    replay = d.app.stack.top
    assert isinstance(replay, HandReplayScene)
    result = d.table.ctl.state.hand_history[0]
    assert replay.step == 0 and all(len(cards) == 13 for cards in replay.steps[0].hands.values())
    d.press(Intent.STEP_FORWARD, Context.REPLAY)
    _, seats, cards, winner = result.tricks_played[0]
    assert replay.steps[replay.step].played == tuple(zip(seats, cards, strict=True))
    assert replay.steps[replay.step].winner == winner
    d.press(Intent.LAST, Context.REPLAY)
    assert replay.step == 13 and replay.steps[13].won == {s: result.tricks[s] for s in result.seats}
    d.press(Intent.FIRST, Context.REPLAY)
    assert replay.step == 0
    d.press(Intent.STEP_BACK, Context.REPLAY)
    assert replay.step == 0
    d.press(Intent.CLOSE, Context.REPLAY)
    assert d.app.stack.top is sheet


@pytest.mark.slow
def test_a_saved_games_hands_replay_from_the_load_screen(tmp_path):
    from spades_desktop.ui.screens.files import LoadScene
    from spades_desktop.ui.screens.game_review import GameReviewScene
    from spades_desktop.ui.screens.replay import HandReplayScene

    d = Driver(str(tmp_path), rules="standard", seed=4)
    d.play_hands(1)
    d.close_modal()
    d.app.saves.save("Played one", d.table.ctl.state)
    d.app.to_title()
    d.step()
    d.app.stack.push(LoadScene(d.app))
    d.step()
    d.press(Intent.REVIEW, Context.LOAD)
    assert isinstance(d.app.stack.top, GameReviewScene)
    d.step()
    d.press(Intent.REPLAY_HANDS, Context.GAME_REVIEW)
    assert isinstance(d.app.stack.top, HandReplayScene)


def test_every_engine_event_has_a_way_onto_the_table():
    """The animator dispatches by event type from one table: a new event type the engine announces
    must be given a handler (or it would silently never be shown)."""
    import inspect

    from spades_desktop.engine import events as E
    from spades_desktop.ui.table.animator import HANDLERS

    announced = {cls for _, cls in inspect.getmembers(E, inspect.isclass)
                 if issubclass(cls, E.Event) and cls is not E.Event}
    assert announced, "the engine announces events"
    assert announced == set(HANDLERS), announced ^ set(HANDLERS)


def test_the_view_shows_the_engine_state_exactly_after_a_sync(tmp_path):
    d = Driver(str(tmp_path), rules="standard", seed=4)
    assert d.wait_for_person() == "act"
    while d.table.ctl.state.phase is not Phase.PLAY:
        d.act_once()
        d.wait_for_person()
    d.act_once()  # the person's first card is on the table
    table = d.table
    table.queue.clear()  # as undo does: what the engine said is shown at once instead
    table.cards.sync_from_state()
    state = table.ctl.state
    assert {s: sorted(cards) for s, cards in table.view.hands.items()} == {
        s: sorted(cards_of(state.hands[s])) for s in state.seats}
    assert table.view.tricks == {s: state.tricks[s] for s in state.seats}
    assert [sprite.card for _, sprite in table.view.trick] == list(state.trick_cards)
    assert not table.queue


@pytest.mark.slow
def test_resizing_while_a_card_is_on_its_way_shows_it_once(tmp_path):
    """A card whose event is still queued is not yet on the table; a resize must not read it from
    the engine (it would then show twice, once now and again when its event comes)."""
    from spades_desktop.engine import events as E

    d = Driver(str(tmp_path), seed=4, speed="normal")
    table = d.table
    # the person's card is handed to the engine between two frames: its event waits in the queue
    # (a computer's card sets off in the frame its answer comes, so it never waits there)
    assert d.play_until(lambda t: t.ctl.state.phase is Phase.PLAY and t.accepting_input() and t.ctl.human_turn())
    table.moves.act(table.ctl.state.legal_actions()[0])
    assert any(isinstance(e, E.CardPlayed) for e in table.queue), "no card was queued"
    d.app.resize_window((1600, 900))
    for _ in range(600):
        d.step()
        cards = [sprite.card for _, sprite in table.view.trick]
        assert len(cards) == len(set(cards)) <= len(table.ctl.state.seats), cards
        for seat, sprite in table.view.trick:
            assert (sprite.x, sprite.y) == pytest.approx(table.layout.trick_spot(seat), abs=1) or table.tweener.busy


def test_the_sides_line_counts_its_nils():
    """'Bid 5 · Made' is never green while the side's nil is broken, and each nil shows in its
    side's line, the person's own too (issue 24, item 5)."""
    from spades_desktop.engine.rules import preset as rules_preset
    from spades_desktop.engine.seats import Seat as S
    from spades_desktop.engine.state import GameState as Game
    from spades_desktop.ui.text.table_summary import Contract, summarize

    state, _ = Game.new_game(rules_preset("standard"), 3)
    names = {S.N: "North", S.E: "East", S.S: "You", S.W: "West"}
    bids = {S.N: "5", S.S: "nil", S.E: "3", S.W: "nil"}
    scores = {side: 0 for side in state.sides}

    def lines(tricks):
        summary = summarize(state, bids, tricks, scores, scores, None, S.S, names.__getitem__, None)
        return {line.name: line for line in summary.sides}

    broken = lines({S.N: 5, S.S: 1, S.E: 2, S.W: 0})
    ours, theirs = broken["North & You"], broken["East & West"]
    assert ours.progress.startswith("Bid 5 · Made") and ours.contract is Contract.MADE_NIL_BROKEN
    assert ours.nils_text == "Your nil: broken" and ours.nil_broken
    assert theirs.nils_text == "West nil: intact" and not theirs.nil_broken
    safe = lines({S.N: 5, S.S: 0, S.E: 2, S.W: 0})["North & You"]
    assert safe.contract is Contract.MADE and safe.nils_text == "Your nil: intact"


def test_the_person_s_cards_and_the_trick_are_large_at_1920x1080(tmp_path):
    """A table that uses the window: at 1920x1080 the default card size is at least 180 px tall,
    and the trick is drawn with the same art as the hand."""
    d = Driver(str(tmp_path), rules="standard", seed=3, size=(1920, 1080))
    assert d.wait_for_person() == "act"
    table = d.table
    assert table.layout.card_h >= 180
    assert table.art.height == table.layout.card_h and table.art.width == table.layout.card_w
    assert TableLayout(960, 540).card_h * 2 == pytest.approx(table.layout.card_h, abs=4)  # one scale at every size


@pytest.mark.slow
@pytest.mark.parametrize("size", SIZES)
def test_the_table_mid_trick_keeps_hands_plates_trick_and_scores_apart(tmp_path, size):
    """One layout from the window size: at every size the hands, the name plates, the trick and the
    score panel lie clear of each other, and all but the others' hands (tucked under the edges)
    inside the window."""
    d = Driver(str(tmp_path), rules="standard", seed=3, size=size)
    assert d.play_until(lambda t: len(t.view.trick) >= 3 and t.accepting_input()), "no trick in play"
    d.app.redraw_all()
    d.step()
    table, lay = d.table, d.table.layout
    window = pygame.Rect(0, 0, *size)

    def card(center, sideways=False):
        rect = pygame.Rect(0, 0, *((lay.card_h, lay.card_w) if sideways else (lay.card_w, lay.card_h)))
        rect.center = (int(center[0]), int(center[1]))
        return rect

    groups: dict[str, list[pygame.Rect]] = {
        "scoreboard": [table.painter.scoreboard_rect],
        "mode box": [table.painter.mode_rect],
        "trick": [card(lay.trick_spot(seat)) for seat, _ in table.view.trick],
    }
    for seat in Seat:
        groups[f"{seat.name} plate"] = [table.painter.plate_rects[seat]]
        count = len(table.view.hands.get(seat, []))
        groups[f"{seat.name} hand"] = [card(spot, seat in (Seat.E, Seat.W)) for spot in lay.hand_slots(seat, count)]
    for name, rects in groups.items():
        if name in ("N hand", "E hand", "W hand"):
            continue  # the others' hands are tucked under the window's edge by design: backs, half seen
        for rect in rects:
            assert window.contains(rect), f"{name} {rect} leaves the window at {size}"
    for (a, ra), (b, rb) in itertools.combinations(groups.items(), 2):
        for x, y in itertools.product(ra, rb):
            assert not x.colliderect(y), f"{a} {x} overlaps {b} {y} at {size}"


@pytest.mark.slow
@pytest.mark.parametrize("size", [(960, 540), (1152, 648), (1280, 720), (1920, 1080)])
def test_east_s_cards_stay_below_the_key_help_at_every_size(tmp_path, size):
    """The mode's box and the two lines of key help, top right, keep a smallest type size: below
    1280x720 East's hand reached up over 'A speed'."""
    d = Driver(str(tmp_path), size=size)
    d.step(3)
    table = d.table
    corner = table.painter.corner_area
    assert corner is not None
    lay = table.layout
    for x, y in lay.hand_slots(Seat.E, 13):
        card = pygame.Rect(0, 0, lay.card_h, lay.card_w)  # East's cards lie sideways
        card.center = (round(x), round(y))
        assert not card.colliderect(corner), f"East's card at {card} covers the key help at {corner}"
    d.app.writer.close()


@pytest.mark.slow
@pytest.mark.parametrize("size", [(960, 540), (1280, 720), (1920, 1080)])
def test_the_turn_line_sits_between_the_trick_and_the_person_s_plate(tmp_path, size):
    """'Your turn: ...' and 'North wins the trick' are written under the trick, never on the person's
    plate (at 960x540 the line hid the plate's top and most of 'You')."""
    d = Driver(str(tmp_path), rules="standard", seed=4, size=size)
    assert d.play_until(lambda table: table.ctl.state.phase is Phase.PLAY and table.ctl.human_turn()
                        and table.accepting_input())
    table = d.table
    table.dirty = True
    d.step()
    line = table.painter.turn_line(table.summary())
    assert line is not None, "the person's turn is said in words"
    rect = line[2]
    plate = table.painter.plate_rects[Seat.S]
    assert rect.bottom < plate.top, f"the turn line {rect} reaches the plate {plate}"
    lay = table.layout
    assert rect.top > lay.trick_spot(Seat.S)[1] + lay.card_h / 2, "and stays clear of the trick"
    d.app.writer.close()


@pytest.mark.slow
@pytest.mark.parametrize("rules", ["auction", "cutthroat"])
@pytest.mark.parametrize("size", [(960, 540), (1280, 720), (1920, 1080)])
def test_west_s_cards_stay_below_the_scoreboard_at_its_tallest(tmp_path, rules, size):
    """Without nils (the auction) West's top cards lay under the scoreboard at 1280x720 and smaller;
    in cutthroat, four sides' nil lines made it reach West's cards and plate at 960x540."""
    d = Driver(str(tmp_path), rules=rules, size=size)
    d.step(3)
    table = d.table
    st = table.ctl.state
    if st.rules.nil_possible:  # every side shows a nil: the scoreboard at its tallest
        table.view.bids = {seat: "nil" for seat in st.seats}
    table.dirty = True
    d.step()
    board = table.painter.scoreboard_rect
    lay = table.layout
    for x, y in lay.hand_slots(Seat.W, 13):
        card = pygame.Rect(0, 0, lay.card_h, lay.card_w)  # West's cards lie sideways
        card.center = (round(x), round(y))
        assert not card.colliderect(board), f"West's card at {card} is under the scoreboard {board}"
    plate = table.painter.plate_rects[Seat.W]
    assert not plate.colliderect(board), f"West's plate {plate} is under the scoreboard {board}"
    d.app.writer.close()


def test_before_a_hand_is_scored_the_score_sheet_offers_no_replay_or_review(tmp_path):
    """The sheet of a new game said 'Enter or a click replays a hand ... R reviews the game', and R
    opened an empty review page ('All 0 hands reviewed', 'no decision with a choice')."""
    from spades_desktop.ui.screens.score_sheet import ScoreSheetScene
    from spades_desktop.ui.text.review_words import NO_HAND_ENDED
    from spades_desktop.ui.text.score_sheet import sheet_footer

    assert sheet_footer(0, 1, 0, False) == "Each hand is written here once it is scored. Any key closes."
    assert sheet_footer(3, 1, 3, False) == (
        "Enter or a click replays a hand trick by trick. R reviews the game. Any other key closes.")
    assert sheet_footer(30, 11, 30, True).startswith("Hands 11-30 of 30: Up/Down or the wheel to scroll")
    d = Driver(str(tmp_path), rules="standard", seed=4)
    d.step(3)
    d.press(Intent.SCORE_SHEET)
    sheet = d.app.stack.top
    assert isinstance(sheet, ScoreSheetScene)
    d.step()
    d.press(Intent.REVIEW, Context.SCORE_SHEET)
    assert d.app.stack.top is d.table, "no review page opens: R closes the sheet, as any key does"
    d.press(Intent.SCORE_SHEET)
    d.step()
    d.press(Intent.REPLAY_HAND, Context.SCORE_SHEET)
    assert d.app.stack.top is d.table, "and so does Enter"
    d.app.open_review(d.table.ctl.state, "Game")  # (as Load's R on a saved game of no finished hand)
    assert d.app.stack.top is d.table and d.app.toast.text.startswith(NO_HAND_ENDED)
    d.app.writer.close()
