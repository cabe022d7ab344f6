"""A cup's hall of fame, worked by hand (tests/cups/hall_world.py says how each figure comes)."""

import datetime

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tarock_cup.cups.hall_of_fame import cup_series, hall_of_fame, kept_hall_of_fame
from tarock_cup.tournaments.models import Table, Tournament
from tests.cups import hall_world
from tests.cups.helpers import imported, make_cup, played

pytestmark = pytest.mark.django_db


@pytest.fixture
def seasons(django_user_model):
    owner = django_user_model.objects.create_user("owner")
    stranger = django_user_model.objects.create_user("stranger")
    return hall_world.build(owner, stranger)


@pytest.fixture
def hall(seasons):
    return hall_of_fame(seasons["2025/26"])


def names(players):
    return [player.name for player in players]


def test_a_cups_series_is_its_owners_cups_of_its_name_the_latest_first(seasons):
    found = [cup.season for cup in cup_series(seasons["2023/24"])]
    assert found == ["2025/26", "2024/25", "2023/24", "2022/23"], (
        "every season of the owner's cup, hidden ones too, and not the other owner's cup"
    )


def test_each_public_season_shows_its_winners_latest_first(hall):
    shown = [(s.cup.season, names(s.winners), s.points, s.provisional) for s in hall.seasons]
    assert shown == [
        ("2025/26", ["Dora Wimmer"], 13, True),
        ("2024/25", ["Cora Lechner"], 16, False),
        ("2023/24", ["Bert Moser"], 10, False),
    ], "the season tables' winners with their points; the hidden 2022/23 is left out"


def record(hall, key):
    return next(found for found in hall.records if found.key == key)


def test_the_best_tournament_score_is_berts_80_in_t4(hall):
    best = record(hall, "best_tournament")
    held = [(f.player.name, f.value, f.tournament.slug, f.cup.season) for f in best.holders]
    assert held == [("Bert Moser", 80, "t4", "2025/26")], "one holder: Bert's 80 in T4"


def test_a_shared_best_round_lists_every_holder_the_earliest_first(hall):
    best = record(hall, "best_round")
    held = [(f.player.name, f.value, f.tournament.slug, f.round) for f in best.holders]
    assert held == [
        ("Anna Huber", 70, "t2", 1),
        ("Cora Lechner", 70, "t3", 1),
        ("Bert Moser", 70, "t4", 1),
    ], "70 three times; T6's unfinished 90 and the hidden T5's 500 do not count"


def test_most_tournaments_played_is_shared_by_anna_and_bert(hall):
    most = record(hall, "most_participations")
    held = sorted((f.player.name, f.value) for f in most.holders)
    assert held == [("Anna Huber", 4), ("Bert Moser", 4)], (
        "T1-T4 each; the hidden T5, the hidden season's T0 and the unfinished T6 do not count"
    )


def test_every_season_of_the_series_shows_the_same_hall(seasons):
    first = hall_of_fame(seasons["2023/24"])
    last = hall_of_fame(seasons["2025/26"])
    assert (first.seasons, first.records) == (last.seasons, last.records), (
        "the hall belongs to the series, whichever season it is opened from"
    )


def queries(cup):
    with CaptureQueriesContext(connection) as done:
        hall_of_fame(cup)
    return len(done)


def test_the_hall_reads_seven_queries_without_an_imported_ranking(seasons):
    assert queries(seasons["2025/26"]) == 7, (
        "series, tournaments, rounds, tables, seats, registrations, players"
    )


def test_more_seasons_and_an_imported_ranking_read_one_query_more(seasons):
    owner = seasons["2025/26"].owner
    for year in (2026, 2027):
        extra = hall_world.tournament(
            owner,
            f"t{year}",
            datetime.date(year, 10, 1),
            [{"Anna": 10, "Bert": 0, "Cora": -5, "Dora": -5}],
        )
        paper = imported(owner, f"p{year}", [hall_world.NAMES["Emil"]], scores=[50])
        hall_world.season(owner, f"{year}/{year - 1999}", [extra, paper])
    assert queries(seasons["2025/26"]) == 8, "the imported rankings' places: one query for all"


def page(client, slug="tirol-2025-26", prefix=""):
    return client.get(prefix + reverse("cup_hall_of_fame", args=[slug])).content.decode()


def test_the_page_names_a_private_player_by_the_public_name(client, seasons):
    text = page(client)
    assert ("Cora L." in text, "Lechner" in text) == (True, False), (
        "Cora is private: 'Cora L.' with her number, never her last name"
    )


def test_the_owner_too_reads_the_public_names(client, seasons):
    client.force_login(seasons["2025/26"].owner)
    assert "Lechner" not in page(client), "the hall is the public's page, whoever reads it"


@pytest.mark.parametrize("hidden", ["Fritz", "Gustav", "Hugo", "Turnier T0", "Turnier T5"])
def test_nothing_hidden_or_of_another_cup_reaches_the_page(client, seasons, hidden):
    client.force_login(seasons["2025/26"].owner)
    assert hidden not in page(client), f"{hidden} belongs to a hidden part or another cup"


def test_the_page_says_how_a_shared_record_shows(client, seasons):
    assert "Geteilt: 3-mal gehalten." in page(client), "a tie says how many hold the record"


def test_the_english_page_speaks_english(client, seasons):
    text = page(client, prefix="/en")
    assert ("Hall of fame" in text, "Best round" in text) == (True, True), "English titles"


def test_the_cup_page_links_its_hall_of_fame(client, seasons):
    url = reverse("cup_hall_of_fame", args=["tirol-2024-25"])
    assert url in client.get(reverse("cup", args=["tirol-2024-25"])).content.decode(), (
        "the season page leads to the hall of fame"
    )


def test_a_hidden_season_has_no_hall_for_the_public(client, seasons):
    response = client.get(reverse("cup_hall_of_fame", args=["tirol-2022-23"]))
    assert response.status_code == 404, "a hidden cup stays hidden"


def test_a_new_result_is_in_the_kept_hall_at_once(seasons):
    kept_hall_of_fame(seasons["2025/26"])  # kept in the cache now
    t4 = Tournament.objects.get(slug="t4")
    table = Table.objects.get(round__tournament=t4, round__number=2)
    table.totals = [100, -20, -40, -40]
    table.save()
    Tournament.bump_version(t4.pk)
    best = record(kept_hall_of_fame(seasons["2025/26"]), "best_tournament")
    assert best.value == 170, "Bert's T4 is now 70 + 100: the kept hall is made anew"


def test_a_record_held_by_many_lists_ten_and_says_how_many_more(client, django_user_model):
    # A first season where eleven played one tournament: all share "most tournaments played".
    owner = django_user_model.objects.create_user("neu")
    made = played(owner, "neu", {f"Spieler {i} Neu": 10 * i for i in range(1, 12)})
    make_cup(owner, [made], slug="neu-2029-30")
    text = page(client, "neu-2029-30")
    assert "und 1 weitere" in text, "ten holders listed, the eleventh counted"
