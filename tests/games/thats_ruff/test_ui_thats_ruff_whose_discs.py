"""Whose discs are whose, and what a That's Ruff! score means, read from the seats: each dog's discs kept
say whose they are (the players' shapes big enough to find, and their names where the row has room),
the winner is named in words, and wherever the game's scores show (Tonight, the records) they say what
they stand for: what each dog still had to do, the number the paths on the end screen show."""

import sys
from pathlib import Path

import pytest

pytest.importorskip("kivy")

from kivy.core.window import Window  # noqa: E402  (opens the headless window)
from ui_support import buttons_reading, settle, settle_until, tap, texts  # noqa: E402

from companion.actions import Action  # noqa: E402
from companion.players import Player  # noqa: E402
from companion.rulecards import load_example  # noqa: E402
from ui.places import Place  # noqa: E402

sys.path.insert(0, str(Path(__file__).parents[2] / "e2e"))
import layout  # noqa: E402

EXAMPLE = load_example("thats_ruff")
ACTIONS = [Action.from_json(entry) for entry in EXAMPLE["actions"]]
# Ann's Nicky wins the worked example.
FAMILY = [Player("Ann", "orange"), Player("Ben", "sky")]


@pytest.fixture
def panel():
    before = Window.size
    Window.size = (800, 480)
    settle(4)
    try:
        yield
    finally:
        Window.size = before
        settle(4)


def won_table(services, navigator, upto=None):
    session = services.store.new_session("thats_ruff", FAMILY, EXAMPLE["options"])
    for action in ACTIONS[:upto]:
        session.perform(action)
    screen = navigator.go(Place.GAME, services, session)
    settle(4)
    return screen, session


def only(root, text):
    settle()
    found = buttons_reading(root, text)
    assert len(found) == 1, f"expected one {text!r}: {texts(root)}"
    return found[0]


def test_each_dogs_discs_kept_say_whose_they_are_and_the_winner_is_named(services, navigator, panel):
    screen, session = won_table(services, navigator)
    assert session.is_over
    view = screen.view
    houses = view.kept.houses
    px_per_mm = 800 / layout.SEVEN_INCH_PANEL_MM
    for house, player in zip(houses, FAMILY):
        assert house.names.text == player.name and house.names.opacity == 1
        assert house.names.get_root_window() is not None
        assert house.side / px_per_mm >= 3.8, f"{player.name}'s shape is {house.side / px_per_mm:.1f} mm"
        assert house.count.number.height / px_per_mm >= layout.KEY_NUMBER_MM
    banner = " ".join(texts(view.banner))
    assert "Ann wins!" in banner and "Nicky is home" in banner


def test_the_count_keeps_the_names_off_the_discs_kept_where_four_long_names_leave_no_room(services, navigator, panel):
    """Where the names would crowd whose turn it is, the shapes alone say it (the paths' tokens carry
    them too), and nothing is cut."""
    from companion.players import IDENTITIES
    long_family = [Player(name, IDENTITIES[seat].key) for seat, name in
                   enumerate(["Christopher", "Maximiliana", "Bartholomew", "Jean-Baptiste"])]
    session = services.store.new_session("thats_ruff", long_family, {})
    session.perform(Action("lay_out", 1, {"face_up": [], "face_down": 4}))
    for seat in (0, 2, 3):
        session.perform(Action("lay_out", seat, {"face_up": [], "face_down": 4}))
    screen = navigator.go(Place.GAME, services, session)
    settle(6)
    assert session.summary()["phase"] == "counting"
    assert all(house.named is False and house.names.opacity == 0 for house in screen.view.kept.houses)
    assert all(house.side >= 20 for house in screen.view.kept.houses)
    problems = [str(problem) for problem in layout.check("GameScreen/ThatsRuffView", [screen], Window)]
    assert problems == [], "\n".join(problems)


def test_tonight_says_what_a_that_s_ruff_score_stands_for(services, navigator, panel):
    screen, session = won_table(services, navigator)
    tap(only(screen, "Tonight"))
    from ui.screens.tonight import TonightPopup
    assert settle_until(lambda: any(isinstance(widget, TonightPopup) for widget in Window.children))
    (popup,) = [widget for widget in Window.children if isinstance(widget, TonightPopup)]
    settle(4)
    cards = [view for view in popup.body.listing.view_adapter.views.values()
             if type(view).__name__ == "EveningGameCard"]
    (card,) = cards
    said = card.ids["score_means"]
    assert "still had to do" in said.text and "disc left to fetch" in said.text and said.height > 0
    # The scores are what the sentence says: each dog's discs still on its path, and 1 if not home.
    summary = session.summary()
    for seat in card.seats:
        board = next(board for board in summary["boards"] if seat["name"] in board["names"])
        assert seat["score"] == str(board["discs_left_to_fetch"] + (not board["in_dog_house"]))
    problems = [str(problem) for problem in layout.check("GameScreen/ThatsRuffView/TonightPopup", [popup], Window)]
    assert problems == [], "\n".join(problems)


def test_the_records_say_what_best_and_average_stand_for_in_that_s_ruff(services, navigator, panel):
    won_table(services, navigator)
    profile = navigator.go(Place.PROFILE, services, "Ann")
    settle(4)
    notes = [item["text"] for item in profile.rows.data if item["viewclass"] == "RecordLine"]
    assert any(note.startswith("That's Ruff! score: what each dog still had to do") for note in notes), notes
    problems = [str(problem) for problem in layout.check("ProfileScreen", [profile], Window)]
    assert problems == [], "\n".join(problems)
