"""Demo scenes for the app's own screens; each game's scenes are in ui/scenes/<game key>.py."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence

from companion.actions import Action
from companion.players import IDENTITIES, Player
from companion.races.model import RaceDecision
from companion.session import Session
from ui.navigation import Navigator
from ui.scenes import FAMILY
from ui.screenshots import scene
from ui.services import Services

if TYPE_CHECKING:
    from ui.screens.race import RacePopup
    from ui.widgets.keyboard import TypingPopup


def saved(session: Session) -> int:
    """The store's number of a game the store made."""
    assert session.id is not None
    return session.id


@scene("home", "the five games and their player ranges")
def home(services: Services, navigator: Navigator) -> None:
    from ui.screens.home import HomeScreen

    navigator.show(HomeScreen(services, navigator))


@scene("home-resume", "home screen offering an unfinished game")
def home_resume(services: Services, navigator: Navigator) -> None:
    from ui.screens.home import HomeScreen

    services.store.new_session("nuts_about_mutts", FAMILY[:3])
    navigator.show(HomeScreen(services, navigator))


@scene("home-update-switched-back", "home after an update that did not start: the version before came back")
def home_update_switched_back(services: Services, navigator: Navigator) -> None:
    import os

    from companion import updates
    from ui.screens.home import HomeScreen

    # What the kiosk's start tells the version it went back to.
    os.environ[updates.SWITCHED_BACK_ENV] = "0.2.0"
    services.extras.pop("switched_back_shown", None)
    services.store.new_session("nuts_about_mutts", FAMILY[:3])
    navigator.show(HomeScreen(services, navigator))


@scene("settings", "the family's settings: sound, screen, races, keys and pins")
def settings(services: Services, navigator: Navigator) -> None:
    from ui.screens.preferences import PreferencesScreen

    navigator.show(PreferencesScreen(services, navigator))


@scene("setup", "player set-up: names, seats, colours with symbols, buttons, dealer")
def setup(services: Services, navigator: Navigator) -> None:
    from companion.registry import game_entry
    from ui.screens.setup import SetupScreen

    services.store.set_aside(saved(services.store.new_session("nut", FAMILY[:2])))  # the roster is remembered
    screen = SetupScreen(services, navigator, game_entry("nut"))
    screen.add_player("Leo", "green", 3)
    navigator.show(screen)


@scene("setup-six-refused", "the next game's set-up with six long names, a refusal over the title")
def setup_six_refused(services: Services, navigator: Navigator) -> None:
    from companion.registry import game_entry
    from ui.screens.setup import SetupScreen

    names = ("Christopher", "Maximiliana", "Bartholomäus", "Anastasia", "Jean-Baptiste", "Wilhelmina")
    services.store.new_session("nuts_about_mutts", [Player(name, identity.key) for name, identity in zip(names, IDENTITIES)])
    navigator.show(SetupScreen(services, navigator, game_entry("nuts_about_mutts"))).add_player()


@scene("setup-seat-undo", "the next game's set-up with six long names, a seat just taken away and its Undo")
def setup_seat_undo(services: Services, navigator: Navigator) -> None:
    from companion.registry import game_entry
    from ui.screens.setup import SetupScreen

    names = ("Christopher", "Maximiliana", "Bartholomäus", "Anastasia", "Jean-Baptiste", "Wilhelmina")
    services.store.new_session("nuts_about_mutts", [Player(name, identity.key) for name, identity in zip(names, IDENTITIES)])
    navigator.show(SetupScreen(services, navigator, game_entry("nuts_about_mutts"))).remove(2)


def keyboard_on_setup(services: Services, navigator: Navigator, seat: int, typed: str) -> TypingPopup:
    """Nuts about Mutts' setup with the on-screen keyboard open on a seat's name, `typed` typed."""
    from companion.registry import game_entry
    from ui.screens.setup import SetupScreen

    screen = navigator.show(SetupScreen(services, navigator, game_entry("nuts_about_mutts")))
    popup = screen.seat_rows[seat].name_field.open_keyboard()
    popup.type_text(typed)
    return popup


@scene("setup-keyboard", "typing a player's name on the on-screen keyboard")
def setup_keyboard(services: Services, navigator: Navigator) -> None:
    keyboard_on_setup(services, navigator, 0, "Maya")


@scene("setup-keyboard-names", "the on-screen keyboard offering the names typed before, one tap each")
def setup_keyboard_names(services: Services, navigator: Navigator) -> None:
    from companion.registry import game_entry
    from ui.screens.setup import SetupScreen

    names = ("Grandpa", "Maya", "Leo", "Mum", "Great-Grandma Wilma", "Bartholomäus", "Jean-Baptiste", "Zoë")
    services.store.set_aside(saved(services.store.new_session(
        "nuts_about_mutts", [Player(name, identity.key) for name, identity in zip(names, IDENTITIES)][:6])))
    services.store.set_aside(saved(services.store.new_session(
        "nut", [Player(name, identity.key) for name, identity in zip(names[6:], IDENTITIES)])))
    screen = navigator.show(SetupScreen(services, navigator, game_entry("thats_ruff")))
    assert isinstance(screen, SetupScreen)
    screen.remove(1)
    screen.seat_rows[1].name_field.open_keyboard()


@scene("setup-keyboard-long", "the on-screen keyboard's symbols with the longest name it takes")
def setup_keyboard_long(services: Services, navigator: Navigator) -> None:
    keyboard_on_setup(services, navigator, 1, "Great-Grandma Wilma").show_page("symbols")


@scene("setup-keyboard-accents", "the accented forms of a letter held down on the on-screen keyboard")
def setup_keyboard_accents(services: Services, navigator: Navigator) -> None:
    from kivy.clock import Clock

    from ui.widgets.keyboard import find_key

    popup = keyboard_on_setup(services, navigator, 0, "Zoe")

    def hold(_dt: float) -> None:  # once the keys are laid out, as a finger held on "e" finds them
        (line, index), _ = find_key(popup.keys, "e")
        popup.keys.dispatch("on_key_hold", "e", popup.keys.window_box(line, index))
    Clock.schedule_once(hold, 0.1)


@scene("setup-keyboard-accent-page", "the on-screen keyboard's page of accented letters")
def setup_keyboard_accent_page(services: Services, navigator: Navigator) -> None:
    keyboard_on_setup(services, navigator, 0, "Zo").show_page("accents")


@scene("history", "a game's scrollable history, over its table")
def history(services: Services, navigator: Navigator) -> None:
    import random

    from ui.screens.game import open_game_screen

    session = services.store.new_session("mix_the_mutts", FAMILY[:3])
    rng = random.Random(4)
    for _ in range(12):
        session.perform(rng.choice(session.game.legal_actions(session.state, rng)))
    open_game_screen(services, navigator, session).open_history()


def _race_popup(services: Services, kind: str, seats: Sequence[int] = (0, 1, 2, 3)) -> RacePopup:
    from ui.screens.home import HomeScreen
    from ui.screens.race import RacePopup

    navigator_screen = HomeScreen(services, services.extras["navigator"])
    services.extras["navigator"].show(navigator_screen)
    return RacePopup(services.hardware, FAMILY, kind, list(seats), on_result=lambda result: None)


def _decision(kind: str, presses_ms: dict[int, float], **extra: Any) -> RaceDecision:
    order = sorted(presses_ms, key=lambda player: presses_ms[player])
    first = presses_ms[order[0]]
    prizes = len(FAMILY) - 1 if kind == "bones" else 1
    return RaceDecision(kind=kind, players=(1, 2, 3, 4), cue_ns=0, winners=tuple(order[:prizes]),
                        losers=tuple(order[prizes:]) + tuple(p for p in (1, 2, 3, 4) if p not in presses_ms),
                        margins_ms={p: presses_ms[p] - first for p in order}, **extra)


@scene("race-cue", "a bone race at the start cue: GO!")
def race_cue(services: Services, navigator: Navigator) -> None:
    services.extras["navigator"] = navigator
    popup = _race_popup(services, "bones")
    popup._show_wait(popup.hardware.start_race("bones", [1, 2, 3, 4], cue_delay_s=60))
    popup._show_go()
    popup.open()


@scene("race-photo-finish", "a Match! claim decided with every presser's margin")
def race_photo_finish(services: Services, navigator: Navigator) -> None:
    services.extras["navigator"] = navigator
    popup = _race_popup(services, "claim")
    popup._show_decision(_decision("claim", {2: 212.4, 1: 215.9, 4: 263.0}, false_starts=(3,)))
    popup.open()


@scene("race-bones", "the bone race result: who got each bone, who draws")
def race_bones(services: Services, navigator: Navigator) -> None:
    services.extras["navigator"] = navigator
    popup = _race_popup(services, "bones")
    popup._show_decision(_decision("bones", {3: 180.2, 1: 201.7, 4: 240.3, 2: 251.0}))
    popup.open()


@scene("race-tie", "a tie for the last bone: the two share their place and race again")
def race_tie(services: Services, navigator: Navigator) -> None:
    services.extras["navigator"] = navigator
    popup = _race_popup(services, "bones")
    popup._show_decision(RaceDecision(kind="bones", players=(1, 2, 3, 4), cue_ns=0, winners=(3, 1), losers=(),
                                      ties=((4, 2),), rerace=(4, 2), rerace_prizes=1,
                                      margins_ms={3: 0.0, 1: 21.5, 4: 60.1, 2: 60.13}))
    popup.open()


@scene("button-test", "checking the wiring of the six big buttons")
def button_test(services: Services, navigator: Navigator) -> None:
    from ui.screens.button_test import ButtonTestScreen

    services.store.new_session("nut", [Player("Ann", "orange", 1), Player("Ben", "sky", 2),
                                       Player("Maximiliana", "green", 4)])
    services.hardware.press(2)
    screen = navigator.show(ButtonTestScreen(services, navigator))
    services.hardware.release(2)
    services.hardware.press(4)
    screen.poll()


@scene("setup-settings", "a game's settings before the start, saved with the game")
def setup_settings(services: Services, navigator: Navigator) -> None:
    from companion.registry import game_entry
    from ui.screens.options import OptionsPopup
    from ui.screens.setup import SetupScreen

    screen = navigator.show(SetupScreen(services, navigator, game_entry("nuts_about_mutts")))
    OptionsPopup(screen.game, screen.options, on_done=screen._options_chosen).open()


@scene("race-screen-buttons", "a race with no GPIO: each player taps their own on-screen button")
def race_screen_buttons(services: Services, navigator: Navigator) -> None:
    from hardware.backend import open_backend
    from hardware.controller import RaceController

    services.extras["navigator"] = navigator
    services.hardware = RaceController(open_backend("none", services.settings), services.settings)
    popup = _race_popup(services, "bones")
    popup.start()


def _game_night(services: Services, now: float | None = None) -> None:
    """An evening of four games for the family (three finished, the last still being played), with the
    bone races of the first one, spread over the evening's hours."""
    import random
    import time

    from companion.races.model import Arm, Edge, RaceDecision
    from companion.races.racelog import arm_line, decision_line, edge_line

    start = (now or time.time()) - 3 * 3600
    played = []
    games: tuple[tuple[str, int, dict[str, Any], int], ...] = (
        ("mix_the_mutts", 4, {"junior": True}, 3), ("pugs_in_mugs", 4, {}, 5),
        ("mix_the_mutts", 4, {"junior": True, "dealer": 1}, 8), ("pugs_in_mugs", 3, {}, 2))
    for number, (key, seats, options, seed) in enumerate(games):
        session = services.store.new_session(key, FAMILY[:seats], options)
        rng = random.Random(seed)
        steps = 0
        while not session.is_over and (number < 3 or steps < 6):
            session.perform(rng.choice(session.game.legal_actions(session.state, rng)))
            steps += 1
        played.append(session.id)
    for index, session_id in enumerate(played):
        begun, ended = start + index * 2400, start + index * 2400 + 2000
        # One of the store's transactions: the app's start-up count of saved games may be reading on a worker.
        with services.store._transaction() as db:
            db.execute("UPDATE sessions SET started_at = ?, updated_at = ?, finished_at = "
                       "CASE WHEN finished_at IS NULL THEN NULL ELSE ? END WHERE id = ?", (begun, ended, ended, session_id))
    ms = 1_000_000
    for presses in ({3: 180, 1: 201, 4: 240, 2: 251}, {2: 212, 1: 216, 4: 263}, {1: 190, 3: 191, 2: 300, 4: 320}):
        order = sorted(presses, key=lambda player: presses[player])
        decision = RaceDecision(kind="bones", players=(1, 2, 3, 4), cue_ns=0, winners=tuple(order[:3]),
                                losers=tuple(order[3:]), margins_ms={p: presses[p] - presses[order[0]] for p in order},
                                press_ns={p: t * ms for p, t in presses.items()})
        # As the race screen saves it (arm, the presses, the decision), so an export of the evening
        # imports again.
        edges = [edge_line(Edge(player, True, presses[player] * ms)) for player in order]
        services.store.save_race(played[0], [arm_line(Arm("bones", (1, 2, 3, 4), 0)), *edges,
                                             decision_line(decision)])


@scene("evening", "tonight's game night: standings, each game's places and the running points")
def evening(services: Services, navigator: Navigator) -> None:
    from ui.places import Place

    _game_night(services)
    navigator.go(Place.EVENING, services)


@scene("evening-bg-stats", "Send to BG Stats: a finished game's play as a QR code for the phone, Next play")
def evening_bg_stats(services: Services, navigator: Navigator) -> None:
    from ui.places import Place
    from ui.screens.evening import EveningScreen

    _game_night(services)
    screen = navigator.go(Place.EVENING, services)
    assert isinstance(screen, EveningScreen) and screen.evening is not None
    screen.send_to_bg_stats(next(game for game in screen.evening.games if game.finished))


@scene("profile", "a player's records: games won game by game, streaks and buzzer races")
def profile(services: Services, navigator: Navigator) -> None:
    from ui.places import Place

    _game_night(services)
    navigator.go(Place.PROFILE, services, "Maya")


@scene("home-evening", "home screen with tonight's game night and earlier evenings' winners")
def home_evening(services: Services, navigator: Navigator) -> None:
    import time

    from ui.screens.home import HomeScreen

    _game_night(services, now=time.time() - 3 * 86400)
    _game_night(services)
    navigator.show(HomeScreen(services, navigator))


def _saved_games(services: Services) -> None:
    """Yesterday's game night (three finished games, one left unfinished), then today a That's Ruff!
    game set aside after a few moves and a Nut game played to its end."""
    import random
    import time

    _game_night(services, now=time.time() - 86400)
    set_aside = services.store.new_session("thats_ruff", FAMILY[:4])
    rng = random.Random(6)
    for _ in range(5):
        set_aside.perform(rng.choice(set_aside.game.legal_actions(set_aside.state, rng)))
    services.store.set_aside(saved(set_aside))
    finished = services.store.new_session("nut", FAMILY[1:3])
    while not finished.is_over:
        finished.perform(rng.choice(finished.game.legal_actions(finished.state, rng)))


@scene("saved-games", "every saved game: finished with its winner, set aside, unfinished; Export on each")
def saved_games(services: Services, navigator: Navigator) -> None:
    from ui.places import Place

    _saved_games(services)
    navigator.go(Place.SAVED_GAMES, services)


@scene("saved-games-import", "importing from a USB stick: the game logs and evenings found on it")
def saved_games_import(services: Services, navigator: Navigator) -> None:
    from companion import exports
    from companion.game_lines import evenings
    from ui.places import Place

    _saved_games(services)
    # A stick as the desktop would mount it, in this scene's own data directory.
    stick = services.data_dir / "media" / "pi" / "KINGSTON"
    stick.mkdir(parents=True)
    mounts = services.data_dir / "mounts"
    mounts.write_text(f"/dev/sda1 {stick} vfat rw,nosuid,nodev 0 0\n")
    exports.ROOTS, exports.MOUNTS = (services.data_dir / "media",), mounts
    found = evenings(services.store)
    exports.export_evening(services.store, services.data_dir, found[1], 2)
    exports.export_game(services.store, services.data_dir, found[0].games[-1].session_id)
    navigator.go(Place.SAVED_GAMES, services).choose_import()


@scene("saved-games-importing", "a file from the USB stick being read, checked and saved: its bar and Cancel")
def saved_games_importing(services: Services, navigator: Navigator) -> None:
    from ui.places import Place
    from ui.widgets.progress import ProgressPopup

    _saved_games(services)
    navigator.go(Place.SAVED_GAMES, services)
    progress = ProgressPopup("Importing evening-2026-11-22.json", on_cancel=lambda: None)
    progress.open()
    progress.show("Checking the moves", 0.4)


@scene("evening-long", "an evening of forty games: one list of every player and game, the six leaders on the chart")
def evening_long(services: Services, navigator: Navigator) -> None:
    import random
    import time

    from companion.players import Player
    from companion.registry import load_game
    from companion.session import Session
    from companion.store import GameToImport
    from ui.places import Place

    start, played = time.time() - 3 * 3600, []
    for number in range(40):
        table = [Player(name, colour) for name, colour in (("Maya", "orange"), ("Leo", "sky"), ("Grandpa", "green"))]
        if number % 2:
            table[2] = Player(f"Guest {number}", "yellow")
        session = Session(load_game("nut"), table)
        rng = random.Random(number)
        while not session.is_over:
            session.perform(rng.choice(session.game.legal_actions(session.state, rng)))
        played.append(GameToImport(session, start + number * 240, start + number * 240 + 200))
    services.store.import_sessions(played)
    navigator.go(Place.EVENING, services)


def _two_unfinished(services: Services) -> tuple[Session, Session]:
    """A Nut game and, played since, a Pugs in Mugs game, both left unfinished."""
    from ui.scenes import example_session

    nut = example_session(services, "nut", 2, upto=3)
    pugs = example_session(services, "pugs_in_mugs", 4, upto=4)
    return nut, pugs


@scene("home-two-unfinished", "home screen after one of two unfinished games was set aside: the other offered, Undo kept")
def home_two_unfinished(services: Services, navigator: Navigator) -> None:
    from ui.screens.home import HomeScreen

    _, pugs = _two_unfinished(services)
    services.store.set_aside(saved(pugs))
    navigator.show(HomeScreen(services, navigator, set_aside=[services.store.session_record(saved(pugs))]))


@scene("game-other-unfinished", "a new game's table saying another game is unfinished, with Resume")
def game_other_unfinished(services: Services, navigator: Navigator) -> None:
    from ui.scenes import open_game

    _two_unfinished(services)
    open_game(services, navigator, services.store.new_session("mix_the_mutts", FAMILY[:3]))


@scene("tonight", "tonight's standings over a game's table, one tap from it")
def tonight(services: Services, navigator: Navigator) -> None:
    from companion.game_lines import evenings
    from ui.scenes import open_game

    _game_night(services)
    session = services.store.resume(evenings(services.store)[0].games[-1].session_id)
    open_game(services, navigator, session).open_tonight()


@scene("not-your-turn", "a big button pressed out of turn: the bar says whose turn it is (and that button blinks)")
def not_your_turn(services: Services, navigator: Navigator) -> None:
    from ui.scenes import open_game

    session = services.store.new_session("nuts_about_mutts", FAMILY[:4], {"dealer": 0})
    session.perform(Action("play", 1, {"colour": "red", "number": 5}))   # Maya opens: Leo's turn
    open_game(services, navigator, session)
    services.hardware.press(4)      # Mum's button, through the mock pin as a key would
    services.hardware.release(4)
