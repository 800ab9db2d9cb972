"""Undo and Redo tapped on the That's Ruff! table: the pad shown afterwards is the one for whoever must
act in the state brought back, with nothing half-entered carried over from before. After an Undo that
is the player whose move was undone (their cards to enter again, whoever else still waits); after a
Redo, whoever the table waits for next."""

import random

import pytest

pytest.importorskip("kivy")

from kivy.core.window import Window  # noqa: E402  (opens the headless window)
from ui_support import settle, tap  # noqa: E402

from companion.actions import Action  # noqa: E402
from companion.games.thats_ruff import GAME  # noqa: E402
from companion.players import Player  # noqa: E402
from companion.rulecards import load_example  # noqa: E402
from companion.session import Session  # noqa: E402
from ui.navigation import Navigator  # noqa: E402
from ui.screens.game import open_game_screen  # noqa: E402

EXAMPLE = load_example("thats_ruff")
ACTIONS = [Action.from_json(entry) for entry in EXAMPLE["actions"]]
FIRST_REVEAL = next(index for index, action in enumerate(ACTIONS) if action.type == "reveal")
LAST_COLLECT = next(index for index, action in enumerate(ACTIONS) if action.type == "deal") - 1
FAMILY = [Player("Maya", "orange"), Player("Ben", "sky")]   # Maya deals: Ben is first from her left
MAYA, BEN = 0, 1


def open_table(services, family, options, actions):
    session = services.store.new_session("thats_ruff", family, options)
    for action in actions:
        session.perform(action)
    screen = open_game_screen(services, Navigator(), session)
    Window.add_widget(screen.manager)
    settle()
    return screen, session


@pytest.fixture
def table(services):
    """The example game (Maya and Ben, Maya dealing) told up to `moves`, on the headless window."""
    shown = []

    def told(moves):
        shown.append(open_table(services, FAMILY, EXAMPLE["options"], ACTIONS[:moves]))
        return shown[-1]
    yield told
    for screen, _ in shown:
        Window.remove_widget(screen.manager)


def enter_card(pad, card):
    if card.get("wild"):
        tap(pad.suit_buttons["wild"])
        return
    tap(pad.suit_buttons[card["colour"]])
    tap(pad.number_buttons[card["number"]])
    if pad.dog_question is not None:
        tap(next(button for button in pad.dog_question.buttons if button.text == card["dog"]))


def notes(entry) -> dict[str, str]:
    """What each seat's name on the entry table says: entering, waiting, or done."""
    return {button.text: button.note for button in entry.seat_buttons}


def test_undoing_a_turn_up_brings_back_that_players_pad(table):
    """The play-tester's steps: Ben turns up his face-down cards (the pad moves on to Maya), the family
    taps Undo; the message says Ben's turn-up is undone, and it is Ben's pad again, not Maya's."""
    screen, session = table(FIRST_REVEAL)
    entry = screen.view.entry
    assert entry.seat == BEN and notes(entry) == {"Maya": "waiting", "Ben": "entering"}
    for card in ACTIONS[FIRST_REVEAL + 1].get("cards"):   # Ben's (the example has Maya turn up first)
        enter_card(entry.pad, card)
    assert session.actions[-1].type == "reveal" and session.actions[-1].player == BEN
    assert entry.seat == MAYA

    tap(screen.undo_button)
    assert screen.message.text.startswith("Undone: Ben turned up")
    assert entry.seat == BEN
    assert notes(entry) == {"Maya": "waiting", "Ben": "entering"}
    wanted = session.summary()["players"][BEN]["cards_to_turn_up"]
    assert entry.prompt.text.startswith(f"Ben turns up {wanted} face-down card")
    assert entry.done_button.text == f"Turn up (0 of {wanted})"

    tap(screen.redo_button)
    assert entry.seat == MAYA and notes(entry) == {"Maya": "entering", "Ben": "all turned up"}


def test_undoing_a_lay_out_entered_out_of_turn_brings_back_that_players_pad(table):
    """Maya takes the tablet before Ben (a tap on her name) and lays out; Undo gives her pad back, not
    the pad of Ben, who is first from the dealer's left. Redo lays her cards out again and moves on to Ben."""
    screen, session = table(0)
    entry = screen.view.entry
    assert entry.seat == BEN
    tap(entry.seat_buttons[MAYA])
    for card in ACTIONS[0].get("face_up"):
        enter_card(entry.pad, card)
    tap(entry.done_button)
    assert session.actions[-1] == ACTIONS[0] and entry.seat == BEN

    tap(screen.undo_button)
    assert screen.message.text.startswith("Undone: Maya laid out")
    assert entry.seat == MAYA and notes(entry) == {"Maya": "entering", "Ben": "waiting"}
    assert entry.prompt.text.startswith("Maya lays out")
    assert entry.entered == [] and entry.done_button.text.startswith("Lay out: 0 up")

    tap(screen.redo_button)
    assert entry.seat == BEN and notes(entry) == {"Maya": "laid out", "Ben": "entering"}


def test_cards_half_entered_for_one_player_do_not_stay_on_the_pad_brought_back_by_undo(table):
    screen, session = table(FIRST_REVEAL + 1)   # Maya's cards are turned up; Ben's pad is shown
    entry = screen.view.entry
    assert entry.seat == BEN
    enter_card(entry.pad, ACTIONS[FIRST_REVEAL + 1].get("cards")[0])
    tap(entry.pad.suit_buttons["red"])   # and a colour for the next

    tap(screen.undo_button)
    assert entry.seat == MAYA and entry.entered == []
    assert entry.pad.colour is None and not entry.pad.suit_buttons["red"].selected


def test_a_colour_chosen_on_the_counting_pad_is_not_left_for_the_player_undo_brings_back(table):
    screen, session = table(4)   # Ben and Maya have each played a card
    pad = screen.view.counting
    tap(pad.pad.suit_buttons["blue"])
    assert pad.pad.colour == "blue"

    tap(screen.undo_button)
    assert screen.view.info.turn.badge.label.text == "Maya"
    assert pad.pad.colour is None and not pad.pad.suit_buttons["blue"].selected


def test_cards_picked_for_a_collection_that_is_undone_are_not_still_picked(table):
    """The last collection of the hand is tapped and collected; Undo brings Collecting back with
    nothing picked, as it stood before the cards were tapped."""
    screen, session = table(LAST_COLLECT)
    pad = screen.view.collecting
    collection = ACTIONS[LAST_COLLECT]
    centre = session.summary()["centre"]
    tap(next(chip for chip in pad.own_chips if chip.card == collection.get("collector")))
    for card in collection.get("cards"):
        tap(pad.centre_chips[centre.index(card)])
    tap(pad.collect_button)
    assert session.actions[-1] == collection and session.summary()["phase"] == "hand_over"

    tap(screen.undo_button)
    assert screen.view.collecting is pad and pad.collector is None and pad.picked == []
    assert not any(chip.selected for chip in pad.own_chips + pad.centre_chips)
    assert pad.hint.text.startswith("tap one of your cards")


# ----- a whole game's undo and redo path ----------------------------------------------------------------
def acting_shown(view) -> str:
    """The name the table shows as the one to act: the seat entering its cards, whose turn it is to
    play or collect, the dog choosing whether to stay, or who deals."""
    phase = view.phase
    if phase in ("laying_out", "revealing"):
        entry = view.entry
        entering = [button.text for button in entry.seat_buttons if button.note == "entering"]
        assert len(entering) == 1 and entry.prompt.text.startswith(entering[0])
        assert entry.entered == [] and entry.pad.colour is None
        return entering[0]
    if phase == "counting":
        assert view.counting.pad.colour is None and view.counting.source.value == "hand"
        return view.info.turn.badge.label.text
    if phase == "collecting":
        assert view.collecting.collector is None and view.collecting.picked == []
        return view.collecting.turn_badge.badge.label.text
    return view.ids["chooser" if phase == "moving" else "dealer"].badge.label.text


SAMPLED_FAMILY = [Player("Maya", "orange"), Player("Ben", "sky"), Player("Ivy", "green")]


def sampled_game(moves):
    """A hand of three players with every phase whose pad is one player's (a lay-out taken out of turn, a
    turn-up, Counting, Collecting, a dog asked whether it stays in its dog house), into the next hand."""
    rng = random.Random(9)
    session = Session(GAME, SAMPLED_FAMILY, EXAMPLE["options"])
    for _ in range(moves):
        session.perform(rng.choice(GAME.legal_actions(session.state, rng)))
    assert {"lay_out", "reveal", "collect", "choose_stay", "deal"} <= {action.type for action in session.actions}
    return list(session.actions)


@pytest.mark.parametrize("family, actions", [(FAMILY, ACTIONS), (SAMPLED_FAMILY, sampled_game(36))],
                         ids=["example", "three-players"])
def test_every_undo_and_redo_of_a_game_shows_the_pad_of_whoever_acts(services, family, actions):
    screen, session = open_table(services, family, EXAMPLE["options"], [])
    try:
        for action in actions:
            assert screen.controller.perform(action), screen.message.text
        settle()
        names = [player.name for player in family]
        while session.actions:
            undone = session.actions[-1]
            tap(screen.undo_button)
            # The state brought back is the one the undone move was made in: its player acts again.
            assert acting_shown(screen.view) == names[undone.player], (len(session.actions), undone)
        while session.can_redo:
            tap(screen.redo_button)
            summary = session.summary()
            if summary["phase"] == "won":
                break
            expected = summary["turn"] if summary["turn"] is not None else summary["waiting_for"][0]
            assert acting_shown(screen.view) == names[expected], (len(session.actions), summary["phase"])
        assert list(session.actions) == actions
    finally:
        Window.remove_widget(screen.manager)
