"""In Chromium, German: an organiser makes a cup of three tournaments and a final; the season
table and a player's page show the right points at 1280 px and on a 390 px phone."""

import pytest

from tarock_cup.tournaments.models import Player
from tests.browser.a11y import page_width
from tests.browser.conftest import screenshot
from tests.cups.helpers import played

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def days(director):
    # Fixpunkte: 223, 198, 180, 168. Best 2 of the 3 regular results; the final counts double.
    return [
        played(
            director,
            "zirl",
            {
                "Anna Huber": 90,
                "Bert Moser": 60,
                "Cilli Egger": 30,
                "Dora Maximilian-Schwarzenbacher": 10,
            },
            day=5,
        ),
        played(
            director,
            "hall",
            {
                "Bert Moser": 80,
                "Anna Huber": 50,
                "Cilli Egger": 20,
                "Dora Maximilian-Schwarzenbacher": 5,
            },
            day=12,
        ),
        played(
            director,
            "wattens",
            {
                "Cilli Egger": 70,
                "Anna Huber": 40,
                "Bert Moser": 30,
                "Dora Maximilian-Schwarzenbacher": 0,
            },
            day=19,
        ),
        played(
            director,
            "finale",
            {
                "Bert Moser": 100,
                "Anna Huber": 90,
                "Cilli Egger": 50,
                "Dora Maximilian-Schwarzenbacher": 20,
            },
            day=26,
        ),
    ]


def log_in(page, url):
    page.goto(url + "/login/")
    page.fill("#id_username", "direktor")
    page.fill("#id_password", "geheim-123")
    with page.expect_navigation():
        page.click("main button[type=submit]")


def test_an_organiser_builds_a_cup_and_reads_the_season(page, phone, live_server, days):
    log_in(page, live_server.url)
    page.goto(live_server.url + "/cups/new/")
    page.fill("#id_name", "Tiroler Tarockcup")
    page.fill("#id_slug", "tirol")
    page.fill("#id_season", "2026/27")
    page.select_option("#id_system", "ooe_fixpunkte")
    page.fill("#id_best", "2")
    page.fill("#id_final_factor", "2")
    page.fill("#id_qualify", "2")
    for t in days[:3]:
        page.check(f"input[name=tournaments][value='{t.pk}']")
    page.select_option("#id_final", str(days[3].pk))
    screenshot(page, "cup-form-1280")
    with page.expect_navigation():
        page.click("main button[type=submit]")
    screenshot(page, "cup-season-1280")
    # Anna 198 + 223 (+ 198) + 198×2 = 817; Bert 223 + 198 (+ 180) + 223×2 = 867
    first = page.locator("table.season tbody tr").first
    assert first.locator("td.total").inner_text() == "867", "Bert leads with 867 season points"
    log_in(phone, live_server.url)
    phone.goto(live_server.url + "/cups/tirol/")
    screenshot(phone, "cup-season-390")
    assert page_width(phone) <= 390, "the season table fits a 390 px phone without scrolling"
    phone.click("text=Anna Huber")
    screenshot(phone, "cup-player-390")
    assert "Rang 2 mit 817 Saisonpunkten" in phone.inner_text("main"), (
        "Anna's page gives her rank and season points"
    )


def test_an_organiser_sees_likely_duplicates_on_a_phone(phone, live_server, director):
    from tests.cups.helpers import make_cup

    a = played(director, "zirl", {"Anna Huber": 50, "Bert Moser": 30})
    b = played(director, "hall", {"Huber Anna": 40, "Bert Moser": 20}, day=8)
    make_cup(director, [a, b])
    log_in(phone, live_server.url)
    phone.goto(live_server.url + "/cups/tirol/")
    screenshot(phone, "cup-duplicates-390")
    with phone.expect_navigation():
        phone.click("text=„Huber Anna“ mit „Anna Huber“ zusammenführen")
    # The pair leads to the register's comparison: the organiser chooses the record that stays.
    anna = Player.objects.get(name="Anna Huber")
    phone.check(f"#confirm input[value='{anna.number}']")
    with phone.expect_navigation():
        phone.click("#confirm-button")
    screenshot(phone, "cup-merged-390")
    assert "wurde mit diesem Eintrag zusammengeführt" in phone.inner_text("main"), (
        "the merge is confirmed on the record kept"
    )
