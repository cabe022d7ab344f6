"""The access checks every app's views use (tarock_cup.tournaments.access), role by role."""

import pytest
from django.contrib.auth.models import AnonymousUser
from django.contrib.messages import get_messages
from django.contrib.messages.storage.fallback import FallbackStorage
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.test import RequestFactory
from django.utils import translation

from tarock_cup.tournaments import access
from tarock_cup.tournaments.errors import PlayedElsewhere
from tests.cups.helpers import imported
from tests.factories import make_table, make_tournament

pytestmark = pytest.mark.django_db

ROLES = ["anonymous", "stranger", "director", "owner", "superuser"]


@pytest.fixture
def owner(django_user_model):
    return django_user_model.objects.create_user("besitzer", password="geheim-123")


@pytest.fixture
def people(django_user_model, owner, director, other_user):
    superuser = django_user_model.objects.create_superuser("admin", password="geheim-123")
    return {
        "anonymous": AnonymousUser(),
        "stranger": other_user,
        "director": director,
        "owner": owner,
        "superuser": superuser,
    }


@pytest.fixture(params=[True, False], ids=["public", "hidden"])
def tournament(request, owner, director):
    tournament = make_tournament(owner, public=request.param)
    tournament.directors.add(director)
    return tournament


def sees(user, tournament):
    """Return whether get_tournament_for_user gives the user the tournament (else 404)."""
    try:
        return access.get_tournament_for_user(user, tournament.slug) == tournament
    except Http404:
        return False


def direction(user, tournament):
    """Return what get_tournament_for_director answers the user: 'ok', 403 or 404."""
    try:
        access.get_tournament_for_director(user, tournament.slug)
    except Http404:
        return 404
    except PermissionDenied:
        return 403
    return "ok"


@pytest.mark.parametrize("role", ROLES)
def test_everyone_sees_a_public_tournament(people, owner, role):
    tournament = make_tournament(owner, public=True)
    assert sees(people[role], tournament), f"{role} should see a public tournament"


@pytest.mark.parametrize(
    ("role", "seen"),
    [
        ("anonymous", False),
        ("stranger", False),
        ("director", True),
        ("owner", True),
        ("superuser", True),
    ],
)
def test_a_hidden_tournament_is_seen_only_by_those_who_direct_it(
    people, owner, director, role, seen
):
    tournament = make_tournament(owner, public=False)
    tournament.directors.add(director)
    assert sees(people[role], tournament) is seen, f"{role} seeing a hidden tournament: {seen}"


@pytest.mark.parametrize(
    ("role", "public", "answer"),
    [
        ("anonymous", True, 403),
        ("stranger", True, 403),
        ("anonymous", False, 404),
        ("stranger", False, 404),
        ("director", True, "ok"),
        ("director", False, "ok"),
        ("owner", True, "ok"),
        ("owner", False, "ok"),
        ("superuser", True, "ok"),
        ("superuser", False, "ok"),
    ],
)
def test_only_those_who_direct_it_get_a_tournament_to_direct(
    people, owner, director, role, public, answer
):
    # A hidden tournament stays a 404 to others: a 403 would tell them it exists.
    tournament = make_tournament(owner, public=public)
    tournament.directors.add(director)
    assert direction(people[role], tournament) == answer, f"{role}, public={public}"


@pytest.mark.parametrize(
    ("role", "may"),
    [("stranger", False), ("director", False), ("owner", True), ("superuser", True)],
)
def test_only_the_owner_or_a_superuser_may_set_the_directors(people, tournament, role, may):
    assert access.may_set_directors(people[role], tournament) is may, role


def test_whoever_creates_a_tournament_may_set_its_directors(director):
    assert access.may_set_directors(director, None), "a new tournament's creator owns it"


def test_get_table_returns_the_tournaments_table(owner):
    tournament = make_tournament(owner)
    table = make_table(tournament, round_number=1, table_number=1)
    assert access.get_table(tournament, 1, 1) == table


@pytest.mark.parametrize(("round_number", "table_number"), [(1, 2), (2, 1)])
def test_get_table_is_a_404_for_a_table_the_tournament_lacks(owner, round_number, table_number):
    tournament = make_tournament(owner)
    make_table(tournament, round_number=1, table_number=1)
    with pytest.raises(Http404):
        access.get_table(tournament, round_number, table_number)


def test_get_table_is_a_404_for_another_tournaments_table(owner):
    ours = make_tournament(owner, slug="ours")
    theirs = make_tournament(owner, slug="theirs", players=0)
    make_table(ours)
    with pytest.raises(Http404):
        access.get_table(theirs, 1, 1)


def request_with_messages(user):
    request = RequestFactory().post("/")
    request.user = user
    request.session = {}
    request._messages = FallbackStorage(request)
    return request


def test_a_tournament_played_here_is_returned_to_be_changed(owner):
    tournament = make_tournament(owner)
    assert access.played_here(tournament) == tournament


def test_an_imported_ranking_is_not_returned_to_be_changed(owner):
    tournament = imported(owner, "papier", ["Anna Huber", "Bert Moser"])
    with pytest.raises(PlayedElsewhere):
        access.played_here(tournament)


def test_an_ordinary_tournament_is_not_refused(owner):
    tournament = make_tournament(owner)
    assert access.refuse_if_imported(request_with_messages(owner), tournament) is None


def test_an_imported_ranking_is_refused_with_a_redirect_to_its_page(owner):
    tournament = imported(owner, "papier", ["Anna Huber", "Bert Moser"])
    response = access.refuse_if_imported(request_with_messages(owner), tournament)
    assert (response.status_code, response.url) == (302, tournament.get_absolute_url())


def test_an_imported_ranking_is_refused_saying_why(owner):
    tournament = imported(owner, "papier", ["Anna Huber", "Bert Moser"])
    request = request_with_messages(owner)
    with translation.override("de"):
        access.refuse_if_imported(request, tournament)
    texts = [str(message) for message in get_messages(request)]
    assert any("importiertes Endergebnis" in text for text in texts), (
        f"the reason should be given: {texts}"
    )
