"""The `companion` command, and the one place that puts the layers together: the pure core
(companion/), the GPIO layer (hardware/) and the Kivy app (ui/). The core never names the other two,
so this module sits above all three. It only parses arguments and hands each command to the module
that owns its job, so `companion --help` starts fast and works without a display."""

from __future__ import annotations

import argparse
import importlib
import logging
import sys
from pathlib import Path
from typing import Any

from companion.errors import CompanionError

BACKENDS = ("auto", "mock", "lgpio", "rpigpio", "none")


def _size(text: str) -> tuple[int, int]:
    try:
        width, height = (int(part) for part in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"size must look like 800x480, got {text!r}") from None
    if width < 320 or height < 240:
        raise argparse.ArgumentTypeError(f"size {text} is too small; the smallest supported screen is 320x240")
    return width, height


class _IntermixedParser(argparse.ArgumentParser):
    """A subcommand parser that lets options sit between its positionals: plain argparse settles an
    optional positional (the screenshot's OUT.png) at the first positional it meets, so
    `screenshot home --size 800x480 OUT.png` left OUT.png unrecognised."""

    _mixing = False

    def parse_known_args(self, args: Any = None, namespace: Any = None) -> Any:
        if self._mixing:
            return super().parse_known_args(args, namespace)
        self._mixing = True
        try:
            return self.parse_known_intermixed_args(args, namespace)
        finally:
            self._mixing = False


class _Version(argparse.Action):
    """--version, read from the installed package only when asked, so a normal start does not pay for it."""

    def __init__(self, option_strings: Any, dest: Any, **kwargs: Any) -> None:
        super().__init__(option_strings, dest, nargs=0, help="print the installed version and exit")

    def __call__(self, parser: Any, namespace: Any, values: Any, option_string: Any = None) -> None:
        from importlib.metadata import version

        print(f"table-companion {version('table-companion')}")
        parser.exit()


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="companion",
        description="Table companion for physical card games. With no command, starts the touchscreen app.",
        epilog="Keyboard: on the mock backend, keys 1-6 press the players' big buttons (see config.json 'keys'). "
               "Data (sessions, roster, race logs, config.json) lives in the data directory.",
    )
    parser.add_argument("--backend", choices=BACKENDS, default=None,
                        help="GPIO backend for the big buttons: lgpio (Raspberry Pi, kernel edge timestamps; "
                             "the default on a Pi), rpigpio (older Pis; timestamps taken in userspace, less fair), "
                             "mock (a PC: keyboard keys press simulated pins), none (on-screen buttons only). "
                             "Default: config.json 'backend', else auto (lgpio on a Pi, mock elsewhere).")
    parser.add_argument("--version", action=_Version)
    parser.add_argument("--fullscreen", action="store_true", help="fill the whole screen (the kiosk mode on the Pi)")
    parser.add_argument("--data-dir", type=Path, default=None,
                        help="where sessions, the roster and config.json live "
                             "(default: the platform's user data directory, or $COMPANION_DATA_DIR)")
    parser.add_argument("--size", type=_size, default=None, metavar="WxH",
                        help="window size on a PC, e.g. 800x480 (the official 7-inch display)")
    # For the crash test: play N random legal moves through the app, printing each acknowledged one.
    parser.add_argument("--autoplay", type=int, default=None, metavar="N", help=argparse.SUPPRESS)
    parser.add_argument("--autoplay-game", default="mix_the_mutts", help=argparse.SUPPRESS)

    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_IntermixedParser)

    shot = commands.add_parser("screenshot", help="render one screen headless to a PNG (for docs and tests)")
    shot.add_argument("screen", help="screen to render; 'list' prints the names")
    shot.add_argument("output", type=Path, nargs="?", help="PNG file to write")
    shot.add_argument("--size", type=_size, default=(800, 480), metavar="WxH", dest="shot_size",
                      help="window size, default 800x480")

    replay_game = commands.add_parser(
        "replay-game", help="apply a game log (JSON) and print the resulting state as JSON")
    replay_game.add_argument("file", type=Path, help='{"game": ..., "players": [...], "options": {...}, "actions": [...]}')

    replay_race = commands.add_parser(
        "replay-race", help="feed a race log (JSON lines) through the mock GPIO pins into the arbiter; print the decision")
    replay_race.add_argument("file", type=Path, help="one JSON object per line: an arm event, then edges")

    export = commands.add_parser("export-game", help="write a saved game's log as a JSON document")
    export.add_argument("session", nargs="?", type=int, help="session number (default: the most recent)")
    export.add_argument("output", type=Path, nargs="?", help="file to write (default: standard output)")

    importer = commands.add_parser(
        "import-game", help="save a game log (JSON) as a game the app can resume; nothing is saved if it is refused")
    importer.add_argument("file", type=Path, help="a document written by export-game")
    importer.add_argument("--data-dir", type=Path, default=argparse.SUPPRESS, help="as for the app")

    evening_importer = commands.add_parser(
        "import-evening", help="save every game of an evening (JSON from export-evening) at the times they were "
                               "played; all are checked first, and nothing is saved if one is refused")
    evening_importer.add_argument("file", type=Path, help="a document written by export-evening")
    evening_importer.add_argument("--data-dir", type=Path, default=argparse.SUPPRESS, help="as for the app")

    evening = commands.add_parser(
        "export-evening", help="write an evening's table and its games as JSON (or one CSV row per player per hand)")
    evening.add_argument("number", nargs="?", type=int, help="which evening: 1 = the newest (default), 2 = the one before")
    evening.add_argument("--csv", action="store_true",
                         help="CSV columns evening, game_number, game, hand, player, score, place, points")
    evening.add_argument("--bgstats", action="store_true",
                         help="the finished games as plays for the BG Stats app (docs/records.md)")
    evening.add_argument("--output", type=Path, default=None, metavar="FILE", help="file to write (default: standard output)")
    # SUPPRESS: given here or before the command, one value; the subcommand must not reset the main one.
    evening.add_argument("--data-dir", type=Path, default=argparse.SUPPRESS, help="as for the app")

    stats = commands.add_parser(
        "stats", help="every player's games, wins, win rate, streaks, time at the table and races; with NAME, one "
                      "full record with head to head, rival and nemesis; or a month, or a year in review")
    stats.add_argument("name", nargs="?", help="a player's name (any capitals)")
    stats.add_argument("--against", metavar="OTHER", default=None, help="NAME and OTHER head to head, game by game")
    stats.add_argument("--month", nargs="?", const="now", default=None, metavar="YYYY-MM",
                       help="a month's games, evenings, winners and buzzer records (default: this month)")
    stats.add_argument("--year", nargs="?", const="now", default=None, metavar="YYYY",
                       help="a year in review (default: this year)")
    stats.add_argument("--json", action="store_true", help="print the figures as JSON (docs/records.md)")
    stats.add_argument("--data-dir", type=Path, default=argparse.SUPPRESS, help="as for the app")

    doctor = commands.add_parser("doctor", help="check the buttons, display, touch, audio and data directory")
    doctor.add_argument("--json", action="store_true", help="print the findings as JSON")
    return parser


# Each command is served by a `main(args) -> int` in the module that does the work.
_HANDLERS = {
    None: "ui.main",
    "screenshot": "ui.screenshots",
    "replay-game": "companion.gamelog",
    "export-game": "companion.gamelog",
    "import-game": "companion.gamelog",
    "replay-race": "hardware.replay",
    "doctor": "hardware.doctor",
    "export-evening": "companion.evening_commands",
    "import-evening": "companion.evening_commands",
    "stats": "companion.stats_command",
}


def write_to_the_journal(app: bool) -> None:
    """The app's warnings and errors on standard error, which is the system journal under systemd, so
    `journalctl -u table-companion` tells a parent what went wrong. Kept apart from Kivy's own log
    (which the root logger carries), so each line is written once. A command says what went wrong in
    its own one line instead, so there they are dropped."""
    handler: logging.Handler = logging.NullHandler()
    if app:
        # Only the app writes to the journal: a command (a replay re-deciding a log) does not import
        # the journal's module and what it brings (logging.handlers, subprocess).
        from companion.journal import JournalFormatter

        handler = logging.StreamHandler(sys.stderr)
        handler.setFormatter(JournalFormatter("companion %(levelname)s %(name)s: %(message)s"))
    for name in ("companion", "ui", "hardware"):
        logger = logging.getLogger(name)
        if not logger.handlers:
            logger.addHandler(handler)
            logger.setLevel(logging.WARNING)
            logger.propagate = False


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    write_to_the_journal(app=args.command is None)
    module = importlib.import_module(_HANDLERS[args.command])
    try:
        return int(module.main(args) or 0)
    except CompanionError as error:
        print(f"companion: {error}", file=sys.stderr)
        return 2
    except OSError as error:
        from companion.files import describe

        # Anything a file or the storage refused that the command did not put in its own words.
        print(f"companion: {describe(error)}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
