"""What a race's decision means for the table: the bone race after a Mutt (who lost it draws), a
claim race's winner (the only one whose claim it can be), and the decision kept for the log."""

from __future__ import annotations

from typing import Any

from companion.actions import Action
from companion.errors import IllegalAction

from .piles import draw_one_each
from .state import MuttsState, Phase


def bone_race(state: MuttsState, action: Action) -> MuttsState:
    if state.phase != Phase.BONE_RACE:
        raise IllegalAction("There is no bone race now: a bone race follows a Mutt card.")
    losers = action.get("losers")
    if losers is None:
        losers = [action.get("loser")]
    if not isinstance(losers, list) or not losers:
        raise IllegalAction("Say who lost the bone race: there are fewer bones than players, so someone did.")
    for seat in losers:
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < state.players:
            raise IllegalAction(f"There is no player in seat {seat!r}; seats go from 0 to {state.players - 1}.")
    if len(set(losers)) != len(losers):
        raise IllegalAction("Each player can lose the bone race only once: name each loser once.")
    keep_race(state, action)
    draw_one_each(state, list(losers))
    state.phase = Phase.PLAY
    state.race = None
    return state


def check_claim_race(state: MuttsState, seat: int, race: Any) -> None:
    """A claim that came from a claim race must be the race winner's: an imported or replayed log
    could otherwise give the card to a player who lost the race."""
    if race is None:
        return
    if not isinstance(race, dict):
        raise IllegalAction("The race decision should be an object, as the arbiter reports it.")
    if race.get("kind", "claim") != "claim":
        raise IllegalAction(f"That race was a {'bone' if race.get('kind') == 'bones' else race.get('kind')!s} race, "
                            f"not a claim race: a Match or Run comes from a claim race.")
    winners = race.get("winners")
    if not isinstance(winners, list):
        raise IllegalAction("The race decision should list its winners, as the arbiter reports it "
                            "(\"winners\": [seat], \"losers\": [seats], ...).")
    if not winners:
        raise IllegalAction(f"Nobody won that claim race, so {state.names[seat]}'s claim can't come from it: "
                            f"race again, or record the claim without the race.")
    winner = winners[0]
    if isinstance(winner, bool) or not isinstance(winner, int) or not 0 <= winner < state.players:
        raise IllegalAction(f"The claim race names seat {winner!r} as its winner; seats go from 0 to "
                            f"{state.players - 1}.")
    if winner != seat:
        raise IllegalAction(f"{state.names[winner]} won the claim race, not {state.names[seat]}: "
                            f"the claim is {state.names[winner]}'s to record.")


def keep_race(state: MuttsState, action: Action) -> None:
    race = action.get("race")
    if race is not None and not isinstance(race, dict):
        raise IllegalAction("The race decision should be an object, as the arbiter reports it.")
    if race is not None:
        state.last_race = dict(race)
