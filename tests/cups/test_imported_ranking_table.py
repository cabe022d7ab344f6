"""An imported final ranking is one table, written once: on the tournament's page and on the
cup's ranking page, the latter linking each player to their page in the cup."""

import re

import pytest
from django.urls import reverse

from tests.cups.helpers import imported, make_cup

pytestmark = pytest.mark.django_db

NAMES = ["Anna Huber", "Bert Moser", "Cilli Egger"]


@pytest.fixture
def cup(director):
    tournament = imported(director, "papier", NAMES, scores=[120, 80, 40])
    return make_cup(director, [tournament])


def tournament_page(client, cup):
    return client.get(reverse("tournament", args=["papier"]))


def cup_ranking_page(client, cup):
    return client.get(reverse("cup_ranking", args=[cup.slug, "papier"]))


PAGES = [tournament_page, cup_ranking_page]


def rows(response):
    """Return the ranking's rows as the cells' text, without links."""
    body = re.search(r"<tbody>(.*?)</tbody>", response.content.decode(), re.S).group(1)
    return [
        [re.sub(r"<[^>]+>", "", cell) for cell in re.findall(r"<td[^>]*>(.*?)</td>", row)]
        for row in re.findall(r"<tr>(.*?)</tr>", body)
    ]


@pytest.mark.parametrize("page", PAGES)
def test_the_page_shows_the_ranking_by_the_one_table_template(director_client, cup, page):
    names = [t.name for t in page(director_client, cup).templates]
    assert "cups/_imported_ranking.html" in names


def test_both_pages_show_the_same_rows(director_client, cup):
    assert rows(tournament_page(director_client, cup)) == rows(
        cup_ranking_page(director_client, cup)
    )


@pytest.mark.parametrize(("page", "links"), [(tournament_page, 0), (cup_ranking_page, 3)])
def test_only_the_cups_page_links_the_players_to_the_cup(director_client, cup, page, links):
    html = page(director_client, cup).content.decode()
    assert len(re.findall(rf'<td class="player"><a href="[^"]*/{cup.slug}/[^"]*">', html)) == links
