"""In Chromium on a 390 px phone, in German: the new-tournament page's tie-breakers follow the
chosen ruleset's cup until the director sets their own (issue 24, point 5)."""

import pytest
from playwright.sync_api import expect

from tarock_cup.tournaments.models import Tournament
from tests.browser.conftest import screenshot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

UPPER_AUSTRIA = ["best_round", "second_best_round", "lots", "", "", ""]
LUNGAU = ["best_round", "lots", "", "", "", ""]


def log_in(page, live_server):
    page.goto(live_server.url + "/login/")
    page.fill("#id_username", "direktor")
    page.fill("#id_password", "geheim-123")
    page.click("button[type=submit]")


def expect_tie_breakers(page, keys: list[str]) -> None:
    selects = page.locator('select[name="tie_breakers"]')
    for position, key in enumerate(keys):
        expect(selects.nth(position)).to_have_value(key)


def test_the_tie_breakers_follow_the_ruleset_until_the_director_sets_them(
    phone, live_server, director
):
    log_in(phone, live_server)
    phone.goto(live_server.url + "/t/new/")
    phone.select_option("#id_ruleset", "ooe")
    expect_tie_breakers(phone, UPPER_AUSTRIA)
    screenshot(phone, "settings-new-ooe-phone")
    phone.select_option("#id_ruleset", "lungau")
    expect_tie_breakers(phone, LUNGAU)
    phone.locator('select[name="tie_breakers"]').nth(1).select_option("better_table_ranks")
    phone.select_option("#id_ruleset", "ooe")
    expect_tie_breakers(phone, ["best_round", "better_table_ranks", "", "", "", ""])


def test_a_new_upper_austrian_tournament_is_saved_with_its_cups_tie_breakers(
    phone, live_server, director
):
    log_in(phone, live_server)
    phone.goto(live_server.url + "/t/new/")
    phone.fill("#id_name", "Hausruckviertler Cup")
    phone.fill("#id_slug", "hausruck")
    phone.fill("#id_date", "2026-11-28")
    phone.select_option("#id_ruleset", "ooe")
    phone.click("main button[type=submit]")
    expect(phone.locator(".messages")).to_be_visible()
    assert Tournament.objects.get().tie_breakers == ["best_round", "second_best_round", "lots"]


def test_the_tie_breakers_fit_a_phone(phone, live_server, director):
    log_in(phone, live_server)
    phone.goto(live_server.url + "/t/new/")
    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the page is {width} px wide on a 390 px phone"
