"""Who may send a queued hand: the table's link is the permission, as for the link's own pages.
Anyone holding the link saves to its open table, whatever their account (the tournament hidden
or not); a wrong link finds nothing, a closed table takes nothing, and a GET saves nothing."""

import pytest
from django.urls import reverse

from tarock_cup.tournaments.models import Change, Hand
from tarock_cup.venue.models import QueuedSave
from tests.factories import make_table, make_tournament

pytestmark = pytest.mark.django_db

ACTORS = ["anonymous", "player", "other_director", "director", "owner", "superuser"]
HAND = {
    "contract": "manual",
    "manual_0": "3",
    "manual_1": "-1",
    "manual_2": "1",
    "manual_3": "-3",
    "manual_reason": "x",
    "save": "1",
    "expected": "1",
    "key": "0123456789abcdef0123456789abcdef",
}


@pytest.fixture
def world(django_user_model):
    users = {
        name: django_user_model.objects.create_user(name, password="pw-123456")
        for name in ACTORS[1:]
    }
    users["superuser"].is_superuser = users["superuser"].is_staff = True
    users["superuser"].save()
    tables = {}
    for slug, public in (("cup", True), ("hidden", False)):
        tournament = make_tournament(users["owner"], slug=slug, public=public)
        tournament.directors.add(users["director"])
        tables[slug] = make_table(tournament)
    other = make_tournament(users["other_director"], slug="other")
    other.directors.add(users["other_director"])
    return users, tables


def client_for(client, world, actor):
    if actor != "anonymous":
        client.force_login(world[0][actor])
    return client


def fingerprint():
    return (
        list(Hand.objects.order_by("pk").values_list("table_id", "number", "version")),
        Change.objects.count(),
        QueuedSave.objects.count(),
    )


def queued(token):
    return reverse("venue_queued_save", args=[token])


@pytest.mark.parametrize("slug", ["cup", "hidden"])
@pytest.mark.parametrize("actor", ACTORS)
def test_anyone_with_the_link_saves_a_queued_hand_to_its_open_table(client, world, actor, slug):
    table = world[1][slug]
    response = client_for(client, world, actor).post(queued(table.token), HAND)
    assert (response.status_code, table.hands.count()) == (200, 1), response.content


@pytest.mark.parametrize("actor", ACTORS)
def test_a_wrong_link_is_not_found_and_changes_nothing(client, world, actor):
    before = fingerprint()
    response = client_for(client, world, actor).post(queued("not-a-token"), HAND)
    assert (response.status_code, fingerprint() == before) == (404, True)


@pytest.mark.parametrize("actor", ACTORS)
def test_a_closed_tables_link_takes_no_queued_hand_from_anyone(client, world, actor):
    table = world[1]["cup"]
    table.finished = True
    table.save()
    before = fingerprint()
    response = client_for(client, world, actor).post(queued(table.token), HAND)
    assert (response.status_code, fingerprint() == before) == (403, True)


@pytest.mark.parametrize("actor", ACTORS)
def test_a_get_of_the_queue_saves_nothing(client, world, actor):
    before = fingerprint()
    response = client_for(client, world, actor).get(queued(world[1]["cup"].token))
    assert (response.status_code, fingerprint() == before) == (405, True)


@pytest.mark.parametrize("actor", ACTORS)
def test_everybody_gets_the_service_worker(client, world, actor):
    response = client_for(client, world, actor).get(reverse("venue_table_worker"))
    assert response.status_code == 200
