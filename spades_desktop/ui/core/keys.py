"""Key events read through the keymap: the pygame side of ``keymap`` (which needs no pygame)."""

from __future__ import annotations

from collections.abc import Iterable

import pygame

from .keymap import Context, Intent, KeyPress, intent_of


def key_press(event: pygame.event.Event) -> KeyPress:
    """A KEYDOWN event as the keymap reads it: the key's pygame name, Ctrl (or Cmd), Shift, its text."""
    mod = getattr(event, "mod", 0)
    return KeyPress(pygame.key.name(event.key), ctrl=bool(mod & (pygame.KMOD_CTRL | pygame.KMOD_META)),
                    shift=bool(mod & pygame.KMOD_SHIFT), text=getattr(event, "unicode", "") or "")


def intent_for(contexts: Iterable[Context], event: pygame.event.Event) -> Intent | None:
    """What a KEYDOWN event means in ``contexts`` (most specific first), or None."""
    return intent_of(contexts, key_press(event))
