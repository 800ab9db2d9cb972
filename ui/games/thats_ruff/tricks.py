"""Spending fetched discs on tricks (the abilities variant): a menu for the player whose turn it is,
with each trick's price. Stepping back is one tap; moving a disc takes the disc's space and then the
space it flies to, tapped on a copy of the dog's path. The rules decide whether it is allowed: a refusal
(too few discs, a space that already has a disc, the dog's own space) is explained in the message bar
and changes nothing."""

from __future__ import annotations

from kivy.metrics import dp
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.modalview import ModalView

from companion.actions import Action
from companion.games.thats_ruff.state import HOUSE, ActionType, Phase
from ui import theme
from ui.games.thats_ruff.widgets import NameTag, SpaceButton, compact, fit_popup, name_font, row_height
from ui.widgets.basics import BigButton, Panel, Text


def discs(count: int) -> str:
    return f"{count} disc{'s' if count != 1 else ''}"


def tricks_button(on_release, **kwargs) -> BigButton:
    """The way into the menu, on the Counting and the Collecting pads while tricks are on."""
    kwargs.setdefault("font_size", theme.FONT_SMALL if compact() else theme.FONT_BODY)
    kwargs.setdefault("height", row_height())
    button = BigButton(text="Tricks", **kwargs)
    button.bind(on_release=lambda *_: on_release())
    return button


class TricksPopup(ModalView):
    # Worked by the one player paying for a trick, up close; what it changes shows on the table after.
    fine_print = True

    def __init__(self, controller, summary: dict, **kwargs):
        super().__init__(size_hint=(0.97, 0.94), auto_dismiss=True, **kwargs)
        self.controller = controller
        self.seat = summary["turn"]
        self.phase = summary["phase"]
        self.costs = summary["abilities"]["costs"]
        board = summary["boards"][summary["players"][self.seat]["board"]]
        self.board = board
        self.source: int | None = None
        player = controller.players[self.seat]
        panel = Panel(orientation="vertical", padding=dp(10), spacing=dp(8))
        head = BoxLayout(spacing=theme.GAP, size_hint_y=None, height=row_height())
        head.add_widget(NameTag([player.identity], player.name,
                                f"{board['dog']} has {discs(board['discs_in_house'])} in the dog house",
                                font_size=name_font()))
        self.close_button = BigButton(text="Close", size_hint_x=None, width=dp(110), height=row_height(),
                                      font_size=name_font())
        self.close_button.bind(on_release=lambda *_: self.dismiss())
        head.add_widget(self.close_button)
        panel.add_widget(head)
        step = self.costs["step_back"]
        collecting = self.phase == Phase.COLLECTING
        self.step_back_button = BigButton(
            text=(f"Step back one space: {discs(step)}" if collecting
                  else f"Step back ({discs(step)}): only while collecting"),
            height=row_height(), font_size=name_font(), disabled=not collecting)
        self.step_back_button.bind(on_release=lambda *_: self.step_back())
        panel.add_widget(self.step_back_button)
        self.retoss_hint = Text(text="", font_size=name_font())
        panel.add_widget(self.retoss_hint)
        spaces = BoxLayout(spacing=dp(4), size_hint_y=None, height=row_height())
        identity = controller.players[board["seats"][0]].identity
        self.space_buttons: list[SpaceButton] = []
        for space in range(HOUSE):
            button = SpaceButton(space, font_size=name_font())
            button.show(space in board["discs_on_path"],
                        identity if space == board["position"] else None, board["dog"])
            button.bind(on_release=lambda _, s=space: self.tap_space(s))
            self.space_buttons.append(button)
            spaces.add_widget(button)
        panel.add_widget(spaces)
        panel.add_widget(Text(text=f"Staying in the dog house costs {discs(self.costs['stay'])} per space "
                                   f"(Stay home).", font_size=theme.FONT_SMALL, color=theme.TEXT_DIM))
        self.add_widget(panel)
        fit_popup(self, panel)
        self._hint()

    def _hint(self, text: str | None = None) -> None:
        price = discs(self.costs["retoss"])
        if text is None:
            if self.source is None:
                text = (f"Move a disc ({price}): tap a disc on {self.board['dog']}'s path, then the space it "
                        f"flies to." if self.board["discs_on_path"] else
                        f"Move a disc ({price}): no disc lies on {self.board['dog']}'s path now.")
            else:
                text = f"Move a disc ({price}): now tap the space the disc on {self.source} flies to."
        self.retoss_hint.text = text
        for button in self.space_buttons:
            button.selected = button.space == self.source

    def step_back(self) -> bool:
        self.dismiss()
        return self.controller.perform(Action(ActionType.USE_ABILITY, self.seat, {"ability": "step_back"}))

    def tap_space(self, space: int) -> bool:
        if self.source is None:
            if space not in self.board["discs_on_path"]:
                self._hint(f"Space {space} has no disc to move: tap a space with a disc (yellow) first.")
                return False
            self.source = space
            self._hint()
            return False
        if space == self.source:
            self.source = None
            self._hint()
            return False
        self.dismiss()
        return self.controller.perform(Action(ActionType.USE_ABILITY, self.seat,
                                              {"ability": "retoss", "from": self.source, "to": space}))
