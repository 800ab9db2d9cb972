"""Each game's table view lives in the package ui/games/<game key>/ (table.py, pads.py, widgets.py and
modules named for what they hold) and exposes `VIEW`, a widget class deriving `TableView`
(ui/games/view.py, the interface the game screen and the fix popup call: `refresh()` after every
change, `start_from(action)` when an earlier move is being fixed, `take_back()` on Undo). A view
that records moves from the players' big buttons declares it by the base `TakesTurnButtons`, and one
where they claim out of turn by `TakesClaims` (both in ui/button_turns.py); the game screen asks
`isinstance`, never whether a method exists."""

import importlib


def view_class(game_key: str) -> type:
    return importlib.import_module(f"ui.games.{game_key}").VIEW
