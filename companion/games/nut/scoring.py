"""Scoring Nut layouts once every card is drafted: painted as a grid (the app finds the clusters)
or entered colour by colour (quick mode); and the winner, with the largest cluster breaking ties."""

from __future__ import annotations

from typing import Any, Literal, TypedDict

from companion.actions import Action
from companion.errors import IllegalAction
from companion.words import counted, noun

from .clusters import best_clusters, cluster_points
from .grid import GridError, parse_grid
from .state import ColourResult, LayoutResult, NutState, Phase

SHARED = "shared"
LARGEST_CLUSTER = "largest cluster"


class QuickLimits(TypedDict):
    sizes: int        # nuts and wilds in one colour's largest cluster
    squirrels: int    # squirrels in that cluster


def score_layout(state: NutState, action: Action, seat: int) -> NutState:
    name = _scorable(state, seat)
    try:
        grid = parse_grid(action.get("grid"), state.colours, state.max_rows, state.max_columns)
    except GridError as problem:
        raise IllegalAction(f"{name}'s layout can't be scored: {problem}.") from None
    best = best_clusters(grid, [colour["letter"] for colour in state.colours], state.doubling)
    colours: dict[str, ColourResult] = {}
    for letter, cluster in best.items():
        if cluster is None:
            colours[letter] = {"size": 0, "nuts": 0, "wilds": 0, "squirrels": 0, "points": 0, "cells": []}
        else:
            colours[letter] = {"size": cluster.size, "nuts": cluster.nuts, "wilds": cluster.wilds,
                               "squirrels": cluster.squirrels, "points": cluster.points(state.doubling),
                               "cells": [list(cell) for cell in cluster.cells]}
    return _record(state, seat, "layout", list(grid), colours)


def most_counted(state: NutState) -> QuickLimits:
    """The most a count by hand can say for one colour: every cell of the largest layout in its
    cluster, and every squirrel card in the game beside it."""
    return {"sizes": state.max_rows * state.max_columns, "squirrels": state.kind_totals["squirrel"]}


def score_quick(state: NutState, action: Action, seat: int) -> NutState:
    name = _scorable(state, seat)
    sizes = _colour_counts(state, action.get("sizes", {}), "sizes", name)
    squirrels = _colour_counts(state, action.get("squirrels", {}), "squirrels", name)
    most = most_counted(state)
    most_cells, most_squirrels = most["sizes"], most["squirrels"]
    colours: dict[str, ColourResult] = {}
    for colour in state.colours:
        letter, size, attached = colour["letter"], sizes[colour["letter"]], squirrels[colour["letter"]]
        if size > most_cells:
            raise IllegalAction(f"{name}'s {colour['name']} cluster can't hold {size} nuts; the most is {most_cells}.")
        if attached > most_squirrels:
            raise IllegalAction(f"There are only {most_squirrels} squirrel cards, not {attached}.")
        if attached and not size:
            raise IllegalAction(f"{name} has no {colour['name']} cluster, so no squirrel can double it: "
                                f"enter its size first.")
        colours[letter] = {"size": size, "squirrels": attached,
                           "points": cluster_points(size, attached, state.doubling), "cells": []}
    return _record(state, seat, "quick", None, colours)


def winners(state: NutState) -> tuple[list[int], str | None]:
    """The winning seats once every layout is scored, and how they were found: None (most points),
    "largest cluster" (tie broken by the largest scored cluster) or "shared" (still tied)."""
    results = [result for result in state.results if result is not None]
    if state.phase != Phase.OVER or len(results) != len(state.results):
        return [], None
    best = max(result["total"] for result in results)
    leaders = [seat for seat, result in enumerate(results) if result["total"] == best]
    if len(leaders) == 1:
        return leaders, None
    largest = max(results[seat]["largest"] for seat in leaders)
    leaders = [seat for seat in leaders if results[seat]["largest"] == largest]
    return leaders, (LARGEST_CLUSTER if len(leaders) == 1 else SHARED)


def _scorable(state: NutState, seat: int) -> str:
    name = state.names[seat]
    if state.phase == Phase.DRAFT:
        left = state.deck + sum(state.columns)
        raise IllegalAction(f"The draft isn't over: {counted(left, 'card')} {noun(left, 'is', 'are')} still to be "
                            "drafted. "
                            "Score the layouts once every card is placed.")
    if state.results[seat] is not None:
        raise IllegalAction(f"{name}'s layout is already scored; undo that score to change it.")
    return name


def _record(state: NutState, seat: int, mode: Literal["layout", "quick"], grid: list[str] | None,
            colours: dict[str, ColourResult]) -> NutState:
    result: LayoutResult = {
        "mode": mode, "grid": grid, "colours": colours,
        "total": sum(entry["points"] for entry in colours.values()),
        "largest": max((entry["size"] for entry in colours.values()), default=0)}
    state.results[seat] = result
    if all(result is not None for result in state.results):
        state.phase = Phase.OVER
    return state


def _colour_counts(state: NutState, given: Any, what: str, name: str) -> dict[str, int]:
    if not isinstance(given, dict):
        raise IllegalAction(f"{name}'s {what} should map each colour to a number, like {{\"R\": 3}}.")
    by_key = {}
    for colour in state.colours:
        by_key[colour["letter"].casefold()] = by_key[colour["name"].casefold()] = colour["letter"]
    counts = {colour["letter"]: 0 for colour in state.colours}
    for key, value in given.items():
        letter = by_key.get(str(key).casefold())
        if letter is None:
            known = ", ".join(f"{c['letter']} {c['name']}" for c in state.colours)
            raise IllegalAction(f"Nut has no colour {key!r}; the colours are {known}.")
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise IllegalAction(f"{name}'s {what} for {key} must be a whole number, 0 or more, not {value!r}.")
        counts[letter] = value
    return counts
