"""Spades Desktop: a desktop Spades card game with strong computer players."""

from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("spades-desktop")
except PackageNotFoundError:  # running from a source tree that is not installed
    __version__ = "0.1.0"
