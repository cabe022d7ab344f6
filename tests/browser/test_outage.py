"""In Chromium, in German, on a 390 px phone, while the server cannot reach its database: the
hand typed at the table's link stays on the page with a message and is saved once the database
is back; without a script the form leads to the 503 page, which fits the phone and says to go
back."""

import pytest
from playwright.sync_api import expect

from tarock_cup.tournaments.models import Hand
from tests.browser.a11y import page_width
from tests.browser.conftest import screenshot
from tests.browser.test_table_link import fill_by_hand
from tests.factories import make_table, make_tournament
from tests.test_outage import database_down

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE_WIDTH = 390
SCORES = ["3", "-1", "-1", "-1"]


@pytest.fixture
def table(director):
    return make_table(make_tournament(director))


def typed(phone):
    return [phone.input_value(f"#id_manual_{seat}") for seat in range(4)]


def test_a_hand_typed_during_an_outage_stays_and_is_saved_afterwards(phone, live_server, table):
    link = live_server.url + f"/table/{table.token}/"
    phone.goto(link)
    fill_by_hand(phone, SCORES)
    expect(phone.locator("#preview .preview-scores")).to_contain_text("3")
    with database_down():
        phone.click("#save-hand")
        expect(phone.locator("#hand-outage")).to_be_visible()
        expect(phone.locator("#hand-outage")).to_be_in_viewport()
    screenshot(phone, "phone-outage-hand-kept")
    assert (phone.url, typed(phone)) == (link, SCORES), "the page and the typed hand stay"
    with phone.expect_navigation():
        phone.click("#save-hand")
    assert Hand.objects.filter(table=table).count() == 1, "saved once the database is back"


def test_the_message_goes_once_the_database_is_back(phone, live_server, table):
    phone.goto(live_server.url + f"/table/{table.token}/")
    fill_by_hand(phone, SCORES)
    with database_down():
        phone.click("#save-hand")
        expect(phone.locator("#hand-outage")).to_be_visible()
    phone.fill("#id_manual_reason", "Schiedsspruch der Turnierleitung")  # a new preview
    expect(phone.locator("#hand-outage")).to_be_hidden()


@pytest.fixture
def phone_without_script(browser):
    context = browser.new_context(
        viewport={"width": PHONE_WIDTH, "height": 844}, locale="de-AT", java_script_enabled=False
    )
    yield context.new_page()
    context.close()


def test_without_a_script_the_outage_page_fits_the_phone_and_says_to_go_back(
    phone_without_script, live_server, table
):
    phone = phone_without_script
    phone.goto(live_server.url + f"/table/{table.token}/")
    phone.select_option("#id_contract", "manual")
    with database_down(), phone.expect_navigation():
        phone.click("#save-hand")
    screenshot(phone, "phone-outage-page")
    expect(phone.locator("main")).to_contain_text("mit der Zurück-Taste des Browsers zurückgehen")
    assert page_width(phone) <= PHONE_WIDTH
