"""The Pugs in Mugs table view as a family uses it: one tap to draw, pickers for exchanges, steals
and Mischief, the discard pad over the hand limit, refusals explained, and the winner."""

import pytest

pytest.importorskip("kivy")

from kivy.core.window import Window  # noqa: E402,F401  (opens the headless window)

from companion.actions import Action  # noqa: E402
from companion.players import Player  # noqa: E402
from companion.rulecards import load_example  # noqa: E402
from ui.games.pugs_in_mugs import PugsInMugsView  # noqa: E402
from ui.navigation import Navigator  # noqa: E402
from ui.screens.game import open_game_screen  # noqa: E402

EXAMPLE = load_example("pugs_in_mugs")
ACTIONS = [Action.from_json(entry) for entry in EXAMPLE["actions"]]
FAMILY = [Player("Ann", "orange"), Player("Ben", "sky")]


def table(services, actions=()):
    session = services.store.new_session("pugs_in_mugs", FAMILY, EXAMPLE["options"])
    for action in actions:
        session.perform(action)
    screen = open_game_screen(services, Navigator(), session)
    assert isinstance(screen.view, PugsInMugsView)
    return screen, session


def test_draw_is_one_tap_and_the_counts_and_pips_follow(services):
    screen, session = table(services)
    view = screen.view
    deck = int(view.deck.number.text)
    assert view.rows[0].hand.number.text == "2"
    view.buttons["draw"].trigger_action(0)
    assert session.actions[-1] == Action("draw", 0)
    assert int(view.deck.number.text) == deck - 1
    assert view.rows[0].hand.number.text == "3"
    assert "1 action left" in view.actions_left.text
    view.buttons["draw"].trigger_action(0)
    assert view.buttons["end_turn"].kind == "primary"  # both actions used: ending is the next tap
    view.buttons["end_turn"].trigger_action(0)
    assert session.actions[-1] == Action("end_turn", 0, {"discards": []})
    assert view.turn_badge.player.name == "Ben"


def test_exchange_picks_a_colour_and_the_mug_appears_on_the_shelf(services):
    screen, session = table(services, ACTIONS[:7])
    view = screen.view
    assert not view.rows[0].shelf.slots["red"].held
    view.open("exchange")
    assert "red stripes" in view.choices["red"].text
    view.choices["red"].trigger_action(0)
    assert session.actions[-1] == Action("exchange", 0, {"colour": "red"})
    assert view.flow is None and view.rows[0].shelf.slots["red"].held


def test_steal_offers_only_targets_and_mugs_that_can_be_stolen(services):
    screen, session = table(services, ACTIONS[:16])
    view = screen.view
    view.buttons["steal"].trigger_action(0)
    assert not view.choices["0"].greyed and "red" in view.choices["0"].label.text
    # Whom to steal from is told by shape as well as name and colour, as the seats tell the players.
    ann = FAMILY[0].identity
    assert view.choices["0"].shape == ann.symbol and view.choices["0"].shape_rgba[:3] == list(ann.rgb)[:3]
    view.choose(0)
    assert list(view.choices) == ["red"] and view.choices["red"].shape == ""
    view.choices["red"].trigger_action(0)
    assert session.actions[-1] == Action("steal", 1, {"target": 0, "colour": "red"})
    assert view.rows[1].shelf.slots["red"].held and not view.rows[0].shelf.slots["red"].held


def test_a_refused_tap_shows_the_reason_and_changes_nothing(services):
    screen, session = table(services)
    view = screen.view
    before = session.state
    view.open("exchange")
    view.choices["red"].trigger_action(0)  # Ann holds two cards, an exchange takes three
    assert "holds only 2 cards" in screen.message.text
    assert session.state == before and session.actions == ()
    assert view.flow == {"kind": "exchange"}  # still open, ready for another choice


def test_mischief_pickers_record_the_whole_story(services):
    screen, session = table(services, ACTIONS[:43])
    view = screen.view
    view.buttons["mischief"].trigger_action(0)
    view.choices["dig"].trigger_action(0)
    empty = [kind for kind, count in session.summary()["discard"].items() if count == 0]
    assert empty and all(view.choices[kind].greyed for kind in empty)  # nothing there to dig up
    view.choices["red"].trigger_action(0)
    assert session.actions[-1] == ACTIONS[43]
    view.open("mischief")
    view.choose("gimme")
    view.choose(1)
    view.choose("red")
    view.choices["True"].trigger_action(0)
    assert session.actions[-1] == ACTIONS[44]
    assert view.rows[1].hand.number.text == str(session.summary()["players"][1]["hand"])


def test_ending_over_the_hand_limit_opens_the_discard_pad(services):
    screen, session = table(services, ACTIONS[:54])
    view = screen.view
    view.buttons["end_turn"].trigger_action(0)
    assert view.flow["kind"] == "discard" and view.buttons["record"].disabled_reason
    view.choose("purple")
    view.choose("purple")
    view.buttons["record"].trigger_action(0)
    assert session.actions[-1] == Action("end_turn", 1, {"discards": ["purple", "purple"]})
    assert view.rows[1].hand.number.text == "5" and view.turn_badge.player.name == "Ann"


def test_the_winner_screen_appears_the_moment_someone_holds_all_five(services):
    screen, session = table(services, ACTIONS)
    view = screen.view
    assert session.is_over
    assert view.headline.text == "Ann has a Mug of every colour and wins!"
    assert all(slot.held for slot in view.rows[0].shelf.slots.values())
    screen.undo_button.trigger_action(0)
    assert view.headline is None and view.buttons["draw"] is not None


def test_one_card_and_one_action_are_said_in_the_singular(services, navigator):
    from ui_support import tap

    session = services.store.new_session("pugs_in_mugs", FAMILY, EXAMPLE["options"])
    screen = open_game_screen(services, navigator, session)
    view = screen.view
    # Ann plays a Surprise on Ben, who discards a red Pug: each is left holding one card.
    for tapped in ("mischief", "surprise", "1", "red"):
        tap(view.buttons[tapped] if tapped in view.buttons else view.choices[tapped])
    assert session.actions[-1].type == "surprise"
    assert [(row.hand.number.text, row.hand.caption.text) for row in view.rows] == [("1", "card"), ("1", "card")]
    tap(view.buttons["draw"])
    assert [(row.hand.number.text, row.hand.caption.text) for row in view.rows] == [("2", "cards"), ("1", "card")]
    assert view.actions_left.text == "1 action left"


def test_once_both_actions_are_used_only_mischief_and_end_turn_stay_open(services):
    screen, session = table(services)
    view = screen.view
    view.buttons["draw"].trigger_action(0)
    view.buttons["draw"].trigger_action(0)
    assert all(view.buttons[key].disabled_reason for key in ("draw", "exchange", "steal"))
    assert not view.buttons["end_turn"].disabled_reason and view.buttons["end_turn"].kind == "primary"
    assert not view.buttons["mischief"].disabled_reason  # a Surprise uses no action
    view.buttons["mischief"].trigger_action(0)
    assert not view.choices["surprise"].greyed
    assert view.choices["gimme"].greyed and view.choices["dig"].greyed
    assert "both actions used" in view.choices["dig"].label.text


def test_hand_sizes_are_key_numbers_and_the_discard_pads_done_is_primary_sized(services):
    from ui import theme

    screen, session = table(services, ACTIONS[:54])
    view = screen.view
    assert all(row.hand.number.key_number and row.hand.number.font_size >= theme.FONT_KEY_NUMBER
               for row in view.rows)
    view.buttons["end_turn"].trigger_action(0)
    assert view.buttons["record"].kind == "primary" and view.buttons["record"].height >= theme.TOUCH_BIG


def test_a_mug_the_thief_already_has_says_why_it_cannot_be_stolen(services):
    screen, session = table(services, ACTIONS[:52])  # Ben (red, green) may steal from Ann (red, blue, yellow)
    view = screen.view
    view.open("steal")
    view.choose(0)
    assert view.choices["red"].greyed and "you have one" in view.choices["red"].label.text
    assert not view.choices["blue"].greyed and "you have one" not in view.choices["blue"].label.text


def test_names_are_never_cut_and_the_winner_screen_leaves_out_the_hands(services):
    from kivy.uix.label import Label

    screen, session = table(services, ACTIONS)
    view = screen.view
    assert all(row.hand is None for row in view.rows)
    assert not any(widget.shorten for widget in view.walk() if isinstance(widget, Label))


def test_undo_under_an_open_picker_closes_it(services):
    screen, session = table(services, ACTIONS[:3])  # Ann ended her turn: Ben's first
    view = screen.view
    view.open("exchange")
    screen.undo_button.trigger_action(0)  # Ann's turn again: Ben's picker is not hers
    assert session.summary()["turn"] == 0
    assert view.flow is None and "draw" in view.buttons


# ----- greyed choices: what the rules would refuse is greyed, and a tap on it says why ----------------
@pytest.fixture
def shown(services):
    """A table in the window, so a test can touch it as a finger would."""
    from kivy.uix.screenmanager import NoTransition

    navigator = Navigator(transition=NoTransition())
    Window.add_widget(navigator)

    def show(actions=(), players=FAMILY, **options):
        session = services.store.new_session("pugs_in_mugs", players, {**EXAMPLE["options"], **options})
        for action in actions:
            session.perform(action)
        return open_game_screen(services, navigator, session), session

    yield show
    Window.remove_widget(navigator)


# Ann's two Surprises on Ben leave both with empty hands, still on Ann's turn with both actions.
BOTH_EMPTY = [Action("surprise", 0, {"target": 1, "card": "red"}), Action("surprise", 0, {"target": 1, "card": "blue"})]


def test_mischief_with_an_empty_hand_is_greyed_and_one_tap_says_why(shown):
    from ui_support import tap

    screen, session = shown(BOTH_EMPTY)
    view = screen.view
    assert view.buttons["mischief"].disabled_reason and not view.buttons["draw"].disabled_reason
    before = session.state
    tap(view.buttons["mischief"])
    assert screen.message.text == "Ann holds no cards, so has no Mischief card to play."
    assert session.state == before and len(session.actions) == 2 and view.flow is None  # no picker opened


# Ann draws twice; Ben spends both his cards on Gimmes Ann can't answer, so his hand is empty.
NO_LUCK = {"target": 0, "named": "red", "handed_over": False}
BEN_EMPTY = [Action("draw", 0), Action("draw", 0), Action("end_turn", 0, {"discards": []}),
             Action("gimme", 1, NO_LUCK), Action("gimme", 1, NO_LUCK), Action("end_turn", 1, {"discards": []})]


def test_an_empty_handed_player_greys_surprise_and_cannot_hand_a_gimme_over(shown):
    from ui_support import tap

    screen, session = shown(BEN_EMPTY)
    view = screen.view
    assert session.summary()["players"][1]["hand"] == 0 and session.summary()["turn"] == 0
    tap(view.buttons["mischief"])
    assert view.choices["surprise"].greyed  # Ben is the only one to surprise
    moves = len(session.actions)
    tap(view.choices["surprise"])
    assert screen.message.text == "Ben has no cards to discard; surprise someone else."
    assert len(session.actions) == moves and view.flow == {"kind": "mischief"}

    # A Gimme may still ask Ben (the card and the action are spent all the same), but he can't hand one over.
    tap(view.choices["gimme"])
    assert not view.choices["1"].greyed and "0 cards" in view.choices["1"].label.text
    tap(view.choices["1"])
    tap(view.choices["red"])
    assert view.choices["True"].greyed and not view.choices["False"].greyed
    tap(view.choices["True"])
    assert screen.message.text == "Ben has no cards, so can't hand one over."
    assert len(session.actions) == moves and view.flow == {"kind": "gimme", "target": 1, "named": "red"}
    tap(view.choices["False"])
    assert session.actions[-1] == Action("gimme", 0, {"target": 1, "named": "red", "handed_over": False})


def test_a_surprise_target_with_no_cards_is_greyed_and_a_tap_says_why(shown):
    from ui_support import tap

    cleo = Player("Cleo", "green")
    screen, session = shown([*BEN_EMPTY, Action("draw", 2), Action("draw", 2), Action("end_turn", 2, {"discards": []})],
                            players=[*FAMILY, cleo])
    view = screen.view
    tap(view.buttons["mischief"])
    tap(view.choices["surprise"])
    ben, cleo_choice = view.choices["1"], view.choices["2"]
    assert ben.greyed and "0 cards" in ben.label.text and not cleo_choice.greyed
    before = session.state
    tap(ben)
    assert screen.message.text == "Ben has no cards to discard; surprise someone else."
    assert session.state == before and view.flow == {"kind": "surprise"}
    tap(cleo_choice)
    assert view.flow == {"kind": "surprise", "target": 2}


def test_exchange_greyed_from_a_hand_of_two_says_why_without_opening_the_picker(shown):
    from ui_support import tap

    screen, session = shown()
    view = screen.view
    tap(view.buttons["exchange"])
    assert screen.message.text == "A Mug takes three Pugs of one colour, and Ann holds only 2 cards."
    assert session.actions == () and view.flow is None
    tap(view.buttons["draw"])  # the greyed tap left nothing behind: the next tap just works
    assert session.actions == (Action("draw", 0),)


def turn(player, *actions, discards=()):
    return [*actions, Action("end_turn", player, {"discards": list(discards)})]


def test_exchange_greyed_when_every_mug_a_player_lacks_is_taken_says_so_of_them_all(shown):
    from ui_support import tap

    draws = [Action("draw", 0), Action("draw", 0)], [Action("draw", 1), Action("draw", 1)]

    def exchanged(player, colour):
        return turn(player, Action("exchange", player, {"colour": colour}), Action("draw", player))

    # One Mug of each colour: Ann takes red, blue and purple, Ben yellow and green.
    screen, session = shown([*turn(0, *draws[0]), *turn(1, *draws[1]),
                             *exchanged(0, "red"), *exchanged(1, "yellow"), *turn(0, *draws[0]), *turn(1, *draws[1]),
                             *exchanged(0, "blue"), *exchanged(1, "green"), *turn(0, *draws[0]), *turn(1, *draws[1]),
                             *exchanged(0, "purple")], mugs_per_colour=1)
    summary = session.summary()
    assert summary["turn"] == 1 and summary["players"][1]["hand"] >= 3
    view = screen.view
    assert view.buttons["exchange"].disabled_reason
    moves = len(session.actions)
    tap(view.buttons["exchange"])
    assert screen.message.text == ("No Mug Ben lacks is left to take: the red (stripes), blue (spots) and "
                                   "purple (checks) Mugs are all taken.")
    assert len(session.actions) == moves and view.flow is None


# ----- a move updates what is on screen; it does not build it anew -------------------------------------
def test_a_move_updates_the_widgets_on_screen_rather_than_replacing_them(shown):
    from ui_support import same_widgets, tap

    screen, session = shown()
    view = screen.view
    same, before, after = same_widgets(view, lambda: tap(view.buttons["draw"]))
    assert session.actions == (Action("draw", 0),)
    assert same, f"{len(set(map(id, after)) - set(map(id, before)))} widgets built anew by a draw"
    assert view.rows[0].hand.number.text == "3" and "1 action left" in view.actions_left.text


def test_a_refused_tap_changes_nothing_on_screen_but_the_message(shown):
    from ui_support import same_widgets, tap

    def on_the_table():
        return [widget.text for widget in view.walk(restrict=True) if getattr(widget, "text", None)]

    screen, session = shown()
    view = screen.view
    shown_before = on_the_table()
    same, _, _ = same_widgets(view, lambda: tap(view.buttons["exchange"]))  # two cards held: refused
    assert session.actions == () and "holds only 2 cards" in screen.message.text
    assert same and on_the_table() == shown_before


def test_the_discards_tapped_look_chosen_and_an_early_done_says_what_to_do(shown):
    from ui_support import tap

    screen, session = shown(ACTIONS[:54])  # Ben holds seven cards: two to discard
    view = screen.view
    tap(view.buttons["end_turn"])
    moves = len(session.actions)
    tap(view.buttons["record"])
    assert screen.message.text == "First tap the 2 cards Ben discarded, then Done."
    assert len(session.actions) == moves and view.flow == {"kind": "discard", "discards": []}
    tap(view.choices["purple"])
    tap(view.buttons["record"])
    assert screen.message.text == "First tap the 1 more card Ben discarded, then Done."
    tap(view.choices["purple"])
    # Two of two: no card can be added, every one greyed, and the one tapped ringed as chosen.
    assert all(choice.greyed for choice in view.choices.values())
    assert [kind for kind, choice in view.choices.items() if choice.selected] == ["purple"]
    assert "2 chosen" in view.choices["purple"].label.text
    tap(view.buttons["record"])
    assert session.actions[-1] == Action("end_turn", 1, {"discards": ["purple", "purple"]})


def test_a_refusal_goes_with_the_next_tap_taken_and_the_move_it_makes_says_what_happened(shown):
    from ui_support import tap

    screen, session = shown()
    view = screen.view
    tap(view.buttons["draw"])
    tap(view.buttons["draw"])
    tap(view.buttons["draw"])  # both actions used: refused
    assert "drawing is not possible now" in screen.message.text
    tap(view.buttons["mischief"])  # a Surprise uses no action: the refusal no longer applies
    assert screen.message.text == ""
    for choice in ("surprise", "1", "red"):
        tap(view.choices[choice])
    assert session.actions[-1] == Action("surprise", 0, {"target": 1, "card": "red"})
    assert screen.message.text == "Ann played Surprise: Ben discarded a red (stripes) card"
    assert not screen.message.problem
    tap(view.buttons["end_turn"])  # no refusal before it: a move says nothing in the bar
    assert screen.message.text == ""


def test_the_gimme_question_names_a_card_in_words(shown):
    from ui_support import tap

    screen, session = shown()
    view = screen.view
    for tapped in ("mischief", "gimme", "1", "red"):
        tap(view.buttons[tapped] if tapped in view.buttons else view.choices[tapped])
    assert view.picker_title.text == "Did Ben hand over a red stripes Pug?"
    tap(view.buttons["back"])
    for tapped in ("mischief", "gimme", "1", "dig"):
        tap(view.buttons[tapped] if tapped in view.buttons else view.choices[tapped])
    assert view.picker_title.text == "Did Ben hand over a Dig card?"
