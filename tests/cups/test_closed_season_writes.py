"""A closed season's ranking is final: what counts in it (its tournaments, imported rankings and
their rows, the cup's points rules) changes only after one of its organisers reopens it. A
deputy, who may not reopen it, cannot change it through the cup's other pages either."""

import pytest
from django.contrib.messages import get_messages
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from django.utils import timezone

from tarock_cup.cups.models import Cup, CupTournament, ImportedPlace
from tarock_cup.tournaments.models import Tournament
from tests.cups import people_world as world

pytestmark = pytest.mark.django_db

CHANGERS = ["deputy", "organiser", "owner", "superuser"]
GOOD = "Platz;Name;Verein;Punkte\n1;Cilli Egger;Wattens;120\n2;Dora Ried;Hall;80\n"


@pytest.fixture
def users(django_user_model):
    users = world.build(django_user_model)
    Cup.objects.filter(slug="tirol").update(season_closed_at=timezone.now())
    return users


def season():
    """What the closed season's ranking is made of."""
    cup = Cup.objects.get(slug="tirol")
    return (
        cup.points,
        cup.best,
        cup.qualify,
        list(CupTournament.objects.filter(cup=cup).order_by("pk").values_list("tournament_id")),
        list(ImportedPlace.objects.order_by("pk").values_list("rank", "player_id", "score")),
        Tournament.objects.count(),
    )


def papier_place():
    return ImportedPlace.objects.filter(ranking__tournament__slug="papier").order_by("rank")[1]


def writes():
    upload = SimpleUploadedFile("rangliste.csv", GOOD.encode())
    return {
        "import a ranking": (
            reverse("cup_ranking_import", args=["tirol"]),
            {"name": "Papierturnier Hall", "date": "2026-10-03", "file": upload},
        ),
        "remove an imported ranking": (
            reverse("cup_ranking_remove", args=["tirol", "papier"]),
            {},
        ),
        "add a row": (
            reverse("cup_ranking_edit", args=["tirol", "papier"]),
            {"rank": "1", "player": "Egon Neu", "new": "on"},
        ),
        "correct a row": (
            reverse("cup_ranking_place_edit", args=["tirol", "papier", papier_place().pk]),
            {"rank": "1", "player": "Bert"},
        ),
        "remove a row": (
            reverse("cup_ranking_place_remove", args=["tirol", "papier", papier_place().pk]),
            {},
        ),
        "take a tournament out": (
            reverse("cup_edit", args=["tirol"]),
            world.settings_form(tournaments=[world.papier_pk()]),
        ),
    }


ACTIONS = [
    "import a ranking",
    "remove an imported ranking",
    "add a row",
    "correct a row",
    "remove a row",
    "take a tournament out",
]


@pytest.mark.parametrize("action", ACTIONS)
@pytest.mark.parametrize("role", CHANGERS)
def test_a_closed_seasons_ranking_is_not_changed(client, users, role, action):
    url, data = writes()[action]
    before = season()
    response = world.client_for(client, users, role).post(url, data)
    assert season() == before, f"{role} changes nothing of a closed season ({action})"
    said = [str(m) for m in get_messages(response.wsgi_request)]
    page = response.content.decode() if response.status_code != 302 else ""
    assert any("closed" in s or "geschlossen" in s for s in [*said, page]), (
        f"{role} is told the season is closed ({action})"
    )


@pytest.mark.parametrize("role", ["organiser", "owner"])
def test_an_organiser_still_renames_a_closed_seasons_cup(client, users, role):
    world.client_for(client, users, role).post(
        reverse("cup_edit", args=["tirol"]), world.settings_form(name="Tiroler Cup 2026")
    )
    assert Cup.objects.get(slug="tirol").name == "Tiroler Cup 2026", (
        "A change that does not touch the ranking is saved while the season is closed"
    )


def test_after_reopening_a_ranking_row_is_corrected_again(client, users):
    Cup.objects.filter(slug="tirol").update(season_closed_at=None)
    url, data = writes()["remove a row"]
    before = ImportedPlace.objects.count()
    world.client_for(client, users, "organiser").post(url, data)
    assert ImportedPlace.objects.count() == before - 1, "An open season's row is removed"
