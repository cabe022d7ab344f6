"""Who sees what of the calendar, its feeds and "Wo sitze ich?", cell by cell: everybody reads
the public ones; a hidden tournament is seen only by its directors, owner and superusers (and
never in a feed, which anyone may be passed); the pages write nothing; the calendar details
are changed only by the tournament's directors, owner and superusers."""

import datetime

import pytest
from django.urls import reverse
from django.utils import timezone

from tarock_cup.tournaments.models import Tournament
from tests.cups.helpers import make_cup
from tests.factories import make_table, make_tournament
from tests.test_permission_matrix import ACTORS, ALLOWED, client_for

pytestmark = pytest.mark.django_db


@pytest.fixture
def world(django_user_model):
    users = {
        name: django_user_model.objects.create_user(name, password="pw-123456")
        for name in ACTORS[1:]
    }
    users["superuser"].is_superuser = users["superuser"].is_staff = True
    users["superuser"].save()
    soon = timezone.localdate() + datetime.timedelta(days=3)
    for slug, public in (("open", True), ("hidden", False)):
        tournament = make_tournament(users["owner"], slug=slug, public=public)
        Tournament.objects.filter(pk=tournament.pk).update(date=soon, name=f"Turnier {slug}")
        tournament.directors.add(users["director"])
        make_table(tournament)
    other = make_tournament(users["other_director"], slug="other", players=0)
    other.directors.add(users["other_director"])
    make_cup(users["owner"], Tournament.objects.filter(slug__in=["open", "hidden"]), slug="cup")
    make_cup(users["owner"], [], slug="hidden-cup", public=False)
    return users


def fingerprint():
    return list(
        Tournament.objects.order_by("pk").values_list(
            "name", "start_time", "venue_address", "region", "entry_fee", "contact", "note"
        )
    )


TOURNAMENT_READS = {
    "where do I sit": lambda s: reverse("where_do_i_sit", args=[s]) + "?q=anna",
    "seating list": lambda s: reverse("seat_list", args=[s]),
}


@pytest.mark.parametrize("page", list(TOURNAMENT_READS))
@pytest.mark.parametrize("actor", ACTORS)
def test_everybody_finds_their_seat_in_a_public_tournament(client, world, actor, page):
    response = client_for(client, world, actor).get(TOURNAMENT_READS[page]("open"))
    assert response.status_code == 200, f"{actor} should read {page} of a public tournament"


@pytest.mark.parametrize("page", list(TOURNAMENT_READS))
@pytest.mark.parametrize("actor", ACTORS)
def test_a_hidden_tournaments_seats_are_a_404_except_to_its_directors(client, world, actor, page):
    response = client_for(client, world, actor).get(TOURNAMENT_READS[page]("hidden"))
    assert response.status_code == (200 if actor in ALLOWED else 404), (
        f"{page} of a hidden tournament should {'' if actor in ALLOWED else 'not '}open for {actor}"
    )


PUBLIC_READS = {
    "calendar": reverse("calendar"),
    "feed": reverse("calendar_feed"),
    "cup feed": reverse("cup_calendar_feed", args=["cup"]),
}


@pytest.mark.parametrize("page", list(PUBLIC_READS))
@pytest.mark.parametrize("actor", ACTORS)
def test_everybody_reads_the_calendar_and_its_feeds(client, world, actor, page):
    response = client_for(client, world, actor).get(PUBLIC_READS[page])
    assert response.status_code == 200, f"{actor} should read the {page}"


@pytest.mark.parametrize("actor", ACTORS)
def test_a_hidden_tournament_is_in_the_calendar_of_its_directors_only(client, world, actor):
    listed = client_for(client, world, actor).get(reverse("calendar")).context["page"].to_come
    assert ("hidden" in [t.slug for t in listed]) == (actor in ALLOWED), (
        f"the hidden tournament should {'' if actor in ALLOWED else 'not '}be listed to {actor}"
    )


@pytest.mark.parametrize("page", ["feed", "cup feed"])
@pytest.mark.parametrize("actor", ACTORS)
def test_a_hidden_tournament_is_in_no_feed(client, world, actor, page):
    text = client_for(client, world, actor).get(PUBLIC_READS[page]).content.decode()
    assert ("Turnier open" in text, "Turnier hidden" in text) == (True, False), (
        f"the {page} should hold the public tournament and not the hidden one, also for {actor}"
    )


@pytest.mark.parametrize("actor", ACTORS)
def test_a_hidden_cup_has_no_feed_for_anyone(client, world, actor):
    response = client_for(client, world, actor).get(
        reverse("cup_calendar_feed", args=["hidden-cup"])
    )
    assert response.status_code == 404, f"a hidden cup's feed should not exist, also for {actor}"


ALL_READS = [
    *PUBLIC_READS.values(),
    *(read("open") for read in TOURNAMENT_READS.values()),
]


@pytest.mark.parametrize("url", ALL_READS)
@pytest.mark.parametrize("actor", ACTORS)
def test_posting_to_a_players_page_is_refused_and_changes_nothing(client, world, actor, url):
    before = fingerprint()
    response = client_for(client, world, actor).post(url, {"name": "x", "note": "x"})
    assert (response.status_code, fingerprint() == before) == (405, True), (
        f"a POST by {actor} should be refused and change nothing"
    )


def calendar_details(slug):
    return {
        "name": "Turnier open",
        "slug": slug,
        "date": (timezone.localdate() + datetime.timedelta(days=3)).isoformat(),
        "start_time": "14:00",
        "venue_address": "Hauptplatz 1",
        "region": "t",
        "entry_fee": "12",
        "contact": "Anna",
        "note": "Neu",
        "ruleset": "tirol_cup",
        "hands_four": "16",
        "hands_five": "20",
        "rounds_planned": "3",
        "public": "on",
    }


@pytest.mark.parametrize("actor", ACTORS)
def test_only_the_tournaments_directors_change_its_calendar_details(client, world, actor):
    before = fingerprint()
    response = client_for(client, world, actor).post(
        reverse("tournament_edit", args=["open"]), calendar_details("open")
    )
    changed = fingerprint() != before
    assert (changed, response.status_code < 500) == (actor in ALLOWED, True), (
        f"{actor} should {'' if actor in ALLOWED else 'not '}change the calendar details"
    )
