"""The public JSON API: the public pages' data, hidden stays hidden, 304 while unchanged, a rate
limit per address, readable from any site."""

import pytest
from django.urls import reverse

from tarock_cup.api import limits
from tarock_cup.tournaments.models import Player, Tournament
from tests.cups.helpers import imported

pytestmark = pytest.mark.django_db


def answer(client, name, *args, **headers):
    response = client.get(reverse(name, args=args), **headers)
    return response, response.json() if response.status_code != 304 else None


def test_the_standings_are_the_public_pages_rows(client, world):
    page = client.get(reverse("standings", args=["herbst"]) + "?all=1")
    shown = [
        (r.record.rank, r.record.player.name, r.record.total) for r in page.context["table"].rows
    ]
    _response, rows = answer(client, "api_standings", "herbst")
    assert [(r["rank"], r["player"], r["total"]) for r in rows] == shown, (
        "the API's standings should be the public page's rows, in its order, with its totals"
    )


def test_a_standings_row_has_the_documented_fields(client, world):
    _response, rows = answer(client, "api_standings", "herbst")
    assert rows[1] == {
        "rank": 2,
        "player": "Bert Berger",
        "number": Player.objects.get(name="Bert Berger").number,
        "club": "Innsbruck",
        "total": 80,
        "rounds": [80],
        "hands": 1,
        "withdrawn": False,
        "decided_by": None,
    }, "a row should say rank, name, number, club, total, the rounds and the hands"


def test_a_rounds_standings_are_its_own(client, world):
    response, rows = answer(client, "api_round_standings", "herbst", 1)
    assert [r["total"] for r in rows] == [120, 80, -20, -180], "round 1's totals should be shown"


def test_a_round_that_is_not_there_is_not_found(client, world):
    response, body = answer(client, "api_round_standings", "herbst", 7)
    assert (response.status_code, body["error"]) == (404, "not_found"), "round 7 is not there"


def test_a_private_player_is_shortened_even_for_the_director(client, world, director):
    client.force_login(director)
    _response, rows = answer(client, "api_standings", "herbst")
    number = world["anna"].number
    assert rows[0]["player"] == f"Anna H. (Nr. {number})", (
        "the API is public: a private player is named as in public, whoever asks"
    )


@pytest.mark.parametrize(
    ("name", "args"),
    [
        ("api_standings", ["geheim"]),
        ("api_round_standings", ["geheim", 1]),
    ],
)
def test_a_hidden_tournament_is_not_found_even_by_its_director(client, world, director, name, args):
    client.force_login(director)
    response, body = answer(client, name, *args)
    assert (response.status_code, body["error"]) == (404, "not_found"), (
        "a hidden tournament should be a JSON 404 in the API, to its director too"
    )


def test_a_hidden_cup_is_not_found(client, world):
    world["cup"].public = False
    world["cup"].save()
    response, _body = answer(client, "api_season", "tirol")
    assert response.status_code == 404, "a hidden cup should not be found"


def test_the_season_table_is_the_cup_pages(client, world):
    page = client.get(reverse("cup", args=["tirol"]) + "?all=1")
    shown = [(s.rank, s.points) for s in page.context["page"].object_list]
    _response, season = answer(client, "api_season", "tirol")
    assert [(s["rank"], s["points"]) for s in season["standings"]] == shown, (
        "the API's season table should be the cup page's ranks and points"
    )


def test_the_season_leaves_the_hidden_tournament_out(client, world):
    _response, season = answer(client, "api_season", "tirol")
    slugs = {t["slug"] for t in season["tournaments"]} | {
        r["tournament"] for s in season["standings"] for r in s["results"]
    }
    assert slugs == {"herbst"}, "only the public tournament should be in the season's answer"


def test_the_season_shortens_the_private_player(client, world):
    _response, season = answer(client, "api_season", "tirol")
    names = {s["player"] for s in season["standings"]}
    assert f"Anna H. (Nr. {world['anna'].number})" in names, "Anna should be shortened"


def test_the_calendar_has_the_public_dates_only(client, world):
    _response, dates = answer(client, "api_calendar")
    assert [d["slug"] for d in dates] == ["herbst", "fruehjahr"], (
        "the calendar should list the public tournaments, none hidden, in date order"
    )


def test_the_calendar_says_where_and_when(client, world):
    _response, dates = answer(client, "api_calendar")
    coming = dates[-1]
    assert (coming["start_time"], coming["venue"], coming["url"]) == (
        "14:00",
        "Gasthof Post",
        "http://testserver/t/fruehjahr/",
    ), "a date should say its start time, venue and page"


def test_a_players_record_lists_the_public_tournaments(client, world):
    _response, record = answer(client, "api_player", world["anna"].number)
    assert [(t["slug"], t["rank"], t["total"]) for t in record["tournaments"]] == [
        ("herbst", 1, 120)
    ], "the record should give the public tournament's rank and total, not the hidden one"


def test_a_players_record_names_a_private_player_as_in_public(client, world):
    _response, record = answer(client, "api_player", world["anna"].number)
    assert record["player"] == f"Anna H. (Nr. {world['anna'].number})", "Anna is private"


def test_a_forgotten_player_is_not_found(client, world):
    bert = Player.objects.get(name="Bert Berger")
    bert.forgotten = True
    bert.save()
    response, _body = answer(client, "api_player", bert.number)
    assert response.status_code == 404, "a forgotten player should have no record"


@pytest.mark.parametrize(
    ("name", "args"),
    [
        ("api_standings", ["herbst"]),
        ("api_round_standings", ["herbst", 1]),
        ("api_season", ["tirol"]),
        ("api_calendar", []),
        ("api_player", ["anna"]),
    ],
)
def test_an_unchanged_answer_is_not_sent_again(client, world, name, args):
    args = [world["anna"].number if a == "anna" else a for a in args]
    first, _body = answer(client, name, *args)
    again, _body = answer(client, name, *args, HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 304, "the same ETag should be answered 304 Not Modified"


@pytest.mark.parametrize(
    ("name", "args"),
    [
        ("api_standings", ["herbst"]),
        ("api_season", ["tirol"]),
        ("api_player", ["anna"]),
    ],
)
def test_a_change_of_the_tournament_sends_the_answer_again(client, world, name, args):
    args = [world["anna"].number if a == "anna" else a for a in args]
    first, _body = answer(client, name, *args)
    Tournament.bump_version(world["herbst"].pk)
    again, _body = answer(client, name, *args, HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 200, "a changed tournament should be sent again"


def test_a_new_date_sends_the_calendar_again(client, world):
    first, _body = answer(client, "api_calendar")
    world["coming"].venue = "Gasthof Krone"
    world["coming"].save()
    again, _body = answer(client, "api_calendar", HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 200, "a changed venue should send the calendar again"


def test_too_many_requests_from_one_address_are_refused(client, world, monkeypatch):
    monkeypatch.setattr(limits, "REQUESTS", 2)
    for _ in range(2):
        answer(client, "api_calendar")
    response, body = answer(client, "api_calendar")
    assert (response.status_code, body["error"]) == (429, "too_many_requests"), (
        "the third request in a minute should be refused"
    )
    assert 1 <= int(response["Retry-After"]) <= 60, "the answer should say when to come back"


def test_the_limit_is_per_address(client, world, monkeypatch):
    monkeypatch.setattr(limits, "REQUESTS", 2)
    for _ in range(3):
        answer(client, "api_calendar")
    response, _body = answer(client, "api_calendar", REMOTE_ADDR="192.0.2.7")
    assert response.status_code == 200, "another address should still be answered"


@pytest.mark.parametrize("status", ["found", "not found"])
def test_any_site_may_read_the_answers(client, world, status):
    slug = "herbst" if status == "found" else "geheim"
    response, _body = answer(client, "api_standings", slug)
    assert response["Access-Control-Allow-Origin"] == "*", "any site's scripts may read it"


def test_the_api_takes_no_writes(client, world):
    response = client.post(reverse("api_standings", args=["herbst"]))
    assert response.status_code == 405, "the API is read-only"


def test_the_answer_is_the_same_in_english(client, world):
    german, _body = answer(client, "api_standings", "herbst")
    english, _body = answer(client, "api_standings", "herbst", HTTP_ACCEPT_LANGUAGE="en")
    assert english.content == german.content, "the API's answers should not depend on language"


def test_an_error_says_why_in_the_sites_language(client, world):
    _response, body = answer(client, "api_standings", "gibt-es-nicht")
    assert body["message"] == "Diese öffentliche Seite gibt es nicht.", (
        "the message should be in the site's default language, German"
    )


def test_an_imported_ranking_is_the_tournaments_standings(client, world, owner):
    imported(owner, "papier", ["Dora Dorn", "Bert Berger"], scores=[90, None])
    _response, rows = answer(client, "api_standings", "papier")
    assert [(r["rank"], r["player"], r["total"]) for r in rows] == [
        (1, "Dora Dorn", 90),
        (2, "Bert Berger", None),
    ], "an imported ranking's places should be its standings, a missing score null"


def test_a_players_record_has_their_imported_places(client, world, owner):
    imported(owner, "papier", ["Dora Dorn", "Anna Huber"], day=20, scores=[90, 40])
    _response, record = answer(client, "api_player", world["anna"].number)
    assert [(t["slug"], t["rank"], t["imported"]) for t in record["tournaments"]] == [
        ("papier", 2, True),
        ("herbst", 1, False),
    ], "the record should list the imported place too, latest first"


def test_a_player_who_withdrew_before_playing_has_no_place_in_the_record(client, world):
    dora = Player.objects.get(name="Dora Dorn")
    world["coming"].registrations.create(player=dora, withdrawn=True)
    _response, record = answer(client, "api_player", dora.number)
    assert [t["slug"] for t in record["tournaments"]] == ["herbst"], (
        "a tournament left before playing should not be in the record"
    )


def test_the_answers_are_json_in_utf_8(client, world):
    response, _body = answer(client, "api_calendar")
    assert response["Content-Type"] == "application/json; charset=utf-8", "JSON in UTF-8"
