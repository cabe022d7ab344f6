"""A season's rules in words: each method's examples are its own points, and the season says
which results count, the final's factor and the qualification places."""

import pytest

from scoring.season import (
    READY_MADE,
    Placing,
    PowerPoints,
    ScorePoints,
    Season,
    TablePoints,
    Tournament,
    describe_season,
)

RULES = [pytest.param(r.rule, id=r.key) for r in READY_MADE] + [
    pytest.param(PowerPoints(max=150, exponent=2.5), id="power 150^2.5"),
    pytest.param(TablePoints((5, 3)), id="table 5, 3"),
    pytest.param(ScorePoints(full=50, cap=50), id="score capped at full"),
]


def worth(rule, given, players):
    # the score method reads the tournament score, the others the rank among `players`
    return rule.points(1, 1, given) if rule.needs_scores else rule.points(given, players)


@pytest.mark.parametrize("rule", RULES)
def test_each_example_gives_the_points_the_method_gives(rule):
    pairs = rule.explain().examples.pairs
    given = [worth(rule, g, len(pairs)) for g, _points in pairs]
    assert [points for _g, points in pairs] == given, "the examples are the method's own points"


def test_the_power_method_lists_every_rank_of_a_tournament_of_twenty():
    pairs = PowerPoints(max=200, exponent=3).explain().examples.pairs
    assert (pairs[0], pairs[1], pairs[-1]) == ((1, 200), (2, 170), (20, 0)), "winner to last"


def test_the_score_method_shows_a_score_beyond_the_cap():
    pairs = ScorePoints(full=100, cap=200).explain().examples.pairs
    assert pairs == ((0, 0), (50, 50), (100, 100), (200, 150), (300, 200), (400, 200)), (
        "from nothing through the full points to the cap and past it"
    )


def test_the_table_method_lists_every_rank_it_gives_points_to():
    pairs = TablePoints((10, 6, 3)).explain().examples.pairs
    assert pairs == ((1, 10), (2, 6), (3, 3)), "the whole list, rank by rank"


def season(**fields):
    tournaments = (Tournament("a", (Placing("Anna"),)), Tournament("f", (Placing("Anna"),), True))
    return Season(TablePoints((10,)), tournaments, **fields)


@pytest.mark.parametrize(
    ("fields", "said"),
    [
        ({}, [("Every result counts for the season.", {})]),
        (
            {"best": 3, "final_factor": 2, "qualify": 8},
            [
                ("Each player's best %(n)s results of the regular tournaments count.", {"n": 3}),
                ("The final's cup points are multiplied by %(factor)s.", {"factor": 2}),
                ("The final always counts, in addition to those results.", {}),
                (
                    "The players ranked 1 to %(n)s in the season table qualify (equal season "
                    "points share a rank).",
                    {"n": 8},
                ),
            ],
        ),
    ],
)
def test_the_season_says_what_counts(fields, said):
    counting = describe_season(season(**fields)).counting
    assert [(s.template, s.params) for s in counting] == said, f"{fields} in words"


def test_a_ready_made_rule_is_named_and_an_own_one_is_not():
    named = [describe_season(Season(r.rule, ())).system for r in READY_MADE]
    own = describe_season(Season(TablePoints((10, 6, 3)), ())).system
    assert (named, own) == ([r.label for r in READY_MADE], None), "only a real cup's system"
