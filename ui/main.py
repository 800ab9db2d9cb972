"""Starting the app: settings, data, hardware, then the Kivy window. Kivy is configured before it is
imported, because it reads its window settings at import time."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from companion.journal import keep_log
from companion.paths import default_data_dir
from ui.start import open_data


def prepare_kivy(size: tuple[int, int] | None, fullscreen: bool) -> None:
    os.environ.setdefault("KIVY_NO_ARGS", "1")
    # Kivy runs modules its home's config.ini names, so its home is never the data directory (which
    # the kiosk user writes) but one of the running user's own; the kiosk's unit sets a read-only one.
    if "KIVY_HOME" not in os.environ:
        home = Path.home() / ".cache" / "table-companion" / "kivy"
        home.mkdir(mode=0o700, parents=True, exist_ok=True)  # Kivy makes only the last folder itself
        os.environ["KIVY_HOME"] = str(home)
    from kivy.config import Config

    from ui.kiosk import close_toolkit_keys

    if size:
        Config.set("graphics", "width", str(size[0]))
        Config.set("graphics", "height", str(size[1]))
    Config.set("graphics", "fullscreen", "auto" if fullscreen else "0")
    # Before the window opens, so no module of Kivy's config ever starts with it.
    close_toolkit_keys()
    _quiet_missing_mtdev()
    if not fullscreen:
        # On a PC, right-click would otherwise leave red multitouch dots on screen. The kiosk keeps its
        # single touch source from the installed Kivy config: a second source would double every tap.
        Config.set("input", "mouse", "mouse,disable_multitouch")


def _quiet_missing_mtdev() -> None:
    """Kivy prints a long traceback when a PC has no libmtdev (a touchscreen driver library the Pi
    installs); it is harmless there, so the provider probe runs with the log muted."""
    if not sys.platform.startswith("linux") or _loads("libmtdev.so.1"):
        return
    from kivy.logger import LOG_LEVELS, Logger

    level = Logger.level
    Logger.setLevel(LOG_LEVELS["critical"])
    try:
        import kivy.input.providers  # noqa: F401  (the probe happens on this import)
    finally:
        Logger.setLevel(level)


def _loads(library: str) -> bool:
    """Whether the dynamic loader finds `library`, asked the way Kivy's probe asks. Not
    ctypes.util.find_library, which runs ldconfig (and gcc, when the library is missing): 15-30 ms
    of the start on an idle PC, far more on a busy one."""
    import ctypes

    try:
        ctypes.CDLL(library)
    except OSError:
        return False
    return True


def main(args: argparse.Namespace) -> int:
    data_dir = Path(args.data_dir) if args.data_dir is not None else default_data_dir()
    opened = open_data(data_dir)
    keep_log(data_dir)   # the Maintenance page reads it where the journal cannot be read
    fullscreen = args.fullscreen or opened.settings["display"]["fullscreen"]
    prepare_kivy(args.size or (1280, 720) if not fullscreen else None, fullscreen)

    from ui.app import CompanionApp

    app = CompanionApp.create(data_dir=data_dir, settings=opened.settings, backend=args.backend,
                              autoplay=args.autoplay, autoplay_game=args.autoplay_game, opened=opened,
                              reopen=lambda: open_data(data_dir))
    app.run()
    return 0


if __name__ == "__main__":
    from table_companion import main as cli_main

    sys.exit(cli_main())
