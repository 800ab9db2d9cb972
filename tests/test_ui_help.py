"""Help at the table: the rules one tap from any game screen with what every card does, settings in
words a family understands, and the big-button hint only while the buttons record anything."""

import re

import pytest

pytest.importorskip("kivy")

from kivy.core.window import Window  # noqa: E402  (opens the headless window)
from kivy.uix.modalview import ModalView  # noqa: E402
from kivy.uix.screenmanager import NoTransition  # noqa: E402
from ui_support import buttons_reading, same_widgets, settle, settle_until, tap, texts  # noqa: E402

from companion.actions import Action  # noqa: E402
from companion.players import Player  # noqa: E402
from companion.registry import GAMES, game_entry, load_game  # noqa: E402
from companion.rulecards import load_help, value_key, value_words  # noqa: E402
from ui.navigation import Navigator  # noqa: E402
from ui.screens.game import open_game_screen  # noqa: E402
from ui.screens.options import OptionsPopup  # noqa: E402
from ui.screens.rules import RulesPopup  # noqa: E402
from ui.screens.setup import SetupScreen  # noqa: E402

FAMILY = [Player("Ann", "orange", 1), Player("Ben", "sky", 2), Player("Cleo", "green", 3)]


@pytest.fixture
def navigator():
    navigator = Navigator(transition=NoTransition())
    Window.add_widget(navigator)
    yield navigator
    Window.remove_widget(navigator)
    for child in list(Window.children):
        if isinstance(child, ModalView):
            child.dismiss(animation=False)
    settle()


def open_popup() -> ModalView:
    settle(6)
    popups = [child for child in Window.children if isinstance(child, ModalView)]
    assert popups, "no popup is open"
    return popups[0]


def the(root, text):
    found = buttons_reading(root, text)
    assert len(found) == 1, f"expected one {text!r}: {texts(root)}"
    return found[0]


def test_rules_is_one_tap_from_the_table_and_says_what_a_flea_does(services, navigator):
    session = services.store.new_session("nuts_about_mutts", FAMILY, {"dealer": 0})
    session.perform(Action("play", 1, {"colour": "red", "number": 5}))
    screen = open_game_screen(services, navigator, session)
    tap(the(screen, "Rules"))
    popup = open_popup()
    assert isinstance(popup, RulesPopup)
    # Mid-game the rules open on the cards: what a Flea does is on the first page shown.
    assert popup.page == "cards"
    flea = next(entry["effect"] for entry in load_help("nuts_about_mutts")["cards"] if entry["kind"] == "flea")
    assert flea in texts(popup)
    tap(the(popup, "A turn"))
    assert any(text.startswith("1. ") for text in texts(popup))
    tap(the(popup, "Close"))
    assert settle_until(lambda: not [child for child in Window.children if isinstance(child, ModalView)])


@pytest.mark.parametrize("entry", GAMES, ids=lambda entry: entry.key)
def test_every_game_shows_its_rules_pages(services, entry):
    card = load_help(entry.key)
    popup = RulesPopup(entry.key, entry.title)
    assert popup.page == "goal" and card["goal"] in texts(popup)
    for key in ("turn", "cards", "end", "app"):
        popup.show(key)
        assert texts(popup), key
    popup.show("cards")
    for item in card["cards"]:
        assert item["effect"] in texts(popup)


@pytest.mark.parametrize("entry", GAMES, ids=lambda entry: entry.key)
def test_settings_show_plain_words_and_never_a_raw_name(services, entry):
    game = load_game(entry.key)
    defaults = game.check_options({})
    popup = OptionsPopup(game, defaults, on_done=lambda options: None)
    shown = texts(popup)
    raw = {key for key in defaults} | {value_key(choice) for choices in game.option_choices().values()
                                       for choice in choices}
    for text in shown:
        assert not re.search(r"\w_\w", text), f"raw name on the settings: {text!r}"
        assert text not in raw or text in ("On", "Off"), f"raw value on the settings: {text!r}"
    words = load_help(entry.key)["settings"]
    for key, value in defaults.items():
        if key == "dealer":
            continue
        assert words[key]["label"] in shown and words[key]["explain"] in shown, key
        if popup.part_buttons.get(key):
            # Several numbers: each part on its own row, by its word, beside its value.
            for part, number in value.items():
                assert popup.part_word(key, part) in shown and popup.values[f"{key}.{part}"].text == str(number)
        else:
            assert value_words(entry.key, key, value) in shown, key


def test_a_choice_cycles_through_plain_words_and_is_saved(services):
    navigator = Navigator()
    setup = navigator.show(SetupScreen(services, navigator, game_entry("thats_ruff")))
    popup = OptionsPopup(setup.game, setup.options, on_done=setup._options_chosen)
    face = popup.controls["laid_out_face"]
    assert face.text == "Up or down, you choose"
    face.trigger_action(0)
    assert face.text == "All face up"
    popup._done()
    assert setup.options["laid_out_face"] == "up"


def test_a_number_that_would_break_the_game_is_refused_in_words(services):
    game = load_game("pugs_in_mugs")
    popup = OptionsPopup(game, game.check_options({"pugs_per_colour": 3}), on_done=lambda options: None)
    popup.controls["pugs_per_colour-"].trigger_action(0)
    assert popup.options["pugs_per_colour"] == 3
    assert "Pugs of each colour can't go lower than 3." in texts(popup)
    popup.controls["pugs_per_colour+"].trigger_action(0)
    assert popup.options["pugs_per_colour"] == 4
    assert "Pugs of each colour can't go lower than 3." not in texts(popup)


def test_a_special_number_reads_as_words(services):
    game = load_game("nuts_about_mutts")
    popup = OptionsPopup(game, game.check_options({"hands": 1}), on_done=lambda options: None)
    popup.controls["hands-"].trigger_action(0)
    assert popup.values["hands"].text == "Until you stop"


@pytest.fixture
def buttons_table(tmp_path):
    from ui_support import make_services

    from hardware.backend import open_backend
    from hardware.controller import RaceController

    services = make_services(tmp_path)
    services.hardware = RaceController(open_backend("mock", services.settings), services.settings, threaded=False)
    yield services
    services.hardware.close()
    services.store.close()


def test_the_big_button_hint_shows_only_while_the_buttons_record_turns(buttons_table):
    hint = "tap = played a card, hold = drew"
    session = buttons_table.store.new_session("nuts_about_mutts", FAMILY, {"dealer": 0})
    session.perform(Action("play", 1, {"colour": "red", "number": 5}))
    screen = open_game_screen(buttons_table, Navigator(), session)
    assert any(hint in text for text in texts(screen))
    # Cleo's Pedigree: each step is tapped on the screen, and a press would record nothing.
    screen.controller.perform(Action("play", 2, {"card": "pedigree", "colour": "blue", "breed": "Beagle"}))
    assert session.summary()["to_act"]["kind"] == "pedigree_step"
    assert not any(hint in text for text in texts(screen))
    for seat in session.summary()["pending"]["order"]:
        screen.controller.perform(Action("pedigree_draw", seat, {"played": False}))
    assert session.summary()["to_act"]["kind"] == "turn"
    assert any(hint in text for text in texts(screen))
    # Half-way through entering a card's details the buttons wait too.
    screen.view.pad.go(details=True)
    assert not any(hint in text for text in texts(screen))


def test_a_rules_page_shown_again_is_the_one_laid_out_before(services, navigator):
    popup = RulesPopup("thats_ruff", "That's Ruff!")
    popup.open(animation=False)
    settle()
    cards = next(entry["effect"] for entry in load_help("thats_ruff")["cards"])
    same, before, after = same_widgets(popup, lambda: (tap(the(popup, "Cards")), tap(the(popup, "Goal"))))
    assert same, f"{len({id(w) for w in after} - {id(w) for w in before})} widgets built anew"
    assert popup.page == "goal" and cards not in texts(popup)
    tap(the(popup, "Cards"))
    assert cards in texts(popup)
    popup.dismiss(animation=False)
