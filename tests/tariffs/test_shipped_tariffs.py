"""The tariffs and presets shipped with the product (RULES.md section 11): their data files load
and the engine takes them, their rows are made once and nobody changes them, and hands scored by
them give the figures worked by hand below.

Tirol 2020/21 and Vienna 2020 rows are RULES.md's worked cases (S1–S5, B1–B4; dealer seat 3, so
the declarer is Vorhand, seat 0). The Tirol 2014 rows are worked here from its four numbers
(dealer seat 0, declarer seat 1 unless given).
"""

from typing import Any

import pytest

from scoring import score_hand
from tarock_cup.tariffs import catalogue, shipped
from tarock_cup.tariffs.models import Tariff
from tests.scoring.hands import b, hand

TARIFF_KEYS = ["tirol_2020_21", "tirol_2014"]


def sheet_tariff(key: str) -> dict[str, Any]:
    """Return the shipped file's tariff as a sheet writes it."""
    file = shipped.read_file(key)
    return {"name": file.name, **file.numbers}


@pytest.mark.parametrize("key", TARIFF_KEYS)
def test_each_shipped_tariff_file_loads_and_the_engine_takes_it(key: str) -> None:
    file = shipped.read_file(key)
    assert (file.ruleset, file.version) == ("tirol_cup", 1), f"{key}.json should be over tirol_cup"


@pytest.mark.parametrize(
    ("key", "numbers"),
    [
        (
            "tirol_2020_21",
            {
                "bonuses": {
                    "sack": {"silent": 1, "announced": 2},
                    "sack2": {"silent": 1, "announced": 2},
                }
            },
        ),
        (
            "tirol_2014",
            {
                "contracts": {
                    "besserrufer": {"won": 2, "lost": 2},
                    "piccolo_ouvert": {"won": 7, "lost": 7},
                    "zwiccolo_ouvert": {"won": 7, "lost": 7},
                },
                "valat": {"silent": 15, "announced": 30},
            },
        ),
    ],
)
def test_each_shipped_tariff_has_the_numbers_of_its_source(key: str, numbers: dict) -> None:
    assert shipped.read_file(key).numbers == numbers, f"{key} should carry RULES.md's numbers"


def test_the_2014_tariff_is_marked_third_party() -> None:
    marked = {c.key for c in catalogue.CHOICES if c.third_party}
    assert marked == {"tirol_2014"}, "only the TarockBlock table of 2014 is third-party"


@pytest.mark.parametrize("choice", catalogue.CHOICES, ids=lambda c: c.key)
def test_every_shipped_choice_names_its_sources(choice: catalogue.ShippedChoice) -> None:
    unknown = [s for s in choice.sources if s not in catalogue.SOURCES]
    assert (bool(choice.sources), unknown) == (True, []), f"{choice.key}: sources missing"


def test_a_broken_shipped_file_is_refused_naming_the_file(tmp_path, monkeypatch) -> None:
    (tmp_path / "broken.json").write_text(
        '{"ruleset": "tirol_cup", "tariff": {"name": "x", "valat": {"silent": 0, '
        '"announced": 20}}, "version": 1}',
        encoding="utf-8",
    )
    monkeypatch.setattr(shipped, "DATA", tmp_path)
    with pytest.raises(shipped.ShippedDataError, match="broken.json"):
        shipped.read_file("broken")


# --- hands scored by them ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("record", "expected", "why"),
    [
        (hand("dreier", declarer=0, points=46), (18, -6, -6, -6), "S1: 5 + silent 1st Sack 1"),
        (
            hand("dreier", declarer=0, points=14),
            (-21, 7, 7, 7),
            "S2: −5 and the defenders' two silent Säcke",
        ),
        (
            hand("solodreier", declarer=0, points=46),
            (36, -12, -12, -12),
            "S3: 10 + silent Sack 1 × Solo factor 2",
        ),
        (
            hand("dreier", declarer=0, points=56, bonuses=[b("sack", announced=True)]),
            (24, -8, -8, -8),
            "S5: 5 + announced 1st Sack 2 + silent 2nd Sack 1",
        ),
    ],
)
def test_hands_under_tirol_2020_21(record: dict, expected: tuple, why: str) -> None:
    scores = score_hand("tirol_cup", record, dealer=3, tariff=sheet_tariff("tirol_2020_21"))
    assert scores.scores == expected, why


@pytest.mark.parametrize(
    ("record", "expected", "why"),
    [
        (
            hand("piccolo_ouvert", tricks=1),
            (-7, 21, -7, -7),
            "Piccolo ouvert won is worth 7 from each",
        ),
        (
            hand("zwiccolo_ouvert", tricks=3),
            (7, -21, 7, 7),
            "Zwiccolo ouvert lost costs 7 to each",
        ),
        (
            hand("besserrufer", partner=3, points=40, bonuses=[b("kakadu", announced=True)]),
            (-8, 8, -8, 8),
            "Besserrufer 2 + announced Kakadu 6 = 8",
        ),
        (
            hand("rufer", partner=3, valat="declarer"),
            (-16, 16, -16, 16),
            "Rufer 1 + silent Valat 15 = 16",
        ),
        (
            hand("solodreier", valat="declarer", valat_announced=True),
            (-70, 210, -70, -70),
            "Solodreier 10 + announced Valat 30 × Solo factor 2 = 70",
        ),
        (
            hand("rufer", partner=3, points=60, valat_announced=True, bonuses=[b("pagat")]),
            (28, -28, 28, -28),
            "a failed announced Valat: 1 − 30 + silent Pagat 1 = −28",
        ),
    ],
)
def test_hands_under_tirol_2014(record: dict, expected: tuple, why: str) -> None:
    scores = score_hand("tirol_cup", record, dealer=0, tariff=sheet_tariff("tirol_2014"))
    assert scores.scores == expected, why


@pytest.mark.parametrize(
    ("record", "expected", "why"),
    [
        (
            hand("dreier", declarer=0, valat="declarer", bonuses=[b("trull")]),
            (45, -15, -15, -15),
            "B1: 5 + silent Valat 10; the silent Trull not paid",
        ),
        (
            hand("solorufer", declarer=0, partner=2, valat="declarer", valat_announced=True),
            (42, -42, 42, -42),
            "B2: 2 + announced Valat 20 × 2",
        ),
        (
            hand("dreier", declarer=0, points="50", valat_announced=True),
            (-45, 15, 15, 15),
            "B3: 5 − 20 for the failed announced Valat",
        ),
        (
            hand("sechserdreier", declarer=0, valat="defenders"),
            (-54, 18, 18, 18),
            "B4: −8 − 10 for the defenders' silent Valat",
        ),
    ],
)
def test_hands_under_the_vienna_2020_preset(record: dict, expected: tuple, why: str) -> None:
    preset = catalogue.CHOICE_MAP["vienna_2020"]
    scores = score_hand(preset.ruleset, record, dealer=3, options=dict(preset.options))
    assert scores.scores == expected, why


def test_the_vienna_preset_is_stmk_with_valat_bonus() -> None:
    preset = catalogue.CHOICE_MAP["vienna_2020"]
    assert (preset.ruleset, dict(preset.options)) == ("stmk", {"valat": "bonus"})


# --- their rows -------------------------------------------------------------------------


@pytest.mark.django_db
def test_sync_makes_one_row_for_each_shipped_file_owned_by_nobody() -> None:
    shipped.sync()
    shipped.sync()
    rows = sorted(Tariff.objects.values_list("shipped", "version", "owner"))
    assert rows == [("tirol_2014", 1, None), ("tirol_2020_21", 1, None)]


@pytest.mark.django_db
def test_a_shipped_row_carries_the_files_name_and_numbers() -> None:
    shipped.sync()
    row = Tariff.objects.get(shipped="tirol_2014")
    expected = shipped.read_file("tirol_2014")
    assert (row.name, row.numbers) == (expected.name, expected.numbers)


@pytest.mark.django_db
def test_sync_puts_back_numbers_changed_in_the_database_of_an_unused_version() -> None:
    shipped.sync()
    Tariff.objects.filter(shipped="tirol_2014").update(numbers={})
    shipped.sync()
    row = Tariff.objects.get(shipped="tirol_2014")
    assert row.numbers == shipped.read_file("tirol_2014").numbers


@pytest.mark.django_db
def test_nobody_may_edit_a_shipped_tariff_not_even_a_superuser(django_user_model) -> None:
    shipped.sync()
    boss = django_user_model.objects.create_superuser("boss", password="pw-123456")
    row = Tariff.objects.get(shipped="tirol_2020_21")
    assert row.may_edit(boss) is False, "a shipped tariff is read-only for everyone"


@pytest.mark.parametrize(
    ("ruleset", "options", "key", "expected"),
    [
        ("tirol_cup", {}, None, ("best_round", "lots")),
        (
            "tirol_cup",
            {},
            "tirol_2020_21",
            ("best_round", "second_best_round", "third_best_round", "lots"),
        ),
        ("tirol_cup", {}, "tirol_2014", ("best_round", "lots")),
        ("stmk", {"valat": "bonus"}, None, ("best_round", "second_best_round", "lots")),
        ("ooe", {}, None, ("best_round", "second_best_round", "lots")),
    ],
)
@pytest.mark.django_db
def test_default_tie_breakers_follow_the_shipped_rules(ruleset, options, key, expected) -> None:
    shipped.sync()
    tariff = Tariff.objects.get(shipped=key) if key else None
    got = shipped.default_tie_breakers(ruleset, options, tariff)
    assert got == expected, f"{key or ruleset} should start with {expected}"
