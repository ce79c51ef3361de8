"""How to play in pages (issue 25 item 4): the pages' text for the rules in force (no pygame), and the
screen driven with real events: the contents, the arrows, the wheel, the keys that close it, and the
pictures drawn from the app's own card art, once per size, beside no text."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import threading

import pygame
import pytest

from spades_desktop.engine.cards import BIG_JOKER, HIGH_TWO_OF_DIAMONDS, SUIT_OF
from spades_desktop.engine.decks import deck_for
from spades_desktop.engine.presets import PRESETS
from spades_desktop.engine.rule_spec import Topic
from spades_desktop.engine.rule_table import RULE_SPECS
from spades_desktop.engine.rules import HouseRules, preset
from spades_desktop.engine.seats import Seat
from spades_desktop.ui.core.keymap import KEYMAP, Binding, Context, Intent, label_of
from spades_desktop.ui.text.how_to_play import (
    PAGE_TOPICS,
    PLAY_LINES,
    PageKind,
    example_bids,
    example_hand,
    example_score,
    example_trick,
    lead_words,
    pages,
    paragraphs,
    plate_detail,
    rules_in_force,
    rules_text,
    trick_caption,
    trump_order,
    trumps_caption,
)
from spades_desktop.ui.text.key_help import help_page_hint, how_to_play_keys

#: rules that change what How to play says: every preset, and the variants with their own lines
RULE_SETS = [preset(p.name) for p in PRESETS] + [
    HouseRules(deck="jokers_deuces", bidding="suicide", nil_exchange=2),
    HouseRules(mode="three_player", deck="jokers", bidding="whiz"),
    HouseRules(bidding="mirror", blind_nil_exchange=2, all_tricks_bonus=250, losing_score=-300),
    HouseRules(mode="two_player", nil_allowed=False, undo="unlimited"),
]


def _page(rules: HouseRules, kind: PageKind):
    return next(page for page in pages(rules) if page.kind is kind)


# ---------------------------------------------------------------------------- the text, no pygame
def test_the_pages_go_as_the_game_goes_and_tell_only_the_mode_in_force():
    assert [page.title for page in pages(preset("standard"))] == [
        "The deal", "Bidding and nil", "Play and trumps", "Scoring and bags", "House rules", "Keys"]
    assert [page.kind for page in pages(preset("standard"))] == list(PageKind)
    auction = pages(preset("auction"))
    assert [page.title for page in auction[:2]] == ["The deal and the auction", "The contract"]
    assert any("bids more than the last bid" in line for line in auction[0].lines)
    assert not any("auction" in line.lower() for page in pages(preset("standard"))[:4] for line in page.lines)
    assert pages(preset("two_player"))[0].title == "The draw"
    assert "Nil (take no trick): +/-100. Blind nil, before seeing your cards: +/-200." in _page(
        preset("standard"), PageKind.BIDDING).lines
    assert not any("Nil (take" in line for page in auction for line in page.lines)


@pytest.mark.parametrize("rules", RULE_SETS, ids=lambda r: f"{r.mode}-{r.deck}-{r.bidding}")
def test_every_line_of_the_single_text_is_on_a_page(rules):
    """Nothing How to play said as one text is lost in the pages."""
    shown = {line for page in pages(rules) for line in page.lines}
    missing = [line for line in rules_text(rules) if line not in shown]
    assert not missing, missing


def test_the_single_text_is_what_it_was():
    """``rules_text`` is kept for the screens and tests that read it; its key lines come last."""
    text = rules_text(preset("standard"))
    assert text[:3] == ["Four players in two sides: you (South) and North against East and West.", *PLAY_LINES]
    assert text[-3].startswith("Claim: when your side must take every trick left, C (or the Claim chip)")
    assert text[-1].startswith("Play checker (Settings, Gameplay; or C in the pause menu")


def test_every_topic_of_the_rule_table_is_told_on_one_page():
    told = [topic for topics in PAGE_TOPICS.values() for topic in topics]
    assert sorted(told) == sorted(Topic), "a topic on no page (or on two) would lose or repeat its rules' lines"


@pytest.mark.parametrize("rules", RULE_SETS, ids=lambda r: f"{r.mode}-{r.deck}-{r.bidding}")
def test_each_rules_lines_are_on_the_page_of_its_topic(rules):
    by_topic = {topic: kind for kind, topics in PAGE_TOPICS.items() for topic in topics}
    for spec in RULE_SPECS:
        if spec.explain is None:
            continue
        page = _page(rules, by_topic[spec.topic])
        for line in spec.explain(rules):
            assert line in page.lines, (spec.key, line, page.title)


def test_the_house_rules_page_lists_the_rules_in_force_and_follows_a_change():
    standard = _page(preset("standard"), PageKind.HOUSE_RULES)
    rows = dict(standard.rows)
    assert rows["Target score"] == "500" and rows["Nil value"] == "100" and rows["Undo"] == "Last own card"
    assert standard.heading == "House rules: Standard"
    assert list(standard.rows) == rules_in_force(preset("standard"))
    changed = _page(preset("standard").with_changes(target_score=300, bag_limit=7), PageKind.HOUSE_RULES)
    assert dict(changed.rows)["Target score"] == "300" and dict(changed.rows)["Bag limit"] == "7"
    assert changed.heading == "House rules: Custom"
    # a rule another one turns off is not listed: no nil value without nil, no nil at all in an auction
    no_nil = dict(_page(preset("standard").with_changes(nil_allowed=False), PageKind.HOUSE_RULES).rows)
    assert "Nil value" not in no_nil and "Blind nil value" not in no_nil and no_nil["Nil allowed"] == "Off"
    auction = dict(_page(preset("auction"), PageKind.HOUSE_RULES).rows)
    assert auction["Mode"] == "Auction" and "Nil allowed" not in auction and "First lead" not in auction
    for rules in RULE_SETS:
        listed = {label for label, _ in _page(rules, PageKind.HOUSE_RULES).rows}
        assert listed == {spec.label for spec in RULE_SPECS if not spec.reason(rules)}


def test_the_keys_page_is_the_keymaps(monkeypatch):
    for rules in (preset("standard"), preset("auction"), preset("two_player")):
        keys = _page(rules, PageKind.KEYS)
        auction, draw = rules.mode == "auction", rules.mode == "two_player"
        assert all(line in keys.lines for line in how_to_play_keys(auction=auction, draw=draw))
        text = " ".join(keys.lines)
        for binding in KEYMAP[Context.TABLE]:
            assert f"{binding.label} {binding.intent.value}" in text, binding
        assert f"{label_of(Intent.HOW_TO_PLAY, Context.TITLE)} on the title screen" in text
    # a key changed in the keymap changes the page and the hint under it
    table = tuple(Binding(("k",), b.intent) if b.intent is Intent.SCORE_SHEET else b for b in KEYMAP[Context.TABLE])
    monkeypatch.setitem(KEYMAP, Context.TABLE, table)
    helping = tuple(Binding(("q",), b.intent) if b.intent is Intent.CLOSE else b for b in KEYMAP[Context.HELP])
    monkeypatch.setitem(KEYMAP, Context.HELP, helping)
    text = " ".join(_page(preset("standard"), PageKind.KEYS).lines)
    assert "K score sheet" in text and "S score sheet" not in text and "Q closes" in text
    assert help_page_hint() == "← → or the mouse wheel turn the page · Q closes"


def test_the_hint_under_the_pages_names_the_keymaps_keys():
    assert help_page_hint() == "← → or the mouse wheel turn the page · Esc closes"


def test_a_sentence_broken_over_two_lines_is_one_paragraph():
    assert paragraphs(PLAY_LINES) == [" ".join(PLAY_LINES)]
    assert paragraphs(["One.", "Two,", "three.", "Four"]) == ["One.", "Two, three.", "Four"]


def test_a_paragraph_named_before_a_colon_shows_its_name_apart():
    assert lead_words("Keys: Esc menu, Ctrl+Z undo.") == "Keys:"
    assert lead_words("Watching a game: F show or hide every hand.") == "Watching a game:"
    assert lead_words("Four players in two sides: you (South) and North.") == ""  # a sentence, not a name
    assert lead_words("Nil (take no trick): +/-100.") == "Nil"
    assert lead_words("Play checker (Settings, Gameplay): the hard level says so.") == "Play checker"
    assert lead_words("Spades may be led at any time (after the first trick).") == ""
    assert lead_words("Two players. No deal: take turns drawing") == ""
    assert lead_words("Follow the suit led if you can.") == ""
    named = [lead_words(p) for page in pages(preset("standard")) for p in paragraphs(page.lines)]
    assert {"Keys:", "Bid:", "Claim:", "Score sheet:", "How to play:", "Play checker"} <= set(named)


@pytest.mark.parametrize("rules", RULE_SETS, ids=lambda r: f"{r.mode}-{r.deck}-{r.bidding}")
def test_the_pictures_show_the_game_the_rules_make(rules):
    hand = example_hand(rules)
    deck = deck_for(rules.deck_in_force, rules.mode)
    assert len(set(hand)) == len(hand) == rules.tricks_per_hand and set(hand) <= set(deck.cards)
    if rules.deck_in_force == "jokers":
        assert BIG_JOKER in hand
    if rules.deck_in_force == "jokers_deuces":
        assert HIGH_TWO_OF_DIAMONDS in hand
    trick = example_trick(rules)
    seats = [seat for seat, _ in trick.cards]
    assert sorted(seats) == sorted(s for s in Seat if s in {"two_player": (Seat.N, Seat.S), "three_player": (
        Seat.N, Seat.S, Seat.W)}.get(rules.mode, tuple(Seat)))
    led = SUIT_OF[trick.cards[0][1]]
    trumps = [(card, seat) for seat, card in trick.cards if SUIT_OF[card] == 3]
    winner = max(trumps)[1] if trumps else max((c, s) for s, c in trick.cards if SUIT_OF[c] == led)[1]
    assert winner == trick.winner == Seat.N and trick.leader == seats[0]
    bids = dict(example_bids(rules))
    assert sorted(bids) == sorted(seats), "a plate at every seat of the mode"
    if rules.mode == "auction":
        assert sorted(bids.values()) == ["", "7", "8", "Pass"]
    else:
        assert "4" in bids.values() and ("Nil" in bids.values()) == rules.nil_possible
    order = trump_order(rules)
    assert order == sorted(order, reverse=True) and all(SUIT_OF[card] == 3 for card in order)


def test_the_pictures_words_are_the_tables():
    assert plate_detail("4") == "bid 4  ·  tricks 0" and plate_detail("Nil") == "bid nil  ·  tricks 0"
    assert plate_detail("Pass") == "passed  ·  tricks 0" and plate_detail("") == "your bid"
    assert trumps_caption(preset("standard")) == "Trumps, from the top:"
    assert "if named trump" in trumps_caption(preset("auction")), "an auction may name another suit"
    assert trick_caption(preset("standard"), lambda seat: {Seat.N: "Ann"}.get(seat, "?")) == (
        "Ann wins: a trump beats the hearts")


def test_the_score_line_is_the_engines():
    standard = example_score(preset("standard"))
    assert standard.headers == ("Bid", "Won", "Contract", "Bags", "Hand", "Score")
    assert standard.rows == (("4", "5", "+40", "1", "+41", "41"), ("4", "3", "-40", "", "-40", "1"))
    assert standard.captions[0] == "Bid 4, won 5: 40 for the contract and 1 for the bag."
    assert example_score(preset("auction")).rows[0] == ("8", "9", "+80", "1", "+81", "81")
    assert example_score(preset("auction")).side == "NS" and example_score(preset("cutthroat")).side == "S"


# ---------------------------------------------------------------------------- the screen, real events
from spades_desktop.ui.screens import help as help_screen  # noqa: E402
from spades_desktop.ui.screens.help import HelpScene  # noqa: E402
from tests.ui_driver import Driver  # noqa: E402


class Drawn:
    """The texts How to play draws, with where, frame by frame."""

    def __init__(self, d: Driver, monkeypatch: pytest.MonkeyPatch) -> None:
        self.d = d
        self.texts: list[tuple[str, pygame.Rect]] = []
        original = help_screen.draw_text

        def recording(surface, font, text, colour, **anchor):
            rect = original(surface, font, text, colour, **anchor)
            self.texts.append((text, rect))
            return rect

        monkeypatch.setattr(help_screen, "draw_text", recording)

    def frame(self) -> list[str]:
        self.texts = []
        self.d.app.redraw_all()
        self.d.step()
        return [text for text, _ in self.texts]


def _open_from_the_title(tmp_path, size=(1280, 720), rules="standard") -> Driver:
    d = Driver(str(tmp_path), rules=rules, seed=3, size=size)
    d.app.to_title()
    d.step()
    d.click_button("how_to_play")
    assert isinstance(d.app.stack.top, HelpScene)
    return d


def _help(d: Driver) -> HelpScene:
    top = d.app.stack.top
    assert isinstance(top, HelpScene), type(top).__name__
    return top


def _wheel(d: Driver, y: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=y, flipped=False))
    d.step()


def test_how_to_play_opens_from_the_title_by_its_button_and_esc_closes_it(tmp_path, monkeypatch):
    d = _open_from_the_title(tmp_path)
    drawn = Drawn(d, monkeypatch).frame()
    assert "Page 1 of 6" in drawn and "The deal" in drawn and help_page_hint() in drawn
    for name in ("The deal", "Bidding and nil", "Play and trumps", "Scoring and bags", "House rules", "Keys"):
        assert name in drawn, f"the contents lack {name!r}"
    d.press(Intent.CLOSE, Context.HELP)
    assert type(d.app.stack.top).__name__ == "TitleScene"
    d.app.writer.close()


def test_the_right_arrow_turns_to_page_two(tmp_path, monkeypatch):
    d = _open_from_the_title(tmp_path)
    drawn = Drawn(d, monkeypatch)
    d.press(Intent.PAGE_NEXT, Context.HELP)
    texts = drawn.frame()
    assert _help(d).page == 1
    assert "Page 2 of 6" in texts and "Bidding and nil" in texts
    assert "4" in texts and "Nil" in texts, "the bid bubbles of the page's picture"
    assert "Page 1 of 6" not in texts
    d.app.writer.close()


@pytest.mark.slow
def test_the_mouse_wheel_turns_the_pages(tmp_path, monkeypatch):
    d = _open_from_the_title(tmp_path)
    drawn = Drawn(d, monkeypatch)
    _wheel(d, -1)  # turned toward the person: the next page
    assert _help(d).page == 1 and "Page 2 of 6" in drawn.frame()
    _wheel(d, -1)
    assert _help(d).page == 2 and "North wins: a trump beats the hearts" in drawn.frame()
    _wheel(d, 1)
    _wheel(d, 1)
    _wheel(d, 1)  # not before the first page
    assert _help(d).page == 0 and "Page 1 of 6" in drawn.frame()
    d.app.writer.close()


@pytest.mark.slow
def test_a_click_on_a_contents_entry_opens_its_page(tmp_path, monkeypatch):
    d = _open_from_the_title(tmp_path)
    drawn = Drawn(d, monkeypatch)
    d.click_button("page_scoring")
    texts = drawn.frame()
    assert _help(d).page == 3 and "Page 4 of 6" in texts
    assert "+41" in texts and "Bid 4, won 5: 40 for the contract and 1 for the bag." in texts
    d.click_button("page_keys")
    assert _help(d).page == 5 and "Page 6 of 6" in drawn.frame()
    d.click_button("page_deal")
    assert _help(d).page == 0
    d.click_button("close")
    assert type(d.app.stack.top).__name__ == "TitleScene"
    d.app.writer.close()


@pytest.mark.slow
def test_the_keys_move_in_the_contents_and_only_esc_and_h_close(tmp_path):
    d = _open_from_the_title(tmp_path)
    scene = _help(d)
    moves = [(pygame.K_DOWN, 1), (pygame.K_PAGEDOWN, 2), (pygame.K_UP, 1), (pygame.K_PAGEUP, 0), (pygame.K_LEFT, 0),
             (pygame.K_END, 5), (pygame.K_RIGHT, 5), (pygame.K_HOME, 0)]
    for key, page in moves:
        d.key(key)
        assert scene.page == page, pygame.key.name(key)
    for key in (pygame.K_a, pygame.K_SPACE, pygame.K_RETURN, pygame.K_n, pygame.K_q):  # any key closed it once
        d.key(key)
        assert d.app.stack.top is scene, f"{pygame.key.name(key)} closed How to play"
    d.press(Intent.HOW_TO_PLAY, Context.TITLE)  # the key that opened it
    assert type(d.app.stack.top).__name__ == "TitleScene"
    d.press(Intent.HOW_TO_PLAY, Context.TITLE)  # and it opens it from the title
    assert isinstance(d.app.stack.top, HelpScene)
    d.app.writer.close()


@pytest.mark.slow
def test_how_to_play_from_the_pause_menu_tells_the_tables_rules(tmp_path, monkeypatch):
    d = Driver(str(tmp_path), rules="auction", seed=3)
    assert d.wait_for_person() == "act"
    d.press(Intent.MENU)
    d.click_button("how_to_play")
    drawn = Drawn(d, monkeypatch).frame()
    assert "The deal and the auction" in drawn and "The contract" in drawn and "Bidding and nil" not in drawn
    d.press(Intent.CLOSE, Context.HELP)
    assert type(d.app.stack.top).__name__ == "PauseScene"
    d.press(Intent.HOW_TO_PLAY, Context.PAUSE)
    assert isinstance(d.app.stack.top, HelpScene)
    d.app.writer.close()


@pytest.mark.slow
def test_the_pictures_are_the_apps_own_cards_drawn_once_per_size(tmp_path, monkeypatch):
    d = _open_from_the_title(tmp_path)
    d.app.update_settings(deck_style="large_index")
    scene = _help(d)
    art = scene.art()
    assert art is d.app.card_art(scene.frame().sizes.card_width), "the app's card art, as the table's"
    faces: list[int] = []
    face = art.face
    monkeypatch.setattr(art, "face", lambda card: faces.append(card) or face(card))
    scene._pictures.clear()
    d.app.redraw_all()
    d.step()
    from spades_desktop.ui.cards.card_sprite import hand_order

    assert faces == hand_order(example_hand(preset("standard")), 3), "the hand sorted as the table sorts it"
    first = scene.picture(0)
    d.app.redraw_all()
    d.step(3)
    assert scene.picture(0) is first, "a picture is drawn once, not every frame"
    d.app.resize_window((1920, 1080))
    d.step()
    assert scene.picture(0) is not first and scene.picture(0).surface.get_size() != first.surface.get_size()
    d.app.writer.close()


def test_a_frame_never_rasterises_a_card_and_the_classic_faces_replace_the_stand_ins(tmp_path, monkeypatch):
    svg_threads: list[str] = []
    load = pygame.image.load_sized_svg

    def recording(source, *args, **kwargs):
        # a classic face comes from its SVG text in memory; the stand-in faces' suit symbols come from
        # files and are drawn on the frame by design (small, and cached for the session: counting them
        # made this test pass only after some earlier test had drawn those sizes)
        if not isinstance(source, str):
            svg_threads.append(threading.current_thread().name)
        return load(source, *args, **kwargs)

    monkeypatch.setattr(pygame.image, "load_sized_svg", recording)
    d = Driver(str(tmp_path), rules="standard", seed=3)
    d.app.update_settings(deck_style="classic")
    d.app.to_title()
    d.step()
    d.click_button("how_to_play")
    scene = _help(d)
    first = scene.picture(0)
    for _ in range(len(scene.pages)):
        d.press(Intent.PAGE_NEXT, Context.HELP)
    art = scene.art()
    assert art.classic is not None and art.classic.wait(30.0)
    d.step(2)
    assert threading.main_thread().name not in svg_threads, "a frame rasterised an SVG"
    assert svg_threads, "the classic faces were drawn (in the background)"
    assert scene.picture(0) is not first, "the pictures are drawn again with the classic faces"
    d.app.writer.close()


SIZES = [(960, 540), (1280, 720), (1920, 1080), (3840, 2160)]
LAYOUT_RULES = [preset("standard"), preset("auction"), preset("two_player"),
                HouseRules(mode="three_player", deck="jokers", bidding="whiz"),
                HouseRules(deck="jokers_deuces", bidding="suicide", nil_exchange=2, blind_nil_exchange=2)]


@pytest.mark.slow
@pytest.mark.parametrize("size", SIZES)
def test_no_text_runs_past_its_column_or_over_a_picture(tmp_path, monkeypatch, size):
    """Every page at every size: the page's text within its column and above its picture, the
    picture's own words on it, all inside the panel."""
    d = Driver(str(tmp_path), rules="standard", seed=3, size=size)
    drawn = Drawn(d, monkeypatch)
    for rules in LAYOUT_RULES:
        d.app.stack.push(d.app.scenes.help(rules))
        scene = _help(d)
        frame = scene.frame()
        for n, page in enumerate(scene.pages):
            scene.turn_to(n)
            drawn.frame()
            where = f"{rules.mode} page {n + 1} at {size}"
            laid = frame.layouts[n]
            texts = [(t, r) for t, r in drawn.texts]
            assert all(frame.panel.contains(r) for _, r in texts), where
            stage = laid.stage
            if page.kind is PageKind.KEYS:
                assert stage is None
            else:
                assert stage is not None and frame.page.contains(stage), where
                on_picture = [t for t, r in texts if stage.contains(r)]
                assert sorted(on_picture) == sorted(label.text for label in scene.picture(n).labels), where
            page_texts = [(t, r) for t, r in texts if r.left >= frame.page.left and r.top >= frame.page.top
                          and r.bottom <= frame.page.bottom and (stage is None or not stage.contains(r))]
            assert len(page_texts) >= len(page.lines), where
            for text, rect in page_texts:
                assert rect.right <= frame.page.right, f"{where}: {text!r} runs past its column"
                assert stage is None or not rect.colliderect(stage), f"{where}: {text!r} lies on the picture"
        d.press(Intent.CLOSE, Context.HELP)
    d.app.writer.close()
