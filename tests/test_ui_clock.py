"""Settings' *Date and time* as a parent uses it on a table whose clock was wrong: the date and the time
set on steppers, the time zone picked by region and city, all by touch; the evenings and Home follow the
clock set; a refusal of the system says why and changes nothing; network time in charge is said. The app
never sets the computer's clock: a pretend setter moves the app's own reading (companion.clock)."""

from __future__ import annotations

import os
import subprocess
import time

import pytest

pytest.importorskip("kivy")

from clock_support import DAY, FRIDAY_8PM, HOUR, MINUTE, play_nut  # noqa: E402
from kivy.core.window import Window  # noqa: E402
from test_ui_corrections import check_layout  # noqa: E402
from test_ui_preferences import open_settings  # noqa: E402
from ui_support import buttons_reading, settle, settle_until, tap, texts, window_of  # noqa: E402

from companion import clock  # noqa: E402
from companion.clock_setting import Timedated  # noqa: E402
from ui.screens.clock_settings import ClockPopup, ZonePopup  # noqa: E402
from ui.screens.home import HomeScreen  # noqa: E402
from ui.screens.preferences import PreferencesScreen  # noqa: E402


@pytest.fixture(autouse=True)
def time_zone_put_back(monkeypatch):
    """A zone picked in a test is the process's own (TZ): put back afterwards."""
    monkeypatch.setenv("TZ", os.environ.get("TZ", "UTC"))
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


def popup(kind):
    return next((child for child in Window.children if isinstance(child, kind)), None)


def the(root, text):
    (button,) = buttons_reading(root, text)
    return button


def open_clock_section(services, navigator) -> PreferencesScreen:
    screen = open_settings(services, navigator)
    assert settle_until(lambda: screen.clock_section.state is not None)
    settle()
    screen.scroll.scroll_to(screen.clock_section.panel, padding=10, animate=False)
    settle()
    return screen


def step(stepper, times: int) -> None:
    for _ in range(abs(times)):
        tap(stepper.plus if times > 0 else stepper.minus)


def set_by_touches(screen, target: float) -> None:
    """Set..., the day, hour and minute stepped to `target` (in the month shown), Set the clock."""
    tap(screen.clock_section.set_button)
    setting = popup(ClockPopup)
    assert setting is not None
    wanted = time.localtime(target)
    for name, value in (("day", wanted.tm_mday), ("hour", wanted.tm_hour), ("minute", wanted.tm_min)):
        step(setting.steppers[name], value - setting.steppers[name].value)
    assert setting.words == time.strftime("%A %d %B %Y, %H:%M", wanted)
    tap(setting.set_button)
    assert settle_until(lambda: "The clock is set" in screen.message.text)
    assert abs(clock.now() - target) < 60


def home_after(screen, navigator) -> HomeScreen:
    tap(the(screen, "Cancel"))
    home = navigator.current_screen
    assert isinstance(home, HomeScreen)
    return home


def test_a_stale_clock_is_set_by_touches_and_tonight_joins_the_game_played_before_it(
        services, navigator, table_clock, monkeypatch):
    friday = play_nut(services.store, table_clock, 40).id             # Friday, network time in charge
    table_clock.reboot(table_clock.wall + 10 * MINUTE)                 # Saturday: no network, the saved clock
    before = play_nut(services.store, table_clock, 30).id              # dated Friday 21:20 on the stale clock
    assert services.store.session_record(before).started_at < services.store.session_record(friday).updated_at + HOUR
    computer = time.time()

    screen = open_clock_section(services, navigator)
    assert "only pretends to set it" in screen.clock_section.clock_row.explanation
    set_by_touches(screen, FRIDAY_8PM + DAY + 50 * MINUTE)            # Saturday 20:50
    assert abs(time.time() - computer) < 60                            # the computer's own clock is left alone
    play_nut(services.store, table_clock, 20)
    home = home_after(screen, navigator)   # (which reads the evenings after its first frame)
    assert settle_until(lambda: home.model.tonight.startswith("Tonight: 2 games"))   # not Friday's, not one alone

    # The plug pulled for half an hour: the table starts at the clock it saved, set right before playing on.
    stopped = clock.now()
    monkeypatch.setattr(clock, "source", table_clock)
    table_clock.reboot(stopped)
    screen = open_clock_section(services, navigator)
    set_by_touches(screen, stopped + 30 * MINUTE)
    play_nut(services.store, table_clock, 20)
    home = home_after(screen, navigator)
    assert settle_until(lambda: home.model.tonight.startswith("Tonight: 3 games")), home.model.tonight


def test_the_time_zone_is_picked_by_region_then_city(services, navigator, table_clock):
    screen = open_clock_section(services, navigator)
    tap(the(screen, "Change..."))
    zones = popup(ZonePopup)
    tap(zones.region_buttons["Europe"])
    settle()
    # Further down the list: scrolled to, as a finger would.
    zones.zone_list.scroll_to_index(next(index for index, item in enumerate(zones.zone_list.data)
                                         if item["text"] == "Berlin"))
    settle()
    tap(next(view for view in zones.zone_list.view_adapter.views.values() if view.text == "Berlin"))
    assert settle_until(lambda: "The time zone is Europe / Berlin" in screen.message.text)
    assert services.clock_setter.zone == "Europe/Berlin"
    assert "Europe / Berlin" in screen.clock_section.zone_row.explanation
    assert time.strftime("%Z", time.localtime(FRIDAY_8PM)) == "CET"      # the app's own times follow it


class Timedatectl:
    """What `timedatectl` answers on a table (the test's stand-in for the system's clock service)."""

    def __init__(self, synchronized="no", network="no", refuse=""):
        self.synchronized, self.network, self.refuse = synchronized, network, refuse
        self.calls = []

    def __call__(self, command, **_):
        self.calls.append(command[1:])
        if command[1] == "show":
            return subprocess.CompletedProcess(command, 0, f"Timezone=Europe/Berlin\nNTP={self.network}\n"
                                                           f"NTPSynchronized={self.synchronized}\n", "")
        if self.refuse:
            return subprocess.CompletedProcess(command, 1, "", self.refuse)
        return subprocess.CompletedProcess(command, 0, "", "")


def test_a_clock_the_system_will_not_set_says_why_and_nothing_changes(services, navigator, table_clock):
    system = Timedatectl(refuse="Failed to set time: Access denied")
    services.clock_setter = Timedated(run=system)
    screen = open_clock_section(services, navigator)
    before = clock.now()
    tap(screen.clock_section.set_button)
    tap(popup(ClockPopup).set_button)
    assert settle_until(lambda: "Not changed" in screen.message.text)
    assert "the system did not allow the table companion to set the clock" in screen.message.text
    assert screen.message.problem and clock.source is table_clock and abs(clock.now() - before) < 1
    assert [call[0] for call in system.calls if call[0] != "show"] == ["set-time"]


def test_network_time_in_charge_is_said_and_the_clock_is_not_set_by_hand(services, navigator, table_clock):
    system = Timedatectl(synchronized="yes", network="yes")
    services.clock_setter = Timedated(run=system)
    screen = open_clock_section(services, navigator)
    assert "Network time keeps it right." in screen.clock_section.clock_row.explanation
    tap(screen.clock_section.set_button)
    assert popup(ClockPopup) is None
    assert "Network time keeps this clock right" in screen.message.text
    assert [call[0] for call in system.calls] == ["show"]


def test_with_network_time_on_but_no_network_the_clock_is_set_and_network_time_stays_on(table_clock):
    system = Timedatectl(network="yes")
    Timedated(run=system).set_time(FRIDAY_8PM)
    assert [call for call in system.calls if call[0] != "show"] == [
        ["set-ntp", "false"], ["set-time", f"@{int(FRIDAY_8PM)}"], ["set-ntp", "true"]]


@pytest.mark.parametrize("size", [(800, 480), (1280, 720)], ids=["800x480", "1280x720"])
def test_the_date_and_time_screens_pass_the_layout_check(services, navigator, table_clock, size):
    with window_of(size):
        screen = open_clock_section(services, navigator)
        check_layout(f"settings, date and time {size}", [screen])
        tap(screen.clock_section.set_button)
        check_layout(f"setting the clock {size}", [popup(ClockPopup)])
        popup(ClockPopup).dismiss(animation=False)
        tap(the(screen, "Change..."))
        zones = popup(ZonePopup)
        check_layout(f"time zone regions {size}", [zones])
        tap(zones.region_buttons["America"])
        check_layout(f"time zones of America {size}", [zones])
        assert "Argentina / Buenos Aires" in texts(zones) or any(
            item["text"] == "Argentina / Buenos Aires" for item in zones.zone_list.data)
