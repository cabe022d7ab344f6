"""The demo cup `load_demo` creates: the demo tournament counting in a season."""

import io

import pytest
from django.core.management import call_command
from django.urls import reverse

from tarock_cup.cups.demo import DEMO_CUP_SLUG
from tarock_cup.cups.models import Cup, CupTournament
from tarock_cup.tournaments.models import Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def loaded():
    call_command("load_demo", stdout=io.StringIO())


def test_the_demo_cup_holds_the_demo_tournament(loaded):
    entry = CupTournament.objects.get(cup__slug=DEMO_CUP_SLUG)
    assert entry.tournament.slug == "demo", "the demo tournament counts in the demo cup"


def test_the_demo_cups_season_table_lists_the_demo_players(loaded, client):
    page = client.get(reverse("cup", args=[DEMO_CUP_SLUG])).content.decode()
    first = Tournament.objects.get(slug="demo").registrations.first().player.name
    assert first in page, "a player of the demo tournament stands in the season table"


def test_loading_twice_makes_one_demo_cup(loaded):
    call_command("load_demo", stdout=io.StringIO())
    assert Cup.objects.filter(slug=DEMO_CUP_SLUG).count() == 1, "one demo cup"


def test_the_command_prints_the_demo_cups_address():
    out = io.StringIO()
    call_command("load_demo", stdout=out)
    assert "http://127.0.0.1:8000/cups/demo-cup/" in out.getvalue()


def test_a_demo_slug_taken_by_someone_else_gets_no_demo_cup(django_user_model):
    owner = django_user_model.objects.create_user("someone")
    Tournament.objects.create(name="Mine", slug="demo", date="2026-01-01", owner=owner)
    call_command("load_demo", stdout=io.StringIO())
    assert not Cup.objects.exists(), "someone else's tournament is not put into a cup"
