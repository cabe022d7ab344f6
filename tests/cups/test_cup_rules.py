"""The public cup page explains how its points are given: the method with its numbers, the
results that count, the final's factor and the qualification places, in German and English."""

import pytest
from django.urls import reverse

from tests.cups.helpers import make_cup, played

pytestmark = pytest.mark.django_db

POWER = {"method": "power", "max": 200, "exponent": 3}
FIXPUNKTE = {"method": "table", "points": [10, 6, 3]}
HEINE = {"method": "score", "full": 100, "cap": 200}


@pytest.fixture
def tournaments(director):
    return (
        played(director, "a", {"Anna": 150, "Bert": 30, "Cilli": 10}, day=1),
        played(director, "f", {"Bert": 60, "Anna": 0}, day=20),
    )


def page(client, director, tournaments, *, language="", **fields):
    regular, final = tournaments
    cup = make_cup(director, [regular], final=final, **fields)
    return client.get(language + reverse("cup", args=[cup.slug])).content.decode()


@pytest.mark.parametrize(
    ("points", "said"),
    [
        (POWER, "erhält Platz r 200 × ((N − r) / (N − 1))^3 Punkte"),
        (POWER, "Zum Beispiel bei einem Turnier mit 20 Spielern:"),
        (POWER, "<li>2 → <strong>170</strong></li>"),
        (POWER, "<strong>Tiroler Formel (Tiroler Tarockcup bis 2019/20)</strong>"),
        (FIXPUNKTE, "aus einer festen Liste; jeder Platz nach Platz 3 erhält 0."),
        (FIXPUNKTE, "<li>3 → <strong>3</strong></li>"),
        (HEINE, "s bis 100; über 100: 100 plus die Hälfte dessen, was über 100 liegt"),
        (HEINE, "höchstens 200."),
        (HEINE, "(Turnierpunkte → Cuppunkte)"),
        (HEINE, "<li>200 → <strong>150</strong></li>"),
        (HEINE, "<strong>Heinewertung (Steiermark, Wien, Kärnten, Tirol seit 2020/21)</strong>"),
    ],
)
def test_the_cup_page_explains_the_method_with_its_numbers(
    client, director, tournaments, points, said
):
    html = page(client, director, tournaments, points=points)
    assert said in html, f"the page of a {points['method']} cup says {said!r}"


@pytest.mark.parametrize(
    ("fields", "said"),
    [
        ({}, "Jedes Ergebnis zählt für die Saison."),
        ({"best": 1}, "Für jeden Spieler zählt sein bestes Ergebnis der regulären Turniere."),
        ({"best": 4}, "Für jeden Spieler zählen seine besten 4 Ergebnisse der regulären Turniere."),
        ({"best": 4}, "Das Finale zählt immer, zusätzlich zu diesen Ergebnissen."),
        ({"final_factor": "1.5"}, "Die Cuppunkte des Finales werden mit 1,5 multipliziert."),
        ({"final_factor": "2"}, "Die Cuppunkte des Finales werden mit 2 multipliziert."),
        ({"qualify": 1}, "Der Sieger der Saisonwertung ist qualifiziert."),
        ({"qualify": 8}, "Qualifiziert sind die Spieler auf den Plätzen 1 bis 8 der Saisonwertung"),
    ],
)
def test_the_cup_page_says_what_counts(client, director, tournaments, fields, said):
    html = page(client, director, tournaments, points=FIXPUNKTE, **fields)
    assert said in html, f"a cup with {fields} says {said!r}"


def test_a_final_of_factor_one_is_not_said_to_be_multiplied(client, director, tournaments):
    html = page(client, director, tournaments, points=FIXPUNKTE)
    assert "multipliziert" not in html, "a factor of 1 changes nothing and is not mentioned"


@pytest.mark.parametrize(
    "said",
    [
        "Cup points from the tournament score s, whatever the rank",
        "Each player&#x27;s best 2 results of the regular tournaments count.",
        "The final&#x27;s cup points are multiplied by 1.5.",
        "The players ranked 1 to 3 in the season table qualify",
        "How cup points are given",
    ],
)
def test_the_english_cup_page_explains_its_rules_in_english(client, director, tournaments, said):
    html = page(
        client,
        director,
        tournaments,
        language="/en",
        points=HEINE,
        best=2,
        final_factor="1.5",
        qualify=3,
    )
    assert said in html, f"the English page says {said!r}"
