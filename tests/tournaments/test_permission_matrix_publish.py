"""Who may publish a laptop's backup over a tournament, cell by cell: its owner and superusers;
never a co-director, a cup's organiser, a staff member who is no superuser, another director,
a player or a visitor. A hidden tournament is a 404 to whoever may not see it."""

import pytest
from django.urls import reverse
from django.utils import translation

from tarock_cup.cups.models import Cup, CupMember, CupTournament
from tarock_cup.tournaments.models import Tournament
from tests.tournaments.publish_helpers import laptop_file, small_tournament, snapshot, upload

pytestmark = pytest.mark.django_db

ACTORS = [
    "anonymous",
    "player",
    "other_director",
    "director",
    "cup_organiser",
    "staff",
    "owner",
    "superuser",
]
ALLOWED = {"owner", "superuser"}


@pytest.fixture(autouse=True)
def english_pages():
    with translation.override("en"):
        yield


@pytest.fixture
def world(django_user_model):
    users = {
        name: django_user_model.objects.create_user(name, password="pw-123456")
        for name in ACTORS[1:]
    }
    users["superuser"].is_superuser = users["superuser"].is_staff = True
    users["superuser"].save()
    users["staff"].is_staff = True
    users["staff"].save()
    files = {}
    for slug, public in (("cup", True), ("hidden", False)):
        tournament = small_tournament(users["owner"], slug=slug, public=public)
        tournament.directors.add(users["director"])
        files[slug] = laptop_file(tournament)
    season = Cup.objects.create(
        name="Tirol", slug="tirol", points={"method": "rank"}, owner=users["other_director"]
    )
    CupMember.objects.create(cup=season, user=users["cup_organiser"], role="organiser")
    CupTournament.objects.create(cup=season, tournament=Tournament.objects.get(slug="cup"))
    small_tournament(users["other_director"], slug="other")
    return users, files


def client_for(client, users, actor):
    if actor != "anonymous":
        client.force_login(users[actor])
    return client


def expected_status(actor: str, slug: str) -> int:
    if actor in ALLOWED:
        return 200
    if actor == "anonymous":
        return 302
    if slug == "hidden" and actor not in {"director"}:
        return 404
    return 403


@pytest.mark.parametrize("slug", ["cup", "hidden"])
@pytest.mark.parametrize("actor", ACTORS)
def test_only_the_owner_and_superusers_see_the_upload_page(client, world, actor, slug):
    users, _ = world
    response = client_for(client, users, actor).get(reverse("publish", args=[slug]))
    assert response.status_code == expected_status(actor, slug), (
        f"{actor} gets {expected_status(actor, slug)} on the upload page of {slug}"
    )


@pytest.mark.parametrize("slug", ["cup", "hidden"])
@pytest.mark.parametrize("actor", ACTORS)
def test_only_the_owner_and_superusers_publish_and_nobody_else_changes_anything(
    client, world, actor, slug
):
    users, files = world
    client = client_for(client, users, actor)
    before = snapshot()
    preview = upload(client, slug, files[slug])
    assert preview.status_code == expected_status(actor, slug), (
        f"{actor} gets {expected_status(actor, slug)} on uploading to {slug}"
    )
    token = preview.context["token"] if actor in ALLOWED else "guess"
    confirm = client.post(reverse("publish_confirm", args=[slug]), {"token": token})
    assert (snapshot() != before) == (actor in ALLOWED), f"{actor} publishing changes {slug}"
    if actor not in ALLOWED:
        assert confirm.status_code == expected_status(actor, slug), (
            f"{actor} gets {expected_status(actor, slug)} on confirming for {slug}"
        )
