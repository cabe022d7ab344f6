import pytest


@pytest.fixture(autouse=True)
def english_pages(settings):
    # These tests read the pages' English messages; German is the site's default language.
    settings.LANGUAGE_CODE = "en"
