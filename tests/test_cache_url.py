"""CACHE_URL chooses where the live pages' shared copies are kept: the database by default (no
server needed, as `make run` has it), or Redis when it names one (issue 33)."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def settings_value(expression: str, env: dict[str, str]) -> str:
    """Return `expression` over tarock_cup.settings read with `env` (or the error's last line)."""
    code = f"import tarock_cup.settings as s; print({expression})"
    base = {k: v for k, v in os.environ.items() if k not in {"CACHE_URL"}}
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=base | env, capture_output=True, text=True
    )
    return result.stdout.strip() or result.stderr.strip().splitlines()[-1]


@pytest.mark.parametrize(
    ("env", "expected"),
    [
        ({}, "django.core.cache.backends.db.DatabaseCache"),
        ({"CACHE_URL": ""}, "django.core.cache.backends.db.DatabaseCache"),
        ({"CACHE_URL": "redis://127.0.0.1:6379/0"}, "django.core.cache.backends.redis.RedisCache"),
    ],
    ids=["default", "empty", "redis"],
)
def test_cache_url_chooses_where_the_shared_copies_are_kept(env, expected):
    backend = settings_value('s.CACHES["pages"]["BACKEND"]', env)
    assert backend == expected, f"with {env} the shared copies should be in {expected}: {backend}"


def test_the_redis_address_is_the_caches_location():
    location = settings_value('s.CACHES["pages"]["LOCATION"]', {"CACHE_URL": "redis://h:6379/2"})
    assert location == "redis://h:6379/2", f"the Redis cache should be at CACHE_URL: {location}"


def test_a_cache_url_that_is_no_redis_address_is_refused_naming_it():
    error = settings_value("1", {"CACHE_URL": "memcached://127.0.0.1:11211"})
    assert "CACHE_URL must be a Redis address" in error, f"should say what is wrong: {error}"
