"""Who sees what of a player's record page (/players/<number>/), cell by cell.

The results, seasons and statistics are public; a private player is shortened for everyone but
the record's keepers and the directors of the player's tournaments; a hidden tournament shows
only to those who may see it; a forgotten player is not found but by their keepers.
"""

import pytest
from django.urls import reverse

from tarock_cup.register.privacy import forget
from tarock_cup.tournaments.models import Player, Tournament
from tests.register.record_fixture import two_tournaments

pytestmark = pytest.mark.django_db

ACTORS = ["anonymous", "player", "other_organiser", "owner", "superuser"]
INSIDERS = {"owner", "superuser"}  # keep the record (home cup) or may do everything


@pytest.fixture
def world(django_user_model):
    users = {
        name: django_user_model.objects.create_user(name, password="pw-123456")
        for name in ACTORS[1:]
    }
    users["superuser"].is_superuser = users["superuser"].is_staff = True
    users["superuser"].save()
    two_tournaments(users["owner"])
    return {**users, "anna": Player.objects.get(name="Anna Huber")}


def page(client, world, actor, **query):
    if actor != "anonymous":
        client.force_login(world[actor])
    return client.get(reverse("register_player", args=[world["anna"].number]), query)


@pytest.mark.parametrize("actor", ACTORS)
def test_everyone_sees_the_record(client, world, actor):
    assert page(client, world, actor).status_code == 200, f"{actor} sees the public record"


@pytest.mark.parametrize("actor", ACTORS)
def test_a_private_player_is_shortened_for_all_but_insiders(client, world, actor):
    world["anna"].private = True
    world["anna"].save()
    html = page(client, world, actor).content.decode()
    assert ("Anna Huber" in html) == (actor in INSIDERS), (
        f"{actor} {'sees' if actor in INSIDERS else 'does not see'} the full name"
    )


@pytest.mark.parametrize("actor", ACTORS)
def test_a_hidden_tournament_shows_only_to_who_may_see_it(client, world, actor):
    Tournament.objects.filter(slug="tirol-a").update(public=False)
    html = page(client, world, actor).content.decode()
    assert ("Turnier TIROL-A" in html) == (actor in INSIDERS), (
        f"{actor} {'sees' if actor in INSIDERS else 'does not see'} the hidden tournament"
    )


@pytest.mark.parametrize("actor", ACTORS)
def test_a_forgotten_player_is_found_only_by_keepers(client, world, actor):
    forget(world["anna"], world["owner"])
    expected = 200 if actor in INSIDERS else 404
    assert page(client, world, actor).status_code == expected, f"{actor} gets {expected}"


@pytest.mark.parametrize("actor", ACTORS)
def test_the_registers_details_are_for_insiders(client, world, actor):
    html = page(client, world, actor).content.decode()
    assert (f'id="record-{world["anna"].number}"' in html) == (actor in INSIDERS), (
        f"{actor} {'sees' if actor in INSIDERS else 'does not see'} home and earlier names"
    )
