"""What each role may do in a cup, cell by cell: organisers everything, deputies the cup's
tournaments and rankings, scorers results; a refused action changes nothing."""

import pytest
from django.urls import reverse

from tarock_cup.cups.models import Cup, CupRole
from tarock_cup.tournaments.access import directed_tournaments, visible_tournaments
from tarock_cup.tournaments.models import Tournament
from tests.cups import people_world as world
from tests.cups.helpers import make_cup

pytestmark = pytest.mark.django_db


@pytest.fixture
def users(django_user_model):
    return world.build(django_user_model)


@pytest.mark.parametrize("action", list(world.WRITES))
@pytest.mark.parametrize("role", world.ROLES)
def test_each_role_does_what_it_may_and_nothing_else(client, users, role, action):
    url, data = world.WRITES[action]()
    before = world.fingerprint()
    response = world.client_for(client, users, role).post(url, data)
    allowed = role in world.ALLOWED[action]
    assert (world.fingerprint() != before, response.status_code < 500) == (allowed, True), (
        f"{action} by {role} should be {'done' if allowed else 'refused and change nothing'}"
        f" (status {response.status_code})"
    )


@pytest.mark.parametrize(
    ("role", "expected"),
    [
        ("anonymous", None),
        ("outsider", None),
        ("other_organiser", None),
        ("scorer", CupRole.SCORER),
        ("deputy", CupRole.DEPUTY),
        ("organiser", CupRole.ORGANISER),
        ("owner", CupRole.ORGANISER),
        ("superuser", CupRole.ORGANISER),
    ],
)
def test_role_of_names_each_users_role(users, role, expected):
    from django.contrib.auth.models import AnonymousUser

    user = AnonymousUser() if role == "anonymous" else users[role]
    assert Cup.objects.get(slug="tirol").role_of(user) == expected, f"the {role}'s role"


@pytest.mark.parametrize("role", world.ROLES)
def test_every_member_directs_the_cups_hidden_tournament(users, role):
    from django.contrib.auth.models import AnonymousUser

    user = AnonymousUser() if role == "anonymous" else users[role]
    hidden = Tournament.objects.get(slug="heim")
    expected = role in world.SCORERS
    assert (
        hidden.is_director(user),
        directed_tournaments(user).filter(pk=hidden.pk).exists(),
        visible_tournaments(user).filter(pk=hidden.pk).exists(),
    ) == (expected, expected, expected), f"the {role} directs and sees it: {expected}"


@pytest.mark.parametrize(
    ("role", "status"),
    [
        ("outsider", 403),
        ("other_organiser", 403),
        ("scorer", 403),
        ("deputy", 200),
        ("organiser", 200),
        ("owner", 200),
        ("superuser", 200),
    ],
)
def test_deputies_and_organisers_reach_the_ranking_import(client, users, role, status):
    response = world.client_for(client, users, role).get(
        reverse("cup_ranking_import", args=["tirol"])
    )
    assert response.status_code == status, f"the {role} gets {status} on the import page"


@pytest.mark.parametrize(
    ("role", "links"),
    [
        ("scorer", (False, False)),
        ("deputy", (True, False)),
        ("organiser", (True, True)),
    ],
)
def test_the_cup_page_links_what_the_role_may_do(client, users, role, links):
    html = world.client_for(client, users, role).get(reverse("cup", args=["tirol"])).content
    shown = (
        reverse("cup_ranking_import", args=["tirol"]).encode() in html,
        reverse("cup_people", args=["tirol"]).encode() in html,
    )
    assert shown == links, f"the {role} sees the import link and the people link: {links}"


def test_a_deputy_cannot_pass_a_tournament_on_to_a_cup_of_their_own(client, users):
    # The deputy directs "heim" only through the cup; their own cup may not take it.
    own = make_cup(users["deputy"], [], slug="eigen")
    client.force_login(users["deputy"])
    heim = Tournament.objects.get(slug="heim")
    client.post(
        reverse("cup_edit", args=["eigen"]),
        world.settings_form(name="Eigen", slug="eigen", tournaments=[str(heim.pk)]),
    )
    assert not own.entries.exists(), "a tournament directed through a cup is not passed on"


def test_a_removed_member_no_longer_directs_the_cups_tournaments(users):
    world.member("scorer").delete()
    assert not Tournament.objects.get(slug="heim").is_director(users["scorer"]), (
        "taking someone out of the cup ends their direction of its tournaments"
    )


def test_is_director_asks_the_database_once(users, django_assert_num_queries):
    hidden = Tournament.objects.get(slug="heim")
    with django_assert_num_queries(1):
        hidden.is_director(users["scorer"])


def test_directed_tournaments_is_one_query(users, django_assert_num_queries):
    with django_assert_num_queries(1):
        slugs = set(directed_tournaments(users["scorer"]).values_list("slug", flat=True))
    assert slugs == {"heim", "papier"}, "the scorer directs both of the cup's tournaments"
