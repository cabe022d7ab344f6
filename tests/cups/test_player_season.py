"""A player's season page shows how each result became cup points: the rank, the tournament
score where known, the final's factor, the cup points and whether they count."""

import re

import pytest
from django.urls import reverse

from tarock_cup.tournaments.models import Player
from tests.cups.helpers import imported, make_cup, played

pytestmark = pytest.mark.django_db


@pytest.fixture
def season(director):
    # Table points 10, 6, 3. Best 1 regular result counts; the final counts double.
    a = played(director, "a", {"Anna": 50, "Bert": 30, "Cilli": 10}, day=1)
    b = played(director, "b", {"Bert": 40, "Anna": -20, "Cilli": -25}, day=8)
    f = played(director, "f", {"Cilli": 70, "Bert": 60, "Anna": 0}, day=20)
    # Anna: a 1st, 50 → 10; b 2nd, −20 → (6), dropped; f 3rd, 0 → 3 × 2 = 6
    return make_cup(director, [a, b], final=f, best=1, final_factor=2, qualify=2)


def cells(html, tournament):
    """Return the text of each cell of the tournament's line, tags left out."""
    row = re.search(rf"<tr[^>]*>(?:(?!</tr>).)*{tournament}(?:(?!</tr>).)*</tr>", html, re.S)
    assert row, f"the page has a line for {tournament}"
    found = re.findall(r"<td[^>]*>(.*?)</td>", row.group(0), re.S)
    return [" ".join(re.sub(r"<[^>]+>", " ", cell).split()) for cell in found]


def annas_page(client, cup, language=""):
    anna = Player.objects.get(name="Anna")
    return client.get(language + reverse("cup_player", args=[cup.slug, anna.pk])).content.decode()


@pytest.mark.parametrize(
    ("tournament", "line"),
    [
        ("Turnier a", ["01.09.2026", "Turnier a", "1", "50", "10", "ja"]),
        ("Turnier b", ["08.09.2026", "Turnier b", "2", "−20", "(6)", "nein (Streichergebnis)"]),
        ("Turnier f", ["20.09.2026", "Turnier f (Finale)", "3", "0", "6 = 3 × 2 (Finale)", "ja"]),
    ],
)
def test_each_result_shows_rank_score_factor_cup_points_and_whether_it_counts(
    client, season, tournament, line
):
    assert cells(annas_page(client, season), tournament) == line, (
        f"Anna's line of {tournament}: date, tournament, rank, score, cup points, counted"
    )


def test_the_page_names_its_columns(client, season):
    html = annas_page(client, season)
    heads = [" ".join(h.split()) for h in re.findall(r"<th(?: [^>]*)?>(.*?)</th>", html, re.S)]
    assert heads == ["Datum", "Turnier", "Platz", "Turnierpunkte", "Cuppunkte", "Gewertet"], (
        "each column says what it holds"
    )


def test_a_final_of_a_decimal_factor_shows_the_points_before_it(client, season):
    type(season).objects.filter(pk=season.pk).update(final_factor="1.5")
    assert cells(annas_page(client, season), "Turnier f")[4] == "4.5 = 3 × 1.5 (Finale)", (
        "3 cup points of the final × 1.5 make 4.5"
    )


def test_a_final_of_factor_one_shows_no_factor(client, season):
    type(season).objects.filter(pk=season.pk).update(final_factor="1")
    assert cells(annas_page(client, season), "Turnier f")[4] == "3", "nothing is multiplied"


def test_an_imported_ranking_without_scores_leaves_the_score_empty(client, director, season):
    season.entries.create(tournament=imported(director, "papier", ["Bert", "Anna"], day=15))
    assert cells(annas_page(client, season), "Papierturnier papier")[3] == "", (
        "the file gave no score, so none is shown"
    )


def test_the_page_links_to_how_cup_points_are_given(client, season):
    html = annas_page(client, season)
    assert f'href="/cups/{season.slug}/#cup-points"' in html, "the rules are one tap away"


@pytest.mark.parametrize(
    ("tournament", "column", "shown"),
    [
        ("Turnier b", 5, "no (dropped result)"),
        ("Turnier f", 4, "6 = 3 × 2 (final)"),
        ("Turnier f", 0, "20.09.2026"),
    ],
)
def test_the_english_page_says_it_in_english(client, season, tournament, column, shown):
    line = cells(annas_page(client, season, language="/en"), tournament)
    assert line[column] == shown, f"the English page shows {shown!r}"
