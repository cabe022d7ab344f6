"""The ruleset registry: what the rules page and the hand form are built from."""

import pytest

from scoring import Family, get_ruleset, rulesets
from scoring.i18n import _


def test_the_five_built_in_rulesets_are_registered_first_in_their_order() -> None:
    keys = [rs.key for rs in rulesets()]
    assert keys[:5] == ["lungau", "tirol_cup", "standard", "extended", "ooe"]


@pytest.mark.parametrize(
    ("key", "expected"),
    [
        pytest.param("lungau", ("individual", 71, "36", 3), id="lungau"),
        pytest.param("tirol_cup", ("thirds", 70, "35/2", 3), id="tirol-cup"),
        pytest.param("standard", ("thirds", 70, "35/2", 5), id="standard"),
        pytest.param("extended", ("thirds", 70, "35/2", 3), id="extended"),
        pytest.param("ooe", ("thirds", 70, "35/2", 3), id="ooe"),
    ],
)
def test_each_ruleset_names_its_counting(key: str, expected: tuple[object, ...]) -> None:
    rs = get_ruleset(key)
    assert (rs.counting, rs.pack_total, rs.win_threshold, rs.max_kontra) == expected


@pytest.mark.parametrize(
    ("key", "count"),
    [
        pytest.param("lungau", 7, id="lungau"),
        pytest.param("tirol_cup", 14, id="tirol-cup"),
        pytest.param("standard", 14, id="standard"),
        pytest.param("extended", 18, id="extended-16-plus-2-bei"),
        pytest.param("ooe", 13, id="ooe"),
    ],
)
def test_each_ruleset_lists_its_contracts(key: str, count: int) -> None:
    assert len(get_ruleset(key).contracts) == count


def test_every_allowed_bonus_is_a_bonus_of_the_ruleset() -> None:
    missing = [
        (rs.key, c.key, k)
        for rs in rulesets()
        for c in rs.contracts
        for k in c.bonuses + c.mandatory_birds
        if k not in rs.bonus_map
    ]
    assert missing == []


def test_negative_contracts_have_a_trick_target() -> None:
    without = [
        (rs.key, c.key)
        for rs in rulesets()
        for c in rs.contracts
        if c.family is Family.NEGATIVE and c.tricks is None
    ]
    assert without == [], "these negative contracts have no trick target"


def test_every_ruleset_states_its_readings() -> None:
    silent = [
        rs.key
        for rs in rulesets()
        if rs.key != "standard" and not any(r.startswith("Reading") for r in rs.readings)
    ]
    assert silent == [], "these rulesets state none of the project's readings"


def test_the_marker_returns_the_message() -> None:
    assert _("Rufer") == "Rufer"
