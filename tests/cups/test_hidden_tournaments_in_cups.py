"""A hidden tournament in someone else's cup shows nothing of itself to those who may not see
it: not on the cup page, a player's page or any download (issue 23, point 2)."""

import io
import json

import openpyxl
import pytest
from django.urls import reverse

from tarock_cup.tournaments.models import Player
from tests.cups.helpers import imported, make_cup, played

pytestmark = pytest.mark.django_db


@pytest.fixture
def cup(director, other_user):
    """A public cup of `director`, with a hidden tournament of `other_user` in it (entered by
    its director as one of the cup's organisers, or before a cup gathered only its own)."""
    own = played(director, "offen", {"Anna Offen": 50, "Bert Offen": 30})
    hidden = played(other_user, "geheim", {"Zora Geheim": 70, "Anna Offen": 10}, public=False)
    cup = make_cup(director, [own, hidden])
    cup.members.add(other_user, through_defaults={"role": "organiser"})
    return cup


def text_of(response):
    if response["Content-Type"].startswith("application/vnd.openxml"):
        book = openpyxl.load_workbook(io.BytesIO(b"".join(response.streaming_content)))
        cells = book.active.iter_rows(values_only=True)
        return " ".join(str(c) for row in cells for c in row if c is not None)
    return response.content.decode("utf-8-sig")


def page(client, name, cup):
    return text_of(client.get(reverse(name, args=[cup.slug])))


@pytest.mark.parametrize("name", ["cup", "cup_csv", "cup_xlsx", "cup_json"])
@pytest.mark.parametrize("who", ["visitor", "signed-in outsider"])
def test_a_hidden_tournaments_player_is_shown_to_no_one_who_cannot_see_it(
    client, django_user_model, cup, name, who
):
    # The cup's owner and members direct its tournaments (cups.CupMember): they see it all.
    if who == "signed-in outsider":
        client.force_login(django_user_model.objects.create_user("aussen", password="x"))
    assert "Zora" not in page(client, name, cup), f"{name} names no player of it to a {who}"


@pytest.mark.parametrize("name", ["cup", "cup_csv", "cup_xlsx", "cup_json"])
def test_a_hidden_tournaments_name_is_shown_to_no_one_who_cannot_see_it(client, cup, name):
    assert "Turnier geheim" not in page(client, name, cup), f"{name} leaves the tournament out"


def test_a_hidden_tournaments_points_count_for_no_one_who_cannot_see_it(client, cup):
    # Anna is 1st of the visible tournament (10) and 2nd of the hidden one (6 more).
    rows = [line.split(";") for line in page(client, "cup_csv", cup).splitlines()]
    anna = next(row for row in rows if row[1] == "Anna Offen")
    assert anna[3] == "10", "Anna's season points are her visible tournament's alone"


def test_the_season_json_holds_only_the_tournaments_the_visitor_may_see(client, cup):
    season = json.loads(page(client, "cup_json", cup))
    assert [t["id"] for t in season["tournaments"]] == ["offen"], "the hidden one is left out"


def test_a_hidden_tournaments_player_has_no_page_for_those_who_cannot_see_it(client, cup):
    zora = Player.objects.get(name="Zora Geheim")
    response = client.get(reverse("cup_player", args=[cup.slug, zora.pk]))
    assert response.status_code == 404, "her season is in a tournament the visitor cannot see"


def test_a_player_page_leaves_the_hidden_tournament_out(client, cup):
    anna = Player.objects.get(name="Anna Offen")
    html = client.get(reverse("cup_player", args=[cup.slug, anna.pk])).content.decode()
    assert "Turnier geheim" not in html, "Anna's line of the hidden tournament is left out"


def test_the_cup_page_says_that_a_tournament_is_left_out(client, cup):
    html = page(client, "cup", cup)
    assert "1 Turnier dieses Cups ist nicht öffentlich" in html, "visitors know why"


@pytest.mark.parametrize("name", ["cup", "cup_csv", "cup_xlsx", "cup_json"])
def test_the_hidden_tournaments_director_sees_it_in_the_cup(client, other_user, cup, name):
    client.force_login(other_user)
    assert "Zora" in page(client, name, cup), f"{name} shows it to whoever may see it"


def test_a_hidden_imported_ranking_has_no_page_for_those_who_cannot_see_it(client, other_user, cup):
    paper = imported(other_user, "papier", ["Zora Geheim"], day=2)
    paper.public = False
    paper.save()
    cup.entries.create(tournament=paper)
    response = client.get(reverse("cup_ranking", args=[cup.slug, "papier"]))
    assert response.status_code == 404, "its ranking page is as hidden as the tournament"
