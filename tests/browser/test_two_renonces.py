"""In Chromium: a Renonce committed by two players (`stmk`, issue 30) entered through the table's
own link on a 390 px phone in German, and through the director's form on a laptop in English;
the preview names both offenders before saving, and the sheet stores the pair."""

import pytest
from playwright.sync_api import expect

from tarock_cup.tournaments.models import Hand
from tests.browser.a11y import page_width
from tests.browser.conftest import PASSWORD, screenshot
from tests.factories import make_table, make_tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE_WIDTH = 390


@pytest.fixture
def table(director):
    return make_table(make_tournament(director, "stmk"))  # Anna deals, Bert is Vorhand


def fill_rufer_with_two_offenders(page):
    """Bert's Rufer with Dora, 40 points; Anna and Cilli commit the Renonce together."""
    page.select_option("#id_contract", "rufer")
    page.select_option("#id_partner", "3")
    page.fill("#id_points", "40")
    page.select_option("#id_renonce", "0")
    page.select_option("#id_renonce_also", "2")


def test_a_table_phone_enters_a_renonce_by_two(phone, live_server, table):
    phone.goto(live_server.url + f"/table/{table.token}/")
    fill_rufer_with_two_offenders(phone)
    expect(phone.locator("#preview")).to_contain_text("Renonce von Anna und Cilli")
    phone.locator("#id_renonce_also").scroll_into_view_if_needed()
    screenshot(phone, "two-renonces-phone")
    assert page_width(phone) <= PHONE_WIDTH, "the form with both offenders should fit a phone"
    with phone.expect_navigation():
        phone.click("#save-hand")
    assert Hand.objects.get().data["renonce"] == [0, 2], "the sheet should store both offenders"


def test_the_phone_names_the_second_seat_when_it_is_the_first_again(phone, live_server, table):
    phone.goto(live_server.url + f"/table/{table.token}/")
    fill_rufer_with_two_offenders(phone)
    phone.select_option("#id_renonce_also", "0")
    expect(phone.locator("#preview")).to_contain_text("Renonce auch von")
    screenshot(phone, "two-renonces-phone-refused")
    assert Hand.objects.count() == 0, "nothing should be saved by a preview"


def test_a_director_on_a_laptop_enters_a_renonce_by_two_in_english(page, live_server, table):
    page.goto(live_server.url + "/en/login/")
    page.fill("#id_username", "direktor")
    page.fill("#id_password", PASSWORD)
    with page.expect_navigation():
        page.click("main button[type=submit]")
    page.goto(live_server.url + "/en" + table.get_absolute_url())
    fill_rufer_with_two_offenders(page)
    expect(page.locator("label", has=page.locator("#id_renonce_also"))).to_contain_text(
        "Renonce also by"
    )
    expect(page.locator("#preview")).to_contain_text("Renonce by Anna and Cilli")
    screenshot(page, "two-renonces-laptop-en")
    with page.expect_navigation():
        page.click("#save-hand")
    assert Hand.objects.get().scores == [-1, 1, -1, 1], "the two offenders should share the loss"
