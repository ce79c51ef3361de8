"""Drives the real app headless with real pygame events, for UI tests and screenshots."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from spades_desktop.ai import ComputerPlayer, Level
from spades_desktop.ai.judge import CheckerLevel
from spades_desktop.engine import actions as A
from spades_desktop.engine.seats import Seat
from spades_desktop.engine.state import Phase
from spades_desktop.ui.app import App, Options
from spades_desktop.ui.core.keymap import ANY_KEY, Context, Intent, binding_of, intent_of_key
from spades_desktop.ui.core.widgets import Button
from spades_desktop.ui.table import claims
from spades_desktop.ui.table.scene import TableScene

KEY_OF_DIGIT = {str(d): getattr(pygame, f"K_{d}") for d in range(10)}
#: keys tried for a binding of "any key", in this order
ANY_KEY_CANDIDATES = ("escape", "x", "q", "space", "return")
#: the intent that names each trump (and no trump) in an auction
TRUMP_INTENT = {A.NO_TRUMP: Intent.NO_TRUMP, A.TRUMP_BASE: Intent.TRUMP_CLUBS, A.TRUMP_BASE + 1: Intent.TRUMP_DIAMONDS,
                A.TRUMP_BASE + 2: Intent.TRUMP_HEARTS, A.TRUMP_BASE + 3: Intent.TRUMP_SPADES}

# A claim's proof, searched in the frame's slices of real time, finishes within the frame here (the
# proof's node budget bounds it): what the table offers then depends on the seed alone, not on how
# busy the machine is (on two busy cores a slice of 3 ms let the hand move on before the proof came).
claims.CLAIM_SLICE = 3600.0
#: the hard player's worlds a decision in a par the tests play (the real par's 400 take seconds a hand)
PAR_WORLDS_IN_TESTS = 8


def key_of(intent: Intent, context: Context = Context.TABLE) -> tuple[int, int]:
    """The key code and modifiers the keymap binds to ``intent`` in ``context``: its first key, with
    Ctrl and Shift as the binding asks (for tests that post events to an app without a driver)."""
    binding = binding_of(intent, context)
    mod = (pygame.KMOD_CTRL if binding.ctrl else 0) | (pygame.KMOD_SHIFT if binding.shift else 0)
    return pygame.key.key_code(binding.keys[0]), mod


class Driver:
    def __init__(self, home: str, rules: str | dict | None = "standard", seed: int = 1,
                 size: tuple[int, int] = (1280, 720), speed: str = "instant", mouse: bool = False,
                 workers: int | None = 0) -> None:
        os.environ["SPADES_DESKTOP_HOME"] = home
        preset_name = rules if isinstance(rules, str) else None
        # the computers think in the frame's slices here (reproducible under the seed, no processes
        # per test); tests of the worker processes give ``workers`` themselves
        self.app = App(Options(rules=preset_name, seed=seed, size=size, workers=workers,
                               par_worlds=PAR_WORLDS_IN_TESTS))
        # the play checker (on by default) judges in the frame's slices without workers: tests of it
        # turn it on themselves
        self.app.update_settings(animation_speed=speed, auto_play_forced=False, play_checker=CheckerLevel.OFF)
        if isinstance(rules, dict):
            self.app.update_settings(rules=rules)
        self.mouse = mouse
        self.brain = ComputerPlayer(Level.NORMAL, seed=seed)
        self.app.new_game()
        self.frames = 0

    def step(self, n: int = 1, dt: float = 1 / 60) -> None:
        for _ in range(n):
            self.app.frame(dt)
            self.frames += 1

    @property
    def table(self) -> TableScene | None:
        for scene in self.app.stack.scenes:
            if isinstance(scene, TableScene):
                return scene
        return None

    # -- real events
    @staticmethod
    def key_events(key: int, mod: int = 0) -> list[pygame.event.Event]:
        """A key press as SDL reports it: the key, then the text it types (if it types), then the release."""
        name = pygame.key.name(key)
        text = " " if name == "space" else name if len(name) == 1 else ""
        if name.startswith("[") and name[1:-1].isdigit():
            text = name[1:-1]  # the keypad's digits
        if mod & pygame.KMOD_SHIFT:
            text = text.upper()
        if mod & (pygame.KMOD_CTRL | pygame.KMOD_META | pygame.KMOD_ALT):
            text = ""
        events = [pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=text, scancode=0)]
        if text:
            events.append(pygame.event.Event(pygame.TEXTINPUT, text=text))
        events.append(pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode=text, scancode=0))
        return events

    def key(self, key: int, mod: int = 0) -> None:
        """Press and release a key (its text too, as SDL sends it), then run a frame."""
        for event in self.key_events(key, mod):
            pygame.event.post(event)
        self.step()

    def key_for(self, intent: Intent, context: Context = Context.TABLE) -> tuple[int, int]:
        """The key code and modifiers the keymap binds to ``intent`` in ``context``: its first key,
        with Ctrl and Shift as the binding asks ("any key": one the scene on top reads as ``intent``)."""
        if binding_of(intent, context).keys[0] == ANY_KEY:
            contexts = self.app.stack.top.key_contexts()
            return pygame.key.key_code(next(k for k in ANY_KEY_CANDIDATES if intent_of_key(contexts, k) is intent)), 0
        return key_of(intent, context)

    def press(self, intent: Intent, context: Context = Context.TABLE) -> None:
        """Press the key the keymap binds to ``intent`` in ``context`` ("press the hint key"), so a
        rebinding changes no test."""
        self.key(*self.key_for(intent, context))

    def type_text(self, text: str) -> None:
        """Type ``text`` a character at a time (a name, the digits of a bid): here the key is the subject."""
        for ch in text:
            if ch.isdigit():
                self.key(KEY_OF_DIGIT[ch])
            else:
                name = "space" if ch == " " else ch.lower()
                self.key(pygame.key.key_code(name), pygame.KMOD_SHIFT if ch.isupper() else 0)

    def bid(self, tricks: int, context: Context = Context.BIDDING) -> None:
        """Type a bid's digits and confirm it with the bidding's confirm key."""
        self.type_text(str(tricks))
        self.press(Intent.CONFIRM, context)

    def click(self, pos: tuple[int, int]) -> None:
        pos = (int(pos[0]), int(pos[1]))
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
        self.step()

    # -- playing the person's seat
    def wait_for_person(self, max_frames: int = 20000) -> str:
        """Run frames until the person must act ('act'), a modal waits ('modal') or the game ends."""
        for _ in range(max_frames):
            table = self.table
            if table is None:
                return "gone"
            if table.modal is not None:
                return "modal"
            if table.claim.offered_by is not None:  # a computer claims the rest: the person agrees
                self.press(Intent.ACCEPT_CLAIM, Context.CLAIM_OFFER)
                continue
            if table.accepting_input() and table.panel.is_current():
                return "act"
            self.step()
        raise AssertionError("the table never asked the person to act")

    def play_until(self, condition, max_frames: int = 36000) -> bool:
        """Play the person's seat (and close summaries) until ``condition(table)`` holds; False if
        it never does within ``max_frames`` frames."""
        for _ in range(max_frames):
            table = self.table
            if condition(table):
                return True
            if table.claim.offered_by is not None:  # a computer claims the rest: the person agrees
                self.press(Intent.ACCEPT_CLAIM, Context.CLAIM_OFFER)
            elif table.modal is not None:
                self.close_modal()
            elif table.accepting_input() and table.panel.is_current():
                self.act_once()
            else:
                self.step()
        return False

    def act_once(self) -> None:
        table = self.table
        assert table is not None
        state = table.ctl.state
        action = self.brain.decide(state.view(Seat.S))
        phase = state.phase
        before = len(state.log)
        if phase is Phase.PLAY:
            self.play_card(action)
        elif phase is Phase.EXCHANGE:
            self.exchange()
        elif self.mouse:
            self.click_button_for(action)
        elif phase is Phase.BIDDING:
            bidding = Context.AUCTION if state.is_auction else Context.BIDDING
            if action == A.PASS:
                self.press(Intent.PASS, Context.AUCTION)  # the pass key types the pass; confirm passes
                self.press(Intent.CONFIRM, Context.AUCTION)
            elif action == A.NIL:
                self.press(Intent.NIL, Context.BIDDING)  # the nil key types the nil; confirm bids it
                self.press(Intent.CONFIRM, Context.BIDDING)
            else:
                self.bid(A.bid_value(action), bidding)
        elif phase is Phase.BLIND_DECISION:
            if action == A.BLIND_NIL:
                self.press(Intent.BLIND_NIL, Context.BLIND_DECISION)  # types the blind nil; confirm bids it
            self.press(Intent.CONFIRM, Context.BLIND_DECISION)
        elif phase is Phase.DRAW:
            self.press(Intent.KEEP if action == A.KEEP else Intent.DISCARD, Context.DRAW)
        elif phase is Phase.TRUMP:
            self.press(TRUMP_INTENT[action], Context.TRUMP)
        assert len(table.ctl.state.log) > before, f"the UI did not act in {phase}"

    def buttons(self) -> dict[str, Button]:
        """The buttons a person could click now, by name: the top scene's, or the table's panel."""
        top = self.app.stack.top
        table = self.table
        group = table.panel.group if top is table and table is not None else getattr(top, "group", None)
        found = list(group.buttons) if group is not None else []
        return {b.name: b for b in found if b.rect is not None}

    def button(self, name: str) -> Button:
        """The button called ``name`` on screen now (a clear error lists the others)."""
        buttons = self.buttons()
        if name not in buttons:
            top = type(self.app.stack.top).__name__
            raise AssertionError(f"no button {name!r} on {top}; there are {sorted(buttons) or 'none'}")
        return buttons[name]

    def click_button(self, name: str) -> None:
        """Click the button called ``name`` at its centre with real mouse events."""
        self.click(self.button(name).rect.center)

    def click_button_for(self, action: int) -> None:
        """Click the table's button for an engine action, found by its name."""
        names = {A.PASS: "pass", A.NIL: "nil", A.BLIND_NIL: "blind_nil", A.LOOK: "look", A.KEEP: "keep",
                 A.DISCARD: "discard", A.NO_TRUMP: "no_trump"}
        if A.is_bid(action) and action != A.NIL:
            name = f"bid_{A.bid_value(action)}"
        elif A.TRUMP_BASE <= action < A.TRUMP_BASE + 4:
            name = "trump_" + ["clubs", "diamonds", "hearts", "spades"][action - A.TRUMP_BASE]
        else:
            name = names[action]
        self.click_button(name)

    def play_card(self, card: int) -> None:
        table = self.table
        assert table is not None
        cards = table.view.hands[Seat.S]
        index = cards.index(card)
        if self.mouse:
            sprite = table.view.human_sprites[card]
            # aim at the visible strip of the card (cards overlap to the right)
            x = sprite.x - table.layout.card_w * 0.5 + 6 if index < len(cards) - 1 else sprite.x
            self.click((x, sprite.y + table.layout.card_h * 0.3))
        else:  # the arrows step over the playable cards only, starting from the likeliest
            self.press(Intent.CURSOR_RIGHT, Context.PLAY)
            for _ in range(len(cards)):
                if table.selected == index:
                    break
                self.press(Intent.CURSOR_RIGHT, Context.PLAY)
            assert table.selected == index, "the arrows never reached the card"
            self.press(Intent.CHOOSE, Context.PLAY)

    def exchange(self) -> None:
        table = self.table
        assert table is not None
        state = table.ctl.state
        count = state.exchange_limit if not state.is_two else 1
        cards = list(table.view.hands[Seat.S])[:count]
        for card in cards:
            sprite = table.view.human_sprites[card]
            self.click((sprite.x - table.layout.card_w * 0.5 + 6, sprite.y + table.layout.card_h * 0.3))
        self.click_button("exchange_confirm")

    def close_modal(self) -> None:
        if self.mouse:
            self.click_button("continue" if "continue" in self.buttons() else "new_game")
        else:
            self.press(Intent.ACTIVATE, Context.FOCUSED)  # the summary's button has the focus

    def play_moves(self, moves: int) -> None:
        """Make ``moves`` of the person's decisions (closing summaries between), then wait for the
        next and let the writes land."""
        for _ in range(moves):
            if self.wait_for_person() == "modal":
                self.close_modal()
            else:
                self.act_once()
        self.wait_for_person()
        self.app.writer.flush()

    def play_hands(self, hands: int, max_actions: int = 2000) -> int:
        """Play the person's seat through the UI until ``hands`` hands are scored or the game ends."""
        table = self.table
        assert table is not None
        for _ in range(max_actions):
            outcome = self.wait_for_person()
            if outcome == "modal":
                table = self.table
                if table.modal.__class__.__name__ == "GameOverScene":
                    return table.hands_played
                self.close_modal()
                if table.hands_played >= hands:
                    return table.hands_played
            elif outcome == "act":
                self.act_once()
            else:
                return self.table.hands_played if self.table else 0
        raise AssertionError("too many actions")
