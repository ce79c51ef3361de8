"""Sound effects made by the program (no files needed, see ``card_sounds``); silent without an
audio device."""

from __future__ import annotations

import threading

import pygame


class Sounds:
    """The table's short synthesized sounds.  Nothing happens until ``load`` (called once the
    first frame is on screen): opening the audio device and ~0.1 s of pure-Python synthesis run
    in a background thread then, so they neither delay the first frame nor take the interpreter
    from it while it is drawn.  A sound asked for before it is ready is simply not played."""

    def __init__(self) -> None:
        self.enabled = False
        self.volume = 0.7
        self.muted = False
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        self._loader: threading.Thread | None = None
        self._closing = threading.Event()

    def load(self) -> None:
        """Open the audio device and make the sounds, in the background (once)."""
        if self._loader is None:
            self._loader = threading.Thread(target=self._build, name="spades-sounds", daemon=True)
            self._loader.start()

    def _build(self) -> None:
        from .card_sounds import RATE, RECIPES, render  # (imported here: the start does not wait for it)

        try:
            if pygame.mixer.get_init() != (RATE, -16, 1):
                # the samples are 16-bit mono at RATE: the mixer takes them so, whatever the device
                # is (allowedchanges=0 has SDL convert), else they would play at the wrong speed
                pygame.mixer.quit()
                pygame.mixer.init(frequency=RATE, size=-16, channels=1, allowedchanges=0)
            for name, recipe in RECIPES.items():
                if self._closing.is_set():
                    return
                self._sounds[name] = pygame.mixer.Sound(buffer=render(recipe).tobytes())
        except pygame.error:
            return  # no audio device: the game runs silent
        self.enabled = True

    def close(self, timeout: float = 2.0) -> None:
        """Before pygame quits: the loader stops after the sound it is making (pygame quitting under
        a thread still opening the mixer or making a sound could crash the process on its way out)."""
        self._closing.set()
        if self._loader is not None:
            self._loader.join(timeout)

    def set_volume(self, volume: float, muted: bool) -> None:
        self.volume = max(0.0, min(1.0, volume))
        self.muted = muted

    def play(self, name: str) -> None:
        if not self.enabled or self.muted or self.volume <= 0:
            return
        sound = self._sounds.get(name)
        if sound is not None:
            sound.set_volume(self.volume)
            sound.play()
