"""In Chromium, in German (de-AT): the settings page saves, its ruleset options and tie-breakers
work, and the players page registers, corrects and checks players in."""

import datetime
import re

import pytest
from playwright.sync_api import expect

from tarock_cup.tournaments.models import Registration, Tournament
from tests.browser.conftest import screenshot
from tests.factories import make_table, make_tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def log_in(page, live_server):
    page.goto(live_server.url + "/login/")
    page.fill("#id_username", "direktor")
    page.fill("#id_password", "geheim-123")
    page.click("button[type=submit]")


def test_the_settings_page_saves_in_german(page, live_server, director):
    make_tournament(director)
    log_in(page, live_server)
    page.goto(live_server.url + "/t/cup/edit/")
    expect(page.locator("#id_date")).to_have_value("2026-11-21")
    page.fill("#id_date", "2026-11-28")
    page.fill("#id_venue", "Gasthof Post")
    page.click("main button[type=submit]")
    expect(page.locator(".messages")).to_contain_text("Turnier gespeichert")
    assert Tournament.objects.get().date == datetime.date(2026, 11, 28), (
        "the date chosen in the German page should be saved"
    )


def test_only_the_chosen_rulesets_options_show(page, live_server, director):
    make_tournament(director)
    log_in(page, live_server)
    page.goto(live_server.url + "/t/new/")
    page.select_option("#id_ruleset", "lungau")
    expect(page.locator('fieldset[data-ruleset="tirol_cup"]')).to_be_hidden()
    expect(page.locator('fieldset[data-ruleset="lungau"]')).to_be_visible()
    expect(page.locator("#id_hands_four")).to_have_value("16")
    screenshot(page, "settings-new")


def test_the_tie_breakers_are_reordered_from_the_page(page, phone, live_server, director):
    make_table(make_tournament(director))
    log_in(page, live_server)
    page.goto(live_server.url + "/t/cup/edit/")
    selects = page.locator('select[name="tie_breakers"]')
    selects.nth(0).select_option("second_best_round")
    selects.nth(1).select_option("best_round")
    selects.nth(2).select_option("lots")
    screenshot(page, "settings")
    page.click("main button[type=submit]")
    expect(page.locator(".messages")).to_contain_text("Turnier gespeichert")
    assert Tournament.objects.get().tie_breakers == ["second_best_round", "best_round", "lots"], (
        "the order chosen on the page should be saved"
    )
    log_in(phone, live_server)
    phone.goto(live_server.url + "/t/cup/edit/")
    screenshot(phone, "settings-phone")


def test_a_player_is_registered_corrected_and_checked_in(page, phone, live_server, director):
    make_tournament(director, players=12)
    log_in(page, live_server)
    page.goto(live_server.url + "/t/cup/players/")
    expect(page.locator(".summary")).to_contain_text("12 anwesend: 3 Tische zu 4.")
    page.fill("#id_new-name", "Leopld Neuhauser")
    page.fill("#id_new-club", "Radstadt")
    page.keyboard.press("Enter")
    expect(page.locator(".messages")).to_contain_text("angemeldet")
    expect(page.locator("#id_new-name")).to_be_focused()
    expect(page.locator(".summary")).to_contain_text("13 anwesend: 2 Tische zu 4, 1 Tisch zu 5.")
    page.get_by_role("link", name="Leopld Neuhauser").click()
    page.fill("#id_name", "Leopold Neuhauser")
    screenshot(page, "player-correct")
    page.click("main form button[type=submit]")
    expect(page.get_by_role("link", name="Leopold Neuhauser")).to_be_visible()
    page.get_by_label("Leopold Neuhauser anwesend").uncheck()
    page.click("button[name=save]")
    expect(page.locator(".summary")).to_contain_text("12 anwesend")
    screenshot(page, "players")
    assert not Registration.objects.get(player__name="Leopold Neuhauser").checked_in, (
        "the unchecked box should be saved"
    )
    log_in(phone, live_server)
    phone.goto(live_server.url + "/t/cup/players/")
    screenshot(phone, "players-phone")


def test_the_owner_adds_a_director_and_gets_the_link(page, phone, live_server, director):
    make_tournament(director)
    log_in(page, live_server)
    page.goto(live_server.url + "/t/cup/directors/")
    page.fill("#id_username", "maria")
    page.click("button[name=add]")
    expect(page.locator("input.link-copy")).to_have_value(re.compile(r"/password/set/"))
    screenshot(page, "directors")
    link = page.locator("input.link-copy").input_value()
    phone.goto(link)
    phone.fill("#id_new_password1", "Stube-4711-Trull")
    phone.fill("#id_new_password2", "Stube-4711-Trull")
    screenshot(phone, "password-set-phone")
    phone.click("main button[type=submit]")
    expect(phone.locator("h1")).to_contain_text("Passwort festgelegt")
