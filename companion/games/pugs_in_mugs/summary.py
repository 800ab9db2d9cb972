"""What the Pugs in Mugs table shows, as data (`summary`, printed by replay-game) and as the
history line each action leaves (`describe`)."""

from __future__ import annotations

from typing import Sequence, TypedDict

from companion.actions import Action

from .state import ACTIONS_PER_TURN, COLOURS, PATTERNS, ActionType, Phase, PugsState, label


class SeatSummary(TypedDict):
    seat: int
    name: str
    hand: int
    mugs: list[str]          # the colours held, in the rule card's order
    mug_count: int
    must_discard: int        # cards to discard on ending the turn (the active player over the limit)


class ColourSummary(TypedDict):
    colour: str
    pattern: str


class PugsSummary(TypedDict):
    players: list[SeatSummary]
    colours: list[ColourSummary]
    turn: int | None
    actions_used: int
    actions_this_turn: list[str]
    actions_left: int
    can_end_turn: bool
    deck: int
    discard: dict[str, int]
    discard_total: int
    reshuffles: int
    mug_supply: dict[str, int]
    deck_makeup: dict[str, int]
    over: bool
    winner: int | None
    winner_name: str | None
    winners: list[int]


def summary(state: PugsState) -> PugsSummary:
    over = state.phase is Phase.OVER
    return {
        "players": [
            {"seat": seat, "name": state.names[seat], "hand": state.hands[seat],
             "mugs": [colour for colour in COLOURS if colour in state.mugs[seat]],
             "mug_count": len(state.mugs[seat]),
             "must_discard": state.must_discard(seat)}
            for seat in range(state.players)],
        "colours": [{"colour": colour, "pattern": PATTERNS[colour]} for colour in COLOURS],
        "turn": None if over else state.turn,
        "actions_used": state.actions_used,
        "actions_this_turn": list(state.this_turn),
        "actions_left": 0 if over else ACTIONS_PER_TURN - state.actions_used,
        "can_end_turn": not over and state.actions_used == ACTIONS_PER_TURN,
        "deck": state.deck,
        "discard": dict(state.discard),
        "discard_total": sum(state.discard.values()),
        "reshuffles": state.reshuffles,
        "mug_supply": {colour: state.mug_supply(colour) for colour in COLOURS},
        "deck_makeup": dict(state.counts),
        "over": over,
        "winner": state.winner,
        "winner_name": None if state.winner is None else state.names[state.winner],
        "winners": [] if state.winner is None else [state.winner],
    }


def describe(before: PugsState, action: Action, after: PugsState, names: Sequence[str]) -> str:
    """One history line for `action`, which led from `before` to `after`; `names` by seat."""
    assert action.player is not None  # every accepted action is some player's
    name = names[action.player]
    target = _target_name(action, names)
    kind = action.type
    if kind == ActionType.DRAW:
        if before.deck == 0:
            return f"{name} shuffled the discard pile into a new Pug Deck and drew a card"
        return f"{name} drew a card"
    if kind == ActionType.EXCHANGE:
        colour = action["colour"]
        won = len(before.mugs[action.player]) == len(COLOURS) - 1
        return (f"{name} swapped three {label(colour)} Pugs for a {label(colour)} Mug"
                + (f": {name} has every colour and wins!" if won else ""))
    if kind == ActionType.STEAL:
        return f"{name} discarded one Pug of each colour and stole {target}'s {label(action['colour'])} Mug"
    if kind == ActionType.SURPRISE:
        return f"{name} played Surprise: {target} discarded a {label(action['card'])} card"
    if kind == ActionType.GIMME:
        return _gimme_line(action, name, target)
    if kind == ActionType.DIG:
        return f"{name} played Dig and took a {label(action['card'])} card from the discard pile"
    if kind == ActionType.END_TURN:
        return _end_turn_line(action, name)
    return f"{name}: {kind}"


def _target_name(action: Action, names: Sequence[str]) -> str:
    target = action.get("target")
    return names[target] if isinstance(target, int) and 0 <= target < len(names) else ""


def _gimme_line(action: Action, name: str, target: str) -> str:
    named = label(action["named"])
    if action.get("handed_over"):
        return f"{name} played Gimme: {target} handed over a {named} card"
    return f"{name} played Gimme asking {target} for a {named} card, but {target} had none"


def _end_turn_line(action: Action, name: str) -> str:
    discards = action.get("discards") or []
    dropped = f" after discarding {', '.join(label(k) for k in discards)}" if discards else ""
    # Whose turn follows is on the table; said here, it would be wrong in "Undone: ..." once taken back.
    return f"{name} ended the turn{dropped}"
