"""scoring.roles: who declared, partnered, made a Valat or was mayor in each hand of a sheet."""

import pytest

from scoring.roles import Roles, sheet_roles

# tirol_cup, first dealer seat 0: Vorhand is seat 1, then 2, then 3, then 0.
HANDS = [
    {"contract": "rufer", "declarer": 1, "partner": 3, "points": "40"},
    {"contract": "rufer", "declarer": 2, "partner": 0, "valat": "declarer"},
    {"contract": "piccolo", "declarer": 0, "tricks": 1},
    {
        "contract": "trischaken",
        "players": [
            {"points": "35/2", "tricks": 4},
            {"points": "17", "tricks": 3},
            {"points": "10", "tricks": 3},
            {"points": "7/1", "tricks": 2},
        ],
    },
    {"manual": {"scores": [3, -1, -1, -1], "reason": "struck"}},
]


@pytest.mark.parametrize(
    ("index", "expected"),
    [
        (0, Roles("rufer", 1, 3, False, (), False)),
        (1, Roles("rufer", 2, 0, True, (), False)),
        (2, Roles("piccolo", 0, None, False, (), False)),
        # 35/2 (35 points and 2 cards) is just a mayor; 17, 10 and 7/1 make up the 70.
        (3, Roles("trischaken", None, None, False, (0,), True)),
        (4, Roles(None, None, None, False, (), False)),
    ],
)
def test_each_hand_says_who_played_what(index, expected):
    sheet = {"ruleset": "tirol_cup", "players": ["A", "B", "C", "D"], "hands": HANDS}
    assert sheet_roles(sheet)[index] == expected, f"hand {index + 1}"
