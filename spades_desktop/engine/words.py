"""Words the game writes in more than one place, said once (no pygame): counts with their nouns."""

from __future__ import annotations


def plural(n: int, word: str, words: str | None = None) -> str:
    """'1 trick', '2 tricks', '0 tricks'; ``words`` for a plural that is not the word and an s."""
    return f"{n} {word if n == 1 else words or word + 's'}"
