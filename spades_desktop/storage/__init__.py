"""Per-user files: settings, saved games, statistics and the log (the only place with file I/O)."""
