"""Pugs in Mugs: trade Pugs for Mugs, steal Mugs, make mischief; one Mug of each colour wins.

Hands stay hidden, so the app keeps each hand as a count and trusts the player about what they
played. Everything played goes face up on the discard pile, so its contents are known by kind; that
is what lets the app check a Dig, and check that nobody claims more cards of a kind than exist
outside the discard pile. Colours, patterns and the default deck come from seeds/pugs_in_mugs.json.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field, replace
from typing import Any, Sequence

from companion.actions import Action
from companion.errors import BadOption, IllegalAction
from companion.game import Game
from companion.outcome import Outcome, ScoreOrder
from companion.rulecards import load_rulecard

CARD = load_rulecard("pugs_in_mugs")
PATTERNS: dict[str, str] = {entry["colour"]: entry["pattern"] for entry in CARD["colours"]}
COLOURS: tuple[str, ...] = tuple(PATTERNS)
MISCHIEF: tuple[str, ...] = tuple(CARD["mischief"])
KINDS: tuple[str, ...] = COLOURS + MISCHIEF
DEAL = CARD["deal"]
ACTIONS_PER_TURN = CARD["actions_per_turn"]
HAND_LIMIT = CARD["hand_limit"]
PUGS_PER_MUG = CARD["pugs_per_mug"]
# The most cards held at once: everyone else at the hand limit, the active player up to two over.
HELD_AT_MOST_EXTRA = 3


@dataclass
class PugsState:
    names: list[str]
    counts: dict[str, int]        # the whole deck by kind (colour or Mischief name), fixed by the options
    mugs_per_colour: int
    deck: int
    discard: dict[str, int]       # face-up discard pile by kind
    hands: list[int]
    mugs: list[list[str]]         # per player: colours of the Mugs in front of them
    turn: int
    this_turn: list[str] = field(default_factory=list)  # the actions taken so far this turn, in order
    winner: int | None = None
    reshuffles: int = 0

    @property
    def players(self) -> int:
        return len(self.names)

    @property
    def actions_used(self) -> int:
        return len(self.this_turn)

    @property
    def total_cards(self) -> int:
        return sum(self.counts.values())

    def outside_discard(self, kind: str) -> int:
        """Cards of `kind` in the deck or in hands: the most anyone can claim to play."""
        return self.counts[kind] - self.discard[kind]

    def mug_supply(self, colour: str) -> int:
        return self.mugs_per_colour - sum(colour in held for held in self.mugs)


def label(kind: str) -> str:
    """How a card kind is read aloud: colours always with their pattern."""
    if kind in PATTERNS:
        return f"{kind} ({PATTERNS[kind]})"
    return kind.capitalize()


class PugsInMugs(Game):
    key = "pugs_in_mugs"
    title = "Pugs in Mugs"
    min_players = CARD["players"]["min"]
    max_players = CARD["players"]["max"]

    # ----- options -------------------------------------------------------------------------
    def default_options(self) -> dict[str, Any]:
        return {**CARD["deck"], "mugs_per_colour": CARD["mugs_per_colour"]}

    def check_options(self, options: dict[str, Any] | None) -> dict[str, Any]:
        merged = super().check_options(options)
        for key in self.default_options():
            if merged[key] < 0:
                raise BadOption(f"{key} can't be negative, got {merged[key]}")
        if merged["pugs_per_colour"] < PUGS_PER_MUG:
            raise BadOption(f"pugs_per_colour must be at least {PUGS_PER_MUG}, or no Mug could ever be won")
        if merged["mugs_per_colour"] < 1:
            raise BadOption("mugs_per_colour must be at least 1, or nobody could collect every colour")
        return merged

    def check_players(self, players: Sequence, options: dict[str, Any]) -> None:
        super().check_players(players, options)
        deck = sum(_deck_counts(options).values())
        needed = HAND_LIMIT * len(players) + HELD_AT_MOST_EXTRA
        if deck < needed:
            raise BadOption(f"{len(players)} players need a deck of at least {needed} cards so there is "
                            f"always one to draw; these settings make {deck}")

    # ----- rules ---------------------------------------------------------------------------
    def start(self, players: Sequence, options: dict[str, Any]) -> PugsState:
        counts = _deck_counts(options)
        return PugsState(
            names=[player.name for player in players], counts=counts,
            mugs_per_colour=options["mugs_per_colour"],
            deck=sum(counts.values()) - DEAL * len(players),
            discard={kind: 0 for kind in KINDS}, hands=[DEAL] * len(players),
            mugs=[[] for _ in players], turn=options["dealer"])

    def apply(self, state: PugsState, action: Action) -> PugsState:
        handler = _HANDLERS.get(action.type)
        if handler is None:
            raise IllegalAction(f"Pugs in Mugs has no {action.type!r} action; the actions are "
                                f"{', '.join(_HANDLERS)}.")
        if state.winner is not None:
            raise IllegalAction(f"The game is over: {state.names[state.winner]} has a Mug of every colour.")
        if action.player is None or not 0 <= action.player < state.players:
            raise IllegalAction(f"Say which player did this: it is {state.names[state.turn]}'s turn.")
        if action.player != state.turn:
            raise IllegalAction(f"{state.names[action.player]} can't play now: "
                                f"it is {state.names[state.turn]}'s turn.")
        handler(state, action)
        return state

    def describe(self, state: PugsState, action: Action, after: PugsState, players: Sequence) -> str:
        name = players[action.player].name
        target = players[action["target"]].name if isinstance(action.get("target"), int) \
            and 0 <= action["target"] < len(players) else ""
        kind = action.type
        if kind == "draw":
            if state.deck == 0:
                return f"{name} shuffled the discard pile into a new Pug Deck and drew a card"
            return f"{name} drew a card"
        if kind == "exchange":
            colour = action["colour"]
            won = len(state.mugs[action.player]) == len(COLOURS) - 1
            return (f"{name} swapped three {label(colour)} Pugs for a {label(colour)} Mug"
                    + (f": {name} has every colour and wins!" if won else ""))
        if kind == "steal":
            return f"{name} discarded one Pug of each colour and stole {target}'s {label(action['colour'])} Mug"
        if kind == "surprise":
            return f"{name} played Surprise: {target} discarded a {label(action['card'])} card"
        if kind == "gimme":
            named = label(action["named"])
            if action.get("handed_over"):
                return f"{name} played Gimme: {target} handed over a {named} card"
            return f"{name} played Gimme asking {target} for a {named} card, but {target} had none"
        if kind == "dig":
            return f"{name} played Dig and took a {label(action['card'])} card from the discard pile"
        if kind == "end_turn":
            discards = action.get("discards") or []
            dropped = f" after discarding {', '.join(label(k) for k in discards)}" if discards else ""
            return f"{name} ended the turn{dropped}; {players[(state.turn + 1) % len(players)].name}'s turn"
        return f"{name}: {kind}"

    def summary(self, state: PugsState) -> dict[str, Any]:
        over = state.winner is not None
        return {
            "players": [
                {"seat": seat, "name": state.names[seat], "hand": state.hands[seat],
                 "mugs": [colour for colour in COLOURS if colour in state.mugs[seat]],
                 "mug_count": len(state.mugs[seat]),
                 "must_discard": _must_discard(state, seat)}
                for seat in range(state.players)],
            "colours": [{"colour": colour, "pattern": PATTERNS[colour]} for colour in COLOURS],
            "turn": None if over else state.turn,
            "actions_used": state.actions_used,
            "actions_this_turn": list(state.this_turn),
            "actions_left": 0 if over else ACTIONS_PER_TURN - state.actions_used,
            "can_end_turn": not over and state.actions_used == ACTIONS_PER_TURN,
            "deck": state.deck,
            "discard": dict(state.discard),
            "discard_total": sum(state.discard.values()),
            "reshuffles": state.reshuffles,
            "mug_supply": {colour: state.mug_supply(colour) for colour in COLOURS},
            "deck_makeup": dict(state.counts),
            "over": over,
            "winner": state.winner,
            "winner_name": None if state.winner is None else state.names[state.winner],
            "winners": [] if state.winner is None else [state.winner],
        }

    def is_over(self, state: PugsState) -> bool:
        return state.winner is not None

    def outcome(self, state: PugsState) -> Outcome:
        """There are no points: the first to hold a Mug of every colour wins, so the score is the
        number of Mug colours each player holds, and the most is nearest to winning."""
        over = self.is_over(state)
        return Outcome.ranked(state.names, [len(mugs) for mugs in state.mugs], order=ScoreOrder.HIGH_WINS,
                              finished=over, winners=[state.winner] if over else ())

    def legal_actions(self, state: PugsState, rng: random.Random) -> list[Action]:
        if state.winner is not None:
            return []
        me, others = state.turn, [seat for seat in range(state.players) if seat != state.turn]
        candidates = [
            Action("draw", me),
            Action("dig", me, {"card": rng.choice(KINDS)}),
            Action("gimme", me, {"target": rng.choice(others), "named": rng.choice(KINDS),
                                 "handed_over": rng.random() < 0.5}),
            Action("surprise", me, {"target": rng.choice(others), "card": rng.choice(KINDS)}),
            Action("end_turn", me, {"discards": _random_discards(state, rng)}),
        ]
        candidates += [Action("exchange", me, {"colour": colour}) for colour in COLOURS]
        candidates += [Action("steal", me, {"target": seat, "colour": colour})
                       for seat in others for colour in state.mugs[seat]]
        return [action for action in candidates if self._allows(state, action)]

    def _allows(self, state: PugsState, action: Action) -> bool:
        try:
            self.apply(_scratch_copy(state), action)
        except IllegalAction:
            return False
        return True

    def check_invariants(self, state: PugsState) -> None:
        assert state.deck + sum(state.discard.values()) + sum(state.hands) == state.total_cards, \
            "cards are not conserved"
        assert state.deck >= 0 and all(hand >= 0 for hand in state.hands), "a negative card count"
        for kind in KINDS:
            assert 0 <= state.discard[kind] <= state.counts[kind], f"impossible number of {kind} discarded"
        for seat, hand in enumerate(state.hands):
            limit = HAND_LIMIT + ACTIONS_PER_TURN if seat == state.turn else HAND_LIMIT
            assert hand <= limit, f"{state.names[seat]} holds {hand} cards"
        for colour in COLOURS:
            assert state.mug_supply(colour) >= 0, f"more {colour} Mugs than exist"
        assert all(len(set(held)) == len(held) for held in state.mugs), "two Mugs of one colour"
        complete = [seat for seat, held in enumerate(state.mugs) if len(held) == len(COLOURS)]
        assert complete == ([] if state.winner is None else [state.winner]), "winner does not match the Mugs"
        assert 0 <= state.actions_used <= ACTIONS_PER_TURN and 0 <= state.turn < state.players


# ----- what can be chosen now -------------------------------------------------------------------
def refusal(state: PugsState, kind: str, player: int, chosen: dict[str, Any] | None = None) -> str | None:
    """None when `player` can still finish a `kind` action (with the `chosen` fields filled in so far)
    in some way the rules accept now; otherwise the reason the table would be given. Every way of
    finishing it is tried on a scratch copy, so a picker offers exactly what a tap would be allowed,
    and explains a greyed choice with the very words the refusal would use. "mischief" asks about
    Surprise, Gimme and Dig together."""
    first = None
    for action in _ways(state, kind, player, dict(chosen or {})):
        try:
            GAME.apply(_scratch_copy(state), action)
        except IllegalAction as refused:
            first = first or str(refused)
        else:
            return None
    name = state.names[player]
    # Where no choice at all exists, saying so beats the refusal of one arbitrary choice.
    if kind == "steal" and "target" not in (chosen or {}) and not any(
            colour not in state.mugs[player] for seat in range(state.players) if seat != player
            for colour in state.mugs[seat]):
        return f"Nobody else has a Mug {name} lacks, so there is nothing to steal."
    if kind == "mischief" and state.hands[player] == 0:
        return f"{name} holds no cards, so has no Mischief card to play."
    if kind == "dig" and "card" not in (chosen or {}) and not any(state.discard.values()):
        return "The discard pile is empty, so there is nothing to dig up."
    return first


def _ways(state: PugsState, kind: str, player: int, chosen: dict[str, Any]):
    """Every way of finishing the action, the likeliest to be allowed first: when none is, the first
    one's refusal is about the player (no card, no action left), not about an unlucky choice."""
    if kind == "mischief":
        for mischief in ("surprise", "gimme", "dig"):
            yield from _ways(state, mischief, player, chosen)
        return
    if kind == "end_turn":
        yield Action(kind, player, {"discards": _some_discards(state, player, chosen.get("discards", []))})
        return
    mine = state.mugs[player]
    plenty = sorted(KINDS, key=lambda k: -state.outside_discard(k))
    others = sorted((seat for seat in range(state.players) if seat != player), key=lambda seat: -state.hands[seat])

    def stealable(seat):
        return len([colour for colour in state.mugs[seat] if colour not in mine])

    domains = {
        "exchange": {"colour": lambda _: sorted(COLOURS, key=lambda c: (c in mine, state.mug_supply(c) == 0,
                                                                        -state.outside_discard(c)))},
        "steal": {"target": lambda _: sorted(others, key=lambda seat: -stealable(seat)),
                  "colour": lambda done: sorted(COLOURS, key=lambda c: (c not in state.mugs[done["target"]]
                                                                          if _seat(state, done["target"]) else 0,
                                                                          c in mine))},
        "surprise": {"target": lambda _: others, "card": lambda _: plenty},
        "gimme": {"target": lambda _: others, "named": lambda _: plenty, "handed_over": lambda _: (False, True)},
        "dig": {"card": lambda _: sorted(KINDS, key=lambda k: -state.discard[k])},
    }.get(kind, {})

    def fill(done: dict, fields: list[str]):
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


def _seat(state: PugsState, target) -> bool:
    return isinstance(target, int) and not isinstance(target, bool) and 0 <= target < state.players


def _some_discards(state: PugsState, player: int, chosen: list[str]) -> list[str]:
    """`chosen`, then as many more (of kinds still outside the discard pile) as get the hand down to the limit."""
    discards = list(chosen)
    for kind in KINDS:
        while len(discards) < _must_discard(state, player) and state.outside_discard(kind) > discards.count(kind):
            discards.append(kind)
    return discards


# ----- action handlers (each gets the private copy and the action by the active player) -----------
def _use_action(state: PugsState, action: Action, doing: str) -> None:
    if state.actions_used >= ACTIONS_PER_TURN:
        raise IllegalAction(f"{state.names[state.turn]} has used both actions; {doing} is not possible now. "
                            "End the turn.")
    state.this_turn.append(action.type)


def _draw(state: PugsState, action: Action) -> None:
    if state.deck == 0 and sum(state.discard.values()) == 0:
        raise IllegalAction("There are no cards left to draw; choose another action.")
    _use_action(state, action, "drawing")
    if state.deck == 0:
        state.deck = sum(state.discard.values())
        state.discard = {kind: 0 for kind in KINDS}
        state.reshuffles += 1
    state.deck -= 1
    state.hands[action.player] += 1


def _exchange(state: PugsState, action: Action) -> None:
    me, name = action.player, state.names[action.player]
    colour = _read_kind(action, "colour", COLOURS)
    if colour in state.mugs[me]:
        raise IllegalAction(f"{name} already has a {label(colour)} Mug; only one Mug of each colour.")
    if state.mug_supply(colour) == 0:
        raise IllegalAction(f"There are no {label(colour)} Mugs left to take.")
    _spend_from_hand(state, action, Counter({colour: PUGS_PER_MUG}), f"three {label(colour)} Pugs")
    _use_action(state, action, "an exchange")
    state.mugs[me].append(colour)
    if len(state.mugs[me]) == len(COLOURS):
        state.winner = me


def _steal(state: PugsState, action: Action) -> None:
    me, name = action.player, state.names[action.player]
    victim = _read_target(state, action)
    colour = _read_kind(action, "colour", COLOURS)
    if colour in state.mugs[me]:
        raise IllegalAction(f"{name} already has a {label(colour)} Mug, so can't steal another.")
    if colour not in state.mugs[victim]:
        raise IllegalAction(f"{state.names[victim]} has no {label(colour)} Mug to steal.")
    if len(state.mugs[me]) == len(COLOURS) - 1:
        raise IllegalAction(f"A steal can't win the game: {name} needs the last {label(colour)} Mug "
                            "from an exchange of three Pugs.")
    _spend_from_hand(state, action, Counter(COLOURS), "one Pug of every colour")
    _use_action(state, action, "stealing")
    state.mugs[victim].remove(colour)
    state.mugs[me].append(colour)


def _surprise(state: PugsState, action: Action) -> None:
    victim = _read_target(state, action)
    card = _read_kind(action, "card", KINDS)
    if state.hands[victim] == 0:
        raise IllegalAction(f"{state.names[victim]} has no cards to discard; surprise someone else.")
    _spend_from_hand(state, action, Counter(["surprise"]), "a Surprise card")
    _check_exists(state, card, f"{state.names[victim]}'s discarded card")
    state.hands[victim] -= 1
    state.discard[card] += 1  # Surprise uses none of the turn's two actions.


def _gimme(state: PugsState, action: Action) -> None:
    victim = _read_target(state, action)
    named = _read_kind(action, "named", KINDS)
    handed_over = action.get("handed_over")
    if not isinstance(handed_over, bool):
        raise IllegalAction(f"Say whether {state.names[victim]} handed a card over (handed_over true or false).")
    if handed_over and state.hands[victim] == 0:
        raise IllegalAction(f"{state.names[victim]} has no cards, so can't hand one over.")
    _spend_from_hand(state, action, Counter(["gimme"]), "a Gimme card")
    if handed_over:
        _check_exists(state, named, "the card handed over")
    _use_action(state, action, "Gimme")
    if handed_over:
        state.hands[victim] -= 1
        state.hands[action.player] += 1


def _dig(state: PugsState, action: Action) -> None:
    card = _read_kind(action, "card", KINDS)
    # The Dig goes on the discard pile after its effect, so it can't dig itself up.
    if state.discard[card] == 0:
        raise IllegalAction(f"There is no {label(card)} card in the discard pile to dig up.")
    _spend_from_hand(state, action, Counter(["dig"]), "a Dig card")
    _use_action(state, action, "Dig")
    state.discard[card] -= 1
    state.hands[action.player] += 1


def _end_turn(state: PugsState, action: Action) -> None:
    me, name = action.player, state.names[action.player]
    if state.actions_used < ACTIONS_PER_TURN:
        left = ACTIONS_PER_TURN - state.actions_used
        raise IllegalAction(f"{name} still has {left} action{'s' if left > 1 else ''} to take before ending "
                            "the turn (drawing a card is always an option).")
    discards = action.get("discards") or []
    if not isinstance(discards, list):
        raise IllegalAction("List the discarded cards, e.g. [\"red\", \"dig\"].")
    needed = _must_discard(state, me)
    if len(discards) != needed:
        raise IllegalAction(f"{name} holds {state.hands[me]} cards and must discard exactly {needed} "
                            f"to get down to {HAND_LIMIT}; name {'them' if needed != 1 else 'it'}."
                            if needed else f"{name} holds {state.hands[me]} cards, so discards nothing.")
    for kind in discards:
        if kind not in KINDS:
            raise IllegalAction(f"{kind!r} is not a card; cards are {', '.join(KINDS)}.")
    _spend_from_hand(state, action, Counter(discards), "those cards")
    state.this_turn = []
    state.turn = (me + 1) % state.players


_HANDLERS = {"draw": _draw, "exchange": _exchange, "steal": _steal, "surprise": _surprise,
             "gimme": _gimme, "dig": _dig, "end_turn": _end_turn}


# ----- helpers ---------------------------------------------------------------------------------
def _deck_counts(options: dict[str, Any]) -> dict[str, int]:
    counts = {colour: options["pugs_per_colour"] for colour in COLOURS}
    counts.update({kind: options[f"{kind}_cards"] for kind in MISCHIEF})
    return counts


def _must_discard(state: PugsState, seat: int) -> int:
    return max(0, state.hands[seat] - HAND_LIMIT) if seat == state.turn else 0


def _read_kind(action: Action, key: str, allowed: tuple[str, ...]) -> str:
    kind = action.get(key)
    if kind not in allowed:
        raise IllegalAction(f"{key} must be one of: {', '.join(label(k) for k in allowed)} (got {kind!r}).")
    return kind


def _read_target(state: PugsState, action: Action) -> int:
    target = action.get("target")
    if not isinstance(target, int) or isinstance(target, bool) or not 0 <= target < state.players:
        raise IllegalAction("Pick which player this is aimed at.")
    if target == action.player:
        raise IllegalAction(f"{state.names[target]} can't aim this at themselves; pick another player.")
    return target


def _spend_from_hand(state: PugsState, action: Action, cards: Counter, what: str) -> None:
    """Move cards from the player's hand face up onto the discard pile, if the counts allow it."""
    me, name = action.player, state.names[action.player]
    if state.hands[me] < sum(cards.values()):
        raise IllegalAction(f"{name} holds only {state.hands[me]} card{'s' if state.hands[me] != 1 else ''}, "
                            f"not enough for {what}.")
    for kind, count in cards.items():
        if state.outside_discard(kind) < count:
            raise IllegalAction(f"Only {state.counts[kind]} {label(kind)} cards exist and "
                                f"{state.discard[kind]} are already discarded, so {name} can't have {what}. "
                                "Check the cards.")
    state.hands[me] -= sum(cards.values())
    for kind, count in cards.items():
        state.discard[kind] += count


def _check_exists(state: PugsState, kind: str, what: str) -> None:
    if state.outside_discard(kind) < 1:
        raise IllegalAction(f"All {state.counts[kind]} {label(kind)} cards are on the discard pile, "
                            f"so {what} can't be one. Check the cards.")


def _scratch_copy(state: PugsState) -> PugsState:
    """A copy cheap enough to try every candidate action on; names and counts are never changed."""
    return replace(state, discard=dict(state.discard), hands=list(state.hands),
                   mugs=[list(held) for held in state.mugs], this_turn=list(state.this_turn))


def _random_discards(state: PugsState, rng: random.Random) -> list[str]:
    pool = [kind for kind in KINDS for _ in range(state.outside_discard(kind))]
    return rng.sample(pool, min(len(pool), _must_discard(state, state.turn)))


GAME = PugsInMugs()
