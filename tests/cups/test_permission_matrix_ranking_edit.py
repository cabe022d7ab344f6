"""Who may correct an imported ranking, cell by cell: the cup's owner, its organisers and
superusers; not a visitor, a signed-in user without rights, another cup's organiser or the
tournament's own director. A refused write changes nothing; a hidden tournament stays hidden
from all but the cup's people."""

import pytest
from django.urls import reverse

from tarock_cup.cups.models import Cup, ImportedPlace
from tarock_cup.tournaments.models import Change, Player, Tournament
from tests.cups.helpers import imported, make_cup
from tests.test_permission_matrix import client_for

pytestmark = pytest.mark.django_db

ACTORS = ["anonymous", "player", "other_organiser", "director", "organiser", "owner", "superuser"]
ALLOWED = {"organiser", "owner", "superuser"}
NAMES = ["Anna Huber", "Bert Moser", "Cilli Egger"]


@pytest.fixture
def world(django_user_model):
    users = {
        name: django_user_model.objects.create_user(name, password="pw-123456")
        for name in ACTORS[1:]
    }
    users["superuser"].is_superuser = users["superuser"].is_staff = True
    users["superuser"].save()
    # The tournaments' owner directs them but does not organise the cup.
    public = imported(users["director"], "papier", NAMES)
    hidden = imported(users["director"], "versteckt", NAMES, day=2)
    Tournament.objects.filter(pk=hidden.pk).update(public=False)
    cup = make_cup(users["owner"], [public, hidden], slug="tirol")
    cup.members.add(users["organiser"], through_defaults={"role": "organiser"})
    make_cup(users["other_organiser"], [], slug="andere")
    return users


def fingerprint():
    return (
        list(ImportedPlace.objects.order_by("pk").values_list("rank", "player_id", "score")),
        Player.objects.count(),
        Change.objects.count(),
    )


def place_pk(tournament_slug, rank):
    return ImportedPlace.objects.get(ranking__tournament__slug=tournament_slug, rank=rank).pk


def edit_url(slug):
    return reverse("cup_ranking_edit", args=["tirol", slug])


def place_url(slug, name="cup_ranking_place_edit"):
    return reverse(name, args=["tirol", slug, place_pk(slug, 2)])


# name → (tournament slug → (url, data))
WRITES = {
    "add a forgotten row": lambda s: (
        edit_url(s),
        {"rank": "1", "player": "Egon Neu", "new": "on"},
    ),
    "correct a row": lambda s: (place_url(s), {"rank": "1", "player": "Bert Moser"}),
    "remove a row": lambda s: (place_url(s, "cup_ranking_place_remove"), {}),
}
READS = {
    "the edit page": edit_url,
    "a row's page": place_url,
}


@pytest.mark.parametrize("action", list(WRITES))
@pytest.mark.parametrize("actor", ACTORS)
def test_only_the_cups_organisers_and_superusers_correct_a_ranking(client, world, actor, action):
    url, data = WRITES[action]("papier")
    before = fingerprint()
    response = client_for(client, world, actor).post(url, data)
    changed = fingerprint() != before
    assert (changed, response.status_code < 500) == (actor in ALLOWED, True), (
        f"{actor} should {'' if actor in ALLOWED else 'not '}be able to {action}"
    )


REFUSED = {"anonymous": 302, "player": 403, "other_organiser": 403, "director": 403}


@pytest.mark.parametrize("action", list(WRITES))
@pytest.mark.parametrize("actor", list(REFUSED))
def test_a_refused_write_is_answered_as_expected(client, world, actor, action):
    url, data = WRITES[action]("papier")
    response = client_for(client, world, actor).post(url, data)
    assert response.status_code == REFUSED[actor], (
        f"{actor} should be sent to the login (302) or refused (403)"
    )


@pytest.mark.parametrize("page", list(READS))
@pytest.mark.parametrize("actor", ACTORS)
def test_only_those_who_may_correct_see_the_pages(client, world, actor, page):
    response = client_for(client, world, actor).get(READS[page]("papier"))
    expected = 200 if actor in ALLOWED else REFUSED[actor]
    assert response.status_code == expected, f"{page} for {actor}"


HIDDEN_ALLOWED = ALLOWED  # a cup's people direct its tournaments, hidden ones too


@pytest.mark.parametrize("action", list(WRITES))
@pytest.mark.parametrize("actor", ACTORS)
def test_a_hidden_tournaments_ranking_is_corrected_only_by_who_sees_and_may(
    client, world, actor, action
):
    url, data = WRITES[action]("versteckt")
    before = fingerprint()
    client_for(client, world, actor).post(url, data)
    changed = fingerprint() != before
    assert changed == (actor in HIDDEN_ALLOWED), (
        "the cup's organisers direct its hidden tournament too; nobody else corrects it"
    )


@pytest.mark.parametrize("page", list(READS))
@pytest.mark.parametrize("actor", ["player", "other_organiser", "anonymous"])
def test_a_hidden_tournaments_ranking_is_not_shown_to_who_may_not_see_it(
    client, world, actor, page
):
    response = client_for(client, world, actor).get(READS[page]("versteckt"))
    assert b"Anna Huber" not in response.content, f"{page} shows {actor} nothing of it"


@pytest.mark.parametrize("page", list(READS))
def test_the_cups_organiser_sees_its_hidden_tournaments_ranking(client, world, page):
    response = client_for(client, world, "organiser").get(READS[page]("versteckt"))
    assert response.status_code == 200, "the cup's organiser directs its hidden tournament"


def test_a_hidden_cup_is_a_404_to_others(client, world):
    Cup.objects.filter(slug="tirol").update(public=False)
    response = client_for(client, world, "player").get(edit_url("papier"))
    assert response.status_code == 404, "a cup hidden from the user is not found"
