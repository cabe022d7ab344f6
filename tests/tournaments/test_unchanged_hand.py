"""Saving a hand as it is changes nothing: no "changed" history entry, no new version, and the
players' confirmation of the sheet stands; on the director's page and the table's link alike."""

import pytest
from django.urls import reverse

from tarock_cup.tournaments import links
from tarock_cup.tournaments.models import Change, Hand, Table
from tests.factories import make_table, make_tournament

pytestmark = pytest.mark.django_db

RUFER = {
    "contract": "rufer",
    "declarer": "1",
    "partner": "3",
    "points": "40",
    "kontra_game": "1",
    "b_pagat_side": "declarer",
    "b_pagat_announced": "on",
    "b_pagat_result": "made",
}
OTHER_POINTS = RUFER | {"points": "30"}


@pytest.fixture
def table(director):
    tournament = make_tournament(director, "standard")
    tournament.hands_four = 1
    tournament.save()
    return make_table(tournament)


def director_page(table, *number):
    return reverse("hand_edit" if number else "table", args=["cup", 1, 1, *number])


def link_page(table, *number):
    return reverse("table_link_hand" if number else "table_link", args=[table.token, *number])


PAGES = [director_page, link_page]


def enter_then_save_again(client, page, table, fields):
    """Enter the Rufer as hand 1, then save hand 1 from its edit form with `fields`."""
    client.post(page(table), RUFER | {"expected": "1", "save": "1"})
    return client.post(page(table, 1), fields | {"version": "1", "save": "1"})


def updates(table):
    return Change.objects.filter(table=table, kind=Change.Kind.HAND, action=Change.Action.UPDATE)


@pytest.mark.parametrize("page", PAGES, ids=lambda page: page.__name__)
def test_saving_a_hand_unchanged_adds_no_history_entry(director_client, table, page):
    enter_then_save_again(director_client, page, table, RUFER)
    assert not updates(table).exists(), "a hand saved as it was should leave no 'changed' entry"


@pytest.mark.parametrize("page", PAGES, ids=lambda page: page.__name__)
def test_saving_a_hand_unchanged_keeps_its_version(director_client, table, page):
    enter_then_save_again(director_client, page, table, RUFER)
    assert Hand.objects.get(table=table).version == 1, "a hand saved as it was keeps version 1"


@pytest.mark.parametrize("page", PAGES, ids=lambda page: page.__name__)
def test_saving_a_hand_unchanged_says_so(director_client, table, page):
    response = enter_then_save_again(director_client, page, table, RUFER)
    page_text = director_client.get(response.url, HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Spiel 1 unverändert" in page_text, "the message should say the hand is unchanged"


def test_saving_a_hand_unchanged_keeps_the_players_confirmation(director_client, table):
    director_client.post(link_page(table), RUFER | {"expected": "1", "save": "1"})
    links.sign(table, [0, 1, 2, 3])
    director_client.post(link_page(table, 1), RUFER | {"version": "1", "save": "1"})
    assert Table.objects.get(pk=table.pk).signed_at is not None, (
        "a hand saved as it was should not send the signed sheet back to the players"
    )


@pytest.mark.parametrize("page", PAGES, ids=lambda page: page.__name__)
def test_a_changed_hand_is_still_recorded_as_changed(director_client, table, page):
    enter_then_save_again(director_client, page, table, OTHER_POINTS)
    assert updates(table).count() == 1, "a real change should still leave one 'changed' entry"
