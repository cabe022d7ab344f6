"""Each live page's validator changes only when what that page shows changes (issue 33): a
table's link page with its table and its round's clock and state, the standings with the
scores, the round's pages and the projector with the clock too; the director's round page is
conditional and costs the same number of queries however many tables the round has."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tarock_cup.tournaments import clock, links, rounds, sheets
from tests.factories import make_table, make_tournament

pytestmark = pytest.mark.django_db

MANUAL = {"manual": {"scores": [1, -1, 1, -1], "reason": "test"}}


@pytest.fixture
def two_tables(director):
    tournament = make_tournament(director, players=8)
    rounds.draw_round(tournament, seed=1)
    return tuple(tournament.rounds.get().tables.order_by("number"))


def link(table):
    return reverse("table_link", args=[table.token])


def etag_of(client, url):
    response = client.get(url)
    assert response.status_code == 200, f"{url} should be shown, not {response.status_code}"
    return response["ETag"]


def test_a_save_at_another_table_leaves_this_tables_link_page_as_it_was(client, two_tables):
    mine, other = two_tables
    etag = etag_of(client, link(mine))
    sheets.save_hand(other, MANUAL)
    response = client.get(link(mine), HTTP_IF_NONE_MATCH=etag)
    assert response.status_code == 304, "another table's hand is not on this table's page"


def test_a_save_at_this_table_changes_its_link_page(client, two_tables):
    mine, _ = two_tables
    etag = etag_of(client, link(mine))
    sheets.save_hand(mine, MANUAL)
    assert etag_of(client, link(mine)) != etag, "this table's own hand is on its page"


@pytest.mark.parametrize(
    "change",
    [
        pytest.param(lambda t: clock.act(t.round, "start", 60), id="the clock started"),
        pytest.param(lambda t: links.finish_round(t.round, True), id="the round closed"),
        pytest.param(lambda t: sheets.close_table(t, early=True), id="the table closed"),
    ],
)
def test_the_link_page_changes_with_its_round_and_table(client, two_tables, change):
    mine, _ = two_tables
    etag = etag_of(client, link(mine))
    change(mine)
    assert etag_of(client, link(mine)) != etag, "the link page shows its round's clock and state"


def test_the_settings_change_every_link_page(client, two_tables):
    mine, _ = two_tables
    etag = etag_of(client, link(mine))
    tournament = mine.round.tournament
    tournament.name = "Österreich-Finale"
    tournament.save()
    assert etag_of(client, link(mine)) != etag, "the link page shows the tournament's name"


def test_an_unchanged_link_page_costs_one_query(client, two_tables):
    mine, other = two_tables
    etag = etag_of(client, link(mine))
    sheets.save_hand(other, MANUAL)
    with CaptureQueriesContext(connection) as queries:
        client.get(link(mine), HTTP_IF_NONE_MATCH=etag)
    assert len(queries) == 1, f"a 304 of a link page should cost one query, not {len(queries)}"


@pytest.mark.parametrize("name", ["standings", "tournament"])
def test_the_clock_leaves_the_pages_without_it_as_they_were(client, two_tables, name):
    url = reverse(name, args=["cup"])
    etag = etag_of(client, url)
    clock.act(two_tables[0].round, "start", 60)
    response = client.get(url, HTTP_IF_NONE_MATCH=etag)
    assert response.status_code == 304, f"the {name} page does not show the clock"


@pytest.mark.parametrize(
    ("name", "args"),
    [("projector", ["cup"]), ("round", ["cup", 1]), ("table", ["cup", 1, 1])],
)
def test_the_clock_changes_the_pages_with_it(client, two_tables, name, args):
    url = reverse(name, args=args)
    etag = etag_of(client, url)
    clock.act(two_tables[0].round, "start", 60)
    assert etag_of(client, url) != etag, f"the {name} page shows the round's clock"


def test_the_clock_of_round_1_leaves_round_2s_page_as_it_was(client, director):
    tournament = make_tournament(director, players=4)
    first = make_table(tournament)
    make_table(tournament, round_number=2)
    url = reverse("round", args=["cup", 2])
    etag = etag_of(client, url)
    clock.act(first.round, "start", 60)
    response = client.get(url, HTTP_IF_NONE_MATCH=etag)
    assert response.status_code == 304, "round 2's page does not show round 1's clock"


def test_the_directors_round_page_is_answered_304_when_unchanged(director_client, two_tables):
    url = reverse("round", args=["cup", 1])
    director_client.get(url)  # the first visit gives the browser its CSRF cookie
    etag = etag_of(director_client, url)
    response = director_client.get(url, HTTP_IF_NONE_MATCH=etag)
    assert response.status_code == 304, "an unchanged round page should be a 304"


# The owner's page of a round under way, however many tables: the page's version, the session,
# the user, the tournament, the round, its tables (hands counted, last entry: whether the round
# has started too) and their seats with their players (the owner directs it without a query).
ROUND_PAGE_QUERIES = 7


@pytest.mark.parametrize("players", [8, 260], ids=["2 tables", "65 tables"])
def test_the_directors_round_page_costs_the_same_queries_for_any_tables(
    director_client, director, players, django_assert_num_queries
):
    tournament = make_tournament(director, players=players)
    rounds.draw_round(tournament, seed=1)
    for table in tournament.rounds.get().tables.all()[:2]:
        sheets.save_hand(table, MANUAL)
    url = reverse("round", args=["cup", 1])
    director_client.get(url)  # the first view fills this process's caches (QR codes)
    with django_assert_num_queries(ROUND_PAGE_QUERIES):
        director_client.get(url)


def test_a_shared_cache_out_of_reach_leaves_the_pages_served(client, two_tables, settings):
    settings.CACHES = settings.CACHES | {
        # Nothing listens on port 1: every read and write of the shared copies fails.
        "pages": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": "redis://127.0.0.1:1/0",
        }
    }
    response = client.get(reverse("standings", args=["cup"]))
    assert response.status_code == 200, "the page is rendered here when Redis is out of reach"


def test_a_withdrawn_round_never_leaves_the_projector_on_its_page(client, director):
    tournament = make_tournament(director, players=4)
    make_table(tournament)
    second = make_table(tournament, round_number=2).round
    for action in ("start", "pause", "resume", "pause", "resume"):
        clock.act(second, action, 60)
    url = reverse("projector", args=["cup"])
    etag = etag_of(client, url)
    rounds.withdraw_round(second)
    response = client.get(url, HTTP_IF_NONE_MATCH=etag)
    assert response.status_code == 200, "the projector of round 2 is no longer the room's"
