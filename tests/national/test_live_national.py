"""The national ranking's polled pages (the ranking and the projector): an unchanged poll is a
304 after one small query; what changes the ranking changes the validator, what it does not
show (a hand saved at an unfinished final) does not; the shared copy is one whatever query a
visitor adds, and hidden tournaments stay hidden in it."""

import pytest
from django.urls import reverse
from django.utils import timezone

from tarock_cup.cups.models import Cup, CupTournament
from tarock_cup.national.models import NationalFinal
from tarock_cup.tournaments.models import Round, Table, Tournament
from tests.cups.helpers import imported, played
from tests.national import world

pytestmark = pytest.mark.django_db

PAGES = ["national_final", "national_projector"]


def url(name):
    return reverse(name, args=["oef"])


def etag_of(client, name, **extra):
    response = client.get(url(name), **extra)
    assert response.status_code == 200, f"the {name} page is shown"
    return response["ETag"]


def poll(client, name, etag):
    return client.get(url(name), HTTP_IF_NONE_MATCH=etag)


@pytest.mark.parametrize("name", PAGES)
def test_an_unchanged_poll_is_a_304_after_one_query(
    client, django_user_model, django_assert_num_queries, name
):
    world.build(django_user_model)
    etag = etag_of(client, name)
    with django_assert_num_queries(1):
        response = poll(client, name, etag)
    assert response.status_code == 304, "nothing changed: the poll is answered 304"


@pytest.mark.parametrize("name", PAGES)
def test_any_query_string_gets_the_same_shared_copy(client, django_user_model, name):
    world.build(django_user_model)
    plain = client.get(url(name))
    odd = client.get(url(name) + "?x=random&lang=xx")
    assert (odd["ETag"], odd.content) == (plain["ETag"], plain.content), (
        "a visitor's own query string gets the same page and validator"
    )


@pytest.mark.parametrize("name", PAGES)
def test_a_cup_season_result_changes_the_validator(client, django_user_model, name):
    users = world.build(django_user_model)
    etag = etag_of(client, name)
    new = imported(users["cup_organiser"], "t2", ["Gustl", "Anna"], day=2)
    CupTournament.objects.create(cup=Cup.objects.get(slug="tirol"), tournament=new)
    response = poll(client, name, etag)
    assert response.status_code == 200, "a new result in tirol's season is a new page"
    assert "Gustl" in response.content.decode(), "the new result's player is on the page"


def test_a_correction_at_a_cup_tournament_changes_the_validator(client, django_user_model):
    users = world.build(django_user_model)
    day = played(users["cup_organiser"], "t3", {"Hanna": 40, "Anna": 10}, day=3)
    CupTournament.objects.create(cup=Cup.objects.get(slug="tirol"), tournament=day)
    etag = etag_of(client, "national_final")
    Table.objects.filter(round__tournament=day).update(totals=[10, 40])
    Tournament.bump_version(day.pk)  # as history.record does for every correction
    assert poll(client, "national_final", etag).status_code == 200, (
        "a corrected result at one of the cup's tournaments is a new page"
    )


def test_closing_a_season_changes_the_validator(client, django_user_model):
    world.build(django_user_model, closed=False)
    etag = etag_of(client, "national_final")
    Cup.objects.filter(slug="tirol").update(season_closed_at=timezone.now())
    assert poll(client, "national_final", etag).status_code == 200, (
        "a season closed makes the ranking less provisional: a new page"
    )


def test_a_decline_recorded_changes_the_validator(client, django_user_model):
    from django.test import Client

    users = world.build(django_user_model)
    etag = etag_of(client, "national_projector")
    organiser = Client()
    organiser.force_login(users["cup_organiser"])
    organiser.post(
        reverse("national_decline", args=["oef", "tirol"]), {"number": world.number("Anna")}
    )
    assert poll(client, "national_projector", etag).status_code == 200, (
        "a declined place moves the next in line up: a new page"
    )


def final_played_here(users, finished):
    day = played(
        users["final_organiser"], "linz", {"Dora": 30, "Anna": 10, "Emil": -40}, finished=finished
    )
    NationalFinal.objects.filter(slug="oef").update(tournament=day)
    return day


def test_a_hand_saved_at_an_unfinished_final_keeps_the_validator(client, django_user_model):
    users = world.build(django_user_model)
    day = final_played_here(users, finished=False)
    etag = etag_of(client, "national_projector")
    Table.objects.filter(round__tournament=day).update(totals=[31, 9, -40])
    Tournament.bump_version(day.pk, rounds=False)  # as a saved hand does
    assert poll(client, "national_projector", etag).status_code == 304, (
        "the final's results count only once complete: the page did not change"
    )


def test_the_final_round_completed_changes_the_validator(client, django_user_model):
    users = world.build(django_user_model)
    day = final_played_here(users, finished=False)
    etag = etag_of(client, "national_final")
    Round.objects.filter(tournament=day).update(finished=True)
    response = poll(client, "national_final", etag)
    assert response.status_code == 200, "the final's last round complete is a new page"
    assert "(1.)" in response.content.decode(), "the final's ranks are on the page now"


def test_a_hidden_cup_tournament_stays_hidden_in_the_shared_copy(client, django_user_model):
    users = world.build(django_user_model)
    secret = played(users["cup_organiser"], "t9", {"Geheim": 50}, day=9, public=False)
    CupTournament.objects.create(cup=Cup.objects.get(slug="tirol"), tournament=secret)
    director = type(client)()
    director.force_login(users["superuser"])
    director.get(url("national_final"))  # rendered for a superuser: never shared
    page = client.get(url("national_final")).content.decode()
    assert "Geheim" not in page, "a hidden tournament's player is not on the public page"


def test_hiding_the_final_tournament_changes_the_validator(client, django_user_model):
    world.build(django_user_model)
    etag = etag_of(client, "national_final")
    final = Tournament.objects.get(slug="finale")
    final.public = False
    final.save()
    response = poll(client, "national_final", etag)
    assert response.status_code == 200, "a final day hidden is a new page"
    assert "Papierturnier finale" not in response.content.decode(), (
        "the hidden final tournament is not named on the public page"
    )


def test_a_signed_in_visitor_gets_their_own_page_with_their_forms(client, django_user_model):
    from django.test import Client

    users = world.build(django_user_model, accepted=False)
    etag = etag_of(client, "national_final")
    organiser = Client()
    organiser.force_login(users["cup_organiser"])
    response = organiser.get(url("national_final"), HTTP_IF_NONE_MATCH=etag)
    assert response.status_code == 200, "a signed-in visitor's page is rendered for them"
    accept = reverse("national_accept", args=["oef", "tirol"])
    assert accept in response.content.decode(), "the cup's organiser sees their consent form"
    assert not response.has_header("ETag"), "a signed-in visitor's page is not kept as shared"
