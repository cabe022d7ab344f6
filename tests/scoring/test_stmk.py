"""Styria (stmk): the tariff of the Steirischer Tarockcup 2/2020 and every case RULES.md section
6c derives by its readings (T1–T11, P1–P10, B1–B4), worked by hand. The derived cases are NOT
source figures: the sources give no worked hands; each row follows from the readings.

Dealer seat 3, so Vorhand (and the declarer) is seat 0; the partner is seat 2 unless a case says
otherwise. Trischaken points are exact card points ("30/1" is 30 points and 1 card, 91 thirds);
a player with 0 points took no trick (a virgin). Scores are listed by seat.
"""

from typing import Any

import pytest

from scoring import ScoringError, get_ruleset, rulesets, score_hand, score_sheet
from tests.scoring.hands import b, hand, players

KONTRAS = {"count_kontras": True}
VALAT_BONUS = {"valat": "bonus"}


def stmk(record: dict[str, Any], dealer: int = 3, **kw: Any) -> tuple[int, ...]:
    """Return the seats' scores of one stmk hand (Vorhand seat 0 unless the dealer is given)."""
    return score_hand("stmk", record, dealer=dealer, **kw).scores


def trischaken(*entries: tuple[str, int]) -> dict[str, Any]:
    """Return a Trischaken hand from each seat's (points, tricks)."""
    return {"contract": "trischaken", "players": players(*entries)}


# --- Trischaken: a pot of 6, × 2 mayor, × 2 Vorhand; losers share it, virgins take all -------


@pytest.mark.parametrize(
    ("record", "expected", "why"),
    [
        pytest.param(
            trischaken(("20", 4), ("30/1", 5), ("19/2", 3), ("0", 0)),
            (0, -6, 0, 6),
            "seat 1 alone has the most and pays the pot of 6, all of it to the virgin",
            id="T1-virgin-takes-all",
        ),
        pytest.param(
            trischaken(("36", 6), ("13/1", 2), ("13/1", 2), ("7/1", 2)),
            (-24, 8, 8, 8),
            "Vorhand as mayor pays a pot of 6 × 2 × 2 = 24, 8 to each other player",
            id="T2-vorhand-mayor",
        ),
        pytest.param(
            trischaken(("12", 2), ("25", 4), ("25", 4), ("8", 2)),
            (3, -3, -3, 3),
            "two tied for the most share the pot of 6, 3 each, to the two others",
            id="T3-two-losers-share",
        ),
        pytest.param(
            trischaken(("25", 4), ("25", 4), ("10", 2), ("10", 2)),
            (-12, 4, 4, 4),
            "Vorhand tied for the most loses alone, with a pot of 12",
            id="T4-vorhand-tied-loses-alone",
        ),
        pytest.param(
            trischaken(("16/2", 3), ("36/2", 6), ("10", 2), ("6/2", 1)),
            (4, -12, 4, 4),
            "seat 1 as mayor pays a pot of 12, 4 to each other player",
            id="T5-mayor",
        ),
        pytest.param(
            trischaken(("0", 0), ("35", 6), ("35", 6), ("0", 0)),
            (3, -3, -3, 3),
            "two tied at 35 share the pot of 6; the two virgins take 3 each",
            id="T6-two-losers-two-virgins",
        ),
        pytest.param(
            trischaken(("10", 2), ("20", 3), ("20", 3), ("20", 4)),
            (6, -2, -2, -2),
            "three tied for the most pay 2 each, all to Vorhand",
            id="T7-three-losers",
        ),
        pytest.param(
            trischaken(("0", 0), ("35/2", 6), ("34/1", 6), ("0", 0)),
            (6, -12, 0, 6),
            "a mayor's pot of 12 goes to the two virgins, 6 each",
            id="T8-mayor-two-virgins",
        ),
        pytest.param(
            trischaken(("40", 7), ("30", 5), ("0", 0), ("0", 0)),
            (-24, 0, 12, 12),
            "Vorhand as mayor pays 24 to the two virgins, 12 each",
            id="T9-vorhand-mayor-two-virgins",
        ),
        pytest.param(
            trischaken(("33/1", 5), ("33/1", 6), ("3/1", 1), ("0", 0)),
            (-12, 0, 0, 12),
            "Vorhand tied loses alone a pot of 12, all to the virgin",
            id="T10-vorhand-tied-virgin",
        ),
        pytest.param(
            trischaken(("13/1", 2), ("28/1", 5), ("28/1", 5), ("0", 0)),
            (0, -3, -3, 6),
            "two losers pay 3 each, the virgin takes the 6",
            id="T11-two-losers-virgin",
        ),
    ],
)
def test_trischaken_derived_cases(
    record: dict[str, Any], expected: tuple[int, ...], why: str
) -> None:
    assert stmk(record) == expected, why


# --- positive contracts (derived cases P1–P10; B1–B4 with the option valat: bonus) -----------

PAGAT_SILENT = b("pagat")
TRULL_SILENT = b("trull")


@pytest.mark.parametrize(
    ("record", "options", "expected", "why"),
    [
        pytest.param(
            hand("rufer", declarer=0, partner=2, points="40", bonuses=[PAGAT_SILENT]),
            None,
            (2, -2, 2, -2),
            "a Rufer 1 and a silent Pagat 1 make 2 two against two",
            id="P1-rufer-silent-pagat",
        ),
        pytest.param(
            hand(
                "uhurufer", declarer=1, partner=3, points="30", bonuses=[b("uhu", announced=True)]
            ),
            None,
            (-3, 3, -3, 3),
            "a lost Uhurufer costs 1 and its announced Uhu made brings 4",
            id="P2-uhurufer-lost-uhu-made",
        ),
        pytest.param(
            hand("solodreier", declarer=0, valat="declarer", bonuses=[PAGAT_SILENT, TRULL_SILENT]),
            None,
            (126, -42, -42, -42),
            "a silent Valat makes the Solodreier 10 × 4, the silent Pagat adds 1 × 2, the silent "
            "Trull is not scored",
            id="P3-solodreier-silent-valat",
        ),
        pytest.param(
            hand(
                "dreier",
                declarer=0,
                points="50",
                valat_announced=True,
                bonuses=[b("pagat", announced=True)],
            ),
            None,
            (-114, 38, 38, 38),
            "a failed announced Valat costs 8 × the Dreier's 5 whatever the points; the announced "
            "Pagat still brings 2",
            id="P4-dreier-failed-announced-valat",
        ),
        pytest.param(
            hand("sechserdreier", declarer=0, valat="defenders", kontra={"game": 1}),
            KONTRAS,
            (-96, 32, 32, 32),
            "the defenders' silent Valat is 4 × the lost Sechserdreier's 8; the game's Kontra is "
            "void",
            id="P5-sechserdreier-defenders-silent-valat-kontra-void",
        ),
        pytest.param(
            hand(
                "dreier",
                declarer=0,
                valat="declarer",
                bonuses=[b("trull", announced=True), b("four_kings")],
            ),
            None,
            (66, -22, -22, -22),
            "beside a silent Valat (5 × 4) the announced Trull counts 2, the silent Four Kings not",
            id="P6-dreier-silent-valat-announced-trull",
        ),
        pytest.param(
            hand("farbensolo", declarer=0, points="44", bonuses=[b("four_kings")]),
            None,
            (36, -12, -12, -12),
            "a Farbensolo 10 and silent Four Kings 1 × 2 make 12",
            id="P7-farbensolo-silent-four-kings",
        ),
        pytest.param(
            hand(
                "uhurufer",
                declarer=0,
                partner=None,
                king_in_talon=True,
                surrendered=True,
                bonuses=[b("uhu", announced=True, result="failed")],
            ),
            None,
            (-15, 5, 5, 5),
            "giving up an Uhurufer costs the game 1 and the Uhu 4 to each defender",
            id="P8-uhurufer-given-up",
        ),
        pytest.param(
            hand(
                "pagatrufer",
                declarer=0,
                partner=2,
                renonce=0,
                bonuses=[{"bonus": "pagat", "side": "declarer", "announced": True}],
            ),
            None,
            (-9, 3, 3, 3),
            "a declarer's Renonce pays each other player the game 1 and the Pagat 2, the partner "
            "too",
            id="P9-pagatrufer-renonce-by-the-declarer",
        ),
        pytest.param(
            hand(
                "sechserdreier",
                declarer=0,
                renonce=2,
                bonuses=[{"bonus": "uhu", "side": "declarer", "announced": True}],
            ),
            None,
            (24, 12, -48, 12),
            "a defender's Renonce pays the declarer 3 × (4 + 4) and each other defender 8 + 4",
            id="P10-sechserdreier-renonce-by-a-defender",
        ),
        pytest.param(
            hand("dreier", declarer=0, valat="declarer", bonuses=[TRULL_SILENT]),
            VALAT_BONUS,
            (45, -15, -15, -15),
            "with valat: bonus a silent Valat adds 10 to the Dreier's 5; the silent Trull is not "
            "paid",
            id="B1-valat-bonus-silent-valat",
        ),
        pytest.param(
            hand("solorufer", declarer=0, partner=2, valat="declarer", valat_announced=True),
            VALAT_BONUS,
            (42, -42, 42, -42),
            "with valat: bonus an announced Valat 20 takes the Solo factor: 2 + 40",
            id="B2-valat-bonus-solorufer-announced-valat",
        ),
        pytest.param(
            hand("dreier", declarer=0, points="50", valat_announced=True),
            VALAT_BONUS,
            (-45, 15, 15, 15),
            "with valat: bonus a failed announced Valat costs 20 against the won Dreier's 5",
            id="B3-valat-bonus-failed-valat",
        ),
        pytest.param(
            hand("sechserdreier", declarer=0, valat="defenders"),
            VALAT_BONUS,
            (-54, 18, 18, 18),
            "with valat: bonus the defenders' silent Valat adds 10 to the lost Sechserdreier's 8",
            id="B4-valat-bonus-defenders-valat",
        ),
    ],
)
def test_positive_derived_cases(
    record: dict[str, Any], options: dict[str, Any] | None, expected: tuple[int, ...], why: str
) -> None:
    assert stmk(record, options=options) == expected, why


# --- the tariff and the rules the derived cases do not show ----------------------------------


@pytest.mark.parametrize(
    ("record", "expected", "why"),
    [
        pytest.param(
            hand("dreier", declarer=0, points="35/2"),
            (15, -5, -5, -5),
            "35 points and 2 cards win a Dreier",
            id="dreier-35-2-wins",
        ),
        pytest.param(
            hand("dreier", declarer=0, points="35"),
            (-15, 5, 5, 5),
            "35:35 loses",
            id="dreier-35-loses",
        ),
        pytest.param(
            hand("sechserdreier", declarer=0, points="30"),
            (-24, 8, 8, 8),
            "a lost Sechserdreier costs 8",
            id="sechserdreier-lost-8",
        ),
        pytest.param(
            hand("zwiccolo", declarer=1, tricks=2),
            (-2, 6, -2, -2),
            "a Zwiccolo is won with exactly two tricks, worth 2",
            id="zwiccolo-won",
        ),
        pytest.param(
            hand("zwiccolo_ouvert", declarer=1, tricks=1),
            (6, -18, 6, 6),
            "a Zwiccolo ouvert with one trick is lost, worth 6",
            id="zwiccolo-ouvert-lost",
        ),
        pytest.param(
            hand("bettler_ouvert", declarer=1, tricks=0),
            (-8, 24, -8, -8),
            "a Bettler ouvert is worth 8",
            id="bettler-ouvert-8",
        ),
        pytest.param(
            hand("dreier", declarer=0, points="40", bonuses=[b("pagat", result="failed")]),
            (12, -4, -4, -4),
            "a failed silent Pagat costs its silent value by default: 5 − 1",
            id="failed-silent-bonus-costs",
        ),
        pytest.param(
            hand("rufer", declarer=0, partner=None, king_in_talon=True, surrendered=True),
            (-3, 1, 1, 1),
            "giving up a Rufer costs the lost game 1 to each defender",
            id="rufer-given-up",
        ),
        pytest.param(
            hand(
                "rufer",
                declarer=0,
                partner=2,
                valat="declarer",
                bonuses=[b("pagat"), b("king_ultimo", result="failed")],
            ),
            (4, -4, 4, -4),
            "beside a silent Valat (1 × 4) a silent Pagat made adds 1 and a failed silent King "
            "ultimo costs 1",
            id="trick-bonuses-beside-a-valat",
        ),
        pytest.param(
            trischaken(("20", 4), ("30/1", 5), ("19/2", 3), ("0", 0)) | {"renonce": 2},
            (6, 6, -18, 6),
            "a Renonce in Trischaken costs 6 to each other player",
            id="trischaken-renonce",
        ),
        pytest.param(
            trischaken(("20", 4), ("30/1", 5), ("19/2", 3), ("0", 0)) | {"renonce": [0, 2]},
            (-6, 6, -6, 6),
            "two offenders in Trischaken pay 6 each, the two others receive 6 each",
            id="trischaken-renonce-two-offenders-vorhand-among-them",
        ),
    ],
)
def test_the_tariff_and_rules(record: dict[str, Any], expected: tuple[int, ...], why: str) -> None:
    assert stmk(record) == expected, why


# --- what the engine refuses in stmk, beyond section 7b ---------------------------------------


@pytest.mark.parametrize(
    ("record", "options", "field"),
    [
        pytest.param(hand("rufer", declarer=0, points="40"), None, "partner", id="own-king"),
        pytest.param(
            hand("besserrufer", declarer=0, partner=2, points="40"),
            None,
            "contract",
            id="no-besserrufer",
        ),
        pytest.param(
            hand(
                "rufer", declarer=0, partner=2, points="40", bonuses=[b("king_ultimo", "defenders")]
            ),
            None,
            "bonuses[0].side",
            id="king-ultimo-of-the-defenders",
        ),
        pytest.param(
            hand(
                "solorufer", declarer=0, king_in_talon=True, points="40", bonuses=[b("king_ultimo")]
            ),
            None,
            "bonuses[0].bonus",
            id="king-ultimo-with-the-king-in-the-solorufers-talon",
        ),
        pytest.param(
            hand("dreier", declarer=0, points="40", bonuses=[b("king_ultimo")]),
            None,
            "bonuses[0].bonus",
            id="king-ultimo-without-a-called-king",
        ),
        pytest.param(
            hand("pagatrufer", declarer=0, partner=2, points="40"),
            None,
            "bonuses",
            id="bird-rufer-without-its-bird",
        ),
        pytest.param(
            hand("solorufer", declarer=0, king_in_talon=True, surrendered=True),
            None,
            "surrendered",
            id="surrendered-solorufer",
        ),
        pytest.param(
            hand(
                "dreier",
                declarer=0,
                valat="declarer",
                valat_announced=True,
                bonuses=[b("trull", announced=True)],
            ),
            None,
            "bonuses[0].announced",
            id="trull-announced-beside-an-announced-valat",
        ),
        pytest.param(
            hand(
                "dreier",
                declarer=0,
                points="50",
                valat_announced=True,
                bonuses=[b("four_kings", announced=True, result="failed")],
            ),
            VALAT_BONUS,
            "bonuses[0].announced",
            id="four-kings-announced-beside-a-failed-announced-valat-bonus",
        ),
        pytest.param(
            hand(
                "dreier",
                declarer=0,
                valat="declarer",
                valat_announced=True,
                kontra={"valat": 1},
            ),
            None,
            "kontra.valat",
            id="kontra-on-the-valat-multiplier",
        ),
        pytest.param(
            trischaken(("20", 4), ("30/1", 5), ("19/1", 3), ("0/1", 0)),
            None,
            "players[3].points",
            id="trischaken-virgin-with-points",
        ),
        pytest.param(
            trischaken(("20", 3), ("30", 5), ("20", 3), ("0", 1)),
            None,
            "players[3].points",
            id="trischaken-trick-without-points",
        ),
        pytest.param(
            hand("dreier", declarer=0, points="40", renonce=[1, 1]),
            None,
            "renonce[1]",
            id="renonce-by-the-same-seat-twice",
        ),
    ],
)
def test_stmk_refuses(record: dict[str, Any], options: dict[str, Any] | None, field: str) -> None:
    with pytest.raises(ScoringError) as error:
        stmk(record, options=options)
    assert error.value.field == field, f"the refusal should name {field}"


def test_stmk_is_a_registered_ruleset_with_20_hands_a_round() -> None:
    assert "stmk" in [rs.key for rs in rulesets()], "stmk should be offered with the others"
    rs = get_ruleset("stmk")
    assert (len(rs.contracts), rs.hands_four, rs.max_kontra) == (18, 20, 3), (
        "stmk has 18 contracts, 20 hands a round at a table of four and Kontra up to Sub"
    )


def test_a_game_kontra_counts_in_an_announced_valat() -> None:
    record = hand("dreier", declarer=0, valat="declarer", valat_announced=True, kontra={"game": 1})
    assert stmk(record, options=KONTRAS) == (240, -80, -80, -80), (
        "beside an announced Valat the game's Kontra is the Valat's: 5 × 8 × 2"
    )


def test_a_trischaken_sheet_is_followed_by_no_doubled_deal() -> None:
    sheet = {
        "ruleset": "stmk",
        "players": ["Anna", "Bert", "Cilli", "Dora"],
        "first_dealer": 3,
        "hands": [
            trischaken(("20", 4), ("30/1", 5), ("19/2", 3), ("0", 0)),
            hand("dreier", declarer=1, points="40"),
        ],
    }
    scored = score_sheet(sheet)
    assert [(h.stake, h.double_left) for h in scored.hands] == [(1, 0), (1, 0)], (
        "stmk has no double-stake deals unless the option is on"
    )
    assert scored.totals == (-5, 9, -5, 1), "T1 (0, −6, 0, +6) and a Dreier of Bert 5 × 3"
