"""The Nuts about Mutts action pad: what the table is waiting for, as big buttons. One tap records the
common case (a dog card played); a wild asks only what the rules need next (a player, then the colour
to follow); a claim asks who claimed and, for a Run, which card. Every recording goes through
controller.perform, so a refusal is explained by the game screen and changes nothing.

What each step shows and asks is the table in steps.py; this is the widget that shows it. The parts are
made the first time a step shows them and kept: a move changes their words, and a new step puts the
same widgets in other places (PARTS says how each is made)."""

from __future__ import annotations

from dataclasses import replace
from functools import partial
from typing import Any, Callable, Sequence, cast

from kivy.metrics import dp
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.label import Label
from kivy.uix.widget import Widget

from companion.actions import Action
from companion.games.nuts_about_mutts.state import DOG, ActionType
from companion.games.nuts_about_mutts.summary import MuttsSummary, Pending
from ui import theme
from ui.controller import GameController
from ui.games.nuts_about_mutts.parts import (
    Answer,
    Caption,
    answer,
    arrange,
    caption,
    colour_answers,
    number_answers,
    seat_answers,
    small,
    wild_answers,
)
from ui.games.nuts_about_mutts.steps import (
    DOG_WORDS,
    FILLS,
    FIT,
    FIXED,
    HEADING_FIXED,
    KEYS,
    LINE,
    MAIN,
    PRIMARY,
    RESHUFFLE_WORDS,
    SEAT_KEYS,
    STEPPED,
    STEPS,
    WHEN,
    Draft,
    Layout,
    Row,
    Step,
    card_action,
    claim_action,
    details_action,
    step_on_screen,
    whole,
)
from ui.games.nuts_about_mutts.widgets import Hint, colour_look
from ui.widgets.choice import Choice
from ui.widgets.keyboard import TextField
from ui.widgets.seat import SeatBadge
from ui.widgets.sizes import sizes
from ui.widgets.stepper import Stepper
from ui.widgets.text import line_height, lines_needed

GAP = dp(4)


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
        # Which hand this is, said after whose turn it is where the column beside the pad has no room
        # for it (six players on the 7" panel); empty where the column shows it.
        self.hand_aside = ""
        self.buttons: dict[str, Widget] = {}
        self._parts: dict[str, list[Widget]] = {}
        self._rows: list[BoxLayout] = []
        self._seat_answers: list[Answer] = []
        self._number_answers: list[Answer] = []
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
    def racing(self) -> bool:
        return self.controller.race_runner is not None

    @property
    def step(self) -> Step:
        return step_on_screen(self.draft, self.summary["to_act"]["kind"])

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
        rows: list[tuple[Row, list[tuple[str, Widget]]]] = []
        for row in layout.rows:
            if row.when is not None and not WHEN[row.when](self):
                continue
            widths = dict(row.widths)
            shown: list[tuple[str, Widget]] = []
            for part in [part for part in row.parts if part not in WHEN or WHEN[part](self)]:
                for widget in self._shown(part, step, buttons):
                    widget.size_hint_x = None if part in FIXED or part == "stepper" else widths.get(part, 1)
                    shown.append((part, widget))
            rows.append((row, shown))
        self.buttons = buttons
        self._say(step)
        index = 0
        for row, shown in rows:
            # Said first: a row's words decide whether it takes one line or two.
            for line in self._flow(shown, self._row(index)):
                box = self._row(index)
                index += 1
                placed.append((box, [widget for _, widget in line]))
                heights.append((box, row, [part for part, _ in line]))
                wanted.append(box)
        wanted.append(self.hint if layout.hint else self.spacer)
        arrange([*placed, (self, wanted)])
        for box, row, parts in heights:
            box.height = self._row_height(row.height, parts, box)
        self._fit_heading()

    def _shown(self, part: str, step: Step, buttons: dict[str, Widget]) -> list[Widget]:
        """The widgets of `part` for this step, made the first time; their keyed buttons into `buttons`."""
        widgets = self._part(part)
        if part == "seats":
            self._show_seats(step, buttons)
        elif part == "numbers":
            buttons.update((made.key, made) for made in self._number_answers)
        elif part == "run_numbers":
            numbers = self.summary["claims"]["run_numbers"]
            widgets = widgets[:len(numbers)]
            for made, number in zip(cast(list[Answer], widgets), numbers):
                made.value, made.key = number, f"number:{number}"
                buttons[made.key] = made
        elif part in ("colours", "colour_choices", "wilds"):
            buttons.update((made.key, made) for made in cast(list[Answer], widgets))
        elif isinstance(widgets[0], Choice):
            buttons[KEYS.get(part, part)] = widgets[0]
        return widgets

    def _flow(self, shown: list[tuple[str, Widget]], box: BoxLayout) -> list[list[tuple[str, Widget]]]:
        """A row's buttons on one line, or on two where a button's share of the line would not hold its
        longest word whole even in the smallest type (Larger text): tried in `box` at the pad's width."""
        if len(shown) < 2:
            return [shown]
        arrange([(box, [widget for _, widget in shown])])
        box.width = self.width
        box.do_layout()
        if all(widget.words_fit(widget.width) for _, widget in shown if isinstance(widget, Choice)):
            return [shown]
        half = -(-len(shown) // 2)
        return [shown[:half], shown[half:]]

    def _row(self, index: int) -> BoxLayout:
        while len(self._rows) <= index:
            self._rows.append(BoxLayout(size_hint_y=None, spacing=GAP))
        return self._rows[index]

    def _row_height(self, kind: str, parts: Sequence[str], box: BoxLayout) -> float:
        if kind == LINE:
            return float(self._pedigree_line().height)
        if kind == FIT:
            # As tall as its grid, and a 12 mm target beside it (a race, Record) at least that.
            grids = [widget.height for part in parts for widget in self._parts[part] if isinstance(widget, GridLayout)]
            return float(max([*grids, sizes.primary if len(parts) > 1 else 0]))
        # A row of buttons as tall as the longest words in it need at the width each is given, where
        # they take more lines than a row has room for (Larger text).
        box.do_layout()
        words = [child.height_for(child.width) for child in box.children if isinstance(child, Choice)]
        words += [lines_needed(child.text, child.font_size, child.width) * line_height(child.font_size)
                  for child in box.children if isinstance(child, Caption)]
        return float(max([sizes.primary if kind == PRIMARY else sizes.row, *words]))

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
        arrange([(self.heading, wanted)])

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
        for made in cast(list[Answer], parts.get("colours", [])):
            made.selected = draft.colour == made.value
        for made in self._number_answers:
            made.selected = draft.number == made.value
        if "same_breed" in parts:
            cast(Choice, parts["same_breed"][0]).selected = draft.same_breed
        if "record" in parts:
            told = " ".join(str(value) for value in (draft.colour, draft.number) if value is not None)
            cast(Choice, parts["record"][0]).text = (f"Top card: {told or '?'}" if draft.naming
                                                     else f"Record: {told or 'a dog'}")
        if "record_losers" in parts:
            record = cast(Choice, parts["record_losers"][0])
            record.text = f"Record {len(draft.losers)} lost"
            # Greyed until someone is tapped, and a tap says so, rather than a primary step that can only be refused.
            record.disabled_reason = "" if draft.losers else "Tap each player who got no bone first, then Record."
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
            for made in cast(list[Answer], parts["run_numbers"]):
                made.text = f"{top.get('colour')} {made.value}"
                made.shape, made.shape_rgba = shape, theme.with_alpha(rgb)
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
        line.name = f"{self.name(seat)} ({at + 1} of {len(order)}){after}"
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
        self._moved_on()

    def back(self) -> None:
        """Leave the entry half-told: what the step itself counts (cards drawn in the dog house) stays."""
        self.draft = Draft(drawn=self.draft.drawn, count=self.draft.count, flipped=self.draft.flipped)
        self._moved_on()

    def drew(self) -> bool:
        return self.perform(Action(ActionType.DRAW, self.seat))

    def choose_card(self, kind: str) -> bool | None:
        """A card played: a dog is recorded at once (with any colour and number told); a wild asks what
        it needs first, unless it is the player's last card (the hand ends with it: nothing to ask)."""
        waiting = self.summary["to_act"]["kind"]
        last = waiting == "turn" and not self.draft.then_play and self.summary["choices"]["last_card"]
        if kind == DOG or last:
            return self.perform(card_action(self.draft, kind, waiting, self.seat))
        self.go(card=kind)
        return None

    def choose(self, value: Any) -> bool | None:
        """One tap filling the blank of the step on screen; the entry is recorded once it is whole. A
        refused entry stays as it was before the tap, so another answer can be tapped."""
        attempt = replace(self.draft, **FILLS[self.step](value))
        if attempt.claim == ActionType.RUN and attempt.claimer is not None and attempt.number is None:
            numbers = self.summary["claims"]["run_numbers"]
            if len(numbers) != 2:
                # A Run on a 1 or on the top number can be one card only: nothing to ask.
                return self.perform(claim_action(replace(attempt, number=numbers[0] if numbers else None)))
        if whole(attempt):
            if attempt.claim is not None:
                return self.perform(claim_action(attempt))
            return self.perform(card_action(attempt, attempt.card or DOG, self.summary["to_act"]["kind"], self.seat))
        self.draft = attempt
        self._moved_on()
        return None

    def _moved_on(self) -> None:
        """A step of the entry taken, nothing recorded: a refusal still shown answered an earlier tap."""
        self.show()
        self.controller.taken()

    def record_details(self) -> bool:
        return self.perform(details_action(self.draft, self.summary["to_act"]["kind"], self.seat))

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

    def on_tap(self, made: Answer, act: Callable[[], object]) -> Answer:
        """`made` does `act` when tapped, or says why not where the rules would refuse it."""
        made.bind(on_release=lambda button: self._tapped(button, act))
        return made

    def _show_seats(self, step: Step, buttons: dict[str, Widget]) -> None:
        grid = cast(GridLayout, self._part("seats")[0])
        choices = self.summary["choices"]
        seats = {Step.TARGET: choices["dog_house_targets"], Step.SWAP: choices["swap_targets"],
                 Step.CLAIMER: self.claim_seats()}.get(step, list(range(self.summary["players"])))
        wanted: list[Widget] = [self._seat_answers[seat] for seat in seats]
        if step is Step.SWAP:
            wanted.append(self._part("no_swap")[0])
            buttons["no_swap"] = wanted[-1]
        # Three a row from five seats, fewer where a name would not fit its button whole (Larger text).
        beside = sizes.wide(dp(FIXED["bone_race"])) + GAP if step in (Step.BONE_RACE, Step.CLAIMER) else 0
        cols = 3 if len(wanted) > 4 else 2
        while cols > 1 and any(not made.words_fit((self.width - beside - (cols - 1) * GAP) / cols)
                               or made.height_for((self.width - beside - (cols - 1) * GAP) / cols) > sizes.row
                               for made in wanted if isinstance(made, Choice)):
            cols -= 1
        rows = max(1, -(-len(wanted) // cols))
        # Beside a race or a Record button the grid is as tall as that 12 mm target at least.
        tall = sizes.primary if step in (Step.BONE_RACE, Step.CLAIMER) else sizes.row
        height = max(sizes.row, (tall - (rows - 1) * GAP) / rows)
        grid.cols, grid.row_default_height = cols, height
        grid.height = rows * height + (rows - 1) * GAP
        arrange([(grid, wanted)])
        prefix = SEAT_KEYS.get(step, "seat")
        several = self.draft.several and step is Step.BONE_RACE
        for seat in seats:
            made = self._seat_answers[seat]
            made.selected = several and seat in self.draft.losers
            buttons[f"{prefix}:{seat}"] = made

    def make_seats(self) -> list[Widget]:
        self._seat_answers = [self.on_tap(made, partial(self._seat_tapped, made.value))
                              for made in seat_answers(self.controller.players)]
        return [GridLayout(spacing=GAP, row_force_default=True, size_hint_y=None)]

    def make_numbers(self) -> list[Widget]:
        numbers = self.summary["numbers"]
        cols = 7
        rows = -(-numbers // cols)
        grid = GridLayout(cols=cols, spacing=GAP, row_force_default=True, row_default_height=sizes.row,
                          size_hint_y=None, height=rows * sizes.row + (rows - 1) * GAP)
        self._number_answers = [self.on_tap(made, partial(self.toggle, number=made.value))
                                for made in number_answers(numbers)]
        for made in self._number_answers:
            grid.add_widget(made)
        return [grid]

    def make_breed(self) -> list[Widget]:
        breed = TextField(text="", hint_text="e.g. Beagle", prompt="The breed announced", size_hint_y=1)
        breed.fbind("text", lambda _, text: setattr(self.draft, "breed", text.strip() or None))
        return [breed]

    def make_stepper(self) -> list[Widget]:
        stepper = Stepper(size_hint=(None, 1), width=Stepper.width_for(sizes.wide(dp(70))))
        stepper.bind(on_step=lambda _, value: self.stepped(value))
        return [stepper]

    def _pedigree_line(self) -> SeatBadge:
        return cast(SeatBadge, self._part("pedigree_step")[0])


def _perform(pad: ActionPad, action_type: str, seat: bool = True, **args: Any) -> Callable[[], bool]:
    """A tap that records `action_type` at once, for the player to act (`seat`) or the table."""
    return lambda: pad.perform(Action(action_type, pad.seat if seat else None, args))


def _run_number(pad: ActionPad) -> Answer:
    made = answer(kind="ok", font=sizes.font_title)
    return pad.on_tap(made, lambda: pad.choose(made.value))


# Each part of the pad as it is made (and what a tap on it does), the first time a step shows it.
PARTS: dict[str, Callable[[ActionPad], list[Widget]]] = {
    "dog": lambda pad: [pad.on_tap(answer("Played a dog card", "primary"), lambda: pad.choose_card(DOG))],
    "details": lambda pad: [pad.on_tap(small("Colour / number"), lambda: pad.go(details=True))],
    "drew": lambda pad: [pad.on_tap(small("Drew"), pad.drew)],
    "drew_played": lambda pad: [pad.on_tap(small("Drew and played"), lambda: pad.go(then_play=True))],
    "reshuffle": lambda pad: [pad.on_tap(small("Reshuffle", "danger"),
                                         _perform(pad, ActionType.RESHUFFLE, seat=False))],
    "pass": lambda pad: [pad.on_tap(small("Pass", width=FIXED["pass"]), _perform(pad, ActionType.PASS))],
    "wilds": lambda pad: [pad.on_tap(made, partial(pad.choose_card, made.value)) for made in wild_answers()],
    "name_top": lambda pad: [pad.on_tap(small("Name the top card"), lambda: pad.go(details=True, naming=True))],
    "match": lambda pad: [pad.on_tap(small("Match!", "ok"), lambda: pad.go(claim=ActionType.MATCH))],
    "run": lambda pad: [pad.on_tap(small("Run!", "ok"), lambda: pad.go(claim=ActionType.RUN))],
    "match_won": lambda pad: [pad.on_tap(answer("Match!", "ok", sizes.font_title),
                                         lambda: pad.choose(ActionType.MATCH))],
    "run_won": lambda pad: [pad.on_tap(answer("Run!", "ok", sizes.font_title), lambda: pad.choose(ActionType.RUN))],
    "back": lambda pad: [pad.on_tap(small("Back", "quiet", width=FIXED["back"]), pad.back)],
    "no_swap": lambda pad: [pad.on_tap(small("No swap"), lambda: pad.choose(None))],
    "colours": lambda pad: [pad.on_tap(made, partial(pad.toggle, colour=made.value))
                            for made in colour_answers(pad.summary["colours"], recorded=False)],
    "colour_choices": lambda pad: [pad.on_tap(made, partial(pad.choose, made.value))
                                   for made in colour_answers(pad.summary["colours"], recorded=True)],
    "same_breed": lambda pad: [pad.on_tap(small("Same breed"), lambda: pad.toggle(same_breed=True))],
    "numbers": lambda pad: pad.make_numbers(),
    "record": lambda pad: [pad.on_tap(answer("Record: a dog", "primary", width=FIXED["record"]),
                                      pad.record_details)],
    "seats": lambda pad: pad.make_seats(),
    "bone_race": lambda pad: [pad.on_tap(answer("Race for the bones!", "primary", width=FIXED["bone_race"]),
                                         pad.race_bones)],
    "claim_race": lambda pad: [pad.on_tap(answer("Claim race on the buttons", "primary",
                                                 width=FIXED["claim_race"]), pad.race_claim)],
    "record_losers": lambda pad: [pad.on_tap(answer("Record 0 lost", "primary", width=FIXED["record_losers"]),
                                             lambda: pad.losers(list(pad.draft.losers)))],
    "several": lambda pad: [pad.on_tap(small("Several lost", width=FIXED["several"]),
                                       lambda: pad.go(several=True, losers=[]))],
    "one": lambda pad: [pad.on_tap(small("Just one lost", width=FIXED["one"]),
                                   lambda: pad.go(several=False, losers=[]))],
    "stepper": lambda pad: pad.make_stepper(),
    "drawn_caption": lambda pad: [caption("Drawn and kept before the card played:", FIXED["drawn_caption"])],
    "flipped_caption": lambda pad: [caption("Action cards flipped past before a dog showed:",
                                            FIXED["flipped_caption"])],
    "ran_out": lambda pad: [pad.on_tap(small("Pile ran out", "danger"), lambda: pad.perform(Action(
        ActionType.DOG_HOUSE_TURN, pad.seat, {"drawn": pad.draft.drawn, "played": False})))],
    "pedigree_step": lambda pad: [SeatBadge(bold=True, font_size=sizes.font_table, size_hint_y=None,
                                            symbol_size=sizes.wide(dp(26)))],
    "played_n": lambda pad: [pad.on_tap(answer("Put down 1 of the breed", "primary"), lambda: pad.perform(Action(
        ActionType.PEDIGREE_PLAY, pad.seat, {"count": pad.draft.count})))],
    "drew_one": lambda pad: [pad.on_tap(small("None: drew one"), _perform(pad, ActionType.PEDIGREE_DRAW, played=False))],
    "drew_put_down": lambda pad: [pad.on_tap(small("Drew one, put it down"),
                                             _perform(pad, ActionType.PEDIGREE_DRAW, played=True))],
    "flip": lambda pad: [pad.on_tap(answer("Flipped a dog", "primary"), lambda: pad.perform(Action(
        ActionType.FLIP, None, {"wilds_flipped": pad.draft.flipped,
                                **({"colour": pad.draft.colour} if pad.draft.colour else {})})))],
    "breed_caption": lambda pad: [caption("The breed announced (optional):")],
    "breed": lambda pad: pad.make_breed(),
    "run_numbers": lambda pad: [_run_number(pad), _run_number(pad)],
}
