"""Shared fixtures: small and explicit."""

import pytest
from django.conf import settings
from django.core.cache import caches
from django.core.cache.backends.db import DatabaseCache
from django.utils import translation

from tests.factories import make_table, make_tournament


@pytest.fixture(autouse=True)
def fast_password_hashing(settings):
    # Real hashing costs ~0.5 s a user; tests only need a hasher that works.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def default_language():
    # A request leaves its page's language active: each test starts from the site's default
    # (German), whatever the test before it asked for.
    with translation.override(None):
        yield


@pytest.fixture(autouse=True)
def live_pages_at_once(settings):
    # Tests look at a page right after a change; live.py's test sets the delay itself.
    settings.LIVE_REBUILD_SECONDS = 0


DATABASE_FIXTURES = ("db", "transactional_db", "django_db_reset_sequences", "live_server")


def clear_caches(request: pytest.FixtureRequest) -> None:
    """Empty every cache in settings.CACHES: the per-process one (locmem) and the shared one
    (the database's table, or Redis, which outlives a test and the test run)."""
    with_database = request.node.get_closest_marker("django_db") is not None or any(
        name in request.fixturenames for name in DATABASE_FIXTURES
    )
    for alias in settings.CACHES:
        kept = caches[alias]
        if not isinstance(kept, DatabaseCache):
            kept.clear()
        elif with_database:
            # A database cache is a table of the test database. This fixture may run before the
            # test's own database fixture (one its fixtures ask for) or after it is gone, so
            # the test database is made sure of and opened for the clearing alone. A test
            # without database access renders no page, and the next one with access empties it.
            request.getfixturevalue("django_db_setup")
            with request.getfixturevalue("django_db_blocker").unblock():
                kept.clear()


@pytest.fixture(autouse=True)
def empty_page_cache(request):
    # Live pages are cached by tournament and version (tarock_cup.tournaments.live); a rolled
    # back test's tournament has the same key as the next test's, and a copy left in the
    # shared cache (Redis above all) by an earlier test would be served to this one.
    clear_caches(request)
    yield
    clear_caches(request)


@pytest.fixture
def director(django_user_model):
    return django_user_model.objects.create_user("direktor", password="geheim-123")


@pytest.fixture
def other_user(django_user_model):
    return django_user_model.objects.create_user("fremd", password="geheim-123")


@pytest.fixture
def tirol_table(director):
    return make_table(make_tournament(director, "tirol_cup"))


@pytest.fixture
def director_client(client, director):
    client.force_login(director)
    return client
