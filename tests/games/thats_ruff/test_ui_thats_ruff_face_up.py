"""Playing a laid-out face-up card in Counting, by touches: *From face-up* (beside *From hand*, the one
chosen ringed) shows the cards the player has face up, and a tap plays one as it was laid out. A blue or red 8 keeps
the dog the family named when laying it out (a family once had its face-up Sage 8 refused as "no
face-up blue 8 (Nicky)"), two face-up 8s of one colour are told apart by their dogs, a face-up Wild
Dog still says what it stands for, and a card past 32 is refused with the reason, changing nothing."""

import sys
from pathlib import Path

import pytest

pytest.importorskip("kivy")

from kivy.core.window import Window  # noqa: E402  (opens the headless window)
from ui_support import buttons_reading, settle, tap, texts  # noqa: E402

from companion.actions import Action  # noqa: E402
from companion.players import IDENTITIES, Player  # noqa: E402
from ui.games.thats_ruff.widgets import CardChip  # noqa: E402
from ui.navigation import Navigator  # noqa: E402
from ui.screens.game import open_game_screen  # noqa: E402

sys.path.insert(0, str(Path(__file__).parents[2] / "e2e"))
import layout  # noqa: E402

FAMILY = [Player("Ann", "orange"), Player("Ben", "sky")]
LONG = [Player(name, IDENTITIES[seat].key, seat + 1)
        for seat, name in enumerate(["Christopher", "Maximiliana", "Bartholomew", "Anastasia"])]


@pytest.fixture(params=[(800, 480), (1280, 720)], ids=["800x480", "1280x720"])
def window(request):
    before = Window.size
    Window.size = request.param
    settle(4)
    try:
        yield request.param
    finally:
        Window.size = before
        settle(4)


@pytest.fixture
def table(services, window):
    screens = []

    def show(actions=(), players=FAMILY, **options):
        session = services.store.new_session("thats_ruff", players, {"dealer": 0, **options})
        for action in actions:
            session.perform(action)
        screen = open_game_screen(services, Navigator(), session)
        Window.add_widget(screen.manager)
        screens.append(screen)
        settle(4)
        return screen, session

    yield show
    for screen in screens:
        Window.remove_widget(screen.manager)


def the(root, text: str):
    found = buttons_reading(root, text)
    assert len(found) == 1, (text, texts(root))
    return found[0]


def face_up_chips(screen) -> list[tuple[str, str]]:
    """The cards shown to tap, each as its number and the word under it."""
    return [(chip.text, chip.word) for chip in screen.view.counting.face_up.chips]


def chip_reading(screen, number: str, word: str) -> CardChip:
    chips = [chip for chip in screen.view.walk() if isinstance(chip, CardChip)
             and (chip.text, chip.word) == (number, word)]
    assert len(chips) == 1, f"no single {number} {word} card on screen: {texts(screen.view)}"
    return chips[0]


def lay_out(seat: int, face_up: list[dict], face_down: int) -> Action:
    return Action("lay_out", seat, {"face_up": face_up, "face_down": face_down})


def problems(screen) -> list[str]:
    for widget in screen.walk():
        if hasattr(widget, "texture_update"):
            widget.texture_update()
    settle(4)
    return [str(problem) for problem in layout.check("GameScreen/ThatsRuffView", [screen], Window)]


def test_a_face_up_eight_named_when_laid_out_is_played_with_its_dog(table):
    screen, session = table(dogs={"1": "Sage"})
    entry = screen.view.entry
    # Ben lays out the blue 8 showing Sage face up, as the family did.
    tap(the(entry, "Blue dish"))
    tap(entry.pad.number_buttons[8])
    tap(the(entry.pad.dog_question, "Sage"))
    tap(the(entry, "Lay out: 1 up, 3 down"))
    tap(the(screen.view, "Lay out: 0 up, 4 down"))
    assert session.summary()["phase"] == "counting" and session.summary()["turn"] == 1
    tap(the(screen.view, "From face-up"))
    tap(chip_reading(screen, "8", "Sage"))
    assert session.actions[-1] == Action("play", 1, {"number": 8, "colour": "blue", "dog": "Sage",
                                                     "from": "face_up"})
    summary = session.summary()
    assert summary["count"] == 8 and summary["players"][1]["laid_out"][0] == {"face_up": False, "card": None}
    # +2 for reaching 8 and +1 for Sage's own 8.
    assert summary["boards"][1]["position"] == 3 and "+1 for Sage's own 8" in summary["last_move"]
    assert screen.message.text == "" and the(screen.view, "From hand").selected


def test_two_face_up_eights_of_one_colour_are_told_apart_by_their_dogs(table):
    eights = [{"number": 8, "colour": "blue", "dog": "Nicky"}, {"number": 8, "colour": "blue", "dog": "Sage"}]
    screen, session = table([lay_out(1, eights, 2), lay_out(0, [], 4)])
    tap(the(screen.view, "From face-up"))
    assert face_up_chips(screen) == [("8", "Nicky"), ("8", "Sage")]
    tap(chip_reading(screen, "8", "Nicky"))
    assert screen.view.counting.dog_question is None
    assert session.actions[-1].args == {**eights[0], "from": "face_up"}
    assert session.summary()["boards"][1]["position"] == 2  # Moon's board: only +2 for reaching 8


def test_an_eight_laid_out_without_its_dog_asks_only_between_the_dogs_it_may_show(table):
    screen, session = table([lay_out(1, [{"number": 8, "colour": "red"}], 3), lay_out(0, [], 4)])
    tap(the(screen.view, "From face-up"))
    assert face_up_chips(screen) == [("8", "red")]
    tap(chip_reading(screen, "8", "red"))
    question = screen.view.counting.dog_question
    assert question is not None
    assert sorted(text for text in texts(question) if text in ("Nicky", "Moon", "Sage", "Lady")) == ["Lady", "Moon"]
    tap(the(question, "Moon"))
    assert session.actions[-1].args == {"number": 8, "colour": "red", "dog": "Moon", "from": "face_up"}
    assert session.summary()["boards"][1]["position"] == 3  # Moon's own 8, and reaching 8


def test_a_face_up_wild_dog_still_says_what_it_stands_for(table):
    screen, session = table([lay_out(1, [{"wild": True}, {"number": 3, "colour": "red"}], 2), lay_out(0, [], 4)])
    tap(the(screen.view, "From face-up"))
    assert face_up_chips(screen) == [("W", "wild"), ("3", "red")]
    tap(chip_reading(screen, "W", "wild"))
    assert len(session.actions) == 2 and "Wild Dog" in screen.message.text
    counting = screen.view.counting
    assert counting.pad.parent is counting and counting.pad.suit_buttons["wild"].selected
    tap(the(screen.view, "Red hydrant"))
    tap(counting.pad.number_buttons[4])
    assert session.actions[-1] == Action("play", 1, {"wild": True, "number": 4, "colour": "red", "from": "face_up"})
    assert session.summary()["players"][1]["laid_out"][0] == {"face_up": False, "card": None}


def test_only_the_cards_lying_face_up_are_offered_and_one_past_32_is_refused(table):
    played = [Action("play", seat, {"number": number, "colour": colour}) for seat, number, colour in
              ((1, 13, "red"), (0, 12, "blue"))]
    screen, session = table([lay_out(1, [{"number": 9, "colour": "black"}, {"number": 5, "colour": "blue"}], 2),
                             lay_out(0, [], 4), *played])
    assert session.summary()["count"] == 25 and session.summary()["turn"] == 1
    tap(the(screen.view, "From face-up"))
    assert face_up_chips(screen) == [("9", "black"), ("5", "blue")]
    nine, five = screen.view.counting.face_up.chips
    assert nine.dimmed and not five.dimmed
    before = (len(session.actions), session.summary())
    tap(nine)
    assert "past 32" in screen.message.text
    assert (len(session.actions), session.summary()) == before
    tap(the(screen.view, "From face-up"))
    tap(five)
    assert session.actions[-1].args == {"number": 5, "colour": "blue", "from": "face_up"}


def test_the_face_up_cards_fit_with_four_long_names(table):
    maximiliana = [{"number": 8, "colour": "blue", "dog": "Sage"}, {"wild": True}, {"number": 13, "colour": "red"},
                   {"number": 10, "colour": "black"}]
    screen, session = table([lay_out(1, maximiliana, 0), *(lay_out(seat, [], 4) for seat in (2, 3, 0))],
                            players=LONG)
    tap(the(screen.view, "From face-up"))
    assert face_up_chips(screen) == [("8", "Sage"), ("W", "wild"), ("13", "red"), ("10", "black")]
    assert "Maximiliana's face-up cards" in screen.view.counting.face_up.prompt.text
    assert problems(screen) == []


def test_where_the_card_comes_from_is_two_choices_the_chosen_one_ringed(table):
    """The pad says both places a card can come from, the one chosen filled and ringed; a tap chooses,
    and no words change under the finger (it once read "From hand" until tapped, then "From face-up")."""
    screen, session = table([lay_out(1, [{"number": 3, "colour": "red"}], 3),
                             *(lay_out(seat, [], 4) for seat in (2, 3, 0))], players=LONG)
    counting = screen.view.counting
    hand, face_up = the(screen.view, "From hand"), the(screen.view, "From face-up")
    assert hand.selected and not face_up.selected and counting.pad.parent is counting
    tap(face_up)
    assert face_up.selected and not hand.selected
    assert (the(screen.view, "From hand"), the(screen.view, "From face-up")) == (hand, face_up)
    assert face_up_chips(screen) == [("3", "red")]
    assert problems(screen) == []
    tap(hand)
    assert hand.selected and counting.pad.parent is counting
    tap(face_up)
    tap(chip_reading(screen, "3", "red"))
    assert session.actions[-1].args == {"number": 3, "colour": "red", "from": "face_up"}
    assert hand.selected and not face_up.selected   # the next card starts from the hand again
