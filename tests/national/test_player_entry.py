"""A player's national entry: the public function and the include on the register's page."""

import pytest
from django.urls import reverse

from tarock_cup.national.ranking import national_entries
from tarock_cup.tournaments.models import Player
from tests.national import world

pytestmark = pytest.mark.django_db


def test_a_players_entries_give_rank_and_total(django_user_model):
    world.build(django_user_model)
    entries = national_entries(Player.objects.get(name="Cilli"))
    assert [(final.slug, s.rank, s.total) for final, s in entries] == [("oef", 2, 160)], (
        "Cilli: second with 160"
    )


def test_a_player_in_no_final_has_no_entries(django_user_model):
    world.build(django_user_model)
    stranger = Player.objects.create(name="Zoe")
    assert national_entries(stranger) == [], "Zoe played nowhere"


def test_the_register_page_shows_the_national_entry(client, django_user_model):
    users = world.build(django_user_model)
    client.force_login(users["cup_organiser"])  # the record is for those who meet the player
    page = client.get(reverse("register_player", args=[world.number("Cilli")])).content.decode()
    assert 'id="national-entry"' in page, "the national entry is on Cilli's record page"
