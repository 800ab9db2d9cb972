"""The Nuts about Mutts table view as a family uses it: one tap for a dog card, wilds that ask only
what they need, the dog house, the bone race (by hand or on the buttons), the pedigree round, claims,
and the score table with the top dog."""


import pytest

pytest.importorskip("kivy")

from kivy.core.window import Window  # noqa: E402,F401  (opens the headless window)
from ui_support import texts  # noqa: E402

from companion.actions import Action  # noqa: E402
from companion.players import Player  # noqa: E402
from companion.rulecards import load_example
from ui.games.nuts_about_mutts import MuttsView  # noqa: E402
from ui.navigation import Navigator  # noqa: E402
from ui.screens.game import open_game_screen  # noqa: E402

EXAMPLE = load_example("nuts_about_mutts")
ACTIONS = [Action.from_json(entry) for entry in EXAMPLE["actions"]]
FAMILY = [Player("Ann", "orange"), Player("Ben", "sky"), Player("Cleo", "green")]


def table(services, actions=(), options=None, runner=None):
    session = services.store.new_session("nuts_about_mutts", FAMILY, options or EXAMPLE["options"])
    for action in actions:
        session.perform(action)
    screen = open_game_screen(services, Navigator(), session)
    screen.controller.race_runner = runner
    screen.view.refresh()
    assert isinstance(screen.view, MuttsView)
    return screen, session


def counts(screen) -> list[int]:
    tiles = screen.view.strip.tiles
    return [int(tiles[seat].count.text) for seat in sorted(tiles)]


def tap(screen, key: str) -> None:
    screen.view.pad.buttons[key].trigger_action(0)


class FakeRunner:
    def __init__(self, decision):
        self.decision, self.calls = decision, []

    def run(self, kind, seats, on_result):
        self.calls.append((kind, list(seats)))
        on_result(self.decision)


def test_one_tap_on_played_a_dog_card_records_it_and_the_hand_shrinks(services):
    screen, session = table(services, ACTIONS[:1])  # Ben started the home pile; Cleo's turn
    assert counts(screen) == [7, 6, 7]
    assert "TURN" in screen.view.strip.tiles[2].tag_words
    assert "Cleo's turn" in screen.view.pad.title.text
    tap(screen, "dog")
    assert session.actions[-1] == Action("play", 2, {})
    assert counts(screen) == [7, 6, 6]
    assert "TURN" in screen.view.strip.tiles[0].tag_words and "NEXT" in screen.view.strip.tiles[1].tag_words
    assert screen.view.info.piles.home.number.text == "2"
    # The card went down without its colour and number: said in words, and the pad offers to name it.
    assert screen.view.info.top_card.words.text == "not named"
    assert "Top: a dog" in texts(screen.view.info.top_card)


def test_colour_and_number_details_go_with_the_play(services):
    screen, session = table(services, ACTIONS[:1])
    tap(screen, "details")
    tap(screen, "colour:red")
    tap(screen, "number:9")
    assert "red 9" in screen.view.pad.buttons["record"].text
    tap(screen, "record")
    assert session.actions[-1] == Action("play", 2, {"colour": "red", "number": 9})
    assert screen.view.info.top_card.words.text == "red 9"


def test_an_unnamed_dog_on_top_of_the_basic_game_is_just_a_dog_card(services):
    screen, session = table(services, ACTIONS[:1], options={**EXAMPLE["options"], "advanced": False})
    tap(screen, "dog")
    assert screen.view.info.top_card.words.text == "a dog card"


def test_a_flea_makes_everyone_else_draw_on_screen(services):
    screen, session = table(services, ACTIONS[:3])  # Cleo's turn
    before = counts(screen)
    tap(screen, "flea")
    tap(screen, "colour:blue")
    assert session.actions[-1] == Action("play", 2, {"card": "flea", "colour": "blue"})
    assert counts(screen) == [before[0] + 1, before[1] + 1, before[2] - 1]
    assert "BLUE" in screen.view.info.top_card.words.text


def test_a_refused_tap_shows_why_and_changes_nothing(services):
    screen, session = table(services, ACTIONS[:4])  # a Flea named blue; Ann's turn
    before, recorded = counts(screen), len(session.actions)
    tap(screen, "details")
    tap(screen, "colour:red")
    tap(screen, "record")
    assert len(session.actions) == recorded
    assert "the colour is blue" in screen.message.text
    assert counts(screen) == before


def test_drew_and_drew_and_played(services):
    screen, session = table(services, ACTIONS[:5])  # Ben's turn
    before = counts(screen)[1]
    tap(screen, "drew")
    assert session.actions[-1] == Action("draw", 1)
    assert counts(screen)[1] == before + 1
    tap(screen, "drew_played")
    tap(screen, "dog")
    assert session.actions[-1] == Action("draw", 2, {"then_play": "dog"})


def test_fire_hydrant_asks_who_to_swap_with_then_the_colour(services):
    screen, session = table(services, ACTIONS[:16])  # Cleo's turn
    before = counts(screen)
    tap(screen, "fire_hydrant")
    tap(screen, "seat:1")
    tap(screen, "colour:green")
    assert session.actions[-1] == Action("play", 2, {"card": "fire_hydrant", "colour": "green", "swap_with": 1})
    assert counts(screen) == [before[0], before[2] - 1, before[1]]


def test_dog_house_card_then_the_draw_until_playable_turn(services):
    screen, session = table(services, ACTIONS[:9])  # Ben's turn
    tap(screen, "dog_house")
    tap(screen, "seat:2")
    tap(screen, "colour:red")
    assert session.actions[-1] == ACTIONS[9]
    assert "DOG HOUSE" in screen.view.strip.tiles[2].tag_words
    assert "dog house" in screen.view.pad.title.text
    held = counts(screen)[2]
    for _ in range(4):
        screen.view.pad.stepper.plus.trigger_action(0)
    tap(screen, "details")
    tap(screen, "colour:red")
    tap(screen, "number:4")
    tap(screen, "record")
    assert session.actions[-1] == ACTIONS[10]
    assert counts(screen)[2] == held + 4
    assert "DOG HOUSE" not in screen.view.strip.tiles[2].tag_words


def test_the_bone_race_by_hand_records_the_loser_who_gets_a_card(services):
    screen, session = table(services, ACTIONS[:7])  # a Mutt is down
    assert "race" not in screen.view.pad.buttons  # no buttons to race on: ask who lost
    before = counts(screen)
    tap(screen, "loser:0")
    assert session.actions[-1] == Action("bone_race", None, {"losers": [0]})
    assert counts(screen) == [before[0] + 1, before[1], before[2]]


def test_several_bone_race_losers(services):
    screen, session = table(services, ACTIONS[:7])
    tap(screen, "several")
    tap(screen, "loser:0")
    tap(screen, "loser:2")
    tap(screen, "record")
    assert session.actions[-1] == Action("bone_race", None, {"losers": [0, 2]})


def test_several_losers_with_nobody_tapped_yet_is_greyed_and_says_what_to_do(services):
    screen, session = table(services, ACTIONS[:7])
    tap(screen, "several")
    record = screen.view.pad.buttons["record"]
    assert record.greyed and "Tap each player who got no bone" in record.disabled_reason
    tap(screen, "record")
    assert session.actions == tuple(ACTIONS[:7])   # nothing recorded, and the table says why
    assert "Tap each player who got no bone" in screen.message.text
    tap(screen, "loser:1")
    assert not record.greyed and record.text == "Record 1 lost"


def test_the_bone_race_on_the_buttons_records_the_arbiters_losers(services):
    decision = {"winners": [2, 1], "losers": [0], "ties": [], "false_starts": [], "stuck": [], "margins_ms": {"2": 0.0, "1": 40.0}}
    runner = FakeRunner(decision)
    screen, session = table(services, ACTIONS[:7], runner=runner)
    tap(screen, "race")
    assert runner.calls == [("bones", [0, 1, 2])]
    assert session.actions[-1] == Action("bone_race", None, {"losers": [0], "race": decision})
    assert session.state.last_race == decision


def test_the_pedigree_round_is_guided_step_by_step(services):
    screen, session = table(services, ACTIONS[:12])  # Ben's step
    assert "Pedigree: Beagle" in screen.view.pad.title.text
    screen.view.pad.stepper.plus.trigger_action(0)
    tap(screen, "played_n")
    assert session.actions[-1] == ACTIONS[12]
    tap(screen, "drew_one")
    assert session.actions[-1] == ACTIONS[13]
    tap(screen, "drew_played")
    assert session.actions[-1] == ACTIONS[14]
    assert session.summary()["phase"] == "play"


def test_claims_without_a_runner_ask_who_claimed(services):
    screen, session = table(services, ACTIONS[:2])  # red 9 on top
    tap(screen, "run")
    tap(screen, "seat:1")
    tap(screen, "number:10")
    assert session.actions[-1] == Action("run", 1, {"number": 10})
    screen, session = table(services, ACTIONS[:18])
    tap(screen, "match")
    tap(screen, "seat:2")
    assert session.actions[-1] == ACTIONS[18]


def test_a_claim_race_records_the_winner(services):
    runner = FakeRunner({"winners": [2], "losers": [], "ties": [], "false_starts": [], "stuck": [], "margins_ms": {"2": 0.0}})
    screen, session = table(services, ACTIONS[:18], runner=runner)
    tap(screen, "match")
    tap(screen, "race")
    assert runner.calls[0][0] == "claim"
    assert session.actions[-1].type == "match" and session.actions[-1].player == 2


def test_the_cards_breakdown_adds_up_to_the_deck(services):
    screen, session = table(services, ACTIONS[:10])  # Cleo's Dog House card lies in front of her
    cards = session.summary()["cards"]
    popup = screen.view.show_cards()
    equation = f"{cards['in_hands']} + {cards['draw_pile']} + {cards['home_pile']} + 1 = {cards['deck']} cards"
    assert cards["in_hands"] + cards["draw_pile"] + cards["home_pile"] + 1 == cards["deck"]
    assert any(equation in line.text for line in popup.lines)
    popup.dismiss()


def test_end_of_hand_score_table_names_the_top_dog_and_deals_on(services):
    options = {**EXAMPLE["options"], "hands": 3}
    screen, session = table(services, ACTIONS, options=options)
    scores = screen.view.scores
    assert scores is not None
    shown = texts(scores)
    assert "TOP DOG" in shown
    assert "Cleo went out" in scores.heading.text
    assert scores.cells[("total", 2)].text == "0"
    assert "Ben deals" in scores.deal_button.text
    scores.deal_button.trigger_action(0)
    assert session.state.hand_number == 2
    assert counts(screen) == [7, 7, 7]
    assert "TOP DOG" in screen.view.strip.tiles[2].tag_words


def test_the_evening_over_shows_the_winner(services):
    screen, _ = table(services, ACTIONS)  # a one-hand evening
    assert "Top dog: Cleo" in screen.view.scores.heading.text
    assert screen.view.scores.deal_button is None


def test_the_dog_house_stepper_counts_on_past_an_empty_draw_pile(services):
    """A draw that empties the pile reshuffles the home pile, so a dog-house player may keep more cards
    than the draw pile held: the stepper goes up to every card a draw could reach, less the one played."""
    screen, session = table(services, ACTIONS[:1])
    while session.summary()["draw_pile"] > 3:
        seat = session.summary()["to_act"]["seat"]
        session.perform(Action("play", seat, {}) if session.summary()["hand_sizes"][seat] > 3 else Action("draw", seat))
    seat = session.summary()["to_act"]["seat"]
    target = (seat + 1) % 3
    session.perform(Action("play", seat, {"card": "dog_house", "colour": "red", "target": target}))
    screen.view.refresh()
    summary = session.summary()
    assert summary["cards_to_draw"] == summary["draw_pile"] + summary["home_pile"] - 1
    stepper = screen.view.pad.stepper
    assert stepper.high == summary["cards_to_draw"] - 1 > summary["draw_pile"]
    for _ in range(summary["draw_pile"] + 2):
        stepper.plus.trigger_action(0)
    tap(screen, "dog")
    assert session.actions[-1] == Action("dog_house_turn", target, {"drawn": summary["draw_pile"] + 2})


def test_a_move_updates_the_widgets_on_screen_rather_than_replacing_them(services, navigator):
    from ui_support import same_widgets
    from ui_support import tap as touch

    session = services.store.new_session("nuts_about_mutts", FAMILY, {**EXAMPLE["options"], "advanced": False})
    session.perform(ACTIONS[0])   # Ben started the home pile: Cleo's turn
    screen = open_game_screen(services, navigator, session)
    view = screen.view
    same, before, after = same_widgets(view, lambda: touch(view.pad.buttons["dog"]))
    assert session.actions[-1] == Action("play", 2, {})
    assert same, f"{len(set(map(id, after)) - set(map(id, before)))} widgets built anew by a dog card played"
    same, before, after = same_widgets(view, lambda: touch(view.pad.buttons["drew"]))
    assert session.actions[-1] == Action("draw", 0)
    assert same, f"{len(set(map(id, after)) - set(map(id, before)))} widgets built anew by a card drawn"
    assert counts(screen) == [8, 6, 6] and view.info.piles.home.number.text == "2"
    assert "TURN" in view.strip.tiles[1].tag_words and "Ben's turn" in view.pad.title.text


def red_told_after_a_blue_flea(services, navigator):
    """Ann's turn after a Flea named blue, with red told on the pad (not yet recorded)."""
    from ui_support import tap as touch

    session = services.store.new_session("nuts_about_mutts", FAMILY, EXAMPLE["options"])
    for action in ACTIONS[:4]:
        session.perform(action)
    screen = open_game_screen(services, navigator, session)
    touch(screen.view.pad.buttons["details"])
    touch(screen.view.pad.buttons["colour:red"])
    return screen, session


def test_a_refused_tap_changes_nothing_on_screen_but_the_message(services, navigator):
    from ui_support import same_widgets
    from ui_support import tap as touch

    screen, session = red_told_after_a_blue_flea(services, navigator)
    view = screen.view

    def on_the_table():
        return [widget.text for widget in view.walk(restrict=True) if getattr(widget, "text", None)]

    shown_before = on_the_table()
    same, _, _ = same_widgets(view, lambda: touch(view.pad.buttons["record"]))
    assert len(session.actions) == 4 and "the colour is blue" in screen.message.text
    assert same and on_the_table() == shown_before


def test_a_refusal_still_shown_goes_at_the_next_step_told_on_the_pad(services, navigator):
    from ui_support import tap as touch

    screen, session = red_told_after_a_blue_flea(services, navigator)
    view = screen.view
    touch(view.pad.buttons["record"])
    assert "the colour is blue" in screen.message.text and screen.message.problem
    touch(view.pad.buttons["colour:blue"])   # put right on the pad: the refusal answered the tap before
    assert screen.message.text == "" and len(session.actions) == 4


def test_a_wild_as_the_last_card_is_recorded_at_once_and_ends_the_hand(services):
    session = services.store.new_session("nuts_about_mutts", FAMILY, {"dealer": 0})
    session.perform(Action("play", 1, {"colour": "red", "number": 5}))
    while session.summary()["hand_sizes"][session.summary()["turn"]] > 1:
        session.perform(Action("play", session.summary()["turn"], {}))
    seat = session.summary()["turn"]
    screen = open_game_screen(services, Navigator(), session)
    screen.view.refresh()
    tap(screen, "flea")                     # nothing to ask: no colour follows the last card of a hand
    assert session.actions[-1] == Action("play", seat, {"card": "flea"})
    assert session.summary()["scores"]["hands"][-1]["winner"] == seat
