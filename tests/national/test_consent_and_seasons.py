"""A cup joins a national final only with one of its organisers' consent (who and when are kept);
a cup's season is open until its organisers close it, and reopening asks first."""

import pytest
from django.urls import reverse
from django.utils import translation

from tarock_cup.cups.models import Cup
from tarock_cup.national.models import NationalCup
from tests.national import world

pytestmark = pytest.mark.django_db


@pytest.fixture
def users(django_user_model):
    return world.build(django_user_model, accepted=False, closed=False)


def accept(client, users, role):
    world.client_for(client, users, role)
    return client.post(reverse("national_accept", args=["oef", "tirol"]))


def test_the_cups_organiser_accepts_and_who_and_when_are_kept(client, users):
    accept(client, users, "cup_organiser")
    entry = NationalCup.objects.get(cup__slug="tirol")
    assert (entry.accepted_by, entry.accepted_at is not None) == (users["cup_organiser"], True), (
        "accepted by the cup's organiser, with the time"
    )


@pytest.mark.parametrize("role", ["player", "other_organiser", "final_organiser"])
def test_no_one_else_accepts_for_the_cup(client, users, role):
    response = accept(client, users, role)
    entry = NationalCup.objects.get(cup__slug="tirol")
    assert (response.status_code, entry.accepted) == (403, False), (
        f"the {role} may not consent for tirol"
    )


def test_an_invited_cup_shows_its_organiser_the_accept_button(client, users):
    client.force_login(users["cup_organiser"])
    page = client.get(reverse("national_final", args=["oef"])).content.decode()
    assert reverse("national_accept", args=["oef", "tirol"]) in page, "the accept form is shown"


def test_the_list_shows_the_invitations_waiting_for_ones_cups(client, users):
    client.force_login(users["cup_organiser"])
    page = client.get(reverse("national_list")).content.decode()
    assert 'id="invitations"' in page, "tirol's invitation is listed for its organiser"


def test_closing_a_season_records_who_and_when(client, users):
    client.force_login(users["cup_organiser"])
    client.post(reverse("cup_season_close", args=["tirol"]))
    cup = Cup.objects.get(slug="tirol")
    assert (cup.season_closed, cup.season_closed_by) == (True, users["cup_organiser"]), (
        "closed, by the cup's organiser"
    )


def test_reopening_asks_first_and_changes_nothing_until_confirmed(client, users):
    Cup.objects.filter(slug="tirol").update(season_closed_at="2027-05-01T10:00Z")
    client.force_login(users["cup_organiser"])
    response = client.get(reverse("cup_season_reopen", args=["tirol"]))
    unconfirmed = client.post(reverse("cup_season_reopen", args=["tirol"]))
    assert (
        response.status_code,
        unconfirmed.status_code,
        Cup.objects.get(slug="tirol").season_closed,
    ) == (200, 200, True), "asked twice, still closed"


def test_reopening_once_confirmed_opens_the_season(client, users):
    Cup.objects.filter(slug="tirol").update(season_closed_at="2027-05-01T10:00Z")
    client.force_login(users["cup_organiser"])
    client.post(reverse("cup_season_reopen", args=["tirol"]), {"confirm": "1"})
    assert Cup.objects.get(slug="tirol").season_closed is False, "open again"


@pytest.mark.parametrize("role", ["anonymous", "player", "other_organiser", "final_organiser"])
def test_only_the_cups_organisers_close_its_season(client, users, role):
    world.client_for(client, users, role)
    response = client.post(reverse("cup_season_close", args=["tirol"]))
    expected = 302 if role == "anonymous" else 403
    assert (response.status_code, Cup.objects.get(slug="tirol").season_closed) == (
        expected,
        False,
    ), f"the {role} may not close tirol's season"


@pytest.mark.parametrize(
    ("language", "words"), [("de", "Die Saison ist offen"), ("en", "The season is open")]
)
def test_the_cup_page_says_whether_the_season_is_open(client, users, language, words):
    with translation.override(language):
        url = reverse("cup", args=["tirol"])
    page = client.get(url).content.decode()
    assert words in page, f"the public reads that the season is open ({language})"
