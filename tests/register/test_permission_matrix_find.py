"""Who may find and register players, cell by cell: the find endpoint answers directors only
(of some tournament; with a tournament named, its directors); registering a found player,
swapping a registration and creating a player for it are for the tournament's directors; a
refused request changes nothing (the register tests' fingerprint: every row a change could
touch, the history and the register's log)."""

import pytest
from django.urls import reverse

from tarock_cup.tournaments.models import Player, Registration
from tests.factories import make_tournament
from tests.register.helpers import fingerprint
from tests.test_permission_matrix import client_for

pytestmark = pytest.mark.django_db

ACTORS = ["anonymous", "player", "other_director", "director", "owner", "superuser"]
ALLOWED = {"director", "owner", "superuser"}


@pytest.fixture
def world(django_user_model):
    users = {
        name: django_user_model.objects.create_user(name, password="pw-123456")
        for name in ACTORS[1:]
    }
    users["superuser"].is_superuser = users["superuser"].is_staff = True
    users["superuser"].save()
    cup = make_tournament(users["owner"], slug="cup", public=True, players=1)
    cup.directors.add(users["director"])
    make_tournament(users["other_director"], slug="other", players=0)
    secret = make_tournament(users["other_director"], slug="secret", public=False, players=0)
    Registration.objects.create(
        tournament=secret, player=Player.objects.create(name="Geheim Gruber", club="Ischl")
    )
    Player.objects.create(name="Bert Gruber", club="Linz")
    return users


def bert():
    return Player.objects.get(name="Bert Gruber").pk


def anna_registration():
    return Registration.objects.get(tournament__slug="cup").pk


def edit_url():
    return reverse("registration_edit", args=["cup", anna_registration()])


WRITES = {
    "register a found player": lambda: (reverse("registrations", args=["cup"]), {"pick": bert()}),
    "swap a registration": lambda: (edit_url(), {"swap": bert()}),
    "swap to a new player": lambda: (edit_url(), {"add": "1", "new-name": "Neu"}),
    "register a new player": lambda: (
        reverse("registrations", args=["cup"]),
        {"add": "1", "new-name": "Neu"},
    ),
}


@pytest.mark.parametrize("action", list(WRITES))
@pytest.mark.parametrize("actor", ACTORS)
def test_only_the_tournaments_directors_register_and_swap(client, world, actor, action):
    url, data = WRITES[action]()
    before = fingerprint()
    response = client_for(client, world, actor).post(url, data)
    changed = fingerprint() != before
    assert (changed, response.status_code < 500) == (actor in ALLOWED, True), (
        f"{action} by {actor} should {'' if actor in ALLOWED else 'not '}change the register"
    )


# actor → status of /players/find/?q=gruber with the tournament named, and without it
FIND = {
    "anonymous": (302, 302),
    "player": (403, 403),
    "other_director": (403, 200),
    "director": (200, 200),
    "owner": (200, 200),
    "superuser": (200, 200),
}


@pytest.mark.parametrize("actor", ACTORS)
@pytest.mark.parametrize("named", [True, False], ids=["for the cup", "alone"])
def test_the_find_endpoint_answers_directors_only(client, world, actor, named):
    query = "?q=gruber" + ("&t=cup" if named else "")
    response = client_for(client, world, actor).get(reverse("player_find") + query)
    expected = FIND[actor][0 if named else 1]
    assert response.status_code == expected, f"{actor} should get {expected}"


@pytest.mark.parametrize("actor", ["director", "owner"])
def test_the_find_endpoint_keeps_hidden_players_hidden(client, world, actor):
    response = client_for(client, world, actor).get(reverse("player_find") + "?q=gruber&t=cup")
    assert "Geheim" not in response.content.decode(), (
        "a player of another organiser's hidden tournament should not be listed"
    )


def test_the_find_endpoint_lists_the_hidden_players_to_their_director(client, world):
    response = client_for(client, world, "other_director").get(
        reverse("player_find") + "?q=gruber&t=other"
    )
    assert "Geheim Gruber" in response.content.decode(), (
        "the director of the hidden tournament should find its player"
    )


def test_the_find_endpoint_refuses_a_registration_of_another_tournament(client, world):
    other_registration = Registration.objects.get(tournament__slug="secret").pk
    response = client_for(client, world, "director").get(
        reverse("player_find") + f"?q=gruber&t=cup&r={other_registration}"
    )
    assert response.status_code == 404, "a registration of another tournament is not found here"
