"""In Chromium on a 390 px phone: a table of five shows every seat and the standings every
column, wrapped rather than cut off, at the normal and at twice the text size."""

import pytest

from tarock_cup.tournaments import demo
from tarock_cup.tournaments.models import Player, Table
from tests.browser.a11y import outside_viewport, page_width, set_text_size
from tests.browser.conftest import screenshot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE_WIDTH = 390
LONG_NAME = "Maximilian Schwarzenbacher-Oberhuber"
LONG_CLUB = "Tarockrunde Sankt Johann im Pongau"


@pytest.fixture
def demo_day(director):
    """Return the demo day (round 2 open, table 3 a table of five), with one very long name."""
    tournament = demo.load_demo(owner=director)
    table = Table.objects.get(round__tournament=tournament, round__number=2, number=3)
    Player.objects.filter(pk=table.seats.get(position=1).player_id).update(
        name=LONG_NAME, club=LONG_CLUB
    )
    return tournament


def log_in(page, live_server):
    page.goto(live_server.url + "/login/")
    page.fill("#id_username", "direktor")
    page.fill("#id_password", "geheim-123")
    with page.expect_navigation():
        page.click("main button[type=submit]")


TABLE_OF_FIVE = "/t/demo/round/2/table/3/"
STANDINGS = "/t/demo/standings/"
# page, cells that must be on screen (every seat's name, score and total; every standings value)
CASES = [
    ("table-five", TABLE_OF_FIVE, "#sheet thead th, #sheet td.seat, #sheet tfoot th.total"),
    ("standings", STANDINGS, "table.standings td, table.standings th"),
    # a hand's page for the director: its form, and its history under it
    ("hand-history", TABLE_OF_FIVE + "hand/1/", "table.history td"),
]


@pytest.mark.parametrize("text", [100, 200])
@pytest.mark.parametrize(("name", "path", "cells"), CASES)
def test_nothing_is_cut_off_on_a_phone(name, path, cells, text, phone, live_server, demo_day):
    set_text_size(phone, text)
    log_in(phone, live_server)
    phone.goto(live_server.url + path)
    off = outside_viewport(phone, cells)
    phone.evaluate("document.querySelector('table').scrollIntoView()")
    screenshot(phone, f"{name}-phone-{text}", full_page=text == 100)
    assert off == [], f"on {name} at {text} % text these reach past the phone's screen: {off}"


@pytest.mark.parametrize("text", [100, 200])
@pytest.mark.parametrize(("name", "path"), [(name, path) for name, path, _ in CASES])
def test_the_page_does_not_scroll_sideways_on_a_phone(
    name, path, text, phone, live_server, demo_day
):
    set_text_size(phone, text)
    log_in(phone, live_server)
    phone.goto(live_server.url + path)
    width = page_width(phone)
    assert width <= PHONE_WIDTH, f"{name} at {text} % text is {width} px wide on a 390 px phone"


@pytest.mark.parametrize("label", ["R1", "R2", "Spiele"])
def test_the_phone_standings_label_each_value_beside_it(label, phone, live_server, demo_day):
    phone.goto(live_server.url + STANDINGS)
    labels = phone.evaluate(
        "[...document.querySelectorAll('table.standings tbody tr:first-child td')]"
        ".map(td => getComputedStyle(td, '::before').content.replaceAll('\"', '').trim())"
    )
    assert label in labels, f"no value in the first standings row on a phone is labelled {label}"
