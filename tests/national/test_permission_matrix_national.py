"""Who may do what with a national final, cell by cell: everyone reads its ranking and downloads;
its organiser (or a superuser) runs it; a cup's organisers accept for their cup and mark its
declines (the final's organiser may mark declines too); everyone else changes nothing."""

import pytest
from django.urls import reverse

from tarock_cup.cups.models import Cup
from tarock_cup.national.models import Decline, NationalCup, NationalFinal
from tests.national import world

pytestmark = pytest.mark.django_db

READS = {
    "list": lambda: reverse("national_list"),
    "ranking": lambda: reverse("national_final", args=["oef"]),
    "projector": lambda: reverse("national_projector", args=["oef"]),
    "csv": lambda: reverse("national_csv", args=["oef"]),
    "xlsx": lambda: reverse("national_xlsx", args=["oef"]),
    "json": lambda: reverse("national_json", args=["oef"]),
}

# action -> (url, data, roles allowed)
WRITES = {
    "create a final": (
        lambda: reverse("national_new"),
        lambda: {"name": "Neu", "slug": "neu", "season": "2027"},
        {"other_organiser", "cup_organiser", "final_organiser", "superuser"},
    ),
    "change its settings": (
        lambda: reverse("national_manage", args=["oef"]),
        lambda: {"final_points": "50, 40"},
        {"final_organiser", "superuser"},
    ),
    "invite a cup": (
        lambda: reverse("national_invite", args=["oef"]),
        lambda: {"cup": Cup.objects.get(slug="fremd").pk, "level": "L80"},
        {"final_organiser", "superuser"},
    ),
    "accept for a cup": (
        lambda: reverse("national_accept", args=["oef", "tirol"]),
        lambda: {},
        {"cup_organiser", "superuser"},
    ),
    "remove a cup": (
        lambda: reverse("national_remove_cup", args=["oef", "tirol"]),
        lambda: {},
        {"cup_organiser", "final_organiser", "superuser"},
    ),
    "mark a decline": (
        # salz counts (accepted) and its organiser runs the final; tirol: test_declines.py
        lambda: reverse("national_decline", args=["oef", "salz"]),
        lambda: {"number": world.number("Bert")},
        {"final_organiser", "superuser"},
    ),
    "close a season": (
        lambda: reverse("cup_season_close", args=["tirol"]),
        lambda: {},
        {"cup_organiser", "superuser"},
    ),
    "reopen a season": (
        lambda: reverse("cup_season_reopen", args=["salz"]),
        lambda: {"confirm": "1"},
        {"final_organiser", "superuser"},
    ),
}


@pytest.fixture
def users(django_user_model):
    users = world.build(django_user_model, closed=False)
    NationalCup.objects.filter(cup__slug="tirol").update(accepted_at=None, accepted_by=None)
    Cup.objects.filter(slug="salz").update(season_closed_at="2027-05-01T10:00Z")
    return users


def fingerprint():
    return (
        list(NationalFinal.objects.order_by("pk").values_list("slug", "final_points")),
        list(NationalCup.objects.order_by("pk").values_list("cup_id", "accepted_at")),
        list(Decline.objects.values_list("player_id")),
        list(Cup.objects.order_by("pk").values_list("season_closed_at")),
    )


@pytest.mark.parametrize("page", list(READS))
@pytest.mark.parametrize("role", world.ROLES)
def test_everybody_reads_the_national_ranking(client, users, role, page):
    response = world.client_for(client, users, role).get(READS[page]())
    assert response.status_code == 200, f"the {role} reads the {page}"


@pytest.mark.parametrize("role", world.ROLES)
def test_only_the_finals_organiser_sees_its_settings(client, users, role):
    response = world.client_for(client, users, role).get(reverse("national_manage", args=["oef"]))
    expected = {"anonymous": 302, "final_organiser": 200, "superuser": 200}.get(role, 403)
    assert response.status_code == expected, f"the {role} gets {expected}"


@pytest.mark.parametrize("action", list(WRITES))
@pytest.mark.parametrize("role", world.ROLES)
def test_each_write_is_done_only_by_those_allowed(client, users, role, action):
    url, data, allowed_roles = WRITES[action]
    before = fingerprint()
    response = world.client_for(client, users, role).post(url(), data())
    allowed = role in allowed_roles
    refused = 302 if role == "anonymous" else 403
    expected = (True, 302) if allowed else (False, refused)
    assert (fingerprint() != before, response.status_code) == expected, (
        f"{action} by the {role} should be {'done' if allowed else 'refused, changing nothing'}"
    )


@pytest.mark.parametrize(
    "name", ["national_invite", "national_accept", "national_remove_cup", "national_decline"]
)
def test_the_writes_take_no_get(client, users, name):
    args = ["oef"] if name == "national_invite" else ["oef", "tirol"]
    client.force_login(users["superuser"])
    assert client.get(reverse(name, args=args)).status_code == 405, "a change is only posted"
