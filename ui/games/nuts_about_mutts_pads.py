"""The Nuts about Mutts action pad: what the table is waiting for, as big buttons. One tap records
the common case (a dog card played); wilds ask only what the rules need next (a player, then the
colour to follow). Every recording goes through controller.perform, so refusals are explained by
the game screen and change nothing."""

from __future__ import annotations

from kivy.metrics import dp
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.widget import Widget

from companion.actions import Action
from ui import theme
from ui.games.nuts_about_mutts_parts import Choice, Stepper, Tag, colour_look
from ui.widgets.basics import fitted
from ui.games.nuts_about_mutts_table import CARD_NAMES
from ui.widgets.basics import PlayerBadge
from ui.widgets.keyboard import TextField
from ui.widgets.symbols import SymbolShape

WILDS = ("mutt", "flea", "fire_hydrant", "pedigree", "dog_house")
ROW = theme.TOUCH
BIG = theme.TOUCH_BIG


class ActionPad(BoxLayout):
    def __init__(self, controller, **kwargs):
        super().__init__(orientation="vertical", spacing=theme.GAP, **kwargs)
        self.controller = controller
        self.buttons: dict[str, Choice] = {}
        self.step = "main"
        self.button_help: str | None = None
        self.draft: dict = {}
        self.seen = None
        self.summary: dict = {}

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
    def _button(self, key: str, text: str, kind="normal", on_press=None, height=ROW, font_size=theme.FONT_BODY,
                shape=None, rgb=None, **kwargs) -> Choice:
        button = Choice(text, shape=shape, rgb=rgb, kind=kind, height=height, font_size=font_size, **kwargs)
        if on_press is not None:
            button.bind(on_release=lambda *_: on_press())
        self.buttons[key] = button
        return button

    def _header(self, text: str, seat=None, back=False, tag=None) -> BoxLayout:
        row = BoxLayout(size_hint_y=None, height=dp(44), spacing=theme.GAP)
        if seat is not None:
            identity = self.controller.players[seat].identity
            row.add_widget(SymbolShape(shape=identity.symbol, rgba=theme.with_alpha(identity.rgb),
                                       size_hint_x=None, width=dp(34)))
            text = f"{self.names[seat]}{text}"
        self.title = fitted(text, theme.FONT_BODY, bold=True, halign="left")
        row.add_widget(self.title)
        if tag:
            holder = BoxLayout(size_hint_x=None, width=dp(110), padding=[0, dp(8)])
            holder.add_widget(Tag(tag[0], tag[1]))
            row.add_widget(holder)
        if back:
            row.add_widget(self._button("back", "Back", kind="quiet", on_press=self.back, height=dp(44),
                                        size_hint_x=None, width=dp(96), font_size=theme.FONT_SMALL))
        return row

    def _caption(self, text: str):
        return fitted(text, theme.FONT_SMALL, color=theme.TEXT_DIM, halign="left", size_hint_y=None, height=dp(22))

    def _grid(self, cols: int, rows: int, height=ROW) -> GridLayout:
        return GridLayout(cols=cols, spacing=theme.GAP, size_hint_y=None,
                          height=rows * height + (rows - 1) * theme.GAP, row_force_default=True,
                          row_default_height=height)

    def _seat_grid(self, seats, on_pick, key="seat", label=lambda name: name, selected=()):
        cols = 3 if len(seats) > 4 else 2
        rows = max(1, -(-len(seats) // cols))
        grid = self._grid(cols, rows)
        for seat in seats:
            identity = self.controller.players[seat].identity
            button = self._button(f"{key}:{seat}", label(self.names[seat]), shape=identity.symbol, rgb=identity.rgb,
                                  on_press=lambda s=seat: on_pick(s), font_size=theme.FONT_SMALL)
            button.selected = seat in selected
            grid.add_widget(button)
        return grid

    def _wild_row(self, caption: str):
        self.add_widget(self._caption(caption))
        row = self._grid(len(WILDS), 1)
        for kind in WILDS:
            row.add_widget(self._button(kind, CARD_NAMES[kind].replace(" ", "\n"), font_size=theme.FONT_SMALL,
                                        padding=[dp(2), dp(2)], on_press=lambda k=kind: self.choose_card(k)))
        self.add_widget(row)

    def _dog_row(self, text: str):
        row = BoxLayout(size_hint_y=None, height=BIG, spacing=theme.GAP)
        row.add_widget(self._button("dog", text, kind="primary", height=BIG, on_press=lambda: self.choose_card("dog")))
        row.add_widget(self._button("details", "Colour /\nnumber", height=BIG, font_size=theme.FONT_SMALL,
                                    size_hint_x=None, width=dp(112), on_press=lambda: self.go("details")))
        self.add_widget(row)

    def _reshuffle_prompt(self):
        self.add_widget(self._button("reshuffle", "Draw pile empty: reshuffle the home pile", kind="danger",
                                     on_press=lambda: self.perform(Action("reshuffle"))))

    def _buttons_work_now(self) -> bool:
        """Whether a big-button press records anything at this moment, so the mapping is shown only
        then: a normal turn with nothing half-entered (basic game), or an open claim (advanced).
        Pedigree steps, the first card and races are tapped on the screen."""
        if self.summary["advanced"]:
            return bool(self.claims_open())
        return self.summary["to_act"]["kind"] == "turn" and self.step == "main"

    def _last_line(self):
        history = self.controller.session.history()
        if self.button_help and self._buttons_work_now():
            # With big buttons in use the mapping matters more than the last move (History has that).
            self.add_widget(Widget())
            self.add_widget(self._caption(self.button_help))
        elif history:
            self.add_widget(Widget())
            self.add_widget(self._caption(f"Last: {history[-1].text}"))

    def _build(self) -> None:
        self.clear_widgets()
        self.buttons = {}
        kind = self.summary["to_act"]["kind"]
        builder = {
            "details": self._details, "colour": self._colour, "target": self._target, "swap": self._swap,
            "then_play": self._then_play, "claim_who": self._claim_who, "claim_number": self._claim_number,
            "claim_what": self._claim_what,
        }.get(self.step)
        if builder is None:
            builder = {"turn": self._turn, "first_card": self._turn, "dog_house_turn": self._dog_house,
                       "bone_race": self._bone_race, "pedigree_step": self._pedigree,
                       "flip_first_card": self._flip, "several_lost": self._bone_race}.get(kind, self._nothing)
        builder()
        self.add_widget(Widget())

    def _nothing(self):
        self.add_widget(self._caption("Nothing to record now."))

    # ----- a normal turn ------------------------------------------------------------------------
    def _turn(self):
        summary = self.summary
        first = summary["to_act"]["kind"] == "first_card"
        self.draft.setdefault("type", "play")
        self.add_widget(self._header(" starts the home pile" if first else "'s turn", seat=self.seat))
        self._dog_row("Played a dog card")
        if summary["reshuffle_needed"]:
            self._reshuffle_prompt()
        elif not first:
            row = BoxLayout(size_hint_y=None, height=ROW, spacing=theme.GAP)
            row.add_widget(self._button("drew", "Drew", on_press=self.drew))
            row.add_widget(self._button("drew_played", "Drew and played", on_press=lambda: self.go("then_play",
                                                                                                 type="draw")))
            self.add_widget(row)
        self._wild_row("Or a wild card (then the colour to follow):")
        if summary["advanced"] and not first:
            row = BoxLayout(size_hint_y=None, height=ROW, spacing=theme.GAP)
            row.add_widget(self._button("match", "Match!", kind="ok", on_press=lambda: self.claim("match")))
            row.add_widget(self._button("run", "Run!", kind="ok", on_press=lambda: self.claim("run")))
            if summary["to_act"].get("may_pass"):
                row.add_widget(self._button("pass", "Pass", on_press=lambda: self.perform(Action("pass", self.seat))))
            self.add_widget(row)
        self._last_line()

    def drew(self) -> bool:
        return self.perform(Action("draw", self.seat))

    def _then_play(self):
        self.add_widget(self._header(" drew and played:", seat=self.seat, back=True))
        self._dog_row("A dog card")
        self._wild_row("Or a wild card:")

    # ----- recording a card ---------------------------------------------------------------------
    def choose_card(self, kind: str) -> bool | None:
        if kind == "dog":
            return self.record("dog")
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
        if kind == "dog":
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
        action_type = draft.get("type", "play")
        if action_type == "draw":
            kind_field = "then_play"
        elif action_type == "dog_house_turn":
            args["drawn"] = draft.get("drawn", 0)
        if kind != "dog" or kind_field == "then_play":
            args[kind_field] = kind
        args.update(fields)
        return self.perform(Action(action_type, self.seat, args))

    def _colour_choice(self):
        """A row of colour buttons (word and shape) that toggles the card's colour in the draft."""
        colours = self.controller.session.state.colours
        row = self._grid(len(colours), 1)
        for colour in colours:
            rgb, shape = colour_look(colour, colours)
            button = self._button(f"colour:{colour}", colour, shape=shape, rgb=rgb,
                                  on_press=lambda c=colour: self.toggle_detail("colour", c))
            button.selected = self.draft.get("colour") == colour
            row.add_widget(button)
        self.add_widget(row)

    def _details(self):
        self.add_widget(self._header("Dog card: colour, number", back=True))
        self._colour_choice()
        numbers = self.controller.session.state.numbers
        cols = 7
        grid = self._grid(cols, -(-numbers // cols), height=ROW)
        for number in range(1, numbers + 1):
            button = self._button(f"number:{number}", str(number), on_press=lambda n=number: self.toggle_detail("number", n))
            button.selected = self.draft.get("number") == number
            grid.add_widget(button)
        self.add_widget(grid)
        row = BoxLayout(size_hint_y=None, height=ROW, spacing=theme.GAP)
        breed = self._button("same_breed", "Same breed", font_size=theme.FONT_SMALL, size_hint_x=0.4,
                             on_press=lambda: self.toggle_detail("same_breed", True))
        breed.selected = bool(self.draft.get("same_breed"))
        row.add_widget(breed)
        told = " ".join(str(self.draft[key]) for key in ("colour", "number") if self.draft.get(key) is not None)
        row.add_widget(self._button("record", f"Record: {told or 'a dog'}", kind="primary", size_hint_x=0.6,
                                    on_press=lambda: self.record("dog")))
        self.add_widget(row)

    def toggle_detail(self, key: str, value) -> None:
        self.draft[key] = None if self.draft.get(key) == value else value
        self._build()

    def _colour(self):
        kind = self.draft["card"]
        self.add_widget(self._header(f"{CARD_NAMES[kind]}: colour to follow?", back=True))
        if kind == "pedigree":
            self.add_widget(self._caption("The breed announced (optional):"))
            self.breed_input = TextField(text=self.draft.get("breed") or "", hint_text="e.g. Beagle",
                                         prompt="The breed announced", size_hint_y=None, height=ROW)
            self.breed_input.bind(text=lambda _, text: self.draft.__setitem__("breed", text.strip() or None))
            self.add_widget(self.breed_input)
        colours = self.controller.session.state.colours
        for colour in colours:
            rgb, shape = colour_look(colour, colours)
            self.add_widget(self._button(f"colour:{colour}", colour.upper(), shape=shape, rgb=rgb, height=ROW,
                                         on_press=lambda c=colour: self.record(kind, colour=c)))

    def _target(self):
        self.add_widget(self._header("Dog House: who goes in?", back=True))
        seats = [seat for seat in range(len(self.names)) if seat not in self.summary["dog_house"]]
        self.add_widget(self._seat_grid(seats, lambda seat: self.go("colour", target=seat)))

    def _swap(self):
        self.add_widget(self._header("Fire Hydrant: swap hands with?", back=True))
        seats = [seat for seat in range(len(self.names)) if seat != self.seat]
        self.add_widget(self._seat_grid(seats, lambda seat: self.go("colour", swap_with=seat)))
        self.add_widget(self._button("no_swap", "No swap", on_press=lambda: self.go("colour", swap_with=None)))

    # ----- the dog house ------------------------------------------------------------------------
    def _dog_house(self):
        self.draft.setdefault("type", "dog_house_turn")
        drawn = self.draft.setdefault("drawn", 0)
        pile = self.summary["draw_pile"]
        self.add_widget(self._header(" is in the dog house", seat=self.seat, tag=("DOG HOUSE", theme.DANGER)))
        if self.summary["reshuffle_needed"] and drawn == 0:
            self._reshuffle_prompt()
        self.add_widget(self._caption("Draw until a card can be played. Cards kept before it:"))
        self.stepper = Stepper(drawn, 0, max(0, pile), lambda value: self.go("main", drawn=value))
        self.add_widget(self.stepper)
        if drawn == pile and not (pile == 0 and self.summary["reshuffle_needed"]):
            self.add_widget(self._button("ran_out", "The draw pile ran out", kind="danger",
                                         on_press=lambda: self.perform(Action("dog_house_turn", self.seat,
                                                                              {"drawn": drawn, "played": False}))))
        self._dog_row("Then played a dog card")
        self._wild_row("Or the playable card was a wild:")

    # ----- the bone race ------------------------------------------------------------------------
    def _bone_race(self):
        summary = self.summary
        pending = summary["pending"]
        mutt = pending["mutt_player"]
        several = self.draft.get("several", False)
        self.add_widget(self._header(f"Mutt from {self.names[mutt]}: race for the bones!"))
        if summary["reshuffle_needed"]:
            self._reshuffle_prompt()
        if self.controller.race_runner is not None:
            self.add_widget(self._button("race", "Race for the bones!", kind="primary", height=BIG,
                                         font_size=theme.FONT_TITLE, on_press=self.race_bones))
        bones, players = pending["bones"], summary["players"]
        self.add_widget(self._caption(f"{bones} bones for {players} players. "
                                      + ("Tap everyone who lost, then Record." if several else "Who lost? One tap:")))
        chosen = self.draft.get("losers", [])
        if several:
            self.add_widget(self._seat_grid(range(players), self.toggle_loser, key="loser", selected=chosen))
        else:
            self.add_widget(self._seat_grid(range(players), lambda seat: self.losers([seat]), key="loser",
                                            label=lambda name: f"{name} lost"))
        row = BoxLayout(size_hint_y=None, height=ROW, spacing=theme.GAP)
        if several:
            row.add_widget(self._button("record", f"Record {len(chosen)} lost", kind="primary",
                                        on_press=lambda: self.losers(list(chosen))))
            row.add_widget(self._button("one", "Just one lost", on_press=lambda: self.go("main", several=False,
                                                                                        losers=[])))
        else:
            row.add_widget(self._button("several", "Several lost (false starts)", font_size=theme.FONT_SMALL,
                                        on_press=lambda: self.go("main", several=True, losers=[])))
        self.add_widget(row)

    def toggle_loser(self, seat: int) -> None:
        losers = list(self.draft.get("losers", []))
        losers.remove(seat) if seat in losers else losers.append(seat)
        self.go("main", losers=losers)

    def losers(self, seats: list[int], race: dict | None = None) -> bool:
        args = {"losers": seats}
        if race is not None:
            args["race"] = race
        return self.perform(Action("bone_race", None, args))

    def race_bones(self) -> None:
        seats = list(range(self.summary["players"]))
        self.controller.race_runner.run("bones", seats, lambda decision: self.losers(list(decision["losers"]),
                                                                                     race=decision))

    # ----- advanced claims ----------------------------------------------------------------------
    def claim_seats(self) -> list[int]:
        summary = self.summary
        return [seat for seat in range(summary["players"])
                if seat not in summary["dog_house"] and summary["hand_sizes"][seat] > 0]

    def claim(self, what: str) -> None:
        self.draft["claim"] = what
        self.go("claim_who")

    def _claim_who(self):
        what = self.draft["claim"]
        self.add_widget(self._header(f"{what.capitalize()}! Who claimed it?", back=True))
        if self.controller.race_runner is not None:
            self.add_widget(self._button("race", "Claim race on the buttons", kind="primary", height=BIG,
                                         on_press=self.race_claim))
        self.add_widget(self._seat_grid(self.claim_seats(), self.claimed))

    def race_claim(self) -> None:
        def decided(decision):
            winners = decision.get("winners") or []
            if winners:
                self.claimed(winners[0], race=decision)

        self.controller.race_runner.run("claim", self.claim_seats(), decided)

    def run_numbers(self) -> list[int]:
        top = self.summary["top_card"] or {}
        number = top.get("number")
        if top.get("card") != "dog" or number is None:
            return []
        return [n for n in (number - 1, number + 1) if 1 <= n <= self.controller.session.state.numbers]

    def claims_open(self) -> list[int]:
        """Seats that may claim right now by slamming their button: advanced game, a normal turn in
        play (never mid-entry, in a pedigree round or a race), and a dog card on top to match or run."""
        summary = self.summary
        top = summary.get("top_card") or {}
        if (not summary["advanced"] or summary["to_act"]["kind"] != "turn" or self.step != "main"
                or top.get("card") != "dog" or top.get("number") is None):
            return []
        return self.claim_seats()

    def won_claim(self, decision: dict) -> None:
        """A claim race started by a button has a winner: they say whether it was a Match or a Run."""
        winners = decision.get("winners") or []
        if winners:
            self.go("claim_what", claimer=winners[0], race=decision)

    def _claim_what(self):
        seat, race = self.draft["claimer"], self.draft["race"]
        self.add_widget(self._header(" won the claim: Match or Run?", seat=seat, back=True))
        row = self._grid(2, 1, height=BIG)
        for what, text in (("match", "Match!"), ("run", "Run!")):
            row.add_widget(self._button(what, text, kind="ok", height=BIG, font_size=theme.FONT_TITLE,
                                        on_press=lambda w=what: self._claimed_as(w, seat, race)))
        self.add_widget(row)

    def _claimed_as(self, what: str, seat: int, race: dict) -> None:
        self.draft["claim"] = what
        self.claimed(seat, race=race)

    def claimed(self, seat: int, race: dict | None = None) -> bool | None:
        args = {} if race is None else {"race": race}
        if self.draft["claim"] == "match":
            return self.perform(Action("match", seat, args))
        numbers = self.run_numbers()
        if len(numbers) == 2:
            self.go("claim_number", claimer=seat, race=race)
            return None
        return self.perform(Action("run", seat, {**args, "number": numbers[0] if numbers else None}))

    def _claim_number(self):
        seat = self.draft["claimer"]
        top = self.summary["top_card"]
        self.add_widget(self._header("Run! Which card?", seat=seat, back=True))
        row = self._grid(2, 1, height=BIG)
        colours = self.controller.session.state.colours
        rgb, shape = colour_look(top.get("colour"), colours)
        for number in self.run_numbers():
            race = self.draft.get("race")
            args = {"number": number, **({"race": race} if race else {})}
            row.add_widget(self._button(f"number:{number}", f"{top.get('colour')} {number}", kind="ok", height=BIG,
                                        shape=shape, rgb=rgb, font_size=theme.FONT_TITLE,
                                        on_press=lambda a=args: self.perform(Action("run", seat, a))))
        self.add_widget(row)

    # ----- the pedigree round -------------------------------------------------------------------
    def _pedigree(self):
        pending = self.summary["pending"]
        seat = pending["seat"]
        breed = pending["breed"] or "the breed"
        self.add_widget(self._header(f"Pedigree: {breed}", seat=None))
        steps = []
        for index, other in enumerate(pending["order"]):
            mark = "done" if index < pending["step"] else ("NOW" if index == pending["step"] else "next")
            steps.append(f"{self.names[other]} ({mark})")
        self.add_widget(self._caption("Order: " + ", ".join(steps)))
        if self.summary["reshuffle_needed"]:
            self._reshuffle_prompt()
        row = BoxLayout(size_hint_y=None, height=dp(44), spacing=theme.GAP)
        row.add_widget(PlayerBadge(self.controller.players[seat], height=dp(44), highlighted=True))
        row.add_widget(fitted(f"step {pending['step'] + 1} of {len(pending['order'])}", theme.FONT_SMALL,
                              color=theme.TEXT_DIM, size_hint_x=None, width=dp(110)))
        self.add_widget(row)
        hand = self.summary["hand_sizes"][seat]
        count = min(self.draft.setdefault("count", 1), max(1, hand))
        play_row = BoxLayout(size_hint_y=None, height=BIG, spacing=theme.GAP)
        self.stepper = Stepper(count, 1, max(1, hand), lambda value: self.go("main", count=value),
                               size_hint_x=0.5)
        play_row.add_widget(self.stepper)
        play_row.add_widget(self._button("played_n", f"Put down {count}", kind="primary", height=BIG,
                                         size_hint_x=0.5, on_press=lambda: self.perform(
                                             Action("pedigree_play", seat, {"count": count}))))
        self.add_widget(play_row)
        row = BoxLayout(size_hint_y=None, height=ROW, spacing=theme.GAP)
        row.add_widget(self._button("drew_one", "None: drew one", font_size=theme.FONT_SMALL, on_press=lambda: self.perform(
            Action("pedigree_draw", seat, {"played": False}))))
        row.add_widget(self._button("drew_played", "Drew one, put it down", font_size=theme.FONT_SMALL,
                                    on_press=lambda: self.perform(Action("pedigree_draw", seat, {"played": True}))))
        self.add_widget(row)
        self._last_line()

    # ----- the flipped first card (later edition) -----------------------------------------------
    def _flip(self):
        self.add_widget(self._header("Flip the first card from the draw pile"))
        self.add_widget(self._caption("Action cards flipped past before a dog showed:"))
        flipped = self.draft.setdefault("wilds_flipped", 0)
        self.stepper = Stepper(flipped, 0, 20, lambda value: self.go("main", wilds_flipped=value))
        self.add_widget(self.stepper)
        self._colour_choice()
        args = {"wilds_flipped": flipped}
        if self.draft.get("colour"):
            args["colour"] = self.draft["colour"]
        self.add_widget(self._button("flip", "Flipped a dog", kind="primary", height=BIG,
                                     on_press=lambda: self.perform(Action("flip", None, args))))
