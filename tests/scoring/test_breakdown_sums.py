"""Every breakdown adds up to its hand's score: the lines a sheet lists are what was paid.

The cases are the hand-worked tables of the ruleset test files, read from their parametrize
marks, so a case added there is checked here too; and a property over every ruleset's positive
contracts with an announced Valat that failed (the hand the director's walk found at -62
listed for a score of -30: the game's line and the Valat's both carried the multiplied game).
"""

from collections.abc import Iterator
from types import ModuleType
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring import Family, Line, ScoringError, get_ruleset, score_hand
from tests.scoring import (
    test_extended,
    test_lungau,
    test_ooe,
    test_standard,
    test_stmk,
    test_tirol_cup,
)

TABLES: dict[str, ModuleType] = {
    "lungau": test_lungau,
    "tirol_cup": test_tirol_cup,
    "standard": test_standard,
    "extended": test_extended,
    "ooe": test_ooe,
    "stmk": test_stmk,
}

# Lines of a Renonce, a bei contract or a player's own Kontra are what one player pays another,
# not the declarer's side's net; their sums are checked by the tables that list them.
PER_PLAYER = ("renonce", "bei", "kontra_by_seat")


def _table_cases() -> Iterator[Any]:
    """Yield (ruleset, record, options) of every hand a ruleset's test tables score."""
    for ruleset, module in TABLES.items():
        for name in sorted(vars(module)):
            for mark in getattr(getattr(module, name), "pytestmark", []):
                names = mark.args[0] if mark.name == "parametrize" else ""
                names = [n.strip() for n in names.split(",")] if isinstance(names, str) else names
                if "record" not in names:
                    continue
                for number, case in enumerate(mark.args[1]):
                    values = dict(zip(names, getattr(case, "values", case), strict=False))
                    record = values["record"]
                    if "declarer" in record and not any(k in record for k in PER_PLAYER):
                        case_id = f"{ruleset}-{getattr(case, 'id', None) or number}"
                        yield pytest.param(ruleset, record, values.get("options"), id=case_id)


def shown(line: Line) -> int:
    """Return the amount a breakdown line shows its reader (a note without one shows 0)."""
    amount = line.params.get("value", line.value)
    return amount if isinstance(amount, int) else line.value


def declarer_side_net(ruleset: str, record: dict[str, Any], options: Any) -> tuple[int, int]:
    """Return (the sum the breakdown shows, the declarer's score per defender) of one hand."""
    scored = score_hand(ruleset, record, options=options)
    defenders = 3 if record.get("partner") is None else 1
    return sum(map(shown, scored.lines)), scored.scores[record["declarer"]] // defenders


def _scored_cases() -> list[Any]:
    cases = []
    for case in _table_cases():
        try:
            score_hand(case.values[0], case.values[1], options=case.values[2])
        except ScoringError:
            continue  # a refusal table: nothing is listed
        cases.append(case)
    return cases


CASES = _scored_cases()


def test_the_ruleset_tables_give_the_breakdown_check_hands_to_work_on() -> None:
    assert len(CASES) > 200, "the parametrize marks of the ruleset tables were not read"


@pytest.mark.parametrize(("ruleset", "record", "options"), CASES)
def test_a_breakdown_adds_up_to_the_score(
    ruleset: str, record: dict[str, Any], options: Any
) -> None:
    listed, score = declarer_side_net(ruleset, record, options)
    assert listed == score, f"the lines add up to {listed}, the score is {score}"


@pytest.mark.parametrize(("ruleset", "record", "options"), CASES)
def test_each_line_shows_the_amount_it_adds(
    ruleset: str, record: dict[str, Any], options: Any
) -> None:
    lines = score_hand(ruleset, record, options=options).lines
    wrong = [line.text for line in lines if shown(line) != line.value]
    assert not wrong, f"these lines show an amount they do not add: {wrong}"


@st.composite
def failed_valats(draw: st.DrawFn) -> tuple[str, dict[str, Any]]:
    """Return (ruleset, hand) of a positive contract whose announced Valat failed."""
    ruleset = draw(st.sampled_from(sorted(TABLES)))
    info = get_ruleset(ruleset)
    contract = draw(
        st.sampled_from([c for c in info.contracts if c.family in (Family.RUFER, Family.ALONE)])
    )
    record: dict[str, Any] = {
        "contract": contract.key,
        "declarer": 1,
        "points": draw(st.integers(0, 70)),
        "valat_announced": True,
        "valat_announced_by": draw(st.sampled_from(["declarer", "defenders"])),
    }
    if contract.family is Family.RUFER:
        record["partner"] = 3
    return ruleset, record


@given(failed_valats())
def test_a_failed_announced_valat_adds_up_to_its_score_in_every_ruleset(
    case: tuple[str, dict[str, Any]],
) -> None:
    ruleset, record = case
    try:
        listed, score = declarer_side_net(ruleset, record, None)
    except ScoringError:
        return  # a contract that needs more than this (a bird, a Vorhand) is refused, not listed
    assert listed == score, f"the lines add up to {listed}, the score is {score}"
