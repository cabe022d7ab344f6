"""Hands a table's phone queued without a connection: each key is one save, answered as before."""

import pytest
from django.urls import reverse

from tarock_cup.tournaments import sheets
from tarock_cup.tournaments.models import Change, Hand
from tarock_cup.venue.models import QueuedSave
from tests.factories import make_table, make_tournament

pytestmark = pytest.mark.django_db

KEY = "0123456789abcdef0123456789abcdef"
OTHER_KEY = "fedcba9876543210fedcba9876543210"
# A hand entered by hand: the fewest form fields (3 + -1 + 1 + -3 = 0).
FORM_HAND = {
    "contract": "manual",
    "manual_0": "3",
    "manual_1": "-1",
    "manual_2": "1",
    "manual_3": "-3",
    "manual_reason": "x",
    "save": "1",
}


@pytest.fixture
def table(director):
    tournament = make_tournament(director)
    tournament.hands_four = 4
    tournament.save()
    return make_table(tournament)


def queued(table, number=None):
    if number is None:
        return reverse("venue_queued_save", args=[table.token])
    return reverse("venue_queued_save_hand", args=[table.token, number])


def new_hand(expected, key=KEY, **fields):
    return FORM_HAND | {"expected": str(expected), "key": key} | fields


def hands(table):
    return list(table.hands.order_by("number").values_list("number", "scores"))


def test_a_queued_hand_is_saved_and_answered_with_its_number(client, table):
    response = client.post(queued(table), new_hand(1))
    assert (response.status_code, response.json()["number"]) == (200, 1), response.content


def test_a_queued_hand_is_recorded_as_by_the_table(client, table):
    client.post(queued(table), new_hand(1))
    change = Change.objects.get(kind=Change.Kind.HAND)
    assert (change.by_table, change.user) == (True, None)


def test_the_same_key_sent_again_makes_no_second_hand(client, table):
    client.post(queued(table), new_hand(1))
    client.post(queued(table), new_hand(1))
    assert hands(table) == [(1, [3, -1, 1, -3])], "a repeated key saved the hand twice"


def test_the_same_key_sent_again_gets_the_first_answer(client, table):
    first = client.post(queued(table), new_hand(1))
    again = client.post(queued(table), new_hand(1))
    assert (again.status_code, again.json()) == (first.status_code, first.json())


def test_the_same_key_sent_again_after_another_phones_hand_still_answers_saved(client, table):
    client.post(queued(table), new_hand(1))
    sheets.save_hand(table, {"manual": {"scores": [1, -1, 1, -1], "reason": "y"}})
    again = client.post(queued(table), new_hand(1))
    assert again.json()["state"] == "saved", "a repeated key was judged anew, not answered"


def test_another_hand_under_a_used_key_is_refused_with_a_message(client, table):
    client.post(queued(table), new_hand(1))
    response = client.post(queued(table), new_hand(2, manual_0="2", manual_3="-2"))
    body = response.json()
    assert (response.status_code, body["state"]) == (400, "refused")
    assert "ein anderes Spiel" in body["message"], body["message"]


def test_another_hand_under_a_used_key_changes_nothing(client, table):
    client.post(queued(table), new_hand(1))
    client.post(queued(table), new_hand(2, manual_0="2", manual_3="-2"))
    assert hands(table) == [(1, [3, -1, 1, -3])]


def test_two_queued_hands_are_saved_in_their_order(client, table):
    client.post(queued(table), new_hand(1))
    client.post(queued(table), new_hand(2, OTHER_KEY, manual_0="2", manual_3="-2"))
    assert [number for number, _ in hands(table)] == [1, 2]
    assert hands(table)[1][1] == [2, -1, 1, -2], "the second queued hand is not hand 2"


def test_a_queued_hand_another_phone_saved_first_comes_back_as_a_conflict(client, table):
    sheets.save_hand(table, {"manual": {"scores": [1, -1, 1, -1], "reason": "y"}})
    response = client.post(queued(table), new_hand(1))
    assert (response.status_code, response.json()["state"]) == (409, "refused")


def test_a_refused_key_is_not_kept(client, table):
    sheets.save_hand(table, {"manual": {"scores": [1, -1, 1, -1], "reason": "y"}})
    client.post(queued(table), new_hand(1))
    assert not QueuedSave.objects.exists(), "a refusal kept its key: the corrected hand could not"


def test_a_queued_hand_for_a_closed_table_is_refused_and_not_saved(client, table):
    table.finished = True
    table.save()
    response = client.post(queued(table), new_hand(1))
    assert (response.status_code, Hand.objects.count()) == (403, 0)


def test_a_queued_hand_the_rules_refuse_comes_back_with_the_reason(client, table):
    # 3 - 1 + 1 - 2 = 1: a hand entered by hand adds up to 0.
    response = client.post(queued(table), new_hand(1, manual_3="-2"))
    assert (response.status_code, Hand.objects.count()) == (400, 0)
    assert response.json()["message"], "the refusal says nothing"


def test_a_queued_save_without_a_key_is_refused(client, table):
    data = new_hand(1)
    del data["key"]
    response = client.post(queued(table), data)
    assert (response.status_code, Hand.objects.count()) == (400, 0)


@pytest.mark.parametrize("key", ["short", "x" * 65, "<script>" * 3, "ab cd" * 5])
def test_a_malformed_key_is_refused(client, table, key):
    response = client.post(queued(table), new_hand(1, key=key))
    assert (response.status_code, Hand.objects.count()) == (400, 0)


def test_a_queued_hand_without_the_sheets_state_is_refused(client, table):
    data = new_hand(1)
    del data["expected"]
    response = client.post(queued(table), data)
    assert (response.status_code, Hand.objects.count()) == (400, 0)


def test_a_queued_correction_is_saved_once(client, table):
    sheets.save_hand(table, {"manual": {"scores": [1, -1, 1, -1], "reason": "y"}})
    data = FORM_HAND | {"version": "1", "key": KEY}
    client.post(queued(table, 1), data)
    client.post(queued(table, 1), data)
    assert Hand.objects.get().version == 2, "the correction was saved twice or not at all"


def test_a_wrong_token_is_not_found(client, table):
    response = client.post(reverse("venue_queued_save", args=["nope"]), new_hand(1))
    assert response.status_code == 404


def test_a_saved_queued_hand_is_told_on_the_next_page(client, table):
    client.post(queued(table), new_hand(1))
    page = client.get(reverse("table_link", args=[table.token]))
    assert "Spiel 1 gespeichert" in page.content.decode()


def test_a_save_without_a_key_on_the_link_behaves_as_before(client, table):
    data = new_hand(1)
    del data["key"]
    response = client.post(reverse("table_link", args=[table.token]), data)
    assert (response.status_code, QueuedSave.objects.count()) == (302, 0)


def test_the_worker_is_javascript_below_the_table_links(client):
    response = client.get(reverse("venue_table_worker"))
    assert (response.status_code, response["Content-Type"].split(";")[0]) == (
        200,
        "text/javascript",
    )
    assert reverse("venue_table_worker").startswith("/table/")


def test_the_english_worker_lies_below_the_english_table_links(client):
    response = client.get("/en/table/worker.js")
    assert response.status_code == 200


def test_a_conflict_tells_the_number_the_hand_would_get_now(client, table):
    sheets.save_hand(table, {"manual": {"scores": [1, -1, 1, -1], "reason": "y"}})
    response = client.post(queued(table), new_hand(1))
    assert response.json()["next"] == 2
