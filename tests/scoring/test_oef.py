"""The Österreich-Finale's national ranking (RULES section 13), worked by hand rule by rule."""

import copy
import pickle
import re
from typing import Any

import pytest

from scoring import ScoringError
from scoring.oef import (
    PRESETS,
    Cup,
    CupPlace,
    Final,
    Oef,
    OefError,
    oef_from_json,
    oef_to_json,
    preset_levels,
    rank_national,
    ranking_to_json,
)
from tests.scoring.engine_source import GERMAN, PLACEHOLDER, ROOT, marked, refusals

# RULES section 13's worked example: cup T (L40) Anna 1, Cilli and Bert sharing 2; cup R (L60)
# Bert 1, Emil 2, Dora 3; final points 60, 55, 51; the final's ranking Cilli, Dora, Anna.
EXAMPLE: dict[str, Any] = {
    "name": "Tarock-Österreich-Finale 2027",
    "levels": {"L40": [120, 109, 100, 93], "L60": [120, 111, 104, 98]},
    "cups": [
        {
            "id": "ttc",
            "name": "Tiroler Tarockcup 2026/27",
            "level": "L40",
            "ranking": ["Anna", {"player": "Cilli", "rank": 2}, {"player": "Bert", "rank": 2}],
        },
        {"id": "rtc", "level": "L60", "ranking": ["Bert", "Emil", "Dora"]},
    ],
    "final": {"points": [60, 55, 51], "ranking": ["Cilli", "Dora", "Anna"]},
}


def ranked(document: dict[str, Any]) -> list[tuple[Any, ...]]:
    """Return the national ranking's lines as (rank, player, total, qualifying, from_cup,
    final_rank, final_points)."""
    return [
        (s.rank, s.player, s.total, s.qualifying, s.from_cup, s.final_rank, s.final_points)
        for s in rank_national(oef_from_json(document)).standings
    ]


def changed(**fields: Any) -> dict[str, Any]:
    """Return a copy of the example with top-level fields replaced."""
    return {**copy.deepcopy(EXAMPLE), **fields}


def one_cup(ranking: list[Any], table: list[int], final: dict[str, Any] | None = None) -> Any:
    """Return a national final of one cup of level L (the given table) and the final given."""
    document: dict[str, Any] = {
        "levels": {"L": table},
        "cups": [{"id": "c", "level": "L", "ranking": ranking}],
    }
    if final is not None:
        document["final"] = final
    return document


# Each case: the file, and the lines of the national ranking worked out by hand.
CASES = [
    pytest.param(
        EXAMPLE,
        [
            (1, "Anna", 171, 120, "ttc", 3, 51),  # 120 (T rank 1) + 51 (final 3)
            (2, "Cilli", 169, 109, "ttc", 1, 60),  # 109 (T rank 2, shared) + 60
            (3, "Dora", 159, 104, "rtc", 2, 55),  # 104 (R rank 3) + 55
            (4, "Bert", 120, 120, "rtc", None, 0),  # R's 120 beats T's 109; no final
            (5, "Emil", 111, 111, "rtc", None, 0),  # R rank 2; no final
        ],
        id="the-worked-example",
    ),
    pytest.param(
        one_cup(["A", "B", "C"], [120, 109]),
        [
            (1, "A", 120, 120, "c", None, 0),
            (2, "B", 109, 109, "c", None, 0),
            (3, "C", 0, 0, "c", None, 0),
        ],
        id="a-rank-beyond-the-level-table-brings-0",
    ),
    pytest.param(
        one_cup(
            ["A", {"player": "B", "rank": 2}, {"player": "C", "rank": 2}, "D"], [120, 109, 100, 93]
        ),
        [
            (1, "A", 120, 120, "c", None, 0),
            (2, "B", 109, 109, "c", None, 0),  # both rank 2 bring rank 2's 109
            (2, "C", 109, 109, "c", None, 0),
            (4, "D", 93, 93, "c", None, 0),  # the fourth entry keeps rank 4
        ],
        id="a-shared-cup-rank-brings-each-player-that-ranks-points",
    ),
    pytest.param(
        {
            "levels": {"L": [120, 109, 100]},
            "cups": [
                {"id": "x", "level": "L", "ranking": ["Q", "P"]},
                {"id": "y", "level": "L", "ranking": ["P", "Q"]},
            ],
        },
        # P brings y's 120, not 109 + 120; Q brings x's 120: the highest, never the sum
        [(1, "P", 120, 120, "y", None, 0), (1, "Q", 120, 120, "x", None, 0)],
        id="several-cups-bring-the-highest-not-the-sum",
    ),
    pytest.param(
        {
            "levels": {"L40": [120, 109], "L60": [120, 111, 104]},
            "cups": [
                {"id": "x", "level": "L40", "ranking": ["A", "P"]},
                {"id": "y", "level": "L60", "ranking": ["B", "C", "D", "E", "P"]},
                {"id": "z", "level": "L40", "ranking": ["Z", "Y", "P"]},
            ],
            "final": {"points": [60], "ranking": ["A"]},
        },
        # P: x brings 109, y (rank 5, beyond its table) 0, z (rank 3) 0
        [
            (1, "A", 180, 120, "x", 1, 60),
            (2, "B", 120, 120, "y", None, 0),
            (2, "Z", 120, 120, "z", None, 0),
            (4, "C", 111, 111, "y", None, 0),
            (5, "P", 109, 109, "x", None, 0),
            (5, "Y", 109, 109, "z", None, 0),
            (7, "D", 104, 104, "y", None, 0),
            (8, "E", 0, 0, "y", None, 0),
        ],
        id="the-cup-with-the-highest-points-is-named",
    ),
    pytest.param(
        {
            "levels": {"L": [120, 109]},
            "cups": [
                {"id": "x", "level": "L", "ranking": ["A", "B", "P"]},
                {"id": "y", "level": "L", "ranking": ["C", "D", "E", "P"]},
            ],
            "final": {"points": [60, 55], "ranking": ["P", "D"]},
        },
        # P brings 0 from both cups (ranks beyond the table): x, the first, is named
        [
            (1, "D", 164, 109, "y", 2, 55),
            (2, "A", 120, 120, "x", None, 0),
            (2, "C", 120, 120, "y", None, 0),
            (4, "B", 109, 109, "x", None, 0),
            (5, "P", 60, 0, "x", 1, 60),
            (6, "E", 0, 0, "y", None, 0),
        ],
        id="among-equal-points-the-first-cup-is-named-also-for-0",
    ),
    pytest.param(
        one_cup(["A"], [120], {"points": [60, 55], "ranking": ["N", "A"]}),
        # N played the final without a cup rank: 0 qualifying points, no cup named
        [(1, "A", 175, 120, "c", 2, 55), (2, "N", 60, 0, None, 1, 60)],
        id="a-finalist-without-a-cup-rank-brings-0",
    ),
    pytest.param(
        one_cup(
            ["A", "B", "C", "D"],
            [120, 109, 100, 93],
            {"points": [60, 55], "ranking": ["C", "D", "A"]},
        ),
        # A is third in the final, beyond its table: 0; B did not play it and keeps 109
        [
            (1, "C", 160, 100, "c", 1, 60),
            (2, "D", 148, 93, "c", 2, 55),
            (3, "A", 120, 120, "c", 3, 0),
            (4, "B", 109, 109, "c", None, 0),
        ],
        id="final-ranks-beyond-the-final-table-get-0-and-a-qualifier-not-playing-keeps-his-points",
    ),
    pytest.param(
        one_cup(
            ["A", "B", "C"], [100, 90, 80], {"points": [30, 20, 10], "ranking": ["C", "B", "N"]}
        ),
        # A 100 (no final); B 90 + 20 = 110; C 80 + 30 = 110; N 0 + 10
        [
            (1, "C", 110, 80, "c", 1, 30),  # equal to B: the better final rank first
            (2, "B", 110, 90, "c", 2, 20),
            (3, "A", 100, 100, "c", None, 0),
            (4, "N", 10, 0, None, 3, 10),
        ],
        id="equal-totals-go-by-the-better-final-rank",
    ),
    pytest.param(
        one_cup(["A", "B"], [50, 50], {"points": [0], "ranking": ["B"]}),
        # both 50; B played the final (0 final points), which puts B first: no shared rank
        [(1, "B", 50, 50, "c", 1, 0), (2, "A", 50, 50, "c", None, 0)],
        id="final-points-of-0-still-make-a-finalist",
    ),
    pytest.param(
        one_cup(["A", "B", "C", "D"], [120, 100, 100, 0], {"points": [20], "ranking": ["D"]}),
        # B and C have 100 each and neither played the final: they share rank 2 (1, 2, 2, 4);
        # D: 0 + 20
        [
            (1, "A", 120, 120, "c", None, 0),
            (2, "B", 100, 100, "c", None, 0),
            (2, "C", 100, 100, "c", None, 0),
            (4, "D", 20, 0, "c", 1, 20),
        ],
        id="still-equal-without-the-final-share-the-rank",
    ),
    pytest.param(
        one_cup(
            ["Zoe", "anna", "Ärger", "Bert"], [50, 50, 50, 50], {"points": [0], "ranking": ["Bert"]}
        ),
        # all 50: Bert played the final (0 points) and goes first; the rest by code point
        [
            (1, "Bert", 50, 50, "c", 1, 0),
            (2, "Zoe", 50, 50, "c", None, 0),
            (2, "anna", 50, 50, "c", None, 0),
            (2, "Ärger", 50, 50, "c", None, 0),
        ],
        id="a-finalist-before-equal-totals-who-did-not-play-then-by-the-player-string",
    ),
]


@pytest.mark.parametrize(("document", "lines"), CASES)
def test_the_national_ranking_is_worked_out_as_by_hand(
    document: dict[str, Any], lines: list[tuple[Any, ...]]
) -> None:
    assert ranked(document) == lines, "the national ranking is the one worked out by hand"


def test_every_cup_a_player_is_ranked_in_is_shown_in_input_order() -> None:
    bert = rank_national(oef_from_json(EXAMPLE)).standing("Bert")
    assert bert is not None and [tuple(c) for c in bert.cups] == [
        ("ttc", 2, 109),
        ("rtc", 1, 120),
    ], "Bert's line shows cup T's 109 beside cup R's 120"


def test_a_player_ranked_nowhere_has_no_line() -> None:
    ranking = rank_national(oef_from_json(EXAMPLE))
    assert ranking.standing("Fritz") is None, (
        "a player in no cup and not in the final is not ranked"
    )


@pytest.mark.parametrize(
    ("document", "provisional"),
    [
        pytest.param(EXAMPLE, False, id="every-season-closed-and-the-final-played"),
        pytest.param(
            {k: v for k, v in EXAMPLE.items() if k != "final"}, True, id="the-final-not-played"
        ),
        pytest.param(
            changed(cups=[{**EXAMPLE["cups"][0], "provisional": True}, EXAMPLE["cups"][1]]),
            True,
            id="a-cup-season-still-open",
        ),
        pytest.param(
            changed(cups=[{**EXAMPLE["cups"][0], "provisional": False}, EXAMPLE["cups"][1]]),
            False,
            id="a-cup-marked-not-provisional",
        ),
    ],
)
def test_the_ranking_is_provisional_while_a_season_is_open_or_the_final_unplayed(
    document: dict[str, Any], provisional: bool
) -> None:
    got = rank_national(oef_from_json(document)).provisional
    assert got is provisional, f"the national ranking's provisional mark is {provisional}"


def test_without_a_final_everyone_brings_the_qualifying_points_alone() -> None:
    lines = ranked({k: v for k, v in EXAMPLE.items() if k != "final"})
    assert [(line[1], line[2]) for line in lines] == [
        ("Anna", 120),
        ("Bert", 120),
        ("Emil", 111),
        ("Cilli", 109),
        ("Dora", 104),
    ], "before the final the qualifying points are the totals"


def test_no_cups_and_a_final_rank_the_finalists_by_final_points() -> None:
    document = {
        "levels": {"L": [120]},
        "cups": [],
        "final": {"points": [60, 55], "ranking": ["B", "A"]},
    }
    assert ranked(document) == [
        (1, "B", 60, 0, None, 1, 60),
        (2, "A", 55, 0, None, 2, 55),
    ], "a final alone ranks its players by final points"


# --- the published levels ----------------------------------------------------------------------


def test_the_presets_are_the_three_published_levels() -> None:
    assert [(p.name, len(p.points)) for p in PRESETS] == [
        ("L40", 40),
        ("L60", 60),
        ("L80", 80),
    ], "L40, L60 and L80 list 40, 60 and 80 ranks"


@pytest.mark.parametrize("preset", PRESETS, ids=[p.name for p in PRESETS])
def test_the_winner_of_any_cup_brings_120(preset: Any) -> None:
    assert preset.points[0] == 120, "a cup's winner brings 120 qualifying points"


@pytest.mark.parametrize("preset", PRESETS, ids=[p.name for p in PRESETS])
def test_a_preset_is_a_table_the_file_accepts(preset: Any) -> None:
    document = one_cup(["A"], list(preset.points))
    assert oef_from_json(document).levels["L"] == preset.points, "a preset passes the checks"


@pytest.mark.parametrize(
    ("level", "rank", "points"),
    [
        ("L40", 10, 64),
        ("L40", 40, 11),
        ("L60", 30, 32),
        ("L60", 60, 11),
        ("L80", 49, 24),
        ("L80", 80, 11),
    ],
)
def test_the_presets_hold_the_published_points(level: str, rank: int, points: int) -> None:
    assert preset_levels()[level][rank - 1] == points, f"{level} gives rank {rank} {points}"


# --- Python callers ----------------------------------------------------------------------------


def test_an_oef_made_in_python_ranks_like_its_json() -> None:
    oef = Oef(
        {"L40": (120, 109, 100, 93), "L60": (120, 111, 104, 98)},
        (
            Cup("ttc", "L40", (CupPlace("Anna", 1), CupPlace("Cilli", 2), CupPlace("Bert", 2))),
            Cup("rtc", "L60", (CupPlace("Bert", 1), CupPlace("Emil", 2), CupPlace("Dora", 3))),
        ),
        Final((60, 55, 51), ("Cilli", "Dora", "Anna")),
        name="Tarock-Österreich-Finale 2027",
    )
    assert ranking_to_json(rank_national(oef)) == ranking_to_json(
        rank_national(oef_from_json(EXAMPLE))
    ), "the same national final ranks the same from Python as from JSON"


def test_an_oef_written_as_json_reads_back_the_same() -> None:
    oef = oef_from_json(EXAMPLE)
    assert oef_from_json(oef_to_json(oef)) == oef, "oef_to_json writes what oef_from_json reads"


def test_an_oef_error_is_a_scoring_error_and_pickles_as_itself() -> None:
    error = OefError("final.points[1]", "%(value)s is less than %(low)s", value="-1", low=0)
    again = pickle.loads(pickle.dumps(error))  # noqa: S301 -- our own object
    assert (type(again), isinstance(again, ScoringError), str(again)) == (
        OefError,
        True,
        "final.points[1]: -1 is less than 0",
    ), "a refusal sent between processes stays an OefError with its message"


# --- refusals: each names the field and its reason ---------------------------------------------


def cup(i: int, **fields: Any) -> dict[str, Any]:
    """Return the example with cup i's fields replaced."""
    document = copy.deepcopy(EXAMPLE)
    document["cups"][i].update(fields)
    return document


def final(**fields: Any) -> dict[str, Any]:
    """Return the example with the final's fields replaced."""
    document = copy.deepcopy(EXAMPLE)
    document["final"].update(fields)
    return document


def levels(**tables: Any) -> dict[str, Any]:
    """Return the example with level tables replaced or added."""
    return changed(levels={**EXAMPLE["levels"], **tables})


REFUSALS = [
    pytest.param(
        cup(1, level="L50"),
        "cups[1].level: 'L50' is not one of the levels (L40 or L60)",
        id="an-unknown-level",
    ),
    pytest.param(
        cup(1, level=40),
        "cups[1].level: 40 is not one of the levels (L40 or L60)",
        id="a-level-that-is-not-text",
    ),
    pytest.param(
        cup(1, ranking=["Bert", "Emil", "Dora", "Emil"]),
        "cups[1].ranking[3]: 'Emil' appears twice",
        id="a-player-twice-in-a-cup",
    ),
    pytest.param(
        cup(0, ranking=["Anna", {"player": "Anna", "rank": 1}]),
        "cups[0].ranking[1]: 'Anna' appears twice",
        id="a-player-twice-in-a-cup-once-with-a-shared-rank",
    ),
    pytest.param(
        final(ranking=["Cilli", "Dora", "Cilli"]),
        "final.ranking[2]: 'Cilli' appears twice",
        id="a-player-twice-in-the-final",
    ),
    pytest.param(
        cup(0, ranking=["Anna", {"player": "Cilli", "rank": 3}]),
        "cups[0].ranking[1].rank: 3 is more than the entry's position 2",
        id="a-rank-above-its-position",
    ),
    pytest.param(
        cup(0, ranking=[{"player": "Anna", "rank": 2}]),
        "cups[0].ranking[0].rank: 2 is more than the entry's position 1",
        id="a-first-entry-not-ranked-1",
    ),
    pytest.param(
        cup(0, ranking=["Anna", "Cilli", {"player": "Bert", "rank": 1}]),
        "cups[0].ranking[2].rank: 1 is better than the rank 2 above it",
        id="ranks-that-decrease",
    ),
    pytest.param(
        cup(0, ranking=[{"player": "Anna", "rank": 0}]),
        "cups[0].ranking[0].rank: 0 is less than 1",
        id="a-rank-of-0",
    ),
    pytest.param(
        cup(0, ranking=[{"player": "Anna", "rank": 1.5}]),
        "cups[0].ranking[0].rank: 1.5 is not a whole number",
        id="a-rank-that-is-not-whole",
    ),
    pytest.param(
        cup(0, ranking=[{"player": "Anna", "rank": "1"}]),
        "cups[0].ranking[0].rank: must be a whole number",
        id="a-rank-that-is-text",
    ),
    pytest.param(
        cup(0, ranking=[{"player": "Anna"}]),
        "cups[0].ranking[0].rank: missing",
        id="a-place-without-a-rank",
    ),
    pytest.param(
        cup(0, ranking=[{"player": "Anna", "rank": 1, "score": 3}]),
        "cups[0].ranking[0].score: is not a field here (player, rank)",
        id="a-place-with-a-score",
    ),
    pytest.param(
        cup(0, ranking=[7]),
        "cups[0].ranking[0]: must be a player, or an object with player and rank",
        id="a-place-that-is-a-number",
    ),
    pytest.param(
        cup(0, ranking=[" "]), "cups[0].ranking[0]: must not be empty", id="a-blank-player"
    ),
    pytest.param(
        cup(0, ranking=[{"player": 7, "rank": 1}]),
        "cups[0].ranking[0]: must be text",
        id="a-player-that-is-a-number",
    ),
    pytest.param(
        cup(0, ranking="Anna"), "cups[0].ranking: must be a list", id="a-ranking-that-is-not-a-list"
    ),
    pytest.param(
        cup(1, id="ttc"), "cups[1].id: 'ttc' is already the id of cups[0]", id="a-cup-id-twice"
    ),
    pytest.param(cup(1, id=""), "cups[1].id: must not be empty", id="an-empty-cup-id"),
    pytest.param(cup(1, id=3), "cups[1].id: must be text", id="a-cup-id-that-is-a-number"),
    pytest.param(cup(1, name=3), "cups[1].name: must be text", id="a-cup-name-that-is-a-number"),
    pytest.param(
        cup(1, provisional="yes"),
        "cups[1].provisional: must be true or false",
        id="provisional-that-is-not-true-or-false",
    ),
    pytest.param(
        cup(1, season="2026/27"),
        "cups[1].season: is not a field here (id, name, level, provisional, ranking)",
        id="an-unknown-cup-field",
    ),
    pytest.param({k: v for k, v in EXAMPLE.items() if k != "cups"}, "cups: missing", id="no-cups"),
    pytest.param(changed(cups={"ttc": []}), "cups: must be a list", id="cups-that-are-not-a-list"),
    pytest.param(
        changed(cups=["ttc"]), "cups[0]: must be an object", id="a-cup-that-is-not-an-object"
    ),
    pytest.param(
        changed(cups=[{"id": "x", "level": "L40", "ranking": []}] * 101),
        "cups: has 101 entries, more than 100",
        id="too-many-cups",
    ),
    pytest.param(
        levels(L40=[120, 109, 110]),
        "levels.L40[2]: 110 is more than the 109 of the rank above",
        id="an-increasing-level-table",
    ),
    pytest.param(
        levels(L40=[120, -1]), "levels.L40[1]: -1 is less than 0", id="a-negative-level-entry"
    ),
    pytest.param(
        levels(L40=[]),
        "levels.L40: must give the points of rank 1 at least",
        id="an-empty-level-table",
    ),
    pytest.param(
        levels(L40=[120, "109"]),
        "levels.L40[1]: must be a whole number",
        id="a-level-entry-that-is-text",
    ),
    pytest.param(
        levels(L40=[1_000_001]),
        "levels.L40[0]: 1000001 is more than 1000000",
        id="a-level-entry-too-large",
    ),
    pytest.param(
        levels(L40=[120] * 10_001),
        "levels.L40: has 10001 entries, more than 10000",
        id="a-level-table-too-long",
    ),
    pytest.param(levels(L40=None), "levels.L40: must be a list", id="a-level-of-null"),
    pytest.param(levels(**{"": [1]}), "levels: must not be empty", id="an-empty-level-name"),
    pytest.param(changed(levels={}), "levels: must name at least one level", id="no-levels"),
    pytest.param(changed(levels=[120]), "levels: must be an object", id="levels-that-are-a-list"),
    pytest.param(
        changed(levels={f"L{i}": [1] for i in range(101)}, cups=[]),
        "levels: names 101 levels, more than 100",
        id="too-many-levels",
    ),
    pytest.param(
        {k: v for k, v in EXAMPLE.items() if k != "levels"}, "levels: missing", id="no-levels-field"
    ),
    pytest.param(
        final(points=[60, -5]), "final.points[1]: -5 is less than 0", id="negative-final-points"
    ),
    pytest.param(
        final(points=[60, 61]),
        "final.points[1]: 61 is more than the 60 of the rank above",
        id="an-increasing-final-table",
    ),
    pytest.param(
        final(points=[]),
        "final.points: must give the points of rank 1 at least",
        id="an-empty-final-table",
    ),
    pytest.param(
        final(points=[60.5]),
        "final.points[0]: 60.5 is not a whole number",
        id="final-points-not-whole",
    ),
    pytest.param(
        final(ranking=["Cilli", None]),
        "final.ranking[1]: must be text",
        id="a-final-player-of-null",
    ),
    pytest.param(
        final(ranking="Cilli"),
        "final.ranking: must be a list",
        id="a-final-ranking-that-is-not-a-list",
    ),
    pytest.param(
        changed(final={"points": [60]}), "final.ranking: missing", id="a-final-without-a-ranking"
    ),
    pytest.param(changed(final=[60]), "final: must be an object", id="a-final-that-is-a-list"),
    pytest.param(
        final(date="2027-06-12"),
        "final.date: is not a field here (points, ranking)",
        id="an-unknown-final-field",
    ),
    pytest.param(changed(name=3), "name: must be text", id="a-name-that-is-a-number"),
    pytest.param(
        changed(season="2026/27"),
        "season: is not a field here (name, levels, cups, final)",
        id="an-unknown-field",
    ),
    pytest.param([EXAMPLE], "oef: must be an object", id="a-file-that-is-a-list"),
]


@pytest.mark.parametrize(("document", "message"), REFUSALS)
def test_bad_input_is_refused_naming_the_field(document: Any, message: str) -> None:
    with pytest.raises(OefError) as refused:
        oef_from_json(document)
    assert str(refused.value) == message, f"the refusal reads {message!r}"


@pytest.mark.parametrize(
    ("make", "message"),
    [
        pytest.param(
            lambda: Oef({"L": (1,)}, ("c",)),  # type: ignore[arg-type]
            "cups[0]: must be a cup",
            id="a-cup-that-is-not-a-cup",
        ),
        pytest.param(
            lambda: Oef({"L": (1,)}, (Cup("c", "L", (("A", 1),)),)),  # type: ignore[arg-type]
            "cups[0].ranking[0]: must be a player's place",
            id="a-place-that-is-not-a-place",
        ),
        pytest.param(
            lambda: Oef({"L": (1,)}, (), final=((1,), ("A",))),  # type: ignore[arg-type]
            "final: must be the final",
            id="a-final-that-is-not-a-final",
        ),
        pytest.param(
            lambda: Oef([("L", (1,))], ()),  # type: ignore[arg-type]
            "levels: must be an object of level names and their points",
            id="levels-that-are-not-a-mapping",
        ),
    ],
)
def test_python_callers_are_refused_naming_the_field(make: Any, message: str) -> None:
    with pytest.raises(OefError) as refused:
        make()
    assert str(refused.value) == message, f"the refusal reads {message!r}"


def test_a_refusal_changes_nothing_the_caller_gave() -> None:
    document = cup(1, ranking=["Bert", "Emil", "Dora", "Emil"])
    before = copy.deepcopy(document)
    with pytest.raises(OefError):
        oef_from_json(document)
    assert document == before, "a refused file is left as it was given"


# --- messages ----------------------------------------------------------------------------------

OEF_REFUSALS = refusals("scoring/oef", "OefError")
MARKED = marked("scoring/oef")


def test_the_walk_finds_the_refusals() -> None:
    # guards the search itself: a walk that found nothing would pass every case below
    # (the checks of text, lists and ids it shares with seasons are walked with scoring/season)
    assert len(OEF_REFUSALS) > 15, "the national final's refusals are found in its source"


@pytest.mark.parametrize(("template", "names"), OEF_REFUSALS)
def test_each_refusal_passes_the_params_its_template_names(template: str, names: set[str]) -> None:
    assert set(PLACEHOLDER.findall(template)) == names, f"{template!r} gets exactly its params"


@pytest.mark.parametrize("message", MARKED)
def test_each_message_has_a_german_translation(message: str) -> None:
    assert GERMAN.get(message), f"{message!r} is translated into German"


@pytest.mark.parametrize("preset", PRESETS, ids=[p.name for p in PRESETS])
def test_the_format_description_lists_each_preset_as_the_engine_has_it(preset: Any) -> None:
    text = (ROOT / "docs" / "oef-format.md").read_text(encoding="utf-8")
    listed = re.search(rf"^- `{preset.name}` \([^;]*; ranks 1–\d+\): ([\d,\s]+)\.$", text, re.M)
    numbers = () if listed is None else tuple(int(n) for n in listed.group(1).split(","))
    assert numbers == preset.points, f"docs/oef-format.md lists {preset.name} as the engine has it"
