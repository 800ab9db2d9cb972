"""The Nuts about Mutts table on the 7" display (800x480) with six long names and the message bar
showing: every step of the pad passes the play-through layout check (names whole, hand sizes 10 mm
tall key numbers, targets 9 mm, nothing outside its box), shapes are drawn inside the buttons they
belong to after the pad redraws, and the 6-player photo finish keeps each shape on its own row and
its title inside the popup."""

import sys
from pathlib import Path

import pytest

pytest.importorskip("kivy")

from kivy.base import EventLoop  # noqa: E402
from kivy.core.window import Window  # noqa: E402
from kivy.graphics import Ellipse, Mesh, Rectangle, Translate  # noqa: E402

from companion.actions import Action  # noqa: E402
from companion.players import IDENTITIES, Player  # noqa: E402
from companion.races.model import RaceDecision  # noqa: E402
from ui.navigation import Navigator  # noqa: E402
from ui.screens.game import open_game_screen  # noqa: E402
from ui.widgets.symbols import SymbolShape  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "e2e"))
import layout  # noqa: E402

NAMES = ["Christopher", "Maximiliana", "Bartholomew", "Anastasia", "Jean-Baptiste", "Wilhelmina"]
FAMILY = [Player(name, IDENTITIES[seat].key, seat + 1) for seat, name in enumerate(NAMES)]


@pytest.fixture
def seven_inch():
    """The official display's window, with a navigator on it as the app has."""
    before = Window.size
    Window.size = (800, 480)
    navigator = Navigator()
    navigator.transition.duration = 0
    Window.add_widget(navigator)
    yield navigator
    Window.remove_widget(navigator)
    Window.size = before


def settle(frames: int = 6) -> None:
    for _ in range(frames):
        EventLoop.idle()


def game(services, navigator, actions=(), options=None):
    session = services.store.new_session("nuts_about_mutts", FAMILY, options or {"dealer": 0})
    for action in actions:
        session.perform(action)
    screen = open_game_screen(services, navigator, session)
    navigator.transition.stop() if navigator.transition.is_active else None
    settle()
    return screen, session


def problems(screen) -> list[str]:
    settle()
    # Named as the play-throughs name the table, so text read from the seats is held to 3.5 mm.
    where = f"800x480 GameScreen/{type(screen.view).__name__}"
    return [str(problem) for problem in layout.check(where, [screen], Window)] + layout.broken_words(screen)



def with_message(screen) -> None:
    # The longest line a family usually sees there, as the bar shows it after an Undo.
    screen.message.show("Undone: Bone race lost by Christopher, Maximiliana: one card each")
    settle()


FIRST = [Action("play", 1, {"colour": "red", "number": 5})]
RUNNER = object()  # only its presence matters to the pad's layout


def test_six_long_names_fit_whole_and_hand_sizes_are_10_mm_with_a_message_showing(services, seven_inch):
    screen, _ = game(services, seven_inch, FIRST)
    with_message(screen)
    assert problems(screen) == []
    tiles = screen.view.strip.tiles
    assert [tiles[seat].name.text for seat in range(6)] == NAMES
    for tile in tiles.values():
        assert tile.count.key_number
        assert layout.key_number_mm(tile.count, layout.px_per_mm(800)) >= 10
        assert tile.count.texture_size[1] <= tile.count.height
    assert screen.view.info.hand.text == "Hand 1 of 3"
    assert "DEALS" in tiles[0].tag_words


@pytest.mark.parametrize("size", [(800, 480), (1280, 720)], ids=["800x480", "1280x720"])
def test_names_of_three_words_keep_the_table_in_shape(services, seven_inch, monkeypatch, size):
    """The longest names the keyboard takes, of two and three words, at six seats: each is written
    whole in the strip's height (smaller, its shape beside it, where it needs to be), so the strip
    never grows over the piles and the pad."""
    Window.size = size
    words = ["Christopher Columbus", "Maria Magdalena Wolf", "Anna Lena Katharina", *NAMES[3:]]
    monkeypatch.setattr(sys.modules[__name__], "FAMILY",
                        [Player(name, IDENTITIES[seat].key, seat + 1) for seat, name in enumerate(words)])
    screen, _ = game(services, seven_inch, FIRST)
    with_message(screen)
    tiles = screen.view.strip.tiles
    assert [tiles[seat].name.text for seat in range(6)] == words
    too_small = "read from the seats it needs 3.5 mm"
    assert [problem for problem in problems(screen) if too_small not in problem] == []
    # The single words keep the table's type and their shape above them.
    assert all(tiles[seat].name_font == tiles[5].name_font and not tiles[seat].symbol_beside for seat in (3, 4))
    strip, below = screen.view.strip, screen.view.below
    assert strip.y >= below.top


@pytest.mark.parametrize("size", [(800, 480), (1280, 720)], ids=["800x480", "1280x720"])
@pytest.mark.parametrize("actions", [FIRST, []], ids=["a turn", "the first card"])
def test_which_hand_it_is_shows_once_with_six_players(services, seven_inch, size, actions):
    """Beside the pad where the column has room for it, else in the heading: never nowhere."""
    Window.size = size
    screen, _ = game(services, seven_inch, actions)
    settle()
    shown = [label.text for label in screen.walk()
             if isinstance(getattr(label, "text", None), str) and layout.is_shown(label)]
    assert sum("Hand 1 of 3" in text for text in shown) == 1, shown
    assert problems(screen) == []


@pytest.mark.parametrize("step, taps", [
    ("details", ["details", "colour:red", "number:12"]),
    ("wild colour", ["mutt"]),
    ("pedigree breed", ["pedigree"]),
    ("dog house target", ["dog_house"]),
    ("fire hydrant swap", ["fire_hydrant"]),
    ("drew and played", ["drew_played"]),
])
def test_every_step_of_a_turn_fits_beside_the_table(services, seven_inch, step, taps):
    screen, _ = game(services, seven_inch, FIRST)
    with_message(screen)
    for key in taps:
        screen.view.pad.buttons[key].trigger_action(0)
    assert problems(screen) == [], step


@pytest.mark.parametrize("step, actions", [
    ("bone race", FIRST + [Action("play", 2, {"card": "mutt", "colour": "red"})]),
    ("pedigree round", FIRST + [Action("play", 2, {"card": "pedigree", "colour": "red", "breed": "Labrador"})]),
    ("dog house turn", FIRST + [Action("play", 2, {"card": "dog_house", "colour": "red", "target": 3})]),
])
def test_table_wide_steps_fit_beside_the_table(services, seven_inch, step, actions):
    screen, _ = game(services, seven_inch, actions)
    screen.controller.race_runner = RUNNER  # big buttons connected: the race button takes its place too
    screen.view.refresh()
    with_message(screen)
    assert problems(screen) == [], step


def test_who_claimed_fits_beside_the_claim_race_button(services, seven_inch):
    screen, _ = game(services, seven_inch, FIRST, options={"dealer": 0, "advanced": True})
    screen.controller.race_runner = RUNNER
    screen.view.refresh()
    with_message(screen)
    screen.view.pad.buttons["match"].trigger_action(0)
    assert "race" in screen.view.pad.buttons
    assert problems(screen) == []


def test_a_won_claim_asks_match_or_run_under_a_whole_heading(services, seven_inch):
    screen, _ = game(services, seven_inch, FIRST, options={"dealer": 0, "advanced": True})
    with_message(screen)
    screen.view.pad.won_claim({"kind": "claim", "winners": [1], "losers": [0]})
    assert "Maximiliana won the claim" in screen.view.pad.title.text
    assert problems(screen) == []


def drawn_centre(shape):
    """The middle of what was filled, on the window: a shape is one baked picture (a Rectangle) where it
    stands; drawn as shapes, card shapes are several meshes, so all of them count, and a shape is drawn
    from its own corner, moved to where it stands (a Translate)."""
    xs, ys = [], []
    dx = dy = 0.0
    for instruction in shape.canvas.children:
        if isinstance(instruction, Rectangle) and instruction.texture is not None:
            return instruction.pos[0] + instruction.size[0] / 2, instruction.pos[1] + instruction.size[1] / 2
        if isinstance(instruction, Translate):
            dx, dy = instruction.x, instruction.y
        if isinstance(instruction, Mesh):
            xs += instruction.vertices[0::4]
            ys += instruction.vertices[1::4]
        if isinstance(instruction, Ellipse):
            return dx + instruction.pos[0] + instruction.size[0] / 2, dy + instruction.pos[1] + instruction.size[1] / 2
    return (dx + (min(xs) + max(xs)) / 2, dy + (min(ys) + max(ys)) / 2) if xs else None


def assert_shapes_inside(root):
    shapes = [widget for widget in root.walk(restrict=True) if isinstance(widget, SymbolShape) and widget.width]
    assert shapes
    for shape in shapes:
        x, y = drawn_centre(shape)
        parent = shape.parent
        assert parent.x <= x <= parent.right and parent.y <= y <= parent.top, (
            f"{shape.shape} drawn at {(x, y)} outside its {type(parent).__name__} at {parent.pos} {parent.size}")
        # A shape is not quite symmetric top to bottom (a triangle, a club's stem); a lagging draw is off by far more.
        assert abs(y - (shape.y + shape.height / 2)) < max(1, shape.height * 0.1)


def test_shapes_are_drawn_inside_their_buttons_after_the_pad_redraws(services, seven_inch):
    screen, _ = game(services, seven_inch, FIRST)
    pad = screen.view.pad
    pad.buttons["details"].trigger_action(0)   # colour buttons with shapes
    settle()
    assert_shapes_inside(pad)
    pad.buttons["back"].trigger_action(0)
    pad.buttons["dog_house"].trigger_action(0)  # a player in each target button
    settle()
    assert_shapes_inside(pad)
    assert_shapes_inside(screen.view.strip)


def test_the_six_player_photo_finish_keeps_shapes_on_their_rows_and_the_title_inside(seven_inch):
    from ui.screens.race import RacePopup

    class Buttons:
        buttons = None
        warning = None

        def race_log(self):
            return ""

    decision = RaceDecision(kind="bones", players=(1, 2, 3, 4, 5, 6), cue_ns=0, winners=(4, 5, 2, 6, 3),
                            losers=(1,), margins_ms={4: 0.0, 5: 18.0, 2: 42.8, 6: 67.5, 3: 92.3, 1: 117.0},
                            false_starts=())
    popup = RacePopup(Buttons(), FAMILY, "bones", list(range(6)), lambda result: None)
    popup.open()
    popup._show_decision(decision)
    settle(10)
    try:
        for row in [widget for widget in popup.walk() if type(widget).__name__ == "PhotoFinishRow"]:
            assert_shapes_inside(row)
        title = popup.panel.children[-1]
        assert title.text == "Race for the bones!"
        assert title.top <= popup.panel.top and title.y >= popup.panel.y
        assert [str(problem) for problem in layout.check("800x480 GameScreen/MuttsView > RacePopup", [popup], Window)
                if "Accept result" not in str(problem)] == []
    finally:
        popup.dismiss(animation=False)


@pytest.mark.parametrize("larger_text", [False, True], ids=["usual-text", "larger-text"])
@pytest.mark.parametrize("players", [6, 4, 2])
def test_the_standing_between_hands_reads_from_across_the_table_and_takes_its_room(
        services, seven_inch, players, larger_text):
    """A hand over at six, four and two players: every player's total is a key number, 10 mm at least,
    the screen leaves no room beside them empty, and the whole of it passes the layout check (with
    Larger text too)."""
    import random

    from ui import theme

    if larger_text:
        theme.use_larger_text(True)
    try:
        family = FAMILY[:players]
        session = services.store.new_session("nuts_about_mutts", family, {"dealer": 0})
        rng = random.Random(players)
        while not session.summary()["scores"]["hands"]:
            session.perform(rng.choice(session.game.legal_actions(session.state, rng)))
        screen = open_game_screen(services, seven_inch, session)
        settle()
        scores = screen.view.scores
        assert scores is not None and len(scores.tiles) == players
        totals = [tile.total.number for tile in scores.tiles]
        assert all(layout.is_key_number(total) for total in totals)
        assert [total.text for total in totals] == [str(score) for score in session.outcome.scores]
        assert min(layout.key_number_mm(total, layout.px_per_mm(800)) for total in totals) >= layout.KEY_NUMBER_MM
        assert problems(screen) == []
    finally:
        if larger_text:
            theme.use_larger_text(False)


def test_with_larger_text_a_six_player_race_in_history_has_every_name_whole(services, seven_inch):
    """Larger text on, six long names: History's Races, opened by touch, draws each line of the photo
    finish in the type its columns were measured for, so every name is whole on its line and each
    margin whole beside it."""
    from race_support import bone_race
    from ui_support import buttons_reading, tap

    from ui import theme
    from ui.screens.history import HistoryPopup
    from ui.screens.race import PhotoFinishRow

    # The longest of the play-throughs' names in bold: wider in the table's type than in its least.
    family = [Player(name, IDENTITIES[seat].key, seat + 1) for seat, name in
              enumerate(["Christopher", "Maximiliana", "Bartholomäus", "Anastasia", "Jean-Baptiste", "Wilhelmina"])]
    theme.use_larger_text(True)
    try:
        session = services.store.new_session("nuts_about_mutts", family, {"dealer": 0})
        bone_race(session, {1: 200.0, 2: 207.0, 3: 214.1, 4: 218.8, 5: 225.7, 6: 237.1},
                  save_race=services.store.save_race)
        screen = open_game_screen(services, seven_inch, session)
        settle()
        tap(buttons_reading(screen, "History")[0])
        (history,) = [widget for widget in Window.children if isinstance(widget, HistoryPopup)]
        tap(next(button for button in history.walk() if getattr(button, "text", "").startswith("Races")))
        settle()
        rows = [widget for widget in history.walk() if isinstance(widget, PhotoFinishRow)]
        assert sorted(row.player.name for row in rows) == sorted(player.name for player in family)
        where = "800x480 GameScreen/MuttsView > HistoryPopup"
        found = [str(problem) for problem in layout.check(where, [history], Window)] + layout.broken_words(history)
        assert found == []
        history.dismiss(animation=False)
    finally:
        theme.use_larger_text(False)
