"""That's Ruff! demo scenes: four boards mid-count, positions from the worked example (a toss,
collecting, a hand over, the win), and both variants with the laid-out cards in the hands."""

from __future__ import annotations

from typing import Any, cast

from companion.actions import Action
from companion.games.thats_ruff.state import ActionType
from ui.games.thats_ruff.collecting import CollectPad
from ui.games.thats_ruff.table import ThatsRuffView
from ui.scenes import FAMILY, example_session, open_game
from ui.screens.game import GameScreen
from ui.screenshots import scene

KEY = "thats_ruff"


def collecting(screen: GameScreen) -> CollectPad:
    """The Collecting pad of a That's Ruff! table that is collecting."""
    pad = cast(ThatsRuffView, screen.view).collecting
    assert pad is not None, "the scene opens a table that is collecting"
    return pad


@scene("ruff-counting", "That's Ruff!: four boards mid-count, the card pad")
def ruff_counting(services: Any, navigator: Any) -> None:
    session = services.store.new_session(KEY, FAMILY[:4], {"dealer": 3})
    for seat in range(4):
        session.perform(Action(ActionType.LAY_OUT, seat, {"face_up": [{"number": 2 + seat, "colour": "red"}],
                                                          "face_down": 3}))
    for seat, card in ((0, {"number": 1, "colour": "blue"}), (1, {"number": 1, "colour": "red"}),
                       (2, {"number": 6, "colour": "red"}), (3, {"number": 8, "colour": "red", "dog": "Lady"}),
                       (0, {"number": 11, "colour": "red"})):
        session.perform(Action(ActionType.PLAY, seat, card))
    open_game(services, navigator, session)


@scene("ruff-toss", "That's Ruff!: just after a toss: the new disc on the path, count back at 0")
def ruff_toss(services: Any, navigator: Any) -> None:
    open_game(services, navigator, example_session(services, KEY, 2, upto=11))


@scene("ruff-stay", "That's Ruff!: a Wild Dog brings Nicky home with a space to spare: stay or move on")
def ruff_stay(services: Any, navigator: Any) -> None:
    view = cast(ThatsRuffView, open_game(services, navigator, example_session(services, KEY, 2, upto=35)).view)
    pad = view.counting.pad
    pad.tap_suit("wild")
    pad.tap_suit("black")
    pad.tap_number(0)


@scene("ruff-collecting", "That's Ruff!: collecting with the centre cards and laid-out cards to tap")
def ruff_collecting(services: Any, navigator: Any) -> None:
    pad = collecting(open_game(services, navigator, example_session(services, KEY, 2, upto=16)))
    pad.tap_own(0)
    pad.tap_centre(1)


@scene("ruff-hand-over", "That's Ruff!: a hand just collected, the next dealer's button")
def ruff_hand_over(services: Any, navigator: Any) -> None:
    open_game(services, navigator, example_session(services, KEY, 2, upto=23))


@scene("ruff-win", "That's Ruff!: the winner's banner, dog home with its discs")
def ruff_win(services: Any, navigator: Any) -> None:
    open_game(services, navigator, example_session(services, KEY, 2))


def _variants(services: Any) -> Any:
    """Four players with both variants on, laid out face down and counted: the first to collect holds
    four cards the app has not seen."""
    session = services.store.new_session(KEY, FAMILY[:4], {"dealer": 0, "laid_out_into_hand": True,
                                                           "abilities": True})
    for seat in range(4):
        session.perform(Action(ActionType.LAY_OUT, seat, {"face_up": [], "face_down": 4}))
    _count_to_twenty(session)
    return session


def _count_to_twenty(session: Any) -> None:
    """Twenty low cards played around a table of four, so the centre holds them all."""
    counted = [f"{colour} {number}" for number in range(4) for colour in ("blue", "red", "black", "blue", "red")]
    for index, text in enumerate(counted):
        colour, number = text.split()
        session.perform(Action(ActionType.PLAY, (index + 1) % 4, {"number": int(number), "colour": colour}))


@scene("ruff-collecting-four", "That's Ruff!: collecting at four, twenty centre cards and every player's laid-out cards")
def ruff_collecting_four(services: Any, navigator: Any) -> None:
    session = services.store.new_session(KEY, FAMILY[:4], {"dealer": 0})
    for seat in range(4):
        laid = [{"number": 9 + index, "colour": ("blue", "red", "black", "red")[(seat + index) % 4]} for index in range(4)]
        session.perform(Action(ActionType.LAY_OUT, seat, {"face_up": laid, "face_down": 0}))
    _count_to_twenty(session)
    pad = collecting(open_game(services, navigator, session))
    pad.tap_own(0)
    pad.tap_centre(2)


@scene("ruff-hand", "That's Ruff!: collecting with the laid-out cards in the hand, one entered, Tricks")
def ruff_hand(services: Any, navigator: Any) -> None:
    pad = collecting(open_game(services, navigator, _variants(services)))
    pad.ask_held_card(0).add_card({"number": 9, "colour": "red"})
    pad.tap_centre(1)


@scene("ruff-proof", "That's Ruff!: the rest of the hand shown as proof before a card goes to the centre")
def ruff_proof(services: Any, navigator: Any) -> None:
    pad = collecting(open_game(services, navigator, _variants(services)))
    pad.ask_held_card(0).add_card({"number": 9, "colour": "blue"})
    pad.to_centre()
    proof = pad.hand_popup
    assert proof is not None, "a card to the centre from a hand out of sight asks for the rest of the hand"
    proof.add_card({"number": 11, "colour": "blue"})


@scene("ruff-tricks", "That's Ruff!: the tricks menu with each price, a disc picked to move")
def ruff_tricks(services: Any, navigator: Any) -> None:
    pad = collecting(open_game(services, navigator, _variants(services)))
    pad.open_tricks().tap_space(8)
