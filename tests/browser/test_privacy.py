"""In Chromium, in German, on a 390 px phone: the public standings show a private player as
"Anna H. (Nr. …)", the director sees the full name; the keeper switches the public name and
forgets a player through the privacy pages."""

import pytest
from playwright.sync_api import expect

from tarock_cup.tournaments import sheets
from tarock_cup.tournaments.models import Player, Registration
from tests.browser.conftest import log_in, screenshot
from tests.factories import make_table, make_tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

HAND = {"manual": {"scores": [30, -10, -10, -10], "reason": "Test"}}


@pytest.fixture
def anna(director):
    """A played tournament of the director's where Anna Huber asked to be shown as "Anna H."."""
    tournament = make_tournament(director, players=3)
    anna = Player.objects.create(name="Anna Maria Huber", club="Zirl", private=True)
    Registration.objects.create(tournament=tournament, player=anna, checked_in=True)
    sheets.save_hand(make_table(tournament), HAND)
    return anna


def test_the_public_standings_on_a_phone_show_the_short_name(phone, live_server, anna):
    phone.goto(live_server.url + "/t/cup/standings/")
    expect(phone.locator("main")).to_contain_text(f"Anna Maria H. (Nr. {anna.number})")
    screenshot(phone, "privacy-standings-public-phone")
    expect(phone.locator("main")).not_to_contain_text("Huber")


def test_the_director_sees_the_full_name_on_the_same_page(phone, live_server, anna):
    log_in(phone, live_server.url)
    phone.goto(live_server.url + "/t/cup/standings/")
    expect(phone.locator("main")).to_contain_text("Anna Maria Huber")
    screenshot(phone, "privacy-standings-director-phone")


def test_the_keeper_switches_the_public_name_off_on_a_phone(phone, live_server, anna):
    log_in(phone, live_server.url)
    phone.goto(live_server.url + f"/players/{anna.number}/privacy/")
    screenshot(phone, "privacy-page-phone")
    phone.uncheck("#id_private")
    with phone.expect_navigation():
        phone.click("main form.privacy-form button[type=submit]")
    expect(phone.locator(".messages")).to_contain_text("Anna Maria Huber")
    phone.goto(live_server.url + "/t/cup/standings/")
    phone.context.clear_cookies()
    phone.reload()
    expect(phone.locator("main")).to_contain_text("Anna Maria Huber")


def test_the_keeper_forgets_a_player_after_confirming_on_a_phone(phone, live_server, anna):
    log_in(phone, live_server.url)
    phone.goto(live_server.url + f"/players/{anna.number}/forget/")
    expect(phone.locator("main")).to_contain_text("nicht rückgängig")
    screenshot(phone, "privacy-forget-phone")
    phone.check("#id_understood")
    with phone.expect_navigation():
        phone.click("main form.forget-form button[type=submit]")
    expect(phone.locator(".messages")).to_contain_text(f"Vergessene Person (Nr. {anna.number})")
    screenshot(phone, "privacy-forgotten-phone")
    phone.goto(live_server.url + "/t/cup/standings/")
    expect(phone.locator("main")).to_contain_text(f"Vergessene Person (Nr. {anna.number})")
    screenshot(phone, "privacy-standings-forgotten-phone")
    expect(phone.locator("main")).not_to_contain_text("Huber")


def test_the_registration_page_links_the_keeper_to_the_privacy_pages(page, live_server, anna):
    log_in(page, live_server.url)
    registration = Registration.objects.get(player=anna)
    page.goto(live_server.url + f"/t/cup/players/{registration.pk}/")
    expect(page.locator(".privacy-actions")).to_contain_text("Datenschutz")
    screenshot(page, "privacy-registration-laptop")


def test_the_public_player_page_names_the_player_short_also_in_its_title(phone, live_server, anna):
    phone.goto(live_server.url + f"/t/cup/player/{anna.pk}/")
    expect(phone.locator("h1")).to_have_text(f"Anna Maria H. (Nr. {anna.number})")
    screenshot(phone, "privacy-player-page-public-phone")
    assert "Huber" not in phone.title(), "the page's title should not name the player fully"


def test_the_privacy_page_reads_in_english(phone, live_server, anna):
    log_in(phone, live_server.url)
    phone.goto(live_server.url + f"/en/players/{anna.number}/privacy/")
    expect(phone.locator("main")).to_contain_text(f"Anna Maria H. (No. {anna.number})")
    screenshot(phone, "privacy-page-english-phone")
