"""What the game screen asks of every game's table view (`VIEW` in ui/games/<key>/): the one
interface it calls, declared here rather than probed for. A view is built as `VIEW(controller)`, lays
itself out once, and after every change the game screen calls `refresh()`, which updates what the
view shows from the game's summary and outcome.

A view that records moves from the players' big buttons or takes claims out of turn says so by also
deriving from ui.button_turns' TakesTurnButtons or TakesClaims."""

from __future__ import annotations

from typing import Any

from companion.actions import Action


class TableView:
    controller: Any

    def refresh(self) -> None:
        """Show the game as it stands now: the properties that changed, not a new layout."""
        raise NotImplementedError

    def take_back(self) -> str | None:
        """Undo tapped: where the pads hold something told since the last move (a stroke painted on a
        layout), take the last of it back and say what in the message bar's words; None leaves Undo
        to the game's moves."""
        return None

    def start_from(self, action: Action) -> None:
        """When an earlier move is being fixed: open the pads on what was told that time (a painted
        layout, counts), so the family corrects it instead of telling all of it again. Most moves are
        one tap, and the pads need nothing told."""
