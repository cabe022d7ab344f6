"""A page that posts a hand says which sheet it showed: the number a new hand gets, the version
of an edited or deleted hand. A post without it is refused (400) and changes nothing; with it,
a save answers 302 and a save against a sheet changed meanwhile 409."""

import pytest
from django.test import Client
from django.urls import reverse

from tarock_cup.tournaments import sheets
from tarock_cup.tournaments.models import Change, Hand
from tests.factories import make_table, make_tournament

pytestmark = pytest.mark.django_db

STORED = {"manual": {"scores": [3, -1, -1, -1], "reason": "ruling"}}
# A hand entered by hand: the fewest form fields.
POSTED = {
    "contract": "manual",
    "manual_0": "1",
    "manual_1": "-1",
    "manual_2": "1",
    "manual_3": "-1",
    "manual_reason": "x",
    "save": "1",
}


@pytest.fixture
def table(director):
    """Return a table with one hand entered (version 1)."""
    table = make_table(make_tournament(director))
    sheets.save_hand(table, STORED)
    return table


def director_page(table, *number):
    name = "hand_edit" if number else "table"
    return reverse(name, args=["cup", 1, table.number, *number])


def link_page(table, *number):
    name = "table_link_hand" if number else "table_link"
    return reverse(name, args=[table.token, *number])


def delete(table):
    return reverse("hand_delete", args=["cup", 1, table.number, 1])


# Each case: who posts (a director, or a phone through the table's link), the page (its URL from
# the table), the hand's fields it posts, the field that says which sheet it showed, and that
# field's value when the sheet is as shown.
PAGES = [
    pytest.param("director", director_page, POSTED, "expected", "2", id="director-new-hand"),
    pytest.param(
        "director", lambda t: director_page(t, 1), POSTED, "version", "1", id="director-edit"
    ),
    pytest.param("phone", link_page, POSTED, "expected", "2", id="table-link-new-hand"),
    pytest.param("phone", lambda t: link_page(t, 1), POSTED, "version", "1", id="table-link-edit"),
    pytest.param("director", delete, {}, "version", "1", id="director-delete"),
]
CASE = ("who", "page", "fields", "field", "shown")
# a field left out, or sent empty
MISSING = [pytest.param(None, id="left-out"), pytest.param("", id="empty")]


def sheet(table):
    return list(Hand.objects.filter(table=table).values_list("number", "data", "version"))


@pytest.fixture
def senders(director_client):
    """Return the director's browser and a phone (the table's link needs nothing but its token)."""
    return {"director": director_client, "phone": Client()}


@pytest.mark.parametrize("missing", MISSING)
@pytest.mark.parametrize(CASE, PAGES)
def test_a_post_without_the_sheet_as_shown_is_refused_with_400(
    senders, table, who, page, fields, field, shown, missing
):
    data = fields if missing is None else {**fields, field: missing}
    response = senders[who].post(page(table), data)
    assert response.status_code == 400, f"a post without {field} should answer 400"


@pytest.mark.parametrize("missing", MISSING)
@pytest.mark.parametrize(CASE, PAGES)
def test_a_post_without_the_sheet_as_shown_changes_nothing(
    senders, table, who, page, fields, field, shown, missing
):
    before = (sheet(table), Change.objects.count())
    data = fields if missing is None else {**fields, field: missing}
    senders[who].post(page(table), data)
    assert (sheet(table), Change.objects.count()) == before, "nothing should be saved"


@pytest.mark.parametrize(CASE, PAGES)
def test_the_refusal_says_why_in_german(senders, table, who, page, fields, field, shown):
    response = senders[who].post(page(table), fields)
    assert "welchen Stand" in response.content.decode(), "the page should say what is missing"


@pytest.mark.parametrize(CASE, PAGES)
def test_the_same_post_with_the_sheet_as_shown_is_saved(
    senders, table, who, page, fields, field, shown
):
    response = senders[who].post(page(table), {**fields, field: shown})
    assert response.status_code == 302, "a post with the sheet as shown should be saved"


@pytest.mark.parametrize(CASE, PAGES[:4])
def test_a_post_against_a_sheet_changed_meanwhile_is_a_conflict(
    senders, table, who, page, fields, field, shown
):
    corrected = {"manual": {"scores": [4, -2, -1, -1], "reason": "ruling"}}
    sheets.save_hand(table, corrected, number=1)  # hand 1 is version 2 now
    sheets.save_hand(table, STORED)  # and hand 2 is entered
    response = senders[who].post(page(table), {**fields, field: shown})
    assert response.status_code == 409, "a post against a changed sheet should answer 409"
