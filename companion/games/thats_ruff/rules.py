"""That's Ruff!: the Game the session talks to. Setup and options live here, with the one table of
rules; each part of a hand has its own module (counting, collecting, abilities) and the hand's flow is
in `flow`."""

from __future__ import annotations

import random
from typing import Any, Mapping, Sequence

from companion.actions import Action
from companion.errors import BadOption, IllegalAction
from companion.game import Game, Rule
from companion.outcome import Outcome, ScoreOrder
from companion.players import Player

from . import abilities, collecting, counting, flow, paths, sampler, settings, summary
from .cards import copies_in_deck
from .state import (
    COUNT_DISC_SPACES,
    DEAL_SIZE,
    DECK_SIZE,
    DEFAULT_COSTS,
    DEFAULT_EIGHTS,
    FACES,
    FIELDS,
    FIRST_DISC_ON,
    HOUSE,
    KEEP,
    LIMIT,
    SPACES,
    WILD_PAIRS,
    ActionType,
    Board,
    Phase,
    RuffState,
    Seat,
)
from .summary import RuffSummary
from .turns import waiting_for, whose_action

COPIES = copies_in_deck()


def deal(state: RuffState, action: Action) -> RuffState:
    seat, who = whose_action(state, action, Phase.HAND_OVER)
    dealer = flow.dealer_of_next_hand(state)
    if seat != dealer:
        raise IllegalAction(f"{state.names[dealer]} deals the next hand, not {who}.")
    flow.deal_next_hand(state)
    state.tell(f"Hand {state.hand_number}: deal {state.deal_size} cards each.")
    return state


RULES: dict[str, Rule[RuffState]] = {
    ActionType.LAY_OUT: counting.lay_out,
    ActionType.PLAY: counting.play,
    ActionType.THATS_RUFF: counting.thats_ruff,
    ActionType.REVEAL: counting.reveal,
    ActionType.COLLECT: collecting.collect,
    ActionType.TO_CENTRE: collecting.to_centre,
    ActionType.CHOOSE_STAY: collecting.choose_stay,
    ActionType.USE_ABILITY: abilities.use,
    ActionType.DEAL: deal,
}


class ThatsRuff(Game[RuffState]):
    key = "thats_ruff"

    def option_choices(self) -> dict[str, list[Any]]:
        return {"laid_out_face": list(FACES), "wild_dog_pair": list(WILD_PAIRS)}

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
            "wild_dog_pair": "one_collection",   # both Wild Dogs are a set only when collected together
            "laid_out_into_hand": False,
            "abilities": False,
            "ability_costs": dict(DEFAULT_COSTS),
        }

    def check_options(self, options: dict[str, Any] | None) -> dict[str, Any]:
        merged = super().check_options(options)
        # Prices are refused as they are set, not only when the game starts.
        merged["ability_costs"] = abilities.check_costs(merged["ability_costs"])
        return merged

    # ----- setup ---------------------------------------------------------------------------------
    def first_turn(self, dealer: int, players: int) -> int:
        # The player to the dealer's left leads the counting.
        return (dealer + 1) % players

    def first_seat_next_game(self, state: RuffState, options: Mapping[str, Any], players: int) -> int:
        # The deal passes to the left of the last hand's dealer, as it does when a deck is used up.
        return state.next_seat(state.dealer)

    def start(self, players: Sequence[Player], options: dict[str, Any]) -> RuffState:
        count = len(players)
        settings.check_simple_options(options, count)
        board_of_seat = [seat % 2 for seat in range(count)] if options["partnerships"] else list(range(count))
        dogs = settings.dogs_by_board(options["dogs"], board_of_seat)
        eights = settings.eights(options["eights"])
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
            board.path_discs = [FIRST_DISC_ON]
            board.count_discs = {space: options["count_discs"] for space in COUNT_DISC_SPACES} \
                if options["count_discs"] else {}
        deal_size = DEAL_SIZE[str(count)]
        state = RuffState(
            names=[player.name for player in players],
            seats=[Seat(board=board_of_seat[seat]) for seat in range(count)], boards=boards,
            deal_size=deal_size, dealer=options["dealer"], deck_left=DECK_SIZE - count * deal_size,
            supply=options["disc_supply"] - needed, total_discs=options["disc_supply"],
            laid_out_face=options["laid_out_face"],
            winner_after_collecting_only=options["winner_after_collecting_only"],
            keep_discs=not options["discard_fetched_discs"], eights=eights,
            laid_out_into_hand=options["laid_out_into_hand"],
            ability_costs=costs if options["abilities"] else None,
            wild_pair_in_one_collection=options["wild_dog_pair"] == "one_collection")
        flow.start_hand(state)
        state.tell(f"Hand 1: deal {deal_size} cards each.")
        return state

    # ----- rules -----------------------------------------------------------------------------------
    def rules(self) -> Mapping[str, Rule[RuffState]]:
        return RULES

    def action_fields(self) -> Mapping[str, frozenset[str]]:
        return FIELDS

    def describe(self, before: RuffState, action: Action, after: RuffState, players: Sequence[Player]) -> str:
        return summary.describe(before, action, after, [player.name for player in players])

    def summary(self, state: RuffState) -> RuffSummary:
        return summary.summary(state)

    def is_over(self, state: RuffState) -> bool:
        return state.phase == Phase.WON

    def outcome(self, state: RuffState) -> Outcome:
        """That's Ruff! has no points: a dog wins by being home in its dog house with every disc
        fetched. So the score is what a dog still has to do, one for each disc left to fetch and one
        more while it is out of its dog house: the lowest is nearest to winning, and 0 is home with
        the path clear. Partners share their dog's score, place and win. When more than one dog is
        home and clear, the most discs fetched decides, and `tie_break` says so. The rule card's
        `score` says this in the words shown beside the scores."""
        scores = [paths.discs_left_to_fetch(board) + (board.position != HOUSE) for board in state.boards]
        over = self.is_over(state)
        winners: list[int] = []
        tie_break = None
        if over:
            assert state.winner is not None, "a game over has a winning board"
            winners = list(state.boards[state.winner].seats)
            if sum(paths.is_home_and_clear(board) for board in state.boards) > 1:
                tie_break = "most discs fetched"
        return Outcome.ranked(state.names, [scores[seat.board] for seat in state.seats],
                              order=ScoreOrder.LOW_WINS, finished=over, winners=winners, tie_break=tie_break)

    def legal_actions(self, state: RuffState, rng: random.Random) -> list[Action]:
        return sampler.legal_actions(state, rng)

    def check_invariants(self, state: RuffState) -> None:
        assert 0 <= state.count <= LIMIT, f"count {state.count} is outside 0..{LIMIT}"
        discs = state.supply + sum(len(b.path_discs) + sum(b.count_discs.values()) + b.house + b.fetched_and_discarded
                                   for b in state.boards)
        assert discs == state.total_discs, f"{discs} discs on the table, expected {state.total_discs}"
        assert state.supply >= 0
        for board in state.boards:
            assert 0 <= board.position < SPACES, f"{board.dog} is off the path at {board.position}"
            assert board.house >= 0 and all(v >= 0 for v in board.count_discs.values())
            assert len(set(board.path_discs)) == len(board.path_discs), "two discs on one space"
            assert all(0 <= space < HOUSE for space in board.path_discs)
        for key, seen in state.seen.items():
            assert seen <= COPIES[key], f"{seen} x {key} seen in one deck"
        assert 0 <= state.deck_left <= DECK_SIZE
        to_lay = state.deal_size - KEEP
        in_hand = 0
        for seat in state.seats:
            assert 0 <= seat.played <= KEEP and seat.hand >= 0
            assert len(seat.laid_out) <= to_lay
            if seat.has_laid_out:
                assert seat.hand + seat.played == KEEP, "every card played came out of the five kept"
            if state.phase == Phase.COUNTING:
                assert len(seat.laid_out) == to_lay
            in_hand += seat.hand + len(seat.laid_out) + len(seat.collected)
        dealt = state.players * state.deal_size
        assert in_hand + len(state.centre) + state.cards_discarded == dealt, "cards appeared or vanished this hand"
        if state.phase == Phase.COUNTING:
            assert len(waiting_for(state)) == 1
            assert len(state.centre) == sum(seat.played for seat in state.seats)


GAME = ThatsRuff()
