"""What the active Pugs in Mugs player taps to tell the app what happened: the action buttons, and
the picker that opens in place of the table for a choice (colour, target, card, the discards over the
hand limit). Every choice the rules would refuse is greyed, and a tap on it says why."""

from __future__ import annotations

from typing import Any

from kivy.metrics import dp
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.scrollview import ScrollView

from companion.actions import Action
from companion.games.pugs_in_mugs.choices import MISCHIEF, refusal
from companion.games.pugs_in_mugs.state import COLOURS, HAND_LIMIT, KINDS, ActionType
from companion.words import counted
from ui import theme
from ui.games.pugs_in_mugs.widgets import KindButton, kind_text
from ui.widgets.basics import BigButton, Text

# The picker for ending a turn over the hand limit: the discards are tapped one by one.
DISCARD = "discard"

# The buttons beside the table: what each records or opens.
BUTTONS = ((ActionType.DRAW, "Draw"), (ActionType.EXCHANGE, "Exchange"), (ActionType.STEAL, "Steal"),
           (MISCHIEF, "Mischief"), (ActionType.END_TURN, "End turn"))

# What each action needs chosen on the picker before it is whole, in the order it is asked.
NEEDS: dict[str, tuple[str, ...]] = {
    ActionType.EXCHANGE: ("colour",), ActionType.STEAL: ("target", "colour"),
    ActionType.SURPRISE: ("target", "card"), ActionType.GIMME: ("target", "named", "handed_over"),
    ActionType.DIG: ("card",)}

# The Mischief picker: each card with what it costs of the turn (Gimme and Dig each take one of the
# turn's actions; Surprise takes none).
MISCHIEF_CARDS = ((ActionType.SURPRISE, "Surprise", False), (ActionType.GIMME, "Gimme", True),
                  (ActionType.DIG, "Dig", True))

# A picker choice: (value, text, kind for the swatch, note, why the rules refuse it or "").
Option = tuple[Any, str, str | None, str, str]


class Pads:
    """The table view's buttons and pickers. Mixed into the view, which gives `controller`, `me`
    (the seat whose turn it is), `refresh` and the `flow`, `flow_moves`, `choices` and `buttons` it
    keeps between refreshes."""

    controller: Any
    flow: dict[str, Any] | None
    flow_moves: int
    choices: dict[str, KindButton]
    buttons: dict[str, BigButton]

    @property
    def me(self) -> int:
        return self.controller.session.summary()["turn"]

    def refresh(self) -> None:
        raise NotImplementedError

    # ----- taps ------------------------------------------------------------------------------
    def open(self, kind: str) -> None:
        if kind == ActionType.DRAW:
            self.controller.perform(Action(ActionType.DRAW, self.me))
            return
        if kind == ActionType.END_TURN:
            entry = self.controller.session.summary()["players"][self.me]
            if entry["must_discard"] == 0:
                self.controller.perform(Action(ActionType.END_TURN, self.me, {"discards": []}))
                return
            self.flow = {"kind": DISCARD, "discards": []}
        else:
            self.flow = {"kind": kind}
        self.flow_moves = len(self.controller.session.actions)
        self.refresh()

    def close(self) -> None:
        self.flow = None
        self.refresh()

    def why_not(self, kind: str, **chosen: Any) -> str:
        """Why the rules would refuse this choice now ("" when they would not): a greyed button says it."""
        return refusal(self.controller.session.state, kind, self.me, chosen) or ""

    def _tapped(self, button: Any, act: Any) -> None:
        # A greyed choice explains itself and changes nothing, so it is never a dead tap.
        if button.disabled_reason:
            self.controller.explain(button.disabled_reason)
        else:
            act()

    def choose(self, value: Any) -> None:
        """One tap in the open picker: fill the next blank, and record the action once it is whole."""
        flow = self.flow
        assert flow is not None
        kind = flow["kind"]
        if kind == MISCHIEF:
            self.flow = {"kind": value}
        elif kind == DISCARD:
            flow["discards"].append(value)
        else:
            blank = next(key for key in NEEDS[kind] if key not in flow)
            flow[blank] = value
        self._try_record()

    def remove_last(self) -> None:
        if self.flow and self.flow.get("discards"):
            self.flow["discards"].pop()
        self.refresh()

    def record_discards(self) -> bool:
        assert self.flow is not None
        discards = list(self.flow["discards"])
        if self.controller.perform(Action(ActionType.END_TURN, self.me, {"discards": discards})):
            self.close()
            return True
        return False

    def _try_record(self) -> None:
        flow = self.flow
        assert flow is not None
        needs = NEEDS.get(flow["kind"])
        if needs and all(key in flow for key in needs):
            args = {key: flow[key] for key in needs}
            if self.controller.perform(Action(flow["kind"], self.me, args)):
                self.close()
                return
            # Refused: the reason is on screen; step back one choice so another can be tapped.
            flow.pop(needs[-1])
        self.refresh()

    # ----- drawing ---------------------------------------------------------------------------
    def action_buttons(self, side: BoxLayout, summary: dict[str, Any]) -> None:
        for key, text in BUTTONS:
            button = BigButton(text=text, size_hint_y=1, disabled_reason=self.why_not(key))
            button.bind(on_release=lambda b, k=key: self._tapped(b, lambda: self.open(k)))
            self.buttons[key] = button
        # The expected next tap gets the whole first row and the primary colour.
        first = self.buttons[ActionType.END_TURN if summary["can_end_turn"] else ActionType.DRAW]
        first.kind = "primary"
        first.size_hint_y, first.height = None, theme.TOUCH_PRIMARY
        side.add_widget(first)
        grid = GridLayout(cols=2, spacing=dp(4))
        for key, _text in BUTTONS:
            if self.buttons[key] is not first:
                grid.add_widget(self.buttons[key])
        side.add_widget(grid)

    def picker(self, panel: BoxLayout, side: BoxLayout, summary: dict[str, Any]) -> None:
        assert self.flow is not None
        kind = self.flow["kind"]
        title, options = self._options(summary)
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
        if kind == DISCARD:
            undo = BigButton(text="Remove", disabled=not self.flow["discards"], size_hint_y=1)
            undo.bind(on_release=lambda *_: self.remove_last())
            bottom.add_widget(undo)
        side.add_widget(bottom)
        if kind == DISCARD:
            record = BigButton(text="Done", kind="primary", height=theme.TOUCH_BIG,
                               disabled=len(self.flow["discards"]) != summary["players"][self.me]["must_discard"])
            record.bind(on_release=lambda *_: self.record_discards())
            side.add_widget(record)
            self.buttons["record"] = record

    def _options(self, summary: dict[str, Any]) -> tuple[str, list[Option]]:
        """The open picker's prompt and its choices, each asked of the rules with what is chosen so far."""
        assert self.flow is not None
        flow, me = self.flow, summary["turn"]
        players = self.controller.players
        entries = summary["players"]
        mine = set(entries[me]["mugs"])
        kind = flow["kind"]
        so_far = {key: value for key, value in flow.items() if key != "kind"}
        why = self.why_not
        if kind == MISCHIEF:
            both_used = summary["actions_left"] == 0
            return "Which Mischief card?", [
                (card, text, None, ("both actions used" if both_used else "uses an action") if costs
                 else "no action used", why(card)) for card, text, costs in MISCHIEF_CARDS]
        if kind == ActionType.EXCHANGE:
            return "Three Pugs swapped for which Mug?", [
                (c, kind_text(c), c, "have it" if c in mine else f"{summary['mug_supply'][c]} left",
                 why(kind, colour=c)) for c in COLOURS]
        if kind in (ActionType.STEAL, ActionType.SURPRISE, ActionType.GIMME) and "target" not in flow:
            title = {ActionType.STEAL: "Steal from whom?", ActionType.SURPRISE: "Surprise whom?",
                     ActionType.GIMME: "Gimme: ask whom?"}[kind]
            options: list[Option] = []
            for seat in range(len(entries)):
                if seat == me:
                    continue
                if kind == ActionType.STEAL:
                    stealable = [c for c in entries[seat]["mugs"] if c not in mine]
                    note = ", ".join(stealable) if stealable else "no Mug you lack"
                else:
                    hand = entries[seat]["hand"]
                    note = counted(hand, "card")
                options.append((seat, players[seat].name, None, note, why(kind, target=seat)))
            return title, options
        if kind == ActionType.STEAL:
            target = flow["target"]
            return f"Which of {players[target].name}'s Mugs?", [
                (c, kind_text(c), c, "you have one" if c in mine else "", why(kind, target=target, colour=c))
                for c in entries[target]["mugs"]]
        if kind == ActionType.SURPRISE:
            return f"Which card did {players[flow['target']].name} discard?", [
                (k, kind_text(k), k, "", why(kind, **so_far, card=k)) for k in KINDS]
        if kind == ActionType.GIMME and "named" not in flow:
            return "Which card was asked for?", [
                (k, kind_text(k), k, "", why(kind, **so_far, named=k)) for k in KINDS]
        if kind == ActionType.GIMME:
            return f"Did {players[flow['target']].name} hand over a {kind_text(flow['named'])}?", [
                (True, "Yes, handed over", None, "", why(kind, **so_far, handed_over=True)),
                (False, "No, had none", None, "", why(kind, **so_far, handed_over=False))]
        if kind == ActionType.DIG:
            return "Which card was dug up?", [
                (k, kind_text(k), k, f"{summary['discard'][k]} in the pile", why(kind, card=k)) for k in KINDS]
        # The discards over the hand limit.
        needed = entries[me]["must_discard"]
        chosen = flow["discards"]
        title = (f"{players[me].name} holds {entries[me]['hand']} cards, the limit is {HAND_LIMIT}: tap each card "
                 f"discarded ({len(chosen)} of {needed})")
        return title, [(k, kind_text(k), k, f"x{chosen.count(k)}" if k in chosen else "",
                        why(ActionType.END_TURN, discards=[*chosen, k])) for k in KINDS]
