"""The player import offers the alike players for each row that names nobody exactly, and the
director says who each one is: an offered player (registered as is) or a new one."""

import pytest

from tarock_cup.tournaments.models import Player, Registration
from tests.factories import make_tournament
from tests.imports.test_players_import import confirm, csv_file, preview, state, upload

pytestmark = pytest.mark.django_db

PICHLR = "Name;Verein\nFranz Pichlr;Schwaz\n"


@pytest.fixture
def tournament(director):
    return make_tournament(director, players=2)


@pytest.fixture
def pichler():
    return Player.objects.create(name="Franz Pichler", club="Schwaz")


def test_a_misspelt_row_is_offered_the_alike_player(director_client, tournament, pichler):
    row = preview(director_client, csv_file(PICHLR)).choose[0]
    assert [offer.player for offer in row.offers] == [pichler], "Franz Pichler is offered"


def test_the_preview_names_the_offer_with_number_and_evidence(director_client, tournament, pichler):
    html = upload(director_client, csv_file(PICHLR)).content.decode()
    shown = f'Franz Pichler (Schwaz), No. {pichler.number} <small class="muted">(same club'
    assert shown in html, "the offer shows name, club, number and why"


def test_a_different_name_is_offered_nobody(director_client, tournament, pichler):
    the_plan = preview(director_client, csv_file("Name;Verein\nKarl Steiner;Schwaz\n"))
    assert [row.name for row in the_plan.new] == ["Karl Steiner"], "a new player, no question"


def test_an_exact_match_is_taken_without_asking(director_client, tournament, pichler):
    the_plan = preview(director_client, csv_file("Name;Verein\nfranz  pichler;Schwaz\n"))
    assert [row.player for row in the_plan.register] == [pichler], "the same name and club"


def test_choosing_the_offer_registers_the_existing_player(director_client, tournament, pichler):
    preview(director_client, csv_file(PICHLR))
    confirm(director_client, **{"choice-2": str(pichler.pk)})
    assert Registration.objects.filter(tournament=tournament, player=pichler).exists(), (
        "Franz Pichler is registered"
    )


def test_choosing_the_offer_creates_nobody_and_changes_no_record(
    director_client, tournament, pichler
):
    preview(director_client, csv_file("Name;Verein;Nr.\nFranz Pichlr;Schwatz;4711\n"))
    players_before = sorted(Player.objects.values_list("pk", "name", "club", "number"))
    confirm(director_client, **{"choice-2": str(pichler.pk)})
    players_after = sorted(Player.objects.values_list("pk", "name", "club", "number"))
    assert players_after == players_before, "no new player, and Pichler's record is unchanged"


def test_choosing_new_creates_a_player(director_client, tournament, pichler):
    preview(director_client, csv_file(PICHLR))
    confirm(director_client, **{"choice-2": "new"})
    assert Registration.objects.filter(player__name="Franz Pichlr").exists(), "a new player"


def test_without_a_choice_nothing_is_imported(director_client, tournament, pichler):
    preview(director_client, csv_file("Name;Verein\nFranz Pichlr;Schwaz\nCilli Egger;Hall\n"))
    before = state()
    response = confirm(director_client)
    assert (response.status_code, state()) == (400, before), "refused, nothing registered"


def test_a_missing_choice_is_named_in_the_message(director_client, tournament, pichler):
    preview(director_client, csv_file(PICHLR))
    html = confirm(director_client).content.decode()
    assert "Choose who Franz Pichlr (row 2) is" in html, "the message names the row"


def test_a_player_not_offered_is_refused(director_client, tournament, pichler):
    stranger = Player.objects.create(name="Karl Steiner", club="Lienz")
    preview(director_client, csv_file(PICHLR))
    before = state()
    response = confirm(director_client, **{"choice-2": str(stranger.pk)})
    assert (response.status_code, state()) == (400, before), "a tampered choice changes nothing"


def test_a_hidden_player_is_neither_offered_nor_taken(
    director_client, other_user, tournament, pichler
):
    hidden = make_tournament(other_user, public=False, slug="geheim", players=0)
    secret = Player.objects.create(name="Franz Pichler", club="Wörgl")
    Registration.objects.create(tournament=hidden, player=secret)
    preview(director_client, csv_file(PICHLR))
    before = state()
    response = confirm(director_client, **{"choice-2": str(secret.pk)})
    assert (response.status_code, state()) == (400, before), "a hidden player is refused"


def test_one_player_chosen_for_two_rows_is_refused(director_client, tournament, pichler):
    preview(director_client, csv_file("Name;Verein\nFranz Pichlr;Schwaz\nFranz Pichla;Schwaz\n"))
    before = state()
    choices = {"choice-2": str(pichler.pk), "choice-3": str(pichler.pk)}
    response = confirm(director_client, **choices)
    assert (response.status_code, state()) == (400, before), "one person, one row"


def test_a_refused_choice_shows_the_preview_with_the_choices_kept(
    director_client, tournament, pichler
):
    preview(director_client, csv_file("Name;Verein\nFranz Pichlr;Schwaz\nFranz Pichla;Schwaz\n"))
    choices = {"choice-2": str(pichler.pk), "choice-3": str(pichler.pk)}
    response = confirm(director_client, **choices)
    kept = [selected for _row, selected in response.context["choose"]]
    assert kept == [str(pichler.pk)] * 2, "the choices sent are shown again"


def test_the_same_name_in_another_order_starts_chosen(director_client, tournament, pichler):
    response = upload(director_client, csv_file("Name;Verein\nPichler, Franz;Schwaz\n"))
    assert response.context["choose"][0][1] == str(pichler.pk), "a sure offer is preselected"


def test_a_typo_starts_without_a_choice(director_client, tournament, pichler):
    response = upload(director_client, csv_file(PICHLR))
    assert response.context["choose"][0][1] == "", "the director decides a doubtful row"


def test_a_player_added_since_the_preview_shows_the_preview_again(
    director_client, tournament, pichler
):
    preview(director_client, csv_file(PICHLR))
    Player.objects.create(name="Franz Pichler", club="Wörgl")
    before = state()
    confirm(director_client, **{"choice-2": str(pichler.pk)})
    assert state() == before, "a new offer means the director looks again"
