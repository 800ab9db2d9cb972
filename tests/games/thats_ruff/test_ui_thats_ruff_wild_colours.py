"""A Wild Dog collected in That's Ruff!, by touches: its colour is declared, and the app offers only the
colours that keep the collection legal (the rules say which). With one Wild Dog among the three cards
only one colour does, so the app takes it without asking; with both Wild Dogs the first may be any
colour, and the other then takes the one that keeps the three legal."""

import sys
from pathlib import Path

import pytest

pytest.importorskip("kivy")

from kivy.core.window import Window  # noqa: E402  (opens the headless window)
from ui_support import buttons_reading, settle, tap, texts  # noqa: E402

from companion.actions import Action  # noqa: E402
from companion.players import Player  # noqa: E402
from companion.rulecards import load_example  # noqa: E402
from ui.games.thats_ruff.widgets import SuitButton  # noqa: E402
from ui.navigation import Navigator  # noqa: E402
from ui.screens.game import open_game_screen  # noqa: E402

sys.path.insert(0, str(Path(__file__).parents[2] / "e2e"))
import layout  # noqa: E402

FAMILY = [Player("Ann", "orange"), Player("Ben", "sky")]
# Ben has laid out both Wild Dogs, a black 13 and a red 6 face up; Counting left ten cards in the centre
# (reds 2, 3, 5, 5; blues 0 to 4; a black 4).
COUNTED = [Action.from_json(entry) for entry in load_example("rules/thats_ruff-wild-dogs-pair")["actions"][:12]]


def red(number: int) -> dict:
    return {"number": number, "colour": "red"}


@pytest.fixture(params=[(800, 480), (1280, 720)], ids=["800x480", "1280x720"])
def collecting(services, request):
    before = Window.size
    Window.size = request.param
    settle(4)
    screens = []

    def show(actions=COUNTED):
        session = services.store.new_session("thats_ruff", FAMILY, {"dealer": 0})
        for action in actions:
            session.perform(action)
        assert session.summary()["phase"] == "collecting" and session.summary()["turn"] == 1
        screen = open_game_screen(services, Navigator(), session)
        Window.add_widget(screen.manager)
        screens.append(screen)
        settle(4)
        return screen, session

    yield show
    for screen in screens:
        Window.remove_widget(screen.manager)
    Window.size = before
    settle(4)


def pick(screen, own: dict, *centre: dict) -> None:
    pad = screen.view.collecting
    tap(next(chip for chip in pad.own_chips if chip.card == own and not chip.selected))
    for card in centre:
        tap(next(chip for chip in pad.centre_chips if chip.card == card and not chip.selected))
    tap(pad.collect_button)


def colour_question_offers(pad) -> list[str]:
    question = pad.colour_question
    assert question is not None and question in Window.children
    return [button.suit for button in question.walk() if isinstance(button, SuitButton)]


def test_one_wild_dog_takes_the_only_colour_that_makes_a_collection_without_asking(collecting):
    screen, session = collecting()
    pick(screen, {"wild": True}, red(2), red(3))
    assert screen.view.collecting.colour_question is None
    assert session.actions[-1] == Action("collect", 1, {"collector": {"wild": True, "colour": "red"},
                                                        "cards": [red(2), red(3)]})
    assert "Wild Dog as red" in session.summary()["last_move"]


def test_a_wild_dog_with_two_colours_becomes_the_third(collecting):
    screen, session = collecting()
    pick(screen, {"wild": True}, red(2), {"number": 0, "colour": "blue"})
    assert screen.view.collecting.colour_question is None
    assert session.actions[-1].get("collector") == {"wild": True, "colour": "black"}


def test_with_both_wild_dogs_any_colour_is_offered_and_the_other_completes_the_collection(collecting):
    # Ben lays out one Wild Dog and plays the other in Counting (as the red 3), so it lies in the centre.
    laid = Action("lay_out", 1, {"face_up": [{"wild": True}, red(12), {"number": 13, "colour": "black"}, red(6)],
                                 "face_down": 0})
    counted = [COUNTED[0], laid, Action("play", 1, {"wild": True, "number": 3, "colour": "red"}), *COUNTED[3:]]
    screen, session = collecting(counted)
    pad = screen.view.collecting
    pick(screen, {"wild": True}, {"wild": True}, red(2))
    assert colour_question_offers(pad) == ["blue", "red", "black"]
    assert "Any of them keeps the cards one colour or all different." in texts(pad.colour_question)
    assert len(session.actions) == 12
    if Window.width == 800:
        settle(4)
        assert [str(problem) for problem in layout.check("test", [pad.colour_question], Window)] == []
    tap(buttons_reading(pad.colour_question, "Blue dish")[0])
    assert session.actions[-1] == Action("collect", 1, {"collector": {"wild": True, "colour": "blue"},
                                                        "cards": [{"wild": True, "colour": "black"}, red(2)]})
