"""Nuts about Mutts: shed your hand onto the home pile; wild cards, bone races, the dog house."""

from __future__ import annotations

import random
from typing import Any, Sequence

from companion.actions import Action
from companion.errors import BadOption, IllegalAction
from companion.game import Game
from companion.outcome import Outcome, ScoreOrder
from companion.players import Player
from companion.rulecards import load_rulecard

from . import events, turns, view
from .cards import KEY, edition
from .sampler import sample_actions
from .state import EVENING_OVER, FIRST_CARD, HAND_OVER, MuttsState, deal_hand

HANDLERS = {
    "play": turns.play,
    "draw": turns.draw,
    "dog_house_turn": turns.dog_house_turn,
    "match": events.match,
    "run": events.run,
    "pass": events.pass_turn,
    "bone_race": events.bone_race,
    "pedigree_play": events.pedigree_play,
    "pedigree_draw": events.pedigree_draw,
    "name_top_card": events.name_top_card,
    "reshuffle": events.reshuffle,
    "flip": events.flip,
    "deal": events.deal,
    "new_hand": events.deal,
    "end_evening": events.end_evening,
}


class NutsAboutMutts(Game):
    key = "nuts_about_mutts"
    title = "Nuts about Mutts"
    min_players = 2
    max_players = 6

    def default_options(self) -> dict[str, Any]:
        return {"edition": "classic_109", "advanced": False, "hands": 3, "false_start_loses": True}

    def option_choices(self) -> dict[str, list[Any]]:
        return {"edition": list(load_rulecard(KEY)["editions"])}

    def check_players(self, players: Sequence[Player], options: dict[str, Any]) -> None:
        super().check_players(players, options)
        ed = edition(options.get("edition", "classic_109"))
        if not ed.min_players <= len(players) <= ed.max_players:
            raise BadOption(f"The {ed.key} edition is for {ed.min_players} to {ed.max_players} players, "
                            f"not {len(players)}")
        if options.get("hands", 3) < 0:
            raise BadOption("hands is how many hands the evening lasts (0 = until you end it), not a negative number")

    def start(self, players: Sequence[Player], options: dict[str, Any]) -> MuttsState:
        ed = edition(options["edition"])
        state = MuttsState(
            names=[player.name for player in players], edition=ed.key, colours=list(ed.colours),
            numbers=ed.numbers, deck_size=ed.deck_size, bones=ed.bones, hand_size=ed.hand_size(len(players)),
            first_card_rule=ed.first_card, advanced=options["advanced"], hands_in_evening=options["hands"],
            false_start_loses=options["false_start_loses"], dealer=options["dealer"])
        deal_hand(state, options["dealer"])
        return state

    def apply(self, state: MuttsState, action: Action) -> MuttsState:
        handler = HANDLERS.get(action.type)
        if handler is None:
            raise IllegalAction(f"Nuts about Mutts has no {action.type!r} action; the actions are: "
                                f"{', '.join(HANDLERS)}.")
        if state.phase == EVENING_OVER:
            raise IllegalAction("The evening is over. Start a new game from the home screen.")
        return handler(state, action)

    def describe(self, state: MuttsState, action: Action, after: MuttsState, players: Sequence[Player]) -> str:
        return view.describe(state, action, players, after)

    def summary(self, state: MuttsState) -> dict[str, Any]:
        return view.summary(state)

    def is_over(self, state: MuttsState) -> bool:
        return state.phase == EVENING_OVER

    def outcome(self, state: MuttsState) -> Outcome:
        """Scores are the cards left in hand, added up over the hands played, so the lowest wins; once
        the evening is over the winners are the summary's top dogs (everyone on the lowest total).
        `hands` holds each finished hand's cards left, seat by seat."""
        over = self.is_over(state)
        return Outcome.ranked(state.names, state.totals, order=ScoreOrder.LOW_WINS, finished=over,
                              winners=view.top_dog(state) if over else (),
                              hands=[result["scores"] for result in state.hand_results])

    def legal_actions(self, state: MuttsState, rng: random.Random) -> list[Action]:
        if self.is_over(state):
            return []
        return sample_actions(self, state, rng)

    def check_invariants(self, state: MuttsState) -> None:
        assert state.cards_accounted == state.deck_size, (
            f"cards not conserved: hands {state.hands} + draw {state.draw_pile} + home {state.home_pile} "
            f"+ dog house {len(state.dog_house)} != {state.deck_size}")
        assert min(state.hands) >= 0 and state.draw_pile >= 0 and state.home_pile >= 0
        assert 0 <= state.turn < state.players and 0 <= state.dealer < state.players
        assert len(set(state.dog_house)) == len(state.dog_house)
        if state.phase == FIRST_CARD:
            assert state.top is None and state.home_pile == 0 and not state.dog_house
        waiting = view.to_act(state)
        if waiting["seat"] is None:
            assert waiting["kind"] in ("bone_race", "deal", "evening_over", "flip_first_card")
        if state.phase in (HAND_OVER, EVENING_OVER) and state.hand_results:
            last = state.hand_results[-1]
            assert last["scores"][last["winner"]] == 0, "the winner of a hand has no cards left"
        elif state.phase not in (HAND_OVER, EVENING_OVER):
            assert min(state.hands) > 0, "a hand reached 0 cards without ending the hand"
        finished = 0 if state.phase in (HAND_OVER, EVENING_OVER) else 1
        assert len(state.hand_results) == state.hand_number - finished
        assert all(result["scores"][result["winner"]] == 0 for result in state.hand_results)


GAME = NutsAboutMutts()
