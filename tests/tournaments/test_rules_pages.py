"""The rules pages are generated from the engine's ruleset data, in both languages."""

import html
import re

import pytest
from django.urls import reverse
from django.utils import translation

import scoring

RULESETS = [info.key for info in scoring.rulesets()]


def _rules_page(client, key, lang):
    with translation.override(lang):
        return html.unescape(client.get(reverse("rules", args=[key])).content.decode())


@pytest.mark.parametrize("key", RULESETS)
@pytest.mark.parametrize("lang", ["de", "en"])
def test_a_rules_page_lists_every_contract_and_bonus(client, key, lang):
    info = scoring.get_ruleset(key)
    body = _rules_page(client, key, lang)
    with translation.override(lang):
        names = [translation.gettext(item.name) for item in info.contracts + info.bonuses]
    missing = [name for name in names if name not in body]
    assert missing == [], f"the rules page of {key} ({lang}) lacks {missing}"


@pytest.mark.parametrize("key", RULESETS)
def test_a_rules_page_shows_each_reading_of_its_ruleset(client, key):
    body = _rules_page(client, key, "de")
    readings = re.search(r'<ul class="readings">(.*?)</ul>', body, re.S).group(1)
    shown = readings.count("<li>")
    assert shown == len(scoring.get_ruleset(key).readings), f"{key} shows {shown} readings"


# Written out by hand from each ruleset's data file (its numbers in brackets), so that a reading
# shown with a wrong or missing number fails here.
READINGS = [
    # lungau: counted individually, 36 of 71 wins
    ("lungau", "de", "Das Spiel ist mit 36 oder mehr der 71 Kartenpunkte gewonnen."),
    ("lungau", "en", "The game is won with 36 or more of the 71 card points."),
    # lungau: valat.announced = 12, contracts.sechserdreier.lost = 4
    (
        "lungau",
        "de",
        "Der Sechserdreier rechnet mit seinem Verlustwert 4 (4 × 12 = 48 je Gegenspieler).",
    ),
    ("lungau", "en", "Sechserdreier uses its lost value 4 (4 × 12 = 48 per defender)."),
    (
        "lungau",
        "de",
        "Ein angesagter, verfehlter Valat der Gegenspieler bringt der Spielerseite 12 × den Wert "
        "des gewonnenen Spiels × 2^Spiel-Kontra, sonst nichts.",
    ),
    (
        "lungau",
        "en",
        "A failed announced Valat of the defenders gives the declarer's side 12 × the won game "
        "value × 2^game-Kontra, nothing else.",
    ),
    # tirol_cup: counted in threes, contracts.sechserdreier won 4, lost 8
    (
        "tirol_cup",
        "de",
        "Das Spiel ist mit 35 Punkten und 2 Karten (35/2) oder mehr von 70 gewonnen.",
    ),
    ("tirol_cup", "en", "The game is won with 35 points and 2 cards (35/2) or more of 70."),
    ("tirol_cup", "de", "Ein verlorener Sechserdreier kostet 8 statt 4, nur für das Spiel."),
    ("tirol_cup", "en", "A lost Sechserdreier costs 8 instead of 4, for the game only."),
    ("tirol_cup", "de", "beim Sechserdreier erhält jeder Gegenspieler 8, der Spieler 3 × 4."),
    ("tirol_cup", "en", "in a Sechserdreier each defender receives 8, the declarer 3 × 4."),
    # standard: counted in threes
    (
        "standard",
        "de",
        "Das Spiel ist mit 35 Punkten und 2 Karten (35/2) oder mehr von 70 gewonnen.",
    ),
    ("standard", "en", "The game is won with 35 points and 2 cards (35/2) or more of 70."),
    # extended: lost_by_vorhand 6 and 12; valat silent 4, announced 8
    (
        "extended",
        "de",
        "Verliert Vorhand einen Farbendreier oder ein Farbensolo, kostet das doppelt (6 bzw. 12).",
    ),
    ("extended", "en", "Farbendreier and Farbensolo lost by Vorhand cost double (6 and 12)."),
    ("extended", "de", "(× 4, angesagt × 8, auf den Wert des verlorenen Spiels)"),
    ("extended", "en", "(× 4, × 8 announced, on the lost game value)"),
    (
        "extended",
        "de",
        "Ein angesagter, verfehlter Valat kostet 8 × den Wert des verlorenen Spiels",
    ),
    ("extended", "en", "A failed announced Valat costs 8 × the lost game value"),
    # ooe: counted in threes, 35:35 loses; contracts.besserrufer.lost = 1
    ("ooe", "de", "oder mehr von 70 gewonnen; 35:35 verliert."),
    ("ooe", "en", "or more of 70; 35:35 loses."),
    ("ooe", "de", "einer gegen drei, kein Kontra: −3 × (1 + Wert des Vogels)."),
    ("ooe", "en", "one against three, no Kontra: −3 × (1 + bird value)."),
]


@pytest.mark.parametrize(("key", "lang", "text"), READINGS)
def test_a_rules_page_reads_its_rulesets_numbers(client, key, lang, text):
    assert text in _rules_page(client, key, lang), f"the rules page of {key} ({lang}) lacks it"


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
