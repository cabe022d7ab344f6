"""The players page: registering (found or new), correcting, removing, checking in."""

import pytest
from django.urls import reverse

from tarock_cup.tournaments import rounds
from tarock_cup.tournaments.models import Change, Player, Registration
from tarock_cup.tournaments.players import PlayerConflict, find_or_create_player
from tests.factories import make_tournament

pytestmark = pytest.mark.django_db


def add(client, name, club="", number=""):
    return client.post(
        reverse("registrations", args=["cup"]),
        {"add": "1", "new-name": name, "new-club": club, "new-number": str(number)},
    )


@pytest.fixture
def cup(director):
    return make_tournament(director, players=0)


def test_it_refuses_a_number_that_belongs_to_another_player(director_client, cup):
    Player.objects.create(name="Anna Huber", club="Radstadt", number=7)
    add(director_client, "Leopold Neuhauser", "Radstadt", 7)
    assert not cup.registrations.exists(), "nobody should be registered by another's number"


def test_it_says_whose_number_it_is(director_client, cup):
    Player.objects.create(name="Anna Huber", club="Radstadt", number=7)
    response = add(director_client, "Leopold Neuhauser", "Radstadt", 7)
    assert "Anna Huber" in str(response.context["player_form"].errors["number"]), (
        "the message should name the player the number belongs to"
    )


def test_a_name_in_other_case_is_offered_as_the_player_already_known(director_client, cup):
    anna = Player.objects.create(name="Anna Huber", club="Radstadt")
    response = add(director_client, "huber  ANNA", "RADSTADT")
    offered = [row.player for row in response.context["alikes"]]
    assert (offered, Player.objects.count()) == ([anna], 1), (
        "“huber ANNA” should offer the Anna Huber already known and create nobody yet"
    )


def test_a_known_number_with_its_players_name_offers_that_player(director_client, cup):
    anna = Player.objects.create(name="Anna Huber", club="Radstadt", number=7)
    response = add(director_client, "Anna Huber", "Salzburg", 7)
    offered = [row.player for row in response.context["alikes"]]
    assert (offered, cup.registrations.count()) == ([anna], 0), (
        "the page should offer Anna Huber to register, and register nobody by itself"
    )


@pytest.mark.parametrize(
    ("name", "club", "number"),
    [("Leopold Neuhauser", "Radstadt", 7), ("Anna Huber", "Radstadt", 8)],
)
def test_the_form_and_the_import_refuse_alike(cup, name, club, number):
    Player.objects.create(name="Anna Huber", club="Radstadt", number=7)
    with pytest.raises(PlayerConflict):
        find_or_create_player(name, club, number)


def test_a_blank_name_keeps_the_list_on_the_page(director_client, director):
    make_tournament(director, players=4)
    response = add(director_client, "   ")
    assert "Anna" in response.content.decode(), "the registered players should still be listed"


def test_a_blank_name_shows_no_management_form_error(director_client, director):
    make_tournament(director, players=4)
    response = add(director_client, "   ")
    assert "ManagementForm" not in response.content.decode(), "only the name's error should show"


def test_after_adding_the_cursor_is_in_the_name_field(director_client, cup):
    response = director_client.get(reverse("registrations", args=["cup"]))
    assert 'name="new-name"' in response.content.decode().split("autofocus")[0][-200:], (
        "the name field should have the focus"
    )


@pytest.mark.parametrize(
    ("present", "summary"),
    [
        (13, "13 anwesend: 2 Tische zu 4, 1 Tisch zu 5."),
        (8, "8 anwesend: 2 Tische zu 4."),
        (3, "3 anwesend: mindestens 4 sind für einen Tisch nötig."),
        (7, "7 anwesend: sie lassen sich nicht an Tische zu vier und fünf setzen"),
    ],
)
def test_the_page_says_how_many_are_present_and_which_tables_that_makes(
    director_client, director, present, summary
):
    tournament = make_tournament(director, players=present + 1)
    tournament.registrations.filter(pk=tournament.registrations.last().pk).update(withdrawn=True)
    page = director_client.get(reverse("registrations", args=["cup"])).content.decode()
    assert summary in page, f"the page should say “{summary}”"


def test_the_check_in_boxes_are_named_by_player(director_client, director):
    make_tournament(director, players=4)
    page = director_client.get(reverse("registrations", args=["cup"])).content.decode()
    assert 'aria-label="Anna anwesend"' in page, "the box should say whose check-in it is"


def correct(client, registration, **data):
    return client.post(
        reverse("registration_edit", args=["cup", registration.pk]),
        {"name": "Anna", "club": "Salzburg", "number": "", **data},
    )


def test_a_misspelt_name_is_corrected(director_client, director):
    registration = make_tournament(director, players=4).registrations.get(player__name="Anna")
    correct(director_client, registration, name="Anna Huber", club="Radstadt")
    registration.player.refresh_from_db()
    assert str(registration.player) == "Anna Huber (Radstadt)", "the correction should be saved"


def test_a_correction_is_recorded_in_the_history(director_client, director):
    registration = make_tournament(director, players=4).registrations.get(player__name="Anna")
    correct(director_client, registration, name="Anna Huber")
    change = Change.objects.get(action=Change.Action.UPDATE)
    assert (change.before["name"], change.after["name"]) == ("Anna", "Anna Huber"), (
        "the history should keep the name before and after"
    )


def test_a_correction_to_another_players_name_is_refused(director_client, director):
    registration = make_tournament(director, players=4).registrations.get(player__name="Anna")
    correct(director_client, registration, name="bert")
    registration.player.refresh_from_db()
    assert registration.player.name == "Anna", "two players should not get the same name"


def test_a_registration_without_a_seat_is_removed(director_client, director):
    tournament = make_tournament(director, players=4)
    registration = tournament.registrations.get(player__name="Anna")
    director_client.post(reverse("registration_remove", args=["cup", registration.pk]))
    assert not Player.objects.filter(name="Anna").exists(), "the mistaken entry should be gone"


def test_a_seated_players_registration_stays(director_client, director):
    tournament = make_tournament(director, players=4)
    rounds.draw_round(tournament)
    registration = tournament.registrations.get(player__name="Anna")
    director_client.post(reverse("registration_remove", args=["cup", registration.pk]))
    assert Registration.objects.filter(pk=registration.pk).exists(), (
        "a seated player's registration should not be removed"
    )


def test_removing_is_recorded_in_the_history(director_client, director):
    registration = make_tournament(director, players=4).registrations.get(player__name="Anna")
    director_client.post(reverse("registration_remove", args=["cup", registration.pk]))
    assert Change.objects.filter(action=Change.Action.DELETE).count() == 1, (
        "the removal should be recorded"
    )


def post_a_row_that_is_no_registration(client):
    return client.post(
        reverse("registrations", args=["cup"]),
        {
            "reg-TOTAL_FORMS": "1",
            "reg-INITIAL_FORMS": "1",
            "reg-MIN_NUM_FORMS": "0",
            "reg-MAX_NUM_FORMS": "1000",
            "reg-0-id": "x",
            "reg-0-checked_in": "",
            "save": "1",
        },
    )


def test_a_tampered_row_is_refused(director_client, director):
    make_tournament(director, players=4)
    response = post_a_row_that_is_no_registration(director_client)
    assert response.status_code == 400, "a row that names no registration should be refused"


def test_a_tampered_row_shows_the_list_as_stored(director_client, director):
    make_tournament(director, players=4)
    response = post_a_row_that_is_no_registration(director_client)
    assert "Anna" in response.content.decode(), "the registered players should still be listed"
