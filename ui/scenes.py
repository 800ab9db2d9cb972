"""Demo scenes for the app's own screens (game views register theirs in their modules)."""

from companion.players import Player
from ui.screenshots import scene

FAMILY = [Player("Grandpa", "orange", 1), Player("Maya", "sky", 2), Player("Leo", "green", 3),
          Player("Mum", "yellow", 4)]


@scene("home", "the five games and their player ranges")
def home(services, navigator):
    from ui.screens.home import HomeScreen

    navigator.show(HomeScreen(services, navigator))


@scene("home-resume", "home screen offering an unfinished game")
def home_resume(services, navigator):
    from ui.screens.home import HomeScreen

    services.store.new_session("nuts_about_mutts", FAMILY[:3])
    navigator.show(HomeScreen(services, navigator))


@scene("setup", "player set-up: names, seats, colours with symbols, buttons, dealer")
def setup(services, navigator):
    from companion.registry import game_entry
    from ui.screens.setup import SetupScreen

    services.store.new_session("nut", FAMILY[:2])  # the family roster is remembered from earlier games
    services.store.set_aside(services.store.unfinished().id)
    screen = SetupScreen(services, navigator, game_entry("nut"))
    screen.add_player("Leo", "green", 3)
    navigator.show(screen)


@scene("history", "a game's scrollable history, over its table")
def history(services, navigator):
    import random

    from ui.screens.game import HistoryPopup, open_game_screen

    session = services.store.new_session("mix_the_mutts", FAMILY[:3])
    rng = random.Random(4)
    for _ in range(12):
        session.perform(rng.choice(session.game.legal_actions(session.state, rng)))
    screen = open_game_screen(services, navigator, session)
    HistoryPopup(screen.controller).open()
