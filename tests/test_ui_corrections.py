"""Putting the saved games right by touches: a player renamed on their records screen (on the on-screen
keys) or put together with another name as one person, a seat renamed during a game, a game entered by
mistake deleted from Saved games or from the evening; each with one-tap Undo in the message bar, and
each screen passing the layout check at 800x480 and 1280x720."""

from __future__ import annotations

import sys
from dataclasses import asdict
from pathlib import Path

import pytest

pytest.importorskip("kivy")

from kivy.core.window import Window  # noqa: E402  (opens the headless window)
from kivy.uix.modalview import ModalView  # noqa: E402
from ui_support import buttons_reading, same_widgets, settle, tap, tap_at, texts, window_of  # noqa: E402

from companion.game_lines import evenings  # noqa: E402
from companion.gamelog import session_from_document  # noqa: E402
from companion.players import IDENTITIES, Player  # noqa: E402
from companion.records import all_records  # noqa: E402
from companion.rulecards import load_example  # noqa: E402
from ui.places import Place  # noqa: E402
from ui.screens.evening import EveningScreen  # noqa: E402
from ui.screens.game import GameScreen  # noqa: E402
from ui.screens.profile import ProfileScreen  # noqa: E402
from ui.screens.saved_games import SavedGamesScreen  # noqa: E402
from ui.widgets.keyboard import TypingPopup, key_center  # noqa: E402

sys.path.insert(0, str(Path(__file__).parent / "e2e"))
import layout  # noqa: E402


def popups() -> list[ModalView]:
    return [widget for widget in Window.children if isinstance(widget, ModalView)]


def the(navigator, text):
    """The one button reading `text`, on the popup on top if one is open, else on the screen."""
    settle()
    root = popups()[0] if popups() else navigator.current_screen
    found = buttons_reading(root, text)
    assert len(found) == 1, f"expected one {text!r}: {texts(root)}"
    return found[0]


def type_on_keys(*labels: str) -> None:
    settle()
    (keyboard,) = [popup for popup in popups() if isinstance(popup, TypingPopup)]
    for label in labels:
        tap_at(*key_center(keyboard.keys, label))
        settle()


def example(services, key: str, *names: str):
    document = {**load_example(key), "players": [{"name": name, "colour": IDENTITIES[seat].key, "button": seat + 1}
                                                 for seat, name in enumerate(names)]}
    return services.store.import_session(session_from_document(document))


def records(services) -> list[tuple[str, int, int]]:
    return [(record.name, record.played, record.won) for record in all_records(services.store)]


def standings(services) -> list[tuple[str, int]]:
    return [(line.name, line.points) for line in evenings(services.store)[0].standings]


@pytest.fixture
def two_games(services):
    """That's Ruff! (Ann, Ben) won by Ann; Mix-the-Mutts (Ben, Annie) won by Annie with 39 to 31."""
    example(services, "thats_ruff", "Ann", "Ben")
    example(services, "mix_the_mutts", "Ben", "Annie")
    return services


def test_a_player_is_renamed_on_their_records_by_touch_and_undo_puts_the_name_back(two_games, navigator):
    services = two_games
    screen = navigator.go(Place.EVENING, services)
    settle()   # a list draws its rows on the next frame
    tap(next(row for row in screen.rows if row.standing.name == "Ann"))
    profile = navigator.current_screen
    assert isinstance(profile, ProfileScreen) and profile.record.name == "Ann"
    tap(the(navigator, "Rename"))
    type_on_keys("backspace", "backspace", "backspace", "A", "n", "n", "a")
    tap(the(navigator, "Done"))
    assert navigator.current_screen is profile and profile.record.name == "Anna"
    assert profile.name_label.text == "Anna" and (profile.record.played, profile.record.won) == (1, 1)
    assert profile.message.text == "Ann is now called Anna, in every game so far." and profile.message.offered == "Undo"
    assert records(services) == [("Ben", 2, 0), ("Anna", 1, 1), ("Annie", 1, 1)]
    assert dict(standings(services)) == {"Anna": 1, "Annie": 1, "Ben": 0}

    tap(the(navigator, "Undo"))
    assert profile.record.name == "Ann" and profile.message.text == "Undone: Anna is called Ann again."
    assert profile.message.offered is None
    assert records(services) == [("Ben", 2, 0), ("Ann", 1, 1), ("Annie", 1, 1)]


def test_a_rename_to_a_name_taken_offers_to_put_the_two_together_and_undo_parts_them(two_games, navigator):
    services = two_games
    profile = navigator.go(Place.PROFILE, services, "Annie")
    tap(the(navigator, "Rename"))
    type_on_keys(*["backspace"] * 5, "A", "n", "n")
    tap(the(navigator, "Done"))
    assert profile.record.name == "Annie" and records(services) == [("Ben", 2, 0), ("Ann", 1, 1), ("Annie", 1, 1)]
    assert profile.message.text.startswith("There is already a player called Ann.")
    tap(the(navigator, "Same person as Ann"))
    assert profile.record.name == "Ann" and (profile.record.played, profile.record.won) == (2, 2)
    assert records(services) == [("Ann", 2, 2), ("Ben", 2, 0)]
    assert standings(services) == [("Ann", 2), ("Ben", 0)]
    tap(the(navigator, "Undo"))
    assert profile.record.name == "Annie"
    assert records(services) == [("Ben", 2, 0), ("Ann", 1, 1), ("Annie", 1, 1)]


def test_same_person_as_lists_the_other_names_and_the_one_tapped_is_kept(two_games, navigator):
    services = two_games
    profile = navigator.go(Place.PROFILE, services, "Ann")
    tap(the(navigator, "Same person as..."))
    chooser = popups()[0]
    assert sorted(choice.text for choice in chooser.choices) == ["Annie", "Ben"]
    tap(next(choice for choice in chooser.choices if choice.text == "Annie"))
    assert not popups() and profile.record.name == "Annie" and profile.record.played == 2
    tap(the(navigator, "Same person as..."))
    tap(next(choice for choice in popups()[0].choices if choice.text == "Ben"))
    assert profile.message.text.startswith("Annie and Ben both played")       # they sat at one game
    assert records(services) == [("Annie", 2, 2), ("Ben", 2, 0)]


def test_the_person_kept_keeps_their_own_colour_and_shape_in_records_standings_and_chart(two_games, navigator):
    """Annie (Mix-the-Mutts, the later game, in the second colour) is the same person as Ann (in the
    first colour): Ann is kept, with her own colour, wherever the family sees her."""
    services = two_games
    own = IDENTITIES[0]
    profile = navigator.go(Place.PROFILE, services, "Annie")
    tap(the(navigator, "Same person as..."))
    tap(next(choice for choice in popups()[0].choices if choice.text == "Ann"))
    assert profile.record.name == "Ann" and profile.record.colour == own.key
    assert profile.symbol == own.symbol                                          # the shape beside her name
    (ann,) = [line for line in evenings(services.store)[0].standings if line.name == "Ann"]
    assert ann.colour == own.key
    evening = navigator.go(Place.EVENING, services)
    settle()
    (row,) = [row for row in evening.rows if row.standing.name == "Ann"]
    assert row.symbol == own.symbol                                             # the standings
    ends = {label.name: label.symbol for label in evening.body.chart.end_labels if label.name}
    assert ends["Ann"] == own.symbol                                            # the chart's line


def test_a_seat_is_renamed_during_a_game_from_its_name_and_undo_puts_it_back(services, navigator):
    session = services.store.new_session("mix_the_mutts", [Player("Ann", "orange", 1), Player("Player 2", "sky", 2)])
    navigator.go(Place.GAME, services, session)
    tap(the(navigator, "History"))
    tap(the(navigator, "Names"))
    names = popups()[0]
    tap(names.buttons[1])
    type_on_keys(*["backspace"] * 8, "G", "r", "a", "n")
    tap(the(navigator, "Done"))
    game = navigator.current_screen
    assert isinstance(game, GameScreen)
    assert [player.name for player in game.controller.session.players] == ["Ann", "Gran"]
    assert game.controller.session.state.names == ["Ann", "Gran"]            # the game's own state too
    assert [button.text for button in names.buttons] == ["Ann", "Gran"]
    assert names.message.text == "Player 2 is now called Gran in this game."

    tap(names.buttons[1])
    type_on_keys(*["backspace"] * 4, "A", "n", "n")
    tap(the(navigator, "Done"))
    assert names.message.text.startswith("Ann already sits at this table, in seat 1")
    assert [player.name for player in navigator.current_screen.controller.session.players] == ["Ann", "Gran"]

    tap(names.buttons[1])
    type_on_keys("backspace", "backspace", "backspace", "backspace", "P", "a")
    tap(the(navigator, "Done"))
    tap(the(navigator, "Undo"))
    assert [player.name for player in navigator.current_screen.controller.session.players] == ["Ann", "Gran"]
    tap(the(navigator, "Close"))
    assert not popups() and isinstance(navigator.current_screen, GameScreen)


def test_a_game_is_deleted_from_saved_games_after_one_question_and_undo_brings_it_back(two_games, navigator):
    services = two_games
    before = ([asdict(line) for line in evenings(services.store)[0].standings], records(services))
    screen = navigator.go(Place.SAVED_GAMES, services)
    settle()
    assert isinstance(screen, SavedGamesScreen) and list(screen.row_of) == [2, 1]
    tap(buttons_reading(screen.row_of[2], "Delete")[0])
    question = popups()[0]
    assert "Delete this game?" in texts(question)
    assert any("It leaves tonight's standings" in text for text in texts(question))
    tap(the(navigator, "Keep it"))
    assert not popups() and list(screen.row_of) == [2, 1] and records(services) == before[1]

    tap(buttons_reading(screen.row_of[2], "Delete")[0])
    tap(the(navigator, "Delete"))
    assert list(screen.row_of) == [1] and screen.message.offered == "Undo"
    assert screen.message.text.startswith("Deleted Mix-the-Mutts, ")
    # Annie's one game is gone; her name stays remembered for the next set-up.
    assert records(services) == [("Ann", 1, 1), ("Ben", 1, 0), ("Annie", 0, 0)]
    assert standings(services) == [("Ann", 1), ("Ben", 0)]

    tap(the(navigator, "Undo"))
    assert list(screen.row_of) == [2, 1] and screen.message.text.endswith("is back, as it was.")
    assert ([asdict(line) for line in evenings(services.store)[0].standings], records(services)) == before


def test_a_game_is_deleted_from_the_evening_and_the_standings_follow_on_the_same_screen(two_games, navigator):
    services = two_games
    screen = navigator.go(Place.EVENING, services)
    settle()
    assert isinstance(screen, EveningScreen) and screen.title_label.text == "Tonight: 2 games"
    assert {row.standing.name: row.standing.points for row in screen.rows} == {"Ann": 1, "Annie": 1, "Ben": 0}
    tap(buttons_reading(screen, "Delete")[0])   # the first game's
    tap(the(navigator, "Delete"))
    assert navigator.current_screen is screen and screen.title_label.text == "Tonight: 1 game"
    assert {row.standing.name: row.standing.points for row in screen.rows} == {"Annie": 1, "Ben": 0}
    tap(the(navigator, "Undo"))
    assert screen.title_label.text == "Tonight: 2 games"
    assert {row.standing.name: row.standing.points for row in screen.rows} == {"Ann": 1, "Annie": 1, "Ben": 0}


def check_layout(where: str, roots) -> None:
    for root in roots:
        for widget in root.walk():
            if hasattr(widget, "texture_update"):
                widget.texture_update()
    settle(4)
    problems = [str(problem) for problem in layout.check(where, list(roots), Window)]
    assert problems == [], "\n".join(problems)


@pytest.mark.parametrize("size", [(800, 480), (1280, 720)], ids=["800x480", "1280x720"])
def test_a_player_page_shows_the_longest_name_the_keyboard_takes_whole(services, navigator, size):
    with window_of(size):
        example(services, "nut", "Maria Magdalena Wolf", "Ben")
        profile = navigator.go(Place.PROFILE, services, "Maria Magdalena Wolf")
        check_layout(f"a player's page {size}", [profile])
        assert profile.name_label.text == "Maria Magdalena Wolf"


@pytest.mark.parametrize("size", [(800, 480), (1280, 720)], ids=["800x480", "1280x720"])
def test_the_correction_screens_pass_the_layout_check(services, navigator, size):
    from ui.scenes import FAMILY
    from ui.scenes.screens import _game_night

    before = Window.size
    Window.size = size
    settle(6)
    try:
        _game_night(services)
        profile = navigator.go(Place.PROFILE, services, "Grandpa")
        profile.rename("Grandpa", "Mum")
        check_layout(f"name taken {size}", [profile])
        profile.choose_same_person()
        check_layout(f"same person {size}", popups())
        popups()[0].dismiss(animation=False)
        evening = navigator.go(Place.EVENING, services)
        evening.ask_delete(evening.evening.games[0])
        check_layout(f"delete question {size}", popups())
        popups()[0].dismiss(animation=False)
        evening.delete(evening.evening.games[0])
        check_layout(f"evening after a delete {size}", [evening])
        saved = navigator.go(Place.SAVED_GAMES, services)
        settle()
        saved.delete(next(iter(saved.row_of)))
        check_layout(f"saved games after a delete {size}", [saved])
        six = [*FAMILY, Player("Bartholomew-Jones", "blue", 5), Player("Player 6", "pink", 6)]
        game = navigator.go(Place.GAME, services, services.store.new_session("nuts_about_mutts", six, {}))
        game.open_names().rename(5, "Maximiliana")
        check_layout(f"names at six seats {size}", popups())
    finally:
        for popup in popups():
            popup.dismiss(animation=False)
        Window.size = before
        settle(6)


def test_the_only_saved_game_deleted_and_brought_back_gets_the_list_s_room_back(services, navigator):
    session = services.store.new_session("mix_the_mutts", [Player("Ann", "orange"), Player("Ben", "sky")])
    screen = navigator.go(Place.SAVED_GAMES, services)
    settle()
    tap(buttons_reading(screen.row_of[session.id], "Delete")[0])
    tap(the(navigator, "Delete"))
    assert screen.empty and any(text.startswith("No games yet") for text in texts(screen))
    tap(the(navigator, "Undo"))
    settle()
    assert list(screen.row_of) == [session.id]
    row = screen.row_of[session.id]
    listed = screen.rows
    list_bottom, list_top = listed.parent.to_window(listed.x, listed.y)[1], listed.parent.to_window(listed.x, listed.top)[1]
    row_bottom, row_top = row.to_window(row.x, row.y)[1], row.to_window(row.x, row.top)[1]
    # The list has the screen's room again, not what the note saying the list is empty left it.
    assert listed.height > 0.6 * screen.height and list_bottom <= row_bottom < row_top <= list_top


def test_a_seat_renamed_updates_the_names_on_screen_rather_than_replacing_them(services, navigator):
    session = services.store.new_session("mix_the_mutts", [Player("Ann", "orange", 1), Player("Player 2", "sky", 2)])
    navigator.go(Place.GAME, services, session)
    tap(the(navigator, "History"))
    tap(the(navigator, "Names"))
    names = popups()[0]

    def rename() -> None:
        tap(names.buttons[1])
        type_on_keys(*["backspace"] * 8, "G", "r", "a", "n")
        tap(the(navigator, "Done"))

    same, before, after = same_widgets(names, rename)
    assert same, f"{len({id(w) for w in after} - {id(w) for w in before})} widgets built anew"
    assert [button.text for button in names.buttons] == ["Ann", "Gran"] and names.message.offered == "Undo"
