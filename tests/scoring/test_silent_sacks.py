"""Silent Säcke in a tariff over tirol_cup (RULES.md section 11, cases S1–S7), worked by hand.

The Tiroler Tarockcup plays the 1st and 2nd Sack 1 silent / 2 announced since 2020/21. The base
ruleset allows them only announced; a tariff may give them a silent value, and the engine then
adds each one made silently from the card points. Dealer seat 3, so Vorhand and the declarer
are seat 0; the partner is seat 2 where there is one. Scores are listed by seat.
"""

from typing import Any

import pytest

from scoring import ScoringError, get_ruleset, score_hand
from scoring.tariff import TariffError, apply_tariff
from tests.scoring.hands import b, hand

TIROL_2020 = {
    "name": "Tiroler Tarockcup 2020/21",
    "bonuses": {
        "sack": {"silent": 1, "announced": 2},
        "sack2": {"silent": 1, "announced": 2},
    },
}


def tirol_2020(record: dict[str, Any]) -> tuple[int, ...]:
    """Return the seats' scores of a hand under the 2020/21 tariff, Vorhand declaring."""
    return score_hand("tirol_cup", record, dealer=3, tariff=TIROL_2020).scores


@pytest.mark.parametrize(
    ("record", "expected", "why"),
    [
        # S1: Dreier 5 + silent 1st Sack 1 = 6 from each defender
        (
            hand("dreier", declarer=0, points=46),
            (18, -6, -6, -6),
            "a declarer with 46 points should score the silent 1st Sack",
        ),
        # S2: the defenders hold 56: Dreier lost 5, and both their silent Säcke 1 + 1 = 7 each
        (
            hand("dreier", declarer=0, points=14),
            (-21, 7, 7, 7),
            "defenders with 56 points should score both silent Säcke against the declarer",
        ),
        # S3: Solodreier 10 + silent 1st Sack 1 × bonus factor 2 = 12 each
        (
            hand("solodreier", declarer=0, points=46),
            (36, -12, -12, -12),
            "a silent Sack should count double in a Solo contract",
        ),
        # S4: Farbendreier 5 + 1 + 1 = 7 each: Säcke stay allowed in Farben contracts
        (
            hand("farbendreier", declarer=0, points=56),
            (21, -7, -7, -7),
            "a Farbendreier with 56 points should score both silent Säcke",
        ),
        # S5: Dreier 5 + announced 1st Sack 2 + silent 2nd Sack 1 = 8 each
        (
            hand("dreier", declarer=0, points=56, bonuses=[b("sack", announced=True)]),
            (24, -8, -8, -8),
            "an announced 1st Sack should leave the 2nd Sack to be scored silently",
        ),
        # S6: Rufer 1 + silent Valat 10 = 11; beside a made Valat no Sack is scored
        (
            hand("rufer", declarer=0, partner=2, valat="declarer"),
            (11, -11, 11, -11),
            "a made Valat should leave the silent Säcke unscored",
        ),
        # below 45/2 on both sides (45 and 25): no Sack; Dreier 5 each
        (
            hand("dreier", declarer=0, points=45),
            (15, -5, -5, -5),
            "45 points are below the 1st Sack's 45/2, so no Sack should be scored",
        ),
        # a silent Sack recorded as made and agreeing with the points is scored once
        (
            hand("dreier", declarer=0, points=46, bonuses=[b("sack")]),
            (18, -6, -6, -6),
            "a silent Sack recorded as made should be scored once, as if derived",
        ),
    ],
)
def test_a_tariffs_silent_sacks_follow_from_the_points(
    record: dict[str, Any], expected: tuple[int, ...], why: str
) -> None:
    assert tirol_2020(record) == expected, why


@pytest.mark.parametrize(
    "entry",
    [
        b("sack", result="failed"),  # S7
        {"bonus": "sack", "side": "declarer", "announced": False},  # no result; 30 points fail
    ],
    ids=["recorded-failed", "points-fail"],
)
def test_a_silent_sack_that_failed_is_refused(entry: dict[str, Any]) -> None:
    with pytest.raises(ScoringError) as error:
        tirol_2020(hand("dreier", declarer=0, points=30, bonuses=[entry]))
    assert error.value.field == "bonuses[0].result", "the refusal should name the Sack's result"


def test_a_silent_sack_the_points_contradict_is_refused() -> None:
    with pytest.raises(ScoringError) as error:
        tirol_2020(hand("dreier", declarer=0, points=40, bonuses=[b("sack")]))
    assert error.value.field == "bonuses[0].result", "40 points should not make a silent Sack"


def test_the_base_ruleset_adds_no_silent_sack() -> None:
    scores = score_hand("tirol_cup", hand("dreier", declarer=0, points=46), dealer=3).scores
    assert scores == (15, -5, -5, -5), "without the tariff a Sack counts only when announced"


def test_a_silent_value_needs_a_bonus_the_points_decide() -> None:
    tariff = {"name": "Cup", "bonuses": {"sack": {"silent": 1, "announced": 2}}}
    with pytest.raises(TariffError) as error:
        apply_tariff(get_ruleset("standard"), tariff)
    assert error.value.where == "bonuses.sack.silent", (
        "standard's Sack has no silent value the points decide, so a tariff may not give one"
    )
