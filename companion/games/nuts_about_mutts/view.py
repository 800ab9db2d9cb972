"""What the table shows (summary) and what the history says (describe)."""

from __future__ import annotations

from typing import Any, Sequence

from companion.actions import Action

from .cards import CARD_NAMES, DOG, card_label
from .events import reshuffle_allowed
from .state import BONE_RACE, EVENING_OVER, FIRST_CARD, HAND_OVER, PEDIGREE, MuttsState
from .turns import cards_to_draw


def to_act(state: MuttsState) -> dict[str, Any]:
    """The one thing the table is waiting for: a seat's turn or step, or a table-wide event."""
    if state.phase == BONE_RACE:
        return {"kind": "bone_race", "seat": None, "mutt_player": state.race["mutt_player"]}
    if state.phase == PEDIGREE:
        return {"kind": "pedigree_step", "seat": state.pedigree["order"][state.pedigree["step"]]}
    if state.phase == HAND_OVER:
        return {"kind": "deal", "seat": None, "next_dealer": state.next_seat(state.dealer)}
    if state.phase == EVENING_OVER:
        return {"kind": "evening_over", "seat": None}
    if state.phase == FIRST_CARD:
        kind = "flip_first_card" if state.first_card_rule == "flip" else "first_card"
        return {"kind": kind, "seat": None if kind == "flip_first_card" else state.turn}
    if state.turn in state.dog_house:
        return {"kind": "dog_house_turn", "seat": state.turn}
    return {"kind": "turn", "seat": state.turn, "may_pass": state.claimed_on_turn}


def top_dog(state: MuttsState) -> list[int]:
    if not state.hand_results:
        return []
    totals = state.totals
    best = min(totals)
    return [seat for seat, total in enumerate(totals) if total == best]


def summary(state: MuttsState) -> dict[str, Any]:
    waiting = to_act(state)
    # The draw pile is empty and the home pile can refill it: the family reshuffles now (or the next
    # draw does it by itself).
    reshuffle_needed = reshuffle_allowed(state)
    return {
        "edition": state.edition,
        "advanced": state.advanced,
        "players": state.players,
        "names": list(state.names),
        "hand": state.hand_number,
        "hands_in_evening": state.hands_in_evening,
        "bones_on_table": state.players - 1,
        "dealer": state.dealer,
        "phase": state.phase,
        "turn": state.turn,
        "direction": "clockwise",
        "to_act": waiting,
        "hand_sizes": list(state.hands),
        "draw_pile": state.draw_pile,
        "home_pile": state.home_pile,
        # Every card a draw could still reach (the draw pile and what a reshuffle would add): the most a
        # dog-house player can have drawn.
        "cards_to_draw": cards_to_draw(state),
        "top_card": dict(state.top) if state.top else None,
        # A dog on top whose colour or number the app wasn't told: name_top_card makes claims possible.
        "top_card_unknown": _top_card_unknown(state),
        "colour_to_follow": state.colour_to_follow,
        "dog_house": list(state.dog_house),
        "pending": _pending(state),
        "reshuffle_needed": reshuffle_needed,
        "reshuffle_allowed": reshuffle_allowed(state),
        "cards": {
            "deck": state.deck_size,
            "in_hands": sum(state.hands),
            "draw_pile": state.draw_pile,
            "home_pile": state.home_pile,
            "in_front_of_players": len(state.dog_house),
            "bones_on_table": state.players - 1,
            "bones_in_box": state.bones - (state.players - 1),
        },
        "scores": {"hands": [dict(result, scores=list(result["scores"])) for result in state.hand_results],
                   "totals": state.totals},
        "hand_winner": state.hand_results[-1]["winner"] if state.phase in (HAND_OVER, EVENING_OVER) else None,
        "top_dog": top_dog(state),
        "last_race": state.last_race,
        "evening_over": state.phase == EVENING_OVER,
    }


def _top_card_unknown(state: MuttsState) -> bool:
    top = state.top
    return top is not None and top["card"] == DOG and (top["colour"] is None or top["number"] is None)


def _pending(state: MuttsState) -> dict[str, Any] | None:
    if state.phase == BONE_RACE:
        return {"event": "bone_race", "mutt_player": state.race["mutt_player"], "bones": state.players - 1,
                "false_start_loses": state.false_start_loses}
    if state.phase == PEDIGREE:
        ped = state.pedigree
        return {"event": "pedigree", "pedigree_player": ped["player"], "breed": ped["breed"],
                "seat": ped["order"][ped["step"]], "order": list(ped["order"]), "step": ped["step"],
                "cards_played": ped["played"]}
    if state.phase in (HAND_OVER, EVENING_OVER) and state.hand_results:
        return {"event": "hand_over", "winner": state.hand_results[-1]["winner"]}
    if state.phase == FIRST_CARD:
        return {"event": "first_card", "bones_to_lay_out": state.players - 1, "cards_each": state.hand_size}
    return None


# ----- history lines -----------------------------------------------------------------------------
RAN_OUT = "the draw pile ran out: the home pile but its top card was shuffled into a new draw pile"


def describe(state: MuttsState, action: Action, players: Sequence, after: MuttsState) -> str:
    """The history line for `action` on `state`; `after` (the state it led to) tells whether a draw
    ran the pile out and reshuffled the home pile on the way."""
    names = [player.name for player in players]
    who = names[action.player] if action.player is not None and 0 <= action.player < len(names) else "The table"
    line = _LINES.get(action.type)
    text = line(state, action, who, names) if line else f"{who}: {action.type}"
    if action.type != "reshuffle" and after.reshuffles > state.reshuffles:
        text += f"; {RAN_OUT}"
    return text


def _card_text(action: Action, field: str, names: list[str]) -> str:
    kind = action.get(field, DOG)
    if kind == DOG or kind not in CARD_NAMES:
        text = card_label({"card": DOG, "colour": action.get("colour"), "number": action.get("number")})
        return text + (" (same breed)" if action.get("same_breed") else "")
    text = f"a {CARD_NAMES[kind]}"
    colour = action.get("colour")
    effect = {
        "mutt": "race for the bones!",
        "flea": "everyone else draws a card",
        "pedigree": f"pedigree round for {action.get('breed') or 'the announced breed'}",
        "dog_house": f"{_name(names, action.get('target'))} goes in the dog house",
        "fire_hydrant": (f"swaps hands with {_name(names, action.get('swap_with'))}"
                         if action.get("swap_with") is not None else "no swap"),
    }[kind]
    return f"{text} ({effect}); colour now {colour}"


def _name(names: list[str], seat: Any) -> str:
    return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "someone"


def _out_of_turn(state: MuttsState, action: Action) -> str:
    return " (out of turn)" if action.player != state.turn else ""


def _named(state: MuttsState, action: Action) -> dict[str, Any]:
    top = state.top if state.top and state.top.get("card") == DOG else {}
    return {"card": DOG, "colour": action.get("colour", top.get("colour")),
            "number": action.get("number", top.get("number"))}


def _losers(action: Action) -> list:
    losers = action.get("losers")
    return losers if isinstance(losers, list) else [action.get("loser")]


_LINES = {
    "play": lambda s, a, who, names: f"{who} played {_card_text(a, 'card', names)}",
    "draw": lambda s, a, who, names: (f"{who} drew a card and played it: {_card_text(a, 'then_play', names)}"
                                      if a.get("then_play") else f"{who} drew a card"),
    "dog_house_turn": lambda s, a, who, names: (
        f"{who} (in the dog house) drew {a.get('drawn', 0)} card(s), then played {_card_text(a, 'card', names)} "
        f"and is free" if a.get("played", True) else
        f"{who} (in the dog house) drew {a.get('drawn', 0)} card(s) and the draw pile ran out"),
    "match": lambda s, a, who, names: f"{who}: Match! on {card_label(s.top)}{_out_of_turn(s, a)}",
    "run": lambda s, a, who, names: (f"{who}: Run! {card_label({**(s.top or {'card': DOG}), 'number': a.get('number')})}"
                                     f"{_out_of_turn(s, a)}"),
    "pass": lambda s, a, who, names: f"{who} ended their turn after a Match or Run",
    "bone_race": lambda s, a, who, names: (
        f"Bone race lost by {', '.join(_name(names, seat) for seat in _losers(a))}: one card each"),
    "pedigree_play": lambda s, a, who, names: f"{who} put down {a.get('count')} card(s) of the breed",
    "pedigree_draw": lambda s, a, who, names: (f"{who} drew a card of the breed and put it down"
                                               if a.get("played") else f"{who} had none of the breed and drew a card"),
    "name_top_card": lambda s, a, who, names: (
        f"The top card was named: {card_label(_named(s, a))}" if a.player is None else
        f"{who} named the top card: {card_label(_named(s, a))}"),
    "reshuffle": lambda s, a, who, names: "The home pile was reshuffled into a new draw pile",
    "flip": lambda s, a, who, names: "The first home-pile card was flipped from the draw pile",
    "deal": lambda s, a, who, names: f"{names[(s.dealer + 1) % len(names)]} dealt the next hand",
    "new_hand": lambda s, a, who, names: f"{names[(s.dealer + 1) % len(names)]} dealt the next hand",
    "end_evening": lambda s, a, who, names: "The evening ended",
}
