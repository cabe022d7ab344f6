"""The table's own pages: the code page, the link that enters and corrects that table's hands
(and nothing else), the sign-off, and what directors see of links and signatures."""

from urllib.parse import urlsplit

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tarock_cup.tournaments import links, sheets
from tarock_cup.tournaments.models import Change, Hand, Table
from tests.factories import make_table, make_tournament

pytestmark = pytest.mark.django_db

HAND = {"manual": {"scores": [3, -1, -1, -1], "reason": "test"}}
# A hand entered by hand: the fewest form fields.
FORM_HAND = {
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
    tournament = make_tournament(director)
    tournament.hands_four = 2
    tournament.save()
    return make_table(tournament)


@pytest.fixture
def other_table(director, table):
    """Return a table of another tournament, with one hand entered."""
    other = make_table(make_tournament(director, slug="other-cup"))
    sheets.save_hand(other, HAND)
    return other


def link(table, name="table_link", *args):
    return reverse(name, args=[table.token, *args])


def new_hand(expected):
    return FORM_HAND | {"expected": str(expected)}


def test_the_link_shows_the_tables_sheet_and_entry_form(client, table):
    response = client.get(link(table))
    assert 'id="hand-form"' in response.content.decode()


def test_a_hand_saved_through_the_link_is_recorded_as_by_the_table(client, table):
    client.post(link(table), new_hand(1))
    change = Change.objects.get(kind=Change.Kind.HAND)
    assert (change.by_table, change.user) == (True, None)


def test_a_hand_saved_through_the_link_leads_back_to_the_link(client, table):
    response = client.post(link(table), new_hand(1))
    assert response["Location"] == link(table)


def test_the_hand_history_on_the_directors_page_says_by_the_table(director_client, client, table):
    client.post(link(table), new_hand(1))
    page = director_client.get(reverse("hand_edit", args=["cup", 1, 1, 1]))
    assert "vom Tisch (Tisch 1)" in page.content.decode()


def test_a_second_phone_saving_the_same_hand_gets_a_conflict(client, table):
    client.post(link(table), new_hand(1))
    response = client.post(link(table), new_hand(1) | {"manual_0": "2", "manual_1": "-2"})
    assert response.status_code == 409


def test_the_conflict_names_the_table_as_who_saved_first(client, table):
    client.post(link(table), new_hand(1))
    response = client.post(link(table), new_hand(1))
    assert "von einem Handy an Tisch 1 eingetragen" in response.content.decode()


def test_a_conflicting_save_changes_nothing(client, table):
    client.post(link(table), new_hand(1))
    client.post(link(table), new_hand(1) | {"manual_0": "2", "manual_1": "-2"})
    assert list(Hand.objects.values_list("scores", flat=True)) == [[1, -1, 1, -1]]


def test_a_hand_is_corrected_through_the_link(client, table):
    sheets.save_hand(table, HAND)
    client.post(link(table, "table_link_hand", 1), FORM_HAND | {"version": "1"})
    assert Hand.objects.get().scores == [1, -1, 1, -1]


def test_the_preview_through_the_link_scores_the_hand(client, table):
    response = client.post(link(table, "table_link_preview"), FORM_HAND)
    assert "preview-scores" in response.content.decode()


@pytest.mark.parametrize(
    ("name", "args"),
    [
        pytest.param("table_link_hand", [1], id="edit"),
        pytest.param("table_link_hand_preview", [1], id="edit-preview"),
    ],
)
def test_another_tables_hand_is_not_found_through_a_link(client, table, other_table, name, args):
    # Hand 1 exists at the other table only: this table's link does not reach it.
    response = client.post(link(table, name, *args), FORM_HAND | {"version": "1"})
    assert response.status_code == 404


def test_another_tables_hand_is_left_alone(client, table, other_table):
    client.post(link(table, "table_link_hand", 1), FORM_HAND | {"version": "1"})
    assert Hand.objects.get(table=other_table).scores == [3, -1, -1, -1]


@pytest.mark.parametrize(
    "name", ["table_link", "table_link_preview", "table_link_sign"], ids=["page", "preview", "sign"]
)
def test_a_token_no_table_has_is_not_found(client, table, name):
    response = client.post(reverse(name, args=[table.token + "x"]), FORM_HAND)
    assert response.status_code == 404


# Where each director's page sends a phone that holds only a table's link: a director's page
# asks for a login; the score sheet, public to read, refuses to open a hand for editing.
LOGIN = (302, "/login/")
REFUSED = (403, None)


@pytest.mark.parametrize(
    ("method", "url", "expected"),
    [
        ("get", lambda t: reverse("tournament_edit", args=["cup"]), LOGIN),
        ("get", lambda t: reverse("tournament_directors", args=["cup"]), LOGIN),
        ("get", lambda t: reverse("hand_edit", args=["cup", 1, 1, 1]), REFUSED),
        ("post", lambda t: reverse("table", args=["cup", 1, 1]), LOGIN),
        ("post", lambda t: reverse("table_finish", args=["cup", 1, 1]), LOGIN),
        ("post", lambda t: reverse("hand_delete", args=["cup", 1, 1, 1]), LOGIN),
        ("post", lambda t: reverse("table", args=["other-cup", 1, 1]), LOGIN),
    ],
    ids=["settings", "directors", "director-edit", "director-entry", "close", "delete", "other"],
)
def test_holding_a_link_opens_no_directors_page(client, table, other_table, method, url, expected):
    sheets.save_hand(table, HAND)
    client.get(link(table))  # the phone has used its link: still no director
    response = getattr(client, method)(url(table), FORM_HAND)
    location = response.get("Location")
    answer = (response.status_code, location and urlsplit(location).path)
    assert answer == expected, f"{url(table)} answered {answer}, not {expected}"


def test_nothing_is_changed_by_a_phone_on_a_directors_page(client, table, other_table):
    client.get(link(table))
    client.post(reverse("table", args=["other-cup", 1, 1]), FORM_HAND | {"expected": "2"})
    assert Hand.objects.count() == 1


@pytest.fixture(params=["table", "round"])
def closed(request, table):
    if request.param == "table":
        Table.objects.filter(pk=table.pk).update(finished=True)
    else:
        type(table.round).objects.filter(pk=table.round_id).update(finished=True)
    return table


def test_a_closed_tables_link_says_it_is_closed(client, closed):
    response = client.get(link(closed))
    assert 'id="link-closed"' in response.content.decode()


def test_a_closed_tables_link_shows_no_entry_form(client, closed):
    response = client.get(link(closed))
    assert 'id="hand-form"' not in response.content.decode()


@pytest.mark.parametrize("name", ["table_link", "table_link_preview", "table_link_sign"])
def test_a_closed_tables_link_refuses_a_post(client, closed, name):
    response = client.post(link(closed, name), new_hand(1))
    assert response.status_code == 403


def test_a_closed_tables_link_saves_nothing(client, closed):
    client.post(link(closed), new_hand(1))
    assert not Hand.objects.exists()


def test_a_hand_posted_to_a_closed_table_is_said_not_to_be_saved(client, closed):
    page = client.post(link(closed), new_hand(1)).content.decode()
    assert "Dieses Spiel wurde nicht gespeichert" in page, "the page should say it was not saved"


@pytest.mark.parametrize(
    ("label", "value"),
    [
        ("Spiel", "Punkte von Hand eingetragen"),
        ("Bert: Punkte", "-4"),
        ("Grund", "Kontra vergessen"),
    ],
)
def test_a_hand_posted_to_a_closed_table_is_shown_as_typed(client, closed, label, value):
    typed = FORM_HAND | {"manual_1": "-4", "manual_reason": "Kontra vergessen"}
    page = client.post(link(closed), typed | {"expected": "1"}).content.decode()
    assert f"<dt>{label}</dt><dd>{value}</dd>" in page, f"the page should show {label}: {value}"


def test_the_link_page_is_answered_not_modified_while_nothing_changed(client, table):
    etag = client.get(link(table))["ETag"]
    response = client.get(link(table), headers={"if-none-match": etag})
    assert response.status_code == 304


def test_the_link_page_changes_after_a_save_by_another_phone(client, table):
    etag = client.get(link(table))["ETag"]
    sheets.save_hand(table, HAND, by_table=True)
    response = client.get(link(table), headers={"if-none-match": etag})
    assert response.status_code == 200


def test_a_right_code_leads_to_the_tables_link(client, table):
    code = table.code.lower()
    response = client.post(reverse("table_code"), {"code": f"{code[:3]}-{code[3:]}"})
    assert response["Location"] == link(table)


@pytest.mark.parametrize(
    ("code", "status"),
    [("AAAAAA", 400), ("hello", 400), ("", 400), ("A" * 5000, 400)],
    ids=["unknown", "not-a-code", "empty", "huge"],
)
def test_a_wrong_code_gets_a_message_not_a_table(client, table, code, status):
    response = client.post(reverse("table_code"), {"code": code})
    assert (response.status_code, 'id="code-error"' in response.content.decode()) == (
        status,
        True,
    )


def test_too_many_wrong_codes_are_answered_429(client, table):
    for _ in range(links.GUESSES):
        client.post(reverse("table_code"), {"code": "AAAAAA"})
    response = client.post(reverse("table_code"), {"code": table.code})
    assert response.status_code == 429


def test_the_code_page_is_in_english_too(client):
    response = client.get("/en/table/")
    assert "Enter your table code" in response.content.decode()


@pytest.fixture
def played(table):
    sheets.save_hand(table, HAND)
    sheets.save_hand(table, HAND)
    return table


def test_a_complete_sheet_offers_the_sign_off(client, played):
    assert 'id="sign-sheet"' in client.get(link(played)).content.decode()


def test_an_incomplete_sheet_offers_no_sign_off(client, table):
    sheets.save_hand(table, HAND)
    assert 'id="sign-sheet"' not in client.get(link(table)).content.decode()


def sign(client, table, seats=(0, 1, 2, 3)):
    state = client.get(link(table)).context["sheet_state"]
    return client.post(link(table, "table_link_sign"), {"seat": list(seats), "state": state})


def test_the_table_signs_its_sheet(client, played):
    sign(client, played)
    played.refresh_from_db()
    assert played.signed_at is not None


@pytest.mark.parametrize(
    ("signed", "notice"),
    [
        (False, "oder unten den Abschluss bestätigen"),
        (True, "sind eingetragen und bestätigt. Ein mit „bearbeiten“ ausgebessertes Spiel muss"),
    ],
    ids=["not-signed", "signed"],
)
def test_the_notice_of_a_complete_sheet_says_what_is_left_to_do(client, played, signed, notice):
    if signed:
        sign(client, played)
    page = client.get(link(played)).content.decode()
    assert notice in page, "the complete sheet's notice should say what is left to do"


def test_a_sheet_is_not_signed_unless_every_player_ticked(client, played):
    response = sign(client, played, seats=(0, 1, 2))
    played.refresh_from_db()
    assert (response.status_code, played.signed_at) == (302, None)


@pytest.mark.parametrize("seat", ["²", "9" * 5000], ids=["superscript-digit", "too-long"])
def test_a_seat_that_is_no_number_signs_nothing_and_is_no_error(client, played, seat):
    response = sign(client, played, seats=(0, 1, 2, 3, seat))
    played.refresh_from_db()
    assert (response.status_code, played.signed_at) == (302, None)


@pytest.mark.parametrize(
    ("signed", "text"),
    [(False, "noch nicht bestätigt"), (True, "vom Tisch um")],
    ids=["not-signed", "signed"],
)
def test_the_round_page_tells_the_director_whether_a_table_signed(
    client, director_client, played, signed, text
):
    if signed:
        sign(client, played)
    page = director_client.get(reverse("round", args=["cup", 1])).content.decode()
    assert text in page


def test_the_round_page_shows_the_director_the_tables_code_and_qr(director_client, table):
    page = director_client.get(reverse("round", args=["cup", 1])).content.decode()
    assert (links.format_code(table.code) in page, "<svg" in page) == (True, True)


@pytest.mark.parametrize("name", ["round", "score_cards"])
def test_nobody_but_a_director_sees_the_tables_code_or_link(client, table, name):
    page = client.get(reverse(name, args=["cup", 1])).content.decode()
    assert (links.format_code(table.code) in page, table.token in page) == (False, False)


def test_the_directors_score_cards_carry_each_tables_code_and_qr_code(director_client, table):
    page = director_client.get(reverse("score_cards", args=["cup", 1])).content.decode()
    assert (links.format_code(table.code) in page, "<svg" in page) == (True, True)


def test_accepting_a_signed_table_from_the_round_page_closes_it(client, director_client, played):
    sign(client, played)
    response = director_client.post(
        reverse("table_finish", args=["cup", 1, 1]), {"finished": "1", "back": "round"}
    )
    played.refresh_from_db()
    assert (played.finished, response["Location"]) == (True, reverse("round", args=["cup", 1]))


def test_sending_a_signed_table_back_clears_its_signature(client, director_client, played):
    sign(client, played)
    director_client.post(
        reverse("table_finish", args=["cup", 1, 1]),
        {"finished": "0", "back": "round", "confirm": "1"},
    )
    played.refresh_from_db()
    assert (played.finished, played.signed_at) == (False, None)


def test_a_poll_of_an_unchanged_link_page_costs_one_query(client, table):
    etag = client.get(link(table))["ETag"]
    with CaptureQueriesContext(connection) as queries:
        client.get(link(table), headers={"if-none-match": etag})
    assert len(queries) == 1
