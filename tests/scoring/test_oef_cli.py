"""The Österreich-Finale's command line, run as a user would: python -m scoring.oef."""

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.scoring import engine_source
from tests.scoring.test_oef import EXAMPLE

ROOT = engine_source.ROOT


def line(
    rank: int,
    player: str,
    total: int,
    qualifying: int,
    from_cup: str,
    final: tuple[Any, int],
    *cups: Any,
) -> dict[str, Any]:
    """Return a line of the national ranking as printed."""
    return {
        "rank": rank,
        "player": player,
        "total": total,
        "qualifying": qualifying,
        "from_cup": from_cup,
        "final_rank": final[0],
        "final_points": final[1],
        "cups": [{"cup": c, "rank": r, "points": p} for c, r, p in cups],
    }


# RULES section 13's worked example, line for line.
EXAMPLE_RANKING = {
    "name": "Tarock-Österreich-Finale 2027",
    "provisional": False,
    "standings": [
        line(1, "Anna", 171, 120, "ttc", (3, 51), ("ttc", 1, 120)),
        line(2, "Cilli", 169, 109, "ttc", (1, 60), ("ttc", 2, 109)),
        line(3, "Dora", 159, 104, "rtc", (2, 55), ("rtc", 3, 104)),
        line(4, "Bert", 120, 120, "rtc", (None, 0), ("ttc", 2, 109), ("rtc", 1, 120)),
        line(5, "Emil", 111, 111, "rtc", (None, 0), ("rtc", 2, 111)),
    ],
}


def run(*args: str, stdin: str | bytes = "") -> subprocess.CompletedProcess[bytes]:
    """Return the finished `python -m scoring.oef` process."""
    return engine_source.run("scoring.oef", *args, stdin=stdin)


def test_it_prints_the_worked_examples_ranking_from_a_file(tmp_path: Path) -> None:
    path = tmp_path / "oef.json"
    path.write_text(json.dumps(EXAMPLE), encoding="utf-8")
    got = json.loads(run(str(path)).stdout)
    assert got == EXAMPLE_RANKING, (
        "the worked example's national ranking is printed field for field"
    )


def test_it_reads_standard_input() -> None:
    got = json.loads(run("-", stdin=json.dumps(EXAMPLE)).stdout)
    assert got == EXAMPLE_RANKING, "the national final on standard input is ranked the same"


def test_it_exits_0_on_a_good_file() -> None:
    done = run("-", stdin=json.dumps(EXAMPLE))
    assert done.returncode == 0, "a good national final exits 0"


def test_it_writes_names_as_they_are() -> None:
    got = run("-", stdin=json.dumps(EXAMPLE)).stdout.decode()
    assert '"name": "Tarock-Österreich-Finale 2027"' in got, "umlauts are printed, not escaped"


def test_without_the_final_it_prints_a_provisional_ranking_with_null_final_ranks() -> None:
    document = {k: v for k, v in EXAMPLE.items() if k not in ("final", "name")}
    got = json.loads(run("-", stdin=json.dumps(document)).stdout)
    assert (got["name"], got["provisional"], {s["final_rank"] for s in got["standings"]}) == (
        None,
        True,
        {None},
    ), "an unnamed national final before its final day: name null, provisional, no final ranks"


def cup(**changes: Any) -> str:
    """Return the example as text with its first cup changed."""
    first = {**EXAMPLE["cups"][0], **changes}
    return json.dumps({**EXAMPLE, "cups": [first, EXAMPLE["cups"][1]]})


BAD = [
    pytest.param(
        ("-",),
        cup(level="L50"),
        "cups[0].level: 'L50' is not one of the levels (L40 or L60)\n",
        id="an-unknown-level",
    ),
    pytest.param(
        ("-",),
        cup(ranking=["Anna", "Bert", "Cilli", "Dora", "Anna"]),
        "cups[0].ranking[4]: 'Anna' appears twice\n",
        id="a-player-twice",
    ),
    pytest.param(
        ("-",),
        json.dumps({**EXAMPLE, "final": {"points": [60, -1], "ranking": []}}),
        "final.points[1]: -1 is less than 0\n",
        id="negative-final-points",
    ),
    pytest.param(
        ("-",),
        json.dumps({**EXAMPLE, "levels": {"L40": [1, 2]}}),
        "levels.L40[1]: 2 is more than the 1 of the rank above\n",
        id="an-increasing-table",
    ),
    pytest.param(
        ("-",),
        cup(ranking=["Anna", {"player": "Bert", "rank": 3}]),
        "cups[0].ranking[1].rank: 3 is more than the entry's position 2\n",
        id="a-rank-above-its-position",
    ),
    pytest.param(
        ("-",), '{"levels": NaN}', "oef: NaN is not a number this file can hold\n", id="nan"
    ),
    pytest.param(
        ("-",),
        '{"levels": {"L": [' + "9" * 5000 + "]}}",
        "oef: a number of 5000 digits is more than this file can hold\n",
        id="a-5000-digit-number",
    ),
    pytest.param(
        ("-",),
        '{"levels": {"L": [1e300]}}',
        "oef: 1e300 is not a number this file can hold\n",
        id="a-number-of-1e300",
    ),
    pytest.param(
        ("-",),
        '{"cups": [], "cups": []}',
        "oef: 'cups' appears twice in one object\n",
        id="a-key-twice",
    ),
    pytest.param(
        ("-",),
        '{"name": "\\u0000"}',
        "oef: text with the control character U+0000\n",
        id="a-control-character",
    ),
    pytest.param(
        ("/nonexistent/oef.json",),
        "",
        "oef: cannot read /nonexistent/oef.json: No such file or directory\n",
        id="unreadable-file",
    ),
    pytest.param((str(ROOT),), "", f"oef: cannot read {ROOT}: Is a directory\n", id="a-directory"),
    pytest.param(
        ("-",),
        b'{"name": "\xff"}',
        "oef: cannot read -: 'utf-8' codec can't decode byte 0xff in position 10: "
        "invalid start byte\n",
        id="not-utf-8",
    ),
    pytest.param(
        ("-",),
        "{not json",
        "oef: not valid JSON: Expecting property name enclosed in double quotes: "
        "line 1 column 2 (char 1)\n",
        id="invalid-json",
    ),
    pytest.param(
        ("-",), "[" * 100_000, "oef: not valid JSON: nested too deeply\n", id="deep-nesting"
    ),
    pytest.param(
        ("-",), " " * (16 * 1024 * 1024 + 1), "oef: - is larger than 16 MB\n", id="a-file-too-large"
    ),
    pytest.param(
        (),
        "",
        "usage: python -m scoring.oef [-h] oef: the following arguments are required: oef\n",
        id="no-file-named",
    ),
    pytest.param(("a.json", "b.json"), "", None, id="two-files-named"),
]


@pytest.mark.parametrize(("args", "stdin", "message"), BAD)
def test_bad_input_exits_2_with_one_line_naming_the_field_and_nothing_on_stdout(
    args: tuple[str, ...], stdin: str | bytes, message: str | None
) -> None:
    done = run(*args, stdin=stdin)
    got = done.stderr.decode()
    said = len(got.splitlines()) == 1 if message is None else got == message
    assert (done.returncode, done.stdout, said) == (2, b"", True), (
        f"bad input exits 2, prints nothing on stdout and says {message!r} on stderr, not {got!r}"
    )


def test_the_documented_example_gives_the_documented_line() -> None:
    # docs/oef-format.md shows an input and Anna's line of its output: they must agree
    text = (ROOT / "docs" / "oef-format.md").read_text(encoding="utf-8")
    document, ranking = re.findall(r"```json\n(.*?)```", text, flags=re.DOTALL)[:2]
    got = json.loads(run("-", stdin=document).stdout)["standings"][0]
    assert got == json.loads(ranking)["standings"][0], "the documented example is what is printed"


def test_the_oef_engine_imports_without_django() -> None:
    code = (
        "import sys; sys.modules['django'] = None; import scoring.oef, scoring.oef.__main__; "
        "print(sorted(m for m in sys.modules if m.startswith('django')))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=False
    )
    assert done.stdout.strip() == "['django']", (
        "importing the national final's engine loads no Django"
    )
