"""Who reaches a cup's people page and its next season, cell by cell: only its organisers
(owner, organiser members, superusers); everyone else is refused and changes nothing, and a
hidden cup is a 404 to those who do not belong to it."""

import pytest
from django.urls import reverse

from tarock_cup.cups.models import Cup, CupMember
from tests.cups import people_world as world
from tests.cups.helpers import make_cup

pytestmark = pytest.mark.django_db

# name → () → url; each read by GET.
READS = {
    "people page": lambda: reverse("cup_people", args=["tirol"]),
    "next season form": lambda: reverse("cup_next_season", args=["tirol"]),
}
# The writes of the people page and the next season (see people_world.WRITES).
WRITES = ["add a member", "change a role", "remove a member", "copy to the next season"]
MEMBERS = {"scorer", "deputy", "organiser", "owner", "superuser"}


@pytest.fixture
def users(django_user_model):
    return world.build(django_user_model)


def refused_status(role, public):
    if role == "anonymous":
        return 302  # to the sign-in page
    return 403 if public or role in MEMBERS else 404


@pytest.mark.parametrize("public", [True, False])
@pytest.mark.parametrize("page", list(READS))
@pytest.mark.parametrize("role", world.ROLES)
def test_only_organisers_read_the_people_pages(client, users, role, page, public):
    Cup.objects.filter(slug="tirol").update(public=public)
    response = world.client_for(client, users, role).get(READS[page]())
    expected = 200 if role in world.ORGANISERS else refused_status(role, public)
    assert response.status_code == expected, f"the {role} gets {expected} for the {page}"


@pytest.mark.parametrize("public", [True, False])
@pytest.mark.parametrize("action", WRITES)
@pytest.mark.parametrize("role", world.ROLES)
def test_only_organisers_change_the_people(client, users, role, action, public):
    Cup.objects.filter(slug="tirol").update(public=public)
    url, data = world.WRITES[action]()
    before = world.fingerprint()
    response = world.client_for(client, users, role).post(url, data)
    allowed = role in world.ORGANISERS
    expected = (True, 302) if allowed else (False, refused_status(role, public))
    assert (world.fingerprint() != before, response.status_code) == expected, (
        f"{action} by the {role} should be {'done' if allowed else 'refused, changing nothing'}"
    )


@pytest.mark.parametrize("name", ["cup_people_add", "cup_member_role", "cup_member_remove"])
def test_the_people_writes_take_no_get(client, users, name):
    args = ["tirol"] if name == "cup_people_add" else ["tirol", world.member("scorer").pk]
    client.force_login(users["owner"])
    assert client.get(reverse(name, args=args)).status_code == 405, "a change is only posted"


@pytest.mark.parametrize("name", ["cup_member_role", "cup_member_remove"])
def test_an_organiser_cannot_reach_another_cups_member(client, users, django_user_model, name):
    # The other organiser's cup has a scorer; the id is sent to the organiser's own cup.
    theirs = CupMember.objects.create(
        cup=Cup.objects.get(slug="fremd"), user=users["outsider"], role="scorer"
    )
    make_cup(users["organiser"], [], slug="eigen")
    before = world.fingerprint()
    client.force_login(users["organiser"])
    response = client.post(
        reverse(name, args=["eigen", theirs.pk]), {f"m{theirs.pk}-role": "organiser"}
    )
    assert (response.status_code, world.fingerprint() == before) == (404, True), (
        "a member of another cup is not found through one's own cup"
    )
