"""Card points: parsing and formatting in whole thirds."""

import pytest

from scoring import ScoringError, format_points, parse_points


@pytest.mark.parametrize(
    ("text", "counting", "thirds"),
    [
        pytest.param(36, "thirds", 108, id="whole-number"),
        pytest.param("36", "thirds", 108, id="whole-text"),
        pytest.param("35/2", "thirds", 107, id="points-and-cards"),  # 35*3 + 2
        pytest.param("35 2/3", "thirds", 107, id="mixed-fraction"),
        pytest.param("35/0", "thirds", 105, id="no-extra-cards"),
        pytest.param(" 0 ", "thirds", 0, id="spaces"),
        pytest.param(71, "individual", 213, id="lungau-pack"),
        pytest.param(36.0, "thirds", 108, id="whole-number-written-as-json-float"),
    ],
)
def test_it_parses_points_into_thirds(text: object, counting: str, thirds: int) -> None:
    assert parse_points(text, counting) == thirds


@pytest.mark.parametrize(
    ("thirds", "text"),
    [
        pytest.param(108, "36", id="whole"),
        pytest.param(107, "35/2", id="two-cards"),
        pytest.param(106, "35/1", id="one-card"),
    ],
)
def test_it_formats_thirds_as_a_sheet_writes_them(thirds: int, text: str) -> None:
    assert format_points(thirds) == text


@pytest.mark.parametrize(
    ("text", "counting", "message"),
    [
        pytest.param(71, "thirds", "points: 71 is more than the pack's 70", id="above-70"),
        pytest.param("72", "individual", "points: 72 is more than the pack's 71", id="above-71"),
        pytest.param(
            "35/2",
            "individual",
            "points: '35/2': cards are counted one by one here, so points are whole",
            id="fraction-in-individual",
        ),
        pytest.param(
            "35/3",
            "thirds",
            "points: '35/3' is not card points (write 36, 35/2 or 35 2/3)",
            id="three-cards-left",
        ),
        pytest.param(
            True,
            "thirds",
            "points: True is not card points (a number or text like '35/2')",
            id="boolean",
        ),
        pytest.param(-1, "thirds", "points: -1 is below 0", id="negative"),
    ],
)
def test_it_refuses_bad_points(text: object, counting: str, message: str) -> None:
    with pytest.raises(ScoringError) as e:
        parse_points(text, counting)
    assert str(e.value) == message
