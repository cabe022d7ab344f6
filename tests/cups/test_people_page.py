"""The people page: adding by user name with a role, changing a role, taking someone out; bad
input is named and changes nothing; the owner stays an organiser whatever is sent."""

import pytest
from django.urls import reverse

from tarock_cup.cups.models import CupMember
from tests.cups import people_world as world

pytestmark = pytest.mark.django_db


@pytest.fixture
def owner_client(client, django_user_model):
    users = world.build(django_user_model)
    client.force_login(users["owner"])
    return client


def add(client, username, role="deputy"):
    return client.post(
        reverse("cup_people_add", args=["tirol"]), {"username": username, "role": role}
    )


def test_a_user_is_added_with_the_role_chosen(owner_client):
    add(owner_client, "outsider", "deputy")
    assert CupMember.objects.get(user__username="outsider").role == "deputy", "added as deputy"


@pytest.mark.parametrize(
    ("username", "role", "message"),
    [
        ("niemand", "deputy", "niemand"),
        ("owner", "organiser", "immer Veranstalter"),
        ("scorer", "deputy", "gehört schon"),
        ("outsider", "chef", "gültige Auswahl"),
        ("", "deputy", "zwingend"),
    ],
)
def test_a_refused_addition_is_named_and_changes_nothing(owner_client, username, role, message):
    before = world.fingerprint()
    response = add(owner_client, username, role)
    assert (response.status_code, message in response.content.decode()) == (400, True), (
        f"adding {username!r} as {role!r} is refused with a message"
    )
    assert world.fingerprint() == before, "a refused addition changes nothing"


def test_the_page_lists_the_owner_first_and_members_by_role(owner_client):
    html = owner_client.get(reverse("cup_people", args=["tirol"])).content.decode()
    order = [html.index(f"<strong>{name}</strong>") for name in ("owner", "organiser", "deputy")]
    assert order == sorted(order), "owner, then organisers, deputies, scorers"


def test_the_owner_has_no_role_or_remove_form(owner_client):
    html = owner_client.get(reverse("cup_people", args=["tirol"])).content.decode()
    owner_line = html[html.index("<strong>owner</strong>") : html.index('id="member-')]
    assert "<form" not in owner_line, "the owner can neither be demoted nor removed"


@pytest.mark.parametrize(
    ("sent", "kept"), [("deputy", "deputy"), ("chef", "scorer"), ("", "scorer")]
)
def test_a_role_is_changed_only_to_a_role(owner_client, sent, kept):
    scorer = world.member("scorer")
    owner_client.post(
        reverse("cup_member_role", args=["tirol", scorer.pk]), {f"m{scorer.pk}-role": sent}
    )
    scorer.refresh_from_db()
    assert scorer.role == kept, f"sending {sent!r} leaves the scorer's role {kept!r}"


def test_a_member_is_removed(owner_client):
    owner_client.post(reverse("cup_member_remove", args=["tirol", world.member("scorer").pk]))
    assert not CupMember.objects.filter(user__username="scorer").exists(), "the scorer is out"


def test_the_page_is_in_english_too(owner_client):
    html = owner_client.get("/en" + reverse("cup_people", args=["tirol"])).content.decode()
    assert "Add someone" in html, "the English page is English"
