""" "Wo sitze ich?": a player finds table and seat by a few letters of the name or the number,
for the round being played and the next once drawn; the wall list sorted by name."""

import pytest
from django.urls import reverse

from tarock_cup.tournaments import seat_finder
from tarock_cup.tournaments.models import Player, Registration, Round, Seat, Table
from tests.factories import make_table, make_tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def day(director):
    """Eight players at two tables of round 1; Ünal Öztürk at table 2, seat 3, who deals first."""
    tournament = make_tournament(director, players=4)
    for name in ("Ünal Öztürk", "Hubert Maier", "Anna Huber", "Zita Berger"):
        player = Player.objects.create(name=name, club="Graz")
        Registration.objects.create(tournament=tournament, player=player, checked_in=True)
    make_table(tournament)
    table = make_table(
        tournament,
        table_number=2,
        names=["Hubert Maier", "Anna Huber", "Ünal Öztürk", "Zita Berger"],
    )
    Table.objects.filter(pk=table.pk).update(first_dealer=2)
    return tournament


def search(client, tournament, query):
    return client.get(reverse("where_do_i_sit", args=[tournament.slug]), {"q": query}).context


def found_names(client, tournament, query):
    return [found.player.name for found in search(client, tournament, query)["search"].found]


def test_a_player_is_found_by_a_few_letters_without_accents(client, day):
    assert found_names(client, day, "ozt") == ["Ünal Öztürk"], "“ozt” should find Öztürk"


def test_letters_of_any_part_of_the_name_find_it_in_any_case(client, day):
    assert found_names(client, day, "UNAL") == ["Ünal Öztürk"], "the first name should find too"


def test_every_word_typed_must_match(client, day):
    assert found_names(client, day, "hub mai") == ["Hubert Maier"], (
        "two words should find only the player with both"
    )


def test_several_players_are_listed_by_name(client, day):
    assert found_names(client, day, "hube") == ["Anna Huber", "Hubert Maier"], (
        "“hube” should find both Huber and Hubert, sorted by name"
    )


def test_a_clubs_letters_do_not_list_the_club(client, day):
    assert found_names(client, day, "graz") == [], "typing the club should find no player"


def test_a_player_is_found_by_number(client, day):
    number = Player.objects.get(name="Zita Berger").number
    assert found_names(client, day, f"Nr. {number}") == ["Zita Berger"], "the number should find"


def test_the_place_shows_table_seat_and_first_dealer(client, day):
    place = search(client, day, "öztürk")["search"].found[0].places[0]
    assert (place.round_number, place.table, place.seat, place.first_dealer) == (1, 2, 3, 3), (
        "Öztürk should sit at table 2, seat 3, which deals first"
    )


def test_the_page_shows_the_seat_in_large_type(client, day):
    text = client.get(reverse("where_do_i_sit", args=[day.slug]), {"q": "ozt"}).content.decode()
    assert '>Tisch 2</strong> <strong class="seat-seat">Sitzplatz 3<' in text, (
        "the page should say Tisch 2, Sitzplatz 3"
    )


def test_one_letter_asks_for_more(client, day):
    assert search(client, day, "a")["search"].problem == "short", "one letter is too few"


def test_an_unknown_name_says_nobody(client, day):
    text = client.get(reverse("where_do_i_sit", args=[day.slug]), {"q": "xyz"}).content.decode()
    assert "Niemand mit Sitzplatz" in text, "an unknown name should say nobody is called so"


def test_the_next_round_shows_once_drawn(client, day):
    make_table(day, round_number=2, names=["Ünal Öztürk", "Anna", "Bert", "Cilli"])
    places = search(client, day, "ozt")["search"].found[0].places
    assert [(p.round_number, p.table, p.seat) for p in places] == [(1, 2, 3), (2, 1, 1)], (
        "the next round's seat should show under the current one"
    )


def test_a_finished_round_gives_way_to_the_next(client, day):
    make_table(day, round_number=2, names=["Ünal Öztürk", "Anna", "Bert", "Cilli"])
    Round.objects.filter(tournament=day, number=1).update(finished=True)
    places = search(client, day, "ozt")["search"].found[0].places
    assert [p.round_number for p in places] == [2], "a finished round should no longer show"


def test_after_the_last_round_its_seats_still_show(client, day):
    Round.objects.filter(tournament=day).update(finished=True)
    places = search(client, day, "ozt")["search"].found[0].places
    assert [(p.round_number, p.finished) for p in places] == [(1, True)], (
        "when every round is finished the last one should show"
    )


def test_before_the_draw_the_page_says_so(client, director):
    tournament = make_tournament(director, slug="bald")
    text = client.get(reverse("where_do_i_sit", args=["bald"]), {"q": "anna"}).content.decode()
    assert ("noch keine Runde ausgelost" in text, tournament.rounds.count()) == (True, 0), (
        "before a draw the page should say so, and searching should draw nothing"
    )


def test_many_matches_ask_for_more_letters(client, director):
    tournament = make_tournament(director, slug="gross", players=12)
    make_table(tournament)
    for number, start in ((2, 4), (3, 8)):
        table = Table.objects.create(round=tournament.rounds.get(), number=number)
        players = [r.player for r in tournament.registrations.order_by("pk")][start : start + 4]
        for position, player in enumerate(players):
            Seat.objects.create(round=table.round, table=table, position=position, player=player)
    result = search(client, tournament, "p1")["search"]
    assert (len(result.found), result.more) == (3, False), "P1, P10 and P11 should be found"
    result = seat_finder.find_seats(tournament, "p")
    assert result.problem == "short", "a single letter should not list everyone"


def test_the_wall_list_is_sorted_by_name(client, day):
    rows = client.get(reverse("seat_list", args=[day.slug])).context["lists"][0][1]
    assert [row.name for row in rows] == [
        "Anna",
        "Anna Huber",
        "Bert",
        "Cilli",
        "Dora",
        "Hubert Maier",
        "Ünal Öztürk",
        "Zita Berger",
    ], "the wall list should be sorted by name, accents ignored"


def test_a_hidden_tournaments_seats_are_a_404_to_the_public(client, director):
    make_table(make_tournament(director, slug="geheim", public=False))
    pages = [reverse(name, args=["geheim"]) for name in ("where_do_i_sit", "seat_list")]
    assert [client.get(page, {"q": "anna"}).status_code for page in pages] == [404, 404], (
        "a hidden tournament's seat pages should not exist for the public"
    )


def test_a_long_query_is_cut_not_refused(client, day):
    response = client.get(reverse("where_do_i_sit", args=[day.slug]), {"q": "x" * 5000})
    assert response.status_code == 200, "a very long query should be answered, not fail"


def test_a_private_player_is_shown_by_first_name_and_initial(client, day):
    Player.objects.filter(name="Anna Huber").update(private=True)
    text = client.get(reverse("where_do_i_sit", args=[day.slug]), {"q": "anna"}).content.decode()
    assert ("Anna H." in text, "Anna Huber" in text) == (True, False), (
        "the public should read a private player as “Anna H.”, never the full name"
    )


def test_a_private_players_last_name_does_not_find_them_for_the_public(client, day):
    Player.objects.filter(name="Anna Huber").update(private=True)
    assert found_names(client, day, "huber") == ["Hubert Maier"], (
        "the public typing a private player's last name should not learn who “Anna H.” is"
    )


def test_a_private_player_is_found_by_number(client, day):
    player = Player.objects.get(name="Anna Huber")
    Player.objects.filter(pk=player.pk).update(private=True)
    assert found_names(client, day, str(player.number)) == ["Anna Huber"], (
        "a private player should still find their seat by number"
    )


def test_the_director_finds_a_private_player_by_the_full_name(director_client, day):
    Player.objects.filter(name="Anna Huber").update(private=True)
    assert found_names(director_client, day, "huber") == ["Anna Huber", "Hubert Maier"], (
        "the tournament's director should find the private player by the full name"
    )


def test_the_wall_list_shows_a_private_player_by_first_name_and_initial(client, day):
    Player.objects.filter(name="Anna Huber").update(private=True)
    text = client.get(reverse("seat_list", args=[day.slug])).content.decode()
    assert ("Anna H." in text, "Anna Huber" in text) == (True, False), (
        "the wall list should show a private player as “Anna H.”"
    )
