"""Nut on the 7" panel with three long names: every pad (draft, painting, counting by hand, a scored
layout, the results) passes the end-to-end layout check: names whole, nothing cut or overlapping, the
column and deck counts 10 mm tall, what is read from the seats 3.5 mm, the primary colour only on the
thing to tap next."""

import sys
from pathlib import Path

import pytest

pytest.importorskip("kivy")

from kivy.base import EventLoop  # noqa: E402
from kivy.core.window import Window  # noqa: E402  (opens the headless window)
from kivy.uix.label import Label  # noqa: E402

from companion.actions import Action  # noqa: E402
from companion.players import Player  # noqa: E402
from ui.navigation import Navigator  # noqa: E402
from ui.screens.game import open_game_screen  # noqa: E402
from ui.widgets.basics import BigButton  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "e2e"))
import layout  # noqa: E402

LONG = [Player("Christopher", "orange"), Player("Maximiliana", "sky"), Player("Bartholomew", "green")]
LAYOUT = ["RRSBB", "YWRBG", "GGSYY"]


@pytest.fixture(autouse=True)
def seven_inch_width():
    if round(Window.width) != 800:
        pytest.skip("the physical-size rules apply to the 800 px wide panel")


@pytest.fixture
def shown(services):
    session = services.store.new_session("nut", LONG, {"dealer": 0})
    navigator = Navigator(size_hint=(None, None), size=(800, 480))
    screen = open_game_screen(services, navigator, session)
    navigator.transition.stop()
    Window.add_widget(navigator)
    try:
        yield screen, session
    finally:
        Window.remove_widget(navigator)


def problems(screen) -> list[str]:
    for _ in range(4):
        EventLoop.idle()
    for widget in screen.view.walk():
        if isinstance(widget, Label):
            widget.texture_update()
    # Named as the play-throughs name the table, so text read from the seats is held to 3.5 mm.
    return [str(problem) for problem in layout.check("GameScreen/NutView", [screen.view], Window)]


def primaries(screen) -> list[str]:
    return [button.text for button in screen.view.walk()
            if isinstance(button, BigButton) and button.kind == "primary" and layout.is_shown(button)]


def draft_all(session) -> None:
    while session.state.turn is not None:
        state = session.state
        column = state.round_column or next(n for n, cards in enumerate(state.columns, start=1) if cards)
        session.perform(Action("pick", state.turn, {"column": column}))


def test_the_draft_fits_with_three_long_names(shown):
    screen, session = shown
    for column in (2, 2, 2, 1):
        session.perform(Action("pick", session.state.turn, {"column": column}))
    screen.view.refresh()   # as after any recorded action
    assert problems(screen) == []
    assert primaries(screen) == []      # the kind row is a setting: the column to tap is what stands out
    keys = [w for w in screen.view.walk() if isinstance(w, Label) and layout.is_key_number(w)]
    assert len(keys) == 7               # the three columns, the deck and each player's picks
    assert all(layout.key_number_mm(label, layout.px_per_mm(800)) >= layout.KEY_NUMBER_MM for label in keys)


def test_painting_and_counting_by_hand_fit_with_three_long_names(shown):
    screen, session = shown
    draft_all(session)
    screen.view.refresh()   # as after any recorded action
    pad = screen.view.scoring
    for row, line in enumerate(LAYOUT):
        for column, value in enumerate(line):
            pad.paint_cell(row, column, value)
    assert problems(screen) == []
    assert primaries(screen) == ["Score Christopher"]
    pad.toggle_quick()
    assert problems(screen) == []
    pad.toggle_quick()
    pad.score()
    pad.choose_seat(0)
    assert problems(screen) == []
    assert primaries(screen) == []      # a scored layout leaves nothing to press


@pytest.fixture
def larger_text_on_the_panel():
    """Larger text on, and the window at the 7" display's size while the screen is made and checked."""
    from ui_support import settle

    from ui import theme

    before = Window.size
    Window.size = (800, 480)
    settle()
    theme.use_larger_text(True)
    try:
        yield
    finally:
        theme.use_larger_text(False)
        Window.size = before
        settle()


def test_with_larger_text_the_draft_painting_and_counting_by_hand_fit(larger_text_on_the_panel, shown):
    """Larger text on, three long names: the draft (the panel with every player's picks, the columns
    saying what a tap records), painting and counting by hand (its headings, colours and points whole)
    pass the layout check, with the type 3.2 mm at least; the pads are opened by touch."""
    from ui_support import tap

    screen, session = shown
    for column in (2, 2, 2, 1):
        session.perform(Action("pick", session.state.turn, {"column": column}))
    screen.view.refresh()   # as after any recorded action
    assert problems(screen) == []
    draft_all(session)
    screen.view.refresh()
    pad = screen.view.scoring
    for row, line in enumerate(LAYOUT):
        for column, value in enumerate(line):
            pad.paint_cell(row, column, value)
    assert problems(screen) == []
    tap(pad.quick_button)
    assert pad.quick_total.get_root_window() is not None, "the count by hand did not open"
    assert problems(screen) == []


def test_a_shared_win_between_three_long_names_fits_on_the_results(shown):
    screen, session = shown
    draft_all(session)
    for seat in range(3):
        session.perform(Action("score_layout", seat, {"grid": LAYOUT}))
    screen.view.refresh()   # as after any recorded action
    assert session.summary()["tie_break"] == "shared"
    assert problems(screen) == []
    headline = screen.view.end.headline.text
    assert all(player.name in headline for player in LONG)


@pytest.mark.parametrize("larger_text", [False, True], ids=["usual-text", "larger-text"])
def test_a_long_winners_name_is_whole_on_the_ringed_card(services, larger_text):
    """Bartholomäus wins alone: his bold name on the winner's card is never broken mid-word, with
    Larger text too."""
    from ui import theme

    if larger_text:
        theme.use_larger_text(True)
    family = [Player("Christopher", "orange"), Player("Maximiliana", "sky"), Player("Bartholomäus", "green")]
    session = services.store.new_session("nut", family, {"dealer": 0})
    navigator = Navigator(size_hint=(None, None), size=(800, 480))
    screen = open_game_screen(services, navigator, session)
    navigator.transition.stop()
    Window.add_widget(navigator)
    try:
        draft_all(session)
        for seat, grid in enumerate(["RRSBB", "YWRBG", "GGGGG"]):
            session.perform(Action("score_layout", seat, {"grid": [grid, "YWRBG", "GGSYY"]}))
        screen.view.refresh()
        assert session.outcome.winner_names == ("Bartholomäus",)
        assert problems(screen) == []
        assert layout.broken_words(screen.view.end) == []
    finally:
        Window.remove_widget(navigator)
        if larger_text:
            theme.use_larger_text(False)


# ----- the paint grid's cells are targets too ------------------------------------------------------
def cell_in_sight(grid, edge: str):
    """Where a finger finds the last cell it can see of the top row (edge "right") or of the leftmost
    column in sight (edge "bottom"): (row, column) and its point in the window."""
    x0, top, side = grid.origin()
    if edge == "right":
        y = top - side / 2
        probes = [(x, y) for x in range(int(grid.right) - 1, int(grid.x), -2)]
    else:
        x = x0 + side / 2
        probes = [(x, y) for y in range(int(grid.y) + 1, int(grid.top), 2)]
    for x, y in probes:
        cell = grid.cell_at(x, y)
        if cell is not None:
            return cell, grid.to_window(x, y)
    raise AssertionError("no cell of the grid in sight")


def test_painting_to_the_last_column_and_row_keeps_every_cell_fingertip_sized(shown):
    from ui_support import settle, tap, tap_at

    screen, session = shown
    draft_all(session)
    screen.view.refresh()   # as after any recorded action
    pad = screen.view.scoring
    grid = pad.grid
    tap(pad.swatches["R"])
    scale = layout.px_per_mm(800)
    settle()
    sizes = [grid.cell / scale]

    def paint_to_the(edge: str) -> None:
        for _ in range(24):
            (row, column), point = cell_in_sight(grid, edge)
            if grid.rows[row][column] == "R":
                if (row, column)[edge == "right"] == grid.shape[edge == "right"] - 1:
                    return      # the grid stopped growing: this is the layout's last line
                tap(pad.panned.arrows["right" if edge == "right" else "down"])
                continue
            tap_at(*point)
            settle()
            sizes.append(grid.cell / scale)
            assert problems(screen) == []

    paint_to_the("right")
    assert min(sizes) >= layout.TARGET_MM, [round(size, 1) for size in sizes]
    assert grid.shape[1] == 12 and grid.rows[0][11] == "R"
    paint_to_the("bottom")
    assert min(sizes) >= layout.TARGET_MM, [round(size, 1) for size in sizes]
    assert grid.shape == (8, 12) and "R" in grid.rows[7]
    # Back to the corner the painting started from, by the arrows.
    for way in ("left", "up"):
        while not pad.panned.arrows[way].disabled:
            tap(pad.panned.arrows[way])
    assert grid.window[:2] == [0, 0]
    assert pad.panned.says.startswith("Columns 1–") and "of 12\nRows 1–" in pad.panned.says
    tap(pad.swatches["B"])
    x0, top, side = grid.origin()
    tap_at(*grid.to_window(x0 + side / 2, top - side / 2))
    assert grid.rows[0][0] == "B" and pad.paintings[0][0][11] == "R"
