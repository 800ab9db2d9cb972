"""The two That's Ruff! variants a family can switch on, played on the screen: laid-out cards pulled into
the hand (the card that collects is entered when it is used, and a pair or a card to the centre asks
for the rest of the hand while the app doesn't know it), and spending discs on tricks (a menu with each
price: step back while collecting, move a disc by tapping its space and the space it flies to). What
the rules refuse is explained in the message bar and nothing changes; on the 7" panel every screen of
it passes the play-throughs' layout check."""

import sys
import time
from pathlib import Path

import pytest

pytest.importorskip("kivy")

from kivy.core.window import Window  # noqa: E402  (opens the headless window)
from ui_support import settle, tap, texts  # noqa: E402

from companion.actions import Action  # noqa: E402
from companion.players import IDENTITIES, Player  # noqa: E402
from ui.games.thats_ruff.collecting import CollectPad  # noqa: E402
from ui.games.thats_ruff.pads import HandPopup  # noqa: E402
from ui.games.thats_ruff.tricks import TricksPopup  # noqa: E402
from ui.games.thats_ruff.widgets import compact  # noqa: E402
from ui.navigation import Navigator  # noqa: E402
from ui.screens.game import open_game_screen  # noqa: E402

sys.path.insert(0, str(Path(__file__).parents[2] / "e2e"))
import layout  # noqa: E402

FAMILY = [Player("Ann", "orange"), Player("Ben", "sky")]
LONG = [Player(name, IDENTITIES[seat].key, seat + 1)
        for seat, name in enumerate(["Christopher", "Maximiliana", "Bartholomew", "Jean-Baptiste"])]
HELD = {"laid_out_into_hand": True}
TRICKS = {"abilities": True, "ability_costs": {"stay": 1, "step_back": 1, "retoss": 2}}
# Counting that leaves nine red cards and one blue in the centre: Ben (first to collect) can take
# three with a red or a black card, only a pair with a blue one.
COUNTED = [(1, "red 0"), (0, "red 0"), (1, "red 1"), (0, "red 1"), (1, "red 2"), (0, "red 2"), (1, "red 3"),
           (0, "red 3"), (1, "red 4"), (0, "blue 5")]
# Four players' Counting, twenty cards that never take the count past 32.
FOUR_COUNTED = [((index + 1) % 4, text) for index, text in enumerate(
    f"{colour} {number}" for number in range(4) for colour in ("blue", "red", "black", "blue", "red"))]


def card(text: str) -> dict:
    colour, number = text.split()
    return {"number": int(number), "colour": colour}


@pytest.fixture
def panel():
    """The window at the 7" panel's size while the test builds and checks its screens."""
    before = Window.size
    Window.size = (800, 480)
    settle(4)
    assert compact()
    try:
        yield
    finally:
        Window.size = before
        settle(4)


@pytest.fixture
def table(services, panel):
    screens = []

    def show(options: dict, players=FAMILY, counted=COUNTED, discs: int = 0):
        """A game laid out face down and counted, with `discs` fetched into Ben's dog house."""
        session = services.store.new_session("thats_ruff", players, {"dealer": 0, **options})
        spare = session.state.deal_size - 5
        for seat in range(len(players)):
            session.perform(Action("lay_out", seat, {"face_up": [], "face_down": spare}))
        for seat, text in counted:
            session.perform(Action("play", seat, card(text)))
        moon = session.state.boards[1]
        moon.house, session.state.supply = discs, session.state.supply - discs
        screen = open_game_screen(services, Navigator(), session)
        Window.add_widget(screen.manager)
        screens.append(screen)
        settle(4)
        return screen, session

    yield show
    for screen in screens:
        Window.remove_widget(screen.manager)


def closed(popup) -> bool:
    """Whether the popup has gone, once its closing animation has had time to run."""
    end = time.monotonic() + 2
    while popup in Window.children and time.monotonic() < end:
        settle(1)
        time.sleep(0.01)
    return popup not in Window.children


def problems(root) -> list[str]:
    for widget in root.walk():
        if hasattr(widget, "texture_update"):
            widget.texture_update()
    settle(4)
    return [str(problem) for problem in layout.check("test", [root], Window)]


def enter(pad, text: str) -> None:
    colour, number = text.split()
    tap(pad.suit_buttons[colour])
    tap(pad.number_buttons[int(number)])


def held_card(pad: CollectPad, text: str, name: str = "Ben") -> HandPopup:
    """Tap one of the collecting player's hidden cards and say which it is."""
    tap(pad.own_chips[0])
    popup = pad.hand_popup
    assert popup is not None and popup in Window.children
    assert f"Which card from {name}'s hand collects?" in popup.prompt.text
    enter(popup.pad, text)
    assert closed(popup)
    return popup


def pick(pad: CollectPad, session, *texts_: str) -> None:
    centre = session.summary()["centre"]
    for text in texts_:
        index = next(i for i, lying in enumerate(centre) if lying == card(text) and i not in pad.picked)
        tap(pad.centre_chips[index])


# ----- laid-out cards pulled into the hand ------------------------------------------------------------
def test_a_hidden_card_is_entered_when_it_collects_three(table):
    screen, session = table(HELD)
    pad = screen.view.collecting
    summary = session.summary()
    assert summary["turn"] == 1 and summary["players"][1]["cards_held"] == 4
    assert [chip.card for chip in pad.own_chips] == [None] * 4
    assert "enter which it is" in pad.hint.text
    # The app can't tell what the hidden cards could take, so collecting stays the expected step.
    assert pad.collect_button.kind == "primary" and pad.centre_button.kind != "primary"
    held_card(pad, "red 9")
    assert pad.own_chips[0].card == card("red 9") and pad.own_chips[0].selected
    assert "red 9 from the hand" in pad.hint.text
    pick(pad, session, "red 1", "red 2")
    tap(pad.collect_button)
    assert session.actions[-1] == Action("collect", 1, {"collector": card("red 9"),
                                                        "cards": [card("red 1"), card("red 2")]})
    assert session.summary()["turn"] == 0 and pad.collector is None and pad.held_card is None


def test_a_pair_asks_for_the_rest_of_the_hand_and_sends_it_as_proof(table):
    screen, session = table(HELD)
    pad = screen.view.collecting
    held_card(pad, "blue 9")
    pick(pad, session, "blue 5")
    tap(pad.collect_button)
    proof = pad.hand_popup
    assert proof in Window.children and len(session.actions) == 12
    assert "Ben shows the other 3 cards in the hand" in proof.prompt.text
    enter(proof.pad, "blue 10")
    enter(proof.pad, "black 3")
    assert "2 of 3 entered" in proof.count.text
    tap(proof.row.back_button)                       # a slip: the black 3 is not in Ben's hand
    assert [face.card for face in proof.row.shown_cards] == [card("blue 10")]
    enter(proof.pad, "blue 11")
    enter(proof.pad, "blue 12")
    assert closed(proof)
    assert session.actions[-1] == Action("collect", 1, {
        "collector": card("blue 9"), "cards": [card("blue 5")],
        "shown": [card("blue 10"), card("blue 11"), card("blue 12")]})
    assert session.summary()["players"][1]["collected"] == [card("blue 9"), card("blue 5")]


def test_a_proof_that_shows_a_better_collection_is_refused_with_the_reason(table):
    screen, session = table(HELD)
    pad = screen.view.collecting
    before = (len(session.actions), session.summary())
    held_card(pad, "blue 9")
    pick(pad, session, "blue 5")
    tap(pad.collect_button)
    for text in ("blue 10", "black 3", "blue 12"):
        enter(pad.hand_popup.pad, text)
    settle()
    assert "could have collected three" in screen.message.text and "black 3" in screen.message.text
    assert (len(session.actions), session.summary()) == before
    # Still chosen, so the player can pick again without entering the card again.
    assert pad.held_card == card("blue 9") and pad.picked


def test_moving_a_hidden_card_to_the_centre_needs_the_proof_too(table):
    screen, session = table(HELD)
    pad = screen.view.collecting
    before = (len(session.actions), session.summary())
    held_card(pad, "blue 9")
    tap(pad.centre_button)
    assert pad.hand_popup in Window.children
    tap(pad.hand_popup.cancel_button)            # changed their mind: nothing happens
    settle()
    assert (len(session.actions), session.summary()) == before
    tap(pad.centre_button)
    for text in ("blue 10", "blue 11", "blue 12"):
        enter(pad.hand_popup.pad, text)
    settle()
    assert "can still collect two" in screen.message.text and "blue 9 with blue 5" in screen.message.text
    assert (len(session.actions), session.summary()) == before


def test_a_held_eight_asks_which_dog_is_on_it_even_when_one_has_turned_up(table):
    # The 8 in the hand may be one laid out face up, whose dog has already turned up: both are offered.
    screen, session = table(HELD)
    pad = screen.view.collecting
    tap(pad.own_chips[0])
    enter(pad.hand_popup.pad, "blue 8")
    question = pad.hand_popup.pad.dog_question
    assert question is not None
    assert sorted(text for text in texts(question) if text in ("Nicky", "Sage")) == ["Nicky", "Sage"]
    tap(next(w for w in question.walk() if getattr(w, "text", None) == "Sage"))
    settle()
    assert pad.held_card == {"number": 8, "colour": "blue", "dog": "Sage"}


def test_collecting_from_the_hand_fits_the_panel_with_four_long_names(table):
    screen, session = table({**HELD, **TRICKS}, players=LONG, counted=FOUR_COUNTED, discs=2)
    assert session.summary()["phase"] == "collecting"
    pad = screen.view.collecting
    assert problems(screen) == []
    held_card(pad, "black 9", "Maximiliana")
    settle()
    assert problems(screen) == []
    tap(pad.own_chips[1])
    assert problems(pad.hand_popup) == []
    pad.hand_popup.dismiss()
    settle()


# ----- spending discs on tricks ------------------------------------------------------------------
def test_without_the_variant_there_is_no_tricks_button(table):
    screen, session = table({}, counted=COUNTED[:3])
    assert screen.view.counting.tricks_button is None
    assert not [w for w in screen.walk() if getattr(w, "text", None) == "Tricks"]


def open_tricks(button) -> TricksPopup:
    tap(button)
    popups = [child for child in Window.children if isinstance(child, TricksPopup)]
    assert popups
    return popups[0]


def test_the_tricks_menu_shows_each_price_and_moves_a_disc_by_taps(table):
    screen, session = table(TRICKS, counted=COUNTED[:4], discs=3)   # Ben to play
    counting = screen.view.counting
    popup = open_tricks(counting.tricks_button)
    shown = " ".join(texts(popup))
    assert "Moon has 3 discs in the dog house" in shown
    assert "Step back (1 disc): only while collecting" in shown and popup.step_back_button.disabled
    assert "Move a disc (2 discs)" in shown
    assert "Staying in the dog house costs 1 disc per space" in shown
    assert problems(popup) == []
    assert session.summary()["boards"][1]["position"] == 3 and popup.space_buttons[3].text == "M"
    tap(popup.space_buttons[5])                  # no disc there: said in the menu, nothing sent
    assert "Space 5 has no disc" in popup.retoss_hint.text and len(session.actions) == 6
    tap(popup.space_buttons[8])
    assert popup.space_buttons[8].selected and "disc on 8 flies to" in popup.retoss_hint.text
    tap(popup.space_buttons[6])
    assert closed(popup)
    assert session.actions[-1] == Action("use_ability", 1, {"ability": "retoss", "from": 8, "to": 6})
    summary = session.summary()
    assert summary["boards"][1]["discs_on_path"] == [6] and summary["boards"][1]["discs_in_house"] == 1
    assert summary["turn"] == 1                  # a trick doesn't end the turn


def test_a_refused_trick_is_explained_and_changes_nothing(table):
    screen, session = table(TRICKS, counted=COUNTED[:4], discs=3)
    counting = screen.view.counting
    before = (len(session.actions), session.summary())
    popup = open_tricks(counting.tricks_button)
    tap(popup.space_buttons[8])
    position = session.summary()["boards"][1]["position"]
    tap(popup.space_buttons[position])           # onto the dog's own space
    settle()
    assert f"Moon is on space {position}" in screen.message.text
    assert (len(session.actions), session.summary()) == before
    screen, session = table(TRICKS, counted=COUNTED[:4], discs=1)
    popup = open_tricks(screen.view.counting.tricks_button)
    tap(popup.space_buttons[8])
    tap(popup.space_buttons[6])
    settle()
    assert "costs 2 discs" in screen.message.text and "only 1" in screen.message.text


def test_stepping_back_while_collecting(table):
    screen, session = table({**HELD, **TRICKS}, discs=2)
    pad = screen.view.collecting
    position = session.summary()["boards"][1]["position"]
    popup = open_tricks(pad.tricks_button)
    assert not popup.step_back_button.disabled and popup.step_back_button.text == "Step back one space: 1 disc"
    tap(popup.step_back_button)
    settle()
    assert session.actions[-1] == Action("use_ability", 1, {"ability": "step_back"})
    summary = session.summary()
    assert summary["boards"][1]["position"] == (position - 1) % 15
    assert summary["turn"] == 1 and summary["phase"] == "collecting"


def test_counting_with_tricks_fits_the_panel(table):
    screen, session = table(TRICKS, players=LONG, counted=FOUR_COUNTED[:3], discs=2)
    assert session.summary()["phase"] == "counting"
    counting = screen.view.counting
    assert counting.tricks_button.kind != "primary"
    assert problems(screen) == []
    popup = open_tricks(counting.tricks_button)
    assert problems(popup) == []
