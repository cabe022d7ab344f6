"""Tiroler Tarockcup: contracts, ignored kontras, Valat as a bonus, giving up, Renonce and
the Trischaken reading, worked by hand. Dealer seat 0, so Vorhand (and declarer) is seat 1.
"""

from typing import Any

import pytest

from scoring import ScoringError
from tests.scoring.hands import b, hand, players, scores

KONTRAS = {"count_kontras": True}


@pytest.mark.parametrize(
    ("record", "expected"),
    [
        pytest.param(hand("rufer", partner=3, points="35/2"), (-1, 1, -1, 1), id="rufer-won-35-2"),
        pytest.param(hand("rufer", partner=3, points="35/1"), (1, -1, 1, -1), id="rufer-lost-35-1"),
        pytest.param(hand("solorufer", partner=3, points=40), (-2, 2, -2, 2), id="solorufer-won"),
        pytest.param(hand("solorufer", partner=3, points=20), (2, -2, 2, -2), id="solorufer-lost"),
        # 1 + Kakadu announced 6 = 7
        pytest.param(
            hand("besserrufer", partner=3, points=40, bonuses=[b("kakadu", announced=True)]),
            (-7, 7, -7, 7),
            id="besserrufer-won",
        ),
        # -1 - 8 (Quapil failed) = -9
        pytest.param(
            hand(
                "besserrufer",
                partner=3,
                points=20,
                bonuses=[b("quapil", announced=True, result="failed")],
            ),
            (9, -9, 9, -9),
            id="besserrufer-lost",
        ),
        pytest.param(hand("sechserdreier", points=40), (-4, 12, -4, -4), id="sechserdreier-won"),
        # lost costs double: 8
        pytest.param(hand("sechserdreier", points=30), (8, -24, 8, 8), id="sechserdreier-lost-8"),
        pytest.param(hand("farbendreier", points=40), (-5, 15, -5, -5), id="farbendreier-won"),
        pytest.param(hand("farbendreier", points=30), (5, -15, 5, 5), id="farbendreier-lost"),
        pytest.param(hand("dreier", points=40), (-5, 15, -5, -5), id="dreier-won"),
        pytest.param(hand("dreier", points=30), (5, -15, 5, 5), id="dreier-lost"),
        pytest.param(hand("farbensolo", points=40), (-10, 30, -10, -10), id="farbensolo-won"),
        pytest.param(hand("farbensolo", points=30), (10, -30, 10, 10), id="farbensolo-lost"),
        pytest.param(hand("solodreier", points=40), (-10, 30, -10, -10), id="solodreier-won"),
        pytest.param(hand("solodreier", points=30), (10, -30, 10, 10), id="solodreier-lost"),
        # negative contracts, alone: won x3
        pytest.param(hand("piccolo", tricks=1), (-2, 6, -2, -2), id="piccolo-won"),
        pytest.param(hand("piccolo", tricks=0), (2, -6, 2, 2), id="piccolo-lost"),
        pytest.param(hand("bettler", tricks=0), (-4, 12, -4, -4), id="bettler-won"),
        pytest.param(hand("bettler", tricks=1), (4, -12, 4, 4), id="bettler-lost"),
        pytest.param(hand("zwiccolo_ouvert", tricks=2), (-8, 24, -8, -8), id="zwiccolo-ouvert-won"),
        pytest.param(hand("zwiccolo_ouvert", tricks=3), (8, -24, 8, 8), id="zwiccolo-ouvert-lost"),
        pytest.param(hand("piccolo_ouvert", tricks=1), (-8, 24, -8, -8), id="piccolo-ouvert-won"),
        pytest.param(hand("piccolo_ouvert", tricks=2), (8, -24, 8, 8), id="piccolo-ouvert-lost"),
        pytest.param(hand("bettler_ouvert", tricks=0), (-8, 24, -8, -8), id="bettler-ouvert-won"),
        pytest.param(hand("bettler_ouvert", tricks=4), (8, -24, 8, 8), id="bettler-ouvert-lost"),
    ],
)
def test_each_contract_scores_its_game_value(
    record: dict[str, Any], expected: tuple[int, ...]
) -> None:
    assert scores("tirol_cup", record) == expected


@pytest.mark.parametrize(
    ("bonus", "expected"),
    [
        # 1 game + silent bonus value
        pytest.param(b("pagat"), 2, id="pagat-silent-1"),
        pytest.param(b("uhu", announced=True), 5, id="uhu-announced-4"),
        pytest.param(b("kakadu"), 4, id="kakadu-silent-3"),
        pytest.param(b("quapil", "defenders", True, "failed"), 9, id="defenders-quapil-failed-8"),
        pytest.param(b("king_ultimo"), 2, id="king-ultimo-1"),
        pytest.param(b("mondfang", "defenders", True), -1, id="defenders-mondfang-announced-2"),
        pytest.param(b("four_kings", announced=True, result="failed"), -1, id="four-kings-failed"),
        pytest.param(b("trull", "defenders"), 0, id="defenders-trull-silent"),
        # 40 card points make no Sack (45/2)
        pytest.param(b("sack", announced=True, result="failed"), -1, id="sack-announced-failed-2"),
        pytest.param(b("sack2", announced=True, result="failed"), -1, id="second-sack-failed"),
    ],
)
def test_bonuses_add_to_the_game(bonus: dict[str, Any], expected: int) -> None:
    record = hand("rufer", partner=3, points=40, bonuses=[bonus])
    assert scores("tirol_cup", record)[1] == expected


@pytest.mark.parametrize(
    ("record", "expected"),
    [
        # Farbensolo 10 + silent Four Kings 1 x 2 = 12, alone x3
        pytest.param(
            hand("farbensolo", points=40, bonuses=[b("four_kings")]),
            (-12, 36, -12, -12),
            id="farbensolo-four-kings",
        ),
        # Solorufer 2 + silent King ultimo 1 x 2 = 4
        pytest.param(
            hand("solorufer", partner=3, points=40, bonuses=[b("king_ultimo")]),
            (-4, 4, -4, 4),
            id="solorufer-king-ultimo",
        ),
        # Solorufer 2 + announced Quapil 8 x 2 = 18
        pytest.param(
            hand("solorufer", partner=3, points=40, bonuses=[b("quapil", announced=True)]),
            (-18, 18, -18, 18),
            id="solorufer-quapil-announced",
        ),
    ],
)
def test_it_doubles_the_bonuses_in_the_contracts_without_talon(
    record: dict[str, Any], expected: tuple[int, ...]
) -> None:
    assert scores("tirol_cup", record) == expected


@pytest.mark.parametrize(
    ("options", "expected"),
    [
        # kontras recorded but not counted: 1
        pytest.param(None, (-1, 1, -1, 1), id="not-counted-by-default"),
        # count_kontras: 1 x 4
        pytest.param(KONTRAS, (-4, 4, -4, 4), id="counted-with-the-option"),
    ],
)
def test_kontras_count_only_with_the_option(
    options: dict[str, Any] | None, expected: tuple[int, ...]
) -> None:
    record = hand("rufer", partner=3, points=40, kontra={"game": 2})
    assert scores("tirol_cup", record, options=options) == expected


@pytest.mark.parametrize(
    ("options", "expected"),
    [
        # personal kontra ignored: 2 x 3
        pytest.param(None, (-2, 6, -2, -2), id="ignored"),
        # seat 2 kontra: pays 4; seats 0 and 3 pay 2: declarer 8
        pytest.param(KONTRAS, (-2, 8, -4, -2), id="counted"),
    ],
)
def test_personal_kontras_in_negative_contracts_follow_the_option(
    options: dict[str, Any] | None, expected: tuple[int, ...]
) -> None:
    record = hand("piccolo", tricks=1, kontra_by_seat=[0, 0, 1, 0])
    assert scores("tirol_cup", record, options=options) == expected


@pytest.mark.parametrize(
    ("record", "expected"),
    [
        # 1 game + 10 silent Valat + 1 silent Pagat; silent Trull dropped = 12
        pytest.param(
            hand("rufer", partner=3, valat="declarer", bonuses=[b("pagat"), b("trull")]),
            (-12, 12, -12, 12),
            id="silent-made-trick-bonus-counts",
        ),
        # 1 + 20; announced Four Kings dropped too (material)
        pytest.param(
            hand(
                "rufer",
                partner=3,
                valat="declarer",
                valat_announced=True,
                bonuses=[b("four_kings", announced=True)],
            ),
            (-21, 21, -21, 21),
            id="announced-material-dropped",
        ),
        # Solodreier factor 2: 10 + 20 x 2 = 50, alone x3
        pytest.param(
            hand("solodreier", valat="declarer", valat_announced=True),
            (-50, 150, -50, -50),
            id="bonus-factor-2",
        ),
        # failed announced: 1 (won on points) - 20 = -19; the Pagat still counts +1 = -18
        pytest.param(
            hand("rufer", partner=3, points=60, valat_announced=True, bonuses=[b("pagat")]),
            (18, -18, 18, -18),
            id="failed-announced",
        ),
        # defenders' silent Valat: -1 - 10 = -11
        pytest.param(
            hand("rufer", partner=3, valat="defenders"), (11, -11, 11, -11), id="defenders-valat"
        ),
        # defenders announced and failed: game lost -1 + 20 = 19
        pytest.param(
            hand(
                "rufer", partner=3, points=1, valat_announced=True, valat_announced_by="defenders"
            ),
            (-19, 19, -19, 19),
            id="defenders-announced-failed",
        ),
        # Farbensolo 10 + silent Valat 10 x 2 = 30; silent Four Kings dropped (material), x3
        pytest.param(
            hand("farbensolo", valat="declarer", bonuses=[b("four_kings")]),
            (-30, 90, -30, -30),
            id="farbensolo-silent-valat-four-kings-dropped",
        ),
        # Farbendreier (factor 1) 5 + announced Valat 20 = 25, x3
        pytest.param(
            hand("farbendreier", valat="declarer", valat_announced=True),
            (-25, 75, -25, -25),
            id="farbendreier-announced-valat",
        ),
        # 1 + silent Valat 10 + announced Mondfang 2 = 13; both announced Säcke dropped
        pytest.param(
            hand(
                "rufer",
                partner=3,
                valat="declarer",
                bonuses=[
                    b("mondfang", announced=True),
                    b("sack", announced=True),
                    b("sack2", announced=True),
                ],
            ),
            (-13, 13, -13, 13),
            id="trick-bonus-counts-saecke-dropped",
        ),
        # defenders' Valat: -1 - 10 - 1 (their silent Pagat); their silent Trull dropped = -12
        pytest.param(
            hand(
                "rufer",
                partner=3,
                valat="defenders",
                bonuses=[b("trull", "defenders"), b("pagat", "defenders")],
            ),
            (12, -12, 12, -12),
            id="defenders-valat-their-pagat-counts-trull-dropped",
        ),
        # defenders' Valat in Sechserdreier: -8 (lost double) - 10 = -18, x3
        pytest.param(
            hand("sechserdreier", valat="defenders"),
            (18, -54, 18, 18),
            id="defenders-valat-sechserdreier",
        ),
        # failed announced, game lost on points too: -1 - 20 = -21
        pytest.param(
            hand("rufer", partner=3, points=30, valat_announced=True),
            (21, -21, 21, -21),
            id="failed-announced-game-lost",
        ),
        # failed announced: 1 - 20 + 2 (announced Sack) + 1 (silent Trull) = -16
        pytest.param(
            hand(
                "rufer",
                partner=3,
                points=50,
                valat_announced=True,
                bonuses=[b("sack", announced=True), b("trull")],
            ),
            (16, -16, 16, -16),
            id="failed-announced-material-still-counts",
        ),
    ],
)
def test_valat_is_a_bonus_beside_the_game(
    record: dict[str, Any], expected: tuple[int, ...]
) -> None:
    assert scores("tirol_cup", record) == expected


def test_announced_valat_can_be_kontrad_when_kontras_count() -> None:
    # 1 + 20 x 2 = 41
    record = hand("rufer", partner=3, valat="declarer", valat_announced=True, kontra={"valat": 1})
    assert scores("tirol_cup", record, options=KONTRAS) == (-41, 41, -41, 41)


@pytest.mark.parametrize(
    ("record", "expected"),
    [
        # lost game, one against three: -3 x 1
        pytest.param(
            hand("rufer", king_in_talon=True, surrendered=True), (1, -3, 1, 1), id="rufer"
        ),
        # -3 x (1 + 8)
        pytest.param(
            hand(
                "besserrufer",
                king_in_talon=True,
                surrendered=True,
                bonuses=[b("quapil", announced=True)],
            ),
            (9, -27, 9, 9),
            id="besserrufer-quapil",
        ),
        # -3 x (1 + 2)
        pytest.param(
            hand(
                "besserrufer",
                king_in_talon=True,
                surrendered=True,
                bonuses=[b("pagat", announced=True, result="failed")],
            ),
            (3, -9, 3, 3),
            id="besserrufer-pagat",
        ),
        # -3 x (1 + 4)
        pytest.param(
            hand(
                "besserrufer",
                king_in_talon=True,
                surrendered=True,
                bonuses=[b("uhu", announced=True)],
            ),
            (5, -15, 5, 5),
            id="besserrufer-uhu",
        ),
        # -3 x (1 + 6)
        pytest.param(
            hand(
                "besserrufer",
                king_in_talon=True,
                surrendered=True,
                bonuses=[b("kakadu", announced=True)],
            ),
            (7, -21, 7, 7),
            id="besserrufer-kakadu",
        ),
    ],
)
def test_giving_up_costs_a_lost_game_and_the_bird(
    record: dict[str, Any], expected: tuple[int, ...]
) -> None:
    assert scores("tirol_cup", record) == expected


@pytest.mark.parametrize(
    ("record", "expected"),
    [
        # game 1 + Pagat announced 2 = 3 for each non-offender; offender seat 2 pays 9
        pytest.param(
            hand("rufer", partner=3, renonce=2, bonuses=[b("pagat", announced=True)]),
            (3, 3, -9, 3),
            id="rufer-defender-offends",
        ),
        # the offender's partner receives too
        pytest.param(hand("rufer", partner=3, renonce=3), (1, 1, 1, -3), id="partner-offends"),
        # lone declarer 3 x 5; defenders 5 each; offender seat 0 pays 25
        pytest.param(hand("dreier", renonce=0), (-25, 15, 5, 5), id="dreier-lone-declarer"),
        # bonuses announced by either side count: 5 + 2 (defenders' Trull) = 7; declarer offends
        pytest.param(
            hand("dreier", renonce=1, bonuses=[b("trull", "defenders", True)]),
            (7, -21, 7, 7),
            id="declarer-offends",
        ),
        # kontras not counted in the cup: game 1 each, offender pays 3
        pytest.param(
            hand("rufer", partner=3, renonce=0, kontra={"game": 1}),
            (-3, 1, 1, 1),
            id="kontra-not-counted",
        ),
        # Piccolo: declarer would get 3 x 2 = 6, defenders 2; offender seat 0 pays 10
        pytest.param(hand("piccolo", renonce=0), (-10, 6, 2, 2), id="piccolo"),
        # Trischaken: offender pays 4 to each
        pytest.param({"contract": "trischaken", "renonce": 2}, (4, 4, -12, 4), id="trischaken"),
        # announced Valat counts although nobody made it: 5 + 20 = 25; declarer 75, defenders
        # 25 each; offender seat 0 pays 125
        pytest.param(
            hand("dreier", renonce=0, valat_announced=True),
            (-125, 75, 25, 25),
            id="announced-valat",
        ),
        # Solorufer 2 + announced Trull 2 x 2 = 6 each; offender seat 0 pays 18
        pytest.param(
            hand("solorufer", partner=3, renonce=0, bonuses=[b("trull", announced=True)]),
            (-18, 6, 6, 6),
            id="solorufer-bonus-factor",
        ),
        # a silent Pagat was not announced, so it does not count: game 1 each, seat 2 pays 3
        pytest.param(
            hand("rufer", partner=3, renonce=2, bonuses=[b("pagat")]),
            (1, 1, -3, 1),
            id="silent-bonus-not-counted",
        ),
        # Piccolo, the declarer offends: each defender would win 2; declarer pays 6
        pytest.param(hand("piccolo", renonce=1), (2, -6, 2, 2), id="piccolo-declarer-offends"),
    ],
)
def test_renonce_pays_every_other_player_a_won_game(
    record: dict[str, Any], expected: tuple[int, ...]
) -> None:
    assert scores("tirol_cup", record) == expected


@pytest.mark.parametrize(
    ("record", "expected"),
    [
        # game Kontra counted: 5 x 2 = 10; declarer 3 x 10 = 30, defenders 10; seat 0 pays 50
        pytest.param(
            hand("dreier", renonce=0, kontra={"game": 1}), (-50, 30, 10, 10), id="dreier-kontra"
        ),
        # Bettler 4, seat 2's personal Kontra x2: declarer would get 4 + 8 + 4 = 16,
        # seat 2 8, seat 3 4; offender seat 0 pays 28
        pytest.param(
            hand("bettler", renonce=0, kontra_by_seat=[0, 0, 1, 0]),
            (-28, 16, 8, 4),
            id="bettler-personal-kontra",
        ),
    ],
)
def test_it_counts_kontras_in_a_renonce_with_the_option(
    record: dict[str, Any], expected: tuple[int, ...]
) -> None:
    assert scores("tirol_cup", record, options=KONTRAS) == expected


@pytest.mark.parametrize(
    ("record", "options", "expected"),
    [
        # Sechserdreier 4 won / 8 lost; declarer seat 1 (Vorhand) alone. The declarer offends:
        # each defender receives the lost value 8; the declarer pays 3 x 8 = 24
        pytest.param(hand("sechserdreier", renonce=1), None, (8, -24, 8, 8), id="declarer-offends"),
        # a defender (seat 2) offends: declarer 3 x 4 = 12, the other defenders 8 each;
        # seat 2 pays 12 + 8 + 8 = 28
        pytest.param(
            hand("sechserdreier", renonce=2), None, (8, 12, -28, 8), id="defender-offends"
        ),
        # announced Uhu 4 counts for both sides: declarer 3 x (4 + 4) = 24, defenders 8 + 4 = 12;
        # seat 2 pays 24 + 12 + 12 = 48 (the OÖ source's figure +24 / +12 / +12 / -48)
        pytest.param(
            hand("sechserdreier", renonce=2, bonuses=[b("uhu", announced=True)]),
            None,
            (12, 24, -48, 12),
            id="announced-uhu",
        ),
        # game Kontra counted: declarer 3 x 4 x 2 = 24, defenders 8 x 2 = 16; seat 0 pays 56
        pytest.param(
            hand("sechserdreier", renonce=0, kontra={"game": 1}),
            KONTRAS,
            (-56, 24, 16, 16),
            id="kontra-counted",
        ),
    ],
)
def test_renonce_pays_the_defenders_the_lost_game_value(
    record: dict[str, Any], options: dict[str, Any] | None, expected: tuple[int, ...]
) -> None:
    assert scores("tirol_cup", record, options=options) == expected, (
        "each defender should receive the Sechserdreier's lost value (8), the declarer the won one"
    )


def test_renonce_in_a_sechserdreier_at_a_table_of_five_leaves_the_dealer_out() -> None:
    # dealer seat 0 sits out; declarer seat 1 gets 3 x 4 = 12, seats 3 and 4 get 8; seat 2 pays 28
    result = scores("tirol_cup", hand("sechserdreier", renonce=2), players=5)
    assert result == (0, 12, -28, 8, 8), "the sitting-out dealer should score 0 in a Renonce"


@pytest.mark.parametrize(
    ("record", "expected"),
    [
        # dealer seat 0 sits out; Dreier 5: declarer 15, defenders 5; offender seat 2 pays 25
        pytest.param(hand("dreier", renonce=2), (0, 15, -25, 5, 5), id="dreier"),
        # Trischaken: offender seat 2 pays 4 to each of the other three players
        pytest.param({"contract": "trischaken", "renonce": 2}, (0, 4, -12, 4, 4), id="trischaken"),
    ],
)
def test_it_leaves_the_sitting_out_dealer_out_of_a_renonce(
    record: dict[str, Any], expected: tuple[int, ...]
) -> None:
    assert scores("tirol_cup", record, players=5) == expected


@pytest.mark.parametrize(
    ("entries", "dealer", "expected"),
    [
        # the reading's own examples, Vorhand seat 0 (dealer 3)
        # 10, 25, 30, 5: nobody special -> ranks -4 -4 +4 +4
        pytest.param(
            players((10, 2), (25, 3), (30, 4), (5, 3)), 3, (4, -4, -4, 4), id="example-ranks"
        ),
        # 40 by Vorhand, mayor: pays 4 to each
        pytest.param(
            players((40, 6), (10, 2), (10, 2), (10, 2)),
            3,
            (-12, 4, 4, 4),
            id="example-vorhand-mayor",
        ),
        # 20, 36, 14, 0: seat 1 mayor pays 2 each (+2 -6 +2 +2); virgin topped to 6 by seat 1
        pytest.param(
            players((20, 4), (36, 5), (14, 3), (0, 0)),
            3,
            (2, -10, 2, 6),
            id="example-mayor-and-virgin",
        ),
        # Vorhand seat 0 has most (30, not mayor): pays 2 each
        pytest.param(
            players((30, 4), (20, 3), (10, 3), (10, 2)), 3, (-6, 2, 2, 2), id="vorhand-most"
        ),
        # Vorhand tied for most with seat 1: Vorhand pays
        pytest.param(
            players((30, 4), (30, 4), (5, 2), (5, 2)), 3, (-6, 2, 2, 2), id="vorhand-tied-for-most"
        ),
        # two middle players equal: both 0 (Vorhand seat 1 has 15)
        pytest.param(
            players((30, 4), (15, 3), (15, 3), (10, 2)),
            0,
            (-4, 0, 0, 4),
            id="middle-equal-both-zero",
        ),
        # top two equal: share -4 -4; Vorhand seat 1 has 5
        pytest.param(
            players((30, 4), (5, 2), (30, 4), (5, 2)), 0, (-4, 4, -4, 4), id="top-two-equal"
        ),
        # step-2 virgin: ranks give her +4; +2 more, 1 from each of the two highest
        pytest.param(
            players((30, 5), (25, 4), (15, 3), (0, 0)),
            0,
            (-5, -5, 4, 6),
            id="virgin-topped-up-by-the-two-highest",
        ),
        # five at the table: dealer seat 4 sits out (null); Vorhand seat 0
        pytest.param(
            players((10, 2), (25, 3), (30, 4), (5, 3), None),
            4,
            (4, -4, -4, 4, 0),
            id="five-dealer-sits-out",
        ),
        # Vorhand seat 0 (dealer 3) has most, 30, not mayor: pays 2 each (-6 +2 +2 +2);
        # virgin seat 3 topped up from 2 to 6 by seat 0
        pytest.param(
            players((30, 5), (25, 4), (15, 3), (0, 0)),
            3,
            (-10, 2, 2, 6),
            id="vorhand-most-tops-up-the-virgin",
        ),
        # Vorhand seat 0 mayor pays 4 each (-12 +4 +4 +4); virgin seat 3 topped up 4 -> 6
        pytest.param(
            players((40, 6), (20, 4), (10, 2), (0, 0)),
            3,
            (-14, 4, 4, 6),
            id="vorhand-mayor-tops-up-the-virgin",
        ),
        # Vorhand seat 0 mayor pays 4 each; two virgins topped up 4 -> 6, 2 each from seat 0
        pytest.param(
            players((40, 8), (30, 4), (0, 0), (0, 0)),
            3,
            (-16, 4, 6, 6),
            id="vorhand-mayor-two-virgins",
        ),
        # 35/1 is no mayor: ranks seats 1, 2 -4 each, virgins seats 0, 3 share +4 +4;
        # each virgin topped up 4 -> 6, 1 from each of the two highest: -6, -6
        pytest.param(
            players((0, 0), ("35/1", 6), ("34/2", 6), (0, 0)),
            3,
            (6, -6, -6, 6),
            id="two-virgins-35-1-is-no-mayor",
        ),
        # seat 1 35/2 is a mayor (not Vorhand): pays 2 each
        pytest.param(
            players((10, 2), ("35/2", 5), ("14/1", 3), (10, 2)),
            3,
            (2, -6, 2, 2),
            id="mayor-at-35-2",
        ),
        # thirds count, Vorhand seat 1 (dealer 0) 17/2: ranks 18/2 and 18/1 -4,
        # 17/2 and 15/1 +4
        pytest.param(
            players(("18/1", 3), ("17/2", 3), ("18/2", 3), ("15/1", 3)),
            0,
            (-4, 4, -4, 4),
            id="thirds-decide-the-ranks",
        ),
    ],
)
def test_trischaken_follows_the_cup_reading(
    entries: list[Any], dealer: int, expected: tuple[int, ...]
) -> None:
    record = {"contract": "trischaken", "players": entries}
    n = len(entries)
    assert scores("tirol_cup", record, dealer=dealer, players=n) == expected


@pytest.mark.parametrize(
    ("entries", "field"),
    [
        # 20 + 20 + 20 + 15 = 75 with no tricks entered yet: the sum is the first thing wrong
        pytest.param(players((20,), (20,), (20,), (15,)), "players", id="sum-before-tricks"),
        # the sum is right: now the first missing trick count is named
        pytest.param(players((20,), (20,), (20,), (10,)), "players[0].tricks", id="then-tricks"),
    ],
)
def test_it_reports_a_wrong_points_sum_before_missing_tricks(
    entries: list[dict[str, Any] | None], field: str
) -> None:
    with pytest.raises(ScoringError) as caught:
        scores("tirol_cup", {"contract": "trischaken", "players": entries})
    assert caught.value.field == field, "a wrong sum of points should show before the tricks"
