"""The table: the game in play, its layout, the animator that shows the engine's events, the painter."""
