"""What a family reads from their seats on the Nuts about Mutts table, at every player count on the
7" display and at 1280x720, with short and long names: who is in the dog house and who deals is a
word on that seat, and whose turn it is a thick ring, however many players and however long their
names; a seat's number keeps clear of the seat's top and of the marks under it; a hand of ten or
more keeps its distance from the name; the draw and home piles are key
numbers with their captions, and a tap on them still says where the cards are."""

import sys
from pathlib import Path

import pytest

pytest.importorskip("kivy")

from kivy.core.window import Window  # noqa: E402
from kivy.uix.label import Label  # noqa: E402
from ui_support import settle, tap, texts  # noqa: E402

from companion.actions import Action  # noqa: E402
from companion.players import IDENTITIES, Player  # noqa: E402
from ui.navigation import Navigator  # noqa: E402
from ui.screens.game import open_game_screen  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "e2e"))
import layout  # noqa: E402

SHORT = ["Maya", "Ben", "Ivy", "Tom", "Zoe", "Sam"]
LONG = ["Christopher", "Maximiliana", "Bartholomäus", "Anastasia", "Jean-Baptiste", "Wilhelmina"]
SIZES = [(800, 480), (1280, 720)]
DOG_HOUSE, DEALER = "DOG HOUSE", "DEALS"
CASES = [pytest.param(players, names, size, id=f"{players}p-{'long' if names is LONG else 'short'}-{size[0]}x{size[1]}")
         for players in range(2, 7) for names in (SHORT, LONG) for size in SIZES]


@pytest.fixture
def window(request):
    """A window of the size asked for, with a navigator on it as the app has."""
    before = Window.size
    navigator = Navigator()
    navigator.transition.duration = 0
    Window.add_widget(navigator)
    yield navigator
    Window.remove_widget(navigator)
    Window.size = before


def table(services, navigator, size, names, actions):
    Window.size = size
    family = [Player(name, IDENTITIES[seat].key, seat + 1) for seat, name in enumerate(names)]
    session = services.store.new_session("nuts_about_mutts", family, {"dealer": 0})
    for action in actions:
        session.perform(action)
    screen = open_game_screen(services, navigator, session)
    settle(6)
    # Named as the play-throughs name the table, so text read from the seats is held to 3.5 mm.
    problems = [str(problem) for problem in layout.check(f"{size[0]}x{size[1]} GameScreen/MuttsView", [screen], Window)]
    return screen, session, problems


def dealer_in_the_dog_house(players: int) -> list[Action]:
    """Dealer seat 0; seat 1 starts. A round of red dogs, then seat 1 sends the dealer to the dog house
    and seat 2 sends seat 1; the rest play on: it is the dealer's dog-house turn, two seats are in."""
    red = {"colour": "red"}
    actions = [Action("play", 1, {"colour": "red", "number": 5})]
    actions += [Action("play", seat, red) for seat in [*range(2, players), 0]]
    actions.append(Action("play", 1, {"card": "dog_house", "colour": "red", "target": 0}))
    if players > 2:
        actions.append(Action("play", 2, {"card": "dog_house", "colour": "red", "target": 1}))
    actions += [Action("play", seat, red) for seat in range(3, players)]
    return actions


def shown_on(tile, word: str) -> list[Label]:
    """Labels saying `word` that a player can see on `tile`: drawn, inside the tile and the window."""
    found = []
    for label in tile.walk(restrict=True):
        if not isinstance(label, Label) or label.text != word or not layout.is_shown(label):
            continue
        x0, y0, x1, y1 = layout.window_box(label)
        tx0, ty0, tx1, ty1 = layout.window_box(tile)
        if tx0 - 1 <= x0 and x1 <= tx1 + 1 and ty0 - 1 <= y0 and y1 <= ty1 + 1 and x1 <= Window.width and y0 >= 0:
            found.append(label)
    return found


@pytest.mark.parametrize("players, names, size", CASES)
def test_the_dog_house_the_dealer_and_the_turn_show_on_every_seat(services, window, players, names, size):
    screen, session, problems = table(services, window, size, names[:players], dealer_in_the_dog_house(players))
    summary = session.summary()
    in_the_dog_house = [0, 1] if players > 2 else [0]
    assert summary["dog_house"] == in_the_dog_house and summary["dealer"] == 0
    assert summary["to_act"] == {"kind": "dog_house_turn", "seat": 0}
    assert problems == []
    table_font = layout.SECONDARY_TEXT_MM / layout.CAP_HEIGHT * (layout.px_per_mm(800) or 0)
    for seat, tile in screen.view.strip.tiles.items():
        for word, applies in ((DOG_HOUSE, seat in in_the_dog_house), (DEALER, seat == 0)):
            marks = shown_on(tile, word)
            assert len(marks) == (1 if applies else 0), f"{names[seat]}: {word!r} shown {len(marks)} times"
            for mark in marks:
                assert mark.font_size >= table_font - 0.5, f"{word} on {names[seat]}'s seat is too small to read"
        # Whose turn it is: a thick ring around the seat, and only that one.
        assert tile.is_turn == (seat == 0)
        assert_room_around(tile, names[seat], size)
    assert screen.view.strip.tiles[0].ring_shown


ROOM_MM = 0.5   # what reads as room between a number and what is next to it


def assert_room_around(tile, name: str, size) -> None:
    """The seat's number (its box is as tall as its digits) is clear of the seat's top and of the marks
    drawn under it."""
    px_per_mm = layout.px_per_mm(800) * size[1] / 480
    _, number_bottom, _, number_top = layout.window_box(tile.count)
    tile_top = layout.window_box(tile)[3]
    assert (tile_top - number_top) / px_per_mm >= ROOM_MM, f"{name}'s hand size touches the top of the seat"
    for word in (DOG_HOUSE, DEALER, "TURN", "NEXT"):
        for mark in shown_on(tile, word):
            mark_top = layout.window_box(mark)[3]
            assert (number_bottom - mark_top) / px_per_mm >= ROOM_MM, f"{word} touches {name}'s hand size"


@pytest.mark.parametrize("size", SIZES, ids=["800x480", "1280x720"])
@pytest.mark.parametrize("players", [3, 6])
def test_a_hand_of_ten_or_more_keeps_its_distance_from_the_name(services, window, size, players):
    # Five rounds of draws after the first card: every hand has 11 or 12 cards.
    actions = [Action("play", 1, {"colour": "red", "number": 5})]
    actions += [Action("draw", (2 + step) % players) for step in range(5 * players)]
    screen, session, problems = table(services, window, size, LONG[:players], actions)
    assert problems == []
    scale = size[1] / 480
    for seat, tile in screen.view.strip.tiles.items():
        count = tile.count
        assert count.text == str(session.summary()["hand_sizes"][seat]) and len(count.text) == 2
        digits_right = count.to_window(count.center_x + count.texture_size[0] / 2, 0)[0]
        name_left = tile.name.to_window(tile.name.x, 0)[0]
        gap_mm = (name_left - digits_right) / (layout.px_per_mm(800) * scale)
        assert gap_mm >= 1.5, f"{LONG[seat]}'s {count.text} is {gap_mm:.1f} mm from the name"
        if size == (800, 480):
            assert layout.key_number_mm(count, layout.px_per_mm(800)) >= layout.KEY_NUMBER_MM


@pytest.mark.parametrize("size", SIZES, ids=["800x480", "1280x720"])
@pytest.mark.parametrize("players", [2, 4, 6])
def test_the_draw_and_home_piles_are_key_numbers_with_captions_and_open_where_the_cards_are(
        services, window, size, players):
    screen, session, problems = table(services, window, size, LONG[:players], dealer_in_the_dog_house(players))
    assert problems == []
    summary = session.summary()
    piles = screen.view.info.piles
    for caption, count in (("Draw pile", summary["draw_pile"]), ("Home pile", summary["home_pile"])):
        numbers = [label for label in piles.walk(restrict=True) if isinstance(label, Label)
                   and getattr(label, "key_number", False) and label.text == str(count) and layout.is_shown(label)]
        assert len(numbers) == 1, f"{caption} {count} is not a key number on the table: {texts(piles)}"
        assert caption in [label.text for label in piles.walk(restrict=True) if isinstance(label, Label)
                           and layout.is_shown(label)]
        if size == (800, 480):
            assert layout.key_number_mm(numbers[0], layout.px_per_mm(800)) >= layout.KEY_NUMBER_MM
    tap(piles)
    popup = next(child for child in Window.children if type(child).__name__ == "CardsPopup")
    try:
        assert f"Draw pile: {summary['draw_pile']}" in texts(popup)
    finally:
        popup.dismiss(animation=False)
