"""What this machine runs, and where its updates go."""

from __future__ import annotations

import os
from pathlib import Path

from .format import APP
from .keys import TrustedKeys

# Set by the kiosk's unit: where versions are unpacked and which is started. Unset (a PC), the app
# offers no updates; it is updated as it was installed.
UPDATES_ENV = "TABLE_COMPANION_UPDATES"
# The keys updates are checked with on this machine (root's; see keys.py).
KEYS = TrustedKeys()


def running_version() -> str:
    """The version of the code running now: an unpacked update carries its own metadata, found first."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version(APP)
    except PackageNotFoundError:
        from .. import __version__

        return __version__


def updates_folder() -> Path | None:
    configured = os.environ.get(UPDATES_ENV)
    return Path(configured) if configured else None
