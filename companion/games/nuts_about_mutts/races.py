"""What a race's decision means for the table: the bone race after a Mutt (who lost it draws), a
claim race's winner (the only one whose claim it can be), and the decision kept for the log."""

from __future__ import annotations

from typing import Any

from companion.actions import Action
from companion.errors import CompanionError, IllegalAction
from companion.races import racelog

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
    race = action.get("race")
    if race is not None:
        check_race_record(state, race, "bones")
        if "losers" in race and set(race["losers"]) != set(losers):
            raise IllegalAction("The race decision names other losers than the move does: record the losers the "
                                "race decided.")
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
    check_race_record(state, race, "claim")
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


# What the race screen hands over in a move (ui/race_text.py: decision_in_seats), in seats.
_RACE_SEAT_LISTS = ("winners", "losers", "false_starts", "stuck")
_RACE_FIELDS = frozenset({*_RACE_SEAT_LISTS, "kind", "ties", "timed_out", "margins_ms", "tie_draw", "log"})
# A race is decided within seconds; a margin longer than a minute is no margin.
_LONGEST_MARGIN_MS = 60_000.0


def check_race_record(state: MuttsState, race: Any, kind: str) -> None:
    """A race decision kept in a move is one the arbiter could have made: its known fields only, each
    of its kind, naming seats at this table, no one both winning and losing, no held (stuck) button
    winning, and a log that reads as a race log. Anything else came from a file, not from the table."""
    if not isinstance(race, dict):
        raise IllegalAction("The race decision should be an object, as the arbiter reports it.")
    unknown = sorted(str(key) for key in set(race) - _RACE_FIELDS)
    if unknown:
        raise IllegalAction(f"The race decision has no field {unknown[0]!r}; its fields are "
                            f"{', '.join(sorted(_RACE_FIELDS))}.")
    said = race.get("kind", kind)
    if said != kind:
        words = {"claim": "a claim race: a Match or Run comes from one", "bones": "a bone race: it follows a Mutt"}
        raise IllegalAction(f"That race was a {'bone' if said == 'bones' else said!s} race, not {words[kind]}.")
    seats = {name: _seats(state, race.get(name, []), name) for name in _RACE_SEAT_LISTS}
    both = set(seats["winners"]) & (set(seats["losers"]) | set(seats["stuck"]))
    if both:
        seat = min(both)
        why = "held their button down when the race began" if seat in seats["stuck"] else "lost it"
        raise IllegalAction(f"The race decision names {state.names[seat]} a winner, yet they {why}.")
    ties = race.get("ties", [])
    if not isinstance(ties, list):
        raise IllegalAction("The race decision's ties should be a list of tied seats.")
    for group in ties:
        _seats(state, group, "ties")
    if not isinstance(race.get("timed_out", False), bool):
        raise IllegalAction("The race decision's timed_out should be true or false.")
    _check_margins(state, race.get("margins_ms", {}))
    draw = race.get("tie_draw")
    if draw is not None and (not isinstance(draw, dict) or not set(draw) <= {"seed", "among", "order"}):
        raise IllegalAction("The race decision's tie_draw should be the arbiter's draw: seed, among, order.")
    log = race.get("log", [])
    if not isinstance(log, list):
        raise IllegalAction("The race decision's log should be the race's lines.")
    if log:
        try:
            racelog.check_decided(log)
        except (CompanionError, TypeError, ValueError) as problem:
            raise IllegalAction(f"The race decision's log cannot be read: {problem}") from None


def _seats(state: MuttsState, value: Any, name: str) -> list[int]:
    if not isinstance(value, list):
        raise IllegalAction(f"The race decision's {name} should be a list of seats.")
    for seat in value:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < state.players:
            raise IllegalAction(f"The race decision's {name} names seat {seat!r}; seats go from 0 to "
                                f"{state.players - 1}.")
    if len(set(value)) != len(value):
        raise IllegalAction(f"The race decision's {name} names a seat twice.")
    return value


def _check_margins(state: MuttsState, margins: Any) -> None:
    if not isinstance(margins, dict):
        raise IllegalAction("The race decision's margins_ms should be each seat's margin in milliseconds.")
    for seat, margin in margins.items():
        if seat not in {str(number) for number in range(state.players)}:
            raise IllegalAction(f"The race decision's margins_ms names seat {seat!r}; seats go from 0 to "
                                f"{state.players - 1}.")
        if isinstance(margin, bool) or not isinstance(margin, (int, float)) \
                or not 0 <= margin <= _LONGEST_MARGIN_MS:
            raise IllegalAction(f"The race decision's margin for seat {seat} is {margin!r}: a margin is 0 to "
                                f"{_LONGEST_MARGIN_MS:,.0f} milliseconds.")


def keep_race(state: MuttsState, action: Action) -> None:
    race = action.get("race")
    if race is not None and not isinstance(race, dict):
        raise IllegalAction("The race decision should be an object, as the arbiter reports it.")
    if race is not None:
        state.last_race = dict(race)
