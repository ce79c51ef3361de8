"""Whatever closes leaves nothing of itself on screen: after every frame the window equals a full
repaint of the same state.

A seeded walk plays hands at a small window and, between the person's moves, opens and closes the
overlays a player reaches by key (the pause menu and what it opens, the score sheet, the last trick,
the hint, the key help's screens) and by the menu's buttons (the save dialog over the menu, Hand
history, the settings) in random orders over every phase of the table (the bidding, the blind-nil
question, the nil exchange, the play, a trick held for a click, the hand's summary, a
claim), resizing the window now and then.  After each frame the window's pixels are compared with
the whole window drawn afresh from the same state: they must be equal, pixel for pixel (the walk
runs at the instant animation speed, where nothing fades, so no tolerance is needed).  A frame the
painter put off part of (``painter.pending``: its widgets are drawn over the next frames), or
that noted a change for the next (a portrait finished in a frame's spare time), is compared once
the next frames have shown it.

Before the fix this found the ghost pause menu players saw: closing a menu over a table where
nothing moved drew nothing, so the menu stayed in the window until something else changed.
"""

from __future__ import annotations

import random

import pygame
import pytest

from spades_desktop.engine.state import Phase
from spades_desktop.ui.core.keymap import Context, Intent
from spades_desktop.ui.table.scene import TableScene
from tests.ui_driver import Driver

#: the small window the walk runs in (the smallest the game allows), and the sizes it resizes to
SIZES = ((960, 540), (1000, 600), (1100, 560))

#: what the walk may do between frames, by the keymap's intents (the context says where the intent
#: is bound; the key pressed is the keymap's, so a rebinding changes no test)
OVERLAY_KEYS: tuple[tuple[Intent, Context], ...] = (
    (Intent.MENU, Context.TABLE),  # opens the pause menu; over a menu it closes it
    (Intent.MENU, Context.TABLE),
    (Intent.SCORE_SHEET, Context.TABLE),
    (Intent.LAST_TRICK, Context.TABLE),
    (Intent.HINT, Context.TABLE),
    (Intent.HOW_TO_PLAY, Context.PAUSE),  # the pause menu's How to play (the table's H is the hint)
    (Intent.CLAIM, Context.TABLE),  # the person's claim of the rest: its question, or why not
    (Intent.FOCUS_NEXT, Context.CHOICES),
    (Intent.BACK, Context.SCREEN),
)

#: the pause menu's buttons the walk clicks (by name): what each opens is closed again by Esc
MENU_BUTTONS = ("save", "hand_history", "settings", "how_to_play", "resume")


def _picture(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGB")


def _full_repaint(d: Driver) -> pygame.Surface:
    fresh = d.app.screen.copy()
    fresh.fill((255, 0, 255))  # a pixel nothing draws stays magenta: the repaint covers the window
    d.app.redraw(fresh)
    return fresh


def _differences(a: pygame.Surface, b: pygame.Surface) -> tuple[int, pygame.Rect | None]:
    """How many pixels differ, and the box around them (only worked out for a failure's message)."""
    count, box = 0, None
    pa, pb = pygame.PixelArray(a), pygame.PixelArray(b)
    try:
        for x in range(a.get_width()):
            col_a, col_b = pa[x], pb[x]
            for y in range(a.get_height()):
                if col_a[y] != col_b[y]:
                    count += 1
                    box = pygame.Rect(x, y, 1, 1) if box is None else box.union(pygame.Rect(x, y, 1, 1))
    finally:
        del pa, pb
    return count, box


class Walk:
    """The seeded walk: one driver, one random stream, every frame compared."""

    def __init__(self, d: Driver, seed: int) -> None:
        self.d = d
        self.rng = random.Random(seed)
        self.compared = 0
        self.phases_seen: set[str] = set()
        self.overlays_seen: set[str] = set()

    @property
    def table(self) -> TableScene:
        table = self.d.table
        assert table is not None, "the walk left the table"
        return table

    def frame(self, what: str) -> None:
        """One frame, then the window against a full repaint (once the painter caught up)."""
        app = self.d.app
        app.frame(1 / 60)
        for _ in range(30):
            if not (self.table.painter.pending or self.table.dirty):
                break
            app.frame(1 / 60)  # (a picture put off, or a portrait drawn in spare time: shown next frame)
        self._note()
        shown = app.screen.copy()
        fresh = _full_repaint(self.d)
        if _picture(shown) != _picture(fresh):
            count, box = _differences(shown, fresh)
            stack = [type(s).__name__ for s in app.stack.scenes]
            pygame.image.save(shown, "/tmp/ghost_shown.png")
            pygame.image.save(fresh, "/tmp/ghost_fresh.png")
            raise AssertionError(f"after {what}: {count} pixels unlike a full repaint in {box}; "
                                 f"the stack is {stack}, the phase {self.table.ctl.state.phase.name}")
        self.compared += 1

    def _note(self) -> None:
        table = self.table
        state = table.ctl.state
        phase = state.phase.name
        if table.pending_gather is not None:
            phase = "HELD_TRICK"
        if table.claim.offered_by is not None:
            phase = "CLAIM"
        if table.modal is not None:
            phase = type(table.modal).__name__
        self.phases_seen.add(phase)
        top = self.d.app.stack.top
        if top is not table:
            self.overlays_seen.add(type(top).__name__)

    def key(self, intent: Intent, context: Context) -> None:
        from tests.ui_driver import key_of

        code, mod = key_of(intent, context)
        for event in Driver.key_events(code, mod):
            pygame.event.post(event)
        self.frame(f"{intent.name} ({pygame.key.name(code)}) over {self.phase()}")

    def phase(self) -> str:
        return type(self.d.app.stack.top).__name__ + "/" + self.table.ctl.state.phase.name

    def overlays(self, count: int) -> None:
        """Open and close things in a random order, a frame or a few after each."""
        for _ in range(count):
            if self.rng.random() < 0.08:
                size = self.rng.choice(SIZES)
                self.d.app.resize_window(size)
                self.frame(f"a resize to {size}")
                continue
            if type(self.d.app.stack.top).__name__ == "PauseScene" and self.rng.random() < 0.3:
                name = self.rng.choice(MENU_BUTTONS)  # the save dialog over the menu, a page, a screen
                self.d.click(self.d.button(name).rect.center)
                self.frame(f"a click on the menu's {name}")
                continue
            intent, context = self.rng.choice(OVERLAY_KEYS)
            if context is Context.PAUSE and type(self.d.app.stack.top).__name__ != "PauseScene":
                continue
            self.key(intent, context)
            for _ in range(self.rng.randrange(3)):
                self.frame("the frames after it")
        self.close_all()

    def close_all(self) -> None:
        """Back to the table: Esc closes what is over it (the pause menu's own Esc resumes)."""
        for _ in range(8):
            top = self.d.app.stack.top
            if top is self.table or top is self.table.modal:
                return
            self.key(Intent.BACK, Context.SCREEN)
        raise AssertionError(f"Esc never led back to the table from {type(self.d.app.stack.top).__name__}")

    def run(self, moves: int) -> None:
        """Play ``moves`` of the person's decisions (and the summaries), overlays between them."""
        d = self.d
        for _ in range(moves):
            table = self.table
            state = table.ctl.state
            if state.is_terminal():
                return
            if table.claim.offered_by is not None:
                self.overlays(self.rng.randrange(1, 4))
                d.press(Intent.ACCEPT_CLAIM, Context.CLAIM_OFFER)
            elif table.modal is not None:
                if type(table.modal).__name__ == "GameOverScene":
                    return
                self.overlays(self.rng.randrange(1, 4))
                if d.app.stack.top is table.modal:
                    d.close_modal()
            elif table.pending_gather is not None:
                self.overlays(self.rng.randrange(1, 4))
                d.press(Intent.GO_ON, Context.TRICK_HELD)
            elif table.accepting_input() and table.panel.is_current():
                if self.rng.random() < 0.6:
                    self.overlays(self.rng.randrange(1, 5))
                table = self.table
                for _ in range(600):  # a hint asked for moves the cursor when it comes: let it come first
                    if not table.hint_thinking:
                        break
                    self.frame("a hint thought about")
                if table.accepting_input() and table.panel.is_current() and d.app.stack.top is table:
                    d.act_once()
            else:
                d.step()
            self.frame("a move")


def _walk(tmp_path, rules: str | dict, seed: int, moves: int, **settings) -> Walk:
    d = Driver(str(tmp_path), rules=rules, seed=seed, size=SIZES[0])
    if settings:
        d.app.update_settings(**settings)
    walk = Walk(d, seed)
    walk.run(moves)
    return walk


def test_no_overlay_outlives_its_close_over_the_bidding_the_blind_nil_question_and_the_play(tmp_path):
    walk = _walk(tmp_path, "standard", seed=3, moves=70, click_after_trick=True)
    assert walk.compared > 150
    assert {"BLIND_DECISION", "BIDDING", "PLAY", "HELD_TRICK"} <= walk.phases_seen, walk.phases_seen
    assert {"PauseScene", "ScoreSheetScene"} <= walk.overlays_seen, walk.overlays_seen


@pytest.mark.parametrize("rules", [{"mode": "partnership", "nil_exchange": 2}])
def test_no_overlay_outlives_its_close_over_the_nil_exchange_and_the_summary(tmp_path, rules):
    walk = _walk(tmp_path, rules, seed=11, moves=55)
    assert {"EXCHANGE", "HandSummaryScene"} <= walk.phases_seen, walk.phases_seen


def test_no_overlay_outlives_its_close_over_a_computer_claim(tmp_path):
    d = Driver(str(tmp_path), rules="standard", seed=1, size=SIZES[0])
    assert d.play_until(lambda t: t.claim.offered_by is not None, max_frames=6000), "no computer claimed"
    walk = Walk(d, 1)
    walk.frame("the claim offered")
    walk.overlays(12)
    walk.run(20)
    assert "CLAIM" in walk.phases_seen, walk.phases_seen


def test_keys_and_clicks_made_while_a_menu_is_open_never_reach_the_bid_panel_under_it(tmp_path):
    d = Driver(str(tmp_path), rules={"mode": "partnership", "blind_nil_allowed": False}, seed=4, size=SIZES[0])
    table = d.table
    assert table is not None
    assert d.wait_for_person() == "act" and table.ctl.state.phase is Phase.BIDDING
    under = {name: button.rect.center for name, button in d.buttons().items() if name.startswith("bid_")}
    bids_before = len(table.ctl.state.log)
    d.press(Intent.MENU)
    assert type(d.app.stack.top).__name__ == "PauseScene"
    d.type_text("3")
    d.press(Intent.ERASE, Context.BIDDING)
    d.type_text("1")
    d.press(Intent.NIL, Context.BIDDING)
    for name in ("bid_1", "bid_3", "bid_5"):
        if name in under:
            d.click(under[name])  # on the menu's panel, or its veil over the bid buttons
    assert table.typed == "", "a key typed over the menu reached the bid panel"
    assert len(table.ctl.state.log) == bids_before, "a click on the menu made a bid"
    while d.app.stack.top is not table:
        d.press(Intent.BACK, Context.SCREEN)
    d.step(3)
    assert table.typed == "" and len(table.ctl.state.log) == bids_before
    assert table.accepting_input() and table.ctl.state.phase is Phase.BIDDING
