"""A tariff's page lists its base's readings with the tariff's numbers, in both languages."""

import pytest
from django.utils import translation

from tarock_cup.tariffs.models import Tariff

pytestmark = pytest.mark.django_db

TIROL_2012 = {
    "contracts": {"besserrufer": {"won": 2, "lost": 2}, "sechserdreier": {"won": 5, "lost": 10}},
    "valat": {"silent": 15, "announced": 30},
}


@pytest.fixture
def tariff(director):
    return Tariff.objects.create(
        name="Tirol 2012", ruleset="tirol_cup", numbers=TIROL_2012, owner=director
    )


@pytest.mark.parametrize(
    "lang, text",
    [
        ("en", "no Kontra: −3 × (2 + bird value)"),
        ("de", "kein Kontra: −3 × (2 + Wert des Vogels)"),
        ("en", "each defender receives 10, the declarer 3 × 5."),
        ("de", "erhält jeder Gegenspieler 10, der Spieler 3 × 5."),
        ("en", "A lost Sechserdreier costs 10 instead of 5"),
        ("de", "Ein verlorener Sechserdreier kostet 10 statt 5"),
        ("en", "15 silent, 30 announced"),
    ],
)
def test_the_tariffs_page_reads_the_tariffs_numbers(client, tariff, lang, text):
    with translation.override(lang):
        page = client.get(tariff.get_absolute_url()).content.decode()
    assert text in page


@pytest.mark.parametrize(
    "lang, text",
    [("en", "−3 × (1 + bird value)"), ("en", "receives 8, the declarer 3 × 4")],
)
def test_the_tariffs_page_shows_no_base_number_it_changed(client, tariff, lang, text):
    with translation.override(lang):
        page = client.get(tariff.get_absolute_url()).content.decode()
    assert text not in page
