"""Head to head, rival, nemesis, minion and buddy, worked out by hand from games written by hand (see
companion/head_to_head.py for the rules: you beat everyone placed below you; two players in the same
place, a shared win among them, share it and neither beat the other; a nemesis beat you at least three
times and in more than half of the games decided between you; a rival has the closest record and a buddy
the most games together, each after three games together)."""

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
    # Maya beat Ben once, and the shared top dog beat neither: one win is no nemesis, nor are Ben's two.
    assert pairings.nemesis("Ben") == () and pairings.minion("Ben") == ()
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


def test_rival_and_buddy_only_after_three_games_together():
    pairings = Pairings(FAMILY)
    # Ann and Ben: four games, Ann above once (game 1), Ben above twice (games 3 and 4), one shared win.
    (rival,), (buddy,) = pairings.rival("Ann"), pairings.buddy("Ann")
    assert (rival.opponent, rival.wins, rival.opponent_wins, rival.together) == ("Ben", 1, 2, 4)
    assert (buddy.opponent, buddy.together) == ("Ben", 4)
    # Two wins over Ann are not yet three: no nemesis.
    assert pairings.nemesis("Ann") == () and pairings.minion("Ben") == ()
    # Cleo played Ann twice, Ben twice, Dev once: no one three times, so neither section is there.
    assert pairings.rival("Cleo") == () and pairings.buddy("Cleo") == ()
    assert [(line.opponent, line.together) for line in pairings.opponents("Cleo")] == [("Ann", 2), ("Ben", 2), ("Dev", 1)]
    # After two games Ann and Ben are not rivals yet; the third makes them.
    assert Pairings(FAMILY[:2]).rival("Ann") == ()
    assert names(Pairings(FAMILY[:3]).rival("Ann")) == ["Ben"]


def names(lines):
    """The opponents a rule names (several where they tie)."""
    return [line.opponent for line in lines]


def two_player_games():
    """game(winner, loser) or game(a, b, level=True), each an hour after the one before."""
    at = iter(range(1000))

    def game(first: str, second: str, level: bool = False):
        number = next(at)
        return played(number + 1, (first, second), (2, 2) if level else (2, 1), at=T0 + number * HOUR, moves=(60,),
                      winners=(0, 1) if level else None)

    return game


def test_a_nemesis_beat_you_three_times_and_in_more_than_half_of_the_games_decided_between_you():
    game = two_player_games()
    # Cleo leads Ben 3-2: Ben is not her nemesis, she is his. Ann and Ben 3-3: neither.
    cleo_ben = [game("Cleo", "Ben") for _ in range(3)] + [game("Ben", "Cleo") for _ in range(2)]
    ann_ben = [game("Ann", "Ben") for _ in range(3)] + [game("Ben", "Ann") for _ in range(3)]
    pairings = Pairings(results(*cleo_ben, *ann_ben))
    assert pairings.nemesis("Cleo") == () and pairings.minion("Ben") == ()
    assert names(pairings.nemesis("Ben")) == ["Cleo"] and names(pairings.minion("Cleo")) == ["Ben"]
    assert pairings.nemesis("Ann") == () and pairings.minion("Ann") == ()
    # Two wins in two are not three: no nemesis however one-sided.
    assert Pairings(results(*[game("Dev", "Eve") for _ in range(2)])).nemesis("Eve") == ()
    # Level games decide nothing: Fay beat Gus 3 times in 8 games, 5 of them shared wins: 3 of 3 decided.
    fay_gus = [game("Fay", "Gus") for _ in range(3)] + [game("Fay", "Gus", level=True) for _ in range(5)]
    assert names(Pairings(results(*fay_gus)).nemesis("Gus")) == ["Fay"]


def test_of_two_nemeses_the_one_who_beat_you_most_then_in_the_larger_share_then_the_latest():
    game = two_player_games()
    xan = [game("Xan", "Zed") for _ in range(4)] + [game("Zed", "Xan") for _ in range(3)]   # 4 to 3
    yve = [game("Yve", "Zed") for _ in range(3)]                                           # 3 to 0
    assert names(Pairings(results(*xan, *yve)).nemesis("Zed")) == ["Xan"]                 # 4 beats 3
    wyn = [game("Wyn", "Zed") for _ in range(3)] + [game("Zed", "Wyn")]                    # 3 to 1
    assert names(Pairings(results(*yve, *wyn)).nemesis("Zed")) == ["Yve"]                  # 3 of 3 before 3 of 4
    vic = [game("Vic", "Zed") for _ in range(3)]                                           # 3 to 0, later than Yve
    assert names(Pairings(results(*yve, *vic)).nemesis("Zed")) == ["Vic"]
    assert names(Pairings(results(*vic, *[game("Yve", "Zed") for _ in range(3)])).nemesis("Zed")) == ["Yve"]


def test_the_rival_has_the_closest_record_and_the_buddy_the_most_games_together():
    game = two_player_games()
    # Ann against Ben 5-1 in 6 games, against Cleo 2-2 in 4, against Dev 1-1 with 2 shared wins in 4.
    ben = [game("Ann", "Ben") for _ in range(5)] + [game("Ben", "Ann")]
    cleo = [game("Ann", "Cleo"), game("Cleo", "Ann"), game("Ann", "Cleo"), game("Cleo", "Ann")]
    dev = [game("Ann", "Dev"), game("Dev", "Ann"), game("Ann", "Dev", level=True), game("Dev", "Ann", level=True)]
    pairings = Pairings(results(*ben, *cleo, *dev))
    # Cleo and Dev are both level with Ann after 4 games: the later game together decides (Dev's).
    assert names(pairings.rival("Ann")) == ["Dev"]
    assert names(pairings.buddy("Ann")) == ["Ben"]   # 6 games together
    # A family that always plays all together: everyone has sat with Ann as often and as lately, so Ben
    # and Cleo are her buddies, tied (neither chosen for a name); the scores still make one rival. Ann
    # beat Ben in all four, Cleo in three of four: Cleo's record is closer.
    family = [played(n + 1, ("Ann", "Ben", "Cleo"), (3, 2, 1), at=T0 + n * HOUR, moves=(60,)) for n in range(3)]
    late = played(4, ("Cleo", "Ann", "Ben"), (3, 2, 1), at=T0 + 3 * HOUR, moves=(60,))
    assert sorted(names(Pairings(results(*family, late)).buddy("Ann"))) == ["Ben", "Cleo"]
    assert names(Pairings(results(*family, late)).rival("Ann")) == ["Cleo"]
    # Then Ann plays Dev four times: four games together like Ben and Cleo, and the latest.
    assert names(Pairings(results(*family, late, *dev)).buddy("Ann")) == ["Dev"]


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
