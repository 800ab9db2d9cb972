"""Tonight's standings one tap from a game's table: the popup shows what the evening screen shows
(standings, the evening's games, the running points) over the table, Close puts the table back exactly
as it was, and it passes the layout check at 800x480 and 1280x720, with long names too."""

import sys
from pathlib import Path

import pytest

pytest.importorskip("kivy")

from kivy.core.window import Window  # noqa: E402  (opens the headless window)
from kivy.uix.scrollview import ScrollView  # noqa: E402
from ui_support import buttons_reading, settle, settle_until, tap, texts  # noqa: E402

from companion.evenings import POINTS_RULE  # noqa: E402
from companion.game_lines import evenings  # noqa: E402
from ui.places import Place  # noqa: E402
from ui.screens.evening import ordinal  # noqa: E402

sys.path.insert(0, str(Path(__file__).parent / "e2e"))
import layout  # noqa: E402


def only(root, text):
    settle()
    found = buttons_reading(root, text)
    assert len(found) == 1, f"expected one {text!r}: {texts(root)}"
    return found[0]


def open_popups() -> list:
    from ui.screens.tonight import TonightPopup

    return [widget for widget in Window.children if isinstance(widget, TonightPopup)]


@pytest.fixture
def game_night_table(services, navigator):
    """Tonight's game night (three games finished), its fourth game on the table, mid-game."""
    from ui.scenes.screens import _game_night

    _game_night(services)
    tonight = evenings(services.store)[0]
    session = services.store.resume(tonight.games[-1].session_id)
    screen = navigator.go(Place.GAME, services, session)
    settle()
    return screen, tonight


def test_one_tap_shows_tonights_standings_over_the_table_and_close_puts_it_back(game_night_table):
    screen, tonight = game_night_table
    screen.controller.explain("Maya has no Mug to steal")   # something on the table the family was reading
    settle()
    table_before, view_before = texts(screen), screen.view
    tap(only(screen, "Tonight"))
    (popup,) = open_popups()
    words = texts(popup)
    assert f"Tonight: {len(tonight.games)} games" in words
    standings = [(row.standing.name, row.standing.points) for row in popup.body.rows]
    assert standings == [(standing.name, standing.points) for standing in tonight.standings]
    assert any(POINTS_RULE in text for text in words)
    assert popup.body.chart is not None
    tap(only(popup, "Close"))
    assert settle_until(lambda: not open_popups())
    assert screen.view is view_before and texts(screen) == table_before
    assert screen.message.text == "Maya has no Mug to steal"


def test_the_game_on_the_table_shows_its_scores_so_far_and_gives_no_points_yet(game_night_table):
    screen, tonight = game_night_table
    session = screen.controller.session
    tap(only(screen, "Tonight"))
    (popup,) = open_popups()
    (card,) = [item for item in popup.body.listing.data
               if item["viewclass"] == "EveningGameCard" and item["game"].session_id == session.id]
    assert "scores so far; points at the end" in card["heading"]
    so_far = {standing.name: str(standing.score) for standing in session.outcome.standings}
    assert {seat["name"]: seat["score"] for seat in card["seats"]} == so_far
    assert all(seat["points"] == "" and seat["place"] == ordinal(None) for seat in card["seats"])
    # The evening's standings still count finished games only.
    standings = [(row.standing.name, row.standing.points) for row in popup.body.rows]
    assert standings == [(standing.name, standing.points) for standing in tonight.standings]


def test_a_name_in_the_standings_opens_that_players_records_and_back_returns_to_the_table(game_night_table,
                                                                                           navigator):
    from ui.screens.game import GameScreen
    from ui.screens.profile import ProfileScreen

    screen, tonight = game_night_table
    session = screen.controller.session
    tap(only(screen, "Tonight"))
    (popup,) = open_popups()
    leader = tonight.standings[0].name
    tap(only(popup, leader))
    assert settle_until(lambda: not open_popups())
    records = navigator.current_screen
    assert isinstance(records, ProfileScreen) and records.shown_name == leader
    tap(only(records, "Back"))
    table = navigator.current_screen
    assert isinstance(table, GameScreen) and table.controller.session is session


def test_a_game_of_an_earlier_evening_calls_its_standings_that_evening_not_tonight(services, navigator):
    import time

    from ui.scenes.screens import _game_night

    _game_night(services, now=time.time() - 3 * 24 * 3600)
    earlier = evenings(services.store)[0]
    session = services.store.resume(earlier.games[-1].session_id)
    screen = navigator.go(Place.GAME, services, session)
    settle()
    assert not buttons_reading(screen, "Tonight")
    tap(only(screen, "Evening"))
    (popup,) = open_popups()
    day = time.strftime("%a %d %b", time.localtime(earlier.started_at))
    assert f"{day}: {len(earlier.games)} games" in texts(popup)
    tap(only(popup, "Close"))


LONG_NAMES = {"Grandpa": "Bartholomew", "Maya": "Maximiliana", "Leo": "Jean-Baptiste", "Mum": "Christopher"}


@pytest.mark.parametrize("size", [(800, 480), (1280, 720)], ids=["800x480", "1280x720"])
@pytest.mark.parametrize("long_names", [False, True], ids=["short-names", "long-names"])
def test_the_standings_popup_passes_the_layout_check(services, navigator, size, long_names, monkeypatch):
    from ui import scenes
    from ui.scenes.screens import _game_night

    if long_names:
        family = [player.__class__(LONG_NAMES.get(player.name, player.name), player.colour, player.button)
                  for player in scenes.FAMILY]
        monkeypatch.setattr("ui.scenes.screens.FAMILY", family)
    before = Window.size
    Window.size = size
    settle(6)
    try:
        _game_night(services)
        session = services.store.resume(evenings(services.store)[0].games[-1].session_id)
        screen = navigator.go(Place.GAME, services, session)
        settle(4)
        popup = screen.open_tonight()
        settle(8)
        for where in (1, 0):
            for scroll in (widget for widget in popup.walk() if isinstance(widget, ScrollView)):
                scroll.scroll_y = where
            settle(6)
            problems = [str(problem) for problem in layout.check(f"{size} GameScreen/PugsInMugsView/TonightPopup",
                                                                 [popup], Window)]
            assert problems == [], "\n".join(problems)
        popup.dismiss()
    finally:
        Window.size = before
        settle(6)
