"""A register correction (a renamed player) is shown at once by every public page showing the
player: the tournaments' versions rise, so an old ETag is no longer current and no shared copy
of the old name is served."""

import pytest
from django.urls import reverse

from tarock_cup.register import records
from tarock_cup.tournaments import sheets
from tarock_cup.tournaments.models import Player, Registration
from tests.cups.helpers import make_cup
from tests.factories import make_table, make_tournament
from tests.national import world

pytestmark = pytest.mark.django_db

RUFER = {"contract": "rufer", "declarer": 1, "partner": 2, "points": "40"}

# The public pages and answers that show the tournament's players, and whether they name them.
PAGES = [
    ("tournament", ["open"]),
    ("standings", ["open"]),
    ("round_standings", ["open", 1]),
    ("projector", ["open"]),
    ("cup", ["tirol"]),
    ("cup_hall_of_fame", ["tirol"]),
    ("api_standings", ["open"]),
    ("api_season", ["tirol"]),
]


@pytest.fixture
def huber(django_user_model):
    """A public tournament in a public cup, Anna Huber at its one table with a hand saved."""
    director = django_user_model.objects.create_user("director", password="pw-123456")
    organiser = django_user_model.objects.create_user("organiser", password="pw-123456")
    tournament = make_tournament(director, slug="open", players=3)
    player = Player.objects.create(name="Anna Huber", club="Zirl")
    Registration.objects.create(tournament=tournament, player=player, checked_in=True)
    sheets.save_hand(make_table(tournament), RUFER)
    make_cup(organiser, [tournament], slug="tirol")
    return player


@pytest.mark.parametrize(("name", "args"), PAGES, ids=[name for name, _ in PAGES])
def test_a_renamed_player_is_shown_by_the_new_name_at_the_next_poll(client, huber, name, args):
    url = reverse(name, args=args)
    before = client.get(url)
    assert before.status_code == 200, f"{name} should be shown, not {before.status_code}"
    named = "Anna Huber" in before.content.decode()
    records.correct_record(huber, "Anna Neuhuber", "Zirl", None)
    after = client.get(url, HTTP_IF_NONE_MATCH=before.get("ETag", '"none"'))
    assert after.status_code == 200, f"{name}: the old ETag should no longer be current"
    if named:
        assert "Anna Neuhuber" in after.content.decode(), f"{name} should show the new name"


def test_the_shared_standings_copy_shows_the_new_name(client, huber):
    url = reverse("standings", args=["open"])
    client.get(url)
    records.correct_record(huber, "Anna Neuhuber", "Zirl", None)
    assert "Anna Neuhuber" in client.get(url).content.decode(), (
        "the shared standings copy should be made anew with the new name"
    )


@pytest.mark.parametrize("name", ["national_final", "national_projector"])
def test_the_national_ranking_shows_a_renamed_player_at_the_next_poll(
    client, django_user_model, name
):
    world.build(django_user_model)
    url = reverse(name, args=["oef"])
    before = client.get(url)
    shown = [p for p in Player.objects.order_by("pk") if p.name in before.content.decode()]
    assert shown, f"the {name} page should name a player of the world"
    records.correct_record(shown[0], "Zacharias Neuname", shown[0].club, None)
    after = client.get(url, HTTP_IF_NONE_MATCH=before["ETag"])
    assert after.status_code == 200, f"{name}: the old ETag should no longer be current"
    assert "Zacharias Neuname" in after.content.decode(), f"{name} should show the new name"
