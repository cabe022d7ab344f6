"""Who sees what through the API, cell by cell: everyone the same public data, whoever asks;
hidden tournaments and cups are not found by anyone, their own directors and superusers too
(the API is public: what it answers may be cached and passed on); no one writes through it."""

import pytest
from django.urls import reverse

from tarock_cup.cups.models import Cup
from tarock_cup.tournaments.models import Player, Registration, Tournament

pytestmark = pytest.mark.django_db

ACTORS = ["anonymous", "plain_user", "other_director", "director", "superuser"]


@pytest.fixture
def actors(django_user_model, world, director):
    users = {
        name: django_user_model.objects.create_user(name, password="pw-123456")
        for name in ("plain_user", "other_director", "superuser")
    }
    users["superuser"].is_superuser = users["superuser"].is_staff = True
    users["superuser"].save()
    other = Tournament.objects.create(
        name="Anderes",
        slug="anderes",
        date="2026-10-01",
        ruleset="tirol_cup",
        owner=users["other_director"],
    )
    other.directors.add(users["other_director"])
    users["director"] = director
    return users


def client_for(client, actors, actor):
    if actor != "anonymous":
        client.force_login(actors[actor])
    return client


def public_urls(world):
    return [
        reverse("api_standings", args=["herbst"]),
        reverse("api_round_standings", args=["herbst", 1]),
        reverse("api_season", args=["tirol"]),
        reverse("api_calendar"),
        reverse("api_player", args=[world["anna"].number]),
    ]


HIDDEN = [
    ("api_standings", ["geheim"]),
    ("api_round_standings", ["geheim", 1]),
    ("api_standings", ["geheim-bald"]),
]


def fingerprint():
    return (
        list(Tournament.objects.order_by("pk").values_list("name", "public", "version")),
        list(Player.objects.order_by("pk").values_list("name", "club", "private", "forgotten")),
        list(Registration.objects.order_by("pk").values_list("player_id", "withdrawn")),
        list(Cup.objects.order_by("pk").values_list("name", "public")),
    )


@pytest.mark.parametrize("actor", ACTORS)
def test_everyone_gets_the_anonymous_answers(client, world, actors, actor):
    anonymous = [client.get(url).content for url in public_urls(world)]
    seen = [client_for(client, actors, actor).get(url).content for url in public_urls(world)]
    assert seen == anonymous, f"{actor} should get exactly the public answers"


@pytest.mark.parametrize("actor", ACTORS)
@pytest.mark.parametrize(("name", "args"), HIDDEN)
def test_hidden_is_not_found_by_anyone(client, world, actors, actor, name, args):
    response = client_for(client, actors, actor).get(reverse(name, args=args))
    assert response.status_code == 404, f"{actor} should not find a hidden tournament"


@pytest.mark.parametrize("actor", ACTORS)
def test_a_hidden_cup_is_not_found_by_anyone(client, world, actors, actor):
    Cup.objects.filter(slug="tirol").update(public=False)
    response = client_for(client, actors, actor).get(reverse("api_season", args=["tirol"]))
    assert response.status_code == 404, f"{actor} should not find a hidden cup"


@pytest.mark.parametrize("actor", ACTORS)
@pytest.mark.parametrize("method", ["post", "put", "patch", "delete"])
def test_no_one_writes_through_the_api(client, world, actors, actor, method):
    before = fingerprint()
    for url in public_urls(world):
        response = getattr(client_for(client, actors, actor), method)(url)
        assert response.status_code == 405, f"{method} to {url} should be refused for {actor}"
    assert fingerprint() == before, f"a refused {method} by {actor} should change nothing"
