"""The settings screen as a family uses it: opened from Home with a finger, every setting changed by
touch, saved to config.json and read back; clashing keys and pins refused with config.json left as it
was; the screen sleeping and waking without the waking touch or press doing anything else; the
high-contrast palette's contrast."""

import time

import pytest

pytest.importorskip("kivy")

from colour_vision import closest  # noqa: E402
from kivy.core.window import Window  # noqa: E402  (opens the headless window)
from ui_support import buttons_reading, same_widgets, settle, tap, tap_at, texts  # noqa: E402

from companion import config  # noqa: E402
from companion.players import IDENTITIES  # noqa: E402
from hardware.backlight import Backlight  # noqa: E402
from ui import theme  # noqa: E402
from ui.hardware_link import KeyboardButtons, open_hardware  # noqa: E402
from ui.idle import IdleTimer  # noqa: E402
from ui.screen_sleep import ScreenSleep  # noqa: E402
from ui.screens.home import HomeScreen  # noqa: E402
from ui.screens.preferences import PreferencesScreen  # noqa: E402
from ui.widgets.keyboard import TypingPopup, key_center  # noqa: E402


@pytest.fixture(autouse=True)
def standard_palette():
    yield
    theme.use_high_contrast(False)
    theme.use_larger_text(False)
    Window.clearcolor = theme.BACKGROUND


@pytest.fixture
def mock_buttons(services):
    open_hardware(services, "mock")
    yield services.hardware
    services.hardware.close()


@pytest.fixture
def backlight(services, tmp_path):
    device = tmp_path / "sys" / "10-0045"
    device.mkdir(parents=True)
    (device / "max_brightness").write_text("255\n")
    (device / "brightness").write_text("255\n")
    services.backlight = Backlight(device)
    return services.backlight


class FakeClock:
    def __init__(self):
        self.now = 0.0

    def __call__(self):
        return self.now


def the(root, text):
    (button,) = buttons_reading(root, text)
    return button


def in_view(screen, widget):
    """Scroll the settings until `widget` is on screen, as a finger would, then hand it over."""
    settle()
    screen.scroll.scroll_to(widget, padding=10, animate=False)
    settle()
    return widget


def touch(screen, widget):
    tap(in_view(screen, widget))


def open_settings(services, navigator) -> PreferencesScreen:
    home = navigator.show(HomeScreen(services, navigator))
    tap(the(home, "Settings"))
    screen = navigator.current_screen
    assert isinstance(screen, PreferencesScreen)
    return screen


def type_key(screen, number: str, key: str) -> None:
    touch(screen, screen.key_fields[number])
    popups = [widget for widget in Window.children if isinstance(widget, TypingPopup)]
    assert len(popups) == 1
    settle()
    if key.isdigit():
        tap_at(*key_center(popups[0].keys, "123"))
        settle()
    tap_at(*key_center(popups[0].keys, key))
    tap(popups[0].done_button)


def file_bytes(services):
    path = services.data_dir / "config.json"
    return path.read_bytes() if path.exists() else None


# --- opening, saving, reading back ----------------------------------------------------------------------

def test_settings_opens_from_home_with_a_touch_and_cancel_writes_nothing(services, navigator):
    screen = open_settings(services, navigator)
    shown = texts(screen)
    for title in ("Sound", "Screen", "Races", "Big buttons", "Volume", "Brightness", "Sleep after",
                  "High contrast", "False start", "Tie", "Settle window"):
        assert title in shown
    touch(screen, screen.controls["display.sound"].buttons[False])
    tap(the(screen, "Cancel"))
    assert isinstance(navigator.current_screen, HomeScreen)
    assert file_bytes(services) is None
    assert services.settings["display"]["sound"] is True


def test_every_setting_changed_by_touch_is_saved_and_read_back(services, navigator, mock_buttons, backlight):
    screen = open_settings(services, navigator)
    controls = screen.controls
    touch(screen, controls["display.sound"].buttons[False])
    touch(screen, controls["display.volume"].stepper.minus)                  # 100 -> 90 %
    touch(screen, controls["display.volume"].stepper.minus)                  # -> 80 %
    touch(screen, controls["display.brightness"].minus)                      # 100 -> 90 %
    assert backlight.level == round(255 * 0.9)                              # seen at once
    for _ in range(3):
        touch(screen, controls["display.sleep_after_min"].plus)             # never -> 1 -> 2 -> 5 min
    touch(screen, controls["display.high_contrast"].buttons[True])
    touch(screen, controls["race.false_start"].buttons["lockout"])
    touch(screen, controls["race.lockout_ms"].plus)                         # 250 -> 500 ms
    touch(screen, controls["race.tie_policy"].buttons["draw"])
    touch(screen, controls["race.settle_ms"].plus)                          # 30 -> 40 ms
    type_key(screen, "2", "w")
    touch(screen, screen.pin_steppers["4"].minus)                            # GPIO5 -> GPIO4
    tap(screen.save_button)

    saved = config.load(services.data_dir)
    assert saved["display"] == {"fullscreen": False, "sound": False, "volume": 80, "brightness": 90,
                                "sleep_after_min": 5, "high_contrast": True, "larger_text": False}
    assert saved["race"]["false_start"] == "lockout" and saved["race"]["lockout_ms"] == 500.0
    assert saved["race"]["tie_policy"] == "draw" and saved["race"]["settle_ms"] == 40.0
    assert saved["keys"]["2"] == "w"
    assert saved["buttons"]["4"] == {"pin": 4, "led": 6}
    home = navigator.current_screen
    assert isinstance(home, HomeScreen)
    assert "Settings saved. The new pins work after the next start." in home.message.text

    # In force now: everything but the pins, which the buttons opened at start.
    assert services.settings["display"]["sleep_after_min"] == 5
    assert mock_buttons.race_config["tie_policy"] == "draw"
    assert mock_buttons.settings.settle_ns == 40_000_000
    assert services.settings["buttons"]["4"]["pin"] == 5
    keys = KeyboardButtons(services)
    assert keys.key_down(ord("w")) and 2 in keys._down
    keys.key_up(ord("w"))
    assert theme.high_contrast and Window.clearcolor[:3] == list(theme.HIGH_CONTRAST["BACKGROUND"][:3])


def test_saved_settings_survive_a_restart(services, navigator):
    screen = open_settings(services, navigator)
    touch(screen, screen.controls["display.volume"].stepper.minus)
    tap(screen.save_button)
    again = open_settings(services, navigator)
    assert again.controls["display.volume"].stepper.value == 90
    assert config.load(services.data_dir)["display"]["volume"] == 90


# --- refusals ---------------------------------------------------------------------------------------------

def test_a_key_already_in_use_is_refused_and_config_json_is_unchanged(services, navigator):
    settings = config.load(services.data_dir)
    settings["display"]["volume"] = 30
    config.save(services.data_dir, settings)
    before = file_bytes(services)
    screen = open_settings(services, navigator)
    type_key(screen, "2", "1")
    assert "Button 2's key: the key '1' is already used by button 1's key" in screen.message.text
    tap(screen.save_button)
    assert navigator.current_screen is screen
    assert screen.message.text.startswith("Not saved: Button 2's key")
    assert file_bytes(services) == before
    assert sorted(p.name for p in services.data_dir.glob("config*")) == ["config.json"]


def test_a_pin_already_in_use_is_refused_and_nothing_is_written(services, navigator):
    screen = open_settings(services, navigator)
    touch(screen, screen.pin_steppers["6"].plus)                            # GPIO26 -> GPIO27, button 1's LED
    assert "Button 6's pin: GPIO27 is already used by button 1's light" in screen.message.text
    assert list(screen.pin_steppers["6"].number.color) == list(theme.DANGER)
    tap(screen.save_button)
    assert navigator.current_screen is screen
    assert "Not saved" in screen.message.text
    assert file_bytes(services) is None
    touch(screen, screen.pin_steppers["6"].minus)                            # back to GPIO26: the clash is gone
    assert screen.message.text == ""


def test_a_broken_file_is_shown_and_saving_replaces_it(services, navigator):
    (services.data_dir / "config.json").write_text('{"display": {"volume": 400}}')
    screen = open_settings(services, navigator)
    assert "config.json has a problem (Volume: expected 0 to 100 %, got 400)" in screen.message.text
    tap(screen.save_button)
    assert config.load(services.data_dir)["display"]["volume"] == 100


def test_brightness_says_when_it_cannot_be_set_here(services, navigator):
    screen = open_settings(services, navigator)
    assert any(text.startswith("Not available here") for text in texts(screen))


def test_cancel_puts_back_a_brightness_only_tried_out(services, navigator, backlight):
    screen = open_settings(services, navigator)
    touch(screen, screen.controls["display.brightness"].minus)
    assert backlight.level == round(255 * 0.9)
    tap(the(screen, "Cancel"))
    assert backlight.level == 255


# --- sound --------------------------------------------------------------------------------------------------

class FakeSound:
    def __init__(self):
        self.volume, self.plays = 1.0, 0

    def stop(self):
        pass

    def play(self):
        self.plays += 1


def test_the_cue_plays_at_the_chosen_volume_and_not_at_all_when_off(tmp_path, monkeypatch):
    from kivy.core.audio import SoundLoader

    from ui.sound import CueSound

    loaded = []
    monkeypatch.setattr(SoundLoader, "load", staticmethod(lambda path: loaded.append(FakeSound()) or loaded[-1]))
    cue = CueSound.from_settings(tmp_path, {"sound": True, "volume": 40})
    cue.play()
    assert loaded[0].volume == pytest.approx(0.4) and loaded[0].plays == 1
    silent = CueSound.from_settings(tmp_path, {"sound": False, "volume": 100})
    silent.play()
    assert len(loaded) == 1


def test_test_sound_plays_the_beep_at_the_volume_on_screen(services, navigator, monkeypatch):
    from kivy.core.audio import SoundLoader

    loaded = []
    monkeypatch.setattr(SoundLoader, "load", staticmethod(lambda path: loaded.append(FakeSound()) or loaded[-1]))
    screen = open_settings(services, navigator)
    touch(screen, screen.controls["display.volume"].stepper.minus)
    touch(screen, screen.controls["display.volume"].test)
    assert loaded[-1].volume == pytest.approx(0.9) and loaded[-1].plays == 1
    touch(screen, screen.controls["display.sound"].buttons[False])
    touch(screen, screen.controls["display.volume"].test)
    assert "Sound is off" in screen.message.text and loaded[-1].plays == 1


def test_larger_text_beside_high_contrast_makes_every_word_and_number_a_quarter_bigger_from_save_on(
        services, navigator):
    from ui.places import Place
    from ui.widgets.sizes import sizes

    kept = navigator.go(Place.HOME, services)    # Home is kept, laid out once in the usual type
    tap(the(kept, "Settings"))
    screen = navigator.current_screen
    reading = next(panel for panel in screen.ids["body"].children if "Reading" in texts(panel))
    shown = texts(reading)
    assert shown.index("Larger text") < shown.index("High contrast")         # side by side, at the top
    body_before, table_before = theme.FONT_BODY, sizes.font_table
    touch(screen, screen.controls["display.larger_text"].buttons[True])
    assert not theme.larger_text                                             # only from Save on
    tap(screen.save_button)
    assert config.load(services.data_dir)["display"]["larger_text"] is True
    assert theme.larger_text and theme.FONT_BODY == pytest.approx(body_before * 1.25)
    assert sizes.font_table == pytest.approx(table_before * 1.25)
    home = navigator.current_screen
    assert isinstance(home, HomeScreen) and home is not kept
    title = next(widget for widget in home.walk() if getattr(widget, "text", None) == "Table Companion")
    assert title.font_size == pytest.approx(theme.USUAL_TYPE["FONT_TITLE"] * 1.25)   # Home made again in it
    # Off again: the usual type, and Home with it.
    tap(the(home, "Settings"))
    screen = navigator.current_screen
    touch(screen, screen.controls["display.larger_text"].buttons[False])
    tap(screen.save_button)
    title = next(widget for widget in navigator.current_screen.walk()
                 if getattr(widget, "text", None) == "Table Companion")
    assert not theme.larger_text and title.font_size == pytest.approx(theme.USUAL_TYPE["FONT_TITLE"])


def test_a_refusal_of_test_goes_once_the_beep_is_on_and_test_plays_it(services, navigator, monkeypatch):
    from kivy.core.audio import SoundLoader

    loaded = []
    monkeypatch.setattr(SoundLoader, "load", staticmethod(lambda path: loaded.append(FakeSound()) or loaded[-1]))
    screen = open_settings(services, navigator)
    touch(screen, screen.controls["display.sound"].buttons[False])
    touch(screen, screen.controls["display.volume"].test)
    assert screen.message.text == "Sound is off: choose On to hear the beep." and screen.message.problem
    touch(screen, screen.controls["display.sound"].buttons[True])
    assert screen.message.text == ""                 # On answers the refusal: it goes at once
    touch(screen, screen.controls["display.volume"].test)
    assert loaded[-1].plays == 1
    assert screen.message.text == "The race beep, at 100 %." and not screen.message.problem


def mark_inside(bar) -> bool:
    """Whether the message bar's tick or cross is drawn wholly inside the bar."""
    points = [point for stroke in bar._strokes for point in stroke.points]
    xs, ys = points[0::2], points[1::2]
    return bool(points) and bar.x <= min(xs) and max(xs) <= bar.right and bar.y <= min(ys) and max(ys) <= bar.top


def test_the_message_bars_mark_is_inside_the_bar_on_settings_and_home(services, navigator, monkeypatch):
    from kivy.core.audio import SoundLoader

    monkeypatch.setattr(SoundLoader, "load", staticmethod(lambda path: FakeSound()))
    screen = open_settings(services, navigator)
    touch(screen, screen.controls["display.sound"].buttons[False])
    touch(screen, screen.controls["display.volume"].test)
    assert screen.message.problem and mark_inside(screen.message)       # the cross
    tap(screen.save_button)
    home = navigator.current_screen
    assert isinstance(home, HomeScreen) and home.message.text.startswith("Settings saved.")
    assert mark_inside(home.message)                                     # the tick


# --- sleeping and waking ------------------------------------------------------------------------------------

@pytest.fixture
def sleeper(services):
    clock = FakeClock()
    sleep = ScreenSleep(services, Window, timer=IdleTimer(60, now=clock))
    yield sleep, clock
    sleep.close()


def test_the_screen_sleeps_and_the_waking_touch_taps_nothing(services, navigator, backlight, sleeper):
    sleep, clock = sleeper
    home = navigator.show(HomeScreen(services, navigator))
    settle()
    clock.now += 59
    sleep.check()
    assert not sleep.asleep
    clock.now += 1
    sleep.check()
    assert sleep.asleep and Window.children[0] is sleep.cover
    assert backlight.level == 0                                  # dimmed where it can be

    tap(the(home, "Settings"))                                   # the finger lands on Settings...
    assert navigator.current_screen is home                      # ...and only wakes the screen
    assert not sleep.asleep and sleep.cover.parent is None
    assert backlight.level == 255
    tap(the(home, "Settings"))                                   # now it is a tap
    assert isinstance(navigator.current_screen, PreferencesScreen)


def test_a_big_button_wakes_the_screen_without_playing_a_move(services, navigator, mock_buttons, sleeper):
    sleep, clock = sleeper
    edges = []
    mock_buttons.on_idle_edge = edges.append
    navigator.show(HomeScreen(services, navigator))
    clock.now += 60
    sleep.check()
    assert sleep.asleep

    push(mock_buttons, 2)
    settle()
    assert not sleep.asleep
    assert edges == []                                           # the waking press and its release went nowhere
    push(mock_buttons, 2)
    assert [(edge.player, edge.pressed) for edge in edges] == [(2, True), (2, False)]


def push(hardware, number):
    hardware.press(number)
    time.sleep(0.05)
    hardware.release(number)
    # A release counts once the switch has stayed open for the hold-off (20 ms).
    time.sleep(0.1)


def test_a_race_in_progress_never_sleeps(services, navigator, mock_buttons, sleeper):
    sleep, clock = sleeper
    navigator.show(HomeScreen(services, navigator))
    mock_buttons.start_race("bones", [1, 2], cue_delay_s=30)
    for _ in range(10):
        clock.now += 60
        sleep.check()
        assert not sleep.asleep
    mock_buttons.cancel()
    clock.now += 59
    sleep.check()
    assert not sleep.asleep                                      # the idle time starts when the race ends
    clock.now += 1
    sleep.check()
    assert sleep.asleep


def test_sleep_after_saved_on_the_settings_screen_applies_at_once(services, navigator, sleeper):
    sleep, clock = sleeper
    services.screen_sleep = sleep
    sleep.set_minutes(0)
    screen = open_settings(services, navigator)
    touch(screen, screen.controls["display.sleep_after_min"].plus)          # never -> 1 min
    tap(screen.save_button)
    clock.now += 60
    sleep.check()
    assert sleep.asleep


# --- high contrast ------------------------------------------------------------------------------------------

TEXT_COLOURS = ("TEXT", "TEXT_DIM", "ACCENT", "DANGER", "OK")
SURFACES = ("BACKGROUND", "SURFACE", "SURFACE_HIGH")
FILLS = ("ACCENT", "DANGER", "OK", "SURFACE", "SURFACE_HIGH", "BACKGROUND")


@pytest.mark.parametrize("text", TEXT_COLOURS)
@pytest.mark.parametrize("surface", SURFACES)
def test_high_contrast_text_is_at_least_7_to_1_on_every_surface(text, surface):
    palette = theme.HIGH_CONTRAST
    ratio = theme.contrast_ratio(palette[text], palette[surface])
    assert ratio >= 7, f"{text} on {surface}: {ratio:.2f}:1"


@pytest.mark.parametrize("fill", FILLS + ("DISABLED",))
def test_high_contrast_labels_on_filled_buttons_are_at_least_7_to_1(fill):
    theme.use_high_contrast(True)
    colour = theme.HIGH_CONTRAST[fill]
    label = theme.TEXT_DIM if fill == "DISABLED" else theme.readable_text_on(colour)
    assert theme.contrast_ratio(label, colour) >= 7


def test_high_contrast_players_colours_carry_readable_names():
    theme.use_high_contrast(True)
    for identity in IDENTITIES:
        # Player colours are the game's, not the theme's: the better of black and white is taken.
        assert theme.contrast_ratio(theme.readable_text_on(identity.rgb), identity.rgb) >= 4.5


def test_high_contrast_signal_colours_are_no_players_colour():
    for name in ("ACCENT", "DANGER", "OK"):
        for identity in IDENTITIES:
            difference, vision = closest(theme.HIGH_CONTRAST[name], identity.rgb)
            assert difference >= 10, f"{name} looks like {identity.label} ({difference:.1f}, {vision})"


def test_the_contrast_ratio_matches_wcag():
    assert theme.contrast_ratio((1, 1, 1), (0, 0, 0)) == pytest.approx(21)
    assert theme.contrast_ratio((0.5, 0.5, 0.5), (0.5, 0.5, 0.5)) == pytest.approx(1)
    # WCAG's own example: #767676 on white is just over 4.5:1.
    grey = 0x76 / 255
    assert theme.contrast_ratio((grey, grey, grey), (1, 1, 1)) == pytest.approx(4.54, abs=0.01)


def test_the_switch_recolours_the_screen_on_show_and_the_screens_built_after_it(services, navigator):
    theme.use_high_contrast(True)
    home = navigator.show(HomeScreen(services, navigator))
    settings = the(home, "Settings")
    assert list(settings._colour.rgba) == list(theme.HIGH_CONTRAST["SURFACE_HIGH"])
    assert list(settings._outline_colour.rgba) == list(theme.HIGH_CONTRAST["OUTLINE"])
    theme.use_high_contrast(False)
    # Already on screen: recoloured at once, without a restart.
    assert list(settings._colour.rgba) == list(theme.STANDARD["SURFACE_HIGH"])
    assert settings._outline_colour.rgba[3] == 0
    again = navigator.show(HomeScreen(services, navigator))
    assert list(the(again, "Settings")._colour.rgba) == list(theme.STANDARD["SURFACE_HIGH"])


def test_a_setting_stepped_or_chosen_updates_the_controls_on_screen_rather_than_replacing_them(services, navigator):
    screen = open_settings(services, navigator)
    volume = screen.controls["display.volume"].stepper
    sound = screen.controls["display.sound"]

    def change() -> None:
        touch(screen, volume.minus)
        touch(screen, screen.controls["display.sleep_after_min"].plus)
        touch(screen, sound.buttons[False])

    same, before, after = same_widgets(screen, change)
    assert same, f"{len({id(w) for w in after} - {id(w) for w in before})} widgets built anew"
    assert volume.number.text == "90 %" and screen.controls["display.sleep_after_min"].number.text == "1 min"
    assert sound.buttons[False].selected and not sound.buttons[True].selected
    assert screen.draft["display"]["volume"] == 90 and screen.draft["display"]["sound"] is False
