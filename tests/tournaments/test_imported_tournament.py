"""A tournament whose final ranking was imported into a cup reads as that ranking: nothing is
drawn, registered or entered in it here."""

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse
from django.utils import translation

from tarock_cup.tournaments.models import Change, Registration, Round
from tests.cups.helpers import imported, make_cup, played

pytestmark = pytest.mark.django_db

NOTE = {"de": "Rangliste importiert (ohne Spiele)", "en": "Ranking imported (no hands)"}
REFUSAL = {"de": "keine Runden ausgelost", "en": "no rounds are drawn"}


@pytest.fixture
def paper(director):
    tournament = imported(director, "papier", ["Anna Huber", "Bert Moser"], scores=[120, 80])
    make_cup(director, [tournament])
    return tournament


def page(client, language, name="tournament", args=("papier",)):
    with translation.override(language):
        return client.get(reverse(name, args=args)).content.decode()


@pytest.mark.parametrize("language", ["de", "en"])
def test_its_page_says_the_ranking_was_imported(client, paper, language):
    assert NOTE[language] in page(client, language), "the note"


@pytest.mark.parametrize(
    "shown",
    [
        '<td class="num rank">1</td><td class="player">Anna Huber</td>',
        '<td class="club">Innsbruck',
        "120",
    ],
)
def test_its_page_shows_the_imported_ranking(client, paper, shown):
    assert shown in page(client, "de"), "rank, player, club and score"


def cup_link():
    with translation.override("de"):
        return f'href="{reverse("cup", args=["tirol"])}"'


def test_its_page_links_the_cup(client, paper):
    assert cup_link() in page(client, "de"), "the cup"


def test_its_page_hides_a_hidden_cup_from_the_public(client, director, paper):
    paper.cups.update(public=False)
    assert cup_link() not in page(client, "de"), "no link to a hidden cup"


@pytest.mark.parametrize("button", ['id="draw-round"', "/t/papier/players/"])
def test_its_page_offers_its_director_no_draw_and_no_players(director_client, paper, button):
    assert button not in page(director_client, "de"), "nothing to draw or register"


def test_a_played_tournament_still_offers_its_director_the_draw(director_client, director):
    played(director, "zirl", {"Anna": 1, "Bert": 0}, finished=False)
    assert 'id="draw-round"' in page(director_client, "de", args=("zirl",)), "the draw"


REFUSED = [
    ("post", "round_draw", ("papier",), {}),
    ("get", "registrations", ("papier",), {}),
    ("post", "registrations", ("papier",), {"add": "1", "new-name": "Cilli", "new-club": ""}),
    ("get", "players_import", ("papier",), {}),
    ("post", "table", ("papier", 1, 1), {}),
    ("get", "table_paper", ("papier", 1, 1), {}),
]


@pytest.mark.parametrize(("method", "name", "args", "data"), REFUSED)
@pytest.mark.parametrize("language", ["de", "en"])
def test_playing_it_is_refused_with_a_message(
    director_client, paper, method, name, args, data, language
):
    with translation.override(language):
        url = reverse(name, args=args)
    response = getattr(director_client, method)(url, data, follow=True)
    assert REFUSAL[language] in response.content.decode(), "the reason is said"


@pytest.mark.parametrize(("method", "name", "args", "data"), REFUSED)
def test_a_refused_action_changes_nothing(director_client, paper, method, name, args, data):
    getattr(director_client, method)(reverse(name, args=args), data)
    changed = (
        Round.objects.exists(),
        Registration.objects.exists(),
        Change.objects.exists(),
    )
    assert changed == (False, False, False), "no round, registration or history"


def test_a_player_list_for_it_is_refused(director_client, paper):
    file = SimpleUploadedFile("liste.csv", b"Name;Verein\nCilli;Hall\n")
    director_client.post(reverse("players_import", args=["papier"]), {"file": file})
    assert not Registration.objects.exists(), "nobody registered"


@pytest.mark.parametrize("language", ["de", "en"])
def test_the_public_list_marks_it(paper, language):
    assert NOTE[language] in page(Client(), language, "home", ()), "marked in the list"


def test_the_public_list_does_not_mark_a_played_tournament(director):
    played(director, "zirl", {"Anna": 1, "Bert": 0})
    assert NOTE["de"] not in page(Client(), "de", "home", ()), "a played one is not marked"


def test_its_standings_lead_to_the_imported_ranking(client, paper):
    response = client.get(reverse("standings", args=["papier"]))
    assert response.url == reverse("tournament", args=["papier"]), "no empty standings"


def test_its_projector_page_leads_to_the_imported_ranking(client, paper):
    response = client.get(reverse("projector", args=["papier"]))
    assert response.url == reverse("tournament", args=["papier"]), "no empty projector"
