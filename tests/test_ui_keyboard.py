"""Typing on the touchscreen: the kiosk has no keyboard, so every name and the Pedigree breed are typed
on the app's own on-screen keys, tapped here with real touches where a finger would land; an accented
letter by holding its plain letter down, as on a phone, or from the page of accented letters."""

import time
import unicodedata

import pytest

pytest.importorskip("kivy")

from kivy.core.window import Window  # noqa: E402  (opens the headless window)
from kivy.tests.common import UnitTestTouch  # noqa: E402
from kivy.uix.screenmanager import NoTransition  # noqa: E402
from ui_support import buttons_reading, same_widgets, settle, settle_until, tap, tap_at  # noqa: E402

from companion.actions import Action  # noqa: E402
from companion.glyphs import undrawable  # noqa: E402
from companion.players import Player  # noqa: E402
from companion.registry import game_entry  # noqa: E402
from companion.rulecards import load_example  # noqa: E402
from ui.navigation import Navigator  # noqa: E402
from ui.screens.game import GameScreen, open_game_screen  # noqa: E402
from ui.screens.setup import SetupScreen  # noqa: E402
from ui.widgets.basics import BigButton  # noqa: E402
from ui.widgets.keyboard import (  # noqa: E402
    ACCENTS,
    LAYOUT,
    LONG_PRESS_S,
    AccentStrip,
    TypingPopup,
    accented,
    find_key,
    key_center,
)

EXAMPLE = load_example("nuts_about_mutts")
ACTIONS = [Action.from_json(entry) for entry in EXAMPLE["actions"]]
FAMILY = [Player("Ann", "orange"), Player("Ben", "sky"), Player("Cleo", "green")]


def open_popups() -> list[TypingPopup]:
    return [widget for widget in Window.children if isinstance(widget, TypingPopup)]


def the_keyboard() -> TypingPopup:
    settle()
    popups = open_popups()
    assert len(popups) == 1, "exactly one keyboard should be showing"
    return popups[0]


def press(popup: TypingPopup, *labels: str) -> None:
    for label in labels:
        settle()
        tap_at(*key_center(popup.keys, label))


@pytest.fixture
def on_window():
    """Puts a navigator on the headless window and clears it (and any keyboard left open) after."""
    shown = []

    def show(navigator):
        Window.add_widget(navigator)
        shown.append(navigator)
        return navigator

    yield show
    for popup in open_popups():
        popup.dismiss(animation=False)
    for navigator in shown:
        Window.remove_widget(navigator)
    settle()


@pytest.fixture
def setup(services, on_window):
    navigator = on_window(Navigator(transition=NoTransition()))
    return navigator.show(SetupScreen(services, navigator, game_entry("mix_the_mutts")))


def test_a_name_is_typed_by_touch_and_an_empty_seat_plays_as_player_n(services, setup):
    tap(setup.seat_rows[0].name_field)
    popup = the_keyboard()
    press(popup, *"maya")
    assert popup.text == "Maya"  # a name starts with a capital without reaching for shift
    tap(popup.done_button)
    settle()
    assert open_popups() == []
    assert setup.seats[0].name == "Maya"
    assert setup.seat_rows[0].name_field.text == "Maya"
    assert setup.seat_rows[1].name_field.hint_text == "Player 2"
    tap(setup.start_button)
    screen = setup.navigator.current_screen
    assert isinstance(screen, GameScreen)
    assert [player.name for player in screen.controller.session.players] == ["Maya", "Player 2"]
    # Stand-in names are not family members: the roster offers only names someone chose.
    assert [player.name for player in services.store.roster()] == ["Maya"]


def test_the_done_key_on_the_keyboard_finishes_too(setup):
    tap(setup.seat_rows[1].name_field)
    popup = the_keyboard()
    press(popup, *"bo", "enter")
    settle()
    assert open_popups() == []
    assert setup.seats[1].name == "Bo"


def test_backspace_rubs_out_and_cancel_changes_nothing(setup):
    setup.rename(0, "Ann")
    setup._refresh()
    tap(setup.seat_rows[0].name_field)
    popup = the_keyboard()
    assert popup.text == "Ann"  # typing carries on from the name already there
    press(popup, "backspace", "backspace", "backspace")
    assert popup.text == ""
    press(popup, *"leo", "backspace")
    assert popup.text == "Le"
    press(popup, "space", "shift", "j")
    assert popup.text == "Le j"  # shift turns the automatic capital off for one letter
    tap(popup.cancel_button)
    settle()
    assert open_popups() == []
    assert setup.seats[0].name == "Ann"
    assert setup.seat_rows[0].name_field.text == "Ann"


def test_symbols_and_back_to_letters(setup):
    tap(setup.seat_rows[0].name_field)
    popup = the_keyboard()
    press(popup, *"jo", "symbols", "2", "letters", "x")
    assert popup.text == "Jo2x"


def test_a_pc_keyboard_types_into_the_same_box(setup):
    reached_the_app = []

    def app_handler(*_):
        reached_the_app.append(True)

    Window.bind(on_key_down=app_handler)
    tap(setup.seat_rows[0].name_field)
    popup = the_keyboard()
    Window.dispatch("on_key_down", 49, 30, "1", [])
    Window.unbind(on_key_down=app_handler)
    assert reached_the_app == []  # a digit typed into a name must not also press a stand-in big button
    Window.dispatch("on_textinput", "Zed")
    Window.dispatch("on_key_down", 8, 42, None, [])  # backspace
    assert popup.text == "Ze"
    Window.dispatch("on_key_down", 13, 40, None, [])  # enter
    settle()
    assert open_popups() == []
    assert setup.seats[0].name == "Ze"


def test_escape_on_a_pc_keyboard_cancels(setup):
    tap(setup.seat_rows[0].name_field)
    the_keyboard()
    Window.dispatch("on_textinput", "Zed")
    Window.dispatch("on_key_down", 27, 41, None, [])
    settle()
    assert open_popups() == []
    assert setup.seats[0].name == ""


def test_two_seats_with_the_same_name_are_refused_with_the_seats_named(services, setup):
    setup.rename(1, "Player 1")
    setup.start()
    assert "Seats 1 and 2" in setup.message.text and "Player 1" in setup.message.text
    assert services.store.sessions() == []


def test_remembered_names_fill_seats_without_typing(services, on_window):
    services.store.new_session("mix_the_mutts", [Player("Grandpa", "orange"), Player("Maya", "sky")])
    services.store.set_aside(services.store.unfinished().id)
    navigator = on_window(Navigator(transition=NoTransition()))
    setup = navigator.show(SetupScreen(services, navigator, game_entry("mix_the_mutts")))
    assert sorted(row.name_field.text for row in setup.seat_rows) == ["Grandpa", "Maya"]
    setup.add_player()
    assert setup.seat_rows[2].name_field.text == "" and setup.seat_rows[2].name_field.hint_text == "Player 3"
    setup.seat_from_roster(Player("Leo", "green"))
    assert setup.seat_rows[2].name_field.text == "Leo"


def test_a_long_name_fits_inside_the_typing_box(setup):
    tap(setup.seat_rows[0].name_field)
    popup = the_keyboard()
    Window.dispatch("on_textinput", "W" * 20)
    settle()
    assert popup.text == "W" * 20
    label = popup.display
    assert label.texture_size[0] <= label.width
    Window.dispatch("on_textinput", "more")
    assert popup.text == "W" * 20  # the box stops at the longest name the game screens can show


@pytest.fixture
def seven_inch_window():
    """The official 7" display's 800x480, put back afterwards for the other tests."""
    before = Window.size
    Window.size = (800, 480)
    settle()
    yield
    Window.size = before
    settle()


def test_keys_are_fingertip_sized_and_fill_the_width_of_the_7_inch_display(seven_inch_window, setup):
    tap(setup.seat_rows[0].name_field)
    popup = the_keyboard()
    keys = popup.keys
    assert keys.to_window(*keys.to_parent(0, 0))[1] == pytest.approx(0, abs=1)  # docked at the bottom
    assert keys.width == pytest.approx(800, abs=1)
    sizes = [size for line in range(1, 5) for _, size in keys.layout_geometry[f"LINE_{line}"]]
    # 9 mm on the official 7" display (about 5.2 px per mm)
    assert min(height for _, height in sizes) >= 47 and min(width for width, _ in sizes) >= 47
    for widget in (popup.done_button, popup.cancel_button, popup.display):
        x, y = widget.to_window(widget.x, widget.y)
        assert 0 <= x and x + widget.width <= 800 + 1
        assert keys.height <= y and y + widget.height <= 480 + 1
    assert popup.display.height >= 64


@pytest.fixture
def pedigree(services, on_window):
    session = services.store.new_session("nuts_about_mutts", FAMILY, EXAMPLE["options"])
    for action in ACTIONS[:11]:  # Ann's turn: she is about to play the Pedigree
        session.perform(action)
    screen = open_game_screen(services, Navigator(transition=NoTransition()), session)
    screen.controller.race_runner = None
    screen.view.refresh()
    on_window(screen.manager)
    return screen, session


def test_the_pedigree_breed_is_typed_on_the_same_keyboard(pedigree):
    screen, session = pedigree
    screen.view.pad.buttons["pedigree"].trigger_action(0)
    tap(screen.view.pad.breed_input)
    popup = the_keyboard()
    press(popup, *"beagle")
    tap(popup.done_button)
    settle()
    assert open_popups() == []
    assert screen.view.pad.breed_input.text == "Beagle"
    screen.view.pad.buttons["colour:blue"].trigger_action(0)
    assert session.actions[-1] == ACTIONS[11]


# ----- accented letters ---------------------------------------------------------------------------------
def accent_strips() -> list[AccentStrip]:
    return [widget for widget in Window.children if isinstance(widget, AccentStrip)]


def hold(popup: TypingPopup, label: str) -> AccentStrip:
    """A long press, as a finger does it: down on the key, rest there, lift."""
    settle()
    touch = UnitTestTouch(*key_center(popup.keys, label))
    touch.touch_down()
    settle(1)
    assert accent_strips() == []  # not at once: a plain tap is never taken for a hold
    time.sleep(LONG_PRESS_S)
    assert settle_until(lambda: accent_strips() != [], timeout_s=3), f"holding {label} offered nothing"
    touch.touch_up()
    settle()
    (strip,) = accent_strips()
    return strip


def choose(strip: AccentStrip, letter: str) -> None:
    (key,) = buttons_reading(strip, letter)
    tap(key)
    assert accent_strips() == []


@pytest.fixture
def four_seats(services, on_window):
    navigator = on_window(Navigator(transition=NoTransition()))
    setup = navigator.show(SetupScreen(services, navigator, game_entry("thats_ruff")))
    while len(setup.seat_rows) < 4:
        tap(buttons_reading(setup, "+ Add player")[0])
    return setup


def test_accented_names_are_typed_by_holding_the_letter_and_tapping_its_accented_form(four_seats):
    typing = [("zo", "e", "ë", ""), ("jos", "e", "é", ""), ("m", "u", "ü", "ller"), ("mu", "n", "ñ", "oz")]
    for seat, (before, held, accent, after) in enumerate(typing):
        tap(four_seats.seat_rows[seat].name_field)
        popup = the_keyboard()
        press(popup, *before)
        strip = hold(popup, held)
        assert popup.text.endswith(held) or popup.text.endswith(held.upper())  # the plain letter until one is chosen
        choose(strip, accent)
        press(popup, *after)
        tap(popup.done_button)
    settle()
    assert [seat.name for seat in four_seats.seats] == ["Zoë", "José", "Müller", "Muñoz"]
    assert [row.name_field.text for row in four_seats.seat_rows] == ["Zoë", "José", "Müller", "Muñoz"]


def test_a_held_capital_offers_capitals_and_a_touch_elsewhere_keeps_the_plain_letter(setup):
    tap(setup.seat_rows[0].name_field)
    popup = the_keyboard()
    strip = hold(popup, "e")
    assert [key.text for key in strip.walk() if isinstance(key, BigButton)] == list("ÉÈÊËĒĖĘĚ")
    choose(strip, "É")
    press(popup, *"mil")
    strip = hold(popup, "e")
    assert "é" in [key.text for key in strip.walk() if isinstance(key, BigButton)]
    press(popup, "s")  # the strip closes and the touch still types its letter: a resting finger costs nothing
    assert accent_strips() == [] and popup.text == "Émiles"


def test_the_accent_page_has_the_commonest_accented_letters_one_tap_each(setup):
    tap(setup.seat_rows[0].name_field)
    popup = the_keyboard()
    press(popup, "accents", "Ø", "letters", *"ren")  # a capital at the start on this page too
    press(popup, "space", "accents", "ö", "symbols", "2")
    assert popup.text == "Øren Ö2"


def test_an_emoji_is_refused_with_a_message_and_the_name_is_kept(setup):
    tap(setup.seat_rows[0].name_field)
    popup = the_keyboard()
    press(popup, *"zoe")
    Window.dispatch("on_textinput", "\U0001F600")  # what a PC keyboard's emoji picker sends
    settle()
    assert popup.text == "Zoe"
    assert "grinning face" in popup.message.text and "letters and digits" in popup.message.text
    assert popup.headline.title.opacity == 0  # the message stands in the prompt's place, nothing moves
    press(popup, "y")
    assert popup.text == "Zoey" and popup.message.text == ""
    tap(popup.done_button)
    assert setup.seats[0].name == "Zoey"


def test_every_key_and_every_accented_form_is_drawn_by_the_app_font():
    typed = [key[1] for name, row in LAYOUT.items() if name[-1].isdigit() for key in row if key[1]]
    forms = [form for letter in ACCENTS for case in (letter, letter.upper()) for form in accented(case)]
    assert undrawable("".join(typed + forms)) == []


def test_the_accented_forms_are_big_targets_above_the_held_key_on_the_7_inch_display(seven_inch_window, setup):
    tap(setup.seat_rows[0].name_field)
    popup = the_keyboard()
    for letter in ("q", "a", "o", "z", "u"):
        if letter != "q":
            strip = hold(popup, letter)
            keys = [key for key in strip.walk() if isinstance(key, BigButton)]
            assert [key.text for key in keys] == accented(popup.text[-1])
            _, ((_, key_y), (_, key_height)) = find_key(popup.keys, letter)
            boxes = [(*key.to_window(key.x, key.y), key.width, key.height) for key in keys]
            typed_bottom = popup.display.to_window(*popup.display.pos)[1]
            for x, y, width, height in boxes:
                assert min(width, height) >= 62  # 12 mm on the 7" display, as tall as the keyboard's keys
                assert 0 <= x and x + width <= 800 and 0 <= y and y + height <= 480
                assert y >= popup.keys.to_window(0, key_y + key_height)[1]  # above the finger, not under it
                assert y + height <= typed_bottom or y >= typed_bottom + popup.display.height  # the name stays in sight
            tap_at(400, 470)  # away from the strip: it closes
            assert accent_strips() == []
        press(popup, letter)


def test_a_key_typed_updates_the_typing_box_on_screen_rather_than_replacing_it(setup):
    tap(setup.seat_rows[0].name_field)
    popup = the_keyboard()
    typing = ("m", "a", "x", "backspace", "y", "space", "b")   # capitals, small letters, capitals again
    same, before, after = same_widgets(popup, lambda: press(popup, *typing))
    assert same, f"{len({id(w) for w in after} - {id(w) for w in before})} widgets built anew"
    assert popup.text == "May B" and "May B" in popup.display.text


def test_a_page_of_keys_shown_again_is_the_one_drawn_before(setup):
    tap(setup.seat_rows[0].name_field)
    popup = the_keyboard()
    press(popup, "m")
    letters = popup.keys.faces
    press(popup, "symbols", "2")
    assert popup.keys.faces != letters
    press(popup, "letters")
    assert all(now is then for now, then in zip(popup.keys.faces, letters))   # the same words, not drawn again
    assert popup.text == "M2"
    tap(popup.done_button)
    tap(setup.seat_rows[1].name_field)
    assert the_keyboard().keys is popup.keys   # made once for the app, handed to the next box


# ----- one name, one form (see companion/players.py, same_form) ------------------------------------

COMPOSED = "Jos\u00e9"   # the letter é, as the held e's strip types it
COMBINING_ACUTE = "\u0301"   # what a PC keyboard's dead key may send after the e


def test_jose_typed_with_the_held_e_and_with_a_separate_accent_is_one_name_at_one_table(services, setup):
    tap(setup.seat_rows[0].name_field)
    popup = the_keyboard()
    press(popup, *"jos")
    choose(hold(popup, "e"), "é")
    tap(popup.done_button)
    tap(setup.seat_rows[1].name_field)
    popup = the_keyboard()
    press(popup, *"jose")
    Window.dispatch("on_textinput", COMBINING_ACUTE)
    assert popup.text == COMPOSED   # the accent joins its letter: one letter é, as the held e typed it
    tap(popup.done_button)
    settle()
    tap(setup.start_button)
    assert f"Seats 1 and 2 are both called {COMPOSED}" in setup.message.text
    assert services.store.sessions() == []


def test_a_remembered_name_typed_with_a_separate_accent_is_the_same_player(services, on_window):
    services.store.new_session("mix_the_mutts", [Player(COMPOSED, "green"), Player("Ann", "orange")])
    services.store.set_aside(services.store.unfinished().id)
    navigator = on_window(Navigator(transition=NoTransition()))
    setup = navigator.show(SetupScreen(services, navigator, game_entry("mix_the_mutts")))
    tap(setup.seat_rows[0].name_field)
    popup = the_keyboard()
    press(popup, *["backspace"] * 4, *"jose")
    Window.dispatch("on_textinput", COMBINING_ACUTE)
    tap(popup.done_button)
    settle()
    tap(setup.start_button)
    session = navigator.current_screen.controller.session
    assert [player.name for player in session.players] == [COMPOSED, "Ann"]
    remembered = [unicodedata.normalize("NFC", player.name) for player in services.store.roster()]
    assert remembered.count(COMPOSED) == 1


def test_a_name_of_accents_alone_is_refused_with_why_and_the_seat_is_kept(setup):
    tap(setup.seat_rows[0].name_field)
    popup = the_keyboard()
    Window.dispatch("on_textinput", COMBINING_ACUTE * 2)   # nothing under them: nothing would show
    tap(popup.done_button)
    settle()
    assert open_popups() == [popup]
    assert "would show" in popup.message.text and "letters and digits" in popup.message.text
    press(popup, "backspace", "backspace", *"al")
    tap(popup.done_button)
    settle()
    assert setup.seats[0].name == "Al"
