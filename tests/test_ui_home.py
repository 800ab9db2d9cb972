"""Home shown again as a family comes back to it: laid out once, the game night's button and the game
offered for Resume follow the saved games on the same widgets, and tonight's button takes the title's
room once there is a game night."""

import pytest

pytest.importorskip("kivy")

from kivy.core.window import Window  # noqa: E402  (opens the headless window)
from kivy.metrics import dp  # noqa: E402
from test_ui_evening import nut_one_move_from_the_end  # noqa: E402
from ui_support import buttons_reading, home_read, same_widgets, settle, tap, texts  # noqa: E402

from ui.places import Place  # noqa: E402
from ui.screens.evening import EveningScreen  # noqa: E402
from ui.screens.home import HomeScreen  # noqa: E402


def in_sight(widget) -> bool:
    """Drawn and tappable: neither it nor what holds it faded out or disabled."""
    from kivy.uix.widget import Widget

    while isinstance(widget, Widget):
        if widget.opacity == 0 or widget.disabled:
            return False
        widget = widget.parent
    return True


def buttons_in_sight(root, text: str) -> list:
    settle()
    return [button for button in buttons_reading(root, text) if in_sight(button)]


def tonight_button(navigator):
    settle()
    home_read(navigator.current_screen)
    found = [button for button in buttons_reading(navigator.current_screen, navigator.current_screen.model.tonight)
             if button.text.startswith("Tonight")]
    assert len(found) == 1, texts(navigator.current_screen)
    return found[0]


def finish_a_game_and_tap_another_game(services, navigator) -> None:
    """A game one move from its end, its last move, and Another game back to Home, as the family taps it."""
    session, last = nut_one_move_from_the_end(services)
    screen = navigator.go(Place.GAME, services, session)
    settle()
    assert screen.controller.perform(last)
    (another,) = buttons_reading(screen, "Another game")
    tap(another)


def test_home_after_the_first_game_of_the_night_gives_tonight_s_button_the_title_s_room(services, navigator):
    Window.size = (800, 480)
    navigator.go(Place.HOME, services)   # no game night yet: the title
    settle()
    assert "Table Companion" in texts(navigator.current_screen)
    finish_a_game_and_tap_another_game(services, navigator)
    assert isinstance(navigator.current_screen, HomeScreen)
    button = tonight_button(navigator)
    assert button.text.startswith("Tonight: 1 game\n")
    assert "Table Companion" not in texts(navigator.current_screen)
    assert button.width > dp(250)   # wide enough to read, where the title was
    tap(button)
    assert isinstance(navigator.current_screen, EveningScreen)


def test_coming_home_after_a_game_updates_the_widgets_on_screen_rather_than_replacing_them(services, navigator):
    Window.size = (800, 480)
    finish_a_game_and_tap_another_game(services, navigator)
    home = navigator.current_screen
    assert tonight_button(navigator).text.startswith("Tonight: 1 game\n")

    same, _, _ = same_widgets(navigator, lambda: finish_a_game_and_tap_another_game(services, navigator))
    assert navigator.current_screen is home and same
    assert tonight_button(navigator).text.startswith("Tonight: 2 games\n")


def test_a_game_set_aside_and_brought_back_keeps_home_s_cards(services, navigator):
    Window.size = (800, 480)
    session, _ = nut_one_move_from_the_end(services)
    home = navigator.go(Place.HOME, services)
    settle()
    cards = list(home.ids["cards"].children)
    (aside,) = buttons_in_sight(home, "Set aside")
    tap(aside)
    assert navigator.current_screen is home and not buttons_in_sight(home, "Resume")
    assert any(text.startswith("[b]Set aside: Nut") for text in texts(home))
    (undo,) = buttons_in_sight(home, "Undo")
    tap(undo)
    assert navigator.current_screen is home and list(home.ids["cards"].children) == cards
    assert buttons_in_sight(home, "Resume") and not buttons_in_sight(home, "Undo") and services.store.unfinished().id == session.id


def test_nothing_to_say_leaves_no_empty_band_above_the_unfinished_game(services, navigator):
    Window.size = (800, 480)
    nut_one_move_from_the_end(services)
    home = navigator.go(Place.HOME, services)
    settle()
    (resume,) = buttons_in_sight(home, "Resume")
    offer, cards = resume.parent, home.ids["cards"]
    scroll = home.ids["scroll"]
    top_of_the_list = scroll.to_window(scroll.x, scroll.top)[1]
    assert top_of_the_list - offer.to_window(offer.x, offer.top)[1] < 1   # the offer first, at the top
    # One gap between the offer's panel and the games, as between any two parts of Home.
    panel_bottom = offer.to_window(offer.x, offer.y + dp(8))[1]
    assert panel_bottom - cards.to_window(cards.x, cards.top)[1] <= dp(8) + 1


@pytest.mark.parametrize("size", [(800, 480), (1280, 720)], ids=["800x480", "1280x720"])
def test_an_unfinished_game_of_six_long_names_is_offered_whole_in_its_band(services, navigator, size):
    import sys
    from pathlib import Path

    from companion.players import IDENTITIES, Player

    sys.path.insert(0, str(Path(__file__).parent / "e2e"))
    import layout

    names = ["Christopher Columbus", "Maria Magdalena Wolf", "Anastasia Rosenberg", "Bartholomäus Schmidt",
             "Jean-Baptiste Dupont", "Wilhelmina Van Dyke"]
    services.store.new_session("nuts_about_mutts", [Player(name, IDENTITIES[seat].key, seat + 1)
                                                   for seat, name in enumerate(names)])
    before = Window.size
    Window.size = size
    try:
        home = navigator.go(Place.HOME, services)
        settle(6)
        assert all(name in home.model.offered_words for name in names)
        problems = [str(problem) for problem in layout.check(f"home {size}", [home], Window)]
        assert problems == [], "\n".join(problems)
    finally:
        Window.size = before
        settle(4)


def test_leaders_sharing_the_lead_are_named_where_their_names_fit_tonights_button():
    from types import SimpleNamespace

    from ui.screens.home import lead_words

    def leaders(*names):
        return [SimpleNamespace(name=name, points=3) for name in names]

    assert lead_words(leaders("Ann", "Ben", "Cleo")) == "Ann, Ben & Cleo share the lead"
    # Two long names would wrap the button's words onto a third line at 800x480: their shapes say who.
    assert lead_words(leaders("Anastasia", "Bartholomäus")) == "2 share the lead"


def test_with_larger_text_tonights_button_holds_a_long_leaders_words_whole(services, navigator):
    """Larger text on, a game night led by a long name: tonight's button on Home grows with its row to
    hold its lines whole at 800x480, and a tap on it opens the evening."""
    import sys
    from pathlib import Path

    from test_ui_evening import finish_by_random_moves

    from companion.players import Player
    from ui import theme

    sys.path.insert(0, str(Path(__file__).resolve().parent / "e2e"))
    import layout

    theme.use_larger_text(True)
    try:
        Window.size = (800, 480)
        family = [Player("Wilhelmina", "orange"), Player("Bartholomäus", "sky"), Player("Jean-Baptiste", "green")]
        session = services.store.new_session("nut", family, {"dealer": 0})
        finish_by_random_moves(session, 3)
        navigator.go(Place.HOME, services)
        button = tonight_button(navigator)
        settle()
        assert layout.label_problems(button) == [], (button.text, button.size, button.texture_size)
        tap(button)
        assert isinstance(navigator.current_screen, EveningScreen)
    finally:
        theme.use_larger_text(False)
