"""The desktop interface, in rooms: ``core`` (scenes, widgets, tweens, sound, theme, keymap),
``cards`` (card art and sprites), ``table`` (the game in play), ``screens`` (menus, files,
settings) and ``text`` (what the screens say, as pure functions without pygame); ``app`` runs the
window and ``registry`` builds every scene."""
