"""The season page reads a fixed number of queries, however many tournaments the cup has."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.cups.helpers import make_cup, played

pytestmark = pytest.mark.django_db

FIELD = {"Anna": 40, "Bert": 30, "Cilli": 20, "Dora": 10, "Emil": 5}


def _queries(client, cup):
    url = reverse("cup", args=[cup.slug])
    client.get(url)  # the first view ranks each tournament once and caches it
    with CaptureQueriesContext(connection) as queries:
        client.get(url)
    return len(queries)


def test_the_season_page_reads_as_many_queries_for_four_tournaments_as_for_two(
    client, director, django_assert_num_queries
):
    two = make_cup(director, [played(director, f"a{i}", FIELD, day=i) for i in (1, 2)])
    expected = _queries(client, two)
    four = make_cup(
        director, [played(director, f"b{i}", FIELD, day=i) for i in (1, 2, 3, 4)], slug="four"
    )
    url = reverse("cup", args=[four.slug])
    client.get(url)
    with django_assert_num_queries(expected):
        client.get(url)


def test_a_new_result_reaches_the_season_page_despite_the_cache(client, director):
    from tarock_cup.tournaments import history
    from tarock_cup.tournaments.models import Table

    a = played(director, "a", {"Anna": 40, "Bert": 30})
    cup = make_cup(director, [a])
    client.get(reverse("cup", args=[cup.slug]))
    table = Table.objects.get(round__tournament=a)
    table.totals = [0, 50]
    table.save()
    history.record(a.pk, "hand", 1, "edit", None, None, None, table_id=table.pk)
    html = client.get(reverse("cup", args=[cup.slug])).content.decode()
    assert html.index("Bert") < html.index("Anna"), "Bert leads after the changed hand"


def test_imported_rankings_add_no_query_per_tournament(client, director):
    from tests.cups.helpers import imported

    one = make_cup(director, [imported(director, "p1", list(FIELD))], slug="one")
    expected = _queries(client, one)
    three = make_cup(
        director, [imported(director, f"q{i}", list(FIELD), day=i) for i in (1, 2, 3)], slug="three"
    )
    assert _queries(client, three) == expected, "as many queries for three as for one"


def test_a_renamed_player_reaches_the_season_page_despite_the_cache(client, director):
    from tarock_cup.tournaments.models import Player

    cup = make_cup(director, [played(director, "a", {"Anna": 40, "Bert": 30})])
    client.get(reverse("cup", args=[cup.slug]))
    Player.objects.filter(name="Anna").update(name="Anna Huber")
    html = client.get(reverse("cup", args=[cup.slug])).content.decode()
    assert "Anna Huber" in html, "the new name is shown"


def test_changed_cup_rules_reach_the_season_page_despite_the_cache(client, director):
    cup = make_cup(director, [played(director, "a", {"Anna": 40, "Bert": 30})])
    client.get(reverse("cup", args=[cup.slug]))
    cup.points = {"method": "table", "points": [77, 1]}
    cup.save()
    html = client.get(reverse("cup", args=[cup.slug])).content.decode()
    assert '<strong class="counted">77</strong>' in html, "the new points are shown"
