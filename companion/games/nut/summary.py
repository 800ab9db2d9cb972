"""What Nut shows: the summary a table view draws from, and the history line for each action."""

from __future__ import annotations

from typing import Sequence, TypedDict

from companion.actions import Action

from .drafting import cards_left_by_kind, kind_refusals, pickable_columns
from .scoring import SHARED, winners
from .state import UNKNOWN, ActionType, Colour, ColourResult, LayoutResult, NutState, Phase


class ColumnSummary(TypedDict):
    column: int                  # 1-based
    cards: int
    dealt_this_round: int
    pickable: bool               # the card being picked now may come from this column


class DraftSummary(TypedDict):
    tracked: bool
    deck: int
    columns: list[ColumnSummary]
    cards_per_column: int
    holder: int | None           # who has the deck, while the draft lasts
    turn: int | None
    round: int
    round_column: int | None
    picked_this_round: int
    cards_left: int
    picks: list[int]
    picks_each: int
    kinds: list[dict[str, int]]  # per seat: kind (or "unknown") -> cards drafted
    kinds_left: dict[str, int]   # kind -> cards of that kind still to be drafted
    kind_refusals: dict[str, str]  # kind the card picked now cannot be -> why (all of that kind drafted)


class LayoutSummary(TypedDict):
    mode: str                    # "layout" (painted) or "quick" (counted by hand)
    grid: list[str] | None
    total: int
    largest: int
    colours: dict[str, ColourResult]


class NutSummary(TypedDict):
    phase: str
    players: list[str]
    to_act: list[int]
    colours: list[Colour]
    squirrel_doubling: str
    draft: DraftSummary
    scores: list[int | None]
    layouts: list[LayoutSummary | None]
    winners: list[int]
    winner_names: list[str]
    tie_break: str | None        # None, "largest cluster" or "shared"


def summary(state: NutState) -> NutSummary:
    winning, tie_break = winners(state)
    return {
        "phase": state.phase,
        "players": list(state.names),
        "to_act": to_act(state),
        "colours": [colour.copy() for colour in state.colours],
        "squirrel_doubling": state.doubling,
        "draft": _draft_summary(state),
        "scores": [None if result is None else result["total"] for result in state.results],
        "layouts": [None if result is None else _layout_summary(result) for result in state.results],
        "winners": winning,
        "winner_names": [state.names[seat] for seat in winning],
        "tie_break": tie_break,
    }


def to_act(state: NutState) -> list[int]:
    if state.phase == Phase.DRAFT:
        return [] if state.turn is None else [state.turn]
    return [seat for seat, result in enumerate(state.results) if result is None]


def _draft_summary(state: NutState) -> DraftSummary:
    seats = state.seats
    pickable = pickable_columns(state)
    return {
        "tracked": state.tracked,
        "deck": state.deck,
        "columns": [{"column": number, "cards": cards, "dealt_this_round": state.refilled[number - 1],
                     "pickable": number in pickable}
                    for number, cards in enumerate(state.columns, start=1)],
        "cards_per_column": seats,
        "holder": state.holder if state.phase == Phase.DRAFT else None,
        "turn": state.turn,
        "round": state.round,
        "round_column": state.round_column,
        "picked_this_round": state.round_picks,
        "cards_left": state.deck + sum(state.columns),
        "picks": list(state.picks),
        "picks_each": state.deck_total // seats,
        "kinds": [dict(kinds) for kinds in state.kinds],
        "kinds_left": cards_left_by_kind(state),
        "kind_refusals": kind_refusals(state),
    }


def _layout_summary(result: LayoutResult) -> LayoutSummary:
    return {"mode": result["mode"], "grid": result["grid"], "total": result["total"], "largest": result["largest"],
            "colours": {letter: entry.copy() for letter, entry in result["colours"].items()}}


# ----- history lines ---------------------------------------------------------------------------
def describe(before: NutState, action: Action, after: NutState, names: Sequence[str]) -> str:
    seat = action.player if action.player is not None else 0
    if action.type == ActionType.PICK:
        return _describe_pick(before, after, action, names)
    result = after.results[seat]
    assert result is not None, "a score action leaves that seat's layout scored"
    return _describe_score(after, result, names[seat], names)


def _describe_score(after: NutState, result: LayoutResult, name: str, names: Sequence[str]) -> str:
    parts = ", ".join(f"{colour['name']} {result['colours'][colour['letter']]['points']}" for colour in after.colours)
    how = "layout scores" if result["mode"] == "layout" else "clusters score"
    line = f"{name}'s {how} {result['total']} ({parts})"
    if after.phase == Phase.OVER:
        winning, tie_break = winners(after)
        won = " and ".join(names[seat] for seat in winning)
        if tie_break == SHARED:
            line += f"; {won} share the win"
        else:
            line += f"; {won} wins" + (" on the largest cluster" if tie_break else "")
    return line


def _describe_pick(before: NutState, after: NutState, action: Action, names: Sequence[str]) -> str:
    kind = action.get("kind")
    card = "a card" if kind in (None, UNKNOWN) else f"a {kind} card"
    line = f"{names[action.player or 0]} took {card} from column {action['column']}"
    # What the move did, not what comes next (the pads show that): the line is read again after Undo.
    if after.phase == Phase.SCORING or after.turn is None:
        return line + "; that was the last card"
    if after.round == before.round:
        return line
    line += f"; the deck passes to {names[after.holder]}"
    dealt = [f"{cards} into column {number}" for number, cards in enumerate(after.refilled, start=1) if cards]
    if dealt:
        line += f", who deals {' and '.join(dealt)}"
    return line
