"""The home screen lists games without importing them; what it says must match each game's rules."""

import pytest

from companion.errors import BadDocument
from companion.registry import GAMES, game_entry, load_game


@pytest.mark.parametrize("entry", GAMES, ids=lambda entry: entry.key)
def test_each_listed_game_is_built_and_matches_its_own_rules(entry):
    game = load_game(entry.key)
    assert (game.key, game.title) == (entry.key, entry.title)
    assert (game.min_players, game.max_players) == (entry.min_players, entry.max_players)


def test_an_unknown_game_names_the_ones_that_exist():
    with pytest.raises(BadDocument, match="nuts_about_mutts"):
        game_entry("snap")


@pytest.mark.parametrize("entry", GAMES, ids=lambda entry: entry.key)
def test_every_choice_offered_in_settings_is_accepted_and_others_are_refused(entry):
    from companion.errors import BadOption

    game = load_game(entry.key)
    for key, choices in game.option_choices().items():
        for choice in choices:
            assert game.check_options({key: choice})[key] == choice
        with pytest.raises(BadOption):
            game.check_options({key: "no-such-choice"})
