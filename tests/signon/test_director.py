"""The director sees the sign-ons with look-alikes, matches each to the register, checks in."""

import pytest
from django.urls import reverse

from tarock_cup.signon import entries
from tarock_cup.signon.models import SignOn, SignOnRules
from tarock_cup.tournaments.models import Change, Player, Registration
from tests.factories import make_tournament
from tests.signon.helpers import upcoming

pytestmark = pytest.mark.django_db


@pytest.fixture
def owner(django_user_model):
    return django_user_model.objects.create_user("direktor", password="pw-123456")


@pytest.fixture
def director(client, owner):
    client.force_login(owner)
    return client


def test_the_list_offers_register_players_with_the_same_name(director, owner):
    tournament = upcoming(owner)
    known = Player.objects.create(name="Anna Huber", club="Radstadt")
    entries.sign_on(tournament, "huber anna", "Radstadt", "", "", "10.0.0.1")
    page = director.get(reverse("sign_ons", args=["cup"]))
    assert page.context["rows"][0][1] == [known], "the register's Anna Huber is offered"


def test_two_sign_ons_of_one_name_are_flagged(director, owner):
    tournament = upcoming(owner)
    entries.sign_on(tournament, "Anna Huber", "Radstadt", "", "", "10.0.0.1")
    entries.sign_on(tournament, "Anna Huber", "Linz", "", "", "10.0.0.2")
    page = director.get(reverse("sign_ons", args=["cup"]))
    assert len(page.context["twice"]) == 2, "both sign-ons of one name are flagged"


def test_taking_in_an_offered_player_registers_them_and_makes_no_new_record(director, owner):
    tournament = upcoming(owner)
    known = Player.objects.create(name="Anna Huber", club="Radstadt")
    entry = entries.sign_on(tournament, "Anna Huber", "Radstadt", "", "", "10.0.0.1")
    director.post(reverse("sign_on_take_in", args=["cup", entry.pk]), {"player": known.pk})
    assert Registration.objects.filter(tournament=tournament, player=known).exists(), (
        "the offered player is registered"
    )
    assert Player.objects.count() == 1, "no second record is made"


def test_taking_in_as_new_makes_one_record_and_records_the_registration(director, owner):
    tournament = upcoming(owner)
    entry = entries.sign_on(tournament, "Neu Ling", "Wels", "", "", "10.0.0.1")
    director.post(reverse("sign_on_take_in", args=["cup", entry.pk]), {"player": "new"})
    player = Player.objects.get()
    assert (player.name, player.club) == ("Neu Ling", "Wels"), "the new record is the sign-on's"
    assert Change.objects.filter(kind="registration", action="create").count() == 1, (
        "the registration is in the history"
    )


def test_a_player_number_takes_in_that_player(director, owner):
    tournament = upcoming(owner)
    known = Player.objects.create(name="Anna Huber-Maier", club="Radstadt", number=4711)
    entry = entries.sign_on(tournament, "Anna Huber", "Radstadt", "", "", "10.0.0.1")
    director.post(
        reverse("sign_on_take_in", args=["cup", entry.pk]), {"player": "new", "number": "4711"}
    )
    assert SignOn.objects.get().player == known, "the numbered player is taken"


def test_a_player_of_a_hidden_tournament_of_others_cannot_be_chosen(
    director, owner, django_user_model
):
    stranger = django_user_model.objects.create_user("fremd", password="pw-123456")
    secret = make_tournament(stranger, slug="secret", public=False, players=1)
    hidden_player = secret.registrations.get().player
    tournament = upcoming(owner)
    entry = entries.sign_on(tournament, "Anna Huber", "Radstadt", "", "", "10.0.0.1")
    director.post(reverse("sign_on_take_in", args=["cup", entry.pk]), {"player": hidden_player.pk})
    assert not Registration.objects.filter(tournament=tournament).exists(), (
        "a player the director may not see is not registered"
    )


def test_check_in_is_one_tap(director, owner):
    tournament = upcoming(owner)
    entry = entries.sign_on(tournament, "Anna Huber", "Radstadt", "", "", "10.0.0.1")
    registration = entries.take_in(entry, None, owner)
    director.post(reverse("sign_on_check_in", args=["cup", entry.pk]))
    registration.refresh_from_db()
    assert registration.checked_in, "one tap checks the player in"


def test_the_director_sets_the_rules(director, owner):
    tournament = upcoming(owner)
    director.post(
        reverse("sign_ons", args=["cup"]),
        {"rules": "1", "open": "on", "closes_at": "2030-01-01T18:00", "capacity": "40"},
    )
    rules = SignOnRules.objects.get(tournament=tournament)
    assert rules.capacity == 40, "the capacity is saved"
    assert rules.closes_at is not None, "the closing time is saved"


def test_a_bad_closing_time_is_refused_and_changes_nothing(director, owner):
    tournament = upcoming(owner, capacity=10)
    response = director.post(
        reverse("sign_ons", args=["cup"]),
        {"rules": "1", "open": "on", "closes_at": "morgen", "capacity": "40"},
    )
    assert response.status_code == 400, "a bad time answers 400"
    assert SignOnRules.objects.get(tournament=tournament).capacity == 10, "nothing is saved"
