import pytest
from django.core.cache import cache

from tarock_cup.national.ranking import forget_rankings


@pytest.fixture(autouse=True)
def empty_cache():
    # Season rankings are cached by tournament id and version; a test database reuses ids.
    cache.clear()
    forget_rankings()
    yield
    cache.clear()
    forget_rankings()
