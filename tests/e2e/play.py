"""One play-through of one game, as a family plays it: Home, set-up with names typed on the on-screen
keyboard, the whole game to its winner through touches and big-button presses, then Home and the next
game's set-up. Each run is its own process because Kivy fixes the window size when it opens.

    python tests/e2e/play.py GAME --players N [--long-names] [--size 800x480] [--data-dir DIR]
                             [--shots DIR] [--stop-after-taps K] [--resume] [--settings KEY=VALUE,...]
                             [--larger-text]

It prints one JSON line (taps, smallest text and target, layout problems) and exits 0 when the game
reached its winner with no layout problem, 1 otherwise. With --stop-after-taps it prints "STOPPED" once
that many taps are acknowledged and waits to be killed; --resume starts by tapping Resume on Home.
--settings switches game settings in the set-up's Settings popup before Start, each found by its label
as a family finds it (on/off settings and choices: true, false or the choice's key; a part of a
setting of numbers as key.part=N, e.g. card_values.pug=5). --larger-text turns Larger text on in Home's
Settings first, by touch, and the whole game is played and checked in it."""

from __future__ import annotations

import argparse
import importlib
import json
import sys
import tempfile
import time
import traceback
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent.parent))

SHORT_NAMES = ["Maya", "Ben", "Ivy", "Tom", "Zoe", "Sam"]
# The third is typed by holding "a" for its accented forms; every long-names run seats at least three.
LONG_NAMES = ["Christopher", "Maximiliana", "Bartholomäus", "Anastasia", "Jean-Baptiste", "Wilhelmina"]


class Stop(Exception):
    """Raised inside a family's turn once the taps asked for have been made (--stop-after-taps)."""


def names_for(players: int, long_names: bool) -> list[str]:
    return (LONG_NAMES if long_names else SHORT_NAMES)[:players]


def open_game(table, title: str) -> None:
    from ui.screens.home import GameCard

    card = next((card for card in table.widgets(GameCard) if card.entry.title == title), None)
    if card is None:
        raise AssertionError(f"Home shows no card for {title}")
    table.tap(card)


def seat_family(table, names: list[str]) -> None:
    """In set-up: as many seats as players, each name typed on the on-screen keyboard."""
    from ui.widgets.keyboard import TextField

    while len(table.all_widgets(TextField)) < len(names):
        table.tap("+ Add player")
    for index, name in enumerate(names):
        field = table.all_widgets(TextField)[index]
        if field.text == name:
            continue
        table.tap(field)
        table.type_keys(name)
        table.tap("Done")
        shown = table.all_widgets(TextField)[index].text
        if shown != name:
            raise AssertionError(f"typed {name!r} but seat {index + 1} shows {shown!r}")


def step_part(table, game: str, heading, key: str, part: str, goal: int) -> None:
    """A part of a setting of several numbers (card_values.pug=5): its row's - or + until it reads goal."""
    from kivy.uix.boxlayout import BoxLayout
    from kivy.uix.label import Label

    from companion.rulecards import setting_words
    from ui.widgets.basics import BigButton

    word = setting_words(game, key).get("parts", {}).get(part) or part.replace("_", " ")
    word = word[:1].upper() + word[1:]
    row = next((line for line in heading.parent.children if isinstance(line, BoxLayout)
                and any(isinstance(w, Label) and w.text == word for w in line.children)), None)
    if row is None:
        raise AssertionError(f"the Settings popup shows no row {word!r} under {heading.text!r}: {table.texts()}")
    value = next(w for w in row.walk(restrict=True) if isinstance(w, Label) and not isinstance(w, BigButton)
                 and w.text.isdigit())
    for _ in range(30):
        if value.text == str(goal):
            return
        table.tap(next(w for w in row.walk(restrict=True) if isinstance(w, BigButton)
                       and w.text == ("+" if int(value.text) < goal else "-")))
    raise AssertionError(f"{word} never read {goal} (it reads {value.text!r})")


def look_at_settings(table) -> None:
    """Home's Settings screen opens and is left unchanged with Cancel."""
    table.tap("Settings")
    if not table.can_tap("Save"):
        raise AssertionError(f"Settings opened no screen with Save: {table.texts()}")
    table.screenshot("settings")
    table.tap("Cancel")
    if not table.shows("Saved games"):
        raise AssertionError(f"Cancel in Settings did not return Home: {table.texts()}")


def use_larger_text(table) -> None:
    """Home's Settings: Larger text On, Save; Home comes back in the larger type."""
    from ui import theme
    from ui.screens.preferences import SettingRow

    table.tap("Settings")
    row = next((row for row in table.all_widgets(SettingRow) if row.title == "Larger text"), None)
    if row is None:
        raise AssertionError(f"Settings shows no Larger text: {table.texts()}")
    table.tap("On", within=row)
    table.screenshot("settings-larger-text")
    table.tap("Save")
    if not theme.larger_text or not table.shows("Settings saved"):
        raise AssertionError(f"Larger text was not put in force by Save: {table.texts()}")
    # What was measured before is in the usual type: the figures from here on are Larger text's.
    table.smallest.clear()
    table.check_layout()


def look_at_rules(table, game: str) -> None:
    """The rules card opens from the table, shows what each card does, and closes back to the table."""
    table.tap("Rules")
    table.screenshot(f"{game}-rules")
    table.tap("Cards")
    table.screenshot(f"{game}-rules-cards")
    table.tap("Close")
    if table.can_tap("Cards"):
        raise AssertionError(f"Close left the rules card open: {table.texts()}")


def choose_settings(table, game: str, wanted: str) -> dict:
    """In set-up: open Settings, tap each named setting's button until it reads the value asked for
    (a part of a setting of numbers, key.part=N, is stepped to N), then Done."""
    from kivy.uix.behaviors import ButtonBehavior
    from kivy.uix.label import Label

    from companion.rulecards import setting_words, value_words

    table.tap("Settings")
    chosen = {}
    for pair in filter(None, wanted.split(",")):
        key, _, text = pair.partition("=")
        key, _, part = key.partition(".")
        value = json.loads(text) if text in ("true", "false") else text
        label = setting_words(game, key)["label"]
        heading = next((w for w in table.all_widgets(Label) if w.text == label and not isinstance(w, ButtonBehavior)),
                       None)
        if heading is None:
            raise AssertionError(f"the Settings popup shows no {label!r}: {table.texts()}")
        if part:
            step_part(table, game, heading, key, part, int(text))
            chosen.setdefault(key, {})[part] = int(text)
            continue
        control = next(w for w in heading.parent.children if isinstance(w, ButtonBehavior))
        goal = value_words(game, key, value)
        for _ in range(6):
            if control.text == goal:
                break
            table.tap(control)
        if control.text != goal:
            raise AssertionError(f"{label} never read {goal!r} (it reads {control.text!r})")
        chosen[key] = value
    table.screenshot(f"{game}-settings")
    table.tap("Done")
    return chosen


def main(argv=None) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("game")
    parser.add_argument("--players", type=int, required=True)
    parser.add_argument("--long-names", action="store_true")
    parser.add_argument("--size", default="800x480")
    parser.add_argument("--data-dir", type=Path)
    parser.add_argument("--shots", type=Path)
    parser.add_argument("--stop-after-taps", type=int)
    parser.add_argument("--resume", action="store_true")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--settings", default="")
    parser.add_argument("--larger-text", action="store_true")
    args = parser.parse_args(argv)
    size = tuple(int(v) for v in args.size.split("x"))
    data_dir = args.data_dir or Path(tempfile.mkdtemp(prefix="companion-play-"))
    family = importlib.import_module(f"families.{args.game}")

    from table import Table

    table = Table(data_dir, size, shots=args.shots)
    started = time.monotonic()
    report = {"game": args.game, "players": args.players, "size": args.size, "larger_text": args.larger_text}
    try:
        from companion.registry import game_entry
        from ui.widgets.keyboard import TextField

        title = game_entry(args.game).title
        table.check_layout()
        if args.larger_text:
            use_larger_text(table)
        if args.resume:
            table.tap("Resume")
        else:
            table.screenshot("home")
            look_at_settings(table)
            open_game(table, title)
            seat_family(table, names_for(args.players, args.long_names))
            if args.settings:
                report["settings"] = choose_settings(table, args.game, args.settings)
            table.screenshot(f"{args.game}-setup-{args.players}")
            table.tap("Start game")
            look_at_rules(table, args.game)
        taps_before_play = table.taps
        if args.stop_after_taps is not None:
            limit = table.taps + args.stop_after_taps

            def stop_when_due():
                # Only at the table: a tap that leaves for Home (Undo-Redo-Home-Resume) is not a stop.
                if table.taps >= limit and table.session is not None:
                    raise Stop
            table.on_tap = stop_when_due
        try:
            family.play(table, seed=args.seed, shots=f"{args.game}-{args.players}")
        except Stop:
            session = table.session
            print(json.dumps({"stopped": True, "session": session.id, "entries": len(session.actions)}), flush=True)
            print("STOPPED", flush=True)
            while True:
                table.wait(1)
        winner_screen_taps = table.taps
        moves = len(table.session.actions)
        table.tap("Home")
        if table.can_tap("Resume"):
            raise AssertionError("Home still offers the finished game for Resume")
        open_game(table, title)
        names = names_for(args.players, args.long_names)
        seated = [field.text for field in table.all_widgets(TextField)]
        if seated != names:
            raise AssertionError(f"the next game's set-up seats {seated}, not the whole table {names}")
        report.update(taps=winner_screen_taps - taps_before_play, moves=moves,
                      seconds=round(time.monotonic() - started, 1), touches_per_move=table.moves.report(),
                      **table.measured)
    except Exception:
        report["error"] = f"{table.where()}: {traceback.format_exc()}"
    finally:
        report["layout_problems"] = [str(p) for p in table.problems.values()]
        report["smallest"] = {screen: [round(m.text_mm, 1), round(m.target_mm, 1)]
                              for screen, m in table.smallest.items() if m.text_mm < float("inf")}
        report["small_texts"] = {screen: m.small_texts for screen, m in table.smallest.items() if m.small_texts}
        print(json.dumps(report), flush=True)
        table.finish()
    return 0 if "error" not in report and not report["layout_problems"] else 1


if __name__ == "__main__":
    sys.exit(main())
