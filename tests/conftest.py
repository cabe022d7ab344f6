"""Shared fixtures: small and explicit."""

import pytest
from django.core.cache import cache
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


@pytest.fixture(autouse=True)
def empty_page_cache():
    # Live pages are cached by tournament and version (tarock_cup.tournaments.live); a rolled
    # back test's tournament has the same key as the next test's.
    cache.clear()
    yield
    cache.clear()


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
