"""What every screen is built from: the scene stack, widgets, text fields, tweens, sound, theme and keymap."""
