"""That's Ruff!: the Game the session talks to. Setup and options live here; each part of a hand has
its own module (counting, collecting) and the hand's flow is in `flow`."""

from __future__ import annotations

import random
from typing import Any, Sequence

from companion.actions import Action
from companion.errors import BadOption, IllegalAction
from companion.game import Game
from companion.outcome import Outcome, ScoreOrder
from companion.players import Player

from . import abilities, collecting, counting, flow, sampling, view
from . import board as paths
from .board import Board
from .cards import COLOURS, DOGS, RULES, name
from .state import COLLECTING, COUNTING, HAND_OVER, LAYING_OUT, MOVING, REVEALING, WON, RuffState, Seat

DEFAULT_EIGHTS = {"Nicky": "blue", "Moon": "red", "Sage": "blue", "Lady": "red"}
FACES = ("either", "up", "down")
COUNT_DISC_SPACES = ("16", "32")


class ThatsRuff(Game):
    key = "thats_ruff"
    title = "That's Ruff!"
    min_players = RULES["players"]["min"]
    max_players = RULES["players"]["max"]

    def option_choices(self) -> dict[str, list[Any]]:
        return {"laid_out_face": list(FACES)}

    def default_options(self) -> dict[str, Any]:
        return {
            "partnerships": False,
            "dogs": {},                    # seat ("0".."3") -> dog; missing seats take the unused dogs in order
            "eights": dict(DEFAULT_EIGHTS),
            "disc_supply": 20,
            "laid_out_face": "either",
            "winner_after_collecting_only": False,
            "count_discs": 0,
            "discard_fetched_discs": False,
            "laid_out_into_hand": False,
            "abilities": False,
            "ability_costs": dict(abilities.DEFAULT_COSTS),
        }

    def check_options(self, options: dict[str, Any] | None) -> dict[str, Any]:
        merged = super().check_options(options)
        # Prices are refused as they are set, not only when the game starts.
        merged["ability_costs"] = abilities.check_costs(merged["ability_costs"])
        return merged

    # ----- setup ---------------------------------------------------------------------------------
    def start(self, players: Sequence[Player], options: dict[str, Any]) -> RuffState:
        count = len(players)
        _check_simple_options(options, count)
        board_of_seat = [seat % 2 for seat in range(count)] if options["partnerships"] else list(range(count))
        dogs = _dogs_by_board(options["dogs"], board_of_seat)
        eights = _eights(options["eights"])
        costs = abilities.check_costs(options["ability_costs"])
        if options["abilities"] and options["discard_fetched_discs"]:
            raise BadOption("Abilities are paid with fetched discs, but in this game they are thrown away: "
                            "choose one of the two variants.")
        boards = [Board(dog, [seat for seat in range(count) if board_of_seat[seat] == index], eights[dog])
                  for index, dog in enumerate(dogs)]
        needed = len(boards) * (1 + 2 * options["count_discs"])
        if needed > options["disc_supply"]:
            raise BadOption(f"Setting up needs {needed} flying discs but the supply has only {options['disc_supply']}.")
        for board in boards:
            board.path_discs = [RULES["path"]["first_disc_on"]]
            board.count_discs = {space: options["count_discs"] for space in COUNT_DISC_SPACES} \
                if options["count_discs"] else {}
        deal_size = RULES["deal_size"][str(count)]
        state = RuffState(
            names=[player.name for player in players],
            seats=[Seat(board=board_of_seat[seat]) for seat in range(count)], boards=boards,
            deal_size=deal_size, dealer=options["dealer"], deck_left=flow.DECK_SIZE - count * deal_size,
            supply=options["disc_supply"] - needed, total_discs=options["disc_supply"],
            laid_out_face=options["laid_out_face"],
            winner_after_collecting_only=options["winner_after_collecting_only"],
            keep_discs=not options["discard_fetched_discs"], eights=eights,
            laid_out_into_hand=options["laid_out_into_hand"],
            ability_costs=costs if options["abilities"] else None)
        flow.start_hand(state)
        state.last_move = f"Hand 1: deal {deal_size} cards each."
        return state

    # ----- rules -----------------------------------------------------------------------------------
    def apply(self, state: RuffState, action: Action) -> RuffState:
        handler = _HANDLERS.get(action.type)
        if handler is None:
            raise IllegalAction(f"That's Ruff! has no {action.type!r} action; the actions are: {', '.join(_HANDLERS)}.")
        phases, check_turn, run = handler
        who = _who(state, action.player)
        if state.phase == WON:
            raise IllegalAction("This game is over.")
        if state.phase not in phases:
            raise IllegalAction(f"{who} can't {action.type.replace('_', ' ')} now: {_phase_hint(state)}")
        if check_turn and action.player != state.turn:
            raise IllegalAction(f"{who} can't play now: it is {state.names[state.turn]}'s turn.")
        return run(state, action, who)

    def describe(self, state: RuffState, action: Action, after: RuffState, players: Sequence[Player]) -> str:
        who = players[action.player].name if action.player is not None and action.player < len(players) else "Someone"
        if action.type == "play":
            return f"{who} played the {name(after.previous)}: {after.last_move}"
        if action.type == "lay_out":
            up = len(action.get("face_up", []))
            return f"{who} laid out {state.deal_size - counting.KEEP} cards ({up} face up)"
        if action.type == "reveal":
            return f"{who} turned up {', '.join(name(card) for card in action.get('cards'))}"
        if action.type == "deal":
            return f"{who} dealt hand {after.hand_number} ({after.deck_left} cards left in the deck)"
        if action.type == "thats_ruff":
            return f"{who} said {after.last_move}"
        if action.type == "choose_stay":
            return f"{who} chose to {'stay in the dog house' if action.get('stay') else 'move on'}: {after.last_move}"
        return after.last_move

    def summary(self, state: RuffState) -> dict[str, Any]:
        return view.summarise(state)

    def is_over(self, state: RuffState) -> bool:
        return state.phase == WON

    def outcome(self, state: RuffState) -> Outcome:
        """That's Ruff! has no points: a dog wins by being home in its dog house with every disc
        fetched. So the score is what a dog still has to do, one for each disc left to fetch and one
        more while it is out of its dog house: the lowest is nearest to winning, and 0 is home with
        the path clear. Partners share their dog's score, place and win. When more than one dog is
        home and clear, the most discs fetched decides, and `tie_break` says so."""
        scores = [paths.discs_left_to_fetch(board) + (board.position != paths.HOUSE) for board in state.boards]
        over = self.is_over(state)
        winners, tie_break = [], None
        if over:
            winners = list(state.boards[state.winner].seats)
            if sum(paths.is_home_and_clear(board) for board in state.boards) > 1:
                tie_break = "most discs fetched"
        return Outcome.ranked(state.names, [scores[seat.board] for seat in state.seats],
                              order=ScoreOrder.LOW_WINS, finished=over, winners=winners, tie_break=tie_break)

    def legal_actions(self, state: RuffState, rng: random.Random) -> list[Action]:
        return sampling.sample_actions(self, state, rng)

    def check_invariants(self, state: RuffState) -> None:
        view.check_invariants(state)


def _who(state: RuffState, seat: int | None) -> str:
    if seat is None or not 0 <= seat < state.players:
        raise IllegalAction("Say which seat did this.")
    return state.names[seat]


def _name(state: RuffState, seat: int | None) -> str:
    return "someone" if seat is None else state.names[seat]


def _phase_hint(state: RuffState) -> str:
    return {
        LAYING_OUT: "everyone is laying out the cards they will not keep.",
        COUNTING: f"it is Counting, and {_name(state, state.turn)} plays next.",
        REVEALING: "the face-down laid-out cards are being turned up.",
        COLLECTING: f"it is Collecting, and {_name(state, state.turn)} collects next.",
        MOVING: "the dogs are moving back; a player is choosing whether to stay in the dog house.",
        HAND_OVER: f"the hand is over; {_name(state, flow.dealer_of_next_hand(state))} deals the next one.",
    }.get(state.phase, "")


def _deal(state: RuffState, action: Action, who: str) -> RuffState:
    dealer = flow.dealer_of_next_hand(state)
    if action.player != dealer:
        raise IllegalAction(f"{state.names[dealer]} deals the next hand, not {who}.")
    flow.deal_next_hand(state)
    state.last_move = f"Hand {state.hand_number}: deal {state.deal_size} cards each."
    return state


_HANDLERS = {
    "lay_out": ((LAYING_OUT,), False, counting.lay_out),
    "play": ((COUNTING,), True, counting.play),
    "thats_ruff": ((COUNTING,), True, counting.thats_ruff),
    "reveal": ((REVEALING,), False, counting.reveal),
    "collect": ((COLLECTING,), True, collecting.collect),
    "to_centre": ((COLLECTING,), True, collecting.to_centre),
    "choose_stay": ((MOVING,), False, collecting.choose_stay),
    "use_ability": ((COUNTING, COLLECTING), True, abilities.use),
    "deal": ((HAND_OVER,), False, _deal),
}


# ----- options ---------------------------------------------------------------------------------------
def _check_simple_options(options: dict[str, Any], count: int) -> None:
    if options["partnerships"] and count != 4:
        raise BadOption("Partnerships need exactly four players (seats 1 and 3 against seats 2 and 4).")
    if options["laid_out_face"] not in FACES:
        raise BadOption(f"laid_out_face must be one of {', '.join(FACES)}, not {options['laid_out_face']!r}.")
    if options["count_discs"] < 0 or options["disc_supply"] < 0:
        raise BadOption("Disc numbers cannot be negative.")


def _dogs_by_board(chosen: dict, board_of_seat: list[int]) -> list[str]:
    boards = max(board_of_seat) + 1
    picked: dict[int, str] = {}
    for seat_text, dog in chosen.items():
        if not str(seat_text).isdigit() or int(seat_text) >= len(board_of_seat):
            raise BadOption(f"dogs: {seat_text!r} is not a seat at this table (0 to {len(board_of_seat) - 1}).")
        if dog not in DOGS:
            raise BadOption(f"dogs: the dogs are {', '.join(DOGS)}, not {dog!r}.")
        board = board_of_seat[int(seat_text)]
        if picked.get(board, dog) != dog:
            raise BadOption(f"Partners share one dog; seat {int(seat_text) + 1} asked for {dog} but their partner has {picked[board]}.")
        picked[board] = dog
    if len(set(picked.values())) != len(picked):
        raise BadOption("Each player or partnership needs a different dog.")
    spare = [dog for dog in DOGS if dog not in picked.values()]
    return [picked.get(board) or spare.pop(0) for board in range(boards)]


def _eights(chosen: dict) -> dict[str, str]:
    """Every dog's 8 colour, the family's choices over the defaults. Each colour has as many 8s as
    copies of its cards, and each of those 8s shows a different dog."""
    unknown = sorted(set(chosen) - set(DOGS))
    if unknown:
        raise BadOption(f"eights: the dogs are {', '.join(DOGS)}, not {unknown[0]!r}.")
    eights = {**DEFAULT_EIGHTS, **chosen}
    for dog, colour in eights.items():
        if colour not in COLOURS or colour == "black":
            raise BadOption(f"eights: {dog}'s 8 must be blue or red, not {colour!r} (the black 8 is Pappy's).")
    for colour, copies in RULES["deck"]["copies_per_colour"].items():
        dogs = [dog for dog, shown in eights.items() if shown == colour]
        if len(dogs) > copies:
            raise BadOption(f"eights: {', '.join(dogs[:-1])} and {dogs[-1]} can't all show on the {_count(copies)} "
                            f"{colour} 8s: give each colour at most {copies} dogs.")
    return eights


def _count(number: int) -> str:
    return {1: "one", 2: "two", 3: "three"}.get(number, str(number))
