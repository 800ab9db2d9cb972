"""The family's settings file (`config.json` in the data directory): hardware pin map, keyboard keys,
race settings, sound and screen. Unknown keys, wrong types and values out of range are refused with a
message naming the key, so a typo in the file never silently does nothing. The settings screen saves
through the same checks, so the app can never write a file it would refuse at the next start."""

from __future__ import annotations

import copy
import json
import math
import os
import time
from pathlib import Path
from typing import Any

from .errors import BadOption
from .files import FileProblem, flush_folder, read_text, write_atomic

CONFIG_NAME = "config.json"
# The settings are about 2 KB; anything this big is some other file.
LARGEST_FILE = 256 * 1024

# Pins are BCM numbers. Buttons sit on pins with no other common use; each LED pin is the button's
# neighbour on the header so a player's pair of wires lands side by side (see docs/wiring.md).
DEFAULTS: dict[str, Any] = {
    "backend": "auto",   # auto | mock | lgpio | rpigpio | none
    "buttons": {
        "1": {"pin": 17, "led": 27},
        "2": {"pin": 22, "led": 23},
        "3": {"pin": 24, "led": 25},
        "4": {"pin": 5, "led": 6},
        "5": {"pin": 13, "led": 19},
        "6": {"pin": 26, "led": 20},
    },
    # Keyboard keys that press the mock buttons on a PC, by button number.
    "keys": {"1": "1", "2": "2", "3": "3", "4": "4", "5": "5", "6": "6"},
    "race": {
        "settle_ms": 30.0,          # decision held open after the first press for late-delivered earlier edges
        "tie_window_ms": 0.1,       # presses closer than this are a tie
        "holdoff_ms": 20.0,         # leading-edge debounce: bounces within this after a press are ignored
        "false_start": "lose",      # lose | lockout
        "lockout_ms": 250.0,
        "tie_policy": "rerace",     # rerace | draw
        "timeout_s": 5.0,           # nobody pressing within this after the cue loses
        "rank_ms": 1000.0,          # a claim race keeps timing slower presses this long after the first, for the margins
        "cue_delay_min_s": 1.0,     # random delay before the cue, so nobody can anticipate it
        "cue_delay_max_s": 3.0,
    },
    "display": {
        "fullscreen": False,
        "sound": True,
        "volume": 100,              # percent of the cue beep's full loudness
        "brightness": 100,          # percent of the display backlight's maximum (where it can be set)
        "sleep_after_min": 0,       # black screen after this many minutes untouched; 0 = never
        "high_contrast": False,
        "larger_text": False,       # every word and number a quarter bigger
    },
    # Between races a game may let players record moves with their own button: a press held at
    # least this long is a long press (Nuts about Mutts: short = played a card, long = drew).
    "turn_buttons": {"enabled": True, "long_press_ms": 600.0},
}

_CHOICES = {
    ("backend",): {"auto", "mock", "lgpio", "rpigpio", "none"},
    ("race", "false_start"): {"lose", "lockout"},
    ("race", "tie_policy"): {"rerace", "draw"},
}

# (lowest, highest, unit) for the settings a family changes on the settings screen. Brightness stops
# at 10 %: a backlight turned fully off cannot be seen to turn back on. The settle window's ceiling
# keeps a race's verdict quicker than people notice; the benchmark needs only the worst delivery delay.
RANGES: dict[tuple[str, ...], tuple[float, float, str]] = {
    ("display", "volume"): (0, 100, "%"),
    ("display", "brightness"): (10, 100, "%"),
    ("display", "sleep_after_min"): (0, 240, "minutes"),
    ("race", "settle_ms"): (0, 200, "ms"),
    ("race", "lockout_ms"): (0, 5000, "ms"),
    # The rest are bounded so no value that validates can overflow a timer or a clock further on.
    ("race", "tie_window_ms"): (0, 100, "ms"),
    ("race", "holdoff_ms"): (0, 500, "ms"),
    ("race", "timeout_s"): (0.5, 120, "s"),
    ("race", "rank_ms"): (0, 10000, "ms"),
    ("race", "cue_delay_min_s"): (0, 30, "s"),
    ("race", "cue_delay_max_s"): (0, 30, "s"),
    ("turn_buttons", "long_press_ms"): (100, 5000, "ms"),
}

BUTTON_NUMBERS = tuple(str(n) for n in range(1, 7))
# BCM numbers of the header's general-purpose pins; 0 and 1 belong to the HAT identification EEPROM.
GPIO_PINS = tuple(range(2, 28))


def _check(value: Any, default: Any, where: tuple[str, ...]) -> Any:
    name = ".".join(where)
    if isinstance(default, dict) and where[-1:] not in (("buttons",), ("keys",)):
        if not isinstance(value, dict):
            raise BadOption(f"config {name}: expected a section of settings, got {value!r}")
        merged = copy.deepcopy(default)
        for key, sub in value.items():
            if key not in default:
                raise BadOption(
                    f"config has no setting {'.'.join(where + (key,))!r}; in {name or 'the top level'} "
                    f"the settings are: {', '.join(sorted(default))}")
            merged[key] = _check(sub, default[key], where + (key,))
        return merged
    if where[-1:] == ("buttons",):
        return _check_buttons(value)
    if where[-1:] == ("keys",):
        return _check_keys(value)
    if isinstance(default, bool):
        if not isinstance(value, bool):
            raise BadOption(f"config {name}: expected true or false, got {value!r}")
    elif isinstance(default, (int, float)):
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value) or value < 0:
            raise BadOption(f"config {name}: expected a number of zero or more, got {value!r}")
        if isinstance(default, int) and value != int(value):
            raise BadOption(f"config {name}: expected a whole number, got {value!r}")
        value = type(default)(value)
        if where in RANGES:
            low, high, unit = RANGES[where]
            if not low <= value <= high:
                raise BadOption(f"config {name}: expected {low:g} to {high:g} {unit}, got {value:g}")
    elif isinstance(default, str):
        choices = _CHOICES.get(where)
        if not isinstance(value, str) or (choices and value not in choices):
            raise BadOption(f"config {name}: expected one of {', '.join(sorted(choices or []))}, got {value!r}")
    return value


def _check_keys(value: Any) -> dict[str, str]:
    if not isinstance(value, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in value.items()):
        raise BadOption("config keys: map button numbers to keyboard keys, like {\"1\": \"1\"}")
    used: dict[str, str] = {}
    for number, key in value.items():
        if number not in BUTTON_NUMBERS:
            raise BadOption(f"config keys: button {number!r} should be numbered 1 to 6")
        # A key press arrives as one key code; a word or a blank could never be pressed.
        if len(key) != 1 or not key.isprintable() or key.isspace():
            raise BadOption(f"config keys.{number}: a key is one letter, digit or sign, like \"q\"; got {key!r}")
        # Letters arrive as the same key code with or without shift.
        if key.lower() in used:
            raise BadOption(f"config keys.{number}: the key {key!r} is already used by {used[key.lower()]}")
        used[key.lower()] = f"keys.{number}"
    return dict(value)


def _check_buttons(value: Any) -> dict[str, dict[str, int | None]]:
    if not isinstance(value, dict):
        raise BadOption("config buttons: map button numbers to pins, like {\"1\": {\"pin\": 17, \"led\": 27}}")
    used: dict[int, str] = {}
    result: dict[str, dict[str, int | None]] = {}
    for number, spec in value.items():
        if number not in BUTTON_NUMBERS:
            raise BadOption(f"config buttons: button {number!r} should be numbered 1 to 6")
        if not isinstance(spec, dict) or set(spec) - {"pin", "led"} or "pin" not in spec:
            raise BadOption(f"config buttons.{number}: give a \"pin\" and optionally an \"led\" (BCM numbers)")
        for role in ("pin", "led"):
            pin = spec.get(role)
            if pin is None and role == "led":
                continue
            if not isinstance(pin, int) or isinstance(pin, bool) or pin not in GPIO_PINS:
                raise BadOption(f"config buttons.{number}.{role}: expected a BCM GPIO number 2 to 27, got {pin!r}")
            if pin in used:
                raise BadOption(f"config buttons.{number}.{role}: GPIO{pin} is already used by {used[pin]}")
            used[pin] = f"buttons.{number}.{role}"
        result[number] = {"pin": spec["pin"], "led": spec.get("led")}
    return result


def validate(document: Any) -> dict[str, Any]:
    settings: dict[str, Any] = _check(document, DEFAULTS, ())
    return settings


def load(data_dir: Path) -> dict[str, Any]:
    """The validated settings; missing file means defaults. A broken file raises BadOption naming the
    problem; so does anything that is no file (a pipe, a device, a folder) or one too big to be settings."""
    path = Path(data_dir) / CONFIG_NAME
    if not os.path.lexists(path):
        return copy.deepcopy(DEFAULTS)
    try:
        document = json.loads(read_text(path, LARGEST_FILE, what="settings file"))
    except FileProblem as problem:
        raise BadOption(f"{problem}; or move it away to go back to the defaults") from None
    except json.JSONDecodeError as error:
        raise BadOption(f"{path} is not valid JSON (line {error.lineno}, column {error.colno}): {error.msg}") from None
    except RecursionError:
        raise BadOption(f"{path} is nested too deeply to be a settings file") from None
    except ValueError as error:  # e.g. an integer too long to convert
        raise BadOption(f"{path} holds a value that cannot be read: {error}") from None
    return validate(document)


def set_aside(data_dir: Path) -> Path:
    """An unusable settings file moved out of the way, kept beside it under a name with the time, so
    the next start uses the usual settings and nothing the family wrote is thrown away. Storage that
    refuses the move is a FileProblem saying why."""
    path = Path(data_dir) / CONFIG_NAME
    kept = path.with_name(f"config-unusable-{time.strftime('%Y%m%d-%H%M%S')}.json")
    try:
        os.replace(path, kept)
    except FileNotFoundError:
        return kept   # already gone: the usual settings apply
    except OSError as error:
        raise FileProblem(f"The settings file {path} could not be moved aside ({error.strerror or error}); "
                          f"nothing was changed.") from None
    flush_folder(path.parent)
    return kept


def save(data_dir: Path, settings: dict[str, Any]) -> None:
    """Write atomically, so a power cut leaves the old or the new file, never half; a link planted in
    its place is replaced, never written through. A refused value writes nothing (BadOption); storage
    that refuses the write is a FileProblem saying why."""
    settings = validate(settings)
    text = json.dumps(settings, indent=2, sort_keys=True)
    write_atomic(Path(data_dir) / CONFIG_NAME, text.encode("utf-8"), what="settings file")
