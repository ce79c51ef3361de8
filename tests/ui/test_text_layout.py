"""Every scene at every supported window size: no text runs out of the window, no two texts
overlap, and nothing is drawn smaller than 14 px (readable from a sofa at 1280x720)."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import itertools

import pygame
import pytest

from spades_desktop.ai import ComputerPlayer, Level
from spades_desktop.engine.rules import preset
from spades_desktop.engine.seats import Seat
from spades_desktop.engine.state import GameState
from spades_desktop.session.game_session import SessionMode
from spades_desktop.ui.core.keymap import Context, Intent
from spades_desktop.ui.core.text_log import TextLog, recording
from spades_desktop.ui.core.typeface import typeface
from spades_desktop.ui.screens import settings as settings_scene
from spades_desktop.ui.screens.score_sheet import ScoreSheetScene
from spades_desktop.ui.text.score_sheet import FEWER, NUMBER_HEADER, SHORT_HEADERS, columns_for
from tests.ui_driver import Driver

SIZES = [(960, 540), (1280, 720), (1920, 1080), (3840, 2160)]
#: the text size setting's values: 100% at every size above, the larger ones at the three sizes the
#: issue names (4K has room to spare); 150% at 960x540, the most crowded, in the quick tests too
TEXT_SIZES = (100, 125, 150)
LARGER_TEXT = [(size, text_size) for text_size in TEXT_SIZES[1:] for size in SIZES[:3]]


def _cases(sizes: list[tuple[int, int]], quick: tuple[tuple[int, int], int] | None = None) -> list:
    """(size, text size) for each of ``sizes`` at 100% and for every larger text size at 960x540,
    1280x720 and 1920x1080, all slow but ``quick``."""
    cases = [(size, 100) for size in sizes] + LARGER_TEXT
    return [pytest.param(size, text_size, marks=() if (size, text_size) == quick else pytest.mark.slow,
                         id=f"{size[0]}x{size[1]}-{text_size}%") for size, text_size in cases]


def _driver(tmp_path, text_size: int = 100, **options) -> Driver:
    """A driver with the text size set as the settings screen sets it."""
    d = Driver(str(tmp_path), **options)
    if text_size != 100:
        d.app.update_settings(text_size=text_size)
        d.step()
    return d


#: a panel at least this opaque hides what lies under it
HIDING_ALPHA = 225


class TextRecorder:
    """Draws each visible scene in a text log of its own (``ui/core/text_log.py``: every text drawn,
    from ``draw_text`` or from a table widget's picture, with its rectangle and type size; every
    panel and veil with its opacity), keeping what each scene covers (an opaque panel, a full veil)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch | None = None) -> None:
        self.texts: list[tuple[str, pygame.Rect, int]] = []
        self.covers: list[pygame.Rect] = []

    def _draw(self, draw, app=None) -> None:
        log = TextLog()
        with recording(log):
            draw()
        self.texts = [(drawn.text, drawn.rect, drawn.px) for drawn in log.texts]
        self.covers = [rect for rect, alpha in log.covers if alpha >= HIDING_ALPHA]
        if app is not None:  # the frame's log, where the toast looks for room
            app.texts.extend(log)

    def frame(self, d: Driver) -> list[list[tuple[str, pygame.Rect, int]]]:
        """The texts of each visible scene, bottom first (an overlay covers what is below it, so
        texts are compared within one scene; the confirmation toast with the top scene)."""
        return [layer for layer, _ in self.stack(d)[0][:-1]] + [self._top_with_toast]

    def stack(self, d: Driver):
        """Each visible scene's texts and covers, bottom first, and the toast's texts on top (placed
        clear of the texts of the scenes drawn just before it)."""
        layers = []
        d.app.texts.clear()
        for scene in d.app.stack.visible():
            self._draw(lambda scene=scene: scene.draw(d.app.screen), d.app)
            layers.append((self.texts, self.covers))
        self._draw(d.app.draw_toast)
        self._top_with_toast = layers[-1][0] + self.texts
        return layers, self.texts


def _check_layers(layers, toast, size, where, room: bool = True) -> None:
    """No text of a lower scene shows under a text of a scene above it, unless a scene between
    (or the upper scene itself) hides it under an opaque panel; and the toast, drawn over all,
    over no scene's title (its largest text) that shows, and over no text at all where the scene
    leaves it room."""

    def hidden(rect, above) -> bool:  # where the two texts meet, a scene between hides the lower one
        return any(cover.contains(rect) for _, covers in above for cover in covers)

    for i, (texts, _) in enumerate(layers):
        for j in range(i + 1, len(layers)):
            for a, ra, _ in texts:
                for b, rb, _ in layers[j][0]:
                    if ra.colliderect(rb) and not hidden(ra.clip(rb), layers[i + 1:j + 1]):
                        pytest.fail(f"{where}: {a!r} {ra} shows under {b!r} {rb} of the scene above at {size}")
        title = max((px for _, _, px in texts), default=0)
        for a, ra, px in texts:
            for b, rb, _ in toast:
                if ra.colliderect(rb) and not hidden(ra.clip(rb), layers[i + 1:]) and (px == title or room):
                    pytest.fail(f"{where}: the toast {b!r} {rb} lies over {a!r} {ra} at {size}")


_GLYPHS: dict[str, bool] = {}


def _has_glyph(char: str) -> bool:
    """Whether the game's typeface draws ``char`` (a missing one comes out as the same empty box)."""
    if char not in _GLYPHS:
        font = typeface(30, bold=True)
        missing = pygame.image.tobytes(font.render("\u4e00", True, (0, 0, 0)), "RGBA")
        _GLYPHS[char] = pygame.image.tobytes(font.render(char, True, (0, 0, 0)), "RGBA") != missing
    return _GLYPHS[char]


def _check(texts, size, where):
    window = pygame.Rect(0, 0, *size)
    for text, _, _ in texts:
        boxes = [c for c in set(text) if not c.isspace() and not _has_glyph(c)]
        assert not boxes, f"{where}: {text!r} has characters the font draws as boxes: {boxes}"
    for text, rect, _ in texts:
        assert window.contains(rect), f"{where}: {text!r} leaves the window at {size} ({rect})"
    if "settings" in where:  # a row's note wraps: none is cut short (the reasons' helps were, at 960x540)
        cut = [text for text, _, _ in texts if text.endswith("…")]
        assert not cut, f"{where}: cut at {size}: {cut}"
    for (a, ra, _), (b, rb, _) in itertools.combinations(texts, 2):
        if ra.colliderect(rb):
            pytest.fail(f"{where}: {a!r} {ra} overlaps {b!r} {rb} at {size}")
    if size == (1280, 720):
        small = [(t, px) for t, _, px in texts if px < 14]
        assert not small, f"{where}: text under 14 px at 1280x720: {small}"


def _check_sheet(d: Driver, texts, size, where) -> None:
    """The score sheet on top: every column of its sides there (under its header, full or short),
    each as wide as its widest text, none overlapping another, all inside the panel."""
    sheet = d.app.stack.top
    if not isinstance(sheet, ScoreSheetScene):
        return
    sides = sheet.state.sides
    columns = columns_for(len(sides))  # every column, from 1280x720 up in every mode (cutthroat's had
    # no Contract, Bags or Bags held at any size)
    if len(sides) >= 3 and size[0] < 1280:  # three or four sides at 960x540: fewer (the summary has the rest)
        assert sheet._laid_out is not None
        columns = sheet._laid_out[1].columns
        assert columns in (columns_for(len(sides)), *FEWER), f"{where}: columns {columns} at {size}"
    drawn = [text for text, _, _ in texts]
    for column in columns:
        found = sum(drawn.count(h) for h in {column, SHORT_HEADERS.get(column, column)})
        assert found >= len(sides), f"{where}: the score sheet's {column!r} column is missing at {size}"
    spans = sheet.column_spans
    assert sorted((side, c) for side, c, _ in spans) == sorted(
        [("", NUMBER_HEADER)] + [(side, c) for side in sides for c in columns]), f"{where}: columns at {size}"
    for (_, a, ra), (_, b, rb) in itertools.combinations(spans, 2):
        assert ra.right <= rb.left or rb.right <= ra.left, f"{where}: {a!r} overlaps {b!r} at {size}"
    for text, rect, _ in texts:
        assert sheet.panel.contains(rect), f"{where}: {text!r} leaves the score sheet's panel at {size}"
    for side, column, span in spans:  # sized from its texts: the widest of them fills it
        inside = [rect for _, rect, _ in texts if span.contains(rect)]
        widest = max(r.w for r in inside)
        # as wide as its widest text: of the rows on screen none is wider (the widest may be scrolled away)
        assert widest <= span.w, f"{where}: {side} {column!r} at {size}"
        if column != "Nil":  # numbers line up on the right
            assert {r.right for r in inside} == {span.right}, f"{where}: {side} {column!r} at {size}"
    table = pygame.Rect(spans[0][2].left, spans[0][2].top, spans[-1][2].right - spans[0][2].left, spans[0][2].h)
    for text, rect, _ in texts:  # every text of the table is in a column
        if table.colliderect(rect):
            assert sum(span.contains(rect) for _, _, span in spans) == 1, f"{where}: {text!r} at {size}"


def _how_to_play_pages(d: Driver, where: str = "how to play"):
    """Every page of How to play, turned by the next-page key, yielding a name for each on screen."""
    help_scene = d.app.stack.top
    assert type(help_scene).__name__ == "HelpScene"
    for n, page in enumerate(help_scene.pages):
        if n:
            d.press(Intent.PAGE_NEXT, Context.HELP)
        assert help_scene.page == n
        yield f"{where}: page {n + 1}, {page.title}"


def _scenes(d: Driver):
    """Walk the scenes a player meets, yielding a name for each once it is on screen."""
    app = d.app
    table = d.table
    assert d.wait_for_person() == "act"
    yield "table: bidding"
    d.press(Intent.HINT)
    yield "table: the bid hint explained"
    d.act_once()
    for _ in range(8):
        assert d.wait_for_person() == "act"
        if table.ctl.state.phase.value == "play":
            break
        d.act_once()
    yield "table: play"
    d.press(Intent.MENU)
    yield "pause"
    app.stack.push(app.scenes.help(table.ctl.state.rules))
    yield from _how_to_play_pages(d)
    d.press(Intent.CLOSE, Context.HELP)
    app.stack.push(app.scenes.save_name(table.ctl.state, table.session.game_id))
    yield "save name"
    app.stack.pop()
    app.stack.pop()
    assert d.play_until(lambda t: t.modal is not None)  # the hand's summary, on screen
    yield "hand summary"
    d.press(Intent.SCORE_SHEET, Context.HAND_SUMMARY)
    yield "score sheet"
    d.press(Intent.REPLAY_HAND, Context.SCORE_SHEET)
    yield "hand replay"
    d.press(Intent.STEP_FORWARD, Context.REPLAY)
    yield "hand replay: first trick"
    d.press(Intent.CLOSE, Context.REPLAY)
    d.press(Intent.CLOSE, Context.OVERLAY)
    d.press(Intent.ACTIVATE, Context.FOCUSED)
    # a trick of this hand done (the last-trick key at the blind-nil question shows the cards instead)
    assert d.play_until(lambda t: t.ctl.state.phase.value == "play" and bool(t.view.last_trick) and t.modal is None)
    assert d.wait_for_person() == "act"
    d.press(Intent.LAST_TRICK)
    assert type(app.stack.top).__name__ == "LastTrickScene"
    yield "last trick"
    d.press(Intent.CLOSE, Context.OVERLAY)
    d.press(Intent.MENU)
    d.click_button("hand_history")
    yield "hand history"
    d.press(Intent.CLOSE, Context.OVERLAY)  # any key closes it, back to the pause menu
    d.press(Intent.BACK, Context.SCREEN)
    d.play_hands(50)
    assert type(table.modal).__name__ == "GameOverScene"
    d.step()
    yield "game over"
    d.press(Intent.REVIEW, Context.GAME_OVER)
    d.step(3)
    yield "game review, under way"
    d.press(Intent.REPLAY_HANDS, Context.GAME_REVIEW)
    yield "the review's replay"
    d.press(Intent.NEXT_HAND, Context.REPLAY)
    d.press(Intent.STEP_FORWARD, Context.REPLAY)
    yield "the review's replay: the second hand"
    d.press(Intent.CLOSE, Context.REPLAY)
    d.press(Intent.DUPLICATE, Context.GAME_REVIEW)
    d.step(2)
    yield "against the computer, under way"
    d.press(Intent.BACK, Context.SCREEN)
    d.press(Intent.BACK, Context.SCREEN)
    app.to_title()
    d.step()
    yield "title"
    app.stack.push(app.scenes.abandon(lambda: None, SessionMode.PLAY.traits))
    yield "abandon"
    app.stack.pop()
    app.stack.push(app.scenes.abandon(lambda: None, SessionMode.READ_ONLY.traits))
    yield "abandon, in a second copy"
    app.stack.pop()
    app.stack.push(app.scenes.statistics())
    yield "statistics"
    app.stack.pop()
    app.stack.push(app.scenes.load())
    yield "load"
    app.stack.pop()
    app.open_settings()
    settings = app.stack.top
    for _ in range(len(settings_scene.GROUPS)):
        yield f"settings: {settings_scene.GROUPS[settings.section]}"
        d.press(Intent.NEXT_SECTION, Context.SETTINGS)
    # an auction's rules: the variants' rows greyed out, each with its reason and help (cut at 960x540)
    settings.choices.store_rules(preset("auction").with_changes(deck="jokers", bidding="whiz", nil_exchange=2))
    for _ in range(len(settings.rows())):
        d.press(Intent.SCROLL_DOWN, Context.SETTINGS)
        yield f"settings: auction rules, row {settings.focus}"
    d.press(Intent.SEARCH, Context.SETTINGS)
    d.type_text("nil")
    yield "settings: a search typed"
    d.press(Intent.SUBMIT, Context.SETTINGS_SEARCH)
    yield "settings: a search's rows"


@pytest.mark.parametrize(("size", "text_size"), _cases(SIZES, quick=((960, 540), 150)))
def test_no_text_overlaps_or_leaves_the_window(tmp_path, monkeypatch, size, text_size):
    recorder = TextRecorder(monkeypatch)
    rules = {**preset("standard").to_dict(), "target_score": 100}
    d = _driver(tmp_path, text_size, rules=rules, seed=11, size=size)
    d.app.saves.save("A game with a long name to list", d.table.ctl.state)
    for where in _scenes(d):
        d.step()
        for layer in recorder.frame(d):
            _check(layer, size, where)
        _check_sheet(d, layer, size, where)
        layers, toast = recorder.stack(d)
        _check_layers(layers, toast, size, where)
        _check_buttons_in_their_panels(d, layers, size, where)


def _check_buttons_in_their_panels(d: Driver, layers, size, where) -> None:
    """An overlay (a menu, a question, a summary over the table) keeps every button inside its panel:
    a button outside it would float over the table."""
    for scene, (_, covers) in zip(d.app.stack.visible(), layers, strict=True):
        group = getattr(scene, "group", None)
        if group is None or not scene.overlay or not covers:
            continue
        for button in group.buttons:
            if button.rect.w and not any(cover.contains(button.rect) for cover in covers):
                pytest.fail(f"{where}: the button {button.label!r} {button.rect} lies outside its panel at {size}")


#: the longest toast the game says (a save that failed), over every scene
LONG_TOAST = ("Could not save: the disk is full. Your game is kept in memory; free space and it will save "
              "again")


# the toast's places are fractions of the window: 4K adds time (8 s), not a case (the walk above has it)
@pytest.mark.slow
@pytest.mark.parametrize(("size", "text_size"), [(size, 100) for size in SIZES[:3]] + [(SIZES[0], 150)])
def test_a_toast_lies_over_no_text_of_any_scene(tmp_path, monkeypatch, size, text_size):
    recorder = TextRecorder(monkeypatch)
    rules = {**preset("standard").to_dict(), "target_score": 100}
    d = _driver(tmp_path, text_size, rules=rules, seed=11, size=size)
    for where in _scenes(d):
        d.app.toast.text, d.app.toast.time = LONG_TOAST, 60.0
        if d.table is not None:  # and the table's own message, under whatever is above it
            d.table.flash("Spades are not broken", 60.0)
        d.step()
        # a screen of rows, or of charts, top to bottom: no place is bare; at a larger text size How to
        # play's pages too may leave none (the toast then covers the least, and never the title)
        room = not where.startswith(("settings", "statistics")) and text_size == 100
        _check_layers(*recorder.stack(d), size, where, room)


@pytest.mark.slow
@pytest.mark.parametrize(("size", "text_size"), [(size, 100) for size in SIZES] + [(SIZES[0], 150), (SIZES[1], 150)])
@pytest.mark.parametrize("mode", ["standard", "three_player", "cutthroat"])
def test_the_score_sheet_of_a_long_game_keeps_its_columns(tmp_path, monkeypatch, size, text_size, mode):
    """Fourteen hands with nils, bags and penalties: every column (short headers where the full ones
    leave too little room), each as wide as its texts, scrolled to either end by the keys."""
    state = GameState.new_game(preset(mode).with_changes(target_score=1000), 5)[0]
    players = {s: ComputerPlayer(Level.NORMAL, seed=int(s)) for s in state.seats}
    while len(state.hand_history) < 14 and not state.is_terminal():
        state.apply(players[state.turn].decide(state.view(state.turn)))
    recorder = TextRecorder(monkeypatch)
    d = _driver(tmp_path, text_size, rules=mode, seed=3, size=size)
    d.app.stack.push(d.app.scenes.score_sheet(state))
    for intent in (None, Intent.FIRST, Intent.LAST):
        if intent is not None:
            d.press(intent, Context.LIST)
        d.step()
        layer = recorder.frame(d)[-1]
        _check(layer, size, f"{mode}: score sheet")
        _check_sheet(d, layer, size, f"{mode}: score sheet")
    lay = d.app.stack.top._laid_out[1]  # each column as wide as the widest of all its texts, scrolled or not
    for c, column in enumerate(lay.columns):
        face = lay.bold if column == "Score" else lay.font
        texts = [face.render(row.cells[side][c], True, (0, 0, 0)).get_width()
                 for row in lay.rows for side in d.app.stack.top.state.sides if row.cells[side][c]]
        header = lay.bold.render(lay.headers[c], True, (0, 0, 0)).get_width()
        assert lay.widths[c] == max([header, *texts]) or column == "Nil", f"{mode}: {column} at {size}"


# the smallest window (most crowded), 1920x1080 and 4K; 1280x720 lies between and is walked in standard
# at 100% (at the larger text sizes, every mode at all three sizes)
@pytest.mark.parametrize(("size", "text_size"), _cases([SIZES[0], SIZES[2], SIZES[3]]))
@pytest.mark.parametrize("mode", ["two_player", "cutthroat", "auction"])
def test_no_text_overlaps_at_the_table_in_every_mode(tmp_path, monkeypatch, size, text_size, mode):
    recorder = TextRecorder(monkeypatch)
    d = _driver(tmp_path, text_size, rules=mode, seed=6, size=size)

    def check(phase) -> None:
        d.step()
        for layer in recorder.frame(d):
            _check(layer, size, f"{mode}: {phase.value}")

    assert len(_each_new_phase(d, check, 40)) >= 2


def _each_new_phase(d: Driver, on_new_phase, turns: int) -> set:
    """Play the person's turns until a modal opens; call ``on_new_phase`` the first time each
    phase comes to the person.  Returns the phases seen."""
    seen = set()
    for _ in range(turns):
        assert d.wait_for_person() in ("act", "modal")
        if d.table.modal is not None:
            break
        phase = d.table.ctl.state.phase
        if phase not in seen:
            seen.add(phase)
            on_new_phase(phase)
        d.act_once()
    return seen


VARIANTS = {
    "three_player": "three_player",
    "jokers_mirror": {"deck": "jokers", "bidding": "mirror"},
    "deuces_suicide_exchange": {"deck": "jokers_deuces", "bidding": "suicide", "nil_exchange": 2},
    "three_jokers_whiz": {"mode": "three_player", "deck": "jokers", "bidding": "whiz"},
}


# every variant at the smallest window (where text is most crowded) and at 1920x1080, and the one with
# the most to say (three players, jokers, whiz) at 1280x720 and 4K as well: each 4K walk costs 3-4 s,
# and text scales with the window, so the middle sizes add little for the others
VARIANT_CASES = [(variant, size, 100) for variant in VARIANTS for size in (SIZES[0], SIZES[2])] + [
    ("three_jokers_whiz", SIZES[1], 100), ("three_jokers_whiz", SIZES[3], 100)] + [
    (variant, SIZES[0], 150) for variant in VARIANTS]  # (the largest text where it is most crowded)


@pytest.mark.slow
@pytest.mark.parametrize(("variant", "size", "text_size"), VARIANT_CASES)
def test_no_text_overlaps_in_the_variants(tmp_path, monkeypatch, size, variant, text_size):
    """Every phase of a variant's hand (forced bids, the nil exchange, 17-card hands), How to play,
    the hand summary and the score sheet, and the house rules with the variant rows."""
    recorder = TextRecorder(monkeypatch)
    d = _driver(tmp_path, text_size, rules=VARIANTS[variant], seed=4, size=size)
    app = d.app

    def check(where: str) -> None:
        d.step()
        for layer in recorder.frame(d):
            _check(layer, size, f"{variant}: {where}")
        _check_sheet(d, layer, size, f"{variant}: {where}")

    def check_phase(phase) -> None:
        check(phase.value)
        if phase.value == "bidding":
            d.press(Intent.HINT)
            check("the bid hint")

    assert len(_each_new_phase(d, check_phase, 60)) >= 2
    assert d.play_until(lambda t: t.modal is not None)
    check("hand summary")
    d.press(Intent.SCORE_SHEET, Context.HAND_SUMMARY)
    check("score sheet")
    d.press(Intent.CLOSE, Context.OVERLAY)
    d.press(Intent.ACTIVATE, Context.FOCUSED)
    app.stack.push(app.scenes.help(d.table.ctl.state.rules))
    for where in _how_to_play_pages(d):
        check(where)
    d.press(Intent.CLOSE, Context.HELP)
    app.open_settings()
    check("settings: house rules")
    settings = app.stack.top
    settings.choices.store_rules(preset("two_player").with_changes(nil_exchange=2, deck="jokers"))
    for _ in range(len(settings.rows()) + 1):
        d.press(Intent.SCROLL_DOWN, Context.SETTINGS)
        check(f"settings: house rules, row {settings.focus}")


@pytest.mark.slow
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_a_dialog_over_the_pause_menu_hides_the_menu(tmp_path, monkeypatch, size):
    """The save dialog (and the quit question) stand in for the pause menu: only the table shows
    round them, veiled; no button of the menu peeks round the dialog's panel."""
    recorder = TextRecorder(monkeypatch)
    d = Driver(str(tmp_path), rules="standard", seed=11, size=size)
    assert d.wait_for_person() == "act"
    d.press(Intent.MENU)
    d.click_button("save")
    layers, _ = recorder.stack(d)
    assert [type(s).__name__ for s in d.app.stack.visible()] == ["TableScene", "SaveNameScene"]
    drawn = [text for texts, _ in layers for text, _, _ in texts]
    assert "Resume" not in drawn and "Paused" not in drawn and "Save game" in drawn
    d.press(Intent.CANCEL, Context.TEXT_FORM)  # back to the menu, whole again
    assert [type(s).__name__ for s in d.app.stack.visible()] == ["TableScene", "PauseScene"]


@pytest.mark.slow
@pytest.mark.parametrize("size", SIZES)
def test_norths_hand_shown_in_watch_mode_is_whole_and_clear_of_its_plate(tmp_path, size):
    d = Driver(str(tmp_path), rules="standard", seed=3, size=size)
    d.app.watch_game()
    table = d.table
    assert table.watching
    if not table.show_all_hands:
        d.press(Intent.SHOW_HANDS, Context.WATCH)
    d.step(120)
    table = d.table
    d.app.redraw_all()
    d.step()
    hand, plate = table.painter.north_hand_rect, table.painter.plate_rects[Seat.N]
    assert hand is not None and pygame.Rect((0, 0), size).contains(hand), (hand, size)
    assert not hand.colliderect(plate), f"North's cards {hand} under its plate {plate} at {size}"
    assert hand.h >= size[1] * 0.08, "the cards stay large enough to read"


@pytest.mark.slow
@pytest.mark.parametrize("size", [(960, 540), (1280, 720), (1920, 1080)])
def test_the_auctions_trump_badge_shows_from_the_moment_trump_is_named(tmp_path, size):
    """The message that names trump once hid the badge for its seconds; now the badge steps below
    it, clear of every plate."""
    d = Driver(str(tmp_path), rules="auction", seed=4, size=size)
    table = d.table
    assert d.play_until(lambda t: t.ctl.state.phase.value == "play")  # trump named this moment
    for _ in range(90):  # the next second and a half: the message is up, the badge with it
        d.app.redraw_all()
        d.step()
        badge = table.painter.badge_rect
        assert badge is not None and table.summary().trump == table.ctl.state.trump
        if table.message:
            assert not badge.colliderect(table.painter.message_box(table.message)[0])
        assert not any(badge.colliderect(plate) for plate in table.painter.plate_rects.values())


def test_the_walk_finds_a_table_text_drawn_over_another(tmp_path, monkeypatch):
    """The texts a table widget drew into its cached picture are in every frame's log, where they
    lie in the window: a message moved onto the scoreboard is caught, frames after it was drawn."""
    from spades_desktop.ui.table.widgets.notes import Message

    size = (1280, 720)
    d = Driver(str(tmp_path), seed=6, size=size)
    table = d.table
    assert table is not None
    d.step(20)
    recorder = TextRecorder()
    for layer in recorder.frame(d):
        _check(layer, size, "the table as it is")
    board = table.painter.scoreboard_rect
    monkeypatch.setattr(Message, "place", lambda self, message, font=None: (pygame.Rect(board.topleft, (300, 60)), 280))
    table.paused = True  # nothing else moves or speaks meanwhile (as a watched game's pause)
    table.flash("Over the scoreboard")
    d.step(3)  # drawn once into its picture, then shown from it
    renders = table.painter.message.renders
    d.step(3)
    assert table.painter.message.renders == renders, "the message was not drawn again"
    with pytest.raises(pytest.fail.Exception, match="overlaps"):
        for layer in recorder.frame(d):
            _check(layer, size, "a message over the scoreboard")


@pytest.mark.parametrize("size", [(960, 540), (1280, 720), (1920, 1080)])
def test_a_message_lies_between_norths_plate_and_norths_card_not_over_the_card(tmp_path, size):
    """The hint's words lay over the top of North's card in the trick at 1280x720 (the message's
    type did not fit the room between the plate and the card): now a smaller type fits there.  At
    960x540 even the smallest did not (26 px for a 35 px panel): there it goes beside the card."""
    from spades_desktop.engine.seats import Seat
    from spades_desktop.engine.state import Phase

    d = Driver(str(tmp_path), seed=5, size=size)
    d.wait_for_person()  # the person's bid: the choice panel is up
    table = d.table
    lay = table.layout
    cards = []
    for seat in Seat:
        spot = pygame.Rect(0, 0, lay.card_w, lay.card_h)
        spot.center = (int(lay.trick_spot(seat)[0]), int(lay.trick_spot(seat)[1]))
        cards.append(spot)
    words = ("Hint: AS: 1 · AC KC with 4: 1.5, so bid 3", "North names diamonds",
             "Checker: bidding 2 was better than 3, about 13 points")

    def check(cards_there: list[pygame.Rect]) -> None:
        plates = [plate for plate in table.painter.plate_rects.values() if plate is not None]
        for said in words:
            rect = table.painter.message_box(said)[0]
            assert rect.collidelist(cards_there) < 0 and rect.collidelist(plates) < 0, (said, rect)
            assert not rect.colliderect(table.painter.scoreboard_rect), said
            assert pygame.Rect((0, 0), size).contains(rect), said
            panel = table.panel.frame_rect
            assert panel is None or not rect.colliderect(panel), (said, rect, panel)

    # while the panel is up the trick is empty; at 1280x720 and up the message keeps off North's
    # place in it all the same
    check([] if size == (960, 540) else [cards[Seat.N]])
    d.bid(2)
    assert d.play_until(lambda t: t.ctl.state.phase is Phase.PLAY and t.ctl.human_turn() and t.settled)
    check(cards)
