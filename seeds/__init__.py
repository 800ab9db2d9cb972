"""Rule cards: one JSON file per game (deck, player range, values, every default with its reason)."""
