"""Upper Austria (ooe): every figure of the cup rules 4/2023 and the Renonce rules 11/2025,
worked by hand. Dealer seat 0, so Vorhand is seat 1; the declarer is seat 1 and the partner
seat 3 unless a case says otherwise. Scores are listed by seat.
"""

from typing import Any

import pytest

from scoring import ScoringError, score_hand
from tests.scoring.hands import b, hand, players, scores

KONTRAS = {"count_kontras": True}


def ooe(record: dict[str, Any], **kw: Any) -> tuple[int, ...]:
    return scores("ooe", record, **kw)


@pytest.mark.parametrize(
    ("record", "expected"),
    [
        # the tariff: won x 3 alone, two against two in a King contract
        pytest.param(hand("rufer", partner=3, points="35/2"), (-1, 1, -1, 1), id="rufer-won-35-2"),
        pytest.param(hand("rufer", partner=3, points=35), (1, -1, 1, -1), id="rufer-35-35-loses"),
        pytest.param(
            hand("rufer", partner=3, points="35/1"), (1, -1, 1, -1), id="rufer-35-1-loses"
        ),
        pytest.param(hand("solorufer", partner=3, points=40), (-2, 2, -2, 2), id="solorufer-2"),
        pytest.param(
            hand("besserrufer", partner=3, points=40, bonuses=[b("pagat", announced=True)]),
            (-3, 3, -3, 3),  # 1 + Pagat announced 2
            id="besserrufer-1-plus-pagat",
        ),
        pytest.param(hand("farbendreier", points=40), (-3, 9, -3, -3), id="farbendreier-3"),
        pytest.param(hand("sechserdreier", points=40), (-4, 12, -4, -4), id="sechserdreier-won-4"),
        pytest.param(hand("sechserdreier", points=30), (8, -24, 8, 8), id="sechserdreier-lost-8"),
        pytest.param(hand("dreier", points=40), (-4, 12, -4, -4), id="dreier-4"),
        pytest.param(hand("farbensolo", points=40), (-6, 18, -6, -6), id="farbensolo-6"),
        pytest.param(hand("solodreier", points=40), (-8, 24, -8, -8), id="solodreier-8"),
        pytest.param(hand("piccolo", tricks=1), (-2, 6, -2, -2), id="piccolo-2"),
        pytest.param(hand("bettler", tricks=0), (-2, 6, -2, -2), id="bettel-2"),
        pytest.param(hand("piccolo_ouvert", tricks=1), (-6, 18, -6, -6), id="piccolo-ouvert-6"),
        pytest.param(hand("bettler_ouvert", tricks=0), (-7, 21, -7, -7), id="bettel-ouvert-7"),
    ],
)
def test_each_contract_scores_its_game_value(
    record: dict[str, Any], expected: tuple[int, ...]
) -> None:
    assert ooe(record) == expected


@pytest.mark.parametrize(
    ("record", "options", "expected"),
    [
        # lost Sechserdreier, announced Uhu made: -8 x 3 + 4 x 3 = -12 for the declarer
        pytest.param(
            hand("sechserdreier", points=30, bonuses=[b("uhu", announced=True)]),
            None,
            (4, -12, 4, 4),
            id="sechserdreier-lost-uhu-made-minus-12",
        ),
        # a silent bonus that fails scores 0: the game 1 alone
        pytest.param(
            hand("rufer", partner=3, points=40, bonuses=[b("pagat", result="failed")]),
            None,
            (-1, 1, -1, 1),
            id="silent-pagat-failed-scores-0",
        ),
        # with silent_failed_counts it costs its silent value: 1 - 1 = 0
        pytest.param(
            hand("rufer", partner=3, points=40, bonuses=[b("pagat", result="failed")]),
            {"silent_failed_counts": True},
            (0, 0, 0, 0),
            id="silent-pagat-failed-costs-with-the-option",
        ),
        # the bonus factor 2 of a Solo contract: 2 + silent Trull 1 x 2 = 4
        pytest.param(
            hand("solorufer", partner=3, points=40, bonuses=[b("trull")]),
            None,
            (-4, 4, -4, 4),
            id="solorufer-trull-doubled",
        ),
        # King ultimo of a lone declarer who took the King from the talon: 3 x (1 + 1)
        pytest.param(
            hand("rufer", king_in_talon=True, points=40, bonuses=[b("king_ultimo")]),
            None,
            (-2, 6, -2, -2),
            id="king-ultimo-with-the-king-from-the-talon",
        ),
        # kontras are recorded but not counted: the game 1
        pytest.param(
            hand("rufer", partner=3, points=40, kontra={"game": 1}),
            None,
            (-1, 1, -1, 1),
            id="kontra-not-counted",
        ),
        pytest.param(
            hand("rufer", partner=3, points=40, kontra={"game": 1}),
            KONTRAS,
            (-2, 2, -2, 2),
            id="kontra-counted-with-the-option",
        ),
    ],
)
def test_bonuses_and_kontras(
    record: dict[str, Any], options: dict[str, Any] | None, expected: tuple[int, ...]
) -> None:
    assert ooe(record, options=options) == expected


@pytest.mark.parametrize(
    ("record", "options", "expected"),
    [
        # Dreier, silent Valat, announced Trull made, silent Pagat made (dropped): 4 x 4 + 2 = 18
        pytest.param(
            hand("dreier", valat="declarer", bonuses=[b("trull", announced=True), b("pagat")]),
            None,
            (-18, 54, -18, -18),
            id="dreier-silent-valat-54",
        ),
        # Dreier, announced Valat failed with 40 points, announced Pagat made: -8 x 4 + 2 = -30
        pytest.param(
            hand(
                "dreier",
                points=40,
                valat_announced=True,
                bonuses=[b("pagat", announced=True)],
            ),
            None,
            (30, -90, 30, 30),
            id="dreier-announced-valat-failed-minus-90",
        ),
        # Sechserdreier, silent Valat of the defenders, game kontra'd: -4 x 8 = -32
        pytest.param(
            hand("sechserdreier", valat="defenders", kontra={"game": 1}),
            None,
            (32, -96, 32, 32),
            id="sechserdreier-defenders-valat-minus-96",
        ),
        # the same in money (count_kontras): -4 x 8 x 2 = -64
        pytest.param(
            hand("sechserdreier", valat="defenders", kontra={"game": 1}),
            KONTRAS,
            (64, -192, 64, 64),
            id="sechserdreier-defenders-valat-money-minus-192",
        ),
        # Rufer, announced Valat made, kontra'd: 1 x 8 = +8 each of the declarer's side
        pytest.param(
            hand("rufer", partner=3, valat="declarer", valat_announced=True, kontra={"game": 1}),
            None,
            (-8, 8, -8, 8),
            id="rufer-announced-valat-kontrad-8",
        ),
        # in money: 1 x 8 x 2 = +16
        pytest.param(
            hand("rufer", partner=3, valat="declarer", valat_announced=True, kontra={"game": 1}),
            KONTRAS,
            (-16, 16, -16, 16),
            id="rufer-announced-valat-kontrad-money-16",
        ),
        # Sechserdreier Valat of the defenders: 8 x 4 = 32 silent; 8 x 8 = 64 announced
        pytest.param(
            hand("sechserdreier", valat="defenders"),
            None,
            (32, -96, 32, 32),
            id="sechserdreier-lost-value-x4-32",
        ),
        pytest.param(
            hand("sechserdreier", valat="defenders", valat_announced=True),
            None,
            (64, -192, 64, 64),
            id="sechserdreier-lost-value-x8-64",
        ),
        # a failed announced Valat of the Sechserdreier: -8 x 8 = -64 per defender, -192
        pytest.param(
            hand("sechserdreier", points=50, valat_announced=True),
            None,
            (64, -192, 64, 64),
            id="sechserdreier-announced-valat-failed-minus-192",
        ),
        # the Solo factor does not apply: announced Valat in a Solorufer 2 x 8 = 16
        pytest.param(
            hand("solorufer", partner=3, valat="declarer", valat_announced=True),
            None,
            (-16, 16, -16, 16),
            id="solorufer-announced-valat-16",
        ),
        # a failed announced Valat of the defenders: the declarer's side wins 8 x 1
        pytest.param(
            hand(
                "rufer",
                partner=3,
                points=20,
                valat_announced=True,
                valat_announced_by="defenders",
                bonuses=[b("trull")],
            ),
            None,
            (-8, 8, -8, 8),
            id="defenders-announced-valat-failed-8-silent-dropped",
        ),
    ],
)
def test_valat_multiplies_the_game_with_only_announced_bonuses_beside_it(
    record: dict[str, Any], options: dict[str, Any] | None, expected: tuple[int, ...]
) -> None:
    assert ooe(record, options=options) == expected


@pytest.mark.parametrize(
    ("record", "expected"),
    [
        # Rufer given up: a lost game, one against three: -3 / +1
        pytest.param(
            hand("rufer", king_in_talon=True, surrendered=True), (1, -3, 1, 1), id="rufer-given-up"
        ),
        # Besserrufer with Uhu given up: -3 x (1 + 4) = -15 / +5
        pytest.param(
            hand(
                "besserrufer",
                king_in_talon=True,
                surrendered=True,
                bonuses=[b("uhu", announced=True, result="failed")],
            ),
            (5, -15, 5, 5),
            id="besserrufer-uhu-given-up",
        ),
        # Pagat -3 x (1 + 2) = -9; Kakadu -3 x (1 + 6) = -21; Quapil -3 x (1 + 8) = -27
        pytest.param(
            hand(
                "besserrufer",
                king_in_talon=True,
                surrendered=True,
                bonuses=[b("pagat", announced=True, result="failed")],
            ),
            (3, -9, 3, 3),
            id="besserrufer-pagat-given-up",
        ),
        pytest.param(
            hand(
                "besserrufer",
                king_in_talon=True,
                surrendered=True,
                bonuses=[b("kakadu", announced=True, result="failed")],
            ),
            (7, -21, 7, 7),
            id="besserrufer-kakadu-given-up",
        ),
        pytest.param(
            hand(
                "besserrufer",
                king_in_talon=True,
                surrendered=True,
                bonuses=[b("quapil", announced=True, result="failed")],
            ),
            (9, -27, 9, 9),
            id="besserrufer-quapil-given-up",
        ),
        # Solorufer with the King in the talon, won, kontra'd: kontras void: 3 x 2 = +6 / -2
        pytest.param(
            hand("solorufer", king_in_talon=True, points=40, kontra={"game": 1}),
            (-2, 6, -2, -2),
            id="solorufer-king-in-talon-kontra-void",
        ),
    ],
)
def test_the_called_king_in_the_talon(record: dict[str, Any], expected: tuple[int, ...]) -> None:
    assert ooe(record) == expected


def test_a_solorufer_whose_king_lay_in_the_talon_voids_kontras_also_in_money() -> None:
    record = hand("solorufer", king_in_talon=True, points=40, kontra={"game": 1})
    assert ooe(record, options=KONTRAS) == (-2, 6, -2, -2)


TRISCHAKEN = "trischaken"


def _trischaken(*thirds: int) -> dict[str, Any]:
    # the sheet records thirds as "P/R"; a player with no points took no trick here
    entries = [(f"{t // 3}/{t % 3}", 3 if t else 0) for t in thirds]
    # the tricks only need to add up to 12 and be 0 exactly for the virgins
    takers = [i for i, t in enumerate(thirds) if t]
    tricks = [0] * 4
    for k, i in enumerate(takers):
        tricks[i] = 12 // len(takers) + (1 if k < 12 % len(takers) else 0)
    return {
        "contract": TRISCHAKEN,
        "players": players(*((e[0], tr) for e, tr in zip(entries, tricks, strict=True))),
    }


@pytest.mark.parametrize(
    ("thirds", "expected"),
    [
        # T = Vorhand (dealer 3, so Vorhand is seat 0), points in thirds
        # B most (91 < 107: b = 1), D a virgin: she gets all 3
        pytest.param((60, 91, 59, 0), (0, -3, 0, 3), id="60-91-59-0"),
        # Vorhand most and mayor (108): 4 to each
        pytest.param((108, 40, 40, 22), (-12, 4, 4, 4), id="108-40-40-22"),
        # two tied for most: each pays 2, the two others get 2 each
        pytest.param((36, 75, 75, 24), (2, -2, -2, 2), id="36-75-75-24"),
        # two virgins at b = 1: 2 each, the loser pays 4
        pytest.param((0, 106, 104, 0), (2, -4, 0, 2), id="0-106-104-0"),
        # mayor b = 2: 6, the two virgins share it: 3 each
        pytest.param((0, 107, 103, 0), (3, -6, 0, 3), id="0-107-103-0"),
        # three tied: each pays 1 to the fourth
        pytest.param((30, 60, 60, 60), (3, -1, -1, -1), id="30-60-60-60"),
        # Vorhand tied for most: Vorhand alone loses, 2 to each
        pytest.param((75, 75, 30, 30), (-6, 2, 2, 2), id="75-75-30-30"),
        # one loser, mayor (110): 2 to each
        pytest.param((50, 110, 30, 20), (2, -6, 2, 2), id="50-110-30-20"),
        # two tied, both others virgins: 2 each
        pytest.param((0, 105, 105, 0), (2, -2, -2, 2), id="0-105-105-0"),
    ],
)
def test_trischaken_as_the_cup_text_works_it(
    thirds: tuple[int, ...], expected: tuple[int, ...]
) -> None:
    assert ooe(_trischaken(*thirds), dealer=3) == expected


@pytest.mark.parametrize(
    ("record", "expected"),
    [
        # declarer's Renonce in a Dreier: 4 to each defender, -12
        pytest.param(hand("dreier", renonce=1), (4, -12, 4, 4), id="declarer-renonce-dreier"),
        # a defender's Renonce in a Dreier: declarer 3 x 4 = +12, other defenders +4, -20
        pytest.param(hand("dreier", renonce=2), (4, 12, -20, 4), id="defender-renonce-dreier"),
        # a defender's Renonce in a Sechserdreier with an announced Uhu: declarer 3 x (4 + 4)
        # = +24, the defenders (8 + 4) = +12 each, the offender -48
        pytest.param(
            hand("sechserdreier", renonce=3, bonuses=[b("uhu", announced=True)]),
            (12, 24, 12, -48),
            id="defender-renonce-sechserdreier-uhu",
        ),
        # a Besserrufer bid without a bird (declarer's Renonce, Pagat announced): 1 + 2 = 3
        # to each other player, -9
        pytest.param(
            hand("besserrufer", partner=3, renonce=1, bonuses=[b("pagat", announced=True)]),
            (3, -9, 3, 3),
            id="besserrufer-without-bird-renonce",
        ),
        # an announced Valat counts as 8 x the game: declarer's Renonce in a Rufer, partner
        # 3: the three others get 8 each, -24
        pytest.param(
            hand("rufer", partner=3, renonce=1, valat_announced=True),
            (8, -24, 8, 8),
            id="renonce-with-an-announced-valat",
        ),
        # two offenders share: a Dreier, defenders 2 and 3: declarer +12, defender 0 +4,
        # the offenders -8 each
        pytest.param(hand("dreier", renonce=[2, 3]), (4, 12, -8, -8), id="two-offenders-share"),
        # Trischaken: the offender pays 2 to each (-6); the Trischaker (Vorhand, seat 1) 4 (-12)
        pytest.param({"contract": TRISCHAKEN, "renonce": 2}, (2, 2, -6, 2), id="trischaken-2"),
        pytest.param(
            {"contract": TRISCHAKEN, "renonce": 1}, (4, -12, 4, 4), id="trischaken-trischaker-4"
        ),
        # two offenders in Trischaken: -3 each, +3 to each of the two others
        pytest.param(
            {"contract": TRISCHAKEN, "renonce": [2, 3]}, (3, 3, -3, -3), id="trischaken-two-3"
        ),
    ],
)
def test_renonce(record: dict[str, Any], expected: tuple[int, ...]) -> None:
    assert ooe(record) == expected


def _refusal(record: dict[str, Any], **kw: Any) -> tuple[str, str]:
    with pytest.raises(ScoringError) as caught:
        score_hand("ooe", record, **kw)
    return caught.value.field, caught.value.reason


@pytest.mark.parametrize(
    ("record", "expected"),
    [
        pytest.param(
            hand("rufer", points=40),
            (
                "partner",
                "in Oberösterreich 4/2023 (Raiffeisen Tarockcup, Hausruckviertler, "
                "Sauwald) a King may not be called from one's own hand: give the partner, or "
                "king_in_talon",
            ),
            id="own-king",
        ),
        pytest.param(
            hand("rufer", partner=3, points=40, bonuses=[b("king_ultimo", "defenders")]),
            ("bonuses[0].side", "King ultimo counts for the declarer's side only"),
            id="defenders-king-ultimo",
        ),
        pytest.param(
            hand("solorufer", king_in_talon=True, points=40, bonuses=[b("king_ultimo")]),
            (
                "bonuses[0].bonus",
                "King ultimo cannot be made: the called King lay in the talon and was never played",
            ),
            id="king-ultimo-in-a-hidden-solorufer",
        ),
        pytest.param(
            hand("solorufer", king_in_talon=True, surrendered=True),
            (
                "surrendered",
                "Solorufer cannot be given up in Oberösterreich 4/2023 (Raiffeisen "
                "Tarockcup, Hausruckviertler, Sauwald)",
            ),
            id="surrendered-solorufer",
        ),
        pytest.param(
            hand("rufer", partner=3, valat="declarer", valat_announced=True, kontra={"valat": 1}),
            ("kontra.valat", "Valat is not a bonus in this ruleset: the game's Kontra covers it"),
            id="kontra-on-the-valat",
        ),
        pytest.param(
            hand("dreier", renonce=[2, 2]),
            ("renonce[1]", "the two offenders must be different players"),
            id="the-same-offender-twice",
        ),
        pytest.param(
            {"contract": TRISCHAKEN, "renonce": [1, 2]},
            (
                "renonce",
                "the rules give no amount when the Trischaker is one of two offenders: "
                "enter the hand by hand",
            ),
            id="trischaker-among-two-offenders",
        ),
        pytest.param(
            {"contract": TRISCHAKEN, "players": players((35, 4), (35, 4), (0, 4), (0, 0))},
            (
                "players[2].points",
                "a player who took a trick has points (the talon goes to the last trick)",
            ),
            id="trick-without-points",
        ),
        pytest.param(
            hand("zwiccolo", tricks=2),
            (
                "contract",
                "'zwiccolo' is not a contract in Oberösterreich 4/2023 (Raiffeisen "
                "Tarockcup, Hausruckviertler, Sauwald)",
            ),
            id="no-zwiccolo",
        ),
    ],
)
def test_what_the_engine_refuses(record: dict[str, Any], expected: tuple[str, str]) -> None:
    assert _refusal(record) == expected


@pytest.mark.parametrize("ruleset", ["tirol_cup", "standard"])
def test_a_renonce_of_two_is_refused_in_every_other_ruleset(ruleset: str) -> None:
    with pytest.raises(ScoringError) as caught:
        score_hand(ruleset, hand("dreier", points=40, renonce=[2, 3]))
    assert caught.value.field == "renonce"
