"""What a start finds in the data directory before any window opens. What stops it (the directory
read-only, full or not a folder; the saved games unreadable just now; the settings file unusable) is
not raised but handed to the app, which shows it full screen with *Try again* and stays up, so the
kiosk's service does not restart it again and again; it is written to the journal too. Only a second
copy on the same data directory stops at once, with one line."""

from __future__ import annotations

import copy
import logging
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion import config as config_file
from companion.errors import BadOption, CompanionError
from companion.instance import DataDirInUse, hold_data_dir
from companion.paths import data_dir_state, ensure_data_dir
from companion.store import Store

log = logging.getLogger(__name__)


@dataclass
class Opened:
    """What a start found: the settings (the defaults where they could not be read), and the saved
    games, or why the app cannot start."""

    settings: dict[str, Any]
    store: Store | None
    problem: str | None = None
    settings_unusable: bool = False   # the problem is the settings file: the usual ones can stand in


def open_data(data_dir: Path) -> Opened:
    """The data directory taken, its settings read and its saved games opened; raises DataDirInUse when
    another copy holds it, and says any other problem in `problem`."""
    settings = copy.deepcopy(config_file.DEFAULTS)
    try:
        ensure_data_dir(data_dir)
        hold_data_dir(data_dir)
        try:
            settings = config_file.load(data_dir)
        except BadOption as error:
            problem = f"The settings file cannot be used: {error}."
            log.error("the app cannot start: %s", problem)
            return Opened(settings, None, problem, settings_unusable=True)
        return Opened(settings, Store.open(data_dir))
    except DataDirInUse:
        raise
    except OSError as error:   # StorageProblem and FileProblem among them
        problem = str(error) if isinstance(error, CompanionError) else (
            f"The data directory {data_dir} cannot be used ({error.strerror or error}): check that it is a "
            "folder this user may write, or start with another --data-dir.")
    except CompanionError as error:
        problem = str(error)
    log.error("the app cannot start: %s [%s]", problem, data_dir_state(data_dir))
    return Opened(settings, None, problem)
