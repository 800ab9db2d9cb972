"""Races through the app: keyboard keys press the mock pins, the arbiter decides on edge times, the
popup shows the photo finish, and accepting hands the game a decision in seat numbers."""

import time

import pytest

pytest.importorskip("kivy")

from kivy.core.window import Window  # noqa: E402,F401  (opens the headless window)
from ui_support import make_services, texts  # noqa: E402

from companion.players import Player  # noqa: E402
from companion.races.model import RaceDecision, TieDraw  # noqa: E402
from hardware.backend import open_backend  # noqa: E402
from hardware.controller import RaceController  # noqa: E402
from ui.hardware_link import KeyboardButtons  # noqa: E402
from ui.race_text import ResultRow, headline, result_rows  # noqa: E402
from ui.screens.race import RacePopup  # noqa: E402

PLAYERS = [Player("Ann", "orange", 1), Player("Ben", "sky", 2), Player("Cleo", "green", 3)]


@pytest.fixture
def services(tmp_path):
    services = make_services(tmp_path)
    services.hardware = RaceController(open_backend("mock", services.settings), services.settings, threaded=False)
    yield services
    services.hardware.close()
    services.store.close()


def run_claim(services, presses):
    results = []
    popup = RacePopup(services.hardware, PLAYERS, "claim", [0, 1, 2], results.append)
    popup.hardware.on_cue = None
    arm = services.hardware.start_race("claim", [1, 2, 3], cue_delay_s=0)
    popup._show_wait(arm)
    keys = KeyboardButtons(services)
    for key in presses:
        assert keys.key_down(ord(key))
        time.sleep(0.005)  # real key presses are milliseconds apart; closer than 0.1 ms is a tie
    decision = services.hardware.finish()
    popup._show_decision(decision)
    return popup, results, decision


def test_keyboard_presses_travel_the_gpio_path_and_decide_the_claim(services):
    popup, results, decision = run_claim(services, ["2", "1"])
    assert decision.winner == 2  # button 2 is Ben's
    assert "Ben claims the play!" in texts(popup)
    popup._accept()
    (result,) = results
    assert result["winners"] == [1] and result["losers"][:1] == [0]  # seats, not buttons
    assert result["log"][0]["event"] == "arm"


def test_a_held_key_does_not_press_twice(services):
    keys = KeyboardButtons(services)
    assert keys.key_down(ord("3"))
    assert not keys.key_down(ord("3"))  # auto-repeat of a held key
    assert keys.key_up(ord("3"))


def test_a_player_without_a_button_is_told_before_the_race(services):
    players = [PLAYERS[0], Player("Dee", "pink", None)]
    popup = RacePopup(services.hardware, players, "claim", [0, 1], lambda result: None)
    popup.start()
    assert any("Dee has no big button" in text for text in texts(popup))
    assert not services.hardware.racing
    popup.dismiss()


def test_photo_finish_ranks_everyone_with_margins():
    decision = RaceDecision(kind="bones", players=(1, 2, 3, 4), cue_ns=0, winners=(3, 1, 4), losers=(2,),
                            margins_ms={3: 0.0, 1: 21.5, 4: 60.1, 2: 70.8}, false_starts=())
    names = {1: "Ann", 2: "Ben", 3: "Cleo", 4: "Dev"}.get
    assert headline(decision, names) == "No bone for Ben: draw a card"
    rows = result_rows(decision)
    assert rows[0] == ResultRow("1st", 3, "first  bone", 0.0)
    assert rows[1] == ResultRow("2nd", 1, "+21.5 ms  bone", 21.5)
    assert rows[3] == ResultRow("4th", 2, "+70.8 ms  no bone", 70.8)


def test_the_result_tells_a_press_too_late_from_no_press_at_all():
    names = {1: "Ann", 2: "Ben", 3: "Cleo", 4: "Dev"}.get
    claim = RaceDecision(kind="claim", players=(1, 2, 3), cue_ns=0, winners=(1,), losers=(2, 3),
                         margins_ms={1: 0.0}, press_ns={1: 2_000_000_000},
                         too_late_ns={2: 3_420_000_000})
    rows = {row.player: row.detail for row in result_rows(claim, names)}
    assert rows[2] == "pressed too late, 1.42 s after Ann"
    assert rows[3] == "did not press"
    bones = RaceDecision(kind="bones", players=(1, 2, 3), cue_ns=0, winners=(1, 3), losers=(2,),
                         margins_ms={1: 0.0, 3: 40.0}, press_ns={1: 10, 3: 40_000_010})
    assert result_rows(bones, names)[-1].detail == "no press before the bones were gone"
    nobody = RaceDecision(kind="claim", players=(1, 2), cue_ns=0, winners=(), losers=(1, 2), timed_out=True,
                          too_late_ns={2: 6_000_000_000})
    assert [row.detail for row in result_rows(nobody, names)] == ["did not press",
                                                                  "pressed too late, after the time was up"]
    assert headline(nobody, names) == "Nobody pressed in time"


def test_ties_are_shown_as_ties_and_offer_a_rerace():
    decision = RaceDecision(kind="claim", players=(1, 2), cue_ns=0, winners=(), losers=(), ties=((1, 2),),
                            rerace=(1, 2), margins_ms={1: 0.0, 2: 0.05})
    names = {1: "Ann", 2: "Ben"}.get
    assert headline(decision, names) == "Tie! Ann, Ben: race again"
    assert all("TIE" in row.detail for row in result_rows(decision))


def test_no_gpio_still_starts_and_says_so(tmp_path):
    from ui.hardware_link import open_hardware

    services = make_services(tmp_path)
    open_hardware(services, "none")
    assert services.hardware.buttons is None
    assert services.hardware_warning
    services.store.close()


def test_a_broken_pin_map_falls_back_to_screen_buttons(tmp_path, monkeypatch):
    from companion.errors import BadOption
    from ui import hardware_link

    services = make_services(tmp_path)

    def refuse(*args, **kwargs):
        raise BadOption("GPIO99 does not exist")

    import hardware.controller

    real = hardware.controller.RaceController
    calls = []

    def controller(backend, settings, **kwargs):
        calls.append(backend.name)
        if backend.name == "mock":
            refuse()
        return real(backend, settings, **kwargs)

    monkeypatch.setattr(hardware.controller, "RaceController", controller)
    hardware_link.open_hardware(services, "mock")
    assert calls == ["mock", "none"]
    assert "GPIO99" in services.hardware_warning
    services.store.close()


def test_the_cue_beep_is_a_short_valid_wav(tmp_path):
    import wave

    from ui.sound import write_beep

    with wave.open(str(write_beep(tmp_path / "cue.wav")), "rb") as beep:
        seconds = beep.getnframes() / beep.getframerate()
        assert beep.getnchannels() == 1 and 0.1 < seconds < 0.5


def test_the_race_runner_plays_the_cue_when_go_shows(services):
    from ui.screens.race import RaceRunner

    played = []

    class Session:
        id = None
        players = PLAYERS

    runner = RaceRunner(services, Session())
    runner.cue_sound.play = lambda: played.append(True)
    popup = runner.run("claim", [0, 1], lambda result: None)
    popup._show_go()
    assert played == [True] and "GO!" in texts(popup)
    popup._cancel()


def test_players_tied_share_their_place_and_say_what_the_tie_did():
    names = {1: "Ann", 2: "Ben", 3: "Cleo", 4: "Dev"}.get
    # Three bones for four: Cleo and Ann first, Dev and Ben level for the last bone, and they race again.
    again = RaceDecision(kind="bones", players=(1, 2, 3, 4), cue_ns=0, winners=(3, 1), losers=(),
                         ties=((4, 2),), rerace=(4, 2), rerace_prizes=1,
                         margins_ms={3: 0.0, 1: 20.0, 4: 50.0, 2: 50.04})
    rows = result_rows(again, names)
    assert [(row.place, row.player, row.detail) for row in rows] == [
        ("1st", 3, "first  bone"), ("2nd", 1, "+20.0 ms  bone"),
        ("3rd", 4, "+50.0 ms  races again  TIE"), ("3rd", 2, "+50.0 ms  races again  TIE")]
    # The same tie settled by lot: Ben won the draw, so he is listed first of the two, with the bone.
    drawn = RaceDecision(kind="bones", players=(1, 2, 3, 4), cue_ns=0, winners=(3, 1, 2), losers=(4,),
                         ties=((4, 2),), tie_draw=TieDraw(7, (4, 2), (2, 4)),
                         margins_ms={3: 0.0, 1: 20.0, 4: 50.0, 2: 50.04})
    rows = result_rows(drawn, names)
    assert [(row.place, row.player, row.detail) for row in rows[2:]] == [
        ("3rd", 2, "+50.0 ms  bone  TIE, by lot"), ("3rd", 4, "+50.0 ms  no bone  TIE, by lot")]
