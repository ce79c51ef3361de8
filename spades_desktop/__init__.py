"""Spades Desktop: a desktop Spades card game with strong computer players."""

#: the game's version, said once: the package's metadata reads it from here (pyproject.toml), and
#: the title screen shows it without importlib.metadata, which cost the start 40 ms
__version__ = "0.1.0"
