"""Tariff.edit and its constraint: a version with scored hands is never changed in place, even
when the hand comes in while the form is being saved, and one tariff has each version once."""

import pytest
from django.db import IntegrityError, transaction
from django.urls import reverse

from tarock_cup.tariffs.forms import TariffForm
from tarock_cup.tariffs.models import Tariff
from tarock_cup.tournaments import sheets
from tests.factories import make_table, make_tournament
from tests.tariffs.test_tariff_pages import TIROL_2012, form_data, make_tariff

pytestmark = pytest.mark.django_db

HAND = {"contract": "rufer", "declarer": 1, "partner": 3, "valat": "declarer"}


def playing_table(director, tariff):
    tournament = make_tournament(director, "tirol_cup")
    tournament.tariff = tariff
    tournament.save()
    return make_table(tournament)


@pytest.fixture
def hand_during_the_save(director, monkeypatch):
    """Return a tariff by which a hand is scored after the edit page read it, before it saved."""
    tariff = make_tariff(director)
    table = playing_table(director, tariff)
    is_valid = TariffForm.is_valid

    def valid_after_a_hand(form):
        sheets.save_hand(table, HAND)
        return is_valid(form)

    monkeypatch.setattr(TariffForm, "is_valid", valid_after_a_hand)
    return tariff


def test_a_hand_scored_while_saving_keeps_the_version_unchanged(
    director_client, hand_during_the_save
):
    tariff = hand_during_the_save
    director_client.post(reverse("tariff_edit", args=[tariff.pk]), form_data(valat_silent="12"))
    assert Tariff.objects.get(pk=tariff.pk).numbers == TIROL_2012


def test_a_hand_scored_while_saving_makes_the_change_the_next_version(
    director_client, hand_during_the_save
):
    tariff = hand_during_the_save
    director_client.post(reverse("tariff_edit", args=[tariff.pk]), form_data(valat_silent="12"))
    assert list(Tariff.objects.filter(first=tariff).values_list("version", flat=True)) == [2]


def test_an_edit_of_an_older_version_follows_the_newest(director):
    tariff = make_tariff(director)
    playing_table_ = playing_table(director, tariff)
    sheets.save_hand(playing_table_, HAND)
    second = tariff.edit("Tirol", "", {})
    assert tariff.edit("Tirol", "", {}).version == second.version + 1


def test_one_tariff_cannot_have_the_same_version_twice(director):
    tariff = make_tariff(director)
    Tariff.objects.create(name="a", ruleset="tirol_cup", owner=director, version=2, first=tariff)
    with pytest.raises(IntegrityError), transaction.atomic():
        Tariff.objects.create(
            name="b", ruleset="tirol_cup", owner=director, version=2, first=tariff
        )
