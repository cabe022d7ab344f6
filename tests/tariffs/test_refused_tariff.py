"""A stored tariff the engine refuses now (its base ruleset changed since, or it was stored by
hand) gives no 500: its pages and the pages of a tournament that uses it say why."""

import pytest
from django.urls import reverse
from django.utils import translation

from tarock_cup.tariffs.models import Tariff
from tarock_cup.tournaments import sheets
from tarock_cup.tournaments.models import Hand
from tests.factories import make_table, make_tournament

pytestmark = pytest.mark.django_db

RUFER = {"contract": "rufer", "declarer": 1, "partner": 3, "valat": "declarer"}
# a contract tirol_cup does not have: what a tariff becomes when its base loses a contract
REFUSED = {"contracts": {"skat": {"won": 2, "lost": 2}}}


@pytest.fixture
def tariff(director):
    return Tariff.objects.create(name="Tirol 2012", ruleset="tirol_cup", owner=director)


@pytest.fixture
def table(director, tariff):
    tournament = make_tournament(director, "tirol_cup")
    tournament.tariff = tariff
    tournament.save()
    table = make_table(tournament)
    sheets.save_hand(table, RUFER)
    # stored directly, as no page would let it be saved
    Tariff.objects.filter(pk=tariff.pk).update(numbers=REFUSED)
    return table


def _get(client, url):
    response = client.get(url)
    return response.status_code, response.content.decode()


def test_the_tariffs_page_says_it_cannot_be_applied(client, table, tariff):
    status, page = _get(client, tariff.get_absolute_url())
    assert (status, 'id="tariff-refused"' in page) == (200, True)


def test_the_tariffs_page_names_the_refused_field(client, table, tariff):
    with translation.override("en"):
        page = client.get(tariff.get_absolute_url()).content.decode()
    assert "Tariff – Contracts: &#x27;skat&#x27; is not a contract of Tiroler Tarockcup" in page


def test_the_tariffs_page_of_an_unknown_ruleset_says_it_cannot_be_applied(client, tariff):
    Tariff.objects.filter(pk=tariff.pk).update(ruleset="skat")
    status, page = _get(client, tariff.get_absolute_url())
    assert (status, 'id="tariff-refused"' in page) == (200, True)


def test_the_edit_page_starts_from_the_rulesets_numbers(director_client, table, tariff):
    status, page = _get(director_client, reverse("tariff_edit", args=[tariff.pk]))
    assert (status, 'name="c_rufer_won"' in page) == (200, True)


def test_the_edit_page_warns_that_the_stored_numbers_are_refused(director_client, table, tariff):
    with translation.override("en"):
        page = director_client.get(reverse("tariff_edit", args=[tariff.pk])).content.decode()
    assert "cannot be applied" in page


def test_the_edit_page_of_an_unknown_ruleset_leads_back_to_the_tariff(director_client, tariff):
    Tariff.objects.filter(pk=tariff.pk).update(ruleset="skat")
    response = director_client.get(reverse("tariff_edit", args=[tariff.pk]))
    assert response.url == tariff.get_absolute_url()


def test_the_tournament_page_says_its_tariff_cannot_be_applied(client, table):
    status, page = _get(client, reverse("tournament", args=["cup"]))
    assert (status, 'id="tariff-not-applicable"' in page) == (200, True)


def test_a_tournament_with_a_good_tariff_shows_no_such_message(client, director, tariff):
    tournament = make_tournament(director, "tirol_cup")
    tournament.tariff = tariff
    tournament.save()
    assert 'id="tariff-not-applicable"' not in _get(client, reverse("tournament", args=["cup"]))[1]


def _scoring_pages(table):
    slug, r, t = "cup", table.round.number, table.number
    return {
        "table": reverse("table", args=[slug, r, t]),
        "hand": reverse("hand_edit", args=[slug, r, t, 1]),
        "score cards": reverse("score_cards", args=[slug, r]),
        "table link": reverse("table_link", args=[table.token]),
        "workbook": reverse("export_tournament_xlsx", args=[slug]),
    }


@pytest.mark.parametrize("page", ["table", "hand", "score cards", "table link", "workbook"])
def test_a_scoring_page_says_the_tariff_cannot_be_applied(director_client, table, page):
    status, body = _get(director_client, _scoring_pages(table)[page])
    assert (status, 'id="tariff-not-applicable"' in body) == (409, True)


@pytest.mark.parametrize(
    "lang, text",
    [
        ("en", "The tariff Tirol 2012 (version 1) of this tournament cannot be applied"),
        ("de", "Der Tarif Tirol 2012 (Version 1) dieses Turniers kann nicht angewendet werden"),
    ],
)
def test_the_message_reads_in_both_languages(director_client, table, lang, text):
    with translation.override(lang):
        body = director_client.get(_scoring_pages(table)["table"]).content.decode()
    assert text in body


def test_a_hand_saved_meanwhile_is_refused_and_nothing_changes(director_client, table):
    url = reverse("table", args=["cup", 1, 1])
    response = director_client.post(url, {"contract": "rufer", "declarer": "1", "partner": "3"})
    assert (response.status_code != 500, Hand.objects.count()) == (True, 1)


def test_the_director_moves_the_tournament_to_the_rulesets_own_numbers(director_client, table):
    data = {
        "name": "Cup",
        "slug": "cup",
        "date": "2026-11-28",
        "ruleset": "tirol_cup",
        "hands_four": "16",
        "hands_five": "20",
        "rounds_planned": "3",
        "public": "on",
        "tariff": "",
    }
    director_client.post(reverse("tournament_edit", args=["cup"]), data)
    status, _ = _get(director_client, reverse("table", args=["cup", 1, 1]))
    assert status == 200
