"""A national ranking built anew (nothing kept: after a restart, or once anything it is made of
changed) reads a fixed number of queries however many cups take part; and reading the cups'
seasons together ranks each as its own season page does."""

import pytest
from django.contrib.auth.models import AnonymousUser
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from tarock_cup.cups.models import Cup
from tarock_cup.cups.season import cup_season, cup_seasons
from tarock_cup.national.models import NationalCup, NationalFinal
from tarock_cup.national.ranking import build_national, forget_rankings
from tests.cups.helpers import imported, make_cup, played
from tests.national import world

pytestmark = pytest.mark.django_db


def cold_queries():
    forget_rankings()
    cache.clear()
    with CaptureQueriesContext(connection) as context:
        build_national(NationalFinal.objects.get(slug="oef"))
    return len(context)


def more_cups(users, count, first=0):
    final = NationalFinal.objects.get(slug="oef")
    owner = users["other_organiser"]
    for n in range(first, first + count):
        days = [
            imported(owner, f"x{n}a", [f"Spieler {n} {i}" for i in range(5)], day=2),
            played(owner, f"x{n}b", {f"Spieler {n} {i}": 10 * i for i in range(4)}, day=3),
        ]
        cup = make_cup(owner, days, slug=f"cup-{n}", qualify=2)
        NationalCup.objects.create(
            final=final, cup=cup, level="L80", accepted_by=owner, accepted_at=timezone.now()
        )


def test_a_ranking_built_anew_reads_the_same_queries_with_more_cups(django_user_model):
    users = world.build(django_user_model)
    more_cups(users, 1)
    few = cold_queries()
    more_cups(users, 4, first=1)
    assert cold_queries() == few, "four more cups (played and imported days) read no more queries"


def test_seasons_read_together_rank_as_each_season_alone(django_user_model):
    users = world.build(django_user_model)
    more_cups(users, 2)
    cups = list(Cup.objects.order_by("pk"))
    together = cup_seasons(cups, AnonymousUser())
    forget_rankings()
    alone = {cup.pk: cup_season(cup, AnonymousUser()) for cup in cups}
    assert {pk: s.ranking for pk, s in together.items()} == {
        pk: s.ranking for pk, s in alone.items()
    }, "each cup's season ranks alike read with the others or alone"
