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
from ui import theme  # noqa: E402
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


def painted(slot, x: float, y: float) -> tuple[int, ...]:
    """The colour the Mug's picture has at the window point (x, y)."""
    texture = slot.picture.texture
    left, bottom = slot.to_window(*slot.picture.pos)
    column, row = int(x - left), int(y - bottom)
    start = (row * texture.width + column) * 4
    return tuple(texture.pixels[start:start + 4])


@pytest.mark.parametrize("players", [5, 2])
def test_an_owned_mug_carries_a_tick_a_missing_one_does_not(services, window, players):
    from ui_support import tap

    session = services.store.new_session("pugs_in_mugs", FIVE[:players], {})
    screen = open_game_screen(services, window, session)
    view = screen.view
    tap(view.buttons["draw"])
    tap(view.buttons["exchange"])
    tap(view.choices["red"])  # Christopher's three cards were red Pugs
    settle()
    assert session.summary()["players"][0]["mugs"] == ["red"]
    scale = layout.px_per_mm(800) if Window.width == 800 else None
    for seat, row in enumerate(view.rows):
        for colour, slot in row.shelf.slots.items():
            owned = seat == 0 and colour == "red"
            assert (slot.tick is not None) == owned, f"{row.name.player.name}'s {colour} Mug"
        tick = row.shelf.slots["red"].tick
        if tick is None:
            continue
        x, y, radius = tick
        slot = row.shelf.slots["red"]
        left, bottom = slot.to_window(*slot.pos)
        assert left <= x - radius and x + radius <= left + slot.width + 1
        assert bottom <= y - radius and y + radius <= bottom + slot.height + 1
        if scale:
            assert 2 * radius / scale >= 3.5, "a tick under 3.5 mm is not read from across the table"
        # A white disc behind the dark tick, so it shows on every Mug colour and on the dark table.
        assert min(painted(slot, x - radius * 0.3, y + radius * 0.5)) > 230
    assert problems(screen) == []


@pytest.fixture
def larger_text_on_the_panel():
    """Larger text on, and the window at the 7" display's size while the screen is made and checked."""
    from ui_support import larger_text, window_of

    with window_of((800, 480)), larger_text():
        navigator = Navigator()
        navigator.transition.duration = 0
        Window.add_widget(navigator)
        yield navigator
        Window.remove_widget(navigator)


def test_with_larger_text_the_table_its_pickers_and_the_discard_pad_fit_the_panel(services, larger_text_on_the_panel):
    """Larger text on, five long names on the 7" panel: the table (whose turn, the actions left, the
    deck and the discard pile, the buttons), also under a message of two lines, the pickers (colours
    with what is left of each, the Mischief cards with what each costs, players with their hands) and
    the discard pad pass the layout check, with the type 3.2 mm at least and every target 9 mm at
    least; and the Mugs beside the long names are big enough for their ticks to read across the table."""
    from ui_support import tap

    screen, session = game(services, larger_text_on_the_panel, 60)
    view = screen.view
    assert problems(screen) == []
    scale = layout.px_per_mm(800)
    # The Mugs on the narrow shelves beside long names: each owned one's tick read across the table.
    ticks = [2 * slot.tick[2] / scale for row in view.rows for slot in row.shelf.slots.values() if slot.tick]
    assert ticks and min(ticks) >= 3.5, "a tick under 3.5 mm is not read from across the table"
    # A greyed button tapped says why under the table, in two lines with Larger text: the table's
    # room is less while it is said.
    greyed = next(button for button in view.buttons.values() if button.disabled_reason)
    tap(greyed)
    assert screen.message.text and screen.message.height > theme.MESSAGE_HEIGHT
    assert problems(screen) == [], "under a message of two lines"
    screen.message.clear()
    for kind in ("exchange", "mischief", "surprise"):
        view.open(kind)
        assert view.picker.get_root_window() is not None, f"{kind} opened no picker"
        assert problems(screen) == [], kind
        view.close()
    # Drawing turn after turn until a hand is over the limit at its turn's end.
    while view.flow is None:
        while session.summary()["actions_left"]:
            view.buttons["draw"].trigger_action(0)
        view.open("end_turn")
    assert view.flow["kind"] == "discard"
    assert problems(screen) == []
