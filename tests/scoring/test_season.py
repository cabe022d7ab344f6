"""Season cups: cup points by the three methods and the season ranking, worked out by hand.

Every figure that the rules (cup points, best results, the final, shared ranks) and the season
format's example quote is among these cases; the arithmetic is in each case's comment.
"""

import datetime
import pickle
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from scoring import ScoringError
from scoring.season import (
    READY_MADE,
    CupPoints,
    Placing,
    PowerPoints,
    ScorePoints,
    Season,
    SeasonError,
    TablePoints,
    Tournament,
    load_season,
    rank_season,
    ranking_to_json,
    season_from_json,
    season_to_json,
    tournament_points,
)
from tests.scoring.engine_source import GERMAN, PLACEHOLDER, marked, refusals

# The Upper Austrian Fixpunkte for ranks 1–50, copied from the rules, not from the engine.
# fmt: off
FIXPUNKTE_FIGURES = (
    223, 198, 180, 168, 156, 147, 138, 131, 124, 117, 110, 105, 100, 95, 90, 85, 80, 76, 72, 68,
    64, 60, 56, 52, 49, 46, 43, 40, 37, 34, 31, 28, 26, 24, 22, 20, 18, 16, 14, 12, 10, 9, 8, 7,
    6, 5, 4, 3, 2, 1,
)
# fmt: on
ROOT = Path(__file__).resolve().parents[2]
TIROL = PowerPoints(max=200, exponent=3)
HEINE = ScorePoints(full=100, cap=200)
FIXPUNKTE = next(r.rule for r in READY_MADE if r.key == "ooe_fixpunkte")

# The season format's example, as the format writes it.
EXAMPLE: dict[str, Any] = {
    "name": "Beispielcup 2026/27",
    "points": {"method": "power", "max": 200, "exponent": 3},
    "best": 8,
    "qualify": 12,
    "tournaments": [
        {
            "id": "zirl-2026",
            "name": "Zirler Marathon",
            "date": "2026-09-12",
            "ranking": ["Anna", "Bert", "Cilli", "Dora", "Emil"],
        },
        {
            "id": "finale-2027",
            "name": "Cupfinale",
            "date": "2027-03-20",
            "final": True,
            "ranking": ["Bert", "Anna", "Dora"],
        },
    ],
}


def tournament(id: str, *players: str, final: bool = False) -> Tournament:
    """Return a tournament ranked in the order given, winner first."""
    return Tournament(id, tuple(Placing(p) for p in players), final=final)


def scored(id: str, *placings: tuple[str, int]) -> Tournament:
    """Return a tournament whose ranking carries each player's tournament score."""
    return Tournament(id, tuple(Placing(p, s) for p, s in placings))


# --- cup points --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rule", "rank", "players", "expected"),
    [
        # 200 × ((5 − 1) / 4)³ = 200 × 1 = 200: the winner gets M
        pytest.param(TIROL, 1, 5, 200, id="tirol-winner-of-5-gets-200"),
        # 200 × (3/4)³ = 200 × 27/64 = 84.375, rounded 84 (the format's example: Bert in Zirl)
        pytest.param(TIROL, 2, 5, 84, id="tirol-second-of-5-gets-84"),
        # 200 × (2/4)³ = 200 / 8 = 25
        pytest.param(TIROL, 3, 5, 25, id="tirol-third-of-5-gets-25"),
        # 200 × (1/4)³ = 200 / 64 = 3.125, rounded 3
        pytest.param(TIROL, 4, 5, 3, id="tirol-fourth-of-5-gets-3"),
        # 200 × (0/4)³ = 0: the last gets 0
        pytest.param(TIROL, 5, 5, 0, id="tirol-last-of-5-gets-0"),
        # 200 × (1/2)³ = 25 (the format's example: Anna second in the final of 3)
        pytest.param(TIROL, 2, 3, 25, id="tirol-second-of-3-gets-25"),
        # N = 1: the formula's 0/0 is taken as 1, so the only player gets M = 200
        pytest.param(TIROL, 1, 1, 200, id="tirol-only-player-gets-200"),
        # 200 × (10/19)³ = 200,000 / 6,859 = 29.16, rounded 29
        pytest.param(TIROL, 10, 20, 29, id="tirol-tenth-of-20-gets-29"),
        # 200 × (75/149)³ = 84,375,000 / 3,307,949 = 25.507, rounded 26
        pytest.param(TIROL, 75, 150, 26, id="tirol-75th-of-150-gets-26"),
        # 200 × (148/149)³ = 196.0001, rounded 196
        pytest.param(TIROL, 2, 150, 196, id="tirol-second-of-150-gets-196"),
        # 200 × (1/149)³ = 0.00006, rounded 0
        pytest.param(TIROL, 149, 150, 0, id="tirol-149th-of-150-gets-0"),
        # 5 × (1/2)¹ = 2.5 exactly: halves are rounded up, to 3
        pytest.param(PowerPoints(5, 1), 2, 3, 3, id="power-half-rounded-up"),
        # 200 × (1/400)¹ = 0.5 exactly (not 0.4999… as a float might have it): up, to 1
        pytest.param(PowerPoints(200, 1), 400, 401, 1, id="power-exact-half-of-400ths-up"),
        # 150.5 × 1 = 150.5: up, to 151
        pytest.param(PowerPoints(Decimal("150.5"), 1), 1, 2, 151, id="power-decimal-max"),
        # 100 × (3/4)^0.5 = 86.60, rounded 87
        pytest.param(PowerPoints(100, 0.5), 2, 5, 87, id="power-square-root"),
        # 100 × (1/2)^2.5 = 17.68, rounded 18
        pytest.param(PowerPoints(100, 2.5), 2, 3, 18, id="power-exponent-2-5"),
        # the Fixpunkte for ranks 1–50, each the list's own figure
        *(
            pytest.param(FIXPUNKTE, rank, 60, points, id=f"fixpunkte-rank-{rank}-gets-{points}")
            for rank, points in enumerate(FIXPUNKTE_FIGURES, 1)
        ),
        # rank 51 is beyond the list of 50: 0
        pytest.param(FIXPUNKTE, 51, 60, 0, id="fixpunkte-rank-51-gets-0"),
        # a table of (10, 5, 5): the third gets its 5, the fourth is beyond the list, 0
        pytest.param(TablePoints((10, 5, 5)), 3, 4, 5, id="table-equal-entries"),
        pytest.param(TablePoints((10, 5, 5)), 4, 4, 0, id="table-beyond-its-list"),
    ],
)
def test_cup_points_by_rank(rule: CupPoints, rank: int, players: int, expected: int) -> None:
    got = rule.points(rank, players)
    assert got == expected, f"rank {rank} of {players} gets {expected} cup points, not {got}"


@pytest.mark.parametrize(
    ("score", "expected"),
    [
        # s ≤ 0 gives 0
        pytest.param(-35, 0, id="negative-score-gets-0"),
        pytest.param(0, 0, id="zero-score-gets-0"),
        # 0 < s ≤ F = 100 gives s
        pytest.param(1, 1, id="score-1-gets-1"),
        pytest.param(73, 73, id="score-73-gets-73"),
        pytest.param(100, 100, id="score-100-gets-100"),
        # F + ⌊(101 − 100) / 2⌋ = 100 + ⌊0.5⌋ = 100
        pytest.param(101, 100, id="score-101-gets-100"),
        # 100 + ⌊(150 − 100) / 2⌋ = 100 + 25 = 125
        pytest.param(150, 125, id="score-150-gets-125"),
        # 100 + ⌊51 / 2⌋ = 100 + 25 = 125: the half is cut off
        pytest.param(151, 125, id="score-151-gets-125"),
        # 100 + ⌊200 / 2⌋ = 200 = C
        pytest.param(300, 200, id="score-300-gets-the-cap-200"),
        # 100 + ⌊201 / 2⌋ = 200, at most C = 200
        pytest.param(301, 200, id="score-301-gets-200"),
        # 100 + ⌊203 / 2⌋ = 201, at most C = 200
        pytest.param(303, 200, id="score-303-is-capped-at-200"),
        pytest.param(5000, 200, id="score-5000-is-capped-at-200"),
        # a score of 50.5 ≤ F is taken as it is: 101/2
        pytest.param(Decimal("50.5"), Fraction(101, 2), id="score-50-5-gets-50-5"),
        # 100 + ⌊0.5 / 2⌋ = 100
        pytest.param(Decimal("100.5"), 100, id="score-100-5-gets-100"),
    ],
)
def test_heinewertung_by_score(score: int | Decimal, expected: int | Fraction) -> None:
    got = HEINE.points(1, 10, score)
    assert got == expected, f"a tournament score of {score} gives {expected} cup points, not {got}"


@pytest.mark.parametrize(
    "rule",
    [
        pytest.param(TIROL, id="tirol"),
        pytest.param(PowerPoints(5, 1), id="power-with-halves"),
        pytest.param(PowerPoints(Decimal("150.5"), 2), id="power-decimal-max"),
        pytest.param(PowerPoints(100, 0.5), id="power-square-root"),
        pytest.param(FIXPUNKTE, id="fixpunkte"),
        pytest.param(TablePoints((10, 5, 5)), id="short-table"),
    ],
)
@pytest.mark.parametrize("players", [1, 2, 3, 60, 401])
def test_a_whole_ranking_gets_what_each_rank_gets(rule: CupPoints, players: int) -> None:
    # ranking_points() works a tournament out at once; it must agree with points() rank by rank
    by_rank = [rule.points(rank, players) for rank in range(1, players + 1)]
    got = rule.ranking_points([None] * players)
    assert got == by_rank, f"a ranking of {players} gets the points of each of its ranks"


def test_a_whole_ranking_by_score_gets_what_each_score_gets() -> None:
    scores: list[Any] = [400, 301, 150, 101, 100, Decimal("50.5"), 1, 0, -35]
    by_score = [HEINE.points(1, 10, s) for s in scores]
    got = HEINE.ranking_points(scores)
    assert got == by_score, "a ranking by score gets the points of each score"


def test_a_whole_ranking_by_score_refuses_a_score_out_of_range() -> None:
    with pytest.raises(SeasonError, match="is less than -1000000000"):
        HEINE.ranking_points([-(10**9) - 1])


def test_the_score_method_ignores_the_rank() -> None:
    # score 150 gives 125 whether first or last
    got = HEINE.points(10, 10, 150)
    assert got == 125, "the Heinewertung gives cup points by the score, not the rank"


@pytest.mark.parametrize(
    ("key", "rule"),
    [
        pytest.param("tirol_power", PowerPoints(200, 3), id="tirol-200-cubed"),
        pytest.param("heinewertung", ScorePoints(100, 200), id="heinewertung-100-200"),
    ],
)
def test_the_ready_made_systems_carry_the_cups_numbers(key: str, rule: CupPoints) -> None:
    got = next(r.rule for r in READY_MADE if r.key == key)
    assert got == rule, f"the ready-made {key} is {rule}"


# --- the season ranking ------------------------------------------------------------------------


def lines(season: Season) -> list[tuple[int, str, Any]]:
    """Return (rank, player, season points) for each line of the season ranking."""
    return [(s.rank, s.player, s.points) for s in rank_season(season).standings]


@pytest.mark.parametrize(
    ("season", "expected"),
    [
        # Zirl (5 players): Anna 200, Bert 84, Cilli 25, Dora 3, Emil 0.
        # Final (3 players): Bert 200, Anna 25, Dora 0.
        # Bert 84 + 200 = 284, Anna 200 + 25 = 225, Cilli 25, Dora 3 + 0 = 3, Emil 0.
        pytest.param(
            season_from_json(EXAMPLE),
            [(1, "Bert", 284), (2, "Anna", 225), (3, "Cilli", 25), (4, "Dora", 3), (5, "Emil", 0)],
            id="the-format-example",
        ),
        # A (3 players): Anna 200, Bert 25, Cilli 0; B: Bert 200, Anna 25, Cilli 0.
        # Anna and Bert 225 each share rank 1; Cilli 0 is third.
        pytest.param(
            Season(TIROL, (tournament("a", "Anna", "Bert", "Cilli"),
                           tournament("b", "Bert", "Anna", "Cilli"))),
            [(1, "Anna", 225), (1, "Bert", 225), (3, "Cilli", 0)],
            id="equal-points-share-the-first-rank",
        ),
        # Table (10, 6, 6, 1) by rank: Dora 10, Cilli 6, Bert 6, Anna 1. Cilli and Bert share
        # rank 2, Anna is 4th; of equal points Bert comes before Cilli (code-point order).
        pytest.param(
            Season(TablePoints((10, 6, 6, 1)), (tournament("a", "Dora", "Cilli", "Bert", "Anna"),)),
            [(1, "Dora", 10), (2, "Bert", 6), (2, "Cilli", 6), (4, "Anna", 1)],
            id="ranks-1-2-2-4",
        ),
        # Every player 0 points (table (0)): all share rank 1, in code-point order:
        # "Zoe" (Z = U+005A) before "anna" (a = U+0061) before "Ärger" (Ä = U+00C4)
        pytest.param(
            Season(TablePoints((0,)), (tournament("a", "anna", "Ärger", "Zoe"),)),
            [(1, "Zoe", 0), (1, "anna", 0), (1, "Ärger", 0)],
            id="equal-points-in-code-point-order",
        ),
        # best 2 of 200, 25, 200 (Anna): 400; of 25, 200, 0 (Bert): 225; Cilli 0, 0, 25: 25
        pytest.param(
            Season(
                TIROL,
                (tournament("a", "Anna", "Bert", "Cilli"),
                 tournament("b", "Bert", "Anna", "Cilli"),
                 tournament("c", "Anna", "Cilli", "Bert")),
                best=2,
            ),
            [(1, "Anna", 400), (2, "Bert", 225), (3, "Cilli", 25)],
            id="best-2-of-3",
        ),
        # best 1: Anna's 200 of the regular ones plus the final's 25 × 2 = 50: 250;
        # Bert's 25 plus the final's 200 × 2 = 400: 425
        pytest.param(
            Season(
                TIROL,
                (tournament("a", "Anna", "Bert", "Cilli"),
                 tournament("b", "Anna", "Bert", "Cilli"),
                 tournament("f", "Bert", "Anna", "Cilli", final=True)),
                best=1,
                final_factor=2,
            ),
            [(1, "Bert", 425), (2, "Anna", 250), (3, "Cilli", 0)],
            id="the-final-counts-in-addition-to-best-1",
        ),
        # final_factor 1.5: Bert 25 + 200 × 1.5 = 325; Anna 200 + 25 × 1.5 = 237.5 = 475/2
        pytest.param(
            Season(
                TIROL,
                (tournament("a", "Anna", "Bert", "Cilli"),
                 tournament("f", "Bert", "Anna", "Cilli", final=True)),
                final_factor=Decimal("1.5"),
            ),
            [(1, "Bert", 325), (2, "Anna", Fraction(475, 2)), (3, "Cilli", 0)],
            id="final-factor-1-5",
        ),
        # Dora plays only the final: 200 × 1
        pytest.param(
            Season(TIROL, (tournament("a", "Anna", "Bert"), tournament("f", "Dora", final=True))),
            [(1, "Anna", 200), (1, "Dora", 200), (3, "Bert", 0)],
            id="a-player-of-the-final-only",
        ),
        # Heinewertung: a: Anna 320 → 200, Bert 150 → 125, Cilli −20 → 0;
        # b: Cilli 90 → 90, Bert 90 → 90, Anna 10 → 10. Anna 210, Bert 215, Cilli 90.
        pytest.param(
            Season(
                HEINE,
                (scored("a", ("Anna", 320), ("Bert", 150), ("Cilli", -20)),
                 scored("b", ("Cilli", 90), ("Bert", 90), ("Anna", 10))),
            ),
            [(1, "Bert", 215), (2, "Anna", 210), (3, "Cilli", 90)],
            id="heinewertung-season",
        ),
        pytest.param(Season(TIROL, ()), [], id="a-season-without-tournaments"),
        pytest.param(Season(TIROL, (Tournament("a", ()),)), [], id="a-tournament-not-yet-ranked"),
    ],
)  # fmt: skip
def test_season_ranking(season: Season, expected: list[tuple[int, str, Any]]) -> None:
    got = lines(season)
    assert got == expected, f"the season ranks (rank, player, points) as {expected}, not {got}"


def test_the_format_example_prints_as_the_format_shows() -> None:
    # Bert: Zirl 2nd of 5 → 84, the final 1st of 3 → 200; 284, two participations, one 1st and
    # one 2nd place, best rank 1, rank 1 ≤ qualify 12.
    got = ranking_to_json(rank_season(season_from_json(EXAMPLE)))["standings"][0]
    expected = {
        "rank": 1,
        "player": "Bert",
        "points": 284,
        "participations": 2,
        "podiums": [1, 1, 0],
        "best_rank": 1,
        "qualified": True,
        "results": [
            {"tournament": "zirl-2026", "rank": 2, "points": 84, "counted": True},
            {"tournament": "finale-2027", "rank": 1, "points": 200, "counted": True},
        ],
    }
    assert got == expected, "Bert's line is the one the season format shows"


def counted(season: Season, player: str) -> list[tuple[str, Any, bool]]:
    """Return (tournament, cup points, counted) of each of the player's results."""
    standing = rank_season(season).standing(player)
    assert standing is not None, f"{player} is ranked"
    return [(r.tournament, r.points, r.counted) for r in standing.results]


@pytest.mark.parametrize(
    ("season", "player", "expected"),
    [
        # best 2 of a 200, b 25, c 200: a and c count
        pytest.param(
            Season(
                TIROL,
                (tournament("a", "Anna", "Bert", "Cilli"),
                 tournament("b", "Bert", "Anna", "Cilli"),
                 tournament("c", "Anna", "Cilli", "Bert")),
                best=2,
            ),
            "Anna",
            [("a", 200, True), ("b", 25, False), ("c", 200, True)],
            id="the-best-two-are-marked",
        ),
        # best 1 of a 25, b 25: equal, so the earlier one counts
        pytest.param(
            Season(
                TIROL,
                (tournament("a", "Bert", "Anna", "Cilli"),
                 tournament("b", "Bert", "Anna", "Cilli")),
                best=1,
            ),
            "Anna",
            [("a", 25, True), ("b", 25, False)],
            id="of-equal-results-the-earlier-counts",
        ),
        # best 1: the regular 25 and 0 → 25 counts, 0 not; the final's 200 × 3 = 600 counts
        pytest.param(
            Season(
                TIROL,
                (tournament("a", "Anna", "Bert", "Cilli"),
                 tournament("f", "Bert", "Anna", final=True),
                 tournament("b", "Anna", "Cilli", "Bert")),
                best=1,
                final_factor=3,
            ),
            "Bert",
            [("a", 25, True), ("f", 600, True), ("b", 0, False)],
            id="the-final-is-shown-with-its-factor-and-always-counts",
        ),
        # no best: every result counts
        pytest.param(
            Season(TIROL, (tournament("a", "Anna", "Bert"), tournament("b", "Bert", "Anna"))),
            "Anna",
            [("a", 200, True), ("b", 0, True)],
            id="without-best-all-count",
        ),
    ],
)  # fmt: skip
def test_counted_results(
    season: Season, player: str, expected: list[tuple[str, Any, bool]]
) -> None:
    got = counted(season, player)
    assert got == expected, f"{player}'s results (tournament, points, counted) are {expected}"


THREE_DAYS = (
    tournament("a", "Anna", "Bert", "Cilli", "Dora"),
    tournament("b", "Bert", "Anna", "Dora", "Cilli"),
    tournament("c", "Anna", "Dora", "Bert"),
)


@pytest.mark.parametrize(
    ("attribute", "player", "expected"),
    [
        # Anna: 1st, 2nd, 1st
        pytest.param("participations", "Anna", 3, id="anna-played-three"),
        pytest.param("podiums", "Anna", (2, 1, 0), id="anna-two-wins-one-second"),
        pytest.param("best_rank", "Anna", 1, id="anna-best-rank-1"),
        # Cilli: 3rd, 4th, absent
        pytest.param("participations", "Cilli", 2, id="cilli-played-two"),
        pytest.param("podiums", "Cilli", (0, 0, 1), id="cilli-one-third"),
        pytest.param("best_rank", "Cilli", 3, id="cilli-best-rank-3"),
        # Dora: 4th, 3rd, 2nd
        pytest.param("podiums", "Dora", (0, 1, 1), id="dora-a-second-and-a-third"),
        pytest.param("best_rank", "Dora", 2, id="dora-best-rank-2"),
    ],
)
def test_participations_podiums_and_best_rank(attribute: str, player: str, expected: Any) -> None:
    standing = rank_season(Season(TIROL, THREE_DAYS)).standing(player)
    got = getattr(standing, attribute)
    assert got == expected, f"{player}'s {attribute} is {expected}, not {got}"


@pytest.mark.parametrize(
    ("qualify", "expected"),
    [
        # ranks 1, 2, 2, 4 (as in ranks-1-2-2-4): qualify 2 takes both who share rank 2
        pytest.param(2, [True, True, True, False], id="qualify-2-takes-a-shared-rank-2"),
        pytest.param(1, [True, False, False, False], id="qualify-1-takes-the-winner"),
        pytest.param(None, [None, None, None, None], id="no-qualify-marks-no-one"),
    ],
)
def test_qualification(qualify: int | None, expected: list[bool | None]) -> None:
    season = Season(
        TablePoints((10, 6, 6, 1)),
        (tournament("a", "Dora", "Cilli", "Bert", "Anna"),),
        qualify=qualify,
    )
    got = [s.qualified for s in rank_season(season).standings]
    assert got == expected, f"with qualify {qualify} the marks are {expected}, not {got}"


def test_without_qualify_the_json_has_no_qualified() -> None:
    line = ranking_to_json(rank_season(Season(TIROL, (tournament("a", "Anna"),))))["standings"][0]
    assert "qualified" not in line, "qualified is only given when the cup names qualify"


@pytest.mark.parametrize(
    ("season", "expected"),
    [
        # whole inputs: whole numbers, as JSON ints
        pytest.param(Season(TIROL, (tournament("a", "Anna", "Bert"),)), 200, id="whole"),
        # 200 × 1.25 = 250: whole, though a factor was not
        pytest.param(
            Season(TIROL, (tournament("f", "Anna", final=True),), final_factor=1.25),
            250,
            id="whole-result-of-a-decimal-factor",
        ),
        # Anna second of 3 in the final: 25 × 1.5 = 37.5
        pytest.param(
            Season(
                TIROL, (tournament("f", "Bert", "Anna", "Cilli", final=True),), final_factor=1.5
            ),
            37.5,
            id="as-computed",
        ),
    ],
)  # fmt: skip
def test_points_in_json(season: Season, expected: int | float) -> None:
    standings = ranking_to_json(rank_season(season))["standings"]
    got = next(s["points"] for s in standings if s["player"] == "Anna")
    assert repr(got) == repr(expected), f"the points are written {expected!r}, not {got!r}"


def test_decimals_add_up_exactly() -> None:
    # 3 × 1.1 would be 3.3000000000000003 in binary floats; exactly it is 3.3, equal to 3.3
    season = Season(TablePoints((3,)), (tournament("f", "Anna", final=True),), final_factor=1.1)
    got = ranking_to_json(rank_season(season))["standings"][0]["points"]
    assert got == 3.3, f"3 × 1.1 is 3.3, not {got!r}"


def test_tournament_points_apply_the_final_factor() -> None:
    season = Season(TIROL, (tournament("f", "Anna", "Bert", "Cilli", final=True),), final_factor=2)
    # 200 × 2, 25 × 2, 0 × 2
    got = tournament_points(season, season.tournaments[0])
    assert got == [400, 50, 0], f"the final's cup points are 400, 50, 0, not {got}"


def test_a_season_reads_back_what_it_writes() -> None:
    season = season_from_json(EXAMPLE)
    assert season_from_json(season_to_json(season)) == season, "a written season reads back"


def test_the_format_example_is_written_as_the_format_shows_it() -> None:
    got = season_to_json(season_from_json(EXAMPLE))
    assert got == EXAMPLE, "the example season is written back field for field"


def test_the_json_date_becomes_a_date() -> None:
    got = season_from_json(EXAMPLE).tournaments[0].date
    assert got == datetime.date(2026, 9, 12), "2026-09-12 is read as that date"


# --- refusals ----------------------------------------------------------------------------------


def with_(**changes: Any) -> dict[str, Any]:
    """Return the format's example with top-level fields changed (None removes one)."""
    data = {**EXAMPLE, **changes}
    return {k: v for k, v in data.items() if v is not None or k not in changes}


def first_tournament(**changes: Any) -> dict[str, Any]:
    """Return the format's example with its first tournament's fields changed."""
    t = {**EXAMPLE["tournaments"][0], **changes}
    return with_(tournaments=[t, EXAMPLE["tournaments"][1]])


def without(key: str) -> dict[str, Any]:
    """Return the format's example without a top-level field."""
    return {k: v for k, v in EXAMPLE.items() if k != key}


SCORED = {
    "points": {"method": "score", "full": 100, "cap": 200},
    "tournaments": [
        {"id": "a", "ranking": [{"player": "Anna", "score": 120}, {"player": "Bert", "score": 80}]}
    ],
}


@pytest.mark.parametrize(
    ("data", "message"),
    [
        pytest.param([], "season: must be an object", id="a-list"),
        pytest.param(without("points"), "points: missing", id="no-points"),
        pytest.param(without("tournaments"), "tournaments: missing", id="no-tournaments"),
        pytest.param(
            with_(bset=3),
            "bset: is not a field here (name, points, best, final_factor, qualify, tournaments)",
            id="misspelt-field",
        ),
        pytest.param(
            with_(points={"method": "elo"}),
            "points.method: 'elo' is not a cup-point method (power or table or score)",
            id="unknown-method",
        ),
        pytest.param(
            with_(points={"method": 3}),
            "points.method: 3 is not a cup-point method (power or table or score)",
            id="method-a-number",
        ),
        pytest.param(with_(points={"max": 200}), "points.method: missing", id="no-method"),
        pytest.param(with_(points="power"), "points: must be an object", id="points-as-text"),
        pytest.param(
            with_(points={"method": "power", "max": 200}),
            "points.exponent: missing",
            id="power-without-exponent",
        ),
        pytest.param(
            with_(points={"method": "power", "max": 200, "exponent": 3, "full": 100}),
            "points.full: is not a field here (method, max, exponent)",
            id="power-with-a-score-field",
        ),
        pytest.param(
            with_(points={"method": "power", "max": 0, "exponent": 3}),
            "points.max: 0 is not more than 0",
            id="power-max-0",
        ),
        pytest.param(
            with_(points={"method": "power", "max": "200", "exponent": 3}),
            "points.max: must be a number",
            id="power-max-text",
        ),
        pytest.param(
            with_(points={"method": "power", "max": True, "exponent": 3}),
            "points.max: must be a number",
            id="power-max-true",
        ),
        pytest.param(
            with_(points={"method": "power", "max": 200, "exponent": -1}),
            "points.exponent: -1 is not more than 0",
            id="power-negative-exponent",
        ),
        pytest.param(
            with_(points={"method": "power", "max": 200, "exponent": 101}),
            "points.exponent: 101 is more than 100",
            id="power-exponent-above-100",
        ),
        pytest.param(
            with_(points={"method": "power", "max": 10**9, "exponent": 3}),
            "points.max: 1000000000 is more than 1000000",
            id="power-max-huge",
        ),
        pytest.param(
            with_(points={"method": "table", "points": [10, 12]}),
            "points.points[1]: 12 is more than the 10 of the rank above",
            id="table-increasing",
        ),
        pytest.param(
            with_(points={"method": "table", "points": [10, 2.5]}),
            "points.points[1]: 2.5 is not a whole number",
            id="table-not-whole",
        ),
        pytest.param(
            with_(points={"method": "table", "points": [10, -1]}),
            "points.points[1]: -1 is less than 0",
            id="table-negative",
        ),
        pytest.param(
            with_(points={"method": "table", "points": []}),
            "points.points: must give the points of rank 1 at least",
            id="table-empty",
        ),
        pytest.param(
            with_(points={"method": "table", "points": 10}),
            "points.points: must be a list",
            id="table-not-a-list",
        ),
        pytest.param(
            with_(points={"method": "score", "full": 200, "cap": 100}),
            "points.full: 200 is more than the cap 100",
            id="score-full-above-cap",
        ),
        pytest.param(
            with_(points={"method": "score", "full": 0, "cap": 100}),
            "points.full: 0 is less than 1",
            id="score-full-0",
        ),
        pytest.param(
            with_(points={"method": "score", "full": 100, "cap": 200}),
            "tournaments[0].ranking[0].score: missing; the score method needs every player's "
            "tournament score",
            id="score-method-without-scores",
        ),
        pytest.param(with_(best=0), "best: 0 is less than 1", id="best-0"),
        pytest.param(with_(best=2.5), "best: 2.5 is not a whole number", id="best-not-whole"),
        pytest.param(with_(best="8"), "best: must be a whole number", id="best-text"),
        pytest.param(with_(qualify=-1), "qualify: -1 is less than 1", id="qualify-negative"),
        pytest.param(
            with_(qualify=100_000), "qualify: 100000 is more than 10000", id="qualify-huge"
        ),
        pytest.param(
            with_(final_factor=0), "final_factor: 0 is not more than 0", id="final-factor-0"
        ),
        pytest.param(
            with_(final_factor=1000), "final_factor: 1000 is more than 100", id="final-factor-huge"
        ),
        pytest.param(with_(name=5), "name: must be text", id="name-a-number"),
        pytest.param(with_(tournaments={}), "tournaments: must be a list", id="tournaments-object"),
        pytest.param(
            with_(tournaments=["zirl"]), "tournaments[0]: must be an object", id="tournament-text"
        ),
        pytest.param(
            first_tournament(id="finale-2027"),
            "tournaments[1].id: 'finale-2027' is already the id of tournaments[0]",
            id="id-twice",
        ),
        pytest.param(
            first_tournament(id=""), "tournaments[0].id: must not be empty", id="id-empty"
        ),
        pytest.param(first_tournament(id=7), "tournaments[0].id: must be text", id="id-a-number"),
        pytest.param(
            first_tournament(final=True),
            "tournaments[1].final: only one tournament can be the final, and tournaments[0] is",
            id="two-finals",
        ),
        pytest.param(
            first_tournament(final="yes"), "tournaments[0].final: must be true or false",
            id="final-as-text",
        ),
        pytest.param(
            first_tournament(date="12.9.2026"),
            "tournaments[0].date: '12.9.2026' is not a date (write it as 2026-09-12)",
            id="date-the-austrian-way",
        ),
        pytest.param(
            first_tournament(date="2026-02-30"),
            "tournaments[0].date: '2026-02-30' is not a date (write it as 2026-09-12)",
            id="date-that-does-not-exist",
        ),
        pytest.param(
            first_tournament(ranking=["Anna", "Bert", "Anna"]),
            "tournaments[0].ranking: 'Anna' appears twice",
            id="player-twice",
        ),
        pytest.param(
            first_tournament(ranking="Anna"),
            "tournaments[0].ranking: must be a list",
            id="ranking-text",
        ),
        pytest.param(
            first_tournament(ranking=["Anna", " "]),
            "tournaments[0].ranking[1]: must not be empty",
            id="player-blank",
        ),
        pytest.param(
            first_tournament(ranking=["Anna", 7]),
            "tournaments[0].ranking[1]: must be a player, or an object with player and score",
            id="player-a-number",
        ),
        pytest.param(
            first_tournament(ranking=[{"score": 7}]),
            "tournaments[0].ranking[0].player: missing",
            id="placing-without-player",
        ),
        pytest.param(
            first_tournament(ranking=[{"player": "Anna", "rank": 1}]),
            "tournaments[0].ranking[0].rank: is not a field here (player, score)",
            id="placing-with-a-rank",
        ),
        pytest.param(
            first_tournament(
                ranking=[{"player": "Anna", "score": 10}, {"player": "B", "score": 20}]
            ),
            "tournaments[0].ranking[1].score: 20 is more than the 10 of a better rank",
            id="scores-that-do-not-fit-the-ranks",
        ),
        pytest.param(
            first_tournament(ranking=[{"player": "Anna", "score": "10"}]),
            "tournaments[0].ranking[0].score: must be a number",
            id="score-as-text",
        ),
        pytest.param(
            first_tournament(ranking=[{"player": "Anna", "score": 10**10}]),
            "tournaments[0].ranking[0].score: 10000000000 is more than 1000000000",
            id="score-huge",
        ),
        pytest.param(
            {**SCORED, "tournaments": [{"id": "a", "ranking": ["Anna"]}]},
            "tournaments[0].ranking[0].score: missing; the score method needs every player's "
            "tournament score",
            id="score-method-with-a-plain-name",
        ),
    ],
)  # fmt: skip
def test_it_refuses_a_season(data: Any, message: str) -> None:
    with pytest.raises(SeasonError) as refused:
        season_from_json(data)
    assert str(refused.value) == message, f"the refusal reads {message!r}"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        pytest.param("{not json", "season: not valid JSON: Expecting property name enclosed in "
                     "double quotes: line 1 column 2 (char 1)", id="invalid-json"),
        pytest.param('{"best": NaN}', "season: NaN is not a number a season can hold", id="nan"),
        pytest.param('{"best": Infinity}', "season: Infinity is not a number a season can hold",
                     id="infinity"),
        pytest.param('{"best": ' + "9" * 5000 + "}",
                     "season: a number of 5000 digits is more than a season can hold",
                     id="a-5000-digit-number"),
        pytest.param('{"final_factor": 1e999999}',
                     "season: 1e999999 is not a number a season can hold", id="huge-exponent"),
        pytest.param('{"final_factor": 1e-999999}',
                     "season: 1e-999999 is not a number a season can hold", id="tiny-exponent"),
        pytest.param("[" * 100_000, "season: not valid JSON: nested too deeply",
                     id="nesting-100000-deep"),
        pytest.param('{"best": 1, "best": 2}', "season: 'best' appears twice in one object",
                     id="a-key-twice"),
        pytest.param('{"name": "Cup\\u0000"}', "season: text with the control character U+0000",
                     id="nul-in-a-name"),
    ],
)  # fmt: skip
def test_it_refuses_a_season_text(text: str, message: str) -> None:
    with pytest.raises(SeasonError) as refused:
        load_season(text)
    assert str(refused.value) == message, f"the refusal reads {message!r}"


PYTHON_REFUSALS = [
    pytest.param(
        lambda: Season("power", ()),  # type: ignore[arg-type]
        "points: must be a cup-point method (power or table or score)",
        id="points-named-not-made",
    ),
    pytest.param(
        lambda: Season(TIROL, (tournament("a", "Anna"), "b")),  # type: ignore[arg-type]
        "tournaments[1]: must be a tournament",
        id="a-tournament-as-text",
    ),
    pytest.param(
        lambda: Season(TIROL, (Tournament("a", ("Anna",)),)),  # type: ignore[arg-type]
        "tournaments[0].ranking[0]: must be a player's placing",
        id="a-placing-as-text",
    ),
    pytest.param(
        lambda: Season(TIROL, (Tournament("a", (Placing("A", float("nan")),)),)),
        "tournaments[0].ranking[0].score: nan is not a number",
        id="a-nan-score",
    ),
    pytest.param(
        lambda: Season(TIROL, (Tournament("a", (), date="2026-09-12"),)),  # type: ignore[arg-type]
        "tournaments[0].date: must be a date",
        id="a-date-as-text",
    ),
    pytest.param(
        lambda: Season(TIROL, (), final_factor=Decimal("1e-999999")),
        "final_factor: 1E-999999 is not a number a season can hold",
        id="a-decimal-with-a-huge-exponent",
    ),
    pytest.param(lambda: TIROL.points(5, 4), "rank: 5 is not a place among 4 players",
                 id="rank-beyond-the-players"),
    pytest.param(lambda: TIROL.points(0, 4), "rank: 0 is not a place among 4 players",
                 id="rank-0"),
    pytest.param(lambda: TIROL.points(1, 0), "players: must be a whole number of at least 1",
                 id="no-players"),
    pytest.param(lambda: HEINE.points(1, 4),
                 "score: missing; the score method needs every player's tournament score",
                 id="score-method-without-a-score"),
    pytest.param(lambda: PowerPoints(float("inf"), 3), "points.max: inf is not a number",
                 id="infinite-max"),
]  # fmt: skip


@pytest.mark.parametrize(("make", "message"), PYTHON_REFUSALS)
def test_it_refuses_python_objects_that_do_not_fit(make: Any, message: str) -> None:
    with pytest.raises(SeasonError) as refused:
        make()
    assert str(refused.value) == message, f"the refusal reads {message!r}"


def test_a_season_error_is_a_scoring_error() -> None:
    # and so a ValueError
    assert issubclass(SeasonError, ScoringError), "a season's refusal is caught like any other"


@pytest.mark.parametrize(
    ("attribute", "expected"),
    [
        pytest.param("template", "%(player)s appears twice", id="template"),
        pytest.param("params", {"player": "'Anna'"}, id="params"),
        pytest.param("field", "tournaments[0].ranking", id="field"),
    ],
)
def test_a_season_error_keeps_what_the_web_translates(attribute: str, expected: Any) -> None:
    with pytest.raises(SeasonError) as refused:
        season_from_json(first_tournament(ranking=["Anna", "Anna"]))
    got = getattr(refused.value, attribute)
    assert got == expected, f"the refusal's {attribute} is {expected!r}, not {got!r}"


def test_a_season_error_pickles_as_itself() -> None:
    error = SeasonError("best", "%(value)s is less than %(low)s", value="0", low=1)
    again = pickle.loads(pickle.dumps(error))  # noqa: S301 -- our own object
    assert type(again) is SeasonError, "a refusal sent between processes stays a SeasonError"


def test_a_list_given_for_the_tournaments_is_kept_as_a_tuple() -> None:
    season = Season(TIROL, [tournament("a", "Anna")])  # type: ignore[arg-type]
    assert isinstance(season.tournaments, tuple), "a season's tournaments cannot change later"


# --- messages ----------------------------------------------------------------------------------

SEASON_ERRORS = refusals("scoring/season", "SeasonError")
MARKED = marked("scoring/season")


def test_the_walk_finds_the_season_refusals() -> None:
    # guards the search itself: a walk that found nothing would pass every case below
    assert len(SEASON_ERRORS) > 30, "the season engine's refusals are found in its source"


@pytest.mark.parametrize(("template", "names"), SEASON_ERRORS)
def test_each_season_refusal_passes_the_params_its_template_names(
    template: str, names: set[str]
) -> None:
    assert set(PLACEHOLDER.findall(template)) == names, f"{template!r} gets exactly its params"


@pytest.mark.parametrize("message", MARKED)
def test_each_season_message_has_a_german_translation(message: str) -> None:
    assert GERMAN.get(message), f"{message!r} is translated into German"
