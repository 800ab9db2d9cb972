"""Settings shows the version running and, on the kiosk, installs an update from a USB stick by touch:
checked off the screen's thread, asked once, unpacked beside the running version (the saved games
untouched), then offered a restart into it. A bad or unsigned update is refused in the bar and changes
nothing. After a start that dropped an update that never started, Home says so first."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

pytest.importorskip("kivy")
sys.path.insert(0, str(Path(__file__).parent / "e2e"))

import layout  # noqa: E402
from kivy.core.window import Window  # noqa: E402
from stick_support import plug_in  # noqa: E402
from ui_support import buttons_reading, settle, settle_until, tap, texts  # noqa: E402
from update_support import Signer, have_gpg, newer, snapshot  # noqa: E402

from companion import exports, updates  # noqa: E402
from ui.places import Place  # noqa: E402
from ui.widgets.confirm import ConfirmPopup  # noqa: E402

RUNNING = updates.running_version()
NEXT = newer(RUNNING)

pytestmark = pytest.mark.skipif(not have_gpg(), reason="gpg and gpgv are not installed here")


def question() -> ConfirmPopup | None:
    return next((child for child in Window.children if isinstance(child, ConfirmPopup)), None)


@pytest.fixture(scope="module")
def maker():
    signer = Signer("Maker")
    yield signer
    signer.close()


@pytest.fixture
def kiosk(tmp_path_factory, monkeypatch, maker):
    """A kiosk trusting the maker's key, its updates folder beside the data directory."""
    folder = tmp_path_factory.mktemp("kiosk") / "updates"
    monkeypatch.setenv(updates.UPDATES_ENV, str(folder))
    monkeypatch.setattr(updates.machine, "KEYS", maker.keys)
    return folder


def settings(navigator, services):
    screen = navigator.go(Place.SETTINGS, services)
    settle()
    return screen


def test_settings_shows_the_version_running(services, navigator, kiosk):
    assert f"Version {RUNNING}" in texts(settings(navigator, services))


def test_an_update_on_the_stick_is_installed_by_touch_and_the_saved_games_stay(services, navigator, tmp_path,
                                                                                kiosk, monkeypatch, maker):
    stick = plug_in(tmp_path, monkeypatch)
    maker.write_bundle(stick, NEXT)
    data_before = snapshot(services.data_dir)
    screen = settings(navigator, services)
    tap(buttons_reading(screen, "Update from stick")[0])
    assert settle_until(lambda: question() is not None, timeout_s=30)
    assert question().yes_button.text == "Install"
    assert f"Install version {NEXT}?" in texts(question())
    tap(question().yes_button)
    assert settle_until(lambda: question() is not None and question().yes_button.text == "Restart now", timeout_s=30)
    assert screen.message.text == f"Version {NEXT} is installed: it starts at the next start."
    assert updates.read_state(kiosk) == updates.State(pending=NEXT)
    assert (kiosk / "versions" / NEXT / "table_companion.py").is_file()
    assert list((kiosk / "versions" / NEXT / "__pycache__").glob("*.pyc"))
    assert snapshot(services.data_dir) == data_before
    tap(question().no_button)   # Later


def test_a_damaged_update_is_refused_with_its_reason_and_nothing_changes(services, navigator, tmp_path, kiosk,
                                                                        monkeypatch, maker):
    stick = plug_in(tmp_path, monkeypatch)
    maker.write_bundle(stick, NEXT).write_bytes(maker.bundle(NEXT)[:1500])
    screen = settings(navigator, services)
    tap(buttons_reading(screen, "Update from stick")[0])
    assert settle_until(lambda: screen.message.text.startswith("Not updated"), timeout_s=30)
    assert "is cut short or damaged" in screen.message.text and "Nothing was changed." in screen.message.text
    assert question() is None and not kiosk.exists()


@pytest.mark.parametrize("made_by", ["nobody", "a stranger"])
def test_an_update_not_signed_by_the_kiosk_s_key_is_refused_by_touch_and_nothing_changes(
        services, navigator, tmp_path, kiosk, monkeypatch, made_by):
    stick = plug_in(tmp_path, monkeypatch)
    if made_by == "nobody":
        from update_support import wheel

        from companion.updates import format as update_format
        (stick / f"table-companion-{NEXT}.tcupdate").write_bytes(update_format.bundle(NEXT, wheel(NEXT), b""))
        said = "is not signed"
    else:
        stranger = Signer("Stranger")
        try:
            stranger.write_bundle(stick, NEXT)
        finally:
            stranger.close()
        said = "is not signed by a key this table companion trusts"
    data_before = snapshot(services.data_dir)
    screen = settings(navigator, services)
    tap(buttons_reading(screen, "Update from stick")[0])
    assert settle_until(lambda: screen.message.text.startswith("Not updated"), timeout_s=30)
    assert said in screen.message.text and "Nothing was changed." in screen.message.text
    assert question() is None and not kiosk.exists()
    assert snapshot(services.data_dir) == data_before


def test_home_says_first_that_an_update_did_not_start_and_which_version_came_back(services, navigator, monkeypatch):
    monkeypatch.setenv(updates.SWITCHED_BACK_ENV, NEXT)
    home = navigator.go(Place.HOME, services)
    settle()
    assert (f"The update to version {NEXT} did not start, so the table went back to version {RUNNING}. "
            "The saved games are as they were before it." in texts(home))
    navigator.go(Place.SETTINGS, services)
    settle()
    home = navigator.go(Place.HOME, services)
    settle()
    assert "did not start" not in " ".join(texts(home))   # said once


def test_without_a_stick_it_says_to_put_one_in(services, navigator, tmp_path, kiosk, monkeypatch):
    monkeypatch.setattr(exports, "MOUNTS", tmp_path / "no-mounts")
    screen = settings(navigator, services)
    tap(buttons_reading(screen, "Update from stick")[0])
    assert screen.message.text.startswith("No USB stick found. Put in the stick with the update")


def test_a_stick_without_an_update_says_what_an_update_file_is_called(services, navigator, tmp_path, kiosk,
                                                                      monkeypatch):
    plug_in(tmp_path, monkeypatch)
    screen = settings(navigator, services)
    tap(buttons_reading(screen, "Update from stick")[0])
    assert settle_until(lambda: "has no update on it" in screen.message.text, timeout_s=30)
    assert "table-companion-<version>.tcupdate" in screen.message.text


def test_on_a_pc_no_update_is_offered(services, navigator, monkeypatch):
    monkeypatch.delenv(updates.UPDATES_ENV, raising=False)
    screen = settings(navigator, services)
    assert buttons_reading(screen, "Update from stick") == []
    assert f"Version {RUNNING}" in texts(screen)


@pytest.mark.parametrize("size", [(800, 480), (1280, 720)])
def test_the_version_row_and_the_update_questions_pass_the_layout_check(services, navigator, tmp_path, kiosk,
                                                                       monkeypatch, size, maker):
    stick = plug_in(tmp_path, monkeypatch)
    maker.write_bundle(stick, NEXT)
    before = Window.size
    Window.size = size
    try:
        screen = settings(navigator, services)
        settle(4)
        problems = layout.check(f"{size} Settings", [screen], Window)
        tap(buttons_reading(screen, "Update from stick")[0])
        assert settle_until(lambda: question() is not None, timeout_s=30)
        settle(8)
        problems += layout.check(f"{size} Settings/Install", [question()], Window)
        tap(question().yes_button)
        assert settle_until(lambda: question() is not None and question().yes_button.text == "Restart now",
                            timeout_s=30)
        settle(8)
        problems += layout.check(f"{size} Settings/Restart", [question(), screen.message], Window)
        tap(question().no_button)
        assert [str(problem) for problem in problems] == []
    finally:
        Window.size = before
