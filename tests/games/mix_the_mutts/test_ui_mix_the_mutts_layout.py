"""The Mix-the-Mutts table read from every seat: on the 7" display (800x480) with four long names
and with two players, and at 1280x720, every screen a family sees (the table, each step of the
breed pad, the scoring grid with many new dogs, the final totals) passes the play-through layout
check as a table laid out for reading from the seats: names, whose turn, captions, counts and
scores with 3.5 mm capitals, button words and fine print at the app's smallest type or more, names
whole, nothing outside its box. The same with Larger text on, where the smallest type is 3.2 mm."""

import sys
from pathlib import Path

import pytest

pytest.importorskip("kivy")

from kivy.base import EventLoop  # noqa: E402
from kivy.core.window import Window  # noqa: E402

from companion.actions import Action  # noqa: E402
from companion.players import IDENTITIES, Player  # noqa: E402
from ui.navigation import Navigator  # noqa: E402
from ui.screens.game import open_game_screen  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "e2e"))
import layout  # noqa: E402

# The play-throughs' long names: "Bartholomäus", bold on the active player's column, is the widest.
NAMES = ["Christopher", "Maximiliana", "Bartholomäus", "Anastasia"]
FOUR = [Player(name, IDENTITIES[seat].key, seat + 1) for seat, name in enumerate(NAMES)]
TWO = FOUR[:2]
SCREEN = "GameScreen/MixTheMuttsView"


@pytest.fixture(params=[((800, 480), False), ((1280, 720), False), ((800, 480), True), ((1280, 720), True)],
                ids=["800x480", "1280x720", "800x480-larger-text", "1280x720-larger-text"])
def window(request, monkeypatch):
    """The app's window at one of the checked sizes, in the usual type or with Larger text (every word
    and number a quarter bigger, the smallest type then 3.2 mm), with a navigator on it as the app has;
    the table is held to the rule for tables read from the seats whether or not it is listed yet."""
    from ui import theme

    monkeypatch.setattr(layout, "TABLES_READ_FROM_THE_SEATS", layout.TABLES_READ_FROM_THE_SEATS | {"MixTheMuttsView"})
    size, larger_text = request.param
    before = Window.size
    Window.size = size
    theme.use_larger_text(larger_text)
    navigator = Navigator()
    navigator.transition.duration = 0
    Window.add_widget(navigator)
    try:
        yield navigator
    finally:
        Window.remove_widget(navigator)
        theme.use_larger_text(False)
        Window.size = before


def settle(frames: int = 6) -> None:
    for _ in range(frames):
        EventLoop.idle()


def dogs(player, *pairs):
    return Action("connect", player, {"combinations": [{"head": h, "tail": t} for h, t in pairs]})


def score(player, head, tail):
    return Action("score", player, {"head": head, "tail": tail})


def draws(count: int, players: int, first: int = 0):
    return [Action("draw", (first + turn) % players) for turn in range(count)]


# Every hand grows to two digits, then tiles go down and stacks fill with many breeds.
FOUR_MIDGAME = draws(12, 4) + [
    dogs(0, ("pomeranian", "chihuahua"), ("dalmatian", "dalmatian")),
    score(0, "pomeranian", "chihuahua"), score(1, "dalmatian", "dalmatian"), score(2, "pomeranian", "chihuahua"),
    Action("finish_turn", 0),
    dogs(1, ("schnauzer", "dachshund"), ("beagle", "poodle"), ("pug", "pug")),
    score(1, "schnauzer", "dachshund"), score(1, "beagle", "poodle"), score(1, "pug", "pug"),
    score(0, "beagle", "poodle"),
    Action("finish_turn", 1),
    dogs(2, ("poodle", "schnauzer"), ("dachshund", "beagle"), ("pug", "chihuahua"), ("pomeranian", "poodle")),
]
TWO_MIDGAME = draws(8, 2) + [
    dogs(0, ("pomeranian", "chihuahua"), ("dalmatian", "dalmatian")),
    score(0, "pomeranian", "chihuahua"), score(0, "dalmatian", "dalmatian"), score(1, "pomeranian", "chihuahua"),
    Action("finish_turn", 0),
    dogs(1, ("schnauzer", "dachshund"), ("beagle", "poodle"), ("pug", "pug")),
]


def game(services, navigator, players, actions=()):
    session = services.store.new_session("mix_the_mutts", players, {})
    for action in actions:
        session.perform(action)
    screen = open_game_screen(services, navigator, session)
    navigator.transition.stop() if navigator.transition.is_active else None
    # The longest line a family usually sees in the bar, as after an Undo.
    screen.message.show("Undone: Maximiliana scored pomeranian head, chihuahua tail (two cards)")
    settle()
    return screen, session


def problems(screen) -> list[str]:
    settle()
    found = [str(problem) for problem in layout.check(f"{Window.width}x{Window.height} {SCREEN}", [screen], Window)]
    return found + layout.broken_words(screen)



@pytest.mark.parametrize("players, actions", [(FOUR, FOUR_MIDGAME[:-1]), (TWO, TWO_MIDGAME[:-1]), (FOUR, [])],
                         ids=["four", "two", "four-opening"])
def test_the_table_reads_from_every_seat(services, window, players, actions):
    screen, session = game(services, window, players, actions)
    view = screen.view
    assert view.pad is None and view.scoring is None
    assert problems(screen) == []
    assert [card.name.label.text for card in view.cards] == [player.name for player in players]
    if Window.width == 800:
        assert {what: mm for what, mm in counts_mm(view).items() if mm < layout.KEY_NUMBER_MM} == {}, \
            "counts under 10 mm on the 7-inch panel"


def counts_mm(view) -> dict[str, float]:
    """Every count the table keeps (the card pile, the tiles, each hand) by what it counts, in mm on the
    7" panel."""
    scale = layout.px_per_mm(800)
    numbers = {"card pile": view.pile.number, "tiles on the table": view.tile_counts["on_table"],
               "tiles in the stack": view.tile_counts["face_down"]}
    numbers.update({f"{card.name.player.name}'s hand": card.hand.number for card in view.cards})
    return {what: round(layout.key_number_mm(number, scale), 1) for what, number in numbers.items()}


@pytest.mark.parametrize("players, actions", [(FOUR, FOUR_MIDGAME[:-1]), (TWO, TWO_MIDGAME[:-1])], ids=["four", "two"])
def test_every_step_of_the_breed_pad_fits(services, window, players, actions):
    screen, _ = game(services, window, players, actions)
    view = screen.view
    view.connect_button.trigger_action(0)
    assert problems(screen) == [], "empty pad"
    for breed in ("pomeranian", "chihuahua", "dalmatian", "pomeranian", "schnauzer"):
        view.pad.breed_buttons[breed].trigger_action(0)
        assert problems(screen) == [], breed


@pytest.mark.parametrize("players, actions", [(FOUR, FOUR_MIDGAME), (TWO, TWO_MIDGAME)], ids=["four", "two"])
def test_the_scoring_grid_reads_from_every_seat(services, window, players, actions):
    screen, session = game(services, window, players, actions)
    grid = screen.view.scoring
    assert grid is not None
    assert problems(screen) == []
    # A cell tapped beside cells still to tap.
    turn = session.summary()["turn"]
    grid.buttons[(0, turn)].trigger_action(0)
    assert problems(screen) == []


@pytest.mark.parametrize("players", [FOUR, TWO], ids=["four", "two"])
def test_the_final_totals_read_from_every_seat(services, window, players):
    from companion.games.mix_the_mutts.state import BREEDS

    session = services.store.new_session("mix_the_mutts", players, {})
    rounds = 0
    while session.summary()["phase"] != "over" and rounds < 40:
        summary = session.summary()
        turn, count = summary["turn"], summary["new_dogs_per_tile"]["min"]
        pairs = [(BREEDS[(rounds + i) % 8], BREEDS[(rounds + 2 * i + 1) % 8]) for i in range(count)]
        session.perform(dogs(turn, *pairs))
        for seat in range(len(players)):
            for head, tail in pairs[:1 if seat != turn else count]:
                try:
                    session.perform(score(seat, head, tail))
                except Exception:  # a hand too small, or the breed's cards all scored: like a real table
                    pass
        session.perform(Action("finish_turn", turn))
        rounds += 1
    assert session.summary()["phase"] == "over"
    screen = open_game_screen(services, window, session)
    settle()
    assert screen.view.end is not None
    assert problems(screen) == []
