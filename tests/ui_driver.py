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
from spades_desktop.ui.core.keymap import Context, Intent, binding_of
from spades_desktop.ui.core.widgets import Button
from spades_desktop.ui.table import claims
from spades_desktop.ui.table.scene import TableScene

KEY_OF_DIGIT = {str(d): getattr(pygame, f"K_{d}") for d in range(10)}

# A claim's proof, searched in the frame's slices of real time, finishes within the frame here (the
# proof's node budget bounds it): what the table offers then depends on the seed alone, not on how
# busy the machine is (on two busy cores a slice of 3 ms let the hand move on before the proof came).
claims.CLAIM_SLICE = 3600.0


class Driver:
    def __init__(self, home: str, rules: str | dict | None = "standard", seed: int = 1,
                 size: tuple[int, int] = (1280, 720), speed: str = "instant", mouse: bool = False,
                 workers: int | None = 0) -> None:
        os.environ["SPADES_DESKTOP_HOME"] = home
        preset_name = rules if isinstance(rules, str) else None
        # the computers think in the frame's slices here (reproducible under the seed, no processes
        # per test); tests of the worker processes give ``workers`` themselves
        self.app = App(Options(rules=preset_name, seed=seed, size=size, workers=workers))
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

    def press(self, intent: Intent, context: Context = Context.TABLE) -> None:
        """Press the key the keymap binds to ``intent`` in ``context`` ("press the hint key"), so a
        rebinding changes no test: its first key, with Ctrl and Shift as the binding asks."""
        binding = binding_of(intent, context)
        key = pygame.key.key_code(binding.keys[0])
        mod = (pygame.KMOD_CTRL if binding.ctrl else 0) | (pygame.KMOD_SHIFT if binding.shift else 0)
        self.key(key, mod)

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
                self.key(pygame.K_RETURN)
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
                self.key(pygame.K_RETURN)
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
            if action == A.PASS:
                self.key(pygame.K_p)
            elif action == A.NIL:
                self.key(pygame.K_n)  # N types the nil; Enter bids it
                self.key(pygame.K_RETURN)
            else:
                for ch in str(A.bid_value(action)):
                    self.key(KEY_OF_DIGIT[ch])
                self.key(pygame.K_RETURN)
        elif phase is Phase.BLIND_DECISION:
            if action == A.BLIND_NIL:
                self.key(pygame.K_b)  # B types the blind nil; Enter bids it
            self.key(pygame.K_RETURN)
        elif phase is Phase.DRAW:
            self.key(pygame.K_k if action == A.KEEP else pygame.K_d)
        elif phase is Phase.TRUMP:
            keys = {A.NO_TRUMP: pygame.K_n, A.TRUMP_BASE: pygame.K_c, A.TRUMP_BASE + 1: pygame.K_d,
                    A.TRUMP_BASE + 2: pygame.K_h, A.TRUMP_BASE + 3: pygame.K_s}
            self.key(keys[action])
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
            self.key(pygame.K_RIGHT)
            for _ in range(len(cards)):
                if table.selected == index:
                    break
                self.key(pygame.K_RIGHT)
            assert table.selected == index, "the arrows never reached the card"
            self.key(pygame.K_RETURN)

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
            self.key(pygame.K_RETURN)

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
