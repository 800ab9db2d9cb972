"""Reads the rule cards in seeds/: each game's deck composition, player range, values and every
default chosen where the printed sheet is silent, each with its one-line reason."""

from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources


@lru_cache(maxsize=None)
def load_rulecard(key: str) -> dict:
    text = resources.files("seeds").joinpath(f"{key}.json").read_text(encoding="utf-8")
    return json.loads(text)
