"""Tools for the people who make the game (not needed to play it)."""
