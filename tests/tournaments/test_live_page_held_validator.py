"""A live page holds its own validator (issue 33): its script's first poll sends it, so a page
just loaded is answered 304 until it changes, also the table's page after a save, which shows
its message once and has no ETag of its own."""

import html
import re

import pytest
from django.urls import reverse

from tarock_cup.tournaments import rounds, sheets
from tests.factories import make_tournament

pytestmark = pytest.mark.django_db

MANUAL = {"manual": {"scores": [1, -1, 1, -1], "reason": "test"}}
# A hand typed into the table's form by hand: the fewest fields.
FORM_HAND = {
    "contract": "manual",
    "manual_0": "1",
    "manual_1": "-1",
    "manual_2": "1",
    "manual_3": "-1",
    "manual_reason": "x",
    "save": "1",
}
HELD = re.compile(r'<meta name="live-etag" content="([^"]+)">')


@pytest.fixture
def two_tables(director):
    tournament = make_tournament(director, players=8)
    rounds.draw_round(tournament, seed=1)
    return tuple(tournament.rounds.get().tables.order_by("number"))


def link(table):
    return reverse("table_link", args=[table.token])


def held(response):
    """Return the validator the page holds for its script (None if it holds none)."""
    found = HELD.search(response.content.decode())
    return html.unescape(found.group(1)) if found else None


def test_the_link_page_holds_the_validator_its_etag_says(client, two_tables):
    response = client.get(link(two_tables[0]))
    assert held(response) == response["ETag"], "the page's own validator is its ETag"


@pytest.fixture
def page_after_save(client, two_tables):
    mine, _ = two_tables
    client.get(link(mine))
    return client.post(link(mine), FORM_HAND | {"expected": "1"}, follow=True)


def test_the_page_after_a_save_holds_a_validator(page_after_save):
    assert held(page_after_save) is not None, "the page after a save holds its validator"


def test_the_page_after_a_save_has_no_etag_a_reload_would_bring_back(page_after_save):
    assert not page_after_save.has_header("ETag"), "its message must not come back on a reload"


def test_the_phone_that_saved_is_answered_304_after_its_page_after_the_save(
    client, two_tables, page_after_save
):
    response = client.get(link(two_tables[0]), HTTP_IF_NONE_MATCH=held(page_after_save))
    assert response.status_code == 304, "its first poll after the save should be a 304"


def test_a_save_at_another_table_leaves_the_held_validator_current(client, two_tables):
    mine, other = two_tables
    etag = held(client.get(link(mine)))
    sheets.save_hand(other, MANUAL)
    response = client.get(link(mine), HTTP_IF_NONE_MATCH=etag)
    assert response.status_code == 304, "another table's hand is not on this table's page"


def test_a_save_at_this_table_makes_the_held_validator_old(client, two_tables):
    mine, _ = two_tables
    etag = held(client.get(link(mine)))
    sheets.save_hand(mine, MANUAL)
    response = client.get(link(mine), HTTP_IF_NONE_MATCH=etag)
    assert response.status_code == 200, "this table's own hand is on its page"


@pytest.mark.parametrize(
    ("name", "args"),
    [
        ("standings", ["cup"]),
        ("round_standings", ["cup", 1]),
        ("tournament", ["cup"]),
        ("projector", ["cup"]),
        ("round", ["cup", 1]),
    ],
)
def test_a_shared_live_page_holds_the_validator_its_etag_says(client, two_tables, name, args):
    client.get(reverse(name, args=args))  # rendered once: the next is the shared copy
    response = client.get(reverse(name, args=args))
    assert held(response) == response["ETag"], f"the {name} page's own validator is its ETag"


def test_a_directors_live_page_holds_the_validator_its_etag_says(director_client, two_tables):
    url = reverse("round", args=["cup", 1])
    director_client.get(url)  # the first visit gives the browser its CSRF cookie
    response = director_client.get(url)
    assert held(response) == response["ETag"], "the director's page holds its own validator"
