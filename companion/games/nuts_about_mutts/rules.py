"""Nuts about Mutts: shed your hand onto the home pile; wild cards, bone races, the dog house. The
game's one table of rules, its settings, the table it starts from and the result of an evening."""

from __future__ import annotations

import random
from functools import wraps
from typing import Any, Mapping, Sequence

from companion.actions import Action
from companion.errors import BadOption, IllegalAction
from companion.game import Game, Rule
from companion.outcome import Outcome, ScoreOrder
from companion.players import Player

from . import claims, hands, pedigree, piles, races, sampler, turns
from .cards import edition
from .state import FIELDS, KEY, ActionType, MuttsState, Phase
from .summary import MuttsSummary, describe, to_act, top_dog
from .summary import summary as summarize


def while_the_evening_lasts(rule: Rule[MuttsState]) -> Rule[MuttsState]:
    """Once the game is over no rule applies: every action is refused the same way."""

    @wraps(rule)
    def checked(state: MuttsState, action: Action) -> MuttsState:
        if state.phase == Phase.EVENING_OVER:
            raise IllegalAction("The game is over. Start a new game from the home screen.")
        return rule(state, action)

    return checked


RULES: dict[str, Rule[MuttsState]] = {
    action_type: while_the_evening_lasts(rule) for action_type, rule in {
        ActionType.PLAY: turns.play,
        ActionType.DRAW: turns.draw,
        ActionType.DOG_HOUSE_TURN: turns.dog_house_turn,
        ActionType.MATCH: claims.match,
        ActionType.RUN: claims.run,
        ActionType.PASS: claims.pass_turn,
        ActionType.BONE_RACE: races.bone_race,
        ActionType.PEDIGREE_PLAY: pedigree.pedigree_play,
        ActionType.PEDIGREE_DRAW: pedigree.pedigree_draw,
        ActionType.NAME_TOP_CARD: claims.name_top_card,
        ActionType.RESHUFFLE: piles.reshuffle,
        ActionType.FLIP: hands.flip,
        ActionType.DEAL: hands.deal,
        ActionType.NEW_HAND: hands.deal,
        ActionType.END_EVENING: hands.end_evening,
    }.items()
}


class NutsAboutMutts(Game[MuttsState]):
    key = KEY

    def default_options(self) -> dict[str, Any]:
        return {"edition": "classic_109", "advanced": False, "hands": 3, "false_start_loses": True}

    def option_choices(self) -> dict[str, list[Any]]:
        return {"edition": list(self.card["editions"])}

    def check_players(self, players: Sequence[Player], options: dict[str, Any]) -> None:
        super().check_players(players, options)
        ed = edition(options.get("edition", "classic_109"))
        if not ed.min_players <= len(players) <= ed.max_players:
            raise BadOption(f"The {ed.key} edition is for {ed.min_players} to {ed.max_players} players, "
                            f"not {len(players)}")
        if options.get("hands", 3) < 0:
            raise BadOption("hands is how many hands the evening lasts (0 = until you end it), not a negative number")

    def first_turn(self, dealer: int, players: int) -> int:
        # The player to the dealer's left starts.
        return (dealer + 1) % players

    def first_seat_next_game(self, state: MuttsState, options: Mapping[str, Any], players: int) -> int:
        # "Take turns being the first player": the deal goes on round the table from the evening's last
        # hand, so every seat starts in turn however many hands each evening had.
        return state.next_seat(state.dealer)

    def start(self, players: Sequence[Player], options: dict[str, Any]) -> MuttsState:
        ed = edition(options["edition"])
        state = MuttsState(
            names=[player.name for player in players], edition=ed.key, colours=list(ed.colours),
            numbers=ed.numbers, copies_of_each_dog=ed.copies_of_each_dog, deck_size=ed.deck_size, bones=ed.bones,
            hand_size=ed.hand_size(len(players)),
            first_card_rule=ed.first_card, advanced=options["advanced"], hands_in_evening=options["hands"],
            false_start_loses=options["false_start_loses"], dealer=options["dealer"])
        hands.deal_hand(state, options["dealer"])
        return state

    def rules(self) -> Mapping[str, Rule[MuttsState]]:
        return RULES

    def action_fields(self) -> Mapping[str, frozenset[str]]:
        return FIELDS

    def describe(self, before: MuttsState, action: Action, after: MuttsState, players: Sequence[Player]) -> str:
        return describe(before, action, after, [player.name for player in players])

    def summary(self, state: MuttsState) -> MuttsSummary:
        return summarize(state)

    def is_over(self, state: MuttsState) -> bool:
        return state.phase == Phase.EVENING_OVER

    def outcome(self, state: MuttsState) -> Outcome:
        """Scores are the cards left in hand, added up over the hands played, so the lowest wins; once
        the game is over the winners are the summary's top dogs (everyone on the lowest total).
        `hands` holds each finished hand's cards left, seat by seat."""
        over = self.is_over(state)
        return Outcome.ranked(state.names, state.totals, order=ScoreOrder.LOW_WINS, finished=over,
                              winners=top_dog(state) if over else (),
                              hands=[result["scores"] for result in state.hand_results])

    def legal_actions(self, state: MuttsState, rng: random.Random) -> list[Action]:
        if self.is_over(state):
            return []
        return sampler.legal_actions(state, rng, self.allows)

    def check_invariants(self, state: MuttsState) -> None:
        assert state.cards_accounted == state.deck_size, (
            f"cards not conserved: hands {state.hands} + draw {state.draw_pile} + home {state.home_pile} "
            f"+ dog house {len(state.dog_house)} != {state.deck_size}")
        assert min(state.hands) >= 0 and state.draw_pile >= 0 and state.home_pile >= 0
        assert 0 <= state.turn < state.players and 0 <= state.dealer < state.players
        assert len(set(state.dog_house)) == len(state.dog_house)
        between_hands = (Phase.HAND_OVER, Phase.EVENING_OVER)
        if state.phase == Phase.FIRST_CARD:
            assert state.top is None and state.home_pile == 0 and not state.dog_house
        waiting = to_act(state)
        if waiting["seat"] is None:
            assert waiting["kind"] in ("bone_race", "deal", "evening_over", "flip_first_card")
        if state.phase in between_hands and state.hand_results:
            last = state.hand_results[-1]
            assert last["scores"][last["winner"]] == 0, "the winner of a hand has no cards left"
        elif state.phase not in between_hands:
            assert min(state.hands) > 0, "a hand reached 0 cards without ending the hand"
        finished = 0 if state.phase in between_hands else 1
        assert len(state.hand_results) == state.hand_number - finished
        assert all(result["scores"][result["winner"]] == 0 for result in state.hand_results)


GAME = NutsAboutMutts()
