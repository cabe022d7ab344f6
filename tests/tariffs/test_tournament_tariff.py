"""A tournament plays a tariff: chosen when it is made, carried by every sheet, and moved to
another version only on the settings page, which scores the hands anew once confirmed."""

import pytest
from django.urls import reverse

from tarock_cup.tariffs.models import Tariff
from tarock_cup.tournaments import sheets
from tarock_cup.tournaments.models import Change, Hand, Tournament
from tests.factories import make_table, make_tournament

pytestmark = pytest.mark.django_db

SETTINGS = {
    "name": "Cup",
    "slug": "cup",
    "date": "2026-11-28",
    "ruleset": "tirol_cup",
    "hands_four": "16",
    "hands_five": "20",
    "rounds_planned": "3",
    "public": "on",
}
VALAT = {"contract": "rufer", "declarer": 1, "partner": 3, "valat": "declarer"}
TIROL_2012 = {"valat": {"silent": 15, "announced": 30}}


def make_tariff(owner, numbers=TIROL_2012, ruleset="tirol_cup", version=1, first=None):
    return Tariff.objects.create(
        name="Tirol 2012",
        ruleset=ruleset,
        numbers=numbers,
        owner=owner,
        version=version,
        first=first,
    )


def test_a_new_tournament_keeps_the_chosen_tariff(director_client, director):
    tariff = make_tariff(director)
    director_client.post(reverse("tournament_new"), {**SETTINGS, "tariff": tariff.pk})
    assert Tournament.objects.get().tariff == tariff


def test_a_tariff_over_another_ruleset_is_refused(director_client, director):
    tariff = make_tariff(director, numbers={}, ruleset="lungau")
    response = director_client.post(reverse("tournament_new"), {**SETTINGS, "tariff": tariff.pk})
    assert (Tournament.objects.count(), "tariff" in response.context["form"].errors) == (0, True)


@pytest.fixture
def played(director):
    tariff = make_tariff(director)
    tournament = make_tournament(director, "tirol_cup")
    tournament.tariff = tariff
    tournament.save()
    table = make_table(tournament)
    sheets.save_hand(table, VALAT)
    return tariff


def test_moving_to_another_version_asks_before_scoring_anew(director_client, director, played):
    newer = make_tariff(
        director, {"valat": {"silent": 12, "announced": 24}}, version=2, first=played
    )
    director_client.post(reverse("tournament_edit", args=["cup"]), {**SETTINGS, "tariff": newer.pk})
    assert Tournament.objects.get().tariff == played


def test_a_confirmed_move_scores_the_hands_by_the_new_version(director_client, director, played):
    newer = make_tariff(
        director, {"valat": {"silent": 12, "announced": 24}}, version=2, first=played
    )
    edit = reverse("tournament_edit", args=["cup"])
    director_client.post(edit, {**SETTINGS, "tariff": newer.pk, "confirm": "1"})
    # the Rufer 1 + silent Valat 12 = 13 from each defender (15 + 1 = 16 before)
    assert list(Hand.objects.get().scores) == [-13, 13, -13, 13]


def test_a_move_that_scores_anew_is_kept_in_the_hands_history(director_client, director, played):
    newer = make_tariff(
        director, {"valat": {"silent": 12, "announced": 24}}, version=2, first=played
    )
    edit = reverse("tournament_edit", args=["cup"])
    director_client.post(edit, {**SETTINGS, "tariff": newer.pk, "confirm": "1"})
    assert Change.objects.filter(kind=Change.Kind.HAND, action=Change.Action.UPDATE).count() == 1


def test_a_version_without_a_contract_the_hands_use_is_refused(director_client, director, played):
    newer = make_tariff(director, {"contracts": {"rufer": None}}, version=2, first=played)
    edit = reverse("tournament_edit", args=["cup"])
    response = director_client.post(edit, {**SETTINGS, "tariff": newer.pk, "confirm": "1"})
    assert (Tournament.objects.get().tariff, bool(response.context["form"].non_field_errors())) == (
        played,
        True,
    )


def test_the_hand_form_offers_only_the_tariffs_contracts(director_client, director):
    tariff = make_tariff(director, {"contracts": {"zwiccolo_ouvert": None}})
    tournament = make_tournament(director, "tirol_cup")
    tournament.tariff = tariff
    tournament.save()
    table = make_table(tournament)
    page = director_client.get(table.get_absolute_url()).content.decode()
    assert ('value="piccolo_ouvert"' in page, 'value="zwiccolo_ouvert"' in page) == (True, False)


def test_the_tournament_page_links_to_its_tariff(client, director, played):
    page = client.get(reverse("tournament", args=["cup"])).content.decode()
    assert played.get_absolute_url() in page
