"""Set-up in one glance: six seats without scrolling, a player's big button claimed by pressing it,
remembered names one tap away in the typing box, the next game starting from the whole table that
last played, and seats that keep their size while a message shows."""

import random
import sys
import time
from pathlib import Path

import pytest

pytest.importorskip("kivy")

from kivy.core.window import Window  # noqa: E402  (opens the headless window)
from kivy.uix.behaviors import ButtonBehavior  # noqa: E402
from kivy.uix.scrollview import ScrollView  # noqa: E402
from ui_support import buttons_reading, same_widgets, settle, settle_until, tap, tap_at  # noqa: E402

sys.path.insert(0, str(Path(__file__).parent / "e2e"))
import layout  # noqa: E402

from companion.game_lines import tonight  # noqa: E402
from companion.players import IDENTITIES, IDENTITY_BY_KEY, Player  # noqa: E402
from companion.playthrough import table_of  # noqa: E402
from companion.registry import game_entry, load_game  # noqa: E402
from companion.session import Session  # noqa: E402
from ui import theme  # noqa: E402
from ui.hardware_link import open_hardware  # noqa: E402
from ui.places import Place  # noqa: E402
from ui.screens.game import GameScreen  # noqa: E402
from ui.screens.home import GameCard  # noqa: E402
from ui.screens.setup import ButtonClaimPopup, SetupScreen  # noqa: E402
from ui.widgets.keyboard import TypingPopup, key_center  # noqa: E402


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
    scroll = setup.ids["seat_scroll"]
    assert setup.ids["seat_grid"].height <= scroll.height + 1 and scroll.scroll_y == 1
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
    tap(buttons_reading(setup.seat_rows[1], "X")[0])
    tap(buttons_reading(setup, "+ Add player")[0])
    waiting = "Grandpa"
    tap(setup.seat_rows[2].name_field)
    (typing,) = popups(TypingPopup)
    offered = [item["text"] for item in typing.suggestions.data]
    assert offered == [waiting], "only players not seated yet are offered"
    tap(buttons_reading(typing, waiting)[0])
    assert not popups(TypingPopup)
    assert setup.seats[2].name == waiting


def open_from_home(navigator, title: str) -> SetupScreen:
    (card,) = [card for card in navigator.current_screen.walk() if isinstance(card, GameCard) and card.entry.title == title]
    scroll = card.parent
    while not isinstance(scroll, ScrollView):
        scroll = scroll.parent
    scroll.scroll_to(card, animate=False)   # as a finger would scroll Home to the game first
    tap(card)
    assert isinstance(navigator.current_screen, SetupScreen)
    return navigator.current_screen


def type_name(field, name: str) -> None:
    tap(field)
    (typing,) = popups(TypingPopup)
    for key in name:
        settle()
        tap_at(*key_center(typing.keys, key))
    tap(typing.done_button)


def test_the_next_game_starts_from_the_whole_table_that_last_played_each_in_their_seat(services, navigator):
    family = ["Ann", "Ben", "Cy", "Dee", "Eve", "Flo"]
    navigator.go(Place.HOME, services)
    setup = open_from_home(navigator, "Nuts about Mutts")
    while len(setup.seat_rows) < 6:
        tap(buttons_reading(setup, "+ Add player")[0])
    for row, name in zip(setup.seat_rows, family):
        type_name(row.name_field, name)
    tap(setup.start_button)
    game = navigator.current_screen
    assert isinstance(game, GameScreen)
    seated = list(game.controller.session.players)
    tap(buttons_reading(game, "Home")[0])

    four = open_from_home(navigator, "That's Ruff!")   # 2 to 4 players: the first four, in their seats
    assert [row.name_field.text for row in four.seat_rows] == family[:4]
    assert [(seat.colour, seat.button) for seat in four.seats] == [(p.colour, p.button) for p in seated[:4]]
    tap(buttons_reading(four.seat_rows[1], "X")[0])   # Ben is not playing: one tap
    assert [seat.name for seat in four.seats] == ["Ann", "Cy", "Dee"]
    tap(buttons_reading(four, "Back")[0])

    six = open_from_home(navigator, "Nuts about Mutts")
    assert [row.name_field.text for row in six.seat_rows] == family
    assert [seat.colour for seat in six.seats] == [player.colour for player in seated]


def test_a_seat_that_played_as_player_n_is_an_empty_seat_again(services, navigator):
    services.store.new_session("nut", [Player("Ann", "orange"), Player("Player 2", "sky"), Player("Cy", "green")])
    services.store.forget_player("Player 2")   # as a start does for a seat left unnamed
    setup = setup_for(services, navigator, game="nut", seats=3)
    assert [row.name_field.text for row in setup.seat_rows] == ["Ann", "", "Cy"]
    assert setup.seat_rows[1].name_field.hint_text == "Player 2"


@pytest.fixture
def seven_inch_window():
    before = Window.size
    Window.size = (800, 480)
    settle()
    yield
    Window.size = before
    settle()


def test_the_seats_stay_9_mm_while_a_message_shows_on_the_7_inch_display(services, navigator, seven_inch_window):
    setup = setup_for(services, navigator, seats=2)   # a 2-6 player game: room laid out for six seats
    tap(buttons_reading(setup.seat_rows[0], "X")[0])
    assert "needs at least 2 players" in setup.message.text
    settle()
    targets = [widget for widget in setup.walk() if isinstance(widget, ButtonBehavior) and widget.opacity]
    assert len(targets) > 10
    smallest = min(targets, key=lambda widget: min(widget.size))
    assert min(smallest.size) >= theme.TARGET, f"{smallest.text!r} is {smallest.width:.0f} x {smallest.height:.0f} px"
    assert [str(problem) for problem in layout.check("800x480 SetupScreen", [setup], Window)] == []


def test_the_longest_names_the_keyboard_takes_are_never_under_the_apps_smallest_type(
        services, navigator, seven_inch_window):
    names = ["Christopher Columbus", "Maria Magdalena Wolf", "Bartholomäus", "Anastasia", "Jean-Baptiste",
             "Wilhelminawilhelmina"]
    services.store.new_session("nuts_about_mutts", [Player(name, IDENTITIES[seat].key) for seat, name in
                                                    enumerate(names)])
    setup = setup_for(services, navigator)
    settle()
    labels = [row.name_field.label for row in setup.seat_rows]
    assert [label.text for label in labels] == names
    assert min(label.font_size for label in labels) >= theme.FONT_SMALL
    # A single word too long for a card beside another puts the cards one a row: it keeps to one line.
    assert setup.ids["seat_grid"].cols == 1 and all(label.shorten for label in labels)
    assert [str(problem) for problem in layout.check("800x480 SetupScreen", [setup], Window)] == []


def test_seat_order_and_the_dealer_say_what_they_do_in_words_that_fit_six_long_names(
        services, navigator, seven_inch_window):
    names = ["Christopher", "Maximiliana", "Bartholomäus", "Anastasia", "Jean-Baptiste", "Wilhelmina"]
    services.store.new_session("nuts_about_mutts", [Player(name, colour) for name, colour in
                                                    zip(names, ["orange", "sky", "green", "yellow", "blue", "red"])])
    setup = setup_for(services, navigator)
    assert [row.name_field.text for row in setup.seat_rows] == names
    assert [len(seat_buttons(row, "Move up")) for row in setup.seat_rows] == [0, 1, 1, 1, 1, 1]
    assert [len(seat_buttons(row, "Deals first")) for row in setup.seat_rows] == [1, 0, 0, 0, 0, 0]
    assert [str(problem) for problem in layout.check("800x480 SetupScreen", [setup], Window)] == []
    tap(seat_buttons(setup.seat_rows[2], "Deal instead")[0])
    assert [len(seat_buttons(row, "Deals first")) for row in setup.seat_rows] == [0, 0, 1, 0, 0, 0]
    tap(seat_buttons(setup.seat_rows[2], "Move up")[0])
    assert [seat.name for seat in setup.seats][:3] == ["Christopher", "Bartholomäus", "Maximiliana"]
    assert len(seat_buttons(setup.seat_rows[1], "Deals first")) == 1   # the dealer moved with her seat


@pytest.mark.parametrize("game", ["pugs_in_mugs", "mix_the_mutts"])
def test_a_game_with_no_dealer_says_who_plays_first_in_words_that_fit_five_long_names(
        services, navigator, seven_inch_window, game):
    names = ["Christopher", "Maximiliana", "Bartholomäus", "Anastasia", "Jean-Baptiste"]
    services.store.new_session("pugs_in_mugs", [Player(name, colour) for name, colour in
                                                zip(names, ["orange", "sky", "green", "yellow", "blue"])])
    setup = setup_for(services, navigator, game, seats=game_entry(game).max_players)
    assert [len(seat_buttons(row, "Plays first")) for row in setup.seat_rows][:2] == [1, 0]
    assert not [button for button in setup.walk() if getattr(button, "text", None) in ("Deals first", "Deal instead")]
    tap(seat_buttons(setup.seat_rows[2], "Play first instead")[0])
    assert [len(seat_buttons(row, "Plays first")) for row in setup.seat_rows][:3] == [0, 0, 1]
    assert [str(problem) for problem in layout.check("800x480 SetupScreen", [setup], Window)] == []
    tap(setup.start_button)
    assert navigator.current_screen.controller.session.state.turn == 2   # the seat chosen takes the first turn


def seat_buttons(card, text: str) -> list:
    return [widget for widget in card.walk(restrict=True) if isinstance(widget, ButtonBehavior) and widget.text == text]


def test_a_seat_added_or_changed_updates_the_cards_on_screen_rather_than_replacing_them(services, navigator):
    setup = setup_for(services, navigator, seats=2)

    def add_and_change() -> None:
        tap(buttons_reading(setup, "+ Add player")[0])
        tap(setup.seat_rows[2].colour_button)
        tap(seat_buttons(setup.seat_rows[2], "Deal instead")[0])
        tap(seat_buttons(setup.seat_rows[2], "Move up")[0])

    same, before, after = same_widgets(setup, add_and_change)
    assert same, f"{len({id(w) for w in after} - {id(w) for w in before})} widgets built anew"
    assert len(setup.seat_rows) == 3
    # The third seat, now second: a colour of its own, and dealing first.
    assert [len(seat_buttons(row, "Deals first")) for row in setup.seat_rows] == [0, 1, 0]
    assert setup.seats[1].colour not in (setup.seats[0].colour, setup.seats[2].colour)
    assert setup.seat_rows[1].colour_button.text == next(i.label for i in IDENTITIES if i.key == setup.seats[1].colour)


def test_names_typed_and_left_with_back_come_back_in_the_next_set_up(services, navigator):
    setup = setup_for(services, navigator, seats=3)
    for index, name in enumerate(("Ann", "Ben", "Cleo")):
        setup.rename(index, name)
    tap(buttons_reading(setup, "Back")[0])
    settle()
    (card,) = [card for card in navigator.current_screen.walk() if isinstance(card, GameCard)
               and card.entry.key == "nut"]
    tap(card)   # another game: Nut seats three at most
    settle()
    again = navigator.current_screen
    assert isinstance(again, SetupScreen) and [seat.name for seat in again.seats] == ["Ann", "Ben", "Cleo"]
    tap(buttons_reading(again, "Start game")[0])
    settle()
    assert isinstance(navigator.current_screen, GameScreen)
    navigator.go(Place.HOME, services)
    fresh = setup_for(services, navigator, "nut", seats=2)   # once a game started, the table that played
    assert [seat.name for seat in fresh.seats] == ["Ann", "Ben", "Cleo"]


def test_a_seat_taken_away_by_mistake_comes_back_with_one_tap_as_it_was(services, navigator):
    setup = setup_for(services, navigator, seats=4)
    for index, name in enumerate(("Ann", "Ben", "Cleo", "Dev")):
        setup.rename(index, name)
    tap(seat_buttons(setup.seat_rows[1], "Deal instead")[0])
    before = list(setup.seats)
    tap(buttons_reading(setup.seat_rows[1], "X")[0])
    settle()
    assert [seat.name for seat in setup.seats] == ["Ann", "Cleo", "Dev"]
    assert "Ben's seat is taken away" in setup.message.text
    tap(buttons_reading(setup, "Undo")[0])
    settle()
    assert setup.seats == before
    assert [row.name_field.text for row in setup.seat_rows] == ["Ann", "Ben", "Cleo", "Dev"]
    assert [len(seat_buttons(row, "Deals first")) for row in setup.seat_rows] == [0, 1, 0, 0]
    assert "Ben is back" in setup.message.text and setup.message.offered is None


def test_the_undo_for_a_seat_taken_away_goes_once_the_table_changes_again(services, navigator):
    setup = setup_for(services, navigator, seats=4)
    tap(buttons_reading(setup.seat_rows[3], "X")[0])
    tap(setup.seat_rows[0].colour_button)   # the seat's colour could now be the one Undo would give back
    settle()
    assert setup.message.offered is None and setup.message.button.opacity == 0
    assert len(setup.seats) == 3


def seated_colours(setup) -> dict[str, str]:
    """Each seated name with the colour its card shows."""
    return {row.name_field.text: row.colour_button.text for row in setup.seat_rows}


def tonights_colours(services) -> dict[str, str]:
    """Each player on Tonight's standings and chart with the colour their line is drawn in."""
    evening = tonight(services.store)
    assert evening is not None
    return {standing.name: IDENTITY_BY_KEY[standing.colour].label for standing in evening.standings}


def pick_offered_name(field, name: str) -> None:
    tap(field)
    (typing,) = popups(TypingPopup)
    tap(buttons_reading(typing, name)[0])


def test_within_an_evening_everyone_keeps_one_colour_and_no_two_players_share_one(services, navigator):
    services.store.new_session("mix_the_mutts", [Player("Ann", "orange", 1), Player("Ben", "sky", 2),
                                                 Player("Cy", "green", 3)])
    navigator.go(Place.HOME, services)
    setup = open_from_home(navigator, "Mix-the-Mutts")
    tap(buttons_reading(setup.seat_rows[1], "X")[0])   # Ben sits this one out
    tap(buttons_reading(setup, "+ Add player")[0])
    type_name(setup.seat_rows[2].name_field, "Tom")
    # Tom's colour is no one's at the table that played last: Ben's is kept for him to come back to.
    tom = seated_colours(setup)["Tom"]
    assert seated_colours(setup) == {"Ann": "Orange", "Cy": "Green", "Tom": tom}
    assert tom not in ("Orange", "Sky blue", "Green")
    tap(setup.start_button)
    tap(buttons_reading(navigator.current_screen, "Home")[0])

    again = open_from_home(navigator, "Mix-the-Mutts")   # Ben is back, picked from the names offered
    tap(buttons_reading(again, "+ Add player")[0])
    pick_offered_name(again.seat_rows[3].name_field, "Ben")
    assert seated_colours(again) == {"Ann": "Orange", "Cy": "Green", "Tom": tom, "Ben": "Sky blue"}
    tap(again.start_button)
    assert tonights_colours(services) == {"Ann": "Orange", "Ben": "Sky blue", "Cy": "Green", "Tom": tom}


def test_a_remembered_player_takes_their_colour_only_where_no_one_else_tonight_has_it(services, navigator):
    week_ago = time.time() - 7 * 86400   # Dee was green and Eve yellow last week; tonight Cy has been green
    services.store.import_session(Session(load_game("nut"), [Player("Dee", "green"), Player("Eve", "yellow")]),
                                  started_at=week_ago, last_played_at=week_ago)
    services.store.new_session("nut", [Player("Ann", "orange"), Player("Cy", "green")])
    navigator.go(Place.HOME, services)
    setup = open_from_home(navigator, "Nut")
    tap(buttons_reading(setup, "+ Add player")[0])
    tap(buttons_reading(setup.seat_rows[1], "X")[0])   # Cy goes home
    type_name(setup.seat_rows[1].name_field, "Dee")
    assert seated_colours(setup)["Dee"] not in ("Orange", "Green")
    tap(buttons_reading(setup, "+ Add player")[0])
    pick_offered_name(setup.seat_rows[2].name_field, "Eve")
    assert seated_colours(setup)["Eve"] == "Yellow"   # hers, and no one's tonight
    tap(setup.start_button)
    colours = tonights_colours(services)
    assert set(colours) == {"Ann", "Cy", "Dee", "Eve"} and len(set(colours.values())) == 4, colours


def finished_game(services, key: str, players: int, dealer: int, **options):
    session = services.store.new_session(key, table_of(players), {"dealer": dealer, **options})
    rng = random.Random(dealer)
    while not session.is_over:
        session.perform(rng.choice(session.game.legal_actions(session.state, rng)))
    return session


def another_game(services, navigator, session, title: str) -> SetupScreen:
    """The finished game on screen, Another game, and `title` picked on Home, as the family taps it."""
    navigator.go(Place.GAME, services, session)
    settle()
    tap(buttons_reading(navigator.current_screen, "Another game")[0])
    setup = open_from_home(navigator, title)
    assert settle_until(lambda: not setup.reading_last_game)   # read back off the screen's thread
    return setup


def first_seats(setup, words: str) -> list[str]:
    return [row.name_field.text for row in setup.seat_rows if seat_buttons(row, words)]


def test_another_game_starts_with_whoever_the_last_game_passes_the_deal_to(services, navigator):
    # One hand dealt by Ben: Play again would give the deal to Cleo, the next seat.
    session = finished_game(services, "nuts_about_mutts", 4, dealer=1, hands=1)
    assert session.game.first_seat_next_game(session.state, session.options, 4) == 2
    same = another_game(services, navigator, session, "Nuts about Mutts")
    assert first_seats(same, "Deals first") == ["Cleo"]
    tap(same.start_button)
    assert navigator.current_screen.controller.session.options["dealer"] == 2

    # That game's three hands are dealt by Cleo, Dev and Ann: Ben deals the next, wherever he sits.
    three_hands = navigator.current_screen.controller.session
    rng = random.Random(3)
    while not three_hands.is_over:
        three_hands.perform(rng.choice(three_hands.game.legal_actions(three_hands.state, rng)))
    assert [hand["dealer"] for hand in three_hands.summary()["scores"]["hands"]] == [2, 3, 0]
    other = another_game(services, navigator, three_hands, "That's Ruff!")
    assert first_seats(other, "Deals first") == ["Ben"]
    tap(seat_buttons(other.seat_rows[1], "Move up")[0])
    assert first_seats(other, "Deals first") == ["Ben"]


def test_another_game_starts_with_seat_1_when_whoever_goes_next_is_not_at_the_table(services, navigator):
    session = finished_game(services, "nuts_about_mutts", 4, dealer=2, hands=1)   # Dev is next
    three = another_game(services, navigator, session, "Nut")   # three seats: Dev is not at the table
    assert [row.name_field.text for row in three.seat_rows] == ["Ann", "Ben", "Cleo"]
    assert [len(seat_buttons(row, three.first_here)) for row in three.seat_rows] == [1, 0, 0]


def test_a_smaller_game_says_who_sits_out_and_the_family_chooses_who_plays(services, navigator):
    """Nut (2 to 3 players) after a four-player Mix-the-Mutts: Dev is said to sit out, and two taps
    let him play in Ben's place, Ben sitting out instead."""
    from ui.screens.setup import SitOutPopup

    played = finished_game(services, "mix_the_mutts", 4, 0)
    setup = another_game(services, navigator, played, "Nut")
    assert [seat.name for seat in setup.seats] == ["Ann", "Ben", "Cleo"]
    assert setup.message.bar.text == "Nut is for at most 3 players: Dev sits out."
    (change,) = buttons_reading(setup, "Dev sits out: change")
    assert not change.disabled
    tap(change)
    (popup,) = popups(SitOutPopup)
    assert popup.header.title == "Dev plays instead of:"
    assert [choice.text for choice in popup.choices] == ["Ann", "Ben", "Cleo"]
    tap(next(choice for choice in popup.choices if choice.text == "Ben"))
    assert not popups(SitOutPopup)
    assert [seat.name for seat in setup.seats] == ["Ann", "Dev", "Cleo"]
    assert setup.message.bar.text == "Dev plays; Ben sits out."
    assert buttons_reading(setup, "Ben sits out: change")
    tap(setup.start_button)
    assert [player.name for player in navigator.current_screen.controller.session.players] == ["Ann", "Dev", "Cleo"]
