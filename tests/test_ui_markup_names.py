"""A name is shown as it was typed, whatever brackets it holds: a player called "[size=400]HUGE[/size]"
(typed, or imported from a stick) restyles no screen. Every label that shows the name draws it in its
own font size, with the brackets in it."""

from __future__ import annotations

import json
import time

import pytest

pytest.importorskip("kivy")

from kivy.core.window import Window  # noqa: E402
from kivy.uix.label import Label  # noqa: E402
from race_support import raced_mutts  # noqa: E402
from stick_support import plug_in  # noqa: E402
from ui_support import buttons_reading, home_read, settle, settle_until, tap  # noqa: E402

from companion import corrections  # noqa: E402
from companion.actions import Action  # noqa: E402
from companion.players import Player  # noqa: E402
from ui.places import Place  # noqa: E402
from ui.screens.game import GameScreen, open_game_screen  # noqa: E402
from ui.screens.home import HomeScreen  # noqa: E402
from ui.screens.saved_games import ImportPopup  # noqa: E402

HUGE = "[size=400]HUGE[/size]"
TABLE = [Player(HUGE, "orange", 1), Player("Ben", "sky", 2), Player("Cleo", "green", 3)]


def drawn(label: Label) -> list[tuple[str, float]]:
    """The words a label draws and the size it draws each in, once its markup (if on) is applied."""
    label.texture_update()
    if not label.markup:
        return [(label.text, label.font_size)]
    return [(word.text, word.options["font_size"]) for line in label._label._cached_lines for word in line.words]


def showing_the_name(*roots) -> list[Label]:
    labels = [widget for root in roots for widget in root.walk(restrict=True) if isinstance(widget, Label)]
    return [label for label in labels if "HUGE" in label.text]


def check_shown_as_typed(*roots, at_least: int = 1) -> None:
    labels = showing_the_name(*roots)
    assert len(labels) >= at_least, [label.text for label in labels]
    for label in labels:
        words = drawn(label)
        assert HUGE in "".join(text for text, _ in words), (label.text, words)
        assert all(size <= label.font_size for _, size in words), (label.text, words)


def test_home_saved_games_and_the_evening_show_the_name_as_typed(services, navigator):
    store = services.store
    unfinished = store.new_session("pugs_in_mugs", TABLE[:2])
    unfinished.perform(Action("draw", 0))
    home = navigator.show(HomeScreen(services, navigator))
    settle()
    check_shown_as_typed(home)                                     # the unfinished game's panel
    tap(buttons_reading(home, "Set aside")[0])
    check_shown_as_typed(navigator.current_screen)                 # the set-aside panel
    screen = navigator.go(Place.SAVED_GAMES, services)
    settle()
    check_shown_as_typed(screen)
    navigator.go(Place.EVENING, services)
    settle()
    check_shown_as_typed(navigator.current_screen)


def test_home_s_earlier_evenings_show_a_winner_s_name_as_typed(services, navigator):
    import random

    store = services.store
    nut = store.new_session("nut", [Player(HUGE, "orange"), Player(HUGE.replace("HUGE", "HUGER"), "sky")])
    rng = random.Random(4)
    while not nut.is_over:
        nut.perform(rng.choice(nut.game.legal_actions(nut.state, rng)))
    store._db.execute("UPDATE sessions SET started_at = ?, updated_at = ?, finished_at = ?",
                      (time.time() - 3 * 86400,) * 3)
    winner = nut.players[nut.outcome.winners[0]].name
    home = navigator.show(HomeScreen(services, navigator))
    home_read(home)
    (line,) = [label for label in home.walk() if isinstance(label, Label) and "Earlier evenings" in label.text]
    assert winner in "".join(text for text, _ in drawn(line))
    assert all(size <= line.font_size for _, size in drawn(line))


def test_a_race_headline_in_history_shows_the_name_as_typed(services, navigator):
    mutts = raced_mutts(services.store)
    corrections.rename_player(services.store, "Cleo", HUGE)     # who lost the first two bone races
    screen = open_game_screen(services, navigator, services.store.resume(mutts.id))
    assert isinstance(screen, GameScreen)
    popup = screen.open_history()
    settle()
    tap(popup.races_tab)
    settle()
    headlines = set()
    for scrolled in (1, 0):   # only the races in sight are drawn: the newest, then the first
        popup.rows.scroll_y = scrolled
        settle()
        headlines |= {label.text for label in showing_the_name(popup) if label.markup}
        check_shown_as_typed(popup)
    assert len(headlines) >= 2, headlines
    popup.dismiss()


def test_the_stick_s_list_shows_names_in_a_file_as_typed(services, navigator, tmp_path, monkeypatch):
    stick = plug_in(tmp_path, monkeypatch)
    (stick / "game.json").write_text(json.dumps({"game": "nut", "players": [HUGE, "Ben"], "actions": []}))
    navigator.go(Place.SAVED_GAMES, services)
    tap(buttons_reading(navigator.current_screen, "Import from USB stick")[0])
    popup = next(child for child in Window.children if isinstance(child, ImportPopup))
    assert settle_until(lambda: popup.reading is None)
    check_shown_as_typed(popup)
    popup.dismiss()


def test_the_game_pads_show_the_name_as_typed(services):
    from ui.games.nuts_about_mutts.table import CardsPopup
    from ui.games.pugs_in_mugs.widgets import KindChoice
    from ui.navigation import Navigator

    mix = services.store.new_session("mix_the_mutts", TABLE)
    screen = open_game_screen(services, Navigator(), mix)
    screen.view.connect_button.trigger_action(0)
    settle()
    check_shown_as_typed(screen.view.pad)                          # "<name>'s new tile"
    mutts = services.store.new_session("nuts_about_mutts", TABLE)
    cards = CardsPopup(mutts.summary(), [player.name for player in mutts.players])
    check_shown_as_typed(cards)                                    # the hands in the card count
    check_shown_as_typed(KindChoice(text=HUGE, note=f"{HUGE} holds it"))  # a player to choose on Pugs in Mugs' pads
