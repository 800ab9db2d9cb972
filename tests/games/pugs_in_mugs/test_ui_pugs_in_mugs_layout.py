"""The Pugs in Mugs table read from every seat: with five long names on the 7" display (800x480) and
at 1280x720, the table, a picker and the discard pad pass the play-through layout check, and every
count the family tracks (each hand, the deck, the discard pile) is a key number, 10 mm tall on the
7" panel, with its caption."""

import random
import sys
from pathlib import Path

import pytest

pytest.importorskip("kivy")

from kivy.core.window import Window  # noqa: E402
from ui_support import settle  # noqa: E402

from companion.players import IDENTITIES, Player  # noqa: E402
from ui.navigation import Navigator  # noqa: E402
from ui.screens.game import open_game_screen  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "e2e"))
import layout  # noqa: E402

NAMES = ["Christopher", "Maximiliana", "Bartholomew", "Anastasia", "Jean-Baptiste"]
FIVE = [Player(name, IDENTITIES[seat].key, seat + 1) for seat, name in enumerate(NAMES)]
SCREEN = "GameScreen/PugsInMugsView"


@pytest.fixture(params=[(800, 480), (1280, 720)], ids=["800x480", "1280x720"])
def window(request):
    before = Window.size
    Window.size = request.param
    navigator = Navigator()
    navigator.transition.duration = 0
    Window.add_widget(navigator)
    yield navigator
    Window.remove_widget(navigator)
    Window.size = before


def game(services, navigator, moves: int):
    """Five long names `moves` random legal moves in: hands, the deck and the discard pile as a game
    leaves them, the same every run."""
    session = services.store.new_session("pugs_in_mugs", FIVE, {})
    rng = random.Random(24)
    for _ in range(moves):
        session.perform(rng.choice(session.game.legal_actions(session.state, rng)))
    screen = open_game_screen(services, navigator, session)
    settle()
    return screen, session


def problems(screen) -> list[str]:
    settle()
    found = [str(problem) for problem in layout.check(f"{Window.width}x{Window.height} {SCREEN}", [screen], Window)]
    return found + layout.broken_words(screen)


def counts_mm(view) -> dict[str, float]:
    """Every count on the table, by what it counts, in mm on the 7" panel."""
    scale = layout.px_per_mm(800)
    shown = {"deck": view.deck, "discard pile": view.discard}
    shown.update({f"{row.name.player.name}'s hand": row.hand for row in view.rows})
    return {what: round(layout.key_number_mm(count.number, scale), 1) for what, count in shown.items()}


@pytest.mark.parametrize("moves", [0, 60], ids=["opening", "two-digit piles"])
def test_every_count_on_the_table_reads_across_it(services, window, moves):
    screen, session = game(services, window, moves)
    view = screen.view
    summary = session.summary()
    assert view.deck.number.text == str(summary["deck"]) and view.discard.number.text == str(summary["discard_total"])
    assert problems(screen) == []
    if Window.width == 800:
        small = {what: mm for what, mm in counts_mm(view).items() if mm < layout.KEY_NUMBER_MM}
        assert small == {}, "counts under 10 mm on the 7-inch panel"
        assert all(layout.is_key_number(count.number) for count in (view.deck, view.discard))


def test_a_picker_and_the_discard_pad_keep_the_counts_readable(services, window):
    screen, session = game(services, window, 60)
    view = screen.view
    view.buttons["exchange"].trigger_action(0)
    assert view.flow is not None
    assert problems(screen) == []
    view.close()
    while session.summary()["actions_left"]:
        view.buttons["draw"].trigger_action(0)
    view.open("end_turn")
    assert problems(screen) == []
