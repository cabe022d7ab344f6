"""Lungau: contracts, bonuses, kontras, Valat, surrender and Fahren, worked by hand.

Dealer is seat 0, so Vorhand is seat 1; the declarer is seat 1 and the partner seat 3
unless a case says otherwise. Scores are listed by seat.
"""

from typing import Any

import pytest

from scoring import score_hand
from tests.scoring.hands import b, hand, players, scores

RP = "rufer_pagat"
SPATZ = b("pagat", announced=True)
OPTS = {"solorufer": True, "solodreier": True}


@pytest.mark.parametrize(
    ("record", "expected"),
    [
        # 1 game + 2 Spatz = 3, two against two
        pytest.param(
            hand(RP, partner=3, points=40, bonuses=[SPATZ]),
            (-3, 3, -3, 3),
            id="rufer-mit-spatz-won",
        ),
        # -1 game + 2 Spatz = 1
        pytest.param(
            hand(RP, partner=3, points=35, bonuses=[SPATZ]),
            (-1, 1, -1, 1),
            id="rufer-mit-spatz-lost",
        ),
        # 1 game - 2 Uhu failed = -1
        pytest.param(
            hand(
                "rufer_uhu",
                partner=3,
                points=36,
                bonuses=[b("uhu", announced=True, result="failed")],
            ),
            (1, -1, 1, -1),
            id="rufer-mit-uhu-won-uhu-failed",
        ),
        # -1 - 2 = -3
        pytest.param(
            hand(
                "rufer_uhu",
                partner=3,
                points=0,
                bonuses=[b("uhu", announced=True, result="failed")],
            ),
            (3, -3, 3, -3),
            id="rufer-mit-uhu-lost",
        ),
        # the declarer may announce both birds: 1 game + 2 Spatz + 2 Uhu = 5
        pytest.param(
            hand("rufer_uhu", partner=3, points=40, bonuses=[SPATZ, b("uhu", announced=True)]),
            (-5, 5, -5, 5),
            id="rufer-mit-uhu-both-birds",
        ),
        # 2 one against three: declarer 3 x 2
        pytest.param(hand("dreier", points=36), (-2, 6, -2, -2), id="dreier-won"),
        pytest.param(hand("dreier", points=35), (2, -6, 2, 2), id="dreier-lost"),
        # Sechserdreier +2 won / -4 lost
        pytest.param(hand("sechserdreier", points=50), (-2, 6, -2, -2), id="sechserdreier-won"),
        pytest.param(hand("sechserdreier", points=20), (4, -12, 4, 4), id="sechserdreier-lost"),
    ],
)
def test_each_contract_scores_its_game_value(
    record: dict[str, Any], expected: tuple[int, ...]
) -> None:
    assert scores("lungau", record) == expected


@pytest.mark.parametrize(
    ("record", "expected"),
    [
        # Solorufer 2, two against two; bonus factor 2: 2 + 2*1 (silent Trull) = 4
        pytest.param(hand("solorufer", partner=2, points=40), (-2, 2, 2, -2), id="solorufer-won"),
        pytest.param(hand("solorufer", partner=2, points=10), (2, -2, -2, 2), id="solorufer-lost"),
        pytest.param(
            hand("solorufer", partner=2, points=40, bonuses=[b("trull")]),
            (-4, 4, 4, -4),
            id="solorufer-bonus-factor-2",
        ),
        # Solodreier 4 alone
        pytest.param(hand("solodreier", points=40), (-4, 12, -4, -4), id="solodreier-won"),
        pytest.param(hand("solodreier", points=10), (4, -12, 4, 4), id="solodreier-lost"),
        # silent Valat 6 x 2 = 12, announced Spatz beside it with factor 2: 12 + 2 x 2 = 16
        pytest.param(
            hand("solorufer", partner=3, valat="declarer", bonuses=[SPATZ]),
            (-16, 16, -16, 16),
            id="solorufer-valat-bird-beside",
        ),
        # announced Valat 12 x 4 = 48 + Spatz 2 x 2 = 52, alone x3
        pytest.param(
            hand("solodreier", valat="declarer", valat_announced=True, bonuses=[SPATZ]),
            (-52, 156, -52, -52),
            id="solodreier-announced-valat-bird-beside",
        ),
        # failed announced Valat outside the Rufer: game alone, -12 x 2 = -24 (Spatz not added)
        pytest.param(
            hand("solorufer", partner=3, points=40, valat_announced=True, bonuses=[SPATZ]),
            (24, -24, 24, -24),
            id="solorufer-failed-announced-valat-game-only",
        ),
    ],
)
def test_optional_contracts_score_when_switched_on(
    record: dict[str, Any], expected: tuple[int, ...]
) -> None:
    assert scores("lungau", record, options=OPTS) == expected


@pytest.mark.parametrize(
    ("bonuses", "expected"),
    [
        # seed example 1: 1 game + 2 Spatz + 1 King ultimo + 1 Four Kings = 5
        pytest.param(
            [SPATZ, b("king_ultimo"), b("four_kings")],
            (-5, 5, -5, 5),
            id="seed-spatz-king-ultimo-four-kings",
        ),
        # 3 + 1 silent Trull
        pytest.param([SPATZ, b("trull")], (-4, 4, -4, 4), id="silent-made-by-declarer"),
        # 3 - 1 (defenders' silent Trull)
        pytest.param(
            [SPATZ, b("trull", "defenders")], (-2, 2, -2, 2), id="silent-made-by-defenders"
        ),
        # 3 - 2 (announced Trull failed)
        pytest.param(
            [SPATZ, b("trull", announced=True, result="failed")],
            (-1, 1, -1, 1),
            id="announced-failed-by-declarer",
        ),
        # 3 + 2 (defenders' announced Four Kings failed)
        pytest.param(
            [SPATZ, b("four_kings", "defenders", True, "failed")],
            (-5, 5, -5, 5),
            id="announced-failed-by-defenders",
        ),
        # 3 - 2 (defenders' announced Four Kings made)
        pytest.param(
            [SPATZ, b("four_kings", "defenders", True)],
            (-1, 1, -1, 1),
            id="announced-made-by-defenders",
        ),
        # 3 - 1 silent bird failed (Uhu played in trick 11 and beaten)
        pytest.param([SPATZ, b("uhu", result="failed")], (-2, 2, -2, 2), id="silent-bird-failed"),
        # 3 + 2 King ultimo announced made
        pytest.param(
            [SPATZ, b("king_ultimo", announced=True)], (-5, 5, -5, 5), id="king-ultimo-announced"
        ),
        # 3 - 1 captured called King
        pytest.param([SPATZ, b("king_captured", "defenders")], (-2, 2, -2, 2), id="king-captured"),
    ],
)
def test_bonuses_count_for_the_side_that_makes_them(
    bonuses: list[dict[str, Any]], expected: tuple[int, ...]
) -> None:
    assert scores("lungau", hand(RP, partner=3, points=40, bonuses=bonuses)) == expected


def test_the_seed_uhu_example_pays_two_each() -> None:
    # 1 game + 2 Uhu - 1 defenders' silent Trull = 2 each
    record = hand(
        "rufer_uhu",
        partner=3,
        points=40,
        bonuses=[b("uhu", announced=True), b("trull", "defenders")],
    )
    assert scores("lungau", record) == (-2, 2, -2, 2)


@pytest.mark.parametrize(
    ("record", "expected"),
    [
        # 2 game + 2*1 silent Trull = 4, alone x3
        pytest.param(
            hand("dreier", points=40, bonuses=[b("trull")]), (-4, 12, -4, -4), id="dreier-silent"
        ),
        # 2 + 2*2 announced Spatz = 6
        pytest.param(
            hand("dreier", points=40, bonuses=[SPATZ]), (-6, 18, -6, -6), id="dreier-announced"
        ),
        # 2 - 2*2 defenders' announced Trull made = -2
        pytest.param(
            hand("sechserdreier", points=40, bonuses=[b("trull", "defenders", True)]),
            (2, -6, 2, 2),
            id="sechserdreier-defenders-announced",
        ),
    ],
)
def test_bonuses_double_in_dreier_and_sechserdreier(
    record: dict[str, Any], expected: tuple[int, ...]
) -> None:
    assert scores("lungau", record) == expected


@pytest.mark.parametrize(
    ("kontra", "expected"),
    [
        # game 1*2 + Spatz 2 = 4
        pytest.param({"game": 1}, (-4, 4, -4, 4), id="kontra"),
        # 1*4 + 2 = 6
        pytest.param({"game": 2}, (-6, 6, -6, 6), id="rekontra"),
        # 1*8 + 2 = 10
        pytest.param({"game": 3}, (-10, 10, -10, 10), id="subkontra"),
        # 1 + 2*2 = 5
        pytest.param({"pagat": 1}, (-5, 5, -5, 5), id="kontra-on-the-bird-only"),
        # 1 + 0 explicit zero levels change nothing
        pytest.param({"game": 0, "pagat": 0}, (-3, 3, -3, 3), id="level-zero"),
    ],
)
def test_each_kontra_level_doubles_its_element(
    kontra: dict[str, int], expected: tuple[int, ...]
) -> None:
    record = hand(RP, partner=3, points=40, bonuses=[SPATZ], kontra=kontra)
    assert scores("lungau", record) == expected


def test_the_seed_kontra_example_nets_zero() -> None:
    # Spatz kontra'd (2*2 = 4, lost), game rekontra'd (1*4 = 4, won): 4 - 4 = 0
    record = hand(
        RP,
        partner=3,
        points=40,
        bonuses=[b("pagat", announced=True, result="failed")],
        kontra={"pagat": 1, "game": 2},
    )
    assert scores("lungau", record) == (0, 0, 0, 0)


@pytest.mark.parametrize(
    ("record", "expected"),
    [
        # seed: Rufer mit Spatz, silent Valat: 6 x (1 + 2) = 18
        pytest.param(
            hand(RP, partner=3, valat="declarer", bonuses=[SPATZ]), (-18, 18, -18, 18), id="seed-18"
        ),
        # seed: Spatz and Uhu announced: 6 x (1 + 2 + 2) = 30
        pytest.param(
            hand(RP, partner=3, valat="declarer", bonuses=[SPATZ, b("uhu", announced=True)]),
            (-30, 30, -30, 30),
            id="seed-30",
        ),
        # seed note: the announced bird failed: (1 - 2) x 6 = -6
        pytest.param(
            hand(
                RP,
                partner=3,
                valat="declarer",
                bonuses=[b("pagat", announced=True, result="failed")],
            ),
            (6, -6, 6, -6),
            id="seed-anomaly-minus-6",
        ),
        # announced Valat: 12 x (1 + 2) = 36; silent Trull does not count
        pytest.param(
            hand(
                RP, partner=3, valat="declarer", valat_announced=True, bonuses=[SPATZ, b("trull")]
            ),
            (-36, 36, -36, 36),
            id="announced-x12",
        ),
        # each element with its own kontra: 6 x (1*2 + 2*2) = 36
        pytest.param(
            hand(RP, partner=3, valat="declarer", bonuses=[SPATZ], kontra={"game": 1, "pagat": 1}),
            (-36, 36, -36, 36),
            id="kontras-inside-the-sum",
        ),
        # Dreier: 6 x 2 = 12, announced Spatz beside it with factor 2: 12 + 4 = 16, alone x3
        pytest.param(
            hand("dreier", valat="declarer", bonuses=[SPATZ, b("four_kings")]),
            (-16, 48, -16, -16),
            id="dreier-birds-beside",
        ),
        # defenders' Valat in Sechserdreier: -(6 x 4) = -24
        pytest.param(
            hand("sechserdreier", valat="defenders"),
            (24, -72, 24, 24),
            id="defenders-valat-lost-value",
        ),
        # defenders' Valat in the Rufer: 6 x (-1 - 2) = -18
        pytest.param(
            hand(
                RP,
                partner=3,
                valat="defenders",
                bonuses=[b("pagat", announced=True, result="failed")],
            ),
            (18, -18, 18, -18),
            id="defenders-valat-rufer",
        ),
        # seed: Sechserdreier announced Valat failed: 4 x 12 = 48 per opponent
        pytest.param(
            hand("sechserdreier", valat_announced=True, points=60),
            (48, -144, 48, 48),
            id="seed-failed-announced-48",
        ),
        # failed announced Valat in the Rufer: -12 x (1 + 2) = -36, even with Spatz made
        pytest.param(
            hand(RP, partner=3, valat_announced=True, points=60, bonuses=[SPATZ]),
            (36, -36, 36, -36),
            id="failed-announced-rufer-contract-value",
        ),
        # defenders announced Valat and failed: 12 x 2 (Dreier won value) = 24, alone x3
        pytest.param(
            hand("dreier", valat_announced=True, valat_announced_by="defenders", points=10),
            (-24, 72, -24, -24),
            id="defenders-failed-announced",
        ),
        # nothing else of a failed announced Valat counts, so its card points are not needed
        pytest.param(
            hand(RP, partner=3, valat_announced=True, bonuses=[SPATZ]),
            (36, -36, 36, -36),
            id="failed-announced-without-points",
        ),
        # announced Valat, Spatz and Uhu announced and made: 12 x (1 + 2 + 2) = 60
        pytest.param(
            hand(
                RP,
                partner=3,
                valat="declarer",
                valat_announced=True,
                bonuses=[SPATZ, b("uhu", announced=True)],
            ),
            (-60, 60, -60, 60),
            id="announced-two-birds-x12",
        ),
        # failed announced: -12 x (1 x 2 game Kontra + 2 Spatz) = -48; the bird's Kontra ignored
        pytest.param(
            hand(
                RP,
                partner=3,
                points=60,
                valat_announced=True,
                bonuses=[SPATZ],
                kontra={"game": 1, "pagat": 1},
            ),
            (48, -48, 48, -48),
            id="failed-announced-bird-kontra-ignored",
        ),
        # failed announced, Spatz and Uhu announced: -12 x (1 + 2 + 2) = -60
        pytest.param(
            hand(
                RP,
                partner=3,
                points=60,
                valat_announced=True,
                bonuses=[SPATZ, b("uhu", announced=True)],
            ),
            (60, -60, 60, -60),
            id="failed-announced-two-birds",
        ),
        # failed announced, two birds, game Kontra: -12 x (1 x 2 + 2 + 2) = -72
        pytest.param(
            hand(
                RP,
                partner=3,
                points=40,
                valat_announced=True,
                bonuses=[SPATZ, b("uhu", announced=True)],
                kontra={"game": 1},
            ),
            (72, -72, 72, -72),
            id="failed-announced-two-birds-kontra",
        ),
        # failed announced in the Dreier: game alone, -12 x 2 = -24 (no + 2 for Spatz), x3
        pytest.param(
            hand("dreier", points=40, valat_announced=True, bonuses=[SPATZ]),
            (24, -72, 24, 24),
            id="failed-announced-dreier-game-only",
        ),
        # defenders' announced Valat in Sechserdreier: -(12 x 4) = -48, x3
        pytest.param(
            hand("sechserdreier", valat="defenders", valat_announced=True),
            (48, -144, 48, 48),
            id="defenders-announced-valat-sechserdreier",
        ),
        # defenders' Valat in the Dreier: -(6 x 2) = -12, failed Spatz beside it -2 x 2: -16, x3
        pytest.param(
            hand(
                "dreier",
                valat="defenders",
                bonuses=[b("pagat", announced=True, result="failed")],
            ),
            (16, -48, 16, 16),
            id="defenders-valat-dreier-failed-bird-beside",
        ),
        # defenders' announced Valat, game Kontra, Spatz failed: 12 x (-1 x 2 - 2) = -48
        pytest.param(
            hand(
                RP,
                partner=3,
                valat="defenders",
                valat_announced=True,
                bonuses=[b("pagat", announced=True, result="failed")],
                kontra={"game": 1},
            ),
            (48, -48, 48, -48),
            id="defenders-announced-valat-kontra-bird-failed",
        ),
        # defenders announced Valat and failed, game Kontra: 12 x 1 x 2 = 24, Spatz not added
        pytest.param(
            hand(
                RP,
                partner=3,
                points=40,
                valat_announced=True,
                valat_announced_by="defenders",
                bonuses=[SPATZ],
                kontra={"game": 1},
            ),
            (-24, 24, -24, 24),
            id="defenders-failed-announced-kontra",
        ),
        # defenders announced Valat and failed in Sechserdreier: 12 x 2 (won value) = 24, x3
        pytest.param(
            hand("sechserdreier", points=40, valat_announced=True, valat_announced_by="defenders"),
            (-24, 72, -24, -24),
            id="defenders-failed-announced-sechserdreier-won-value",
        ),
    ],
)
def test_valat_multiplies_the_game(record: dict[str, Any], expected: tuple[int, ...]) -> None:
    assert scores("lungau", record) == expected


@pytest.mark.parametrize(
    ("record", "expected"),
    [
        # Rufer silent Valat: 16 x 1, birds do not count
        pytest.param(
            hand(RP, partner=3, valat="declarer", bonuses=[SPATZ]),
            (-16, 16, -16, 16),
            id="silent-16",
        ),
        # announced: 32 x 1
        pytest.param(
            hand(RP, partner=3, valat="declarer", valat_announced=True, bonuses=[SPATZ]),
            (-32, 32, -32, 32),
            id="announced-32",
        ),
        # Dreier silent: 16 x 2 = 32, alone
        pytest.param(hand("dreier", valat="declarer"), (-32, 96, -32, -32), id="dreier-32"),
        # game kontra included: 16 x 2 x 2 = 64
        pytest.param(
            hand("dreier", valat="declarer", kontra={"game": 1}),
            (-64, 192, -64, -64),
            id="kontra-included",
        ),
        # failed announced: -32 x 2
        pytest.param(
            hand("dreier", valat_announced=True, points=70),
            (64, -192, 64, 64),
            id="failed-announced",
        ),
        # failed announced in the Rufer, game Kontra: -32 x 1 x 2 = -64, the bird adds nothing
        pytest.param(
            hand(
                RP, partner=3, points=60, valat_announced=True, bonuses=[SPATZ], kontra={"game": 1}
            ),
            (64, -64, 64, -64),
            id="failed-announced-rufer-kontra",
        ),
        # failed announced in the Dreier, game Kontra: -32 x 2 x 2 = -128, x3
        pytest.param(
            hand("dreier", points=40, valat_announced=True, kontra={"game": 1}),
            (128, -384, 128, 128),
            id="failed-announced-dreier-kontra",
        ),
        # defenders' silent Valat in Sechserdreier: -16 x 4 (lost value) = -64, x3
        pytest.param(
            hand("sechserdreier", valat="defenders"),
            (64, -192, 64, 64),
            id="defenders-valat-sechserdreier",
        ),
        # Rufer silent Valat, game Rekontra: 16 x 1 x 4 = 64
        pytest.param(
            hand(RP, partner=3, valat="declarer", bonuses=[SPATZ], kontra={"game": 2}),
            (-64, 64, -64, 64),
            id="rekontra-included",
        ),
    ],
)
def test_ramingstein_valat_is_a_fixed_multiple_of_the_game(
    record: dict[str, Any], expected: tuple[int, ...]
) -> None:
    assert scores("lungau", record, options={"valat": "ramingstein"}) == expected


@pytest.mark.parametrize(
    ("record", "expected"),
    [
        # schleifen: -9, +3, +3, +3
        pytest.param(hand(RP, king_in_talon=True, surrendered=True), (3, -9, 3, 3), id="surrender"),
        # the recorded bird is ignored
        pytest.param(
            hand(
                "rufer_uhu",
                king_in_talon=True,
                surrendered=True,
                bonuses=[b("uhu", announced=True)],
            ),
            (3, -9, 3, 3),
            id="surrender-bird-ignored",
        ),
        # points are ignored in a surrender: still -9, +3, +3, +3
        pytest.param(
            hand(RP, king_in_talon=True, surrendered=True, points=99),
            (3, -9, 3, 3),
            id="surrender-points-ignored",
        ),
        # playing on alone: (1 + 2) x 3
        pytest.param(
            hand(RP, king_in_talon=True, points=40, bonuses=[SPATZ]),
            (-3, 9, -3, -3),
            id="king-in-talon-plays-alone",
        ),
        # alone, other half taken: 1 + 2 - 1 captured King = 2, x3
        pytest.param(
            hand(
                RP, king_in_talon=True, points=40, bonuses=[SPATZ, b("king_captured", "defenders")]
            ),
            (-2, 6, -2, -2),
            id="king-in-talon-captured",
        ),
        # own King called: plays alone, 3 x 3
        pytest.param(hand(RP, points=40, bonuses=[SPATZ]), (-3, 9, -3, -3), id="own-king-alone"),
    ],
)
def test_the_called_king_in_the_talon_or_own_means_playing_alone(
    record: dict[str, Any], expected: tuple[int, ...]
) -> None:
    assert scores("lungau", record) == expected


def test_it_shows_the_bird_of_a_surrender_struck_through() -> None:
    # the recorded Spatz scores 0 and keeps a line that says why
    record = hand(RP, king_in_talon=True, surrendered=True, bonuses=[SPATZ])
    lines = score_hand("lungau", record).lines
    assert [(line.text, line.value) for line in lines if line.element == "pagat"] == [
        ("Spatz (Pagat ultimo) not counted (surrendered)", 0)
    ]


def test_surrender_pays_double_during_doubled_deals() -> None:
    # -9/+3 x stake 2
    record = hand(RP, king_in_talon=True, surrendered=True)
    assert scores("lungau", record, stake=2) == (6, -18, 6, 6)


@pytest.mark.parametrize(
    ("entries", "n", "expected"),
    [
        # seed: Kontra by A and C; A 9, B 27, C 16, D 14 -> A +16, B -10, C -8, D +2
        pytest.param(
            players((9, None, True), (27,), (16, None, True), (14,)),
            4,
            (16, -10, -8, 2),
            id="seed-example",
        ),
        # no kontra: 10 < 20 < 30 and 11: each pair 2
        pytest.param(players((10,), (20,), (30,), (11,)), 4, (6, -2, -6, 2), id="plain"),
        # equal points pay nothing: A=B=20, C 30
        pytest.param(players((20,), (20,), (30,), (1,)), 4, (0, 0, -6, 6), id="tie"),
        # five at the table: the dealer (seat 0) joins; points add up to 71
        # 10,20,11,15,15: s0 gets 2 from all four (+8); s1 pays all (-8); s2 +6-2 = 4;
        # s3 and s4: +2 from s1, -2 to s0, -2 to s2, 0 to each other = -2
        pytest.param(
            players((10,), (20,), (11,), (15,), (15,)),
            5,
            (8, -8, 4, -2, -2),
            id="five-dealer-joins",
        ),
        # five, the dealer (seat 0, fewest points) says Kontra: 10K,20,11,15,15
        # s0 gets 4 from each (+16); s1 pays 4 + 2 + 2 + 2 (-10); s2 -4 +2 +2 +2 = 2;
        # s3 and s4: -4 to s0, -2 to s2, +2 from s1, 0 to each other = -4
        pytest.param(
            players((10, None, True), (20,), (11,), (15,), (15,)),
            5,
            (16, -10, 2, -4, -4),
            id="five-dealer-says-kontra",
        ),
    ],
)
def test_fahren_pairs_pay_each_other(entries: list[Any], n: int, expected: tuple[int, ...]) -> None:
    record = {"contract": "fahren", "players": entries}
    assert scores("lungau", record, players=n) == expected


def test_five_seat_tables_leave_the_dealer_at_zero() -> None:
    # dealer 0 sits out; Dreier by seat 2 won: +2 x 3
    assert scores("lungau", hand("dreier", 2, points=40), players=5) == (0, -2, 6, -2, -2)


@pytest.mark.parametrize(
    ("record", "expected"),
    [
        # the dealer (seat 0) sits out with 0; schleifen: -9 for the declarer, +3 for each defender
        pytest.param(
            hand(RP, king_in_talon=True, surrendered=True), (0, -9, 3, 3, 3), id="surrender"
        ),
    ],
)
def test_it_leaves_the_sitting_out_dealer_at_zero_at_a_table_of_five(
    record: dict[str, Any], expected: tuple[int, ...]
) -> None:
    assert scores("lungau", record, players=5) == expected
