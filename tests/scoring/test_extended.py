"""Königrufen with bei contracts (seed 004): contracts, Valat as a game multiplier, giving
up, bei contracts and Trischaken, worked by hand. Dealer seat 0, so Vorhand is seat 1.
"""

from typing import Any

import pytest

from tests.scoring.hands import b, hand, players, scores


@pytest.mark.parametrize(
    ("record", "expected"),
    [
        pytest.param(hand("sechserdreier", points=40), (-3, 9, -3, -3), id="sechserdreier-won"),
        pytest.param(hand("sechserdreier", points=30), (6, -18, 6, 6), id="sechserdreier-lost-6"),
        pytest.param(hand("rufer", partner=3, points=40), (-1, 1, -1, 1), id="rufer-won"),
        pytest.param(hand("rufer", partner=3, points=30), (1, -1, 1, -1), id="rufer-lost"),
        pytest.param(hand("piccolo", tricks=1), (-2, 6, -2, -2), id="piccolo-won"),
        pytest.param(hand("zwiccolo", tricks=2), (-2, 6, -2, -2), id="zwiccolo-won"),
        pytest.param(hand("zwiccolo", tricks=0), (2, -6, 2, 2), id="zwiccolo-lost"),
        pytest.param(hand("solorufer", partner=3, points=40), (-2, 2, -2, 2), id="solorufer-won"),
        pytest.param(hand("bettler", tricks=0), (-3, 9, -3, -3), id="bettler-won"),
        # bird-Rufer: 1 + announced bird (2 / 4 / 6)
        pytest.param(
            hand("pagatrufer", partner=3, points=40, bonuses=[b("pagat", announced=True)]),
            (-3, 3, -3, 3),
            id="pagatrufer-won",
        ),
        pytest.param(
            hand("uhurufer", partner=3, points=40, bonuses=[b("uhu", announced=True)]),
            (-5, 5, -5, 5),
            id="uhurufer-won",
        ),
        pytest.param(
            hand(
                "kakadurufer",
                partner=3,
                points=30,
                bonuses=[b("kakadu", announced=True, result="failed")],
            ),
            (7, -7, 7, -7),
            id="kakadurufer-lost",
        ),
        pytest.param(hand("farbendreier", 2, points=40), (-3, -3, 9, -3), id="farbendreier-won"),
        pytest.param(hand("farbendreier", 2, points=30), (3, 3, -9, 3), id="farbendreier-lost"),
        # lost by Vorhand (seat 1): 6
        pytest.param(
            hand("farbendreier", 1, points=30), (6, -18, 6, 6), id="farbendreier-lost-by-vorhand"
        ),
        # won by Vorhand (seat 1) stays 3
        pytest.param(
            hand("farbendreier", 1, points=40), (-3, 9, -3, -3), id="farbendreier-won-by-vorhand"
        ),
        pytest.param(hand("dreier", points=40), (-4, 12, -4, -4), id="dreier-won"),
        pytest.param(hand("piccolo_ouvert", tricks=1), (-5, 15, -5, -5), id="piccolo-ouvert-won"),
        pytest.param(hand("farbensolo", 2, points=40), (-6, -6, 18, -6), id="farbensolo-won"),
        pytest.param(hand("farbensolo", 2, points=30), (6, 6, -18, 6), id="farbensolo-lost"),
        pytest.param(
            hand("farbensolo", 1, points=30), (12, -36, 12, 12), id="farbensolo-lost-by-vorhand-12"
        ),
        # won by Vorhand (seat 1) stays 6
        pytest.param(
            hand("farbensolo", 1, points=40), (-6, 18, -6, -6), id="farbensolo-won-by-vorhand"
        ),
        pytest.param(hand("bettler_ouvert", tricks=0), (-7, 21, -7, -7), id="bettler-ouvert-won"),
        pytest.param(hand("solodreier", points=40), (-8, 24, -8, -8), id="solodreier-won"),
        pytest.param(hand("solodreier", points=30), (8, -24, 8, 8), id="solodreier-lost"),
    ],
)
def test_each_contract_scores_its_game_value(
    record: dict[str, Any], expected: tuple[int, ...]
) -> None:
    assert scores("extended", record) == expected


@pytest.mark.parametrize(
    ("bonus", "expected"),
    [
        # Rufer won (1) + bonus; 40 card points make no Grammeln (45/2)
        pytest.param(b("grammeln", result="failed"), 0, id="grammeln-silent-failed-1"),
        pytest.param(
            b("grossgrammeln", announced=True, result="failed"),
            -1,
            id="grossgrammeln-announced-failed-2",
        ),
        pytest.param(b("kakadu", "defenders"), -2, id="defenders-kakadu-3"),
        pytest.param(
            b("king_ultimo", announced=True, result="failed"), -1, id="king-ultimo-failed"
        ),
    ],
)
def test_bonuses_add_to_the_game(bonus: dict[str, Any], expected: int) -> None:
    record = hand("rufer", partner=3, points=40, bonuses=[bonus])
    assert scores("extended", record)[1] == expected


@pytest.mark.parametrize(
    ("record", "expected"),
    [
        # silent: game x 4; silent bonuses not paid
        pytest.param(
            hand("rufer", partner=3, valat="declarer", bonuses=[b("trull")]),
            (-4, 4, -4, 4),
            id="silent-x4",
        ),
        # announced: x 8, announced Pagat paid: 8 + 2 = 10
        pytest.param(
            hand(
                "rufer",
                partner=3,
                valat="declarer",
                valat_announced=True,
                bonuses=[b("pagat", announced=True)],
            ),
            (-10, 10, -10, 10),
            id="announced-x8-plus-announced-bonus",
        ),
        # game kontra inside: 1 x 2 x 4 = 8
        pytest.param(
            hand("rufer", partner=3, valat="declarer", kontra={"game": 1}),
            (-8, 8, -8, 8),
            id="game-kontra-included",
        ),
        # exception: silent bonuses 1+1+1+1+1 = 5 > 3 x 1 -> 1 + 5 = 6
        pytest.param(
            hand(
                "rufer",
                partner=3,
                valat="declarer",
                bonuses=[
                    b("trull"),
                    b("four_kings"),
                    b("grammeln"),
                    b("grossgrammeln"),
                    b("pagat"),
                ],
            ),
            (-6, 6, -6, 6),
            id="silent-bonus-exception",
        ),
        # 3 is not more than 3 x 1: x 4 stays
        pytest.param(
            hand(
                "rufer",
                partner=3,
                valat="declarer",
                bonuses=[b("trull"), b("four_kings"), b("grammeln")],
            ),
            (-4, 4, -4, 4),
            id="no-exception-at-equal",
        ),
        # Solodreier: silent bonuses (1+1+1+1+2+3) x 2 = 18, not more than 3 x 8 = 24: 8 x 4
        pytest.param(
            hand(
                "solodreier",
                valat="declarer",
                bonuses=[
                    b("trull"),
                    b("four_kings"),
                    b("grammeln"),
                    b("grossgrammeln"),
                    b("uhu"),
                    b("kakadu"),
                ],
            ),
            (-32, 96, -32, -32),
            id="solodreier-no-exception",
        ),
        # failed announced: -8 x 4 (Dreier), bonuses still count: + 2 (Grammeln announced) = -30
        pytest.param(
            hand(
                "dreier", points=50, valat_announced=True, bonuses=[b("grammeln", announced=True)]
            ),
            (30, -90, 30, 30),
            id="failed-announced-dreier",
        ),
        # Sechserdreier lost value 6: -48
        pytest.param(
            hand("sechserdreier", points=60, valat_announced=True),
            (48, -144, 48, 48),
            id="failed-announced-sechserdreier",
        ),
        # Farbensolo by Vorhand lost value 12: -96
        pytest.param(
            hand("farbensolo", points=60, valat_announced=True),
            (96, -288, 96, 96),
            id="failed-announced-farbensolo-vorhand",
        ),
        # game kontra: -8 x 4 x 2 = -64
        pytest.param(
            hand("dreier", points=50, valat_announced=True, kontra={"game": 1}),
            (64, -192, 64, 64),
            id="failed-announced-kontra",
        ),
        # defenders' silent Valat: -4 x 4
        pytest.param(hand("dreier", valat="defenders"), (16, -48, 16, 16), id="defenders-valat"),
        # defenders' announced Valat in the Rufer: -8
        pytest.param(
            hand("rufer", partner=3, valat="defenders", valat_announced=True),
            (8, -8, 8, -8),
            id="defenders-announced-valat",
        ),
        # defenders announced and the declarer took a trick: + 8 x 1
        pytest.param(
            hand(
                "rufer", partner=3, points=5, valat_announced=True, valat_announced_by="defenders"
            ),
            (-8, 8, -8, 8),
            id="defenders-failed-valat",
        ),
        # "whatever the card points": -8 x 4, with or without points
        pytest.param(
            hand("dreier", valat_announced=True),
            (32, -96, 32, 32),
            id="failed-announced-without-points",
        ),
        # failed announced, game lost on points too: still -8 x 4 = -32 (not counted twice)
        pytest.param(
            hand("dreier", points=20, valat_announced=True),
            (32, -96, 32, 32),
            id="failed-announced-game-lost-on-points",
        ),
        # Farbendreier by Vorhand, failed announced: -8 x 6 (lost value) = -48, x3
        pytest.param(
            hand("farbendreier", 1, points=60, valat_announced=True),
            (48, -144, 48, 48),
            id="failed-announced-farbendreier-vorhand",
        ),
        # Farbendreier by Vorhand, silent Valat: won value 3 x 4 = 12, x3
        pytest.param(
            hand("farbendreier", 1, valat="declarer"),
            (-12, 36, -12, -12),
            id="farbendreier-vorhand-silent-valat-won-value",
        ),
        # Farbensolo by Vorhand, defenders' silent Valat: -12 x 4 = -48, x3
        pytest.param(
            hand("farbensolo", 1, valat="defenders"),
            (48, -144, 48, 48),
            id="defenders-valat-farbensolo-vorhand",
        ),
        # Farbensolo by Vorhand, defenders' announced Valat: -12 x 8 = -96, x3
        pytest.param(
            hand("farbensolo", 1, valat="defenders", valat_announced=True),
            (96, -288, 96, 96),
            id="defenders-announced-valat-farbensolo-vorhand",
        ),
        # defenders' silent Valat in Sechserdreier: -6 (lost value) x 4 = -24, x3
        pytest.param(
            hand("sechserdreier", valat="defenders"),
            (24, -72, 24, 24),
            id="defenders-valat-sechserdreier",
        ),
        # Solorufer: silent bonuses 4 x 1 x 2 = 8 > 3 x 2: 2 + 8 = 10
        pytest.param(
            hand(
                "solorufer",
                partner=3,
                valat="declarer",
                bonuses=[b("trull"), b("four_kings"), b("grammeln"), b("grossgrammeln")],
            ),
            (-10, 10, -10, 10),
            id="solorufer-silent-bonus-exception",
        ),
        # silent 1+1+1+1 = 4 > 3: 1 + 4 + announced Pagat 2 = 7
        pytest.param(
            hand(
                "rufer",
                partner=3,
                valat="declarer",
                bonuses=[
                    b("trull"),
                    b("four_kings"),
                    b("grammeln"),
                    b("grossgrammeln"),
                    b("pagat", announced=True),
                ],
            ),
            (-7, 7, -7, 7),
            id="silent-bonus-exception-plus-announced",
        ),
        # announced Valat: no exception, 1 x 8 = 8; the five silent bonuses not paid
        pytest.param(
            hand(
                "rufer",
                partner=3,
                valat="declarer",
                valat_announced=True,
                bonuses=[
                    b("trull"),
                    b("four_kings"),
                    b("grammeln"),
                    b("grossgrammeln"),
                    b("pagat"),
                ],
            ),
            (-8, 8, -8, 8),
            id="no-exception-for-an-announced-valat",
        ),
        # game Kontra: element 2; silent 5 is not more than 3 x 2: 2 x 4 = 8
        pytest.param(
            hand(
                "rufer",
                partner=3,
                valat="declarer",
                kontra={"game": 1},
                bonuses=[
                    b("trull"),
                    b("four_kings"),
                    b("grammeln"),
                    b("grossgrammeln"),
                    b("pagat"),
                ],
            ),
            (-8, 8, -8, 8),
            id="kontra-raises-the-exception-threshold",
        ),
        # game Kontra: element 2; silent 1+1+1+1+1+2+3 = 10 > 3 x 2: 2 + 10 = 12
        # (Pagat takes the last trick, so King ultimo cannot be made beside it)
        pytest.param(
            hand(
                "rufer",
                partner=3,
                valat="declarer",
                kontra={"game": 1},
                bonuses=[
                    b("trull"),
                    b("four_kings"),
                    b("grammeln"),
                    b("grossgrammeln"),
                    b("pagat"),
                    b("uhu"),
                    b("kakadu"),
                ],
            ),
            (-12, 12, -12, 12),
            id="kontra-exception-above-threshold",
        ),
        # defenders' silent Valat, their silent bonuses 4 > 3 x 1: -(1 + 4) = -5
        pytest.param(
            hand(
                "rufer",
                partner=3,
                valat="defenders",
                bonuses=[
                    b("trull", "defenders"),
                    b("four_kings", "defenders"),
                    b("grammeln", "defenders"),
                    b("grossgrammeln", "defenders"),
                ],
            ),
            (5, -5, 5, -5),
            id="defenders-silent-bonus-exception",
        ),
        # defenders' silent Valat: -1 x 4 - 2 (declarer's announced Pagat failed) = -6
        pytest.param(
            hand(
                "rufer",
                partner=3,
                valat="defenders",
                bonuses=[b("pagat", announced=True, result="failed")],
            ),
            (6, -6, 6, -6),
            id="defenders-valat-announced-bird-failed",
        ),
        # defenders announced and failed, game Kontra: 8 x 4 x 2 = 64 - 1 (their Trull) = 63, x3
        pytest.param(
            hand(
                "dreier",
                points=5,
                valat_announced=True,
                valat_announced_by="defenders",
                kontra={"game": 1},
                bonuses=[b("trull", "defenders")],
            ),
            (-63, 189, -63, -63),
            id="defenders-failed-valat-kontra-their-bonus",
        ),
        # defenders announced and failed, game Kontra: 8 x 4 x 2 = 64 + 1 (silent Trull) = 65
        pytest.param(
            hand(
                "dreier",
                points=20,
                valat_announced=True,
                valat_announced_by="defenders",
                kontra={"game": 1},
                bonuses=[b("trull")],
            ),
            (-65, 195, -65, -65),
            id="defenders-failed-valat-kontra-declarers-bonus",
        ),
    ],
)
def test_valat_multiplies_the_game(record: dict[str, Any], expected: tuple[int, ...]) -> None:
    assert scores("extended", record) == expected


@pytest.mark.parametrize(
    ("record", "expected"),
    [
        # lost game 1, one against three
        pytest.param(
            hand("rufer", king_in_talon=True, surrendered=True), (1, -3, 1, 1), id="rufer"
        ),
        # -3 x (1 + 2)
        pytest.param(
            hand(
                "pagatrufer",
                king_in_talon=True,
                surrendered=True,
                bonuses=[b("pagat", announced=True)],
            ),
            (3, -9, 3, 3),
            id="pagatrufer",
        ),
        # -3 x (1 + 6)
        pytest.param(
            hand(
                "kakadurufer",
                king_in_talon=True,
                surrendered=True,
                bonuses=[b("kakadu", announced=True)],
            ),
            (7, -21, 7, 7),
            id="kakadurufer",
        ),
        # -3 x (1 + 4)
        pytest.param(
            hand(
                "uhurufer",
                king_in_talon=True,
                surrendered=True,
                bonuses=[b("uhu", announced=True)],
            ),
            (5, -15, 5, 5),
            id="uhurufer",
        ),
    ],
)
def test_giving_up_pays_a_lost_game_and_the_bird(
    record: dict[str, Any], expected: tuple[int, ...]
) -> None:
    assert scores("extended", record) == expected


@pytest.mark.parametrize(
    ("record", "expected"),
    [
        # Piccolo seat 1 made (+2 x 3), Bettler bei seat 2 made (+3 x 3)
        # seat 0: -2 -3; seat 1: +6 -3; seat 2: -2 +9; seat 3: -2 -3
        pytest.param(
            hand("piccolo", tricks=1, bei={"contract": "bettler_bei", "declarer": 2, "tricks": 0}),
            (-5, 3, 7, -5),
            id="piccolo-and-bettler-bei-made",
        ),
        # Piccolo seat 1 lost (-2 x 3), Piccolo bei seat 2 made (+2 x 3)
        pytest.param(
            hand("piccolo", tricks=2, bei={"contract": "piccolo_bei", "declarer": 2, "tricks": 1}),
            (0, -8, 8, 0),
            id="piccolo-lost-piccolo-bei-made",
        ),
        # Bettler seat 1 made (+3 x 3), Bettler bei seat 3 lost (-3 x 3)
        pytest.param(
            hand("bettler", tricks=0, bei={"contract": "bettler_bei", "declarer": 3, "tricks": 2}),
            (0, 12, 0, -12),
            id="bettler-and-bettler-bei",
        ),
        # personal kontras between the declarers: seat 2 Kontra on the Piccolo (pays 4),
        # seat 1 Rekontra on the Bettler bei (pays 12):
        # seat 0: -2 -3 = -5; seat 1: 2+4+2 - 12 = -4; seat 2: -4 + 3+12+3 = 14; seat 3: -5
        pytest.param(
            hand(
                "piccolo",
                tricks=1,
                kontra_by_seat=[0, 0, 1, 0],
                bei={
                    "contract": "bettler_bei",
                    "declarer": 2,
                    "tricks": 0,
                    "kontra_by_seat": [0, 2, 0, 0],
                },
            ),
            (-5, -4, 14, -5),
            id="kontras-between-the-declarers",
        ),
        # Bettler seat 1 made (+3 x 3), Piccolo bei seat 2 lost (-2 x 3)
        # seat 0: -3 +2; seat 1: +9 +2; seat 2: -3 -6; seat 3: -3 +2
        pytest.param(
            hand("bettler", tricks=0, bei={"contract": "piccolo_bei", "declarer": 2, "tricks": 0}),
            (-1, 11, -9, -1),
            id="bettler-made-piccolo-bei-lost",
        ),
    ],
)
def test_bei_contracts_add_two_one_against_three_results(
    record: dict[str, Any], expected: tuple[int, ...]
) -> None:
    assert scores("extended", record) == expected


@pytest.mark.parametrize(
    ("entries", "dealer", "expected"),
    [
        # Vorhand seat 0 (dealer 3). Seat 2 most, base 1 to each
        pytest.param(players((10, 2), (25, 3), (30, 4), (5, 3)), 3, (1, 1, -3, 1), id="plain"),
        # Vorhand mayor: x2 x2 = 4 each
        pytest.param(
            players((40, 6), (10, 2), (10, 2), (10, 2)), 3, (-12, 4, 4, 4), id="vorhand-mayor"
        ),
        # one virgin, no other factor: loser pays 2 x 3 = 6 to her (Vorhand seat 1)
        pytest.param(players((30, 5), (25, 4), (15, 3), (0, 0)), 0, (-6, 0, 0, 6), id="one-virgin"),
        # two virgins, mayor seat 1 (not Vorhand): 1 x 2 x 2 = 4, x3 = 12 shared 6 each
        pytest.param(
            players((30, 5), (40, 7), (0, 0), (0, 0)), 3, (0, -12, 6, 6), id="two-virgins-share"
        ),
        # tied for most with Vorhand among them: only Vorhand loses (x2)
        pytest.param(
            players((30, 5), (30, 5), (5, 1), (5, 1)), 3, (-6, 2, 2, 2), id="tie-vorhand-loses"
        ),
        # tied without Vorhand: each pays 1 to each other
        pytest.param(
            players((5, 1), (30, 5), (30, 5), (5, 1)), 3, (2, -2, -2, 2), id="tie-both-lose"
        ),
        # exact comparison: 30/1 beats 30/0
        pytest.param(
            players(("20/1", 4), ("30/1", 4), ("19/1", 2), (0, 2)),
            3,
            (1, -3, 1, 1),
            id="thirds-count",
        ),
        # Vorhand seat 0 most (30, no mayor, no virgin): x2 -> 2 each
        pytest.param(
            players((30, 4), (20, 3), (10, 3), (10, 2)), 3, (-6, 2, 2, 2), id="vorhand-most"
        ),
        # Vorhand mayor with virgins: 1 x 2 x 2 x 2 = 8, x3 = 24 shared by two virgins
        pytest.param(
            players((40, 8), (30, 4), (0, 0), (0, 0)),
            3,
            (-24, 0, 12, 12),
            id="vorhand-mayor-two-virgins",
        ),
        # tie without Vorhand, one virgin: each loser pays 1 x 2 x 3 = 6 to her
        pytest.param(
            players((10, 2), (30, 5), (30, 5), (0, 0)), 3, (0, -6, -6, 12), id="tie-one-virgin"
        ),
    ],
)
def test_trischaken_base_one_with_doublings(
    entries: list[Any], dealer: int, expected: tuple[int, ...]
) -> None:
    record = {"contract": "trischaken", "players": entries}
    assert scores("extended", record, dealer=dealer) == expected
