"""The Maintenance page as a parent uses it, by touch: reached by holding Settings' version row (a tap does
nothing), it exports everything to a USB stick and restores it, asked twice with the games on each side,
the table's own files kept aside; a damaged backup is refused and nothing changes."""

from __future__ import annotations

import hashlib
import json
import sqlite3
import time

import pytest

pytest.importorskip("kivy")

from kivy.base import EventLoop  # noqa: E402
from kivy.core.window import Window  # noqa: E402
from kivy.tests.common import UnitTestTouch  # noqa: E402
from stick_support import plug_in  # noqa: E402
from test_ui_corrections import check_layout  # noqa: E402
from test_ui_preferences import open_settings  # noqa: E402
from ui_support import buttons_reading, settle, settle_until, tap, window_of  # noqa: E402

from companion import backup, config  # noqa: E402
from companion.playthrough import table_of  # noqa: E402
from companion.store import DB_NAME, Store  # noqa: E402
from ui.places import Place  # noqa: E402
from ui.screens import maintenance  # noqa: E402
from ui.screens.maintenance import BackupsPopup, MaintenanceScreen  # noqa: E402
from ui.screens.preferences import PreferencesScreen  # noqa: E402
from ui.widgets.confirm import ConfirmPopup  # noqa: E402


def shown(kind):
    return next((child for child in Window.children if isinstance(child, kind)), None)


def the(root, text):
    (button,) = buttons_reading(root, text)
    return button


def hold(widget, seconds: float) -> None:
    """A finger kept on `widget` for `seconds`, the screen drawing meanwhile, then lifted."""
    settle()
    touch = UnitTestTouch(*widget.to_window(widget.x + 20, widget.center_y))
    touch.touch_down()
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        EventLoop.idle()
        time.sleep(0.01)
    touch.touch_up()
    settle()


def version_row(screen: PreferencesScreen):
    return screen.maintenance_hold.widget


def played(store: Store, games: int) -> None:
    for _ in range(games):
        session = store.new_session("nut", table_of(2))
        import random

        rng = random.Random(3)
        while not session.is_over:
            session.perform(rng.choice(session.game.legal_actions(session.state, rng)))


@pytest.fixture
def stop_app(monkeypatch):
    stopped = []
    monkeypatch.setattr(maintenance, "stop_app", lambda: stopped.append(True))
    return stopped


def test_the_page_opens_by_holding_the_version_row_three_seconds_and_not_by_a_tap(services, navigator):
    screen = open_settings(services, navigator)
    tap(version_row(screen))
    assert navigator.current_screen is screen
    hold(version_row(screen), 1.2)                   # let go too soon: nothing, and the fill is gone
    assert navigator.current_screen is screen and screen.maintenance_hold.filled == 0
    hold(version_row(screen), 3.5)
    page = navigator.current_screen
    assert isinstance(page, MaintenanceScreen)
    assert settle_until(lambda: page.survey is not None, timeout_s=30)
    assert page.version.startswith("Version ") and "free of" in page.storage
    assert page.health.startswith("The saved games file is whole")
    assert page.survey.findings and page.errors_source
    tap(the(page, "Back"))
    assert isinstance(navigator.current_screen, PreferencesScreen)


def export_by_touch(page: MaintenanceScreen) -> None:
    tap(page.ids["export_button"])
    assert settle_until(lambda: page.working is None and "USB stick" in page.message.text, timeout_s=30)


def restore_popup(page: MaintenanceScreen) -> BackupsPopup:
    tap(page.ids["restore_button"])
    assert settle_until(lambda: shown(BackupsPopup) is not None, timeout_s=30)
    return shown(BackupsPopup)


def test_everything_exported_to_a_stick_is_restored_by_touches_and_the_table_s_own_kept_aside(
        services, navigator, tmp_path, monkeypatch, stop_app):
    stick = plug_in(tmp_path, monkeypatch)
    played(services.store, 2)
    config.save(services.data_dir, {**services.settings, "display": {**services.settings["display"], "volume": 30}})
    page = navigator.go(Place.MAINTENANCE, services)
    export_by_touch(page)
    (folder,) = stick.glob(f"{backup.PREFIX}*")
    assert page.message.text.startswith(f"Saved to the USB stick KINGSTON: {folder.name}")
    assert {path.name for path in folder.iterdir()} == {DB_NAME, "config.json", "journal.txt", "backup.json"}
    manifest = json.loads((folder / "backup.json").read_text())
    assert manifest["games"] == 2 and manifest["version"]

    played(services.store, 1)                         # a third game, after the backup
    config.save(services.data_dir, services.settings)
    chooser = restore_popup(page)
    (choice,) = chooser.choices
    assert "2 games" in choice.text
    tap(choice)
    assert settle_until(lambda: isinstance(page.popup, ConfirmPopup) and page.working is None, timeout_s=30)
    first = page.popup
    assert "(3 games)" in first.detail and "(2 games)" in first.detail and "kept aside" in first.detail
    tap(first.yes_button)
    second = page.popup
    assert second is not first and second.question == "Replace 3 games with the backup's 2?"
    tap(second.yes_button)
    assert settle_until(lambda: stop_app, timeout_s=30)
    assert page.message.text.startswith("Restored.")

    (aside,) = services.data_dir.glob(f"{backup.ASIDE_PREFIX}*")
    restored, kept = Store.open(services.data_dir), Store.open(aside)
    try:
        assert (len(restored.history()), len(kept.history())) == (2, 3)
    finally:
        restored.close()
        kept.close()
    assert config.load(services.data_dir)["display"]["volume"] == 30
    assert config.load(aside)["display"]["volume"] == 100
    assert not list(services.data_dir.glob(".restoring-*"))


def test_a_damaged_backup_is_refused_and_nothing_changes(services, navigator, tmp_path, monkeypatch, stop_app):
    stick = plug_in(tmp_path, monkeypatch)
    played(services.store, 2)
    page = navigator.go(Place.MAINTENANCE, services)
    export_by_touch(page)
    (folder,) = stick.glob(f"{backup.PREFIX}*")
    # The saved games damaged inside (a page of the table overwritten), and the manifest made to match, as
    # a card failing before the export would leave them: only SQLite's own check can tell.
    database = folder / DB_NAME
    data = bytearray(database.read_bytes())
    page_size = sqlite3.connect(database).execute("PRAGMA page_size").fetchone()[0]
    data[2 * page_size + 8: 3 * page_size] = bytes(page_size - 8)
    database.write_bytes(bytes(data))
    manifest = json.loads((folder / "backup.json").read_text())
    manifest["files"][DB_NAME] = {"size": len(data), "sha256": hashlib.sha256(data).hexdigest()}
    (folder / "backup.json").write_text(json.dumps(manifest))
    before = sorted(path.name for path in services.data_dir.iterdir())

    tap(restore_popup(page).choices[0])
    assert settle_until(lambda: page.working is None and "Not restored" in page.message.text, timeout_s=30)
    assert "Nothing was changed" in page.message.text and page.message.problem
    assert shown(ConfirmPopup) is None and not stop_app
    assert sorted(path.name for path in services.data_dir.iterdir()) == before
    assert len(services.store.history()) == 2         # the table goes on with its own saved games


def test_a_backup_changed_on_the_stick_is_refused_by_its_checksum(services, navigator, tmp_path, monkeypatch):
    stick = plug_in(tmp_path, monkeypatch)
    played(services.store, 1)
    page = navigator.go(Place.MAINTENANCE, services)
    export_by_touch(page)
    (folder,) = stick.glob(f"{backup.PREFIX}*")
    with open(folder / DB_NAME, "r+b") as changed:
        changed.seek(200)
        changed.write(b"\xff")
    tap(restore_popup(page).choices[0])
    assert settle_until(lambda: "Not restored" in page.message.text, timeout_s=30)
    assert "does not match its checksum" in page.message.text


def test_restart_asks_once_and_stops_the_app(services, navigator, stop_app):
    page = navigator.go(Place.MAINTENANCE, services)
    tap(page.ids["restart_button"])
    asked = shown(ConfirmPopup)
    assert asked is not None and asked.question == "Restart the table companion?"
    tap(asked.yes_button)
    assert stop_app == [True]


def test_without_a_stick_export_and_restore_say_what_to_do(services, navigator, tmp_path, monkeypatch):
    monkeypatch.setattr("companion.exports.MOUNTS", tmp_path / "no-mounts")
    page = navigator.go(Place.MAINTENANCE, services)
    tap(page.ids["export_button"])
    assert page.message.text.startswith("No USB stick found") and "Export everything again" in page.message.text
    tap(page.ids["restore_button"])
    assert "Restore from USB stick again" in page.message.text


@pytest.mark.parametrize("size", [(800, 480), (1280, 720)], ids=["800x480", "1280x720"])
def test_the_maintenance_screens_pass_the_layout_check(services, navigator, tmp_path, monkeypatch, size):
    stick = plug_in(tmp_path, monkeypatch)
    played(services.store, 1)
    with window_of(size):
        page = navigator.go(Place.MAINTENANCE, services)
        assert settle_until(lambda: page.survey is not None, timeout_s=30)
        check_layout(f"maintenance {size}", [page])
        export_by_touch(page)
        assert list(stick.iterdir())
        check_layout(f"maintenance restore list {size}", [restore_popup(page)])
        tap(shown(BackupsPopup).choices[0])
        assert settle_until(lambda: isinstance(page.popup, ConfirmPopup), timeout_s=30)
        check_layout(f"maintenance restore asked {size}", [page.popup])
        tap(page.popup.no_button)
        assert "Nothing was restored" in page.message.text
