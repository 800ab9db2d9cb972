"""What can be chosen now: whether an action, partly chosen on a picker, could still be finished in
a way the rules accept, and if not the reason a greyed choice gives. Every way is tried on a scratch
copy through the game's own rules, so a picker offers exactly what a tap would be allowed."""

from __future__ import annotations

from typing import Any, Callable, Iterator, Mapping, Sequence

from companion.actions import Action
from companion.errors import IllegalAction
from companion.words import listed

from .checks import is_seat
from .rules import GAME
from .state import COLOURS, KINDS, MISCHIEF_PLAYS, PUGS_PER_MUG, ActionType, PugsState, label

# What the table's "Mischief" button asks about: Surprise, Gimme and Dig together.
MISCHIEF = "mischief"

Chosen = Mapping[str, Any]
Domain = Callable[[Chosen], Sequence[Any]]


def refusal(state: PugsState, kind: str, player: int, chosen: Chosen | None = None) -> str | None:
    """None when `player` can still finish a `kind` action (with the `chosen` fields filled in so far)
    in some way the rules accept now; otherwise the reason the table would be given. Every way of
    finishing it is tried on a scratch copy, so a picker offers exactly what a tap would be allowed,
    and explains a greyed choice with the very words the refusal would use. "mischief" asks about
    Surprise, Gimme and Dig together."""
    first = None
    for action in _ways(state, kind, player, dict(chosen or {})):
        try:
            GAME.apply(state.scratch_copy(), action)
        except IllegalAction as refused:
            first = first or str(refused)
        else:
            return None
    name = state.names[player]
    # Where no choice at all exists, saying so beats the refusal of one arbitrary choice.
    if kind == ActionType.STEAL and "target" not in (chosen or {}) and not any(
            colour not in state.mugs[player] for seat in range(state.players) if seat != player
            for colour in state.mugs[seat]):
        return f"Nobody else has a Mug {name} lacks, so there is nothing to steal."
    lacking = [colour for colour in COLOURS if colour not in state.mugs[player]]
    if kind == ActionType.EXCHANGE and "colour" not in (chosen or {}) and state.hands[player] >= PUGS_PER_MUG \
            and lacking and not any(state.mug_supply(colour) for colour in lacking):
        gone = listed([label(colour) for colour in lacking])
        return f"No Mug {name} lacks is left to take: the {gone} Mugs are all taken."
    if kind == MISCHIEF and state.hands[player] == 0:
        return f"{name} holds no cards, so has no Mischief card to play."
    if kind == ActionType.DIG and "card" not in (chosen or {}) and not any(state.discard.values()):
        return "The discard pile is empty, so there is nothing to dig up."
    return first


def _ways(state: PugsState, kind: str, player: int, chosen: dict[str, Any]) -> Iterator[Action]:
    """Every way of finishing the action, the likeliest to be allowed first: when none is, the first
    one's refusal is about the player (no card, no action left), not about an unlucky choice."""
    if kind == MISCHIEF:
        for mischief in MISCHIEF_PLAYS:
            yield from _ways(state, mischief, player, chosen)
        return
    if kind == ActionType.END_TURN:
        yield Action(kind, player, {"discards": _some_discards(state, player, chosen.get("discards", []))})
        return
    domains = _domains(state, kind, player)

    def fill(done: dict[str, Any], fields: list[str]) -> Iterator[Action]:
        if not fields:
            yield Action(kind, player, dict(done))
            return
        field_name, rest = fields[0], fields[1:]
        if field_name in chosen:
            yield from fill({**done, field_name: chosen[field_name]}, rest)
            return
        for value in domains[field_name](done):
            yield from fill({**done, field_name: value}, rest)

    yield from fill({}, list(domains))


def _domains(state: PugsState, kind: str, player: int) -> dict[str, Domain]:
    """For each field of a `kind` action, in the order they are chosen: its values given the fields
    before it, the likeliest to be allowed first."""
    mine = state.mugs[player]
    plenty = sorted(KINDS, key=lambda k: -state.outside_discard(k))
    others = sorted((seat for seat in range(state.players) if seat != player), key=lambda seat: -state.hands[seat])

    def stealable(seat: int) -> int:
        return len([colour for colour in state.mugs[seat] if colour not in mine])

    def steal_colours(done: Chosen) -> list[str]:
        target = done["target"]
        return sorted(COLOURS, key=lambda c: (c not in state.mugs[target] if is_seat(state, target) else 0,
                                              c in mine))

    domains: dict[str, dict[str, Domain]] = {
        ActionType.EXCHANGE: {"colour": lambda _: sorted(COLOURS, key=lambda c: (
            c in mine, state.mug_supply(c) == 0, -state.outside_discard(c)))},
        ActionType.STEAL: {"target": lambda _: sorted(others, key=lambda seat: -stealable(seat)),
                           "colour": steal_colours},
        ActionType.SURPRISE: {"target": lambda _: others, "card": lambda _: plenty},
        ActionType.GIMME: {"target": lambda _: others, "named": lambda _: plenty,
                           "handed_over": lambda _: (False, True)},
        ActionType.DIG: {"card": lambda _: sorted(KINDS, key=lambda k: -state.discard[k])},
    }
    return domains.get(kind, {})


def _some_discards(state: PugsState, player: int, chosen: list[str]) -> list[str]:
    """`chosen`, then as many more (of kinds still outside the discard pile) as get the hand down to the limit."""
    discards = list(chosen)
    for kind in KINDS:
        while len(discards) < state.must_discard(player) and state.outside_discard(kind) > discards.count(kind):
            discards.append(kind)
    return discards
