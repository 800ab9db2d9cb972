"""What went wrong lately, for the Maintenance page and the backup a parent takes to whoever helps them.

Two places hold it, and the app reads whichever it can:
- the system journal of the kiosk's unit (`journalctl -u table-companion`), which the app's warnings
  and errors reach with their level (see `journal_line`): readable when the table's system lets the
  kiosk's user read the journal (its `systemd-journal` group);
- the app's own log in its data directory (`logs/table-companion.log`, warnings and errors only, two
  files of 256 KB at most), kept wherever the app runs, so a PC or a kiosk whose journal cannot be read
  still has one.
The journal is used when it can be read and has the unit's lines; otherwise the app's own log. An
`Excerpt` says which it is.
"""

from __future__ import annotations

import logging
import logging.handlers
import os
import subprocess
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from .files import FileProblem, read_text

UNIT = "table-companion"
LOG_FOLDER = "logs"
LOG_NAME = "table-companion.log"
LOG_BYTES = 256 * 1024
LOGGERS = ("companion", "ui", "hardware")
# journalctl's words when this user may not read the system's journal.
_NOT_ALLOWED = ("not seeing messages from other users", "insufficient permissions", "no journal files were")

Run = Callable[..., "subprocess.CompletedProcess[str]"]


@dataclass(frozen=True)
class Excerpt:
    """Lines of what went wrong, newest last, and where they were read."""

    source: str
    lines: tuple[str, ...]


def log_path(data_dir: Path) -> Path:
    return Path(data_dir) / LOG_FOLDER / LOG_NAME


def keep_log(data_dir: Path) -> None:
    """The app's warnings and errors written to its own log too. A card that cannot take it (full,
    read-only) leaves the app without one rather than stopping it."""
    path = log_path(data_dir)
    try:
        path.parent.mkdir(mode=0o700, exist_ok=True)
        handler = logging.handlers.RotatingFileHandler(path, maxBytes=LOG_BYTES, backupCount=1, encoding="utf-8",
                                                       delay=True)
    except OSError:
        return
    handler.setLevel(logging.WARNING)
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    for name in LOGGERS:
        logging.getLogger(name).addHandler(handler)


# The journal reads a line's level from a "<N>" in front of it (syslog's numbers), else takes it as news.
_SYSLOG_LEVELS = ((logging.CRITICAL, 2), (logging.ERROR, 3), (logging.WARNING, 4), (logging.INFO, 6))


class JournalFormatter(logging.Formatter):
    """Each line with its level for the journal, when standard error is the journal (systemd says so in
    $JOURNAL_STREAM): `journalctl -p warning` then finds the app's warnings and errors."""

    def format(self, record: logging.LogRecord) -> str:
        text = super().format(record)
        if not os.environ.get("JOURNAL_STREAM"):
            return text
        level = next((number for floor, number in _SYSLOG_LEVELS if record.levelno >= floor), 7)
        return "\n".join(f"<{level}>{line}" for line in text.splitlines())


def last_errors(data_dir: Path, count: int = 50, run: Run = subprocess.run) -> Excerpt:
    """The last `count` warnings and errors: from the journal when it can be read and has some, else
    from the app's own log."""
    said = _journal(["-p", "warning", "-n", str(count)], run)
    if said:
        return Excerpt(f"the system journal (journalctl -u {UNIT})", tuple(said))
    return Excerpt(f"the app's own log ({log_path(data_dir)})", tuple(_logged(data_dir)[-count:]))


def whole_log(data_dir: Path, count: int = 3000, run: Run = subprocess.run) -> str:
    """What a backup carries: the unit's journal, everything it said (the starts and stops too), else
    the app's own log."""
    said = _journal(["-n", str(count)], run)
    source, lines = (f"journalctl -u {UNIT}", said) if said else (str(log_path(data_dir)), _logged(data_dir))
    return f"# {source}\n" + "".join(f"{line}\n" for line in lines)


def _journal(options: list[str], run: Run) -> list[str]:
    """The unit's journal lines, or none when the journal cannot be read here (no journalctl, or this
    user may not read the system's journal) or has nothing of the unit's."""
    try:
        done = run(["journalctl", "-u", UNIT, *options, "--no-pager", "-o", "short-iso"], capture_output=True,
                   text=True, timeout=30, check=False)
    except (OSError, subprocess.TimeoutExpired):
        return []
    if done.returncode != 0 or any(words in done.stderr.lower() for words in _NOT_ALLOWED):
        return []
    return [line for line in done.stdout.splitlines() if line.strip() and not line.startswith("-- ")]


def _logged(data_dir: Path) -> list[str]:
    path = log_path(data_dir)
    lines: list[str] = []
    for part in (path.with_name(path.name + ".1"), path):
        try:
            lines += read_text(part, 2 * LOG_BYTES, what="log").splitlines()
        except FileProblem:
            continue
    return lines
