"""The Mix-the-Mutts table view as a family uses it: one tap for drawing two, the breed pad for a
connected tile, the scoring grid with its refusals, and the totals at the end."""

import pytest

pytest.importorskip("kivy")

from kivy.core.window import Window  # noqa: E402,F401  (opens the headless window)
from ui_support import buttons_reading, texts  # noqa: E402

from companion.actions import Action  # noqa: E402
from companion.players import Player  # noqa: E402
from ui.games.mix_the_mutts import MixTheMuttsView  # noqa: E402
from ui.navigation import Navigator  # noqa: E402
from ui.screens.game import open_game_screen  # noqa: E402

FAMILY = [Player("Ann", "orange"), Player("Ben", "sky"), Player("Cleo", "green")]


def table(services, actions=(), options=None, players=FAMILY):
    session = services.store.new_session("mix_the_mutts", players, options or {})
    for action in actions:
        session.perform(action)
    screen = open_game_screen(services, Navigator(), session)
    assert isinstance(screen.view, MixTheMuttsView)
    return screen, session


def connect(player, *pairs):
    return Action("connect", player, {"combinations": [{"head": h, "tail": t} for h, t in pairs]})


def test_drew_two_is_one_tap_for_the_active_player_and_the_counts_follow(services):
    screen, session = table(services)
    view = screen.view
    assert view.turn_badge.player.name == "Ann"
    assert view.pile.number.text == "60"
    assert [card.hand.number.text for card in view.cards] == ["4", "4", "4"]
    view.draw_button.trigger_action(0)
    assert session.actions[-1] == Action("draw", 0)
    assert view.pile.number.text == "58"
    assert [card.hand.number.text for card in view.cards] == ["6", "4", "4"]
    assert view.turn_badge.player.name == "Ben"
    assert view.tile_counts["on_table"].text == "2" and view.tile_counts["face_down"].text == "9"


def test_the_breed_pad_records_the_new_dogs_head_then_tail(services):
    screen, session = table(services, [connect(0, ("pug", "pug"), ("beagle", "poodle")), Action("finish_turn", 0)])
    view = screen.view
    view.connect_button.trigger_action(0)
    pad = view.pad
    assert "Poodle\n1 point" in texts(pad) and "Chihuahua\n8 points" in texts(pad)
    pad.breed_buttons["poodle"].trigger_action(0)
    pad.breed_buttons["schnauzer"].trigger_action(0)
    assert view.pad.record_button.disabled  # one dog is not a tile
    view.pad.breed_buttons["beagle"].trigger_action(0)
    view.pad.breed_buttons["beagle"].trigger_action(0)
    view.pad.breed_buttons["pug"].trigger_action(0)
    assert "pug head, ?" in view.pad.entered.text
    view.pad.remove_button.trigger_action(0)
    assert "purebreed beagle" in view.pad.entered.text
    view.pad.record_button.trigger_action(0)
    assert session.actions[-1] == connect(1, ("poodle", "schnauzer"), ("beagle", "beagle"))
    assert view.pad is None and view.scoring is not None
    assert view.scoring.finish_button.kind == "primary"


def test_the_first_tile_stops_at_two_dogs_as_the_two_tiles_on_the_table_allow(services):
    screen, session = table(services)
    view = screen.view
    view.connect_button.trigger_action(0)
    assert "makes 2 dogs" in view.pad.record_button.text
    for breed in ("poodle", "schnauzer", "beagle", "beagle"):
        view.pad.breed_buttons[breed].trigger_action(0)
    assert all(button.disabled for button in view.pad.breed_buttons.values())
    assert "all 2 dogs entered" in view.pad.prompt.text
    view.tap_breed("pug")  # a stray tap on a full pad changes nothing
    assert "?" not in view.pad.entered.text and not view.pad.record_button.disabled


def test_cancel_leaves_the_game_untouched(services):
    screen, session = table(services)
    screen.view.connect_button.trigger_action(0)
    screen.view.pad.breed_buttons["pug"].trigger_action(0)
    screen.view.close_pad()
    assert session.actions == () and screen.view.draw_button is not None


def test_scoring_buttons_move_cards_from_hand_to_stack_and_extra_scores_are_refused(services):
    screen, session = table(services, [connect(0, ("poodle", "schnauzer"), ("beagle", "beagle"))])
    grid = screen.view.scoring
    # Nobody has scored yet: every cell says what a tap does (the dog's points), none reads as done.
    assert {button.text for button in grid.buttons.values()} == {"Score +6", "Score +4"}
    grid.buttons[(0, 1)].trigger_action(0)  # Ben scores the poodle-schnauzer mutt
    assert session.actions[-1] == Action("score", 1, {"head": "poodle", "tail": "schnauzer"})
    grid = screen.view.scoring
    assert grid.hands[1].number.text == "2" and grid.totals[1].text == "6"
    assert grid.buttons[(0, 1)].text == "Scored" and grid.buttons[(0, 1)].kind == "ok"
    assert grid.buttons[(1, 1)].text == "Score +4" and grid.buttons[(0, 0)].text == "Score +6"
    state_before = session.state
    grid.buttons[(1, 1)].trigger_action(0)  # Ben again: only the active player scores more than one
    assert "already scored one dog" in screen.message.text
    assert session.state == state_before and len(session.actions) == 2
    screen.view.scoring.buttons[(0, 0)].trigger_action(0)
    screen.view.scoring.buttons[(1, 0)].trigger_action(0)  # Ann, the active player, may score both
    assert screen.view.scoring.totals[0].text == str(1 + 5 + 2 + 2)
    screen.view.finish_button.trigger_action(0)
    assert session.actions[-1] == Action("finish_turn", 0)
    assert screen.view.turn_badge.player.name == "Ben"
    assert "poodle 1 · schnauzer 1" in screen.view.cards[1].stack.text


def test_drawing_after_a_connect_is_refused_with_the_reason(services):
    screen, session = table(services, [connect(0, ("pug", "pug"), ("beagle", "poodle"))])
    assert not screen.controller.perform(Action("draw", 0))
    assert "already connected a tile" in screen.message.text
    assert screen.view.scoring is not None


def last_tile_game(scoring_turns):
    """Ten tiles to the end; on each listed turn the active player scores the poodle-beagle mutt."""
    actions = []
    for turn in range(10):
        seat = turn % 2
        actions.append(connect(seat, ("poodle", "beagle"), ("pug", "dachshund")))
        if turn in scoring_turns:
            actions.append(Action("score", seat, {"head": "poodle", "tail": "beagle"}))
        actions.append(Action("finish_turn", seat))
    return actions


def shown(widget) -> list[str]:
    """The texts as a family reads them (a non-breaking space reads as a space)."""
    return [text.replace("\u00a0", " ") for text in texts(widget)]


def test_the_end_shows_the_winner_and_totals(services):
    screen, _ = table(services, last_tile_game({0, 2}), players=FAMILY[:2])
    end = screen.view.end
    assert end is not None
    assert end.headline.text == "Ann wins!"
    assert "6" in texts(end.rows[0]) and "0" in texts(end.rows[1])


def test_the_end_shows_each_breed_times_its_value(services):
    screen, _ = table(services, last_tile_game({0, 2}), players=FAMILY[:2])
    end = screen.view.end
    assert "2 poodle × 1 = 2  ·  2 beagle × 2 = 4" in shown(end.rows[0])
    assert "No dogs scored" in shown(end.rows[1])


def test_the_end_shows_the_values_the_family_set(services):
    values = {"poodle": 5, "beagle": 0, "pug": 3, "dachshund": 4, "schnauzer": 5, "pomeranian": 6,
              "dalmatian": 7, "chihuahua": 8}
    screen, _ = table(services, last_tile_game({0, 2}), options={"card_values": values}, players=FAMILY[:2])
    end = screen.view.end
    assert "2 poodle × 5 = 10  ·  2 beagle × 0 = 0" in shown(end.rows[0])
    assert "10" in texts(end.rows[0])


def test_the_end_fits_four_players_with_every_breed_on_the_panel(services):
    """Four long names, each with cards of all eight breeds: the sums wrap between breeds, and a
    row that needs more lines grows while the rows scroll; nothing is cut."""
    import sys
    from pathlib import Path

    from kivy.base import EventLoop

    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "e2e"))
    import layout

    long_names = [Player("Jean-Baptiste", "orange"), Player("Maximiliana", "sky"), Player("Bartholomew", "green"),
                  Player("Christopher", "yellow")]
    from companion.errors import IllegalAction

    breeds = ["poodle", "beagle", "pug", "dachshund", "schnauzer", "pomeranian", "dalmatian", "chihuahua"]
    session = services.store.new_session("mix_the_mutts", long_names, {})
    turn = 0
    while not session.is_over:
        summary = session.summary()
        seat = summary["turn"]
        if summary["players"][seat]["hand"] < 4 and summary["can_draw"]:
            session.perform(Action("draw", seat))
            continue
        pairs = [(breeds[(turn + i) % 8], breeds[(turn + i + 3) % 8]) for i in range(2)]
        turn += 1
        session.perform(connect(seat, *pairs))
        for scorer in [seat, *range(4)]:
            for head, tail in pairs:
                try:
                    session.perform(Action("score", scorer, {"head": head, "tail": tail}))
                except IllegalAction:
                    pass
        session.perform(Action("finish_turn", seat))
    before = Window.size
    Window.size = (800, 480)
    try:
        screen = open_game_screen(services, Navigator(), session)
        Window.add_widget(screen.manager)
        for _ in range(6):
            EventLoop.idle()
        for widget in screen.walk():
            if hasattr(widget, "texture_update"):
                widget.texture_update()
        for _ in range(4):
            EventLoop.idle()
        assert [str(problem) for problem in layout.check("end", [screen], Window)] == []
        breeds_held = [sum(1 for count in entry["scoring_stack"].values() if count)
                       for entry in session.summary()["players"]]
        assert max(breeds_held) >= 6
        for detail in screen.view.end.details.values():
            assert detail.height >= detail.texture_size[1] - 1, "a breakdown is cut"
        Window.remove_widget(screen.manager)
    finally:
        Window.size = before
        for _ in range(4):
            EventLoop.idle()


def test_a_tie_shares_the_win_and_junior_mode_counts_cards(services):
    screen, session = table(services, last_tile_game({0, 1}), options={"junior": True}, players=FAMILY[:2])
    end = screen.view.end
    assert session.summary()["winners"] == [0, 1]
    assert end.headline.text == "Ann and Ben share the win!"
    assert "One point per card: 1 poodle · 1 beagle" in shown(end)
    assert "cards" in texts(end)


def test_hand_sizes_and_the_pile_are_key_numbers(services):
    from ui import theme

    screen, _ = table(services)
    view = screen.view
    numbers = [view.pile.number] + [card.hand.number for card in view.cards]
    assert all(label.key_number and label.font_size >= theme.FONT_KEY_NUMBER for label in numbers)
    assert not any(card.total.number.key_number for card in view.cards)  # points are read, not acted on


def test_an_empty_pile_says_so_and_connecting_is_the_big_button(services):
    draws = []
    for turn in range(30):  # 60 cards in the pile with three players: 30 draws of two
        draws.append(Action("draw", turn % 3))
    screen, session = table(services, draws)
    view = screen.view
    assert session.summary()["card_pile"] == 0
    assert view.draw_button.disabled and "empty" in view.draw_button.text
    assert view.connect_button.kind == "primary" and not view.connect_button.disabled


def test_the_pads_record_and_the_grids_finish_are_primary_sized(services):
    from ui import theme

    screen, _ = table(services)
    screen.view.connect_button.trigger_action(0)
    assert screen.view.pad.record_button.height >= theme.TOUCH_BIG
    screen, _ = table(services, [connect(0, ("pug", "pug"), ("beagle", "poodle"))])
    assert screen.view.finish_button.height >= theme.TOUCH_BIG


def test_long_names_are_never_cut_on_any_screen(services):
    from kivy.uix.label import Label

    long_names = [Player("Jean-Baptiste", "orange"), Player("Maximiliana", "sky"), Player("Bartholomew", "green"),
                  Player("Christopher", "yellow")]
    screens = [table(services, players=long_names)[0],
               table(services, [connect(0, ("pug", "pug"), ("beagle", "poodle"))], players=long_names)[0]]
    for screen in screens:
        names = [w for w in screen.view.walk() if isinstance(w, Label) and w.text in {p.name for p in long_names}]
        assert len(names) >= 4 and not any(label.shorten for label in names)


def test_undo_under_an_open_pad_closes_it(services):
    screen, session = table(services, [Action("draw", 0)])
    view = screen.view
    view.connect_button.trigger_action(0)
    view.pad.breed_buttons["pug"].trigger_action(0)
    screen.undo_button.trigger_action(0)  # back to Ann's turn: Ben's half-entered tile is not hers
    assert session.summary()["turn"] == 0
    assert view.pad is None and view.connect_button is not None


# ----- a move updates what is on screen; it does not build it anew -------------------------------------
@pytest.fixture
def on_window(services):
    """A table in the window, so a test can touch it as a finger would."""
    from kivy.uix.screenmanager import NoTransition

    navigator = Navigator(transition=NoTransition())
    Window.add_widget(navigator)

    def show(actions=(), players=FAMILY):
        session = services.store.new_session("mix_the_mutts", players, {})
        for action in actions:
            session.perform(action)
        return open_game_screen(services, navigator, session), session

    yield show
    Window.remove_widget(navigator)


def test_a_move_updates_the_widgets_on_screen_rather_than_replacing_them(on_window):
    from ui_support import same_widgets, tap

    screen, session = on_window()
    view = screen.view
    same, before, after = same_widgets(view, lambda: tap(view.draw_button))
    assert session.actions == (Action("draw", 0),)
    assert same, f"{len(set(map(id, after)) - set(map(id, before)))} widgets built anew by a draw"
    assert view.pile.number.text == "58" and view.cards[0].hand.number.text == "6"
    assert view.turn_badge.player.name == "Ben"


def test_a_score_and_each_breed_tapped_update_the_pads_in_place(on_window):
    from ui_support import same_widgets, tap

    screen, session = on_window([connect(0, ("poodle", "schnauzer"), ("beagle", "beagle"))])
    view = screen.view
    same, _, _ = same_widgets(view, lambda: tap(view.scoring.buttons[(1, 2)]))   # Cleo scores the beagles
    assert session.actions[-1] == Action("score", 2, {"head": "beagle", "tail": "beagle"})
    assert same and view.scoring.buttons[(1, 2)].text == "Scored"
    assert view.scoring.hands[2].number.text == "2"
    tap(view.finish_button)
    tap(view.connect_button)
    for breed in ("pug", "pug", "dachshund"):
        same, _, _ = same_widgets(view, lambda breed=breed: tap(view.pad.breed_buttons[breed]))
        assert same, f"tapping {breed} built the pad anew"
    assert "purebreed pug; dachshund head, ?" in view.pad.entered.text


def test_the_pads_and_the_grid_are_made_once_and_shown_again(on_window):
    from ui_support import tap

    screen, session = on_window()
    view = screen.view
    tap(view.connect_button)
    pad, cells = view.pad, set(view.pad.walk())
    tap(view.pad.breed_buttons["pug"])
    tap(buttons_reading(view, "Cancel")[0])
    tap(view.connect_button)
    assert view.pad is pad and set(view.pad.walk()) == cells
    assert "none yet" in view.pad.entered.text         # a new tile starts with nothing told
    for breed in ("pug", "pug", "beagle", "poodle"):
        tap(view.pad.breed_buttons[breed])
    tap(view.pad.record_button)
    grid = view.scoring
    tap(view.finish_button)
    tap(view.connect_button)
    for breed in ("poodle", "poodle", "beagle", "pug"):
        tap(view.pad.breed_buttons[breed])
    tap(view.pad.record_button)
    assert view.scoring is grid and grid.buttons[(0, 0)].text == "Score +2"


def test_a_refused_tap_changes_nothing_on_screen_but_the_message(on_window):
    from ui_support import same_widgets, tap

    def on_the_table():
        return [widget.text for widget in view.walk(restrict=True) if getattr(widget, "text", None)]

    screen, session = on_window([connect(0, ("poodle", "schnauzer"), ("beagle", "beagle")),
                             Action("score", 1, {"head": "poodle", "tail": "schnauzer"})])
    view = screen.view
    shown_before = on_the_table()
    # Ben has scored one dog: only the active player scores a second, so his cell is greyed and says why.
    same, _, _ = same_widgets(view, lambda: tap(view.scoring.buttons[(1, 1)]))
    assert len(session.actions) == 2 and "already scored one dog" in screen.message.text
    assert same and on_the_table() == shown_before


def test_a_cell_the_rules_would_refuse_is_greyed_before_it_is_tapped(services):
    screen, session = table(services, [connect(0, ("poodle", "schnauzer"), ("beagle", "beagle")),
                                       Action("score", 1, {"head": "poodle", "tail": "schnauzer"})])
    grid = screen.view.scoring
    assert "only the active player" in grid.buttons[(1, 1)].disabled_reason
    assert not grid.buttons[(1, 0)].disabled_reason and not grid.buttons[(1, 2)].disabled_reason
    assert not grid.buttons[(0, 1)].disabled_reason and grid.buttons[(0, 1)].text == "Scored"


def test_the_scoring_grid_says_who_scores_what_and_what_each_dog_is_worth(on_window):
    from ui_support import tap

    screen, session = on_window()
    view = screen.view
    tap(view.connect_button)
    for breed in ("schnauzer", "beagle", "chihuahua", "chihuahua"):
        tap(view.pad.breed_buttons[breed])
    tap(view.pad.record_button)
    grid = view.scoring
    assert grid is not None
    shown = " ".join(texts(grid))
    assert "both cards of a new dog? Show them, tap Score" in shown
    assert "Ann may score every new dog, others one each; then Finish turn" in shown
    # Each cell says what a tap there scores: schnauzer 5 + beagle 2, two chihuahuas at 8.
    assert [grid.buttons[(0, seat)].text for seat in range(3)] == ["Score +7"] * 3
    assert [grid.buttons[(1, seat)].text for seat in range(3)] == ["Score +16"] * 3
    tap(grid.buttons[(0, 1)])
    assert session.actions[-1] == Action("score", 1, {"head": "schnauzer", "tail": "beagle"})
    assert grid.buttons[(0, 1)].text == "Scored" and grid.totals[1].text == "7"


def test_in_the_junior_game_a_dog_is_worth_its_two_cards(services):
    screen, _ = table(services, [connect(0, ("schnauzer", "beagle"), ("pug", "pug"))], options={"junior": True})
    assert {cell.text for cell in screen.view.scoring.buttons.values()} == {"Score +2"}
