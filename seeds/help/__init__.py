"""Each game's help card: its rules in plain words and the words its settings are shown with."""
