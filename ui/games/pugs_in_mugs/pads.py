"""What the active Pugs in Mugs player taps to tell the app what happened: the action buttons, and
the picker that opens in place of the table for a choice (colour, target, card, the discards over the
hand limit). Every choice the rules would refuse is greyed, and a tap on it says why.

Which choices an action needs, in the order they are asked, is the table NEEDS; what each choice
offers, and whether the rules would take it, is asked of the core (`choices.refusal`). The buttons and
the picker's choices are made once and shown again with other words; a tap changes what they say."""

from __future__ import annotations

import math
from typing import Any

from kivy.metrics import dp
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout

from companion.actions import Action
from companion.games.pugs_in_mugs.choices import MISCHIEF, refusal
from companion.games.pugs_in_mugs.state import COLOURS, HAND_LIMIT, KINDS, ActionType
from companion.games.pugs_in_mugs.summary import PugsSummary
from companion.words import counted
from ui import theme
from ui.controller import GameController
from ui.games.pugs_in_mugs.widgets import KindChoice, card_words, kind_text
from ui.widgets.basics import BigButton, Panel, Text

# The picker for ending a turn over the hand limit: the discards are tapped one by one.
DISCARD = "discard"

# The buttons beside the table: what each records or opens.
BUTTONS = ((ActionType.DRAW, "Draw"), (ActionType.EXCHANGE, "Exchange"), (ActionType.STEAL, "Steal"),
           (MISCHIEF, "Mischief"), (ActionType.END_TURN, "End turn"))

# The buttons under the expected next one, two a row, each a target at least: the least room they
# take under it.
ACTIONS_COLUMNS = 2
ACTIONS_SPACING = dp(4)
ACTIONS_ROWS = math.ceil((len(BUTTONS) - 1) / ACTIONS_COLUMNS)
ACTIONS_LEAST_HEIGHT = theme.TOUCH_PRIMARY + ACTIONS_ROWS * (ACTIONS_SPACING + theme.TARGET)

# What each action needs chosen on the picker before it is whole, in the order it is asked.
NEEDS: dict[str, tuple[str, ...]] = {
    ActionType.EXCHANGE: ("colour",), ActionType.STEAL: ("target", "colour"),
    ActionType.SURPRISE: ("target", "card"), ActionType.GIMME: ("target", "named", "handed_over"),
    ActionType.DIG: ("card",)}

# The Mischief picker: each card with what it costs of the turn (Gimme and Dig each take one of the
# turn's actions; Surprise takes none).
MISCHIEF_CARDS = ((ActionType.SURPRISE, "Surprise", False), (ActionType.GIMME, "Gimme", True),
                  (ActionType.DIG, "Dig", True))

# A picker choice: (value, text, colour for the swatch, note, why the rules refuse it or "").
Option = tuple[Any, str, str, str, str]

# The most choices a picker offers: every card kind.
MOST_CHOICES = len(KINDS)


class Pads:
    """The table view's buttons and picker. Mixed into the view, which gives `controller`, `summary`
    (the latest) and `show_flow()` (which puts the table or the picker in the main place)."""

    controller: GameController
    summary: PugsSummary

    def make_pads(self) -> None:
        """The buttons and the picker's choices, made once for the whole game."""
        # An open picker's choices so far; kept here so a refused tap or a refresh never loses them.
        self.flow: dict[str, Any] | None = None
        self.flow_moves = 0
        self.buttons: dict[str, BigButton] = {}
        for key, text in BUTTONS:
            button = BigButton(text=text, size_hint_y=1)
            button.bind(on_release=lambda b, k=key: self._tapped(b, lambda: self.open(k)))
            self.buttons[key] = button
        self.first_action = BoxLayout(size_hint_y=None, height=theme.TOUCH_PRIMARY)
        self.other_actions = GridLayout(cols=ACTIONS_COLUMNS, spacing=ACTIONS_SPACING)
        self.actions = BoxLayout(orientation="vertical", spacing=ACTIONS_SPACING)
        self.actions.add_widget(self.first_action)
        self.actions.add_widget(self.other_actions)
        self._arrange_actions(ActionType.DRAW)

        self.picker_title = Text(text="", font_size=theme.FONT_BODY, bold=True, fine_print=True)
        self.picker_grid = GridLayout(cols=2, spacing=dp(6), size_hint_y=None)
        self.picker_grid.bind(minimum_height=self.picker_grid.setter("height"))
        self.picker = Panel(orientation="vertical", padding=dp(8), spacing=dp(6))
        self.picker.add_widget(self.picker_title)
        self.picker.add_widget(self.picker_grid)
        self.picker.add_widget(BoxLayout())
        self.pool = [KindChoice(height=theme.TOUCH, font_size=theme.FONT_BODY) for _ in range(MOST_CHOICES)]
        for choice in self.pool:
            choice.bind(on_release=lambda c: self._tapped(c, lambda: self.choose(c.value)))
        self.choices: dict[str, KindChoice] = {}

        back = BigButton(text="Back", size_hint_y=1)
        back.bind(on_release=lambda b: self._tapped(b, self.close))
        self.remove_button = BigButton(text="Remove", size_hint_y=1)
        self.remove_button.bind(on_release=lambda b: self._tapped(b, self.remove_last))
        record = BigButton(text="Done", kind="primary", height=theme.TOUCH_BIG)
        record.bind(on_release=lambda b: self._tapped(b, self.record_discards))
        self.buttons.update(back=back, record=record)
        self.picker_controls = BoxLayout(orientation="vertical", spacing=dp(6))
        self.picker_controls.add_widget(BoxLayout())
        self.way_back = BoxLayout(size_hint_y=None, height=theme.TOUCH, spacing=dp(6))
        self.way_back.add_widget(back)
        self.picker_controls.add_widget(self.way_back)

    @property
    def me(self) -> int:
        turn = self.summary["turn"]
        assert turn is not None, "the pads are shown only while the game goes on"
        return turn

    def show_flow(self) -> None:
        raise NotImplementedError

    # ----- taps ------------------------------------------------------------------------------
    def open(self, kind: str) -> None:
        if kind == ActionType.DRAW:
            self.controller.perform(Action(ActionType.DRAW, self.me))
            return
        if kind == ActionType.END_TURN:
            if self.summary["players"][self.me]["must_discard"] == 0:
                self.controller.perform(Action(ActionType.END_TURN, self.me, {"discards": []}))
                return
            self.flow = {"kind": DISCARD, "discards": []}
        else:
            self.flow = {"kind": kind}
        self.flow_moves = len(self.controller.session.actions)
        self.show_flow()

    def close(self) -> None:
        self.flow = None
        self.show_flow()

    def why_not(self, kind: str, **chosen: Any) -> str:
        """Why the rules would refuse this choice now ("" when they would not): a greyed button says it."""
        return refusal(self.controller.session.state, kind, self.me, chosen) or ""

    def _tapped(self, button: Any, act: Any) -> None:
        # A greyed choice explains itself and changes nothing, so it is never a dead tap.
        if button.disabled_reason:
            self.controller.explain(button.disabled_reason)
        else:
            self.controller.taken()
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
        self.show_flow()

    def record_discards(self) -> bool:
        assert self.flow is not None
        discards = list(self.flow["discards"])
        return self.controller.perform(Action(ActionType.END_TURN, self.me, {"discards": discards}))

    def _try_record(self) -> None:
        flow = self.flow
        assert flow is not None
        needs = NEEDS.get(flow["kind"])
        if needs and all(key in flow for key in needs):
            args = {key: flow[key] for key in needs}
            if self.controller.perform(Action(flow["kind"], self.me, args)):
                return
            # Refused: the reason is on screen; step back one choice so another can be tapped.
            flow.pop(needs[-1])
        self.show_flow()

    # ----- showing ---------------------------------------------------------------------------
    def show_actions(self) -> None:
        """The action buttons as the rules stand: what they would refuse greyed with the reason, and
        the expected next tap in the primary colour, in the first row."""
        for key, button in self.buttons.items():
            if key in dict(BUTTONS):
                button.disabled_reason = self.why_not(key)
        self._arrange_actions(ActionType.END_TURN if self.summary["can_end_turn"] else ActionType.DRAW)

    def _arrange_actions(self, first: str) -> None:
        primary = self.buttons[first]
        if primary.parent is self.first_action:
            return
        self.first_action.clear_widgets()
        self.other_actions.clear_widgets()
        for key, button in self.buttons.items():
            if key not in dict(BUTTONS):
                continue
            button.kind = "primary" if button is primary else "normal"
            (self.first_action if button is primary else self.other_actions).add_widget(button)

    def show_picker(self) -> None:
        """The open picker's prompt and choices, each asked of the rules with what is chosen so far."""
        assert self.flow is not None
        title, options = self._options()
        self.picker_title.text = title
        self.picker_grid.cols = 2 if len(options) > 3 else 1
        self.picker_grid.clear_widgets()
        self.choices = {}
        # A player is offered with their shape in their colour, as their seat shows them.
        picks_a_player = self.flow["kind"] in (ActionType.STEAL, ActionType.SURPRISE, ActionType.GIMME) \
            and "target" not in self.flow
        discarding = self.flow["kind"] == DISCARD
        for choice, (value, text, swatch, note, reason) in zip(self.pool, options):
            choice.value = value
            choice.text, choice.swatch, choice.note, choice.disabled_reason = text, swatch, note, reason
            # A discard already tapped is ringed, so it looks chosen even once every card is greyed.
            choice.selected = discarding and value in self.flow["discards"]
            identity = self.controller.players[value].identity if picks_a_player else None
            choice.shape = identity.symbol if identity else ""
            choice.shape_rgba = list(theme.with_alpha(identity.rgb)) if identity else [1, 1, 1, 1]
            self.choices[str(value)] = choice
            self.picker_grid.add_widget(choice)
        record = self.buttons["record"]
        if discarding:
            self.remove_button.disabled_reason, record.disabled_reason = self._discard_reasons()
        shown = self.remove_button.parent is not None
        if discarding and not shown:
            self.way_back.add_widget(self.remove_button)
            self.picker_controls.add_widget(record)
        elif not discarding and shown:
            self.way_back.remove_widget(self.remove_button)
            self.picker_controls.remove_widget(record)

    def _discard_reasons(self) -> tuple[str, str]:
        """Why Remove and Done can't be taken yet ("" when they can): a greyed one says what to do."""
        assert self.flow is not None
        name = self.controller.players[self.me].name
        needed = self.summary["players"][self.me]["must_discard"]
        chosen = len(self.flow["discards"])
        remove = "" if chosen else f"No card is chosen yet: tap each card {name} discarded."
        done = "" if chosen == needed else (
            f"First tap the {counted(needed - chosen, 'more card' if chosen else 'card')} {name} discarded, then Done.")
        return remove, done

    def _options(self) -> tuple[str, list[Option]]:
        assert self.flow is not None
        flow, summary, me = self.flow, self.summary, self.me
        players = self.controller.players
        entries = summary["players"]
        mine = set(entries[me]["mugs"])
        kind = flow["kind"]
        so_far = {key: value for key, value in flow.items() if key != "kind"}
        why = self.why_not
        if kind == MISCHIEF:
            both_used = summary["actions_left"] == 0
            return "Which Mischief card?", [
                (card, text, "", ("both actions used" if both_used else "uses an action") if costs
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
                    note = counted(entries[seat]["hand"], "card")
                options.append((seat, players[seat].name, "", note, why(kind, target=seat)))
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
            return f"Did {players[flow['target']].name} hand over a {card_words(flow['named'])}?", [
                (True, "Yes, handed over", "", "", why(kind, **so_far, handed_over=True)),
                (False, "No, had none", "", "", why(kind, **so_far, handed_over=False))]
        if kind == ActionType.DIG:
            return "Which card was dug up?", [
                (k, kind_text(k), k, f"{summary['discard'][k]} in the pile", why(kind, card=k)) for k in KINDS]
        # The discards over the hand limit.
        needed = entries[me]["must_discard"]
        chosen = flow["discards"]
        title = (f"{players[me].name} holds {counted(entries[me]['hand'], 'card')}, the limit is {HAND_LIMIT}: tap "
                 f"each card discarded ({len(chosen)} of {needed})")
        return title, [(k, kind_text(k), k, counted(chosen.count(k), "chosen", "chosen") if k in chosen else "",
                        why(ActionType.END_TURN, discards=[*chosen, k])) for k in KINDS]
