"""Nothing is lost by one tap: a game set aside on Home comes back with one tap, and every game this
table has played (unfinished, set aside or finished) can be found again and opened."""

import json
import random
import re

import pytest

pytest.importorskip("kivy")

from kivy.core.window import Window  # noqa: E402  (opens the headless window)
from ui_support import buttons_reading, home_read, same_widgets, settle, settle_until, tap, texts  # noqa: E402

from companion.actions import Action  # noqa: E402
from companion.players import Player  # noqa: E402
from ui.places import Place  # noqa: E402
from ui.screens.game import GameScreen  # noqa: E402
from ui.screens.home import HomeScreen  # noqa: E402
from ui.screens.saved_games import SavedGamesScreen  # noqa: E402

FAMILY = [Player("Ann", "orange"), Player("Ben", "sky")]


def shown(screen) -> list[str]:
    settle()   # a list draws its rows on the next frame
    return [re.sub(r"\[/?b\]", "", text) for text in texts(screen)]


def the(navigator, text):
    settle()
    found = buttons_reading(navigator.current_screen, text)
    assert len(found) == 1, f"expected one {text!r} on {type(navigator.current_screen).__name__}: {texts(navigator)}"
    return found[0]


def started_game(services):
    session = services.store.new_session("mix_the_mutts", FAMILY)
    session.perform(Action("draw", 0))
    return session


def test_set_aside_takes_one_tap_and_one_tap_brings_it_back(services, navigator):
    session = started_game(services)
    navigator.show(HomeScreen(services, navigator))
    tap(the(navigator, "Set aside"))
    assert services.store.unfinished() is None
    assert any("Set aside: Mix-the-Mutts" in text for text in texts(navigator.current_screen))
    tap(the(navigator, "Undo"))
    assert services.store.unfinished().id == session.id
    assert buttons_reading(navigator.current_screen, "Resume")


def test_a_set_aside_game_is_listed_and_resumes_exactly(services, navigator):
    session = started_game(services)
    services.store.set_aside(session.id)
    navigator.show(HomeScreen(services, navigator))
    tap(the(navigator, "Saved games"))
    assert isinstance(navigator.current_screen, SavedGamesScreen)
    assert any("Mix-the-Mutts  -  Set aside" in text and "Ann, Ben" in text for text in shown(navigator.current_screen))
    tap(the(navigator, "Resume"))
    screen = navigator.current_screen
    assert isinstance(screen, GameScreen)
    assert screen.controller.session.state == session.state
    assert services.store.unfinished().id == session.id


def test_a_finished_game_is_listed_with_its_winner_and_opens(services, navigator):
    session = services.store.new_session("pugs_in_mugs", FAMILY)
    services.store.set_aside(session.id)
    finished = services.store.new_session("nut", FAMILY)
    rng = random.Random(4)
    while not finished.is_over:
        finished.perform(rng.choice(finished.game.legal_actions(finished.state, rng)))
    navigator.show(SavedGamesScreen(services, navigator))
    listed = [text for text in shown(navigator.current_screen) if text.startswith("Nut  -  ")]
    winners = finished.summary()["winner_names"]
    assert listed and f"Won by {' and '.join(winners)}" in listed[0]
    tap(the(navigator, "Look"))
    assert isinstance(navigator.current_screen, GameScreen)
    assert navigator.current_screen.controller.session.is_over


@pytest.mark.parametrize("key,winner_names", [
    ("thats_ruff", lambda summary: summary["winner"]["names"]),
    ("nuts_about_mutts", lambda summary: [summary["names"][seat] for seat in summary["top_dog"]]),
], ids=["thats_ruff", "nuts_about_mutts"])
def test_games_that_name_their_winner_their_own_way_are_listed_with_it(services, navigator, key, winner_names):
    # Neither summary has a "winners" list; the listing reads the result every game reports alike.
    finished = services.store.new_session(key, FAMILY, {"hands": 1} if key == "nuts_about_mutts" else {})
    rng = random.Random(5)
    while not finished.is_over:
        finished.perform(rng.choice(finished.game.legal_actions(finished.state, rng)))
    navigator.show(SavedGamesScreen(services, navigator))
    title = finished.game.title
    listed = [text for text in shown(navigator.current_screen) if text.startswith(f"{title}  -  ")]
    assert listed and f"Won by {' and '.join(winner_names(finished.summary()))}" in listed[0]


def test_a_saved_game_the_app_cannot_read_back_never_stops_the_start(services, navigator):
    """A record written by something else (a blank name, an unknown game) is left out with a word on
    Home, and the readable game is still offered for Resume."""
    kept = services.store.new_session("nut", FAMILY)
    broken = services.store.new_session("nut", [Player("Cy", "orange"), Player("Di", "sky")])
    services.store._db.execute("UPDATE sessions SET players = ? WHERE id = ?",
                               (json.dumps([{"name": "   "}, "Di"]), broken.id))
    services.store._db.execute("UPDATE sessions SET game = 'chess' WHERE id = ?", (kept.id,))
    readable = services.store.new_session("pugs_in_mugs", FAMILY)

    assert [record.id for record in services.store.sessions()] == [readable.id]
    assert {number for number, _ in services.store.unreadable()} == {kept.id, broken.id}
    navigator.show(HomeScreen(services, navigator))
    home_read(navigator.current_screen)
    words = " ".join(shown(navigator.current_screen))
    assert "Saved game 2 (and 1 other) can't be read back" in words
    tap(the(navigator, "Resume"))
    assert isinstance(navigator.current_screen, GameScreen)
    assert navigator.current_screen.controller.session.id == readable.id


def test_a_game_whose_log_no_longer_replays_says_so_and_stays_home(services, navigator):
    session = services.store.new_session("pugs_in_mugs", FAMILY)
    session.perform(Action("draw", 0))
    services.store._db.execute("UPDATE entries SET action = ? WHERE session_id = ?",
                               (json.dumps({"type": "fly", "player": 0}), session.id))
    navigator.show(HomeScreen(services, navigator))
    tap(the(navigator, "Resume"))
    assert isinstance(navigator.current_screen, HomeScreen)
    assert any("can't be brought back" in text for text in shown(navigator.current_screen))


# Entries a saved game's log may hold once something else has written to the file.
UNREADABLE = {"a move the rules refuse": json.dumps({"type": "fly", "player": 0}), "not JSON": "{not json",
              "NULL": None, "nested too deep": "[" * 5000 + "]" * 5000}


def spoil(services, session_id: int, entry: str) -> None:
    services.store._db.execute("UPDATE entries SET action = ? WHERE session_id = ? AND seq = 1",
                               (UNREADABLE[entry], session_id))


@pytest.mark.parametrize("entry", sorted(UNREADABLE))
def test_home_resume_of_a_log_that_cannot_be_read_says_so_and_stays_home(services, navigator, entry):
    session = started_game(services)
    spoil(services, session.id, entry)
    navigator.show(HomeScreen(services, navigator))
    tap(the(navigator, "Resume"))
    assert isinstance(navigator.current_screen, HomeScreen)
    assert navigator.current_screen.message.text.startswith(f"Game {session.id} can't be brought back (")


@pytest.mark.parametrize("entry", sorted(UNREADABLE))
@pytest.mark.parametrize("state", ["set aside", "finished"])
def test_saved_games_resume_and_look_on_a_log_that_cannot_be_read_say_so_and_change_nothing(
        services, navigator, entry, state):
    """Resume (a set-aside game) and Look (a finished one) open the game the way Home's Resume does:
    a log that no longer replays is said so, and the game stays as it was, still set aside."""
    if state == "set aside":
        session = started_game(services)
        services.store.set_aside(session.id)
    else:
        session = finished_nut(services)
    spoil(services, session.id, entry)
    before = services.store.session_record(session.id)
    screen = navigator.go(Place.SAVED_GAMES, services)
    tap(the(navigator, "Resume" if state == "set aside" else "Look"))
    assert navigator.current_screen is screen
    assert message_of(screen).startswith(f"Game {session.id} can't be brought back (")
    assert message_of(screen).endswith("it stays in Saved games.")
    assert services.store.session_record(session.id) == before
    assert services.store.unfinished() is None


def test_home_says_when_the_saved_games_file_was_moved_aside(tmp_path, navigator):
    from ui_support import make_services

    (tmp_path / "companion.sqlite3").write_bytes(b"not a database at all, " * 200)
    services = make_services(tmp_path)
    navigator.show(HomeScreen(services, navigator))
    settle()
    words = " ".join(shown(navigator.current_screen))
    assert "could not be used (it is damaged" in words and "companion.sqlite3.unusable-" in words


# ----- export and import ----------------------------------------------------------------------------

def plug_in(tmp_path, monkeypatch, label="KINGSTON"):
    """A USB stick as the desktop mounts it, in a fake mount table the app is pointed at."""
    from companion import exports

    stick = tmp_path / "media" / "pi" / label
    stick.mkdir(parents=True)
    (tmp_path / "mounts").write_text(f"/dev/sda1 {stick} vfat rw,nosuid 0 0\n")
    monkeypatch.setattr(exports, "ROOTS", (tmp_path / "media",))
    monkeypatch.setattr(exports, "MOUNTS", tmp_path / "mounts")
    return stick


def finished_nut(services, seed=4):
    session = services.store.new_session("nut", FAMILY)
    rng = random.Random(seed)
    while not session.is_over:
        session.perform(rng.choice(session.game.legal_actions(session.state, rng)))
    return session


def another_tables_evening(tmp_path, stick):
    """Two finished games played on another table, exported onto the stick as an evening."""
    from companion import exports
    from companion.game_lines import evenings
    from companion.store import Store

    other = Store.open(tmp_path / "other")
    for key in ("mix_the_mutts", "pugs_in_mugs"):
        session = other.new_session(key, [Player("Cy", "green"), Player("Di", "yellow")])
        rng = random.Random(2)
        while not session.is_over:
            session.perform(rng.choice(session.game.legal_actions(session.state, rng)))
    (evening,) = evenings(other)
    exported = exports.export_evening(other, tmp_path / "other", evening, 1)
    other.close()
    assert exported.stick is not None
    return exported.files[0]


def message_of(screen) -> str:
    return screen.message.text


def stick_popup(screen):
    """The stick's files, once every one of them is described (they are read off the screen's thread)."""
    from ui.screens.saved_games import ImportPopup

    popup = next(child for child in Window.children if isinstance(child, ImportPopup))
    assert settle_until(lambda: popup.reading is None and popup.choices)
    return popup


def import_done(screen) -> None:
    assert settle_until(lambda: screen.importing is None, timeout_s=60)
    settle()


def test_export_on_a_saved_game_puts_it_on_the_stick_and_says_so(services, navigator, tmp_path, monkeypatch):
    import time

    stick = plug_in(tmp_path, monkeypatch)
    finished_nut(services)
    screen = navigator.go(Place.SAVED_GAMES, services)
    tap(the(navigator, "Export"))
    day = time.strftime("%Y-%m-%d")
    assert message_of(screen) == f"Saved to the USB stick KINGSTON: nut-{day}.json, .csv, .bgstats.json and .bgstats.html"
    assert sorted(path.name for path in stick.iterdir()) == [
        f"nut-{day}.bgstats.html", f"nut-{day}.bgstats.json", f"nut-{day}.csv", f"nut-{day}.json"]
    assert json.loads((stick / f"nut-{day}.json").read_text())["game"] == "nut"


def test_without_a_stick_the_export_goes_to_the_data_directory_and_import_says_to_plug_one_in(
        services, navigator, tmp_path, monkeypatch):
    from companion import exports

    monkeypatch.setattr(exports, "MOUNTS", tmp_path / "no-mounts")
    finished_nut(services)
    screen = navigator.go(Place.SAVED_GAMES, services)
    tap(the(navigator, "Export"))
    assert message_of(screen).startswith("No USB stick found: saved nut-")
    assert len(list((tmp_path / "exports").iterdir())) == 4   # the log, its CSV, the BG Stats plays and their page
    tap(the(navigator, "Import from USB stick"))
    assert message_of(screen).startswith("No USB stick found. Plug one in")


def test_an_evening_on_the_stick_is_imported_by_one_tap_and_listed(services, navigator, tmp_path, monkeypatch):
    from ui.screens.saved_games import ImportPopup

    stick = plug_in(tmp_path, monkeypatch)
    evening_file = another_tables_evening(tmp_path, stick)
    for _ in range(6):   # newer games of this table, listed above the imported ones
        services.store.new_session("nut", FAMILY)
    screen = navigator.go(Place.SAVED_GAMES, services)
    tap(the(navigator, "Import from USB stick"))
    popup = stick_popup(screen)
    (choice,) = [button for button in popup.choices if evening_file.name in button.text]
    assert "An evening of" in choice.text and "2 games" in choice.text
    tap(choice)
    assert not any(isinstance(child, ImportPopup) for child in Window.children)
    import_done(screen)
    assert message_of(screen) == "Imported an evening of 2 games as games 7 and 8: Mix-the-Mutts, Pugs in Mugs."
    words = shown(screen)
    assert any(text.startswith("Mix-the-Mutts  -  Won by") and "Cy, Di" in text for text in words)
    assert any(text.startswith("Pugs in Mugs  -  Won by") for text in words)
    assert [record.game for record in services.store.history()][:2] == ["mix_the_mutts", "pugs_in_mugs"]
    settle(4)
    view_bottom, view_top = screen.scroll.to_window(0, 0)[1], screen.scroll.to_window(0, screen.scroll.height)[1]
    for number in (7, 8):   # both imported games scrolled into view
        row = screen.row_of[number]
        bottom, top = row.to_window(row.x, row.y)[1], row.to_window(row.x, row.top)[1]
        assert view_bottom - 1 <= bottom and top <= view_top + 1, (number, bottom, top, view_bottom, view_top)


def test_an_evening_exported_and_imported_by_touch_on_an_empty_table_keeps_the_race_records(tmp_path, navigator,
                                                                                           monkeypatch):
    from race_support import raced_mutts
    from ui_support import make_services

    from companion.records import player_record
    from ui.screens.profile import ProfileScreen

    stick = plug_in(tmp_path, monkeypatch)
    here, there = make_services(tmp_path / "here"), make_services(tmp_path / "there")
    # The larger screen, whatever a test before left: Ann's records show every race line at once there.
    before = Window.size
    Window.size = (1280, 720)
    try:
        raced_mutts(here.store)
        navigator.go(Place.EVENING, here)
        tap(the(navigator, "Export"))
        (exported,) = [path for path in stick.glob("evening-*.json") if not path.name.endswith(".bgstats.json")]

        screen = navigator.go(Place.SAVED_GAMES, there)
        tap(the(navigator, "Import from USB stick"))
        popup = stick_popup(screen)
        tap(next(button for button in popup.choices if exported.name in button.text))
        import_done(screen)
        tap(the(navigator, "Back"))
        home_read(navigator.current_screen)
        tap(the(navigator, next(text for text in texts(navigator.current_screen) if text.startswith("Tonight"))))
        tap(next(row for row in navigator.current_screen.rows if row.standing.name == "Ann"))
        profile = navigator.current_screen
        assert isinstance(profile, ProfileScreen)
        words = shown(profile)
        assert "No races yet." not in words
        # A bone in every race; the closest finish at the line that decided one, Ann in by 10 ms.
        assert {"Won 4 of 4 races (a bone got, a claim made)", "Median reaction: 192 ms",
                "Closest photo finish won: by 10 ms"} <= set(words)
        assert not any(word.startswith(("Left without a bone", "Closest photo finish lost")) for word in words)
        assert profile.record == player_record(here.store, "Ann")
    finally:
        Window.size = before
        here.store.close()
        there.store.close()


def test_a_file_with_a_wrong_move_is_refused_by_name_and_saves_nothing(services, navigator, tmp_path, monkeypatch):

    stick = plug_in(tmp_path, monkeypatch)
    evening_file = another_tables_evening(tmp_path, stick)
    document = json.loads(evening_file.read_text())
    document["games"][1]["actions"][1] = {"type": "draw", "player": 6}
    evening_file.write_text(json.dumps(document))
    screen = navigator.go(Place.SAVED_GAMES, services)
    tap(the(navigator, "Import from USB stick"))
    tap(stick_popup(screen).choices[0])
    import_done(screen)
    said = message_of(screen)
    assert said.startswith(f"{evening_file.name}: game 2 of 2 (Pugs in Mugs): actions[1]")
    assert said.endswith("nothing was imported")
    assert services.store.sessions() == []


@pytest.mark.parametrize("size", [(800, 480), (1280, 720)], ids=["800x480", "1280x720"])
def test_the_saved_games_and_the_stick_s_files_pass_the_layout_check(services, navigator, size, tmp_path,
                                                                    monkeypatch):
    import sys
    from pathlib import Path

    from kivy.uix.scrollview import ScrollView

    from ui.scenes.screens import _saved_games

    sys.path.insert(0, str(Path(__file__).parent / "e2e"))
    import layout

    from companion import exports

    before = Window.size
    Window.size = size
    settle(6)
    try:
        _saved_games(services)
        screen = navigator.go(Place.SAVED_GAMES, services)
        monkeypatch.setattr(exports, "MOUNTS", tmp_path / "no-mounts")
        settle()
        tap(buttons_reading(screen, "Export")[0])   # the longest message there is: the data directory's path
        assert message_of(screen).startswith("No USB stick found")
        another_tables_evening(tmp_path, plug_in(tmp_path, monkeypatch))
        popup = screen.choose_import()
        assert settle_until(lambda: popup.reading is None)
        settle(8)
        for roots, name in (([screen], "saved games"), ([popup], "import")):
            for where in (1, 0):
                for scroll in (w for root in roots for w in root.walk() if isinstance(w, ScrollView)):
                    scroll.scroll_y = where
                settle(4)
                problems = [str(problem) for problem in layout.check(f"{name} {size} at {where}", roots, Window)]
                assert problems == [], "\n".join(problems)
    finally:
        Window.size = before
        settle(6)


def test_saved_games_shown_again_after_a_move_updates_the_widgets_on_screen_rather_than_replacing_them(
        services, navigator):
    session = started_game(services)
    screen = navigator.go(Place.SAVED_GAMES, services)
    settle()

    def a_move_then_saved_games_again():
        navigator.go(Place.HOME, services)
        session.perform(Action("draw", 1))
        navigator.go(Place.SAVED_GAMES, services)

    same, _, _ = same_widgets(navigator, a_move_then_saved_games_again)
    assert navigator.current_screen is screen and same
    assert list(screen.row_of) == [session.id]


def test_fifty_saved_games_are_one_list_drawing_only_the_rows_in_sight(services, navigator):
    from ui.widgets.lists import RowList

    Window.size = (800, 480)
    for _ in range(50):
        started_game(services)
    screen = navigator.go(Place.SAVED_GAMES, services)
    settle()
    assert isinstance(screen.rows, RowList) and len(screen.listed) == 50
    assert 0 < len(screen.row_of) < 12   # a screenful, not fifty rows laid out
    screen.rows.scroll_y = 0   # a fling to the end of the list
    settle()
    assert min(screen.listed) in screen.row_of   # the oldest game, at the bottom


def test_the_list_starts_one_gap_under_the_header(services, navigator):
    from kivy.metrics import dp

    Window.size = (800, 480)
    started_game(services)
    screen = navigator.go(Place.SAVED_GAMES, services)
    settle()
    header = screen.import_button.parent
    rows = screen.rows
    header_bottom = header.to_window(header.x, header.y)[1]
    list_top = rows.parent.to_window(rows.x, rows.top)[1]
    assert header_bottom - list_top <= dp(8) + 1   # the column's one gap, no empty band above the games
