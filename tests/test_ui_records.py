"""The records a family reaches by touch: from the evening's standings to a player's page, to their head
to head with rival, nemesis, win rate and time at the table, one opponent game by game, and the year in
review; each screen passing the layout check at 800x480 and 1280x720."""

from __future__ import annotations

import time

import pytest

pytest.importorskip("kivy")

from kivy.core.window import Window  # noqa: E402  (opens the headless window)
from test_ui_corrections import check_layout, example, the  # noqa: E402
from ui_support import same_widgets, settle, settle_until, tap, texts  # noqa: E402

from companion.gamelog import session_from_document  # noqa: E402
from companion.players import IDENTITIES  # noqa: E402
from companion.rulecards import load_example  # noqa: E402
from ui.places import Place  # noqa: E402
from ui.screens.profile import ProfileScreen  # noqa: E402
from ui.screens.records import HeadToHeadScreen, YearScreen  # noqa: E402


@pytest.fixture
def rivals(services):
    """Ann and Ben three times (Ben wins both Mix-the-Mutts 39 to 31, Ann wins That's Ruff!), Ann and
    Cleo once (Cleo wins the Mix-the-Mutts)."""
    example(services, "mix_the_mutts", "Ann", "Ben")
    example(services, "mix_the_mutts", "Ann", "Ben")
    example(services, "thats_ruff", "Ann", "Ben")
    example(services, "mix_the_mutts", "Ann", "Cleo")
    return services


def test_from_the_evening_a_player_finds_their_rival_nemesis_and_each_opponent_game_by_game(rivals, navigator):
    screen = navigator.go(Place.EVENING, rivals)
    settle()
    tap(next(row for row in screen.rows if row.standing.name == "Ann"))
    assert isinstance(navigator.current_screen, ProfileScreen)
    tap(the(navigator, "Head to head, rival and nemesis, time at the table"))
    head = navigator.current_screen
    assert isinstance(head, HeadToHeadScreen)
    assert settle_until(lambda: head.record is not None)   # read off the screen's thread
    shown = texts(head)
    assert "Rival: Ben, Ann's 1 to 2 in 3 games, the closest record" in shown and "Buddy: Ben, 3 games together" in shown
    # Two wins over Ann are not three: Ben is no nemesis yet.
    assert not any(line.startswith(("Nemesis", "Minion")) for line in shown)
    # One win in four games; a Count draws digits only, so the per cent sign is in its caption.
    assert "25" in shown and "win rate (% won)" in shown
    # Cleo played Ann once: she is in the list, but neither rival nor nemesis before three games.
    assert "Cleo: 1 game, won 0, lost 1" in shown and not any(line.startswith("Rival: Cleo") for line in shown)

    tap(the(navigator, "Ben: 3 games, won 1, lost 2"))
    settle()
    shown = texts(head)
    assert "Ann against Ben" in shown and "3 games together: Ann won 1, Ben won 2" in shown
    assert "Mix-the-Mutts: 2 together, Ann 0, Ben 2" in shown and "That's Ruff!: 1 together, Ann 1, Ben 0" in shown

    tap(the(navigator, "This year"))
    year = navigator.current_screen
    assert isinstance(year, YearScreen) and year.year == time.localtime().tm_year
    assert settle_until(lambda: year.review is not None)
    assert "Most wins: Ben (2)" in texts(year)
    (month,) = year.review.months
    tap(the(navigator, f"{time.strftime('%B')}: 4 games, 1 evening, 0 min; wins: Ben 2, Ann 1, Cleo 1"))
    settle()
    assert year.opened is month and "Ben: won 2 games, 1 evening" in texts(year)
    tap(the(navigator, "Year before"))
    assert f"No finished games in {year.year}." in texts(year)
    tap(the(navigator, "Back"))
    assert isinstance(navigator.current_screen, HeadToHeadScreen)
    assert settle_until(lambda: navigator.current_screen.record is not None)
    tap(the(navigator, "Back"))
    profile = navigator.current_screen
    assert isinstance(profile, ProfileScreen) and profile.record.name == "Ann"


def shared_mix_the_mutts(services, *names: str):
    """The example Mix-the-Mutts with the second seat's pair of dachshunds never scored: 31 each, so
    the two share the win."""
    unscored = {"type": "score", "player": 1, "head": "dachshund", "tail": "dachshund"}
    document = {**load_example("mix_the_mutts"),
                "players": [{"name": name, "colour": IDENTITIES[seat].key, "button": seat + 1}
                            for seat, name in enumerate(names)]}
    document["actions"] = [action for action in document["actions"] if action != unscored]
    return services.store.import_session(session_from_document(document))


@pytest.fixture
def shared_win(services):
    """Ben and Maya four times: Ben wins a Mix-the-Mutts and That's Ruff!, Maya a Mix-the-Mutts, and
    they share the win of a Mix-the-Mutts on 31 each."""
    example(services, "mix_the_mutts", "Maya", "Ben")
    example(services, "thats_ruff", "Ben", "Maya")
    example(services, "mix_the_mutts", "Ben", "Maya")
    shared_mix_the_mutts(services, "Ben", "Maya")
    return services


def test_a_shared_win_is_shared_on_the_head_to_head_and_beats_no_one(shared_win, navigator):
    screen = navigator.go(Place.EVENING, shared_win)
    settle()
    tap(next(row for row in screen.rows if row.standing.name == "Ben"))
    tap(the(navigator, "Head to head, rival and nemesis, time at the table"))
    head = navigator.current_screen
    assert settle_until(lambda: head.record is not None)
    shown = texts(head)
    # Maya finished above Ben once; the shared win is a win for each on the win rate (3 of 4), not a
    # game either beat the other in, and the line adds up to the four games.
    assert "Rival: Maya, Ben's 2 to 1 in 4 games, the closest record" in shown and "75" in shown
    assert not any(line.startswith(("Nemesis", "Minion")) for line in shown)
    tap(the(navigator, "Maya: 4 games, won 2, lost 1, 1 shared"))
    settle()
    shown = texts(head)
    assert "4 games together: Ben won 2, Maya won 1, 1 shared" in shown
    assert "Mix-the-Mutts: 3 together, Ben 1, Maya 1, 1 shared" in shown and "That's Ruff!: 1 together, Ben 1, Maya 0" in shown


def test_a_player_with_no_finished_game_is_told_so_not_shown_empty_sections(services, navigator):
    example(services, "mix_the_mutts", "Ann", "Ben")
    head = navigator.go(Place.RECORDS, services, "Zed")
    assert settle_until(lambda: head.records is not None)
    assert head.record is None and "no player called 'Zed'" in head.message.text


LONG_NAMES = {"Grandpa": "Bartholomäus", "Maya": "Wilhelmina", "Leo": "Jean-Baptiste", "Mum": "Maximiliana"}


def test_a_family_that_always_plays_together_sees_its_ties_named_not_one_chosen_by_name(services, navigator):
    """Two game nights of the whole family at every game: Maya finished below each of the other three in
    four of their six games and above them in two, so all three are equally her nemesis, her rival and
    her buddy, and the page names all three as tied."""
    from ui.scenes.screens import _game_night

    _game_night(services, time.time() - 7 * 86400)
    _game_night(services)
    head = navigator.go(Place.RECORDS, services, "Maya")
    assert settle_until(lambda: head.record is not None)
    shown = texts(head)
    assert "Nemesis (tied): Grandpa, Leo and Mum, each 4 wins to Maya's 2" in shown
    assert "Rival (tied): Grandpa, Leo and Mum, each Maya's 2 to 4 in 6 games, the closest record" in shown
    assert "Buddy (tied): Grandpa, Leo and Mum, each 6 games together" in shown


@pytest.mark.parametrize("size", [(800, 480), (1280, 720)], ids=["800x480", "1280x720"])
@pytest.mark.parametrize("long_names", [False, True], ids=["short-names", "long-names"])
def test_the_records_screens_pass_the_layout_check(services, navigator, size, long_names, monkeypatch):
    from ui import scenes
    from ui.scenes.screens import _game_night

    if long_names:
        family = [player.__class__(LONG_NAMES.get(player.name, player.name), player.colour, player.button)
                  for player in scenes.FAMILY]
        monkeypatch.setattr("ui.scenes.screens.FAMILY", family)
    name = "Wilhelmina" if long_names else "Maya"
    before = Window.size
    Window.size = size
    settle(6)
    try:
        _game_night(services, time.time() - 7 * 86400)
        _game_night(services)
        head = navigator.go(Place.RECORDS, services, name)
        assert settle_until(lambda: head.record is not None)
        assert [item["viewclass"] for item in head.rows.data].count("TrendRow") == 1
        check_layout(f"head to head, its top {size}", [head])
        head.open_pair(head.record.opponents[0].opponent)
        check_layout(f"head to head {size}", [head])
        year = navigator.go(Place.YEAR, services, time.localtime().tm_year)
        assert settle_until(lambda: year.review is not None)
        check_layout(f"year, its top {size}", [year])
        year.open_month(year.review.months[-1])
        check_layout(f"year {size}", [year])
    finally:
        Window.size = before
        settle(6)


@pytest.fixture
def two_winners(services):
    """That's Ruff! (Ann, Ben) won by Ann; That's Ruff! (Cleo, Ben) won by Cleo: Ann's and Cleo's head to
    head have the same shape."""
    example(services, "thats_ruff", "Ann", "Ben")
    example(services, "thats_ruff", "Cleo", "Ben")
    return services


def test_another_player_s_head_to_head_is_shown_on_the_same_widgets(two_winners, navigator):
    Window.size = (800, 480)
    head = navigator.go(Place.RECORDS, two_winners, "Ann")
    assert settle_until(lambda: head.record is not None)

    def back_to_the_evening_and_open_cleo():
        navigator.go(Place.EVENING, two_winners)
        settle()
        evening = navigator.current_screen
        tap(next(row for row in evening.rows if row.standing.name == "Cleo"))
        tap(the(navigator, "Head to head, rival and nemesis, time at the table"))
        assert settle_until(lambda: head.record is not None and head.record.name == "Cleo")

    same, _, _ = same_widgets(head, back_to_the_evening_and_open_cleo)
    assert navigator.current_screen is head and same
    shown = texts(head)
    assert "Cleo" in shown and "Ben: 1 game, won 1, lost 0" in shown and "Ann" not in shown


def test_another_year_is_shown_on_the_same_widgets(services, navigator):
    from ui.scenes.screens import _game_night

    Window.size = (800, 480)
    this_year = time.localtime().tm_year
    _game_night(services, time.mktime((this_year - 1, 6, 14, 19, 0, 0, 0, 0, -1)))
    _game_night(services)
    year = navigator.go(Place.YEAR, services, this_year)
    assert settle_until(lambda: year.review is not None)
    same, _, _ = same_widgets(year, lambda: tap(the(navigator, "Year before")))
    assert same and year.year == this_year - 1 and f"{this_year - 1} in review" in texts(year)
    assert [month.month for month in year.review.months] == [6]


def test_the_records_after_import_scene_shows_the_evening_read_back(services, navigator):
    from ui.scenes.records import records_after_import

    records_after_import(services, navigator)
    profile = navigator.current_screen
    assert isinstance(profile, ProfileScreen) and profile.message.text == ""
    assert profile.record is not None and profile.record.name == "Maya"
    assert (profile.record.played, profile.record.races.races) == (3, 3)
