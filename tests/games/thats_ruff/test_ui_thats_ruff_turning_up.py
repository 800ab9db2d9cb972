"""A That's Ruff! hand tapped on the screen from Counting, through turning up the face-down cards,
into Collecting: every player's face-down cards are asked for, accepted, and the table moves on."""


import pytest

pytest.importorskip("kivy")

from kivy.core.window import Window  # noqa: E402  (opens the headless window)
from ui_support import settle, tap  # noqa: E402

from companion.actions import Action  # noqa: E402
from companion.players import Player  # noqa: E402
from companion.rulecards import load_example
from ui.navigation import Navigator  # noqa: E402
from ui.screens.game import open_game_screen  # noqa: E402

EXAMPLE = load_example("thats_ruff")
ACTIONS = [Action.from_json(entry) for entry in EXAMPLE["actions"]]
LAID_OUT = [action for action in ACTIONS[:2] if action.type == "lay_out"]
FIRST_HAND = ACTIONS[:next(i for i, action in enumerate(ACTIONS) if action.type == "collect")]
COUNTING = [action for action in FIRST_HAND if action.type in ("play", "thats_ruff")]
REVEALS = {action.player: action.get("cards") for action in FIRST_HAND if action.type == "reveal"}
FAMILY = [Player("Ann", "orange"), Player("Ben", "sky")]


@pytest.fixture
def shown(services):
    """The hand laid out and the game screen on the headless window, so taps land where a finger would."""
    session = services.store.new_session("thats_ruff", FAMILY, EXAMPLE["options"])
    for action in LAID_OUT:
        session.perform(action)
    screen = open_game_screen(services, Navigator(), session)
    Window.add_widget(screen.manager)
    try:
        yield screen, session
    finally:
        Window.remove_widget(screen.manager)


def enter_card(pad, card):
    if card.get("wild"):
        tap(pad.suit_buttons["wild"])
        if not pad.declare:
            return
    tap(pad.suit_buttons[card["colour"]])
    tap(pad.number_buttons[card["number"]])
    if pad.dog_question is not None:
        dog = next(child for child in pad.dog_question.walk() if getattr(child, "text", None) == card["dog"])
        tap(dog)


def count_by_taps(screen, actions):
    for action in actions:
        pad = screen.view.counting
        turn = screen.view.info.turn
        assert (turn.badge.label.text, turn.detail.text) == (FAMILY[action.player].name, "to play")
        if action.type == "thats_ruff":
            tap(pad.ruff_button)
            continue
        card = {key: value for key, value in action.args.items() if key not in ("from", "stay", "replacement")}
        if action.get("from") == "face_up":
            # The face-up cards take the pad's place: the one played is tapped there.
            tap(pad.source.buttons["face_up"])
            tap(next(chip for chip in pad.face_up.chips if chip.card == card))
        else:
            enter_card(pad.pad, card)
        # A card that could keep the dog in its dog house asks whether it does.
        question = pad.stay_question
        if question is not None:
            tap(question.stay_button if action.get("stay") else question.move_on_button)


def phase_shown(screen):
    """Counting shows the card pad under the paths; laying out and turning up say which they are."""
    view = screen.view
    if view.counting.parent is view:
        return "Counting"
    return view.entry.info.text


def test_counting_then_turning_up_every_face_down_card_reaches_collecting(shown):
    screen, session = shown
    assert phase_shown(screen).startswith("Counting")
    count_by_taps(screen, COUNTING)
    assert [action.type for action in session.actions[len(LAID_OUT):]] == [a.type for a in COUNTING]
    settle()
    assert phase_shown(screen).startswith("Turning up")

    turned_up = []
    while screen.view.phase == "revealing":
        entry = screen.view.entry
        seat = entry.seat
        name = FAMILY[seat].name
        cards = REVEALS[seat]
        wanted = len(cards)
        plural = "s" if wanted != 1 else ""
        assert entry.badge_button.text.startswith(name)
        assert f"{name} turns up {wanted} face-down card{plural}" in entry.prompt.text
        assert entry.done_button.text == f"Turn up (0 of {wanted})"
        for card in cards[:-1]:
            enter_card(entry.pad, card)
        assert entry.done_button.text == f"Turn up ({wanted - 1} of {wanted})"
        before = len(session.actions)
        enter_card(entry.pad, cards[-1])  # the last one turns them all up at once
        assert len(session.actions) == before + 1, screen.message.text
        assert session.actions[-1] == Action("reveal", seat, {"cards": cards})
        assert "face-down" not in screen.message.text and "That is all" not in screen.message.text
        turned_up.append(seat)
        settle()

    assert sorted(turned_up) == sorted(REVEALS)
    assert screen.view.phase == "collecting"
    assert screen.view.collecting is not None and screen.view.collecting.parent is screen.view
    summary = session.summary()
    assert summary["phase"] == "collecting"
    for seat, cards in REVEALS.items():
        known = [slot["card"] for slot in summary["players"][seat]["laid_out"]]
        assert all(card in known for card in cards)


def test_turning_up_too_few_cards_is_refused_and_says_how_many(shown):
    screen, session = shown
    count_by_taps(screen, COUNTING)
    settle()
    entry = screen.view.entry
    cards = REVEALS[entry.seat]
    for card in cards[:-1]:
        enter_card(entry.pad, card)
    tap(entry.done_button)   # too few: the family is told how many are still face down
    assert session.summary()["phase"] == "revealing"
    assert f"{len(cards)} face-down card" in screen.message.text
    assert entry.done_button.text == f"Turn up ({len(cards) - 1} of {len(cards)})"


STAYS = next(index for index, action in enumerate(ACTIONS) if action.get("stay"))


@pytest.mark.parametrize("stay", [True, False], ids=["stays", "moves-on"])
def test_a_card_that_can_keep_the_dog_home_asks_whether_it_stays_and_at_what_price(shown, stay):
    """Ann's Wild Dog as a black 0 brings Nicky into the dog house with a space to spare and a disc to pay
    with: the pad asks, saying the price and where Nicky goes instead, and plays the card as answered."""
    screen, session = shown
    for action in ACTIONS[len(LAID_OUT):STAYS]:
        screen.controller.perform(action)
    settle()
    pad = screen.view.counting
    enter_card(pad.pad, {"wild": True, "number": 0, "colour": "black"})
    question = pad.stay_question
    assert question is not None and len(session.actions) == STAYS
    assert question.title.text == "Nicky reaches the dog house with 1 space to go"
    assert question.stay_button.text == "Nicky stays in the dog house: pays 1 of 1 disc"
    assert question.move_on_button.text == "Nicky moves on to space 0"
    tap(question.stay_button if stay else question.move_on_button)
    played = session.actions[-1]
    assert played.type == "play" and bool(played.get("stay")) == stay
    summary = session.summary()
    assert summary["boards"][summary["players"][0]["board"]]["position"] == (14 if stay else 0)


def test_a_card_that_cannot_keep_the_dog_home_is_played_at_once(shown):
    screen, session = shown
    for action in ACTIONS[len(LAID_OUT):STAYS]:
        screen.controller.perform(action)
    settle()
    pad = screen.view.counting
    enter_card(pad.pad, {"number": 1, "colour": "red"})
    assert pad.stay_question is None and session.actions[-1].args == {"number": 1, "colour": "red"}


def test_what_the_last_counted_card_did_is_not_said_again_once_counting_is_over(shown):
    """The last card's line ("count 11; +1 for matching blue; Nicky moves to space 6") stayed under
    Turning up and Collecting as if it had just happened."""
    screen, session = shown
    count_by_taps(screen, COUNTING)
    settle()
    last_card = session.summary()["last_move"]
    assert last_card.startswith("count ")
    entry = screen.view.entry
    assert screen.view.phase == "revealing" and last_card not in entry.prompt.text
    while screen.view.phase == "revealing":
        for card in REVEALS[screen.view.entry.seat]:
            enter_card(screen.view.entry.pad, card)
        settle()
        assert last_card not in screen.view.entry.prompt.text
    pad = screen.view.collecting
    assert screen.view.phase == "collecting" and last_card not in pad.hint.text
    collection = next(action for action in ACTIONS[len(session.actions):] if action.type == "collect")
    centre = session.summary()["centre"]
    tap(next(chip for chip in pad.own_chips if chip.card == collection.get("collector")))
    for card in collection.get("cards"):
        tap(pad.centre_chips[centre.index(card)])
    tap(pad.collect_button)
    assert session.actions[-1] == collection
    assert session.summary()["last_move"] in pad.hint.text   # what Collecting did is said


def test_a_refusal_goes_once_a_tap_is_taken(shown):
    """Five face-up cards where four are laid out: refused; Take back is taken, and the refusal ("tap Lay
    out or Take back") no longer stands under a button that now reads otherwise."""
    screen, session = shown
    session.undo()
    session.undo()
    screen.view.refresh()
    settle()
    entry = screen.view.entry
    for number in range(5):
        enter_card(entry.pad, {"number": number, "colour": "blue"})
    assert "That is all 4 cards" in screen.message.text and len(entry.entered) == 4
    assert entry.pad.colour is None   # the next card is a colour and a number, as after any refusal
    tap(entry.row.back_button)
    assert len(entry.entered) == 3 and entry.done_button.text == "Lay out: 3 up, 1 down"
    assert screen.message.text == ""
    enter_card(entry.pad, {"number": 9, "colour": "blue"})
    enter_card(entry.pad, {"number": 10, "colour": "blue"})
    assert "That is all 4 cards" in screen.message.text
    tap(entry.pad.suit_buttons["red"])   # a colour chosen is a tap taken too
    assert screen.message.text == ""
