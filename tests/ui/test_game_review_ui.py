"""Issue 27 in the real app: the game review opened from game over and from the load screen, judged
beside the window with its progress shown, its decisions and bars opening the replay where they
are, kept with the game so it is done once, exported beside the hand records, laid out at every size."""

from __future__ import annotations

import json
import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame
import pytest

from spades_desktop.engine.rules import preset
from spades_desktop.session.review import costliest
from spades_desktop.ui.core.keymap import Context, Intent
from spades_desktop.ui.screens.game_review import GameReviewScene
from spades_desktop.ui.screens.replay import HandReplayScene
from spades_desktop.ui.screens.summaries import GameOverScene
from spades_desktop.ui.text.review_words import reason_text, verdict_text
from tests.ui.test_text_layout import SIZES, TextRecorder, _check
from tests.ui_driver import Driver

SHORT_GAME = {**preset("standard").to_dict(), "target_score": 100}
SAMPLES = 16  # deals per decision: the checker's fewest, so a test's review takes a second or two


def _finish(d: Driver, scene: GameReviewScene, frames: int = 20000) -> None:
    for _ in range(frames):
        if scene.reviewer.done:
            d.step()
            return
        d.step()
    raise AssertionError("the review never finished")


def _at_game_over(tmp_path) -> Driver:
    d = Driver(str(tmp_path), rules=SHORT_GAME, seed=16)
    d.app.options.review_samples = SAMPLES
    d.play_hands(50)
    assert isinstance(d.table.modal, GameOverScene)
    assert len(d.table.ctl.state.hand_history) > 1, "a game of some hands (the tests name them in the plural)"
    d.step(2)
    return d


@pytest.mark.slow
def test_game_over_reviews_the_game_and_its_decisions_open_the_replay_there(tmp_path):
    d = _at_game_over(tmp_path)
    state = d.table.ctl.state
    d.click_button("review_game")
    page = d.app.stack.top
    assert isinstance(page, GameReviewScene)
    assert not page.reviewer.done and page.reviewer.total > 20
    recorder = TextRecorder(pytest.MonkeyPatch())
    texts = [t for t, _, _ in recorder.frame(d)[-1]]
    hands = len(state.hand_history)
    assert f"Reviewing hand 1 of {hands}: your decisions" in texts, "the progress bar names the hand"
    # the person's decisions first, hand by hand to the last; then the other seats' from the first hand
    seen = []
    while not page.reviewer.done:
        width_while_judging = page.card_width
        d.step()
        words = [t for t, _, _ in recorder.frame(d)[-1] if t.startswith("Reviewing hand")]
        if words and (not seen or seen[-1] != words[0]):
            seen.append(words[0])
    mine = [w for w in seen if w.endswith("your decisions")]
    others = [w for w in seen if w.endswith("the other seats' decisions")]
    assert seen == mine + others and mine[-1].startswith(f"Reviewing hand {hands} of") and others
    assert others[0].startswith("Reviewing hand 1 of")
    hand_numbers = [int(w.split()[2]) for w in mine]
    assert hand_numbers == sorted(hand_numbers)
    d.step()
    texts = [t for t, _, _ in recorder.frame(d)[-1]]
    assert not any(t.startswith("Reviewing") for t in texts)
    assert any(t.startswith(f"All {len(state.hand_history)} hands reviewed: ") for t in texts)
    # the cards keep their size when the review ends: their faces, warmed while it ran, show at once
    assert page.card_width == width_while_judging and page.faces_ready()
    assert any(t.startswith("You: accuracy ") for t in texts) and any(t.startswith("North: ") for t in texts)
    assert page.decision_rects, "the person's side made mistakes the review shows"
    rect, decision = page.decision_rects[0]
    judgement = page.reviewer.review.judged[decision.index]
    assert judgement is not None and judgement.mistake
    d.click(rect.center)
    replay = d.app.stack.top
    assert isinstance(replay, HandReplayScene)
    assert replay.result.hand_number == decision.hand and replay.step == decision.trick
    assert any(m.trick == decision.trick and m.text.startswith("Review: ") for m in replay.marks)
    d.press(Intent.CLOSE, Context.REPLAY)
    assert d.app.stack.top is page
    bar, hand = page.bar_rects[-1]
    d.click(bar.center)
    assert isinstance(d.app.stack.top, HandReplayScene) and d.app.stack.top.result.hand_number == hand
    d.press(Intent.CLOSE, Context.REPLAY)
    # kept with the game: opened again, nothing is judged again
    judged = dict(page.reviewer.review.judged)
    d.press(Intent.BACK, Context.SCREEN)
    assert isinstance(d.app.stack.top, GameOverScene)
    d.press(Intent.REVIEW, Context.GAME_OVER)
    again = d.app.stack.top
    assert isinstance(again, GameReviewScene) and again.reviewer.done and again.reviewer.review.judged == judged


@pytest.mark.slow
def test_export_writes_the_review_beside_the_hand_records(tmp_path):
    d = _at_game_over(tmp_path)
    d.press(Intent.REVIEW, Context.GAME_OVER)
    page = d.app.stack.top
    d.press(Intent.EXPORT, Context.GAME_REVIEW)
    assert "not finished" in d.app.toast.text and not d.app.paths.records.exists()
    _finish(d, page)
    d.press(Intent.EXPORT, Context.GAME_REVIEW)
    written = list(d.app.paths.records.glob("review-*.md"))
    assert len(written) == 1 and str(written[0]) in d.app.toast.text
    text = written[0].read_text()
    assert text == "\n".join(page.summary()) + "\n"
    assert text.startswith("# ") and "## Accuracy" in text and "- You: accuracy " in text


@pytest.mark.slow
def test_a_saves_review_is_kept_in_the_save_and_not_done_twice(tmp_path):
    from spades_desktop.ui.screens.files import LoadScene

    d = Driver(str(tmp_path), rules="standard", seed=4)
    d.app.options.review_samples = SAMPLES
    d.play_hands(1)
    d.close_modal()
    path = d.app.saves.save("One hand", d.table.ctl.state)
    d.app.to_title()
    d.step()
    d.app.stack.push(LoadScene(d.app))
    d.step()
    d.press(Intent.REVIEW, Context.LOAD)
    page = d.app.stack.top
    assert isinstance(page, GameReviewScene)
    _finish(d, page)
    d.press(Intent.BACK, Context.SCREEN)
    d.app.writer.flush()
    kept = json.loads(path.read_text())["review"]
    assert len(kept["judged"]) == page.reviewer.total
    d.press(Intent.REVIEW, Context.LOAD)
    again = d.app.stack.top
    assert isinstance(again, GameReviewScene) and again is not page
    assert again.reviewer.done and again.reviewer.review.judged == page.reviewer.review.judged
    # and the game loaded from that save to play on keeps it too
    d.press(Intent.BACK, Context.SCREEN)
    d.press(Intent.ACTIVATE, Context.FOCUSED)
    if type(d.app.stack.top).__name__ == "AbandonScene":  # the game in progress is given up for it
        d.press(Intent.ABANDON, Context.ABANDON)
    d.step(3)
    assert d.app.session is not None and d.app.session.review is not None
    assert d.app.session.review.judged == page.reviewer.review.judged


@pytest.mark.slow
def test_a_damaged_review_in_a_save_is_reviewed_again_and_the_game_still_loads(tmp_path):
    from spades_desktop.ui.screens.files import LoadScene

    d = Driver(str(tmp_path), rules="standard", seed=5)
    d.app.options.review_samples = SAMPLES
    d.play_hands(1)
    d.close_modal()
    path = d.app.saves.save("Damaged review", d.table.ctl.state)
    document = json.loads(path.read_text())
    document["review"] = {"version": 1, "moves": 10**9, "judged": "everything"}
    path.write_text(json.dumps(document))
    d.app.to_title()
    d.step()
    d.app.stack.push(LoadScene(d.app))
    d.step()
    d.press(Intent.REVIEW, Context.LOAD)
    page = d.app.stack.top
    assert isinstance(page, GameReviewScene) and not page.reviewer.done
    assert page.reviewer.done_count < page.reviewer.total // 2, "judged afresh, from the first decision"


def _settle(d: Driver, page: GameReviewScene, frames: int = 120) -> None:
    """Frames until the costliest decisions shown are what they would be drawn as now (their next
    picture is drawn a part a frame)."""
    for _ in range(frames):
        d.step()
        if page.decisions_settled:
            return
    raise AssertionError("the costliest decisions never settled")


def _with_faces_settled(d: Driver, page: GameReviewScene, seconds: float = 30.0) -> None:
    """Frames until every card face is final (the classic faces are drawn in the background; their
    arrival changes what the decisions show) and the decisions shown are drawn with them."""
    import time

    give_up = time.monotonic() + seconds
    while not (page.card_width and page.faces_ready()):
        assert time.monotonic() < give_up, "the cards' faces never became ready"
        d.step()
        time.sleep(0.002)
    _settle(d, page)


def _two_hands():
    from spades_desktop.ai import ComputerPlayer, Level
    from spades_desktop.engine.state import GameState

    # a game whose two hands hold costly decisions of North-South's (a bid about 75 points off, a card)
    state = GameState.new_game(preset("standard"), 25)[0]
    players = {s: ComputerPlayer(Level.NORMAL, seed=3) for s in state.seats}
    while len(state.hand_history) < 2:
        state.apply(players[state.turn].decide(state.view(state.turn)))
    return state


@pytest.mark.slow
@pytest.mark.parametrize("size", SIZES)
def test_the_review_page_lays_out_at_every_size(tmp_path, monkeypatch, size):
    from spades_desktop.session.review import GameReview, Reviewer

    state = _two_hands()
    d = Driver(str(tmp_path), rules=SHORT_GAME, seed=11, size=size)
    reviewer = Reviewer(state, lambda: None, samples=SAMPLES)
    while not reviewer.done:
        reviewer.step(1.0)
    recorder = TextRecorder(monkeypatch)
    d.app.stack.push(d.app.scenes.game_review(state, "A reviewed game", GameReview(dict(reviewer.review.judged))))
    page = d.app.stack.top
    _settle(d, page)  # the page's frame, then its figures, then the costliest decisions a part a frame
    assert page.reviewer.done and page.decision_rects
    texts = recorder.frame(d)[-1]
    _check(texts, size, "game review")
    window = pygame.Rect(0, 0, *size)
    for rect, _ in page.decision_rects:
        assert window.contains(rect)
    # each decision's verdict and reason are shown whole (at 960x540 the reason lost its end)
    assert page.words_cut == 0
    shown = " ".join(t for t, _, _ in texts)
    for decision, judgement in costliest(page.reviewer.decisions, page.reviewer.review, page.person_side()):
        for words in (verdict_text(page.name(decision.seat), decision, judgement),
                      reason_text(judgement, person_side=True)):
            assert words.split()[-1] in shown, f"the end of '{words}' is not on the page at {size}"


def test_what_lives_from_the_start_is_kept_out_of_the_garbage_collectors_full_passes(tmp_path):
    """A full collection walked every object of the app (modules, theme, art): a 15-25 ms frame
    now and then while a game was reviewed. Once the first frame is shown they are frozen."""
    import gc

    gc.unfreeze()
    d = Driver(str(tmp_path), rules="standard", seed=2)
    assert gc.get_freeze_count() == 0, "nothing frozen before the first frame"
    d.step()
    assert gc.get_freeze_count() > 10_000
    frozen = gc.get_freeze_count()
    d.step(30)
    assert gc.get_freeze_count() <= frozen, "frozen once, at the first frame (a frozen object may still die)"


def test_the_collector_waits_for_the_first_frame_and_is_on_after_it_or_a_failed_start(tmp_path, monkeypatch):
    """What is made before the first frame lives as long as the app: the collector's passes over it
    cost a start 8-16 ms and freed nothing.  It is off until the first frame is shown, then on again
    (everything until then frozen); an app closed before its first frame, or one that failed to
    start, leaves it on."""
    import gc

    from spades_desktop.ui import app as app_module

    try:
        d = Driver(str(tmp_path / "a"), rules="standard", seed=2)
        assert not gc.isenabled(), "off while the app is made"
        d.step()
        assert gc.isenabled() and gc.get_freeze_count() > 10_000
        d.app.close()
        never_shown = Driver(str(tmp_path / "b"), rules="standard", seed=2)
        never_shown.app.close()
        assert gc.isenabled(), "on again when an app closes before its first frame"
        monkeypatch.setattr(app_module.App, "_make", lambda self, options: 1 / 0)
        with pytest.raises(ZeroDivisionError):
            Driver(str(tmp_path / "c"), rules="standard", seed=2)
        assert gc.isenabled(), "on again when an app fails to start"
    finally:
        gc.enable()


def test_the_launch_imports_the_window_with_the_collector_paused_and_leaves_it_on(capsys):
    """The start's imports live as long as the app: the collector's passes over them (about 70 of
    them) cost a start ~7 ms.  The launch imports the window with it paused (App switches it on at
    its first frame), and switches it on on the way out whatever happened (here: --help)."""
    import gc
    import subprocess
    import sys

    from spades_desktop import app_entry

    code = ("import gc; passes = []; gc.callbacks.append(lambda phase, info: passes.append(phase)); "
            "from spades_desktop.app_entry import import_window; before = len(passes); import_window(); "
            "print(len(passes) - before, gc.isenabled())")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         env={"SDL_VIDEODRIVER": "dummy", "PATH": ""}).stdout
    assert out.split() == ["0", "False"]
    try:
        with pytest.raises(SystemExit):
            app_entry.run_app(["--help"])
        assert gc.isenabled()
    finally:
        gc.enable()
    assert "usage" in capsys.readouterr().out


@pytest.mark.slow
def test_the_review_page_shows_its_frame_first_and_its_figures_the_frame_after(tmp_path):
    """Opening the page drew its frame and every figure in one frame, in type sizes loaded for it:
    16-19 ms. The frame comes first, the figures in the frames after (a part a frame)."""
    d = _at_game_over(tmp_path)
    d.click_button("review_game")
    first = [drawn.text for drawn in d.app.texts.texts]  # (the last frame's texts, as the app logged them)
    assert "Game review" in first and "Back" in first
    assert "Accuracy" not in first and not any(t.startswith("You: ") for t in first)
    for _ in range(6):
        d.step()
        later = [drawn.text for drawn in d.app.texts.texts]
        if "Accuracy" in later:
            break
    assert "Accuracy" in later and any(t.startswith("You: ") for t in later)  # (judged or not yet)


def test_the_review_page_works_its_figures_out_once_per_judgement(tmp_path, monkeypatch):
    """Each frame worked every seat's figures out again (seven walks of every decision a frame, as
    judgements came in); now once per judgement that came in."""
    from spades_desktop.session import review as review_module
    from spades_desktop.session import review_so_far

    state = _two_hands()
    d = Driver(str(tmp_path), rules=SHORT_GAME, seed=11)
    d.app.stack.push(d.app.scenes.game_review(state, "A game", None))
    page = d.app.stack.top
    _settle(d, page)
    calls = []
    monkeypatch.setattr(review_so_far, "figures", lambda *a: (calls.append(1), review_module.figures(*a))[1])
    page.reviewer.step = lambda *args, **kwargs: False  # no judgement comes in meanwhile
    for _ in range(3):
        page.dirty = True
        d.step()
    assert calls == [], "figures worked out again with no new judgement"
    page.so_far._figured_at = -1  # as if a judgement came in, and the page showed what came
    page._unshown, page._shown_ago = True, 1.0
    d.step()
    assert 0 < len(calls) <= len(state.seats)


@pytest.mark.slow
def test_a_finished_game_stays_in_the_load_screen_to_be_reviewed_there(tmp_path):
    """Issue 27 item 1: a finished game can be reviewed from Load after its game-over screen is gone:
    it is kept among the saves as 'Finished game' (its review too, as it comes), the newest ten."""
    from spades_desktop.storage.game_keeper import KEPT_FINISHED_GAMES
    from spades_desktop.ui.screens.files import LoadScene

    d = _at_game_over(tmp_path)
    state = d.table.ctl.state
    d.app.writer.flush()
    finished = list(d.app.paths.saves.glob("finished-*.json"))
    assert len(finished) == 1 and not d.app.paths.autosave_file.exists()
    document = json.loads(finished[0].read_text())
    assert document["name"] == "Finished game"
    d.click_button("title")
    if type(d.app.stack.top).__name__ == "AbandonScene":
        d.press(Intent.ABANDON, Context.ABANDON)
    d.step()
    d.app.stack.push(LoadScene(d.app))
    d.step()
    load = d.app.stack.top
    assert load.infos[0].name == "Finished game" and load.infos[0].finished
    assert load.page().rows[0].cells[""][3] == f"{len(state.hand_history)} hands"
    d.press(Intent.ACTIVATE, Context.FOCUSED)  # loading it opens its review: there is nothing to play on
    assert isinstance(d.app.stack.top, GameReviewScene)
    d.press(Intent.BACK, Context.SCREEN)
    assert d.app.stack.top is load
    d.press(Intent.REVIEW, Context.LOAD)
    page = d.app.stack.top
    assert isinstance(page, GameReviewScene) and page.state.log == state.log
    _finish(d, page)
    d.app.writer.flush()
    assert len(json.loads(finished[0].read_text())["review"]["judged"]) == page.reviewer.total
    # only the newest are kept
    keeper = d.app.keeper
    for i in range(KEPT_FINISHED_GAMES + 2):
        keeper.keep_finished(state, f"game-{i}", [])
        d.app.writer.flush()
    assert len(list(d.app.paths.saves.glob("finished-*.json"))) == KEPT_FINISHED_GAMES


def test_a_decisions_words_are_shown_whole_or_say_they_are_cut(tmp_path):
    """At 960x540 a costliest decision's reason ended 'in 95% of 1,648 deals like this one,': its last
    line did not fit the box and was dropped, with nothing to say the sentence went on.  The page now
    closes up the hand beside the words (``draw_decisions``) before a smaller type or an ellipsis."""
    from spades_desktop.ui.core.theme import CAPTION, SMALL
    from spades_desktop.ui.screens.review_layout import words_that_fit

    d = Driver(str(tmp_path), size=(960, 540))
    fonts = d.app.fonts
    small, caption = fonts.get(SMALL), fonts.get(CAPTION)
    texts = ["You bid 4; bidding 2 was better, about 30 points.",
             "Bidding 2 makes your side's contract in 95% of 1,648 deals like this one, bidding 4 in 62%."]
    room = pygame.Rect(0, 0, 242, 4 * small.get_linesize() + 4)  # the room the page gave them: 4 lines
    assert not words_that_fit(texts, room, (small, caption))[2], "(the type has a smallest size)"
    wider = pygame.Rect(0, 0, 320, room.h)  # the hand closed up
    font, lines, whole = words_that_fit(texts, wider, (small, caption))
    assert whole and " ".join(lines) == " ".join(texts), "every word"
    assert all(font.size(line)[0] <= wider.w for line in lines)
    tight = pygame.Rect(0, 0, 250, 2 * caption.get_linesize() + 4)
    font, lines, whole = words_that_fit(texts, tight, (small, caption))
    assert not whole and len(lines) == 2 and lines[-1].endswith("…"), "where nothing fits, the cut is shown"
    d.app.writer.close()


def test_judgements_that_come_every_frame_are_shown_a_few_times_a_second(tmp_path, monkeypatch):
    """The page was drawn whole for every judgement that came, on every other frame while it
    judged (each drawing 7-12 ms at 1920x1080); it shows what came every quarter of a second, and
    at once when the review is done."""
    from spades_desktop.ui.screens.game_review import SHOW_JUDGED_EVERY

    state = _two_hands()
    d = Driver(str(tmp_path), rules=SHORT_GAME, seed=11)
    d.app.stack.push(d.app.scenes.game_review(state, "A game", None))
    page = d.app.stack.top
    d.step(3)
    page.reviewer.step = lambda *args, **kwargs: True  # a judgement comes every frame
    drawn = sum(1 for _ in range(60) if d.app.frame(1 / 60))  # one second
    assert 1 / SHOW_JUDGED_EVERY - 1 <= drawn <= 1 / SHOW_JUDGED_EVERY + 1, drawn
    page._shown_ago = 0.0  # just shown: the next judgement waits for the quarter second
    assert not d.app.frame(1 / 60) and page._unshown
    monkeypatch.setattr(type(page.reviewer), "done", property(lambda self: True))
    assert d.app.frame(1 / 60), "the review done is shown at once"


def test_the_costliest_decisions_are_kept_as_drawn_and_shown_again_the_same(tmp_path):
    """The decisions' panels, drawn once, are put back from a copy while they stay the costliest:
    the page is the same pixel for pixel as when they are drawn anew, their texts are noted as if
    drawn, and a click still finds each decision."""
    from spades_desktop.session.review import GameReview, Reviewer

    state = _two_hands()
    d = Driver(str(tmp_path), rules=SHORT_GAME, seed=11)
    reviewer = Reviewer(state, lambda: None, samples=SAMPLES)
    while not reviewer.done:
        reviewer.step(1.0)
    d.app.stack.push(d.app.scenes.game_review(state, "A reviewed game", GameReview(dict(reviewer.review.judged))))
    page = d.app.stack.top
    for _ in range(60):  # the frame, the figures, the faces drawn a few a frame
        d.step()
        if page.faces_ready():
            break
    page.dirty = True
    d.step()
    drawn_anew = d.app.screen.copy()
    texts_anew = [t.text for t in d.app.texts.texts]
    rects = list(page.decision_rects)
    assert rects, "the person's side made costly decisions"
    calls = []
    real = page.decisions_steps
    page.decisions_steps = lambda *args: (calls.append(1), real(*args))[1]
    page.dirty = True
    d.step()
    assert calls == [], "kept: not drawn again"
    assert pygame.image.tobytes(d.app.screen, "RGB") == pygame.image.tobytes(drawn_anew, "RGB")
    assert [t.text for t in d.app.texts.texts] == texts_anew
    assert page.decision_rects == rects
    page._kept_decisions.forget()
    page.dirty = True
    _settle(d, page)
    assert calls == [1], "forgotten: drawn again"
    assert pygame.image.tobytes(d.app.screen, "RGB") == pygame.image.tobytes(drawn_anew, "RGB")
    assert [t.text for t in d.app.texts.texts] == texts_anew, "its texts noted where the window shows them"
    assert page.decision_rects == rects


def test_judgements_shown_redraw_only_the_panel_and_leave_the_page_a_full_redraw_gives(tmp_path):
    state = _two_hands()
    d = Driver(str(tmp_path), rules=SHORT_GAME, seed=11)
    d.app.stack.push(d.app.scenes.game_review(state, "A game", None))
    page = d.app.stack.top
    d.step(3)
    page.warm_faces = lambda per_frame=2: False  # (faces on their way redraw the whole page)
    checked = decisions_left_alone = 0
    for _ in range(400):
        if page.reviewer.done:
            break
        if d.app.frame(1 / 60) and page.damage is not None and not page.parts_under_way:
            for area in page.damage:
                assert area.h < d.app.screen.get_height() * 0.9, "inside the panel: the title and buttons stay"
            # the costliest decisions, when what they show stays, are not drawn again (the whole panel
            # drawn for each showing was the page's 95th-percentile frame)
            room = page._decisions_room
            if sum(area.clip(room).w * area.clip(room).h for area in page.damage) < room.w * room.h // 10:
                decisions_left_alone += 1
            full = d.app.screen.copy()
            d.app.redraw(full)
            assert pygame.image.tobytes(d.app.screen, "RGB") == pygame.image.tobytes(full, "RGB")
            checked += 1
            if checked >= 6:
                break
    assert checked >= 1
    assert decisions_left_alone >= 1


def test_the_decisions_with_their_cards_are_drawn_a_part_a_frame_and_shown_whole(tmp_path, monkeypatch):
    """Drawing the costliest decisions with their cards was the review's slowest frame (7-8 ms at
    1920x1080, 16-19 with a hiccup on top; with the figures as well 18-22 ms).  Once the faces are
    ready the decisions' new picture is drawn a part a frame off the window, which shows the picture
    before meanwhile; the frame that shows the new one updates the decisions' room and no more of the
    panel than the progress line and the figures, and the window is then what a full redraw gives."""
    d, page = _reviewed_page(tmp_path, monkeypatch)
    while not (page.card_width and page.faces_ready()):
        d.step()
    before = pygame.image.tobytes(d.app.screen.subsurface(page._decisions_room), "RGB")
    frames_under_way = 0
    for _ in range(60):
        drawn = d.app.frame(1 / 60)
        if page._kept_decisions.under_way:
            frames_under_way += 1
            assert pygame.image.tobytes(d.app.screen.subsurface(page._decisions_room), "RGB") == before
        elif drawn and page.decisions_settled:
            break
    assert frames_under_way >= 1, "the picture with the cards took more than one frame"
    assert page.damage is not None and page._decisions_room in page.damage
    allowed = [page._decisions_room, page._progress_room, page._figures_room]
    assert all(any(room.contains(area) for room in allowed) for area in page.damage)
    full = d.app.screen.copy()
    d.app.redraw(full)
    assert pygame.image.tobytes(d.app.screen, "RGB") == pygame.image.tobytes(full, "RGB")
    assert pygame.image.tobytes(d.app.screen.subsurface(page._decisions_room), "RGB") != before, "now with cards"


def test_figures_and_decisions_that_change_together_are_drawn_a_part_a_frame(tmp_path, monkeypatch):
    """A judgement that changed both the seats' figures and the costliest decisions drew both in one
    frame (17-23 ms at 1920x1080).  Now each is drawn a part a frame on a picture of its own, the
    figures first, the window showing each as it was until its new picture is whole; then the window
    is what a full redraw gives."""
    from spades_desktop.ui.screens import game_review

    d, page = _reviewed_page(tmp_path, monkeypatch)
    page.reviewer.step = lambda *args, **kwargs: False  # no judgement comes in meanwhile
    _with_faces_settled(d, page)
    drawn: list[str] = []
    figures, decisions = game_review.figures_steps, page.decisions_steps
    monkeypatch.setattr(game_review, "figures_steps", lambda *args: _counting(figures(*args), drawn, "figures"))
    page.decisions_steps = lambda *args: _counting(decisions(*args), drawn, "decisions")
    before = d.app.screen.copy()
    page._kept_figures.forget()
    real_key = page._decisions_key
    page._decisions_key = lambda room: (real_key(room), "drawn again")  # (the picture before stays kept)
    frames = []
    for _ in range(60):
        drawn.clear()
        d.app.frame(1 / 60)
        frames.append(list(drawn))
        if page.parts_under_way:
            shown = d.app.screen.subsurface(page._decisions_room)
            assert pygame.image.tobytes(shown, "RGB") == pygame.image.tobytes(before.subsurface(page._decisions_room),
                                                                             "RGB"), "the decisions as they were"
        if page.decisions_settled and not page.parts_under_way and not drawn:
            break
    parts = [part for frame in frames for part in frame]
    assert max(len(frame) for frame in frames) == 1, "a part a frame"
    assert parts.count("figures") == 2 and parts.count("decisions") >= 2
    assert parts.index("decisions") > len(parts) - 1 - parts[::-1].index("figures"), "the figures first"
    assert not d.app.frame(1 / 60), "then the page rests"
    full = d.app.screen.copy()
    d.app.redraw(full)
    assert pygame.image.tobytes(d.app.screen, "RGB") == pygame.image.tobytes(full, "RGB")
    assert pygame.image.tobytes(d.app.screen, "RGB") == pygame.image.tobytes(before, "RGB"), "the same picture"


def _reviewed_page(tmp_path, monkeypatch) -> tuple[Driver, GameReviewScene]:
    """The review page of a game reviewed before (costly decisions to show), drawing a part of the
    parts' pictures a frame, whatever the machine's speed."""
    from spades_desktop.session.review import GameReview, Reviewer
    from spades_desktop.ui.screens import game_review

    monkeypatch.setattr(game_review, "PART_SECONDS", 0.0)
    state = _two_hands()
    reviewer = Reviewer(state, lambda: None, samples=SAMPLES)
    while not reviewer.done:
        reviewer.step(1.0)
    d = Driver(str(tmp_path), rules=SHORT_GAME, seed=11)
    d.app.stack.push(d.app.scenes.game_review(state, "A reviewed game", GameReview(dict(reviewer.review.judged))))
    return d, d.app.stack.top


def _counting(steps, drawn, label):
    """``steps``, noting each part drawn (the one before each pause, and the last) in ``drawn`` as
    ``label``; returns what they return."""
    while True:
        try:
            part = next(steps)
        except StopIteration as stop:
            drawn.append(label)
            return stop.value
        drawn.append(label)
        yield part


def test_the_background_left_out_under_the_panel_is_covered_by_it(tmp_path):
    """The page puts its background everywhere but under the panel's opaque middle: drawn over
    anything at all, the window is the same as drawn over the background."""
    state = _two_hands()
    d = Driver(str(tmp_path), rules=SHORT_GAME, seed=11)
    d.app.stack.push(d.app.scenes.game_review(state, "A game", None))
    d.step(3)
    over_magenta = d.app.screen.copy()
    over_magenta.fill((255, 0, 255))
    d.app.redraw(over_magenta)
    over_background = d.app.title_background().copy()
    d.app.redraw(over_background)
    assert pygame.image.tobytes(over_magenta, "RGB") == pygame.image.tobytes(over_background, "RGB")


def test_the_review_shows_each_card_s_classic_face_not_its_stand_in(tmp_path, monkeypatch):
    """The review drew the queen of diamonds as a framed letter 'Q' (the large-index stand-in of a
    classic face still being drawn in the background) and kept that picture: now the page waits for
    the classic faces and shows the cards with them."""
    import time

    from spades_desktop.session.review import GameReview, Reviewer
    from spades_desktop.ui.cards import classic_deck

    real = classic_deck.svg_text
    monkeypatch.setattr(classic_deck, "svg_text", lambda *a: (time.sleep(0.004), real(*a))[1])
    state = _two_hands()
    d = Driver(str(tmp_path), rules=SHORT_GAME, seed=11)
    assert d.app.settings.deck_style == "classic"
    reviewer = Reviewer(state, lambda: None, samples=SAMPLES)
    while not reviewer.done:
        reviewer.step(1.0)
    d.app.stack.push(d.app.scenes.game_review(state, "A reviewed game", GameReview(dict(reviewer.review.judged))))
    page = d.app.stack.top
    give_up = time.monotonic() + 30
    while time.monotonic() < give_up:
        d.step()
        if page.card_width and page.faces_ready():
            break
        time.sleep(0.002)
    art = d.app.card_art(page.card_width)
    assert all(("classic", card) in art._cache for card in page.deck)
    _settle(d, page)
    assert page.decision_rects
    shown = pygame.image.tobytes(d.app.screen, "RGB")
    page._kept_decisions.forget()  # the decisions drawn anew, with every face final: the same picture
    page.dirty = True
    _settle(d, page)
    assert pygame.image.tobytes(d.app.screen, "RGB") == shown
