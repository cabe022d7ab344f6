import pytest
from django.utils import translation


@pytest.fixture(autouse=True)
def english_pages():
    # These tests read the pages' English messages: addresses are reversed under /en/.
    with translation.override("en"):
        yield
