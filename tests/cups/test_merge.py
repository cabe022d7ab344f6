"""One person, one row: likely duplicates are suggested to organisers and can be merged."""

import pytest
from django.urls import reverse

from tarock_cup.cups.players import MergeRefused, merge_players, name_key
from tarock_cup.tournaments.models import Change, Player, Registration, Seat
from tests.cups.helpers import make_cup, played

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("Huber Anna", "Anna Huber"),
        ("anna  HUBER", "Anna Huber"),
        ("Anna Húber", "Anna Huber"),
        ("Huber, Anna", "Anna Huber"),
    ],
)
def test_names_that_differ_by_case_spaces_accents_or_order_are_alike(first, second):
    assert name_key(first) == name_key(second), f"{first!r} is likely {second!r}"


def test_different_people_are_not_alike():
    assert name_key("Anna Huber") != name_key("Anna Hubert"), "Huber and Hubert differ"


@pytest.fixture
def cup(director):
    a = played(director, "a", {"Anna Huber": 50, "Bert": 30})
    b = played(director, "b", {"Huber Anna": 40, "Bert": 20})
    return make_cup(director, [a, b])


def test_the_cup_page_suggests_likely_duplicates_to_organisers(director_client, cup):
    html = director_client.get(reverse("cup", args=[cup.slug])).content.decode()
    assert "„Huber Anna“ mit „Anna Huber“ zusammenführen" in html, "the organiser sees it"


def test_the_cup_page_suggests_nothing_to_the_public(client, cup):
    html = client.get(reverse("cup", args=[cup.slug])).content.decode()
    assert 'name="drop"' not in html, "visitors see no merge suggestions"


def test_a_merge_moves_registrations_and_seats(director_client, cup):
    keep, drop = Player.objects.get(name="Anna Huber"), Player.objects.get(name="Huber Anna")
    director_client.post(reverse("cup_merge", args=[cup.slug]), {"keep": keep.pk, "drop": drop.pk})
    assert Seat.objects.filter(player=keep).count() == 2, "both seats are Anna Huber's"


def test_a_merge_is_recorded_in_the_tournaments_history(director, cup):
    keep, drop = Player.objects.get(name="Anna Huber"), Player.objects.get(name="Huber Anna")
    dropped = drop.pk
    merge_players(keep, drop, director)
    change = Change.objects.get(kind=Change.Kind.REGISTRATION, tournament__slug="b")
    assert change.before["player"] == dropped and change.after["player"] == keep.pk, (
        "the history keeps who the registration belonged to before"
    )


def test_a_merged_player_has_one_season_row(director_client, cup):
    keep, drop = Player.objects.get(name="Anna Huber"), Player.objects.get(name="Huber Anna")
    director_client.post(reverse("cup_merge", args=[cup.slug]), {"keep": keep.pk, "drop": drop.pk})
    html = director_client.get(reverse("cup", args=[cup.slug])).content.decode()
    assert '<td class="num total">20</td>' in html, "Anna's two wins (10 + 10) add up in one row"


def test_it_refuses_to_merge_two_players_of_one_tournament(director):
    played(director, "a", {"Anna": 1, "Bert": 0})
    anna, bert = Player.objects.get(name="Anna"), Player.objects.get(name="Bert")
    with pytest.raises(MergeRefused):
        merge_players(anna, bert, director)


def test_a_refused_merge_changes_nothing(director_client, director):
    t = played(director, "a", {"Anna": 1, "Bert": 0})
    cup = make_cup(director, [t])
    anna, bert = Player.objects.get(name="Anna"), Player.objects.get(name="Bert")
    director_client.post(reverse("cup_merge", args=[cup.slug]), {"keep": anna.pk, "drop": bert.pk})
    assert Registration.objects.filter(player=bert).exists(), "Bert keeps his registration"


def test_an_outsider_cannot_merge(client, other_user, cup):
    client.force_login(other_user)
    keep, drop = Player.objects.get(name="Anna Huber"), Player.objects.get(name="Huber Anna")
    response = client.post(
        reverse("cup_merge", args=[cup.slug]), {"keep": keep.pk, "drop": drop.pk}
    )
    assert response.status_code == 403, "only the cup's organisers may merge"
