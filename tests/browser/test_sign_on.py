"""In Chromium: a player signs on from a 390 px phone, at twice the text size too, and keeps a
personal link; the director takes the sign-on in and checks the player in with one tap."""

import pytest

from tarock_cup.signon.models import SignOn
from tarock_cup.tournaments.models import Player
from tests.browser.a11y import describe, page_width, run_axe, set_text_size
from tests.browser.conftest import screenshot
from tests.signon.helpers import upcoming

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE_WIDTH = 390


def sign_on(phone, live_server):
    phone.goto(live_server.url + "/t/cup/")
    with phone.expect_navigation():
        phone.get_by_role("link", name="Anmelden").click()
    phone.fill("#id_name", "Maximilian Schwarzenbacher-Oberhuber")
    phone.fill("#id_club", "Tarockrunde Sankt Johann im Pongau")
    phone.fill("#id_phone", "+43 664 1234567")
    with phone.expect_navigation():
        phone.get_by_role("button", name="Anmelden").click()


@pytest.mark.parametrize("text", [100, 200])
def test_a_player_signs_on_from_a_phone_without_sideways_scrolling(
    phone, live_server, director, text
):
    upcoming(director)
    set_text_size(phone, text)
    phone.goto(live_server.url + "/t/cup/sign-on/")
    assert page_width(phone) <= PHONE_WIDTH, "the sign-on form fits the phone's width"
    screenshot(phone, f"sign-on-form-{text}", full_page=text == 100)
    sign_on(phone, live_server)
    phone.get_by_text("ist angemeldet").wait_for()
    assert page_width(phone) <= PHONE_WIDTH, "the confirmation fits the phone's width"
    screenshot(phone, f"sign-on-confirmation-{text}", full_page=text == 100)
    assert SignOn.objects.get().token in phone.locator(".personal-link").inner_text(), (
        "the confirmation shows the personal link"
    )


def test_the_players_pages_are_axe_clean(phone, live_server, director):
    upcoming(director)
    phone.goto(live_server.url + "/t/cup/sign-on/")
    problems = run_axe(phone)
    assert not problems, describe(problems)
    sign_on(phone, live_server)
    phone.get_by_text("ist angemeldet").wait_for()
    problems = run_axe(phone)
    assert not problems, describe(problems)


def test_the_director_takes_the_player_in_and_checks_them_in(page, phone, live_server, director):
    upcoming(director)
    Player.objects.create(name="Anna Huber", club="Radstadt", number=1234)
    sign_on(phone, live_server)
    phone.goto(live_server.url + "/t/cup/sign-on/")
    phone.fill("#id_name", "huber anna")
    phone.fill("#id_club", "Radstadt")
    with phone.expect_navigation():
        phone.get_by_role("button", name="Anmelden").click()
    page.goto(live_server.url + "/login/?next=/t/cup/sign-ons/")
    page.fill("#id_username", "direktor")
    page.fill("#id_password", "geheim-123")
    with page.expect_navigation():
        page.click("main button[type=submit]")
    page.get_by_text("Spieler des Verzeichnisses mit diesem Namen").wait_for()
    screenshot(page, "sign-ons-director")
    anna = page.locator("li", has_text="huber anna")
    with page.expect_navigation():
        anna.get_by_role("button", name="Als Spieler eintragen").click()
    with page.expect_navigation():
        page.locator("li", has_text="huber anna").get_by_role("button", name="Anwesend").click()
    page.locator("li", has_text="huber anna").get_by_text("anwesend").wait_for()
    screenshot(page, "sign-ons-checked-in")
    assert SignOn.objects.get(name="huber anna").player.number == 1234, (
        "the register's Anna Huber is the one taken in"
    )
    assert SignOn.objects.get(name="huber anna").registration.checked_in, "she is present"
