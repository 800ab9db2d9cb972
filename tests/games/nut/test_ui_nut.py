"""The Nut table view as a family uses it: tap the column a card came from, paint each layout and
score it (or count it by hand with Quick), and see who won and which clusters counted."""


import gc

import pytest

pytest.importorskip("kivy")

from kivy.base import EventLoop  # noqa: E402
from kivy.core.window import Window  # noqa: E402  (opens the headless window)
from kivy.tests.common import UnitTestTouch  # noqa: E402
from ui_support import texts  # noqa: E402

from companion.actions import Action  # noqa: E402
from companion.players import Player  # noqa: E402
from companion.rulecards import load_example
from ui.games.nut import NutView  # noqa: E402
from ui.games.nut.results import NutEnd  # noqa: E402
from ui.games.nut.scoring import trimmed  # noqa: E402
from ui.navigation import Navigator  # noqa: E402
from ui.screens.game import open_game_screen  # noqa: E402

EXAMPLE = load_example("nut")
DRAFT = [Action.from_json(entry) for entry in EXAMPLE["actions"][:30]]
FAMILY = [Player("Ann", "orange"), Player("Ben", "sky")]


def table(services, actions=()):
    session = services.store.new_session("nut", FAMILY, EXAMPLE["options"])
    for action in actions:
        session.perform(action)
    screen = open_game_screen(services, Navigator(), session)
    assert isinstance(screen.view, NutView)
    return screen, session


def test_tapping_a_column_records_a_standard_pick_for_whoever_picks(services):
    screen, session = table(services)
    pad = screen.view.draft
    assert pad.turn_badge.player.name == "Ann"
    assert [button.count.number.text for button in pad.columns] == ["2", "2", "2"]
    deck = int(pad.deck.number.text)
    pad.columns[1].trigger_action(0)
    assert session.actions[-1] == Action("pick", 0, {"column": 2, "kind": "standard"})
    assert [button.count.number.text for button in pad.columns] == ["2", "1", "2"]
    assert pad.turn_badge.player.name == "Ben"
    assert "column 2" in pad.round_label.text
    assert pad.columns[1].marked and not pad.columns[0].marked
    assert int(pad.deck.number.text) == deck


def test_before_a_pick_the_columns_say_what_a_tap_will_record_not_that_it_happened(services, navigator):
    from ui_support import tap

    session = services.store.new_session("nut", FAMILY, {"dealer": 0})
    screen = open_game_screen(services, navigator, session)
    pad = screen.view.draft
    assert [button.action_text.text for button in pad.columns] == ["Tap when Ann takes one"] * 3
    tap(pad.columns[1])
    assert session.actions[-1] == Action("pick", 0, {"column": 2, "kind": "standard"})
    assert [button.action_text.text for button in pad.columns] == ["not this round", "Tap when Ben takes one",
                                                                   "not this round"]
    assert [button.count.caption.text.split()[0] for button in pad.columns] == ["cards", "card", "cards"]


def test_the_kind_row_labels_one_pick_then_falls_back_to_standard(services):
    screen, session = table(services)
    pad = screen.view.draft
    pad.kind_buttons["squirrel"].trigger_action(0)
    assert pad.kind_buttons["squirrel"].selected
    pad.columns[0].trigger_action(0)
    assert session.actions[-1] == Action("pick", 0, {"column": 1, "kind": "squirrel"})
    assert pad.kind_buttons["squirrel"].note == "5 left"
    assert pad.kind == "standard" and pad.kind_buttons["standard"].selected
    assert not pad.kind_buttons["squirrel"].selected


def test_a_pick_from_the_wrong_column_is_refused_and_explained(services):
    screen, session = table(services, DRAFT[:1])  # Ann opened column 1
    pad = screen.view.draft
    before = [button.count.number.text for button in pad.columns]
    pad.columns[2].trigger_action(0)
    assert len(session.actions) == 1
    assert "column 1" in screen.message.text
    assert [button.count.number.text for button in pad.columns] == before
    assert pad.turn_badge.player.name == "Ben"


def test_the_deck_count_follows_the_refill_when_the_deck_passes(services):
    screen, session = table(services, DRAFT[:1])
    pad = screen.view.draft
    pad.columns[0].trigger_action(0)     # Ben takes the last card of column 1: the deck passes
    assert session.state.holder == 1
    assert pad.columns[0].count.number.text == "2" and "+2 dealt" in pad.columns[0].count.caption.text
    assert pad.deck.number.text == str(session.state.deck)
    assert pad.turn_badge.player.name == "Ben"


def test_painting_and_scoring_a_layout_records_the_grid_and_shows_the_total(services):
    screen, session = table(services, DRAFT)
    pad = screen.view.scoring
    assert pad.seat == 0 and pad.score_button.text == "Score Ann"
    for row, line in enumerate(["RRWB", "S..B", "R.GG"]):
        for column, value in enumerate(line):
            if value != ".":
                pad.choose_paint(value)
                pad.paint_cell(row, column)
    pad.score_button.trigger_action(0)
    assert session.actions[-1] == Action("score_layout", 0, {"grid": ["RRWB", "S..B", "R.GG"]})
    assert pad.tabs[0].score.text == "13"
    assert pad.seat == 1 and pad.score_button.text == "Score Ben"
    pad.choose_seat(0)                  # Ann's scored layout, with her clusters outlined
    assert pad.score_button.disabled
    card_grids = [w for w in pad.body.walk() if type(w).__name__ == "LayoutGrid"]
    assert set(card_grids[0].clusters) == {"R", "B", "G"}


def test_scoring_an_empty_grid_is_refused_and_nothing_is_recorded(services):
    screen, session = table(services, DRAFT)
    screen.view.scoring.score_button.trigger_action(0)
    assert len(session.actions) == 30
    assert "empty" in screen.message.text
    assert session.summary()["scores"] == [None, None]


def test_a_tap_on_the_same_paint_clears_the_cell_and_the_grid_grows_at_its_edge(services):
    screen, _ = table(services, DRAFT)
    pad = screen.view.scoring
    grid = pad.grid
    grid.size, grid.pos = (400, 300), (0, 0)
    rows, columns = grid.shape
    x0, top, s = grid.origin()

    def tap(row, column):
        touch = UnitTestTouch(x0 + (column + 0.5) * s, top - (row + 0.5) * s)
        touch.pos = (x0 + (column + 0.5) * s, top - (row + 0.5) * s)
        assert grid.on_touch_down(touch)
        grid.on_touch_up(touch)

    tap(0, 0)
    assert grid.rows[0][0] == "R"
    tap(0, 0)
    assert grid.rows[0][0] == "."
    pad.choose_paint("G")
    tap(rows - 1, columns - 1)
    assert grid.shape == (rows + 1, columns + 1)
    assert pad.paintings[0][rows - 1][columns - 1] == "G"


def test_dragging_across_the_grid_paints_every_cell_it_crosses(services):
    screen, _ = table(services, DRAFT)
    Window.add_widget(screen.manager)
    try:
        for _ in range(3):
            EventLoop.idle()
        pad = screen.view.scoring
        pad.choose_paint("B")
        x0, top, s = pad.grid.origin()
        y = top - 0.5 * s
        touch = UnitTestTouch(x0 + 0.5 * s, y)
        touch.touch_down()
        for column in (1, 2):
            touch.touch_move(x0 + (column + 0.5) * s, y)
        touch.touch_up()
        assert pad.grid.rows[0][:3] == "BBB"
    finally:
        Window.remove_widget(screen.manager)


def test_quick_mode_steppers_show_points_and_record_the_counts(services):
    screen, session = table(services, DRAFT)
    pad = screen.view.scoring
    pad.quick_button.trigger_action(0)
    for _ in range(4):
        pad.steppers[("sizes", "R")].plus.trigger_action(0)
    pad.steppers[("squirrels", "R")].plus.trigger_action(0)
    pad.steppers[("sizes", "Y")].plus.trigger_action(0)
    pad.steppers[("sizes", "Y")].minus.trigger_action(0)
    pad.steppers[("sizes", "Y")].minus.trigger_action(0)   # never below zero
    assert pad.points_labels["R"].text == "= 8"
    assert pad.quick_total.text == "Ann: 8 points"
    gc.collect()          # the scored card's widgets not on screen are the card's own, not the collector's
    pad.score_button.trigger_action(0)
    assert session.actions[-1] == Action("score_quick", 0, {"sizes": {"R": 4, "Y": 0, "B": 0, "G": 0},
                                                            "squirrels": {"R": 1}})
    assert pad.tabs[0].score.text == "8"


def test_a_refused_quick_score_keeps_the_counts(services):
    screen, session = table(services, DRAFT)
    pad = screen.view.scoring
    pad.quick_button.trigger_action(0)
    pad.steppers[("squirrels", "G")].plus.trigger_action(0)   # a squirrel with no green cluster
    pad.score_button.trigger_action(0)
    assert len(session.actions) == 30
    assert "no green cluster" in screen.message.text
    assert pad.steppers[("squirrels", "G")].number.text == "1"


def test_the_end_shows_scores_winner_tie_break_and_best_clusters(services):
    screen, session = table(services, [Action.from_json(entry) for entry in EXAMPLE["actions"]])
    assert session.is_over
    end = screen.view.end
    assert isinstance(end, NutEnd)
    shown = texts(end)
    assert "Ben" in shown and shown.count("13") == 2
    assert any("largest cluster" in text for text in shown)
    grids = [w for w in end.walk() if type(w).__name__ == "LayoutGrid"]
    assert grids[1].clusters["Y"] == [[0, 0], [0, 1], [0, 2], [0, 3], [0, 4]]
    assert not any(grid.editable for grid in grids)


def test_undoing_a_score_returns_to_the_painting_as_it_was(services):
    screen, session = table(services, DRAFT)
    pad = screen.view.scoring
    pad.choose_paint("Y")
    pad.paint_cell(1, 1)
    pad.score_button.trigger_action(0)
    assert session.summary()["scores"][0] == 1
    screen.undo_button.trigger_action(0)
    assert session.summary()["scores"] == [None, None]
    assert screen.view.scoring.grid.rows[1][1] == "Y"


def test_only_the_painted_part_of_the_grid_is_sent():
    assert trimmed(["....", ".RW.", "..B.", "...."]) == ["RW", ".B"]
    assert trimmed(["..", ".."]) == ["..", ".."]


def test_a_one_point_layout_is_said_in_the_singular(services, navigator):
    from ui_support import tap

    session = services.store.new_session("nut", FAMILY, EXAMPLE["options"])
    for action in DRAFT:
        session.perform(action)
    screen = open_game_screen(services, navigator, session)
    pad = screen.view.scoring
    tap(pad.quick_button)
    tap(pad.steppers[("sizes", "R")].plus)
    assert pad.quick_total.text == "Ann: 1 point"


# ----- a move updates what is on screen; it does not build it anew -------------------------------------
def on_the_table(view) -> list[str]:
    return [widget.text for widget in view.walk(restrict=True) if isinstance(getattr(widget, "text", None), str)]


def test_a_move_updates_the_widgets_on_screen_rather_than_replacing_them(services, navigator):
    from ui_support import same_widgets, tap

    session = services.store.new_session("nut", FAMILY, EXAMPLE["options"])
    screen = open_game_screen(services, navigator, session)
    view = screen.view
    same, before, after = same_widgets(view, lambda: tap(view.draft.columns[1]))
    assert session.actions[-1] == Action("pick", 0, {"column": 2, "kind": "standard"})
    assert same, f"{len(set(map(id, after)) - set(map(id, before)))} widgets built anew by a pick"
    assert [button.count.number.text for button in view.draft.columns] == ["2", "1", "2"]
    assert view.draft.turn_badge.player.name == "Ben"


def test_a_score_shows_the_next_layout_on_the_same_widgets(services, navigator):
    from ui_support import same_widgets, tap

    session = services.store.new_session("nut", FAMILY, EXAMPLE["options"])
    for action in DRAFT:
        session.perform(action)
    screen = open_game_screen(services, navigator, session)
    pad = screen.view.scoring
    pad.choose_paint("R")
    pad.paint_cell(0, 0)
    pad.paint_cell(0, 1)
    same, _, _ = same_widgets(screen.view, lambda: tap(pad.score_button))
    assert session.actions[-1] == Action("score_layout", 0, {"grid": ["RR"]})
    assert same, "scoring Ann's layout built the pad anew"
    assert pad.tabs[0].score.text == "2" and pad.score_button.text == "Score Ben"


def test_a_refused_tap_changes_nothing_on_screen_but_the_message(services, navigator):
    from ui_support import same_widgets, settle, tap

    session = services.store.new_session("nut", FAMILY, EXAMPLE["options"])
    session.perform(DRAFT[0])                 # Ann opened column 1: Ben's pick must come from it
    screen = open_game_screen(services, navigator, session)
    view = screen.view
    settle()
    shown_before = on_the_table(view)
    same, _, _ = same_widgets(view, lambda: tap(view.draft.columns[2]))
    assert len(session.actions) == 1 and "column 1" in screen.message.text
    assert same and on_the_table(view) == shown_before


def test_a_refusal_still_shown_goes_once_a_kind_is_chosen_for_the_next_pick(services, navigator):
    from ui_support import settle, tap

    session = services.store.new_session("nut", FAMILY, EXAMPLE["options"])
    session.perform(DRAFT[0])                 # Ann opened column 1: Ben's pick must come from it
    screen = open_game_screen(services, navigator, session)
    settle()
    pad = screen.view.draft
    tap(pad.columns[2])
    assert "column 1" in screen.message.text and screen.message.problem
    tap(pad.kind_buttons["squirrel"])   # the family gets on with the pick: the refusal is answered
    assert pad.kind == "squirrel" and screen.message.text == ""
    assert len(session.actions) == 1
