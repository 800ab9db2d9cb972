"""The race result as the family meets it, through a Nuts about Mutts bone race on the mock big buttons
(gpiozero's MockFactory, its clock under the test's control): a double tap on Accept result records the
race once and says nothing is wrong, and Race again runs the race again with the same seats, the game
recording only the race accepted while the one raced again stays in the race log, marked so."""

import json

import pytest

pytest.importorskip("kivy")

from kivy.base import EventLoop  # noqa: E402
from kivy.core.window import Window  # noqa: E402  (opens the headless window)
from ui_support import buttons_reading, same_widgets, settle, settle_until, tap, texts  # noqa: E402

from companion.actions import Action  # noqa: E402
from companion.players import Player  # noqa: E402
from companion.races.model import Arm  # noqa: E402
from companion.rulecards import load_example  # noqa: E402
from hardware.backend import mock_clock, mock_factory, open_backend  # noqa: E402
from hardware.controller import RaceController  # noqa: E402
from ui.places import Place  # noqa: E402
from ui.screens.race import RacePopup  # noqa: E402

S = 1_000_000_000
MS = 1_000_000
EXAMPLE = load_example("nuts_about_mutts")
FAMILY = [Player("Ann", "orange", 1), Player("Ben", "sky", 2), Player("Cleo", "green", 3)]


class Clock:
    """gpiozero's mock clock (seconds), set by the test."""

    def __init__(self):
        self.now = 100.0

    def __call__(self) -> float:
        return self.now

    def at_ns(self, t_ns: int) -> None:
        self.now = t_ns / S


@pytest.fixture
def clock():
    fake = Clock()
    with mock_clock(fake):
        yield fake


@pytest.fixture
def bone_race(services, navigator, clock):
    """The game screen with a Mutt just played: the table races for the bones."""
    services.hardware = RaceController(open_backend("mock", services.settings, factory=mock_factory()),
                                       services.settings, threaded=False)
    session = services.store.new_session("nuts_about_mutts", FAMILY, EXAMPLE["options"])
    for entry in EXAMPLE["actions"][:7]:
        session.perform(Action.from_json(entry))
    screen = navigator.go(Place.GAME, services, session)
    settle()
    yield services, session, screen
    services.hardware.close()


def race_popup() -> RacePopup:
    return next(widget for widget in Window.children if isinstance(widget, RacePopup))


def only(root, text):
    found = buttons_reading(root, text)
    assert len(found) == 1, f"expected one {text!r}: {texts(root)}"
    return found[0]


def run_race(services, clock, order: list[int]) -> RacePopup:
    """Everyone slams their button after the cue, `order` first to last, 5 ms apart; then they let go."""
    hardware = services.hardware
    cue_ns = json.loads(hardware.race_log().splitlines()[0])["t_ns"]
    for place, button in enumerate(order):
        clock.at_ns(cue_ns + 180 * MS + place * 5 * MS)
        hardware.press(button)
    hardware.finish()
    for button in order:
        hardware.release(button)
    clock.at_ns(cue_ns + S)
    popup = race_popup()
    assert settle_until(lambda: popup.decision is not None), "the photo finish never showed"
    settle()
    return popup


def double_tap(widget) -> None:
    """Two quick touches on the same spot, sent through Kivy's own double-tap detection as the app's
    input is (a test touch is not, unless sent so), with one frame between them: the popup has begun
    to close, not finished."""
    from kivy.input.postproc.doubletap import InputPostprocDoubleTap
    from kivy.tests.common import UnitTestTouch

    detect = InputPostprocDoubleTap()
    detect.double_tap_time = 10.0   # a busy test machine may be slower between the touches than a finger
    x, y = widget.to_window(*widget.center)
    for _ in range(2):
        touch = UnitTestTouch(x, y)
        for event in ("begin", "end"):
            for kind, motion in detect.process([(event, touch)]):
                EventLoop.post_dispatch_input(kind, motion)
        EventLoop.idle()


def test_a_double_tap_on_accept_result_records_the_race_once_and_says_nothing_is_wrong(bone_race, clock):
    services, session, screen = bone_race
    tap(only(screen, "Race for the bones!"))
    popup = run_race(services, clock, [3, 1, 2])
    before = len(session.actions)
    double_tap(only(popup, "Accept result"))
    settle()
    assert len(session.actions) == before + 1
    assert session.actions[-1]["losers"] == [1]     # Ben pressed last: no bone
    assert screen.message.text == ""                # no refusal flashed for the second tap
    assert not any(isinstance(widget, RacePopup) for widget in Window.children)
    # A button meant to be tapped again keeps both taps of a double tap: Undo twice takes back two moves.
    double_tap(screen.undo_button)
    settle()
    assert len(session.actions) == before - 1


def test_two_quick_taps_on_accept_result_a_fingertip_apart_record_the_race_once_and_say_nothing(bone_race, clock):
    """A finger tapping twice in a hurry, 80 ms apart and a little lower the second time: farther than
    Kivy's own double-tap test reaches (a fiftieth of the window), still one double tap to the family."""
    import time

    from kivy.tests.common import UnitTestTouch

    services, session, screen = bone_race
    tap(only(screen, "Race for the bones!"))
    popup = run_race(services, clock, [3, 1, 2])
    before = len(session.actions)
    x, y = only(popup, "Accept result").to_window(*only(popup, "Accept result").center)
    for lower in (0, 14):
        touch = UnitTestTouch(x, y - lower)
        touch.touch_down()
        touch.touch_up()
        time.sleep(0.08)
    settle()
    assert len(session.actions) == before + 1
    assert session.actions[-1]["losers"] == [1]
    assert screen.message.text == "" and not screen.message.problem
    assert not any(isinstance(widget, RacePopup) for widget in Window.children)


def test_race_again_runs_the_same_seats_again_and_only_the_accepted_race_counts(bone_race, clock):
    services, session, screen = bone_race
    tap(only(screen, "Race for the bones!"))
    popup = run_race(services, clock, [3, 1, 2])
    assert "No bone for Ben: draw a card" in texts(popup)
    before = len(session.actions)
    tap(only(popup, "Race again"))
    # Nothing recorded in the game; the race is running again for the same three seats.
    assert len(session.actions) == before
    assert popup.decision is None and "Hands ready...\nwait for GO!" in texts(popup)
    assert json.loads(services.hardware.race_log().splitlines()[0])["players"] == [1, 2, 3]
    popup = run_race(services, clock, [2, 1, 3])
    assert "No bone for Cleo: draw a card" in texts(popup)
    tap(only(popup, "Accept result"))
    assert len(session.actions) == before + 1
    assert session.actions[-1]["losers"] == [2]     # the accepted race's loser, Cleo
    from companion.races.racelog import was_raced_again
    from companion.records import player_record

    races = services.store.races(session.id)
    assert [was_raced_again(log) for log in races] == [True, False]
    # Nothing of the race run again is lost: its log still replays to the result the table saw.
    from companion.races import parse
    from companion.races.racelog import dumps
    from hardware.replay import replay

    assert replay(parse(dumps(races[0])), services.settings).losers == (2,)
    # The players' records count the accepted race alone: Ben won it, Cleo (first the time before) did not.
    assert player_record(services.store, "Ben").races.won == 1
    assert player_record(services.store, "Cleo").races.won == 0
    assert player_record(services.store, "Cleo").races.races == 1
    assert session.actions[-1]["race"]["log"][-1]["event"] == "decision"
    # History still shows both, the first marked as raced again.
    history = screen.open_history()
    history.show_races()
    settle()  # the list draws the rows in sight on the next frame
    shown = "\n".join(texts(history))
    assert "Race 1: Bone race[/b]  -  raced again, not counted" in shown
    assert "Race 2: Bone race[/b]  -  No bone for Cleo" in shown
    history.dismiss()


def test_a_tie_for_the_last_bone_shows_one_place_races_again_and_history_says_so(bone_race, clock):
    services, session, screen = bone_race
    tap(only(screen, "Race for the bones!"))
    hardware = services.hardware
    cue_ns = json.loads(hardware.race_log().splitlines()[0])["t_ns"]
    clock.at_ns(cue_ns + 180 * MS)
    hardware.press(1)                        # Ann first: her bone is hers
    clock.at_ns(cue_ns + 200 * MS)
    hardware.press(2)                        # Ben and Cleo at the same instant, for the last bone
    hardware.press(3)
    hardware.finish()
    for button in (1, 2, 3):
        hardware.release(button)
    clock.at_ns(cue_ns + S)
    popup = race_popup()
    assert settle_until(lambda: popup.decision is not None)
    settle()
    rows = [(shown.place, shown.detail) for shown in popup.rows if shown.shown]
    assert rows[0] == ("1st", "first  bone")
    assert rows[1:] == [("2nd", "+20.0 ms  races again  TIE")] * 2
    tap(only(popup, "Race again"))
    popup = run_race(services, clock, [3, 2])  # the tie alone races again: Cleo wins the last bone
    assert "No bone for Ben: draw a card" in texts(popup)
    tap(only(popup, "Accept result"))
    assert session.actions[-1]["losers"] == [1]
    history = screen.open_history()
    history.show_races()
    settle()
    shown = "\n".join(texts(history))
    assert "Race 1: Bone race[/b]  -  the tie was raced again" in shown
    history.dismiss()


def test_a_race_from_wait_to_go_to_its_photo_finish_updates_the_popup_rather_than_rebuilding_it(bone_race, clock):
    services, session, screen = bone_race
    tap(only(screen, "Race for the bones!"))
    popup = race_popup()
    hardware = services.hardware
    armed = json.loads(hardware.race_log().splitlines()[0])
    assert "Hands ready...\nwait for GO!" in texts(popup)

    def cue_then_presses() -> None:
        # The cue, as the arbiter's thread signals it at the armed moment; then everyone presses.
        hardware.on_cue(Arm(armed["kind"], tuple(armed["players"]), armed["t_ns"]))
        settle()
        assert popup.big.text == "GO!"
        run_race(services, clock, [3, 1, 2])

    same, before, after = same_widgets(popup, cue_then_presses)
    assert same, f"{len({id(w) for w in after} - {id(w) for w in before})} widgets built anew"
    assert "No bone for Ben: draw a card" in texts(popup)
    assert only(popup, "Accept result").opacity == 1 and only(popup, "Cancel").opacity == 1


def test_the_photo_finish_after_the_wait_takes_the_panel_the_wait_held(bone_race, clock):
    """The wait for GO fills the panel while it shows; once put away the photo finish must have all of it,
    or it is squeezed to nothing and its lines are drawn over the buttons below, and the wait must not
    be drawn under it."""
    services, _session, screen = bone_race
    tap(only(screen, "Race for the bones!"))
    popup = race_popup()
    settle()
    waited = popup.ids["waiting"].height
    assert waited > 0
    run_race(services, clock, [3, 1, 2])
    result, headline = popup.ids["result"], next(w for w in popup.walk() if getattr(w, "text", "") == popup.headline)
    waiting = popup.ids["waiting"]
    assert waiting.opacity == 0 and waiting.canvas not in waiting.parent.canvas.children
    assert result.height >= waited * 0.9
    assert result.y <= headline.y and headline.top <= result.top, "the headline is drawn outside the photo finish"
    for row in popup.rows[:3]:
        assert result.y <= row.y and row.top <= result.top, f"{row.player.name}'s line is drawn outside the photo finish"


def test_history_shows_each_race_with_every_name_whole_and_its_margin(bone_race, clock):
    """A race in History reads as the photo finish did: each name on one line in its column, and the
    margin behind the first press beside it."""
    from ui.screens.race import PhotoFinishRow

    services, session, screen = bone_race
    tap(only(screen, "Race for the bones!"))
    run_race(services, clock, [3, 1, 2])
    tap(only(race_popup(), "Accept result"))
    settle()
    history = screen.open_history()
    history.show_races()
    settle()
    rows = [widget for widget in history.walk() if isinstance(widget, PhotoFinishRow)]
    assert [row.player.name for row in rows] == ["Cleo", "Ann", "Ben"]
    for row in rows:
        name = row.children[-2].label   # place, name, bar, margin
        margin = row.children[0]
        assert name.texture_size[0] <= name.width and name.texture_size[1] <= name.height * 1.5, \
            f"{row.player.name} is not on one line in its column"
        assert margin.text.startswith(("first", "+")) and margin.texture_size[0] <= margin.width + 1, margin.text
    history.dismiss()


def test_a_line_that_had_no_time_gets_its_margin_column_back_once_timed():
    """A player who did not press has a line without a bar; when the next race times them, their bar must
    end where everyone else's does, or the gaps are misread (the widest margin, "first  wins", is often the
    same from one claim to the next, so nothing else changes to put it right)."""
    from kivy.uix.boxlayout import BoxLayout

    from ui.race_text import ResultRow
    from ui.screens.race import PhotoFinishRow

    box = BoxLayout(orientation="vertical", size_hint=(None, None), size=(700, 100), pos=(0, 0))
    rows = [PhotoFinishRow(detail_width=120), PhotoFinishRow(detail_width=120)]
    for row in rows:
        box.add_widget(row)
    Window.add_widget(box)
    try:
        rows[0].show(ResultRow("1st", 1, "first  wins", 0.0), FAMILY[0], 68.5)
        rows[1].show(ResultRow("-", 2, "did not press", None), FAMILY[1], 68.5)
        settle()
        rows[1].show(ResultRow("2nd", 2, "+68.5 ms", 68.5), FAMILY[1], 68.5)
        settle()
        margins = [row.children[0] for row in rows]
        assert [round(margin.width) for margin in margins] == [120, 120]
        assert round(rows[0].children[1].right) == round(rows[1].children[1].right), "the bars end apart"
    finally:
        Window.remove_widget(box)


def test_with_larger_text_a_six_player_photo_finish_fits_the_seven_inch_display(services, navigator, clock):
    """Larger text on, six long names on the 7" display: the photo finish of a bone race run on the big
    buttons has every line whole in the popup, the footnote on timing giving its room to the six rows."""
    import sys
    from pathlib import Path

    from ui_support import window_of

    from companion.players import IDENTITIES
    from ui import theme

    sys.path.insert(0, str(Path(__file__).resolve().parent / "e2e"))
    import layout

    names = ["Christopher", "Maximiliana", "Bartholomäus", "Anastasia", "Jean-Baptiste", "Wilhelmina"]
    family = [Player(name, IDENTITIES[seat].key, seat + 1) for seat, name in enumerate(names)]
    theme.use_larger_text(True)
    try:
        with window_of((800, 480)):
            services.hardware = RaceController(open_backend("mock", services.settings, factory=mock_factory()),
                                               services.settings, threaded=False)
            session = services.store.new_session("nuts_about_mutts", family, {"dealer": 0})
            session.perform(Action("play", session.summary()["turn"], {"card": "mutt", "colour": "blue"}))
            screen = navigator.go(Place.GAME, services, session)
            settle()
            tap(only(screen, "Race for the bones!"))
            popup = run_race(services, clock, [4, 5, 3, 1, 6, 2])
            assert popup.crowded and popup.headline
            found = [str(problem) for problem in layout.check("800x480 GameScreen/MuttsView > RacePopup", [popup],
                                                              Window)]
            assert found == []
            tap(only(popup, "Accept result"))
            services.hardware.close()
    finally:
        theme.use_larger_text(False)
