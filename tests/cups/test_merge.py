"""One person, one row: likely duplicates are suggested to organisers and can be merged."""

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from tarock_cup.cups.players import name_key
from tarock_cup.register.records import RecordRefused, merge_records
from tarock_cup.tournaments import backup
from tarock_cup.tournaments.models import Change, Player, Registration, Seat, Tournament
from tests.cups.helpers import imported, make_cup, played

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


def merge_through_the_cup(client, cup, keep, drop):
    """Merge as an organiser does from the cup's likely duplicates: the pair leads to the
    register's comparison, where the record to keep is chosen and the merge confirmed."""
    response = client.post(
        reverse("cup_merge", args=[cup.slug]), {"keep": keep.pk, "drop": drop.pk}
    )
    client.post(response.url, {"other": drop.number, "keep": keep.number})


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


def test_a_likely_duplicate_leads_to_the_registers_comparison(director_client, cup):
    keep, drop = Player.objects.get(name="Anna Huber"), Player.objects.get(name="Huber Anna")
    response = director_client.post(
        reverse("cup_merge", args=[cup.slug]), {"keep": keep.pk, "drop": drop.pk}
    )
    expected = reverse("register_player_merge", args=[keep.number]) + f"?other={drop.number}"
    assert response.url == expected, "both records are compared before anything is merged"


def test_a_merge_moves_registrations_and_seats(director_client, cup):
    keep, drop = Player.objects.get(name="Anna Huber"), Player.objects.get(name="Huber Anna")
    merge_through_the_cup(director_client, cup, keep, drop)
    assert Seat.objects.filter(player=keep).count() == 2, "both seats are Anna Huber's"


def test_a_merge_is_recorded_in_the_tournaments_history(director, cup):
    keep, drop = Player.objects.get(name="Anna Huber"), Player.objects.get(name="Huber Anna")
    dropped = drop.pk
    merge_records(keep, drop, director)
    change = Change.objects.get(kind=Change.Kind.REGISTRATION, tournament__slug="b")
    assert change.before["player"] == dropped and change.after["player"] == keep.pk, (
        "the history keeps who the registration belonged to before"
    )


def test_a_merged_player_has_one_season_row(director_client, cup):
    keep, drop = Player.objects.get(name="Anna Huber"), Player.objects.get(name="Huber Anna")
    merge_through_the_cup(director_client, cup, keep, drop)
    html = director_client.get(reverse("cup", args=[cup.slug])).content.decode()
    assert '<td class="num total">20</td>' in html, "Anna's two wins (10 + 10) add up in one row"


def test_it_refuses_to_merge_two_players_of_one_tournament(director):
    played(director, "a", {"Anna": 1, "Bert": 0})
    anna, bert = Player.objects.get(name="Anna"), Player.objects.get(name="Bert")
    with pytest.raises(RecordRefused):
        merge_records(anna, bert, director)


def test_a_refused_merge_changes_nothing(director_client, director):
    t = played(director, "a", {"Anna": 1, "Bert": 0})
    cup = make_cup(director, [t])
    anna, bert = Player.objects.get(name="Anna"), Player.objects.get(name="Bert")
    merge_through_the_cup(director_client, cup, anna, bert)
    assert Registration.objects.filter(player=bert).exists(), "Bert keeps his registration"


def test_an_outsider_cannot_merge(client, other_user, cup):
    client.force_login(other_user)
    keep, drop = Player.objects.get(name="Anna Huber"), Player.objects.get(name="Huber Anna")
    response = client.post(
        reverse("cup_merge", args=[cup.slug]), {"keep": keep.pk, "drop": drop.pk}
    )
    assert response.status_code == 403, "only the cup's organisers may merge"


@pytest.fixture
def imported_cup(director):
    a = played(director, "a", {"Anna Huber": 50, "Bert": 30})
    paper = imported(director, "papier", ["Bert", "Huber Anna"], day=2)
    return make_cup(director, [a, paper])


def merge_annas(client, cup):
    keep, drop = Player.objects.get(name="Anna Huber"), Player.objects.get(name="Huber Anna")
    merge_through_the_cup(client, cup, keep, drop)
    return keep


def place_change():
    return Change.objects.get(kind=Change.Kind.PLACE, tournament__slug="papier")


@pytest.mark.parametrize(
    ("field", "before", "after"),
    [("rank", 2, 2), ("name", "Huber Anna", "Anna Huber")],
)
def test_a_merge_records_the_moved_imported_place_in_its_tournaments_history(
    director_client, imported_cup, field, before, after
):
    merge_annas(director_client, imported_cup)
    change = place_change()
    assert (change.before[field], change.after[field]) == (before, after), field


def test_the_recorded_place_names_the_player_kept(director_client, imported_cup):
    keep = merge_annas(director_client, imported_cup)
    assert place_change().after["player"] == keep.pk, "the place is now the kept player's"


def test_the_recorded_place_says_who_merged(director_client, director, imported_cup):
    merge_annas(director_client, imported_cup)
    assert place_change().user == director, "the organiser who merged"


def test_a_merge_moving_no_imported_place_records_none(director, cup):
    keep, drop = Player.objects.get(name="Anna Huber"), Player.objects.get(name="Huber Anna")
    merge_records(keep, drop, director)
    assert not Change.objects.filter(kind=Change.Kind.PLACE).exists(), "no place moved"


def test_the_imported_tournaments_page_shows_the_merge_to_its_director(
    director_client, imported_cup
):
    merge_annas(director_client, imported_cup)
    html = director_client.get(reverse("tournament", args=["papier"])).content.decode()
    assert "Platz 2: Huber Anna → Anna Huber (Spieler zusammengeführt)" in html, "in the history"


def test_the_imported_tournaments_page_shows_the_merge_in_english(director_client, imported_cup):
    merge_annas(director_client, imported_cup)
    with translation.override("en"):
        html = director_client.get(reverse("tournament", args=["papier"])).content.decode()
    assert "rank 2: Huber Anna → Anna Huber (players merged)" in html, "in the history"


def test_the_imported_tournaments_page_keeps_the_merge_from_the_public(
    director_client, imported_cup
):
    merge_annas(director_client, imported_cup)
    html = Client().get(reverse("tournament", args=["papier"])).content.decode()
    assert "Huber Anna" not in html, "visitors see the ranking, not its history"


def test_an_imported_ranking_with_a_moved_place_is_left_to_its_cup_not_to_a_backup(
    director_client, imported_cup
):
    # The ranking lives in its cup and is imported there again; a backup without it would lie.
    merge_annas(director_client, imported_cup)
    with pytest.raises(backup.BackupError, match="imported into a cup"):
        backup.backup(Tournament.objects.get(slug="papier"))
