"""The kiosk's start: `python -m companion.launch [companion options]` picks the version to run (an
update from a stick once installed and confirmed, a pending one for its first try, else the installed
one) and replaces itself with `companion` from that version. It always runs from the installed
version, so a broken update cannot break the choosing. See companion.updates for the rules."""

from __future__ import annotations

import logging
import os
import sys

from . import updates
from .errors import CompanionError

START = "import sys, table_companion; sys.exit(table_companion.main())"


def main(argv: list[str]) -> int:
    logging.basicConfig(stream=sys.stderr, level=logging.INFO, format="companion launch: %(message)s")
    environment = dict(os.environ)
    folder = updates.updates_folder()
    chosen = None
    if folder is not None:
        try:
            chosen = updates.choose_start(folder, updates.running_version())
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
