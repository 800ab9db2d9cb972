"""How each place is built: `ROUTES[place](services, navigator, *details)` returns its screen.
Screen modules are imported only when the family first goes there, which keeps the start quick."""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from ui.places import Place

if TYPE_CHECKING:
    from kivy.uix.screenmanager import Screen

    from companion.registry import GameEntry
    from companion.session import Session
    from ui.navigation import Navigator
    from ui.places import BackTo
    from ui.services import Services


def _home(services: Services, navigator: Navigator) -> Screen:
    from ui.screens.home import HomeScreen

    return HomeScreen(services, navigator)


def _setup(services: Services, navigator: Navigator, entry: GameEntry) -> Screen:
    from ui.screens.setup import SetupScreen

    return SetupScreen(services, navigator, entry)


def _game(services: Services, navigator: Navigator, session: Session) -> Screen:
    from ui.screens.game import game_screen

    return game_screen(services, navigator, session)


def _saved_games(services: Services, navigator: Navigator) -> Screen:
    from ui.screens.saved_games import SavedGamesScreen

    return SavedGamesScreen(services, navigator)


def _button_test(services: Services, navigator: Navigator) -> Screen:
    from ui.screens.button_test import ButtonTestScreen

    return ButtonTestScreen(services, navigator)


def _settings(services: Services, navigator: Navigator) -> Screen:
    from ui.screens.preferences import PreferencesScreen

    return PreferencesScreen(services, navigator)


def _evening(services: Services, navigator: Navigator, started_at: float | None = None) -> Screen:
    from ui.screens.evening import EveningScreen

    return EveningScreen(services, navigator, started_at)


def _profile(services: Services, navigator: Navigator, name: str, back_to: BackTo = None) -> Screen:
    from ui.screens.profile import ProfileScreen

    return ProfileScreen(services, navigator, name, back_to)


def _records(services: Services, navigator: Navigator, name: str, back_to: BackTo = None) -> Screen:
    from ui.screens.records import HeadToHeadScreen

    return HeadToHeadScreen(services, navigator, name, back_to)


def _year(services: Services, navigator: Navigator, year: int | None = None,
          came_from: tuple[str, BackTo] | None = None) -> Screen:
    from ui.screens.records import YearScreen

    return YearScreen(services, navigator, year, came_from)


def _maintenance(services: Services, navigator: Navigator) -> Screen:
    from ui.screens.maintenance import MaintenanceScreen

    return MaintenanceScreen(services, navigator)


def _start_problem(_services: None, _navigator: Navigator, problem: str, try_again: Callable[[], None],
                   use_usual_settings: Callable[[], None] | None = None) -> Screen:
    from ui.screens.start_problem import StartProblemScreen

    return StartProblemScreen(problem, try_again, use_usual_settings)


# Each place takes its own details, so the table is typed by what every entry returns.
ROUTES: dict[Place, Callable[..., Screen]] = {
    Place.HOME: _home,
    Place.SETUP: _setup,
    Place.GAME: _game,
    Place.SAVED_GAMES: _saved_games,
    Place.BUTTON_TEST: _button_test,
    Place.SETTINGS: _settings,
    Place.EVENING: _evening,
    Place.PROFILE: _profile,
    Place.RECORDS: _records,
    Place.YEAR: _year,
    Place.START_PROBLEM: _start_problem,
    Place.MAINTENANCE: _maintenance,
}
