"""Which tariffs a director may choose for a tournament: their own, every version of one their
tournaments play, and the tournament's own; anyone may read any tariff."""

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from tarock_cup.tariffs.models import Tariff
from tarock_cup.tournaments.models import Tournament
from tests.factories import make_tournament

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


def make_tariff(owner, name, version=1, first=None):
    return Tariff.objects.create(
        name=name, ruleset="tirol_cup", owner=owner, version=version, first=first
    )


def offered(client, url):
    """Return the organisers' tariffs offered (the shipped ones are everyone's: see
    test_shipped_tariffs.py)."""
    queryset = client.get(url).context["form"].fields["tariff"].queryset
    return set(queryset.filter(shipped=""))


@pytest.fixture
def organiser(django_user_model):
    return django_user_model.objects.create_user("organiser", password="geheim-123")


@pytest.fixture
def theirs(organiser):
    return make_tariff(organiser, "Steiermark")


def test_a_new_tournament_offers_the_directors_own_tariffs(director_client, director, theirs):
    own = make_tariff(director, "Tirol 2012")
    assert offered(director_client, reverse("tournament_new")) == {own}


def test_another_organisers_tariff_is_refused_and_nothing_saved(director_client, theirs):
    response = director_client.post(reverse("tournament_new"), {**SETTINGS, "tariff": theirs.pk})
    assert (Tournament.objects.count(), "tariff" in response.context["form"].errors) == (0, True)


def test_a_codirector_is_offered_every_version_of_the_tariff_the_tournament_plays(
    director_client, director, organiser, theirs
):
    tournament = make_tournament(organiser, "tirol_cup")
    tournament.tariff = theirs
    tournament.save()
    tournament.directors.add(director)
    newer = make_tariff(organiser, "Steiermark", version=2, first=theirs)
    assert offered(director_client, reverse("tournament_edit", args=["cup"])) == {theirs, newer}


def test_a_tournaments_own_tariff_stays_offered_to_its_owner(director_client, director, theirs):
    tournament = make_tournament(director, "tirol_cup")
    tournament.tariff = theirs
    tournament.save()
    assert theirs in offered(director_client, reverse("tournament_edit", args=["cup"]))


def test_a_superuser_is_offered_every_tariff(client, django_user_model, director, theirs):
    own = make_tariff(director, "Tirol 2012")
    client.force_login(django_user_model.objects.create_superuser("chef", password="geheim-123"))
    assert offered(client, reverse("tournament_new")) == {own, theirs}


def test_an_imported_copy_of_another_organisers_tariff_is_offered(director_client, theirs):
    upload = SimpleUploadedFile(
        "tariff.json", json.dumps(theirs.to_json()).encode(), content_type="application/json"
    )
    director_client.post(reverse("tariff_import"), {"file": upload})
    names = {t.name for t in offered(director_client, reverse("tournament_new"))}
    assert names == {"Steiermark"}


@pytest.mark.parametrize("page", ["tariff", "tariff_json"])
def test_anyone_may_still_read_any_tariff(client, theirs, page):
    assert client.get(reverse(page, args=[theirs.pk])).status_code == 200


def test_the_tariff_list_still_names_every_tariff(client, director, theirs):
    make_tariff(director, "Tirol 2012")
    page = client.get(reverse("tariff_list")).content.decode()
    assert ("Steiermark" in page, "Tirol 2012" in page) == (True, True)
