"""Race logs as the app writes them (arm line, edge lines, decision line), decided by the real arbiter,
and a bone race played into a Nuts about Mutts game the way the race screen hands it over."""

from __future__ import annotations

from mutts_support import play_out_hand

from companion.actions import Action
from companion.players import IDENTITIES, Player
from companion.races.arbiter import Arbiter
from companion.races.model import Arm, Edge, RaceSettings, ms_to_ns
from companion.races.racelog import arm_line, decision_line, edge_line, logged_decision
from companion.session import Session

CUE = 50_000_000_000


def race(kind: str, players: list[int], presses_ms: dict[int, float], *, cue_ns: int = CUE,
         decide: bool = True) -> list[dict]:
    """A race log decided by the arbiter. A negative time is a press before the cue: a false start."""
    arbiter = Arbiter(RaceSettings(), seed_source=lambda: 7)
    arm = Arm(kind, tuple(players), cue_ns)
    arbiter.arm(arm)
    lines = [arm_line(arm)]
    for button, ms in sorted(presses_ms.items(), key=lambda item: item[1]):
        edge = Edge(button, True, cue_ns + ms_to_ns(ms))
        arbiter.edge(edge)
        lines.append(edge_line(edge))
    if decide:
        lines.append(decision_line(arbiter.finish(cue_ns + 10_000_000_000)))
    return lines


def claim(first: int, presses_after_ms: dict[int, float]) -> list[dict]:
    """A claim race as the app arms it: its cue put one settle window (30 ms) before the first press."""
    return race("claim", sorted({first, *presses_after_ms}),
                {first: 30.0, **{b: 30.0 + ms for b, ms in presses_after_ms.items()}})


def bone_race(session: Session, presses_ms: dict[int, float], save_race=None) -> None:
    """A Mutt card played and its bone race run on the players' buttons: the log is saved with the game
    (`save_race`, as the race screen does the moment it is decided) and handed to the game inside the
    move, in seats, as the race screen hands it over."""
    seat_of = {player.button: seat for seat, player in enumerate(session.players)}
    session.perform(Action("play", session.summary()["turn"], {"card": "mutt", "colour": "blue"}))
    log = race("bones", sorted(seat_of), presses_ms)
    if save_race is not None:
        save_race(session.id, log)
    decision = logged_decision(log)
    assert decision is not None
    losers = [seat_of[button] for button in decision.losers]
    session.perform(Action("bone_race", None, {"losers": losers, "race": {
        "kind": "bones", "winners": [seat_of[b] for b in decision.winners], "losers": losers, "ties": [],
        "false_starts": [seat_of[b] for b in decision.false_starts], "stuck": [], "timed_out": False,
        "margins_ms": {str(seat_of[b]): ms for b, ms in decision.margins_ms.items()}, "tie_draw": None,
        "log": log}}))


def raced_mutts(store) -> Session:
    """A two-hand Nuts about Mutts on the big buttons (Ann 1, Ben 2, Cleo 3) with three bone races
    played into it and a fourth decided on the buttons but called off by the family (logged only).
    Ann, worked by hand: a bone in all four (two bones for three racers); reactions 200, 183, 150 and
    260 ms (median 191.5); the closest finish she won at the line that decided a race by 10 ms."""
    players = [Player(name, IDENTITIES[seat].key, seat + 1) for seat, name in enumerate(("Ann", "Ben", "Cleo"))]
    mutts = store.new_session("nuts_about_mutts", players, {"hands": 2})
    bone_race(mutts, {1: 200.0, 2: 250.0, 3: 400.0}, store.save_race)   # Cleo without a bone, by 150 ms
    bone_race(mutts, {2: 180.0, 1: 183.0, 3: 300.0}, store.save_race)   # Cleo without, 117 ms after Ann
    bone_race(mutts, {1: 150.0, 3: 170.0, 2: 400.0}, store.save_race)   # Ben without, by 230 ms
    store.save_race(mutts.id, race("bones", [1, 2, 3], {3: 220.0, 1: 260.0, 2: 270.0}))  # Ben without, 10 ms after Ann
    play_out_hand(mutts, 2)
    mutts.perform(Action("deal"))
    mutts.perform(Action("play", mutts.summary()["to_act"]["seat"]))
    play_out_hand(mutts, 0)
    assert mutts.is_over
    return mutts
