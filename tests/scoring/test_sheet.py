"""Whole sheets: dealer rotation, double-stake deals, hands entered by hand, totals, JSON."""

from typing import Any

import pytest

from scoring import dealer_of, score_sheet, vorhand_of
from tests.scoring.hands import hand, players

NAMES = ["Anna", "Bert", "Cilli", "Dora"]
FAHREN = {"contract": "fahren", "players": players((9, None, True), (27,), (16, None, True), (14,))}
MANUAL = {"manual": {"scores": [3, -1, -1, -1], "reason": "director's decision"}}


def dreier(declarer: int) -> dict[str, Any]:
    """Return a won Dreier: +2 one against three."""
    return hand("dreier", declarer, points=40)


# Dreier by seat 2 each time (not Vorhand-only), Fahren as in the seed example
HANDS = [dreier(2), FAHREN, dreier(2), FAHREN, MANUAL] + [dreier(2)] * 7
SHEET = {"ruleset": "lungau", "players": NAMES, "first_dealer": 0, "hands": HANDS}
# counter: Fahren +4 (single); other deals doubled while the counter is above 0
STAKES = [
    (1, 0),
    (1, 4),
    (2, 3),
    (1, 7),
    (2, 6),
    (2, 5),
    (2, 4),
    (2, 3),
    (2, 2),
    (2, 1),
    (2, 0),
    (1, 0),
]


@pytest.mark.parametrize(
    ("number", "stake_and_left"),
    [pytest.param(i + 1, s, id=f"hand-{i + 1}") for i, s in enumerate(STAKES)],
)
def test_lungau_sheets_track_double_stakes(number: int, stake_and_left: tuple[int, int]) -> None:
    h = score_sheet(SHEET).hands[number - 1]
    assert (h.stake, h.double_left) == stake_and_left


@pytest.mark.parametrize(
    ("number", "expected"),
    [
        # single Dreier: seat 2 +6
        pytest.param(1, (-2, -2, 6, -2), id="single-deal"),
        # a doubled Dreier: x2
        pytest.param(3, (-4, -4, 12, -4), id="doubled-deal"),
        # the Fahren during doubled deals is not doubled (seed example)
        pytest.param(4, (16, -10, -8, 2), id="fahren-during-doubled-deals"),
        # the hand entered by hand keeps its scores although stake 2
        pytest.param(5, (3, -1, -1, -1), id="manual-as-entered"),
    ],
)
def test_stakes_multiply_played_hands_only(number: int, expected: tuple[int, ...]) -> None:
    assert score_sheet(SHEET).hands[number - 1].scores == expected


def test_totals_add_every_hand() -> None:
    # Dreier singles: hands 1 and 12 (+6 / -2 each); doubled: hands 3, 6-11 (7 x +12 / -4);
    # Fahren twice (16, -10, -8, 2); manual (3, -1, -1, -1)
    # seat 0: -2 -2 -28 + 32 + 3 = 3; seat 1: -4 -28 -20 -1 = -53;
    # seat 2: 12 + 84 - 16 - 1 = 79; seat 3: -4 -28 +4 -1 = -29
    assert score_sheet(SHEET).totals == (3, -53, 79, -29)


def test_other_rulesets_have_no_double_stakes_by_default() -> None:
    sheet = {
        "ruleset": "standard",
        "players": NAMES,
        "first_dealer": 3,
        "hands": [
            {"contract": "trischaken", "players": players((10, 2), (25, 3), (30, 4), (5, 3))},
            hand("dreier", 2, points=40),
        ],
    }
    assert score_sheet(sheet).hands[1].stake == 1


@pytest.mark.parametrize("ruleset", ["tirol_cup", "extended"])
def test_it_plays_no_double_stakes_by_default_in_the_cup_and_extended(ruleset: str) -> None:
    sheet = {
        "ruleset": ruleset,
        "players": NAMES,
        "first_dealer": 3,
        "hands": [
            {"contract": "trischaken", "players": players((10, 2), (25, 3), (30, 4), (5, 3))},
            hand("dreier", 2, points=40),
        ],
    }
    # the Trischaken adds no doubled deals: the Dreier after it is single
    assert [(h.stake, h.double_left) for h in score_sheet(sheet).hands] == [(1, 0), (1, 0)]


def test_double_stakes_can_be_switched_on_for_other_rulesets() -> None:
    sheet = {
        "ruleset": "standard",
        "options": {"double_stakes": True},
        "players": NAMES,
        "first_dealer": 3,
        "hands": [
            {"contract": "trischaken", "players": players((10, 2), (25, 3), (30, 4), (5, 3))},
            hand("dreier", 2, points=40),
        ],
    }
    # Dreier 4 x 3 = 12, doubled
    assert score_sheet(sheet).hands[1].scores == (-8, -8, 24, -8)


def test_a_renonce_in_trischaken_counts_as_trischaken_for_double_stakes() -> None:
    sheet = {
        "ruleset": "tirol_cup",
        "options": {"double_stakes": True},
        "players": NAMES,
        "first_dealer": 3,
        "hands": [{"contract": "trischaken", "renonce": 2}],
    }
    assert score_sheet(sheet).hands[0].double_left == 4


@pytest.mark.parametrize(
    ("number", "expected"),
    [
        pytest.param(1, (0, 1), id="hand-1"),
        pytest.param(2, (1, 2), id="hand-2"),
        pytest.param(4, (3, 0), id="hand-4-wraps"),
    ],
)
def test_the_dealer_rotates_and_vorhand_follows(number: int, expected: tuple[int, int]) -> None:
    h = score_sheet(SHEET).hands[number - 1]
    assert (h.dealer, h.vorhand) == expected


@pytest.mark.parametrize(
    ("index", "first", "n", "expected"),
    [
        pytest.param(0, 2, 4, (2, 3), id="first-hand-first-dealer"),
        pytest.param(2, 2, 4, (0, 1), id="wraps-at-four"),
        pytest.param(6, 3, 5, (4, 0), id="wraps-at-five"),
    ],
)
def test_it_names_the_dealer_and_vorhand_of_any_hand(
    index: int, first: int, n: int, expected: tuple[int, int]
) -> None:
    dealer = dealer_of(index, first, n)
    assert (dealer, vorhand_of(dealer, n)) == expected


def test_five_seat_sheets_let_the_dealer_sit_out() -> None:
    sheet = {
        "ruleset": "lungau",
        "players": NAMES + ["Emil"],
        "first_dealer": 2,
        "hands": [hand("dreier", 3, points=40)],
    }
    # dealer 2 sits out with 0; Dreier by seat 3: +6, others -2
    assert score_sheet(sheet).hands[0].scores == (-2, -2, 0, 6, -2)


def test_the_json_output_follows_the_sheet_format() -> None:
    sheet = {
        "ruleset": "lungau",
        "players": NAMES,
        "hands": [
            hand(
                "rufer_pagat",
                partner=3,
                points=41,
                bonuses=[
                    {"bonus": "pagat", "side": "declarer", "announced": True, "result": "made"}
                ],
            )
        ],
    }
    out = score_sheet(sheet).to_json()
    assert out == {
        "ruleset": "lungau",
        "players": NAMES,
        "totals": [-3, 3, -3, 3],
        "hands": [
            {
                "number": 1,
                "dealer": 0,
                "vorhand": 1,
                "scores": [-3, 3, -3, 3],
                "stake": 1,
                "double_left": 0,
                "running": [-3, 3, -3, 3],
                "manual": False,
                "lines": [
                    "Game won by the declarer's side: +1",
                    "Spatz (Pagat ultimo) announced, made: +2",
                ],
            }
        ],
    }


@pytest.mark.parametrize(
    ("index", "text"),
    [
        pytest.param(0, "Game won by the declarer's side, Kontra: +2", id="game-kontra"),
        pytest.param(1, "Pagat ultimo announced, made, Kontra: +4", id="bonus-kontra"),
        pytest.param(2, "Defenders' Trull silent, made: -1", id="defenders-bonus"),
    ],
)
def test_lines_read_as_plain_english(index: int, text: str) -> None:
    sheet = {
        "ruleset": "standard",
        "players": NAMES,
        "hands": [
            hand(
                "rufer",
                partner=3,
                points=41,
                kontra={"game": 1, "pagat": 1},
                bonuses=[
                    {"bonus": "pagat", "side": "declarer", "announced": True, "result": "made"},
                    {"bonus": "trull", "side": "defenders", "result": "made"},
                ],
            )
        ],
    }
    assert score_sheet(sheet).hands[0].lines[index].text == text


def test_line_values_add_up_to_the_net() -> None:
    sheet = {
        "ruleset": "standard",
        "players": NAMES,
        "hands": [
            hand(
                "rufer",
                partner=3,
                points=41,
                kontra={"game": 1, "pagat": 1},
                bonuses=[
                    {"bonus": "pagat", "side": "declarer", "announced": True, "result": "made"},
                    {"bonus": "trull", "side": "defenders", "result": "made"},
                ],
            )
        ],
    }
    # 2 + 4 - 1 = 5
    assert sum(line.value for line in score_sheet(sheet).hands[0].lines) == 5


def test_manual_hands_are_marked_and_explained() -> None:
    sheet = {"ruleset": "lungau", "players": NAMES, "hands": [MANUAL]}
    out = score_sheet(sheet).to_json()["hands"][0]
    assert (out["manual"], out["lines"]) == (True, ["Entered by hand: director's decision"])


@pytest.mark.parametrize("ruleset", ["lungau", "tirol_cup", "standard", "extended"])
def test_it_takes_a_struck_game_as_all_zero(ruleset: str) -> None:
    # a game the director struck: entered by hand, 0 for every seat
    sheet = {
        "ruleset": ruleset,
        "players": NAMES,
        "hands": [{"manual": {"scores": [0, 0, 0, 0], "reason": "struck"}}],
    }
    h = score_sheet(sheet).hands[0]
    assert (h.scores, h.manual) == ((0, 0, 0, 0), True)
