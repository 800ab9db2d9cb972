"""Each game's table view lives in the package ui/games/<game key>/ (table.py, pads.py, widgets.py and
modules named for what they hold) and exposes `VIEW`, a widget class built as `VIEW(controller)` with a
`refresh()` method the game screen calls after every change."""

import importlib


def view_class(game_key: str):
    return importlib.import_module(f"ui.games.{game_key}").VIEW
