"""The Nuts about Mutts action pad: what the table is waiting for, as big buttons. One tap records
the common case (a dog card played); wilds ask only what the rules need next (a player, then the
colour to follow). Every recording goes through controller.perform, so refusals are explained by
the game screen and change nothing.

Each step is laid out to fit beside the table on the 7" panel with the message bar showing: at
most a heading, one primary row and one or two rows of 9 mm targets."""

from __future__ import annotations

from kivy.metrics import dp
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.widget import Widget

from companion.actions import Action
from companion.games.nuts_about_mutts.state import CARD_NAMES, DOG, WILDS, ActionType
from ui import theme
from ui.games.nuts_about_mutts.widgets import (
    Fonts,
    Hint,
    MuttsChoice,
    MuttsStepper,
    Shape,
    Sizes,
    Wrapped,
    colour_look,
    line_height,
    lines_needed,
)
from ui.widgets.keyboard import TextField

GAP = dp(4)


class ActionPad(BoxLayout):
    def __init__(self, controller, **kwargs):
        super().__init__(orientation="vertical", spacing=GAP, **kwargs)
        self.bind(height=self._fit_hint)
        self.controller = controller
        self.buttons: dict[str, MuttsChoice] = {}
        self.step = "main"
        self.button_help: str | None = None
        self.draft: dict = {}
        self.seen = None
        self.summary: dict = {}
        self.title = None
        self.turn_layout = None

    # ----- state of the pad --------------------------------------------------------------------
    def refresh(self, summary: dict) -> None:
        count = len(self.controller.session.actions)
        if count != self.seen:
            # Something was recorded or undone: whatever was half-chosen no longer applies.
            self.seen, self.step, self.draft = count, "main", {}
        self.summary = summary
        self._build()

    def go(self, step: str, **draft) -> None:
        self.step = step
        self.draft.update(draft)
        self._build()

    def back(self) -> None:
        kind = self.summary["to_act"]["kind"]
        keep = {key: self.draft[key] for key in ("type", "drawn") if key in self.draft}
        self.draft = keep if kind == "dog_house_turn" else {}
        self.step = "main"
        self._build()

    @property
    def seat(self):
        return self.summary["to_act"].get("seat")

    @property
    def names(self) -> list[str]:
        return [player.name for player in self.controller.players]

    def perform(self, action: Action) -> bool:
        return self.controller.perform(action)

    # ----- building blocks ----------------------------------------------------------------------
    def _button(self, key: str, text: str, kind="normal", on_press=None, height=None, font_size=None,
                shape=None, rgb=None, refused: str | None = None, **kwargs) -> MuttsChoice:
        """A choice on the pad; `refused` is the rules' reason it would be refused now: it is greyed,
        and a tap says so and records nothing."""
        button = MuttsChoice(text, shape=shape, rgb=rgb, kind=kind, height=height or Sizes.row(),
                        font_size=font_size or Fonts.body(),
                        **kwargs)
        button.disabled_reason = refused or ""
        if on_press is not None:
            button.bind(on_release=lambda *_: self._pressed(button, on_press))
        self.buttons[key] = button
        return button

    def _pressed(self, button: MuttsChoice, on_press) -> None:
        if button.disabled_reason:
            self.controller.explain(button.disabled_reason)
        else:
            on_press()

    def _row(self, height=None) -> BoxLayout:
        return BoxLayout(size_hint_y=None, height=height or Sizes.row(), spacing=GAP)

    def _heading(self, text: str, seat=None, back=False, buttons=(), title=True) -> BoxLayout:
        """The pad's title (with the player's shape when it is someone's step), and beside it the few
        buttons that leave the step: Back, No swap, Pass. Long names wrap onto a second line."""
        tall = back or buttons
        row = self._row(Sizes.row() if tall else line_height(Fonts.table()))
        if seat is not None:
            identity = self.controller.players[seat].identity
            side = Sizes.wide(dp(26))
            self.turn_shape = Shape(shape=identity.symbol, rgba=theme.with_alpha(identity.rgb),
                                    size_hint=(None, None), size=(side, side), pos_hint={"center_y": 0.5})
            row.add_widget(self.turn_shape)
            text = f"{self.names[seat]}{text}"
        heading = Wrapped(text=text, font_size=Fonts.table(), bold=True)
        if title:
            self.title = heading
        row.add_widget(heading)
        for button in buttons:
            row.add_widget(button)
        if back:
            row.add_widget(self._back_button())
        # A long name can take the heading onto a second line: the row grows rather than cut it.
        if self.width > 100:
            others = [child for child in row.children if child is not heading]
            room = self.width - sum(child.width + GAP for child in others)
            lines = lines_needed(text, Fonts.table(), room)
            row.height = max(row.height, lines * line_height(Fonts.table()))
        return row

    def _back_button(self) -> MuttsChoice:
        return self._button("back", "Back", kind="quiet", on_press=self.back, size_hint_x=None,
                            width=Sizes.wide(dp(96)), font_size=Fonts.small())

    def _caption(self, text: str, **kwargs):
        """A prompt for the player filling in the step (fine print, read up close): one line on its
        own, or as many as fit where it shares a row (size_hint)."""
        if "size_hint" not in kwargs:
            kwargs.setdefault("size_hint_y", None)
            kwargs.setdefault("height", line_height(Fonts.small()))
        caption = Wrapped(text=text, font_size=Fonts.small(), color=theme.TEXT_DIM, **kwargs)
        caption.fine_print = True
        return caption

    def _grid(self, cols: int, rows: int, height=None, **kwargs) -> GridLayout:
        height = height or Sizes.row()
        kwargs.setdefault("size_hint_y", None)
        return GridLayout(cols=cols, spacing=GAP, height=rows * height + (rows - 1) * GAP, row_force_default=True,
                          row_default_height=height, **kwargs)

    def _seat_buttons(self, seats, on_pick, key="seat", selected=()) -> list[MuttsChoice]:
        buttons = []
        for seat in seats:
            identity = self.controller.players[seat].identity
            # Narrow padding: a long name needs the width (it wraps at spaces, never inside a word).
            button = self._button(f"{key}:{seat}", self.names[seat], shape=identity.symbol, rgb=identity.rgb,
                                  on_press=lambda s=seat: on_pick(s), font_size=Fonts.small(),
                                  padding=[dp(4), dp(2)])
            button.selected = seat in selected
            buttons.append(button)
        return buttons

    def _seat_grid(self, seats, on_pick, key="seat", selected=(), extra=(), cols=None, height=None) -> GridLayout:
        buttons = self._seat_buttons(seats, on_pick, key, selected) + list(extra)
        cols = cols or (3 if len(buttons) > 4 else 2)
        rows = max(1, -(-len(buttons) // cols))
        row_height = Sizes.row() if height is None else max(Sizes.row(), (height - (rows - 1) * GAP) / rows)
        grid = self._grid(cols, rows, row_height)
        for button in buttons:
            button.height = row_height
            grid.add_widget(button)
        return grid

    def _beside(self, primary: MuttsChoice, grid: GridLayout) -> BoxLayout:
        """A tall primary button on the left of a grid of choices (the race, or tap who)."""
        row = self._row(max(grid.height, Sizes.primary()))
        primary.size_hint = (None, 1)
        primary.width = Sizes.wide(dp(130))
        grid.size_hint_y = 1
        row.add_widget(primary)
        row.add_widget(grid)
        return row

    def _wild_buttons(self) -> list[MuttsChoice]:
        return [self._button(kind, CARD_NAMES[kind], font_size=Fonts.small(), padding=[dp(3), dp(2)],
                             on_press=lambda k=kind: self.choose_card(k)) for kind in WILDS]

    def _wild_row(self, extra=()):
        row = self._row()
        for button in self._wild_buttons() + list(extra):
            row.add_widget(button)
        self.add_widget(row)

    def _dog_row(self, text: str, extra=()):
        row = self._row(Sizes.primary())
        row.add_widget(self._button("dog", text, kind="primary", height=Sizes.primary(), size_hint_x=1.6,
                                    on_press=lambda: self.choose_card(DOG)))
        row.add_widget(self._button("details", "Colour / number", height=Sizes.primary(), font_size=Fonts.small(),
                                    on_press=lambda: self.go("details")))
        for button in extra:
            button.height = Sizes.primary()
            row.add_widget(button)
        self.add_widget(row)

    def _reshuffle_button(self, text="Reshuffle", kind="normal") -> MuttsChoice:
        return self._button("reshuffle", text, kind=kind, font_size=Fonts.small(),
                            on_press=lambda: self.perform(Action(ActionType.RESHUFFLE)))

    def _buttons_work_now(self) -> bool:
        """Whether a big-button press records anything at this moment, so the mapping is shown only
        then: a normal turn with nothing half-entered (basic game), or an open claim (advanced).
        Pedigree steps, the first card and races are tapped on the screen."""
        if self.summary["advanced"]:
            return bool(self.claims_open())
        return self.summary["to_act"]["kind"] == "turn" and self.step == "main"

    def _last_words(self) -> str | None:
        if self.button_help and self._buttons_work_now():
            # With big buttons in use the mapping matters more than the last move (History has that).
            return self.button_help
        history = self.controller.session.history()
        return f"Last: {history[-1].text}" if history else None

    def _last_line(self):
        words = self._last_words()
        if words:
            self.hint = Hint(words)
            self.add_widget(self.hint)

    def _turn_layout(self) -> tuple:
        """What decides which buttons a normal turn shows (not whose turn it is)."""
        summary = self.summary
        return (summary["to_act"]["kind"], bool(summary["to_act"].get("may_pass")), summary["reshuffle_needed"],
                summary["advanced"], bool(summary.get("top_card_unknown")), bool(self._last_words()),
                summary["claims"]["match_refused"], summary["claims"]["run_refused"])

    def _same_turn_again(self) -> bool:
        """From one normal turn to the next the pad keeps its buttons (they act for whoever's turn it is
        when tapped): only the heading and the last line change."""
        if self.step != "main" or self.summary["to_act"]["kind"] != "turn" or self.turn_layout != self._turn_layout():
            return False
        identity = self.controller.players[self.seat].identity
        self.turn_shape.shape, self.turn_shape.rgba = identity.symbol, theme.with_alpha(identity.rgb)
        self.title.text = f"{self.names[self.seat]}'s turn"
        words = self._last_words()
        if words:
            self.hint.text = words
        self._fit_hint()
        return True

    def _build(self) -> None:
        if self._same_turn_again():
            return
        self.turn_layout = None
        self.clear_widgets()
        self.buttons = {}
        kind = self.summary["to_act"]["kind"]
        builder = {
            "details": self._details, "colour": self._colour, "target": self._target, "swap": self._swap,
            "then_play": self._then_play, "claim_who": self._claim_who, "claim_number": self._claim_number,
            "claim_what": self._claim_what, "name_top": self._details,
        }.get(self.step)
        if builder is None:
            builder = {"turn": self._turn, "first_card": self._turn, "dog_house_turn": self._dog_house,
                       "bone_race": self._bone_race, "pedigree_step": self._pedigree,
                       "flip_first_card": self._flip, "several_lost": self._bone_race}.get(kind, self._nothing)
        builder()
        self.add_widget(Widget())  # the step sits at the top of the pad
        self._fit_hint()

    def _fit_hint(self, *_):
        hint = next((child for child in self.children if isinstance(child, Hint)), None)
        if hint is None:
            return
        others = [child for child in self.children if child is not hint and child.size_hint_y is None]
        used = sum(child.height for child in others) + self.spacing * (len(self.children) - 1)
        hint.fit(self.height - used)

    def _nothing(self):
        self.add_widget(self._heading("Nothing to record now."))

    # ----- a normal turn ------------------------------------------------------------------------
    def _turn(self):
        summary = self.summary
        first = summary["to_act"]["kind"] == "first_card"
        self.draft.setdefault("type", ActionType.PLAY)
        may_pass = summary["to_act"].get("may_pass")
        passing = [self._button("pass", "Pass", size_hint_x=None, width=Sizes.wide(dp(110)),
                                on_press=lambda: self.perform(Action(ActionType.PASS, self.seat)))] if may_pass else []
        self.add_widget(self._heading(" starts the home pile" if first else "'s turn", seat=self.seat,
                                      buttons=passing))
        extra = []
        if not first:
            extra.append(self._button("drew", "Drew", font_size=Fonts.small(), on_press=self.drew))
            extra.append(self._button("drew_played", "Drew and played", font_size=Fonts.small(),
                                      on_press=lambda: self.go("then_play", type=ActionType.DRAW)))
        if summary["reshuffle_needed"]:
            # A draw reshuffles by itself, so this is a reminder for the real cards, not a gate.
            extra.append(self._reshuffle_button("Draw pile empty: reshuffle", kind="danger"))
        self._dog_row("Played a dog card", extra)
        claims = []
        if summary["advanced"] and not first:
            if summary.get("top_card_unknown"):
                # Claims are checked against the top card, so the family says what it is first.
                claims = [self._button("name_top", "Name the top card", font_size=Fonts.small(), size_hint_x=2,
                                       on_press=lambda: self.go("name_top", type=ActionType.NAME_TOP_CARD))]
            else:
                open_claims = summary["claims"]
                claims = [self._button("match", "Match!", kind="ok", font_size=Fonts.small(),
                                       refused=open_claims["match_refused"],
                                       on_press=lambda: self.claim(ActionType.MATCH)),
                          self._button("run", "Run!", kind="ok", font_size=Fonts.small(),
                                       refused=open_claims["run_refused"],
                                       on_press=lambda: self.claim(ActionType.RUN))]
        self._wild_row(claims)
        self._last_line()
        if not first:
            self.turn_layout = self._turn_layout()

    def drew(self) -> bool:
        return self.perform(Action(ActionType.DRAW, self.seat))

    def _then_play(self):
        self.add_widget(self._heading(" drew and played:", seat=self.seat))
        self._dog_row("A dog card")
        self._wild_row([self._back_button()])

    # ----- recording a card ---------------------------------------------------------------------
    def choose_card(self, kind: str) -> bool | None:
        if kind == DOG:
            return self.record(DOG)
        self.draft["card"] = kind
        if kind == "dog_house":
            self.go("target")
        elif kind == "fire_hydrant":
            self.go("swap")
        else:
            self.go("colour")
        return None

    def record(self, kind: str, **fields) -> bool:
        """Build the action the pad's draft describes (a play, a draw then play, a dog-house turn)."""
        draft = self.draft
        if kind == DOG:
            for key in ("colour", "number"):
                if draft.get(key) is not None:
                    fields.setdefault(key, draft[key])
            if draft.get("same_breed"):
                fields["same_breed"] = True
        else:
            for key in ("target", "swap_with", "breed"):
                if draft.get(key) is not None:
                    fields.setdefault(key, draft[key])
        kind_field = "card"
        args: dict = {}
        action_type = draft.get("type", ActionType.PLAY)
        if action_type == ActionType.NAME_TOP_CARD:
            return self.perform(Action(ActionType.NAME_TOP_CARD, self.seat,
                                       {key: fields[key] for key in ("colour", "number") if key in fields}))
        if action_type == ActionType.DRAW:
            kind_field = "then_play"
        elif action_type == ActionType.DOG_HOUSE_TURN:
            args["drawn"] = draft.get("drawn", 0)
        if kind != DOG or kind_field == "then_play":
            args[kind_field] = kind
        args.update(fields)
        return self.perform(Action(action_type, self.seat, args))

    def _colour_buttons(self, height=None) -> list[MuttsChoice]:
        """Colour buttons (word and shape) that toggle the card's colour in the draft."""
        colours = self.controller.session.state.colours
        buttons = []
        for colour in colours:
            rgb, shape = colour_look(colour, colours)
            button = self._button(f"colour:{colour}", colour, shape=shape, rgb=rgb, height=height,
                                  font_size=Fonts.small(), on_press=lambda c=colour: self.toggle_detail("colour", c))
            button.selected = self.draft.get("colour") == colour
            buttons.append(button)
        return buttons

    def _details(self):
        """Colour and number of a dog card (played, or the one on top being named), then Record."""
        naming = self.draft.get("type") == ActionType.NAME_TOP_CARD
        top = self._row()
        for button in self._colour_buttons():
            top.add_widget(button)
        if not naming:
            breed = self._button("same_breed", "Same breed", font_size=Fonts.small(),
                                 on_press=lambda: self.toggle_detail("same_breed", True))
            breed.selected = bool(self.draft.get("same_breed"))
            top.add_widget(breed)
        top.add_widget(self._button("back", "Back", kind="quiet", on_press=self.back, size_hint_x=None,
                                    width=Sizes.wide(dp(96)), font_size=Fonts.small()))
        self.add_widget(top)
        numbers = self.controller.session.state.numbers
        cols = 7
        grid = self._grid(cols, -(-numbers // cols))
        for number in range(1, numbers + 1):
            button = self._button(f"number:{number}", str(number),
                                  on_press=lambda n=number: self.toggle_detail("number", n))
            button.selected = self.draft.get("number") == number
            grid.add_widget(button)
        told = " ".join(str(self.draft[key]) for key in ("colour", "number") if self.draft.get(key) is not None)
        said = f"Top card: {told or '?'}" if naming else f"Record: {told or 'a dog'}"
        record = self._button("record", said, kind="primary", on_press=lambda: self.record(DOG))
        row = self._row(grid.height)
        grid.size_hint_y = 1
        row.add_widget(grid)
        record.size_hint = (None, 1)
        record.width = Sizes.wide(dp(150))
        row.add_widget(record)
        self.add_widget(row)

    def toggle_detail(self, key: str, value) -> None:
        self.draft[key] = None if self.draft.get(key) == value else value
        self._build()

    def _colour(self):
        kind = self.draft["card"]
        self.add_widget(self._heading(f"{CARD_NAMES[kind]}: colour to follow?", back=True))
        if kind == "pedigree":
            row = self._row()
            row.add_widget(self._caption("The breed announced (optional):", size_hint=(0.45, 1)))
            self.breed_input = TextField(text=self.draft.get("breed") or "", hint_text="e.g. Beagle",
                                         prompt="The breed announced")
            self.breed_input.bind(text=lambda _, text: self.draft.__setitem__("breed", text.strip() or None))
            row.add_widget(self.breed_input)
            self.add_widget(row)
        colours = self.controller.session.state.colours
        # Under the breed's row the colours take a 9 mm row, so the step fits under six seats.
        height = Sizes.row() if kind == "pedigree" else Sizes.primary()
        row = self._row(height)
        for colour in colours:
            rgb, shape = colour_look(colour, colours)
            row.add_widget(self._button(f"colour:{colour}", colour.upper(), shape=shape, rgb=rgb,
                                        height=height, on_press=lambda c=colour: self.record(kind, colour=c)))
        self.add_widget(row)

    def _target(self):
        self.add_widget(self._heading("Dog House: who goes in?", back=True))
        seats = [seat for seat in range(len(self.names)) if seat not in self.summary["dog_house"]]
        self.add_widget(self._seat_grid(seats, lambda seat: self.go("colour", target=seat)))

    def _swap(self):
        no_swap = self._button("no_swap", "No swap", font_size=Fonts.small(), size_hint_x=None,
                               width=Sizes.wide(dp(110)), on_press=lambda: self.go("colour", swap_with=None))
        self.add_widget(self._heading("Fire Hydrant: swap hands with?", back=True, buttons=[no_swap]))
        seats = [seat for seat in range(len(self.names)) if seat != self.seat]
        self.add_widget(self._seat_grid(seats, lambda seat: self.go("colour", swap_with=seat)))

    # ----- the dog house ------------------------------------------------------------------------
    def _dog_house(self):
        self.draft.setdefault("type", ActionType.DOG_HOUSE_TURN)
        drawn = self.draft.setdefault("drawn", 0)
        pile = self.summary["draw_pile"]
        self.add_widget(self._heading(" is in the dog house", seat=self.seat))
        row = self._row(Sizes.primary())
        # The prompt sits beside the count it asks for, so the step fits under six seats.
        row.add_widget(self._caption("Drawn and kept before the card played:",
                                     size_hint=(None, 1), width=Sizes.wide(dp(130))))
        # Up to every card a draw could reach (the pile, then a reshuffle), less the one played.
        reachable = self.summary.get("cards_to_draw", pile)
        self.stepper = MuttsStepper(drawn, 0, max(0, reachable - 1, pile), lambda value: self.go("main", drawn=value),
                               size_hint_x=None, width=Sizes.row() * 2 + Sizes.wide(dp(70)))
        row.add_widget(self.stepper)
        row.add_widget(self._button("dog", "Then played a dog card", kind="primary", height=Sizes.primary(),
                                    size_hint_x=1.3, on_press=lambda: self.choose_card(DOG)))
        row.add_widget(self._button("details", "Colour / number", height=Sizes.primary(), font_size=Fonts.small(),
                                    on_press=lambda: self.go("details")))
        self.add_widget(row)
        extra = []
        if self.summary["reshuffle_needed"] and drawn == 0:
            extra.append(self._reshuffle_button(kind="danger"))
        if drawn == pile and not (pile == 0 and self.summary["reshuffle_needed"]):
            extra.append(self._button("ran_out", "Pile ran out", kind="danger", font_size=Fonts.small(),
                                      on_press=lambda: self.perform(Action(ActionType.DOG_HOUSE_TURN, self.seat,
                                                                           {"drawn": drawn, "played": False}))))
        self._wild_row(extra)

    # ----- the bone race ------------------------------------------------------------------------
    def _bone_race(self):
        summary = self.summary
        pending = summary["pending"]
        several = self.draft.get("several", False)
        bones, players = pending["bones"], summary["players"]
        racing = self.controller.race_runner is not None
        top = self._row()
        # Who played the Mutt is on the last line and in History; the table needs the bones and the question.
        if several:
            said = "Tap all with no bone:"
        else:
            said = f"{bones} bone{'' if bones == 1 else 's'} for {players}: who got none?"
        self.title = Wrapped(text=said, font_size=Fonts.table(), bold=True)
        top.add_widget(self.title)
        if summary["reshuffle_needed"]:
            top.add_widget(self._reshuffle_button(kind="danger"))
        if several:
            top.add_widget(self._button("one", "Just one lost", font_size=Fonts.small(), size_hint_x=None,
                                        width=Sizes.wide(dp(140)),
                                        on_press=lambda: self.go("main", several=False, losers=[])))
        else:
            top.add_widget(self._button("several", "Several lost", font_size=Fonts.small(), size_hint_x=None,
                                        width=Sizes.wide(dp(140)),
                                        on_press=lambda: self.go("main", several=True, losers=[])))
        self.add_widget(top)
        chosen = self.draft.get("losers", [])
        if several:
            grid = self._seat_grid(range(players), self.toggle_loser, key="loser", selected=chosen,
                                   height=Sizes.primary())
            primary = self._button("record", f"Record {len(chosen)} lost", kind="primary",
                                   on_press=lambda: self.losers(list(chosen)))
        else:
            grid = self._seat_grid(range(players), lambda seat: self.losers([seat]), key="loser",
                                   height=Sizes.primary())
            primary = (self._button("race", "Race for the bones!", kind="primary", on_press=self.race_bones)
                       if racing else None)
        self.add_widget(self._beside(primary, grid) if primary is not None else grid)

    def toggle_loser(self, seat: int) -> None:
        losers = list(self.draft.get("losers", []))
        losers.remove(seat) if seat in losers else losers.append(seat)
        self.go("main", losers=losers)

    def losers(self, seats: list[int], race: dict | None = None) -> bool:
        args = {"losers": seats}
        if race is not None:
            args["race"] = race
        return self.perform(Action(ActionType.BONE_RACE, None, args))

    def race_bones(self) -> None:
        seats = list(range(self.summary["players"]))
        self.controller.race_runner.run("bones", seats, lambda decision: self.losers(list(decision["losers"]),
                                                                                     race=decision))

    # ----- advanced claims ----------------------------------------------------------------------
    def claim_seats(self) -> list[int]:
        """Who may claim the card in play, as the rules say."""
        return list(self.summary["claims"]["seats"])

    def claim(self, what: str) -> None:
        self.draft["claim"] = what
        self.go("claim_who")

    def _claim_who(self):
        what = self.draft["claim"]
        self.add_widget(self._heading(f"{what.capitalize()}! Who claimed it?", back=True))
        grid = self._seat_grid(self.claim_seats(), self.claimed, height=Sizes.primary())
        if self.controller.race_runner is not None:
            race = self._button("race", "Claim race on the buttons", kind="primary", on_press=self.race_claim)
            self.add_widget(self._beside(race, grid))
        else:
            self.add_widget(grid)

    def race_claim(self) -> None:
        def decided(decision):
            winners = decision.get("winners") or []
            if winners:
                self.claimed(winners[0], race=decision)

        self.controller.race_runner.run("claim", self.claim_seats(), decided)

    def run_numbers(self) -> list[int]:
        return list(self.summary["claims"]["run_numbers"])

    def claims_open(self) -> list[int]:
        """Seats that may claim right now by slamming their button: those the rules allow a claim, while
        the pad shows a normal turn with nothing half-entered (never mid-entry, in a pedigree round or
        a race)."""
        if self.summary["to_act"]["kind"] != "turn" or self.step != "main":
            return []
        return self.claim_seats()

    def won_claim(self, decision: dict) -> None:
        """A claim race started by a button has a winner: they say whether it was a Match or a Run."""
        winners = decision.get("winners") or []
        if winners:
            self.go("claim_what", claimer=winners[0], race=decision)

    def _claim_what(self):
        seat, race = self.draft["claimer"], self.draft["race"]
        self.add_widget(self._heading(" won the claim: Match or Run?", seat=seat, back=True))
        row = self._row(Sizes.primary())
        refusals = {ActionType.MATCH: self.summary["claims"]["match_refused"],
                    ActionType.RUN: self.summary["claims"]["run_refused"]}
        for what, text in ((ActionType.MATCH, "Match!"), (ActionType.RUN, "Run!")):
            row.add_widget(self._button(what, text, kind="ok", height=Sizes.primary(), font_size=Fonts.title(),
                                        refused=refusals[what],
                                        on_press=lambda w=what: self._claimed_as(w, seat, race)))
        self.add_widget(row)

    def _claimed_as(self, what: str, seat: int, race: dict) -> None:
        self.draft["claim"] = what
        self.claimed(seat, race=race)

    def claimed(self, seat: int, race: dict | None = None) -> bool | None:
        args = {} if race is None else {"race": race}
        if self.draft["claim"] == ActionType.MATCH:
            return self.perform(Action(ActionType.MATCH, seat, args))
        numbers = self.run_numbers()
        if len(numbers) == 2:
            self.go("claim_number", claimer=seat, race=race)
            return None
        return self.perform(Action(ActionType.RUN, seat, {**args, "number": numbers[0] if numbers else None}))

    def _claim_number(self):
        seat = self.draft["claimer"]
        top = self.summary["top_card"]
        self.add_widget(self._heading(": Run! Which card?", seat=seat, back=True))
        row = self._row(Sizes.primary())
        colours = self.controller.session.state.colours
        rgb, shape = colour_look(top.get("colour"), colours)
        for number in self.run_numbers():
            race = self.draft.get("race")
            args = {"number": number, **({"race": race} if race else {})}
            row.add_widget(self._button(f"number:{number}", f"{top.get('colour')} {number}", kind="ok",
                                        height=Sizes.primary(), shape=shape, rgb=rgb, font_size=Fonts.title(),
                                        on_press=lambda a=args: self.perform(Action(ActionType.RUN, seat, a))))
        self.add_widget(row)

    # ----- the pedigree round -------------------------------------------------------------------
    def _pedigree(self):
        pending = self.summary["pending"]
        seat = pending["seat"]
        order, step = pending["order"], pending["step"]
        breed = pending["breed"] or "the breed"
        # A reshuffle shares the title's row, so the round fits under six seats.
        reshuffle = ([self._reshuffle_button("Draw pile empty: reshuffle", kind="danger")]
                     if self.summary["reshuffle_needed"] else [])
        for button in reshuffle:
            button.size_hint_x, button.width = None, Sizes.wide(dp(200))
        self.add_widget(self._heading(f"Pedigree: {breed}", buttons=reshuffle))
        after = f", then {self.names[order[step + 1]]}" if step + 1 < len(order) else ", the last"
        self.add_widget(self._heading(f": {step + 1} of {len(order)}{after}", seat=seat, title=False))
        hand = self.summary["hand_sizes"][seat]
        count = min(self.draft.setdefault("count", 1), max(1, hand))
        play_row = self._row(Sizes.primary())
        self.stepper = MuttsStepper(count, 1, max(1, hand), lambda value: self.go("main", count=value),
                               size_hint_x=None, width=Sizes.row() * 2 + Sizes.wide(dp(70)))
        play_row.add_widget(self.stepper)
        play_row.add_widget(self._button("played_n", f"Put down {count} of the breed", kind="primary",
                                         height=Sizes.primary(), size_hint_x=1.3, on_press=lambda: self.perform(
                                             Action(ActionType.PEDIGREE_PLAY, seat, {"count": count}))))
        # The other two answers share the row: the whole step fits under six seats.
        play_row.add_widget(self._button("drew_one", "None: drew one", font_size=Fonts.small(), height=Sizes.primary(),
                                         on_press=lambda: self.perform(Action(ActionType.PEDIGREE_DRAW, seat,
                                                                              {"played": False}))))
        play_row.add_widget(self._button("drew_played", "Drew one, put it down", font_size=Fonts.small(),
                                         height=Sizes.primary(), on_press=lambda: self.perform(
                                             Action(ActionType.PEDIGREE_DRAW, seat, {"played": True}))))
        self.add_widget(play_row)
        self._last_line()

    # ----- the flipped first card (later edition) -----------------------------------------------
    def _flip(self):
        self.add_widget(self._heading("Flip the first card from the draw pile"))
        flipped = self.draft.setdefault("wilds_flipped", 0)
        row = self._row(Sizes.primary())
        row.add_widget(self._caption("Action cards flipped past before a dog showed:", size_hint=(None, 1),
                                     width=Sizes.wide(dp(150))))
        self.stepper = MuttsStepper(flipped, 0, 20, lambda value: self.go("main", wilds_flipped=value),
                               size_hint_x=None, width=Sizes.row() * 2 + Sizes.wide(dp(70)))
        row.add_widget(self.stepper)
        args = {"wilds_flipped": flipped}
        if self.draft.get("colour"):
            args["colour"] = self.draft["colour"]
        row.add_widget(self._button("flip", "Flipped a dog", kind="primary", height=Sizes.primary(),
                                    on_press=lambda: self.perform(Action(ActionType.FLIP, None, args))))
        self.add_widget(row)
        colours = self._row()
        for button in self._colour_buttons():
            colours.add_widget(button)
        self.add_widget(colours)
