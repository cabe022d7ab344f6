"""In Chromium on a 390 px phone: the calendar, "Wo sitze ich?" and the wall list read at normal
and at twice the text size without sideways scrolling, axe-core finds no serious fault, and a
player walks from the calendar to their seat in a few taps."""

import datetime
from decimal import Decimal

import pytest
from django.utils import timezone

from tarock_cup.cups import demo as cup_demo
from tarock_cup.tournaments import demo
from tarock_cup.tournaments.models import Tournament
from tests.browser.a11y import describe, page_width, run_axe, set_text_size
from tests.browser.conftest import screenshot
from tests.browser.test_phone_layout import log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE_WIDTH = 390
LONG_NAME = "Großes Sankt-Johanner Frühjahrs-Tarockturnier der Pongauer Tarockfreunde"


@pytest.fixture
def season(director):
    """The demo day played today (round 2 open) with its calendar details, in the demo cup,
    and a long-named tournament to come next week."""
    today = timezone.localdate()
    tournament = demo.load_demo(owner=director)
    cup_demo.load_demo_cup(director, tournament)
    Tournament.objects.filter(pk=tournament.pk).update(
        date=today,
        start_time=datetime.time(14, 0),
        venue_address="Marktplatz 1, 5550 Radstadt",
        region="s",
        entry_fee=Decimal("15.00"),
        contact="Obmann Johann Gruber, 0664 1234567, tarock.radstadt@example.at",
        note="Anmeldung bis 13:30. Parkplätze hinter dem Gasthof.",
    )
    Tournament.objects.create(
        name=LONG_NAME,
        slug="fruehjahr",
        date=today + datetime.timedelta(days=7),
        start_time=datetime.time(9, 30),
        venue="Kultur- und Veranstaltungszentrum Sankt Johann im Pongau",
        venue_address="Hauptstraße 128, 5600 Sankt Johann im Pongau",
        region="s",
        entry_fee=Decimal(12),
        ruleset="tirol_cup",
        owner=director,
    )
    return tournament


PAGES = [
    ("calendar", "/calendar/"),
    ("calendar-en", "/en/calendar/"),
    ("seat-found", "/t/demo/seat/?q=hub"),
    ("seat-empty", "/t/demo/seat/"),
    ("seat-list", "/t/demo/seat/list/"),
    ("tournament", "/t/demo/"),
    ("cup", f"/cups/{cup_demo.DEMO_CUP_SLUG}/"),
]


@pytest.mark.parametrize("who", ["player", "director"])
@pytest.mark.parametrize("text", [100, 200])
@pytest.mark.parametrize(("name", "path"), PAGES)
def test_the_page_fits_a_phone(name, path, text, who, phone, live_server, season):
    set_text_size(phone, text)
    if who == "director":
        log_in(phone, live_server)
    phone.goto(live_server.url + path)
    width = page_width(phone)
    screenshot(phone, f"h8-{name}-{who}-{text}", full_page=text == 100)
    assert width <= PHONE_WIDTH, f"{name} at {text} % text is {width} px wide on a 390 px phone"


@pytest.mark.parametrize(("name", "path"), PAGES)
def test_axe_finds_no_serious_fault_on_a_phone(name, path, phone, live_server, season):
    phone.goto(live_server.url + path)
    violations = run_axe(phone)
    assert violations == [], f"axe on {name}:\n{describe(violations)}"


def test_axe_finds_no_serious_fault_on_the_settings_form(page, live_server, season):
    log_in(page, live_server)
    page.goto(live_server.url + "/t/demo/edit/")
    violations = run_axe(page)
    assert violations == [], f"axe on the settings:\n{describe(violations)}"


def test_a_player_finds_their_seat_from_the_calendar(phone, live_server, season):
    phone.goto(live_server.url + "/calendar/")
    with phone.expect_navigation():
        phone.get_by_role("link", name="Wo sitze ich?").click()
    phone.get_by_label("Ein paar Buchstaben Ihres Namens oder Ihre Nummer").fill("grub")
    with phone.expect_navigation():
        phone.get_by_role("button", name="Suchen").click()
    answer = phone.locator(".seat-answer").first
    screenshot(phone, "h8-walk-player-seat")
    assert "Johann Gruber" in answer.inner_text(), "the answer should name the player found"
    assert "Tisch" in answer.inner_text(), "the answer should give the player's table"


def test_a_director_sets_the_calendar_details_on_a_phone(phone, live_server, season):
    log_in(phone, live_server)
    phone.goto(live_server.url + "/t/fruehjahr/edit/")
    phone.fill("#id_start_time", "10:00")
    phone.fill("#id_contact", "Karl Berger, 0650 7654321")
    phone.select_option("#id_region", "st")
    screenshot(phone, "h8-walk-director-settings")
    with phone.expect_navigation():
        phone.get_by_role("button", name="Speichern").click()
    text = phone.locator("main").inner_text()
    screenshot(phone, "h8-walk-director-saved")
    assert ("um 10:00 Uhr" in text, "0650 7654321" in text, "Steiermark" in text) == (
        True,
        True,
        True,
    ), "the tournament page should show the new start, contact and region"


def test_the_calendar_filter_narrows_to_a_region(phone, live_server, season):
    phone.goto(live_server.url + "/calendar/")
    phone.select_option("#calendar-region", "t")
    with phone.expect_navigation():
        phone.get_by_role("button", name="Anzeigen").click()
    entries = phone.locator(".calendar-entry").count()
    screenshot(phone, "h8-calendar-filtered")
    assert entries == 0, "no tournament of the fixture is in Tyrol"
