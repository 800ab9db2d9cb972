"""Nut rules: the column draft and the scoring of each player's final layout.

The draft: three face-up columns of one card per player. The player holding the deck refills any
short column, takes a card from one column, and every other player in turn takes a card from that
same column; then the deck passes left. Once every card is drafted each player's layout is scored,
either painted as a grid (the app finds the clusters) or entered colour by colour (quick mode).
"""

from __future__ import annotations

import copy
import random
from typing import Any

from companion.actions import Action
from companion.errors import BadOption, IllegalAction
from companion.game import Game
from companion.outcome import Outcome, ScoreOrder
from companion.rulecards import load_rulecard

from . import views
from .clusters import DOUBLE_ONCE, DOUBLINGS, best_clusters, cluster_points
from .grid import GridError, parse_grid
from .state import (
    ACTION_TYPES,
    COLUMNS,
    DRAFT,
    KINDS,
    OVER,
    PICK,
    SCORE_LAYOUT,
    SCORE_QUICK,
    SCORING,
    UNKNOWN,
    NutState,
)


class NutGame(Game):
    key = "nut"
    title = "Nut"
    min_players, max_players = 2, 3

    def __init__(self):
        self.card = load_rulecard(self.key)

    # ----- options -------------------------------------------------------------------------
    def default_options(self) -> dict[str, Any]:
        return {"squirrel_doubling": DOUBLE_ONCE, "track_draft": True}

    def option_choices(self) -> dict[str, list[Any]]:
        return {"squirrel_doubling": list(DOUBLINGS)}

    def check_options(self, options):
        merged = super().check_options(options)
        if merged["squirrel_doubling"] not in DOUBLINGS:
            raise BadOption("Nut setting 'squirrel_doubling' is 'once' (x2 however many squirrels) "
                            f"or 'each' (x2 per squirrel), got {merged['squirrel_doubling']!r}")
        return merged

    # ----- setup ---------------------------------------------------------------------------
    def start(self, players, options) -> NutState:
        seats = len(players)
        grid = self.card["grid"]
        state = NutState(
            names=[player.name for player in players], colours=copy.deepcopy(self.card["colours"]),
            kind_totals=dict(self.card["cards"]), doubling=options["squirrel_doubling"],
            max_rows=grid["max_rows"], max_columns=grid["max_columns"], tracked=options["track_draft"],
            holder=options["dealer"], picks=[0] * seats, results=[None] * seats,
            kinds=[{kind: 0 for kind in (*KINDS, UNKNOWN)} for _ in range(seats)])
        if not state.tracked:
            state.phase, state.columns, state.refilled = SCORING, [0] * COLUMNS, [0] * COLUMNS
            return state
        state.deck = state.deck_total
        state.columns = [0] * COLUMNS
        _refill(state)
        state.turn = state.holder
        return state

    # ----- rules ---------------------------------------------------------------------------
    def apply(self, state: NutState, action: Action) -> NutState:
        if action.type not in ACTION_TYPES:
            raise IllegalAction(f"Nut has no {action.type!r} action; the actions are {', '.join(ACTION_TYPES)}.")
        if action.player is None or not 0 <= action.player < state.seats:
            raise IllegalAction("Say which player did it: every Nut action needs a seat number.")
        if action.type == PICK:
            return _pick(state, action)
        return _score(state, action)

    def is_over(self, state: NutState) -> bool:
        return state.phase == OVER

    def outcome(self, state: NutState) -> Outcome:
        """Scores are the layouts' points, None until a layout is scored; the most wins. Among equal
        totals the largest scored cluster decides, and `tie_break` says so whenever it left out
        someone on the winning total (the summary's "shared" is several winners after that)."""
        winning, _ = views.winners(state)
        scores = [None if result is None else result["total"] for result in state.results]
        over = self.is_over(state)
        tie_break = None
        if over and len(winning) < scores.count(max(scores)):
            tie_break = "largest cluster"
        return Outcome.ranked(state.names, scores, order=ScoreOrder.HIGH_WINS, finished=over,
                              winners=winning, tie_break=tie_break)

    # ----- views ---------------------------------------------------------------------------
    def describe(self, state: NutState, action: Action, after: NutState, players) -> str:
        return views.describe(state, after, action, [p.name for p in players])

    def summary(self, state: NutState) -> dict[str, Any]:
        return views.summary(state)

    # ----- random play ---------------------------------------------------------------------
    def legal_actions(self, state: NutState, rng: random.Random) -> list[Action]:
        if state.phase == DRAFT:
            return _legal_picks(state)
        if state.phase == SCORING:
            return [action for seat, result in enumerate(state.results) if result is None
                    for action in (_random_layout(state, seat, rng), _random_quick(state, seat, rng))]
        return []

    def check_invariants(self, state: NutState) -> None:
        seats = state.seats
        assert state.deck >= 0 and all(0 <= cards <= seats for cards in state.columns), (state.deck, state.columns)
        for seat in range(seats):
            assert sum(state.kinds[seat].values()) == state.picks[seat], f"seat {seat} kinds do not add up"
        for kind in KINDS:
            assert sum(kinds[kind] for kinds in state.kinds) <= state.kind_totals[kind], f"too many {kind} cards"
        if state.tracked:
            assert state.deck + sum(state.columns) + sum(state.picks) == state.deck_total, "cards not conserved"
        if state.phase == DRAFT:
            assert state.turn is not None and 0 <= state.turn < seats
            assert state.turn == (state.holder + state.round_picks) % seats
            assert max(state.picks) - min(state.picks) <= 1
            assert state.round_picks > 0 or len(set(state.picks)) == 1
            assert all(result is None for result in state.results)
        else:
            assert state.turn is None and state.deck == 0 and not any(state.columns)
            if state.tracked:
                assert state.picks == [state.deck_total // seats] * seats, state.picks
        for result in state.results:
            if result is not None:
                points = [entry["points"] for entry in result["colours"].values()]
                assert all(value >= 0 for value in points) and result["total"] == sum(points)
        assert (state.phase == OVER) == all(result is not None for result in state.results)


GAME = NutGame()


# ----- the draft -------------------------------------------------------------------------------
def _pick(state: NutState, action: Action) -> NutState:
    name = state.names[action.player]
    if state.phase != DRAFT:
        raise IllegalAction(f"Every card has been drafted, {name}: now score each layout.")
    if action.player != state.turn:
        raise IllegalAction(f"{name} can't pick now: it is {state.names[state.turn]}'s pick.")
    column = action.get("column")
    if isinstance(column, bool) or column not in range(1, COLUMNS + 1):
        raise IllegalAction(f"{name}, say which column you took a card from: 1, 2 or 3.")
    if state.round_column is not None and column != state.round_column:
        raise IllegalAction(f"This round's cards come from column {state.round_column}: "
                            f"{name} must pick from column {state.round_column} too.")
    if state.columns[column - 1] == 0:
        others = [str(number) for number, cards in enumerate(state.columns, start=1) if cards]
        raise IllegalAction(f"Column {column} is empty: {name} can pick from column {' or '.join(others)}.")
    kind = _checked_kind(state, action.get("kind"), name)
    state.columns[column - 1] -= 1
    state.picks[action.player] += 1
    state.kinds[action.player][kind] += 1
    state.round_column = column
    state.round_picks += 1
    if state.round_picks == state.seats or state.columns[column - 1] == 0:
        _pass_deck(state)
    else:
        state.turn = (state.turn + 1) % state.seats
    return state


def _checked_kind(state: NutState, kind: Any, name: str) -> str:
    if kind is None:
        return UNKNOWN
    if kind not in KINDS:
        raise IllegalAction(f"A Nut card is standard, squirrel or wild, not {kind!r}.")
    drafted = sum(kinds[kind] for kinds in state.kinds)
    if drafted >= state.kind_totals[kind]:
        others = " or ".join(other for other in KINDS if other != kind)
        raise IllegalAction(f"All {state.kind_totals[kind]} {kind} cards are already drafted; "
                            f"check {name}'s card: is it {others}?")
    return kind


def _pass_deck(state: NutState) -> None:
    state.holder = (state.holder + 1) % state.seats
    state.round += 1
    state.round_column = None
    state.round_picks = 0
    _refill(state)
    if state.deck == 0 and not any(state.columns):
        state.phase, state.turn = SCORING, None
    else:
        state.turn = state.holder


def _refill(state: NutState) -> None:
    state.refilled = [0] * COLUMNS
    for index, cards in enumerate(state.columns):
        dealt = min(state.seats - cards, state.deck)
        state.columns[index] += dealt
        state.deck -= dealt
        state.refilled[index] = dealt


def _legal_picks(state: NutState) -> list[Action]:
    columns = ([state.round_column] if state.round_column is not None
               else [number for number, cards in enumerate(state.columns, start=1) if cards])
    kinds = [None] + [kind for kind in KINDS
                      if sum(drafted[kind] for drafted in state.kinds) < state.kind_totals[kind]]
    return [Action(PICK, state.turn, {"column": column} if kind is None else {"column": column, "kind": kind})
            for column in columns for kind in kinds]


# ----- scoring ---------------------------------------------------------------------------------
def _score(state: NutState, action: Action) -> NutState:
    name = state.names[action.player]
    if state.phase == DRAFT:
        left = state.deck + sum(state.columns)
        raise IllegalAction(f"The draft isn't over: {left} cards are still to be drafted. "
                            "Score the layouts once every card is placed.")
    if state.results[action.player] is not None:
        raise IllegalAction(f"{name}'s layout is already scored; undo that score to change it.")
    if action.type == SCORE_LAYOUT:
        result = _layout_result(state, action.get("grid"), name)
    else:
        result = _quick_result(state, action, name)
    result["total"] = sum(entry["points"] for entry in result["colours"].values())
    result["largest"] = max((entry["size"] for entry in result["colours"].values()), default=0)
    state.results[action.player] = result
    if all(result is not None for result in state.results):
        state.phase = OVER
    return state


def _layout_result(state: NutState, rows: Any, name: str) -> dict:
    try:
        grid = parse_grid(rows, state.colours, state.max_rows, state.max_columns)
    except GridError as problem:
        raise IllegalAction(f"{name}'s layout can't be scored: {problem}.") from None
    best = best_clusters(grid, [colour["letter"] for colour in state.colours], state.doubling)
    colours = {}
    for letter, cluster in best.items():
        if cluster is None:
            colours[letter] = {"size": 0, "nuts": 0, "wilds": 0, "squirrels": 0, "points": 0, "cells": []}
        else:
            colours[letter] = {"size": cluster.size, "nuts": cluster.nuts, "wilds": cluster.wilds,
                               "squirrels": cluster.squirrels, "points": cluster.points(state.doubling),
                               "cells": [list(cell) for cell in cluster.cells]}
    return {"mode": "layout", "grid": list(grid), "colours": colours}


def _quick_result(state: NutState, action: Action, name: str) -> dict:
    sizes = _colour_counts(state, action.get("sizes", {}), "sizes", name)
    squirrels = _colour_counts(state, action.get("squirrels", {}), "squirrels", name)
    most_cells = state.max_rows * state.max_columns
    most_squirrels = state.kind_totals["squirrel"]
    colours = {}
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
    return {"mode": "quick", "grid": None, "colours": colours}


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


def _random_layout(state: NutState, seat: int, rng: random.Random) -> Action:
    cells = [colour["letter"] for colour in state.colours] + ["W", "S", ".", "."]
    rows, width = rng.randint(1, 4), rng.randint(1, 5)
    grid = ["".join(rng.choice(cells) for _ in range(width)) for _ in range(rows)]
    if set("".join(grid)) == {"."}:
        grid[0] = state.colours[0]["letter"] + grid[0][1:]
    return Action(SCORE_LAYOUT, seat, {"grid": grid})


def _random_quick(state: NutState, seat: int, rng: random.Random) -> Action:
    sizes = {colour["letter"]: rng.randint(0, 6) for colour in state.colours}
    squirrels = {letter: rng.randint(0, 2) for letter, size in sizes.items() if size}
    return Action(SCORE_QUICK, seat, {"sizes": sizes, "squirrels": squirrels})
