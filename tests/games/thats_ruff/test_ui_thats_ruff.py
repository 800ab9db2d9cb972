"""The That's Ruff! table as a family uses it: enter the card just played on the pad and watch the
count and the dog move; a card past 32 is refused with the reason; "That's Ruff!" tosses a disc and
starts the count again; laying out, collecting and the winner's banner."""


import pytest

pytest.importorskip("kivy")

from kivy.core.window import Window  # noqa: E402,F401  (opens the headless window)
from ui_support import texts  # noqa: E402

from companion.actions import Action  # noqa: E402
from companion.players import Player  # noqa: E402
from companion.rulecards import load_example
from ui.games.thats_ruff import ThatsRuffView  # noqa: E402
from ui.navigation import Navigator  # noqa: E402
from ui.screens.game import open_game_screen  # noqa: E402

EXAMPLE = load_example("thats_ruff")
ACTIONS = [Action.from_json(entry) for entry in EXAMPLE["actions"]]
FAMILY = [Player("Ann", "orange"), Player("Ben", "sky")]


def table(services, upto):
    session = services.store.new_session("thats_ruff", FAMILY, EXAMPLE["options"])
    for action in ACTIONS[:upto]:
        session.perform(action)
    screen = open_game_screen(services, Navigator(), session)
    assert isinstance(screen.view, ThatsRuffView)
    return screen, session


def turn_shown(view) -> str:
    """The name over the card to match, with "to play" beside it."""
    tag = view.info.turn
    assert tag.detail.text == "to play"
    return tag.badge.label.text


def enter(pad, colour, number):
    pad.suit_buttons[colour].trigger_action(0)
    pad.number_buttons[number].trigger_action(0)


def test_a_card_entered_on_the_pad_moves_the_count_and_the_dog(services):
    screen, session = table(services, 2)  # laid out; Ben counts first
    view = screen.view
    assert view.count.number.text == "0"
    assert turn_shown(view) == "Ben"
    enter(view.counting.pad, "blue", 1)
    assert session.actions[-1] == Action("play", 1, {"number": 1, "colour": "blue"})
    assert view.count.number.text == "1"
    assert view.boards[1].board.position == 2  # +2 for reaching 1
    assert "Moon moves to space 2" in view.last_move.text
    assert turn_shown(view) == "Ann"
    assert view.counting.pad.colour is None  # the next card starts from a clean pad


def test_a_blue_or_red_8_asks_which_dog_is_on_it(services):
    screen, session = table(services, 6)
    pad = screen.view.counting.pad
    enter(pad, "red", 8)
    assert len(session.actions) == 6
    question = pad.dog_question
    assert question is not None
    dogs = [text for text in texts(question) if text in ("Moon", "Lady", "Nicky", "Sage")]
    assert dogs == ["Moon", "Lady"]
    moon = next(child for child in question.walk() if getattr(child, "text", None) == "Moon")
    moon.trigger_action(0)
    assert session.actions[-1] == Action("play", 1, {"number": 8, "colour": "red", "dog": "Moon"})
    assert screen.view.count.number.text == "16"


def test_a_card_past_32_is_refused_with_the_reason_and_nothing_changes(services):
    screen, session = table(services, 10)  # count 32, Ben to play
    view = screen.view
    before = (len(session.actions), view.count.number.text, view.boards[1].board.position)
    enter(view.counting.pad, "red", 5)
    assert "past 32" in screen.message.text and "That's Ruff!" in screen.message.text
    assert (len(session.actions), view.count.number.text, view.boards[1].board.position) == before


def test_thats_ruff_tosses_a_disc_and_the_count_goes_back_to_0(services):
    screen, session = table(services, 10)
    view = screen.view
    assert view.count.number.text == "32"
    view.counting.ruff_button.trigger_action(0)
    assert session.actions[-1] == Action("thats_ruff", 1)
    assert view.count.number.text == "0"
    assert 3 in view.boards[1].board.discs
    assert "nothing to match" in view.ids["info_match"].text


def test_a_number_without_a_colour_asks_for_the_colour(services):
    screen, session = table(services, 2)
    screen.view.counting.pad.number_buttons[4].trigger_action(0)
    assert len(session.actions) == 2
    assert "colour first" in screen.message.text


def test_a_wild_dog_is_declared_then_played(services):
    screen, session = table(services, 2)
    pad = screen.view.counting.pad
    pad.suit_buttons["wild"].trigger_action(0)
    enter(pad, "red", 4)
    assert session.actions[-1] == Action("play", 1, {"wild": True, "number": 4, "colour": "red"})


def test_laying_out_face_up_cards_then_the_rest_face_down(services):
    screen, session = table(services, 0)
    entry = screen.view.entry
    assert entry.seat == 1  # from the dealer's left
    enter(entry.pad, "blue", 12)
    assert "1 up, 3 down" in entry.done_button.text
    entry.done_button.trigger_action(0)
    assert session.actions[-1] == Action("lay_out", 1, {"face_up": [{"number": 12, "colour": "blue"}], "face_down": 3})
    assert entry.seat == 0 and entry.entered == []


def test_the_seat_entering_its_cards_is_filled_with_its_players_colour(services):
    """Seen across the table: whoever is to enter their cards stands out in their own colour, the others
    stay plain."""
    screen, session = table(services, 0)
    entry = screen.view.entry
    players = session.players
    for seat in (1, 0):
        assert entry.seat == seat
        colours = [list(button.tint[:3]) for button in entry.seat_buttons]
        assert colours == [list(players[s].identity.rgb[:3]) if s == seat else [] for s in range(len(players))]
        entry.done_button.trigger_action(0)


def test_collecting_by_tapping_cards(services):
    screen, session = table(services, 15)
    pad = screen.view.collecting
    assert pad.turn == 1
    laid_out = session.summary()["players"][1]["laid_out"]
    centre = session.summary()["centre"]
    pad.tap_own(next(i for i, slot in enumerate(laid_out) if slot["card"] == {"number": 11, "colour": "red"}))
    pad.tap_centre(centre.index({"number": 13, "colour": "red"}))
    pad.tap_centre(centre.index({"number": 10, "colour": "red"}))
    pad.collect_button.trigger_action(0)
    assert session.actions[-1] == ACTIONS[15]
    assert pad.turn == 0 and pad.collector is None


def test_a_refused_collection_explains_why(services):
    screen, session = table(services, 15)
    pad = screen.view.collecting
    pad.tap_own(0)
    pad.centre_button.trigger_action(0)
    assert len(session.actions) == 15
    assert "can still collect" in screen.message.text


def test_the_winner_banner_names_the_dog(services):
    screen, session = table(services, None)
    assert session.is_over
    banner = " ".join(texts(screen.view.banner))
    assert "Ann wins! Nicky is home" in banner


def pad_is_fresh(counting) -> bool:
    """No colour, no Wild Dog switched on, from the hand: what a new card starts from."""
    pad = counting.pad
    return (pad.colour is None and not pad.wild and counting.source.value == "hand"
            and not any(button.selected for button in pad.suit_buttons.values()))


def test_after_a_refused_card_the_colour_is_unselected_so_the_next_card_is_two_taps(services):
    screen, session = table(services, 10)  # count 32, Ben to play
    counting = screen.view.counting
    enter(counting.pad, "red", 5)  # past 32: refused
    assert "past 32" in screen.message.text and len(session.actions) == 10
    assert pad_is_fresh(counting)
    # Red again is one tap, not an "off" then an "on".
    counting.pad.suit_buttons["red"].trigger_action(0)
    assert counting.pad.colour == "red" and counting.pad.suit_buttons["red"].selected


def test_a_refused_thats_ruff_leaves_the_pad_fresh_too(services):
    screen, session = table(services, 2)  # count 0, Ben to play: nothing to shout about yet
    counting = screen.view.counting
    counting.pad.suit_buttons["wild"].trigger_action(0)
    counting.pad.suit_buttons["blue"].trigger_action(0)
    counting.ruff_button.trigger_action(0)
    assert len(session.actions) == 2 and screen.message.text
    assert pad_is_fresh(counting)
    enter(counting.pad, "blue", 1)
    assert session.actions[-1] == Action("play", 1, {"number": 1, "colour": "blue"})
    assert pad_is_fresh(counting)


def test_once_the_hand_is_over_the_old_count_is_gone_and_the_next_deal_is_shown(services):
    screen, session = table(services, 23)  # hand 1 collected at a count of 15
    view = screen.view
    assert session.summary()["phase"] == "hand_over" and session.summary()["count"] == 15
    shown = texts(view)
    assert "15" not in shown and view.count_panel.parent is None  # no stale count beside the paths
    assert "Ann (Nicky): 3 back for three 1s, to space 9." in shown
    assert any(text.startswith("Deal hand 2") for text in shown) and "deals next" in shown
