"""Every change of a hand is kept; earlier versions and deleted hands can be restored;
edits made on a stale page are refused."""

import pytest
from django.urls import reverse

from tarock_cup.tournaments import sheets
from tarock_cup.tournaments.models import Change, Hand
from tests.factories import make_table, make_tournament

pytestmark = pytest.mark.django_db

# Tirol Cup, dealer seat 0 at hand 1: Rufer by Vorhand (seat 1) with seat 2, 40 points: +1.
WON = {"contract": "rufer", "declarer": 1, "partner": 2, "points": "40"}
LOST = {"contract": "rufer", "declarer": 1, "partner": 2, "points": "30"}
# Hand 2 (dealer seat 1, Vorhand seat 2): Dreier by seat 3 won, 4 x 5 = ... game 5 alone.
DREIER = {"contract": "dreier", "declarer": 3, "points": "40"}


def url(name, *args):
    return reverse(name, args=["cup", 1, 1, *args])


def form_post(fields, **extra):
    return {**{k: str(v) for k, v in fields.items()}, "save": "1", **extra}


@pytest.fixture
def table(director):
    return make_table(make_tournament(director))


def test_an_edit_keeps_the_hand_as_it_was_before(director_client, director, table):
    sheets.save_hand(table, WON, user=director)
    director_client.post(url("hand_edit", 1), form_post(LOST, version="1"))
    change = Change.objects.filter(action="update").get()
    assert (change.before["data"]["points"], change.after["data"]["points"], change.user) == (
        "40",
        "30",
        director,
    )


def test_an_earlier_version_can_be_restored(director_client, director, table):
    sheets.save_hand(table, WON, user=director)
    sheets.save_hand(table, LOST, number=1, user=director)
    change = Change.objects.get(action="update")
    director_client.post(url("hand_restore", change.pk), {"state": "before"})
    hand = Hand.objects.get()
    assert (hand.data["points"], hand.scores, hand.version) == ("40", [-1, 1, 1, -1], 3)


def test_a_deleted_hand_can_be_restored_at_its_place(director_client, director, table):
    sheets.save_hand(table, WON, user=director)
    sheets.save_hand(table, DREIER, user=director)
    director_client.post(url("hand_delete", 1), {"version": "1"})
    change = Change.objects.get(action="delete")
    director_client.post(url("hand_restore", change.pk))
    hands = list(Hand.objects.order_by("number"))
    assert [(h.number, h.data["contract"], h.scores) for h in hands] == [
        (1, "rufer", [-1, 1, 1, -1]),
        (2, "dreier", [-5, -5, -5, 15]),
    ]


def test_a_restored_deleted_hand_is_not_offered_again(director_client, director, table):
    sheets.save_hand(table, WON, user=director)
    director_client.post(url("hand_delete", 1), {"version": "1"})
    change = Change.objects.get(action="delete")
    director_client.post(url("hand_restore", change.pk))
    response = director_client.post(url("hand_restore", change.pk))
    assert (response.status_code, Hand.objects.count()) == (404, 1)


def test_an_edit_on_a_stale_page_is_refused_and_shows_what_changed(
    director_client, director, table
):
    sheets.save_hand(table, WON, user=director)
    sheets.save_hand(table, LOST, number=1, user=director)  # another director, version 2
    response = director_client.post(url("hand_edit", 1), form_post(WON, version="1"))
    errors = " ".join(response.context["form"].non_field_errors())
    assert (
        response.status_code,
        Hand.objects.get().data["points"],
        "30 Kartenpunkte" in errors or "30 points" in errors,
    ) == (409, "30", True)


def test_a_new_hand_entered_on_a_stale_page_is_refused(director_client, director, table):
    sheets.save_hand(table, WON, user=director)  # the other director entered hand 1
    response = director_client.post(url("table"), form_post(WON, expected="1"))
    assert (response.status_code, Hand.objects.count()) == (409, 1)


def test_a_delete_on_a_stale_page_is_refused(director_client, director, table):
    sheets.save_hand(table, WON, user=director)
    sheets.save_hand(table, LOST, number=1, user=director)
    director_client.post(url("hand_delete", 1), {"version": "1"})
    assert Hand.objects.count() == 1


def test_the_history_is_shown_on_the_hand_page(director_client, director, table):
    sheets.save_hand(table, WON, user=director)
    sheets.save_hand(table, LOST, number=1, user=director)
    response = director_client.get(url("hand_edit", 1))
    assert [c.action for c in response.context["history"]] == ["update", "create"]


def test_the_history_shows_each_states_scores_as_the_sheet_does(director_client, director, table):
    sheets.save_hand(table, WON, user=director)
    sheets.save_hand(table, LOST, number=1, user=director)
    page = director_client.get(url("hand_edit", 1)).content.decode()
    # the Rufer of seats 1 and 2 (Tirol: 1 each way), won before the correction, lost after
    assert "(\u22121 / +1 / +1 / \u22121)" in page, "the won hand's scores, signed"
    assert "(+1 / \u22121 / \u22121 / +1)" in page, "the lost hand's scores, signed"


def test_visitors_cannot_restore(client, director, table):
    sheets.save_hand(table, WON, user=director)
    sheets.save_hand(table, LOST, number=1, user=director)
    change = Change.objects.get(action="update")
    client.post(url("hand_restore", change.pk), {"state": "before"})
    assert Hand.objects.get().data["points"] == "30"


def test_drawing_and_swapping_seats_is_recorded(director_client, director):
    from tarock_cup.tournaments import rounds
    from tarock_cup.tournaments.models import Seat

    tournament = make_tournament(director, players=8, slug="cup")
    rounds.draw_round(tournament, seed=1, user=director)
    a = Seat.objects.get(table__number=1, position=0)
    b = Seat.objects.get(table__number=2, position=0)
    director_client.post(
        reverse("round_swap", args=["cup", 1]), {"first": a.player_id, "second": b.player_id}
    )
    updates = Change.objects.filter(kind="seat", action="update")
    assert (
        Change.objects.filter(kind="seat", action="create").count(),
        sorted((c.before["player"], c.after["player"]) for c in updates),
    ) == (8, sorted([(a.player_id, a.player_id), (b.player_id, b.player_id)]))


def test_registration_changes_are_recorded(director_client, director):
    tournament = make_tournament(director, players=1)
    reg = tournament.registrations.get()
    director_client.post(
        reverse("registrations", args=["cup"]),
        {
            "save": "1",
            "reg-TOTAL_FORMS": "1",
            "reg-INITIAL_FORMS": "1",
            "reg-0-id": str(reg.pk),
            "reg-0-checked_in": "on",
            "reg-0-withdrawn": "on",
        },
    )
    change = Change.objects.get(kind="registration")
    assert (change.before["withdrawn"], change.after["withdrawn"], change.user) == (
        False,
        True,
        director,
    )
