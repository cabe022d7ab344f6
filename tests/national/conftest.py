import pytest
from django.core.cache import cache


@pytest.fixture(autouse=True)
def empty_cache():
    # Season rankings are cached by tournament id and version; a test database reuses ids.
    cache.clear()
    yield
    cache.clear()
