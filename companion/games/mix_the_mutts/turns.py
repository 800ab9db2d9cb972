"""The rules of a turn: draw, connect a tile, score a new dog, finish the turn. Each takes the state
(a private copy it changes) and the action, and returns the state or refuses with IllegalAction."""

from __future__ import annotations

from collections import Counter

from companion.actions import Action
from companion.errors import IllegalAction
from companion.words import only_counted

from .dogs import dog_name, read_breed, read_new_dogs
from .state import BREED_COUNTS, CARDS_PER_DOG, DRAW, MuttsState, Phase


def seated(state: MuttsState, action: Action) -> int:
    """The checks every action shares: the game is still on and the action names a seat."""
    if state.phase == Phase.OVER:
        raise IllegalAction("The last tile has been played: the game is over.")
    if action.player is None or not 0 <= action.player < state.players:
        raise IllegalAction("Say which player did this.")
    return action.player


def _require_active(state: MuttsState, seat: int, doing: str) -> None:
    if seat != state.turn:
        raise IllegalAction(f"{state.names[seat]} can't {doing} now: "
                            f"it is {state.names[state.turn]}'s turn.")


def _pass_turn(state: MuttsState) -> None:
    state.phase = Phase.CHOOSING
    state.turn = (state.turn + 1) % state.players


def draw(state: MuttsState, action: Action) -> MuttsState:
    seat = seated(state, action)
    _require_active(state, seat, "draw")
    if state.phase == Phase.SCORING:
        raise IllegalAction(f"{state.names[state.turn]} already connected a tile this turn; "
                            "score the new dogs, then finish the turn.")
    if state.pile == 0:
        raise IllegalAction("The card pile is empty, so drawing is not allowed any more: "
                            f"{state.names[state.turn]} must connect a tile.")
    # With a single card left the player takes that one card (see the rule card's defaults).
    drawn = min(DRAW, state.pile)
    state.pile -= drawn
    state.hands[seat] += drawn
    _pass_turn(state)
    return state


def connect(state: MuttsState, action: Action) -> MuttsState:
    seat = seated(state, action)
    _require_active(state, seat, "connect a tile")
    if state.phase == Phase.SCORING:
        raise IllegalAction(f"{state.names[state.turn]} already connected a tile this turn; "
                            "only one tile per turn.")
    dogs = read_new_dogs(action, state.tiles_placed)
    state.tiles_placed += 1
    state.new_dogs = dogs
    state.scored_now = [[] for _ in range(state.players)]
    state.phase = Phase.SCORING
    return state


def score(state: MuttsState, action: Action) -> MuttsState:
    seat = seated(state, action)
    name = state.names[seat]
    if state.phase != Phase.SCORING:
        raise IllegalAction(f"Nothing to score yet: {state.names[state.turn]} must connect a tile first.")
    head, tail = read_breed(action, "head"), read_breed(action, "tail")
    index = _unscored_match(state, seat, head, tail)
    if seat != state.turn and state.scored_now[seat]:
        raise IllegalAction(f"{name} has already scored one dog this turn; only the active player "
                            f"({state.names[state.turn]}) may score more than one.")
    if state.hands[seat] < CARDS_PER_DOG:
        held = state.hands[seat]
        raise IllegalAction(f"{name} holds {only_counted(held, 'card')}; "
                            f"scoring a dog takes {CARDS_PER_DOG} cards from the hand.")
    for breed, needed in Counter((head, tail)).items():
        stacked = sum(stack[breed] for stack in state.stacks)
        if stacked + needed > BREED_COUNTS[breed]:
            raise IllegalAction(f"There are only {BREED_COUNTS[breed]} {breed} cards and {stacked} are already "
                                f"in scoring stacks, so {name} can't have {needed} more. Check the cards.")
    state.hands[seat] -= CARDS_PER_DOG
    state.stacks[seat][head] += 1
    state.stacks[seat][tail] += 1
    state.scored_now[seat].append(index)
    return state


def _unscored_match(state: MuttsState, seat: int, head: str, tail: str) -> int:
    matches = [i for i, dog in enumerate(state.new_dogs) if dog == [head, tail]]
    if not matches:
        made = ", ".join(dog_name(*dog) for dog in state.new_dogs)
        raise IllegalAction(f"The new tile did not make a {dog_name(head, tail)}. "
                            f"Only new dogs score; this tile made: {made}.")
    free = [i for i in matches if i not in state.scored_now[seat]]
    if not free:
        raise IllegalAction(f"{state.names[seat]} already scored the {dog_name(head, tail)} "
                            "from this tile.")
    return free[0]


def finish_turn(state: MuttsState, action: Action) -> MuttsState:
    seat = seated(state, action)
    _require_active(state, seat, "finish the turn")
    if state.phase != Phase.SCORING:
        raise IllegalAction(f"{state.names[state.turn]} must first connect a tile or draw two cards.")
    state.new_dogs = []
    state.scored_now = [[] for _ in range(state.players)]
    if state.tiles_left == 0:
        state.phase = Phase.OVER
        return state
    _pass_turn(state)
    return state
