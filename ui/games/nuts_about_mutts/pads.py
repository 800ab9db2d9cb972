"""The Nuts about Mutts action pad: what the table is waiting for, as big buttons. One tap records the
common case (a dog card played); a wild asks only what the rules need next (a player, then the colour
to follow); a claim asks who claimed and, for a Run, which card. Every recording goes through
controller.perform, so a refusal is explained by the game screen and changes nothing.

The pad is a declared table. STEPS says what each step shows: its heading, the buttons that leave it,
and its rows of parts; NEEDS says which steps a wild card or a claim goes through, in order, before it
is recorded; WHEN says which parts show only at times (Pass after a claim, the reshuffle when the draw
pile is empty). What the rules allow (who may claim, a Run's numbers, whom a wild may name, how far a
count may go) is the summary's. The parts are made the first time a step shows them and kept: a move
changes their words, and a new step puts the same widgets in other places.

Each step fits beside the table on the 7" panel with the message bar showing: at most a heading, one
primary row and one or two rows of 9 mm targets."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import Enum
from functools import partial
from typing import Any, Callable, Sequence, cast

from kivy.metrics import dp
from kivy.properties import ObjectProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.label import Label
from kivy.uix.widget import Widget

from companion.actions import Action
from companion.games.nuts_about_mutts.state import CARD_NAMES, DOG, WILDS, ActionType
from companion.games.nuts_about_mutts.summary import MuttsSummary, Pending
from companion.words import counted
from ui import theme
from ui.controller import GameController
from ui.games.nuts_about_mutts.widgets import Hint, colour_look
from ui.widgets.choice import Choice
from ui.widgets.keyboard import TextField
from ui.widgets.seat import SeatBadge
from ui.widgets.sizes import sizes
from ui.widgets.stepper import Stepper
from ui.widgets.text import line_height, lines_needed

GAP = dp(4)


class Answer(Choice):
    """A choice that stands for a value (a seat, a colour, a number), named in the pad's `buttons` by
    its `key`."""

    key = StringProperty("")
    value = ObjectProperty(None, allownone=True)


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

# How tall a row is: a 9 mm row, a 12 mm one for the expected tap, a line of words read from the seats,
# or as tall as the grid of choices in it.
ROW, PRIMARY, LINE, FIT = "row", "primary", "line", "fit"


@dataclass(frozen=True)
class Row:
    parts: tuple[str, ...]
    height: str = ROW
    widths: tuple[tuple[str, float], ...] = ()   # parts given more of the row than the others
    when: str | None = None                      # shown only while this WHEN holds


@dataclass(frozen=True)
class Layout:
    title: Callable[[ActionPad], str] | None
    seat: Callable[[ActionPad], int | None] = lambda pad: None   # whose shape leads the heading
    leave: tuple[str, ...] = ()                                  # buttons in the heading's row
    rows: tuple[Row, ...] = ()
    hint: bool = False                                           # the last move (or the buttons' use) under it


def _whose(pad: ActionPad) -> int | None:
    return pad.seat


def _claimer(pad: ActionPad) -> int | None:
    return pad.draft.claimer


def _pedigree_title(pad: ActionPad) -> str:
    pending = pad.summary["pending"]
    return f"Pedigree: {(pending and pending.get('breed')) or 'the breed'}"


def _bone_title(pad: ActionPad) -> str:
    if pad.draft.several:
        return "Tap all with no bone:"
    pending = pad.summary["pending"]
    bones = pending.get("bones", 0) if pending else 0
    return f"{counted(bones, 'bone')} for {pad.summary['players']}: who got none?"


WILD_ROW = ("wilds",)
STEPS: dict[Step, Layout] = {
    Step.TURN: Layout(lambda pad: f"{pad.name(pad.seat)}'s turn", _whose, ("pass",), (
        Row(("dog", "details", "drew", "drew_played", "reshuffle"), PRIMARY, (("dog", 1.6),)),
        Row((*WILD_ROW, "name_top", "match", "run"), widths=(("name_top", 2),))), hint=True),
    Step.FIRST_CARD: Layout(lambda pad: f"{pad.name(pad.seat)} starts the home pile", _whose, (), (
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


def _advanced_claims(pad: ActionPad) -> bool:
    return pad.summary["advanced"] and not pad.summary["top_card_unknown"]


# Parts (and rows) shown only at times; the others show whenever their step does.
WHEN: dict[str, Callable[[ActionPad], bool]] = {
    "pass": lambda pad: bool(pad.summary["to_act"].get("may_pass")),
    # A draw reshuffles by itself, so this is a reminder for the real cards, not a gate.
    "reshuffle": lambda pad: pad.summary["reshuffle_needed"] and (pad.step is not Step.DOG_HOUSE or pad.draft.drawn == 0),
    # Claims are checked against the top card, so the family says what it is first.
    "name_top": lambda pad: pad.summary["advanced"] and pad.summary["top_card_unknown"],
    "match": _advanced_claims,
    "run": _advanced_claims,
    "ran_out": lambda pad: (pad.draft.drawn == pad.summary["choices"]["pile_runs_out_at"]
                            and not WHEN["reshuffle"](pad)),
    "bone_race": lambda pad: pad.controller.race_runner is not None and not pad.draft.several,
    "record_losers": lambda pad: pad.draft.several,
    "several": lambda pad: not pad.draft.several,
    "one": lambda pad: pad.draft.several,
    "claim_race": lambda pad: pad.controller.race_runner is not None,
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



class ActionPad(BoxLayout):
    """`buttons` are the keyed buttons of the step on screen ("dog", "flea", "seat:2", "number:9"...);
    `title` is its heading's words."""

    controller: GameController
    summary: MuttsSummary
    draft: Draft

    def __init__(self, controller: GameController, **kwargs: Any) -> None:
        super().__init__(orientation="vertical", spacing=GAP, **kwargs)
        self.controller = controller
        self.summary = cast(MuttsSummary, controller.session.summary())
        self.draft = Draft()
        self.seen = len(controller.session.actions)
        self.button_help: str | None = None
        self.buttons: dict[str, Widget] = {}
        self._parts: dict[str, list[Widget]] = {}
        self._rows: list[BoxLayout] = []
        self._seat_choices: list[Answer] = []
        self._number_choices: list[Answer] = []
        # The heading: whose step it is (their shape and the words) and the buttons that leave it.
        self.heading = BoxLayout(size_hint_y=None, spacing=GAP)
        self.heading_badge = SeatBadge(bold=True)
        self.hint = Hint()
        self.spacer = Widget()   # the step sits at the top of the pad (the hint, where there is one, fills the rest)
        # Words wrap, and headings grow, to the pad's width.
        self.fbind("width", lambda *_: self.show())

    @property
    def title(self) -> Label:
        return cast(Label, self.heading_badge.label)

    @property
    def stepper(self) -> Stepper:
        return cast(Stepper, self._part("stepper")[0])

    @property
    def breed_input(self) -> TextField:
        return cast(TextField, self._part("breed")[0])

    # ----- what the pad shows --------------------------------------------------------------------
    @property
    def seat(self) -> int | None:
        return self.summary["to_act"]["seat"]

    @property
    def step(self) -> Step:
        """The blank the open entry needs next, else the step the table waits for."""
        draft = self.draft
        if draft.claim is not None or draft.claimer is not None:
            if draft.claim is None:
                return Step.CLAIM_WHAT
            return next((step for step in NEEDS[draft.claim] if not TOLD[step](draft)), Step.CLAIMER)
        if draft.card is not None:
            return next((step for step in NEEDS[draft.card] if not TOLD[step](draft)), Step.COLOUR)
        if draft.details:
            return Step.NAME_TOP if draft.naming else Step.DETAILS
        if draft.then_play:
            return Step.THEN_PLAY
        return self.waiting

    @property
    def waiting(self) -> Step:
        """The step the table waits for, with nothing tapped yet."""
        return MAIN.get(self.summary["to_act"]["kind"], Step.NOTHING)

    @property
    def mid_entry(self) -> bool:
        """Something is half-told: the pad is not on the step the table waits for."""
        return self.step is not self.waiting

    def name(self, seat: int | None) -> str:
        return self.controller.players[seat].name if seat is not None else ""

    def refresh(self, summary: MuttsSummary) -> None:
        moves = len(self.controller.session.actions)
        if moves != self.seen:
            # Something was recorded or undone: whatever was half-chosen no longer applies.
            self.seen, self.draft = moves, Draft()
        self.summary = summary
        self.show()

    def show(self) -> None:
        """The step as it stands: the same widgets, moved only where the step's parts differ."""
        step = self.step
        layout = STEPS[step]
        wanted: list[Widget] = []
        buttons: dict[str, Widget] = {}
        if layout.title is not None:
            self._show_heading(layout, buttons)
            wanted.append(self.heading)
        placed: list[tuple[Widget, list[Widget]]] = []
        heights: list[tuple[BoxLayout, Row, list[str]]] = []
        rows = [row for row in layout.rows if row.when is None or WHEN[row.when](self)]
        for index, row in enumerate(rows):
            box = self._row(index)
            parts = [part for part in row.parts if part not in WHEN or WHEN[part](self)]
            widths = dict(row.widths)
            widgets: list[Widget] = []
            for part in parts:
                for widget in self._shown(part, step, buttons):
                    widget.size_hint_x = None if part in FIXED or part == "stepper" else widths.get(part, 1)
                    widgets.append(widget)
            placed.append((box, widgets))
            heights.append((box, row, parts))
            wanted.append(box)
        wanted.append(self.hint if layout.hint else self.spacer)
        self.buttons = buttons
        self._say(step)
        for box, row, parts in heights:
            box.height = self._row_height(row.height, parts)
        _arrange([*placed, (self, wanted)])
        self._fit_heading()

    def _shown(self, part: str, step: Step, buttons: dict[str, Widget]) -> list[Widget]:
        """The widgets of `part` for this step, made the first time; their keyed buttons into `buttons`."""
        widgets = self._part(part)
        if part == "seats":
            self._show_seats(step, buttons)
        elif part == "numbers":
            buttons.update((answer.key, answer) for answer in self._number_choices)
        elif part == "run_numbers":
            numbers = self._run_numbers()
            widgets = widgets[:len(numbers)]
            for answer, number in zip(cast(list[Answer], widgets), numbers):
                answer.value, answer.key = number, f"number:{number}"
                buttons[answer.key] = answer
        elif part in ("colours", "colour_choices", "wilds"):
            buttons.update((answer.key, answer) for answer in cast(list[Answer], widgets))
        elif isinstance(widgets[0], Choice):
            buttons[KEYS.get(part, part)] = widgets[0]
        return widgets

    def _row(self, index: int) -> BoxLayout:
        while len(self._rows) <= index:
            self._rows.append(BoxLayout(size_hint_y=None, spacing=GAP))
        return self._rows[index]

    def _row_height(self, kind: str, parts: Sequence[str]) -> float:
        if kind == PRIMARY:
            return float(sizes.primary)
        if kind == LINE:
            return float(self._pedigree_line().height)
        if kind == FIT:
            # As tall as its grid, and a 12 mm target beside it (a race, Record) at least that.
            grids = [widget.height for part in parts for widget in self._parts[part] if isinstance(widget, GridLayout)]
            return float(max([*grids, sizes.primary if len(parts) > 1 else 0]))
        return float(sizes.row)

    def _show_heading(self, layout: Layout, buttons: dict[str, Widget]) -> None:
        assert layout.title is not None
        seat = layout.seat(self)
        badge = self.heading_badge
        badge.player = self.controller.players[seat] if seat is not None else None
        # Set after the player, whose name the badge would show otherwise.
        badge.name = layout.title(self)
        badge.symbol_size = sizes.wide(dp(26)) if seat is not None else 0
        badge.spacing = dp(6) if seat is not None else 0
        badge.font_size = sizes.font_table
        wanted: list[Widget] = [badge]
        for part in layout.leave:
            if part in WHEN and not WHEN[part](self):
                continue
            widget = self._part(part)[0]
            widget.size_hint_x, widget.width = None, sizes.wide(dp(HEADING_FIXED[part]))
            wanted.append(widget)
            buttons[part] = widget
        _arrange([(self.heading, wanted)])

    def _fit_heading(self, *_: Any) -> None:
        """As tall as a row with buttons in it, else a line; a long name takes a second line and the
        heading grows rather than cut it."""
        heading, badge = self.heading, self.heading_badge
        font = sizes.font_table
        buttons = [child for child in heading.children if child is not badge]
        heading.height = sizes.row if buttons else line_height(font)
        if self.width > 100:
            room = (self.width - sum(child.width + GAP for child in buttons) - badge.symbol_size - badge.spacing)
            heading.height = max(heading.height, lines_needed(badge.name, font, room, True) * line_height(font))

    # ----- the words, marks and bounds of the parts on screen ---------------------------------------
    def _say(self, step: Step) -> None:
        summary, draft = self.summary, self.draft
        parts = self._parts
        if "dog" in parts:
            cast(Choice, parts["dog"][0]).text = DOG_WORDS.get(step, "Played a dog card")
        if "reshuffle" in parts:
            cast(Choice, parts["reshuffle"][0]).text = RESHUFFLE_WORDS.get(step, "Reshuffle")
        claims = summary["claims"]
        for part, refused in (("match", claims["match_refused"]), ("run", claims["run_refused"]),
                              ("match_won", claims["match_refused"]), ("run_won", claims["run_refused"])):
            if part in parts:
                cast(Choice, parts[part][0]).disabled_reason = refused or ""
        for answer in cast(list[Answer], parts.get("colours", [])):
            answer.selected = draft.colour == answer.value
        for answer in self._number_choices:
            answer.selected = draft.number == answer.value
        if "same_breed" in parts:
            cast(Choice, parts["same_breed"][0]).selected = draft.same_breed
        if "record" in parts:
            told = " ".join(str(value) for value in (draft.colour, draft.number) if value is not None)
            cast(Choice, parts["record"][0]).text = (f"Top card: {told or '?'}" if draft.naming
                                                     else f"Record: {told or 'a dog'}")
        if "record_losers" in parts:
            cast(Choice, parts["record_losers"][0]).text = f"Record {len(draft.losers)} lost"
        if step in STEPPED:
            self._show_stepper(step)
        if step is Step.PEDIGREE:
            cast(Choice, parts["played_n"][0]).text = f"Put down {draft.count} of the breed"
            self._say_pedigree_step()
        if step is Step.COLOUR and draft.card == "pedigree":
            self.breed_input.text = draft.breed or ""
        if step is Step.CLAIM_NUMBER:
            top = summary["top_card"] or {"card": DOG}
            rgb, shape = colour_look(top.get("colour"), summary["colours"])
            for answer in cast(list[Answer], parts["run_numbers"]):
                answer.text = f"{top.get('colour')} {answer.value}"
                answer.shape, answer.shape_rgba = shape, theme.with_alpha(rgb)
        if STEPS[step].hint:
            self.hint.text = self._last_words() or ""

    def _show_stepper(self, step: Step) -> None:
        stepper = self.stepper
        choices = self.summary["choices"]
        draft = self.draft
        if step is Step.DOG_HOUSE:
            low, high = 0, choices["most_drawn"]
        elif step is Step.PEDIGREE:
            low, high = 1, max(1, choices["most_put_down"])
            draft.count = min(draft.count, high)
        else:
            low, high = 0, choices["most_flipped_past"]
        stepper.low, stepper.high = low, high
        stepper.value = getattr(draft, STEPPED[step])

    def _say_pedigree_step(self) -> None:
        pending: Pending = self.summary["pending"] or {"event": "pedigree"}
        order, at, seat = pending.get("order", []), pending.get("step", 0), pending.get("seat")
        after = f", then {self.name(order[at + 1])}" if at + 1 < len(order) else ", the last"
        line = self._pedigree_line()
        line.player = self.controller.players[seat] if seat is not None else None
        line.name = f"{self.name(seat)}: {at + 1} of {len(order)}{after}"
        font = sizes.font_table
        room = self.width - line.symbol_size - line.spacing
        lines = lines_needed(line.name, font, room, True) if self.width > 100 else 1
        line.height = lines * line_height(font)

    def _last_words(self) -> str | None:
        if self.button_help and self._buttons_work_now():
            # With big buttons in use the mapping matters more than the last move (History has that).
            return self.button_help
        line = self.controller.session.last_line
        return f"Last: {line}" if line else None

    def _buttons_work_now(self) -> bool:
        """Whether a big-button press records anything at this moment, so the mapping is shown only
        then: a normal turn with nothing half-entered (basic game), or an open claim (advanced).
        Pedigree steps, the first card and races are tapped on the screen."""
        if self.summary["advanced"]:
            return bool(self.claims_open())
        return self.step is Step.TURN

    def show_hint(self) -> None:
        """The last line again (the big buttons' use was just given)."""
        if STEPS[self.step].hint:
            self.hint.text = self._last_words() or ""

    # ----- taps ------------------------------------------------------------------------------------
    def perform(self, action: Action) -> bool:
        return self.controller.perform(action)

    def _tapped(self, button: Choice, act: Callable[[], object]) -> None:
        # A greyed choice explains itself and changes nothing, so it is never a dead tap.
        if button.disabled_reason:
            self.controller.explain(button.disabled_reason)
        else:
            act()

    def go(self, **told: Any) -> None:
        """Tell part of the entry (nothing recorded): the pad moves on to what it needs next."""
        self.draft = replace(self.draft, **told)
        self.show()

    def back(self) -> None:
        """Leave the entry half-told: what the step itself counts (cards drawn in the dog house) stays."""
        self.draft = Draft(drawn=self.draft.drawn, count=self.draft.count, flipped=self.draft.flipped)
        self.show()

    def drew(self) -> bool:
        return self.perform(Action(ActionType.DRAW, self.seat))

    def choose_card(self, kind: str) -> bool | None:
        """A card played: a dog is recorded at once (with any colour and number told); a wild asks what
        it needs first."""
        if kind == DOG:
            return self._record_card(DOG, self.draft)
        self.go(card=kind)
        return None

    def choose(self, value: Any) -> bool | None:
        """One tap filling the blank of the step on screen; the entry is recorded once it is whole. A
        refused entry stays as it was before the tap, so another answer can be tapped."""
        told: dict[Step, dict[str, Any]] = {
            Step.TARGET: {"target": value}, Step.SWAP: {"swap_with": value, "swap_told": True},
            Step.COLOUR: {"colour": value}, Step.CLAIMER: {"claimer": value}, Step.CLAIM_WHAT: {"claim": value},
            Step.CLAIM_NUMBER: {"number": value}}
        attempt = replace(self.draft, **told[self.step])
        if attempt.claim == ActionType.RUN and attempt.claimer is not None and attempt.number is None:
            numbers = self._run_numbers()
            if len(numbers) != 2:
                # A Run on a 1 or on the top number can be one card only: nothing to ask.
                return self._record_claim(replace(attempt, number=numbers[0] if numbers else None))
        needs = NEEDS.get(attempt.claim or attempt.card or "", ())
        if needs and all(TOLD[need](attempt) for need in needs):
            if attempt.claim is not None:
                return self._record_claim(attempt)
            return self._record_card(attempt.card or DOG, attempt)
        self.draft = attempt
        self.show()
        return None

    def _run_numbers(self) -> list[int]:
        return list(self.summary["claims"]["run_numbers"])

    def _record_card(self, kind: str, draft: Draft) -> bool:
        """The play, the draw then play or the dog-house turn the draft describes."""
        args: dict[str, Any] = {}
        if draft.then_play:
            action_type = ActionType.DRAW
            args["then_play"] = kind
        elif self.summary["to_act"]["kind"] == "dog_house_turn":
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
        return self.perform(Action(action_type, self.seat, args))

    def _record_claim(self, draft: Draft) -> bool:
        args: dict[str, Any] = {} if draft.race is None else {"race": draft.race}
        if draft.claim == ActionType.RUN:
            args["number"] = draft.number
        return self.perform(Action(draft.claim or ActionType.MATCH, draft.claimer, args))

    def record_details(self) -> bool:
        draft = self.draft
        if draft.naming:
            told = {key: value for key, value in (("colour", draft.colour), ("number", draft.number))
                    if value is not None}
            return self.perform(Action(ActionType.NAME_TOP_CARD, self.seat, told))
        return self._record_card(DOG, draft)

    def toggle(self, **told: Any) -> None:
        """A detail tapped on, or off again when it was the one chosen."""
        self.go(**{key: None if getattr(self.draft, key) == value else value for key, value in told.items()})

    def stepped(self, value: int) -> None:
        self.go(**{STEPPED[self.step]: value})

    def _seat_tapped(self, seat: int) -> None:
        if self.step is Step.BONE_RACE:
            self.lost(seat)
        else:
            self.choose(seat)

    # ----- the bone race -----------------------------------------------------------------------------
    def lost(self, seat: int) -> None:
        if not self.draft.several:
            self.losers([seat])
            return
        losers = [loser for loser in self.draft.losers if loser != seat]
        self.go(losers=losers if seat in self.draft.losers else [*losers, seat])

    def losers(self, seats: list[int], race: dict[str, Any] | None = None) -> bool:
        args: dict[str, Any] = {"losers": seats}
        if race is not None:
            args["race"] = race
        return self.perform(Action(ActionType.BONE_RACE, None, args))

    def race_bones(self) -> None:
        seats = list(range(self.summary["players"]))
        self.controller.race_runner.run("bones", seats, lambda decision: self.losers(list(decision["losers"]),
                                                                                     race=decision))

    # ----- the advanced game's claims -------------------------------------------------------------
    def claim_seats(self) -> list[int]:
        """Who may claim the card in play, as the rules say."""
        return list(self.summary["claims"]["seats"])

    def claims_open(self) -> list[int]:
        """Seats that may claim right now by slamming their button: those the rules allow a claim, while
        the pad shows a normal turn with nothing half-entered (never mid-entry, in a pedigree round or
        a race)."""
        return self.claim_seats() if self.step is Step.TURN else []

    def race_claim(self) -> None:
        def decided(decision: dict[str, Any]) -> None:
            winners = decision.get("winners") or []
            if winners:
                self.draft = replace(self.draft, race=decision)
                self.choose(winners[0])

        self.controller.race_runner.run("claim", self.claim_seats(), decided)

    def won_claim(self, decision: dict[str, Any]) -> None:
        """A claim race started by a button has a winner: they say whether it was a Match or a Run."""
        winners = decision.get("winners") or []
        if winners:
            self.draft = Draft(claimer=winners[0], race=decision)
            self.show()

    # ----- the parts, made the first time a step shows them ------------------------------------------
    def _part(self, part: str) -> list[Widget]:
        widgets = self._parts.get(part)
        if widgets is None:
            widgets = self._parts[part] = PARTS[part](self)
        return widgets

    def choice(self, text: str, act: Callable[[], object], kind: str = "normal", font: float | None = None,
               fixed: str | None = None, **kwargs: Any) -> Answer:
        """A button of the pad: greyed ones say why when tapped. `fixed` names a width in FIXED."""
        answer = Answer(text=text, kind=kind, font_size=font or sizes.font_body, size_hint_y=1, **kwargs)
        if fixed is not None:
            answer.size_hint_x, answer.width = None, sizes.wide(dp(FIXED[fixed]))
        answer.bind(on_release=lambda button: self._tapped(button, act))
        return answer

    def small(self, text: str, act: Callable[[], object], kind: str = "normal", **kwargs: Any) -> Answer:
        return self.choice(text, act, kind, sizes.font_small, **kwargs)

    def _show_seats(self, step: Step, buttons: dict[str, Widget]) -> None:
        grid = cast(GridLayout, self._part("seats")[0])
        choices = self.summary["choices"]
        seats = {Step.TARGET: choices["dog_house_targets"], Step.SWAP: choices["swap_targets"],
                 Step.CLAIMER: self.claim_seats()}.get(step, list(range(self.summary["players"])))
        wanted: list[Widget] = [self._seat_choices[seat] for seat in seats]
        if step is Step.SWAP:
            wanted.append(self._part("no_swap")[0])
            buttons["no_swap"] = wanted[-1]
        cols = 3 if len(wanted) > 4 else 2
        rows = max(1, -(-len(wanted) // cols))
        # Beside a race or a Record button the grid is as tall as that 12 mm target at least.
        tall = sizes.primary if step in (Step.BONE_RACE, Step.CLAIMER) else sizes.row
        height = max(sizes.row, (tall - (rows - 1) * GAP) / rows)
        grid.cols, grid.row_default_height = cols, height
        grid.height = rows * height + (rows - 1) * GAP
        _arrange([(grid, wanted)])
        prefix = SEAT_KEYS.get(step, "seat")
        several = self.draft.several and step is Step.BONE_RACE
        for seat in seats:
            answer = self._seat_choices[seat]
            answer.selected = several and seat in self.draft.losers
            buttons[f"{prefix}:{seat}"] = answer

    def make_seats(self) -> list[Widget]:
        for seat, player in enumerate(self.controller.players):
            identity = player.identity
            # Narrow padding: a long name needs the width (it wraps at spaces, never inside a word).
            answer = self.small(player.name, partial(self._seat_tapped, seat), shape=identity.symbol,
                                shape_rgba=theme.with_alpha(identity.rgb), padding=[dp(4), dp(2)])
            answer.value = seat
            self._seat_choices.append(answer)
        return [GridLayout(spacing=GAP, row_force_default=True, size_hint_y=None)]

    def make_numbers(self) -> list[Widget]:
        numbers = self.summary["numbers"]
        cols = 7
        rows = -(-numbers // cols)
        grid = GridLayout(cols=cols, spacing=GAP, row_force_default=True, row_default_height=sizes.row,
                          size_hint_y=None, height=rows * sizes.row + (rows - 1) * GAP)
        for number in range(1, numbers + 1):
            answer = self.choice(str(number), partial(self.toggle, number=number))
            answer.key, answer.value = f"number:{number}", number
            self._number_choices.append(answer)
            grid.add_widget(answer)
        return [grid]

    def make_colours(self, recorded: bool) -> list[Widget]:
        """The deck's colours, each a word and a shape: toggles for a dog's details, or (`recorded`) the
        colour a wild names, which completes it."""
        colours = self.summary["colours"]
        made: list[Widget] = []
        for colour in colours:
            rgb, shape = colour_look(colour, colours)
            if recorded:
                answer = self.choice(colour.upper(), partial(self.choose, colour), shape=shape,
                                     shape_rgba=theme.with_alpha(rgb))
            else:
                answer = self.small(colour, partial(self.toggle, colour=colour), shape=shape,
                                    shape_rgba=theme.with_alpha(rgb))
            answer.key, answer.value = f"colour:{colour}", colour
            made.append(answer)
        return made

    def make_wilds(self) -> list[Widget]:
        made: list[Widget] = []
        for kind in WILDS:
            answer = self.small(CARD_NAMES[kind], partial(self.choose_card, kind), padding=[dp(3), dp(2)])
            answer.key = kind
            made.append(answer)
        return made

    def make_run_numbers(self) -> list[Widget]:
        """The two cards a Run may be, each named when shown (the colour in play and its number)."""
        made: list[Widget] = []
        for _ in range(2):
            answer = Answer(kind="ok", font_size=sizes.font_title, size_hint_y=1)
            answer.bind(on_release=lambda button: self._tapped(button, lambda: self.choose(button.value)))
            made.append(answer)
        return made

    def caption(self, text: str, **kwargs: Any) -> list[Widget]:
        """A prompt for the player filling in the step (fine print, read up close), beside what it asks."""
        caption = Label(text=text, font_size=sizes.font_small, color=theme.palette.text_dim, halign="left",
                        valign="middle", **kwargs)
        caption.fine_print = True
        caption.fbind("size", lambda label, size: setattr(label, "text_size", (size[0], None)))
        return [caption]

    def make_breed(self) -> list[Widget]:
        breed = TextField(text="", hint_text="e.g. Beagle", prompt="The breed announced", size_hint_y=1)
        breed.fbind("text", lambda _, text: setattr(self.draft, "breed", text.strip() or None))
        return [breed]

    def make_stepper(self) -> list[Widget]:
        stepper = Stepper(size_hint=(None, 1), width=sizes.row * 2 + sizes.wide(dp(70)))
        stepper.bind(on_step=lambda _, value: self.stepped(value))
        return [stepper]

    def _pedigree_line(self) -> SeatBadge:
        return cast(SeatBadge, self._part("pedigree_step")[0])


def _arrange(containers: Sequence[tuple[Widget, Sequence[Widget]]]) -> None:
    """Give each container exactly these children in this order, moving the same widgets (never new
    ones) and touching only the containers whose children change."""
    changing = [(box, list(wanted)) for box, wanted in containers if list(reversed(box.children)) != list(wanted)]
    for box, _ in changing:
        box.clear_widgets()
    for box, wanted in changing:
        for widget in wanted:
            if widget.parent is not None:
                widget.parent.remove_widget(widget)
            box.add_widget(widget)


def _perform(pad: ActionPad, action_type: str, seat: bool = True, **args: Any) -> Callable[[], bool]:
    """A tap that records `action_type` at once, for the player to act (`seat`) or the table."""
    return lambda: pad.perform(Action(action_type, pad.seat if seat else None, args))


# Each part of the pad as it is made, the first time a step shows it.
PARTS: dict[str, Callable[[ActionPad], list[Widget]]] = {
    "dog": lambda pad: [pad.choice("Played a dog card", lambda: pad.choose_card(DOG), "primary")],
    "details": lambda pad: [pad.small("Colour / number", lambda: pad.go(details=True))],
    "drew": lambda pad: [pad.small("Drew", pad.drew)],
    "drew_played": lambda pad: [pad.small("Drew and played", lambda: pad.go(then_play=True))],
    "reshuffle": lambda pad: [pad.small("Reshuffle", _perform(pad, ActionType.RESHUFFLE, seat=False), "danger")],
    "pass": lambda pad: [pad.small("Pass", _perform(pad, ActionType.PASS), fixed="pass")],
    "wilds": lambda pad: pad.make_wilds(),
    "name_top": lambda pad: [pad.small("Name the top card", lambda: pad.go(details=True, naming=True))],
    "match": lambda pad: [pad.small("Match!", lambda: pad.go(claim=ActionType.MATCH), "ok")],
    "run": lambda pad: [pad.small("Run!", lambda: pad.go(claim=ActionType.RUN), "ok")],
    "match_won": lambda pad: [pad.choice("Match!", lambda: pad.choose(ActionType.MATCH), "ok", sizes.font_title)],
    "run_won": lambda pad: [pad.choice("Run!", lambda: pad.choose(ActionType.RUN), "ok", sizes.font_title)],
    "back": lambda pad: [pad.small("Back", pad.back, "quiet", fixed="back")],
    "no_swap": lambda pad: [pad.small("No swap", lambda: pad.choose(None))],
    "colours": lambda pad: pad.make_colours(recorded=False),
    "colour_choices": lambda pad: pad.make_colours(recorded=True),
    "same_breed": lambda pad: [pad.small("Same breed", lambda: pad.toggle(same_breed=True))],
    "numbers": lambda pad: pad.make_numbers(),
    "record": lambda pad: [pad.choice("Record: a dog", pad.record_details, "primary", fixed="record")],
    "seats": lambda pad: pad.make_seats(),
    "bone_race": lambda pad: [pad.choice("Race for the bones!", pad.race_bones, "primary", fixed="bone_race")],
    "claim_race": lambda pad: [pad.choice("Claim race on the buttons", pad.race_claim, "primary",
                                          fixed="claim_race")],
    "record_losers": lambda pad: [pad.choice("Record 0 lost", lambda: pad.losers(list(pad.draft.losers)),
                                             "primary", fixed="record_losers")],
    "several": lambda pad: [pad.small("Several lost", lambda: pad.go(several=True, losers=[]), fixed="several")],
    "one": lambda pad: [pad.small("Just one lost", lambda: pad.go(several=False, losers=[]), fixed="one")],
    "stepper": lambda pad: pad.make_stepper(),
    "drawn_caption": lambda pad: pad.caption("Drawn and kept before the card played:",
                                             width=sizes.wide(dp(FIXED["drawn_caption"]))),
    "flipped_caption": lambda pad: pad.caption("Action cards flipped past before a dog showed:",
                                               width=sizes.wide(dp(FIXED["flipped_caption"]))),
    "ran_out": lambda pad: [pad.small("Pile ran out", lambda: pad.perform(Action(
        ActionType.DOG_HOUSE_TURN, pad.seat, {"drawn": pad.draft.drawn, "played": False})), "danger")],
    "pedigree_step": lambda pad: [SeatBadge(bold=True, font_size=sizes.font_table, size_hint_y=None,
                                            symbol_size=sizes.wide(dp(26)))],
    "played_n": lambda pad: [pad.choice("Put down 1 of the breed", lambda: pad.perform(Action(
        ActionType.PEDIGREE_PLAY, pad.seat, {"count": pad.draft.count})), "primary")],
    "drew_one": lambda pad: [pad.small("None: drew one", _perform(pad, ActionType.PEDIGREE_DRAW, played=False))],
    "drew_put_down": lambda pad: [pad.small("Drew one, put it down",
                                            _perform(pad, ActionType.PEDIGREE_DRAW, played=True))],
    "flip": lambda pad: [pad.choice("Flipped a dog", lambda: pad.perform(Action(ActionType.FLIP, None, {
        "wilds_flipped": pad.draft.flipped, **({"colour": pad.draft.colour} if pad.draft.colour else {})})),
        "primary")],
    "breed_caption": lambda pad: pad.caption("The breed announced (optional):"),
    "breed": lambda pad: pad.make_breed(),
    "run_numbers": lambda pad: pad.make_run_numbers(),
}
