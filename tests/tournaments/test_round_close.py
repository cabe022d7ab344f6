"""Closing a round asks first, names the tables still playing and closes them with it; reopening
a round or a table asks first too; a sheet sent back tells its table why. Each is recorded."""

import pytest
from django.urls import reverse

from tarock_cup.tournaments import sheets
from tarock_cup.tournaments.models import Change, Round, Table
from tests.factories import make_table, make_tournament

pytestmark = pytest.mark.django_db

HAND = {"manual": {"scores": [3, -1, -1, -1], "reason": "test"}}


@pytest.fixture
def two_tables(director):
    """Return round 1 of a tournament of eight: table 1 has played two of its 16 hands."""
    tournament = make_tournament(director, players=8)
    first = make_table(tournament, table_number=1)
    players = [reg.player for reg in tournament.registrations.order_by("pk")][4:]
    second = make_table(tournament, table_number=2, names=[p.name for p in players])
    sheets.save_hand(first, HAND)
    sheets.save_hand(first, HAND)
    return first.round, first, second


def close(client, data):
    return client.post(reverse("round_finish", args=["cup", 1]), {"finished": "1", **data})


def test_closing_a_round_first_asks_and_names_the_tables_still_playing(director_client, two_tables):
    page = close(director_client, {}).content.decode()
    assert "Tisch 1 (2/16)" in page, "the question should name table 1 with its hands"


def test_the_question_changes_nothing(director_client, two_tables):
    round_, first, second = two_tables
    close(director_client, {})
    closed = list(Table.objects.filter(finished=True)) + list(Round.objects.filter(finished=True))
    assert closed == [], f"asking should close nothing, closed {closed}"


def test_the_question_s_one_button_posts_to_the_round_closing_address(director_client, two_tables):
    page = close(director_client, {}).content.decode()
    action = 'action="{}"'.format(reverse("round_finish", args=["cup", 1]))
    assert action in page and 'name="confirm" value="1"' in page, "one button, the same address"


def test_a_confirmed_close_closes_the_round(director_client, two_tables):
    close(director_client, {"confirm": "1"})
    assert Round.objects.get().finished, "the round should be closed"


def test_a_confirmed_close_closes_the_tables_still_playing(director_client, two_tables):
    close(director_client, {"confirm": "1"})
    still_open = list(Table.objects.filter(finished=False).values_list("number", flat=True))
    assert still_open == [], f"tables {still_open} should have been closed with the round"


def test_the_close_says_which_tables_closed_with_their_hands(director_client, two_tables):
    response = close(director_client, {"confirm": "1"})
    page = director_client.get(response["Location"]).content.decode()
    assert "Tisch 1 nach 2 von 16 Spielen" in page, "the message should name table 1's hands"


def test_closing_a_round_is_recorded(director_client, two_tables, director):
    close(director_client, {"confirm": "1"})
    change = Change.objects.get(kind=Change.Kind.ROUND, after__finished=True)
    assert change.user == director, "the round's closing should be recorded with its director"


def reopen_round(client, data):
    return client.post(reverse("round_finish", args=["cup", 1]), {"finished": "0", **data})


def test_reopening_a_round_first_asks(director_client, two_tables):
    close(director_client, {"confirm": "1"})
    page = reopen_round(director_client, {}).content.decode()
    assert 'id="confirm"' in page and Round.objects.get().finished, "it should ask, not reopen"


def test_a_confirmed_reopening_reopens_the_round_and_is_recorded(director_client, two_tables):
    close(director_client, {"confirm": "1"})
    reopen_round(director_client, {"confirm": "1"})
    change = Change.objects.filter(kind=Change.Kind.ROUND).first()
    assert (Round.objects.get().finished, change.after) == (False, {"finished": False})


def reopen_table(client, data):
    url = reverse("table_finish", args=["cup", 1, 1])
    return client.post(url, {"finished": "0", **data})


def test_reopening_a_table_first_asks(director_client, two_tables):
    round_, first, second = two_tables
    sheets.close_table(first, early=True)
    page = reopen_table(director_client, {}).content.decode()
    first.refresh_from_db()
    assert 'id="confirm"' in page and first.finished, "it should ask, not reopen"


def test_a_confirmed_reopening_reopens_the_table(director_client, two_tables):
    round_, first, second = two_tables
    sheets.close_table(first, early=True)
    reopen_table(director_client, {"confirm": "1"})
    first.refresh_from_db()
    assert not first.finished, "the table should be open again"


@pytest.fixture
def signed(two_tables):
    """Return table 1 signed by its players (as if all its hands were in)."""
    round_, first, second = two_tables
    Table.objects.filter(pk=first.pk).update(signed_at="2026-11-26T10:00:00Z")
    first.refresh_from_db()
    return first


def test_sending_a_sheet_back_asks_for_what_the_table_should_check(director_client, signed):
    page = reopen_table(director_client, {}).content.decode()
    assert 'name="reason"' in page, "the question should offer a reason field"


def test_the_table_s_phone_shows_why_its_sheet_was_sent_back(client, director_client, signed):
    reopen_table(director_client, {"confirm": "1", "reason": "Spiel 3: Kontra fehlt"})
    page = client.get(reverse("table_link", args=[signed.token])).content.decode()
    assert "Spiel 3: Kontra fehlt" in page, "the link page should show the director's reason"


def test_the_reason_goes_once_the_table_signs_again(client, director_client, signed):
    reopen_table(director_client, {"confirm": "1", "reason": "Spiel 3: Kontra fehlt"})
    Table.objects.filter(pk=signed.pk).update(signed_at="2026-11-26T11:00:00Z")
    page = client.get(reverse("table_link", args=[signed.token])).content.decode()
    assert "Kontra fehlt" not in page, "a signed sheet should no longer show the old reason"


def test_a_reason_is_kept_on_one_line_without_control_characters(director_client, signed):
    reopen_table(director_client, {"confirm": "1", "reason": "Spiel\x01 3\n\x1bprüfen"})
    assert sheets.sent_back_reason(Table.objects.get(pk=signed.pk)) == "Spiel 3 prüfen"
