"""A result's cup points before the final's factor: what the method gave, for the player's page."""

from fractions import Fraction

import pytest

from scoring.season import Placing, Season, TablePoints, Tournament, before_factor, rank_season


def results(factor):
    season = Season(
        TablePoints((10, 6)),
        (
            Tournament("a", (Placing("Anna"), Placing("Bert"))),
            Tournament("f", (Placing("Bert"), Placing("Anna")), final=True),
        ),
        final_factor=factor,
    )
    anna = rank_season(season).standing("Anna")
    return season, {r.tournament: r for r in anna.results}


@pytest.mark.parametrize(
    ("factor", "tournament", "points", "before"),
    [
        (2, "f", 12, 6),
        (Fraction(3, 2), "f", 9, 6),
        (Fraction(5, 4), "f", Fraction(15, 2), 6),
        (2, "a", 10, 10),
        (1, "f", 6, 6),
    ],
)
def test_the_points_before_the_factor_are_the_methods_own(factor, tournament, points, before):
    season, by_tournament = results(factor)
    result = by_tournament[tournament]
    assert (result.points, before_factor(season, result)) == (points, before), (
        f"with a factor of {factor}, {tournament} gives {points}, from {before} before it"
    )
