"""Settings' version row: the version running and, on the kiosk, an update from a USB stick. The
stick is read and the update checked and unpacked off the screen's thread; the family is asked
once before it is installed, and then whether to restart into it now (see companion/updates/)."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

from kivy.app import App

from companion import exports, updates
from companion.errors import CompanionError
from companion.progress import Task
from companion.store import Store
from companion.words import counted
from ui.background import off_screen
from ui.widgets.basics import BigButton, MessageBar
from ui.widgets.confirm import ConfirmPopup

BUTTON = "Update from stick"
NO_STICK = ("No USB stick found. Put in the stick with the update, wait a moment for it to open, then tap "
            f"{BUTTON} again.")


def version_words() -> tuple[str, str]:
    """The row's title and its explanation."""
    title = f"Version {updates.running_version()}"
    if updates.updates_folder() is None:
        return title, "Updated the way it was installed."
    return title, ("A newer version comes on a USB stick, as a file named table-companion-<version>.tcupdate. "
                   "The saved games are kept.")


class UpdateButton(BigButton):
    """Looks for an update on the stick, and offers it."""

    def __init__(self, message: MessageBar, folder: Path, **kwargs: Any) -> None:
        super().__init__(text=BUTTON, **kwargs)
        self.message, self.folder = message, folder
        self.popup: ConfirmPopup | None = None
        self.bind(on_release=lambda *_: self.look())

    def look(self) -> None:
        found = exports.sticks()
        if not found:
            self.message.show(NO_STICK, problem=True, seconds=None)
            return
        stick = found[0]
        self.disabled = True
        self.message.show(f"Looking for an update on the USB stick {stick.label}...", seconds=None)
        off_screen(lambda _task: newest_update(stick), done=self.offer, failed=self.refused,
                   stopped_words="the update could not be checked")

    def refused(self, problem: CompanionError) -> None:
        self.disabled = False
        self.message.show(f"Not updated: {problem}. Nothing was changed.", problem=True, seconds=None)

    def offer(self, checked: updates.Checked) -> None:
        self.disabled = False
        self.message.clear()
        self.popup = ConfirmPopup(
            f"Install version {checked.version}?",
            f"This is version {updates.running_version()}. Version {checked.version} is installed beside it and "
            "starts the next time the table companion starts; if it does not start, this version comes "
            "back by itself. The saved games stay as they are.",
            "Install", lambda: self.install(checked), no_text="Not now")
        self.popup.open()

    def install(self, checked: updates.Checked) -> None:
        self.disabled = True
        self.message.show(f"Installing version {checked.version}...", seconds=None)
        off_screen(lambda _task: updates.install(checked, self.folder), done=lambda _: self.installed(checked),
                   failed=self.refused, stopped_words="the update could not be installed")

    def installed(self, checked: updates.Checked) -> None:
        self.disabled = False
        self.message.show(f"Version {checked.version} is installed: it starts at the next start.", seconds=None)
        self.popup = ConfirmPopup(
            f"Start version {checked.version} now?",
            "The table companion closes and starts again at once, with the new version. A game in play is "
            "saved and can be resumed.",
            "Restart now", restart, no_text="Later")
        self.popup.open()


def switched_back_words() -> str:
    """What Home says first when this start dropped an update that never started (companion.launch tells
    it); "" otherwise."""
    failed = os.environ.get(updates.SWITCHED_BACK_ENV, "")
    if not updates.VERSION_PATTERN.match(failed):
        return ""
    return (f"The update to version {failed} did not start, so the table went back to version "
            f"{updates.running_version()}. The saved games are as they were before it.")


def newest_update(stick: exports.Stick) -> updates.Checked:
    """The newest update file on the stick, checked in full; UpdateRefused saying why otherwise."""
    found = updates.bundles_on(stick.path)
    if not found:
        raise updates.UpdateRefused(f"the USB stick {stick.label} has no update on it (a file named "
                                    f"table-companion-<version>{updates.SUFFIX} at the top of the stick)")
    return updates.check(found[0], updates.running_version())


def restart() -> None:
    # The kiosk's service starts the app again at once (Restart=always), and its start runs the new version.
    App.get_running_app().stop()


def started(store: Store) -> None:
    """Once Home is on the screen: a pending update has started well and becomes the version (see
    companion.updates), and the journal says which version runs over how many saved games."""
    def confirm(_task: Task) -> str:
        version = updates.running_version()
        folder = updates.updates_folder()
        switched = folder is not None and updates.confirm_started(folder, version)
        # Counted, not read: this runs while Home's first frames are drawn, and on a Pi reading a
        # thousand games back would take the interpreter from them for a good part of a second.
        games = counted(store.game_count(), "saved game")
        return (f"table-companion {version} started{' (an update, now confirmed)' if switched else ''}: "
                f"Home is on the screen, {games}")

    def said(words: str) -> None:
        print(words, file=sys.stderr, flush=True)

    off_screen(confirm, done=said, failed=lambda problem: said(f"table-companion started; {problem}"))
