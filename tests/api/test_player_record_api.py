"""/api/v1/players/<n>.json answers what the record page shows (register.statistics): the
figures worked by hand in tests/register/test_statistics.py, hidden stays hidden, and the ETag
moves with the cup's other results (a season rank depends on them)."""

import pytest
from django.urls import reverse

from tarock_cup.cups.models import Cup, CupTournament
from tarock_cup.tournaments.models import Player, Tournament
from tests.cups.helpers import played
from tests.register.record_fixture import two_tournaments

pytestmark = pytest.mark.django_db


@pytest.fixture
def anna(django_user_model):
    two_tournaments(django_user_model.objects.create_user("owner"))
    return Player.objects.get(name="Anna Huber")


def record(client, player):
    return client.get(reverse("api_player", args=[player.number]))


def test_the_answer_has_the_statistics(client, anna):
    stats = record(client, anna).json()["statistics"]
    shown = (stats["hands"], stats["per_60_hands"], stats["trischaken_as_mayor"])
    assert shown == (6, 250.0, 1), "6 hands, 25 × 60 / 6 = 250 per 60 hands, one mayor"


def test_the_answer_has_the_cup_points_and_season(client, anna):
    answer = record(client, anna).json()
    points = [t["cup_points"][0]["points"] for t in answer["tournaments"]]
    assert (points, answer["seasons"][0]["rank"]) == ([10, 3], 1), "B 10, A 3; first in the cup"


def test_a_hidden_tournament_is_in_no_figure(client, anna):
    Tournament.objects.filter(slug="tirol-a").update(public=False)
    answer = record(client, anna).json()
    seen = ([t["slug"] for t in answer["tournaments"]], answer["statistics"]["hands"])
    assert seen == (["tirol-b"], 3), "A's result and hands are hidden"


def test_the_etag_moves_when_the_cup_has_a_new_result(client, anna):
    before = record(client, anna)["ETag"]
    # A third cup tournament without Anna: her season rank may move, her tournaments do not.
    owner = Tournament.objects.get(slug="tirol-a").owner
    third = played(owner, "tirol-c", {"Xaver": 30, "Yvonne": -30}, day=15)
    CupTournament.objects.create(cup=Cup.objects.get(slug="tirol"), tournament=third)
    assert record(client, anna)["ETag"] != before, "the season table changed"
