"""The action value object: one thing that happened at the table, as the players told it."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Mapping

from .errors import BadDocument

_RESERVED = ("type", "player")


@dataclass(frozen=True)
class Action:
    """`type` names the action in the game's vocabulary (see docs/games/); `player` is a seat
    index (0 = first seat) or None for table-wide actions; `args` holds the rest, JSON values only."""

    type: str
    player: int | None = None
    args: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        object.__setattr__(self, "args", MappingProxyType(dict(self.args)))

    def __getitem__(self, key: str) -> Any:
        return self.args[key]

    def get(self, key: str, default: Any = None) -> Any:
        return self.args.get(key, default)

    def to_json(self) -> dict[str, Any]:
        doc: dict[str, Any] = {"type": self.type}
        if self.player is not None:
            doc["player"] = self.player
        doc.update(self.args)
        return doc

    @classmethod
    def from_json(cls, doc: Any, *, where: str = "action") -> "Action":
        if not isinstance(doc, dict):
            raise BadDocument(f"{where}: expected an object like {{\"type\": \"draw\", \"player\": 0}}, got {json.dumps(doc)}")
        if not isinstance(doc.get("type"), str) or not doc["type"]:
            raise BadDocument(f"{where}: every action needs a \"type\" naming what happened")
        player = doc.get("player")
        if player is not None and (not isinstance(player, int) or isinstance(player, bool)):
            raise BadDocument(f"{where}: \"player\" must be a seat number (0 for the first seat), got {json.dumps(player)}")
        args = {k: v for k, v in doc.items() if k not in _RESERVED}
        return cls(doc["type"], player, args)

    def __repr__(self) -> str:
        return f"Action({json.dumps(self.to_json(), sort_keys=True)})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Action) and self.to_json() == other.to_json()

    def __hash__(self) -> int:
        return hash(json.dumps(self.to_json(), sort_keys=True))


@dataclass(frozen=True)
class Fix:
    """A correction found later: move number `move` (1 is the first) was really `action`. Every move
    after it stands as it was told and is replayed on top, so the totals after it follow the log."""

    move: int
    action: Action

    def to_json(self) -> dict[str, Any]:
        return {"move": self.move, "action": self.action.to_json()}

    @classmethod
    def from_json(cls, doc: Any, *, where: str = "fix") -> "Fix":
        if not isinstance(doc, dict) or set(doc) != {"move", "action"}:
            raise BadDocument(f"{where}: a fix is an object like {{\"move\": 3, \"action\": {{...}}}}, "
                              f"got {json.dumps(doc)[:80]}")
        move = doc["move"]
        if not isinstance(move, int) or isinstance(move, bool) or move < 1:
            raise BadDocument(f"{where}: \"move\" must be a move number from 1, got {json.dumps(move)}")
        return cls(move, Action.from_json(doc["action"], where=f"{where} action"))
