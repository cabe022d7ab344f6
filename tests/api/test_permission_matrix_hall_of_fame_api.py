"""Who sees what of a cup's hall of fame through the API, cell by cell: everyone the same public
answer; a hidden cup is not found by anyone, its owner and superusers too; no one writes."""

import pytest
from django.urls import reverse

from tarock_cup.cups.models import Cup
from tests.api.test_permission_matrix_api import fingerprint

pytestmark = pytest.mark.django_db

ACTORS = ["anonymous", "plain_user", "director", "owner", "superuser"]


@pytest.fixture
def actors(django_user_model, world, director, owner):
    users = {"director": director, "owner": owner}
    users["plain_user"] = django_user_model.objects.create_user("plain", password="pw-123456")
    users["superuser"] = django_user_model.objects.create_superuser("super", password="pw")
    return users


def get(client, actors, actor, method="get"):
    if actor != "anonymous":
        client.force_login(actors[actor])
    return getattr(client, method)(reverse("api_hall_of_fame", args=["tirol"]))


@pytest.mark.parametrize("actor", ACTORS)
def test_everyone_gets_the_anonymous_hall(client, world, actors, actor):
    anonymous = client.get(reverse("api_hall_of_fame", args=["tirol"])).content
    assert get(client, actors, actor).content == anonymous, f"{actor} gets the public answer"


@pytest.mark.parametrize("actor", ACTORS)
def test_a_hidden_cups_hall_is_not_found_by_anyone(client, world, actors, actor):
    Cup.objects.filter(slug="tirol").update(public=False)
    assert get(client, actors, actor).status_code == 404, f"{actor} does not find a hidden cup"


@pytest.mark.parametrize("actor", ACTORS)
@pytest.mark.parametrize("method", ["post", "put", "patch", "delete"])
def test_no_one_writes_through_the_hall(client, world, actors, actor, method):
    before = fingerprint()
    response = get(client, actors, actor, method)
    assert (response.status_code, fingerprint() == before) == (405, True), (
        f"a {method} by {actor} is refused and changes nothing"
    )
