"""The table's widgets: each draws a picture only when its inputs change, names exactly the areas
that change, and shows what drawing afresh would show (no input forgotten)."""

from __future__ import annotations

import pygame
import pytest

from spades_desktop.engine.seats import Seat
from tests.ui_driver import Driver


def _fresh_picture(d: Driver) -> bytes:
    """The window drawn whole with every widget's picture drawn anew."""
    table = d.table
    assert table is not None
    table.painter.forget_sizes()
    table.painter.refresh()  # (drawn in a frame already refreshed, the draw would not refresh again)
    fresh = d.app.screen.copy()
    d.app.redraw(fresh)
    return pygame.image.tobytes(fresh, "RGB")


def _settled_painter(tmp_path):
    """A table ten frames in, every widget's picture drawn for what it shows now."""
    d = Driver(str(tmp_path), seed=5)
    table = d.table
    assert table is not None
    d.step(10)
    painter = table.painter
    painter.refresh()
    return d, table, painter


def _at_the_persons_play(tmp_path):
    """A table at the person's first card, the classic faces finished (faces that come from the
    background forget every picture) and every picture drawn."""
    from spades_desktop.engine.state import Phase

    d = Driver(str(tmp_path), seed=7)
    table = d.table
    assert table is not None
    if table.art.classic is not None:
        table.art.classic.wait(30)
    assert d.play_until(lambda t: t.ctl.state.phase is Phase.PLAY and t.ctl.human_turn() and t.settled)
    d.step()
    return d, table, table.painter


def test_a_widget_draws_again_only_when_its_inputs_change(tmp_path):
    _, table, painter = _settled_painter(tmp_path)
    plate = painter.plates[Seat.N]
    renders = {id(w): w.renders for w in painter.refresh_order}
    for _ in range(5):
        assert painter.refresh() == [], "nothing changed: no area to redraw"
    assert all(w.renders == renders[id(w)] for w in painter.refresh_order), "a widget drew again unasked"
    before = [w.rect for w in (plate, painter.bubbles[Seat.N], painter.thinking) if w.rect is not None]
    table.view.bids[Seat.N] = "12"
    damage = painter.refresh()
    assert plate.renders == renders[id(plate)] + 1
    assert others_unchanged(painter, renders, plate)
    after = [w.rect for w in (plate, painter.bubbles[Seat.N], painter.thinking) if w.rect is not None]
    assert damage and all(any(place.contains(area) for place in before + after) for area in damage), (
        damage, before, after)


def others_unchanged(painter, renders, changed) -> bool:
    """Only ``changed`` and what lies by its plate (the thinking dots, a bubble) drew again."""
    moved_with_it = {id(changed), id(painter.thinking), *(id(b) for b in painter.bubbles.values())}
    return all(w.renders == renders[id(w)] for w in painter.refresh_order if id(w) not in moved_with_it)


def test_the_pictures_are_what_drawing_afresh_gives_through_a_deal_and_tricks(tmp_path):
    """Every few frames of play the window, composed from the kept pictures, is compared with the
    window drawn with every picture drawn anew: a widget whose picture depends on something its
    inputs leave out shows a stale picture here.  And no widget drew outside the area it named."""
    d = Driver(str(tmp_path), seed=7, speed="fast")
    table = d.table
    assert table is not None
    table.ctl.human = None  # the computers play every seat: the table keeps moving
    compared = 0
    due = False  # a comparison waits for the frame where no widget's new picture is put off
    for frame in range(600):
        drawn = d.app.frame(1 / 60)
        if table.modal is not None:
            table.modal.close()  # type: ignore[attr-defined]
            continue
        assert table.painter.scratch.leftover() == 0, "a widget drew outside the area it named"
        due = due or (drawn and frame % 12 == 0)
        if due and not table.painter.pending:
            shown = pygame.image.tobytes(d.app.screen, "RGB")
            assert shown == _fresh_picture(d), f"frame {frame}: a kept picture is stale"
            compared += 1
            due = False
    assert compared >= 10
    assert table.ctl.state.trick_count + 13 * (table.ctl.state.hand_number - 1) >= 3, "tricks were played"


@pytest.mark.slow
def test_the_person_s_turn_shows_what_drawing_afresh_gives(tmp_path):
    """The person's hand, the choice panel, the chips and the hover, kept as pictures: the same as
    drawn anew, bidding and playing."""
    d = Driver(str(tmp_path), seed=8, speed="fast")
    table = d.table
    assert table is not None
    checked = 0
    for _ in range(3000):
        if table.ctl.state.hand_number > 1 or table.claim.offered_by is not None:
            break
        d.step()
        if (table.accepting_input() and table.panel.is_current()) or table.modal is not None:
            if table.modal is None:
                table.hover = 0
                table.dirty = True
                d.step()
                while table.painter.pending:  # (a picture put off to the next frame)
                    d.step()
                assert pygame.image.tobytes(d.app.screen, "RGB") == _fresh_picture(d)
                checked += 1
                d.act_once()
            else:
                table.modal.close()  # type: ignore[attr-defined]
        if checked >= 6:
            break
    assert checked >= 6


def test_a_new_table_paints_on_the_clear_surface_the_last_one_used(tmp_path):
    """Making the window-sized scratch surface anew cost a new game's first frame 6 ms: every table
    of a window size shares one, and it is clear between two paints (a widget that raises leaves it
    clear too)."""
    d = Driver(str(tmp_path), seed=5)
    first = d.table
    assert first is not None
    d.step(3)
    d.app.new_game()
    d.step(3)
    second = d.table
    assert second is not None and second is not first
    assert second.painter.scratch.surface is first.painter.scratch.surface is not None
    assert second.painter.scratch.leftover() == 0

    def broken(surface):
        surface.fill((255, 0, 0, 255))
        raise RuntimeError("a widget that fails while drawing")

    with pytest.raises(RuntimeError):
        second.painter.scratch.paint(broken)
    assert second.painter.scratch.leftover() == 0


def test_norths_hand_shown_in_a_watched_game_draws_inside_its_area(tmp_path):
    """North's face-up hand (watching) named an area a pixel short of its last card: the pixel column
    stayed on the scratch surface every widget shares, inside the next pictures drawn over it."""
    d = Driver(str(tmp_path), seed=3)
    d.app.watch_game()
    table = d.table
    assert table is not None
    if not table.show_all_hands:
        table.toggle_all_hands()
    for _ in range(30):
        d.step()
        assert table.painter.scratch.leftover() == 0, "a widget drew outside the area it named"
    assert table.painter.hands[Seat.N].north_rect is not None


def test_a_frame_out_of_drawing_time_puts_pictures_off_to_the_next_and_they_come(tmp_path):
    """With no drawing time at all, a frame draws at most one changed widget that may wait and puts
    off the rest; each later frame draws one more, and none waits more than a few frames, until the
    window is what drawing afresh gives."""
    from spades_desktop.ui.table.painter import MOST_FRAMES_WAITED

    d, table, painter = _settled_painter(tmp_path)
    plates = list(painter.plates.values())

    def plates_drawn() -> int:
        return sum(plate.renders for plate in plates)

    renders = plates_drawn()
    for seat, bid in zip(Seat, ("3", "4", "5", "nil"), strict=True):
        table.view.bids[seat] = bid
    painter.refresh(budget=0.0)
    drawn = [plates_drawn() - renders]
    assert drawn[0] <= 1 and painter.pending, "one plate at most, the others wait"
    while painter.pending:
        before = plates_drawn()
        painter.refresh(budget=0.0)
        drawn.append(plates_drawn() - before)
        assert len(drawn) < 20
    assert sum(drawn) == 4 and max(drawn[:-1]) <= 1, f"one a frame ({drawn})"
    assert 3 <= len(drawn) <= MOST_FRAMES_WAITED + 1, "and none waits more than a few frames"
    painter.refresh()  # (anything else that moved meanwhile: the thinking dots)
    d.app.redraw(d.app.screen)
    assert pygame.image.tobytes(d.app.screen, "RGB") == _fresh_picture(d)


def test_what_cannot_wait_is_drawn_first_and_the_words_that_can_wait_for_the_next_frame(tmp_path):
    """A trick won changes the winner's pile (cards: never put off) and plate (words: may wait); the
    plate came first in the order and was drawn because it was the frame's first picture, then the
    pile because it cannot wait: both in one frame (2-3 ms at 4K).  Now the pile is drawn first and
    the plate, the frame's time spent, waits for the next."""
    _d, table, painter = _settled_painter(tmp_path)
    plate, pile = painter.plates[Seat.E], painter.piles[Seat.E]
    plate_renders, pile_renders = plate.renders, pile.renders
    table.view.bids[Seat.E] = "7"
    table.view.tricks[Seat.E] = table.view.tricks.get(Seat.E, 0) + 1
    assert painter.refresh(budget=0.0)
    assert pile.renders == pile_renders + 1, "the pile is drawn at once"
    assert plate.renders == plate_renders and plate.pending, "the plate waits"
    painter.refresh(budget=0.0)
    assert plate.renders == plate_renders + 1 and not plate.pending, "and comes in the next frame"


def test_a_frame_where_only_cards_move_asks_only_the_widgets_that_show_cards_in_motion(tmp_path, monkeypatch):
    """While the deal flies, most frames only move cards: the plates, the scoreboard and the hands
    are not asked for their inputs then (the deal's frames asked all thirty widgets, a fifth of each
    frame), and the frame where the cards settle asks everyone (the turn line reads it)."""
    d = Driver(str(tmp_path), seed=5, speed="normal")
    table = d.table
    assert table is not None
    table.ctl.human = None
    asked: list[int] = []
    plate = table.painter.plates[Seat.N]
    real_inputs = plate.inputs
    monkeypatch.setattr(plate, "inputs", lambda: (asked.append(d.app.frame_count), real_inputs())[1])
    motion_frames: list[int] = []
    real_motion = table.painter.refresh_motion
    monkeypatch.setattr(table.painter, "refresh_motion",
                        lambda: (motion_frames.append(d.app.frame_count), real_motion())[1])
    for _ in range(240):
        d.app.frame(1 / 60)
    assert len(motion_frames) > 30, "the deal's cards flew"
    assert not set(motion_frames) & set(asked), "a plate was asked in a frame that only moved cards"
    assert asked, "the plate is asked when something else changes"


def test_a_face_down_hand_s_next_picture_is_drawn_ahead_on_an_idle_frame_and_used_when_it_plays(tmp_path):
    """A computer's face-down hand drew its picture anew in the frame its card left (0.5-1.5 ms of
    a busy frame); frames with nothing to draw (the person thinking) now draw each hand's picture
    with one card fewer, which the frame its card leaves takes as it is: the pixels drawing gives."""
    from spades_desktop.engine.state import Phase

    d = Driver(str(tmp_path), seed=7, speed="fast")
    table = d.table
    assert table is not None
    if table.art.classic is not None:  # (faces that come from the background mid-trick redraw everything)
        table.art.classic.wait(30)
    others = [seat for seat in table.painter.hands if seat != Seat.S]
    used = 0
    for _ in range(4):  # tricks
        assert d.play_until(lambda t: t.ctl.state.phase is Phase.PLAY and t.ctl.human_turn() and t.settled)
        counts = {seat: len(table.view.hands[seat]) for seat in others}
        for _ in range(600):  # the person thinks: idle frames (the first finish the card faces)
            d.step()
            ready = {seat: table.painter.hands[seat]._ready for seat in others}
            if all(ready[seat] is not None for seat in others):
                break
        assert all(ready[seat] is not None and ready[seat][0][2] == counts[seat] - 1 for seat in others)
        d.act_once()
        for _ in range(200):
            d.step()
            for seat in others:
                hand, drawn_ahead = table.painter.hands[seat], ready[seat]
                if drawn_ahead is not None and hand.picture is drawn_ahead[1]:
                    fresh = hand._face_down(hand._inputs, counts[seat] - 1, False)
                    assert fresh.rect == hand.picture.rect
                    assert pygame.image.tobytes(fresh.image, "RGBA") == pygame.image.tobytes(
                        hand.picture.image, "RGBA")
                    ready[seat] = None
                    used += 1
            if table.ctl.human_turn() or table.modal is not None:
                break
    assert used >= 6, "plays took the pictures drawn ahead"


def test_cards_in_flight_as_the_pictures_are_forgotten_leave_no_ghost(tmp_path):
    """The pictures forgotten (classic faces drawn in the background, a resize) in the frame the last
    dealt card landed: the cards kept as in flight were drawn on, over the table and under the summary."""
    d = Driver(str(tmp_path), seed=5, speed="normal")
    table = d.table
    assert table is not None
    assert d.play_until(lambda t: len(t.view.flying) > 4)
    table.painter.refresh()
    table.tweener.finish_all()  # every card lands
    assert not table.view.flying
    table.painter.forget_sizes()
    table.painter.refresh()
    assert table.painter._flying == [], "cards no longer in flight are still drawn"


def test_a_card_dealt_onto_a_face_down_hand_updates_only_that_card_s_place(tmp_path):
    """A dealt card landing in a computer's hand changed the whole hand's area on screen (a fan of
    thirteen cards, at 4K half a million pixels a landing, most of a deal frame's work): only the
    place of the card laid onto the picture changes."""
    d = Driver(str(tmp_path), seed=5, speed="normal")
    table = d.table
    assert table is not None
    assert d.play_until(lambda t: len(t.view.hands.get(Seat.N, [])) >= 2 and len(t.view.flying) > 8)
    table.painter.refresh()
    hand = table.painter.hands[Seat.N]
    picture = hand.picture
    assert picture is not None
    table.view.hands[Seat.N].append(0)  # (what a card's landing does: its callback adds it to the hand)
    damage = hand.refresh()
    assert hand.picture is picture, "the card was laid onto the picture shown"
    card = hand.image().get_rect()
    assert len(damage) == 1 and damage[0].size == card.size, (damage, card)
    assert damage[0].w * damage[0].h * 3 < picture.rect.w * picture.rect.h
    count = len(table.view.hands[Seat.N])
    fresh = hand._face_down(hand._inputs, count, True)
    assert fresh.rect == picture.rect
    assert pygame.image.tobytes(fresh.image, "RGB") == pygame.image.tobytes(picture.image, "RGB"), (
        "laying the card on gives what drawing the hand afresh gives")


def test_the_deal_s_end_keeps_the_dealt_hands_pictures(tmp_path):
    """The frame the deal ended drew the three face-down hands again (7 ms at 1920x1080, 12 ms at
    4K, the longest of a game's frames); the hand dealt is the full hand's picture already."""
    d = Driver(str(tmp_path), seed=5, speed="normal")
    table = d.table
    assert table is not None
    size = table.ctl.state.hand_size
    others = [Seat.N, Seat.E, Seat.W]
    assert d.play_until(lambda t: all(len(t.view.hands.get(s, [])) == size for s in others) and t.view.flying)
    table.painter.refresh()
    dealt = {seat: table.painter.hands[seat].picture for seat in others}
    assert d.play_until(lambda t: not t.view.flying and not t.view.dealing)
    table.painter.refresh()
    for seat in others:
        hand = table.painter.hands[seat]
        assert hand.picture is dealt[seat], f"{seat.name}'s hand was drawn again at the deal's end"
        fresh = hand._face_down(hand._inputs, size, False)
        assert fresh.rect == hand.picture.rect
        assert pygame.image.tobytes(fresh.image, "RGB") == pygame.image.tobytes(hand.picture.image, "RGB")


def test_a_full_face_down_hand_is_not_drawn_again_while_other_cards_are_dealt(tmp_path):
    """A full hand looks the same whether cards are still in flight or not: a card in flight after
    North's hand was full and shown at rest drew North's thirteen cards again (a CI run)."""
    d = Driver(str(tmp_path), seed=5, speed="normal")
    table = d.table
    assert table is not None
    size = table.ctl.state.hand_size
    assert d.play_until(lambda t: len(t.view.hands.get(Seat.N, [])) == size and t.view.flying)
    assert d.play_until(lambda t: not t.view.flying and not t.view.dealing)
    table.painter.refresh()
    hand = table.painter.hands[Seat.N]
    rest = hand.picture
    assert rest is not None and hand._known is not None and hand._known[2:] == (False, size)
    from spades_desktop.ui.cards.card_sprite import CardSprite

    table.view.flying.append(CardSprite(0, 10, 10, False))  # a card on its way to another seat
    damage = hand.refresh()
    assert hand._inputs is not None and hand._inputs.dealing, "the hand's inputs say cards are in flight"
    assert hand.picture is rest and damage == [], "the full hand was drawn again"


def test_a_turn_passing_redraws_the_turn_s_gold_edge_not_the_plates(tmp_path):
    """Each card played moved the gold edge from one plate to the next by drawing both plates again
    (their words and portraits: 1-2.5 ms of a card's play at 4K): the edge is a picture of its own."""
    from spades_desktop.engine.state import Phase

    d = Driver(str(tmp_path), seed=5, speed="normal")
    table = d.table
    assert table is not None
    table.ctl.human = None
    painter = table.painter
    assert d.play_until(lambda t: t.ctl.state.phase is Phase.PLAY)
    painter.refresh()
    passed = 0
    for _ in range(600):
        turn, tricks = table.ctl.state.turn, dict(table.view.tricks)
        plates = {seat: plate.renders for seat, plate in painter.plates.items()}
        edges = painter.turn_edge.renders
        d.step()
        painter.refresh()
        if table.ctl.state.turn != turn and table.view.tricks == tricks and table.ctl.state.phase is Phase.PLAY:
            assert all(plate.renders == plates[seat] for seat, plate in painter.plates.items()), (
                "a plate was drawn again as the turn passed")
            assert painter.turn_edge.renders > edges
            edge = painter.turn_edge.rect
            plate = painter.plates[table.ctl.state.turn].plate
            assert edge is not None and plate is not None and edge.contains(plate), "round the plate whose turn it is"
            passed += 1
    assert passed >= 3


def test_a_deal_frame_draws_nothing_ahead_a_frame_with_a_card_in_flight_draws_a_part(tmp_path, monkeypatch):
    """A table that never rests (the computers playing each other) had no idle frame to draw its
    portraits and hands' next pictures in, so the frame a card left drew its hand whole (2-3 ms at
    4K); now a frame where only a card or two moved draws a part ahead, and a deal frame (the deck
    and a dozen cards in the air, the costliest frames) draws nothing."""
    from spades_desktop.ui.cards.card_sprite import CardSprite
    from spades_desktop.ui.table import portraits
    from spades_desktop.ui.table.clock import FEW_IN_FLIGHT

    _, table, painter = _at_the_persons_play(tmp_path)

    def nothing_ahead() -> None:
        portraits._KEPT.clear()
        portraits._DRAWING.clear()
        for hand in painter.hands.values():
            hand._ready = hand._drawing = None

    def drew_ahead() -> bool:
        return bool(portraits._DRAWING or portraits._KEPT) or any(
            hand._drawing is not None or hand._ready is not None for hand in painter.hands.values())

    monkeypatch.setattr(table.art, "warm_one", lambda: False)  # (every card face drawn already)
    nothing_ahead()
    table.view.flying.extend(CardSprite(0, 100, 100, False) for _ in range(FEW_IN_FLIGHT + 1))
    for _ in range(10):  # (until nothing changes: the frames after the person's turn came)
        if not table.clock.advance(0.0):
            break
    assert not table.clock.advance(0.0)
    assert not drew_ahead(), "a deal frame drew ahead"
    del table.view.flying[1:]
    table.clock.advance(0.0)
    assert drew_ahead(), "a frame with one card in the air drew nothing ahead"
    table.view.flying.clear()


def test_drawing_ahead_takes_a_part_a_frame_and_gives_the_picture_drawn_at_once(tmp_path):
    """A portrait (3-7 ms at 4K) and a face-down hand (2-3 ms) are drawn ahead a part at a time: a
    frame with a little time to spare pays for a part, and the parts give the same pixels as the
    whole drawn at once."""
    from spades_desktop.ui.table import portraits

    _, _, painter = _at_the_persons_play(tmp_path)
    portraits._KEPT.clear()
    portraits._DRAWING.clear()
    calls = 0
    while not painter.prepare_one(0.0):  # a part a call: the first portrait comes whole only after several
        calls += 1
        assert calls < 50
    assert calls >= 5
    (key, job), = [(k, v) for k, v in portraits._KEPT.items()]
    portraits._KEPT.clear()
    assert pygame.image.tobytes(portraits.portrait(*key), "RGBA") == pygame.image.tobytes(job, "RGBA")
    while painter.prepare_one(0.0) or portraits._DRAWING or any(  # every portrait and mood drawn
            plate.prepare(0.0) is not None for plate in painter.plates.values()):
        pass
    hand = painter.hands[Seat.W]
    hand._ready = hand._drawing = None
    parts = 0
    while hand._ready is None:
        assert hand.prepare(0.0)
        parts += 1
    assert parts >= 3, "a hand of 12 cards in parts of four, after the felt"
    fresh = hand._face_down(hand._inputs, len(hand._inputs.cards) - 1, False)
    assert fresh.rect == hand._ready[1].rect
    assert pygame.image.tobytes(fresh.image, "RGBA") == pygame.image.tobytes(hand._ready[1].image, "RGBA")


def test_the_felt_under_a_hand_drawn_ahead_comes_a_band_of_rows_a_part(monkeypatch):
    """The felt under a face-down hand drawn ahead was one part of 2 ms at 4K (North's and the sides'
    hands reach past the window's edge, so it was a new surface converted, then blitted): it comes a
    band of rows a part, the same pixels, black past the window's edge."""
    from spades_desktop.ui.core.stepwise import Stepwise
    from spades_desktop.ui.table.widgets import hands

    background = pygame.Surface((200, 100))
    for x in range(200):
        pygame.draw.line(background, (x, 255 - x, (3 * x) % 256), (x, 0), (x, 99))
    monkeypatch.setattr(hands, "FELT_PIXELS_A_PART", 60 * 10)
    box = pygame.Rect(50, -20, 60, 70)  # past the top
    job = Stepwise(hands.felt_under_steps(background, box))
    parts = 0
    while not job.advance(0.0):
        parts += 1
    under = job.finish()
    assert parts >= 7, "seven bands of ten rows"
    assert under.get_size() == box.size
    assert under.get_at((5, 5))[:3] == (0, 0, 0), "past the window's top: black"
    for x, y in ((0, 20), (59, 69), (30, 40)):
        assert under.get_at((x, y)) == background.get_at((box.x + x, box.y + y))


def test_the_person_s_cards_are_laid_left_to_right_whatever_order_the_hand_is_held_in(tmp_path):
    """A hand not yet seen (the blind nil question) is held in the order it was dealt, not the order
    it lies in: a full redraw laid each card in that order, crossed over its neighbours, while the
    frames of the deal had laid them left to right."""
    import random

    from spades_desktop.engine.state import Phase

    d = Driver(str(tmp_path), seed=7)
    table = d.table
    assert table is not None
    assert d.play_until(lambda t: t.ctl.state.phase is Phase.PLAY and t.ctl.human_turn() and t.settled)
    held = table.view.hands[Seat.S]
    random.Random(3).shuffle(held)  # (as dealt)
    xs = [shown.sprite.x for shown in table.painter.own_hand.shown_cards()]
    assert len(xs) == len(held) and xs == sorted(xs)
