"""Dates read the Austrian way in both languages: 10.03.2026 or 10 March 2026, never 03/10/2026."""

import datetime

import pytest
from django.utils import formats, translation

from tests.factories import make_tournament

MARCH_10 = datetime.date(2026, 3, 10)
AT_FIVE = datetime.datetime(2026, 3, 10, 17, 5)


@pytest.mark.parametrize(
    ("language", "fmt", "value", "expected"),
    [
        ("en", "SHORT_DATE_FORMAT", MARCH_10, "10.03.2026"),
        ("en", "DATE_FORMAT", MARCH_10, "10 March 2026"),
        ("en", "SHORT_DATETIME_FORMAT", AT_FIVE, "10.03.2026 17:05"),
        ("de", "SHORT_DATE_FORMAT", MARCH_10, "10.03.2026"),
        ("de", "DATE_FORMAT", MARCH_10, "10. März 2026"),
    ],
)
def test_a_date_is_written_day_first_without_slashes(language, fmt, value, expected):
    with translation.override(language):
        written = formats.date_format(value, fmt)
    assert written == expected, f"{fmt} in {language} should read {expected}, not {written}"


@pytest.mark.django_db
def test_an_english_tournament_page_shows_its_date_day_first(client, director):
    tournament = make_tournament(director)
    tournament.date = MARCH_10
    tournament.save()
    page = client.get("/en" + tournament.get_absolute_url()).content.decode()
    assert "10 March 2026" in page, "the English tournament page should show 10 March 2026"
