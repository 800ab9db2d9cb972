"""The advanced game's Match! and Run! on the pad and the big buttons offer what the rules allow now,
as the game's summary says: a Match greyed (a tap says why, nothing recorded) once both copies of the
card in play are on the home pile, or after a Dog House that named another colour; open at once after a
Dog House that named the colour in play."""

import pytest

pytest.importorskip("kivy")

from ui_support import tap  # noqa: E402

from companion.actions import Action  # noqa: E402
from companion.players import Player  # noqa: E402
from ui.games.nuts_about_mutts.pads import Step  # noqa: E402
from ui.screens.game import open_game_screen  # noqa: E402

FAMILY = [Player("Ann", "orange", 1), Player("Ben", "sky", 2), Player("Cleo", "green", 3), Player("Dev", "yellow", 4)]
ANN, BEN, CLEO, DEV = range(4)
RED_FIVE = Action("play", BEN, {"colour": "red", "number": 5})


def table(services, navigator, actions):
    session = services.store.new_session("nuts_about_mutts", FAMILY, {"dealer": 0, "advanced": True})
    for action in actions:
        session.perform(action)
    screen = open_game_screen(services, navigator, session)
    return screen, session


def test_a_match_with_both_copies_on_the_home_pile_is_greyed_and_says_why(services, navigator):
    screen, session = table(services, navigator, [RED_FIVE, Action("play", CLEO, {"colour": "red", "number": 9}),
                                       Action("play", DEV, {"colour": "red", "number": 5})])
    pad = screen.view.pad
    assert pad.buttons["match"].disabled_reason.startswith("No Match on a red 5: both red 5s")
    assert not pad.buttons["run"].disabled_reason
    moves = len(session.actions)
    tap(pad.buttons["match"])
    assert len(session.actions) == moves and not pad.mid_entry
    assert "both red 5s are already on the home pile" in screen.message.text
    tap(pad.buttons["run"])                      # Run! is still open: it asks who claimed
    assert pad.step is Step.CLAIMER


def test_after_a_dog_house_naming_the_colour_in_play_the_twin_is_matched_from_the_pad(services, navigator):
    screen, session = table(services, navigator, [RED_FIVE, Action("play", CLEO, {"card": "dog_house", "colour": "red",
                                                                       "target": ANN})])
    pad = screen.view.pad
    assert not pad.buttons["match"].disabled_reason and "Dog House" in pad.buttons["run"].disabled_reason
    assert pad.claims_open() == [BEN, CLEO, DEV]   # the big buttons are open to all but Ann
    tap(pad.buttons["match"])
    tap(pad.buttons[f"seat:{BEN}"])
    assert session.actions[-1] == Action("match", BEN, {})
    assert session.summary()["hand_sizes"][BEN] == 5 and session.summary()["turn"] == CLEO


def test_after_a_dog_house_naming_another_colour_no_claim_opens(services, navigator):
    screen, session = table(services, navigator, [RED_FIVE, Action("play", CLEO, {"card": "dog_house", "colour": "blue",
                                                                       "target": ANN})])
    pad = screen.view.pad
    assert "Dog House named blue" in pad.buttons["match"].disabled_reason
    assert pad.claims_open() == []               # a slam on a big button starts no claim race
    tap(pad.buttons["match"])
    assert "Dog House named blue" in screen.message.text and len(session.actions) == 2
