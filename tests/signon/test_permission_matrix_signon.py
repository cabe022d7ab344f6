"""Who may do what with sign-ons: anyone signs on for a public tournament and holds their own
link; only the tournament's directors see the list, set the rules, take in and check in."""

import pytest
from django.urls import reverse

from tarock_cup.signon import entries
from tarock_cup.signon.models import SignOn, SignOnRules
from tarock_cup.tournaments.models import Player, Registration
from tests.signon.helpers import upcoming

pytestmark = pytest.mark.django_db

ACTORS = ["anonymous", "player", "other_director", "director", "owner", "superuser"]
DIRECTORS = {"director", "owner", "superuser"}


@pytest.fixture
def world(django_user_model):
    users = {
        name: django_user_model.objects.create_user(name, password="pw-123456")
        for name in ACTORS[1:]
    }
    users["superuser"].is_superuser = True
    users["superuser"].save()
    for slug, public in (("cup", True), ("hidden", False)):
        tournament = upcoming(users["owner"], slug, public=public)
        tournament.directors.add(users["director"])
        entry = entries.sign_on(tournament, "Anna Huber", "Radstadt", "", "", slug)
        entries.take_in(entry, None, users["owner"])
        entries.sign_on(tournament, "Berta Maier", "Linz", "", "", slug)
    other = upcoming(users["other_director"], "other")
    other.directors.add(users["other_director"])
    return users


def login(client, world, actor):
    if actor != "anonymous":
        client.force_login(world[actor])
    return client


def fingerprint():
    return (
        list(SignOn.objects.order_by("pk").values_list("name", "withdrawn", "registration")),
        list(SignOnRules.objects.order_by("pk").values_list("open", "capacity")),
        list(Registration.objects.order_by("pk").values_list("player", "checked_in")),
        Player.objects.count(),
    )


def open_entry(slug):
    return SignOn.objects.get(tournament__slug=slug, registration=None)


def taken_entry(slug):
    return SignOn.objects.get(tournament__slug=slug, registration__isnull=False)


# name → slug → (url, data)
DIRECTOR_WRITES = {
    "set the rules": lambda s: (
        reverse("sign_ons", args=[s]),
        {"rules": "1", "open": "on", "capacity": "3"},
    ),
    "take in": lambda s: (
        reverse("sign_on_take_in", args=[s, open_entry(s).pk]),
        {"player": "new"},
    ),
    "check in": lambda s: (reverse("sign_on_check_in", args=[s, taken_entry(s).pk]), {}),
}


@pytest.mark.parametrize("action", list(DIRECTOR_WRITES))
@pytest.mark.parametrize("actor", ACTORS)
def test_only_the_tournaments_directors_handle_its_sign_ons(client, world, actor, action):
    url, data = DIRECTOR_WRITES[action]("cup")
    before = fingerprint()
    response = login(client, world, actor).post(url, data)
    if actor in DIRECTORS:
        assert fingerprint() != before, f"{actor} may {action}"
    else:
        assert response.status_code in {302, 403}, f"{actor} is sent to log in or refused"
        assert response.status_code == (302 if actor == "anonymous" else 403), (
            f"{actor} should be {'sent to log in' if actor == 'anonymous' else 'refused'}"
        )
        assert fingerprint() == before, f"{actor} may not {action}: nothing changes"


@pytest.mark.parametrize("actor", ACTORS)
def test_only_directors_see_the_list(client, world, actor):
    response = login(client, world, actor).get(reverse("sign_ons", args=["cup"]))
    expected = 200 if actor in DIRECTORS else 302 if actor == "anonymous" else 403
    assert response.status_code == expected, f"{actor} should get {expected} for the list"


@pytest.mark.parametrize("actor", ACTORS)
def test_a_hidden_tournaments_sign_on_pages_are_a_404_to_all_but_its_directors(
    client, world, actor
):
    login(client, world, actor)
    pages = [
        reverse("sign_on", args=["hidden"]),
        reverse("sign_on_entry", args=[open_entry("hidden").token]),
    ]
    expected = 200 if actor in DIRECTORS else 404
    for page in pages:
        assert client.get(page).status_code == expected, f"{actor} gets {expected} for {page}"


@pytest.mark.parametrize("action", list(DIRECTOR_WRITES))
def test_another_tournaments_director_changes_nothing_here(client, world, action):
    url, data = DIRECTOR_WRITES[action]("hidden")
    before = fingerprint()
    response = login(client, world, "other_director").post(url, data)
    assert response.status_code == 404, "a hidden tournament is a 404 to another director"
    assert fingerprint() == before, "nothing changes"


@pytest.mark.parametrize("actor", ACTORS)
def test_everybody_signs_on_for_a_public_tournament(client, world, actor):
    response = login(client, world, actor).post(
        reverse("sign_on", args=["cup"]),
        {"name": f"Neu {actor}", "club": "", "phone": "", "email": ""},
        REMOTE_ADDR="10.9.9.9",
    )
    assert response.status_code == 302, f"{actor} signs on"


@pytest.mark.parametrize("actor", ACTORS)
def test_a_personal_link_is_its_holders_whoever_they_are(client, world, actor):
    entry = open_entry("cup")
    login(client, world, actor).post(
        reverse("sign_on_entry", args=[entry.token]), {"sign_off": "1"}
    )
    entry.refresh_from_db()
    assert entry.withdrawn, "the link's holder signs off"


def test_a_wrong_token_signs_nobody_off(client, world):
    before = fingerprint()
    response = client.post(reverse("sign_on_entry", args=["x" * 22]), {"sign_off": "1"})
    assert response.status_code == 404, "an unknown link is a 404"
    assert fingerprint() == before, "nothing changes"
