"""Every player page shows the player's public number: "Nr. 1234" in German, "No. 1234" in
English — the tournament's player page, the cup's, the registration list and the score cards."""

import pytest
from django.urls import reverse

from tarock_cup.tournaments.models import Player
from tests.cups.helpers import make_cup, played
from tests.factories import make_table, make_tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def anna(director):
    make_table(make_tournament(director))
    Player.objects.filter(name="Anna").update(number=1234)
    return Player.objects.get(name="Anna")


@pytest.mark.parametrize(
    "page",
    [
        lambda anna: reverse("player", args=["cup", anna.pk]),
        lambda anna: reverse("registrations", args=["cup"]),
        lambda anna: reverse("score_cards", args=["cup", 1]),
    ],
    ids=["tournament's player page", "registration list", "score cards"],
)
@pytest.mark.parametrize(("language", "label"), [("", "Nr. 1234"), ("/en", "No. 1234")])
def test_the_page_shows_the_players_number(director_client, anna, page, language, label):
    html = director_client.get(language + page(anna)).content.decode()
    assert label in html, f"the page should show “{label}”"


@pytest.mark.parametrize(("language", "label"), [("", "Nr. 4321"), ("/en", "No. 4321")])
def test_the_cups_player_page_shows_the_number(client, director, language, label):
    cup = make_cup(director, [played(director, "t1", {"Anna": 50, "Bert": 10})])
    Player.objects.filter(name="Anna").update(number=4321)
    anna = Player.objects.get(name="Anna")
    html = client.get(language + reverse("cup_player", args=[cup.slug, anna.pk])).content.decode()
    assert label in html, f"the cup's player page should show “{label}”"
