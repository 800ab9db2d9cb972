"""What Nut shows: the history line for each action and the summary a table view draws from."""

from __future__ import annotations

from typing import Any, Sequence

from companion.actions import Action

from .state import DRAFT, OVER, PICK, SCORING, UNKNOWN, NutState


def winners(state: NutState) -> tuple[list[int], str | None]:
    """The winning seats once every layout is scored, and how they were found: None (most points),
    "largest cluster" (tie broken by the largest scored cluster) or "shared" (still tied)."""
    if state.phase != OVER:
        return [], None
    best = max(result["total"] for result in state.results)
    leaders = [seat for seat, result in enumerate(state.results) if result["total"] == best]
    if len(leaders) == 1:
        return leaders, None
    largest = max(state.results[seat]["largest"] for seat in leaders)
    leaders = [seat for seat in leaders if state.results[seat]["largest"] == largest]
    return leaders, ("largest cluster" if len(leaders) == 1 else "shared")


def to_act(state: NutState) -> list[int]:
    if state.phase == DRAFT:
        return [state.turn]
    return [seat for seat, result in enumerate(state.results) if result is None]


def summary(state: NutState) -> dict[str, Any]:
    winning, tie_break = winners(state)
    return {
        "phase": state.phase,
        "players": list(state.names),
        "to_act": to_act(state),
        "colours": [dict(colour) for colour in state.colours],
        "squirrel_doubling": state.doubling,
        "draft": _draft_view(state),
        "scores": [None if result is None else result["total"] for result in state.results],
        "layouts": [None if result is None else _layout_view(state, result) for result in state.results],
        "winners": winning,
        "winner_names": [state.names[seat] for seat in winning],
        "tie_break": tie_break,
    }


def _draft_view(state: NutState) -> dict[str, Any]:
    seats = state.seats
    return {
        "tracked": state.tracked,
        "deck": state.deck,
        "columns": [{"column": number, "cards": cards, "dealt_this_round": state.refilled[number - 1]}
                    for number, cards in enumerate(state.columns, start=1)],
        "cards_per_column": seats,
        "holder": state.holder if state.phase == DRAFT else None,
        "turn": state.turn,
        "round": state.round,
        "round_column": state.round_column,
        "picked_this_round": state.round_picks,
        "cards_left": state.deck + sum(state.columns),
        "picks": list(state.picks),
        "picks_each": state.deck_total // seats,
        "kinds": [dict(kinds) for kinds in state.kinds],
    }


def _layout_view(state: NutState, result: dict) -> dict[str, Any]:
    return {"mode": result["mode"], "grid": result["grid"], "total": result["total"],
            "largest": result["largest"], "colours": {letter: dict(entry) for letter, entry in result["colours"].items()}}


# ----- history lines ---------------------------------------------------------------------------
def describe(before: NutState, after: NutState, action: Action, names: Sequence[str]) -> str:
    name = names[action.player]
    if action.type == PICK:
        return _describe_pick(before, after, action, names)
    result = after.results[action.player]
    parts = ", ".join(f"{colour['name']} {result['colours'][colour['letter']]['points']}" for colour in after.colours)
    how = "layout scores" if result["mode"] == "layout" else "clusters score"
    line = f"{name}'s {how} {result['total']} ({parts})"
    if after.phase == OVER:
        winning, tie_break = winners(after)
        won = " and ".join(names[seat] for seat in winning)
        if tie_break == "shared":
            line += f"; {won} share the win"
        else:
            line += f"; {won} wins" + (" on the largest cluster" if tie_break else "")
    return line


def _describe_pick(before: NutState, after: NutState, action: Action, names: Sequence[str]) -> str:
    kind = action.get("kind")
    card = "a card" if kind in (None, UNKNOWN) else f"a {kind} card"
    line = f"{names[action.player]} took {card} from column {action['column']}"
    if after.phase == SCORING:
        return line + "; that was the last card: score the layouts"
    if after.round == before.round:
        return line + f"; {names[after.turn]} picks next from column {after.round_column}"
    line += f"; the deck passes to {names[after.holder]}"
    dealt = [f"{cards} into column {number}" for number, cards in enumerate(after.refilled, start=1) if cards]
    if dealt:
        line += f", who deals {' and '.join(dealt)}"
    return line
