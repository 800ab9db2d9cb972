"""Advanced Nuts about Mutts on real (mock) buttons: while play is open, eligible players' buttons are
claim buttons; a slam starts the claim race, the photo finish follows, and the winner says Match or Run."""

import pytest

pytest.importorskip("kivy")

from kivy.clock import Clock  # noqa: E402
from kivy.core.window import Window  # noqa: E402,F401  (opens the headless window)
from ui_support import texts  # noqa: E402

from companion.actions import Action  # noqa: E402
from companion.players import Player  # noqa: E402
from companion.races import Edge  # noqa: E402
from hardware.backend import open_backend  # noqa: E402
from hardware.controller import RaceController  # noqa: E402
from ui.games.nuts_about_mutts.pads import Step  # noqa: E402
from ui.navigation import Navigator  # noqa: E402
from ui.screens.game import open_game_screen  # noqa: E402

PLAYERS = [Player("Ann", "orange", 1), Player("Ben", "sky", 2), Player("Cleo", "green", 3)]
MS = 1_000_000


@pytest.fixture
def table(services):
    services.hardware = RaceController(open_backend("mock", services.settings), services.settings, threaded=False)
    session = services.store.new_session("nuts_about_mutts", PLAYERS, {"advanced": True})
    session.perform(Action("play", 1, {"colour": "red", "number": 5}))  # Ben opens with a red 5
    screen = open_game_screen(services, Navigator(), session)
    yield services, session, screen
    screen.go_home()
    services.hardware.close()


def test_eligible_buttons_are_open_for_claims_and_the_screen_says_so(table):
    services, _, screen = table
    assert services.hardware.open_claims == {1, 2, 3}
    assert any("Slam your big button" in text for text in texts(screen))


def test_a_slam_starts_the_claim_and_the_winner_records_a_run(table):
    services, session, screen = table
    hardware = services.hardware
    hardware._on_edge(Edge(3, True, 2000 * MS))   # Cleo's press is delivered first...
    hardware._on_edge(Edge(1, True, 1990 * MS))   # ...but Ann pressed 10 ms earlier
    assert hardware.open_claims == frozenset()    # one claim at a time
    Clock.tick()
    hardware.finish()
    Clock.tick()
    from ui.screens.race import RacePopup

    popup = next(widget for widget in Window.children if isinstance(widget, RacePopup))
    assert "Ann claims the play!" in texts(popup)
    popup._accept()
    pad = screen.view.pad
    assert pad.step is Step.CLAIM_WHAT
    pad.buttons["run"].trigger_action(0)
    pad.buttons["number:6"].trigger_action(0)
    last = session.actions[-1]
    assert (last.type, last.player, last["number"]) == ("run", 0, 6)
    assert last["race"]["winners"] == [0] and last["race"]["margins_ms"]["2"] == 10.0
    assert hardware.open_claims == {1, 2, 3}      # open again for the next claim
    assert services.store.races(session.id)       # the race is logged with the game


def test_a_press_that_can_start_no_claim_says_why(table):
    services, session, screen = table
    hardware = services.hardware
    screen.controller.perform(Action("play", 2, {"number": 5}))  # Cleo: a 5, its colour not said
    Clock.tick()
    assert hardware.open_claims == frozenset()
    hardware._on_edge(Edge(1, True, 3000 * MS))
    hardware._on_edge(Edge(1, False, 3100 * MS))
    Clock.tick()
    said = screen.message.text
    assert said.startswith("Ann: The app doesn't know the top card") and "colour and number" in said
    assert len(session.actions) == 2                               # nothing recorded
