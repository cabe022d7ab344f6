"""Who reads a cup's hall of fame, cell by cell: everyone where the cup is public; where it is
hidden, only its people and superusers (a 404 to everyone else). It is read only: a post is
refused and changes nothing. What a hidden tournament holds stays out of everyone's hall:
tests/cups/test_hall_of_fame.py."""

import pytest
from django.urls import reverse

from tarock_cup.cups.models import Cup
from tests.cups import people_world as world

pytestmark = pytest.mark.django_db

SEES_HIDDEN = world.SCORERS | {"owner", "superuser"}


@pytest.fixture
def users(django_user_model):
    return world.build(django_user_model)


def url():
    return reverse("cup_hall_of_fame", args=["tirol"])


@pytest.mark.parametrize("public", [True, False])
@pytest.mark.parametrize("role", world.ROLES)
def test_the_hall_of_fame_is_read_where_the_cup_is_seen(client, users, role, public):
    Cup.objects.filter(slug="tirol").update(public=public)
    response = world.client_for(client, users, role).get(url())
    expected = 200 if public or role in SEES_HIDDEN else 404
    assert response.status_code == expected, f"the {role} gets {expected} (public: {public})"


@pytest.mark.parametrize("role", world.ROLES)
def test_the_hall_of_fame_takes_no_post(client, users, role):
    before = world.fingerprint()
    response = world.client_for(client, users, role).post(url(), {"public": ""})
    assert (response.status_code, world.fingerprint() == before) == (405, True), (
        f"a post by the {role} is refused and changes nothing"
    )
