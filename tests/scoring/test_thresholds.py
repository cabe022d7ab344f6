"""Säcke and Grammeln follow from the card points (tirol_cup, standard, extended): made exactly
when their side's points reach 45/2 (2nd Sack, Großgrammeln: 55/2), worked by hand. Dealer
seat 0, declarer seat 1, partner seat 3 in a Rufer; the declarer's side's points are given.
"""

from typing import Any

import pytest

from scoring import ScoringError, score_hand
from tests.scoring.hands import b, hand, scores


def entry(bonus: str, side: str = "declarer", announced: bool = True) -> dict[str, Any]:
    """Return a bonus entry that leaves its result to the card points."""
    return {"bonus": bonus, "side": side, "announced": announced}


@pytest.mark.parametrize(
    ("ruleset", "record", "expected"),
    [
        # Rufer won 1 + 1st Sack announced, made at 45/2: 1 + 2 = 3
        pytest.param(
            "tirol_cup",
            hand("rufer", partner=3, points="45/2", bonuses=[entry("sack")]),
            3,
            id="cup-sack-made-at-45-2",
        ),
        # one card short, 45/1: 1 - 2 = -1
        pytest.param(
            "tirol_cup",
            hand("rufer", partner=3, points="45/1", bonuses=[entry("sack")]),
            -1,
            id="cup-sack-failed-at-45-1",
        ),
        # 2nd Sack at 55/2: 1 + 2 = 3; at 55/1: 1 - 2 = -1
        pytest.param(
            "tirol_cup",
            hand("rufer", partner=3, points="55/2", bonuses=[entry("sack2")]),
            3,
            id="cup-second-sack-made-at-55-2",
        ),
        pytest.param(
            "tirol_cup",
            hand("rufer", partner=3, points="55/1", bonuses=[entry("sack2")]),
            -1,
            id="cup-second-sack-failed-at-55-1",
        ),
        # the defenders' Sack: declarer's side 24/1, so the defenders took 70 - 24/1 = 45/2;
        # game lost -1, the defenders' Sack made -2: -3
        pytest.param(
            "tirol_cup",
            hand("rufer", partner=3, points="24/1", bonuses=[entry("sack", "defenders")]),
            -3,
            id="cup-defenders-sack-made",
        ),
        # declarer's side 24/2, the defenders 45/1: game lost -1, their Sack failed +2: +1
        pytest.param(
            "tirol_cup",
            hand("rufer", partner=3, points="24/2", bonuses=[entry("sack", "defenders")]),
            1,
            id="cup-defenders-sack-failed",
        ),
        # a result that agrees with the points is accepted: 1 + 2 = 3
        pytest.param(
            "tirol_cup",
            hand("rufer", partner=3, points=50, bonuses=[b("sack", announced=True)]),
            3,
            id="cup-agreeing-result",
        ),
        # standard: Sack announced at 46: 1 + 2 = 3
        pytest.param(
            "standard",
            hand("rufer", partner=3, points=46, bonuses=[entry("sack")]),
            3,
            id="standard-sack-made",
        ),
        # standard, silent Valat of the declarer's side, announced Sack (no points): the Valat
        # side reaches it: game 1 + Valat 10 + Sack 2 = 13
        pytest.param(
            "standard",
            hand("rufer", partner=3, valat="declarer", bonuses=[entry("sack")]),
            13,
            id="standard-valat-side-makes-its-sack",
        ),
        # the defenders' Valat: the declarer's side's announced Sack fails: -1 - 10 - 2 = -13
        pytest.param(
            "standard",
            hand("rufer", partner=3, valat="defenders", bonuses=[entry("sack")]),
            -13,
            id="standard-sack-fails-against-a-valat",
        ),
        # extended Rufer: silent Grammeln at 50: 1 + 1 = 2; silent Großgrammeln at 50 fails:
        # 1 - 1 = 0
        pytest.param(
            "extended",
            hand("rufer", partner=3, points=50, bonuses=[entry("grammeln", announced=False)]),
            2,
            id="extended-grammeln-made",
        ),
        pytest.param(
            "extended",
            hand("rufer", partner=3, points=50, bonuses=[entry("grossgrammeln", announced=False)]),
            0,
            id="extended-grossgrammeln-failed",
        ),
    ],
)
def test_a_sack_or_grammeln_follows_from_the_card_points(
    ruleset: str, record: dict[str, Any], expected: int
) -> None:
    assert scores(ruleset, record)[1] == expected, (
        "the declarer should score the game and the bonus as the points decide it"
    )


@pytest.mark.parametrize(
    ("ruleset", "record", "field"),
    [
        # the case: "1st Sack made" with 40 card points
        pytest.param(
            "tirol_cup",
            hand("rufer", partner=3, points=40, bonuses=[b("sack", announced=True)]),
            "bonuses[0].result",
            id="cup-sack-made-with-40",
        ),
        pytest.param(
            "tirol_cup",
            hand(
                "rufer",
                partner=3,
                points=60,
                bonuses=[b("pagat"), b("sack2", announced=True, result="failed")],
            ),
            "bonuses[1].result",
            id="cup-second-sack-failed-with-60",
        ),
        # declarer's side 40: the defenders took 30, no Sack
        pytest.param(
            "tirol_cup",
            hand("rufer", partner=3, points=40, bonuses=[b("sack", "defenders", True)]),
            "bonuses[0].result",
            id="cup-defenders-sack-made-with-30",
        ),
        pytest.param(
            "standard",
            hand("rufer", partner=3, points="45/1", bonuses=[b("sack", announced=True)]),
            "bonuses[0].result",
            id="standard-sack-made-one-card-short",
        ),
        pytest.param(
            "extended",
            hand("dreier", points=50, bonuses=[b("grammeln", result="failed")]),
            "bonuses[0].result",
            id="extended-grammeln-failed-with-50",
        ),
        # a failed announced Valat that ignores the card points, given none: nothing to go by
        pytest.param(
            "extended",
            hand("dreier", valat_announced=True, bonuses=[entry("grammeln")]),
            "bonuses[0].result",
            id="extended-no-points-and-no-result",
        ),
    ],
)
def test_it_refuses_a_result_the_card_points_contradict(
    ruleset: str, record: dict[str, Any], field: str
) -> None:
    with pytest.raises(ScoringError) as caught:
        score_hand(ruleset, record)
    assert caught.value.field == field, "the refusal should name the bonus entry's result"


def test_the_refusal_says_what_the_points_make_of_it() -> None:
    record = hand("rufer", partner=3, points=40, bonuses=[b("sack", announced=True)])
    with pytest.raises(ScoringError) as caught:
        score_hand("tirol_cup", record)
    assert caught.value.reason == (
        "1st Sack (45/2 or more) is made with 45/2 card points or more, and the declarer's "
        "side took 40, so it is failed"
    ), "the message should give the threshold, the side's points and the result they make"


def test_a_renonce_needs_no_result_and_no_points_for_a_sack() -> None:
    # Rufer Renonce by seat 2: game 1 + announced Sack 2 = 3 to each other player, seat 2 pays 9
    record = hand("rufer", partner=3, renonce=2, bonuses=[entry("sack")])
    assert scores("tirol_cup", record) == (3, 3, -9, 3), "a Renonce pays the announced Sack"
