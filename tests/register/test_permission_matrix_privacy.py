"""Who may switch a player's public name or forget a player: the record's keepers (the home
cup's organisers) and superusers; nobody else, not even the director of a tournament the player
plays in. A refused request changes nothing."""

import pytest
from django.urls import reverse

from tarock_cup.register.models import PlayerChange
from tarock_cup.tournaments.models import Change, Player
from tests.cups.helpers import make_cup
from tests.factories import make_tournament
from tests.test_permission_matrix import client_for

pytestmark = pytest.mark.django_db

ACTORS = ["anonymous", "no_rights", "other_organiser", "director", "keeper", "superuser"]
ALLOWED = {"keeper", "superuser"}


@pytest.fixture
def world(django_user_model):
    users = {
        name: django_user_model.objects.create_user(name, password="pw-123456")
        for name in ACTORS[1:]
    }
    users["superuser"].is_superuser = users["superuser"].is_staff = True
    users["superuser"].save()
    tournament = make_tournament(users["director"], slug="open")
    # The tournament joins the keeper's cup: its players' records move home to the cup.
    make_cup(users["keeper"], [tournament], slug="tirol")
    other = make_tournament(users["other_organiser"], slug="other", players=0)
    make_cup(users["other_organiser"], [other], slug="elsewhere")
    return users


def fingerprint():
    return (
        list(Player.objects.order_by("pk").values_list("name", "club", "private", "forgotten")),
        list(PlayerChange.objects.order_by("pk").values_list("kind", "before", "after")),
        list(Change.objects.order_by("pk").values_list("before", "after")),
    )


def anna():
    return Player.objects.get(name="Anna")


WRITES = {
    "show the public name": lambda n: (reverse("register_privacy", args=[n]), {"private": "on"}),
    "forget the player": lambda n: (reverse("register_forget", args=[n]), {"understood": "on"}),
}
PAGES = ["register_privacy", "register_forget"]


@pytest.mark.parametrize("action", list(WRITES))
@pytest.mark.parametrize("actor", ACTORS)
def test_only_the_records_keepers_and_superusers_change_its_privacy(client, world, actor, action):
    url, data = WRITES[action](anna().number)
    before = fingerprint()
    response = client_for(client, world, actor).post(url, data)
    changed = fingerprint() != before
    assert (changed, response.status_code < 500) == (actor in ALLOWED, True), response.status_code


@pytest.mark.parametrize("page", PAGES)
@pytest.mark.parametrize("actor", ACTORS)
def test_only_the_records_keepers_and_superusers_see_its_privacy_pages(client, world, actor, page):
    response = client_for(client, world, actor).get(reverse(page, args=[anna().number]))
    expected = {"anonymous": 302}.get(actor, 200 if actor in ALLOWED else 403)
    assert response.status_code == expected, f"{actor} should get {expected} on {page}"


@pytest.mark.parametrize("action", list(WRITES))
def test_a_director_of_the_players_tournament_changes_nothing(client, world, action):
    url, data = WRITES[action](anna().number)
    before = fingerprint()
    response = client_for(client, world, "director").post(url, data)
    assert (response.status_code, fingerprint() == before) == (403, True), (
        "a director registers players but does not keep their records"
    )


def test_an_unknown_number_is_not_found(client, world):
    client_for(client, world, "superuser")
    response = client.get(reverse("register_privacy", args=[999_999_999]))
    assert response.status_code == 404, "no player has that number"


def test_forgetting_without_confirming_changes_nothing(client, world):
    url, _data = WRITES["forget the player"](anna().number)
    before = fingerprint()
    response = client_for(client, world, "keeper").post(url, {})
    assert (response.status_code, fingerprint() == before) == (400, True), (
        "the keeper must confirm that forgetting cannot be undone"
    )


@pytest.mark.parametrize(("actor", "shown"), [("director", False), ("superuser", True)])
def test_the_registration_page_links_the_privacy_pages_for_keepers_only(
    client, world, actor, shown
):
    registration = anna().registrations.get()
    url = reverse("registration_edit", args=["open", registration.pk])
    page = client_for(client, world, actor).get(url).content.decode()
    link = reverse("register_privacy", args=[anna().number])
    assert (link in page) == shown, f"{actor} should {'' if shown else 'not '}see the link"
