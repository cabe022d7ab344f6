"""Registering from the register: a found player is registered as they are, a new one only after
its look-alikes are declined; a director who does not keep a record swaps the registration to
another player instead of changing the record; a refused request changes nothing."""

import pytest
from django.urls import reverse

from tarock_cup.tournaments.models import Change, Player, Registration, Tournament
from tarock_cup.tournaments.players import find_or_create_player
from tests.factories import make_table, make_tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def cup(director):
    return make_tournament(director, players=0)


@pytest.fixture
def elsewhere(other_user):
    """A public tournament of another organiser: its players are kept by that organiser."""
    return make_tournament(other_user, slug="elsewhere", players=4)


def theirs(name="Anna"):
    return Player.objects.get(name=name)


def record(player):
    player.refresh_from_db()
    return (player.name, player.club, player.number, player.home_organiser_id)


def pick(client, player, slug="cup"):
    return client.post(reverse("registrations", args=[slug]), {"pick": str(player.pk)})


def add(client, name, club="", number="", **extra):
    data = {"add": "1", "new-name": name, "new-club": club, "new-number": str(number)}
    return client.post(reverse("registrations", args=["cup"]), data | extra)


def state():
    return (
        list(Player.objects.order_by("pk").values_list("name", "club", "number")),
        list(Registration.objects.order_by("pk").values_list("tournament_id", "player_id")),
        Change.objects.count(),
    )


def test_a_found_player_is_registered(director_client, cup, elsewhere):
    pick(director_client, theirs())
    assert list(cup.registrations.values_list("player__name", flat=True)) == ["Anna"], (
        "the player picked from the matches should be registered"
    )


def test_registering_a_found_player_leaves_their_record_alone(director_client, cup, elsewhere):
    anna = theirs()
    before = record(anna)
    pick(director_client, anna)
    assert record(anna) == before, "registering should never change the player's record"


def test_registering_is_recorded_in_the_history(director_client, cup, elsewhere):
    pick(director_client, theirs())
    change = Change.objects.get(kind=Change.Kind.REGISTRATION)
    assert (change.action, change.tournament_id) == (Change.Action.CREATE, cup.pk), (
        "the registration should be recorded as created in this tournament"
    )


def test_a_player_of_a_hidden_tournament_cannot_be_registered(director_client, cup, other_user):
    make_tournament(other_user, slug="secret", public=False, players=1)
    before = state()
    pick(director_client, theirs())
    assert state() == before, "a player the director may not see should not be registered"


@pytest.mark.parametrize("value", ["", "abc", "999999", "-1", "1" * 40])
def test_a_picked_id_that_names_nobody_changes_nothing(director_client, cup, value):
    before = state()
    response = director_client.post(reverse("registrations", args=["cup"]), {"pick": value})
    assert (response.status_code, state()) == (302, before), (
        "an id naming nobody should be refused with a message, changing nothing"
    )


def test_a_new_player_is_created_and_registered(director_client, cup):
    add(director_client, "Leopold Neuhauser", "Radstadt")
    assert list(cup.registrations.values_list("player__name", "player__club")) == [
        ("Leopold Neuhauser", "Radstadt")
    ], "a name nobody has should be created and registered at once"


def test_a_look_alike_is_shown_before_a_new_player_is_created(director_client, cup, elsewhere):
    before = state()
    response = add(director_client, "anna", "Wien")
    offered = [row.player.name for row in response.context["alikes"]]
    assert (offered, state()) == (["Anna"], before), (
        "a name the register has should be offered, and nothing created before confirming"
    )


def test_a_different_person_with_the_same_name_is_created_when_confirmed(
    director_client, cup, elsewhere
):
    add(director_client, "Anna", "Wien", different="1")
    assert list(cup.registrations.values_list("player__club", flat=True)) == ["Wien"], (
        "after confirming a different person, a new Anna from Wien should be registered"
    )


def test_a_new_player_with_a_hidden_players_number_is_refused_without_naming_them(
    director_client, cup, other_user
):
    secret = make_tournament(other_user, slug="secret", public=False, players=1)
    hidden = secret.registrations.get().player
    response = add(director_client, "Xaver", "", hidden.number)
    errors = str(response.context["player_form"].errors)
    assert ("taken" in errors or "vergeben" in errors, hidden.name in errors) == (True, False), (
        "the number should be refused without telling whose it is"
    )


def kept_elsewhere(director, elsewhere):
    """Return a registration in the director's cup of a player another organiser keeps."""
    return pick_registration(director, theirs())


def pick_registration(director, player):
    tournament = Tournament.objects.get(slug="cup", owner=director)
    return Registration.objects.create(tournament=tournament, player=player)


def edit_url(registration):
    return reverse("registration_edit", args=["cup", registration.pk])


def test_the_page_says_who_keeps_the_record(director_client, director, cup, elsewhere):
    registration = kept_elsewhere(director, elsewhere)
    page = director_client.get(edit_url(registration)).content.decode()
    assert "fremd" in page, "the page should name the organiser who keeps the record"


def test_a_non_keeper_cannot_change_the_record(director_client, director, cup, elsewhere):
    registration = kept_elsewhere(director, elsewhere)
    before = state()
    response = director_client.post(
        edit_url(registration), {"name": "Anna Renamed", "club": "Wien", "number": "5"}
    )
    assert (response.status_code, state()) == (403, before), (
        "a director who does not keep the record should be refused and change nothing"
    )


def test_a_keeper_still_corrects_the_record(director_client, director, cup):
    registration = pick_registration(director, Player.objects.create(name="Anna", club="X"))
    director_client.post(edit_url(registration), {"name": "Anna Huber", "club": "X"})
    assert record(registration.player)[0] == "Anna Huber", "the keeper's correction is saved"


def test_a_registration_is_swapped_to_another_found_player(
    director_client, director, cup, elsewhere
):
    registration = kept_elsewhere(director, elsewhere)
    bert = theirs("Bert")
    director_client.post(edit_url(registration), {"swap": str(bert.pk)})
    registration.refresh_from_db()
    assert registration.player == bert, "the registration should now name Bert"


def test_a_swap_is_recorded_as_the_registrations_update(director_client, director, cup, elsewhere):
    registration = kept_elsewhere(director, elsewhere)
    director_client.post(edit_url(registration), {"swap": str(theirs("Bert").pk)})
    change = Change.objects.get(kind=Change.Kind.REGISTRATION, action=Change.Action.UPDATE)
    assert (change.before["name"], change.after["name"]) == ("Anna", "Bert"), (
        "the history should keep whom the registration named before and after"
    )


def test_a_swap_leaves_both_records_alone(director_client, director, cup, elsewhere):
    registration = kept_elsewhere(director, elsewhere)
    anna, bert = theirs(), theirs("Bert")
    before = (record(anna), record(bert))
    director_client.post(edit_url(registration), {"swap": str(bert.pk)})
    assert (record(anna), record(bert)) == before, "a swap should change neither record"


def test_a_registration_is_swapped_to_a_new_player(director_client, director, cup, elsewhere):
    registration = kept_elsewhere(director, elsewhere)
    director_client.post(edit_url(registration), {"add": "1", "new-name": "Annemarie Rot"})
    registration.refresh_from_db()
    assert registration.player.name == "Annemarie Rot", "the new player should be registered"


def test_a_seated_players_registration_is_not_swapped(director_client, director, elsewhere):
    tournament = make_tournament(director, players=0)
    for name in ["Anna", "Bert", "Cilli", "Dora"]:
        pick_registration(director, theirs(name))
    make_table(tournament)
    registration = tournament.registrations.get(player__name="Anna")
    extra = Player.objects.create(name="Erich", club="")
    before = state()
    director_client.post(edit_url(registration), {"swap": str(extra.pk)})
    assert state() == before, "a player seated in a round keeps their registration"


def test_a_swap_to_a_hidden_player_changes_nothing(
    director_client, director, cup, elsewhere, other_user
):
    registration = kept_elsewhere(director, elsewhere)
    secret = make_tournament(other_user, slug="secret", public=False, players=5)
    hidden = secret.registrations.get(player__name="Erich").player
    before = state()
    director_client.post(edit_url(registration), {"swap": str(hidden.pk)})
    assert state() == before, "a player the director may not see should not be swapped in"


@pytest.mark.parametrize(("keeps", "number"), [(False, 100_000_000), (True, 7)])
def test_a_found_players_number_is_set_only_where_the_caller_keeps_the_record(cup, keeps, number):
    anna = Player.objects.create(name="Anna Huber", club="Radstadt", number=100_000_000)
    find_or_create_player("Anna Huber", "Radstadt", 7, may_change=lambda player: keeps)
    anna.refresh_from_db()
    assert anna.number == number, "the number should change only for the record's keeper"
