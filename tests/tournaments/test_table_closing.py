"""A table takes no more hands than its round's count, and none at all once closed."""

import pytest
from django.urls import reverse

from tarock_cup.tournaments import sheets
from tarock_cup.tournaments.models import Change
from tests.factories import make_table, make_tournament

pytestmark = pytest.mark.django_db

MANUAL = {"manual": {"scores": [1, -1, 1, -1], "reason": "test"}}
# A hand entered by hand: the fewest form fields.
FORM_HAND = {
    "contract": "manual",
    "manual_0": "1",
    "manual_1": "-1",
    "manual_2": "1",
    "manual_3": "-1",
    "manual_reason": "x",
}


def table_url(table, name="table"):
    return reverse(name, args=["cup", table.round.number, table.number])


@pytest.fixture
def two_hand_table(director):
    tournament = make_tournament(director)
    tournament.hands_four = 2
    tournament.save()
    return make_table(tournament)


def messages_of(response):
    return [str(m) for m in response.context["messages"]]


def test_it_refuses_a_hand_beyond_the_rounds_count(two_hand_table):
    sheets.save_hand(two_hand_table, MANUAL)
    sheets.save_hand(two_hand_table, MANUAL)
    with pytest.raises(sheets.Refused, match="Raise the count in the settings"):
        sheets.save_hand(two_hand_table, MANUAL)


def test_a_hand_at_a_full_table_can_still_be_corrected(two_hand_table):
    sheets.save_hand(two_hand_table, MANUAL)
    sheets.save_hand(two_hand_table, MANUAL)
    hand = sheets.save_hand(
        two_hand_table, {"manual": {"scores": [2, -2, 2, -2], "reason": "x"}}, number=2
    )
    assert hand.scores == [2, -2, 2, -2], "correcting hand 2 of 2 should be taken"


@pytest.mark.parametrize(
    "change",
    [
        lambda table: sheets.save_hand(table, MANUAL),
        lambda table: sheets.save_hand(table, MANUAL, number=1),
        lambda table: sheets.delete_hand(table, 1),
    ],
    ids=["new hand", "correction", "deletion"],
)
def test_a_closed_table_refuses_every_change_of_its_hands(two_hand_table, change):
    sheets.save_hand(two_hand_table, MANUAL)
    sheets.close_table(two_hand_table, early=True)
    with pytest.raises(sheets.Refused, match="closed"):
        change(two_hand_table)


def test_a_reopened_table_takes_hands_again(two_hand_table):
    sheets.close_table(two_hand_table, early=True)
    sheets.reopen_table(two_hand_table)
    sheets.save_hand(two_hand_table, MANUAL)
    assert two_hand_table.hands.count() == 1, "the reopened table should take the hand"


def test_closing_a_table_early_needs_a_confirmation(two_hand_table):
    sheets.save_hand(two_hand_table, MANUAL)
    with pytest.raises(sheets.EarlyClose):
        sheets.close_table(two_hand_table)


def test_closing_and_reopening_are_recorded_with_the_hands_played(two_hand_table, director):
    sheets.save_hand(two_hand_table, MANUAL)
    sheets.close_table(two_hand_table, user=director, early=True)
    sheets.reopen_table(two_hand_table, user=director)
    recorded = [
        (c.before, c.after) for c in Change.objects.filter(kind=Change.Kind.TABLE).order_by("pk")
    ]
    assert recorded == [
        ({"finished": False, "hands": 1, "due": 2}, {"finished": True, "hands": 1, "due": 2}),
        ({"finished": True, "hands": 1, "due": 2}, {"finished": False, "hands": 1, "due": 2}),
    ], "the history should keep both steps with the hands played"


def test_the_page_refuses_a_third_hand_with_a_message(director_client, two_hand_table):
    sheets.save_hand(two_hand_table, MANUAL)
    sheets.save_hand(two_hand_table, MANUAL)
    response = director_client.post(
        table_url(two_hand_table), {**FORM_HAND, "expected": "3", "save": "1"}, follow=True
    )
    assert any("Erhöhen Sie die Anzahl in den Einstellungen" in m for m in messages_of(response)), (
        "the third hand should be refused in German, naming the settings"
    )


def test_the_page_asks_before_closing_a_table_early_naming_the_hands(
    director_client, two_hand_table
):
    sheets.save_hand(two_hand_table, MANUAL)
    response = director_client.post(table_url(two_hand_table, "table_finish"), {"finished": "1"})
    assert "Erst 1 von 2 Spielen" in response.content.decode(), "the page should ask, naming 1 of 2"


def test_the_table_stays_open_until_the_early_close_is_confirmed(director_client, two_hand_table):
    sheets.save_hand(two_hand_table, MANUAL)
    director_client.post(table_url(two_hand_table, "table_finish"), {"finished": "1"})
    two_hand_table.refresh_from_db()
    assert not two_hand_table.finished, "an unconfirmed early close should leave the table open"


def test_the_page_closes_early_when_confirmed_and_says_so(director_client, two_hand_table):
    sheets.save_hand(two_hand_table, MANUAL)
    response = director_client.post(
        table_url(two_hand_table, "table_finish"), {"finished": "1", "confirm": "1"}, follow=True
    )
    assert any("nach 1 von 2" in m for m in messages_of(response)), (
        "the message should say the table closed after 1 of 2 hands"
    )


def test_a_closed_tables_page_shows_no_entry_form(director_client, two_hand_table):
    sheets.close_table(two_hand_table, early=True)
    response = director_client.get(table_url(two_hand_table))
    assert 'id="save-hand"' not in response.content.decode(), "a closed table has no entry form"


def test_a_closed_tables_hands_offer_no_edit_link(director_client, two_hand_table):
    sheets.save_hand(two_hand_table, {"manual": {"scores": [1, -1, 1, -1], "reason": "x"}})
    sheets.close_table(two_hand_table, early=True)
    page = director_client.get(table_url(two_hand_table)).content.decode()
    edit = reverse("hand_edit", args=["cup", 1, two_hand_table.number, 1])
    assert edit not in page, "a closed table's hands cannot be corrected until it is reopened"
