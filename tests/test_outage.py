"""A database outage: every page answers 503 with a page in the request's language that says
nothing was saved and to try again, rendered without the database; a save cut off midway keeps
nothing."""

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from unittest import mock

import pytest
from django.db import InterfaceError, OperationalError
from django.db.backends.utils import CursorWrapper
from django.urls import get_resolver, reverse

from tarock_cup import outage
from tarock_cup.tournaments.models import Change, Hand
from tests.factories import make_table, make_tournament

pytestmark = pytest.mark.django_db

# A hand entered by hand: the fewest form fields.
FORM_HAND = {
    "contract": "manual",
    "manual_0": "1",
    "manual_1": "-1",
    "manual_2": "1",
    "manual_3": "-1",
    "manual_reason": "x",
    "save": "1",
    "expected": "1",
    "code": "AAAAAA",  # for the table code page
}
GERMAN = "darum wurde nichts gespeichert"
ENGLISH = "so nothing was saved"


@contextmanager
def database_down(
    error: type[Exception] = OperationalError, when: Callable[[str], bool] = lambda sql: True
) -> Iterator[None]:
    """Make every SQL statement for which `when` holds fail as a lost connection does."""
    real = CursorWrapper.execute

    def execute(self, sql, params=None):
        if when(sql):
            raise error("server closed the connection unexpectedly")
        return real(self, sql, params)

    with mock.patch.object(CursorWrapper, "execute", execute):
        yield


@pytest.fixture
def table(director):
    return make_table(make_tournament(director))


def page_url(table, name):
    return {
        "standings": lambda: reverse("standings", args=["cup"]),
        "table code": lambda: reverse("table_code"),
        "table link": lambda: reverse("table_link", args=[table.token]),
        "director's table": lambda: table.get_absolute_url(),
    }[name]()


PAGES = [
    ("get", "standings"),
    ("post", "table code"),
    ("post", "table link"),
    ("post", "director's table"),
]


@pytest.mark.parametrize(("method", "page"), PAGES)
@pytest.mark.parametrize("error", [OperationalError, InterfaceError])
def test_a_page_during_an_outage_answers_503_in_german(director_client, table, method, page, error):
    url = page_url(table, page)
    with database_down(error):
        response = getattr(director_client, method)(url, FORM_HAND if method == "post" else None)
    assert (response.status_code, GERMAN in response.content.decode()) == (503, True), (
        f"{method} {page}: a 503 page in German"
    )


@pytest.mark.parametrize(("method", "page"), PAGES)
def test_a_page_under_en_during_an_outage_answers_in_english(director_client, table, method, page):
    url = "/en" + page_url(table, page)
    with database_down():
        response = getattr(director_client, method)(url, FORM_HAND if method == "post" else None)
    assert (response.status_code, ENGLISH in response.content.decode()) == (503, True), (
        f"{method} {page} under /en/: a 503 page in English"
    )


def test_the_outage_page_tells_to_go_back_and_send_again(client, table):
    with database_down():
        text = client.post(page_url(table, "table link"), FORM_HAND).content.decode()
    assert "mit der Zurück-Taste des Browsers zurückgehen" in text, text


def test_the_outage_page_asks_to_come_back_later_and_is_never_kept(client):
    with database_down():
        response = client.get(reverse("standings", args=["cup"]))
    headers = (response["Retry-After"], "no-store" in response["Cache-Control"])
    assert headers == (str(outage.RETRY_SECONDS), True)


@pytest.mark.parametrize("statement", ["INSERT", "UPDATE"], ids=["on-inserting", "on-updating"])
def test_a_save_cut_off_midway_keeps_nothing(client, table, statement):
    with database_down(when=lambda sql: sql.lstrip().upper().startswith(statement)):
        response = client.post(page_url(table, "table link"), FORM_HAND)
    kept = (response.status_code, Hand.objects.count(), Change.objects.count())
    assert kept == (503, 0, 0), "a 503, and neither a hand nor its history kept"


def test_an_outage_outside_a_view_is_answered_with_the_503_page(rf):
    handler = get_resolver().resolve_error_handler(500)
    try:
        raise OperationalError("server closed the connection unexpectedly")
    except OperationalError:
        response = handler(rf.get("/"))
    assert response.status_code == 503


def test_another_error_outside_a_view_is_still_a_500(rf):
    handler = get_resolver().resolve_error_handler(500)
    try:
        raise ValueError("a bug")
    except ValueError:
        response = handler(rf.get("/"))
    assert response.status_code == 500
