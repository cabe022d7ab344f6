"""The public pages run as many SQL queries for a big tournament as for a small one."""

import random

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tarock_cup.tournaments import demo, rounds, sheets
from tarock_cup.tournaments.models import Player, Table, Tournament
from tests.factories import make_tournament

pytestmark = pytest.mark.django_db


def build(owner, slug, players, round_count, hands):
    """Return a tournament with `round_count` drawn rounds and `hands` hands at every table."""
    tournament = make_tournament(owner, slug=slug, players=players)
    rng = random.Random(slug)
    for number in range(1, round_count + 1):
        rounds.draw_round(tournament, seed=number, confirmed=number)
        tables = Table.objects.filter(round__tournament=tournament, round__number=number)
        for table in tables.select_related("round__tournament"):
            for hand in demo.table_hands(rng, table.seats.count(), hands):
                sheets.save_hand(table, hand, user=owner)
    return tournament


def pages(tournament):
    """Return the address of each page measured, for this tournament."""
    slug = tournament.slug
    player = tournament.registrations.order_by("pk").first().player_id
    return {
        "tournament": reverse("tournament", args=[slug]),
        "standings": reverse("standings", args=[slug]),
        "round standings": reverse("round_standings", args=[slug, 1]),
        "round": reverse("round", args=[slug, 1]),
        "table": reverse("table", args=[slug, 1, 1]),
        "player": reverse("player", args=[slug, player]),
    }


@pytest.fixture(scope="module")
def tournaments(django_db_setup, django_db_blocker):
    """Yield a small and a large tournament, built once for the module (building takes seconds)."""
    with django_db_blocker.unblock():
        owner = get_user_model().objects.create_user("zaehler")
        small = build(owner, "small", players=8, round_count=1, hands=3)
        large = build(owner, "large", players=40, round_count=3, hands=6)
        players = list(Player.objects.filter(tournaments__in=[small, large]).values("pk"))
        try:
            yield small, large
        finally:
            Tournament.objects.filter(pk__in=[small.pk, large.pk]).delete()
            Player.objects.filter(pk__in=[p["pk"] for p in players]).delete()
            owner.delete()


def count_queries(client, url):
    client.get(url)  # warm-up: first-request caches do not count
    with CaptureQueriesContext(connection) as context:
        response = client.get(url)
    assert response.status_code == 200
    return len(context)


@pytest.mark.parametrize("as_director", [False, True], ids=["visitor", "director"])
@pytest.mark.parametrize(
    "page", ["tournament", "standings", "round standings", "round", "table", "player"]
)
def test_a_page_runs_as_many_queries_for_a_big_tournament_as_for_a_small_one(
    client, tournaments, page, as_director
):
    if as_director:
        client.force_login(tournaments[0].owner)
    small, large = (count_queries(client, pages(t)[page]) for t in tournaments)
    assert large == small


def test_the_director_sees_the_entry_form_on_the_measured_table_page(client, director):
    tournament = build(director, "cup", players=4, round_count=1, hands=1)
    client.force_login(director)
    response = client.get(pages(tournament)["table"])
    assert b'id="hand-form"' in response.content


def writes_to(queries, table_name):
    """Return the INSERT and UPDATE statements among `queries` that write `table_name`."""
    return [
        query["sql"]
        for query in queries
        if query["sql"].startswith(("INSERT", "UPDATE")) and f'"{table_name}"' in query["sql"]
    ]


@pytest.mark.parametrize("number", [None, 1])
@pytest.mark.parametrize("written", ["tournaments_hand", "tournaments_table"])
def test_a_saved_hand_and_its_table_are_each_written_once(director, number, written):
    # A save holds the table's lock: every statement it needs fewer is time other phones at the
    # table do not wait.
    tournament = build(director, "write-once", players=4, round_count=1, hands=1)
    table = Table.objects.select_related("round__tournament").get(round__tournament=tournament)
    hand = {"manual": {"scores": [3, -1, -1, -1], "reason": "test"}}
    with CaptureQueriesContext(connection) as queries:
        sheets.save_hand(table, hand, number=number, user=director)
    assert len(writes_to(queries.captured_queries, written)) == 1
