"""Two unfinished games, by touches: every game set aside on Home keeps its Undo even when another
unfinished game is offered in its place, and a new game started while another is unfinished says so,
with Resume, without holding up the new one."""

import re

import pytest

pytest.importorskip("kivy")

from kivy.core.window import Window  # noqa: E402,F401  (opens the headless window)
from ui_support import buttons_reading, settle, tap, texts  # noqa: E402

from companion.actions import Action  # noqa: E402
from companion.players import Player  # noqa: E402
from ui.screens.game import GameScreen  # noqa: E402
from ui.screens.home import HomeScreen  # noqa: E402
from ui.screens.setup import SetupScreen  # noqa: E402

MAYA_AND_BEN = [Player("Maya", "orange"), Player("Ben", "sky")]
ANN_AND_CLEO = [Player("Ann", "green"), Player("Cleo", "pink")]


def shown(screen) -> str:
    return "\n".join(re.sub(r"\[/?b\]", "", text) for text in texts(screen))


def the(navigator, text, within=None):
    settle()
    found = buttons_reading(within or navigator.current_screen, text)
    assert len(found) == 1, f"expected one {text!r}: {texts(navigator.current_screen)}"
    return found[0]


def undo_for(navigator, title: str):
    """The Undo on the set-aside line of the game called `title`."""
    settle()
    for button in buttons_reading(navigator.current_screen, "Undo"):
        if any(f"Set aside: {title}" in getattr(beside, "text", "") for beside in button.parent.children):
            return button
    raise AssertionError(f"no Undo beside the set-aside {title}: {texts(navigator.current_screen)}")


@pytest.fixture
def two_unfinished(services):
    nut = services.store.new_session("nut", MAYA_AND_BEN)
    nut.perform(Action.from_json(first_nut_move()))
    mix = services.store.new_session("mix_the_mutts", ANN_AND_CLEO)
    mix.perform(Action("draw", 0))   # played last: Home offers it first
    return nut, mix


def first_nut_move() -> dict:
    from companion.rulecards import load_example

    return load_example("nut")["actions"][0]


def test_each_game_set_aside_keeps_its_undo_when_the_other_unfinished_game_shows(services, navigator, two_unfinished):
    nut, mix = two_unfinished
    navigator.show(HomeScreen(services, navigator))
    assert "Unfinished: Mix-the-Mutts" in shown(navigator.current_screen)
    tap(the(navigator, "Set aside"))
    home = navigator.current_screen
    # The other unfinished game is offered now, and the one just set aside still has its Undo.
    assert "Unfinished: Nut" in shown(home)
    assert "Set aside: Mix-the-Mutts of Ann and Cleo" in shown(home)
    tap(the(navigator, "Set aside"))
    assert services.store.unfinished() is None
    assert "Set aside: Nut of Maya and Ben" in shown(navigator.current_screen)
    tap(undo_for(navigator, "Mix-the-Mutts"))          # the older set-aside, undone first
    assert services.store.unfinished().id == mix.id
    home = navigator.current_screen
    assert "Unfinished: Mix-the-Mutts" in shown(home) and "Set aside: Nut" in shown(home)
    tap(undo_for(navigator, "Nut"))
    assert {record.id for record in services.store.sessions(unfinished=True)} == {nut.id, mix.id}
    assert "Set aside:" not in shown(navigator.current_screen)


def start_from_home(services, navigator, title: str) -> GameScreen:
    navigator.show(HomeScreen(services, navigator))
    card = next(widget for widget in navigator.current_screen.walk()
                if type(widget).__name__ == "GameCard" and widget.entry.title == title)
    tap(card)
    assert isinstance(navigator.current_screen, SetupScreen)
    tap(the(navigator, "Start game"))
    screen = navigator.current_screen
    assert isinstance(screen, GameScreen)
    return screen


def test_a_game_started_while_another_is_unfinished_says_so_and_ok_clears_it(services, navigator):
    nut = services.store.new_session("nut", MAYA_AND_BEN)
    nut.perform(Action.from_json(first_nut_move()))
    screen = start_from_home(services, navigator, "Pugs in Mugs")
    assert "Maya and Ben's Nut game is unfinished: it stays in Saved games." in shown(screen)
    # It does not hold up the new game: the table is there to play, and one tap clears the line.
    tap(the(navigator, "OK", within=screen.unfinished_notice))
    assert "unfinished" not in shown(screen)
    assert screen.message.parent is not None
    assert {record.id for record in services.store.sessions(unfinished=True)} == {nut.id, screen.controller.session.id}


def test_resume_on_that_line_opens_the_unfinished_game_and_sets_the_empty_new_one_aside(services, navigator):
    nut = services.store.new_session("nut", MAYA_AND_BEN)
    nut.perform(Action.from_json(first_nut_move()))
    screen = start_from_home(services, navigator, "Pugs in Mugs")
    new_id = screen.controller.session.id
    tap(the(navigator, "Resume it"))
    resumed = navigator.current_screen
    assert isinstance(resumed, GameScreen) and resumed.controller.session.id == nut.id
    assert resumed.controller.session.state == nut.state
    assert services.store.unfinished().id == nut.id               # Home offers the Nut game, not the empty one
    assert services.store.session_record(new_id).result == {"set_aside": True}   # kept in Saved games


def test_no_word_when_no_other_game_is_unfinished(services, navigator):
    screen = start_from_home(services, navigator, "Pugs in Mugs")
    assert screen.unfinished_notice is None and "unfinished" not in shown(screen)


LONG_NAMES = ["Christopher", "Maximiliana", "Bartholomew", "Anastasia", "Jean-Baptiste", "Wilhelmina"]
COLOURS = ["orange", "sky", "green", "yellow", "blue", "red"]


@pytest.mark.parametrize("size", [(800, 480), (1280, 720)], ids=["800x480", "1280x720"])
def test_crowded_tables_with_the_notice_and_home_with_two_set_aside_pass_the_layout_check(services, navigator, size):
    import sys
    from pathlib import Path

    from companion.registry import GAMES
    from ui.places import Place

    sys.path.insert(0, str(Path(__file__).parent / "e2e"))
    import layout

    nut = services.store.new_session("nut", [Player(name, colour) for name, colour in zip(LONG_NAMES, COLOURS)][:3])
    nut.perform(Action.from_json(first_nut_move()))
    before = Window.size
    Window.size = size
    settle(6)
    try:
        for entry in GAMES:
            players = [Player(name, colour, seat + 1)
                       for seat, (name, colour) in enumerate(zip(LONG_NAMES, COLOURS))][:entry.max_players]
            screen = navigator.go(Place.GAME, services, services.store.new_session(entry.key, players))
            settle(8)
            assert screen.unfinished_notice is not None
            problems = [str(problem) for problem in layout.check(f"{size} GameScreen/{type(screen.view).__name__}",
                                                                 [screen], Window)]
            assert problems == [], "\n".join(problems)
            services.store.set_aside(screen.controller.session.id)
        # Home with the Nut game offered and the two most crowded games set aside from it, each with its Undo.
        aside = [services.store.session_record(record.id) for record in services.store.sessions()
                 if record.game in ("nuts_about_mutts", "pugs_in_mugs")]
        home = navigator.show(HomeScreen(services, navigator, set_aside=aside))
        settle(8)
        assert len(buttons_reading(home, "Undo")) == 2
        problems = [str(problem) for problem in layout.check(f"{size} HomeScreen", [home], Window)]
        assert problems == [], "\n".join(problems)
    finally:
        Window.size = before
        settle(6)
