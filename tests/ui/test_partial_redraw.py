"""While only cards move (and the thinking dots), the table redraws only where they were and are.

The picture must stay exactly what a full redraw gives: every partial frame here is compared, pixel
for pixel, with the whole window drawn afresh from the same state.
"""

from __future__ import annotations

import pygame
import pytest

from spades_desktop.engine.seats import Seat
from spades_desktop.ui.cards.card_sprite import CardSprite
from spades_desktop.ui.core.tween import Tween, Tweener
from tests.ui_driver import Driver


def _full_picture(d: Driver) -> bytes:
    fresh = d.app.screen.copy()
    d.app.redraw(fresh)
    return pygame.image.tobytes(fresh, "RGB")


def _play_and_compare(d: Driver, frames: int, every: int = 1) -> tuple[int, int]:
    """Run ``frames`` frames at 60 a second; every ``every``-th partial frame is compared with a full
    redraw (0: none; stale pixels stay until a full frame, so every second one finds them too).
    Returns (partial frames, full frames)."""
    table = d.table
    assert table is not None
    partial = full = 0
    for _ in range(frames):
        drawn = d.app.frame(1 / 60)
        if table.modal is not None:
            table.modal.close()  # type: ignore[attr-defined]
            continue
        if not drawn:
            continue
        if table.damage is None:
            full += 1
        else:
            partial += 1
            if not every or partial % every or table.painter.pending:
                continue  # (a picture put off to the next frame: a full redraw would draw it now)
            assert pygame.image.tobytes(d.app.screen, "RGB") == _full_picture(d), (
                f"a partial frame left the window unlike a full redraw (damage {table.damage})")
    return partial, full


def _deal_under_way(tmp_path, frames: int = 200):
    """A table whose deal has begun, most of the deck still waiting (the computers play every seat)."""
    d = Driver(str(tmp_path), seed=5, speed="normal")
    table = d.table
    assert table is not None
    table.ctl.human = None
    for _ in range(frames):
        d.app.frame(1 / 60)
        if len(table.view.flying) > 30:
            break
    return d, table


@pytest.mark.slow
def test_partial_frames_leave_the_picture_a_full_redraw_gives_through_a_deal_and_tricks(tmp_path):
    d = Driver(str(tmp_path), seed=5, speed="normal")
    table = d.table
    assert table is not None
    table.ctl.human = None  # the computers play every seat: the table keeps moving
    partial, full = _play_and_compare(d, 640, every=2)
    assert table.ctl.state.trick_count + 13 * (table.ctl.state.hand_number - 1) >= 3, "tricks were played"
    assert partial > 2 * full, (partial, full)  # cards flying and dealt are partial frames


@pytest.mark.slow
def test_partial_frames_stay_exact_when_the_person_plays_and_the_hand_closes_up(tmp_path):
    d = Driver(str(tmp_path), seed=8, speed="normal")
    table = d.table
    assert table is not None
    plays = 0
    for _ in range(3000):
        if table.claim.offered_by is not None or table.ctl.state.is_terminal():
            break
        if table.accepting_input() and table.panel.is_current() and table.ctl.human_turn():
            d.act_once()
            plays += table.ctl.state.phase.name == "PLAY"
        else:
            _play_and_compare(d, 1, every=1)
        if plays >= 3:
            break
    assert plays >= 3


@pytest.mark.slow
def test_a_frame_where_only_a_card_flies_updates_only_its_path(tmp_path, monkeypatch):
    d = Driver(str(tmp_path), seed=5, speed="normal")
    table = d.table
    assert table is not None
    table.ctl.human = None
    updated: list[pygame.Rect] = []
    real_update = pygame.display.update

    def update(areas=None, *args):
        if areas is not None:
            updated.extend(pygame.Rect(r) for r in (areas if isinstance(areas, list) else [areas]))
        return real_update(areas, *args)

    monkeypatch.setattr(pygame.display, "update", update)
    _play_and_compare(d, 400, every=0)
    window = d.app.screen.get_width() * d.app.screen.get_height()
    assert updated, "no frame redrew part of the window"
    small = [r for r in updated if r.w * r.h < window / 4]
    assert len(small) > len(updated) / 2, "most partial frames touch under a quarter of the window"


@pytest.mark.slow
def test_the_thinking_dots_are_redrawn_alone(tmp_path, monkeypatch):
    d = Driver(str(tmp_path), seed=5, speed="normal")
    table = d.table
    assert table is not None
    table.ctl.human = None
    for _ in range(400):  # on to a computer's turn
        d.step()
        if table.modal is not None:
            table.modal.close()  # type: ignore[attr-defined]
        if table.ctl.state.phase.name == "PLAY" and table.ctl.state.turn in (Seat.E, Seat.W, Seat.N):
            break
    monkeypatch.setattr(table.ctl, "think", lambda *args, **kwargs: [])  # no answer comes: it goes on thinking
    for _ in range(200):  # what moves comes to rest; the seat is shown thinking
        d.step()
        if table.settled and table.painter.thinking_mark() is not None:
            break
    table.timers.finish_all()  # the speech bubbles and messages go (each going redraws everything)
    table.dirty = True  # (gone outside a frame's update: the test says so)
    if table.art.classic is not None:
        table.art.classic.wait(30.0)  # card faces drawn in the background arrive: that redraws everything
    d.step(2)
    marks = set()
    for _ in range(60):
        drawn = d.app.frame(1 / 60)
        mark = table.painter.thinking_mark()
        if drawn:
            assert table.damage is not None, "the dots alone redraw the whole window"
            assert mark is not None
            area = table.painter.thinking_area(mark[0])
            assert all(area.contains(r) for r in table.damage)
            assert pygame.image.tobytes(d.app.screen, "RGB") == _full_picture(d)
            marks.add(mark)
    assert {m[1] for m in marks} == {1, 2, 3}, marks


def test_the_tweener_says_what_moved_and_whether_a_callback_may_have_changed_anything():
    tweener = Tweener()
    card = CardSprite(0, 0.0, 0.0, True)
    other = CardSprite(1, 0.0, 0.0, True)
    tweener.add(Tween(card, {"x": 10.0}, 0.1))
    tweener.add(Tween(other, {"x": 10.0}, 0.1, delay=1.0))  # not moving yet
    assert tweener.update(0.05)
    assert tweener.moved == [card] and not tweener.called_back and tweener.redrawn == []
    told = pygame.Rect(1, 2, 3, 4)
    tweener.add(Tween(card, {"y": 5.0}, 0.01, on_complete=lambda: None, redraws=lambda: [told]))
    tweener.update(0.05)
    assert not tweener.called_back and tweener.redrawn == [told]
    tweener.add(Tween(card, {"y": 6.0}, 0.01, on_complete=lambda: None))
    tweener.update(0.05)
    assert tweener.called_back


@pytest.mark.slow
def test_a_face_down_hand_laid_on_the_felt_gives_the_picture_of_the_hand_blended_over_it(tmp_path):
    for size in ((1280, 720), (1920, 1080)):
        d = Driver(str(tmp_path), seed=5, size=size)
        table = d.table
        assert table is not None
        d.step(30)
        painter = table.painter
        opaque, blended = d.app.screen.copy(), d.app.screen.copy()
        for surface in (opaque, blended):
            surface.blit(painter.background(), (0, 0))
        from spades_desktop.ui.table.widgets.hands import OtherHand

        for seat in (Seat.N, Seat.E, Seat.W):
            assert table.view.hands.get(seat)
            for surface, widget in ((opaque, painter.hands[seat]),
                                    (blended, OtherHand(table, painter.scratch, seat, painter.cards, None))):
                widget.forget()
                widget.refresh()
                picture = widget.picture
                assert picture is not None
                surface.blit(picture.image, picture.rect, special_flags=picture.blend)
            assert painter.hands[seat].picture.blend == 0, "on the felt: an opaque copy"
        assert pygame.image.tobytes(opaque, "RGB") == pygame.image.tobytes(blended, "RGB")


def test_merged_areas_cover_every_place_and_stay_few():
    from spades_desktop.ui.core.damage import MOST_AREAS, merge_areas

    window = pygame.Rect(0, 0, 1920, 1080)
    places = [pygame.Rect(40 * i % 1800, 90 * i % 1000, 140, 200) for i in range(40)]
    places.append(pygame.Rect(1900, 1000, 100, 100))  # partly outside the window
    areas = merge_areas(places, window)
    assert 1 <= len(areas) <= MOST_AREAS
    for place in places:
        inside = place.clip(window)
        assert any(area.contains(inside) for area in areas) or inside.w * inside.h == sum(
            area.clip(inside).w * area.clip(inside).h for area in areas), place
    assert all(window.contains(area) for area in areas)
    # two far apart places stay two areas: the felt between them is not redrawn
    apart = merge_areas([pygame.Rect(0, 0, 100, 100), pygame.Rect(1500, 900, 100, 100)], window)
    assert len(apart) == 2
    # cards leaving the deck to two sides touch in the middle, but their box would be mostly felt:
    # two areas (the deal redrew a quarter more pixels when touching was enough to join them)
    across = merge_areas([pygame.Rect(100, 400, 900, 200), pygame.Rect(800, 0, 200, 900)], window)
    assert sorted(map(tuple, across)) == [(100, 400, 900, 200), (800, 0, 200, 900)]
    # a card's old and new place, overlapping, are one
    assert merge_areas([pygame.Rect(500, 500, 140, 200), pygame.Rect(505, 498, 140, 200)], window) == [
        pygame.Rect(500, 498, 145, 202)]


@pytest.mark.slow
def test_a_hand_being_dealt_lies_where_the_full_hand_goes_so_no_card_shifts_as_the_next_comes(tmp_path):
    d = Driver(str(tmp_path), seed=5, speed="normal")
    table = d.table
    assert table is not None
    table.ctl.human = None
    painter = table.painter
    seen = False
    for _ in range(300):
        d.step()
        cards = table.view.hands.get(Seat.N, [])
        if table.view.flying and 2 <= len(cards) < 13:
            d.app.redraw(d.app.screen)
            box = painter.hands[Seat.N].rect
            full = table.layout.hand_slots(Seat.N, 13)
            image = table.art.back()
            first = image.get_rect(center=(int(full[0][0]), int(full[0][1])))
            assert box.topleft == first.topleft, "the first card dealt stays where it landed"
            seen = True
    assert seen


def test_a_frame_that_handles_input_redraws_only_what_the_input_changed(tmp_path, monkeypatch):
    """A mouse move over the felt changes nothing and redraws nothing; over a playable card it
    lifts the card: only the person's hand is redrawn, and the window is what a full redraw gives."""
    d = Driver(str(tmp_path), seed=5, speed="fast")
    table = d.table
    assert table is not None
    for _ in range(2000):  # on to the person's card to play
        if table.accepting_input() and table.ctl.state.phase.name == "PLAY" and table.panel.is_current():
            break
        if table.accepting_input():
            d.act_once()
        d.step()
    assert table.accepting_input() and table.ctl.state.phase.name == "PLAY"
    table.timers.finish_all()  # no bubble or message leaves in the frames watched
    table.dirty = True  # (gone outside a frame's update: the test says so)
    d.step(5)
    updated: list[list[pygame.Rect] | None] = []
    real_flip, real_update = pygame.display.flip, pygame.display.update
    monkeypatch.setattr(pygame.display, "flip", lambda: (updated.append(None), real_flip())[1])
    monkeypatch.setattr(pygame.display, "update",
                        lambda areas=None: (updated.append([pygame.Rect(a) for a in areas]), real_update(areas))[1])
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(3, 3), rel=(1, 1), buttons=(0, 0, 0)))
    d.app.frame(1 / 60)
    assert all(areas == [] for areas in updated), f"a move over the felt redrew {updated}"
    legal = sorted(table.cards.legal_cards())
    sprite = table.view.human_sprites[legal[0]]
    updated.clear()
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(int(sprite.x), int(sprite.y)), rel=(1, 1),
                                         buttons=(0, 0, 0)))
    d.app.frame(1 / 60)
    assert table.hover >= 0, "the card under the mouse is hovered"
    assert len(updated) == 1 and updated[0], updated
    hand = table.painter.own_hand.rect
    assert hand is not None
    slack = hand.inflate(2, 2)
    assert all(slack.contains(area) for area in updated[0]), (updated[0], hand)
    assert pygame.image.tobytes(d.app.screen, "RGB") == _full_picture(d)


def test_the_deck_waiting_to_be_dealt_is_drawn_as_one_card_with_one_shadow(tmp_path, monkeypatch):
    """Face-down cards on one spot look the same whichever cards they are: drawn once.  (Each was
    drawn with its own shadow, 40 cards deep, which darkened the deck's shadow and cost the deal's
    frames most of their time at 4K.)"""
    d, table = _deal_under_way(tmp_path, 120)
    backs = [s for s in table.view.flying if not s.face_up]
    assert len(backs) > 30, "the deal is under way, most of the deck still waiting"
    places = {(int(s.x), int(s.y), s.rotated) for s in backs}
    assert len(places) < len(backs) / 2, "the deck waits on one spot"
    blitted: list[tuple[int, int, bool]] = []
    real_blit = table.painter.cards.blit

    def blit(surface, sprite, overlay=None):
        blitted.append((int(sprite.x), int(sprite.y), sprite.rotated))
        real_blit(surface, sprite, overlay)

    monkeypatch.setattr(table.painter.cards, "blit", blit)
    d.app.redraw(d.app.screen.copy())
    assert sorted(blitted) == sorted(places), "each place with cards face down drawn once"


def test_places_merge_only_where_the_union_costs_less_than_another_pass():
    from spades_desktop.ui.core.damage import PASS_PIXELS, merge_areas

    window = pygame.Rect(0, 0, 3840, 2160)
    card = pygame.Rect(1000, 1000, 140, 200)
    near = card.move(140 + 30, 0)  # a union 30 px wider than the two: cheaper than a pass
    far = card.move(140 + 100, 0)  # 100 px of felt between: a pass each
    assert 30 * 200 < PASS_PIXELS < 100 * 200
    assert merge_areas([card, near], window) == [card.union(near)]
    assert sorted(map(tuple, merge_areas([card, far], window))) == sorted(map(tuple, [card, far]))


def test_a_card_and_its_shadow_drawn_as_one_look_as_drawn_one_after_the_other(tmp_path):
    """A card flying over the felt is blitted with its shadow as one premultiplied picture: the
    pixels are those of the shadow blitted and then the card, to rounding (2 of 255)."""
    d = Driver(str(tmp_path), seed=5)
    table = d.table
    assert table is not None
    cards = table.painter.cards
    felt = table.painter.felt.background()
    for sprite in (CardSprite(12, 400, 300, face_up=True), CardSprite(3, 400, 300, face_up=False)):
        one, two = felt.copy(), felt.copy()
        cards.blit(one, sprite)
        image = cards.image(sprite)
        rect = image.get_rect(center=(400, 300))
        shadow = cards.shadow_at(sprite, rect)
        assert shadow is not None
        two.blit(table.art.shadow(), shadow)
        two.blit(image, rect)
        near = rect.union(shadow).inflate(8, 8)
        a, b = (pygame.image.tobytes(s.subsurface(near), "RGB") for s in (one, two))
        assert max(abs(x - y) for x, y in zip(a, b, strict=True)) <= 2
        assert a != pygame.image.tobytes(felt.subsurface(near), "RGB"), "the card was drawn"


def test_a_fading_card_is_drawn_premultiplied_and_looks_as_a_faded_copy_would(tmp_path):
    """A swept trick's cards fade as they go.  Onto the window each is drawn as its premultiplied
    picture (made once for its whole fade) scaled by its alpha, in one premultiplied blit: the
    straight blend at a surface alpha took 0.23 ms a card at 4K.  It looks as a copy of the card at
    that alpha looks, to rounding (2 of 255), at every alpha."""
    d = Driver(str(tmp_path), seed=5)
    table = d.table
    assert table is not None
    cards = table.painter.cards
    felt = table.painter.felt.background()
    sprite = CardSprite(12, 400, 300, face_up=True)
    image = cards.image(sprite)
    rect = image.get_rect(center=(400, 300))
    for alpha in (230.0, 199.0, 120.0, 60.0):
        sprite.alpha = alpha
        one, two = felt.copy(), felt.copy()
        cards.blit(one, sprite)
        fresh = image.copy()
        fresh.set_alpha(int(alpha))
        shadow = cards.shadow_at(sprite, rect)
        if shadow is not None:
            two.blit(table.art.shadow(), shadow)
        two.blit(fresh, rect)
        near = rect.inflate(40, 40)
        a, b = (pygame.image.tobytes(s.subsurface(near), "RGB") for s in (one, two))
        assert max(abs(x - y) for x, y in zip(a, b, strict=True)) <= 2
        assert a != pygame.image.tobytes(felt.subsurface(near), "RGB"), "the card was drawn"
    assert list(cards._fading) == [id(image)], "one premultiplied picture for the card's whole fade"
    assert image.get_alpha() in (None, 255), "the card's own picture is left as it was"


def test_what_a_card_in_flight_hides_is_not_drawn_and_the_picture_is_the_same(tmp_path, monkeypatch):
    """The felt and the hands under a flying card's opaque middle are left undrawn (most of a deal
    frame's pixels at 4K): the window is the same, pixel for pixel, as when everything is drawn."""
    from spades_desktop.ui.core import damage

    d, table = _deal_under_way(tmp_path)
    for _ in range(6):  # cards on their way to the hands, the deck still waiting
        d.app.frame(1 / 60)
    painter = table.painter
    assert any(painter.cards.opaque_inside(sprite) is not None for sprite in table.view.flying)
    pieces: list[int] = []
    real_uncovered = damage.uncovered

    def counted(area, covers):
        found = real_uncovered(area, covers)
        pieces.append(0 if found is None else len(found))
        return found

    monkeypatch.setattr("spades_desktop.ui.table.painter.uncovered", counted)
    monkeypatch.setattr("spades_desktop.ui.table.painter.HIDES_ENOUGH", 0)  # (this window's cards are small)
    area = painter.cards.area(table.view.flying[-1]).inflate(80, 80)  # a frame's area round a card
    skipping = d.app.screen.copy()
    d.app.redraw(skipping, area)
    assert pieces and pieces[0] > 1, "the area was drawn round the card in flight"
    monkeypatch.setattr(painter.cards, "opaque_inside", lambda sprite: None)
    everything = d.app.screen.copy()
    d.app.redraw(everything, area)
    assert pygame.image.tobytes(skipping, "RGB") == pygame.image.tobytes(everything, "RGB")


def test_the_felt_under_a_face_down_hand_is_not_drawn_and_the_picture_is_the_same(tmp_path, monkeypatch):
    """A face-down hand's picture carries the felt under its cards, so the felt is not drawn beneath
    it (a card leaving a hand at the side redrew the felt under the whole hand, a third of that frame
    at 4K): the window is the same, pixel for pixel, as when the felt is drawn there too."""
    from spades_desktop.engine.state import Phase

    d = Driver(str(tmp_path), seed=7)
    table = d.table
    assert table is not None
    assert d.play_until(lambda t: t.ctl.state.phase is Phase.PLAY and t.ctl.human_turn() and t.settled)
    d.step()
    painter = table.painter
    hand = painter.hands[Seat.E]
    covered = hand.opaque_rect
    assert covered is not None, "a face-down hand on the felt hides what lies under it"
    felt_areas: list[pygame.Rect] = []
    real_draw = painter.felt.draw

    def felt_draw(surface, clip, log):
        felt_areas.append(pygame.Rect(clip))
        real_draw(surface, clip, log)

    monkeypatch.setattr(painter.felt, "draw", felt_draw)
    area = covered.inflate(60, 60).clip(d.app.screen.get_rect())  # the hand and a strip of felt round it
    skipping = d.app.screen.copy()
    d.app.redraw(skipping, area)
    assert felt_areas and not any(part.colliderect(covered) for part in felt_areas), "felt drawn under the hand"
    hidden = covered.clip(area)
    assert sum(part.w * part.h for part in felt_areas) == area.w * area.h - hidden.w * hidden.h
    monkeypatch.setattr(type(hand), "opaque_rect", property(lambda self: None))
    felt_areas.clear()
    everything = d.app.screen.copy()
    d.app.redraw(everything, area)
    assert any(part.colliderect(covered) for part in felt_areas)
    assert pygame.image.tobytes(skipping, "RGB") == pygame.image.tobytes(everything, "RGB")


def test_a_summary_the_table_opens_and_the_person_closes_leaves_no_trace(tmp_path):
    """The hand's summary opens in the table's own update, after the frame had listed the scenes it
    shows; the frame after it closed compared that stale list with the scenes now shown, found them
    the same, and redrew only what changed: the summary's figures stayed on the felt through the
    next deal.  Every partial frame after closing it is now what a full redraw gives."""
    d = Driver(str(tmp_path), seed=5, speed="fast")
    table = d.table
    assert table is not None
    table.ctl.human = None  # the computers play the hand out
    for _ in range(6000):
        d.app.frame(1 / 60)
        if table.modal is not None:
            break
    assert table.modal is not None, "the hand's summary opened"
    d.key(pygame.K_RETURN)
    assert table.modal is None and d.app.stack.top is table
    compared = 0
    for _ in range(90):
        drawn = d.app.frame(1 / 60)
        if drawn and table.damage is not None and not table.painter.pending:
            assert pygame.image.tobytes(d.app.screen, "RGB") == _full_picture(d), "the summary left a trace"
            compared += 1
    assert compared >= 10
