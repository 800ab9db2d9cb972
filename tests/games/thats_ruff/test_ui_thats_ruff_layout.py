"""That's Ruff! on the 7" panel (800x480) with four players with long names: every part of a hand passes
the play-throughs' layout check (names in full, targets big enough, nothing cut or overlapping), the
count and every dog's discs kept stay key numbers 10 mm tall (the count with a message showing), the
space numbers are readable, each dog's result (how far it went back and why) is whole in table type at
the end of a hand (at both sizes too, the paths staying where there is room), the line beside the count
says what the last card or "That's Ruff!" did in two lines, a blue or red 8 only asks about the dogs
whose 8 is still in the deck, the expected step is the one drawn as primary when collecting, and staying
in the dog house says what it costs."""

import copy
import random
import sys
from pathlib import Path

import pytest

pytest.importorskip("kivy")

from kivy.base import EventLoop  # noqa: E402
from kivy.core.window import Window  # noqa: E402  (opens the headless window)
from kivy.uix.label import Label  # noqa: E402
from ui_support import larger_text, tap, texts  # noqa: E402

from companion.actions import Action  # noqa: E402
from companion.games.thats_ruff import GAME  # noqa: E402
from companion.players import IDENTITIES, Player  # noqa: E402
from companion.session import Session  # noqa: E402
from ui import theme  # noqa: E402
from ui.games.thats_ruff.widgets import compact, readable  # noqa: E402
from ui.navigation import Navigator  # noqa: E402
from ui.screens.game import open_game_screen  # noqa: E402
from ui.widgets.text import line_height, lines_needed, text_width  # noqa: E402

sys.path.insert(0, str(Path(__file__).parents[2] / "e2e"))
import layout  # noqa: E402

NAMES = ["Christopher", "Maximiliana", "Bartholomäus", "Jean-Baptiste"]
FAMILY = [Player(name, IDENTITIES[seat].key, seat + 1) for seat, name in enumerate(NAMES)]
PHASES = ("laying_out", "counting", "revealing", "collecting", "moving", "hand_over", "won")


def random_game(seed: int = 1, players: int = 4) -> tuple[list[Action], dict[str, int]]:
    """A whole game of random legal moves, and how many moves in each phase first shows."""
    rng = random.Random(seed)
    session = Session(GAME, FAMILY[:players], {})
    first: dict[str, int] = {}
    while True:
        first.setdefault(session.summary()["phase"], len(session.actions))
        if session.is_over:
            return list(session.actions), first
        session.perform(rng.choice(GAME.legal_actions(session.state, rng)))


GAME_ACTIONS, FIRST = random_game()


def settle():
    for _ in range(4):
        EventLoop.idle()


@pytest.fixture
def panel():
    """The window at the 7" panel's size while the test builds and checks its screens."""
    before = Window.size
    Window.size = (800, 480)
    settle()
    assert compact()
    try:
        yield
    finally:
        Window.size = before
        settle()


@pytest.fixture
def shown(services, panel):
    screens = []

    def show(upto: int, actions: list[Action] = GAME_ACTIONS, players: int = 4):
        session = services.store.new_session("thats_ruff", FAMILY[:players], {})
        for action in actions[:upto]:
            session.perform(action)
        screen = open_game_screen(services, Navigator(), session)
        Window.add_widget(screen.manager)
        screens.append(screen)
        settle()
        return screen, session

    yield show
    for screen in screens:
        Window.remove_widget(screen.manager)


def problems(screen) -> list[str]:
    for widget in screen.walk():
        if hasattr(widget, "texture_update"):
            widget.texture_update()
    settle()
    return [str(problem) for problem in layout.check("test", [screen], Window)]


@pytest.mark.parametrize("phase", PHASES)
def test_every_part_of_a_hand_fits_the_panel_with_four_long_names(shown, phase):
    assert phase in FIRST, f"the random game never reached {phase}"
    screen, session = shown(FIRST[phase])
    assert session.summary()["phase"] == phase
    assert problems(screen) == []
    shown_text = " ".join(layout.plain(getattr(widget, "text", "") or "") for widget in screen.walk()
                          if isinstance(getattr(widget, "text", None), str))
    if phase != "collecting":   # collecting shows the players collecting, each in full
        assert all(name in shown_text for name in NAMES), shown_text


def test_the_count_stays_ten_mm_tall_while_a_long_message_shows(shown):
    screen, session = shown(FIRST["counting"] + 3)
    label = screen.view.count.number
    strips = [tuple(strip.size) for strip in screen.view.boards]
    screen.message.show("Maximiliana can't play now: it is Jean-Baptiste's turn, and the card would take the "
                        "count past 32, so say That's Ruff! if nothing fits.", problem=True)
    settle()
    assert label.key_number
    assert layout.key_number_mm(label, layout.px_per_mm(Window.width)) >= 10
    assert [tuple(strip.size) for strip in screen.view.boards] == strips
    assert problems(screen) == []


def test_space_numbers_are_readable_across_the_table(shown):
    screen, session = shown(FIRST["counting"] + 3)
    for strip in screen.view.boards:
        assert strip.number_font >= readable() - 0.5


@pytest.mark.parametrize("phase", ["counting", "moving", "hand_over", "won"])
def test_every_count_the_family_tracks_is_a_key_number(shown, phase):
    """The count while counting, and each dog's discs kept in its house, in the order of the paths."""
    screen, session = shown(FIRST[phase] + (3 if phase == "counting" else 0))
    summary = session.summary()
    kept = [str(board["discs_in_house"]) for board in summary["boards"]]
    key_numbers = [label for label in screen.walk() if getattr(label, "key_number", False)
                   and layout.is_shown(label)]
    assert [label.text for label in key_numbers] == ([str(summary["count"])] if phase == "counting" else []) + kept
    scale = layout.px_per_mm(Window.width)
    assert all(layout.key_number_mm(label, scale) >= 10 for label in key_numbers)
    assert problems(screen) == []


# Random games whose end of a hand says the most about why each dog moved: seed, players, moves.
LONGEST_HAND_ENDS = [(39, 2, 215), (50, 3, 199), (32, 4, 93)]


def results_shown(screen) -> list[Label]:
    """The lines of the hand's result on screen."""
    return [label for label in screen.view.info.results.children if layout.is_shown(label)]


def read_from_the_seats(label: Label) -> bool:
    return (label.font_size * layout.CAP_HEIGHT / layout.px_per_mm(800) >= layout.SECONDARY_TEXT_MM - 0.05
            and not layout.read_up_close(label))


@pytest.mark.parametrize("size", [(800, 480), (1280, 720)], ids=["800x480", "1280x720"])
@pytest.mark.parametrize("seed, players, upto", LONGEST_HAND_ENDS, ids=["2p", "3p", "4p"])
def test_each_dogs_result_is_whole_at_the_end_of_a_hand(shown, size, seed, players, upto):
    Window.size = size
    settle()
    actions, _ = random_game(seed, players)
    screen, session = shown(upto, actions, players)
    summary = session.summary()
    assert summary["phase"] in ("moving", "hand_over", "won") and len(summary["last_move"]) > 40 * players
    assert sorted(label.text for label in results_shown(screen)) == sorted(summary["hand_result"])
    assert all(name in " ".join(summary["hand_result"]) for name in NAMES[:players])
    assert_the_tally_is_read_on_the_paths(screen, whole=size == (1280, 720) or players == 2)
    assert problems(screen) == []


def assert_the_tally_is_read_on_the_paths(screen, whole: bool) -> None:
    """The results of a hand over the paths, all in sight, with the discs kept beside the deal: the
    results take the head's whole width, and where they need more lines than the paths leave them (long
    results of three or four dogs on the 7" panel) they scroll, and the paths stay."""
    view = screen.view
    info = view.info
    assert all(layout.is_shown(strip) and strip.get_root_window() is not None for strip in view.boards)
    assert view.kept.get_root_window() is not None
    if view.phase == "hand_over":
        assert view.kept.parent is view.banner, "the discs kept stand beside the deal"
        assert info.width >= view.ids["head"].width - 1, "the results have the head's whole width"
    if whole:
        assert info.row.height <= info.height + 1, "the results scroll: part of them is out of sight"


def test_the_result_of_a_hand_is_read_from_the_seats_a_line_a_dog(shown):
    """At 800x480 with four long names, the last card of Collecting tapped: how far each dog went back
    and why, in table type, one line a dog, the dog that did not move too, over the paths."""
    actions, _ = random_game(32, 4)
    screen, session = shown(43, actions)
    pad = screen.view.collecting
    tap(next(chip for chip in pad.own_chips if chip.card == {"number": 6, "colour": "blue"}))
    tap(pad.centre_button)
    assert session.summary()["phase"] == "hand_over"
    lines = {label.text: label for label in screen.walk() if isinstance(label, Label) and layout.is_shown(label)}
    for said in ("Christopher (Nicky): 2 back for a pair of 0s, to space 2.",
                 "Maximiliana (Moon): 9 back for pairs of 1s and 10s and a flush of 5 blue, to space 9.",
                 "Bartholomäus (Sage): nothing back.",
                 "Jean-Baptiste (Lady): 15 back for pairs of 4s and 8s, three 2s, a flush of 7 blue and Lady's "
                 "own 8, to space 1, fetching 1 disc."):
        assert said in lines, sorted(lines)
        assert read_from_the_seats(lines[said]), f"{said!r} is in fine print"
    assert_the_tally_is_read_on_the_paths(screen, whole=False)
    assert problems(screen) == []


@pytest.mark.parametrize("size, players", [((1280, 720), 4), ((800, 480), 2)], ids=["1280x720-4p", "800x480-2p"])
def test_where_there_is_room_the_paths_and_the_discs_kept_stay_beside_the_result(shown, size, players):
    Window.size = size
    settle()
    seed, _, upto = next(end for end in LONGEST_HAND_ENDS if end[1] == players)
    actions, _ = random_game(seed, players)
    screen, session = shown(upto, actions, players)
    view = screen.view
    assert len(results_shown(screen)) == players
    assert all(layout.is_shown(strip) and strip.get_root_window() is not None for strip in view.boards)
    assert view.kept.get_root_window() is not None
    assert problems(screen) == []


def while_counting(kind: str) -> list[tuple[int, str]]:
    """After each `kind` move of the game (a card played, "That's Ruff!") after which cards are still
    counted: how many moves were made, and what the line beside the count says."""
    session = Session(GAME, FAMILY, {})
    found = []
    for done, action in enumerate(GAME_ACTIONS, start=1):
        session.perform(action)
        summary = session.summary()
        if action.type == kind and summary["phase"] == "counting":
            found.append((done, summary["last_move_short"]))
    return found


def test_while_counting_the_line_says_what_the_last_move_did_without_scrolling(shown):
    """Beside the count and whose turn it is, the line says what they do not: where the disc was
    tossed, or why the dog moved and where, in the two lines it has on the panel. Only a card that
    also fetches discs or keeps a dog in its dog house may say more than two lines hold."""
    tossed = while_counting("thats_ruff")
    upto, said = max(tossed, key=lambda found: len(found[1]))
    screen, session = shown(upto)
    info = screen.view.info
    assert info.line.text == said and said.rstrip(".") in session.summary()["last_move"]
    assert "count" not in said and not any(name in said for name in NAMES)
    assert info.line.texture_size[1] <= 2 * line_height(theme.FONT_SMALL) + 1, f"more than two lines: {said!r}"
    assert info.row.height <= info.height + 3, "the line scrolls: part of it is out of sight"

    plain_cards = [said for _, said in while_counting("play") if "fetched" not in said and "dog house" not in said]
    assert len(plain_cards) > 50
    for said in [said for _, said in tossed] + plain_cards:
        assert lines_needed(said, theme.FONT_SMALL, info.line.width) <= 2, f"more than two lines: {said!r}"


def test_an_eight_only_asks_about_the_dogs_whose_eight_is_still_in_the_deck(shown):
    screen, session = shown(FIRST["counting"])
    pad = screen.view.counting.pad
    entered = []
    pad.on_card = entered.append
    pad.dogs_seen = []
    pad.tap_suit("blue")
    pad.tap_number(8)
    assert pad.dog_question is not None
    dogs = sorted(child.text for child in pad.dog_question.walk() if getattr(child, "text", "") in
                  ("Nicky", "Moon", "Sage", "Lady"))
    assert dogs == ["Nicky", "Sage"]
    pad.dog_question.dismiss()
    settle()
    pad.dogs_seen = ["Nicky"]   # Nicky's 8 has turned up: a blue 8 now can only be Sage's
    pad.tap_number(8)
    assert pad.dog_question is None
    assert entered == [{"number": 8, "colour": "blue", "dog": "Sage"}]


def test_collecting_draws_the_step_the_rules_leave_as_the_primary_one(shown):
    screen, session = shown(FIRST["collecting"])
    pad = screen.view.collecting
    can = session.summary()["can_collect"]
    assert can in (0, 2, 3)
    expected, other = (pad.collect_button, pad.centre_button) if can else (pad.centre_button, pad.collect_button)
    assert expected.kind == "primary" and other.kind != "primary"
    assert ("centre card" if can else "Move to centre") in pad.hint.text


def test_staying_in_the_dog_house_says_what_it_costs(shown):
    screen, session = shown(FIRST["moving"])
    summary = session.summary()
    board = next(board for board in summary["boards"] if board["choosing_whether_to_stay"])
    choice = board["stay_choice"]
    texts = [child.text for child in screen.view.banner.walk() if isinstance(getattr(child, "text", None), str)]
    assert any(f"pays {choice['cost']} of {choice['discs']} disc" in text for text in texts), texts
    where = "the dog house" if choice["moves_on_to"] == 14 else f"space {choice['moves_on_to']}"
    assert any(f"moves on to {where}" in text for text in texts), texts


@pytest.mark.parametrize("size", [(800, 480), (1280, 720)], ids=["800x480", "1280x720"])
@pytest.mark.parametrize("players", [4, 3, 2])
def test_each_dogs_name_stands_by_its_path_while_counting(shown, size, players):
    """The messages say "Nicky moves to space 6" and "Sage wins!": each path says whose dog it is, its
    players' names and the dog's, with every space's number still whole."""
    Window.size = size
    settle()
    actions, first = random_game(1, players)
    screen, session = shown(first["counting"], actions, players)
    pad = screen.view.counting.pad
    tap(pad.suit_buttons["black"])
    tap(pad.number_buttons[0])
    assert session.summary()["count"] == 0 and len(session.actions) == first["counting"] + 1
    for strip, board in zip(screen.view.boards, session.summary()["boards"]):
        dog = strip.dog_label
        assert dog.text == f"· {board['dog']}" and layout.is_shown(dog) and dog.get_root_window() is not None
        assert read_from_the_seats(dog)
        assert all(name in layout.plain(" ".join(texts(strip))) for name in board["names"])
        assert strip.geometry.tile_w >= text_width("13", readable(), bold=True)
    assert problems(screen) == []


def lines_drawn(label: Label) -> list[str]:
    """The lines a label's words were wrapped into when drawn."""
    label.texture_update()
    return ["".join(word.text for word in line.words) for line in label._label._cached_lines]


def test_a_wild_dogs_colour_and_number_to_match_stay_on_one_line(shown):
    """At 800x480 with four long names, "match Wild Dog as blue 6" once broke with the 6 alone: it stands
    whole on one line beside the count, and its colour and number are bound wherever it may break."""
    screen, session = shown(FIRST["counting"])
    pad = screen.view.counting.pad
    for key in (pad.suit_buttons["wild"], pad.suit_buttons["blue"], pad.number_buttons[6]):
        tap(key)
    assert session.summary()["last_card_name"] == "Wild Dog as blue 6"
    match = screen.view.ids["info_match"]
    lines = [line.strip().replace("\u00a0", " ") for line in lines_drawn(match)]
    assert lines == ["match Wild Dog as blue 6"], lines
    assert "blue\u00a06" in match.text, "the colour and number could split"


@pytest.mark.parametrize("size", [(800, 480), (1280, 720)], ids=["800x480", "1280x720"])
def test_while_collecting_each_row_says_where_its_dog_stands_and_the_discs_on_its_path(shown, size):
    """The paths are out of sight while collecting, and collecting is planned around them."""
    Window.size = size
    settle()
    screen, session = shown(FIRST["collecting"])
    pad = screen.view.collecting
    tap(pad.own_chips[0])   # a card chosen: the rows stay as they are
    summary = session.summary()
    for seat, row in enumerate(pad.seat_rows):
        board = summary["boards"][summary["players"][seat]["board"]]
        where = "home" if board["in_dog_house"] else f"on {board['position']}"
        assert row.place.text == f"· {board['dog']} {where}" and layout.is_shown(row.place)
        assert read_from_the_seats(row.place)
        assert row.discs.shown == sorted(board["discs_on_path"]), "every disc fits beside the cards"
    assert any(board["discs_on_path"] for board in summary["boards"])
    assert problems(screen) == []


PARTNERS = [Player(name, IDENTITIES[seat].key, seat + 1)
            for seat, name in enumerate(["Bartholomäus", "Zoë", "Jean-Baptiste", "Muñoz"])]


@pytest.mark.parametrize("larger_text", [False, True], ids=["usual-text", "larger-text"])
def test_partners_long_names_stay_in_their_boxes_when_the_hand_is_handed_over(services, panel, larger_text):
    """Four players as two partnerships at 800x480, the hand's last card moved to the centre by touch:
    at the hand over each path keeps both partners' names whole in its strip (Bartholomäus and
    Jean-Baptiste side by side are too wide to share a line with the path: they stand over it), every
    dog's discs kept are whole in their box, and the paths are in sight with the tally."""
    rng = random.Random(2)
    game = Session(GAME, PARTNERS, {"partnerships": True})
    while True:   # up to the move that ends the hand: a card moved to the centre, done below by touch
        action = rng.choice(GAME.legal_actions(game.state, rng))
        if action.type == "to_centre" and GAME.summary(GAME.apply(copy.deepcopy(game.state), action))["phase"] == \
                "hand_over":
            break
        game.perform(action)
    if larger_text:
        theme.use_larger_text(True)
    try:
        session = services.store.new_session("thats_ruff", PARTNERS, {"partnerships": True})
        for done in game.actions:
            session.perform(done)
        screen = open_game_screen(services, Navigator(), session)
        Window.add_widget(screen.manager)
        settle()
        pad = screen.view.collecting
        tap(next(chip for chip in pad.own_chips if chip.card == action.get("card")))
        tap(pad.centre_button)
        settle()
        assert session.summary()["phase"] == "hand_over"
        for strip in screen.view.boards:
            assert strip.get_root_window() is not None and layout.is_shown(strip)
            strip_box = layout.window_box(strip)
            for badge in strip.badges:
                box = layout.window_box(badge)
                assert strip_box[0] <= box[0] and box[2] <= strip_box[2] + 1, f"{badge.player.name} runs past its path"
        for house in screen.view.kept.houses:
            assert house.count.number.texture_size[1] <= house.count.number.height + 1
        assert problems(screen) == []
        Window.remove_widget(screen.manager)
    finally:
        theme.use_larger_text(False)


@pytest.mark.parametrize("larger_text", [False, True], ids=["usual-text", "larger-text"])
def test_collecting_at_four_shows_the_whole_centre_and_every_players_cards_at_once(shown, larger_text):
    """At 1280x720, four long names, twenty cards in the centre: the centre takes the width its rows
    need to be all in sight, each player's name and dog stand beside their cards, and every card, the
    centre's and each player's, is on screen at once, with no scrolling, before and after a card is
    tapped (with Larger text too)."""
    from kivy.uix.scrollview import ScrollView

    Window.size = (1280, 720)
    settle()
    if larger_text:
        theme.use_larger_text(True)
    try:
        screen, session = shown(FIRST["collecting"])
        pad = screen.view.collecting
        assert len(session.summary()["centre"]) >= 20
        for _ in range(2):
            lists = [widget for widget in pad.walk() if isinstance(widget, ScrollView)]
            assert lists and all(view.children[0].height <= view.height + 1 for view in lists), \
                [(view.height, view.children[0].height) for view in lists]
            chips = pad.centre_chips + [chip for row in pad.seat_rows for chip in row.chips if layout.is_shown(chip)]
            assert len(chips) == len(session.summary()["centre"]) + sum(
                len(player["laid_out"]) for player in session.summary()["players"])
            for chip in chips:
                assert layout.viewport(chip, Window) == layout.intersect(layout.window_box(chip), layout.window_box(chip))
            assert problems(screen) == []
            tap(pad.own_chips[0])
    finally:
        theme.use_larger_text(False)


@pytest.mark.parametrize("phase", PHASES)
def test_the_paths_and_the_bars_under_them_fit_the_panel_with_larger_text(shown, phase):
    """With Larger text at 800x480 and four long names, every part of a hand: the card pad's numbers
    stay 9 mm targets, the names on the laying-out and turning-up seats whole, each path's names in
    their column beside it, whoever deals next or chooses named whole over what they do, and nothing
    is cut or outside its box."""
    with larger_text():
        screen, session = shown(FIRST[phase])
        assert session.summary()["phase"] == phase
        assert problems(screen) == []
        for strip in screen.view.boards:
            column = layout.window_box(strip.names)
            for badge in strip.badges:
                assert layout.window_box(badge)[2] <= column[2] + 1, f"{badge.player.name} runs past its column"
