"""A That's Ruff! move tapped on the screen updates what is shown in place: a card played in Counting and
a collection in Collecting change the numbers, the dogs and whose turn it is on the very widgets that
showed them, and a tap the rules refuse changes nothing on the table but the message bar."""

import pytest

pytest.importorskip("kivy")

from kivy.core.window import Window  # noqa: E402  (opens the headless window)
from kivy.uix.screenmanager import NoTransition  # noqa: E402
from ui_support import buttons_reading, same_widgets, settle, tap, texts  # noqa: E402

from companion.actions import Action  # noqa: E402
from companion.players import Player  # noqa: E402
from companion.rulecards import load_example  # noqa: E402
from ui.navigation import Navigator  # noqa: E402
from ui.screens.game import open_game_screen  # noqa: E402

EXAMPLE = load_example("thats_ruff")
ACTIONS = [Action.from_json(entry) for entry in EXAMPLE["actions"]]
FAMILY = [Player("Ann", "orange"), Player("Ben", "sky"), Player("Cleo", "green"), Player("Dev", "pink")]
COUNTING = 2      # both laid out: Ben counts first
COLLECTING = 15   # Ben collects first; he holds the red 11, the centre the red 13 and the red 10


@pytest.fixture
def shown(services):
    navigator = Navigator(transition=NoTransition())
    Window.add_widget(navigator)

    def show(upto, players=FAMILY[:2], actions=ACTIONS):
        session = services.store.new_session("thats_ruff", players, EXAMPLE["options"])
        for action in actions[:upto]:
            session.perform(action)
        screen = open_game_screen(services, navigator, session)
        settle()
        return screen, session

    yield show
    Window.remove_widget(navigator)


def new_widgets(before, after) -> int:
    return len(set(map(id, after)) - set(map(id, before)))


def test_a_move_updates_the_widgets_on_screen_rather_than_replacing_them(shown):
    screen, session = shown(COUNTING)
    view = screen.view
    pad = view.counting.pad

    def play_blue_1():
        tap(pad.suit_buttons["blue"])
        tap(pad.number_buttons[1])

    same, before, after = same_widgets(view, play_blue_1)
    assert session.actions[-1] == Action("play", 1, {"number": 1, "colour": "blue"})
    assert same, f"{new_widgets(before, after)} widgets built anew by a card played"
    shown_now = texts(view)
    assert "1" in shown_now and "Ann" in shown_now and "match blue\u00a01" in shown_now  # the colour and number never split


def test_with_four_players_a_turn_round_the_table_keeps_every_widget(shown):
    four = [Action("lay_out", seat, {"face_up": [{"number": 3 + seat, "colour": "red"}], "face_down": 3})
            for seat in range(4)]
    screen, session = shown(4, FAMILY, four)
    view = screen.view
    pad = view.counting.pad

    def round_of_cards():
        for number in (0, 1, 2, 3):
            tap(pad.suit_buttons["black"])
            tap(pad.number_buttons[number])

    same, before, after = same_widgets(view, round_of_cards)
    assert [action.type for action in session.actions[4:]] == ["play"] * 4, screen.message.text
    assert same, f"{new_widgets(before, after)} widgets built anew by a round of cards"


@pytest.mark.parametrize("size", [(800, 480), (1280, 720)], ids=["800x480", "1280x720"])
def test_the_paths_stay_put_card_after_card_whatever_the_last_move_says(shown, size):
    """Last moves of one line and of two (a dog staying put, a card with three reasons), and an Undo
    between them, must not move the paths under the family's eyes."""
    before = Window.size
    Window.size = size
    settle()
    four = [Action("lay_out", seat, {"face_up": [{"number": 3 + seat, "colour": "red"}], "face_down": 3})
            for seat in range(4)]
    screen, session = shown(4, FAMILY, four)
    view = screen.view
    pad = view.counting.pad
    places, lines = set(), set()

    def seen() -> None:
        settle()
        places.add(tuple((tuple(strip.pos), tuple(strip.size)) for strip in view.boards))
        lines.add(view.last_move.texture_size[1])

    try:
        for number in (0, 8, 1):
            tap(pad.suit_buttons["black"])
            tap(pad.number_buttons[number])
            seen()
            tap(buttons_reading(screen, "Undo")[0])
            seen()
            tap(pad.suit_buttons["black"])
            tap(pad.number_buttons[number])
            seen()
    finally:
        Window.size = before
    assert [action.type for action in session.actions[4:]] == ["play"] * 3, screen.message.text
    if size == (800, 480):
        # Wider, every one of these lines is one line: the paths are still checked to stay put.
        assert len(lines) > 1, "the last move should have taken more lines after some cards than after others"
    assert len(places) == 1, f"the paths moved: {places}"


def test_a_collection_updates_the_widgets_on_screen_rather_than_replacing_them(shown):
    screen, session = shown(COLLECTING)
    view = screen.view
    pad = view.collecting
    centre = session.summary()["centre"]

    def collect_three_reds():
        tap(next(chip for chip in pad.own_chips if chip.card == {"number": 11, "colour": "red"}))
        tap(pad.centre_chips[centre.index({"number": 13, "colour": "red"})])
        tap(pad.centre_chips[centre.index({"number": 10, "colour": "red"})])
        tap(pad.collect_button)

    same, before, after = same_widgets(view, collect_three_reds)
    assert session.actions[-1] == ACTIONS[COLLECTING]
    assert same, f"{new_widgets(before, after)} widgets built anew by a collection"
    assert "Ann" in texts(view) and "Centre: 8 cards" in texts(view)


def on_the_table(view) -> list[tuple[str, object]]:
    """Every word on the table, and which cards are ringed as chosen."""
    return [(widget.text, getattr(widget, "selected", None)) for widget in view.walk(restrict=True)
            if isinstance(getattr(widget, "text", None), str) and widget.text]


@pytest.mark.parametrize("upto, refused, said", [
    (COUNTING, lambda view: view.counting.ruff_button, "every card up to 13 still fits"),
    (COLLECTING, lambda view: view.collecting.centre_button, "can still collect three"),
], ids=["thats-ruff-at-0", "to-centre-with-a-collection-left"])
def test_a_refused_tap_changes_nothing_on_screen_but_the_message(shown, upto, refused, said):
    screen, session = shown(upto)
    view = screen.view
    if upto == COLLECTING:
        tap(view.collecting.own_chips[0])
    before = on_the_table(view)
    same, _, _ = same_widgets(view, lambda: tap(refused(view)))
    assert len(session.actions) == upto and said in screen.message.text
    assert same and on_the_table(view) == before
