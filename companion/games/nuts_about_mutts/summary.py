"""What the table shows (summary) and what the history says (describe)."""

from __future__ import annotations

from typing import Any, Callable, Sequence, TypedDict

from companion.actions import Action
from companion.words import counted

from .cards import card_label
from .choices import Choices, choices_now
from .claims import Claims, claims_now
from .pedigree import step_seat, the_round
from .piles import cards_to_draw, reshuffle_allowed
from .state import CARD_NAMES, DOG, FIRST_CARD_FLIPPED, ActionType, HandResult, MuttsState, Phase, TopCard


class _Waiting(TypedDict):
    kind: str
    seat: int | None


class ToAct(_Waiting, total=False):
    """The one thing the table is waiting for. `kind` is one of: turn, first_card, flip_first_card,
    dog_house_turn, bone_race, pedigree_step, deal, evening_over; `seat` is None for a table-wide event.
    The other keys belong to one kind each."""

    mutt_player: int     # bone_race: who played the Mutt
    next_dealer: int     # deal
    may_pass: bool       # turn: a Match or Run was played on it


class _Event(TypedDict):
    event: str


class Pending(_Event, total=False):
    """The event under way. `event` is bone_race, pedigree, hand_over or first_card; the other keys
    belong to one event each."""

    mutt_player: int
    bones: int
    false_start_loses: bool
    pedigree_player: int
    breed: str | None
    seat: int
    order: list[int]
    step: int
    cards_played: int
    winner: int
    bones_to_lay_out: int
    cards_each: int


class CardCount(TypedDict):
    """Where every card is: in hands + draw pile + home pile + in front of players = the deck."""

    deck: int
    in_hands: int
    draw_pile: int
    home_pile: int
    in_front_of_players: int
    bones_on_table: int
    bones_in_box: int


class Scores(TypedDict):
    hands: list[HandResult]
    totals: list[int]


class MuttsSummary(TypedDict):
    edition: str
    advanced: bool
    players: int
    names: list[str]
    colours: list[str]
    numbers: int
    hand: int
    hands_in_evening: int
    bones_on_table: int
    dealer: int
    phase: str
    turn: int
    direction: str
    to_act: ToAct
    hand_sizes: list[int]
    draw_pile: int
    home_pile: int
    cards_to_draw: int
    top_card: TopCard | None
    top_card_unknown: bool
    colour_to_follow: str | None
    dog_house: list[int]
    claims: Claims
    choices: Choices
    pending: Pending | None
    reshuffle_needed: bool
    reshuffle_allowed: bool
    cards: CardCount
    scores: Scores
    hand_winner: int | None
    top_dog: list[int]
    last_race: dict[str, Any] | None
    evening_over: bool


def to_act(state: MuttsState) -> ToAct:
    """The one thing the table is waiting for: a seat's turn or step, or a table-wide event."""
    if state.phase == Phase.BONE_RACE:
        assert state.race is not None
        return {"kind": "bone_race", "seat": None, "mutt_player": state.race["mutt_player"]}
    if state.phase == Phase.PEDIGREE:
        return {"kind": "pedigree_step", "seat": step_seat(the_round(state))}
    if state.phase == Phase.HAND_OVER:
        return {"kind": "deal", "seat": None, "next_dealer": state.next_seat(state.dealer)}
    if state.phase == Phase.EVENING_OVER:
        return {"kind": "evening_over", "seat": None}
    if state.phase == Phase.FIRST_CARD:
        kind = "flip_first_card" if state.first_card_rule == FIRST_CARD_FLIPPED else "first_card"
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


def summary(state: MuttsState) -> MuttsSummary:
    waiting = to_act(state)
    # The draw pile is empty and the home pile can refill it: the family reshuffles now (or the next
    # draw does it by itself).
    reshuffle_needed = reshuffle_allowed(state)
    return {
        "edition": state.edition,
        "advanced": state.advanced,
        "players": state.players,
        "names": list(state.names),
        # The deck's colours and dog numbers, as the pads offer them.
        "colours": list(state.colours),
        "numbers": state.numbers,
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
        "top_card": state.top.copy() if state.top else None,
        # A dog on top whose colour or number the app wasn't told: name_top_card makes claims possible.
        "top_card_unknown": _top_card_unknown(state),
        "colour_to_follow": state.colour_to_follow,
        "dog_house": list(state.dog_house),
        # The advanced game's Match! and Run! on the card in play, as the rules would judge them now.
        "claims": claims_now(state),
        # Whom a wild may name and how far each count said out loud may go, as the rules would take it.
        "choices": choices_now(state),
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
        "scores": {"hands": [_copied(result) for result in state.hand_results],
                   "totals": state.totals},
        "hand_winner": state.hand_results[-1]["winner"] if state.phase in _BETWEEN_HANDS else None,
        "top_dog": top_dog(state),
        "last_race": state.last_race,
        "evening_over": state.phase == Phase.EVENING_OVER,
    }


def _copied(result: HandResult) -> HandResult:
    return {"hand": result["hand"], "dealer": result["dealer"], "winner": result["winner"],
            "scores": list(result["scores"])}


def _top_card_unknown(state: MuttsState) -> bool:
    top = state.top
    return top is not None and top["card"] == DOG and (top.get("colour") is None or top.get("number") is None)


_BETWEEN_HANDS = (Phase.HAND_OVER, Phase.EVENING_OVER)


def _pending(state: MuttsState) -> Pending | None:
    if state.phase == Phase.BONE_RACE:
        assert state.race is not None
        return {"event": "bone_race", "mutt_player": state.race["mutt_player"], "bones": state.players - 1,
                "false_start_loses": state.false_start_loses}
    if state.phase == Phase.PEDIGREE:
        ped = the_round(state)
        return {"event": "pedigree", "pedigree_player": ped["player"], "breed": ped["breed"],
                "seat": ped["order"][ped["step"]], "order": list(ped["order"]), "step": ped["step"],
                "cards_played": ped["played"]}
    if state.phase in _BETWEEN_HANDS and state.hand_results:
        return {"event": "hand_over", "winner": state.hand_results[-1]["winner"]}
    if state.phase == Phase.FIRST_CARD:
        return {"event": "first_card", "bones_to_lay_out": state.players - 1, "cards_each": state.hand_size}
    return None


# ----- history lines -----------------------------------------------------------------------------
RAN_OUT = "the draw pile ran out: the home pile but its top card was shuffled into a new draw pile"


def describe(state: MuttsState, action: Action, after: MuttsState, names: Sequence[str]) -> str:
    """The history line for `action` on `state`; `after` (the state it led to) tells whether a draw
    ran the pile out and reshuffled the home pile on the way."""
    names = list(names)
    who = names[action.player] if action.player is not None and 0 <= action.player < len(names) else "The table"
    line = _LINES.get(action.type)
    text = line(state, action, who, names) if line else f"{who}: {action.type}"
    if action.type != ActionType.RESHUFFLE and after.reshuffles > state.reshuffles:
        text += f"; {RAN_OUT}"
    return text


def _card_text(action: Action, field: str, names: list[str], last: bool = False) -> str:
    """The card as the family told it; a wild played as the `last` card of a hand did nothing more."""
    kind = action.get(field, DOG)
    if kind == DOG or kind not in CARD_NAMES:
        text = card_label({"card": DOG, "colour": action.get("colour"), "number": action.get("number")})
        return text + (" (same breed)" if action.get("same_breed") else "")
    text = f"a {CARD_NAMES[kind]}"
    if last:
        return f"{text}, the last card of the hand"
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


def _last_card(state: MuttsState, action: Action) -> bool:
    seat = action.player
    return state.phase == Phase.PLAY and isinstance(seat, int) and 0 <= seat < state.players and state.hands[seat] == 1


def _name(names: list[str], seat: Any) -> str:
    return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "someone"


def _out_of_turn(state: MuttsState, action: Action) -> str:
    return " (out of turn)" if action.player != state.turn else ""


def _named(state: MuttsState, action: Action) -> TopCard:
    top = state.top if state.top and state.top.get("card") == DOG else None
    colour, number = (top.get("colour"), top.get("number")) if top else (None, None)
    return {"card": DOG, "colour": action.get("colour", colour), "number": action.get("number", number)}


def _run_card(state: MuttsState, action: Action) -> TopCard:
    card: TopCard = state.top.copy() if state.top else {"card": DOG}
    card["number"] = action.get("number")
    return card


def _cards(count: object) -> str:
    return counted(count if isinstance(count, int) else 0, "card")


def _losers(action: Action) -> list[Any]:
    losers = action.get("losers")
    return losers if isinstance(losers, list) else [action.get("loser")]


_LINES: dict[str, Callable[[MuttsState, Action, str, list[str]], str]] = {
    ActionType.PLAY: lambda s, a, who, names: f"{who} played {_card_text(a, 'card', names, _last_card(s, a))}",
    ActionType.DRAW: lambda s, a, who, names: (f"{who} drew a card and played it: {_card_text(a, 'then_play', names)}"
                                      if a.get("then_play") else f"{who} drew a card"),
    ActionType.DOG_HOUSE_TURN: lambda s, a, who, names: (
        f"{who} (in the dog house) drew {_cards(a.get('drawn'))}, then played {_card_text(a, 'card', names)} "
        f"and is free" if a.get("played", True) else
        f"{who} (in the dog house) drew {_cards(a.get('drawn'))} and the draw pile ran out"),
    ActionType.MATCH: lambda s, a, who, names: f"{who}: Match! on {card_label(s.top)}{_out_of_turn(s, a)}",
    ActionType.RUN: lambda s, a, who, names: f"{who}: Run! {card_label(_run_card(s, a))}{_out_of_turn(s, a)}",
    ActionType.PASS: lambda s, a, who, names: f"{who} ended their turn after a Match or Run",
    ActionType.BONE_RACE: lambda s, a, who, names: (
        f"Bone race lost by {', '.join(_name(names, seat) for seat in _losers(a))}: one card each"),
    ActionType.PEDIGREE_PLAY: lambda s, a, who, names: f"{who} put down {_cards(a.get('count'))} of the breed",
    ActionType.PEDIGREE_DRAW: lambda s, a, who, names: (f"{who} drew a card of the breed and put it down"
                                               if a.get("played") else f"{who} had none of the breed and drew a card"),
    ActionType.NAME_TOP_CARD: lambda s, a, who, names: (
        f"The top card was named: {card_label(_named(s, a))}" if a.player is None else
        f"{who} named the top card: {card_label(_named(s, a))}"),
    ActionType.RESHUFFLE: lambda s, a, who, names: "The home pile was reshuffled into a new draw pile",
    ActionType.FLIP: lambda s, a, who, names: "The first home-pile card was flipped from the draw pile",
    ActionType.DEAL: lambda s, a, who, names: f"{names[(s.dealer + 1) % len(names)]} dealt the next hand",
    ActionType.NEW_HAND: lambda s, a, who, names: f"{names[(s.dealer + 1) % len(names)]} dealt the next hand",
    ActionType.END_EVENING: lambda s, a, who, names: "The evening ended",
}
