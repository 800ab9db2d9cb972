"""Mix-the-Mutts: connect head-and-tail tiles, then score the new dogs with matching cards.

The app never sees the cards: it keeps the counts the family loses track of (tiles left, the card
pile, each hand's size, each scoring stack by breed) and refuses what the counts or the rules rule
out. Breed names, counts and default values come from the rule card seeds/mix_the_mutts.json.
"""

from __future__ import annotations

import copy
import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Sequence

from companion.actions import Action
from companion.errors import BadOption, IllegalAction
from companion.game import Game
from companion.outcome import Outcome, ScoreOrder
from companion.rulecards import load_rulecard

CARD = load_rulecard("mix_the_mutts")
BREED_COUNTS: dict[str, int] = dict(CARD["cards"])
BREEDS: tuple[str, ...] = tuple(BREED_COUNTS)
TOTAL_CARDS = sum(BREED_COUNTS.values())
TOTAL_TILES = CARD["tiles"]["total"]
TILES_AT_SETUP = CARD["tiles"]["placed_at_setup"]
DEAL = CARD["deal"]
DRAW = CARD["draw"]
CARDS_PER_DOG = CARD["cards_per_combination"]
MIN_NEW_DOGS = CARD["combinations_per_tile"]["min"]
MAX_NEW_DOGS = CARD["combinations_per_tile"]["max"]

# Phases of a turn: the active player chooses an action; after a connect everyone may score.
CHOOSING, SCORING, OVER = "choosing", "scoring", "over"


@dataclass
class MuttsState:
    names: list[str]
    card_values: dict[str, int]
    junior: bool
    pile: int
    hands: list[int]
    stacks: list[dict[str, int]]          # per player: breed -> cards in the scoring stack
    tiles_placed: int
    turn: int
    phase: str = CHOOSING
    new_dogs: list[list[str]] = field(default_factory=list)   # [head, tail] made by the last tile
    scored_now: list[list[int]] = field(default_factory=list)  # per player: indexes of new_dogs scored

    @property
    def players(self) -> int:
        return len(self.names)

    @property
    def tiles_left(self) -> int:
        return TOTAL_TILES - self.tiles_placed


def dog_name(head: str, tail: str) -> str:
    if head == tail:
        return f"purebreed {head}"
    return f"{head}-head {tail}-tail mutt"


class MixTheMutts(Game):
    key = "mix_the_mutts"
    title = "Mix-the-Mutts"
    min_players = CARD["players"]["min"]
    max_players = CARD["players"]["max"]

    # ----- options -------------------------------------------------------------------------
    def default_options(self) -> dict[str, Any]:
        return {"card_values": dict(CARD["card_values"]), "junior": False}

    def check_options(self, options: dict[str, Any] | None) -> dict[str, Any]:
        merged = super().check_options(options)
        values = merged["card_values"]
        missing = [breed for breed in BREEDS if breed not in values]
        unknown = [breed for breed in values if breed not in BREED_COUNTS]
        if missing or unknown:
            raise BadOption(f"card_values needs a value for each breed ({', '.join(BREEDS)}); "
                            f"missing: {missing or 'none'}, unknown: {unknown or 'none'}")
        for breed, value in values.items():
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                raise BadOption(f"the {breed} card value must be a whole number of 0 or more, got {value!r}")
        return merged

    # ----- rules ---------------------------------------------------------------------------
    def start(self, players: Sequence, options: dict[str, Any]) -> MuttsState:
        count = len(players)
        return MuttsState(
            names=[player.name for player in players],
            card_values=dict(options["card_values"]),
            junior=bool(options["junior"]),
            pile=TOTAL_CARDS - DEAL * count,
            hands=[DEAL] * count,
            stacks=[{breed: 0 for breed in BREEDS} for _ in range(count)],
            tiles_placed=TILES_AT_SETUP,
            turn=options["dealer"],
            scored_now=[[] for _ in range(count)],
        )

    def apply(self, state: MuttsState, action: Action) -> MuttsState:
        handler = {"draw": self._draw, "connect": self._connect,
                   "score": self._score, "finish_turn": self._finish_turn}.get(action.type)
        if handler is None:
            raise IllegalAction(f"Mix-the-Mutts has no {action.type!r} action; the actions are "
                                "draw, connect, score and finish_turn.")
        if state.phase == OVER:
            raise IllegalAction("The last tile has been played: the game is over.")
        if action.player is None or not 0 <= action.player < state.players:
            raise IllegalAction("Say which player did this.")
        handler(state, action)
        return state

    def _require_active(self, state: MuttsState, action: Action, doing: str) -> None:
        if action.player != state.turn:
            raise IllegalAction(f"{state.names[action.player]} can't {doing} now: "
                                f"it is {state.names[state.turn]}'s turn.")

    def _draw(self, state: MuttsState, action: Action) -> None:
        self._require_active(state, action, "draw")
        if state.phase == SCORING:
            raise IllegalAction(f"{state.names[state.turn]} already connected a tile this turn; "
                                "score the new dogs, then finish the turn.")
        if state.pile == 0:
            raise IllegalAction("The card pile is empty, so drawing is not allowed any more: "
                                f"{state.names[state.turn]} must connect a tile.")
        # With a single card left the player takes that one card (see the rule card's defaults).
        drawn = min(DRAW, state.pile)
        state.pile -= drawn
        state.hands[action.player] += drawn
        self._pass_turn(state)

    def _connect(self, state: MuttsState, action: Action) -> None:
        self._require_active(state, action, "connect a tile")
        if state.phase == SCORING:
            raise IllegalAction(f"{state.names[state.turn]} already connected a tile this turn; "
                                "only one tile per turn.")
        dogs = _read_new_dogs(action, state.tiles_placed)
        state.tiles_placed += 1
        state.new_dogs = dogs
        state.scored_now = [[] for _ in range(state.players)]
        state.phase = SCORING

    def _score(self, state: MuttsState, action: Action) -> None:
        name = state.names[action.player]
        if state.phase != SCORING:
            raise IllegalAction(f"Nothing to score yet: {state.names[state.turn]} must connect a tile first.")
        head, tail = _read_breed(action, "head"), _read_breed(action, "tail")
        index = self._unscored_match(state, action, head, tail)
        if action.player != state.turn and state.scored_now[action.player]:
            raise IllegalAction(f"{name} has already scored one dog this turn; only the active player "
                                f"({state.names[state.turn]}) may score more than one.")
        if state.hands[action.player] < CARDS_PER_DOG:
            held = state.hands[action.player]
            raise IllegalAction(f"{name} holds only {held} card{'s' if held != 1 else ''}; "
                                f"scoring a dog takes {CARDS_PER_DOG} cards from the hand.")
        for breed, needed in Counter((head, tail)).items():
            stacked = sum(stack[breed] for stack in state.stacks)
            if stacked + needed > BREED_COUNTS[breed]:
                raise IllegalAction(f"There are only {BREED_COUNTS[breed]} {breed} cards and {stacked} are already "
                                    f"in scoring stacks, so {name} can't have {needed} more. Check the cards.")
        state.hands[action.player] -= CARDS_PER_DOG
        state.stacks[action.player][head] += 1
        state.stacks[action.player][tail] += 1
        state.scored_now[action.player].append(index)

    def _unscored_match(self, state: MuttsState, action: Action, head: str, tail: str) -> int:
        matches = [i for i, dog in enumerate(state.new_dogs) if dog == [head, tail]]
        if not matches:
            made = ", ".join(dog_name(*dog) for dog in state.new_dogs)
            raise IllegalAction(f"The new tile did not make a {dog_name(head, tail)}. "
                                f"Only new dogs score; this tile made: {made}.")
        free = [i for i in matches if i not in state.scored_now[action.player]]
        if not free:
            raise IllegalAction(f"{state.names[action.player]} already scored the {dog_name(head, tail)} "
                                "from this tile.")
        return free[0]

    def _finish_turn(self, state: MuttsState, action: Action) -> None:
        self._require_active(state, action, "finish the turn")
        if state.phase != SCORING:
            raise IllegalAction(f"{state.names[state.turn]} must first connect a tile or draw two cards.")
        state.new_dogs = []
        state.scored_now = [[] for _ in range(state.players)]
        if state.tiles_left == 0:
            state.phase = OVER
            return
        self._pass_turn(state)

    @staticmethod
    def _pass_turn(state: MuttsState) -> None:
        state.phase = CHOOSING
        state.turn = (state.turn + 1) % state.players

    # ----- reading -------------------------------------------------------------------------
    def describe(self, state: MuttsState, action: Action, after: MuttsState, players: Sequence) -> str:
        name = players[action.player].name if action.player is not None else "Someone"
        if action.type == "draw":
            drawn = min(DRAW, state.pile)
            return f"{name} drew {drawn} card{'s' if drawn != 1 else ''} ({state.pile - drawn} left in the pile)"
        if action.type == "connect":
            dogs = "; ".join(dog_name(d["head"], d["tail"]) for d in action["combinations"])
            return f"{name} connected a tile making {dogs}"
        if action.type == "score":
            return f"{name} scored a {dog_name(action['head'], action['tail'])}"
        if action.type == "finish_turn":
            if state.tiles_left == 0:
                return f"{name} finished the turn: that was the last tile, the game is over"
            return f"{name} flipped the next tile; {players[(state.turn + 1) % len(players)].name}'s turn"
        return f"{name}: {action.type}"

    def totals(self, state: MuttsState) -> list[int]:
        if state.junior:
            return [sum(stack.values()) for stack in state.stacks]
        return [sum(count * state.card_values[breed] for breed, count in stack.items()) for stack in state.stacks]

    def winners(self, state: MuttsState) -> list[int]:
        if state.phase != OVER:
            return []
        totals = self.totals(state)
        best = max(totals)
        return [seat for seat, total in enumerate(totals) if total == best]

    def summary(self, state: MuttsState) -> dict[str, Any]:
        totals = self.totals(state)
        face_up = 1 if state.phase == CHOOSING and state.tiles_left > 0 else 0
        return {
            "players": [
                {"seat": seat, "name": state.names[seat], "hand": state.hands[seat],
                 "scoring_stack": dict(state.stacks[seat]), "stack_cards": sum(state.stacks[seat].values()),
                 "total": totals[seat],
                 "scored_this_turn": [state.new_dogs[i] for i in state.scored_now[seat]],
                 "may_score": self._may_score(state, seat)}
                for seat in range(state.players)],
            "turn": state.turn if state.phase != OVER else None,
            "phase": state.phase,
            "actions_left": self._actions_left(state),
            "card_pile": state.pile,
            "can_draw": state.phase == CHOOSING and state.pile > 0,
            "tiles": {"on_table": state.tiles_placed, "face_up": face_up,
                      "face_down": state.tiles_left - face_up, "total": TOTAL_TILES},
            "new_dogs": [list(dog) for dog in state.new_dogs],
            # How many dogs the next tile may make, so a breed pad can stop at the most the table allows.
            "new_dogs_per_tile": {"min": MIN_NEW_DOGS, "max": most_new_dogs(state.tiles_placed)},
            "scoring": "junior: one point per card" if state.junior else "card values",
            "card_values": dict(state.card_values),
            "winners": self.winners(state),
            "winner_names": [state.names[seat] for seat in self.winners(state)],
        }

    @staticmethod
    def _actions_left(state: MuttsState) -> list[str]:
        if state.phase == CHOOSING:
            return ["connect", "draw"] if state.pile > 0 else ["connect"]
        if state.phase == SCORING:
            return ["score", "finish_turn"]
        return []

    @staticmethod
    def _may_score(state: MuttsState, seat: int) -> int:
        """How many more new dogs this player may still score from the last tile."""
        if state.phase != SCORING:
            return 0
        left = len(state.new_dogs) - len(state.scored_now[seat])
        return left if seat == state.turn else min(left, 1 - len(state.scored_now[seat]))

    def is_over(self, state: MuttsState) -> bool:
        return state.phase == OVER

    def outcome(self, state: MuttsState) -> Outcome:
        """Scores are the scoring stacks' totals (card values, or one per card in the junior game);
        the most wins and equal totals share the win."""
        return Outcome.ranked(state.names, self.totals(state), order=ScoreOrder.HIGH_WINS,
                              finished=self.is_over(state), winners=self.winners(state))

    def legal_actions(self, state: MuttsState, rng: random.Random) -> list[Action]:
        if state.phase == OVER:
            return []
        if state.phase == CHOOSING:
            size = rng.randint(MIN_NEW_DOGS, min(3, most_new_dogs(state.tiles_placed)))
            dogs = [{"head": rng.choice(BREEDS), "tail": rng.choice(BREEDS)} for _ in range(size)]
            actions = [Action("connect", state.turn, {"combinations": dogs})]
            if state.pile:
                actions.append(Action("draw", state.turn))
            return actions
        actions = [Action("finish_turn", state.turn)]
        for seat in range(state.players):
            for index, (head, tail) in enumerate(state.new_dogs):
                candidate = Action("score", seat, {"head": head, "tail": tail})
                if index not in state.scored_now[seat] and self._allows(state, candidate):
                    actions.append(candidate)
        return actions

    def _allows(self, state: MuttsState, action: Action) -> bool:
        try:
            self.apply(copy.deepcopy(state), action)
        except IllegalAction:
            return False
        return True

    def check_invariants(self, state: MuttsState) -> None:
        stacked = sum(sum(stack.values()) for stack in state.stacks)
        assert state.pile + sum(state.hands) + stacked == TOTAL_CARDS, "cards are not conserved"
        assert state.pile >= 0 and all(hand >= 0 for hand in state.hands), "a negative card count"
        for breed in BREEDS:
            assert sum(stack[breed] for stack in state.stacks) <= BREED_COUNTS[breed], f"too many {breed}s stacked"
        assert all(sum(stack.values()) % CARDS_PER_DOG == 0 for stack in state.stacks), "half a dog in a stack"
        assert TILES_AT_SETUP <= state.tiles_placed <= TOTAL_TILES, "tile count out of range"
        assert 0 <= state.turn < state.players, "nobody's turn"
        for seat, scored in enumerate(state.scored_now):
            assert len(set(scored)) == len(scored), "a dog scored twice by one player"
            assert seat == state.turn or len(scored) <= 1, "a non-active player scored more than one dog"
        if state.phase == OVER:
            assert state.tiles_left == 0, "the game ended with tiles left"


def _read_breed(action: Action, key: str, fields: Any = None) -> str:
    breed = (action.args if fields is None else fields).get(key)
    if not isinstance(breed, str) or breed not in BREED_COUNTS:
        raise IllegalAction(f"The {key} must be one of the breeds: {', '.join(BREEDS)} (got {breed!r}).")
    return breed


def most_new_dogs(tiles_on_table: int) -> int:
    """Two hexagons share at most one edge, so a tile makes at most one dog per tile it touches: never
    more than the tiles already down, and never more than its six sides."""
    return min(MAX_NEW_DOGS, tiles_on_table)


def _read_new_dogs(action: Action, tiles_on_table: int) -> list[list[str]]:
    dogs = action.get("combinations")
    if not isinstance(dogs, list) or len(dogs) < MIN_NEW_DOGS:
        raise IllegalAction(f"A new tile touches at least {MIN_NEW_DOGS} tiles, so it makes at least "
                            f"{MIN_NEW_DOGS} new dogs: list each one's head and tail.")
    most = most_new_dogs(tiles_on_table)
    if len(dogs) > most:
        if most == MAX_NEW_DOGS:
            reason = f"A tile has six sides, so it makes at most {most} new dogs, not {len(dogs)}."
        else:
            reason = (f"With {tiles_on_table} tiles on the table the new tile can touch each of them along one "
                      f"edge only, so it makes at most {most} new dogs, not {len(dogs)}.")
        raise IllegalAction(reason + " Check the tile and list each new dog once.")
    read = []
    for dog in dogs:
        if not isinstance(dog, dict):
            raise IllegalAction('Give each new dog as {"head": breed, "tail": breed}.')
        read.append([_read_breed(action, "head", dog), _read_breed(action, "tail", dog)])
    return read


GAME = MixTheMutts()
