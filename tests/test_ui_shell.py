"""The shell screens as a family uses them: pick a game, seat the players, play, undo, resume."""

import pytest

pytest.importorskip("kivy")

from kivy.core.window import Window  # noqa: E402,F401  (opens the headless window)
from ui_support import texts  # noqa: E402

from companion.actions import Action  # noqa: E402
from companion.players import Player  # noqa: E402
from companion.registry import GAMES, game_entry  # noqa: E402
from ui.navigation import Navigator  # noqa: E402
from ui.screens.game import GameScreen, open_game_screen  # noqa: E402
from ui.screens.home import HomeScreen  # noqa: E402
from ui.screens.setup import SetupScreen  # noqa: E402


def test_home_lists_every_game_with_its_player_range(services):
    home = HomeScreen(services, Navigator())
    shown = texts(home)
    for entry in GAMES:
        assert entry.title in shown
        assert entry.player_range in shown


def test_home_offers_the_unfinished_game_and_resumes_it_exactly(services):
    session = services.store.new_session("mix_the_mutts", [Player("Ann", "orange"), Player("Ben", "sky")])
    session.perform(Action("draw", 0))
    navigator = Navigator()
    home = navigator.show(HomeScreen(services, navigator))
    assert any("Unfinished: Mix-the-Mutts" in text for text in texts(home))
    home.resume(session.id)
    screen = navigator.current_screen
    assert isinstance(screen, GameScreen)
    assert screen.controller.session.state == session.state
    assert screen.controller.session.history()[0].text == session.history()[0].text


def test_setup_starts_with_no_names_typed_as_player_1_and_player_2(services):
    navigator = Navigator()
    setup = navigator.show(SetupScreen(services, navigator, game_entry("mix_the_mutts")))
    setup.start()
    session = navigator.current_screen.controller.session
    assert [player.name for player in session.players] == ["Player 1", "Player 2"]


def test_setup_refuses_two_players_with_the_same_name_and_keeps_the_seats(services):
    navigator = Navigator()
    setup = navigator.show(SetupScreen(services, navigator, game_entry("mix_the_mutts")))
    setup.rename(0, "Ann")
    setup.rename(1, "ann ")
    before = list(setup.seats)
    setup.start()
    assert "Seats 1 and 2 are both called ann" in setup.message.text
    assert setup.seats == before
    assert services.store.sessions() == []


def test_setup_never_gives_two_players_the_same_colour_or_button(services):
    navigator = Navigator()
    setup = navigator.show(SetupScreen(services, navigator, game_entry("pugs_in_mugs")))
    for _ in range(3):
        setup.add_player()
    for _ in range(10):
        setup.next_colour(0)
        setup.next_button(1)
        colours = [seat.colour for seat in setup.seats]
        buttons = [seat.button for seat in setup.seats if seat.button]
        assert len(set(colours)) == len(colours)
        assert len(set(buttons)) == len(buttons)


def test_setup_caps_players_at_the_game_maximum(services):
    navigator = Navigator()
    setup = navigator.show(SetupScreen(services, navigator, game_entry("nut")))
    for _ in range(5):
        setup.add_player()
    assert len(setup.seats) == 3
    assert "at most 3 players" in setup.message.text


def test_setup_starts_a_saved_game_with_seat_order_and_dealer(services):
    navigator = Navigator()
    setup = navigator.show(SetupScreen(services, navigator, game_entry("mix_the_mutts")))
    setup.rename(0, "Ann")
    setup.rename(1, "Ben")
    setup.add_player("Cleo")
    setup.move_up(2)          # Cleo now sits between Ann and Ben
    setup.set_dealer(1)
    setup.start()
    screen = navigator.current_screen
    assert isinstance(screen, GameScreen)
    session = screen.controller.session
    assert [player.name for player in session.players] == ["Ann", "Cleo", "Ben"]
    assert session.options["dealer"] == 1
    assert [player.name for player in services.store.roster()][:3]  # the family is remembered
    assert sorted(p.name for p in services.store.roster()) == ["Ann", "Ben", "Cleo"]


def test_undo_and_redo_buttons_follow_the_log_and_refusals_are_shown(services):
    navigator = Navigator()
    session = services.store.new_session("mix_the_mutts", [Player("Ann", "orange"), Player("Ben", "sky")])
    screen = open_game_screen(services, navigator, session)
    assert screen.undo_button.disabled and screen.redo_button.disabled
    assert screen.controller.perform(Action("draw", 0))
    assert not screen.undo_button.disabled
    assert not screen.controller.perform(Action("draw", 0))  # Ann again: it is Ben's turn
    assert screen.message.text  # the refusal is explained on screen
    screen.undo_button.trigger_action(0)
    assert session.actions == () and not screen.redo_button.disabled
    assert "Undone" in screen.message.text
    screen.redo_button.trigger_action(0)
    assert len(session.actions) == 1


def test_undo_and_redo_say_what_they_did_and_never_name_whose_turn_it_no_longer_is(services, navigator):
    from ui_support import tap

    family = [Player("Ann", "orange"), Player("Ben", "sky"), Player("Ivy", "green")]
    session = services.store.new_session("pugs_in_mugs", family)
    for action in (Action("draw", 0), Action("draw", 0), Action("end_turn", 0, {"discards": []})):
        session.perform(action)
    screen = open_game_screen(services, navigator, session)
    tap(screen.undo_button)
    assert session.summary()["turn"] == 0
    assert screen.message.text == "Undone: Ann ended the turn"   # not "...; Ben's turn": it is Ann's
    tap(screen.redo_button)
    assert session.summary()["turn"] == 1 and screen.message.text == "Redone: Ann ended the turn"


def test_screenshot_command_renders_the_home_screen_at_the_asked_size(tmp_path):
    import subprocess
    import sys

    from kivy.core.image import Image as CoreImage

    output = tmp_path / "home.png"
    result = subprocess.run([sys.executable, "-m", "table_companion", "screenshot", "home", str(output),
                             "--size", "800x480"], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr[-2000:]
    picture = CoreImage(str(output))
    assert picture.size == (800, 480)


def test_screens_drawn_in_one_process_each_start_clean(tmp_path):
    """`companion screenshot all` draws every screen in one window: a popup or a game of the screen
    before must not show in the next, so Home after the history popup of a game is Home drawn alone."""
    import subprocess
    import sys

    from kivy.core.image import Image as CoreImage

    draw = ("import sys; from pathlib import Path; from ui.screenshots import render; "
            "render({name: Path(sys.argv[1]) / f'{name}-{index}.png' for index, name in enumerate(sys.argv[2:])}, (800, 480))")
    for folder, names in (("batch", ["history", "home"]), ("alone", ["home"])):
        (tmp_path / folder).mkdir()
        result = subprocess.run([sys.executable, "-c", draw, str(tmp_path / folder), *names],
                                capture_output=True, text=True, timeout=180)
        assert result.returncode == 0, result.stderr[-2000:]

    def pixels(path):
        return CoreImage(str(path), keep_data=True).texture.pixels

    assert pixels(tmp_path / "batch" / "home-1.png") == pixels(tmp_path / "alone" / "home-0.png")
    assert pixels(tmp_path / "batch" / "history-0.png") != pixels(tmp_path / "alone" / "home-0.png")


def test_no_gpio_is_said_once_not_on_every_visit(services):
    services.hardware_warning = "No GPIO found: on-screen buttons only."
    first = HomeScreen(services, Navigator())
    again = HomeScreen(services, Navigator())
    assert services.hardware_warning in texts(first)
    assert services.hardware_warning not in texts(again)


def test_settings_chosen_before_the_start_are_saved_with_the_game(services):
    from ui.screens.options import OptionsPopup

    navigator = Navigator()
    setup = navigator.show(SetupScreen(services, navigator, game_entry("nuts_about_mutts")))
    popup = OptionsPopup(setup.game, setup.options, on_done=setup._options_chosen)
    advanced = popup.controls["advanced"]
    assert advanced.text == "Off"
    advanced.trigger_action(0)
    assert advanced.text == "On"
    popup._done()
    setup.rename(0, "Ann")
    setup.rename(1, "Ben")
    setup.start()
    assert navigator.current_screen.controller.session.options["advanced"] is True
