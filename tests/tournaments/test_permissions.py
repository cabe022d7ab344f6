"""Who may read and who may write: anonymous visitors read public pages and change nothing."""

import pytest
from django.urls import reverse

from tarock_cup.tournaments.models import Hand, Round
from tests.factories import make_table, make_tournament

pytestmark = pytest.mark.django_db

READ_PAGES = [
    ("home", []),
    ("tournament", ["cup"]),
    ("standings", ["cup"]),
    ("round_standings", ["cup", 1]),
    ("round", ["cup", 1]),
    ("table", ["cup", 1, 1]),
    ("rules_index", []),
    ("rules", ["tirol_cup"]),
]

WRITES = [
    ("table", ["cup", 1, 1], {"contract": "rufer", "declarer": "1", "points": "40", "save": "1"}),
    ("hand_delete", ["cup", 1, 1, 1], {}),
    ("round_draw", ["cup"], {}),
    ("round_finish", ["cup", 1], {"finished": "1", "confirm": "1"}),
    ("table_finish", ["cup", 1, 1], {"finished": "1"}),
    ("registrations", ["cup"], {"add": "1", "new-name": "Xaver"}),
    ("tournament_edit", ["cup"], {"name": "Hijacked"}),
]


@pytest.fixture
def played_table(director):
    table = make_table(make_tournament(director))
    Hand.objects.create(
        table=table,
        number=1,
        data={"manual": {"scores": [1, -1, 0, 0], "reason": "test"}},
        scores=[1, -1, 0, 0],
    )
    return table


@pytest.mark.parametrize(("name", "args"), READ_PAGES, ids=[p[0] for p in READ_PAGES])
def test_anonymous_visitor_can_read_public_pages(client, played_table, name, args):
    assert client.get(reverse(name, args=args)).status_code == 200


def test_a_players_page_is_public(client, played_table):
    player = played_table.seats.first().player
    assert client.get(reverse("player", args=["cup", player.pk])).status_code == 200


@pytest.mark.parametrize(("name", "args", "data"), WRITES, ids=[w[0] for w in WRITES])
def test_anonymous_visitor_cannot_write(client, played_table, name, args, data):
    response = client.post(reverse(name, args=args), data)
    state = (
        Hand.objects.count(),
        Round.objects.count(),
        played_table.round.tournament.registrations.count(),
    )
    assert (response.status_code, state) == (302, (1, 1, 4))
    assert reverse("login") in response["Location"]


@pytest.mark.parametrize(("name", "args", "data"), WRITES, ids=[w[0] for w in WRITES])
def test_a_user_who_does_not_direct_the_tournament_cannot_write(
    client, other_user, played_table, name, args, data
):
    client.force_login(other_user)
    response = client.post(reverse(name, args=args), data)
    state = (
        Hand.objects.count(),
        Round.objects.count(),
        played_table.round.tournament.registrations.count(),
    )
    assert (response.status_code, state) == (403, (1, 1, 4))


def test_a_hidden_tournament_is_not_found_for_visitors(client, director):
    make_tournament(director, public=False)
    assert client.get(reverse("tournament", args=["cup"])).status_code == 404


def test_a_hidden_tournament_is_visible_to_its_director(client, director):
    make_tournament(director, public=False)
    client.force_login(director)
    assert client.get(reverse("tournament", args=["cup"])).status_code == 200


def test_anonymous_visitor_does_not_see_the_entry_form(client, played_table):
    response = client.get(reverse("table", args=["cup", 1, 1]))
    assert response.context["form"] is None
