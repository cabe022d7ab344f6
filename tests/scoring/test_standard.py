"""Standard Königrufen: contracts, bonuses, Mordkontra, Valat as a bonus and Trischaken,
worked by hand. Dealer seat 0, so Vorhand (and declarer) is seat 1, partner seat 3.
"""

from typing import Any

import pytest

from tests.scoring.hands import b, hand, players, scores


@pytest.mark.parametrize(
    ("record", "expected"),
    [
        pytest.param(hand("rufer", partner=3, points=40), (-1, 1, -1, 1), id="rufer-won"),
        pytest.param(hand("rufer", partner=3, points=30), (1, -1, 1, -1), id="rufer-lost"),
        pytest.param(hand("sechserdreier", points=40), (-2, 6, -2, -2), id="sechserdreier-won"),
        pytest.param(hand("sechserdreier", points=30), (4, -12, 4, 4), id="sechserdreier-lost-4"),
        pytest.param(hand("piccolo", tricks=1), (-2, 6, -2, -2), id="piccolo-won"),
        pytest.param(hand("piccolo", tricks=3), (2, -6, 2, 2), id="piccolo-lost"),
        pytest.param(hand("zwiccolo", tricks=2), (-2, 6, -2, -2), id="zwiccolo-won"),
        pytest.param(hand("zwiccolo", tricks=1), (2, -6, 2, 2), id="zwiccolo-lost"),
        pytest.param(hand("solorufer", partner=2, points=40), (-2, 2, 2, -2), id="solorufer-won"),
        pytest.param(hand("solorufer", partner=2, points=30), (2, -2, -2, 2), id="solorufer-lost"),
        pytest.param(hand("bettler", tricks=0), (-3, 9, -3, -3), id="bettler-won"),
        pytest.param(hand("bettler", tricks=1), (3, -9, 3, 3), id="bettler-lost"),
        # 1 + Marabu announced 8 = 9
        pytest.param(
            hand("besserrufer", partner=3, points=40, bonuses=[b("marabu", announced=True)]),
            (-9, 9, -9, 9),
            id="besserrufer-won",
        ),
        pytest.param(
            hand(
                "besserrufer",
                partner=3,
                points=30,
                bonuses=[b("uhu", announced=True, result="failed")],
            ),
            (5, -5, 5, -5),
            id="besserrufer-lost",
        ),
        pytest.param(hand("farbendreier", points=40), (-3, 9, -3, -3), id="farbendreier-won"),
        pytest.param(hand("farbendreier", points=30), (3, -9, 3, 3), id="farbendreier-lost"),
        pytest.param(hand("dreier", points=40), (-4, 12, -4, -4), id="dreier-won"),
        pytest.param(hand("dreier", points=30), (4, -12, 4, 4), id="dreier-lost"),
        pytest.param(hand("piccolo_ouvert", tricks=1), (-5, 15, -5, -5), id="piccolo-ouvert-won"),
        pytest.param(hand("piccolo_ouvert", tricks=0), (5, -15, 5, 5), id="piccolo-ouvert-lost"),
        pytest.param(hand("bettler_ouvert", tricks=0), (-6, 18, -6, -6), id="bettler-ouvert-won"),
        pytest.param(hand("bettler_ouvert", tricks=2), (6, -18, 6, 6), id="bettler-ouvert-lost"),
        pytest.param(hand("farbensolo", points=40), (-6, 18, -6, -6), id="farbensolo-won"),
        pytest.param(hand("farbensolo", points=30), (6, -18, 6, 6), id="farbensolo-lost"),
        pytest.param(hand("solodreier", points=40), (-8, 24, -8, -8), id="solodreier-won"),
        pytest.param(hand("solodreier", points=30), (8, -24, 8, 8), id="solodreier-lost"),
    ],
)
def test_each_contract_scores_its_game_value(
    record: dict[str, Any], expected: tuple[int, ...]
) -> None:
    assert scores("standard", record) == expected


@pytest.mark.parametrize(
    ("bonus", "expected"),
    [
        # Rufer won (1) + bonus
        pytest.param(b("mondfang"), 2, id="mondfang-silent-1"),
        pytest.param(b("skusfang", "defenders"), -1, id="defenders-skusfang-2"),
        # 40 card points make no Sack (45/2)
        pytest.param(b("sack", announced=True, result="failed"), -1, id="sack-announced-failed-2"),
        pytest.param(b("marabu"), 5, id="marabu-silent-4"),
        pytest.param(b("kakadu", announced=True, result="failed"), -5, id="kakadu-failed-6"),
        pytest.param(b("king_ultimo", announced=True), 3, id="king-ultimo-announced-2"),
    ],
)
def test_bonuses_add_to_the_game(bonus: dict[str, Any], expected: int) -> None:
    record = hand("rufer", partner=3, points=40, bonuses=[bonus])
    assert scores("standard", record)[1] == expected


@pytest.mark.parametrize(
    ("record", "expected"),
    [
        # Solodreier 8 + Trull silent 1 x 2 = 10, x3
        pytest.param(
            hand("solodreier", points=40, bonuses=[b("trull")]),
            (-10, 30, -10, -10),
            id="solodreier-factor-2",
        ),
        # Solorufer 2 + Pagat announced 2 x 2 = 6
        pytest.param(
            hand("solorufer", partner=3, points=40, bonuses=[b("pagat", announced=True)]),
            (-6, 6, -6, 6),
            id="solorufer-factor-2",
        ),
    ],
)
def test_solo_contracts_double_the_bonuses(
    record: dict[str, Any], expected: tuple[int, ...]
) -> None:
    assert scores("standard", record) == expected


@pytest.mark.parametrize(
    ("level", "expected"),
    [
        pytest.param(4, 16, id="hirschkontra-x16"),
        pytest.param(5, 32, id="mordkontra-x32"),
    ],
)
def test_kontra_goes_up_to_mordkontra(level: int, expected: int) -> None:
    record = hand("rufer", partner=3, points=40, kontra={"game": level})
    assert scores("standard", record)[1] == expected


@pytest.mark.parametrize(
    ("record", "expected"),
    [
        # 1 + 10 silent Valat + 2 announced Trull + 1 silent Pagat; silent Trull-like
        # material (Four Kings) not paid = 14
        pytest.param(
            hand(
                "rufer",
                partner=3,
                valat="declarer",
                bonuses=[b("trull", announced=True), b("four_kings"), b("pagat")],
            ),
            (-14, 14, -14, 14),
            id="silent-material-not-paid",
        ),
        # Farbensolo: 6 + 20 x 2 = 46, x3
        pytest.param(
            hand("farbensolo", valat="declarer", valat_announced=True),
            (-46, 138, -46, -46),
            id="farben-valat-factor-2",
        ),
        # announced Valat kontra'd (Rekontra): 1 + 20 x 4 = 81
        pytest.param(
            hand("rufer", partner=3, valat="declarer", valat_announced=True, kontra={"valat": 2}),
            (-81, 81, -81, 81),
            id="valat-rekontra",
        ),
        # failed announced: 1 - 20 = -19
        pytest.param(
            hand("rufer", partner=3, points=50, valat_announced=True),
            (19, -19, 19, -19),
            id="failed-announced",
        ),
        # 1 + 10 silent Valat + 1 silent Mondfang + 2 silent Sküsfang + 2 announced Trull = 16;
        # silent Four Kings not paid
        pytest.param(
            hand(
                "rufer",
                partner=3,
                valat="declarer",
                bonuses=[
                    b("mondfang"),
                    b("skusfang"),
                    b("trull", announced=True),
                    b("four_kings"),
                ],
            ),
            (-16, 16, -16, 16),
            id="trick-bonuses-and-announced-trull-paid",
        ),
        # defenders' Valat: -4 - 10 = -14; their silent Trull not paid, x3
        pytest.param(
            hand("dreier", valat="defenders", bonuses=[b("trull", "defenders")]),
            (14, -42, 14, 14),
            id="defenders-valat-silent-trull-not-paid",
        ),
        # Solodreier 8 + silent Valat 10 x 2 + silent Pagat 1 x 2 = 30; silent Trull not paid
        pytest.param(
            hand("solodreier", valat="declarer", bonuses=[b("pagat"), b("trull")]),
            (-30, 90, -30, -30),
            id="solodreier-silent-valat-factor-2",
        ),
        # points are ignored with a Valat: Dreier 4 + 10 = 14, x3
        pytest.param(
            hand("dreier", valat="declarer", points=99),
            (-14, 42, -14, -14),
            id="points-ignored",
        ),
    ],
)
def test_valat_is_a_bonus(record: dict[str, Any], expected: tuple[int, ...]) -> None:
    assert scores("standard", record) == expected


@pytest.mark.parametrize(
    ("record", "expected"),
    [
        # Bettler won, 3 each; seat 0 Mordkontra: 3 x 32 = 96; declarer 96 + 3 + 3 = 102
        pytest.param(
            hand("bettler", tricks=0, kontra_by_seat=[5, 0, 0, 0]),
            (-96, 102, -3, -3),
            id="bettler-mordkontra-by-seat-0",
        ),
    ],
)
def test_it_multiplies_only_the_kontra_givers_payment_in_negative_contracts(
    record: dict[str, Any], expected: tuple[int, ...]
) -> None:
    assert scores("standard", record) == expected


def test_the_called_king_in_the_talon_means_one_against_three() -> None:
    # Rufer won alone: 1 x 3
    record = hand("rufer", king_in_talon=True, points=40)
    assert scores("standard", record) == (-1, 3, -1, -1)


@pytest.mark.parametrize(
    ("entries", "expected"),
    [
        # Vorhand seat 0 (dealer 3). 10/25/30/5: seat 2 pays 2 to each
        pytest.param(players((10, 2), (25, 3), (30, 4), (5, 3)), (2, 2, -6, 2), id="plain"),
        # Vorhand loses: x2 -> 4 each
        pytest.param(players((30, 4), (25, 3), (10, 2), (5, 3)), (-12, 4, 4, 4), id="vorhand"),
        # mayor (35/2) not Vorhand: x2
        pytest.param(
            players((10, 2), ("35/2", 5), ("14/1", 3), (10, 2)), (4, -12, 4, 4), id="mayor"
        ),
        # Vorhand and mayor: x4 -> 8 each
        pytest.param(
            players((40, 6), (10, 2), (10, 2), (10, 2)), (-24, 8, 8, 8), id="vorhand-mayor"
        ),
        # virgin seat 3: only she is paid, 2 x 4 (Vorhand mayor) = 8
        pytest.param(players((40, 6), (20, 4), (10, 2), (0, 0)), (-8, 0, 0, 8), id="virgin"),
        # tie for most between Vorhand (x2: pays 4 each) and seat 1 (pays 2 each)
        pytest.param(players((30, 5), (30, 5), (5, 1), (5, 1)), (-10, -2, 6, 6), id="tie"),
        # seat 1 most (30), no factor: pays 2 to virgin seat 3 only
        pytest.param(
            players((20, 4), (30, 5), (20, 3), (0, 0)), (0, -2, 0, 2), id="virgin-paid-only"
        ),
        # Vorhand seat 0 mayor, x4: pays 8 to each virgin (seats 2, 3)
        pytest.param(
            players((40, 8), (30, 4), (0, 0), (0, 0)), (-16, 0, 8, 8), id="two-virgins-x4"
        ),
        # tie for most between seats 1 and 2 (no factor): each pays 2 to virgin seat 3
        pytest.param(
            players((10, 3), (30, 4), (30, 5), (0, 0)), (0, -2, -2, 4), id="tie-virgin-paid"
        ),
        # tie between Vorhand (x2: pays 4) and seat 1 (pays 2), to virgin seat 3 only
        pytest.param(
            players((30, 5), (30, 5), (10, 2), (0, 0)), (-4, -2, 0, 6), id="tie-vorhand-virgin"
        ),
        # thirds count: seat 2 18/2 beats seat 0 18/1; pays 2 each
        pytest.param(
            players(("18/1", 3), ("17/2", 3), ("18/2", 3), ("15/1", 3)),
            (2, 2, -6, 2),
            id="thirds-count",
        ),
    ],
)
def test_trischaken_most_points_pays(entries: list[Any], expected: tuple[int, ...]) -> None:
    record = {"contract": "trischaken", "players": entries}
    assert scores("standard", record, dealer=3) == expected


@pytest.mark.parametrize(
    ("entries", "expected"),
    [
        # dealer seat 4 sits out (null), Vorhand seat 0; seat 2 most pays 2 to each other player
        pytest.param(
            players((10, 2), (25, 3), (30, 4), (5, 3), None),
            (2, 2, -6, 2, 0),
            id="five-dealer-sits-out",
        ),
    ],
)
def test_it_leaves_the_sitting_out_dealer_at_zero_in_trischaken(
    entries: list[Any], expected: tuple[int, ...]
) -> None:
    record = {"contract": "trischaken", "players": entries}
    assert scores("standard", record, dealer=4, players=5) == expected
