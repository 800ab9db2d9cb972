"""A layout being painted is the longest thing a family tells the app, and it is no move until Score:
it is kept at every stroke all the same, so a pulled plug or a trip Home loses none of it, and Undo
takes back the last stroke (or count) before it takes back the last pick of the draft."""

import pytest

pytest.importorskip("kivy")

from kivy.tests.common import UnitTestTouch  # noqa: E402
from ui_support import buttons_reading, make_services, settle, tap  # noqa: E402

from companion.actions import Action  # noqa: E402
from companion.players import Player  # noqa: E402
from companion.rulecards import load_example  # noqa: E402
from ui.screens.game import GameScreen, open_game_screen  # noqa: E402
from ui.screens.home import HomeScreen  # noqa: E402

EXAMPLE = load_example("nut")
DRAFT = [Action.from_json(entry) for entry in EXAMPLE["actions"][:30]]
FAMILY = [Player("Ann", "orange"), Player("Ben", "sky")]


def drafted_game(services, navigator):
    session = services.store.new_session("nut", FAMILY, EXAMPLE["options"])
    for action in DRAFT:
        session.perform(action)
    screen = open_game_screen(services, navigator, session)
    settle()
    return screen, session


def stroke(grid, row, columns):
    """A finger drawn along `row` across `columns` of the grid, as one stroke."""
    x0, top, s = grid.origin()
    first_row, first_column, _, _ = grid.in_sight()

    def at(column):
        return grid.to_window(x0 + (column - first_column + 0.5) * s, top - (row - first_row + 0.5) * s)

    touch = UnitTestTouch(*at(columns[0]))
    touch.touch_down()
    for column in columns[1:]:
        touch.touch_move(*at(column))
    touch.touch_up()
    settle()


def paint_ann(screen):
    pad = screen.view.scoring
    tap(pad.swatches["B"])
    stroke(pad.grid, 0, [0, 1, 2])
    tap(pad.swatches["R"])
    stroke(pad.grid, 1, [0, 1])
    assert pad.grid.rows[0][:3] == "BBB" and pad.grid.rows[1][:2] == "RR"
    return pad


def test_a_layout_half_painted_comes_back_after_a_pulled_plug(services, navigator, tmp_path):
    screen, session = drafted_game(services, navigator)
    paint_ann(screen)
    moves = len(session.actions)

    # The plug pulled: whatever the file holds now is all there is. The app starts again on it.
    again = make_services(tmp_path)
    try:
        resumed = again.store.resume(again.store.unfinished().id)
        assert len(resumed.actions) == moves
        screen = open_game_screen(again, navigator, resumed)
        settle()
        pad = screen.view.scoring
        assert pad.seat == 0 and pad.grid.rows[0][:3] == "BBB" and pad.grid.rows[1][:2] == "RR"
        # Undo still takes back the strokes one at a time, the last first, before any move.
        tap(screen.undo_button)
        assert pad.grid.rows[0][:3] == "BBB" and pad.grid.rows[1][:2] == ".."
        assert "Undone: the last change to Ann's layout" in screen.message.text
        assert len(resumed.actions) == moves
    finally:
        again.store.close()


def test_going_home_and_resuming_keeps_the_layout_being_painted(services, navigator):
    screen, session = drafted_game(services, navigator)
    paint_ann(screen)
    tap(buttons_reading(screen, "Home")[0])
    settle()
    home = navigator.current_screen
    assert isinstance(home, HomeScreen)
    tap(buttons_reading(home, "Resume")[0])
    settle()
    screen = navigator.current_screen
    assert isinstance(screen, GameScreen)
    assert screen.view.scoring.grid.rows[0][:3] == "BBB" and screen.view.scoring.grid.rows[1][:2] == "RR"


def test_undo_while_painting_takes_back_strokes_then_the_last_pick(services, navigator):
    screen, session = drafted_game(services, navigator)
    pad = paint_ann(screen)
    moves = len(session.actions)
    tap(screen.undo_button)
    assert pad.grid.rows[1][:2] == ".." and pad.grid.rows[0][:3] == "BBB" and len(session.actions) == moves
    tap(screen.undo_button)
    assert pad.grid.rows[0][:3] == "..." and len(session.actions) == moves
    assert screen.view.scoring is pad and pad.grid is not None   # still painting, nothing recorded undone
    tap(screen.undo_button)   # nothing painted is left to take back: the last pick of the draft goes
    assert len(session.actions) == moves - 1 and session.actions[-1] == DRAFT[-2]


def test_a_score_told_after_painting_is_what_undo_takes_back_first(services, navigator):
    screen, session = drafted_game(services, navigator)
    pad = paint_ann(screen)
    tap(pad.score_button)
    assert session.summary()["scores"][0] is not None
    tap(screen.undo_button)
    assert session.summary()["scores"][0] is None
    assert pad.grid.rows[0][:3] == "BBB" and pad.grid.rows[1][:2] == "RR"   # the painting to fix, whole
