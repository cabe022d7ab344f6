"""A cup's own tariff: the checks, and hands scored under overrides of each kind in every base
ruleset, worked by hand. Dealer seat 0, so Vorhand (and the declarer) is seat 1; the partner
is seat 3 where there is one. Scores are listed by seat.
"""

import pickle
from typing import Any

import pytest

from scoring import RULESETS, ScoringError, get_ruleset, score_hand
from scoring.tariff import TariffError, apply_tariff
from tests.scoring.hands import b, hand, scores

KONTRAS = {"count_kontras": True}
SPATZ = b("pagat", announced=True)


def tariff(**fields: Any) -> dict[str, Any]:
    """Return a tariff named "Cup" with the given overrides."""
    return {"name": "Cup", **fields}


def won_lost(won: int, lost: int) -> dict[str, int]:
    return {"won": won, "lost": lost}


def silent_announced(silent: int | None, announced: int | None) -> dict[str, int | None]:
    return {"silent": silent, "announced": announced}


@pytest.mark.parametrize(
    ("ruleset", "overrides", "record", "options", "expected"),
    [
        # --- lungau ---
        # contract value: Dreier won 3 (base 2), alone: 3 from each defender
        pytest.param(
            "lungau",
            {"contracts": {"dreier": won_lost(3, 3)}},
            hand("dreier", points=40),
            None,
            (-3, 9, -3, -3),
            id="lungau-contract-value",
        ),
        # bonus value: Trull announced 4 (base 2) x bonus factor 2 = 8, + game 2 = 10 each
        pytest.param(
            "lungau",
            {"bonuses": {"trull": silent_announced(2, 4)}},
            hand("dreier", points=40, bonuses=[b("trull", announced=True)]),
            None,
            (-10, 30, -10, -10),
            id="lungau-bonus-value",
        ),
        # Valat 5/10 (base 6/12): Rufer mit Spatz, silent Valat: 5 x (1 + 2) = 15
        pytest.param(
            "lungau",
            {"valat": silent_announced(5, 10)},
            hand("rufer_pagat", partner=3, valat="declarer", bonuses=[SPATZ]),
            None,
            (-15, 15, -15, 15),
            id="lungau-valat-silent",
        ),
        # failed announced Valat costs A x (lost value + 2 per announced bird): 10 x (1 + 2) = 30
        pytest.param(
            "lungau",
            {"valat": silent_announced(5, 10)},
            hand("rufer_pagat", partner=3, valat_announced=True, points=60, bonuses=[SPATZ]),
            None,
            (30, -30, 30, -30),
            id="lungau-failed-valat-uses-announced",
        ),
        # the option valat: ramingstein keeps its own numbers: 16 x the game 1 = 16
        pytest.param(
            "lungau",
            {"valat": silent_announced(5, 10)},
            hand("rufer_pagat", partner=3, valat="declarer", bonuses=[SPATZ]),
            {"valat": "ramingstein"},
            (-16, 16, -16, 16),
            id="lungau-ramingstein-keeps-its-numbers",
        ),
        # kontra maximum 1 (base 3): Kontra on the game still doubles, 2 x 2 = 4
        pytest.param(
            "lungau",
            {"kontra_max": 1},
            hand("dreier", points=40, kontra={"game": 1}),
            None,
            (-4, 12, -4, -4),
            id="lungau-kontra-below-the-maximum",
        ),
        # --- tirol_cup ---
        # Tirol 2012: Besserrufer 2 (base 1) + Kakadu announced 6 = 8
        pytest.param(
            "tirol_cup",
            {"contracts": {"besserrufer": won_lost(2, 2)}},
            hand("besserrufer", partner=3, points=40, bonuses=[b("kakadu", announced=True)]),
            None,
            (-8, 8, -8, 8),
            id="tirol-contract-value",
        ),
        # Uhu announced 5 (base 4) + Dreier 5 = 10 from each defender
        pytest.param(
            "tirol_cup",
            {"bonuses": {"uhu": silent_announced(3, 5)}},
            hand("dreier", points=40, bonuses=[b("uhu", announced=True)]),
            None,
            (-10, 30, -10, -10),
            id="tirol-bonus-value",
        ),
        # Tirol 2012: Valat a bonus of 15 silent (base 10): 1 + 15 = 16
        pytest.param(
            "tirol_cup",
            {"valat": silent_announced(15, 30)},
            hand("rufer", partner=3, valat="declarer"),
            None,
            (-16, 16, -16, 16),
            id="tirol-valat-silent",
        ),
        # announced Valat 30 (base 20): 1 + 30 = 31
        pytest.param(
            "tirol_cup",
            {"valat": silent_announced(15, 30)},
            hand("rufer", partner=3, valat="declarer", valat_announced=True),
            None,
            (-31, 31, -31, 31),
            id="tirol-valat-announced",
        ),
        # kontra maximum 2 (base 3), kontras counted: Rekontra on a Dreier, 5 x 4 = 20
        pytest.param(
            "tirol_cup",
            {"kontra_max": 2},
            hand("dreier", points=40, kontra={"game": 2}),
            KONTRAS,
            (-20, 60, -20, -20),
            id="tirol-kontra-at-the-maximum",
        ),
        # Renonce pays what the others would have won: the tariff's Dreier 6, -18
        pytest.param(
            "tirol_cup",
            {"contracts": {"dreier": won_lost(6, 6)}},
            hand("dreier", renonce=1),
            None,
            (6, -18, 6, 6),
            id="tirol-renonce-pays-the-tariffs-value",
        ),
        # --- standard ---
        # Farbensolo 7 (base 6): 7 from each defender
        pytest.param(
            "standard",
            {"contracts": {"farbensolo": won_lost(7, 7)}},
            hand("farbensolo", points=40),
            None,
            (-7, 21, -7, -7),
            id="standard-contract-value",
        ),
        # Mondfang silent 3 (base 1), never announced: 1 + 3 = 4
        pytest.param(
            "standard",
            {"bonuses": {"mondfang": silent_announced(3, None)}},
            hand("rufer", partner=3, points=40, bonuses=[b("mondfang")]),
            None,
            (-4, 4, -4, 4),
            id="standard-bonus-value",
        ),
        # a bonus worth 0: recorded, paid nothing: Trull 0/0, the Rufer's 1 alone
        pytest.param(
            "standard",
            {"bonuses": {"trull": silent_announced(0, 0)}},
            hand("rufer", partner=3, points=40, bonuses=[b("trull", announced=True)]),
            None,
            (-1, 1, -1, 1),
            id="standard-bonus-worth-nothing",
        ),
        # Valat 12/24 (base 10/20), a bonus: 1 + 12 = 13
        pytest.param(
            "standard",
            {"valat": silent_announced(12, 24)},
            hand("rufer", partner=3, valat="declarer"),
            None,
            (-13, 13, -13, 13),
            id="standard-valat-silent",
        ),
        # kontra maximum 3 (base 5): Subkontra on the Rufer, 1 x 8 = 8
        pytest.param(
            "standard",
            {"kontra_max": 3},
            hand("rufer", partner=3, points=40, kontra={"game": 3}),
            None,
            (-8, 8, -8, 8),
            id="standard-kontra-at-the-maximum",
        ),
        # --- extended ---
        # Dreier 5 (base 4)
        pytest.param(
            "extended",
            {"contracts": {"dreier": won_lost(5, 5)}},
            hand("dreier", points=40),
            None,
            (-5, 15, -5, -5),
            id="extended-contract-value",
        ),
        # Farbendreier lost 4 (base 3, 6 by Vorhand): Vorhand keeps the base's double, 8 each
        pytest.param(
            "extended",
            {"contracts": {"farbendreier": won_lost(4, 4)}},
            hand("farbendreier", points=30),
            None,
            (8, -24, 8, 8),
            id="extended-vorhand-keeps-the-double",
        ),
        # the same lost by seat 2, not Vorhand: 4 each
        pytest.param(
            "extended",
            {"contracts": {"farbendreier": won_lost(4, 4)}},
            hand("farbendreier", declarer=2, points=30),
            None,
            (4, 4, -12, 4),
            id="extended-not-vorhand-pays-the-value",
        ),
        # Kakadu announced 8 (base 6) + the Rufer's 1 = 9
        pytest.param(
            "extended",
            {"bonuses": {"kakadu": silent_announced(4, 8)}},
            hand("rufer", partner=3, points=40, bonuses=[b("kakadu", announced=True)]),
            None,
            (-9, 9, -9, 9),
            id="extended-bonus-value",
        ),
        # Valat multiplies the game by 6 (base 4): 6 x 1 = 6
        pytest.param(
            "extended",
            {"valat": silent_announced(6, 12)},
            hand("rufer", partner=3, valat="declarer"),
            None,
            (-6, 6, -6, 6),
            id="extended-valat-silent",
        ),
        # the silent-bonus exception compares with (6 - 1) x 1 = 5: the silent bonuses 1 + 1 +
        # 1 + 1 = 4 are not more, so 6 x 1 = 6 (the base's 3 x 1 would take 1 + 4 = 5)
        pytest.param(
            "extended",
            {"valat": silent_announced(6, 12)},
            hand(
                "rufer",
                partner=3,
                valat="declarer",
                bonuses=[b("trull"), b("four_kings"), b("grammeln"), b("pagat")],
            ),
            None,
            (-6, 6, -6, 6),
            id="extended-exception-uses-silent-minus-one",
        ),
        # 1 + 1 + 1 + 1 + 1 + 2 = 7 is more than 5: game 1 + the bonuses 7 = 8
        pytest.param(
            "extended",
            {"valat": silent_announced(6, 12)},
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
                    b("uhu"),
                ],
            ),
            None,
            (-8, 8, -8, 8),
            id="extended-exception-above-silent-minus-one",
        ),
        # a failed announced Valat: 12 x the lost value 1 = 12
        pytest.param(
            "extended",
            {"valat": silent_announced(6, 12)},
            hand("rufer", partner=3, valat_announced=True, points=60),
            None,
            (12, -12, 12, -12),
            id="extended-failed-valat-uses-announced",
        ),
        # kontra maximum 1 (base 3): Kontra on the Dreier, 4 x 2 = 8
        pytest.param(
            "extended",
            {"kontra_max": 1},
            hand("dreier", points=40, kontra={"game": 1}),
            None,
            (-8, 24, -8, -8),
            id="extended-kontra-at-the-maximum",
        ),
        # --- ooe ---
        # Farbensolo 5 (base 6)
        pytest.param(
            "ooe",
            {"contracts": {"farbensolo": won_lost(5, 5)}},
            hand("farbensolo", points=40),
            None,
            (-5, 15, -5, -5),
            id="ooe-contract-value",
        ),
        # Quapil announced 10 (base 8) + Dreier 4 = 14
        pytest.param(
            "ooe",
            {"bonuses": {"quapil": silent_announced(5, 10)}},
            hand("dreier", points=40, bonuses=[b("quapil", announced=True)]),
            None,
            (-14, 42, -14, -14),
            id="ooe-bonus-value",
        ),
        # Valat multiplies the game by 5 (base 4): 5 x 1 = 5
        pytest.param(
            "ooe",
            {"valat": silent_announced(5, 10)},
            hand("rufer", partner=3, valat="declarer"),
            None,
            (-5, 5, -5, 5),
            id="ooe-valat-silent",
        ),
        # the Renonce counts an announced Valat as A x the game: 10 x 1 to each other, -30
        pytest.param(
            "ooe",
            {"valat": silent_announced(5, 10)},
            hand("rufer", partner=3, renonce=1, valat_announced=True),
            None,
            (10, -30, 10, 10),
            id="ooe-renonce-announced-valat-uses-announced",
        ),
        # Besserrufer with Pagat removed still plays with the other birds: 1 + Uhu 4 = 5
        pytest.param(
            "ooe",
            {"bonuses": {"pagat": None}},
            hand("besserrufer", partner=3, points=40, bonuses=[b("uhu", announced=True)]),
            None,
            (-5, 5, -5, 5),
            id="ooe-besserrufer-keeps-its-other-birds",
        ),
        # kontra maximum 1 (base 3), kontras counted: Kontra on the Dreier, 4 x 2 = 8
        pytest.param(
            "ooe",
            {"kontra_max": 1},
            hand("dreier", points=40, kontra={"game": 1}),
            KONTRAS,
            (-8, 24, -8, -8),
            id="ooe-kontra-at-the-maximum",
        ),
    ],
)
def test_a_hand_scores_with_the_tariffs_numbers(
    ruleset: str,
    overrides: dict[str, Any],
    record: dict[str, Any],
    options: dict[str, Any] | None,
    expected: tuple[int, ...],
) -> None:
    assert scores(ruleset, record, options=options, tariff=tariff(**overrides)) == expected


# removed contracts and bonuses are refused like unknown ones; a Kontra above the maximum too
@pytest.mark.parametrize(
    ("ruleset", "overrides", "record", "options", "field"),
    [
        ("lungau", {"contracts": {"dreier": None}}, hand("dreier", points=40), None, "contract"),
        (
            "lungau",
            {"bonuses": {"trull": None}},
            hand("dreier", points=40, bonuses=[b("trull")]),
            None,
            "bonuses[0].bonus",
        ),
        (
            "lungau",
            {"kontra_max": 1},
            hand("dreier", points=40, kontra={"game": 2}),
            None,
            "kontra.game",
        ),
        (
            "tirol_cup",
            {"contracts": {"trischaken": None}},
            {"contract": "trischaken"},
            None,
            "contract",
        ),
        (
            "tirol_cup",
            {"bonuses": {"mondfang": None}},
            hand("dreier", points=40, bonuses=[b("mondfang")]),
            None,
            "bonuses[0].bonus",
        ),
        (
            "tirol_cup",
            {"kontra_max": 2},
            hand("dreier", points=40, kontra={"game": 3}),
            KONTRAS,
            "kontra.game",
        ),
        (
            "standard",
            {"contracts": {"farbensolo": None}},
            hand("farbensolo", points=40),
            None,
            "contract",
        ),
        (
            "standard",
            {"bonuses": {"sack": None}},
            hand("rufer", partner=3, points=60, bonuses=[b("sack", announced=True)]),
            None,
            "bonuses[0].bonus",
        ),
        (
            "standard",
            {"kontra_max": 3},
            hand("rufer", partner=3, points=40, kontra={"game": 4}),
            None,
            "kontra.game",
        ),
        ("extended", {"contracts": {"piccolo": None}}, hand("piccolo", tricks=1), None, "contract"),
        (
            "extended",
            {"bonuses": {"grammeln": None}},
            hand("dreier", points=60, bonuses=[b("grammeln")]),
            None,
            "bonuses[0].bonus",
        ),
        (
            "extended",
            {"kontra_max": 0},
            hand("dreier", points=40, kontra={"game": 1}),
            None,
            "kontra.game",
        ),
        ("ooe", {"contracts": {"bettler": None}}, hand("bettler", tricks=0), None, "contract"),
        (
            "ooe",
            {"bonuses": {"pagat": None}},
            hand("besserrufer", partner=3, points=40, bonuses=[b("pagat", announced=True)]),
            None,
            "bonuses[0].bonus",
        ),
        (
            "ooe",
            {"kontra_max": 1},
            hand("dreier", points=40, kontra={"game": 2}),
            KONTRAS,
            "kontra.game",
        ),
    ],
)
def test_a_hand_the_tariff_leaves_out_is_refused(
    ruleset: str,
    overrides: dict[str, Any],
    record: dict[str, Any],
    options: dict[str, Any] | None,
    field: str,
) -> None:
    with pytest.raises(ScoringError) as error:
        scores(ruleset, record, options=options, tariff=tariff(**overrides))
    assert error.value.field == field


@pytest.mark.parametrize("key", list(RULESETS))
@pytest.mark.parametrize(
    "record",
    [
        hand("dreier", points=40),
        hand("dreier", points=30, kontra={"game": 1}),
        hand("rufer", partner=3, valat="declarer"),
        hand("rufer", partner=3, points=60, valat_announced=True),
    ],
    ids=["won", "lost-kontra", "valat", "failed-valat"],
)
def test_a_tariff_without_overrides_scores_as_its_base(key: str, record: dict[str, Any]) -> None:
    rs = get_ruleset(key)
    # Lungau's Rufer calls with a bird: its first King contract stands in for the Rufer
    record = dict(record)
    if record["contract"] not in rs.contract_map:
        record["contract"] = next(c.key for c in rs.contracts if c.calls_king)
        record["bonuses"] = [b(rs.contracts[0].mandatory_birds[0], announced=True)]
    base = score_hand(key, record).scores
    assert score_hand(key, record, tariff={"name": "Same"}).scores == base


def test_applying_a_tariff_leaves_the_base_ruleset_unchanged() -> None:
    before = get_ruleset("tirol_cup")
    apply_tariff(before, tariff(valat=silent_announced(15, 30), kontra_max=1))
    assert (get_ruleset("tirol_cup").rules.valat.silent, get_ruleset("tirol_cup").max_kontra) == (
        10,
        3,
    )


@pytest.mark.parametrize(
    ("ruleset", "value", "message"),
    [
        (
            "tirol_cup",
            [],
            "tariff: must be an object with name, contracts, bonuses, valat, kontra_max",
        ),
        ("tirol_cup", {}, "tariff: name: missing: a tariff has a name"),
        ("tirol_cup", {"name": " "}, "tariff: name: must be text"),
        ("tirol_cup", {"name": "x" * 81}, "tariff: name: longer than 80 characters"),
        ("tirol_cup", {"name": "a\x00b"}, "tariff: name: has the control character U+0000"),
        (
            "tirol_cup",
            tariff(colours=1),
            "tariff: colours: is not a field of a tariff (fields: name, contracts, bonuses, valat, "
            "kontra_max)",
        ),
        (
            "tirol_cup",
            tariff(contracts={"dreierx": won_lost(1, 1)}),
            "tariff: contracts: 'dreierx' is not a contract of tirol_cup",
        ),
        (
            "tirol_cup",
            tariff(contracts=[1]),
            "tariff: contracts: must be an object of keys and their numbers",
        ),
        (
            "tirol_cup",
            tariff(contracts={"dreier": won_lost(0, 5)}),
            "tariff: contracts.dreier.won: 0 is not a whole number from 1 to 100",
        ),
        (
            "tirol_cup",
            tariff(contracts={"dreier": won_lost(5, 101)}),
            "tariff: contracts.dreier.lost: 101 is not a whole number from 1 to 100",
        ),
        (
            "tirol_cup",
            tariff(contracts={"dreier": {"won": True, "lost": 5}}),
            "tariff: contracts.dreier.won: True is not a whole number from 1 to 100",
        ),
        (
            "tirol_cup",
            tariff(contracts={"dreier": {"won": 5}}),
            "tariff: contracts.dreier.lost: missing: give a number",
        ),
        (
            "tirol_cup",
            tariff(contracts={"dreier": {"won": 5, "lost": 5, "vorhand": 10}}),
            "tariff: contracts.dreier.vorhand: is not a field here (fields: won, lost)",
        ),
        (
            "tirol_cup",
            tariff(contracts={"dreier": 5}),
            "tariff: contracts.dreier: must be an object with won and lost",
        ),
        (
            "tirol_cup",
            tariff(contracts={"trischaken": won_lost(3, 3)}),
            "tariff: contracts.trischaken: Trischaken is paid by its own rule: only null "
            "(removing it) is allowed",
        ),
        (
            "lungau",
            tariff(
                contracts={
                    k: None
                    for k in (
                        "rufer_pagat",
                        "rufer_uhu",
                        "dreier",
                        "sechserdreier",
                        "fahren",
                        "solorufer",
                        "solodreier",
                    )
                }
            ),
            "tariff: contracts: a tariff keeps at least one contract",
        ),
        (
            "tirol_cup",
            tariff(bonuses={"pagatx": None}),
            "tariff: bonuses: 'pagatx' is not a bonus of tirol_cup",
        ),
        (
            "tirol_cup",
            tariff(bonuses={"pagat": silent_announced(-1, 2)}),
            "tariff: bonuses.pagat.silent: -1 is not a whole number from 0 to 100",
        ),
        (
            "tirol_cup",
            tariff(bonuses={"pagat": silent_announced(None, None)}),
            "tariff: bonuses.pagat: give a silent or an announced value, or null to remove the "
            "bonus",
        ),
        (
            "standard",
            tariff(bonuses={"mondfang": silent_announced(1, 2)}),
            "tariff: bonuses.mondfang.announced: Mondfang has no announced value in standard: "
            "give null",
        ),
        (
            "lungau",
            tariff(bonuses={"pagat": None}),
            "tariff: bonuses.pagat: Rufer mit Spatz must announce Spatz (Pagat ultimo): keep its "
            "announced value, or remove the contract too",
        ),
        (
            "lungau",
            tariff(bonuses={"uhu": silent_announced(1, None)}),
            "tariff: bonuses.uhu: Rufer mit Uhu must announce Uhu: keep its announced value, or "
            "remove the contract too",
        ),
        (
            "tirol_cup",
            tariff(valat=silent_announced(0, 30)),
            "tariff: valat.silent: 0 is not a whole number from 1 to 100",
        ),
        (
            "tirol_cup",
            tariff(valat=silent_announced(15, None)),
            "tariff: valat.announced: None is not a whole number from 1 to 100",
        ),
        (
            "tirol_cup",
            tariff(kontra_max=4),
            "tariff: kontra_max: 4 is above the highest Kontra level of tirol_cup (3)",
        ),
        (
            "tirol_cup",
            tariff(kontra_max=-1),
            "tariff: kontra_max: -1 is not a Kontra level (0 to 3)",
        ),
        (
            "tirol_cup",
            tariff(kontra_max="2"),
            "tariff: kontra_max: '2' is not a Kontra level (0 to 3)",
        ),
    ],
)
def test_a_bad_tariff_is_refused_naming_the_field(ruleset: str, value: Any, message: str) -> None:
    with pytest.raises(TariffError) as error:
        apply_tariff(get_ruleset(ruleset), value)
    assert str(error.value) == message


def test_a_refused_tariff_keeps_its_field_and_message_when_pickled() -> None:
    with pytest.raises(TariffError) as error:
        apply_tariff(get_ruleset("tirol_cup"), tariff(kontra_max=4))
    again = pickle.loads(pickle.dumps(error.value))  # noqa: S301 - bytes pickled here
    assert (type(again), again.where, str(again)) == (TariffError, "kontra_max", str(error.value))
