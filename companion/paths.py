"""Where the companion keeps its data: the platform's user data directory unless told otherwise."""

from __future__ import annotations

import os
import sys
from pathlib import Path

APP_DIR_NAME = "table-companion"
DATA_DIR_ENV = "COMPANION_DATA_DIR"


def default_data_dir() -> Path:
    override = os.environ.get(DATA_DIR_ENV)
    if override:
        return Path(override).expanduser()
    home = Path.home()
    if sys.platform == "win32":
        base = Path(os.environ.get("LOCALAPPDATA", home / "AppData" / "Local"))
    elif sys.platform == "darwin":
        base = home / "Library" / "Application Support"
    else:
        base = Path(os.environ.get("XDG_DATA_HOME") or home / ".local" / "share")
    return base / APP_DIR_NAME


def ensure_data_dir(path: Path | None = None) -> Path:
    path = Path(path) if path is not None else default_data_dir()
    # The family's games and names are theirs alone, whatever umask the app was started with.
    path.mkdir(mode=0o700, parents=True, exist_ok=True)
    return path
