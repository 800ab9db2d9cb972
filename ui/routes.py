"""How each place is built: `ROUTES[place](services, navigator, *details)` returns its screen.
Screen modules are imported only when the family first goes there, which keeps the start quick."""

from __future__ import annotations

from typing import Any, Callable

from ui.places import Place


def _home(services, navigator):
    from ui.screens.home import HomeScreen

    return HomeScreen(services, navigator)


def _setup(services, navigator, entry):
    from ui.screens.setup import SetupScreen

    return SetupScreen(services, navigator, entry)


def _game(services, navigator, session):
    from ui.screens.game import game_screen

    return game_screen(services, navigator, session)


def _saved_games(services, navigator):
    from ui.screens.saved_games import SavedGamesScreen

    return SavedGamesScreen(services, navigator)


def _button_test(services, navigator):
    from ui.screens.button_test import ButtonTestScreen

    return ButtonTestScreen(services, navigator)


def _settings(services, navigator):
    from ui.screens.preferences import PreferencesScreen

    return PreferencesScreen(services, navigator)


def _evening(services, navigator, started_at=None):
    from ui.screens.evening import EveningScreen

    return EveningScreen(services, navigator, started_at)


def _profile(services, navigator, name, evening_started_at=None):
    from ui.screens.profile import ProfileScreen

    return ProfileScreen(services, navigator, name, evening_started_at)


def _start_problem(services, navigator, problem, try_again):
    from ui.screens.start_problem import StartProblemScreen

    return StartProblemScreen(problem, try_again)


ROUTES: dict[Place, Callable[..., Any]] = {
    Place.HOME: _home,
    Place.SETUP: _setup,
    Place.GAME: _game,
    Place.SAVED_GAMES: _saved_games,
    Place.BUTTON_TEST: _button_test,
    Place.SETTINGS: _settings,
    Place.EVENING: _evening,
    Place.PROFILE: _profile,
    Place.START_PROBLEM: _start_problem,
}
