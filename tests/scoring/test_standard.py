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
        pytest.param(b("sack", announced=True), 3, id="sack-announced-2"),
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
    ],
)
def test_valat_is_a_bonus(record: dict[str, Any], expected: tuple[int, ...]) -> None:
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
    ],
)
def test_trischaken_most_points_pays(entries: list[Any], expected: tuple[int, ...]) -> None:
    record = {"contract": "trischaken", "players": entries}
    assert scores("standard", record, dealer=3) == expected
