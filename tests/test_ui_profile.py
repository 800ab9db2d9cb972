"""A player's records, laid out once and kept: a rename, or another player's records, are new figures
on the same widgets, and the records are one RowList whatever their length."""

import pytest

pytest.importorskip("kivy")

from kivy.core.window import Window  # noqa: E402  (opens the headless window)
from test_ui_corrections import example, the, type_on_keys  # noqa: E402
from ui_support import same_widgets, settle, tap  # noqa: E402

from ui.places import Place  # noqa: E402
from ui.screens.evening import EveningScreen  # noqa: E402
from ui.screens.profile import ProfileScreen, RaceRecordLine  # noqa: E402
from ui.widgets.lists import RowList  # noqa: E402


@pytest.fixture
def two_games(services):
    """That's Ruff! (Ann, Ben) won by Ann; That's Ruff! (Cleo, Ben) won by Cleo: Ann and Cleo's records
    have the same shape."""
    example(services, "thats_ruff", "Ann", "Ben")
    example(services, "thats_ruff", "Cleo", "Ben")
    return services


def test_a_rename_updates_the_records_widgets_on_screen_rather_than_replacing_them(two_games, navigator):
    Window.size = (800, 480)
    profile = navigator.go(Place.PROFILE, two_games, "Ann")
    settle()

    def rename_adding(letter: str) -> None:
        tap(the(navigator, "Rename"))
        type_on_keys(letter)
        tap(the(navigator, "Done"))

    rename_adding("a")   # the bar's Undo (made once) is put beside the message from here on
    assert profile.name_label.text == "Anna" and profile.message.offered == "Undo"
    same, _, _ = same_widgets(profile, lambda: rename_adding("h"))
    assert navigator.current_screen is profile and same
    assert profile.name_label.text == "Annah" and profile.record.name == "Annah" and profile.message.offered == "Undo"


def test_another_player_s_records_are_shown_on_the_same_widgets(two_games, navigator):
    Window.size = (800, 480)
    profile = navigator.go(Place.PROFILE, two_games, "Ann")
    settle()

    def back_and_tap_cleo():
        tap(the(navigator, "Back"))
        evening = navigator.current_screen
        assert isinstance(evening, EveningScreen)
        settle()
        tap(next(row for row in evening.rows if row.standing.name == "Cleo"))

    same, _, _ = same_widgets(navigator, back_and_tap_cleo)
    assert navigator.current_screen is profile and same
    assert profile.name_label.text == "Cleo" and (profile.record.played, profile.record.won) == (1, 1)


def test_the_records_are_one_list_scrolled_to_their_last_row(services, navigator):
    Window.size = (800, 480)
    for key in ("thats_ruff", "mix_the_mutts", "nut"):
        example(services, key, "Ann", "Ben")
    profile = navigator.go(Place.PROFILE, services, "Ann")
    settle()
    assert isinstance(profile, ProfileScreen)
    listing = profile.rows
    assert isinstance(listing, RowList)
    assert sum(item["viewclass"] == "GameRecordRow" for item in listing.data) == 3
    assert 0 < len(listing.view_adapter.views) <= len(listing.data)
    listing.scroll_y = 0   # a fling to the end: the races
    settle()
    assert any(isinstance(view, RaceRecordLine) for view in listing.view_adapter.views.values())
