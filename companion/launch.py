"""The kiosk's start: `python -m companion.launch [companion options]` picks the version to run (an
update from a stick once installed and confirmed, a pending one for its first try, else the installed
one) and replaces itself with `companion` from that version. It always runs from the installed
version, so a broken update cannot break the choosing. See companion.updates for the rules."""

from __future__ import annotations

import argparse
import logging
import os
import sys
from pathlib import Path

from . import updates
from .errors import CompanionError
from .paths import default_data_dir
from .updates.installing import tidy
from .updates.service import service_socket
from .updates.start import SWITCHED_BACK_ENV

START = "import sys, table_companion; sys.exit(table_companion.main())"


def data_dir_of(argv: list[str]) -> Path:
    """The data directory the app is started on, read from its options as `companion` reads them."""
    parser = argparse.ArgumentParser(add_help=False)
    parser.add_argument("--data-dir", type=Path)
    known, _ = parser.parse_known_args(argv)
    return known.data_dir or default_data_dir()


def main(argv: list[str]) -> int:
    logging.basicConfig(stream=sys.stderr, level=logging.INFO, format="companion launch: %(message)s")
    environment = dict(os.environ)
    environment.pop(SWITCHED_BACK_ENV, None)
    folder = updates.updates_folder()
    chosen = None
    if folder is not None:
        # Where the update service installs, the versions are its own and this user leaves them alone; only
        # where this process installs too (no service) does it also clear what a cut-short install left.
        sealed = service_socket() is not None
        try:
            if not sealed:
                tidy(folder)
            start = updates.choose_start(folder, updates.running_version(), data_dir_of(argv), sealed=sealed)
            chosen = start.folder
            if start.switched_back_from is not None:
                environment[SWITCHED_BACK_ENV] = start.switched_back_from
        except (OSError, CompanionError) as problem:
            # The updates folder cannot be written: the installed version always starts.
            logging.warning("could not read or write %s (%s); starting the installed version", folder, problem)
    if chosen is not None:
        environment["PYTHONPATH"] = os.pathsep.join(filter(None, [str(chosen), environment.get("PYTHONPATH")]))
    # -P: the working directory is not searched first, so only the chosen version's files are found.
    os.execve(sys.executable, [sys.executable, "-P", "-c", START, *argv], environment)
    return 0   # not reached: execve replaced this process


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
