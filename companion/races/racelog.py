"""The race log: one JSON object per line, in the order things were delivered.

    {"event": "arm", "t_ns": 5000000000, "kind": "claim", "players": [1, 2, 3]}
    {"event": "edge", "player": 2, "pressed": true, "t_ns": 5210000000}
    {"event": "decision", ...}          (written by the app; ignored when replaying)
    {"event": "raced_again"}            (the table ran the race again instead of accepting it)

The arm line's `t_ns` is the start cue. Optional arm keys: `held` (buttons already down when the
race was armed), `seed` (for a tie draw), `settings` (the race section of config.json in force, so
a replay decides under the same rules). An edge line before the arm line is a press made before the
race was armed: a false start. See docs/races.md.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Iterable

from ..errors import BadDocument, BadOption
from .errors import BadRace
from .model import Arm, Edge, RaceDecision

_ARM_KEYS = {"event", "t_ns", "kind", "players", "held", "seed", "settings"}
_EDGE_KEYS = {"event", "player", "pressed", "t_ns"}
# Added to a saved race the table chose to run again: its result went into no game, yet the race is kept.
RACED_AGAIN_LINE: dict[str, Any] = {"event": "raced_again"}


@dataclass
class RaceLog:
    """A parsed log: the events in delivery order (Arm and Edge objects) and their line numbers."""

    events: list[Arm | Edge] = field(default_factory=list)
    lines: list[int] = field(default_factory=list)
    settings: dict[str, Any] = field(default_factory=dict)
    recorded_decision: dict[str, Any] | None = None
    raced_again: bool = False

    @property
    def arm(self) -> Arm:
        return next(event for event in self.events if isinstance(event, Arm))

    @property
    def arm_line(self) -> int:
        return next(line for event, line in zip(self.events, self.lines) if isinstance(event, Arm))


def _fail(number: int, message: str) -> BadDocument:
    return BadDocument(f"race log line {number}: {message}")


def _parse_arm(number: int, document: dict[str, Any]) -> tuple[Arm, dict[str, Any]]:
    unknown = set(document) - _ARM_KEYS
    if unknown:
        raise _fail(number, f"arm has unknown key(s) {', '.join(sorted(unknown))}; "
                            f"allowed: {', '.join(sorted(_ARM_KEYS))}")
    for key in ("t_ns", "kind", "players"):
        if key not in document:
            raise _fail(number, f"arm is missing {key!r} (an arm line needs t_ns, kind and players)")
    players, held = document["players"], document.get("held", [])
    if not isinstance(players, list):
        raise _fail(number, f"arm players must be a list of button numbers, got {players!r}")
    if not isinstance(held, list):
        raise _fail(number, f"arm held must be a list of button numbers, got {held!r}")
    settings = document.get("settings", {})
    if not isinstance(settings, dict):
        raise _fail(number, f"arm settings must be an object like the race section of config.json, got {settings!r}")
    try:
        arm = Arm(kind=document["kind"], players=tuple(players), t_ns=document["t_ns"],
                  held=frozenset(held), seed=document.get("seed"))
    except BadRace as error:
        raise _fail(number, str(error)) from None
    except TypeError:
        raise _fail(number, f"arm held must list button numbers, got {held!r}") from None
    return arm, settings


def _parse_edge(number: int, document: dict[str, Any]) -> Edge:
    unknown = set(document) - _EDGE_KEYS
    if unknown:
        raise _fail(number, f"edge has unknown key(s) {', '.join(sorted(unknown))}; "
                            f"allowed: {', '.join(sorted(_EDGE_KEYS))}")
    missing = [key for key in ("player", "pressed", "t_ns") if key not in document]
    if missing:
        raise _fail(number, f"edge is missing {', '.join(map(repr, missing))} (an edge line needs player, pressed, t_ns)")
    try:
        return Edge(player=document["player"], pressed=document["pressed"], t_ns=document["t_ns"])
    except BadRace as error:
        raise _fail(number, str(error)) from None


def parse(text: str) -> RaceLog:
    """Parse a race log. Raises BadDocument naming the line and what is wrong with it."""
    log = RaceLog()
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            document = json.loads(line)
        except json.JSONDecodeError as error:
            raise _fail(number, f"not valid JSON ({error.msg} at column {error.colno})") from None
        if not isinstance(document, dict):
            raise _fail(number, f"expected a JSON object like {{\"event\": \"edge\", ...}}, got {line.strip()[:40]}")
        event = document.get("event")
        if event == "arm":
            if any(isinstance(e, Arm) for e in log.events):
                raise _fail(number, f"a second arm line (the race was armed on line {log.arm_line}); "
                                    "put each race in its own file")
            arm, log.settings = _parse_arm(number, document)
            log.events.append(arm)
            log.lines.append(number)
        elif event == "edge":
            log.events.append(_parse_edge(number, document))
            log.lines.append(number)
        elif event == "decision":
            log.recorded_decision = document
        elif event == "raced_again":
            log.raced_again = True
        else:
            raise _fail(number, f"unknown event {event!r}; expected \"arm\", \"edge\", \"decision\" "
                                "or \"raced_again\"")
    if not any(isinstance(e, Arm) for e in log.events):
        raise BadDocument("race log has no arm line: add {\"event\": \"arm\", \"t_ns\": ..., "
                          "\"kind\": \"bones\" or \"claim\", \"players\": [...]} before the race's edges")
    _check_held(log)
    return log


def _check_held(log: RaceLog) -> None:
    """A button the arm line lists as held was down when the race was armed, so the log cannot also
    let it go before the arm: the arbiter would take the arm's word and a replay the edges', and a
    held button could win the replay."""
    arm = log.arm
    before = [(event, line) for event, line in zip(log.events, log.lines)
              if isinstance(event, Edge) and line < log.arm_line and event.player in arm.held]
    for button in sorted(arm.held):
        mine = sorted((pair for pair in before if pair[0].player == button), key=lambda pair: pair[0].t_ns)
        if mine and not mine[-1][0].pressed:
            raise _fail(mine[-1][1], f"button {button} is let go before the arm, yet the arm line (line "
                                     f"{log.arm_line}) lists it as held: the log contradicts itself")


def check_decided(lines: list[dict[str, Any]]) -> RaceLog:
    """A stored race log, read as `parse` reads one, whose decision line (the one the players' records
    count) names as winners only buttons that raced and were not held down at the arm."""
    log = parse(dumps(lines))
    if log.recorded_decision is None:
        return log
    decision = log.recorded_decision
    winners = decision.get("winners")
    stuck = decision.get("stuck")
    held = set(log.arm.held) | (set(stuck) if isinstance(stuck, list) and all(isinstance(b, int) for b in stuck) else set())
    for button in winners if isinstance(winners, list) else ():
        if button not in log.arm.players:
            raise BadDocument(f"race log: the decision names button {button!r} a winner, but it was not in the race")
        if button in held:
            raise BadDocument(f"race log: the decision names button {button} a winner, but it was held down at the "
                              "arm, and a held button cannot win")
    return log


def race_settings(log: RaceLog, config_race: dict[str, Any]) -> dict[str, Any]:
    """The race section to replay with: config.json's, overridden by the arm line's `settings`."""
    from ..config import validate

    try:
        race: dict[str, Any] = validate({"race": {**config_race, **log.settings}})["race"]
        return race
    except BadOption as error:
        raise _fail(log.arm_line, f"arm settings: {error}") from None


def arm_line(arm: Arm, settings: dict[str, Any] | None = None) -> dict[str, Any]:
    line: dict[str, Any] = {"event": "arm", "t_ns": arm.t_ns, "kind": arm.kind, "players": list(arm.players)}
    if arm.held:
        line["held"] = sorted(arm.held)
    if arm.seed is not None:
        line["seed"] = arm.seed
    if settings:
        line["settings"] = dict(settings)
    return line


def edge_line(edge: Edge) -> dict[str, Any]:
    return {"event": "edge", "player": edge.player, "pressed": edge.pressed, "t_ns": edge.t_ns}


def decision_line(decision: RaceDecision) -> dict[str, Any]:
    return {"event": "decision", **decision.to_json()}


def logged_decision(lines: Iterable[Any]) -> RaceDecision | None:
    """What the app decided, from a stored log's last decision line; None for a log without one or with
    one that cannot be read back (the edges are still there to replay)."""
    decisions = [line for line in lines if isinstance(line, dict) and line.get("event") == "decision"]
    if not decisions:
        return None
    try:
        return RaceDecision.from_json(decisions[-1])
    except BadRace:
        return None


def was_raced_again(lines: Iterable[Any]) -> bool:
    """True for a stored race the table ran again: its decision was put in no game."""
    return any(isinstance(line, dict) and line.get("event") == "raced_again" for line in lines)


def dumps(lines: Iterable[dict[str, Any]]) -> str:
    return "".join(json.dumps(line, sort_keys=False) + "\n" for line in lines)
