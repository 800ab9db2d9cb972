"""The Pugs in Mugs table view: every player's five Mug places (colour, pattern and word), hand
sizes, the deck and the discard pile, whose turn with the actions left as pips, and buttons for what
the active player did; choices (colour, target, card) open a picker in place of the buttons."""

from __future__ import annotations

from kivy.metrics import dp
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.label import Label
from kivy.uix.scrollview import ScrollView

from companion.actions import Action
from companion.games.pugs_in_mugs import ACTIONS_PER_TURN, COLOURS, KINDS, refusal
from ui import theme
from ui.games.pugs_in_mugs_parts import Figure, KindButton, MugShelf, Pips, SeatName, kind_text, text_width
from ui.screenshots import scene
from ui.widgets.basics import BigButton, Panel, Text

SYMBOL = dp(26)
NAME_GAP = dp(6)


def name_width(players) -> float:
    """A name column as wide as the longest whole name in bold (the seat whose turn it is), so every
    name reads on one line at the size read from the seats and the counts line up under each other."""
    return SYMBOL + NAME_GAP + max(text_width(player.name, theme.FONT_TABLE, bold=True) for player in players) + dp(4)


class PlayerRow(Panel):
    """One player: the whole name, the hand size (a key number) and the five Mug places. Where the
    Mugs are held back by the row's width (few players), the name goes above them and they get the
    whole width. At the end the hands no longer matter, so the winner screen leaves them out."""

    NAME_HEIGHT = theme.FONT_TABLE * 1.4

    def __init__(self, player, entry: dict, colours, *, active: bool, winner: bool = False, hand: bool = True,
                 name_room: float = dp(150), hand_room: float = dp(120), **kwargs):
        super().__init__(orientation="vertical", padding=[dp(6), dp(3)], spacing=dp(2), **kwargs)
        if active or winner:
            self.fill = theme.SURFACE_HIGH
        self.name_room = name_room
        self.name = SeatName(player, bold=active or winner, font_size=theme.FONT_TABLE, size_hint_x=None,
                             width=name_room, symbol=SYMBOL, spacing=NAME_GAP)
        self.line = BoxLayout(spacing=dp(6))
        self.line.add_widget(self.name)
        self.hand = None
        if hand:
            self.hand = Figure("cards", entry["hand"], size_hint_x=None, width=hand_room)
            self.line.add_widget(self.hand)
        self.shelf = MugShelf(colours, entry["mugs"])
        self.line.add_widget(self.shelf)
        self.add_widget(self.line)
        self.stacked = False
        self.bind(size=self._arrange)

    def _arrange(self, *_):
        beside = self.width - self.padding[0] - self.padding[2] - (self.hand.width + self.line.spacing if self.hand else 0)
        tall = self.height - self.padding[1] - self.padding[3]
        inline = self.shelf.mug_width(beside - self.name_room - self.line.spacing, tall)
        stacked = self.shelf.mug_width(beside, tall - self.NAME_HEIGHT - self.spacing) > inline
        if stacked == self.stacked:
            return
        self.stacked = stacked
        self.name.parent.remove_widget(self.name)
        if stacked:
            self.name.size_hint, self.name.height = (1, None), self.NAME_HEIGHT
            self.add_widget(self.name, index=len(self.children))
        else:
            self.name.size_hint, self.name.width = (None, 1), self.name_room
            self.line.add_widget(self.name, index=len(self.line.children))


class PugsInMugsView(BoxLayout):
    def __init__(self, controller, **kwargs):
        super().__init__(spacing=theme.GAP, **kwargs)
        self.controller = controller
        # An open picker's choices so far; kept here so a refused tap or a refresh never loses them.
        self.flow: dict | None = None
        self.flow_moves = 0
        self.rows: list[PlayerRow] = []
        # Rows kept from the last refresh by what they show: most moves change one row, and
        # building a row (five patterned Mugs, their words) is the slow part of a refresh.
        self._built_rows: dict[tuple, PlayerRow] = {}
        self.choices: dict[str, KindButton] = {}
        self.buttons: dict[str, BigButton] = {}
        self.headline = None

    # ----- what the players tell the app ---------------------------------------------------------
    @property
    def me(self) -> int:
        return self.controller.session.summary()["turn"]

    def open(self, kind: str) -> None:
        if kind == "draw":
            self.controller.perform(Action("draw", self.me))
            return
        if kind == "end_turn":
            entry = self.controller.session.summary()["players"][self.me]
            if entry["must_discard"] == 0:
                self.controller.perform(Action("end_turn", self.me, {"discards": []}))
                return
            self.flow = {"kind": "discard", "discards": []}
        else:
            self.flow = {"kind": kind}
        self.flow_moves = len(self.controller.session.actions)
        self.refresh()

    def close(self) -> None:
        self.flow = None
        self.refresh()

    def why_not(self, kind: str, **chosen) -> str:
        """Why the rules would refuse this choice now ("" when they would not): a greyed button says it."""
        return refusal(self.controller.session.state, kind, self.me, chosen) or ""

    def _tapped(self, button, act) -> None:
        # A greyed choice explains itself and changes nothing, so it is never a dead tap.
        if button.disabled_reason:
            self.controller.explain(button.disabled_reason)
        else:
            act()

    def choose(self, value) -> None:
        """One tap in the open picker: fill the next blank, and record the action once it is whole."""
        flow = self.flow
        kind = flow["kind"]
        if kind == "mischief":
            self.flow = {"kind": value}
        elif kind == "discard":
            flow["discards"].append(value)
        elif kind in ("steal", "surprise", "gimme") and "target" not in flow:
            flow["target"] = value
        elif kind == "exchange":
            flow["colour"] = value
        elif kind == "steal":
            flow["colour"] = value
        elif kind in ("surprise", "dig"):
            flow["card"] = value
        elif kind == "gimme" and "named" not in flow:
            flow["named"] = value
        elif kind == "gimme":
            flow["handed_over"] = value
        self._try_record()

    def remove_last(self) -> None:
        if self.flow and self.flow.get("discards"):
            self.flow["discards"].pop()
        self.refresh()

    def record_discards(self) -> bool:
        discards = list(self.flow["discards"])
        if self.controller.perform(Action("end_turn", self.me, {"discards": discards})):
            self.close()
            return True
        return False

    def _try_record(self) -> None:
        flow = self.flow
        needs = {"exchange": ("colour",), "steal": ("target", "colour"), "surprise": ("target", "card"),
                 "gimme": ("target", "named", "handed_over"), "dig": ("card",)}.get(flow["kind"])
        if needs and all(key in flow for key in needs):
            args = {key: flow[key] for key in needs}
            if self.controller.perform(Action(flow["kind"], self.me, args)):
                self.last_done = dict(flow)
                self.close()
                return
            # Refused: the reason is on screen; step back one choice so another can be tapped.
            flow.pop(needs[-1])
        self.refresh()

    # ----- drawing ---------------------------------------------------------------------------
    def refresh(self) -> None:
        summary = self.controller.session.summary()
        self.clear_widgets()
        self.rows, self.choices, self.buttons, self.headline = [], {}, {}, None
        self.orientation = "vertical" if summary["over"] else "horizontal"
        # A move taken back or put again under an open picker (Undo, Redo) may change whose turn it is.
        if summary["over"] or len(self.controller.session.actions) != self.flow_moves:
            self.flow = None
        if summary["over"]:
            self._winner(summary)
            return
        side = Panel(orientation="vertical", size_hint_x=None, width=dp(240), padding=dp(6), spacing=dp(4))
        self._status(side, summary)
        if self.flow is None:
            self.add_widget(self._table(summary))
            self._action_buttons(side, summary)
        else:
            # The picker takes the table's room: eight card kinds need it, and each choice says
            # what it means (a target's Mugs, a colour's pattern) so the shelves are not needed.
            picker = Panel(orientation="vertical", padding=dp(8), spacing=dp(6))
            self._picker(picker, side, summary)
            self.add_widget(picker)
        self.add_widget(side)

    def _table(self, summary: dict, winner: int | None = None) -> BoxLayout:
        colours = [entry["colour"] for entry in summary["colours"]]
        table = BoxLayout(orientation="vertical", spacing=dp(4))
        built = {}
        name_room = name_width(self.controller.players)
        digits = max(len(str(entry["hand"])) for entry in summary["players"])
        hand_room = Figure.width_beside("cards", digits, theme.FONT_KEY_NUMBER)
        for entry in summary["players"]:
            seat = entry["seat"]
            shows = (seat, entry["hand"], tuple(entry["mugs"]), seat == summary["turn"], seat == winner,
                     winner is None, hand_room)
            row = self._built_rows.get(shows)
            if row is None:
                row = PlayerRow(self.controller.players[seat], entry, colours, active=shows[3], winner=shows[4],
                                hand=shows[5], name_room=name_room, hand_room=hand_room)
            elif row.parent is not None:
                row.parent.remove_widget(row)
            built[shows] = row
            self.rows.append(row)
            table.add_widget(row)
        self._built_rows = built
        return table

    def _status(self, side, summary: dict) -> None:
        # Each line at the size read from the seats: whose turn, the actions left (dots and words),
        # then the deck and the discard pile, a count and its caption a line each.
        line = theme.FONT_TABLE * 1.3
        self.turn_badge = SeatName(self.controller.players[summary["turn"]], bold=True, font_size=theme.FONT_TABLE,
                                   size_hint_y=None, height=line)
        side.add_widget(self.turn_badge)
        left = summary["actions_left"]
        actions = BoxLayout(size_hint_y=None, height=line, spacing=dp(6))
        actions.add_widget(Pips(left, ACTIONS_PER_TURN, size_hint_x=None, width=dp(66)))
        self.actions_left = Label(text=f"{left} action{'s' if left != 1 else ''} left", font_size=theme.FONT_TABLE,
                                  color=theme.TEXT, halign="left", valign="middle")
        self.actions_left.bind(size=lambda label, size: setattr(label, "text_size", size))
        actions.add_widget(self.actions_left)
        side.add_widget(actions)
        self.deck = Figure("in the deck", summary["deck"], key=False, font_size=theme.FONT_TABLE, digits=2,
                           size_hint_y=None, height=line)
        self.discard = Figure("discarded", summary["discard_total"], key=False, font_size=theme.FONT_TABLE, digits=2,
                              size_hint_y=None, height=line)
        side.add_widget(self.deck)
        side.add_widget(self.discard)

    def _action_buttons(self, side, summary: dict) -> None:
        can_end = summary["can_end_turn"]
        for key, text in (("draw", "Draw"), ("exchange", "Exchange"), ("steal", "Steal"),
                          ("mischief", "Mischief"), ("end_turn", "End turn")):
            button = BigButton(text=text, size_hint_y=1, disabled_reason=self.why_not(key))
            button.bind(on_release=lambda b, k=key: self._tapped(b, lambda: self.open(k)))
            self.buttons[key] = button
        # The expected next tap gets the whole first row and the primary colour.
        first = self.buttons["end_turn" if can_end else "draw"]
        first.kind = "primary"
        first.size_hint_y, first.height = None, theme.TOUCH_PRIMARY
        side.add_widget(first)
        grid = GridLayout(cols=2, spacing=dp(6))
        for key in ("draw", "exchange", "steal", "mischief", "end_turn"):
            if self.buttons[key] is not first:
                grid.add_widget(self.buttons[key])
        side.add_widget(grid)

    def _picker(self, panel, side, summary: dict) -> None:
        flow, me = self.flow, summary["turn"]
        players = self.controller.players
        entries = summary["players"]
        mine = set(entries[me]["mugs"])
        options: list[tuple] = []  # (value, text, kind for swatch, note, why the rules refuse it or "")
        kind = flow["kind"]
        others = [seat for seat in range(len(entries)) if seat != me]
        # What is chosen so far, for asking the rules whether each next choice could still be taken.
        so_far = {key: value for key, value in flow.items() if key != "kind"}
        why = self.why_not
        if kind == "mischief":
            title = "Which Mischief card?"
            # Gimme and Dig each take one of the turn's two actions; Surprise takes none.
            needs = "both actions used" if summary["actions_left"] == 0 else "uses an action"
            options = [("surprise", "Surprise", None, "no action used", why("surprise")),
                       ("gimme", "Gimme", None, needs, why("gimme")), ("dig", "Dig", None, needs, why("dig"))]
        elif kind == "exchange":
            title = "Three Pugs swapped for which Mug?"
            options = [(c, kind_text(c), c, "have it" if c in mine else f"{summary['mug_supply'][c]} left",
                        why(kind, colour=c)) for c in COLOURS]
        elif kind in ("steal", "surprise", "gimme") and "target" not in flow:
            title = {"steal": "Steal from whom?", "surprise": "Surprise whom?", "gimme": "Gimme: ask whom?"}[kind]
            for seat in others:
                if kind == "steal":
                    stealable = [c for c in entries[seat]["mugs"] if c not in mine]
                    note = ", ".join(stealable) if stealable else "no Mug you lack"
                else:
                    hand = entries[seat]["hand"]
                    note = f"{hand} card{'s' if hand != 1 else ''}"
                options.append((seat, players[seat].name, None, note, why(kind, target=seat)))
        elif kind == "steal":
            target = flow["target"]
            title = f"Which of {players[target].name}'s Mugs?"
            options = [(c, kind_text(c), c, "you have one" if c in mine else "", why(kind, target=target, colour=c))
                       for c in entries[target]["mugs"]]
        elif kind == "surprise":
            title = f"Which card did {players[flow['target']].name} discard?"
            options = [(k, kind_text(k), k, "", why(kind, **so_far, card=k)) for k in KINDS]
        elif kind == "gimme" and "named" not in flow:
            title = "Which card was asked for?"
            options = [(k, kind_text(k), k, "", why(kind, **so_far, named=k)) for k in KINDS]
        elif kind == "gimme":
            title = f"Did {players[flow['target']].name} hand over a {kind_text(flow['named'])}?"
            options = [(True, "Yes, handed over", None, "", why(kind, **so_far, handed_over=True)),
                       (False, "No, had none", None, "", why(kind, **so_far, handed_over=False))]
        elif kind == "dig":
            title = "Which card was dug up?"
            options = [(k, kind_text(k), k, f"{summary['discard'][k]} in the pile", why(kind, card=k))
                       for k in KINDS]
        else:  # discard
            needed = entries[me]["must_discard"]
            chosen = flow["discards"]
            title = (f"{players[me].name} holds {entries[me]['hand']} cards, the limit is 5: tap each card "
                     f"discarded ({len(chosen)} of {needed})")
            options = [(k, kind_text(k), k, f"x{chosen.count(k)}" if k in chosen else "",
                        why("end_turn", discards=[*chosen, k])) for k in KINDS]
        # The prompt is read by the player filling the picker in, standing over it.
        panel.add_widget(Text(text=title, font_size=theme.FONT_BODY, bold=True, fine_print=True))
        grid = GridLayout(cols=2 if len(options) > 3 else 1, spacing=dp(6), size_hint_y=None)
        grid.bind(minimum_height=grid.setter("height"))
        for value, text, swatch, note, reason in options:
            button = KindButton(text, swatch, note=note, height=theme.TOUCH)
            button.disabled_reason = reason
            button.bind(on_release=lambda b, v=value: self._tapped(b, lambda: self.choose(v)))
            self.choices[str(value)] = button
            grid.add_widget(button)
        scroll = ScrollView(do_scroll_x=False, bar_width=dp(6))
        scroll.add_widget(grid)
        panel.add_widget(scroll)
        side.add_widget(BoxLayout())
        bottom = BoxLayout(size_hint_y=None, height=theme.TOUCH, spacing=dp(6))
        back = BigButton(text="Back", size_hint_y=1)
        back.bind(on_release=lambda *_: self.close())
        bottom.add_widget(back)
        self.buttons["back"] = back
        if kind == "discard":
            undo = BigButton(text="Remove", disabled=not flow["discards"], size_hint_y=1)
            undo.bind(on_release=lambda *_: self.remove_last())
            bottom.add_widget(undo)
        side.add_widget(bottom)
        if kind == "discard":
            record = BigButton(text="Done", kind="primary", height=theme.TOUCH_BIG,
                               disabled=len(flow["discards"]) != entries[me]["must_discard"])
            record.bind(on_release=lambda *_: self.record_discards())
            side.add_widget(record)
            self.buttons["record"] = record

    def _winner(self, summary: dict) -> None:
        column = BoxLayout(orientation="vertical", spacing=dp(6))
        self.headline = Text(text=f"{summary['winner_name']} has a Mug of every colour and wins!",
                             font_size=theme.FONT_TITLE, bold=True, color=theme.OK, halign="center")
        column.add_widget(self.headline)
        column.add_widget(self._table(summary, winner=summary["winner"]))
        self.add_widget(column)


VIEW = PugsInMugsView


# ----- screenshot scenes ------------------------------------------------------------------------
def _example(services, upto: int | None = None):
    import json
    from pathlib import Path

    from ui.scenes import FAMILY

    doc = json.loads((Path(__file__).resolve().parents[2] / "docs" / "examples" / "pugs_in_mugs.json").read_text())
    session = services.store.new_session("pugs_in_mugs", FAMILY[:2], doc["options"])
    for entry in doc["actions"][:upto]:
        session.perform(Action.from_json(entry))
    return session


def _busy_table(services, players: int = 4, moves: int = 90):
    """A seeded table mid-game, leaning towards exchanges and steals so the shelves fill up."""
    import random

    from ui.scenes import FAMILY

    extra = [*FAMILY, _fifth_player()]
    session = services.store.new_session("pugs_in_mugs", extra[:players], {})
    rng = random.Random(7)
    for _ in range(moves):
        legal = session.game.legal_actions(session.state, rng)
        keen = [a for a in legal if a.type in ("exchange", "steal")]
        choice = keen[0] if keen else rng.choice(legal)
        session.perform(choice)
        if session.is_over:
            break
    return session


def _fifth_player():
    from companion.players import Player

    return Player("Nan", "pink", 5)


def _open(services, navigator, session):
    from ui.screens.game import open_game_screen

    screen = open_game_screen(services, navigator, session)
    navigator.transition.stop()
    return screen


@scene("pugs-table", "Pugs in Mugs: Mug shelves with colour and pattern, hands, deck, actions left")
def pugs_table(services, navigator):
    _open(services, navigator, _busy_table(services, 5, 60))


@scene("pugs-steal", "Pugs in Mugs: the steal picker, target chosen, legal Mugs offered")
def pugs_steal(services, navigator):
    session = _example(services, 15)
    view = _open(services, navigator, session).view
    view.open("steal")
    view.choose(0)


@scene("pugs-discard", "Pugs in Mugs: ending a turn over the hand limit, tapping the discards")
def pugs_discard(services, navigator):
    session = _example(services, 54)
    view = _open(services, navigator, session).view
    view.open("end_turn")
    view.choose("purple")


@scene("pugs-greyed", "Pugs in Mugs: Surprise whom? with an empty-handed player greyed and the reason shown")
def pugs_greyed(services, navigator):
    from ui.scenes import FAMILY

    session = services.store.new_session("pugs_in_mugs", FAMILY[:3], {})
    no_luck = {"target": 0, "named": "red", "handed_over": False}
    for action in (Action("draw", 0), Action("draw", 0), Action("end_turn", 0, {"discards": []}),
                   Action("gimme", 1, no_luck), Action("gimme", 1, no_luck), Action("end_turn", 1, {"discards": []}),
                   Action("draw", 2), Action("draw", 2), Action("end_turn", 2, {"discards": []})):
        session.perform(action)
    screen = _open(services, navigator, session)
    screen.view.open("surprise")
    screen.view.choices["1"].dispatch("on_release")


@scene("pugs-end", "Pugs in Mugs: the winner with a Mug of every colour")
def pugs_end(services, navigator):
    _open(services, navigator, _example(services))
