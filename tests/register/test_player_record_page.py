"""The record page: statistics shown, filters by GET, a clear message for unknown values, the
slot for the national entry, German and English."""

import pytest
from django.urls import reverse
from django.utils import translation

from tarock_cup.tournaments.models import Player
from tests.register.record_fixture import two_tournaments

pytestmark = pytest.mark.django_db


@pytest.fixture
def anna(django_user_model):
    two_tournaments(django_user_model.objects.create_user("owner"))
    return Player.objects.get(name="Anna Huber")


def html_of(client, anna, language="de", **query):
    with translation.override(language):
        url = reverse("register_player", args=[anna.number])
    return client.get(url, query).content.decode()


def test_the_page_shows_the_hands_statistics(client, anna):
    # 6 hands, per 60 hands 25 × 60 / 6 = 250.0 (tests/register/test_statistics.py)
    html = html_of(client, anna, "en")
    assert '<dd id="stat-per60">250.0</dd>' in html, "the average per 60 hands"


def test_the_page_shows_the_player_number(client, anna):
    with translation.override("de"):
        label = anna.number_label()
    assert label in html_of(client, anna), "the number as on every player page"


def test_the_chart_has_a_title_and_its_numbers_stand_in_the_results_table(client, anna):
    html = html_of(client, anna, "en")
    assert ('<title id="chart-title">' in html, 'id="record-results"' in html) == (True, True)


@pytest.mark.parametrize(
    ("query", "shown", "hidden"),
    [
        ({"season": "2025/26"}, "Turnier ALT-A", "Turnier TIROL-A"),
        ({"cup": "tirol"}, "Turnier TIROL-B", "Turnier ALT-B"),
    ],
)
def test_the_filters_choose_the_tournaments(client, anna, query, shown, hidden):
    two_tournaments(anna.registrations.first().tournament.owner, cup_slug="alt", season="2025/26")
    html = html_of(client, anna, "en", **query)
    assert (shown in html, hidden in html) == (True, False), f"{query} shows {shown} only"


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ({"season": "1999/00"}, "no results in the season 1999/00"),
        ({"cup": "<b>nowhere</b>"}, "no results in a cup &lt;b&gt;nowhere&lt;/b&gt;"),
    ],
)
def test_an_unknown_filter_says_so_and_shows_everything(client, anna, query, message):
    html = html_of(client, anna, "en", **query)
    assert (message in html, "Turnier TIROL-A" in html) == (True, True), f"{query}: {message}"


def test_the_page_speaks_german(client, anna):
    html = html_of(client, anna, "de")
    assert "Durchschnitt je 60 Spiele" in html, "the German page"


def test_the_page_speaks_english(client, anna):
    assert "Average score per 60 hands" in html_of(client, anna, "en"), "the English page"


def test_the_charts_numbers_are_not_localised_in_german(client, anna):
    # A German decimal comma ("204,0") would break the SVG's coordinates.
    html = html_of(client, anna, "de")
    assert 'y1="204.0"' in html, "the zero line's coordinate is written with a point"
