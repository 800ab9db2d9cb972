"""Fixing the past at the table: a Nut layout scored wrong is found out after the game; the family
opens the history, taps that score, tells it again on the same scoring pad, and every total after it,
the winner and the evening's standings follow. One tap on Undo takes the fix back."""

import random

import pytest

pytest.importorskip("kivy")

from kivy.core.window import Window  # noqa: E402
from ui_support import settle, settle_until, tap, texts  # noqa: E402

from companion.actions import Action  # noqa: E402
from companion.game_lines import evenings  # noqa: E402
from companion.players import Player  # noqa: E402
from companion.registry import GAMES  # noqa: E402
from ui.screens.fixing import FixPopup  # noqa: E402
from ui.screens.game import open_game_screen  # noqa: E402
from ui.screens.history import HistoryPopup, MoveRow, move_rows  # noqa: E402

FAMILY = [Player("Ann", "orange", 1), Player("Ben", "sky", 2), Player("Cleo", "green", 3)]


def finished_nut(services, ann_points_cluster=2):
    """A Nut game drafted at random, then scored by hand: Ann's largest cluster is small, so she loses."""
    session = services.store.new_session("nut", FAMILY)
    rng = random.Random(3)
    while session.state.phase == "draft":
        session.perform(rng.choice(session.game.legal_actions(session.state, rng)))
    letters = [colour["letter"] for colour in session.state.colours]
    for seat, size in ((0, ann_points_cluster), (1, 4), (2, 3)):
        session.perform(Action("score_quick", seat, {"sizes": {letter: size for letter in letters}, "squirrels": {}}))
    assert session.is_over
    return session


def open_popup(kind):
    assert settle_until(lambda: any(isinstance(child, kind) for child in Window.children))
    return next(child for child in Window.children if isinstance(child, kind))


def choose_move(history: HistoryPopup, text: str) -> MoveRow:
    row = next(row for row in move_rows(history) if row.line.text.startswith(text))
    tap(row)
    return row


@pytest.mark.parametrize("size", [(800, 480), (1280, 720)])
def test_a_score_fixed_after_the_game_changes_the_winner_and_the_evening_and_undo_takes_it_back(services, navigator, size):
    Window.size = size
    session = finished_nut(services)
    before = session.outcome
    screen = open_game_screen(services, navigator, session)
    tap(next(button for button in screen.bar.children if getattr(button, "text", "") == "History"))
    history = open_popup(HistoryPopup)
    assert history.fix_button.disabled and history.fix_button.text == "Tap a move to fix it"
    row = choose_move(history, "Ann's clusters score")
    assert history.fix_button.text == f"Fix move {row.line.number}..."
    tap(history.fix_button)

    fixing = open_popup(FixPopup)
    assert settle_until(lambda: any(text.startswith(f'It says "{row.line.text}"') for text in texts(fixing)))
    # The pad opens on Ann's counts as they were told, to be corrected rather than told all again.
    pad = fixing.view.scoring
    letters = [colour["letter"] for colour in session.state.colours]
    assert pad.seat == 0 and pad.quick
    assert [pad.steppers[("sizes", letter)].number.text for letter in letters] == ["2"] * len(letters)
    for letter in letters:
        for _ in range(6):
            tap(pad.steppers[("sizes", letter)].plus)
    tap(pad.score_button)
    assert settle_until(lambda: fixing.parent is None)

    after = screen.controller.outcome
    assert after.winners == (0,) and before.winners != (0,)
    assert after.scores[1:] == before.scores[1:] and after.scores[0] > before.scores[0]
    assert screen.message.text.startswith(f"Fixed move {row.line.number}")
    # Which score changed, from what, is said: a table mid-hand shows no totals to check.
    assert screen.message.text.endswith(f"Scores now: Ann {after.scores[0]} (was {before.scores[0]}).")
    (evening,) = evenings(services.store)
    assert evening.standings[0].name == "Ann"

    tap(screen.undo_button)
    assert screen.controller.outcome == before
    assert services.store.resume(session.id).outcome == before
    assert evenings(services.store)[0].standings[0].name != "Ann"


def test_a_fix_the_later_moves_cannot_stand_is_refused_over_the_pads_and_nothing_changes(services, navigator):
    Window.size = (800, 480)
    session = services.store.new_session("nut", FAMILY)
    rng = random.Random(5)
    for _ in range(4):
        session.perform(rng.choice(session.game.legal_actions(session.state, rng)))
    state, actions = session.state, session.actions
    screen = open_game_screen(services, navigator, session)
    history = screen.open_history()
    settle()
    choose_move(history, session.history()[0].text)
    tap(history.fix_button)
    fixing = open_popup(FixPopup)
    # Move 1 told as a pick from another column: move 2, from the column it emptied or refilled, may
    # no longer fit; whatever the rules say, the game stays as it was unless the fix was accepted.
    draft = fixing.view.draft
    told = next(column for column in range(3) if column != session.actions[0]["column"])
    draft.pick(told)
    settle()
    if fixing.parent is not None:
        assert fixing.message.text and session.state == state and session.actions == actions
        tap(next(button for button in fixing.walk() if getattr(button, "text", "") == "Cancel"))
        assert settle_until(lambda: fixing.parent is None)
        assert session.state == state
    else:
        assert session.actions[0]["column"] == told and session.history()[-1].fix


def test_the_history_shows_each_race_photo_finish(services, navigator):
    from companion.races.model import RaceDecision
    from companion.races.racelog import decision_line

    session = services.store.new_session("nuts_about_mutts", FAMILY)
    decision = RaceDecision(kind="bones", players=(1, 2, 3), cue_ns=0, winners=(2, 1), losers=(3,),
                            margins_ms={2: 0.0, 1: 12.5, 3: 40.0}, press_ns={2: 100, 1: 12_500_100, 3: 40_000_100})
    services.store.save_race(session.id, [decision_line(decision)])
    screen = open_game_screen(services, navigator, session)
    history = screen.open_history()
    tap(history.races_tab)
    shown = texts(history)
    assert any("Race 1: Bone race" in text and "No bone for Cleo" in text for text in shown)
    assert "+12.5 ms  bone" in shown and "Ben" in shown
    assert history.footer.opacity == 0


@pytest.mark.parametrize("key", [entry.key for entry in GAMES])
def test_every_game_opens_its_own_table_as_it_stood_before_the_move_being_fixed(services, navigator, key):
    from companion.playthrough import table_of

    Window.size = (800, 480)
    entry = next(entry for entry in GAMES if entry.key == key)
    session = services.store.new_session(key, table_of(entry.max_players))
    rng = random.Random(8)
    while len(session.actions) < 15 and not session.is_over:
        session.perform(rng.choice(session.game.legal_actions(session.state, rng)))
    state, actions = session.state, session.actions
    screen = open_game_screen(services, navigator, session)
    for move in sorted({1, len(actions) // 2, len(actions)}):
        fixing = screen.open_fix(move)
        said = f'It says "{session.history()[move - 1].text}"'
        assert settle_until(lambda popup=fixing, said=said: any(text.startswith(said) for text in texts(popup)))
        assert fixing.view.controller.session.state == session.state_after(move - 1)
        tap(next(button for button in fixing.walk() if getattr(button, "text", "") == "Cancel"))
        assert settle_until(lambda popup=fixing: popup.parent is None)
    assert (session.state, session.actions) == (state, actions)


def test_a_long_history_lists_every_move_newest_first_and_the_first_is_reached_by_scrolling(services, navigator):
    Window.size = (800, 480)
    session = services.store.new_session("nut", FAMILY)
    rng = random.Random(2)
    while len(session.actions) < 30:
        session.perform(rng.choice(session.game.legal_actions(session.state, rng)))
    history = open_game_screen(services, navigator, session).open_history()
    settle()
    shown = [row.line.number for row in move_rows(history)]
    assert shown[:3] == [30, 29, 28] and len(shown) < 30   # a screenful is drawn, not all thirty
    history.rows.scroll_y = 0   # scrolled to the end of the list
    settle()
    shown = [row.line.number for row in move_rows(history)]
    assert shown[-2:] == [2, 1]
    # An early move can be chosen and fixed like any other.
    tap(next(row for row in move_rows(history) if row.line.number == 2))
    assert history.fix_button.text == "Fix move 2..."


# ----- Mix-the-Mutts: fixing a score told during a turn ----------------------------------------------
def mutts_turn_with_a_score_to_fix(services):
    """Ben's tile made three dogs; Ann scored the first, Cleo (it says) the third, and Ben finished.
    Move 5, Cleo's score, is the one found wrong."""
    def connect(player, *pairs):
        return Action("connect", player, {"combinations": [{"head": h, "tail": t} for h, t in pairs]})

    session = services.store.new_session("mix_the_mutts", FAMILY)
    for action in (connect(0, ("poodle", "schnauzer"), ("beagle", "beagle")), Action("finish_turn", 0),
                   connect(1, ("pug", "pug"), ("beagle", "poodle"), ("dachshund", "chihuahua")),
                   Action("score", 0, {"head": "pug", "tail": "pug"}),
                   Action("score", 2, {"head": "dachshund", "tail": "chihuahua"}),
                   Action("finish_turn", 1)):
        session.perform(action)
    return session


def open_mutts_fix(services, navigator, session, move):
    screen = open_game_screen(services, navigator, session)
    history = screen.open_history()
    settle()
    choose_move(history, session.history()[move - 1].text)
    tap(history.fix_button)
    fixing = open_popup(FixPopup)
    settle()
    return screen, fixing


def cancel(fixing):
    tap(next(button for button in fixing.walk() if getattr(button, "text", "") == "Cancel"))
    assert settle_until(lambda: fixing.parent is None)


def test_a_greyed_score_on_the_fix_pad_says_why_as_in_play(services, navigator):
    Window.size = (1280, 720)
    session = mutts_turn_with_a_score_to_fix(services)
    state, actions = session.state, session.actions
    screen, fixing = open_mutts_fix(services, navigator, session, 5)
    grid = fixing.view.scoring
    # Ann scored the pugs before Cleo's move: only Ben, whose turn it is, scores a second dog.
    greyed = grid.buttons[(1, 0)]
    assert greyed.disabled_reason
    tap(greyed)
    assert fixing.message.text == greyed.disabled_reason and fixing.message.problem
    assert (session.state, session.actions) == (state, actions)
    # Getting on with the pad puts back what is being fixed.
    tap(grid.buttons[(1, 1)])
    assert fixing.parent is None and session.actions[4] == Action("score", 1, {"head": "beagle", "tail": "poodle"})


def test_finish_turn_told_for_a_score_that_did_not_happen_says_plainly_what_to_do(services, navigator):
    Window.size = (800, 480)
    session = mutts_turn_with_a_score_to_fix(services)
    state, actions = session.state, session.actions
    screen, fixing = open_mutts_fix(services, navigator, session, 5)
    # Cleo never scored: the family tells the turn ending there instead, as the pad's hint suggests.
    tap(fixing.view.finish_button)
    said = fixing.message.text
    assert fixing.parent is not None and (session.state, session.actions) == (state, actions)
    assert said.startswith('Move 6 already says "Ben flipped the next tile')
    assert "did not happen at all" in said and "Undo back to move 4" in said
    assert "can't finish the turn now" not in said
    # Following it: Cancel, Undo back to move 4, and Ben finishes his turn on the table.
    cancel(fixing)
    tap(screen.undo_button)
    tap(screen.undo_button)
    assert len(session.actions) == 4
    tap(screen.view.finish_button)
    assert session.actions == (*actions[:4], actions[5])


def test_the_score_being_fixed_is_in_sight_and_marked_on_the_seven_inch_display(services, navigator):
    from kivy.uix.scrollview import ScrollView

    Window.size = (800, 480)
    session = mutts_turn_with_a_score_to_fix(services)
    screen, fixing = open_mutts_fix(services, navigator, session, 5)
    grid = fixing.view.scoring
    told = grid.buttons[(2, 2)]     # Cleo's cell of the third dog
    scroller = next(widget for widget in grid.walk() if isinstance(widget, ScrollView))

    def in_sight():
        bottom = scroller.to_window(scroller.x, scroller.y)[1]
        low, high = told.to_window(told.x, told.y)[1], told.to_window(told.x, told.top)[1]
        return bottom <= low and high <= bottom + scroller.height

    assert in_sight(), "the score being fixed is scrolled out of sight"
    assert told.text == "It says this" and grid.dog_rows[2].ring_on == told
    assert all(cell.text.startswith("Score") for key, cell in grid.buttons.items() if key not in ((2, 2), (0, 0)))
    # Its own column and row say whose and which dog; a tap on it tells the same again, which is no fix.
    tap(told)
    assert fixing.parent is not None and "already says that" in fixing.message.text
    # A longer refusal takes more of the bar; the score being fixed stays in sight and marked.
    tap(grid.finish_button)
    settle()
    assert in_sight() and told.text == "It says this"
