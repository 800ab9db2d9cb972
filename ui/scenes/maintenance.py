"""Demo scenes of Settings' *Date and time* and of the Maintenance page."""

from __future__ import annotations

import tempfile
from pathlib import Path

from companion import backup
from ui.navigation import Navigator
from ui.places import Place
from ui.scenes.screens import _game_night
from ui.screenshots import scene
from ui.services import Services


def _settings_at_the_clock(services: Services, navigator: Navigator) -> object:
    from ui.screens.preferences import PreferencesScreen

    screen = navigator.show(PreferencesScreen(services, navigator))
    assert isinstance(screen, PreferencesScreen)
    screen.clock_section.show(services.clock_setter.state())
    screen.scroll.scroll_to(screen.clock_section.panel, padding=10, animate=False)
    return screen.clock_section


@scene("settings-clock", "Settings' date and time on steppers, no typing")
def settings_clock(services: Services, navigator: Navigator) -> None:
    _settings_at_the_clock(services, navigator).open_clock()   # type: ignore[attr-defined]


@scene("settings-time-zone", "the time zones of a region, picked by city")
def settings_time_zone(services: Services, navigator: Navigator) -> None:
    _settings_at_the_clock(services, navigator).open_zones().open_region("Europe")   # type: ignore[attr-defined]


def _maintenance(services: Services, navigator: Navigator) -> object:
    from dataclasses import replace

    from ui.screens import maintenance as page

    _game_night(services)
    found = page.survey(services)
    # The checks of what the pictures are rendered on (no display, no touchscreen) say nothing of a
    # table: the page shows the others, here in its own process, instead of reading them again.
    shown = replace(found, findings=tuple(finding for finding in found.findings
                                          if finding.check in ("backend", "pin-map", "button", "data")))
    page.survey = lambda services: shown
    screen = navigator.go(Place.MAINTENANCE, services)
    assert isinstance(screen, page.MaintenanceScreen)
    screen.show(shown)
    return screen


@scene("maintenance", "the Maintenance page: version, card, saved games, checks and last errors")
def maintenance(services: Services, navigator: Navigator) -> None:
    _maintenance(services, navigator)


@scene("maintenance-restore", "a restore asked the first time, with how many games each side has")
def maintenance_restore(services: Services, navigator: Navigator) -> None:
    screen = _maintenance(services, navigator)
    stick = Path(tempfile.mkdtemp(prefix="companion-shot-stick-"))
    made = backup.make(services.store, services.data_dir, stick, "")
    checked = backup.check(backup.read_backup(made), services.data_dir)
    screen.ask_first(checked, 212)   # type: ignore[attr-defined]
