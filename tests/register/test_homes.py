"""Every player has a public number and a home, however the record was made."""

import datetime

import pytest

from tarock_cup.cups.models import Cup, CupTournament, ImportedPlace, ImportedRanking
from tarock_cup.register.homes import home_of, keeps
from tarock_cup.register.models import PlayerChange
from tarock_cup.tournaments.models import ASSIGNED_NUMBERS_FROM, Player, Registration, Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def users(django_user_model):
    return {
        name: django_user_model.objects.create_user(name, password="pw-123456")
        for name in ("owner", "organiser", "stranger", "admin")
    }


def tournament(owner, slug, day=21):
    return Tournament.objects.create(
        name=slug, slug=slug, date=datetime.date(2026, 11, day), ruleset="tirol_cup", owner=owner
    )


def cup(owner, slug="tirol"):
    return Cup.objects.create(name=slug, slug=slug, points={"method": "rank"}, owner=owner)


def test_a_player_created_without_a_number_gets_one_handed_out():
    player = Player.objects.create(name="Anna Huber", club="Radstadt")
    assert player.number >= ASSIGNED_NUMBERS_FROM, "a handed-out number starts at 100001"


def test_players_made_by_bulk_create_get_distinct_numbers():
    players = Player.objects.bulk_create(Player(name=f"P{i}", club="Linz") for i in range(5))
    numbers = set(
        Player.objects.filter(pk__in=[p.pk for p in players]).values_list("number", flat=True)
    )
    assert len(numbers) == 5, "five players made at once should have five numbers"


def test_a_given_number_is_kept_and_not_handed_out_again():
    Player.objects.create(name="Xaver", club="Lienz", number=ASSIGNED_NUMBERS_FROM)
    later = Player.objects.create(name="Yvonne", club="Lienz")
    assert later.number != ASSIGNED_NUMBERS_FROM, "a number a player has is skipped"


def test_bulk_created_players_are_found_by_their_search_key():
    Player.objects.bulk_create([Player(name="Jürgen Öller", club="Wörgl")])
    assert Player.objects.get().search_key == "jurgen oller / worgl", (
        "bulk_create should fill the search key without accents or case"
    )


def test_a_corrected_name_updates_the_search_key():
    player = Player.objects.create(name="Franz Pichlr", club="Schwaz")
    player.name = "Franz Pichler"
    player.save(update_fields=["name"])
    player.refresh_from_db()
    assert player.search_key == "franz pichler / schwaz", "save should keep the search key"


def test_the_number_reads_nr_in_german_and_no_in_english():
    from django.utils import translation

    player = Player.objects.create(name="Anna", number=1234)
    with translation.override("de"):
        german = player.number_label()
    with translation.override("en"):
        english = player.number_label()
    assert (german, english) == ("Nr. 1234", "No. 1234"), "the number label follows the language"


def test_a_player_first_registered_in_a_stand_alone_tournament_is_kept_by_its_owner(users):
    player = Player.objects.create(name="Anna")
    Registration.objects.create(tournament=tournament(users["owner"], "a"), player=player)
    assert home_of(player).organiser == users["owner"], "the owner keeps a stand-alone player"


def test_a_player_first_registered_in_a_cup_tournament_is_kept_by_the_cup(users):
    the_cup = cup(users["organiser"])
    day = tournament(users["owner"], "a")
    CupTournament.objects.create(cup=the_cup, tournament=day)
    player = Player.objects.create(name="Anna")
    Registration.objects.create(tournament=day, player=player)
    assert home_of(player).cup == the_cup, "the cup keeps a player first seen in its tournament"


def test_a_player_placed_in_an_imported_ranking_is_kept_by_its_cup(users):
    the_cup = cup(users["organiser"])
    day = tournament(users["owner"], "a")
    CupTournament.objects.create(cup=the_cup, tournament=day)
    ranking = ImportedRanking.objects.create(tournament=day)
    player = Player.objects.create(name="Anna")
    ImportedPlace.objects.create(ranking=ranking, rank=1, player=player)
    assert home_of(player).cup == the_cup, "an imported place gives the cup as home"


def test_a_later_tournament_does_not_move_a_home(users):
    player = Player.objects.create(name="Anna")
    Registration.objects.create(tournament=tournament(users["owner"], "a"), player=player)
    Registration.objects.create(tournament=tournament(users["stranger"], "b"), player=player)
    assert home_of(player).organiser == users["owner"], "the first home stays"


def test_players_move_home_to_the_cup_their_tournament_joins(users):
    day = tournament(users["owner"], "a")
    player = Player.objects.create(name="Anna")
    Registration.objects.create(tournament=day, player=player)
    the_cup = cup(users["organiser"])
    CupTournament.objects.create(cup=the_cup, tournament=day)
    player.refresh_from_db()
    assert home_of(player).cup == the_cup, "the player's home moves to the cup"
    assert PlayerChange.objects.filter(player=player, kind="home").exists(), (
        "the move of home should be in the register's log"
    )


def test_a_bulk_registered_player_is_kept_where_first_seen(users):
    player = Player.objects.create(name="Anna")
    Registration.objects.bulk_create(
        [
            Registration(tournament=tournament(users["stranger"], "late", day=28), player=player),
            Registration(tournament=tournament(users["owner"], "early", day=1), player=player),
        ]
    )
    assert home_of(player).organiser == users["owner"], "the earliest tournament gives the home"


@pytest.mark.parametrize(
    ("actor", "keeps_it"),
    [("owner", False), ("organiser", True), ("stranger", False), ("admin", True)],
)
def test_only_the_home_cups_organisers_and_superusers_keep_a_record(users, actor, keeps_it):
    users["admin"].is_superuser = True
    users["admin"].save()
    the_cup = cup(users["organiser"])
    day = tournament(users["owner"], "a")
    CupTournament.objects.create(cup=the_cup, tournament=day)
    player = Player.objects.create(name="Anna")
    Registration.objects.create(tournament=day, player=player)
    verdict = "keeps" if keeps_it else "does not keep"
    assert keeps(users[actor], player) is keeps_it, f"{actor} {verdict} the cup's player"


def test_a_visitor_keeps_nothing(users):
    from django.contrib.auth.models import AnonymousUser

    player = Player.objects.create(name="Anna")
    Registration.objects.create(tournament=tournament(users["owner"], "a"), player=player)
    assert keeps(AnonymousUser(), player) is False, "a visitor keeps no record"
