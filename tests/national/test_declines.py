"""A qualified player who declines is marked so and the next in line moves up (recorded)."""

import pytest
from django.urls import reverse

from tarock_cup.national.models import Decline, NationalFinal
from tarock_cup.national.ranking import build_national
from tests.national import world

pytestmark = pytest.mark.django_db


@pytest.fixture
def users(django_user_model):
    return world.build(django_user_model)


def tirol_list():
    national = build_national(NationalFinal.objects.get(slug="oef"))
    line = next(line for line in national.cups if line.entry.cup.slug == "tirol")
    return [(p.player.name, p.qualified, p.declined, p.moved_up) for p in line.places]


def decline(client, users, role, name, **extra):
    world.client_for(client, users, role)
    url = reverse("national_decline", args=["oef", "tirol"])
    return client.post(url, {"number": world.number(name), **extra})


def test_the_quota_takes_the_first_places(users):
    assert tirol_list()[:3] == [
        ("Anna", True, False, False),
        ("Bert", True, False, False),
        ("Cilli", False, False, False),
    ], "tirol's two places: Anna and Bert"


def test_a_decline_moves_the_next_in_line_up(client, users):
    decline(client, users, "cup_organiser", "Bert")
    assert tirol_list()[:4] == [
        ("Anna", True, False, False),
        ("Bert", False, True, False),
        ("Cilli", True, False, True),
        ("Dora", False, False, False),
    ], "Bert declined, Cilli moved up"


def test_the_decline_is_recorded_with_who_marked_it(client, users):
    decline(client, users, "final_organiser", "Bert")
    assert Decline.objects.get().recorded_by == users["final_organiser"], "who marked it is kept"


def test_a_decline_is_taken_back(client, users):
    decline(client, users, "cup_organiser", "Bert")
    decline(client, users, "cup_organiser", "Bert", undo="1")
    assert tirol_list()[1] == ("Bert", True, False, False), "Bert's place is his again"


def test_a_player_not_in_the_cup_is_refused(client, users):
    decline(client, users, "cup_organiser", "Emil")
    assert Decline.objects.count() == 0, "Emil is not in tirol's ranking: nothing changes"


@pytest.mark.parametrize("role", ["player", "other_organiser"])
def test_others_cannot_mark_a_decline(client, users, role):
    response = decline(client, users, role, "Bert")
    assert (response.status_code, Decline.objects.count()) == (403, 0), f"the {role} is refused"


def test_a_decline_changes_no_national_points(client, users):
    decline(client, users, "cup_organiser", "Anna")
    national = build_national(NationalFinal.objects.get(slug="oef"))
    assert national.ranking.standing(str(world.number("Anna"))).total == 171, (
        "declining the place does not take away the points she earned"
    )
