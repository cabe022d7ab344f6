"""In Chromium: the season table of 15 players and 8 tournaments prints on one A4 page, with
the tournaments' names heading their columns; the cup and a player's page on a phone."""

import re

import pytest

from tarock_cup.tournaments.models import Player, Tournament
from tests.browser.a11y import page_width
from tests.browser.conftest import screenshot
from tests.cups.helpers import make_cup, played

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NAMES = [
    "Anna Huber",
    "Bert Moser",
    "Cilli Egger",
    "Dora Maximilian-Schwarzenbacher",
    "Emil Gruber",
    "Fritz Hofer",
    "Gerti Wallner",
    "Hans Pichler",
    "Ida Steiner",
    "Josef Mayrhofer",
    "Karl Obermüller",
    "Lotte Brandstätter",
    "Max Lechner",
    "Nina Auer",
    "Otto Fuchs",
]
TOURNAMENTS = [
    "Zirler Marathon",
    "Haller Herbstturnier",
    "Wattener Tarockabend",
    "Innsbrucker Stadtmeisterschaft",
    "Schwazer Knappenturnier",
    "Kufsteiner Festungsturnier",
    "Telfer Frühjahrsturnier",
    "Cupfinale Igls",
]
# A4 landscape inside the print stylesheet's 10 mm margins, in CSS pixels (96 to the inch)
A4_LANDSCAPE_WIDTH = round(277 / 25.4 * 96)


def pages(pdf: bytes) -> int:
    """Return the number of pages of a PDF as Chromium writes it (one page object each)."""
    return len(re.findall(rb"/Type\s*/Page\b", pdf))


@pytest.fixture
def cup(director):
    days = []
    for i, name in enumerate(TOURNAMENTS):
        field = NAMES[i:] + NAMES[:i]
        day = played(
            director, f"t{i}", {n: 200 - 10 * k for k, n in enumerate(field)}, day=1 + 3 * i
        )
        Tournament.objects.filter(pk=day.pk).update(name=name)
        days.append(day)
    return make_cup(
        director,
        days[:-1],
        final=days[-1],
        best=5,
        final_factor=2,
        qualify=8,
        points={"method": "power", "max": 200, "exponent": 3},
    )


@pytest.mark.parametrize(
    ("paper", "options"),
    [
        ("as the page asks: A4 landscape", {"prefer_css_page_size": True}),
        ("A4 upright", {"format": "A4"}),
    ],
)
def test_a_season_of_15_players_and_8_tournaments_prints_on_one_page(
    page, live_server, cup, paper, options
):
    page.goto(live_server.url + "/cups/tirol/")
    assert pages(page.pdf(**options)) == 1, f"the season table prints on one page ({paper})"


def test_the_printed_table_is_whole_on_the_paper(page, live_server, cup):
    page.set_viewport_size({"width": A4_LANDSCAPE_WIDTH, "height": 700})
    page.goto(live_server.url + "/cups/tirol/")
    page.emulate_media(media="print")
    right = page.evaluate("document.querySelector('table.season').getBoundingClientRect().right")
    screenshot(page, "cup-season-print")
    assert right <= A4_LANDSCAPE_WIDTH, "no column of the table runs off the paper"


def test_the_tournaments_names_head_their_columns(page, live_server, cup):
    page.goto(live_server.url + "/cups/tirol/")
    screenshot(page, "cup-season-names-1280")
    heads = page.locator("table.season th.tournament .name").all_inner_texts()
    assert heads == TOURNAMENTS, "each tournament's column is headed by its name"


def test_the_cup_page_with_its_rules_fits_a_phone(phone, live_server, cup):
    phone.goto(live_server.url + "/cups/tirol/")
    screenshot(phone, "cup-season-rules-390")
    assert page_width(phone) <= 390, "the cup's page does not scroll sideways on a phone"


def test_a_players_season_page_fits_a_phone(phone, live_server, cup):
    anna = Player.objects.get(name="Anna Huber")
    phone.goto(live_server.url + f"/cups/tirol/player/{anna.pk}/")
    screenshot(phone, "cup-player-results-390")
    assert page_width(phone) <= 390, "a player's season page does not scroll sideways"
