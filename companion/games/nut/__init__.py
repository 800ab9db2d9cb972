"""Nut: players draft cards from three face-up columns, one card per player in each; the holder of
the deck chooses the column, everyone else takes from it in turn, and the deck passes left. Once
every card is drafted, each player's layout is painted as a grid (or counted colour by colour) and
scored by the largest cluster of each nut colour, doubled by squirrels; among equal totals the
largest single cluster wins."""

from .rules import GAME, NutGame

__all__ = ["GAME", "NutGame"]
