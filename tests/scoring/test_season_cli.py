"""The season's command line, run as a user would: python -m scoring.season."""

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.scoring import engine_source

ROOT = engine_source.ROOT

# The season format's example input and the line it shows for Bert.
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


def line(
    rank: int, player: str, points: int, podiums: list[int], best_rank: int, *results: Any
) -> dict[str, Any]:
    """Return a standings line of the example (everyone qualifies: qualify is 12)."""
    return {
        "rank": rank,
        "player": player,
        "points": points,
        "participations": len(results),
        "podiums": podiums,
        "best_rank": best_rank,
        "qualified": True,
        "results": [
            {"tournament": t, "rank": r, "points": p, "counted": True} for t, r, p in results
        ],
    }


# Zirl, 5 players, 200 × ((5 − r)/4)³: 200, 84.375 → 84, 25, 3.125 → 3, 0.
# Final, 3 players, 200 × ((3 − r)/2)³: 200, 25, 0.
EXAMPLE_RANKING = {
    "name": "Beispielcup 2026/27",
    "standings": [
        # 84 + 200
        line(1, "Bert", 284, [1, 1, 0], 1, ("zirl-2026", 2, 84), ("finale-2027", 1, 200)),
        # 200 + 25
        line(2, "Anna", 225, [1, 1, 0], 1, ("zirl-2026", 1, 200), ("finale-2027", 2, 25)),
        line(3, "Cilli", 25, [0, 0, 1], 3, ("zirl-2026", 3, 25)),
        # 3 + 0
        line(4, "Dora", 3, [0, 0, 1], 3, ("zirl-2026", 4, 3), ("finale-2027", 3, 0)),
        line(5, "Emil", 0, [0, 0, 0], 5, ("zirl-2026", 5, 0)),
    ],
}


def run(*args: str, stdin: str | bytes = "") -> subprocess.CompletedProcess[bytes]:
    """Return the finished `python -m scoring.season` process."""
    return engine_source.run("scoring.season", *args, stdin=stdin)


def test_it_prints_the_format_examples_ranking_from_a_file(tmp_path: Path) -> None:
    path = tmp_path / "season.json"
    path.write_text(json.dumps(EXAMPLE), encoding="utf-8")
    got = json.loads(run(str(path)).stdout)
    assert got == EXAMPLE_RANKING, "the example's ranking is printed field for field"


def test_it_reads_standard_input() -> None:
    got = json.loads(run("-", stdin=json.dumps(EXAMPLE)).stdout)
    assert got == EXAMPLE_RANKING, "the season on standard input is ranked the same"


def test_it_exits_0_on_a_good_season() -> None:
    done = run("-", stdin=json.dumps(EXAMPLE))
    assert done.returncode == 0, "a good season exits 0"


def test_it_writes_names_as_they_are() -> None:
    season = {**EXAMPLE, "name": "Kärntner Cup"}
    got = run("-", stdin=json.dumps(season)).stdout.decode()
    assert '"name": "Kärntner Cup"' in got, "umlauts are printed, not escaped"


def test_it_writes_a_season_without_a_name_as_null() -> None:
    season = {k: v for k, v in EXAMPLE.items() if k != "name"}
    got = json.loads(run("-", stdin=json.dumps(season)).stdout)["name"]
    assert got is None, "a season without a name prints name null"


def tournament(**changes: Any) -> str:
    """Return the example as text with its first tournament changed."""
    first = {**EXAMPLE["tournaments"][0], **changes}
    return json.dumps({**EXAMPLE, "tournaments": [first, EXAMPLE["tournaments"][1]]})


BAD = [
    pytest.param(
        ("-",),
        tournament(ranking=["Anna", "Bert", "Anna"]),
        "tournaments[0].ranking: 'Anna' appears twice\n",
        id="a-player-twice",
    ),
    pytest.param(
        ("-",),
        json.dumps({**EXAMPLE, "points": {"method": "elo"}}),
        "points.method: 'elo' is not a cup-point method (power or table or score)\n",
        id="unknown-method",
    ),
    pytest.param(
        ("-",),
        json.dumps({k: v for k, v in EXAMPLE.items() if k != "tournaments"}),
        "tournaments: missing\n",
        id="missing-tournaments",
    ),
    pytest.param(
        ("-",),
        json.dumps({**EXAMPLE, "best": "8"}),
        "best: must be a whole number\n",
        id="wrong-type",
    ),
    pytest.param(
        ("-",), '{"best": NaN}', "season: NaN is not a number a season can hold\n", id="nan"
    ),
    pytest.param(
        ("-",),
        '{"best": ' + "9" * 5000 + "}",
        "season: a number of 5000 digits is more than a season can hold\n",
        id="a-5000-digit-number",
    ),
    pytest.param(
        ("-",),
        json.dumps({**EXAMPLE, "final_factor": 1e300}),
        "season: 1e+300 is not a number a season can hold\n",
        id="a-factor-of-1e300",
    ),
    pytest.param(
        ("-",),
        json.dumps({**EXAMPLE, "final_factor": 1000}),
        "final_factor: 1000 is more than 100\n",
        id="a-factor-of-1000",
    ),
    pytest.param(
        ("-",),
        tournament(ranking=[{"player": "Anna", "score": 10}, {"player": "Bert", "score": 30}]),
        "tournaments[0].ranking[1].score: 30 is more than the 10 of a better rank\n",
        id="scores-that-do-not-fit-the-ranks",
    ),
    pytest.param(
        ("-",),
        tournament(final=True),
        "tournaments[1].final: only one tournament can be the final, and tournaments[0] is\n",
        id="two-finals",
    ),
    pytest.param(
        ("/nonexistent/season.json",),
        "",
        "season: cannot read /nonexistent/season.json: No such file or directory\n",
        id="unreadable-file",
    ),
    pytest.param(
        (str(ROOT),), "", f"season: cannot read {ROOT}: Is a directory\n", id="a-directory"
    ),
    pytest.param(
        ("-",),
        b'{"name": "\xff"}',
        "season: cannot read -: 'utf-8' codec can't decode byte 0xff in position 10: "
        "invalid start byte\n",
        id="not-utf-8",
    ),
    pytest.param(
        ("-",),
        "{not json",
        "season: not valid JSON: Expecting property name enclosed in double quotes: "
        "line 1 column 2 (char 1)\n",
        id="invalid-json",
    ),
    pytest.param(("-",), "", None, id="empty-input"),
    pytest.param(
        ("-",), "[" * 100_000, "season: not valid JSON: nested too deeply\n", id="deep-nesting"
    ),
    pytest.param(
        (),
        "",
        "usage: python -m scoring.season [-h] season: "
        "the following arguments are required: season\n",
        id="no-season-named",
    ),
    pytest.param(("a.json", "b.json"), "", None, id="two-seasons-named"),
]


@pytest.mark.parametrize(("args", "stdin", "message"), BAD)
def test_bad_input_exits_2(args: tuple[str, ...], stdin: str | bytes, message: str | None) -> None:
    done = run(*args, stdin=stdin)
    assert done.returncode == 2, f"bad input exits 2, not {done.returncode}"


@pytest.mark.parametrize(("args", "stdin", "message"), BAD)
def test_bad_input_prints_nothing_on_standard_output(
    args: tuple[str, ...], stdin: str | bytes, message: str | None
) -> None:
    done = run(*args, stdin=stdin)
    assert done.stdout == b"", "nothing is printed on standard output"


@pytest.mark.parametrize(("args", "stdin", "message"), BAD)
def test_bad_input_says_why_in_one_line(
    args: tuple[str, ...], stdin: str | bytes, message: str | None
) -> None:
    got = run(*args, stdin=stdin).stderr.decode()
    if message is None:
        assert len(got.splitlines()) == 1, f"standard error holds one line, not {got!r}"
    else:
        assert got == message, f"standard error reads {message!r}"


def test_the_documented_example_gives_the_documented_line() -> None:
    # docs/season-format.md shows an input and Bert's line of its output: they must agree
    text = (ROOT / "docs" / "season-format.md").read_text(encoding="utf-8")
    season, ranking = re.findall(r"```json\n(.*?)```", text, flags=re.DOTALL)
    got = json.loads(run("-", stdin=season).stdout)["standings"][0]
    assert got == json.loads(ranking)["standings"][0], "the documented example is what is printed"


def test_the_season_engine_imports_without_django() -> None:
    code = (
        "import sys; sys.modules['django'] = None; import scoring.season, scoring.season.__main__; "
        "print(sorted(m for m in sys.modules if m.startswith('django')))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=False
    )
    assert done.stdout.strip() == "['django']", "importing the season engine loads no Django"
