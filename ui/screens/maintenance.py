"""The Maintenance page, for a parent: what runs and how the table is, and what they can do about it
without a terminal. Reached by holding Settings' version row for three seconds (docs/raspberry-pi.md),
never by a tap, and said nowhere on screen.

It shows the version running (and an update waiting or one that did not start), the data card's free
space, the saved games' size and health (SQLite's integrity check), the checks of `companion doctor`
that are safe beside the running app (hardware.doctor.collect_in_app; the command itself cannot run
while the kiosk holds the buttons), and the last warnings and errors, from the system journal or the
app's own log (companion/journal.py says which). Everything is read off the screen's thread.

*Export everything* writes a backup folder to the USB stick (companion/backup.py) and releases the
stick as an export does; *Restore from USB stick* checks a backup in full, asks twice with what is
replaced, keeps the table's own files aside, puts the backup's in their place and starts the app
again; *Restart the table companion* stops the app, which the kiosk's unit starts again at once."""

from __future__ import annotations

import os
import shutil
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from kivy.app import App
from kivy.metrics import dp
from kivy.properties import StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.modalview import ModalView
from kivy.uix.screenmanager import Screen
from kivy.uix.scrollview import ScrollView
from kivy.utils import escape_markup

from companion import backup, exports, updates
from companion.errors import CompanionError
from companion.journal import Excerpt, last_errors, whole_log
from companion.progress import Cancelled, Task
from companion.store import DB_NAME, proven_damaged
from companion.words import counted
from hardware.doctor import INFO, OK, PROBLEM, WARNING, Finding, collect_in_app
from ui import theme
from ui.background import off_screen
from ui.exported import show_exported
from ui.places import Place
from ui.services import Services
from ui.widgets.basics import BigButton, MessageBar, Panel, PopupHeader, Text
from ui.widgets.confirm import ConfirmPopup
from ui.widgets.kv import load_kv
from ui.widgets.progress import ProgressPopup
from ui.widgets.text import breakable

if TYPE_CHECKING:
    from ui.navigation import Navigator

NO_STICK = "No USB stick found. Plug one in, wait a moment for it to open, then tap {} again."
MARKS = {OK: ("OK", theme.TEXT_DIM), INFO: ("Note", theme.TEXT_DIM), WARNING: ("Warning", theme.TEXT),
         PROBLEM: ("Problem", theme.DANGER)}


def megabytes(size: int) -> str:
    return f"{size / 1024 ** 2:,.1f} MB" if size < 1024 ** 3 else f"{size / 1024 ** 3:,.1f} GB"


def version_words() -> str:
    """The version running and, on the table, an update waiting or one that did not start."""
    said = f"Version {updates.running_version()} is running."
    folder = updates.updates_folder()
    if folder is None:
        return said
    state = updates.read_state(folder)
    if state.pending is not None:
        said += f" Version {state.pending} is installed and starts at the next start."
    if state.failed is not None:
        said += f" Version {state.failed} did not start, so this version came back by itself."
    return said


@dataclass(frozen=True)
class Survey:
    """What the page shows, read off the screen's thread."""

    storage: str
    health: str
    findings: tuple[Finding, ...]
    errors: Excerpt


def survey(services: Services) -> Survey:
    data_dir = Path(services.data_dir)
    disk = shutil.disk_usage(data_dir)
    size = sum(part.stat().st_size for part in data_dir.glob(f"{DB_NAME}*") if part.is_file())
    storage = (f"The data card has {megabytes(disk.free)} free of {megabytes(disk.total)}. The saved games "
               f"take {megabytes(size)}: {counted(services.store.game_count(), 'game')}.")
    # On a connection of its own, read only: the app's own goes on meanwhile.
    health = ("The saved games file is damaged (its integrity check fails): export everything to a stick now, "
              "and restore an earlier backup." if proven_damaged(data_dir / DB_NAME)
              else "The saved games file is whole (its integrity check passes).")
    findings = collect_in_app(data_dir, services.settings, services.hardware_if_open)
    return Survey(storage, health, tuple(findings), last_errors(data_dir))


def stop_app() -> None:
    """The app stops; on the table its unit starts it again at once (Restart=always)."""
    app = App.get_running_app()
    if app is not None:
        app.stop()


def restarts_by_itself() -> bool:
    """Whether something starts the app again once it stops: systemd names each service's run."""
    return bool(os.environ.get("INVOCATION_ID"))


class MaintenanceScreen(Screen):
    version = StringProperty("")
    storage = StringProperty("Reading the data card...")
    health = StringProperty("Checking the saved games...")
    checks = StringProperty("Running the checks...")
    errors_source = StringProperty("Reading the last errors...")

    def __init__(self, services: Services, navigator: Navigator, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.services, self.navigator = services, navigator
        self.version = version_words()
        self.popup: ModalView | None = None
        self.working: Task | None = None
        self.survey: Survey | None = None
        off_screen(lambda _task: survey(services), done=self.show, failed=self.not_surveyed,
                   stopped_words="the table could not be checked")

    @property
    def message(self) -> MessageBar:
        return self.ids["message"]

    def show(self, found: Survey) -> None:
        self.survey = found
        self.storage, self.health = found.storage, found.health
        problems = sum(finding.status == PROBLEM for finding in found.findings)
        self.checks = ("The checks of companion doctor, run beside the table companion: "
                       + ("no problem found." if not problems else f"{counted(problems, 'problem')} found."))
        findings = self.ids["findings"]
        findings.clear_widgets()
        for finding in sorted(found.findings, key=lambda finding: (finding.status != PROBLEM, finding.status != WARNING)):
            findings.add_widget(finding_line(finding))
        self.errors_source = (f"The last warnings and errors, newest last, from {found.errors.source}:"
                              if found.errors.lines else f"No warnings or errors in {found.errors.source}.")
        errors = self.ids["errors"]
        errors.clear_widgets()
        for line in found.errors.lines:
            errors.add_widget(Text(text=line, font_size=theme.FONT_SMALL, color=theme.TEXT_DIM, fine_print=True))

    def not_surveyed(self, problem: CompanionError) -> None:
        self.message.show(str(problem), problem=True, seconds=None)

    def back(self) -> None:
        self.navigator.go(Place.SETTINGS, self.services)

    # ----- export everything --------------------------------------------------------------------------
    def export_everything(self) -> None:
        found = exports.sticks()
        writable = [stick for stick in found if not stick.read_only]
        if not writable:
            said = (f"The USB stick {found[0].label} is read-only (is the lock switch on its side on?): nothing was "
                    "written." if found else NO_STICK.format("Export everything"))
            self.message.show(said, problem=True, seconds=None)
            return
        stick = writable[0]
        progress = self._progress(f"Exporting everything to {stick.label}")

        def work(task: Task) -> Path:
            return backup.make(self.services.store, self.services.data_dir, stick.path,
                               whole_log(self.services.data_dir), task)

        def done(folder: Path) -> None:
            self._finished(progress)
            show_exported(self.message, exports.Exported((folder,), stick))

        def failed(problem: CompanionError) -> None:
            self._finished(progress)
            cancelled = isinstance(problem, Cancelled)
            self.message.show("Cancelled: nothing was left on the stick." if cancelled else str(problem),
                              problem=not cancelled, seconds=None)

        self.working = off_screen(lambda task: self._stick_work(work, task, stick), done=done, failed=failed,
                                  progress=progress.show, stopped_words="the export stopped")

    @staticmethod
    def _stick_work(work: Any, task: Task, stick: exports.Stick) -> Any:
        try:
            return work(task)
        except OSError as error:
            raise CompanionError(f"The USB stick {stick.label} could not take the backup "
                                 f"({error.strerror or error}): nothing was left on it.") from None

    # ----- restore from a stick -------------------------------------------------------------------------
    def choose_backup(self) -> None:
        found = exports.sticks()
        if not found:
            self.message.show(NO_STICK.format("Restore from USB stick"), problem=True, seconds=None)
            return
        stick = found[0]
        self.message.show(f"Looking for backups on {stick.label}...", seconds=None)
        off_screen(lambda _task: backup.backups_on(stick.path), done=lambda listed: self._listed(stick, listed),
                   failed=self.not_surveyed, stopped_words="the stick could not be read")

    def _listed(self, stick: exports.Stick, listed: list[backup.Backup | tuple[Path, str]]) -> None:
        if not listed:
            self.message.show(f"The USB stick {stick.label} has no backup on it: a backup is a folder named "
                              f"{backup.PREFIX}<date>, which Export everything writes.", problem=True, seconds=None)
            return
        self.message.clear()
        self.popup = BackupsPopup(stick, listed, self.check_backup)
        self.popup.open()

    def check_backup(self, chosen: backup.Backup) -> None:
        progress = self._progress(f"Checking the backup of {chosen.when}")

        def work(task: Task) -> tuple[backup.Checked, int]:
            checked = backup.check(chosen, self.services.data_dir, task)
            return checked, len(self.services.store.history())

        def failed(problem: CompanionError) -> None:
            self._finished(progress)
            why = "cancelled" if isinstance(problem, Cancelled) else str(problem)
            self.message.show(f"Not restored: {why}. Nothing was changed.", problem=True, seconds=None)

        def done(result: tuple[backup.Checked, int]) -> None:
            self._finished(progress)
            self.ask_first(*result)

        self.working = off_screen(work, done=done, failed=failed, progress=progress.show,
                                  stopped_words="the backup could not be checked")

    def ask_first(self, checked: backup.Checked, here: int) -> None:
        settings = " and settings" if "config.json" in checked.backup.files else ""
        popup = ConfirmPopup(
            f"Restore the backup of {checked.backup.when}?",
            f"This table's saved games ({counted(here, 'game')}){settings} are replaced by the backup's "
            f"({counted(checked.games, 'game')}). This table's own are kept aside on its card first, never "
            "deleted.", "Restore...", lambda: self.ask_again(checked, here), no_text="Keep these")
        self._asking(popup, checked)

    def ask_again(self, checked: backup.Checked, here: int) -> None:
        then = ("The table companion then starts again on the backup." if restarts_by_itself()
                else "The table companion then closes: start it again.")
        popup = ConfirmPopup(
            f"Replace {counted(here, 'game')} with the backup's {checked.games:,}?",
            f"This is the last question. {then}", "Replace and restart", lambda: self.restore(checked),
            no_text="Keep these")
        self._asking(popup, checked)

    def _asking(self, popup: ConfirmPopup, checked: backup.Checked) -> None:
        popup.no_button.bind(on_release=lambda *_: self._kept(checked))
        self.popup = popup
        popup.open()

    def _kept(self, checked: backup.Checked) -> None:
        backup.discard(checked)
        self.message.show("Nothing was restored: the table's saved games are as they were.", seconds=None)

    def restore(self, checked: backup.Checked) -> None:
        # The saved games are closed first: nothing may write them while they are swapped.
        self.services.store.close()
        self.message.show("Restoring...", seconds=None)

        def done(aside: Path) -> None:
            self.message.show(f"Restored. This table's own files are kept in {aside}. Starting again...", seconds=None)
            stop_app()

        def failed(problem: CompanionError) -> None:
            self.message.show(f"{problem} Starting again...", problem=True, seconds=None)
            stop_app()

        off_screen(lambda _task: backup.restore(checked, self.services.data_dir), done=done, failed=failed,
                   stopped_words="the restore stopped")

    # ----- restart ----------------------------------------------------------------------------------------
    def ask_restart(self) -> ConfirmPopup:
        then = "starts again at once" if restarts_by_itself() else "closes (start it again afterwards)"
        self.popup = ConfirmPopup("Restart the table companion?",
                                  f"It {then}. A game in play is saved and can be resumed.", "Restart", stop_app,
                                  no_text="Not now")
        self.popup.open()
        return self.popup

    # ----- the work's popup -------------------------------------------------------------------------------
    def _progress(self, title: str) -> ProgressPopup:
        progress = ProgressPopup(title, on_cancel=lambda: self.working.cancel() if self.working else None)
        progress.open()
        return progress

    def _finished(self, progress: ProgressPopup) -> None:
        self.working = None
        progress.dismiss(animation=False)


def finding_line(finding: Finding) -> Text:
    """One check: its mark in words and colour, what was found, and what to do about it."""
    mark, colour = MARKS.get(finding.status, (finding.status, theme.TEXT))
    fix = f"\n[i]{escape_markup(breakable(finding.fix))}[/i]" if finding.fix and finding.status in (WARNING, PROBLEM) else ""
    # A finding may name a folder, whose path is wider than the page where the data directory is deep.
    return Text(text=f"[b][color={_hex(colour)}]{mark}[/color][/b]  {escape_markup(breakable(finding.summary))}{fix}",
                markup=True, font_size=theme.FONT_SMALL, fine_print=True)


def _hex(colour: Any) -> str:
    return "".join(f"{round(part * 255):02x}" for part in colour[:3])


class BackupsPopup(ModalView):
    """The backups on a stick, newest first, each a button with its date, games and version; one that
    cannot be read says why and takes no tap."""

    def __init__(self, stick: exports.Stick, listed: list[backup.Backup | tuple[Path, str]],
                 on_chosen: Any, **kwargs: Any) -> None:
        super().__init__(size_hint=(0.94, 0.94), auto_dismiss=False, **kwargs)
        self.on_chosen = on_chosen
        self.choices: list[BigButton] = []
        panel = Panel(orientation="vertical")
        panel.add_widget(PopupHeader(title=f"Restore from {stick.label}", on_close=self.dismiss))
        panel.add_widget(Text(text="Tap the backup to restore. It is checked in full first; then you are asked "
                                   "twice before anything changes.", font_size=theme.FONT_SMALL,
                              color=theme.TEXT_DIM, fine_print=True))
        column = BoxLayout(orientation="vertical", size_hint_y=None, spacing=theme.GAP)
        column.bind(minimum_height=column.setter("height"))
        for item in listed:
            if isinstance(item, backup.Backup):
                button = BigButton(text=f"[b]{escape_markup(item.folder.name)}[/b]\n{escape_markup(item.words)}",
                                   markup=True, halign="left", bold=False, height=theme.TOUCH_BIG)
                button.bind(on_release=lambda _button, chosen=item: self.choose(chosen))
                self.choices.append(button)
                column.add_widget(button)
            else:
                folder, why = item
                column.add_widget(Text(text=f"{folder.name}: {why}", color=theme.TEXT_DIM, font_size=theme.FONT_SMALL,
                                       fine_print=True))
        scroll = ScrollView(do_scroll_x=False, bar_width=dp(6))
        scroll.add_widget(column)
        panel.add_widget(scroll)
        self.add_widget(panel)

    def choose(self, chosen: backup.Backup) -> None:
        self.dismiss(animation=False)
        self.on_chosen(chosen)


load_kv(__file__)
