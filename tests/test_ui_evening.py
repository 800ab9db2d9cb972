"""A game night as a family taps through it: a finished game offers Play again (same players, same
seats, same settings, the deal passed on) and Another game; Home shows tonight's evening; the evening
screen lists every game with the standings and the points rule; a name opens that player's records;
and the new screens pass the layout check at 800x480 and 1280x720."""

import random
import re
import sys
from pathlib import Path

import pytest

pytest.importorskip("kivy")

from kivy.core.window import Window  # noqa: E402  (opens the headless window)
from kivy.uix.scrollview import ScrollView  # noqa: E402
from ui_support import buttons_reading, home_read, settle, tap, texts  # noqa: E402

from companion.actions import Action  # noqa: E402
from companion.evenings import POINTS_RULE  # noqa: E402
from companion.gamelog import session_from_document  # noqa: E402
from companion.playthrough import table_of  # noqa: E402
from companion.rulecards import load_example  # noqa: E402
from ui.places import Place  # noqa: E402
from ui.screens.evening import EveningScreen  # noqa: E402
from ui.screens.game import GameScreen  # noqa: E402
from ui.screens.home import HomeScreen  # noqa: E402
from ui.screens.profile import ProfileScreen  # noqa: E402

sys.path.insert(0, str(Path(__file__).parent / "e2e"))
import layout  # noqa: E402


def the(navigator, text):
    settle()
    home_read(navigator.current_screen)
    found = buttons_reading(navigator.current_screen, text)
    assert len(found) == 1, f"expected one {text!r} on {type(navigator.current_screen).__name__}: {texts(navigator)}"
    return found[0]


def shown(screen) -> list[str]:
    home_read(screen)
    return [re.sub(r"\[/?b\]", "", text) for text in texts(screen)]


def nut_one_move_from_the_end(services):
    """The worked Nut example (Ann and Ben), saved with every move but the last, shown on the game screen."""
    doc = load_example("nut")
    last = Action.from_json(doc["actions"][-1])
    session = services.store.import_session(session_from_document({**doc, "actions": doc["actions"][:-1]}))
    assert not session.is_over
    return session, last


def finish_by_random_moves(session, seed):
    rng = random.Random(seed)
    while not session.is_over:
        session.perform(rng.choice(session.game.legal_actions(session.state, rng)))


def test_a_finished_game_offers_play_again_with_the_same_players_and_the_deal_passed_on(services, navigator):
    session, last = nut_one_move_from_the_end(services)
    screen = navigator.go(Place.GAME, services, session)
    settle()
    assert not buttons_reading(screen, "Play again") and buttons_reading(screen, "Redo")
    assert screen.controller.perform(last)   # the last move, as the game's pad would send it
    assert session.is_over
    assert buttons_reading(screen, "Another game") and buttons_reading(screen, "History")
    assert buttons_reading(screen, "Undo") and buttons_reading(screen, "Home")
    tap(the(navigator, "Play again"))
    again = navigator.current_screen
    assert isinstance(again, GameScreen) and again is not screen
    new = again.controller.session
    assert new.id != session.id and new.actions == () and new.game.key == "nut"
    assert new.players == session.players                       # same names, colours, buttons, seats
    assert new.options == {**session.options, "dealer": (session.options["dealer"] + 1) % 2}
    assert services.store.unfinished().id == new.id              # saved: Home would offer it to resume


def test_play_again_of_nuts_about_mutts_goes_on_round_the_table_from_the_evenings_last_hand(services, navigator):
    # Two hands at three seats dealt by seats 1 and 2: the next game is seat 0's to deal, so every
    # player takes a turn being first ("Take turns being the first player").
    session = services.store.new_session("nuts_about_mutts", table_of(3), {"dealer": 1, "hands": 2})
    finish_by_random_moves(session, seed=2)
    assert [hand["dealer"] for hand in session.summary()["scores"]["hands"]] == [1, 2]
    navigator.go(Place.GAME, services, session)
    tap(the(navigator, "Play again"))
    new = navigator.current_screen.controller.session
    assert new.options["dealer"] == 0 and new.summary()["dealer"] == 0


def test_undoing_the_last_move_puts_rules_and_redo_back(services, navigator):
    session, last = nut_one_move_from_the_end(services)
    screen = navigator.go(Place.GAME, services, session)
    screen.controller.perform(last)
    settle()
    tap(the(navigator, "Undo"))
    assert not session.is_over
    assert not buttons_reading(screen, "Play again") and not buttons_reading(screen, "Another game")
    bar = [child.text for child in reversed(screen.bar.children) if hasattr(child, "text")]
    assert bar == ["Home", "Nut", "Rules", "History", "Tonight", "Undo", "Redo"]
    tap(the(navigator, "Redo"))
    tap(the(navigator, "Another game"))
    assert isinstance(navigator.current_screen, HomeScreen)


def test_the_evening_lists_both_games_with_the_right_standings_and_a_name_opens_the_records(services, navigator):
    assert not any("Tonight" in text for text in texts(navigator.go(Place.HOME, services)))  # nothing yet
    first, last = nut_one_move_from_the_end(services)
    navigator.go(Place.GAME, services, first).controller.perform(last)
    tap(the(navigator, "Play again"))
    second = navigator.current_screen.controller.session
    finish_by_random_moves(second, seed=4)

    # Each two-player game gives its winner one point (a tie gives nobody one).
    points = {"Ann": 0, "Ben": 0}
    wins = {"Ann": 0, "Ben": 0}
    for game in (first, second):
        outcome = game.outcome
        for standing in outcome.standings:
            points[standing.name] += sum(standing.place < other.place for other in outcome.standings)
            wins[standing.name] += standing.seat in outcome.winners

    tap(the(navigator, "Home"))
    home = navigator.current_screen
    home_read(home)
    leader = max(points, key=points.get)
    tonight = [button for button in buttons_reading(home, next(text for text in texts(home)
                                                              if text.startswith("Tonight: 2 games")))]
    assert tonight, texts(home)
    if points["Ann"] != points["Ben"]:
        assert f"{leader} leads with {points[leader]} point" in tonight[0].text
    tap(tonight[0])
    screen = navigator.current_screen
    assert isinstance(screen, EveningScreen)
    words = shown(screen)
    assert "Tonight: 2 games" in words and POINTS_RULE in " ".join(words)
    assert sum(text.startswith("1. Nut") for text in words) == 1 and sum(text.startswith("2. Nut") for text in words) == 1
    table = {row.standing.name: (row.standing.points, row.standing.games, row.standing.wins) for row in screen.rows}
    assert table == {name: (points[name], 2, wins[name]) for name in points}
    assert [row.standing.name for row in screen.rows] == sorted(points, key=lambda name: (-points[name], name))
    assert screen.chart is not None and {name for name, _, _ in screen.chart.lines} == {"Ann", "Ben"}

    tap(next(row for row in screen.rows if row.standing.name == "Ben"))
    profile = navigator.current_screen
    assert isinstance(profile, ProfileScreen) and profile.record.name == "Ben"
    words = shown(profile)
    assert "Ben" in words and "No races yet." in words and "Nut" in words
    assert profile.record.played == 2 and profile.record.won == wins["Ben"]
    tap(the(navigator, "Back"))
    assert isinstance(navigator.current_screen, EveningScreen)
    tap(the(navigator, "Home"))
    assert isinstance(navigator.current_screen, HomeScreen)


def test_home_names_earlier_evenings_winners_and_the_evening_screen_steps_between_evenings(services, navigator):
    import time

    from ui.scenes.screens import _game_night

    _game_night(services, now=time.time() - 3 * 86400)
    navigator.go(Place.HOME, services)
    words = shown(navigator.current_screen)
    assert not any(text.startswith("Tonight") for text in words)    # that evening is over
    assert any(text.startswith("Earlier evenings won by") and "Mum" in text for text in words)
    _game_night(services)
    home = navigator.go(Place.HOME, services)
    home_read(home)
    # The earlier evenings' line opens the newest of them, not tonight's.
    tap(home.ids["earlier"])
    past = navigator.current_screen
    assert isinstance(past, EveningScreen) and past.evening.started_at < time.time() - 2 * 86400
    assert not past.later_button.disabled and not any(text.startswith("Tonight") for text in shown(past))
    home = navigator.go(Place.HOME, services)
    home_read(home)
    tap(the(navigator, next(text for text in texts(home) if text.startswith("Tonight: 4 games"))))
    screen = navigator.current_screen
    assert isinstance(screen, EveningScreen) and screen.later_button.disabled
    tap(the(navigator, "Earlier"))
    earlier = navigator.current_screen
    # The same screen, laid out once, now showing the earlier evening.
    assert earlier is screen and earlier.earlier_button.disabled and not earlier.later_button.disabled
    assert not any(text.startswith("Tonight") for text in shown(earlier))
    tap(the(navigator, "Later"))
    assert any(text.startswith("Tonight") for text in shown(navigator.current_screen))


def test_export_writes_the_evening_to_the_stick_and_says_where(services, navigator, tmp_path, monkeypatch):
    import csv
    import json
    import time

    from companion import exports
    from ui.scenes.screens import _game_night

    _game_night(services)
    stick = tmp_path / "media" / "pi" / "KINGSTON"
    stick.mkdir(parents=True)
    (tmp_path / "mounts").write_text(f"/dev/sda1 {stick} vfat rw,nosuid 0 0\n")
    monkeypatch.setattr(exports, "ROOTS", (tmp_path / "media",))
    monkeypatch.setattr(exports, "MOUNTS", tmp_path / "mounts")
    screen = navigator.go(Place.EVENING, services)
    tap(the(navigator, "Export"))
    stem = f"evening-{time.strftime('%Y-%m-%d', time.localtime(screen.evening.started_at))}"
    assert screen.message.text == f"Saved to the USB stick KINGSTON: {stem}.json, .csv, .bgstats.json and .bgstats.html"
    document = json.loads((stick / f"{stem}.json").read_text())
    assert len(document["games"]) == 4
    assert document["evening"]["standings"][0]["name"] == screen.rows[0].standing.name
    rows = list(csv.DictReader((stick / f"{stem}.csv").open()))
    points = {row.standing.name: row.standing.points for row in screen.rows}
    assert {name: sum(int(row["points"] or 0) for row in rows if row["player"] == name) for name in points} == points

    (tmp_path / "mounts").write_text(f"/dev/sda1 {stick} vfat ro,nosuid 0 0\n")   # the lock switch slid on
    tap(the(navigator, "Export"))
    assert screen.message.text.startswith("The USB stick KINGSTON is read-only")
    written = [f"{stem}.bgstats.html", f"{stem}.bgstats.json", f"{stem}.csv", f"{stem}.json"]
    assert sorted(path.name for path in stick.iterdir()) == written
    assert sorted(path.name for path in (tmp_path / "exports").iterdir()) == written


# The long names of the play-throughs (tests/e2e/play.py).
LONG_FAMILY_NAMES = {"Grandpa": "Bartholomew", "Maya": "Maximiliana", "Leo": "Jean-Baptiste", "Mum": "Christopher"}


@pytest.mark.parametrize("size", [(800, 480), (1280, 720)], ids=["800x480", "1280x720"])
@pytest.mark.parametrize("long_names", [False, True], ids=["short-names", "long-names"])
def test_the_new_screens_pass_the_layout_check(services, navigator, size, long_names, monkeypatch):
    from ui import scenes
    from ui.scenes.screens import _game_night

    if long_names:
        family = [player.__class__(LONG_FAMILY_NAMES.get(player.name, player.name), player.colour, player.button)
                  for player in scenes.FAMILY]
        monkeypatch.setattr("ui.scenes.screens.FAMILY", family)
    before = Window.size
    Window.size = size
    settle(6)
    try:
        _game_night(services)
        name = "Maximiliana" if long_names else "Maya"
        for place, arguments in ((Place.EVENING, ()), (Place.PROFILE, (name,)), (Place.HOME, ())):
            screen = navigator.go(place, services, *arguments)
            settle(8)
            scrolls = [widget for widget in screen.walk() if isinstance(widget, ScrollView)]
            for where in (1, 0.5, 0):   # every row of a long list is checked as it scrolls into view
                for scroll in scrolls:
                    scroll.scroll_y = where
                settle(4)
                for widget in screen.walk():
                    if hasattr(widget, "texture_update"):
                        widget.texture_update()
                settle(4)
                problems = [str(problem) for problem in layout.check(f"{place.name} {size} at {where}", [screen],
                                                                     Window)]
                assert problems == [], "\n".join(problems)
    finally:
        Window.size = before
        settle(6)


def a_finished_nut_game(services):
    session, last = nut_one_move_from_the_end(services)
    session.perform(last)
    return session


def test_a_game_more_updates_the_evening_s_widgets_on_screen_rather_than_replacing_them(services, navigator):
    from ui_support import same_widgets

    Window.size = (800, 480)
    for _ in range(3):
        a_finished_nut_game(services)
    screen = navigator.go(Place.EVENING, services)
    settle()
    header = [screen.title_label, screen.earlier_button, screen.later_button]

    def a_game_more_then_the_evening_again():
        navigator.go(Place.HOME, services)
        a_finished_nut_game(services)
        navigator.go(Place.EVENING, services)

    # The rows in sight are the same widgets showing the new standings (the chart's axis numbers are
    # the graph's own labels, made by it as the axis grows).
    same, _, _ = same_widgets(screen.body.listing, a_game_more_then_the_evening_again)
    assert navigator.current_screen is screen and same
    assert [screen.title_label, screen.earlier_button, screen.later_button] == header
    assert screen.title_label.text == "Tonight: 4 games"
    assert sum(row.standing.games for row in screen.rows) == 8


def test_the_evening_is_one_list_drawing_only_the_rows_in_sight(services, navigator):
    from ui.widgets.lists import RowList

    Window.size = (800, 480)
    for _ in range(12):
        a_finished_nut_game(services)
    screen = navigator.go(Place.EVENING, services)
    settle()
    listing = screen.body.listing
    assert isinstance(listing, RowList) and len(listing.data) == 2 + 2 + 12   # heading, 2 players, rule, games
    assert 0 < len(listing.view_adapter.views) < len(listing.data)


def test_before_any_game_is_finished_nobody_has_a_place(services, navigator):
    session = services.store.new_session("pugs_in_mugs", table_of(3))
    session.perform(Action("draw", 0))
    screen = navigator.go(Place.EVENING, services)
    settle()
    assert len(screen.rows) == 3 and [row.place for row in screen.rows] == ["-", "-", "-"]
    assert not any(row.leader for row in screen.rows)


def test_every_point_of_the_chart_carries_its_players_shape(services, navigator):
    from kivy.graphics import Color

    from ui.scenes.screens import _game_night

    _game_night(services)
    screen = navigator.go(Place.EVENING, services)
    settle()
    chart = screen.chart
    games = len(screen.evening.finished_games)
    # One shape per player per finished game, each its fill alone (an edge apiece costs a line to paint).
    colours = [instruction for instruction in chart.marks.children if isinstance(instruction, Color)]
    assert games >= 3 and len(colours) == len(chart.lines) * games


def test_bg_stats_shows_each_finished_games_play_as_a_code_for_the_phone_and_steps_through_the_evening(
        services, navigator):
    """From the evening, BG Stats on a finished game shows its play's link as a QR code, crisp and big
    enough on the 7" display to read from arm's length (at least 3 pixels, 0.6 mm, a module); Next play
    steps through the evening's other finished games, Close puts it away."""
    import json
    from urllib.parse import unquote

    from ui_support import settle_until

    from companion.bgstats import play
    from companion.play_codes import CREATE_PLAY, QUIET_ZONE
    from ui.reads import reads_of
    from ui.scenes.screens import _game_night

    _game_night(services)   # three finished games and one still being played
    before = Window.size
    Window.size = (800, 480)
    try:
        screen = navigator.go(Place.EVENING, services)
        settle()
        finished = [game for game in screen.evening.games if game.finished]
        cards = [item for item in screen.body.listing.data if "shareable" in item]
        assert len(finished) == 3 and [card["shareable"] for card in cards] == [game.finished for game in screen.evening.games]
        scrolls = [widget for widget in screen.walk() if isinstance(widget, ScrollView)]
        for where in (0.6, 0.4, 0.2, 0):   # down the list to the games
            for scroll in scrolls:
                scroll.scroll_y = where
            settle(4)
            if buttons_reading(screen, "BG Stats"):
                break
        tap(buttons_reading(screen, "BG Stats")[0])
        assert settle_until(lambda: screen.play_codes is not None and screen.play_codes.parent is not None)
        popup = screen.play_codes
        played = {game.result.session_id: game for game in reads_of(services.store).played().games}
        start = popup.index
        for number, game in enumerate(finished[start:], start):
            code = popup.codes[popup.index]
            assert popup.position == f"Play {number + 1} of 3" and popup.caption.startswith(game.title)
            assert code.link.startswith(CREATE_PLAY)
            assert json.loads(unquote(code.link[len(CREATE_PLAY):])) == play(played[game.session_id])
            modules = code.code.symbol_size(border=QUIET_ZONE)[0]
            assert popup.picture_side % modules == 0 and popup.picture_side // modules >= 3
            if number < 2:
                tap(buttons_reading(popup, "Next play")[0])
        assert "Next play" in texts(popup) and popup.has_next is False
        tap(buttons_reading(popup, "Close")[0])
        settle()
        assert popup.parent is None
    finally:
        Window.size = before
        settle()


def test_each_game_card_says_who_played_that_game_for_the_first_time_here(services, navigator):
    """The family's first game night: the first Mix-the-Mutts and the first Pugs in Mugs are new to all
    four; the second of each is new to nobody, and says nothing of it."""
    from ui.scenes.screens import _game_night

    _game_night(services)
    screen = navigator.go(Place.EVENING, services)
    settle()
    cards = [item for item in screen.body.listing.data if item["viewclass"] == "EveningGameCard"]
    said = [card["score_means"] for card in cards]
    assert [card["game"].title for card in cards] == ["Mix-the-Mutts", "Pugs in Mugs", "Mix-the-Mutts", "Pugs in Mugs"]
    assert said[0].endswith("New to Grandpa, Maya, Leo and Mum: the first Mix-the-Mutts at this table.")
    assert said[1].endswith("New to Grandpa, Maya, Leo and Mum: the first Pugs in Mugs at this table.")
    assert "New to" not in said[2] and "New to" not in said[3]
