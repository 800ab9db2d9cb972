"""Set-up in one glance: six seats without scrolling, a player's big button claimed by pressing it,
and remembered names one tap away in the typing box."""

import time

import pytest

pytest.importorskip("kivy")

from kivy.core.window import Window  # noqa: E402  (opens the headless window)
from kivy.uix.scrollview import ScrollView  # noqa: E402
from ui_support import buttons_reading, settle, tap  # noqa: E402

from companion.players import Player  # noqa: E402
from companion.registry import game_entry  # noqa: E402
from ui.hardware_link import open_hardware  # noqa: E402
from ui.screens.setup import ButtonClaimPopup, SetupScreen  # noqa: E402
from ui.widgets.keyboard import TypingPopup  # noqa: E402


@pytest.fixture
def mock_buttons(services):
    open_hardware(services, "mock")
    yield services.hardware
    services.hardware.close()


def setup_for(services, navigator, game="nuts_about_mutts", seats=6):
    setup = navigator.show(SetupScreen(services, navigator, game_entry(game)))
    while len(setup.seats) < seats:
        tap(buttons_reading(setup, "+ Add player")[0])
    settle()
    return setup


def popups(kind):
    return [widget for widget in Window.children if isinstance(widget, kind)]


def test_six_seats_are_all_on_screen_with_nothing_to_scroll(services, navigator):
    setup = setup_for(services, navigator)
    assert not [w for w in setup.walk() if isinstance(w, ScrollView)]
    for card in setup.seat_rows:
        x, y = card.to_window(*card.pos)
        assert 0 <= x and x + card.width <= Window.width and 0 <= y and y + card.height <= Window.height


def test_a_player_claims_a_big_button_by_pressing_it(services, navigator, mock_buttons):
    setup = setup_for(services, navigator, seats=3)
    tap(buttons_reading(setup.seat_rows[2], "Button 3")[0])
    (popup,) = popups(ButtonClaimPopup)
    assert "press your big button now" in popup.children[0].children[-1].text
    mock_buttons.press(1)
    deadline = time.monotonic() + 2
    while popups(ButtonClaimPopup) and time.monotonic() < deadline:
        settle(1)
    mock_buttons.release(1)
    assert not popups(ButtonClaimPopup)
    # Button 1 was the first seat's: the two seats swap, so no button is ever shared.
    assert [seat.button for seat in setup.seats] == [3, 2, 1]
    assert buttons_reading(setup.seat_rows[2], "Button 1")


def test_cancel_leaves_the_buttons_as_they_were(services, navigator):
    setup = setup_for(services, navigator, seats=2)
    tap(buttons_reading(setup.seat_rows[1], "Button 2")[0])
    tap(buttons_reading(popups(ButtonClaimPopup)[0], "Cancel")[0])
    assert [seat.button for seat in setup.seats] == [1, 2]
    tap(buttons_reading(setup.seat_rows[1], "Button 2")[0])
    tap(buttons_reading(popups(ButtonClaimPopup)[0], "No button")[0])
    assert [seat.button for seat in setup.seats] == [1, None]


def test_a_remembered_name_is_offered_in_the_typing_box_and_fills_the_seat_in_one_tap(services, navigator):
    services.store.new_session("nut", [Player("Leo", "green"), Player("Grandpa", "orange"), Player("Maya", "sky")])
    setup = setup_for(services, navigator, game="nut", seats=3)
    seated = [seat.name for seat in setup.seats[:2]]
    waiting = ({"Leo", "Grandpa", "Maya"} - set(seated)).pop()
    tap(setup.seat_rows[2].name_field)
    (typing,) = popups(TypingPopup)
    offered = [chip.text for chip in typing.suggestions.children]
    assert offered == [waiting], "only players not seated yet are offered"
    tap(buttons_reading(typing, waiting)[0])
    assert not popups(TypingPopup)
    assert setup.seats[2].name == waiting
