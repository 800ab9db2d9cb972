"""The screen a start shows when it cannot go on."""

from ui.navigation import Navigator
from ui.places import Place
from ui.screenshots import scene
from ui.services import Services


@scene("start-problem", "the app cannot start: the card is read-only, with Try again")
def start_problem(services: Services, navigator: Navigator) -> None:
    navigator.go(Place.START_PROBLEM, None,
                 "The saved games file /home/pi/.local/share/table-companion/companion.sqlite3 cannot be opened: "
                 "the storage is read-only. It was left as it is, so nothing saved is lost; check how the card is "
                 "mounted (or the lock switch on its side), then try again.", lambda: None)


@scene("start-problem-settings", "the app cannot start: the settings file is unusable, with Use the usual settings")
def start_problem_settings(services: Services, navigator: Navigator) -> None:
    navigator.go(Place.START_PROBLEM, None,
                 "The settings file cannot be used: config display.volume: expected a number of zero or more, "
                 "got 'loud'.", lambda: None, lambda: None)
