"""Live pages: an unchanged page is a 304 after one small query, a change gives a new ETag,
and every kind of change raises the tournament's version."""

import pytest
from django.core.cache import caches
from django.core.cache.backends import locmem
from django.core.cache.backends.db import DatabaseCache
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tarock_cup.tournaments import clock, live, rounds, sheets
from tarock_cup.tournaments.models import Round, Tournament
from tests.factories import make_table, make_tournament

pytestmark = pytest.mark.django_db

MANUAL = {"manual": {"scores": [1, -1, 1, -1], "reason": "test"}}

LIVE_PAGES = [
    ("standings", ["cup"]),
    ("round_standings", ["cup", 1]),
    ("round", ["cup", 1]),
    ("table", ["cup", 1, 1]),
    ("projector", ["cup"]),
    ("tournament", ["cup"]),
]


@pytest.fixture
def table(director):
    return make_table(make_tournament(director))


def version_and_copy_queries() -> int:
    """Return the queries a page served from the shared copy costs: one for the version, and
    one for the copy when the shared cache is the database's (none when it is Redis)."""
    return 2 if isinstance(caches[live.SHARED_CACHE], DatabaseCache) else 1


def etag_of(client, url):
    return client.get(url)["ETag"]


@pytest.mark.parametrize(("name", "args"), LIVE_PAGES)
def test_an_unchanged_page_is_answered_304(client, table, name, args):
    url = reverse(name, args=args)
    etag = etag_of(client, url)
    response = client.get(url, HTTP_IF_NONE_MATCH=etag)
    assert response.status_code == 304, f"{name} unchanged should be 304"


@pytest.mark.parametrize(
    "etag", ['"1-²-de-x"', '"1-' + "9" * 5000 + '-de-x"'], ids=["superscript-digit", "too-long"]
)
def test_an_etag_whose_version_is_no_number_gets_the_page(client, table, etag):
    response = client.get(reverse("standings", args=["cup"]), HTTP_IF_NONE_MATCH=etag)
    assert response.status_code == 200, "a malformed ETag is one the visitor does not hold"


@pytest.mark.parametrize(("name", "args"), LIVE_PAGES)
def test_a_304_costs_one_query(client, table, name, args):
    url = reverse(name, args=args)
    etag = etag_of(client, url)
    with CaptureQueriesContext(connection) as queries:
        client.get(url, HTTP_IF_NONE_MATCH=etag)
    assert len(queries) == 1, f"{name}: a 304 should cost one query, not {len(queries)}"


def test_the_304_costs_the_same_with_a_large_field(client, director):
    tournament = make_tournament(director, players=40)
    rounds.draw_round(tournament, seed=1)
    url = reverse("standings", args=["cup"])
    etag = etag_of(client, url)
    with CaptureQueriesContext(connection) as queries:
        client.get(url, HTTP_IF_NONE_MATCH=etag)
    assert len(queries) == 1, "a 304 of 40 players should cost one query too"


@pytest.mark.parametrize(("name", "args"), LIVE_PAGES)
def test_a_saved_hand_gives_the_page_a_new_etag(client, table, name, args):
    url = reverse(name, args=args)
    etag = etag_of(client, url)
    sheets.save_hand(table, MANUAL)
    response = client.get(url, HTTP_IF_NONE_MATCH=etag)
    assert (response.status_code, response["ETag"] != etag) == (200, True), (
        f"{name} after a save should be 200 with a new ETag"
    )


def test_a_page_after_a_save_shows_the_new_totals(client, table):
    url = reverse("projector", args=["cup"])
    client.get(url)
    sheets.save_hand(table, MANUAL)
    assert "+1" in client.get(url).content.decode(), "the projector should show the new total"


def test_a_visitor_gets_a_changed_page_from_the_cache(client, table):
    url = reverse("standings", args=["cup"])
    client.get(url)
    with CaptureQueriesContext(connection) as queries:
        client.get(url)
    assert len(queries) == 1, "a second visitor of the same version should not build the page"


def test_the_etag_depends_on_the_language(client, table):
    german = etag_of(client, reverse("standings", args=["cup"]))
    english = etag_of(client, "/en" + reverse("standings", args=["cup"]))
    assert german != english, "the English page should have its own ETag"


def test_a_director_gets_an_etag_of_their_own(client, director_client, table):
    url = reverse("table", args=["cup", 1, 1])
    assert etag_of(client, url) != etag_of(director_client, url), (
        "a director's page (with its forms) should not share a visitor's ETag"
    )


def test_a_director_is_never_served_a_visitors_cached_copy(client, director_client, table):
    url = reverse("table", args=["cup", 1, 1])
    client.get(url)
    assert b'id="entry"' in director_client.get(url).content, "the director should get the form"


def test_a_waiting_message_is_never_swallowed_by_a_304(director_client, table):
    url = reverse("table", args=["cup", 1, 1])
    etag = etag_of(director_client, url)
    director_client.post(reverse("round_clock", args=["cup", 1]), {"action": "pause"})
    response = director_client.get(url, HTTP_IF_NONE_MATCH=etag)
    assert response.status_code == 200, "a page with a message to show should be sent in full"


def test_a_hidden_tournament_sends_no_etag(director_client, director):
    make_table(make_tournament(director, public=False))
    response = director_client.get(reverse("standings", args=["cup"]))
    assert "ETag" not in response, "a hidden tournament's pages are not conditional"


def test_a_hidden_tournament_stays_hidden_from_a_guessed_etag(client, director):
    tournament = make_tournament(director, public=False)
    make_table(tournament)
    etag = f'"{tournament.pk}-{tournament.version}-de-anon"'
    response = client.get(reverse("standings", args=["cup"]), HTTP_IF_NONE_MATCH=etag)
    assert response.status_code == 404, "a hidden tournament is a 404 whatever the ETag"


def version(tournament):
    return Tournament.objects.get(pk=tournament.pk).version


def _close(table):
    sheets.close_table(table, early=True)


def _delete(table):
    sheets.save_hand(table, MANUAL)
    sheets.delete_hand(table, 1)


def _settings(table):
    tournament = table.round.tournament
    tournament.venue = "Radstadt"
    tournament.save()


def _clock(table):
    clock.act(table.round, "start", 60)


def _draw(table):
    rounds.draw_round(table.round.tournament, seed=2, confirmed=2)


def _paper(table):
    sheets.record_paper(table, {"totals": [3, -1, -1, -1], "hands": 16, "note": ""})


@pytest.mark.parametrize(
    "change",
    [
        pytest.param(lambda t: sheets.save_hand(t, MANUAL), id="a saved hand"),
        pytest.param(_delete, id="a deleted hand"),
        pytest.param(_close, id="a closed table"),
        pytest.param(_settings, id="the settings"),
        pytest.param(_draw, id="a draw"),
        pytest.param(_paper, id="a paper block"),
    ],
)
def test_every_change_raises_the_version(table, change):
    before = version(table.round.tournament)
    change(table)
    assert version(table.round.tournament) > before, "the change should raise the version"


def test_the_clock_raises_its_rounds_version_not_the_tournaments(table):
    before = version(table.round.tournament)
    _clock(table)
    assert version(table.round.tournament) == before, "the standings do not show the clock"


def test_the_clock_raises_its_rounds_version(table):
    before = Round.objects.get(pk=table.round_id).version
    _clock(table)
    assert Round.objects.get(pk=table.round_id).version > before, "its round's pages show it"


def test_saving_an_instance_read_earlier_never_lowers_the_version(table):
    stale = Tournament.objects.get(pk=table.round.tournament_id)
    sheets.save_hand(table, MANUAL)
    raised = version(stale)
    stale.venue = "Radstadt"
    stale.save()
    assert version(stale) > raised, "a settings save must not write an older version back"


def test_marking_a_round_finished_raises_the_version(director_client, table):
    before = version(table.round.tournament)
    director_client.post(
        reverse("round_finish", args=["cup", 1]), {"finished": "1", "confirm": "1"}
    )
    assert version(table.round.tournament) > before, "finishing a round should raise the version"


def test_during_play_a_visitor_gets_the_copy_made_moments_ago(client, table, settings):
    settings.LIVE_REBUILD_SECONDS = 60
    url = reverse("standings", args=["cup"])
    etag = etag_of(client, url)
    sheets.save_hand(table, MANUAL)
    response = client.get(url, HTTP_IF_NONE_MATCH=etag)
    assert response.status_code == 304, "a copy made less than a minute ago should still serve"


def test_a_director_sees_a_save_at_once_while_visitors_get_the_recent_copy(
    client, director_client, table, settings
):
    settings.LIVE_REBUILD_SECONDS = 60
    url = reverse("table", args=["cup", 1, 1])
    client.get(url)
    sheets.save_hand(table, MANUAL)
    assert 'id="hand-1"' in director_client.get(url).content.decode(), "the director sees hand 1"


def test_a_phone_holding_a_newer_page_is_not_sent_an_older_copy(client, table, settings):
    settings.LIVE_REBUILD_SECONDS = 60
    url = reverse("standings", args=["cup"])
    client.get(url)  # this process keeps the copy of this version
    sheets.save_hand(table, MANUAL)
    tournament = Tournament.objects.get()
    newer = f'"{tournament.pk}-{tournament.version}-de-at-anon"'
    response = client.get(url, HTTP_IF_NONE_MATCH=newer)
    assert response.status_code == 304, "a phone with a newer version should keep it"


def start_another_process():
    """Forget everything a server process keeps in its own memory, as a second process would."""
    for kept in (*locmem._caches.values(), *locmem._expire_info.values()):
        kept.clear()


def test_a_page_one_process_rendered_is_served_by_another_from_the_database(client, table):
    url = reverse("standings", args=["cup"])
    first = client.get(url).content
    start_another_process()
    with CaptureQueriesContext(connection) as queries:
        second = client.get(url).content
    assert (second, len(queries)) == (first, version_and_copy_queries()), (
        "one query for the version, one for the page (none from Redis)"
    )


def test_another_process_renders_a_changed_page_once_the_shared_copy_is_old(
    client, table, settings
):
    settings.LIVE_REBUILD_SECONDS = 0
    url = reverse("projector", args=["cup"])
    client.get(url)
    sheets.save_hand(table, MANUAL)
    start_another_process()
    assert "+1" in client.get(url).content.decode(), "the projector should show the new total"


def test_during_play_another_process_serves_the_copy_made_moments_ago(client, table, settings):
    settings.LIVE_REBUILD_SECONDS = 60
    url = reverse("standings", args=["cup"])
    etag = etag_of(client, url)
    sheets.save_hand(table, MANUAL)
    start_another_process()
    response = client.get(url, HTTP_IF_NONE_MATCH=etag)
    assert response.status_code == 304, "the copy another process made moments ago should serve"


# --- one shared copy per page shown, however its address is written ---------------------------


def built(client, url):
    """Return whether answering `url` rendered the page (False: served from a shared copy)."""
    response = client.get(url)
    assert response.status_code == 200, f"{url} answered {response.status_code}"
    return bool(response.templates)


@pytest.mark.parametrize(("name", "args"), LIVE_PAGES)
def test_query_parameters_the_page_does_not_read_are_served_the_shared_copy(
    client, table, name, args
):
    url = reverse(name, args=args)
    client.get(url)
    rebuilt = [built(client, url + junk) for junk in ("?x=random1", "?x=random2&utm_source=qr")]
    assert rebuilt == [False, False], f"{name}: a junk parameter should not render it again"


@pytest.mark.parametrize(("name", "args"), LIVE_PAGES)
def test_a_junk_parameter_never_reaches_the_shared_copy(client, table, name, args):
    content = client.get(reverse(name, args=args) + "?x=junk4711").content.decode()
    assert "junk4711" not in content, f"{name}: one visitor's query must not show to the next"


def test_a_round_number_written_another_way_is_served_the_same_copy(client, table):
    client.get(reverse("round", args=["cup", 1]))
    assert not built(client, "/t/cup/round/01/"), "round 01 is round 1"


@pytest.fixture
def large_field(director):
    tournament = make_tournament(director, players=60)
    rounds.draw_round(tournament, seed=1)
    return tournament


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("?page=2", "?page=02"),
        ("?page=2", "?page=2&x=1"),
        ("", "?page=1"),
        ("", "?page=abc"),
        ("", "?all=0"),
        ("?all=1", "?all=1&x=2"),
        ("?page=200", "?page=999999"),
        ("?page=200", "?page=" + "9" * 20),
    ],
)
def test_one_page_of_the_standings_however_written_is_one_copy(client, large_field, first, second):
    url = reverse("standings", args=["cup"])
    client.get(url + first)
    assert not built(client, url + second), f"{second!r} shows what {first!r} shows"


@pytest.mark.parametrize(
    ("first", "second"), [("", "?page=2"), ("", "?all=1"), ("?page=2", "?all=1")]
)
def test_a_parameter_the_standings_read_gives_a_copy_of_its_own(client, large_field, first, second):
    url = reverse("standings", args=["cup"])
    shown = client.get(url + first).content
    response = client.get(url + second)
    assert (bool(response.templates), response.content != shown) == (True, True), (
        f"{second!r} should be rendered and differ from {first!r}"
    )
