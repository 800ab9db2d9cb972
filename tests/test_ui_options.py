"""A game's settings before the start, as a family changes them: points per breed in Mix-the-Mutts and
the price of each trick in That's Ruff! are stepped one part at a time, a step the game would refuse
says why and changes nothing, the game started afterwards plays with the new numbers, and the popup
fits the 7" panel with every row reachable by scrolling."""

import sys
from pathlib import Path

import pytest

pytest.importorskip("kivy")

from kivy.core.window import Window  # noqa: E402  (opens the headless window)
from kivy.uix.modalview import ModalView  # noqa: E402
from kivy.uix.scrollview import ScrollView  # noqa: E402
from ui_support import same_widgets, settle, tap, texts  # noqa: E402

from companion.actions import Action  # noqa: E402
from companion.registry import game_entry, load_game  # noqa: E402
from ui.navigation import Navigator  # noqa: E402
from ui.screens.options import OptionsPopup  # noqa: E402
from ui.screens.setup import SetupScreen  # noqa: E402

sys.path.insert(0, str(Path(__file__).parent / "e2e"))
import layout  # noqa: E402


@pytest.fixture
def opened():
    """Opens a popup in the window, as the set-up's Settings button does, and closes it after."""
    popups = []

    def open_(popup):
        popup.open(animation=False)
        popups.append(popup)
        settle(6)
        return popup

    yield open_
    for popup in popups:
        popup.dismiss(animation=False)
    for child in list(Window.children):
        if isinstance(child, ModalView):
            child.dismiss(animation=False)
    settle()


def press(popup, name):
    """A finger on a setting's control, once the list is scrolled to show it (as a family would)."""
    widget = popup.controls[name]
    scroll = next(widget for widget in popup.walk() if isinstance(widget, ScrollView))
    scroll.scroll_to(widget, animate=False)
    settle(4)
    tap(widget)


def set_up(services, key):
    navigator = Navigator()
    setup = navigator.show(SetupScreen(services, navigator, game_entry(key)))
    for seat, name in enumerate(("Ann", "Ben", "Cleo")[:len(setup.seats)]):
        setup.rename(seat, name)
    return navigator, setup


def test_a_breed_value_stepped_up_is_the_value_the_game_scores_with(services, opened):
    navigator, setup = set_up(services, "mix_the_mutts")
    popup = opened(OptionsPopup(setup.game, setup.options, on_done=setup._options_chosen))
    assert popup.values["card_values.pug"].text == "3"
    assert "Pug" in texts(popup) and "Chihuahua" in texts(popup)
    for _ in range(2):
        press(popup, "card_values.pug+")
    assert popup.values["card_values.pug"].text == "5"
    press(popup, "card_values.poodle-")
    assert popup.values["card_values.poodle"].text == "0"
    popup._done()
    assert setup.options["card_values"]["pug"] == 5
    setup.start()
    screen = navigator.current_screen
    session = screen.controller.session
    assert session.options["card_values"]["pug"] == 5 and session.options["card_values"]["poodle"] == 0
    screen.view.connect_button.trigger_action(0)
    assert "Pug\n5 points" in texts(screen.view.pad) and "Poodle\n0 points" in texts(screen.view.pad)
    screen.view.close_pad()
    screen.controller.perform(Action("connect", 0, {"combinations": [{"head": "pug", "tail": "pug"},
                                                                     {"head": "poodle", "tail": "beagle"}]}))
    screen.view.scoring.buttons[(0, 1)].trigger_action(0)   # Ben scores the purebreed pug
    assert screen.view.scoring.totals[1].text == "10"


def test_breed_values_rest_in_the_junior_game_which_counts_cards(services, opened):
    game = load_game("mix_the_mutts")
    popup = opened(OptionsPopup(game, game.check_options({}), on_done=lambda options: None))
    assert not popup.controls["card_values.pug+"].disabled
    press(popup, "junior")
    assert popup.controls["card_values.pug+"].disabled and popup.controls["card_values.pug-"].disabled
    press(popup, "junior")
    assert not popup.controls["card_values.pug+"].disabled


def test_a_breed_value_below_zero_is_refused_with_the_reason_and_nothing_changes(services, opened):
    game = load_game("mix_the_mutts")
    chosen = []
    popup = opened(OptionsPopup(game, game.check_options({}), on_done=chosen.append))
    press(popup, "card_values.poodle-")
    before = dict(popup.options["card_values"])
    press(popup, "card_values.poodle-")
    assert "Points per card: poodle can't go lower than 0." in texts(popup)
    assert popup.options["card_values"] == before and popup.values["card_values.poodle"].text == "0"
    press(popup, "card_values.beagle+")
    assert not any("can't go lower" in text for text in texts(popup))
    popup._done()
    assert chosen[0]["card_values"] == {**before, "beagle": 3}


def test_a_refusal_names_the_value_as_the_stepper_shows_it(services, opened):
    game = load_game("nuts_about_mutts")
    popup = opened(OptionsPopup(game, game.check_options({"hands": 0}), on_done=lambda options: None))
    assert popup.values["hands"].text == "Until you stop"
    press(popup, "hands-")
    assert 'Hands in the evening can\'t go lower than "Until you stop".' in texts(popup)
    assert popup.options["hands"] == 0


def test_trick_prices_change_only_while_tricks_are_on_and_reach_the_game(services, opened):
    navigator, setup = set_up(services, "thats_ruff")
    popup = opened(OptionsPopup(setup.game, setup.options, on_done=setup._options_chosen))
    assert {"Stay put (per space)", "Step back", "Move a disc"} <= set(texts(popup))
    retoss_up = popup.controls["ability_costs.retoss+"]
    assert retoss_up.disabled   # tricks are off: their prices mean nothing yet
    press(popup, "ability_costs.retoss+")
    assert popup.values["ability_costs.retoss"].text == "2"
    press(popup, "abilities")
    assert not retoss_up.disabled
    press(popup, "ability_costs.retoss+")
    assert popup.values["ability_costs.retoss"].text == "3"
    press(popup, "ability_costs.stay-")
    assert "Price of each trick: stay put (per space) can't go lower than 1." in texts(popup)
    assert popup.options["ability_costs"]["stay"] == 1
    popup._done()
    assert setup.options["ability_costs"] == {"stay": 1, "step_back": 1, "retoss": 3}
    setup.start()
    session = navigator.current_screen.controller.session
    assert session.options["abilities"] is True
    assert session.state.ability_costs == {"stay": 1, "step_back": 1, "retoss": 3}


def test_settings_made_of_names_stay_read_only(services, opened):
    game = load_game("thats_ruff")
    popup = opened(OptionsPopup(game, game.check_options({}), on_done=lambda options: None))
    assert not [name for name in popup.controls if name.startswith(("eights", "dogs"))]
    assert "What the app assumes (not changed here):" in texts(popup)
    assert "Which 8 shows which dog" in texts(popup)


@pytest.mark.parametrize("size", [(800, 480), (1280, 720)], ids=["800x480", "1280x720"])
@pytest.mark.parametrize("key", ["mix_the_mutts", "thats_ruff"])
def test_the_popup_fits_and_every_row_scrolls_into_view(services, opened, key, size):
    before = Window.size
    Window.size = size
    settle(6)
    try:
        game = load_game(key)
        popup = opened(OptionsPopup(game, game.check_options({}), on_done=lambda options: None))
        scroll = next(widget for widget in popup.walk() if isinstance(widget, ScrollView))
        assert scroll.children[0].height > scroll.height   # more rows than fit: they scroll
        for where in (1, 0.5, 0):
            scroll.scroll_y = where
            settle(4)
            for widget in popup.walk():
                if hasattr(widget, "texture_update"):
                    widget.texture_update()
            assert [str(problem) for problem in layout.check(f"{key} settings", [popup], Window)] == []
        last = popup.controls[next(name for name in reversed(list(popup.controls)) if name.endswith("+"))]
        scroll.scroll_y = 0
        settle(4)
        box = layout.viewport(last, Window)
        assert box is not None and box[3] - box[1] >= last.height - 1   # the last stepper shows whole
    finally:
        Window.size = before
        settle(6)


def test_a_step_or_a_refusal_updates_the_settings_on_screen_rather_than_replacing_them(services, opened):
    game = load_game("mix_the_mutts")
    popup = opened(OptionsPopup(game, game.check_options({}), on_done=lambda options: None))

    def steps() -> None:
        press(popup, "junior")
        press(popup, "junior")
        press(popup, "card_values.pug+")
        press(popup, "card_values.poodle-")
        press(popup, "card_values.poodle-")   # below 0: refused, and said why

    same, before, after = same_widgets(popup, steps)
    assert same, f"{len({id(w) for w in after} - {id(w) for w in before})} widgets built anew"
    assert popup.values["card_values.pug"].text == "4" and popup.values["card_values.poodle"].text == "0"
    assert "Points per card: poodle can't go lower than 0." in texts(popup)
    assert popup.options["junior"] is False and not popup.controls["card_values.pug+"].disabled
