"""Nut demo scenes from the worked example: the draft under way, a layout being painted, and the
results with the counted clusters outlined."""

from __future__ import annotations

from typing import Any

from ui.games.nut import NutView
from ui.scenes import example_session, open_game
from ui.screenshots import scene

KEY = "nut"
PAINTED = ["RRWB", "SR.B", "RYGG", ".YY."]


@scene("nut-draft", "Nut: the three columns mid-draft, whose pick, the deck")
def nut_draft(services: Any, navigator: Any) -> None:
    open_game(services, navigator, example_session(services, KEY, 2, upto=7))


@scene("nut-paint", "Nut: painting a layout grid, one player already scored")
def nut_paint(services: Any, navigator: Any) -> None:
    screen = open_game(services, navigator, example_session(services, KEY, 2, upto=31))
    view = screen.view
    assert isinstance(view, NutView)
    pad = view.scoring
    pad.choose_paint("Y")
    for row, line in enumerate(PAINTED):
        for column, value in enumerate(line):
            if value != ".":
                pad.paint_cell(row, column, value)


@scene("nut-end", "Nut: final scores with the cluster that counts for each colour outlined")
def nut_end(services: Any, navigator: Any) -> None:
    open_game(services, navigator, example_session(services, KEY, 2))
