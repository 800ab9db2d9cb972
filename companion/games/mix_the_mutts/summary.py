"""What replay-game prints and the table view reads for a Mix-the-Mutts game, and its history lines."""

from __future__ import annotations

from typing import Sequence, TypedDict

from companion.actions import Action
from companion.words import counted

from .dogs import dog_name, most_new_dogs
from .scoring import dog_points, totals, winners
from .state import DRAW, MIN_NEW_DOGS, TOTAL_TILES, ActionType, MuttsState, Phase


class PlayerSummary(TypedDict):
    seat: int
    name: str
    hand: int
    scoring_stack: dict[str, int]      # breed -> cards in the scoring stack
    stack_cards: int
    total: int
    scored_this_turn: list[list[str]]  # [head, tail] of each new dog scored from the last tile
    scored_dogs: list[int]             # which of the last tile's new dogs (their places in new_dogs) those are
    may_score: int                     # how many more new dogs this player may still score


class TilesSummary(TypedDict):
    on_table: int
    face_up: int
    face_down: int
    total: int


class NewDogsPerTile(TypedDict):
    min: int
    max: int


class MuttsSummary(TypedDict):
    players: list[PlayerSummary]
    turn: int | None
    phase: Phase
    actions_left: list[ActionType]
    card_pile: int
    can_draw: bool
    tiles: TilesSummary
    new_dogs: list[list[str]]
    new_dog_points: list[int]          # what scoring each of new_dogs adds to a total
    new_dogs_per_tile: NewDogsPerTile
    scoring: str
    card_values: dict[str, int]
    winners: list[int]
    winner_names: list[str]


def summary(state: MuttsState) -> MuttsSummary:
    scores = totals(state)
    won = winners(state)
    face_up = 1 if state.phase == Phase.CHOOSING and state.tiles_left > 0 else 0
    return {
        "players": [
            {"seat": seat, "name": state.names[seat], "hand": state.hands[seat],
             "scoring_stack": dict(state.stacks[seat]), "stack_cards": sum(state.stacks[seat].values()),
             "total": scores[seat],
             "scored_this_turn": [state.new_dogs[i] for i in state.scored_now[seat]],
             "scored_dogs": sorted(state.scored_now[seat]),
             "may_score": may_score(state, seat)}
            for seat in range(state.players)],
        "turn": state.turn if state.phase != Phase.OVER else None,
        "phase": state.phase,
        "actions_left": actions_left(state),
        "card_pile": state.pile,
        "can_draw": state.phase == Phase.CHOOSING and state.pile > 0,
        "tiles": {"on_table": state.tiles_placed, "face_up": face_up,
                  "face_down": state.tiles_left - face_up, "total": TOTAL_TILES},
        "new_dogs": [list(dog) for dog in state.new_dogs],
        "new_dog_points": [dog_points(state, head, tail) for head, tail in state.new_dogs],
        # How many dogs the next tile may make, so a breed pad can stop at the most the table allows.
        "new_dogs_per_tile": {"min": MIN_NEW_DOGS, "max": most_new_dogs(state.tiles_placed)},
        "scoring": "junior: one point per card" if state.junior else "card values",
        "card_values": dict(state.card_values),
        "winners": won,
        "winner_names": [state.names[seat] for seat in won],
    }


def actions_left(state: MuttsState) -> list[ActionType]:
    if state.phase == Phase.CHOOSING:
        return [ActionType.CONNECT, ActionType.DRAW] if state.pile > 0 else [ActionType.CONNECT]
    if state.phase == Phase.SCORING:
        return [ActionType.SCORE, ActionType.FINISH_TURN]
    return []


def may_score(state: MuttsState, seat: int) -> int:
    """How many more new dogs this player may still score from the last tile."""
    if state.phase != Phase.SCORING:
        return 0
    left = len(state.new_dogs) - len(state.scored_now[seat])
    return left if seat == state.turn else min(left, 1 - len(state.scored_now[seat]))


def describe(before: MuttsState, action: Action, after: MuttsState, names: Sequence[str]) -> str:
    """One history line for `action`, which led from `before` to `after`."""
    name = names[action.player] if action.player is not None else "Someone"
    if action.type == ActionType.DRAW:
        drawn = min(DRAW, before.pile)
        return f"{name} drew {counted(drawn, 'card')} ({before.pile - drawn} left in the pile)"
    if action.type == ActionType.CONNECT:
        return f"{name} connected a tile making {new_dogs_line(action)}"
    if action.type == ActionType.SCORE:
        return f"{name} scored a {dog_name(action['head'], action['tail'])}"
    if action.type == ActionType.FINISH_TURN:
        if before.tiles_left == 0:
            return f"{name} finished the turn: that was the last tile, the game is over"
        # Whose turn follows is on the table; said here, it would be wrong in "Undone: ..." once taken back.
        return f"{name} flipped the next tile"
    return f"{name}: {action.type}"


def new_dogs_line(action: Action) -> str:
    """The dogs a connect action made, as the history line says them."""
    return "; ".join(dog_name(d["head"], d["tail"]) for d in action["combinations"])
