"""After an export to a stick on the kiosk, the app asks the system to unmount it, and only once it is
unmounted says "You can take the stick out now"; a stick still busy is said to be so."""

from __future__ import annotations

import random
import threading
import time

import pytest

pytest.importorskip("kivy")

from kivy.core.window import Window  # noqa: E402, F401  (opens the headless window)
from stick_support import plug_in  # noqa: E402
from ui_support import buttons_reading, settle, settle_until, tap  # noqa: E402

from companion import exports  # noqa: E402
from companion.players import Player  # noqa: E402
from ui.exported import STILL_BUSY, TAKE_OUT, WAIT  # noqa: E402
from ui.places import Place  # noqa: E402


def finished_nut(services):
    session = services.store.new_session("nut", [Player("Ann", "orange"), Player("Ben", "sky")])
    rng = random.Random(4)
    while not session.is_over:
        session.perform(rng.choice(session.game.legal_actions(session.state, rng)))


def the_system_unmounts_on_request(request, mounts, stop: threading.Event) -> None:
    """What deploy/eject-sticks does when the app's request appears: the stick leaves the mount table."""
    while not stop.is_set():
        if request.exists():
            time.sleep(0.3)
            mounts.write_text("")
            request.unlink()
            return
        time.sleep(0.05)


@pytest.fixture
def kiosk_stick(tmp_path, monkeypatch):
    stick = plug_in(tmp_path, monkeypatch)
    request = tmp_path / "run" / "eject-sticks"
    request.parent.mkdir()
    monkeypatch.setenv(exports.RELEASE_ENV, str(request))
    return stick, request


def test_after_an_export_the_stick_is_unmounted_before_the_family_is_told_to_take_it_out(
        services, navigator, tmp_path, kiosk_stick):
    stick, request = kiosk_stick
    finished_nut(services)
    stop = threading.Event()
    system = threading.Thread(target=the_system_unmounts_on_request, args=(request, tmp_path / "mounts", stop))
    system.start()
    try:
        screen = navigator.go(Place.SAVED_GAMES, services)
        settle()  # the list's rows are laid out on the next frame
        tap(buttons_reading(screen, "Export")[0])
        assert WAIT in screen.message.text and TAKE_OUT not in screen.message.text
        assert settle_until(lambda: TAKE_OUT in screen.message.text, timeout_s=20)
    finally:
        stop.set()
        system.join()
    assert screen.message.text.startswith("Saved to the USB stick KINGSTON: nut-")
    assert not request.exists() and exports.sticks() == []
    assert sorted("".join(path.suffixes[-2:]) if ".bgstats." in path.name else path.suffix
                  for path in stick.iterdir()) == [".bgstats.html", ".bgstats.json", ".csv", ".json"]


def test_a_stick_that_stays_mounted_is_said_to_be_busy(services, navigator, kiosk_stick, monkeypatch):
    monkeypatch.setattr(exports, "RELEASE_WAIT_S", 0.5)
    finished_nut(services)
    screen = navigator.go(Place.SAVED_GAMES, services)
    settle()  # the list's rows are laid out on the next frame
    tap(buttons_reading(screen, "Export")[0])
    assert settle_until(lambda: STILL_BUSY in screen.message.text, timeout_s=20)
    assert TAKE_OUT not in screen.message.text


def test_on_a_pc_the_export_says_where_it_went_as_before(services, navigator, tmp_path, monkeypatch):
    plug_in(tmp_path, monkeypatch)
    monkeypatch.delenv(exports.RELEASE_ENV, raising=False)
    finished_nut(services)
    screen = navigator.go(Place.SAVED_GAMES, services)
    settle()  # the list's rows are laid out on the next frame
    tap(buttons_reading(screen, "Export")[0])
    settle()
    assert screen.message.text.startswith("Saved to the USB stick KINGSTON: nut-")
    assert WAIT not in screen.message.text and TAKE_OUT not in screen.message.text
