"""The Nuts about Mutts pad as a declared table: STEPS says what each step shows (its heading, the
buttons that leave it, its rows of parts, the last move under it); NEEDS says which steps a wild card
or a claim goes through, in order, before it is recorded; WHEN says which parts show only at times
(Pass after a claim, the reshuffle while the draw pile is empty). What an entry has been told so far is
a Draft; the step on screen is the first blank it needs (pads.py shows it).

What the rules allow (who may claim, a Run's numbers, whom a wild may name, how far a count may go) is
the summary's, read here, never worked out.

Each step fits beside the table on the 7" panel with the message bar showing: at most a heading, one
primary row and one or two rows of 9 mm targets."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Any, Callable, Protocol

from companion.actions import Action
from companion.games.nuts_about_mutts.state import CARD_NAMES, DOG, ActionType
from companion.games.nuts_about_mutts.summary import MuttsSummary
from companion.words import counted


class Step(Enum):
    TURN = "turn"
    FIRST_CARD = "first card"
    THEN_PLAY = "drew and played"
    DETAILS = "colour and number"
    NAME_TOP = "naming the top card"
    COLOUR = "colour to follow"
    TARGET = "who goes in the dog house"
    SWAP = "whom to swap hands with"
    DOG_HOUSE = "dog-house turn"
    BONE_RACE = "bone race"
    PEDIGREE = "pedigree round"
    FLIP = "flipping the first card"
    CLAIMER = "who claimed"
    CLAIM_WHAT = "match or run"
    CLAIM_NUMBER = "which run"
    NOTHING = "nothing to record"


# The step the table's wait (the summary's to_act kind) opens on, before anything is tapped.
MAIN: dict[str, Step] = {"turn": Step.TURN, "first_card": Step.FIRST_CARD, "dog_house_turn": Step.DOG_HOUSE,
                         "bone_race": Step.BONE_RACE, "pedigree_step": Step.PEDIGREE,
                         "flip_first_card": Step.FLIP}

# What a wild card or a claim needs told, in the order it is asked, before it is recorded.
NEEDS: dict[str, tuple[Step, ...]] = {
    "mutt": (Step.COLOUR,), "flea": (Step.COLOUR,), "pedigree": (Step.COLOUR,),
    "dog_house": (Step.TARGET, Step.COLOUR), "fire_hydrant": (Step.SWAP, Step.COLOUR),
    ActionType.MATCH: (Step.CLAIMER,), ActionType.RUN: (Step.CLAIMER, Step.CLAIM_NUMBER)}


@dataclass
class Draft:
    """What has been tapped of an entry not recorded yet."""

    card: str | None = None          # a wild card being told (a dog is recorded at once)
    then_play: bool = False          # "Drew and played": the card told next was drawn first
    details: bool = False            # a dog's colour and number being told
    naming: bool = False             # ... of the dog on top of the home pile, so claims can be checked
    colour: str | None = None
    number: int | None = None
    same_breed: bool = False
    target: int | None = None
    swap_with: int | None = None
    swap_told: bool = False
    breed: str | None = None
    claim: str | None = None
    claimer: int | None = None
    race: dict[str, Any] | None = None
    drawn: int = 0                   # the dog-house turn's cards drawn and kept
    count: int = 1                   # the pedigree step's breed cards put down
    flipped: int = 0                 # the flipped first card's action cards flipped past
    several: bool = False            # the bone race lost by more than one player
    losers: list[int] = field(default_factory=list)


# Whether a step's blank is filled in a draft.
TOLD: dict[Step, Callable[[Draft], bool]] = {
    Step.TARGET: lambda draft: draft.target is not None,
    Step.SWAP: lambda draft: draft.swap_told,
    Step.COLOUR: lambda draft: draft.colour is not None,
    Step.CLAIMER: lambda draft: draft.claimer is not None,
    Step.CLAIM_NUMBER: lambda draft: draft.number is not None,
}

# What a tap fills in, on the step that asks for it.
FILLS: dict[Step, Callable[[Any], dict[str, Any]]] = {
    Step.TARGET: lambda seat: {"target": seat},
    Step.SWAP: lambda seat: {"swap_with": seat, "swap_told": True},   # None: no swap
    Step.COLOUR: lambda colour: {"colour": colour},
    Step.CLAIMER: lambda seat: {"claimer": seat},
    Step.CLAIM_WHAT: lambda claim: {"claim": claim},
    Step.CLAIM_NUMBER: lambda number: {"number": number},
}


def step_on_screen(draft: Draft, waiting: str) -> Step:
    """The blank the open entry needs next, else the step the table waits for (`waiting` is the
    summary's to_act kind)."""
    if draft.claim is not None or draft.claimer is not None:
        if draft.claim is None:
            return Step.CLAIM_WHAT   # a claim race was won: a Match or a Run?
        return next((step for step in NEEDS[draft.claim] if not TOLD[step](draft)), Step.CLAIMER)
    if draft.card is not None:
        return next((step for step in NEEDS[draft.card] if not TOLD[step](draft)), Step.COLOUR)
    if draft.details:
        return Step.NAME_TOP if draft.naming else Step.DETAILS
    if draft.then_play:
        return Step.THEN_PLAY
    return MAIN.get(waiting, Step.NOTHING)


def whole(draft: Draft) -> bool:
    """Whether a wild card or a claim has everything it needs told."""
    needs = NEEDS.get(draft.claim or draft.card or "", ())
    return bool(needs) and all(TOLD[need](draft) for need in needs)


# ----- what a whole entry records ------------------------------------------------------------------
def card_action(draft: Draft, kind: str, waiting: str, seat: int | None) -> Action:
    """The play, the draw then play or the dog-house turn (`waiting` is the summary's to_act kind) of
    card `kind` as the draft tells it."""
    args: dict[str, Any] = {}
    if draft.then_play:
        action_type = ActionType.DRAW
        args["then_play"] = kind
    elif waiting == "dog_house_turn":
        action_type = ActionType.DOG_HOUSE_TURN
        args["drawn"] = draft.drawn
    else:
        action_type = ActionType.PLAY
    if kind != DOG and not draft.then_play:
        args["card"] = kind
    if kind == DOG:
        told = {"colour": draft.colour, "number": draft.number, "same_breed": draft.same_breed or None}
    else:
        told = {"colour": draft.colour, "target": draft.target, "swap_with": draft.swap_with,
                "breed": draft.breed if kind == "pedigree" else None}
    args.update({key: value for key, value in told.items() if value is not None})
    return Action(action_type, seat, args)


def claim_action(draft: Draft) -> Action:
    args: dict[str, Any] = {} if draft.race is None else {"race": draft.race}
    if draft.claim == ActionType.RUN:
        args["number"] = draft.number
    return Action(draft.claim or ActionType.MATCH, draft.claimer, args)


def details_action(draft: Draft, waiting: str, seat: int | None) -> Action:
    """A dog played with its colour and number, or the dog on top named."""
    if draft.naming:
        told = {key: value for key, value in (("colour", draft.colour), ("number", draft.number)) if value is not None}
        return Action(ActionType.NAME_TOP_CARD, seat, told)
    return card_action(draft, DOG, waiting, seat)


# How tall a row is: a 9 mm row, a 12 mm one for the expected tap, a line of words read from the seats,
# or as tall as the grid of choices in it.
ROW, PRIMARY, LINE, FIT = "row", "primary", "line", "fit"


class Pad(Protocol):
    """What the table's functions read of the pad showing a step."""

    summary: MuttsSummary
    draft: Draft
    hand_aside: str   # which hand this is ("Hand 1 of 3"), where the heading has to say it; else ""

    @property
    def seat(self) -> int | None: ...

    @property
    def step(self) -> Step: ...

    @property
    def racing(self) -> bool:
        """Whether races are run on the big buttons."""

    def name(self, seat: int | None) -> str: ...


@dataclass(frozen=True)
class Row:
    parts: tuple[str, ...]
    height: str = ROW
    widths: tuple[tuple[str, float], ...] = ()   # parts given more of the row than the others
    when: str | None = None                      # shown only while this WHEN holds


@dataclass(frozen=True)
class Layout:
    title: Callable[[Pad], str] | None
    seat: Callable[[Pad], int | None] = lambda pad: None   # whose shape leads the heading
    leave: tuple[str, ...] = ()                                  # buttons in the heading's row
    rows: tuple[Row, ...] = ()
    hint: bool = False                                           # the last move (or the buttons' use) under it


def _whose(pad: Pad) -> int | None:
    return pad.seat


def _claimer(pad: Pad) -> int | None:
    return pad.draft.claimer


def _pedigree_title(pad: Pad) -> str:
    pending = pad.summary["pending"]
    return f"Pedigree: {(pending and pending.get('breed')) or 'the breed'}"


def _bone_title(pad: Pad) -> str:
    if pad.draft.several:
        return "Tap all with no bone:"
    pending = pad.summary["pending"]
    bones = pending.get("bones", 0) if pending else 0
    return f"{counted(bones, 'bone')} for {pad.summary['players']}: who got none?"


def _first_card_title(pad: Pad) -> str:
    # A hand's first card is when the family asks which hand it is: where the heading has to say it,
    # it says it in fewer words, so the heading stays on one line.
    name = pad.name(pad.seat)
    return f"{name} starts · {pad.hand_aside}" if pad.hand_aside else f"{name} starts the home pile"


WILD_ROW = ("wilds",)
STEPS: dict[Step, Layout] = {
    Step.TURN: Layout(lambda pad: f"{pad.name(pad.seat)}'s turn{f' · {pad.hand_aside}' if pad.hand_aside else ''}",
                      _whose, ("pass",), (
        Row(("dog", "details", "drew", "drew_played", "reshuffle"), PRIMARY, (("dog", 1.6),)),
        Row((*WILD_ROW, "name_top", "match", "run"), widths=(("name_top", 2),))), hint=True),
    Step.FIRST_CARD: Layout(_first_card_title, _whose, (), (
        Row(("dog", "details"), PRIMARY, (("dog", 1.6),)), Row(WILD_ROW)), hint=True),
    Step.THEN_PLAY: Layout(lambda pad: f"{pad.name(pad.seat)} drew and played:", _whose, (), (
        Row(("dog", "details"), PRIMARY, (("dog", 1.6),)), Row((*WILD_ROW, "back")))),
    Step.DETAILS: Layout(None, rows=(Row(("colours", "same_breed", "back")), Row(("numbers", "record"), FIT))),
    Step.NAME_TOP: Layout(None, rows=(Row(("colours", "back")), Row(("numbers", "record"), FIT))),
    Step.COLOUR: Layout(lambda pad: f"{CARD_NAMES[pad.draft.card or DOG]}: colour to follow?", leave=("back",), rows=(
        # Under the breed's row the colours take a 9 mm row, so the step fits under six seats.
        Row(("breed_caption", "breed"), widths=(("breed_caption", 0.45),), when="pedigree"),
        Row(("colour_choices",), ROW, when="pedigree"),
        Row(("colour_choices",), PRIMARY, when="not pedigree"))),
    Step.TARGET: Layout(lambda pad: "Dog House: who goes in?", leave=("back",), rows=(Row(("seats",), FIT),)),
    # No swap is one more answer to the question, among the players.
    Step.SWAP: Layout(lambda pad: "Fire Hydrant: swap hands with?", leave=("back",), rows=(Row(("seats",), FIT),)),
    Step.DOG_HOUSE: Layout(lambda pad: f"{pad.name(pad.seat)} is in the dog house", _whose, (), (
        # The prompt sits beside the count it asks for, so the step fits under six seats.
        Row(("drawn_caption", "stepper", "dog", "details"), PRIMARY, (("dog", 1.3),)),
        Row((*WILD_ROW, "reshuffle", "ran_out")))),
    Step.BONE_RACE: Layout(_bone_title, leave=("reshuffle", "several", "one"), rows=(
        Row(("bone_race", "record_losers", "seats"), FIT),)),
    Step.PEDIGREE: Layout(_pedigree_title, leave=("reshuffle",), rows=(
        Row(("pedigree_step",), LINE),
        # The other two answers share the row: the whole step fits under six seats.
        Row(("stepper", "played_n", "drew_one", "drew_put_down"), PRIMARY, (("played_n", 1.3),))), hint=True),
    Step.FLIP: Layout(lambda pad: "Flip the first card from the draw pile", rows=(
        Row(("flipped_caption", "stepper", "flip"), PRIMARY), Row(("colours",)))),
    Step.CLAIMER: Layout(lambda pad: f"{(pad.draft.claim or '').capitalize()}! Who claimed it?", leave=("back",),
                         rows=(Row(("claim_race", "seats"), FIT),)),
    Step.CLAIM_WHAT: Layout(lambda pad: f"{pad.name(pad.draft.claimer)} won the claim: Match or Run?", _claimer,
                            ("back",), (Row(("match_won", "run_won"), PRIMARY),)),
    Step.CLAIM_NUMBER: Layout(lambda pad: f"{pad.name(pad.draft.claimer)}: Run! Which card?", _claimer, ("back",),
                              (Row(("run_numbers",), PRIMARY),)),
    Step.NOTHING: Layout(lambda pad: "Nothing to record now."),
}


def _advanced_claims(pad: Pad) -> bool:
    return pad.summary["advanced"] and not pad.summary["top_card_unknown"]


# Parts (and rows) shown only at times; the others show whenever their step does.
WHEN: dict[str, Callable[[Pad], bool]] = {
    "pass": lambda pad: bool(pad.summary["to_act"].get("may_pass")),
    # A draw reshuffles by itself, so this is a reminder for the real cards, not a gate.
    "reshuffle": lambda pad: pad.summary["reshuffle_needed"] and (pad.step is not Step.DOG_HOUSE or pad.draft.drawn == 0),
    # Claims are checked against the top card, so the family says what it is first.
    "name_top": lambda pad: pad.summary["advanced"] and pad.summary["top_card_unknown"],
    "match": _advanced_claims,
    "run": _advanced_claims,
    "ran_out": lambda pad: (pad.draft.drawn == pad.summary["choices"]["pile_runs_out_at"]
                            and not WHEN["reshuffle"](pad)),
    "bone_race": lambda pad: pad.racing and not pad.draft.several,
    "record_losers": lambda pad: pad.draft.several,
    "several": lambda pad: not pad.draft.several,
    "one": lambda pad: pad.draft.several,
    "claim_race": lambda pad: pad.racing,
    "same_breed": lambda pad: not pad.draft.naming,
    "pedigree": lambda pad: pad.draft.card == "pedigree",
    "not pedigree": lambda pad: pad.draft.card != "pedigree",
}

# The name a part's buttons go by in `buttons` where it is not the part's own (two steps' versions of
# one answer), and the prefix of the seats' choices per step.
KEYS = {"match_won": ActionType.MATCH, "run_won": ActionType.RUN, "drew_put_down": "drew_played",
        "bone_race": "race", "claim_race": "race", "record_losers": "record"}
SEAT_KEYS = {Step.BONE_RACE: "loser"}

# Widths (before the window's growth) of the parts that keep theirs wherever they go.
FIXED = {"back": 96, "pass": 110, "several": 140, "one": 140, "record": 150, "bone_race": 130,
         "claim_race": 130, "record_losers": 130, "drawn_caption": 130, "flipped_caption": 150}
# In a heading the reshuffle keeps to a width too, leaving the rest to the words.
HEADING_FIXED = {**FIXED, "reshuffle": 200}

DOG_WORDS = {Step.THEN_PLAY: "A dog card", Step.DOG_HOUSE: "Then played a dog card"}
RESHUFFLE_WORDS = {Step.TURN: "Draw pile empty: reshuffle", Step.PEDIGREE: "Draw pile empty: reshuffle"}
STEPPED = {Step.DOG_HOUSE: "drawn", Step.PEDIGREE: "count", Step.FLIP: "flipped"}
