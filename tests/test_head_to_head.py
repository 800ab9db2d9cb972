"""Head to head, rival and nemesis, worked out by hand from games written by hand (see
companion/head_to_head.py for the rules: you beat everyone placed below you; two players in the same
place, a shared win among them, share it and neither beat the other; rival and nemesis only after three
games together)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from records_support import HOUR, T0, played

from companion.head_to_head import Pairings


def results(*games):
    return [game.result for game in games]


# Game 1, Pugs in Mugs: Ann 30, Ben 20, Cleo 20, Dev 10: places 1, 2, 2, 4.
# Game 2, Pugs in Mugs: Ann 25, Ben 25, Cleo 5: Ann and Ben share the win.
# Game 3, Nut: Ben 13, Ann 9.
# Game 4, Pugs in Mugs: Ann 20, Ben 20, a tie-break gives Ben the win, so Ann is second.
FAMILY = results(
    played(1, ("Ann", "Ben", "Cleo", "Dev"), (30, 20, 20, 10), at=T0, game="pugs_in_mugs", moves=(600,)),
    played(2, ("Ann", "Ben", "Cleo"), (25, 25, 5), at=T0 + HOUR, game="pugs_in_mugs", moves=(600,)),
    played(3, ("Ben", "Ann"), (13, 9), at=T0 + 2 * HOUR, moves=(600,)),
    played(4, ("Ann", "Ben"), (20, 20), at=T0 + 3 * HOUR, game="pugs_in_mugs", winners=(1,), moves=(600,)),
)


def test_each_game_is_a_result_against_everyone_else_at_the_table():
    pairings = Pairings(FAMILY[:1])
    ann_dev, ben_cleo, ben_dev = (pairings.between(a, b) for a, b in (("Ann", "Dev"), ("Ben", "Cleo"), ("Ben", "Dev")))
    assert (ann_dev.together, ann_dev.wins, ann_dev.opponent_wins) == (1, 1, 0)
    assert (ben_cleo.wins, ben_cleo.opponent_wins, ben_cleo.draws) == (0, 0, 1)    # level in second place: a draw
    assert (ben_dev.wins, ben_dev.opponent_wins, ben_dev.draws) == (1, 0, 0)
    dev_ann = pairings.between("Dev", "Ann")
    assert (dev_ann.wins, dev_ann.opponent_wins) == (0, 1)


def test_a_shared_first_place_is_shared_by_both_and_a_tie_break_is_a_win():
    ann_ben = Pairings(FAMILY).between("Ann", "Ben")
    # Ann above Ben in game 1, level in the shared game 2, below in game 3 and on game 4's tie-break.
    assert (ann_ben.together, ann_ben.wins, ann_ben.opponent_wins, ann_ben.shared_wins, ann_ben.draws) == (4, 1, 2, 1, 0)
    assert [(g.title, g.together, g.wins, g.opponent_wins, g.shared) for g in ann_ben.by_game] == [
        ("Pugs in Mugs", 3, 1, 1, 1), ("Nut", 1, 0, 1, 0)]
    ben_ann = Pairings(FAMILY).between("Ben", "Ann")
    assert (ben_ann.player, ben_ann.opponent, ben_ann.wins, ben_ann.opponent_wins, ben_ann.shared) == ("Ben", "Ann", 2, 1, 1)


def test_a_shared_top_dog_beats_neither_and_is_no_nemesis():
    """Ben's page after four Nuts about Mutts evenings with Maya: Maya finished below him twice, above
    him once, and once they shared top dog on the lowest total."""
    games = results(
        played(1, ("Ben", "Maya"), (3, 8), at=T0, game="nuts_about_mutts", low_wins=True, moves=(600,)),
        played(2, ("Ben", "Maya", "Cleo"), (0, 6, 9), at=T0 + HOUR, game="nuts_about_mutts", low_wins=True, moves=(600,)),
        played(3, ("Ben", "Maya"), (7, 2), at=T0 + 2 * HOUR, game="nuts_about_mutts", low_wins=True, moves=(600,)),
        played(4, ("Ben", "Maya", "Cleo"), (4, 4, 11), at=T0 + 3 * HOUR, game="nuts_about_mutts", low_wins=True,
               moves=(600,)),
    )
    pairings = Pairings(games)
    ben_maya = pairings.between("Ben", "Maya")
    assert (ben_maya.together, ben_maya.wins, ben_maya.opponent_wins, ben_maya.shared_wins, ben_maya.draws) == (4, 2, 1, 1, 0)
    nemesis = pairings.nemesis("Ben")
    assert nemesis is not None and (nemesis.opponent, nemesis.opponent_wins, nemesis.together) == ("Maya", 1, 4)
    # Neither Maya nor Cleo won game 2, but Maya placed higher: she beat Cleo there as in game 4.
    assert pairings.between("Cleo", "Maya").opponent_wins == 2 and pairings.between("Cleo", "Ben").wins == 0


NAMES = ("Ann", "Ben", "Cleo", "Dev")


@st.composite
def finished_games(draw):
    """Finished games of two to four of NAMES in any seats and scores, either way round, with a
    tie-break picking some of those on the best score (or none: all of them share the win)."""
    games = []
    for number in range(1, draw(st.integers(1, 8)) + 1):
        names = draw(st.permutations(NAMES).map(lambda order: order[:draw(st.integers(2, len(NAMES)))]))
        scores = draw(st.lists(st.integers(0, 3), min_size=len(names), max_size=len(names)))
        low_wins = draw(st.booleans())
        best = [seat for seat, score in enumerate(scores) if score == (min if low_wins else max)(scores)]
        winners = draw(st.lists(st.sampled_from(best), min_size=1, unique=True))
        games.append(played(number, names, scores, at=T0 + number * HOUR, low_wins=low_wins, winners=winners,
                            moves=(60,)).result)
    return games


@settings(max_examples=150, deadline=None)
@given(finished_games())
def test_each_game_together_is_exactly_one_of_above_below_or_level(games):
    pairings = Pairings(games)
    for player in NAMES:
        for opponent in NAMES:
            if player == opponent:
                continue
            line, back = pairings.between(player, opponent), pairings.between(opponent, player)
            met = [game.outcome for game in games if {player, opponent} <= set(game.names)]
            places = [{s.name: s.place for s in outcome.standings} for outcome in met]
            assert line.together == len(met) == line.wins + line.opponent_wins + line.shared_wins + line.draws
            assert line.wins == sum(place[player] < place[opponent] for place in places) == back.opponent_wins
            assert line.shared == sum(place[player] == place[opponent] for place in places) == back.shared
            assert line.shared_wins == sum({player, opponent} <= set(outcome.winner_names) for outcome in met)
            for game in line.by_game:
                assert game.together == game.wins + game.opponent_wins + game.shared


def test_rival_and_nemesis_only_after_three_games_together():
    pairings = Pairings(FAMILY)
    rival, nemesis = pairings.rival("Ann"), pairings.nemesis("Ann")
    assert rival is not None and (rival.opponent, rival.together) == ("Ben", 4)
    assert nemesis is not None and (nemesis.opponent, nemesis.opponent_wins, nemesis.together) == ("Ben", 2, 4)
    # Cleo played Ann twice, Ben twice, Dev once: no one three times, so neither section is there.
    assert pairings.rival("Cleo") is None and pairings.nemesis("Cleo") is None
    assert [(line.opponent, line.together) for line in pairings.opponents("Cleo")] == [("Ann", 2), ("Ben", 2), ("Dev", 1)]
    # After two games Ann and Ben are not rivals yet; the third makes them.
    assert Pairings(FAMILY[:2]).rival("Ann") is None
    assert Pairings(FAMILY[:3]).rival("Ann").opponent == "Ben"


def test_the_nemesis_beats_you_most_often_then_in_the_larger_share_of_your_games():
    at = iter(range(100))

    def game(winner: str, loser: str):
        number = next(at)
        return played(number + 1, (winner, loser), (2, 1), at=T0 + number * HOUR, moves=(60,))

    # Xan beat Zed 3 times in 6, Yve 2 times in 3, Wyn twice in 2 (too few games together).
    games = ([game("Xan", "Zed") for _ in range(3)] + [game("Zed", "Xan") for _ in range(3)]
             + [game("Yve", "Zed") for _ in range(2)] + [game("Zed", "Yve")] + [game("Wyn", "Zed") for _ in range(2)])
    pairings = Pairings(results(*games))
    assert pairings.nemesis("Zed").opponent == "Xan"                          # 3 wins beat 2
    assert Pairings(results(*games[3:])).nemesis("Zed").opponent == "Yve"     # Xan's three wins gone: Yve's 2 of 3
    # Level on wins: 2 of 3 (Yve) before 2 of 4.
    level = [game("Vic", "Zed") for _ in range(2)] + [game("Zed", "Vic") for _ in range(2)]
    assert Pairings(results(*games[3:], *level)).nemesis("Zed").opponent == "Yve"
    # Never beaten by anyone: no nemesis, however many games.
    assert Pairings(results(*[game("Zed", "Xan") for _ in range(5)])).nemesis("Zed") is None


def test_a_player_is_one_person_whatever_their_capitals():
    games = results(played(1, ("ann", "Ben"), (3, 1), at=T0, moves=(60,)),
                    played(2, ("Ben", "ANN"), (3, 1), at=T0 + HOUR, moves=(60,)),
                    played(3, ("Ann", "ben"), (3, 1), at=T0 + 2 * HOUR, moves=(60,)))
    line = Pairings(games).between("aNN", "BEN")
    assert (line.player, line.opponent, line.together, line.wins, line.opponent_wins) == ("Ann", "ben", 3, 2, 1)


def test_unfinished_games_and_players_who_never_met_count_nothing():
    games = [*FAMILY, played(5, ("Ann", "Ben"), (0, 0), at=T0 + 5 * HOUR, finished=False).result]
    assert Pairings(games).between("Ann", "Ben").together == 4
    never = Pairings(games).between("Dev", "Zoe")
    assert (never.together, never.wins, never.opponent_wins, never.by_game) == (0, 0, 0, ())
