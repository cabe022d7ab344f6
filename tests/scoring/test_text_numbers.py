"""Readings and rule texts quote the ruleset's numbers by name, so a tariff's text reads its own
numbers and a built-in ruleset's reads its data's."""

from pathlib import Path

import pytest

import scoring
from scoring import get_ruleset, rulesets
from scoring.rulesets import RulesetDataError, load_ruleset
from scoring.tariff import apply_tariff

DATA = Path(scoring.__file__).parent


def _filled(rs: scoring.RulesetInfo) -> str:
    """Return every reading and rule text of the ruleset with its numbers, as one text."""
    texts = [text % rs.text_numbers(text) for text in rs.readings]
    for slot in ("valat", "renonce", "surrender"):
        rule = getattr(rs.rules, slot)
        if rule.text:
            texts.append(rule.text % {**rs.text_numbers(rule.text), **rule.numbers()})
    return "\n".join(texts)


@pytest.mark.parametrize(
    "name, expected",
    [
        ("valat.silent", 4),
        ("valat.announced", 8),
        ("kontra_max", 3),
        ("contracts.farbensolo.lost_by_vorhand", 12),
        ("contracts.sechserdreier.won", 3),
        ("bonuses.uhu.announced", 4),
        ("contracts.sechserdreier.lost*valat.announced", 48),
    ],
)
def test_a_name_gives_the_rulesets_number(name, expected):
    assert get_ruleset("extended").number(name) == expected


@pytest.mark.parametrize(
    "name", ["valat.base", "contracts.dreier.bonus_factor", "players", "bonuses.uhu.kind"]
)
def test_a_name_that_is_no_number_of_a_ruleset_is_refused(name):
    with pytest.raises(KeyError):
        get_ruleset("extended").number(name)


@pytest.mark.parametrize("key", [rs.key for rs in rulesets()])
def test_every_text_of_a_built_in_ruleset_is_filled(key):
    assert "%(" not in _filled(get_ruleset(key))


@pytest.mark.parametrize(
    "key, tariff, expected",
    [
        ("lungau", {"valat": {"silent": 6, "announced": 15}}, "costs 15 × (lost game value"),
        ("lungau", {"valat": {"silent": 6, "announced": 15}}, "(4 × 15 = 60 per defender)"),
        ("lungau", {"valat": {"silent": 6, "announced": 15}}, "gives the declarer's side 15 ×"),
        (
            "lungau",
            {
                "bonuses": {
                    "pagat": {"silent": 1, "announced": 3},
                    "uhu": {"silent": 2, "announced": 5},
                }
            },
            "each bird the declarer's side announced: Pagat 3, Uhu 5)",
        ),
        (
            "lungau",
            {"contracts": {"rufer_pagat": {"won": 2, "lost": 2}}},
            "silent Valat: 6 × (2 + 2)",
        ),
        (
            "tirol_cup",
            {"contracts": {"besserrufer": {"won": 2, "lost": 2}}},
            "−3 × (2 + bird value)",
        ),
        (
            "tirol_cup",
            {"contracts": {"sechserdreier": {"won": 5, "lost": 10}}},
            "each defender receives 10, the declarer 3 × 5",
        ),
        (
            "tirol_cup",
            {"contracts": {"sechserdreier": {"won": 5, "lost": 10}}},
            "A lost Sechserdreier costs 10 instead of 5",
        ),
        ("tirol_cup", {"valat": {"silent": 15, "announced": 30}}, "15 silent, 30 announced"),
        (
            "extended",
            {"contracts": {"farbensolo": {"won": 7, "lost": 7}}},
            "cost double (6 and 14)",
        ),
        ("extended", {"valat": {"silent": 5, "announced": 10}}, "(× 5, × 10 announced"),
        ("extended", {"valat": {"silent": 5, "announced": 10}}, "costs 10 × the lost game value"),
        (
            "ooe",
            {"contracts": {"besserrufer": {"won": 3, "lost": 3}}},
            "−3 × (3 + bird value)",
        ),
    ],
)
def test_a_tariffs_texts_read_its_numbers(key, tariff, expected):
    info = apply_tariff(get_ruleset(key), {"name": "Cup", **tariff})
    assert expected in _filled(info)


def test_a_number_of_a_contract_the_tariff_removed_reads_as_a_dash():
    info = apply_tariff(
        get_ruleset("tirol_cup"), {"name": "Cup", "contracts": {"sechserdreier": None}}
    )
    assert "A lost Sechserdreier costs — instead of —" in _filled(info)


def test_no_text_quotes_a_number_a_tariff_changes_by_hand():
    # a tariff with every such number different from every base: no base number may be left
    for rs in rulesets():
        odd = 97
        tariff = {
            "name": "Cup",
            "valat": {"silent": odd, "announced": odd},
            "contracts": {
                c.key: {"won": odd, "lost": odd}
                for c in rs.contracts
                if c.family is not scoring.Family.TRISCHAKEN
            },
        }
        plain = _filled(rs)
        changed = _filled(apply_tariff(rs, tariff))
        assert changed != plain, rs.key


@pytest.mark.parametrize(
    "name, reason",
    [
        ("contracts.skat.lost", "%(contracts.skat.lost)s: the ruleset has no such number"),
        ("valat.base", "%(valat.base)s is not a number of a ruleset"),
    ],
)
def test_the_loader_refuses_a_text_naming_a_number_the_ruleset_lacks(tmp_path, name, reason):
    text = (DATA / "tirol_cup.toml").read_text(encoding="utf-8")
    path = tmp_path / "tirol_cup.toml"
    path.write_text(text.replace("%(contracts.sechserdreier.lost)s instead", f"%({name})s instead"))
    with pytest.raises(RulesetDataError) as caught:
        load_ruleset(path)
    assert (caught.value.field, caught.value.reason) == ("readings[4]", reason)
