"""Each game's table view lives in ui/games/<game key>.py and exposes `VIEW`, a widget class built as
`VIEW(controller)` with a `refresh()` method the game screen calls after every change. A game without
its own view yet gets the general view in ui/games/_general.py."""

import importlib
import importlib.util


def view_class(game_key: str):
    name = f"ui.games.{game_key}"
    if importlib.util.find_spec(name) is not None:
        return importlib.import_module(name).VIEW
    from ui.games._general import GeneralTableView

    return GeneralTableView
