"""A game being played, without pygame: the engine state, the computer seats and the game's lifecycle."""
