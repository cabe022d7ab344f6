"""In Chromium on a 390 px phone, in German: a director finds a player by typing a few letters
and registers them; without JavaScript the box lists the matches on the page; a new player with a
known name is created only after "a different person"; a record another organiser keeps is not
corrected but swapped; a player's page shows the number."""

import pytest
from playwright.sync_api import expect

from tarock_cup.tournaments.models import Player, Registration, Tournament
from tests.browser.conftest import screenshot
from tests.factories import make_table, make_tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def log_in(page, live_server):
    page.goto(live_server.url + "/login/")
    page.fill("#id_username", "direktor")
    page.fill("#id_password", "geheim-123")
    page.click("button[type=submit]")
    expect(page.locator("form.inline button.link")).to_be_visible()


@pytest.fixture
def register(director, other_user):
    """The director's tournament of four, and another organiser's with players to find."""
    make_tournament(director, players=4)
    elsewhere = make_tournament(other_user, slug="elsewhere", players=0)
    for name, club in [
        ("Josef Müller", "Tarockrunde Linz"),
        ("Johanna Mühlbauer", "Bad Ischl"),
        ("Franz Huber", "Gmunden"),
    ]:
        Registration.objects.create(
            tournament=elsewhere, player=Player.objects.create(name=name, club=club)
        )


def test_a_few_letters_find_the_player_and_one_tap_registers_them(phone, live_server, register):
    log_in(phone, live_server)
    phone.goto(live_server.url + "/t/cup/players/")
    phone.locator("#find-q").press_sequentially("mull")
    found = phone.locator("#found-players li", has_text="Josef Müller")
    expect(found).to_be_visible()
    expect(found).to_contain_text("Nr. ")
    screenshot(phone, "register-find-phone")
    found.get_by_role("button").click()
    expect(phone.locator(".messages")).to_contain_text("Josef Müller (Tarockrunde Linz) angemeldet")
    screenshot(phone, "register-found-registered-phone")
    assert Registration.objects.filter(tournament__slug="cup", player__name="Josef Müller"), (
        "the player tapped should be registered in the director's tournament"
    )


def test_without_javascript_the_box_lists_the_matches(browser, live_server, register):
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, locale="de-AT", java_script_enabled=False
    )
    phone = context.new_page()
    log_in(phone, live_server)
    phone.goto(live_server.url + "/t/cup/players/")
    phone.fill("#find-q", "huber franz")
    phone.click("form.find-player button[type=submit]")
    expect(phone.locator("#found-players li", has_text="Franz Huber")).to_be_visible()
    screenshot(phone, "register-find-nojs-phone")
    context.close()


def test_a_known_name_is_created_anew_only_for_a_different_person(phone, live_server, register):
    log_in(phone, live_server)
    phone.goto(live_server.url + "/t/cup/players/")
    phone.fill("#id_new-name", "müller josef")
    phone.fill("#id_new-club", "Wels")
    phone.click("button[name=add]")
    expect(phone.locator(".look-alikes")).to_contain_text("Josef Müller")
    screenshot(phone, "register-look-alike-phone")
    phone.locator(".look-alikes button[name=add]").click()
    expect(phone.locator(".messages")).to_contain_text("angemeldet")
    assert Player.objects.filter(name="müller josef", club="Wels").count() == 1, (
        "after confirming a different person, a new record should be created"
    )


def test_a_record_kept_elsewhere_is_swapped_not_corrected(phone, live_server, director, register):
    tournament = Tournament.objects.get(slug="cup")
    franz = Player.objects.get(name="Franz Huber")
    registration = Registration.objects.create(tournament=tournament, player=franz)
    log_in(phone, live_server)
    phone.goto(live_server.url + f"/t/cup/players/{registration.pk}/")
    expect(phone.locator("main")).to_contain_text("geführt von fremd")
    expect(phone.locator("#id_name")).to_have_count(0)
    phone.locator("#find-q").press_sequentially("muhl")
    found = phone.locator("#found-players li", has_text="Johanna Mühlbauer")
    expect(found).to_be_visible()
    screenshot(phone, "register-swap-phone")
    found.get_by_role("button").click()
    expect(phone.locator(".messages")).to_contain_text("Johanna Mühlbauer")
    registration.refresh_from_db()
    assert registration.player.name == "Johanna Mühlbauer", "the registration should be swapped"


def test_a_players_page_shows_the_number_on_a_phone(phone, live_server, register):
    anna = Player.objects.get(name="Anna")
    phone.goto(live_server.url + f"/t/cup/player/{anna.pk}/")
    expect(phone.locator("main")).to_contain_text(anna.number_label().replace("No.", "Nr."))
    screenshot(phone, "register-player-page-phone")


def test_on_a_laptop_the_matches_and_the_score_cards_show_numbers(page, live_server, register):
    make_table(Tournament.objects.get(slug="cup"))
    log_in(page, live_server)
    page.goto(live_server.url + "/t/cup/players/")
    page.locator("#find-q").press_sequentially("ischl")
    expect(page.locator("#found-players li", has_text="Johanna Mühlbauer")).to_be_visible()
    screenshot(page, "register-find-laptop")
    page.goto(live_server.url + "/t/cup/round/1/cards/")
    expect(page.locator(".card-grid thead").first).to_contain_text("Nr. ")
    screenshot(page, "register-score-cards-laptop")


def test_in_english_the_box_finds_and_registers_on_a_phone(phone, live_server, register):
    log_in(phone, live_server)
    phone.goto(live_server.url + "/en/t/cup/players/")
    phone.locator("#find-q").press_sequentially("huber")
    found = phone.locator("#found-players li", has_text="Franz Huber")
    expect(found).to_contain_text("No. ")
    screenshot(phone, "register-find-english-phone")
    found.get_by_role("button", name="Register: Franz Huber").click()
    expect(phone.locator(".messages")).to_contain_text("Franz Huber (Gmunden) registered.")
