"""The national ranking built from cups in the application, against the hand-worked figures of
tests/national/world.py; and when it is provisional."""

import pytest
from django.utils import timezone

from tarock_cup.cups.models import Cup
from tarock_cup.national.models import NationalCup, NationalFinal
from tarock_cup.national.ranking import build_national
from tarock_cup.national.rows import ranking_rows
from tests.cups.helpers import played
from tests.national import world

pytestmark = pytest.mark.django_db


def ranked():
    return build_national(NationalFinal.objects.get(slug="oef"))


def lines(national):
    return [(row.player.name, row.rank, row.total) for row in ranking_rows(national)]


def test_the_ranking_adds_cup_and_final_points_as_worked_by_hand(django_user_model):
    world.build(django_user_model)
    assert lines(ranked()) == world.EXPECTED, "names, ranks and totals as worked by hand"


def test_a_player_of_two_cups_appears_once_with_the_better_cups_points(django_user_model):
    world.build(django_user_model)
    rows = [row for row in ranking_rows(ranked()) if row.player.name == "Bert"]
    assert [(r.qualifying, r.from_cup, len(r.cups)) for r in rows] == [
        (120, str(Cup.objects.get(slug="salz")), 2)
    ], "Bert once, 120 from salz, both cups shown"


def test_closed_seasons_and_a_complete_final_make_it_final(django_user_model):
    world.build(django_user_model)
    assert ranked().ranking.provisional is False, "nothing open: the ranking is final"


def test_an_open_season_makes_it_provisional(django_user_model):
    world.build(django_user_model)
    Cup.objects.filter(slug="salz").update(season_closed_at=None)
    assert ranked().ranking.provisional is True, "salz's season is open"


def test_no_final_points_table_makes_it_provisional_without_final_points(django_user_model):
    world.build(django_user_model, final_points=())
    national = ranked()
    assert (
        national.ranking.provisional,
        national.ranking.standing(str(world.number("Cilli"))).final_points,
    ) == (True, 0), "no table: no final yet"


def test_a_final_tournament_not_complete_brings_no_final_points(django_user_model):
    users = world.build(django_user_model)
    day = played(users["final_organiser"], "linz", {"Cilli": 30, "Anna": 10}, finished=False)
    day.ruleset = "ooe"
    day.save()
    NationalFinal.objects.filter(slug="oef").update(tournament=day)
    national = ranked()
    assert (national.ranking.provisional, national.day.complete) == (True, False), (
        "the final's last round is open: provisional, no final points"
    )


def test_a_final_played_here_feeds_its_standings_once_complete(django_user_model):
    users = world.build(django_user_model)
    day = played(users["final_organiser"], "linz", {"Dora": 30, "Anna": 10, "Emil": -40})
    NationalFinal.objects.filter(slug="oef").update(tournament=day)
    standing = ranked().ranking.standing(str(world.number("Dora")))
    # Dora: tirol rank 4 (93) + final rank 1 (60)
    assert (standing.final_rank, standing.total) == (1, 153), "Dora wins the final day"


def test_a_cup_not_yet_accepted_does_not_count(django_user_model):
    world.build(django_user_model)
    NationalCup.objects.filter(cup__slug="salz").update(accepted_at=None)
    standing = ranked().ranking.standing(str(world.number("Bert")))
    assert standing.qualifying == 109, "only tirol counts: Bert's rank 2 there, 109"


def test_a_hidden_cup_does_not_count(django_user_model):
    world.build(django_user_model)
    Cup.objects.filter(slug="salz").update(public=False)
    assert ranked().ranking.standing(str(world.number("Emil"))) is None, (
        "Emil played only in the hidden cup"
    )


def test_a_hidden_final_tournament_does_not_count(django_user_model):
    world.build(django_user_model)
    NationalFinal.objects.get(slug="oef").tournament.__class__.objects.filter(slug="finale").update(
        public=False
    )
    assert ranked().day.complete is False, "a hidden final day counts for nobody"


def test_the_ranking_reads_a_constant_number_of_queries(
    django_user_model, django_assert_max_num_queries
):
    world.build(django_user_model)
    ranked()  # fills the caches
    with django_assert_max_num_queries(20):
        ranked()


def test_season_closing_is_recorded(django_user_model):
    world.build(django_user_model, closed=False)
    Cup.objects.filter(slug="tirol").update(season_closed_at=timezone.now())
    assert Cup.objects.get(slug="tirol").season_closed is True, "closed_at set: closed"


def test_the_ranking_follows_changes_made_after_it_was_read(django_user_model):
    world.build(django_user_model)
    ranked()  # kept in the cache now
    NationalFinal.objects.filter(slug="oef").update(final_points=[10, 5, 1])
    Cup.objects.filter(slug="salz").update(season_closed_at=None)
    national = ranked()
    anna = national.ranking.standing(str(world.number("Anna")))
    assert (anna.total, national.ranking.provisional) == (121, True), (
        "the new final table (Anna 120 + 1) and salz's open season are read at once"
    )


def test_the_page_says_provisional_while_a_season_is_open(client, django_user_model):
    from django.urls import reverse

    world.build(django_user_model)
    Cup.objects.filter(slug="tirol").update(season_closed_at=None)
    page = client.get(reverse("national_final", args=["oef"])).content.decode()
    assert "Vorläufig." in page, "the German page says the ranking is provisional"


def test_a_name_corrected_after_the_ranking_was_read_is_shown(django_user_model):
    from tarock_cup.tournaments.models import Player

    world.build(django_user_model)
    ranked()  # kept in memory now
    Player.objects.filter(name="Anna").update(name="Anna Maria")
    assert lines(ranked())[0][0] == "Anna Maria", "the new name, not the one kept"
