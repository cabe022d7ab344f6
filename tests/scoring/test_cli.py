"""The command line, run as a user would: python -m scoring."""

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
GOOD = {
    "ruleset": "lungau",
    "players": ["A", "B", "C", "D"],
    "hands": [{"contract": "dreier", "declarer": 2, "points": 40}],
}
BAD = {
    "ruleset": "lungau",
    "players": ["A", "B", "C", "D"],
    "hands": [{"contract": "dreier", "declarer": 2, "points": 72}],
}


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    """Return the finished `python -m scoring` process."""
    return subprocess.run(
        [sys.executable, "-m", "scoring", *args],
        cwd=ROOT,
        input=stdin,
        capture_output=True,
        text=True,
        check=False,
    )


def test_it_prints_the_scored_sheet_from_a_file(tmp_path: Path) -> None:
    path = tmp_path / "sheet.json"
    path.write_text(json.dumps(GOOD))
    done = run(str(path))
    assert (done.returncode, json.loads(done.stdout)["totals"]) == (0, [-2, -2, 6, -2])


def test_a_sheet_with_a_tariff_scores_with_the_tariffs_numbers() -> None:
    # Tirol 2012: Valat 15 silent, a bonus beside the Rufer's 1: 16 from each defender
    sheet = {
        "ruleset": "tirol_cup",
        "tariff": {"name": "Tirol 2012", "valat": {"silent": 15, "announced": 30}},
        "players": ["A", "B", "C", "D"],
        "hands": [{"contract": "rufer", "declarer": 1, "partner": 3, "valat": "declarer"}],
    }
    done = run("-", stdin=json.dumps(sheet))
    assert json.loads(done.stdout)["hands"][0]["lines"][-1] == "Valat silent, made: +15"


def test_it_reads_standard_input() -> None:
    done = run("-", stdin=json.dumps(GOOD))
    assert json.loads(done.stdout)["hands"][0]["scores"] == [-2, -2, 6, -2]


@pytest.mark.parametrize(
    ("args", "stdin", "message"),
    [
        pytest.param(
            ("-",),
            json.dumps(BAD),
            "hand 1: points: 72 is more than the pack's 71\n",
            id="refused-hand",
        ),
        pytest.param(("-",), "{not json", None, id="invalid-json"),
        pytest.param(("/nonexistent/sheet.json",), "", None, id="unreadable-file"),
        pytest.param(
            (),
            "",
            "usage: python -m scoring [-h] sheet: the following arguments are required: sheet\n",
            id="no-sheet-named",
        ),
        pytest.param(("a.json", "b.json"), "", None, id="two-sheets-named"),
        pytest.param(
            ("-",),
            json.dumps({**GOOD, "hands": [{**GOOD["hands"][0], "points": "4²"}]}),
            "hand 1: points: '4²' is not card points (write 36, 35/2 or 35 2/3)\n",
            id="points-with-a-superscript",
        ),
        pytest.param(
            ("-",),
            '{"ruleset": "lungau", "players": ["A", "B", "C", "D"], "hands": [{"manual": '
            '{"scores": [NaN, 0, 0, 0], "reason": "x"}}]}',
            "sheet: NaN is not a number a sheet can hold\n",
            id="nan-in-a-hand-entered-by-hand",
        ),
        pytest.param(
            ("-",),
            '{"ruleset": "lungau", "players": ["A", "B", "C", "D"], "first_dealer": '
            + "9" * 5000
            + ', "hands": []}',
            "sheet: a number of 5000 digits is more than a sheet can hold\n",
            id="number-of-5000-digits",
        ),
        pytest.param(
            ("-",),
            "[" * 100_000,
            "sheet: not valid JSON: nested too deeply\n",
            id="nesting-100000-deep",
        ),
        pytest.param(
            ("-",),
            json.dumps({**GOOD, "players": ["A\u0000", "B", "C", "D"]}),
            "sheet: text with the control character U+0000\n",
            id="nul-in-a-name",
        ),
        pytest.param(
            ("-",),
            json.dumps(
                {
                    **GOOD,
                    "ruleset": "tirol_cup",
                    "tariff": {"name": "X", "contracts": {"dreierx": {"won": 1, "lost": 1}}},
                }
            ),
            "tariff: contracts: 'dreierx' is not a contract of tirol_cup\n",
            id="tariff-with-an-unknown-contract",
        ),
    ],
)
def test_bad_input_exits_2_with_one_line_and_no_output(
    args: tuple[str, ...], stdin: str, message: str | None
) -> None:
    done = run(*args, stdin=stdin)
    result: tuple[Any, ...] = (done.returncode, done.stdout, done.stderr.count("\n"))
    expected: tuple[Any, ...] = (2, "", 1)
    if message is not None:
        result += (done.stderr,)
        expected += (message,)
    assert result == expected


def test_scoring_imports_without_django() -> None:
    code = (
        "import sys; sys.modules['django'] = None; import scoring, scoring.__main__; "
        "print(sorted(m for m in sys.modules if m.startswith('django')))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=False
    )
    assert done.stdout.strip() == "['django']"
