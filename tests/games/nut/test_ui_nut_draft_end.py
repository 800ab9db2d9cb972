"""A whole Nut draft tapped on the screen, up to and past the last pick: the table must move on to
scoring each layout (and, once every layout is scored, to the results) without the app falling over."""


import pytest

pytest.importorskip("kivy")

from kivy.core.window import Window  # noqa: E402  (opens the headless window)
from ui_support import settle, tap, texts  # noqa: E402

from companion.actions import Action  # noqa: E402
from companion.players import Player  # noqa: E402
from companion.rulecards import load_example
from ui.navigation import Navigator  # noqa: E402
from ui.screens.game import open_game_screen  # noqa: E402

EXAMPLE = load_example("nut")
ACTIONS = [Action.from_json(entry) for entry in EXAMPLE["actions"]]
PICKS = [action for action in ACTIONS if action.type == "pick"]
FAMILY = [Player("Ann", "orange"), Player("Ben", "sky")]


@pytest.fixture
def shown(services):
    """The game screen on the headless window, so taps land where a finger would."""
    session = services.store.new_session("nut", FAMILY, EXAMPLE["options"])
    screen = open_game_screen(services, Navigator(), session)
    Window.add_widget(screen.manager)
    try:
        yield screen, session
    finally:
        Window.remove_widget(screen.manager)


def draft_by_taps(screen, picks):
    for action in picks:
        pad = screen.view.draft
        kind = action.get("kind")
        if kind is not None and kind != pad.kind:
            tap(pad.kind_buttons[kind])
        tap(pad.columns[action.get("column") - 1])


def test_the_last_pick_of_the_draft_moves_the_table_on_to_scoring(shown):
    screen, session = shown
    draft_by_taps(screen, PICKS[:-1])
    assert screen.view.phase == "draft"
    assert len(session.actions) == len(PICKS) - 1

    draft_by_taps(screen, PICKS[-1:])
    settle()

    assert len(session.actions) == len(PICKS)
    assert screen.view.phase == "scoring"
    assert screen.view.draft.parent is None
    shown_now = texts(screen.view)
    first = FAMILY[0].name
    assert f"Score {first}" in shown_now
    assert all(player.name in shown_now for player in FAMILY)
    assert not screen.message.text or "drafted" not in screen.message.text

    tap(screen.undo_button)   # the last pick taken back: the draft is on again, with that pick to make
    settle()
    assert screen.view.phase == "draft" and screen.view.draft.parent is screen.view
    assert screen.view.draft.turn_badge.player.name == FAMILY[PICKS[-1].player].name


def test_scoring_every_layout_on_the_pad_after_the_draft_reaches_the_results(shown):
    screen, session = shown
    draft_by_taps(screen, PICKS)
    for action in [action for action in ACTIONS if action.type == "score_layout"]:
        pad = screen.view.scoring
        if pad.seat != action.player:
            tap(pad.tabs[action.player])
        for row, line in enumerate(action.get("grid")):
            for column, value in enumerate(line):
                if value != ".":
                    pad.choose_paint(value)
                    pad.paint_cell(row, column)
        tap(pad.score_button)
    settle()
    assert session.is_over
    assert screen.view.phase == "over" and screen.view.end is not None
    results = texts(screen.view.end)
    assert any(name in text for text in results for name in session.summary()["winner_names"])


def test_the_kind_row_says_what_it_is(shown):
    screen, _ = shown
    pad = screen.view.draft
    settle()
    headings = [text for text in texts(pad) if "kind of card" in text.lower()]
    assert headings, texts(pad)


def tap_a_column(pad, session) -> None:
    """A tap on the column the round is drafting, or on the first with cards left when none is yet."""
    state = session.state
    column = state.round_column or next(n for n, cards in enumerate(state.columns, start=1) if cards)
    tap(pad.columns[column - 1])


def test_a_sold_out_kind_is_refused_in_words_and_the_chosen_kind_stays(shown):
    screen, session = shown
    pad = screen.view.draft

    for _ in range(4):                      # every wild card of the deck drafted
        tap(pad.kind_buttons["wild"])
        tap_a_column(pad, session)
    assert session.summary()["draft"]["kinds_left"]["wild"] == 0
    picks = len(session.actions)
    tap(pad.kind_buttons["wild"])
    assert "All 4 wild cards are already drafted" in screen.message.text
    assert "standard or squirrel" in screen.message.text
    assert pad.kind == "standard" and pad.kind_buttons["standard"].selected
    assert not pad.kind_buttons["wild"].selected
    assert len(session.actions) == picks
    tap_a_column(pad, session)
    assert session.actions[-1]["kind"] == "standard"


def test_once_every_standard_card_is_drafted_no_kind_is_chosen_for_the_next_pick(shown):
    screen, session = shown
    pad = screen.view.draft

    while session.summary()["draft"]["kinds_left"]["standard"]:
        tap_a_column(pad, session)
    assert pad.kind is None and not any(button.selected for button in pad.kind_buttons.values())
    assert pad.kind_buttons["standard"].disabled_reason
    tap_a_column(pad, session)
    assert session.actions[-1].get("kind") is None
