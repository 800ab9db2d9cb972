"""The totals and the winners: each scoring stack's cards times their breed's value (or one point a
card in the junior game); the highest total wins and equal totals share the win."""

from __future__ import annotations

from .state import CARDS_PER_DOG, MuttsState, Phase


def dog_points(state: MuttsState, head: str, tail: str) -> int:
    """What scoring this dog adds to a total: its two cards' values, or its cards in the junior game."""
    return CARDS_PER_DOG if state.junior else state.card_values[head] + state.card_values[tail]


def totals(state: MuttsState) -> list[int]:
    if state.junior:
        return [sum(stack.values()) for stack in state.stacks]
    return [sum(count * state.card_values[breed] for breed, count in stack.items()) for stack in state.stacks]


def winners(state: MuttsState) -> list[int]:
    """The seats sharing the highest total once the game is over; nobody before."""
    if state.phase != Phase.OVER:
        return []
    scores = totals(state)
    best = max(scores)
    return [seat for seat, total in enumerate(scores) if total == best]
