"""The season table: points from each tournament's standings, counted and provisional marks."""

import re

import pytest
from django.urls import reverse

from tests.cups.helpers import make_cup, played

pytestmark = pytest.mark.django_db


@pytest.fixture
def season(director):
    # Table points 10, 6, 3. Best 1 regular result counts; the final counts double.
    a = played(director, "a", {"Anna": 50, "Bert": 30, "Cilli": 10}, day=1)
    b = played(director, "b", {"Bert": 40, "Anna": 20, "Cilli": 5}, day=8)
    f = played(director, "f", {"Cilli": 70, "Bert": 60, "Anna": 0}, day=20)
    # Anna 10 + (6) + 3×2 = 16; Bert (6) + 10 + 6×2 = 22; Cilli (3) (3) + 10×2 = 23
    return make_cup(director, [a, b], final=f, best=1, final_factor=2, qualify=2)


def _row(html, name):
    match = re.search(rf"<tr[^>]*>(?:(?!</tr>).)*{name}(?:(?!</tr>).)*</tr>", html, re.S)
    return match.group(0) if match else ""


def test_the_season_table_ranks_by_season_points(client, season):
    html = client.get(reverse("cup", args=[season.slug])).content.decode()
    order = [html.index(name) for name in ("Cilli", "Bert", "Anna")]
    assert order == sorted(order), "Cilli (23) ranks above Bert (22) above Anna (16)"


@pytest.mark.parametrize(
    ("name", "shown"),
    [
        ("Anna", '<td class="num total">16</td>'),
        ("Anna", '<strong class="counted">10</strong>'),
        ("Anna", "(6)"),
        ("Bert", '<td class="num total">22</td>'),
        ("Cilli", '<strong class="counted">20</strong>'),
    ],
)
def test_the_season_table_marks_the_counted_points(client, season, name, shown):
    html = client.get(reverse("cup", args=[season.slug])).content.decode()
    assert shown in _row(html, name), f"{name}'s row shows {shown}"


def test_only_the_qualification_places_are_marked_qualified(client, season):
    html = client.get(reverse("cup", args=[season.slug])).content.decode()
    assert "Ja" not in _row(html, "Anna"), "Anna (3rd of 2 places) is not qualified"


def test_an_unfinished_tournament_is_marked_provisional(client, director, season):
    played(director, "live", {"Anna": 1, "Bert": 0}, day=15, finished=False)
    from tarock_cup.cups.models import CupTournament
    from tarock_cup.tournaments.models import Tournament

    CupTournament.objects.create(cup=season, tournament=Tournament.objects.get(slug="live"))
    html = client.get(reverse("cup", args=[season.slug])).content.decode()
    assert "vorläufig" in html, "the page says the unfinished tournament is provisional"


def test_a_finished_tournament_is_not_marked_provisional(client, season):
    html = client.get(reverse("cup", args=[season.slug])).content.decode()
    assert "vorläufig" not in html, "no tournament of a finished season is provisional"


def test_the_cup_page_lists_each_tournaments_winner(client, season):
    html = client.get(reverse("cup", args=[season.slug])).content.decode()
    assert "Turnier f</a> <strong>(Finale)</strong>" in html and "Sieger: Cilli" in html.replace(
        "Sieger:in", "Sieger"
    ), "the final is named with its winner"


def test_a_players_page_shows_each_result(client, season):
    from tarock_cup.tournaments.models import Player

    anna = Player.objects.get(name="Anna")
    html = client.get(reverse("cup_player", args=[season.slug, anna.pk])).content.decode()
    assert '<span class="not-counted">(6)</span>' in html, "Anna's uncounted 6 is in brackets"


def test_a_player_outside_the_season_has_no_page(client, season):
    from tests.cups.helpers import player

    nobody = player("Niemand")
    response = client.get(reverse("cup_player", args=[season.slug, nobody.pk]))
    assert response.status_code == 404, "a player who played no tournament of the cup is a 404"


def test_a_tournament_a_player_missed_is_an_empty_cell(client, director, season):
    played(director, "d", {"Dora": 1}, day=25)
    from tarock_cup.cups.models import CupTournament
    from tarock_cup.tournaments.models import Tournament

    CupTournament.objects.create(cup=season, tournament=Tournament.objects.get(slug="d"))
    html = client.get(reverse("cup", args=[season.slug])).content.decode()
    assert "None" not in _row(html, "Dora"), "Dora's missed tournaments are empty, not None"


def test_a_long_season_comes_fifty_players_a_page(client, director):
    field = {f"Spieler {i:03d}": 200 - i for i in range(60)}
    cup = make_cup(director, [played(director, "gross", field)])
    html = client.get(reverse("cup", args=[cup.slug]) + "?page=2").content.decode()
    assert "Spieler 050" in html and "Spieler 049" not in html and "Seite 2 von 2" in html, (
        "the second page starts with the 51st player"
    )
