"""Where per-user files live: platformdirs folders, or one folder named by SPADES_DESKTOP_HOME."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

APP_NAME = "SpadesDesktop"
HOME_ENV = "SPADES_DESKTOP_HOME"


@dataclass(frozen=True)
class UserPaths:
    config: Path  # settings
    data: Path  # saves and statistics
    log: Path

    @property
    def settings_file(self) -> Path:
        return self.config / "settings.json"

    @property
    def saves(self) -> Path:
        return self.data / "saves"

    @property
    def records(self) -> Path:
        """Exported hand records and game reviews."""
        return self.data / "records"

    @property
    def autosave_file(self) -> Path:
        return self.data / "autosave.json"

    @property
    def statistics_file(self) -> Path:
        return self.data / "statistics.json"

    @property
    def lock_file(self) -> Path:
        return self.data / "spades-desktop.lock"

    @property
    def log_file(self) -> Path:
        return self.log / "spades-desktop.log"

    @property
    def folders(self) -> tuple[Path, ...]:
        return (self.config, self.data, self.saves, self.log)

    def ensure(self) -> UserPaths:
        """Make the folders; raises OSError if one cannot be made (the app uses ``make_folders``,
        which reports instead)."""
        for folder in self.folders:
            folder.mkdir(parents=True, exist_ok=True)
        return self

    def holds(self, path: Path) -> bool:
        """Whether ``path`` lies inside one of the game's own folders (where only the game writes)."""
        target = path.expanduser().resolve()
        return any(target.is_relative_to(folder.expanduser().resolve())
                   for folder in (self.config, self.data, self.log))


def user_paths(environ: dict[str, str] | None = None) -> UserPaths:
    """The folders for this user; ``SPADES_DESKTOP_HOME`` puts them all under one folder."""
    env = os.environ if environ is None else environ
    home = env.get(HOME_ENV)
    if home:
        root = Path(home).expanduser()
        return UserPaths(config=root / "config", data=root / "data", log=root / "logs")
    import platformdirs

    return UserPaths(
        config=Path(platformdirs.user_config_dir(APP_NAME, appauthor=False)),
        data=Path(platformdirs.user_data_dir(APP_NAME, appauthor=False)),
        log=Path(platformdirs.user_log_dir(APP_NAME, appauthor=False)),
    )
