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


def data_dir_state(path: Path) -> str:
    """The data directory as it stands, in one line for the journal after a bad evening: whether it is
    there and writable, the room left, and the saved games file's size. Never raises."""
    parts = [f"data directory {path}"]
    try:
        if not path.is_dir():
            return f"{parts[0]}: {'not a folder' if os.path.lexists(path) else 'missing'}"
        status = os.statvfs(path)
        if status.f_flag & os.ST_RDONLY:
            parts.append("on a read-only mount")
        elif not os.access(path, os.W_OK):
            parts.append("not writable by this user")
        parts.append(f"{status.f_bavail * status.f_frsize // 1024} KB free of "
                     f"{status.f_blocks * status.f_frsize // 1024} KB")
        for name in ("companion.sqlite3", "companion.sqlite3-wal"):
            file = path / name
            if os.path.lexists(file):
                parts.append(f"{name} {file.lstat().st_size} bytes")
    except OSError as error:
        parts.append(f"cannot be examined ({error.strerror or error})")
    return ", ".join(parts)
