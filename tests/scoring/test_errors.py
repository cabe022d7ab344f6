"""What the engine refuses, each with the message the sheet shows beside the field."""

from typing import Any

import pytest

from scoring import ScoringError, get_ruleset, score_hand, score_sheet
from tests.scoring.hands import b, hand, players

SPATZ = b("pagat", announced=True)


def _message(ruleset: str, record: dict[str, Any], **kw: Any) -> str:
    with pytest.raises(ScoringError) as e:
        score_hand(ruleset, record, **kw)
    return str(e.value)


@pytest.mark.parametrize(
    ("ruleset", "record", "kw", "message"),
    [
        pytest.param(
            "lungau",
            hand("dreier", points=72),
            {},
            "hand 1: points: 72 is more than the pack's 71",
            id="points-above-pack",
        ),
        pytest.param(
            "lungau",
            hand("rufer_pagat", partner=1, points=40, bonuses=[SPATZ]),
            {},
            "hand 1: partner: the partner cannot be the declarer (a declarer who called "
            "their own King plays alone: give null)",
            id="partner-is-declarer",
        ),
        pytest.param(
            "lungau",
            hand("dreier", points=40, kontra={"game": 4}),
            {},
            "hand 1: kontra.game: 4 is above the highest Kontra level here (3)",
            id="kontra-above-maximum",
        ),
        pytest.param(
            "standard",
            hand("rufer", partner=3, points=40, kontra={"game": 6}),
            {},
            "hand 1: kontra.game: 6 is above the highest Kontra level here (5)",
            id="kontra-above-mordkontra",
        ),
        pytest.param(
            "lungau",
            hand("piccolo", tricks=1),
            {},
            "hand 1: contract: 'piccolo' is not a contract in Lungau (Salzburg)",
            id="unknown-contract",
        ),
        pytest.param(
            "lungau",
            hand("dreier", points=40, bonuses=[b("kakadu")]),
            {},
            "hand 1: bonuses[0].bonus: 'kakadu' is not a bonus in Lungau (Salzburg)",
            id="unknown-bonus",
        ),
        pytest.param(
            "tirol_cup",
            hand("farbendreier", points=40, bonuses=[b("trull")]),
            {},
            "hand 1: bonuses[0].bonus: Trull is not allowed in Farbendreier",
            id="bonus-not-allowed",
        ),
        pytest.param(
            "tirol_cup",
            hand("piccolo", tricks=1, bonuses=[b("trull")]),
            {},
            "hand 1: bonuses: Piccolo has no bonuses",
            id="negative-has-no-bonuses",
        ),
        pytest.param(
            "lungau",
            hand("dreier"),
            {},
            "hand 1: points: missing: the declarer's side's card points",
            id="missing-points",
        ),
        pytest.param(
            "standard",
            hand("rufer", partner=3, points=40, bonuses=[b("mondfang", announced=True)]),
            {},
            "hand 1: bonuses[0].announced: Mondfang cannot be announced",
            id="silent-only-announced",
        ),
        pytest.param(
            "standard",
            hand("rufer", partner=3, points=40, bonuses=[b("sack")]),
            {},
            "hand 1: bonuses[0].announced: Sack (45/2 or more) counts only when announced",
            id="announced-only-silent",
        ),
        pytest.param(
            "lungau",
            hand("dreier", points=40, bonuses=[b("trull")], kontra={"trull": 1}),
            {},
            "hand 1: kontra.trull: Trull was not announced, so it cannot be kontra'd",
            id="kontra-on-silent-bonus",
        ),
        pytest.param(
            "lungau",
            hand("dreier", valat="declarer", kontra={"valat": 1}),
            {},
            "hand 1: kontra.valat: Valat is not a bonus in this ruleset: the game's "
            "Kontra covers it",
            id="kontra-on-valat-in-lungau",
        ),
        pytest.param(
            "standard",
            hand("rufer", partner=3, valat="declarer", kontra={"valat": 1}),
            {},
            "hand 1: kontra.valat: Valat was not announced, so it cannot be kontra'd",
            id="kontra-on-silent-valat",
        ),
        pytest.param(
            "lungau",
            hand("sechserdreier", 2, points=40),
            {},
            "hand 1: declarer: Sechserdreier may be played by Vorhand only (seat 1)",
            id="vorhand-only",
        ),
        pytest.param(
            "lungau",
            hand("dreier", partner=3, points=40),
            {},
            "hand 1: partner: Dreier (Einischauer) calls no King, so there is no partner",
            id="partner-without-king",
        ),
        pytest.param(
            "lungau",
            hand("rufer_pagat", points=40, bonuses=[SPATZ, b("king_ultimo")]),
            {},
            "hand 1: bonuses[1].bonus: King ultimo needs a partner",
            id="king-ultimo-without-partner",
        ),
        pytest.param(
            "lungau",
            hand("rufer_pagat", points=40, bonuses=[SPATZ, b("king_captured", "defenders")]),
            {},
            "hand 1: bonuses[1].bonus: Called King captured needs a partner or the called "
            "King in the talon",
            id="captured-king-with-own-king",
        ),
        pytest.param(
            "lungau",
            hand("rufer_pagat", surrendered=True),
            {},
            "hand 1: surrendered: only a declarer whose called King is in the talon may surrender",
            id="surrender-without-king-in-talon",
        ),
        pytest.param(
            "standard",
            hand("rufer", king_in_talon=True, surrendered=True),
            {},
            "hand 1: surrendered: Rufer cannot be given up in Königrufen (standard)",
            id="no-surrender-in-standard",
        ),
        pytest.param(
            "extended",
            hand("solorufer", king_in_talon=True, surrendered=True),
            {},
            "hand 1: surrendered: Solorufer cannot be given up in Königrufen mit Bei-Spielen",
            id="solorufer-cannot-be-given-up",
        ),
        pytest.param(
            "lungau",
            hand("rufer_pagat", partner=3, points=40),
            {},
            "hand 1: bonuses: Rufer mit Spatz needs Spatz (Pagat ultimo) announced by the declarer",
            id="bird-rufer-without-bird",
        ),
        pytest.param(
            "tirol_cup",
            hand("besserrufer", partner=3, points=40, bonuses=[b("pagat")]),
            {},
            "hand 1: bonuses: Besserrufer needs Pagat or Uhu or Kakadu or Quapil announced "
            "by the declarer",
            id="besserrufer-silent-bird",
        ),
        pytest.param(
            "lungau",
            hand("dreier", 4, points=40),
            {},
            "hand 1: declarer: 4 is not a seat at this table (0 to 3)",
            id="seat-range",
        ),
        pytest.param(
            "lungau",
            hand("dreier", 0, points=40),
            {"players": 5},
            "hand 1: declarer: seat 0 is the dealer, who sits out this hand",
            id="dealer-sits-out-as-declarer",
        ),
        pytest.param(
            "lungau",
            hand("rufer_pagat", 2, partner=0, points=40, bonuses=[SPATZ]),
            {"players": 5},
            "hand 1: partner: seat 0 is the dealer, who sits out this hand",
            id="dealer-sits-out-as-partner",
        ),
        pytest.param(
            "standard",
            hand("piccolo", tricks=13),
            {},
            "hand 1: tricks: 13 is not a number of tricks (0 to 12)",
            id="tricks-range",
        ),
        pytest.param(
            "standard",
            hand("piccolo"),
            {},
            "hand 1: tricks: missing: the declarer's number of tricks",
            id="tricks-missing",
        ),
        pytest.param(
            "standard",
            {"contract": "trischaken", "players": players((10, 3), (20, 3), (30, 3), (5, 3))},
            {},
            "hand 1: players: the players' points add up to 65, not 70",
            id="trischaken-points-not-adding-up",
        ),
        pytest.param(
            "standard",
            {"contract": "trischaken", "players": players((10, 3), (25, 3), (30, 3), (5, 2))},
            {},
            "hand 1: players: the players' tricks add up to 11, not 12",
            id="trischaken-tricks-not-adding-up",
        ),
        pytest.param(
            "standard",
            {"contract": "trischaken", "players": players((10, 3, True), (25, 3), (30, 3), (5, 3))},
            {},
            "hand 1: players[0].kontra: there is no Kontra in Trischaken",
            id="trischaken-kontra",
        ),
        pytest.param(
            "lungau",
            {"contract": "fahren", "players": players((30,), (30,), (10,), (2,))},
            {},
            "hand 1: players: the players' points add up to 72, but must be at most 71",
            id="fahren-points-above-71",
        ),
        pytest.param(
            "tirol_cup",
            {"contract": "trischaken", "players": players((10, 3), (20, 3), (20, 3), (20, 3))},
            {"dealer": 3},
            "hand 1: players: 3 players have equal points (20): the cup rules cannot share "
            "the amounts evenly, so enter this hand by hand",
            id="tirol-three-way-tie",
        ),
        pytest.param(
            "tirol_cup",
            {"contract": "trischaken", "players": players((30, 5), (20, 4), (20, 3), (0, 0))},
            {"dealer": 0},
            "hand 1: players: the two middle players have equal points, so who pays the "
            "virgin's top-up is unsettled: enter this hand by hand",
            id="tirol-virgin-top-up-unsettled",
        ),
        pytest.param(
            "lungau",
            hand("rufer_pagat", partner=3, points=40, bonuses=[SPATZ], renonce=2),
            {},
            "hand 1: renonce: Lungau (Salzburg) scores no Renonce: enter the hand by hand",
            id="renonce-outside-the-cup",
        ),
        pytest.param(
            "lungau",
            {"manual": {"scores": [1, 1, -1, 0], "reason": "dispute"}},
            {},
            "hand 1: manual.scores: the scores add up to 1, not 0",
            id="manual-not-zero",
        ),
        pytest.param(
            "lungau",
            {"manual": {"scores": [1, 1, -1, -1], "reason": " "}},
            {},
            "hand 1: manual.reason: missing: say why the hand is entered by hand",
            id="manual-without-reason",
        ),
        pytest.param(
            "lungau",
            {"manual": {"scores": [1, -1, 0, 0, 0], "reason": "x"}},
            {"players": 5},
            "hand 1: manual.scores[0]: the dealer sits out this hand: give 0",
            id="manual-dealer-sits-out",
        ),
        pytest.param(
            "lungau",
            {"manual": {"scores": [1, -1, 0, 0], "reason": "x", "note": float("nan")}},
            {},
            "hand 1: manual.note: is not a field of a hand entered by hand",
            id="manual-with-an-unknown-field",
        ),
        pytest.param(
            "lungau",
            {"manual": {"scores": [10**4000, -(10**4000), 0, 0], "reason": "x"}},
            {},
            "hand 1: manual.scores[0]: … is more than a hand can score (at most 10000 either way)",
            id="manual-score-of-thousands-of-digits",
        ),
        pytest.param(
            "lungau",
            {"manual": {"scores": [-10_001, 10_001, 0, 0], "reason": "x"}},
            {},
            "hand 1: manual.scores[0]: -10001 is more than a hand can score (at most 10000 "
            "either way)",
            id="manual-score-above-the-bound",
        ),
        pytest.param(
            "lungau",
            {"manual": {"scores": [1, -1, 0, 0], "reason": "x" * 201}},
            {},
            "hand 1: manual.reason: longer than 200 characters",
            id="manual-reason-too-long",
        ),
        pytest.param(
            "lungau",
            {"manual": {"scores": [1, -1, 0, 0], "reason": "dis\x00pute"}},
            {},
            "hand 1: manual.reason: has the control character U+0000",
            id="manual-reason-with-nul",
        ),
        pytest.param(
            "lungau",
            {"manual": {"scores": [1, -1, 0, 0], "reason": "dispute \ud800"}},
            {},
            "hand 1: manual.reason: has the control character U+D800",
            id="manual-reason-with-a-lone-surrogate",
        ),
        pytest.param(
            "lungau",
            hand("solorufer", partner=3, points=40),
            {},
            "hand 1: contract: Solorufer needs the option solorufer",
            id="option-off",
        ),
        pytest.param(
            "extended",
            hand("zwiccolo", tricks=2, bei={"contract": "piccolo_bei", "declarer": 2, "tricks": 1}),
            {},
            "hand 1: bei: no bei contract may be played with Zwiccolo",
            id="bei-after-zwiccolo",
        ),
        pytest.param(
            "extended",
            hand("piccolo_bei", tricks=1),
            {},
            "hand 1: contract: Piccolo bei is only played beside another contract: give it in bei",
            id="bei-alone",
        ),
        pytest.param(
            "lungau",
            hand("dreier", points=True),
            {},
            "hand 1: points: True is not card points (a number or text like '35/2')",
            id="boolean-points",
        ),
        pytest.param(
            "lungau",
            hand("dreier", points=40, valat_announced=1),
            {},
            "hand 1: valat_announced: 1 is not true or false",
            id="integer-flag",
        ),
        pytest.param(
            "lungau",
            hand("dreier", points=40, partnr=3),
            {},
            "hand 1: partnr: is not a field of a hand",
            id="unknown-field",
        ),
        pytest.param(
            "lungau",
            hand("dreier", points=40, bonuses=[b("trull"), b("trull")]),
            {},
            "hand 1: bonuses[1].bonus: Trull is recorded twice",
            id="bonus-twice",
        ),
        pytest.param(
            "lungau",
            hand("rufer_pagat", king_in_talon=True, surrendered=True, kontra={"game": 1}),
            {},
            "hand 1: kontra: a game given up before the announcements has no Kontra",
            id="kontra-on-surrender",
        ),
        # settled detail: in a Valat of the defenders the declarer's side's birds failed.
        pytest.param(
            "lungau",
            hand("rufer_pagat", partner=3, valat="defenders", bonuses=[SPATZ]),
            {},
            "hand 1: bonuses[0].result: Spatz (Pagat ultimo) cannot be made by a side that took "
            "no trick (the other side's Valat)",
            id="bird-made-in-the-defenders-valat",
        ),
        pytest.param(
            "standard",
            hand("dreier", valat="declarer", bonuses=[b("trull"), b("mondfang", "defenders")]),
            {},
            "hand 1: bonuses[1].result: Mondfang cannot be made by a side that took no trick "
            "(the other side's Valat)",
            id="trick-bonus-of-the-defenders-in-the-declarers-valat",
        ),
        pytest.param(
            "tirol_cup",
            hand("besserrufer", partner=3, renonce=0),
            {},
            "hand 1: bonuses: Besserrufer needs Pagat or Uhu or Kakadu or Quapil announced by "
            "the declarer",
            id="besserrufer-with-renonce-without-bird",
        ),
        pytest.param(
            "standard",
            hand("dreier", points=40, valat_announced_by="defenders"),
            {},
            "hand 1: valat_announced_by: names the side that announced a Valat: give it with "
            "valat_announced",
            id="valat-announced-by-without-valat-announced",
        ),
        pytest.param(
            "standard",
            {
                "contract": "trischaken",
                "kontra_by_seat": [0, 1, 0, 0],
                "players": players((10, 3), (25, 3), (30, 3), (5, 3)),
            },
            {},
            "hand 1: kontra_by_seat: there is no Kontra in Trischaken",
            id="trischaken-personal-kontra",
        ),
        pytest.param(
            "lungau",
            {
                "contract": "fahren",
                "kontra_by_seat": [0, 1, 0, 0],
                "players": players((9, 2), (27, 4), (16, 3), (14, 3)),
            },
            {},
            "hand 1: kontra_by_seat: in Fahren (Trischaken) everybody plays for themselves: give "
            "each player's entry in players",
            id="fahren-kontra-by-seat",
        ),
        pytest.param(
            "standard",
            {
                "contract": "trischaken",
                "declarer": 0,
                "players": players((10, 3), (25, 3), (30, 3), (5, 3)),
            },
            {},
            "hand 1: declarer: in Trischaken everybody plays for themselves: give each player's "
            "entry in players",
            id="trischaken-declarer-seat-0",
        ),
        pytest.param(
            "standard",
            {
                "contract": "trischaken",
                "king_in_talon": True,
                "players": players((10, 3), (25, 3), (30, 3), (5, 3)),
            },
            {},
            "hand 1: king_in_talon: in Trischaken everybody plays for themselves: give each "
            "player's entry in players",
            id="trischaken-king-in-talon",
        ),
        pytest.param(
            "standard",
            hand("dreier", points="3²"),
            {},
            "hand 1: points: '3²' is not card points (write 36, 35/2 or 35 2/3)",
            id="points-with-a-superscript",
        ),
        pytest.param(
            "standard",
            hand("dreier", points="٣٦"),
            {},
            "hand 1: points: '٣٦' is not card points (write 36, 35/2 or 35 2/3)",
            id="points-in-other-digits",
        ),
        pytest.param(
            "standard",
            hand("dreier", points="35/²"),
            {},
            "hand 1: points: '35/²' is not card points (write 36, 35/2 or 35 2/3)",
            id="points-fraction-with-a-superscript",
        ),
        pytest.param(
            "standard",
            hand("dreier", points=35.5),
            {},
            "hand 1: points: 35.5 is not card points (a number or text like '35/2')",
            id="points-not-whole",
        ),
        # the cup's failed announced Valat is a bonus beside the game, which needs its points
        pytest.param(
            "tirol_cup",
            hand("dreier", valat_announced=True),
            {},
            "hand 1: points: missing: the declarer's side's card points",
            id="failed-valat-without-points-where-the-game-counts",
        ),
        # at a table of five the dealer plays the Fahren and takes the talon: all 71 points
        pytest.param(
            "lungau",
            {"contract": "fahren", "players": players((10,), (20,), (10,), (15,), (15,))},
            {"players": 5},
            "hand 1: players: the players' points add up to 70, but must be exactly 71",
            id="five-seat-fahren-points-not-71",
        ),
        # Vorhand seat 0 (12) not most, seat 1 (34) no mayor: ranks, three equal at the bottom
        pytest.param(
            "tirol_cup",
            {"contract": "trischaken", "players": players((12, 3), (34, 3), (12, 3), (12, 3))},
            {"dealer": 3},
            "hand 1: players: 3 players have equal points (12): the cup rules cannot share "
            "the amounts evenly, so enter this hand by hand",
            id="tirol-three-way-tie-at-the-bottom",
        ),
        pytest.param(
            "extended",
            hand("dreier", valat="declarer", valat_announced=True, kontra={"valat": 1}),
            {},
            "hand 1: kontra.valat: Valat is not a bonus in this ruleset: the game's "
            "Kontra covers it",
            id="kontra-on-valat-in-extended",
        ),
        pytest.param(
            "standard",
            hand("dreier", points=40, kontra={"trull": 1}),
            {},
            "hand 1: kontra.trull: Trull was not announced, so it cannot be kontra'd",
            id="kontra-on-a-bonus-not-recorded",
        ),
        pytest.param(
            "standard",
            hand("dreier", points=40, kontra={"foo": 1}),
            {},
            "hand 1: kontra.foo: 'foo' is not a bonus in Königrufen (standard)",
            id="kontra-on-an-unknown-element",
        ),
        pytest.param(
            "standard",
            hand("dreier", points=40, bonuses=[b("king_ultimo")]),
            {},
            "hand 1: bonuses[0].bonus: King ultimo is not allowed in Dreier",
            id="king-ultimo-in-a-contract-without-a-king",
        ),
        pytest.param(
            "lungau",
            hand("dreier", points=40, bonuses=[b("king_captured", "defenders")]),
            {},
            "hand 1: bonuses[0].bonus: Called King captured is not allowed in Dreier (Einischauer)",
            id="king-captured-in-a-contract-without-a-king",
        ),
        pytest.param(
            "tirol_cup",
            hand("solorufer", king_in_talon=True, surrendered=True),
            {},
            "hand 1: surrendered: Solorufer cannot be given up in Tiroler Tarockcup 2019/20",
            id="solorufer-cannot-be-given-up-in-the-cup",
        ),
        pytest.param(
            "extended",
            hand("pagatrufer", partner=3, points=40),
            {},
            "hand 1: bonuses: Pagatrufer needs Pagat ultimo announced by the declarer",
            id="pagatrufer-without-bird",
        ),
        pytest.param(
            "extended",
            hand("pagatrufer", partner=3, points=40, bonuses=[b("pagat", "defenders", True)]),
            {},
            "hand 1: bonuses: Pagatrufer needs Pagat ultimo announced by the declarer",
            id="pagatrufer-bird-announced-by-the-defenders",
        ),
        pytest.param(
            "standard",
            {"contract": "dreier", "points": 40},
            {},
            "hand 1: declarer: missing: a seat number is needed",
            id="declarer-missing",
        ),
        pytest.param(
            "standard",
            {
                "contract": "trischaken",
                "players": [{"points": 10}] + players((25, 3), (30, 4), (5, 3)),
            },
            {},
            "hand 1: players[0].tricks: missing: the player's tricks (0 for a virgin)",
            id="trischaken-player-without-tricks",
        ),
        pytest.param(
            "standard",
            {
                "contract": "trischaken",
                "players": [{"tricks": 2}] + players((25, 3), (30, 4), (15, 3)),
            },
            {},
            "hand 1: players[0].points: missing: the player's card points",
            id="trischaken-player-without-points",
        ),
        pytest.param(
            "tirol_cup",
            hand("besserrufer", king_in_talon=True, surrendered=True),
            {},
            "hand 1: bonuses: giving up a Besserrufer records exactly its announced bird",
            id="give-up-without-bird",
        ),
        pytest.param(
            "tirol_cup",
            hand(
                "besserrufer",
                king_in_talon=True,
                surrendered=True,
                bonuses=[b("pagat", announced=True), b("uhu", announced=True)],
            ),
            {},
            "hand 1: bonuses: giving up a Besserrufer records exactly its announced bird",
            id="give-up-with-two-birds",
        ),
        pytest.param(
            "tirol_cup",
            hand("besserrufer", king_in_talon=True, surrendered=True, bonuses=[b("pagat")]),
            {},
            "hand 1: bonuses: giving up a Besserrufer records exactly its announced bird",
            id="give-up-with-a-silent-bird",
        ),
        pytest.param(
            "tirol_cup",
            hand(
                "besserrufer",
                king_in_talon=True,
                surrendered=True,
                bonuses=[b("pagat", announced=True), b("trull")],
            ),
            {},
            "hand 1: bonuses: giving up a Besserrufer records exactly its announced bird",
            id="give-up-with-bird-and-trull",
        ),
    ],
)
def test_it_refuses_with_a_plain_message(
    ruleset: str, record: dict[str, Any], kw: dict[str, Any], message: str
) -> None:
    assert _message(ruleset, record, **kw) == message


@pytest.mark.parametrize(
    ("sheet", "message"),
    [
        pytest.param(
            {"ruleset": "foo", "players": ["A", "B", "C", "D"], "hands": []},
            "ruleset: 'foo' is not a ruleset",
            id="unknown-ruleset",
        ),
        pytest.param(
            {"ruleset": "lungau", "players": ["A", "B", "C"], "hands": []},
            "players: 3: a table has 4 or 5 players",
            id="three-players",
        ),
        pytest.param(
            {
                "ruleset": "lungau",
                "options": {"count_kontras": True},
                "players": ["A", "B", "C", "D"],
                "hands": [],
            },
            "options.count_kontras: 'count_kontras' is not an option of Lungau (Salzburg) "
            "(options: valat, solorufer, solodreier, double_stakes)",
            id="unknown-option",
        ),
        pytest.param(
            {
                "ruleset": "lungau",
                "options": {"valat": "fixed"},
                "players": ["A", "B", "C", "D"],
                "hands": [],
            },
            "options.valat: 'fixed' is not one of 'multiplier' or 'ramingstein'",
            id="bad-option-value",
        ),
        pytest.param(
            {
                "ruleset": "standard",
                "options": {"count_kontras": True},
                "players": ["A", "B", "C", "D"],
                "hands": [],
            },
            "options.count_kontras: 'count_kontras' is not an option of Königrufen (standard) "
            "(options: double_stakes)",
            id="cup-option-in-standard",
        ),
        pytest.param(
            {
                "ruleset": "tirol_cup",
                "options": {"valat": "multiplier"},
                "players": ["A", "B", "C", "D"],
                "hands": [],
            },
            "options.valat: 'valat' is not an option of Tiroler Tarockcup 2019/20 "
            "(options: count_kontras, double_stakes)",
            id="lungau-option-in-the-cup",
        ),
        pytest.param(
            {"ruleset": "lungau", "players": ["A", "B", "C", "D"], "first_dealer": 4, "hands": []},
            "first_dealer: 4 is not a seat at this table (0 to 3)",
            id="first-dealer",
        ),
        pytest.param(
            {
                "ruleset": "lungau",
                "players": ["A", "B", "C", "D"],
                "hands": [hand("dreier", points=40), hand("dreier", points=80)],
            },
            "hand 2: points: 80 is more than the pack's 71",
            id="names-the-hand",
        ),
    ],
)
def test_it_refuses_bad_sheets(sheet: dict[str, Any], message: str) -> None:
    with pytest.raises(ScoringError) as e:
        score_sheet(sheet)
    assert str(e.value) == message


def test_errors_name_hand_field_and_reason() -> None:
    with pytest.raises(ScoringError) as e:
        score_sheet(
            {
                "ruleset": "lungau",
                "players": ["A", "B", "C", "D"],
                "hands": [hand("dreier", points=80)],
            }
        )
    assert (e.value.hand, e.value.field, e.value.reason) == (
        1,
        "points",
        "80 is more than the pack's 71",
    )


def test_an_unknown_ruleset_is_refused_by_get_ruleset() -> None:
    with pytest.raises(ScoringError) as e:
        get_ruleset("tarot")
    assert str(e.value) == "ruleset: 'tarot' is not a ruleset"


def test_scoring_error_is_a_value_error() -> None:
    assert issubclass(ScoringError, ValueError)


@pytest.mark.parametrize("kontra", [True, 1, "game", [1]], ids=["bool", "int", "str", "list"])
def test_a_negative_contract_refuses_kontra_that_is_not_an_object(kontra: object) -> None:
    hand = {"contract": "piccolo", "declarer": 1, "tricks": 1, "kontra": kontra}
    with pytest.raises(ScoringError) as error:
        score_hand("standard", hand)
    assert (error.value.field, error.value.reason) == (
        "kontra",
        "must be an object of element names and levels",
    )
