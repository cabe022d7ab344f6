"""The rules pages are generated from the engine's ruleset data, in both languages."""

import pytest
from django.urls import reverse
from django.utils import translation

import scoring
from tarock_cup.tournaments import display

RULESETS = [info.key for info in scoring.rulesets()]


@pytest.mark.parametrize("key", RULESETS)
@pytest.mark.parametrize("lang", ["de", "en"])
def test_a_rules_page_lists_every_contract_bonus_and_reading(client, key, lang):
    info = scoring.get_ruleset(key)
    with translation.override(lang):
        body = client.get(reverse("rules", args=[key])).content.decode()
        expected = (
            [translation.gettext(c.name) for c in info.contracts]
            + [translation.gettext(b.name) for b in info.bonuses]
            + display.readings(info)
        )
    missing = [
        text for text in expected if text.replace("'", "&#x27;") not in body and text not in body
    ]
    assert missing == []


def test_an_unknown_ruleset_has_no_rules_page(client):
    assert client.get(reverse("rules", args=["skat"])).status_code == 404


def test_the_rules_index_names_the_game_that_is_out_of_scope(client):
    body = client.get(reverse("rules_index")).content.decode()
    assert "Mariage" in body


@pytest.mark.parametrize(
    ("key", "lang", "text"),
    [
        ("ooe", "de", "Bei gleicher Gesamtsumme entscheiden: Beste Runde, Zweitbeste Runde, Los"),
        ("tirol_cup", "en", "Ties on the total are broken by: Best round, Drawing lots"),
    ],
)
def test_a_rules_page_names_its_cups_tie_breakers(client, key, lang, text):
    with translation.override(lang):
        body = client.get(reverse("rules", args=[key])).content.decode()
    assert text in body, "the rules page says how the cup breaks ties"
