"""Creating a tournament, its ruleset options, and registering players."""

import pytest
from django.urls import reverse

from tarock_cup.tournaments.models import Player, Registration, Tournament
from tests.factories import make_tournament

pytestmark = pytest.mark.django_db

BASE = {
    "name": "Tiroler Cup, 1. Turnier",
    "slug": "tirol-1",
    "date": "2026-11-28",
    "venue": "Innsbruck",
    "ruleset": "tirol_cup",
    "hands_four": "16",
    "hands_five": "20",
    "rounds_planned": "3",
    "public": "on",
    "tie_breakers": ["best_round", "lots"],
}


def test_a_logged_in_user_creates_a_tournament_and_owns_it(director_client, director):
    director_client.post(reverse("tournament_new"), BASE)
    tournament = Tournament.objects.get()
    assert (tournament.owner, tournament.ruleset, tournament.options) == (director, "tirol_cup", {})


def test_the_chosen_rulesets_options_are_stored(director_client):
    director_client.post(
        reverse("tournament_new"),
        {
            **BASE,
            "ruleset": "lungau",
            "opt_lungau_valat": "ramingstein",
            "opt_lungau_solorufer": "on",
            "opt_lungau_double_stakes": "on",
        },
    )
    assert Tournament.objects.get().options == {"valat": "ramingstein", "solorufer": True}


def test_a_tournament_needs_a_valid_ruleset(director_client):
    response = director_client.post(reverse("tournament_new"), {**BASE, "ruleset": "skat"})
    assert (Tournament.objects.count(), "ruleset" in response.context["form"].errors) == (0, True)


def test_anonymous_visitors_cannot_create_tournaments(client):
    client.post(reverse("tournament_new"), BASE)
    assert Tournament.objects.count() == 0


def test_registering_a_player_creates_and_checks_them_in(director_client, director):
    make_tournament(director, players=0)
    director_client.post(
        reverse("registrations", args=["cup"]),
        {
            "add": "1",
            "new-name": "Maria Huber",
            "new-club": "Radstadt",
            "reg-TOTAL_FORMS": "0",
            "reg-INITIAL_FORMS": "0",
        },
    )
    reg = Registration.objects.get()
    assert (reg.player.name, reg.player.club, reg.checked_in) == ("Maria Huber", "Radstadt", True)


def test_a_known_player_is_reused_for_a_second_tournament(director_client, director):
    maria = Player.objects.create(name="Maria Huber", club="Radstadt")
    make_tournament(director, players=0)
    director_client.post(reverse("registrations", args=["cup"]), {"pick": str(maria.pk)})
    assert (Player.objects.count(), Registration.objects.get().player) == (1, maria)


def test_an_empty_name_is_refused(director_client, director):
    make_tournament(director, players=0)
    response = director_client.post(
        reverse("registrations", args=["cup"]), {"add": "1", "new-name": "   "}
    )
    assert (Player.objects.count(), "name" in response.context["player_form"].errors) == (0, True)


def test_withdrawing_a_player_is_saved(director_client, director):
    tournament = make_tournament(director, players=4)
    regs = list(tournament.registrations.order_by("pk"))
    data = {"save": "1", "reg-TOTAL_FORMS": "4", "reg-INITIAL_FORMS": "4"}
    for i, reg in enumerate(regs):
        data[f"reg-{i}-id"] = str(reg.pk)
        data[f"reg-{i}-checked_in"] = "on"
    data["reg-0-withdrawn"] = "on"
    director_client.post(reverse("registrations", args=["cup"]), data)
    assert list(Registration.objects.filter(withdrawn=True).values_list("pk", flat=True)) == [
        regs[0].pk
    ]


def test_an_absurd_number_of_hands_is_refused(director_client):
    response = director_client.post(reverse("tournament_new"), {**BASE, "hands_four": "99999"})
    assert (Tournament.objects.count(), "hands_four" in response.context["form"].errors) == (
        0,
        True,
    )
