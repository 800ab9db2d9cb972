"""The update service: the one program that writes installed versions, and the kiosk's way to ask it.

On the kiosk, `table-companion-update.socket` listens on a Unix socket that only the kiosk's user may
open; each connection starts `python -m companion.updates.service` as the update service's own user,
with the connection as its input and output (systemd's Accept=yes). The kiosk sends one line naming the
update file, then the file itself; the service reads it through the signature-first reader, installs
it, and answers with one line: {"installed": version} or {"refused": why}. The service runs the
installed program (root's, read-only), never an update's, and trusts nothing the kiosk says: it checks
the file again from its first byte, with the keys only root can change.

What an install cut short leaves is removed at the next install, and at every boot by systemd-tmpfiles
(deploy/table-companion-updates.tmpfiles.in). Where no service is set up (a PC, the tests), the app
installs in its own process, through the same code.
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import socket
import sys
from pathlib import Path
from typing import BinaryIO

from . import machine
from .format import BUNDLE_LIMIT, SUFFIX, UpdateRefused
from .installing import install
from .keys import TrustedKeys
from .machine import running_version, updates_folder
from .reading import Checked, open_bundle

log = logging.getLogger(__name__)

SERVICE_ENV = "TABLE_COMPANION_UPDATE_SOCKET"
HEADER_LIMIT = 1024
ANSWER_LIMIT = 64 * 1024
# Unpacking and compiling the program takes a Pi 4 some seconds; a service that has said nothing by
# then is not coming back.
ANSWER_TIMEOUT = 600.0


def service_socket() -> Path | None:
    configured = os.environ.get(SERVICE_ENV)
    return Path(configured) if configured else None


# ----- the kiosk's side --------------------------------------------------------------------------------

def ask_to_install(path: Path, where: Path) -> str:
    """Sends the update file at `path` to the service listening on `where`; the version installed, or
    UpdateRefused with the service's reason."""
    with open_bundle(path) as source, socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as connection:
        connection.settimeout(ANSWER_TIMEOUT)
        try:
            connection.connect(str(where))
            connection.sendall(json.dumps({"name": path.name}).encode() + b"\n")
            sent = 0
            while chunk := source.read(256 * 1024):
                sent += len(chunk)
                if sent > BUNDLE_LIMIT:
                    raise UpdateRefused(f"{path.name} grew while it was read: copy the update onto the stick again")
                connection.sendall(chunk)
            connection.shutdown(socket.SHUT_WR)
            answer = _read_line(connection)
        except OSError as error:
            raise UpdateRefused(f"the update service did not answer ({error.strerror or error}): restart the table "
                                "and try again") from None
    try:
        said = json.loads(answer)
    except (UnicodeDecodeError, json.JSONDecodeError):
        said = None
    if isinstance(said, dict) and isinstance(said.get("installed"), str):
        return str(said["installed"])
    if isinstance(said, dict) and isinstance(said.get("refused"), str):
        raise UpdateRefused(said["refused"][:500])
    raise UpdateRefused("the update service gave no answer: restart the table and try again")


def _read_line(connection: socket.socket) -> bytes:
    answer = b""
    while b"\n" not in answer and len(answer) < ANSWER_LIMIT:
        chunk = connection.recv(4096)
        if not chunk:
            break
        answer += chunk
    return answer.split(b"\n", 1)[0]


# ----- the service's side ------------------------------------------------------------------------------

def serve(source: BinaryIO, answer: BinaryIO, folder: Path, running: str, keys: TrustedKeys) -> Checked | None:
    """One request: the update read from `source` and installed in `folder`, the outcome written to `answer`."""
    try:
        name = _header(source)
        checked = install(source, Path(name), folder, running, keys)
        reply: dict[str, str] = {"installed": checked.version}
    except UpdateRefused as refusal:
        log.warning("update refused: %s", refusal)
        reply, checked = {"refused": str(refusal)}, None
    except OSError as error:
        log.error("update not installed: %s", error)
        reply, checked = {"refused": f"the update could not be written ({error.strerror or error}); nothing was "
                                     "changed. Check the card's free space, then try again"}, None
    answer.write(json.dumps(reply).encode() + b"\n")
    answer.flush()
    return checked


def _header(source: BinaryIO) -> str:
    line = source.readline(HEADER_LIMIT)
    try:
        name = json.loads(line)["name"]
    except (UnicodeDecodeError, json.JSONDecodeError, KeyError, TypeError):
        raise UpdateRefused("the update could not be read: try again") from None
    if not isinstance(name, str) or name != os.path.basename(name) or not name.endswith(SUFFIX) \
            or not name.isprintable() or len(name) > 200:
        raise UpdateRefused("the update file's name is not one an update has")
    return name


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Install an update sent on standard input (the kiosk's update service).")
    parser.add_argument("--folder", type=Path, help="the updates folder (default: $TABLE_COMPANION_UPDATES)")
    arguments = parser.parse_args(argv)
    logging.basicConfig(stream=sys.stderr, level=logging.INFO, format="table-companion-update: %(message)s")
    folder = arguments.folder or updates_folder()
    if folder is None:
        parser.error("no updates folder: give --folder or set TABLE_COMPANION_UPDATES")
    checked = serve(sys.stdin.buffer, sys.stdout.buffer, folder, running_version(), machine.KEYS)
    return 0 if checked is not None else 1


if __name__ == "__main__":
    sys.exit(main())
