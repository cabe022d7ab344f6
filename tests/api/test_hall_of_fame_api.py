"""The hall of fame through the API: the page's figures (tests/cups/hall_world.py works them by
hand), public names, hidden parts left out, 304 while unchanged, rate-limited like the rest."""

import pytest
from django.urls import reverse

from tarock_cup.api import limits
from tarock_cup.tournaments.models import Tournament
from tests.cups import hall_world

pytestmark = pytest.mark.django_db


@pytest.fixture
def seasons(django_user_model):
    owner = django_user_model.objects.create_user("hall-owner")
    stranger = django_user_model.objects.create_user("hall-stranger")
    return hall_world.build(owner, stranger)


def url(slug="tirol-2025-26"):
    return reverse("api_hall_of_fame", args=[slug])


def names(people):
    return [person["player"].split(" (")[0] for person in people]


def test_the_seasons_winners_are_the_pages(client, seasons):
    body = client.get(url()).json()
    shown = [
        (s["cup"]["season"], names(s["winners"]), s["points"], s["provisional"])
        for s in body["seasons"]
    ]
    assert shown == [
        ("2025/26", ["Dora Wimmer"], 13, True),
        ("2024/25", ["Cora L."], 16, False),
        ("2023/24", ["Bert Moser"], 10, False),
    ], "each public season's winner, Cora by her public name, the hidden season left out"


def test_a_shared_record_lists_every_holder_the_earliest_first(client, seasons):
    best = client.get(url()).json()["records"]["best_round"]
    held = [
        (h["player"].split(" (")[0], h["tournament"]["slug"], h["round"]) for h in best["holders"]
    ]
    assert (best["value"], held) == (
        70,
        [("Anna Huber", "t2", 1), ("Cora L.", "t3", 1), ("Bert Moser", "t4", 1)],
    ), "70 held three times, the earliest first"


def test_most_tournaments_played_names_no_tournament(client, seasons):
    most = client.get(url()).json()["records"]["most_participations"]
    held = sorted((h["player"], h["value"], h["tournament"]) for h in most["holders"])
    assert held == [("Anna Huber", 4, None), ("Bert Moser", 4, None)], "Anna and Bert, 4 each"


@pytest.mark.parametrize("hidden", ["Fritz", "Gustav", "Hugo", "t0", "t5", "Lechner"])
def test_nothing_hidden_reaches_the_answer_even_for_the_owner(client, seasons, hidden):
    client.force_login(seasons["2025/26"].owner)
    assert hidden not in client.get(url()).content.decode(), f"{hidden} stays out of the answer"


def test_a_hidden_season_is_not_found(client, seasons):
    response = client.get(url("tirol-2022-23"))
    assert (response.status_code, response.json()["error"]) == (404, "not_found"), (
        "a hidden cup is a JSON 404"
    )


def test_an_unchanged_hall_is_answered_304(client, seasons):
    first = client.get(url())
    again = client.get(url(), HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 304, "the same ETag is answered 304 Not Modified"


def test_a_changed_tournament_of_any_season_sends_the_hall_again(client, seasons):
    first = client.get(url())
    Tournament.bump_version(Tournament.objects.get(slug="t1").pk)
    again = client.get(url(), HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 200, "a change in an older season changes the hall"


def test_the_hall_counts_against_the_rate_limit(client, seasons, monkeypatch):
    monkeypatch.setattr(limits, "REQUESTS", 2)
    statuses = [client.get(url()).status_code for _ in range(3)]
    assert statuses == [200, 200, 429], "the third request in the minute is refused"
