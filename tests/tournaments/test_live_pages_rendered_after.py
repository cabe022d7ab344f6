"""A polled page never waits for its rendering (issue 33): during play an older copy is served
and the next one is rendered once the answer is sent, by one thread of one process, and shared
with every other process; the projector and the round's standings like the standings."""

import pytest
from django.core.cache import caches
from django.core.cache.backends import locmem
from django.core.cache.backends.db import DatabaseCache
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tarock_cup.tournaments import live, sheets
from tests.factories import make_table, make_tournament

pytestmark = pytest.mark.django_db

MANUAL = {"manual": {"scores": [1, -1, 1, -1], "reason": "test"}}
POLLED = [
    ("projector", ["cup"]),
    ("round_standings", ["cup", 1]),
    ("standings", ["cup"]),
    ("tournament", ["cup"]),
]


@pytest.fixture
def table(director):
    return make_table(make_tournament(director))


@pytest.fixture
def during_play(settings):
    # Every copy is older than the rebuild window at once, and recent enough to be served.
    settings.LIVE_REBUILD_SECONDS = 1e-9
    settings.LIVE_STALE_SECONDS = 600


def version_and_copy_queries() -> int:
    """Return the queries a page served from the shared copy costs: one for the version, and
    one for the copy when the shared cache is the database's (none when it is Redis)."""
    return 2 if isinstance(caches[live.SHARED_CACHE], DatabaseCache) else 1


def start_another_process():
    """Forget everything a server process keeps in its own memory, as a second process would."""
    for kept in (*locmem._caches.values(), *locmem._expire_info.values()):
        kept.clear()


def rendered(response):
    """Return whether answering rendered the page (its templates are on the test response)."""
    return bool(response.templates)


@pytest.mark.parametrize(("name", "args"), POLLED)
def test_an_unchanged_polled_page_is_a_304_after_one_query(client, table, name, args):
    url = reverse(name, args=args)
    etag = client.get(url)["ETag"]
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url, HTTP_IF_NONE_MATCH=etag)
    assert (response.status_code, len(queries)) == (304, 1), f"{name}: a 304 after one query"


@pytest.mark.parametrize(("name", "args"), POLLED)
def test_after_a_change_the_poll_gets_the_older_copy_without_waiting(
    client, table, during_play, name, args
):
    url = reverse(name, args=args)
    before = client.get(url).content
    sheets.save_hand(table, MANUAL)
    response = client.get(url)
    assert response.content == before, f"{name}: the poll is answered from the copy it has"


def test_the_new_copy_is_rendered_once_the_answer_is_sent(client, table, during_play):
    url = reverse("projector", args=["cup"])
    client.get(url)
    sheets.save_hand(table, MANUAL)
    client.get(url)  # the test client closes it, as the server does once it is sent
    response = client.get(url)
    assert "+1" in response.content.decode(), "the next poll gets the page with the new hand"


def test_the_copy_rendered_after_an_answer_is_not_rendered_again(client, table, during_play):
    url = reverse("round_standings", args=["cup", 1])
    client.get(url)
    sheets.save_hand(table, MANUAL)
    client.get(url)
    assert not rendered(client.get(url)), "the next poll takes the copy made after the answer"


def test_another_process_takes_the_copy_rendered_after_an_answer(client, table, during_play):
    url = reverse("projector", args=["cup"])
    client.get(url)
    sheets.save_hand(table, MANUAL)
    client.get(url)
    start_another_process()
    response = client.get(url)
    assert (rendered(response), "+1" in response.content.decode()) == (False, True), (
        "another process serves the new copy from the shared cache without rendering it"
    )


def test_while_another_process_renders_the_page_this_one_serves_its_copy(
    client, table, during_play
):
    url = reverse("projector", args=["cup"])
    client.get(url)
    sheets.save_hand(table, MANUAL)
    key = next(k for k in live.cache._cache if ":live:" in k).split(":", 2)[2]
    claim = key.replace("live:", "live-claim:", 1)
    caches[live.SHARED_CACHE].add(claim, 1, 60)  # another process is rendering it
    client.get(url)
    assert "+1" not in client.get(url).content.decode(), "only the claiming process renders it"


def test_a_copy_older_than_the_stale_window_is_rendered_before_the_answer(client, table, settings):
    settings.LIVE_REBUILD_SECONDS = 1e-9
    settings.LIVE_STALE_SECONDS = 1e-9
    url = reverse("projector", args=["cup"])
    client.get(url)
    sheets.save_hand(table, MANUAL)
    assert "+1" in client.get(url).content.decode(), "an old copy is never served"


def test_with_every_change_seen_at_once_no_older_copy_is_served(client, table, settings):
    settings.LIVE_REBUILD_SECONDS = 0
    settings.LIVE_STALE_SECONDS = 600
    url = reverse("projector", args=["cup"])
    client.get(url)
    sheets.save_hand(table, MANUAL)
    assert "+1" in client.get(url).content.decode(), "a rebuild window of 0 shows each change"


@pytest.mark.parametrize(("name", "args"), POLLED)
def test_a_polled_page_one_process_rendered_is_served_by_another(client, table, name, args):
    url = reverse(name, args=args)
    first = client.get(url).content
    start_another_process()
    with CaptureQueriesContext(connection) as queries:
        second = client.get(url + "?utm_source=qr").content
    assert (second, len(queries)) == (first, version_and_copy_queries()), (
        f"{name}: one query for the version, one for the shared copy (none from Redis),"
        " whatever the query string"
    )
